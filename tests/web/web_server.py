"""A server process for the browser tests on 127.0.0.1 and a free port: the real
``boardroom serve`` (issue 10) when this installation has it, else the in-memory
stand-in of ``contract_server``."""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def real_server() -> bool:
    return importlib.util.find_spec("boardroom.server") is not None


@contextmanager
def running_server(data: Path) -> Iterator[str]:
    port = free_port()
    if real_server():
        # the browser tests choose seeds (to get known positions) for games of people, and
        # save turn webhooks to an address on this machine (nothing is sent off it)
        command = [str(Path(sys.executable).with_name("boardroom")), "serve", "--port", str(port),
                   "--data", str(data), "--allow-chosen-seeds", "--allow-private-webhooks"]
        cwd = None
    else:
        command = [sys.executable, "-m", "uvicorn", "contract_server:make_app", "--factory",
                   "--port", str(port), "--log-level", "warning"]
        cwd = str(HERE)
    log = open(data / "server.log", "w")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(command, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90  # a bound, not a wait: a loaded machine starts slowly
        while True:
            try:
                urllib.request.urlopen(base + "/api/web/titles", timeout=1).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start: "
                                       + (data / "server.log").read_text()) from None
                time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
