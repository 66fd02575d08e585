"""What docs/deploy.md promises, run here as far as this machine allows: JSON-lines logs,
the Dockerfile's command, compose.yaml's app command (``--workers`` on PostgreSQL, Redis),
and the sample nginx and Caddy configurations passing WebSockets to two servers.

Docker itself cannot run here (no daemon): the images are not built; the commands the
containers would run are the ones run below, read from the files themselves."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from server_support import (
    ServerProcess,
    Table,
    create,
    fresh_pg_database,
    play_first_legal,
    require_postgres,
    start_server,
    wait_for,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    with fresh_pg_database(require_postgres()) as url:
        yield url


def live_url(base: str, table: Table, seat: int, after: int = 0) -> str:
    return (base.replace("http://", "ws://") + f"/api/games/{table.id}/live"
            f"?token={table.tokens[seat]}&after={after}")


def json_lines(server: ServerProcess) -> list[dict[str, Any]]:
    lines = []
    for line in server.output:
        if line.startswith("{"):
            lines.append(json.loads(line))
    return lines


# -- the Dockerfile ----------------------------------------------------------------------
def dockerfile_command() -> list[str]:
    text = (ROOT / "Dockerfile").read_text()
    (cmd,) = re.findall(r"^CMD (\[.*\])$", text, flags=re.M)
    command: list[str] = json.loads(cmd)
    return command


def dockerfile_healthcheck() -> list[str]:
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    (cmd,) = re.findall(r"^HEALTHCHECK .*?CMD (\[.*\])$", text, flags=re.M)
    command: list[str] = json.loads(cmd)
    return command


def healthcheck(command: list[str], server: ServerProcess) -> int:
    """Run a container's health-check command against ``server`` (its port for 8000)."""
    port = server.url.rsplit(":", 1)[1]
    args = [a.replace("127.0.0.1:8000", f"127.0.0.1:{port}") for a in command]
    assert args[0] == "python" and any(port in a for a in args)
    done = subprocess.run([sys.executable, *args[1:]], capture_output=True, timeout=30)
    return done.returncode


def here(command: list[str], **values: str) -> list[str]:
    """A container's ``boardroom serve`` arguments with some options' values replaced."""
    assert command[:2] == ["boardroom", "serve"]
    args = command[2:]
    for option, value in values.items():
        flag = "--" + option.replace("_", "-")
        assert flag in args, f"{flag} is not in {args}"
        args[args.index(flag) + 1] = value
    return args


def test_the_dockerfile_command_serves_and_logs_json_lines_never_a_token(
        tmp_path: Path) -> None:
    """The container's command (its host, port and data folder replaced) is a server that
    is ready, and its JSON-lines log has one line per request, with the route, game,
    status and latency, and no token anywhere."""
    text = (ROOT / "Dockerfile").read_text()
    assert "/api/ready" in text  # its health check
    args = here(dockerfile_command(), host="127.0.0.1", port="0", data=str(tmp_path / "d"))
    assert args[args.index("--log-format") + 1] == "json"
    # at INFO uvicorn logs each WebSocket with its query string (and so its token)
    server = start_server(*args, "--log-level", "info")
    try:
        with server.client() as client:
            assert client.get("/api/ready").status_code == 200
            assert healthcheck(dockerfile_healthcheck(), server) == 0
            assert healthcheck(compose()["services"]["app"]["healthcheck"]["test"][1:],
                               server) == 0
            assert "boardroom_actions_total" in client.get("/metrics").text
            table = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
            with connect(live_url(server.url, table, 0) + "&undos=0") as ws:
                json.loads(ws.recv(5))
                play_first_legal(client, table)
                json.loads(ws.recv(5))
            bad = client.get(f"/api/games/{table.id}", headers={"Authorization": "Bearer "
                                                                "not-a-token-of-it"})
            assert bad.status_code == 403
            wait_for(lambda: any(r.get("method") == "WS" for r in json_lines(server)))
    finally:
        server.stop()
    assert healthcheck(dockerfile_healthcheck(), server) != 0  # a stopped server fails it
    output = "".join(server.output)
    for secret in [*table.tokens, table.admin, "not-a-token-of-it"]:
        assert secret not in output
    lines = json_lines(server)
    assert any("[redacted]" in r["message"] for r in lines if r["logger"] == "uvicorn.error")
    access = [r for r in lines if r["logger"] == "boardroom.access"]
    # (start_server's wait for /api/health left out: a slow start may ask twice)
    http = [r for r in access if r["method"] != "WS" and r["route"] != "/api/health"]
    assert [(r["method"], r["route"], r["status"]) for r in http] == [
        ("GET", "/api/ready", 200),
        ("GET", "/api/ready", 200), ("GET", "/api/ready", 200),  # the two health checks
        ("GET", "/metrics", 200),
        ("POST", "/api/games", 200),
        ("GET", "/api/games/{game_id}", 200), ("GET", "/api/games/{game_id}", 200),
        ("POST", "/api/games/{game_id}/actions", 200),
        ("GET", "/api/games/{game_id}", 403)]
    for r in http[5:]:
        assert r["game"] == table.id and r["path"] == f"/api/games/{table.id}" + (
            "/actions" if r["method"] == "POST" else "")
    for r in http:
        assert isinstance(r["ms"], float) and 0 <= r["ms"] < 60_000
        assert r["level"] == "info" and r["time"].endswith("Z") and r["pid"] > 0
    (ws_line,) = [r for r in access if r["method"] == "WS"]
    assert ws_line["game"] == table.id and ws_line["route"] == "/api/games/{game_id}/live"
    assert ws_line["query"] == {"after": "0", "undos": "0"}  # the token left out
    assert ws_line["status"] in (1000, 1005)


# -- compose.yaml: --workers on PostgreSQL with Redis ------------------------------------
def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    return loaded


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                cmdline = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"resource_tracker" \
                    not in cmdline:
                found.append(int(entry.name))
    return found


def test_compose_file_and_its_app_command_with_workers_on_postgresql(pg_url: str) -> None:
    services = compose()["services"]
    assert set(services) == {"db", "redis", "app", "proxy"}
    app = services["app"]
    assert "/api/ready" in " ".join(app["healthcheck"]["test"])
    assert app["depends_on"]["db"]["condition"] == "service_healthy"
    assert services["proxy"]["volumes"][0].startswith("./deploy/Caddyfile:")
    assert int(app["stop_grace_period"].rstrip("s")) > 5  # more than the drain's GRACE_S
    args = here(app["command"], host="127.0.0.1", port="0", database=pg_url,
                redis="redis://127.0.0.1:6379/0", public_url="http://localhost")
    workers = int(args[args.index("--workers") + 1])
    assert workers == 2
    # each worker imports and builds its app after the parent listens: give them time
    server = start_server(*args, "--rate-limit", "0", ready_s=120)
    try:
        wait_for(lambda: len(children(server.proc.pid)) == workers, timeout=30)
        for _ in range(workers * 4):  # both workers answer (whichever gets a connection)
            assert httpx.get(f"{server.url}/api/ready", timeout=120).status_code == 200
        with server.client() as client:
            table = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
        # sockets on fresh connections: the kernel spreads them over the workers
        sockets = [connect(live_url(server.url, table, i % 2)) for i in range(6)]
        try:
            for ws in sockets:
                assert json.loads(ws.recv(10))["count"] == 0
            for count in range(1, 5):
                with httpx.Client(base_url=server.url, timeout=10) as fresh:
                    assert play_first_legal(fresh, table)["count"] == count
                for ws in sockets:  # every worker's clients hear of every action
                    seen = 0
                    while seen < count:
                        seen = json.loads(ws.recv(10))["count"]
            # SIGTERM to the parent drains every worker: each socket gets 1012
            server.proc.send_signal(signal.SIGTERM)
            for ws in sockets:
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        ws.recv(20)
                assert closed.value.rcvd is not None
                assert closed.value.rcvd.code == 1012
            server.proc.wait(30)
        finally:
            for ws in sockets:
                ws.close()
        pids = {r["pid"] for r in json_lines(server) if r.get("logger") == "boardroom.access"}
        print(f"access lines came from {len(pids)} worker processes")
        assert "Traceback" not in "".join(server.output)
    finally:
        server.stop()


# -- the sample proxy configurations -----------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def nginx_config(tmp_path: Path, port: int, upstreams: list[str]) -> list[str]:
    site = (ROOT / "deploy" / "nginx.conf").read_text()
    site = site.replace("    server 10.0.0.11:8000 max_fails=2 fail_timeout=5s;\n"
                        "    server 10.0.0.12:8000 max_fails=2 fail_timeout=5s;\n",
                        "".join(f"    server {u} max_fails=2 fail_timeout=5s;\n"
                                for u in upstreams))
    site = site.replace("listen 80;", f"listen 127.0.0.1:{port};")
    site = site.replace("allow 10.0.0.0/8;", "allow 127.0.0.1;")
    assert all(u in site for u in upstreams) and str(port) in site
    (tmp_path / "site.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(
        f"daemon off;\npid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\n"
        "events {}\nhttp {\n"
        f"  access_log off;\n  client_body_temp_path {tmp_path};\n"
        f"  proxy_temp_path {tmp_path};\n  include {tmp_path}/site.conf;\n}}\n")
    return ["nginx", "-c", str(tmp_path / "nginx.conf")]


def caddy_config(tmp_path: Path, port: int, upstreams: list[str]) -> list[str]:
    site = (ROOT / "deploy" / "Caddyfile").read_text()
    site = site.replace("{$BOARDROOM_SITE:localhost} {", f"http://127.0.0.1:{port} {{")
    site = site.replace("reverse_proxy app:8000 {", f"reverse_proxy {' '.join(upstreams)} {{")
    assert all(u in site for u in upstreams) and str(port) in site
    (tmp_path / "Caddyfile").write_text("{\n\tadmin off\n\tauto_https off\n}\n" + site)
    return ["caddy", "run", "--config", str(tmp_path / "Caddyfile"), "--adapter", "caddyfile"]


@pytest.mark.parametrize("proxy", ["nginx", "caddy"])
def test_the_sample_proxy_passes_websockets_to_two_servers(
        proxy: str, pg_url: str, tmp_path: Path) -> None:
    if shutil.which(proxy) is None:
        reason = f"{proxy} is not installed (scripts/test installs it with apt-get as root)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    one = start_server("--database", pg_url, "--rate-limit", "0")
    two = start_server("--database", pg_url, "--rate-limit", "0")
    port = free_port()
    upstreams = [s.url.removeprefix("http://") for s in (one, two)]
    make = nginx_config if proxy == "nginx" else caddy_config
    front = subprocess.Popen(make(tmp_path, port, upstreams), stdout=subprocess.DEVNULL,
                             stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: reachable(base), timeout=30)
        with httpx.Client(base_url=base, timeout=10) as client:
            table = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
            with connect(live_url(base, table, 0)) as ws:
                assert json.loads(ws.recv(10))["count"] == 0
                play_first_legal(client, table)
                assert json.loads(ws.recv(10))["count"] == 1
            # one server stops (a restart): the proxy sends everything to the other; a
            # POST caught in the switch may get a 502 and is tried again, as a client
            # does: the count it carries keeps it from landing twice
            one.proc.send_signal(signal.SIGTERM)
            one.proc.wait(30)
            for count in range(1, 4):
                assert play_retrying(client, table, count) == count + 1
            with connect(live_url(base, table, 1, after=1) + "&undos=0") as ws:
                message = json.loads(ws.recv(10))
                assert message["count"] == 4 and len(message["actions"]) == 3
            assert client.get("/metrics").status_code == (200 if proxy == "nginx" else 404)
    finally:
        front.send_signal(signal.SIGTERM)
        front.wait(10)
        one.stop()
        two.stop()


def play_retrying(client: httpx.Client, table: Table, count: int) -> int:
    """Play the first legal action at ``count``, again after a 502/503; the count after."""
    for _ in range(5):
        seen = client.get(f"/api/games/{table.id}")
        if seen.status_code != 200:
            assert seen.status_code in (502, 503), seen.text
            time.sleep(0.2)
            continue
        seat = seen.json()["to_act"][0]
        answer = client.get(f"/api/games/{table.id}", headers=table.h(seat))
        if answer.status_code != 200:
            assert answer.status_code in (502, 503), answer.text
            time.sleep(0.2)
            continue
        mine = answer.json()
        if mine["count"] > count:
            return int(mine["count"])  # an answer lost on the way: it had landed
        reply = client.post(f"/api/games/{table.id}/actions", headers=table.h(seat),
                            json={"action": mine["legal"][0]["notation"], "after": count})
        if reply.status_code == 200:
            return int(reply.json()["count"])
        assert reply.status_code in (409, 502, 503), reply.text
        time.sleep(0.2)
    raise AssertionError("the proxy did not get the action through in 5 tries")


def reachable(base: str) -> bool:
    try:
        return httpx.get(f"{base}/api/ready", timeout=2).status_code == 200
    except httpx.HTTPError:
        time.sleep(0.1)
        return False
