"""Request limits, as ASGI middleware: body size and request rate.

Both answer with the server's JSON error body (413, 429), never a traceback.

The rate limit is a token bucket per *key*, kept in the process:

* a request with a valid seat or admin token (``Authorization: Bearer`` or, for the live
  feed, ``?token=``) counts against that seat: ``seat:<hash of the token>``; a token is
  valid once this process has seen it belong to a game (it made the game, or a request
  with it was answered for its seat), see :meth:`GameStore.known_token`;
* every other request or live connection (no token, a malformed header, a token nobody
  issued) counts against the client's address: ``addr:<address>``, the connection's
  peer or, behind a configured trusted proxy, the client ``X-Forwarded-For`` names
  (:mod:`boardroom.server.clients`). So a new random bearer value each request is the
  same client to the limit.

With several processes behind a load balancer each enforces it on its own share of the
requests. With Redis configured (``--redis``) the count is kept there instead, shared by
every process: at most ``burst`` requests in each window of ``burst / per_s`` seconds,
counted under a hash of the key (never a token itself); if Redis cannot be reached the
process's own bucket decides and the failure is logged.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from boardroom.server.clients import Network, client_address
from boardroom.server.tokens import token_hash

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
        started = refused = False

        async def counted() -> Message:
            # a body without a length (chunked) is counted as it arrives: past the limit
            # the client is answered 413 here and the app is told the client left (an
            # exception raised into the app would become its own 400 instead)
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    refused = True
                    if not started:
                        await send_error(send, 413, "too-large",
                                         f"the request body is limited to {limit} bytes")
                    return {"type": "http.disconnect"}
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if refused:
                return  # the 413 was the answer; whatever the app says now is dropped
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        await self.app(scope, counted, watched)


class SharedCounts:
    """Request counts in Redis, shared by every server process (a fixed window each)."""

    def __init__(self, url: str, per_s: float, burst: float,
                 prefix: str = "boardroom") -> None:
        self.url = url
        self.prefix = prefix
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
        name = f"{self.prefix}:rate:{slot}:{hashlib.sha256(key.encode()).hexdigest()[:32]}"
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


def request_token(scope: Scope) -> str | None:
    """The token a request carries: ``Authorization: Bearer <token>`` or ``?token=``."""
    for name, value in scope["headers"]:
        if name == b"authorization":
            scheme, _, token = bytes(value).decode("latin-1").partition(" ")
            return token.strip() if scheme.lower() == "bearer" and token.strip() else None
    query = bytes(scope.get("query_string", b"")).decode("latin-1")
    if "token=" in query:
        tokens = parse_qs(query).get("token")
        if tokens and tokens[0]:
            return tokens[0]
    return None


class RateLimit:
    """A token bucket per seat (a valid token) or per client address (everything else);
    with ``redis_url``, counts shared by every process in Redis."""

    def __init__(self, app: ASGIApp, per_s: float, burst: float,
                 redis_url: str | None = None, trusted: tuple[Network, ...] = (),
                 known: Callable[[str], bool] = lambda digest: False,
                 redis_prefix: str = "boardroom") -> None:
        self.app = app
        self.per_s = per_s
        self.burst = burst
        self.trusted = trusted
        self.known = known
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()
        self.shared = (SharedCounts(redis_url, per_s, burst, redis_prefix)
                       if redis_url else None)

    def key(self, scope: Scope) -> str:
        """``seat:<token hash>`` for a token this process knows is valid, else
        ``addr:<client address>``."""
        token = request_token(scope)
        if token is not None and len(token) <= 128:
            digest = token_hash(token)
            if self.known(digest):
                return "seat:" + digest
        return "addr:" + client_address(scope, self.trusted)

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

    async def allow_now(self, key: str) -> bool:
        """One request (or an action sent over a live socket) for ``key``: Redis's
        shared count, or this process's bucket when there is none or it cannot answer."""
        allowed = None if self.shared is None else await self.shared.allow(key)
        return self.allow(key) if allowed is None else allowed

    def message(self) -> str:
        return f"at most {self.per_s:g} requests a second for one seat or client address"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (self.per_s <= 0 or scope["type"] not in ("http", "websocket")
                or not scope["path"].startswith("/api/")):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":  # its actions are counted here too
            scope["boardroom.rate_limit"] = self
        if await self.allow_now(self.key(scope)):
            await self.app(scope, receive, send)
            return
        message = self.message()
        if scope["type"] == "websocket":  # a live connection: refused as a close code
            if (await receive())["type"] == "websocket.connect":
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.close", "code": 4429, "reason": message})
            return
        await send_error(send, 429, "rate-limited", message)
