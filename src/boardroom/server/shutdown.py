"""Graceful shutdown: on SIGTERM (or Ctrl-C) the server drains before it stops.

The order (:class:`Server`, uvicorn's server with a drain in front of its own shutdown):

1. ``/api/ready`` answers 503 (a load balancer stops sending new clients here);
2. every live WebSocket is closed with code **1012** (Service Restart) and the reason
   ``server restarting``; the browser table reconnects from that code (with its ``after``
   and ``undos``, so it gets exactly what it missed) to whichever server answers;
3. uvicorn stops accepting connections, lets the requests in flight finish (up to
   ``GRACE_S``) and closes the idle ones;
4. the app's shutdown: the bot runner stops, the writer commits every write queued and
   its thread is joined, so each request answered 200 before the end was committed.

A request answered 200 was committed before the answer (see ``store.py``), so nothing
acknowledged is lost whatever the moment of the signal; what is in flight at the end is
either committed and answered, or neither.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
from collections.abc import Callable
from contextlib import suppress
from types import FrameType
from typing import Any

import uvicorn
from starlette.websockets import WebSocket

log = logging.getLogger("boardroom.server")

RESTART_CODE = 1012
"""RFC 6455's 1012 Service Restart: the client should reconnect (after a short pause)."""
RESTART_REASON = "server restarting"
GRACE_S = 5
"""Seconds the requests in flight get to finish after the listening socket closed."""
CLOSE_WAIT_S = 1.0
"""Seconds the live sockets get to send their close frames before uvicorn's shutdown."""


class Drain:
    """The app's shutdown state; :meth:`begin` is called once the signal arrives."""

    def __init__(self) -> None:
        self.draining = False
        self._event: asyncio.Event | None = None
        self._open = 0
        self._closed: asyncio.Event | None = None

    def bind(self) -> None:
        """Made on the app's event loop (at start-up)."""
        self._event = asyncio.Event()
        self._closed = asyncio.Event()
        self._closed.set()

    def begin(self) -> None:
        """Stop being ready and ask every live socket to close (call on the event loop)."""
        if self.draining:
            return
        self.draining = True
        log.warning("shutting down: closing %d live sockets with %d (%s)", self._open,
                    RESTART_CODE, RESTART_REASON)
        if self._event is not None:
            self._event.set()

    async def closed(self, timeout: float) -> None:
        """Wait until the live sockets have closed (at most ``timeout`` seconds)."""
        if self._closed is not None:
            with suppress(TimeoutError):
                await asyncio.wait_for(self._closed.wait(), timeout)

    async def close_on_drain(self, ws: WebSocket) -> None:
        """A live socket's task: when the drain begins, close it with 1012."""
        if self._event is None or self._closed is None:
            return
        self._open += 1
        self._closed.clear()
        try:
            await self._event.wait()
            with suppress(Exception):
                await ws.close(code=RESTART_CODE, reason=RESTART_REASON)
        finally:
            self._open -= 1
            if self._open == 0:
                self._closed.set()


def drain_on_signal(drain: Drain, loop: asyncio.AbstractEventLoop) -> None:
    """Begin the drain as soon as SIGTERM or SIGINT arrives, then let uvicorn's own
    handler (installed before the app starts, in every worker) shut the server down.
    Only in the main thread (a test client runs the app elsewhere: nothing to do)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for sig in (signal.SIGTERM, signal.SIGINT):
        before = signal.getsignal(sig)
        if not callable(before):
            continue

        def handler(number: int, frame: FrameType | None,
                    before: Callable[[int, FrameType | None], Any] = before) -> None:
            with suppress(RuntimeError):
                loop.call_soon_threadsafe(drain.begin)
            before(number, frame)

        signal.signal(sig, handler)


class Server(uvicorn.Server):
    """uvicorn's server, which drains the app (:class:`Drain`) before shutting down."""

    def __init__(self, config: uvicorn.Config, drain: Drain | None = None) -> None:
        super().__init__(config)
        self.drain = drain

    async def shutdown(self, sockets: Any = None) -> None:
        drain = self.drain or find_drain(self.config.loaded_app)
        if drain is not None:
            drain.begin()
            await drain.closed(CLOSE_WAIT_S)
        await super().shutdown(sockets=sockets)


def find_drain(app: Any) -> Drain | None:
    """The :class:`Drain` of a Boardroom app wrapped in uvicorn's middleware, if any."""
    for _ in range(8):
        state = getattr(app, "state", None)
        drain = getattr(state, "drain", None) if state is not None else None
        if isinstance(drain, Drain):
            return drain
        app = getattr(app, "app", None)
        if app is None:
            return None
    return None
