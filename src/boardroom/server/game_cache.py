"""The cache of games in play, and the plumbing every change to a game goes through.

The database is the truth; each game in play is kept as a live
:class:`~boardroom.core.game.Game` whose ``version`` row is checked before every use, so
a change made by another server process is picked up (the new actions are applied, or the
game is rebuilt from its record after a take-back). Every write goes through
:meth:`GameCache._write` (the group commit on SQLite) and raises the game's version with
:meth:`GameCache._bump`, which refuses (409) if another writer got there first.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, select, update

from boardroom.core.game import Game
from boardroom.server import tables as t
from boardroom.server.append_sql import DriverSql
from boardroom.server.commits import AutocommitWriter, GroupCommit, Transactions
from boardroom.server.config import Settings
from boardroom.server.db import is_sqlite
from boardroom.server.entries import (
    Appended,
    Auth,
    Change,
    Entry,
    Listener,
    SeatInfo,
    SeatResolver,
    TxHook,
    UndoRequest,
    Who,
)
from boardroom.server.errors import (
    Conflict,
    Forbidden,
    NotFound,
)
from boardroom.server.stats import Tally
from boardroom.server.tokens import matches, token_hash

log = logging.getLogger("boardroom.server")
T = TypeVar("T")


class GameCache:
    """The games of one server process held in memory, each checked against the
    database before use; the lock of each game; who a token is. Thread-safe: one lock
    per game. The jobs built on it (creating, acting, taking back) are its subclasses,
    joined in :class:`~boardroom.server.store.GameStore`."""

    def __init__(self, engine: Engine, settings: Settings) -> None:
        self.engine = engine
        self.settings = settings
        self.listeners: list[Listener] = []
        self.tx_hooks: list[TxHook] = []
        """Called inside the append transaction (PostgreSQL NOTIFY is sent on commit)."""
        self.seat_resolvers: list[SeatResolver] = []
        """Other bearer tokens a seat accepts (an account's delegate tokens, issue 27)."""
        self._cache: OrderedDict[str, Entry] = OrderedDict()
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()
        self._written = threading.Condition(self._guard)
        """Notified when a quick-path commit is settled (:meth:`_settle`)."""
        self.sole_writer = is_sqlite(engine)
        """SQLite: this process is the only writer, so a cached game is always current."""
        self.transactions: Transactions = (
            GroupCommit(engine) if self.sole_writer else Transactions(engine))
        self.sql = DriverSql(qmark=self.sole_writer)
        """An action's append on the driver's cursor (:mod:`.append_sql`)."""
        self.quick_writer: GroupCommit | AutocommitWriter = (
            self.transactions if isinstance(self.transactions, GroupCommit)
            else AutocommitWriter(engine))
        """Where :mod:`.quick_act` sends its appends (SQLite: the group commit)."""
        self.notice_of: Callable[[str, int, Appended], str] | None = None
        """The payload of the PostgreSQL notice of an appended action (set by the
        PostgreSQL broadcaster; the quick path's append sends it itself)."""
        self._known: OrderedDict[str, None] = OrderedDict()
        """Hashes of tokens seen to be valid (for the rate limit's seat keys)."""
        self.stats = Tally()
        """Counts for ``/metrics`` (actions by title, refusals by rule, bot decisions)."""

    KNOWN_TOKENS = 200_000

    def known_token(self, digest: str) -> bool:
        """Whether the token of hash ``digest`` is one this process has seen to belong to
        a game (it issued it, or a request with it was answered for its seat or admin)."""
        with self._guard:
            return digest in self._known

    def _learn(self, digest: str) -> None:
        with self._guard:
            self._known[digest] = None
            self._known.move_to_end(digest)
            while len(self._known) > self.KNOWN_TOKENS:
                self._known.popitem(last=False)

    # -- plumbing -------------------------------------------------------------
    def _lock(self, game_id: str) -> threading.RLock:
        with self._guard:
            lock = self._locks.get(game_id)
            if lock is None:
                lock = self._locks[game_id] = threading.RLock()
            return lock

    def _write(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in a write transaction; return once it is committed."""
        return self.transactions.run(work)

    def close(self) -> None:
        self.transactions.close()
        if self.quick_writer is not self.transactions:
            self.quick_writer.close()

    def cached(self) -> int:
        """Games held in memory now."""
        with self._guard:
            return len(self._cache)

    def _remember(self, entry: Entry) -> None:
        with self._guard:
            self._cache[entry.id] = entry
            self._cache.move_to_end(entry.id)
            for _ in range(len(self._cache)):
                if len(self._cache) <= self.settings.cache_games:
                    break
                oldest, dropped = self._cache.popitem(last=False)
                if dropped.writing:  # its commit is pending: a read now would miss it
                    self._cache[oldest] = dropped

    def _forget(self, game_id: str) -> None:
        with self._guard:
            self._cache.pop(game_id, None)

    def _fire(self, change: Change) -> None:
        for listener in list(self.listeners):
            try:
                listener(change)
            except Exception:  # a listener's bug must not undo an acknowledged action
                log.exception("change listener failed for game %s", change.game_id)

    def _current(self, game_id: str) -> Entry:
        """The game as the database has it now (hold the game's lock)."""
        cached = self._settled(game_id)
        if cached is not None and (self.sole_writer or self._version_of(game_id)
                                   == cached.version):
            return cached
        with self.engine.connect() as conn:
            row = conn.execute(select(t.games).where(t.games.c.id == game_id)).first()
            if row is None:
                raise NotFound(f"no game {game_id!r}")
            with self._guard:
                entry = self._cache.get(game_id)
            if entry is not None and entry.version == row.version:
                return entry
            count = row._mapping["count"]
            if entry is not None and entry.undos == row.undos and count >= entry.count:
                new = conn.execute(
                    select(t.actions.c.notation, t.actions.c.seat)
                    .where(t.actions.c.game_id == game_id, t.actions.c.idx >= entry.count)
                    .order_by(t.actions.c.idx)
                ).all()
                for notation, seat in new:
                    entry.game.apply(notation, seat)
                    entry.actors.append(seat)
            else:
                entry = self._build(conn, row)
            entry.version, entry.undos, entry.status = row.version, row.undos, row.status
            entry.admin_hash = row.admin_hash
            self._load_small(conn, entry)
        self._remember(entry)
        return entry

    def _settled(self, game_id: str) -> Entry | None:
        """The cached game once no action of the quick path waits for its commit in it
        (hold the game's lock); None if it is not cached (or its write failed)."""
        with self._guard:
            cached = self._cache.get(game_id)
            while cached is not None and cached.writing:
                self._written.wait()
                cached = self._cache.get(game_id)
        return cached

    def _settle(self, entry: Entry, kept: bool) -> None:
        """A quick-path write is done: the entry may be used again (``kept``), or it is
        dropped (the write failed: the next use reads the game again)."""
        with self._guard:
            if not kept and self._cache.get(entry.id) is entry:
                del self._cache[entry.id]
            entry.writing = False
            self._written.notify_all()

    def _version_of(self, game_id: str) -> int | None:
        """The game's version in the database (None: no such game), read on the driver's
        cursor: the check before every use of a cached game on PostgreSQL, where the
        Core statement cost 25 times the query."""
        rows = self.sql.query(self.engine, "SELECT version FROM games WHERE id = ?",
                              (game_id,))
        return int(rows[0][0]) if rows else None

    def _build(self, conn: Connection, row: Any) -> Entry:
        game = Game(row.title, row.players, int(row.seed), row.options)
        entry = Entry(row.id, game, row.status, row.version, row.undos, row.admin_hash, [], [],
                      [], None, row.created_at, seed_chosen=bool(row.seed_chosen))
        for notation, seat in conn.execute(
            select(t.actions.c.notation, t.actions.c.seat)
            .where(t.actions.c.game_id == row.id).order_by(t.actions.c.idx)
        ):
            game.apply(notation, seat)
            entry.actors.append(seat)
        return entry

    def _load_small(self, conn: Connection, entry: Entry) -> None:
        """Seats, the audit trail and the open take-back request."""
        entry.seats = [
            SeatInfo(r.seat, r.name, r.token_hash, r.bot, r.webhook, r.claimed)
            for r in conn.execute(
                select(t.seats).where(t.seats.c.game_id == entry.id).order_by(t.seats.c.seat))
        ]
        entry.audit = [
            r.text for r in conn.execute(
                select(t.undone.c.text).where(t.undone.c.game_id == entry.id)
                .order_by(t.undone.c.id))
        ]
        req = conn.execute(
            select(t.undo_requests).where(t.undo_requests.c.game_id == entry.id,
                                          t.undo_requests.c.status == "open")
            .order_by(t.undo_requests.c.id.desc())
        ).first()
        entry.request = None if req is None or req.at_count != entry.count else UndoRequest(
            req.id, req.seat, req.first_index, req.at_count, list(req.accepted),
            entry.game.reveals_since(req.first_index))

    def _bump(self, conn: Connection, entry: Entry, action: Appended | None = None,
              **values: Any) -> int:
        """Raise the game's version if it is still ``entry.version``; else a 409. With
        ``action``, the appended action's bump (its count and status; on the driver's
        cursor), told to the transaction's hooks so another process can apply it."""
        version = entry.version + 1
        if action is not None:
            done = self.sql.bump(conn, entry.id, entry.version, version, time.time(),
                                 action.index + 1, action.status)
        else:
            done = conn.execute(
                update(t.games)
                .where(t.games.c.id == entry.id, t.games.c.version == entry.version)
                .values(version=version, updated_at=time.time(), **values)
            ).rowcount == 1
        if not done:
            raise Conflict(entry.count, "the game changed meanwhile; fetch it again")
        for hook in self.tx_hooks:
            hook(conn, entry.id, version, action)
        return version

    def apply_notice(self, game_id: str, version: int, action: Appended) -> bool:
        """Another process appended ``action``, bringing the game to ``version``: the
        cached game applies it itself if it is at the version just before, so nothing is
        read from the database. True if the cache is now at ``version`` or later; False
        (the next use reads the game) if it is not cached, not just before, or its lock is
        held (the listener thread never waits on a game)."""
        lock = self._lock(game_id)
        if not lock.acquire(blocking=False):
            return False
        try:
            with self._guard:
                entry = self._cache.get(game_id)
            if entry is None or entry.writing:
                return False
            if entry.version >= version:
                return True
            if (entry.version != version - 1 or entry.undos != action.undos
                    or entry.count != action.index):
                return False
            try:
                entry.game.apply(action.notation, action.seat)
            except Exception:  # the next use reads the game from the database
                log.exception("game %s: another process's action did not apply", game_id)
                self._forget(game_id)
                return False
            entry.actors.append(action.seat)
            entry.version, entry.status = version, action.status
            entry.request = None  # the game moved on: an open take-back request lapsed
            return True
        finally:
            lock.release()

    @contextmanager
    def game(self, game_id: str) -> Iterator[Entry]:
        """The current game, with its lock held (for reads by routers and the live feed)."""
        with self._lock(game_id):
            yield self._current(game_id)

    @contextmanager
    def game_at(self, game_id: str, at_least: int | None) -> Iterator[Entry]:
        """:meth:`game`, but a cached game already at version ``at_least`` or later is
        taken as it is, with no database read (the live feed, woken by this process's
        own change to that version; a later change by another process wakes it again)."""
        with self._lock(game_id):
            cached = self._settled(game_id)
            if at_least is not None and cached is not None and cached.version >= at_least:
                yield cached
            else:
                yield self._current(game_id)

    @contextmanager
    def game_now(self, game_id: str, at_least: int | None = None) -> Iterator[Entry | None]:
        """The current game with its lock held, if that needs no waiting: the game is
        cached, its lock is free, and either this process is the only writer (SQLite) or
        the cache is at version ``at_least`` (see :meth:`game_at`). Else None, and the
        caller uses :meth:`game_at` on a worker thread. The live feed reads the game on
        the event loop this way, saving a thread hand-off per client per action."""
        if not self.sole_writer and at_least is None:
            yield None
            return
        lock = self._lock(game_id)
        if not lock.acquire(blocking=False):
            yield None
            return
        try:
            with self._guard:
                entry = self._cache.get(game_id)
            if entry is not None and entry.writing:
                entry = None  # an action waits for its commit: not without waiting
            if entry is not None and not self.sole_writer and (
                    at_least is None or entry.version < at_least):
                entry = None
            yield entry
        finally:
            lock.release()

    # -- who is asking --------------------------------------------------------
    def who(self, entry: Entry, token: str | None) -> Who:
        """The seat (or admin) ``token`` belongs to in this game; 403 for a stranger's token."""
        if token is None:
            return Who(None)
        if matches(token, entry.admin_hash):
            self._learn(entry.admin_hash)
            return Who(None, admin=True)
        digest = token_hash(token)
        for seat in entry.seats:
            if secrets.compare_digest(digest, seat.token_hash):
                if not seat.claimed:
                    self._claim(entry, seat)
                self._learn(digest)
                return Who(seat.seat)
        for resolve in self.seat_resolvers:
            held = resolve(entry.id, digest)
            if held is not None and 0 <= held < len(entry.seats):
                return Who(held)
        raise Forbidden("this token belongs to no seat of this game")

    def _auth(self, entry: Entry, auth: Auth) -> Who:
        return auth if isinstance(auth, Who) else self.who(entry, auth)

    def _claim(self, entry: Entry, seat: SeatInfo) -> None:
        self._write(lambda conn: conn.execute(
            update(t.seats).where(t.seats.c.game_id == entry.id, t.seats.c.seat == seat.seat)
            .values(claimed=True)))
        seat.claimed = True
