"""Games kept by the server: the database, the in-memory cache, and every change to a game.

The database is the truth; :class:`GameStore` caches each game in play as a live
:class:`~boardroom.core.game.Game` and checks the game's ``version`` row before every use, so
a change made by another server process is picked up (the new actions are applied, or the
game is rebuilt from its record after a take-back).

Appending action N is one transaction: it raises the game's version only if it is still the
version the action was checked against, and inserts the action under the primary key
``(game_id, idx)``. Two writers (threads or processes) can therefore never both append
action N: the second gets a 409 with the current count. Only after the commit is the action
applied to the cache and acknowledged.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from boardroom.bots.base import seat_refusal
from boardroom.core.errors import BoardroomError, IllegalAction, RecordError
from boardroom.core.game import Game
from boardroom.core.record import Record
from boardroom.server import tables as t
from boardroom.server.commits import GroupCommit, Transactions
from boardroom.server.config import Settings
from boardroom.server.db import is_sqlite
from boardroom.server.errors import (
    BadRequest,
    Conflict,
    Forbidden,
    Illegal,
    NotFound,
    TooLarge,
)
from boardroom.server.netguard import WebhookRefused, check_url
from boardroom.server.stats import Tally
from boardroom.server.tokens import matches, new_game_id, new_token, token_hash

log = logging.getLogger("boardroom.server")
T = TypeVar("T")

PLAY, OVER, ENDED = "play", "over", "ended"
SENT = "sent"
"""In a kept key's answer: the notation as the client sent it (left out of replies)."""

BUMP_FOR_ACTION = (
    update(t.games)
    .where(t.games.c.id == bindparam("b_id"), t.games.c.version == bindparam("b_old"))
    .values(version=bindparam("b_new"), updated_at=bindparam("b_now"),
            count=bindparam("b_count"), status=bindparam("b_status"))
)
"""The append's version bump, built once: the statement is the same for every action
(only its parameters change), so SQLAlchemy finds it compiled without rebuilding it."""
INSERT_ACTION = insert(t.actions)


SEED_DIGITS = 40
"""The longest seed the server keeps, written out (``games.seed`` is a String(40))."""


def printable(text: str) -> bool:
    """Text every database keeps as it is: UTF-8, no NUL or other control character."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return text.isprintable()


@dataclass
class SeatInfo:
    seat: int
    name: str
    token_hash: str
    bot: str | None
    webhook: str | None
    claimed: bool


@dataclass
class UndoRequest:
    """A take-back that waits for every other human seat to accept it."""

    id: int
    seat: int
    first_index: int
    at_count: int
    accepted: list[int]
    draws: bool = False
    """Whether taking the actions back un-draws what chance showed after them (so the
    others were asked even if nobody had acted since)."""


@dataclass
class Entry:
    """One game as the cache holds it. Use only while holding the game's lock."""

    id: str
    game: Game
    status: str
    version: int
    undos: int
    admin_hash: str
    seats: list[SeatInfo]
    actors: list[int]
    audit: list[str]
    request: UndoRequest | None
    created_at: float
    pictures: dict[tuple[Any, ...], dict[str, Any]] = field(default_factory=dict)
    """Live messages made since the last change, by who sees them and from which action
    (every live client of one seat, or every spectator, gets the one picture made for
    the first of them); emptied when the game changes."""
    seed_chosen: bool = False
    """The seed came from the client (see :meth:`GameStore.create`)."""

    @property
    def count(self) -> int:
        return len(self.game.record.actions)

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act if self.status == PLAY else ()

    def humans(self) -> list[int]:
        return [s.seat for s in self.seats if s.bot is None]


@dataclass(frozen=True)
class Change:
    """A game changed (an action, a take-back, a seat or status change)."""

    game_id: str
    version: int
    count: int
    to_act: tuple[int, ...]
    before: tuple[int, ...]
    status: str
    local: bool = True
    bots: bool = True
    """Whether the game may have a bot seat (False only when known to have none)."""


@dataclass(frozen=True)
class SeatSpec:
    name: str
    bot: str | None = None
    webhook: str | None = None


@dataclass
class Created:
    id: str
    tokens: list[str]
    admin_token: str
    names: list[str]
    bots: list[str | None] = field(default_factory=list)


@dataclass(frozen=True)
class Who:
    """Who a request speaks for: a seat, the game's admin, or a spectator (neither)."""

    seat: int | None
    admin: bool = False


Auth = Who | str | None
"""Who asks: a resolved :class:`Who` (the server's own bots), or a bearer token (None:
nobody), resolved against the game under its lock."""
Listener = Callable[[Change], None]
TxHook = Callable[[Connection, str, int], None]
SeatResolver = Callable[[str, str], int | None]
"""``resolve(game_id, token_hash) -> seat`` (None: not a token it knows)."""


class GameStore:
    """Every game of one server process. Thread-safe: one lock per game."""

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
        self.sole_writer = is_sqlite(engine)
        """SQLite: this process is the only writer, so a cached game is always current."""
        self.transactions: Transactions = (
            GroupCommit(engine) if self.sole_writer else Transactions(engine))
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

    def cached(self) -> int:
        """Games held in memory now."""
        with self._guard:
            return len(self._cache)

    def _remember(self, entry: Entry) -> None:
        with self._guard:
            self._cache[entry.id] = entry
            self._cache.move_to_end(entry.id)
            while len(self._cache) > self.settings.cache_games:
                self._cache.popitem(last=False)

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
        if self.sole_writer:
            with self._guard:
                cached = self._cache.get(game_id)
            if cached is not None:
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

    def _bump(self, conn: Connection, entry: Entry, **values: Any) -> int:
        """Raise the game's version if it is still ``entry.version``; else a 409."""
        version = entry.version + 1
        if values.keys() == {"count", "status"}:  # an action: the statement built once
            done = conn.execute(BUMP_FOR_ACTION, {
                "b_id": entry.id, "b_old": entry.version, "b_new": version,
                "b_now": time.time(), "b_count": values["count"],
                "b_status": values["status"]})
        else:
            done = conn.execute(
                update(t.games)
                .where(t.games.c.id == entry.id, t.games.c.version == entry.version)
                .values(version=version, updated_at=time.time(), **values)
            )
        if done.rowcount != 1:
            raise Conflict(entry.count, "the game changed meanwhile; fetch it again")
        for hook in self.tx_hooks:
            hook(conn, entry.id, version)
        return version

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
            with self._guard:
                cached = self._cache.get(game_id)
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

    # -- creating -------------------------------------------------------------
    def _check_seats(self, title: str, specs: Sequence[SeatSpec]) -> None:
        """Each seat's name, bot (one that plays ``title``) and webhook are acceptable."""
        s = self.settings
        if not 1 <= len(specs) <= s.max_seats:
            raise BadRequest(f"a game has 1 to {s.max_seats} seats, not {len(specs)}")
        for spec in specs:
            if not spec.name.strip() or len(spec.name) > s.max_name:
                raise BadRequest(f"a seat's name has 1 to {s.max_name} characters")
            refusal = None if spec.bot is None else seat_refusal(spec.bot, title)
            if refusal is not None:
                raise BadRequest(refusal, rule="server.seat.bot")
            if spec.webhook is not None and (
                    not spec.webhook.startswith(("http://", "https://"))
                    or len(spec.webhook) > 2000 or not printable(spec.webhook)):
                raise BadRequest("a webhook is an http:// or https:// URL")
            if spec.webhook is not None and not s.allow_private_webhooks:
                try:
                    check_url(spec.webhook)
                except WebhookRefused as exc:
                    raise BadRequest(str(exc), rule="server.webhook.public") from exc

    def _check_options(self, options: dict[str, Any]) -> None:
        """Each option value is at most ``max_option`` bytes of JSON (before any title
        reads it)."""
        limit = self.settings.max_option
        for key, value in options.items():
            if len(str(key)) > 64:
                raise BadRequest("an option's name has at most 64 characters")
            if len(json.dumps(value)) > limit:
                raise TooLarge(f"option {key!r} is limited to {limit} bytes")

    def _check_seed(self, chosen: bool, specs: Sequence[SeatSpec], over: bool) -> None:
        """A chosen seed lets its chooser compute every draw: refused for a game still to
        be played by more than one person, unless ``--allow-chosen-seeds``."""
        humans = sum(1 for spec in specs if spec.bot is None)
        if chosen and humans > 1 and not over and not self.settings.allow_chosen_seeds:
            raise BadRequest(
                "a chosen seed lets whoever chose it compute every draw, so this server "
                "draws the seed itself for a game with more than one person (leave out "
                "'seed', or seat bots); boardroom serve --allow-chosen-seeds accepts it",
                rule="server.seed.chosen")

    def create(self, title: str, options: dict[str, Any], seed: int | None,
               specs: Sequence[SeatSpec]) -> Created:
        self._check_seats(title, specs)
        self._check_options(options)
        chosen = seed is not None
        self._check_seed(chosen, specs, over=False)
        if seed is None:
            seed = secrets.randbelow(2**63)
        try:
            game = Game(title, [s.name for s in specs], seed, options)
        except BoardroomError as exc:
            raise BadRequest(str(exc)) from exc
        return self._insert(game, specs, [], seed_chosen=chosen)

    def import_record(self, data: Any, specs: Sequence[SeatSpec] | None) -> Created:
        """Start an online game from a record file: its actions are replayed and kept."""
        options = data.get("options") if isinstance(data, dict) else None
        if isinstance(options, dict):
            self._check_options(options)
        try:
            record = Record.from_json(data)
            game = Game(record.title, record.players, record.seed, record.options)
        except BoardroomError as exc:
            raise BadRequest(f"record cannot start a game: {exc}") from exc
        if len(str(record.seed)) > SEED_DIGITS:
            raise BadRequest(f"record cannot start a game: its seed has more than "
                             f"{SEED_DIGITS} characters (the server keeps seeds up to that)")
        if specs is None:
            specs = [SeatSpec(name) for name in record.players]
        self._check_seats(record.title, specs)
        if [s.name for s in specs] != record.players:
            raise BadRequest("the seats must be the record's players, in order: "
                             + ", ".join(record.players))
        actors = []
        for index, text in enumerate(record.actions):
            if len(text) > self.settings.max_notation:
                raise BadRequest(f"action {index} is longer than {self.settings.max_notation}")
            seats = game.to_act
            try:
                game.apply(text)
            except IllegalAction as exc:
                raise BadRequest(
                    str(RecordError(f"action {index} ({text!r}) cannot be replayed: {exc}"))
                ) from exc
            actors.append(seats[0])
        # the record's seed is known to whoever sends it
        self._check_seed(True, specs, over=game.is_over)
        return self._insert(game, specs, actors, seed_chosen=True)

    def _insert(self, game: Game, specs: Sequence[SeatSpec], actors: list[int],
                seed_chosen: bool = False) -> Created:
        game_id = new_game_id()
        tokens = [new_token() for _ in specs]
        admin = new_token()
        now = time.time()
        record = game.record
        status = OVER if game.is_over else PLAY
        def work(conn: Connection) -> None:
            conn.execute(insert(t.games).values(
                id=game_id, title=record.title, rules_version=record.rules_version,
                options=record.options, players=record.players, seed=str(record.seed),
                admin_hash=token_hash(admin), status=status, count=len(record.actions),
                version=1, undos=0, created_at=now, updated_at=now, seed_chosen=seed_chosen))
            conn.execute(insert(t.seats), [
                {"game_id": game_id, "seat": i, "name": s.name, "token_hash": token_hash(tok),
                 "bot": s.bot, "webhook": s.webhook, "claimed": False}
                for i, (s, tok) in enumerate(zip(specs, tokens, strict=True))])
            if record.actions:
                conn.execute(insert(t.actions), [
                    {"game_id": game_id, "idx": i, "notation": a, "seat": seat,
                     "by_bot": False, "created_at": now}
                    for i, (a, seat) in enumerate(zip(record.actions, actors, strict=True))])

        self._write(work)
        for digest in (token_hash(admin), *map(token_hash, tokens)):
            self._learn(digest)
        entry = Entry(game_id, game, status, 1, 0, token_hash(admin),
                      [SeatInfo(i, s.name, token_hash(tok), s.bot, s.webhook, False)
                       for i, (s, tok) in enumerate(zip(specs, tokens, strict=True))],
                      list(actors), [], None, now, seed_chosen=seed_chosen)
        self._remember(entry)
        self._fire(Change(game_id, 1, entry.count, entry.to_act, (), status))
        return Created(game_id, tokens, admin, [s.name for s in specs], [s.bot for s in specs])

    # -- acting ---------------------------------------------------------------
    def act(self, game_id: str, auth: Auth, notation: str, after: int, key: str | None = None,
            by_bot: bool = False) -> dict[str, Any]:
        """Append one action for the asker's seat if the game has exactly ``after`` actions.

        The answer (and, with a ``key``, the answer to every retry) is
        ``{index, count, notation, seat, log}``.
        """
        if len(notation) > self.settings.max_notation:
            raise BadRequest(f"an action's notation has at most {self.settings.max_notation} "
                             "characters")
        with self._lock(game_id):
            entry = self._current(game_id)
            seat = self._auth(entry, auth).seat
            if seat is None:
                raise Forbidden("only a seat's token can act (this is a spectator's or "
                                "admin's)")
            if key is not None:
                stored = self._keyed(game_id, seat, key)
                if stored is not None:
                    return self._retry(entry, stored, notation, after)
            if entry.status != PLAY:
                raise Illegal("core.game-over", "the game is over" if entry.status == OVER
                              else "the game was ended by its admin")
            if entry.seats[seat].bot is not None and not by_bot:
                raise Forbidden(f"seat {seat} is played by the {entry.seats[seat].bot} bot now")
            count = entry.count
            if after != count:
                raise Conflict(count)
            before = entry.game.to_act
            if seat not in before:
                names = ", ".join(entry.seats[s].name for s in before) or "nobody"
                raise Forbidden(f"{entry.seats[seat].name} is not asked to decide now "
                                f"(waiting for {names})", rule="core.not-your-decision")
            try:
                action = entry.game.parse(notation)
            except IllegalAction as exc:
                raise Illegal(exc.rule, exc.message) from exc
            error = entry.game.title.check(entry.game.state, action, seat)
            if error is not None:
                raise Illegal(error.rule, error.message)
            try:
                entry.game.apply(action, seat)
            except IllegalAction as exc:  # a title whose check missed something
                raise Illegal(exc.rule, exc.message) from exc
            text = entry.game.record.actions[-1]  # the listed twin of a symmetric turn
            answer = {"index": count, "count": count + 1, "notation": text, "seat": seat,
                      "log": [e.text for e in entry.game.log_entries if e.index == count]}
            status = OVER if entry.game.is_over else PLAY
            def append(conn: Connection) -> int:
                version = self._bump(conn, entry, count=count + 1, status=status)
                conn.execute(INSERT_ACTION, {
                    "game_id": game_id, "idx": count, "notation": text, "seat": seat,
                    "by_bot": by_bot, "created_at": time.time()})
                if key is not None:
                    conn.execute(insert(t.action_keys).values(
                        game_id=game_id, seat=seat, key=key,
                        response={**answer, SENT: notation}))
                if entry.request is not None:  # the game moves on: the request lapses
                    conn.execute(update(t.undo_requests).where(
                        t.undo_requests.c.game_id == game_id,
                        t.undo_requests.c.status == "open").values(status="lapsed"))
                return version

            try:
                version = self._write(append)
            except (Conflict, IntegrityError) as exc:
                self._forget(game_id)
                # Another writer appended first; if it was this very request (the same
                # key sent twice at once, to two processes), its answer is this one's.
                stored = None if key is None else self._keyed(game_id, seat, key)
                if stored is not None:
                    return self._retry(self._current(game_id), stored, notation, after)
                raise Conflict(self._current(game_id).count,
                               "another action was appended first; fetch the game again"
                               ) from exc
            except BaseException:
                self._forget(game_id)
                raise
            entry.actors.append(seat)
            entry.version, entry.status = version, status
            entry.request = None  # the game moved on: an open take-back request lapsed
            self.stats.bump("actions", entry.game.record.title)
            change = Change(game_id, version, count + 1, entry.to_act, before, status,
                            bots=any(s.bot is not None for s in entry.seats))
        self._fire(change)
        return answer

    def _retry(self, entry: Entry, stored: dict[str, Any], notation: str,
               after: int) -> dict[str, Any]:
        """The first answer to a key, for a retry of the very same request (the same
        action at the same count); a key sent with another action is refused."""
        sent = stored.pop(SENT, None)
        same = after == stored["index"] and notation in (sent, stored["notation"])
        if not same:
            try:
                same = (after == stored["index"]
                        and str(entry.game.parse(notation)) in (sent, stored["notation"]))
            except IllegalAction:
                same = False
        if not same:
            raise Conflict(entry.count, f"this key was used for {stored['notation']} (action "
                                        f"{stored['index']}); a new action needs a new key")
        return stored

    def _keyed(self, game_id: str, seat: int, key: str) -> dict[str, Any] | None:
        if not key or len(key) > 128 or not printable(key):
            raise BadRequest("a key has 1 to 128 printable characters (no control "
                             "characters, no lone surrogates)")
        with self.engine.connect() as conn:
            row = conn.execute(select(t.action_keys.c.response).where(
                t.action_keys.c.game_id == game_id, t.action_keys.c.seat == seat,
                t.action_keys.c.key == key)).first()
        return None if row is None else dict(row.response)

    # -- taking back ----------------------------------------------------------
    def undo(self, game_id: str, auth: Auth, after: int) -> dict[str, Any]:
        """Take back the seat's own last action, and every action since.

        Straight away while nobody has acted since and chance showed nothing since (or
        no other human is seated); else a request every other human seat must accept:
        a take-back that would un-draw a hidden draw (Acquire's tile, the Lost Atlas's
        next map piece) needs the others' consent even at once (docs/server.md
        "Take-backs and hidden draws").
        """
        with self._lock(game_id):
            entry = self._current(game_id)
            seat = self._auth(entry, auth).seat
            if seat is None:
                raise Forbidden("only a seat's token can take back its action")
            if entry.status != PLAY:
                raise Illegal("server.undo.game-over", "a finished game cannot be taken back")
            if after != entry.count:
                raise Conflict(entry.count)
            mine = [i for i, s in enumerate(entry.actors) if s == seat]
            if not mine:
                raise Illegal("server.undo.nothing", "you have no action to take back")
            first = mine[-1]
            others = [s for s in entry.humans() if s != seat]
            draws = bool(others) and entry.game.reveals_since(first)
            if (first == entry.count - 1 and not draws) or not others:
                change = self._take_back(entry, seat, first, [])
                result = {"undone": True, "count": change.count, "audit": entry.audit[-1]}
            else:
                if entry.request is not None:
                    raise Illegal("server.undo.pending", "a take-back is already waiting for "
                                                         "an answer")
                def ask(conn: Connection) -> tuple[int, int]:
                    version = self._bump(conn, entry)
                    rid = conn.execute(insert(t.undo_requests).values(
                        game_id=game_id, seat=seat, first_index=first, at_count=entry.count,
                        accepted=[], status="open", created_at=time.time())
                    ).inserted_primary_key
                    return version, int(rid[0]) if rid else 0

                version, rid = self._write(ask)
                entry.version = version
                entry.request = UndoRequest(rid, seat, first, entry.count, [], draws)
                change = Change(game_id, version, entry.count, entry.to_act, entry.to_act,
                                entry.status)
                result = {"undone": False, "request": request_json(entry)}
        self._fire(change)
        return result

    def answer_undo(self, game_id: str, auth: Auth, request_id: int,
                    accept: bool) -> dict[str, Any]:
        with self._lock(game_id):
            entry = self._current(game_id)
            seat = self._auth(entry, auth).seat
            if seat is None:
                raise Forbidden("only a seat's token can answer a take-back request")
            req = entry.request
            if req is None or req.id != request_id:
                raise NotFound(f"no open take-back request {request_id}")
            if req.at_count != entry.count:
                raise Conflict(entry.count, "the game moved on; the request lapsed")
            if seat == req.seat or seat not in entry.humans():
                raise Forbidden("only the other human seats answer this request")
            if not accept:
                def decline(conn: Connection) -> int:
                    version = self._bump(conn, entry)
                    conn.execute(update(t.undo_requests).where(t.undo_requests.c.id == req.id)
                                 .values(status="declined"))
                    return version

                version = self._write(decline)
                entry.version, entry.request = version, None
                result: dict[str, Any] = {"undone": False, "declined": True}
                change = Change(game_id, version, entry.count, entry.to_act, entry.to_act,
                                entry.status)
            else:
                accepted = sorted({*req.accepted, seat})
                waiting = [s for s in entry.humans() if s != req.seat and s not in accepted]
                if waiting:
                    def accept_one(conn: Connection) -> int:
                        version = self._bump(conn, entry)
                        conn.execute(update(t.undo_requests)
                                     .where(t.undo_requests.c.id == req.id)
                                     .values(accepted=accepted))
                        return version

                    version = self._write(accept_one)
                    entry.version = version
                    req.accepted = accepted
                    result = {"undone": False, "request": request_json(entry)}
                    change = Change(game_id, version, entry.count, entry.to_act, entry.to_act,
                                    entry.status)
                else:
                    change = self._take_back(entry, req.seat, req.first_index, accepted, req.id)
                    result = {"undone": True, "count": change.count, "audit": entry.audit[-1]}
        self._fire(change)
        return result

    def _take_back(self, entry: Entry, seat: int, first: int, consent: list[int],
                   request_id: int | None = None) -> Change:
        count = entry.count
        taken = entry.game.record.actions[first:]
        name = entry.seats[seat].name
        text = f"{name} took back: {', '.join(taken)}"
        if entry.game.reveals_since(first):  # what it was, the audit does not say
            text += (" (a hidden draw was taken back with it; whoever saw what it drew "
                     "knows it still)")
        if consent:
            text += " (accepted by " + ", ".join(entry.seats[s].name for s in consent) + ")"
        before = entry.to_act
        def take(conn: Connection) -> int:
            version = self._bump(conn, entry, count=first, undos=entry.undos + 1)
            conn.execute(delete(t.actions).where(t.actions.c.game_id == entry.id,
                                                 t.actions.c.idx >= first))
            # a key of a taken-back action answers for nothing any more
            gone = [(r.seat, r.key) for r in conn.execute(
                select(t.action_keys.c.seat, t.action_keys.c.key, t.action_keys.c.response)
                .where(t.action_keys.c.game_id == entry.id)) if r.response["index"] >= first]
            for key_seat, key in gone:
                conn.execute(delete(t.action_keys).where(
                    t.action_keys.c.game_id == entry.id, t.action_keys.c.seat == key_seat,
                    t.action_keys.c.key == key))
            conn.execute(update(t.undo_requests).where(
                t.undo_requests.c.game_id == entry.id, t.undo_requests.c.status == "open",
                t.undo_requests.c.id != (request_id or 0)).values(status="lapsed"))
            conn.execute(insert(t.undone).values(
                game_id=entry.id, seat=seat, first_index=first, actions=taken,
                consent=consent, text=text, created_at=time.time()))
            if request_id is not None:
                conn.execute(update(t.undo_requests)
                             .where(t.undo_requests.c.id == request_id)
                             .values(status="done", accepted=consent))
            return version

        try:
            version = self._write(take)
        except Conflict:
            self._forget(entry.id)
            raise
        for _ in range(count - first):
            entry.game.undo()
        del entry.actors[first:]
        entry.version, entry.undos = version, entry.undos + 1
        entry.audit.append(text)
        entry.request = None
        return Change(entry.id, version, entry.count, entry.to_act, before, entry.status)

    # -- the admin ------------------------------------------------------------
    def set_bot(self, game_id: str, auth: Auth, seat: int, bot: str | None) -> None:
        """The admin hands seat ``seat`` to a bot (or, with None, back to its token)."""
        with self._lock(game_id):
            entry = self._current(game_id)
            if not self._auth(entry, auth).admin:
                raise Forbidden("only the game's admin token can change a seat")
            refusal = None if bot is None else seat_refusal(bot, entry.game.record.title)
            if refusal is not None:
                raise BadRequest(refusal, rule="server.seat.bot")
            if not 0 <= seat < len(entry.seats):
                raise NotFound(f"no seat {seat}")
            if bot is None and entry.seats[seat].bot is not None and entry.seed_chosen:
                # a person taking a bot's seat must not make a chosen seed's game one of
                # several people (the admin chose the seed)
                people = [SeatSpec(i.name, None if i.seat == seat else i.bot)
                          for i in entry.seats]
                self._check_seed(True, people, over=entry.status != PLAY)
            def hand_over(conn: Connection) -> int:
                version = self._bump(conn, entry)
                conn.execute(update(t.seats).where(t.seats.c.game_id == game_id,
                                                   t.seats.c.seat == seat).values(bot=bot))
                return version

            version = self._write(hand_over)
            entry.version = version
            entry.seats[seat].bot = bot
            # the seat counts as newly asked, so a bot that now holds it is started
            change = Change(game_id, version, entry.count, entry.to_act, (), entry.status)
        self._fire(change)

    def end(self, game_id: str, auth: Auth) -> None:
        """The admin ends a game before its end: no more actions, the record is public."""
        with self._lock(game_id):
            entry = self._current(game_id)
            if not self._auth(entry, auth).admin:
                raise Forbidden("only the game's admin token can end the game")
            if entry.status != PLAY:
                raise Illegal("core.game-over", "the game is already over")
            before = entry.to_act
            version = self._write(lambda conn: self._bump(conn, entry, status=ENDED))
            entry.version, entry.status = version, ENDED
            change = Change(game_id, version, entry.count, (), before, ENDED)
        self._fire(change)

    # -- reading --------------------------------------------------------------
    def snapshot(self, game_id: str, auth: Auth, log_from: int = 0) -> dict[str, Any]:
        """What the asker may see now: the body of ``GET /api/games/{id}``."""
        with self._lock(game_id):
            entry = self._current(game_id)
            return snapshot_of(entry, self._auth(entry, auth), log_from)

    def record(self, game_id: str, auth: Auth) -> dict[str, Any]:
        """The record: anyone's once the game is over; while it runs only the admin's, and
        then without the seed (it decides the draws)."""
        with self._lock(game_id):
            entry = self._current(game_id)
            who = self._auth(entry, auth)
            record = entry.game.to_record()
        if entry.status != PLAY:
            return record
        if not who.admin:
            raise Forbidden("the record of a running game is only for its admin token")
        del record["seed"]
        record.pop("digest", None)  # it covers the seed: a small seed could be found from it
        record["seed_hidden"] = True
        return record

    def list_games(self, limit: int = 200) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(t.games).order_by(t.games.c.updated_at.desc())
                                .limit(limit)).all()
            ids = [r.id for r in rows]
            seats: dict[str, list[Any]] = {i: [] for i in ids}
            if ids:
                for s in conn.execute(select(t.seats).where(t.seats.c.game_id.in_(ids))
                                      .order_by(t.seats.c.seat)):
                    seats[s.game_id].append(s)
        out = []
        for r in rows:
            open_seats = [s.seat for s in seats[r.id] if s.bot is None and not s.claimed]
            out.append({
                "id": r.id, "title": r.title, "status": r.status, "count": r._mapping["count"],
                "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in seats[r.id]],
                "open_seats": open_seats if r.status == PLAY else [],
                "seed_chosen": bool(r.seed_chosen),
                "created_at": r.created_at, "updated_at": r.updated_at,
            })
        return out

    def games_waiting_for_bots(self) -> list[str]:
        """Games in play with a bot seat (checked on start, so no bot's turn is forgotten)."""
        with self.engine.connect() as conn:
            return list(conn.execute(
                select(t.games.c.id).where(t.games.c.status == PLAY)
                .where(t.games.c.id.in_(select(t.seats.c.game_id)
                                        .where(t.seats.c.bot.is_not(None))))).scalars())


def request_json(entry: Entry) -> dict[str, Any] | None:
    req = entry.request
    if req is None:
        return None
    return {
        "id": req.id, "seat": req.seat, "name": entry.seats[req.seat].name,
        "actions": entry.game.record.actions[req.first_index:],
        "accepted": list(req.accepted),
        "draws": req.draws,
        "waiting": [s for s in entry.humans() if s != req.seat and s not in req.accepted],
    }


def snapshot_of(entry: Entry, who: Who, log_from: int = 0,
                setup: bool | None = None) -> dict[str, Any]:
    """A seat's (or the spectator's) picture of the game; no other seat's secrets.

    The log holds the sentences of actions ``log_from`` on, and the setup's sentences
    when ``setup`` (by default: when ``log_from`` is 0).
    """
    with_setup = log_from == 0 if setup is None else setup
    game = entry.game
    seat = who.seat
    to_act = entry.to_act
    legal: list[dict[str, str]] = []
    if seat is not None and seat in to_act and entry.seats[seat].bot is None:
        legal = [{"notation": str(a), "label": game.label(a, seat)}
                 for a in game.legal_actions(seat)]
    result = game.result
    return {
        "id": entry.id,
        "title": game.record.title,
        "seat": seat,
        "view": game.view(seat),
        "to_act": list(to_act),
        "legal": legal,
        "log": [{"index": e.index, "text": e.text} for e in game.log_entries
                if e.index >= log_from or (with_setup and e.index < 0)],
        "count": entry.count,
        "result": None if result is None or entry.status == ENDED else result.to_json(),
        "status": entry.status,
        "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in entry.seats],
        "audit": list(entry.audit),
        "undo_request": request_json(entry),
        "undos": entry.undos,
        "seed_chosen": entry.seed_chosen,
    }
