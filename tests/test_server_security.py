"""Issue 26, tested from outside as an attacker or a careless client would, against real
``boardroom serve`` processes: options carry content, never a server path; every body is
capped (chunked too); the rate limit keys on the client and the seat, not the header
text; webhooks reach no internal address; no token in the logs; chosen seeds are marked
and refused for games of people; WebSocket refusals are close codes; one error shape.

Nothing here sends traffic off this machine: the refused webhook addresses are literal
loopback/private/metadata ones (refused before any connection), and names are only
resolved."""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import boardroom
from server_support import (
    ServerProcess,
    bearer,
    fresh_pg_database,
    require_postgres,
    start_server,
    wait_for,
)

PEOPLE = [{"name": "Ann"}, {"name": "Bob"}]


def ws_base(server: ServerProcess) -> str:
    return server.url.replace("http://", "ws://")


def shaped(reply: httpx.Response, status: int, code: str) -> dict[str, Any]:
    """The error body, checked to be the one shape: ``{"error": CODE, "message": ...}``."""
    assert reply.status_code == status, (reply.status_code, reply.text)
    body: dict[str, Any] = reply.json()
    assert body["error"] == code, body
    assert isinstance(body["message"], str) and body["message"], body
    assert "Traceback" not in reply.text
    return body


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server with the default rules (no chosen seeds, no private webhooks) for the
    tests that need no flag of their own."""
    one = start_server("--data", str(tmp_path_factory.mktemp("server") / "data"),
                       "--rate-limit", "0", chosen_seeds=False)
    try:
        yield one
    finally:
        one.stop()


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    with fresh_pg_database(require_postgres()) as url:
        yield url


# -- item 1: options carry content, never a path; sizes capped before reading ---------
def test_congress_data_from_the_network_is_content_never_a_server_path(
        server: ServerProcess, tmp_path: Path) -> None:
    shipped = (Path(boardroom.__file__).parent / "titles/congress/data/congress.toml"
               ).read_text(encoding="utf-8")
    valid = tmp_path / "valid.toml"
    valid.write_text(shipped, encoding="utf-8")  # a valid data file on the server's disk
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
    with server.client() as client:
        before = len(client.get("/api/games").json()["games"])
        for path in ("/etc/passwd", "/etc", "/no/such/file.toml", str(valid), "/dev/zero",
                     str(tmp_path)):
            started = time.monotonic()
            reply = client.post("/api/games", json={
                "title": "congress", "seats": seats, "options": {"data": path}})
            body = shaped(reply, 400, "bad-request")
            assert time.monotonic() - started < 10  # /dev/zero is not read
            said = body["message"]
            assert "not valid TOML text" in said, said
            for tell in ("root:", "directory", "No such file", "Permission", "format",
                         "congress-data", "regular file", str(tmp_path)):
                assert tell not in said, (path, said)
        assert len(client.get("/api/games").json()["games"]) == before  # nothing was made
        made = client.post("/api/games", json={
            "title": "congress", "seats": seats, "options": {"data": shipped}})
        assert made.status_code == 200, made.text
        record = client.get(f"/api/games/{made.json()['id']}/record",
                            headers=bearer(made.json()["admin_token"])).json()
        assert record["options"]["data"]["format"] == "congress-data"  # the content, kept
        too_big = client.post("/api/games", json={
            "title": "acquire", "seats": seats, "options": {"mode": "x" * 70_000}})
        assert too_big.status_code == 413  # over the body cap (64 KiB) already
        record = boardroom.new_game("acquire", ["A", "B"], seed=1).to_record()
        record["options"]["mode"] = "y" * 100_000
        imported = client.post("/api/games/import", json={"record": record})
        said = shaped(imported, 413, "too-large")["message"]
        assert "option 'mode'" in said  # each option value is capped (64 KiB) too


def test_bodies_are_capped_before_reading_chunked_too(server: ServerProcess) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"title": "acquire", "seats": [{"name": "' + b"A" * 65536
        for _ in range(160):  # 10 MB more, with no Content-Length
            yield b"A" * 65536

    with httpx.Client(base_url=server.url, timeout=30) as client:
        reply = client.post("/api/games", content=chunks(),
                            headers={"content-type": "application/json"})
        assert "content-length" not in reply.request.headers
        shaped(reply, 413, "too-large")
        stated = client.post("/api/games", content=b"{" + b" " * 70_000 + b"}",
                             headers={"content-type": "application/json"})
        shaped(stated, 413, "too-large")
        assert client.get("/api/health").status_code == 200


# -- item 3: the rate limit keys on the client address and the seat -------------------
def test_rate_limit_keys_on_the_address_not_the_header_text(tmp_path: Path) -> None:
    server = start_server("--data", str(tmp_path / "d"), "--rate-limit", "1")  # burst 20
    try:
        with server.client() as client:
            made = client.post("/api/games", json={"title": "acquire", "seats": PEOPLE})
            game, token = made.json()["id"], made.json()["seats"][0]["token"]
            codes = [client.get(f"/api/games/{game}",
                                headers=bearer(secrets.token_urlsafe(24))).status_code
                     for _ in range(40)]
            assert 429 in codes and codes.count(403) <= 21, codes
            spoofed = client.get(f"/api/games/{game}",
                                 headers={"X-Forwarded-For": "203.0.113.77"})
            shaped(spoofed, 429, "rate-limited")  # no trusted proxy: the header is ignored
            creating = [client.post("/api/games", headers=bearer(secrets.token_hex(8)),
                                    json={"title": "acquire", "seats": PEOPLE}).status_code
                        for _ in range(5)]
            assert set(creating) == {429}
            # a valid seat token counts against its seat, not the spent address
            assert client.get(f"/api/games/{game}", headers=bearer(token)).status_code == 200
            live = f"{ws_base(server)}/api/games/{game}/live"
            with connect(f"{live}?token={secrets.token_urlsafe(24)}") as ws, \
                    pytest.raises(ConnectionClosed) as closed:
                ws.recv(10)  # live connections count too: a close code, after the handshake
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
            with connect(f"{live}?token={token}") as ws:
                assert json.loads(ws.recv(10))["type"] == "state"
    finally:
        server.stop()


def test_rate_limit_behind_a_trusted_proxy_keys_on_the_forwarded_address(
        tmp_path: Path) -> None:
    server = start_server("--data", str(tmp_path / "d"), "--rate-limit", "1",
                          "--trusted-proxy", "127.0.0.0/8")
    try:
        with server.client() as client:
            one = {"X-Forwarded-For": "198.51.100.1"}
            codes = [client.get("/api/games", headers=one).status_code for _ in range(30)]
            assert codes[:20] == [200] * 20 and set(codes[20:]) == {429}, codes
            # what the client wrote left of the proxy's own entry is not believed
            forged = {"X-Forwarded-For": "192.0.2.9, 198.51.100.1"}
            assert client.get("/api/games", headers=forged).status_code == 429
            other = {"X-Forwarded-For": "198.51.100.2"}
            assert client.get("/api/games", headers=other).status_code == 200
    finally:
        server.stop()


# -- item 4: webhooks reach public addresses only -------------------------------------
class Receiver:
    """A local HTTP server that counts the POSTs it gets."""

    def __init__(self) -> None:
        hits: list[bytes] = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                hits.append(self.rfile.read(int(self.headers.get("content-length", 0))))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.hits = hits
        self.http = HTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.http.server_address[1]
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    one = Receiver()
    try:
        yield one
    finally:
        one.close()


def test_webhooks_to_internal_addresses_are_refused(server: ServerProcess,
                                                    receiver: Receiver) -> None:
    urls = [f"http://127.0.0.1:{receiver.port}/hook", f"http://localhost:{receiver.port}/h",
            "http://10.0.0.1/h", "http://192.168.1.1/h", "http://169.254.169.254/latest",
            "http://[fd00:ec2::254]/latest", "http://[::1]/h", "http://0.0.0.0/h",
            "http://[::ffff:127.0.0.1]/h", "http://224.0.0.1/h", "http://100.64.0.1/h"]
    with server.client() as client:
        before = len(client.get("/api/games").json()["games"])
        for url in urls:
            reply = client.post("/api/games", json={"title": "acquire", "seats": [
                {"name": "Ann", "webhook": url}, {"name": "Bob", "bot": "random"}]})
            body = shaped(reply, 400, "bad-request")
            assert body["rule"] == "server.webhook.public", (url, body)
        assert len(client.get("/api/games").json()["games"]) == before
    time.sleep(0.5)
    assert receiver.hits == []


def test_allow_private_webhooks_lets_them_through(tmp_path: Path, receiver: Receiver) -> None:
    server = start_server("--data", str(tmp_path / "d"), "--rate-limit", "0",
                          "--allow-private-webhooks")
    try:
        with server.client() as client:
            made = client.post("/api/games", json={"title": "acquire", "seats": [
                {"name": "Ann", "webhook": f"http://127.0.0.1:{receiver.port}/hook"},
                {"name": "Bob", "webhook": f"http://127.0.0.1:{receiver.port}/hook"}]})
            assert made.status_code == 200, made.text
        wait_for(lambda: receiver.hits, timeout=20)
        assert b"your turn" in receiver.hits[0]
    finally:
        server.stop()


def test_webhooks_are_checked_again_on_the_addresses_they_connect_to(
        receiver: Receiver) -> None:
    """DNS rebinding: a name public when the seat was made, internal when the hook is sent,
    is refused at send time, on the address the connection would use."""
    from boardroom.server.config import Settings
    from boardroom.server.netguard import check_url, webhook_client
    from boardroom.server.webhooks import Notifier

    answers = {"hook.example": ["93.184.215.14"]}  # a public address: only checked here

    def resolver(host: str, port: int) -> list[str]:
        return answers.get(host, ["127.0.0.1"])

    check_url("http://hook.example/h", resolver)  # public now
    answers["hook.example"] = ["127.0.0.1"]  # ... and later, rebound to this machine
    url = f"http://hook.example:{receiver.port}/h"
    settings = Settings("sqlite://", webhook_tries=1, webhook_backoff_s=0)
    notifier = Notifier(None, settings, resolver)  # type: ignore[arg-type]
    assert notifier.deliver(url, {"content": "hi"}) is False
    with webhook_client(2, allow_private=False, resolver=resolver) as guarded, \
            pytest.raises(httpx.ConnectError, match="not a public internet address"):
        guarded.post(url, json={})  # the connection itself checks what it connects to
    assert receiver.hits == []
    local = f"http://127.0.0.1:{receiver.port}/h"
    with webhook_client(2, allow_private=True) as open_client:
        assert open_client.post(local, json={}).status_code == 204  # the receiver works
    assert len(receiver.hits) == 1
    notifier.close()


def test_a_name_is_checked_on_every_address_it_resolves_to() -> None:
    from boardroom.server.netguard import WebhookRefused, check_url

    def resolver(host: str, port: int) -> list[str]:
        return ["93.184.215.14", "10.1.1.1"]

    with pytest.raises(WebhookRefused, match="not a public"):
        check_url("https://mixed.example/h", resolver)
    with pytest.raises(WebhookRefused, match="does not resolve"):
        check_url("https://no-such-host.invalid/h")  # .invalid never resolves


# -- item 5: no token in any log line ------------------------------------------------
def logged_with_tokens(tmp_path: Path, *flags: str) -> tuple[str, list[str]]:
    """The output of a server run with ``--log-level info`` and ``flags`` while a seat's
    token is used in every way a URL or header can carry it; and the secrets."""
    server = start_server("--data", str(tmp_path / "d"), "--rate-limit", "0",
                          "--log-level", "info", *flags)
    try:
        with server.client() as client:
            made = client.post("/api/games", json={"title": "acquire", "seats": PEOPLE}).json()
            token, game = made["seats"][0]["token"], made["id"]
            with connect(f"{ws_base(server)}/api/games/{game}/live?token={token}") as ws:
                json.loads(ws.recv(10))
            client.get(f"/games/{game}?token={token}")
            client.get(f"/api/games/{game}?token={token}&x=1")
            client.get(f"/api/games/{game}", headers=bearer(token))
            with pytest.raises(ConnectionClosed), \
                    connect(f"{ws_base(server)}/api/games/nope/live?token={token}") as ws:
                ws.recv(10)
        time.sleep(0.5)
    finally:
        server.stop()
    return "".join(server.output), [token, made["admin_token"]]


def test_tokens_are_redacted_from_the_websocket_log_lines(tmp_path: Path) -> None:
    log, secrets_ = logged_with_tokens(tmp_path)
    assert "WebSocket /api/games/" in log and "token=[redacted]" in log, log[-2000:]
    assert not [s for s in secrets_ if s in log], log[-2000:]


def test_tokens_are_redacted_from_the_access_log(tmp_path: Path) -> None:
    log, secrets_ = logged_with_tokens(tmp_path, "--access-log")
    assert "GET /games/" in log and "GET /api/games/" in log, log[-2000:]  # it is on
    assert "token=[redacted]" in log
    assert not [s for s in secrets_ if s in log], log[-2000:]


# -- item 6: chosen seeds ---------------------------------------------------------------
def check_chosen_seeds(server: ServerProcess) -> None:
    with server.client() as client:
        refused = client.post("/api/games", json={"title": "acquire", "seed": 5,
                                                  "seats": PEOPLE})
        assert shaped(refused, 400, "bad-request")["rule"] == "server.seed.chosen"
        with_bot = client.post("/api/games", json={"title": "acquire", "seed": 5, "seats": [
            {"name": "Ann"}, {"name": "Bot", "bot": "random"}]})
        assert with_bot.status_code == 200, with_bot.text
        drawn = client.post("/api/games", json={"title": "acquire", "seats": PEOPLE})
        assert drawn.status_code == 200
        chosen_id, drawn_id = with_bot.json()["id"], drawn.json()["id"]
        back = client.post(f"/api/games/{chosen_id}/seats/1/bot", json={"bot": None},
                           headers=bearer(with_bot.json()["admin_token"]))
        assert shaped(back, 400, "bad-request")["rule"] == "server.seed.chosen"
        assert client.get(f"/api/games/{chosen_id}").json()["seats"][1]["bot"] == "random"
        assert client.get(f"/api/games/{chosen_id}").json()["seed_chosen"] is True
        assert client.get(f"/api/games/{drawn_id}").json()["seed_chosen"] is False
        listed = {g["id"]: g["seed_chosen"] for g in client.get("/api/games").json()["games"]}
        assert listed[chosen_id] is True and listed[drawn_id] is False
        record = boardroom.new_game("acquire", ["Ann", "Bob"], seed=3).to_record()
        imported = client.post("/api/games/import", json={"record": record})
        assert shaped(imported, 400, "bad-request")["rule"] == "server.seed.chosen"
        solo = client.post("/api/games/import", json={"record": record, "seats": [
            {"name": "Ann"}, {"name": "Bob", "bot": "random"}]})
        assert solo.status_code == 200, solo.text
        assert client.get(f"/api/games/{solo.json()['id']}").json()["seed_chosen"] is True


def test_chosen_seeds_are_marked_and_refused_for_people_sqlite(server: ServerProcess) -> None:
    check_chosen_seeds(server)


def test_chosen_seeds_are_marked_and_refused_for_people_postgres(pg_url: str) -> None:
    server = start_server("--database", pg_url, "--rate-limit", "0", chosen_seeds=False)
    try:
        check_chosen_seeds(server)
    finally:
        server.stop()


def test_allow_chosen_seeds_accepts_them_and_still_marks_them(tmp_path: Path) -> None:
    server = start_server("--data", str(tmp_path / "d"), "--rate-limit", "0")  # allowed
    try:
        with server.client() as client:
            made = client.post("/api/games", json={"title": "acquire", "seed": 5,
                                                   "seats": PEOPLE})
            assert made.status_code == 200
            assert client.get(f"/api/games/{made.json()['id']}").json()["seed_chosen"]
    finally:
        server.stop()


# -- item 11: WebSocket refusals are close codes -------------------------------------
def test_websocket_refusals_are_close_codes(server: ServerProcess) -> None:
    with server.client() as client:
        made = client.post("/api/games", json={"title": "acquire", "seats": PEOPLE}).json()
    game = made["id"]
    cases = {f"/api/games/no-such-game/live?token={made['seats'][0]['token']}": 4404,
             "/api/games/no-such-game/live": 4404,
             f"/api/games/{game}/live?token={secrets.token_urlsafe(24)}": 4403}
    for path, code in cases.items():
        # the handshake is accepted (no HTTP 403), then the socket is closed with the code
        with connect(ws_base(server) + path) as ws, \
                pytest.raises(ConnectionClosed) as closed:
            ws.recv(10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == code, path
    for path in (f"/api/games/{game}/live", f"/api/games/{game}/live?token=",
                 f"/api/games/{game}/live?token={made['seats'][1]['token']}"):
        with connect(ws_base(server) + path) as ws:
            first = json.loads(ws.recv(10))
            assert first["type"] == "state" and first["count"] == 0


# -- item 12: one error shape everywhere ----------------------------------------------
def test_every_error_has_the_one_shape(server: ServerProcess) -> None:
    with server.client() as client:
        made = client.post("/api/games", json={"title": "acquire", "seats": PEOPLE}).json()
        game = made["id"]
        routes = client.get(f"/api/games/{game}/routes", params={"plan": "none"})
        assert shaped(routes, 422, "illegal")["rule"] == "web.route.title"
        shaped(client.get(f"/api/games/{game}/map"), 422, "illegal")
        shaped(client.get("/api/games/nope"), 404, "not-found")
        shaped(client.get("/api/nowhere"), 404, "not-found")
        shaped(client.get("/static/nothing.js"), 404, "not-found")
        shaped(client.delete("/api/games"), 405, "method-not-allowed")
        shaped(client.get(f"/api/games/{game}", headers={"Authorization": "Basic x"}), 401,
               "unauthorized")
        shaped(client.get(f"/api/games/{game}/piece",
                          headers={"Authorization": "Basic x"}), 401, "unauthorized")
        shaped(client.get(f"/api/games/{game}", headers=bearer("x" * 30)), 403, "forbidden")
        shaped(client.get(f"/api/games/{game}/check", params={"action": "x"},
                          headers=bearer("x" * 30)), 403, "forbidden")
        shaped(client.post("/api/games", content=b"{", headers={
            "content-type": "application/json"}), 400, "bad-request")
        shaped(client.post(f"/api/games/{game}/actions", headers=bearer(made["seats"][0][
            "token"]), json={"action": "zz", "after": 5}), 409, "conflict")



@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_seed_chosen_migration_marks_older_games_false(tmp_path: Path,
                                                           backend: str) -> None:
    """``r0002_security`` on a database that already holds games (SQLite's batch mode
    rebuilds the table): they are kept, marked ``seed_chosen: false``."""
    if backend == "sqlite":
        migrate_old_games(f"sqlite:///{tmp_path}/old.sqlite3")
    else:
        with fresh_pg_database(require_postgres()) as url:
            migrate_old_games(url)


def migrate_old_games(url: str) -> None:
    from alembic import command
    from sqlalchemy import text

    from boardroom.server.db import alembic_config, make_engine, migrate

    engine = make_engine(url)
    cfg = alembic_config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "r0001")
        conn.execute(text(
            "INSERT INTO games (id, title, rules_version, options, players, seed, admin_hash,"
            " status, count, version, undos, created_at, updated_at) VALUES ('old', "
            "'acquire', '1', '{}', '[\"A\", \"B\"]', '5', 'x', 'play', 0, 1, 0, 0, 0)"))
    migrate(engine)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT id, seed_chosen FROM games")).all()
    assert [(r[0], bool(r[1])) for r in rows] == [("old", False)]
    engine.dispose()
