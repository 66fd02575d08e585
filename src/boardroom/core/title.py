"""The contract every title fulfils; the core knows titles only through it.

A title is data plus a thin layer of rules code. The :class:`~boardroom.core.game.Game`
owns the record, the log, undo and replay; the title owns the state and the rules:

* :meth:`Title.setup` makes the initial state from players, seed and options;
* :meth:`Title.to_act` says who must decide now (not always the turn owner);
* :meth:`Title.legal_actions` lists every fully specified legal action of a player;
* :meth:`Title.check` names the rule an action breaks, without touching the state;
* :meth:`Title.apply` performs a checked action and returns the log sentences.

``check`` and ``apply`` are separate so that a refused action never changes anything.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from boardroom.core.errors import IllegalAction

JSON = Any
"""A value made of dicts, lists, strings, ints, floats, bools and None."""


class Action:
    """Base of every title's actions: small, immutable, hashable values.

    ``str(action)`` is the action's notation; the title's ``parse`` reads it back, so
    ``title.parse(str(a)) == a`` always holds.
    """

    __slots__ = ()


A = TypeVar("A", bound=Action)
S = TypeVar("S")


@dataclass(frozen=True)
class Result:
    """The end of a game: each seat's score and the ranking.

    ``ranking`` lists groups of seats from first place down; seats in one group tied.
    """

    scores: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    tie_rule: str

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0] if self.ranking else ()

    def to_json(self) -> JSON:
        return {
            "scores": list(self.scores),
            "ranking": [list(group) for group in self.ranking],
            "winners": list(self.winners),
            "tie_rule": self.tie_rule,
        }


def rank_by_score(scores: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Group seats by score, highest first; equal scores share a place.

    >>> rank_by_score([300, 500, 300])
    ((1,), (0, 2))
    """
    order: dict[int, list[int]] = {}
    for seat, score in enumerate(scores):
        order.setdefault(score, []).append(seat)
    return tuple(tuple(order[s]) for s in sorted(order, reverse=True))


class Title(ABC, Generic[S, A]):
    """A game's rules. Subclasses are stateless; all state lives in ``S``."""

    name: str
    display_name: str
    rules_version: str
    min_players: int
    max_players: int
    twin_actions: frozenset[type] = frozenset()
    """Action classes whose values may say one action two ways (a tile turned to a
    symmetric rotation): only for these does the game ask :meth:`listed`."""
    legacy_rules_versions: tuple[str, ...] = ()
    light_turns: bool = False
    """Whether checking and applying any action, and listing a seat's legal actions, take
    a small fraction of a millisecond at every position, so a server may do them on its
    event loop (``boardroom.server.quick_act``). False (the default) where some position
    takes milliseconds: the Lost Atlas' routes, Congress's mergers."""
    """Older rules versions whose records still load, each replayed under its own rules
    (``rules_version`` is the one new games are played under)."""

    @abstractmethod
    def normalize_options(
        self, options: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        """Fill in defaults and validate; raise :class:`OptionError` on anything unknown."""

    @abstractmethod
    def setup(
        self, players: Sequence[str], seed: int, options: Mapping[str, Any]
    ) -> tuple[S, list[str]]:
        """The initial state and the log sentences of the setup (opening draws...)."""

    def setup_under(
        self, players: Sequence[str], seed: int, options: Mapping[str, Any], rules_version: str
    ) -> tuple[S, list[str]]:
        """:meth:`setup` for a record of one of :attr:`legacy_rules_versions`; a title with
        older rules overrides this to play them."""
        raise NotImplementedError(f"{self.display_name} has no rules version {rules_version!r}")

    @abstractmethod
    def copy_state(self, state: S) -> S: ...

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """Seats that must decide now; empty once the game is over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A]: ...

    @abstractmethod
    def check(self, state: S, action: A, seat: int) -> IllegalAction | None:
        """The rule ``action`` by ``seat`` breaks now, or None if it is legal."""

    @abstractmethod
    def apply(self, state: S, action: A, seat: int) -> list[str]:
        """Perform a legal action; return the log sentences it produced."""

    @abstractmethod
    def parse(self, text: str) -> A:
        """Read an action's notation; raise :class:`NotationError` if it is not one."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def result(self, state: S) -> Result | None: ...

    @abstractmethod
    def view(self, state: S, seat: int | None) -> JSON:
        """What ``seat`` may see (None: a spectator). JSON-able."""

    @abstractmethod
    def invariants(self, state: S) -> None:
        """Raise AssertionError if the state breaks conservation or consistency."""

    def chance_seen(self, state: S) -> Hashable:
        """What chance has shown the seats so far, as a value that changes whenever an
        action lets chance reveal something: a tile drawn from the bag into a hand, the
        next map piece turned up, a shuffle dealt out. Taking back an action after which
        it changed would un-draw that, and the one who saw it keeps knowing what comes
        (docs/server.md "Take-backs and hidden draws"); :meth:`Game.reveals_since` asks
        it. The default, for a title with no chance after its setup: None."""
        return None

    def listed(self, state: S, action: A, seat: int) -> A:
        """The listed action that does exactly what the legal ``action`` does, which the
        record keeps instead: a tile or map piece turned to a symmetric rotation of a
        listed one is recorded (and shown) as the listed one. Asked only for the classes
        in :attr:`twin_actions`. The default: ``action``."""
        return action

    def label(self, state: S, action: A, seat: int) -> str:
        """A sentence a person reads for ``action`` of ``seat`` (a menu entry, a button).

        Titles may override it; the default is the notation itself, so every title has one.
        """
        return str(action)

    def action_type(self) -> type[Action]:
        return Action
