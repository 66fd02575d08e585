"""What the server keeps of a game in memory, and what it tells others of a change.

:class:`Entry` is one cached game; :class:`Change` is what the store's listeners hear
after a change is committed; :class:`Who` is who a request speaks for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection

from boardroom.core.game import Game

PLAY, OVER, ENDED = "play", "over", "ended"
SENT = "sent"
"""In a kept key's answer: the notation as the client sent it (left out of replies)."""

SEED_DIGITS = 40
"""The longest seed the server keeps, written out (``games.seed`` is a String(40))."""


def printable(text: str) -> bool:
    """Text every database keeps as it is: UTF-8, no NUL or other control character."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return text.isprintable()


def valid_key(key: str) -> bool:
    """An idempotency key the server takes: 1 to 128 printable characters.

    >>> valid_key("1733-ab"), valid_key(""), valid_key("x" * 129), valid_key("a\\nb")
    (True, False, False, False)
    """
    return 0 < len(key) <= 128 and printable(key)


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
    writing: bool = False
    """True while an action already applied to ``game`` waits for its commit (the quick
    path of :mod:`.quick_act`, which does not hold the lock meanwhile): nobody may use
    the entry until it is False again (:meth:`GameCache._settled` waits for that)."""

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
    appended: Appended | None = None
    """The action the change appended, if it appended one (what another process's cached
    game needs to apply it itself: Redis's notices carry it)."""


@dataclass(frozen=True)
class Appended:
    """An appended action, as another process's cached game needs it to apply it itself
    (instead of reading the game again): the game had ``index`` actions and ``undos``
    take-backs, and is ``status`` after it."""

    index: int
    notation: str
    seat: int
    status: str
    undos: int


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
TxHook = Callable[[Connection, str, int, "Appended | None"], None]
"""``hook(conn, game_id, version, action)``, inside a write's transaction: the game's new
version, and the action when the write appends one (else None)."""
SeatResolver = Callable[[str, str], int | None]
"""``resolve(game_id, token_hash) -> seat`` (None: not a token it knows)."""
