"""The browser table's live socket after a server restart: the server's drain closes it
with 1012 (Service Restart), and the page opens a new one to the restarted server (with
the count and take-backs it has seen), over which the next change arrives."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from web_server import free_port


def serve(port: int, data: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [str(Path(sys.executable).with_name("boardroom")), "serve", "--port", str(port),
         "--data", str(data), "--rate-limit", "0", "--allow-chosen-seeds"],
        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 90
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/ready", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        assert proc.poll() is None and time.monotonic() < deadline, "no server"
        time.sleep(0.2)


def test_the_table_reconnects_after_the_server_restarts(browser: Any,
                                                        tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = serve(port, tmp_path / "data")
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        with httpx.Client(base_url=base, timeout=10) as client:
            made = client.post("/api/games", json={
                "title": "acquire", "seed": 5, "seats": [{"name": "Ann"}, {"name": "Bob"}]})
            game = made.json()
            game_id, ann = game["id"], game["seats"][0]["token"]
            page = context.new_page()
            sockets: list[Any] = []
            frames: list[tuple[int, dict[str, Any]]] = []

            def opened(ws: Any) -> None:
                number = len(sockets)
                sockets.append(ws)
                ws.on("framereceived",
                      lambda payload: frames.append((number, json.loads(payload))))

            page.on("websocket", opened)
            page.goto(f"{base}/games/{game_id}#token={ann}")
            page.wait_for_function("() => document.body.innerText.includes('Ann')")
            deadline = time.monotonic() + 20
            while not frames:
                assert time.monotonic() < deadline, "no live message"
                page.wait_for_timeout(100)
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
            proc = serve(port, tmp_path / "data")
            deadline = time.monotonic() + 60
            while len(sockets) < 2 or not any(n >= 1 for n, _ in frames):
                assert time.monotonic() < deadline, f"no new socket: {len(sockets)}"
                page.wait_for_timeout(100)
            assert "after=0" in sockets[-1].url and "undos=0" in sockets[-1].url
            # a change after the restart arrives over the new socket
            spectator = client.get(f"/api/games/{game_id}").json()
            seat = spectator["to_act"][0]
            token = game["seats"][seat]["token"]
            mine = client.get(f"/api/games/{game_id}",
                              headers={"Authorization": f"Bearer {token}"}).json()
            reply = client.post(f"/api/games/{game_id}/actions",
                                headers={"Authorization": f"Bearer {token}"},
                                json={"action": mine["legal"][0]["notation"], "after": 0})
            assert reply.status_code == 200
            newest = len(sockets) - 1
            deadline = time.monotonic() + 20
            while not any(n == newest and f["count"] == 1 for n, f in frames):
                assert time.monotonic() < deadline, "the new socket got no update"
                page.wait_for_timeout(100)
    finally:
        context.close()
        proc.terminate()
        proc.wait(10)
