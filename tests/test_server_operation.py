"""Operating a real ``boardroom serve``: SIGTERM under load (drain, 1012, reconnect, no
acknowledged action lost), backup and restore of a live server, JSON-lines logs,
``--workers`` on PostgreSQL, and the Docker files' commands."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from boardroom.core.game import Game
from server_support import (
    ServerProcess,
    Table,
    create,
    fresh_pg_database,
    play_first_legal,
    require_postgres,
    start_server,
    state,
    wait_for,
)

RESTART = 1012


@dataclass
class Watcher:
    """One seat's live socket, reconnecting as the browser does after a 1012."""

    base: str
    table: Table
    seat: int
    stop: threading.Event
    closes: list[tuple[int, str]] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    connections: int = 0
    undos: int = 0

    def url(self) -> str:
        after = self.counts[-1] if self.counts else 0
        return (self.base.replace("http://", "ws://") + f"/api/games/{self.table.id}/live"
                f"?token={self.table.tokens[self.seat]}&after={after}&undos={self.undos}")

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                with connect(self.url(), open_timeout=2) as ws:
                    self.connections += 1
                    while not self.stop.is_set():
                        try:
                            message = json.loads(ws.recv(0.2))
                        except TimeoutError:
                            continue
                        self.counts.append(message["count"])
                        self.undos = message["undos"]
            except ConnectionClosed as exc:
                if exc.rcvd is not None:
                    self.closes.append((exc.rcvd.code, exc.rcvd.reason))
            except OSError:
                pass  # the server is down: try again
            time.sleep(0.1)


def player(base: str, table: Table, acked: list[tuple[str, int, str]],
           stop: threading.Event, errors: list[str]) -> None:
    """Plays the game as fast as it answers; keeps every action answered 200."""
    while not stop.is_set():
        try:
            with httpx.Client(base_url=base, timeout=5) as client:
                while not stop.is_set():
                    seat = state(client, table, None)["to_act"][0]
                    mine = state(client, table, seat)
                    move = mine["legal"][0]["notation"]
                    reply = client.post(f"/api/games/{table.id}/actions",
                                        headers=table.h(seat),
                                        json={"action": move, "after": mine["count"]})
                    if reply.status_code == 200:
                        body = reply.json()
                        acked.append((table.id, body["index"], body["notation"]))
                    elif reply.status_code != 409:
                        errors.append(reply.text)
                    time.sleep(0.02)
        except (httpx.HTTPError, AssertionError, KeyError, IndexError):
            time.sleep(0.05)  # down, or an answer cut off by the stop: try again


def port_of(server: ServerProcess) -> str:
    return server.url.rsplit(":", 1)[1]


def test_sigterm_drains_closes_sockets_with_1012_and_clients_reconnect(
        tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    server = start_server("--data", data, "--rate-limit", "0")
    port = port_of(server)
    with server.client() as client:
        tables = [create(client, seats=[{"name": "Ann"}, {"name": "Bob"}], seed=10 + i)
                  for i in range(4)]
    stop, watching = threading.Event(), threading.Event()
    acked: list[tuple[str, int, str]] = []
    errors: list[str] = []
    watchers = [Watcher(server.url, t, seat, watching) for t in tables for seat in (0, 1)]
    threads = [threading.Thread(target=w.run) for w in watchers]
    threads += [threading.Thread(target=player, args=(server.url, t, acked, stop, errors))
                for t in tables]
    for thread in threads:
        thread.start()
    try:
        deadline = time.monotonic() + 30
        while len(acked) < 20 or not all(w.connections for w in watchers):
            assert time.monotonic() < deadline, "the load did not start"
            time.sleep(0.05)
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(20)
        output = "".join(server.output)
        assert "Traceback" not in output, output
        acked_before = len(acked)
        server = start_server("--data", data, "--rate-limit", "0", "--port", port,
                              ready_s=90)
        deadline = time.monotonic() + 30
        while len(acked) < acked_before + 20 or not all(w.connections >= 2
                                                        for w in watchers):
            assert time.monotonic() < deadline, "the clients did not come back"
            time.sleep(0.05)
        stop.set()
        for thread in threads[len(watchers):]:
            thread.join(10)
        with server.client() as client:  # the last action's live message reaches all
            final = {t.id: state(client, t, None)["count"] for t in tables}
        wait_for(lambda: all(w.counts and w.counts[-1] == final[w.table.id]
                             for w in watchers), timeout=30)
        watching.set()
        for thread in threads[:len(watchers)]:
            thread.join(10)
        assert not errors, errors[:3]
        # every socket was closed by the drain with 1012, and reconnected
        for watcher in watchers:
            assert (RESTART, "server restarting") in watcher.closes, watcher.closes
            assert watcher.connections >= 2
        # every acknowledged action is in the records, at its index
        with server.client() as client:
            for table in tables:
                record = client.get(f"/api/games/{table.id}/record",
                                    headers=table.admin_h).json()["actions"]
                mine = [(i, n) for g, i, n in acked if g == table.id]
                assert mine, "every game was played"
                for index, notation in mine:
                    assert record[index] == notation
                # and the reconnected sockets were brought up to the last action
                for watcher in watchers:
                    if watcher.table is table:
                        assert watcher.counts[-1] == len(record)
    finally:
        stop.set()
        watching.set()
        for thread in threads:
            thread.join(10)
        server.stop()


# -- backup and restore ------------------------------------------------------------------
def boardroom_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from boardroom.cli.main import main; main()",
                           *args], capture_output=True, text=True, timeout=120)


def test_backup_of_a_live_server_restores_and_every_game_replays(tmp_path: Path) -> None:
    data, restored = tmp_path / "data", tmp_path / "restored"
    out = tmp_path / "backup.sqlite3"
    server = start_server("--data", str(data), "--rate-limit", "0")
    tables: list[Table] = []
    try:
        with server.client() as client:
            for i in range(3):
                table = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}], seed=50 + i)
                tables.append(table)
                for _ in range(6 + 3 * i):
                    play_first_legal(client, table)
            # a take-back (in the audit trail), and a game ended by its admin
            seat = state(client, tables[0], None)["to_act"][0]
            assert client.post(f"/api/games/{tables[0].id}/undo", headers=tables[0].h(seat),
                               json={"after": 6}).status_code in (200, 422)
            assert client.post(f"/api/games/{tables[2].id}/end",
                               headers=tables[2].admin_h).status_code == 200
            # two bots keep playing a game of their own while the backup is taken
            bots = create(client, seats=[{"name": "R1", "bot": "random"},
                                         {"name": "R2", "bot": "random"}], seed=60)
            wait_for(lambda: state(client, bots, None)["count"] >= 5)
            done = boardroom_cli("backup", "--data", str(data), str(out))
            assert done.returncode == 0, done.stderr
            assert done.stdout.startswith(f"backed up {out}: 4 games")
            before = {t.id: client.get(f"/api/games/{t.id}/record",
                                       headers=t.admin_h).json() for t in [*tables, bots]}
            # refusals: the name taken, a folder with a database, a file that is no backup
            again = boardroom_cli("backup", "--data", str(data), str(out))
            assert again.returncode == 1 and "exists already" in again.stderr
            assert "Traceback" not in again.stderr
            into_live = boardroom_cli("restore", str(out), "--data", str(data))
            assert into_live.returncode == 1 and "holds a database" in into_live.stderr
            junk = tmp_path / "junk.sqlite3"
            junk.write_text("not a database")
            bad = boardroom_cli("restore", str(junk), "--data", str(tmp_path / "x"))
            assert bad.returncode == 1 and "not a Boardroom database" in bad.stderr
            assert "Traceback" not in bad.stderr
    finally:
        server.stop()
    done = boardroom_cli("restore", str(out), "--data", str(restored))
    assert done.returncode == 0, done.stderr
    replayed = replay_all(restored / "boardroom.sqlite3")
    assert set(replayed) == {t.id for t in [*tables, bots]}
    server = start_server("--data", str(restored), "--rate-limit", "0")
    try:
        with server.client() as client:
            for table in [*tables, bots]:
                record = client.get(f"/api/games/{table.id}/record",
                                    headers=table.admin_h).json()
                game = replayed[table.id]
                backed_up = game.record.actions
                if table is bots:
                    # still playing during the backup, so the backup is a prefix of what the
                    # live server had after it; the restored server's bots play on from it
                    assert before[table.id]["actions"][:len(backed_up)] == backed_up
                    assert record["actions"][:len(backed_up)] == backed_up
                    continue
                assert record["actions"] == backed_up
                assert record == before[table.id]
                for seat in (None, 0, 1):
                    shown = state(client, table, seat)
                    assert shown["view"] == json.loads(json.dumps(game.view(seat)))
                    assert shown["count"] == len(game.record.actions)
    finally:
        server.stop()


def replay_all(path: Path) -> dict[str, Game]:
    """Every game of a server's SQLite database, replayed from its rows by the engine."""
    conn = sqlite3.connect(path)
    try:
        games = {}
        for game_id, title, players, seed, options in conn.execute(
                "SELECT id, title, players, seed, options FROM games"):
            game = Game(title, json.loads(players), int(seed), json.loads(options))
            for notation, seat in conn.execute(
                    "SELECT notation, seat FROM actions WHERE game_id = ? ORDER BY idx",
                    (game_id,)):
                game.apply(notation, seat)
            games[game_id] = game
    finally:
        conn.close()
    return games


def test_the_documented_pg_dump_and_pg_restore_bring_every_game_back(tmp_path: Path) -> None:
    """docs/deploy.md's PostgreSQL backup: ``pg_dump -Fc`` while a server serves,
    ``pg_restore`` into a new database, a server on it shows every game as it was."""
    if shutil.which("pg_dump") is None or shutil.which("pg_restore") is None:
        reason = "pg_dump/pg_restore are not installed (Debian: postgresql-client)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    admin = require_postgres()
    with fresh_pg_database(admin) as source, fresh_pg_database(admin) as target:
        plain = [u.replace("postgresql+psycopg://", "postgresql://") for u in (source, target)]
        server = start_server("--database", source, "--rate-limit", "0")
        try:
            with server.client() as client:
                tables = [create(client, seats=[{"name": "Ann"}, {"name": "Bob"}], seed=70 + i)
                          for i in range(2)]
                for table in tables:
                    for _ in range(5):
                        play_first_legal(client, table)
                out = tmp_path / "boardroom.dump"
                dump = subprocess.run(["pg_dump", "-Fc", "-d", plain[0], "-f", str(out)],
                                      capture_output=True, timeout=120)
                assert dump.returncode == 0, dump.stderr
                before = {t.id: [state(client, t, s) for s in (None, 0, 1)] for t in tables}
        finally:
            server.stop()
        restored = subprocess.run(["pg_restore", "--no-owner", "-d", plain[1], str(out)],
                                  capture_output=True, timeout=120)
        assert restored.returncode == 0, restored.stderr
        server = start_server("--database", target, "--rate-limit", "0")
        try:
            with server.client() as client:
                for table in tables:
                    assert [state(client, table, s) for s in (None, 0, 1)] == before[table.id]
        finally:
            server.stop()
