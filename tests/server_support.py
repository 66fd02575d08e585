"""Helpers for the server tests: an app on SQLite or PostgreSQL, a real ``boardroom serve``
process, and a small client that plays through the API."""

from __future__ import annotations

import os
import re
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

PG_HOST = os.environ.get("BOARDROOM_PG_HOST", "127.0.0.1")
PG_PORT = int(os.environ.get("BOARDROOM_PG_PORT", "5432"))
PG_USERS = ("root", "postgres")


def _pg_admin_url() -> str | None:
    """A psycopg URL to the ``test`` database, or None when no PostgreSQL answers."""
    try:
        import psycopg
    except ImportError:
        return None
    for user in PG_USERS:
        url = f"postgresql://{user}@{PG_HOST}:{PG_PORT}/test"
        try:
            with psycopg.connect(url, connect_timeout=3):
                return url
        except psycopg.Error:
            continue
    return None


def require_postgres() -> str:
    """The admin URL of the test PostgreSQL; in CI its absence fails, elsewhere it skips."""
    url = _pg_admin_url()
    if url is None:
        reason = (f"PostgreSQL is not reachable at {PG_HOST}:{PG_PORT} "
                  f"(users {', '.join(PG_USERS)}, database test)")
        if os.environ.get("CI"):
            pytest.fail(f"{reason}, and CI is set: the PostgreSQL tests must run")
        print(f"skipping the PostgreSQL tests: {reason}", file=sys.stderr)
        pytest.skip(reason)
    return url


@contextmanager
def fresh_pg_database(admin_url: str) -> Iterator[str]:
    """A new empty database for one test module (dropped after), as a SQLAlchemy URL."""
    import psycopg

    name = f"boardroom_t_{os.getpid()}_{secrets.token_hex(4)}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base = admin_url.rsplit("/", 1)[0]
    try:
        yield f"postgresql+psycopg://{base.split('://', 1)[1]}/{name}"
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Table:
    """A created game and its tokens, as the API answered."""

    id: str
    tokens: list[str]
    admin: str
    body: dict[str, Any] = field(default_factory=dict)

    def h(self, seat: int) -> dict[str, str]:
        return bearer(self.tokens[seat])

    @property
    def admin_h(self) -> dict[str, str]:
        return bearer(self.admin)


def create(client: Any, title: str = "acquire", seats: list[dict[str, Any]] | None = None,
           seed: int = 7, options: dict[str, Any] | None = None) -> Table:
    seats = seats or [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
    reply = client.post("/api/games", json={"title": title, "seed": seed, "seats": seats,
                                            "options": options or {}})
    assert reply.status_code == 200, reply.text
    body = reply.json()
    return Table(body["id"], [s["token"] for s in body["seats"]], body["admin_token"], body)


def state(client: Any, table: Table, seat: int | None) -> dict[str, Any]:
    headers = {} if seat is None else table.h(seat)
    reply = client.get(f"/api/games/{table.id}", headers=headers)
    assert reply.status_code == 200, reply.text
    body: dict[str, Any] = reply.json()
    return body


def play_first_legal(client: Any, table: Table) -> dict[str, Any]:
    """The seat that must act plays its first legal action; returns the answer."""
    spectator = state(client, table, None)
    seat = spectator["to_act"][0]
    mine = state(client, table, seat)
    reply = client.post(f"/api/games/{table.id}/actions", headers=table.h(seat),
                        json={"action": mine["legal"][0]["notation"], "after": mine["count"]})
    assert reply.status_code == 200, reply.text
    body: dict[str, Any] = reply.json()
    return body


def wait_for(check: Any, timeout: float = 30.0, every: float = 0.05) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {check}")
        time.sleep(every)


@dataclass
class ServerProcess:
    """A real ``boardroom serve`` process."""

    proc: subprocess.Popen[str]
    url: str
    output: list[str]

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=10)

    def kill(self) -> None:
        with suppress(ProcessLookupError):
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


LISTENING = re.compile(r"listening on (http://\S+)")


def start_server(*args: str, timeout: float = 60.0, chosen_seeds: bool = True,
                 ready_s: float = 20.0) -> ServerProcess:
    """``boardroom serve --port 0 ARGS``; waits for its start-up line and reads the port,
    then up to ``ready_s`` for ``/api/health`` to answer. ``chosen_seeds``: with
    ``--allow-chosen-seeds`` (most tests seed games of people to get known positions;
    test_server_security.py tests the refusal without it)."""
    command = [sys.executable, "-c", "from boardroom.cli.main import main; main()",
               "serve", "--port", "0", *(["--allow-chosen-seeds"] if chosen_seeds else []),
               *args]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, bufsize=1)
    output: list[str] = []
    deadline = time.monotonic() + timeout
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        output.append(line)
        match = LISTENING.search(line)
        if match:
            url = match.group(1)
            _drain(proc, output)
            wait_for(lambda u=url: _healthy(u), timeout=ready_s)
            return ServerProcess(proc, url, output)
    proc.kill()
    raise AssertionError("boardroom serve did not start:\n" + "".join(output))


def _drain(proc: subprocess.Popen[str], output: list[str]) -> None:
    import threading

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            output.append(line)

    threading.Thread(target=read, daemon=True).start()


def _healthy(url: str) -> bool:
    try:
        return httpx.get(f"{url}/api/health", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def new_store(url: str, **settings: Any) -> Any:
    """A :class:`~boardroom.server.store.GameStore` on ``url``, migrated, with no rate
    limit and chosen seeds allowed (tests of the store itself)."""
    from boardroom.server.config import Settings
    from boardroom.server.db import make_engine, migrate
    from boardroom.server.store import GameStore

    engine = make_engine(url)
    migrate(engine)
    return GameStore(engine, Settings(url, rate_per_s=0, allow_chosen_seeds=True, **settings))
