"""Request limits, as ASGI middleware: body size and per-token rate.

Both answer with the server's JSON error body (413, 429), never a traceback.

The rate limit is a token bucket per bearer token, kept in the process: with several
processes behind a load balancer each enforces it on its own share of the requests. With
Redis configured (``--redis``) the count is kept there instead, shared by every process:
at most ``burst`` requests in each window of ``burst / per_s`` seconds, counted under a
hash of the token (never the token itself); if Redis cannot be reached the process's own
bucket decides and the failure is logged.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

IMPORT_PATH = "/api/games/import"
log = logging.getLogger("boardroom.server.limits")
RETRY_S = 5.0
"""After Redis failed to answer, the seconds each process counts alone before asking again."""


async def send_error(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": code, "message": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


class BodyLimit:
    """Refuses request bodies over ``limit`` bytes (``import_limit`` for a record import)."""

    def __init__(self, app: ASGIApp, limit: int, import_limit: int) -> None:
        self.app = app
        self.limit = limit
        self.import_limit = import_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.import_limit if scope["path"] == IMPORT_PATH else self.limit
        for name, value in scope["headers"]:
            if name == b"content-length":
                try:
                    too_big = int(value) > limit
                except ValueError:
                    too_big = True
                if too_big:
                    await send_error(send, 413, "too-large",
                                     f"the request body is limited to {limit} bytes")
                    return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except _TooLarge:
            if not started:
                await send_error(send, 413, "too-large",
                                 f"the request body is limited to {limit} bytes")


class SharedCounts:
    """Request counts in Redis, shared by every server process (a fixed window each)."""

    def __init__(self, url: str, per_s: float, burst: float) -> None:
        self.url = url
        self.burst = burst
        self.window = max(1.0, burst / per_s) if per_s > 0 else 1.0
        self._client: Any = None
        self._warned = 0.0
        self._down_until = 0.0

    async def allow(self, key: str) -> bool | None:
        """True or False; None when Redis could not be asked (after a failure it is not
        asked again for :data:`RETRY_S` seconds, so requests do not wait on it)."""
        if time.monotonic() < self._down_until:
            return None
        if self._client is None:
            import redis.asyncio

            self._client = redis.asyncio.Redis.from_url(self.url, socket_timeout=1)
        slot = int(time.time() // self.window)
        name = f"boardroom:rate:{slot}:{hashlib.sha256(key.encode()).hexdigest()[:32]}"
        try:
            pipe = self._client.pipeline(transaction=False)
            pipe.incr(name)
            pipe.expire(name, int(self.window) + 1)
            count, _ = await pipe.execute()
        except Exception:
            self._down_until = time.monotonic() + RETRY_S
            if time.monotonic() - self._warned > 60:
                self._warned = time.monotonic()
                log.exception("the rate limit cannot reach Redis; each process counts alone")
            return None
        return int(count) <= self.burst


class RateLimit:
    """A token bucket per bearer token (per client address without one); with
    ``redis_url``, counts shared by every process in Redis."""

    def __init__(self, app: ASGIApp, per_s: float, burst: float,
                 redis_url: str | None = None) -> None:
        self.app = app
        self.per_s = per_s
        self.burst = burst
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()
        self.shared = SharedCounts(redis_url, per_s, burst) if redis_url else None

    def key(self, scope: Scope) -> str:
        for name, value in scope["headers"]:
            if name == b"authorization":
                return "t:" + bytes(value).decode("latin-1")[-64:]
        query = bytes(scope.get("query_string", b"")).decode("latin-1")
        for part in query.split("&"):
            if part.startswith("token="):
                return "t:Bearer " + part[6:]
        client: Any = scope.get("client") or ("?", 0)
        return "a:" + str(client[0])

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - last) * self.per_s)
            if tokens < 1:
                self._buckets[key] = (tokens, now)
                return False
            self._buckets[key] = (tokens - 1, now)
            if len(self._buckets) > 100_000:
                self._buckets.clear()
            return True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.per_s <= 0 or scope["type"] != "http" or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        key = self.key(scope)
        allowed = None if self.shared is None else await self.shared.allow(key)
        if allowed is None:
            allowed = self.allow(key)
        if not allowed:
            await send_error(send, 429, "rate-limited",
                             f"at most {self.per_s:g} requests a second for one token")
            return
        await self.app(scope, receive, send)
