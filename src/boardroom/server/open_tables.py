"""Open tables: a game gathered from players who find it in the lobby's "Open games".

The creator chooses the title, options, the number of seats and bots for some of them, and
may set a password. Others join a free seat; the game starts when the last seat is taken,
or when the creator starts it (the free seats are then left out, or first given to bots).
A started table is an ordinary game (a random seed, so it can be rated when no bot plays)
whose seats are held by the accounts (``seat_accounts``); nobody gets its admin token.

Every change of a table is an update guarded by its ``version``, so two processes (or two
players clicking at once) can never both take one seat or both start the table.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter
from pydantic import BaseModel, Field
from sqlalchemy import Connection, Engine, insert, select, update

from boardroom.bots.base import seat_refusal
from boardroom.core.errors import BoardroomError
from boardroom.core.game import Game
from boardroom.core.registry import get_title, title_names
from boardroom.server import account_tables as a
from boardroom.server.accounts import User
from boardroom.server.errors import BadRequest, Conflict, Forbidden, NotFound
from boardroom.server.sessions import MaybeSession, SignedIn
from boardroom.server.store import GameStore, SeatSpec
from boardroom.server.tokens import new_game_id

OPEN, STARTING, STARTED, CANCELLED = "open", "starting", "started", "cancelled"
_hasher = PasswordHasher()


def _seat_name(seat: dict[str, Any], index: int) -> str:
    if seat.get("bot"):
        return f"{seat['bot']} bot {index + 1}"
    return str(seat["name"])


class OpenTables:
    """The tables being gathered; :meth:`start` turns one into a game of ``store``."""

    def __init__(self, engine: Engine, store: GameStore) -> None:
        self.engine = engine
        self.store = store
        self.started: list[Callable[[str], None]] = []
        """Called with the game's id once a table's game has started and its seats are
        the accounts' (the turn notifier tells the first player)."""

    def create(self, user: User, title: str, name: str, options: dict[str, Any],
               seats: list[str | None], password: str | None) -> str:
        """``seats``: per seat None (a person: the creator takes the first such seat) or
        a bot's name."""
        if title not in title_names():
            raise BadRequest(f"unknown title {title!r}; known: {', '.join(title_names())}")
        info = get_title(title)
        if not info.min_players <= len(seats) <= info.max_players:
            raise BadRequest(f"{info.display_name} has {info.min_players} to "
                             f"{info.max_players} seats, not {len(seats)}")
        for bot in seats:
            refusal = None if bot is None else seat_refusal(bot, title)
            if refusal is not None:
                raise BadRequest(refusal, rule="server.seat.bot")
        if None not in seats:
            raise BadRequest("keep at least one seat for a person (yours)")
        try:  # the options are checked now, not when the table fills
            Game(title, [f"P{i}" for i in range(len(seats))], 0, options)
        except BoardroomError as exc:
            raise BadRequest(str(exc)) from exc
        rows: list[dict[str, Any]] = []
        mine = False
        for bot in seats:
            if bot is None and not mine:
                rows.append({"user_id": user.id, "name": user.name, "bot": None})
                mine = True
            else:
                rows.append({"user_id": None, "name": None, "bot": bot})
        table_id = new_game_id()
        now = time.time()
        def work(conn: Connection) -> Any:
            conn.execute(insert(a.open_tables).values(
                id=table_id, title=title, name=(name.strip() or info.display_name)[:80],
                options=options, seats=rows, creator_id=user.id,
                password_hash=_hasher.hash(password) if password else None, status=OPEN,
                game_id=None, version=1, created_at=now, updated_at=now))
        self.store.transactions.run(work)
        if all(r["user_id"] is not None or r["bot"] for r in rows):
            self.start(user, table_id)
        return table_id

    def _row(self, table_id: str) -> Any:
        with self.engine.connect() as conn:
            row = conn.execute(select(a.open_tables).where(a.open_tables.c.id == table_id)).first()
        if row is None:
            raise NotFound(f"no open table {table_id!r}")
        return row

    def _save(self, row: Any, **values: Any) -> None:
        def work(conn: Connection) -> Any:
            return conn.execute(update(a.open_tables).where(
                a.open_tables.c.id == row.id, a.open_tables.c.version == row.version)
                .values(version=row.version + 1, updated_at=time.time(), **values)).rowcount
        if self.store.transactions.run(work) != 1:
            raise Conflict(0, "the table changed meanwhile; look again")

    def join(self, user: User, table_id: str, password: str | None) -> dict[str, Any]:
        row = self._row(table_id)
        if row.status != OPEN:
            raise Forbidden("this table is not open any more")
        if row.password_hash:
            try:
                _hasher.verify(row.password_hash, (password or "")[:200])
            except (VerificationError, InvalidHashError) as exc:
                raise Forbidden("wrong password for this table") from exc
        seats = [dict(s) for s in row.seats]
        if any(s["user_id"] == user.id for s in seats):
            raise BadRequest("you already sit at this table")
        free = [i for i, s in enumerate(seats) if s["user_id"] is None and not s["bot"]]
        if not free:
            raise Forbidden("this table has no free seat")
        seats[free[0]] = {"user_id": user.id, "name": user.name, "bot": None}
        self._save(row, seats=seats)
        if len(free) == 1:
            self.start(None, table_id)
        return self.describe(self._row(table_id))

    def leave(self, user: User, table_id: str) -> None:
        """Leave a table before it starts (the creator's leaving cancels it)."""
        row = self._row(table_id)
        if row.status != OPEN:
            raise Forbidden("this table is not open any more")
        if row.creator_id == user.id:
            self._save(row, status=CANCELLED)
            return
        seats = [dict(s) for s in row.seats]
        mine = [i for i, s in enumerate(seats) if s["user_id"] == user.id]
        if not mine:
            raise BadRequest("you do not sit at this table")
        seats[mine[0]] = {"user_id": None, "name": None, "bot": None}
        self._save(row, seats=seats)

    def fill_with_bots(self, user: User, table_id: str, bot: str) -> dict[str, Any]:
        """The creator gives every free seat to ``bot``; the game then starts."""
        row = self._row(table_id)
        if row.creator_id != user.id:
            raise Forbidden("only the table's creator can give seats to bots")
        if row.status != OPEN:
            raise Forbidden("this table is not open any more")
        refusal = seat_refusal(bot, row.title)
        if refusal is not None:
            raise BadRequest(refusal, rule="server.seat.bot")
        seats = [s if s["user_id"] is not None or s["bot"] else {**s, "bot": bot}
                 for s in (dict(x) for x in row.seats)]
        self._save(row, seats=seats)
        return self.start(user, table_id)

    def start(self, user: User | None, table_id: str) -> dict[str, Any]:
        """Start the game now (``user`` None: the table filled up). Free seats are left out."""
        row = self._row(table_id)
        if user is not None and row.creator_id != user.id:
            raise Forbidden("only the table's creator can start it early")
        if row.status != OPEN:
            raise Forbidden("this table is not open any more")
        taken = [dict(s) for s in row.seats if s["user_id"] is not None or s["bot"]]
        info = get_title(row.title)
        if len(taken) < info.min_players:
            raise BadRequest(f"{info.display_name} needs {info.min_players} players; "
                             f"{len(taken)} seats are taken (give the others to bots)")
        self._save(row, status=STARTING)  # from here on, this call alone starts it
        specs = [SeatSpec(_seat_name(s, i), s["bot"]) for i, s in enumerate(taken)]
        try:
            created = self.store.create(row.title, dict(row.options), None, specs)
        except Exception:
            def reopen(conn: Connection) -> Any:
                conn.execute(update(a.open_tables).where(a.open_tables.c.id == table_id)
                             .values(status=OPEN, version=row.version + 2))
            self.store.transactions.run(reopen)
            raise
        now = time.time()
        def work(conn: Connection) -> Any:
            holders = [{"game_id": created.id, "seat": i, "user_id": s["user_id"],
                        "joined_at": now} for i, s in enumerate(taken) if s["user_id"]]
            if holders:
                conn.execute(insert(a.seat_accounts), holders)
            conn.execute(update(a.open_tables).where(a.open_tables.c.id == table_id)
                         .values(status=STARTED, game_id=created.id, seats=taken,
                                 version=row.version + 2, updated_at=now))
        self.store.transactions.run(work)
        for callback in self.started:
            callback(created.id)
        return self.describe(self._row(table_id))

    def describe(self, row: Any, names: dict[int, str] | None = None) -> dict[str, Any]:
        info = get_title(row.title)
        return {
            "id": row.id, "title": row.title, "title_name": info.display_name,
            "name": row.name, "options": row.options, "status": row.status,
            "game_id": row.game_id, "password": row.password_hash is not None,
            "creator": (names or {}).get(row.creator_id), "creator_id": row.creator_id,
            "seats": [{"seat": i, "name": s["name"], "bot": s["bot"],
                       "free": s["user_id"] is None and not s["bot"]}
                      for i, s in enumerate(row.seats)],
            "free": sum(1 for s in row.seats if s["user_id"] is None and not s["bot"]),
            "created_at": row.created_at, "updated_at": row.updated_at,
        }

    def listing(self, limit: int = 100) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(a.open_tables).where(a.open_tables.c.status == OPEN)
                                .order_by(a.open_tables.c.created_at.desc()).limit(limit)).all()
            ids = {r.creator_id for r in rows}
            names = {u.id: u.name for u in conn.execute(
                select(a.users.c.id, a.users.c.name).where(a.users.c.id.in_(ids)))} if ids else {}
        return [self.describe(r, names) for r in rows]

    def sitting(self, user_id: int) -> list[dict[str, Any]]:
        """The open tables ``user_id`` sits at (not started yet)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(a.open_tables).where(a.open_tables.c.status == OPEN)
                                .order_by(a.open_tables.c.created_at.desc()).limit(500)).all()
        return [self.describe(r) for r in rows
                if any(s["user_id"] == user_id for s in r.seats)]

    def detail(self, table_id: str) -> dict[str, Any]:
        row = self._row(table_id)
        with self.engine.connect() as conn:
            creator = conn.execute(select(a.users.c.name)
                                   .where(a.users.c.id == row.creator_id)).scalar_one_or_none()
        return self.describe(row, {row.creator_id: creator or "?"})


# -- routes ----------------------------------------------------------------------------


class TableIn(BaseModel):
    title: str = Field(max_length=64)
    name: str = Field("", max_length=80)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str | None] = Field(min_length=1, max_length=8)
    """Per seat: null (a person) or a bot's name."""
    password: str | None = Field(None, max_length=200)


class JoinIn(BaseModel):
    password: str | None = Field(None, max_length=200)


class BotFill(BaseModel):
    bot: str = Field(max_length=32)


def install_routes(tables: OpenTables) -> APIRouter:
    """The ``/api/tables`` routes over ``tables``."""
    router = APIRouter(tags=["open tables"])

    @router.get("/api/tables")
    def list_tables(session: MaybeSession) -> dict[str, Any]:
        """Open tables, newest first (anyone may look; joining needs an account)."""
        return {"tables": tables.listing()}

    @router.post("/api/tables")
    def create_table(body: TableIn, session: SignedIn) -> dict[str, Any]:
        table_id = tables.create(session.user, body.title, body.name, body.options,
                                 body.seats, body.password or None)
        return tables.detail(table_id)

    @router.get("/api/tables/{table_id}")
    def get_table(table_id: str) -> dict[str, Any]:
        return tables.detail(table_id)

    @router.post("/api/tables/{table_id}/join")
    def join(table_id: str, body: JoinIn, session: SignedIn) -> dict[str, Any]:
        return tables.join(session.user, table_id, body.password)

    @router.post("/api/tables/{table_id}/leave")
    def leave(table_id: str, session: SignedIn) -> dict[str, Any]:
        tables.leave(session.user, table_id)
        return tables.detail(table_id)

    @router.post("/api/tables/{table_id}/bots")
    def fill(table_id: str, body: BotFill, session: SignedIn) -> dict[str, Any]:
        return tables.fill_with_bots(session.user, table_id, body.bot)

    @router.post("/api/tables/{table_id}/start")
    def start(table_id: str, session: SignedIn) -> dict[str, Any]:
        return tables.start(session.user, table_id)

    return router
