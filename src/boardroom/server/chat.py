"""Chat in every game: seats write, everyone who may watch the game reads.

Lines are kept in the database (table ``chat``), not in the game's record, each with the
action count at which it was said. They travel over the game's live WebSocket: a client
sends ``{"type": "chat", "text": ...}`` and every connection of the game gets
``{"type": "chat", "lines": [...]}`` (other server processes are woken through the same
broadcaster as actions). ``GET/POST /api/games/{id}/chat`` do the same over HTTP.

Limits: :data:`MAX_TEXT` characters a line, :data:`BURST` lines at once and then one
every :data:`EVERY_S` seconds per seat. The text is stored as given (control characters
removed) and the browser renders it as text, never as HTML.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field
from sqlalchemy import Connection, Engine, insert, select
from starlette.concurrency import run_in_threadpool

from boardroom.server import account_tables as a
from boardroom.server.deps import Games, Token
from boardroom.server.errors import ApiError, BadRequest, Forbidden, RateLimited
from boardroom.server.live import Broadcaster, Hub
from boardroom.server.store import Auth, GameStore, Who

MAX_TEXT = 500
BURST = 5
EVERY_S = 2.0
HISTORY = 200
"""Lines a client gets when it connects (the newest)."""


def clean(text: str) -> str:
    """The line as stored: control characters (but newlines) dropped, ends stripped.

    >>> clean(" hi\\x00 <b>there</b>\\r\\n")
    'hi <b>there</b>'
    """
    kept = "".join(c for c in text if c == "\n" or (c >= " " and c != "\x7f"))
    return kept.strip()


class Chat:
    def __init__(self, engine: Engine, store: GameStore, hub: Hub,
                 broadcaster: Broadcaster) -> None:
        self.engine = engine
        self.store = store
        self.hub = hub
        self.broadcaster = broadcaster
        self.latest: dict[str, int] = {}
        """The newest line id this process wrote, per game."""
        self._buckets: dict[tuple[str, int], tuple[float, float]] = {}
        self._lock = threading.Lock()

    def _allow(self, game_id: str, seat: int) -> bool:
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get((game_id, seat), (float(BURST), now))
            tokens = min(float(BURST), tokens + (now - last) / EVERY_S)
            if tokens < 1:
                self._buckets[(game_id, seat)] = (tokens, now)
                return False
            self._buckets[(game_id, seat)] = (tokens - 1, now)
            if len(self._buckets) > 100_000:
                self._buckets.clear()
            return True

    def post(self, game_id: str, auth: Auth, text: str) -> dict[str, Any]:
        """Say ``text`` as the asker's seat; answers the stored line."""
        line = clean(text)
        if not line:
            raise BadRequest("say something: the line is empty")
        if len(line) > MAX_TEXT:
            raise BadRequest(f"a chat line has at most {MAX_TEXT} characters")
        with self.store.game(game_id) as entry:
            who = auth if isinstance(auth, Who) else self.store.who(entry, auth)
            if who.seat is None:
                raise Forbidden("spectators read the chat; only a seat can write in it")
            seat = who.seat
            name, count, version = entry.seats[seat].name, entry.count, entry.version
        if not self._allow(game_id, seat):
            raise RateLimited(f"at most {BURST} lines at once, then one every {EVERY_S:g} s")
        now = time.time()
        def work(conn: Connection) -> Any:
            pk = conn.execute(insert(a.chat).values(
                game_id=game_id, seat=seat, user_id=None, name=name, text=line,
                at_count=count, created_at=now)).inserted_primary_key
            self.broadcaster.announce(conn, game_id)
            return pk
        pk = self.store.transactions.run(work)
        line_id = int(pk[0]) if pk else 0
        with self._lock:
            self.latest[game_id] = max(self.latest.get(game_id, 0), line_id)
        self.hub.changed(game_id, version)
        return {"id": line_id, "seat": seat, "name": name, "text": line, "at_count": count,
                "at": now}

    def lines(self, game_id: str, after: int = 0, limit: int = HISTORY) -> list[dict[str, Any]]:
        """Lines after id ``after`` (the newest ``limit`` of them), oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(a.chat).where(a.chat.c.game_id == game_id,
                                                     a.chat.c.id > after)
                                .order_by(a.chat.c.id.desc()).limit(limit)).all()
        return [{"id": r.id, "seat": r.seat, "name": r.name, "text": r.text,
                 "at_count": r.at_count, "at": r.created_at} for r in reversed(rows)]

    async def news(self, game_id: str, after: int, remote: bool) -> list[dict[str, Any]]:
        """New lines for a live connection that has seen up to ``after``: read only when
        this process wrote some, or when the wake-up came from elsewhere (``remote``)."""
        if not remote and self.latest.get(game_id, 0) <= after:
            return []
        return await run_in_threadpool(self.lines, game_id, after)

    async def from_socket(self, game_id: str, viewer: Who, raw: str) -> dict[str, Any] | None:
        """A client's message on the live socket; an error message to send back, or None."""
        try:
            message = json.loads(raw)
        except ValueError:
            return {"type": "error", "message": "messages are JSON"}
        if not isinstance(message, dict) or message.get("type") != "chat":
            return None
        text = message.get("text")
        if not isinstance(text, str):
            return {"type": "chat-error", "message": "a chat message has a text"}
        try:
            await run_in_threadpool(self.post, game_id, viewer, text[:MAX_TEXT * 4])
        except ApiError as exc:
            return {"type": "chat-error", "message": exc.message}
        return None


class ChatIn(BaseModel):
    text: str = Field(max_length=MAX_TEXT * 4)


def install_routes(chat: Chat) -> APIRouter:
    router = APIRouter(tags=["chat"])

    @router.get("/api/games/{game_id}/chat")
    def read(game_id: str, games: Games, token: Token, after: int = 0) -> dict[str, Any]:
        """The game's chat (anyone who may watch the game may read it)."""
        with games.game(game_id) as entry:
            games.who(entry, token)  # 404 for no such game, 403 for a stranger's token
        return {"lines": chat.lines(game_id, max(0, after))}

    @router.post("/api/games/{game_id}/chat")
    def say(game_id: str, body: ChatIn, token: Token) -> dict[str, Any]:
        """Say a line as the token's seat (403 for a spectator)."""
        return chat.post(game_id, token, body.text)

    return router
