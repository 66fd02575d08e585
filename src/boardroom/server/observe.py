"""Every request timed once: the latency histogram of ``/metrics`` and the access log.

:class:`Observe` is plain ASGI middleware (outermost, so the rate limit's 429s and the
body limit's 413s are seen too). For each HTTP request it records method, route template
(``/api/games/{game_id}/actions``: a bounded set of values, never the raw path), status
and seconds in the histogram, and logs one line on the ``boardroom.access`` logger (at
INFO) with

``method``, ``path`` (the path only: the query string can hold a live socket's token, so
only the harmless parameters ``after``, ``undos`` and ``log_from`` are kept in
``query``), ``route``, ``status``, ``game`` (the game id, if the route has one) and
``ms`` (latency in milliseconds). A WebSocket is logged once, when it closes, with its
close code as ``status`` and its life as ``ms``. Headers (where the bearer token travels)
and bodies are never logged.
"""

from __future__ import annotations

import logging
import time
from typing import Any
from urllib.parse import parse_qsl

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from boardroom.server.metrics import Metrics

access = logging.getLogger("boardroom.access")

SAFE_QUERY = ("after", "undos", "log_from")
"""Query parameters that may be logged; every other one (``token`` above all) is not."""
MAX_PATH = 200


def safe_query(raw: bytes) -> dict[str, str]:
    """The loggable part of a query string.

    >>> safe_query(b"token=s3cret&after=4&undos=0&x=1")
    {'after': '4', 'undos': '0'}
    """
    try:
        pairs = parse_qsl(raw.decode("latin-1"), keep_blank_values=True)
    except ValueError:
        return {}
    return {k: v[:20] for k, v in pairs if k in SAFE_QUERY}


def route_of(scope: Scope) -> str:
    """The matched route's template, or ``unmatched``."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    return path if isinstance(path, str) and path else "unmatched"


class Observe:
    """Times each request; feeds ``metrics`` and logs it on ``boardroom.access``."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = {"code": 0}

        async def send_seen(message: Message) -> None:
            if message["type"] == "http.response.start":
                status["code"] = int(message["status"])
            elif message["type"] == "websocket.accept" and not status["code"]:
                status["code"] = 101
            elif message["type"] == "websocket.close":
                status["code"] = int(message.get("code", 1000))
            elif message["type"] == "websocket.http.response.start":
                status["code"] = int(message["status"])
            await send(message)

        async def receive_seen() -> Message:
            message = await receive()
            if message["type"] == "websocket.disconnect" and status["code"] in (0, 101):
                status["code"] = int(message.get("code", 1000))
            return message

        try:
            await self.app(scope, receive_seen if kind == "websocket" else receive,
                           send_seen)
        except BaseException:
            if not status["code"]:
                status["code"] = 500
            raise
        finally:
            seconds = time.perf_counter() - start
            route = route_of(scope)
            if kind == "http":
                self.metrics.observe(scope["method"], route, status["code"], seconds)
            if access.isEnabledFor(logging.INFO):
                log_request(scope, route, status["code"], seconds)


def log_request(scope: Scope, route: str, status: int, seconds: float) -> None:
    kind = scope["type"]
    method = scope["method"] if kind == "http" else "WS"
    path = str(scope.get("path", ""))[:MAX_PATH]
    params = scope.get("path_params") or {}
    game = params.get("game_id") if isinstance(params, dict) else None
    fields: dict[str, Any] = {
        "method": method, "path": path, "route": route, "status": status,
        "game": game if isinstance(game, str) else None, "ms": round(seconds * 1000, 2),
    }
    query = safe_query(scope.get("query_string", b""))
    if query:
        fields["query"] = query
    access.info("%s %s %d %.1f ms", method, path, status, seconds * 1000,
                extra={"fields": fields})
