"""Acquire's game state: everything replaying a record rebuilds."""

from __future__ import annotations

from dataclasses import dataclass, field

from boardroom.core.ledger import Ledger
from boardroom.core.rng import Rng
from boardroom.core.title import Result

EMPTY = -1
LONE = 7
"""Board cell values: EMPTY, LONE (an unincorporated tile) or a chain index 0..6."""

BANK = "bank"

# Steps of a turn: who is asked what now.
PLACE = "place"
FOUND = "found"
SURVIVOR = "survivor"
NEXT = "next"
DISPOSE = "dispose"
BUY = "buy"
OVER = "over"


_ACCOUNTS = {seat: f"p{seat}" for seat in range(6)}
"""The names for seats 0-5 (Acquire's six players at most), made once: the search asks
for them at nearly every step."""


def account(seat: int) -> str:
    """A seat's ledger account and share-holder name."""
    return _ACCOUNTS[seat]


@dataclass(slots=True)
class Merger:
    """A merger being resolved.

    ``sizes`` are the chains' sizes before the merger (bonuses and sale prices use them).
    ``queue`` holds the seats still to decide about ``acquired``'s stock, the first one
    deciding now.
    """

    tile: int
    chains: tuple[int, ...]
    sizes: dict[int, int]
    survivor: int = -1
    pending: list[int] = field(default_factory=list)
    acquired: int = -1
    queue: list[int] = field(default_factory=list)

    def copy(self) -> Merger:
        return Merger(self.tile, self.chains, dict(self.sizes), self.survivor,
                      list(self.pending), self.acquired, list(self.queue))


@dataclass(slots=True)
class AcquireState:
    players: list[str]
    mode: str
    bank_holder: bool
    """Two-player rule: the bank is a third stockholder at every bonus payout."""
    board: list[int]
    size: list[int]
    hands: list[list[int]]
    bag: list[int]
    """Undrawn tiles; the next draw takes the last one."""
    discards: list[int]
    rng: Rng
    ledger: Ledger
    current: int
    """The seat whose turn it is."""
    step: str
    actor: int
    """The seat that must decide now (a stockholder may decide during another's turn)."""
    placed: int = -1
    """The tile placed this turn, or -1."""
    merger: Merger | None = None
    turn: int = 1
    end_reason: str = ""
    result: Result | None = None
    rules_version: str = "2"
    """"1": declaring the end ends the game at once; "2": the declarer finishes the turn."""
    end_declared: bool = False
    """Rules version 2: the end was declared; the game ends when this turn does."""

    def copy(self) -> AcquireState:
        # Positional, in field order: the search copies a state at every step, and
        # keyword arguments cost more. The players' names never change, so are shared.
        return AcquireState(
            self.players, self.mode, self.bank_holder, self.board.copy(), self.size.copy(),
            [h.copy() for h in self.hands], self.bag.copy(), self.discards.copy(),
            self.rng.copy(), self.ledger.copy(), self.current, self.step, self.actor,
            self.placed, self.merger.copy() if self.merger else None, self.turn,
            self.end_reason, self.result, self.rules_version, self.end_declared,
        )
