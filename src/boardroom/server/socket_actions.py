"""Actions over the live socket: a seat that holds its live WebSocket may send its action
there instead of a ``POST /api/games/{id}/actions``.

The message is ``{"type": "act", "action": NOTATION, "after": COUNT, "key": KEY, "id": ID}``
(``key`` and ``id`` optional; ``id``, an integer or a string of up to 64 characters, comes
back in the reply so a client can match it). The answer is the POST's answer, as
``{"type": "acted", "id": ID, "index", "count", "notation", "seat", "log", "state"}``,
sent only after the action is committed, where ``state`` (left out when the socket was
sent that picture already) is the seat's new live picture, the ``state`` message it would
otherwise get next: one frame instead of two; a refusal is ``{"type": "refused", "id": ID, "status":
STATUS, "error", "message", "rule"...}``, the POST's error body with its HTTP status.

One code path: the body is checked by the POST's own model (:class:`~.schemas.ActionIn`,
the same caps), the action goes through the same :meth:`GameStore.act
<boardroom.server.acting.Acting.act>` with the socket's token (resolved again for every
action, so a revoked delegate token stops acting), a refusal naming a rule is counted for
``/metrics`` as the POST's is, the latency goes to the same histogram (method ``WS``), and
the rate limit takes one token from the same bucket as a request would. What it saves is
the HTTP request per action (uvicorn's parsing, the middleware chain, FastAPI's
dependencies and models): issue 30's profile found that the largest part of the server's
CPU per action. An action takes :mod:`.quick_act`'s path where it can (no worker thread:
checked and applied on the event loop, committed by the writer), with or without a key.
"""

from __future__ import annotations

import time
from typing import Any

from pydantic import ValidationError

from boardroom.server import schemas as s
from boardroom.server.errors import ApiError, encodable, validation_message
from boardroom.server.limits import RateLimit
from boardroom.server.metrics import Metrics
from boardroom.server.store import GameStore

ACT = "act"
ROUTE = "/api/games/{game_id}/live act"
"""The route label of a socket action in the latency histogram."""
FIELDS = ("action", "after", "key")


def reply_id(message: dict[str, Any]) -> int | str | None:
    """The client's ``id`` to send back (None for one that is not a small int or string).

    >>> reply_id({"id": 7}), reply_id({"id": "x" * 65}), reply_id({"id": [1]})
    (7, None, None)
    """
    ident = message.get("id")
    if isinstance(ident, bool):
        return None
    if isinstance(ident, int) or (isinstance(ident, str) and len(ident) <= 64):
        return ident
    return None


def refusal(ident: int | str | None, status: int, body: dict[str, Any]) -> dict[str, Any]:
    return {"type": "refused", "id": ident, "status": status, **encodable(body)}


async def act_on_socket(games: GameStore, metrics: Metrics, limit: RateLimit | None,
                        scope: Any, game_id: str, token: str | None,
                        message: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """The reply to one ``act`` message (see the module's docstring), and the game's
    version the action brought it to (None: a refusal, or not known)."""
    started = time.perf_counter()
    ident = reply_id(message)
    reply, version = await _act(games, limit, scope, game_id, token, message, ident)
    metrics.observe("WS", ROUTE, int(reply.get("status", 200)),
                    time.perf_counter() - started)
    return reply, version


async def _act(games: GameStore, limit: RateLimit | None, scope: Any, game_id: str,
               token: str | None, message: dict[str, Any],
               ident: int | str | None) -> tuple[dict[str, Any], int | None]:
    if limit is not None and not await limit.allow_now(limit.key(scope)):
        return refusal(ident, 429, {"error": "rate-limited",
                                    "message": limit.message()}), None
    try:
        body = s.ActionIn.model_validate({k: message[k] for k in FIELDS if k in message})
    except ValidationError as exc:
        return refusal(ident, 400, {"error": "bad-request",
                                    "message": validation_message(exc.errors())}), None
    version: int | None = None
    try:
        answer, version = await games.act_soon(game_id, token, body.action, body.after,
                                               body.key)
    except ApiError as exc:
        if isinstance(exc.extra.get("rule"), str):
            games.stats.bump("refused", exc.extra["rule"])
        return refusal(ident, exc.status, exc.body()), None
    return {"type": "acted", "id": ident, **answer}, version
