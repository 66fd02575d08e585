"""The Lost Atlas game state: everything replaying a record rebuilds.

Money moves only through the :class:`Ledger` (accounts ``bank``, ``p<seat>`` for players
and ``c:<id>`` for company treasuries); shares only through :class:`Company` holdings.
Each round keeps its own small sub-state (``auction``, ``sr``, ``op``, ``mr``), so a
round's rules module owns its own fields. Each variant keeps its own state under its name
(its name in the table of variants) in ``LostAtlasState.variants``, and a company's in
``Corp.variants``; the variant module owns that state's shape and declares how a copy of
the state copies it (:func:`declare_variant_state`), so this module names no variant.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from boardroom.core.ledger import Ledger
from boardroom.core.rng import Rng
from boardroom.core.title import Result
from boardroom.map.track import StopRef
from boardroom.market.shares import Company
from boardroom.market.stock_track import StockTrack
from boardroom.titles.lost_atlas.board.board import Board
from boardroom.titles.lost_atlas.board.components import Components
from boardroom.titles.lost_atlas.board.mapbuild import MapBuilder

BANK = "bank"
MINOR, MAJOR = "minor", "major"

# Rounds
MAP = "map"
STOCK = "stock"
OPERATING = "operating"
MERGER = "merger"
OVER = "over"


def player_account(seat: int) -> str:
    return f"p{seat}"


def company_account(company: str) -> str:
    return f"c:{company}"


RULES_V1 = "1"
"""Records of rules version 1 replay under its readings: the priority after an auction went
clockwise from the auction's opener, and a bankrupt player was ranked by score."""


# -- each variant's own state -------------------------------------------------------------
VariantCopy = Callable[[Any], Any]

VARIANT_STATE: dict[str, VariantCopy | None] = {}
"""How a copy of the state copies each variant's own state, by the variant's name: a
function that returns a copy of the value, or None for an immutable value that the copies
share. Filled by the variant modules (:func:`declare_variant_state`)."""


def declare_variant_state(name: str, copy: VariantCopy | None = None) -> None:
    """The variant ``name`` keeps its own state under that name, in
    ``LostAtlasState.variants`` and (for a company) ``Corp.variants``: ``copy`` copies one
    value (a mutable record's ``copy``), None says the values are immutable."""
    VARIANT_STATE[name] = copy


def copy_variant_states(values: dict[str, Any]) -> dict[str, Any]:
    """A copy of a ``variants`` dict, each value copied as its variant declared."""
    out = {}
    for name, value in values.items():
        try:
            copy = VARIANT_STATE[name]
        except KeyError:
            raise LookupError(f"variant state {name!r} was never declared "
                              f"(declare_variant_state)") from None
        out[name] = value if copy is None else copy(value)
    return out


@dataclass
class Corp:
    """A launched minor company or a formed major corporation."""

    id: str
    kind: str
    name: str
    abbreviation: str
    abilities: frozenset[str]
    shares: Company
    trains: list[str] = field(default_factory=list)
    rusted: list[str] = field(default_factory=list)
    """Resourceful's rusted trains, which run once more and use no slot."""
    hub_costs: list[int] = field(default_factory=list)
    """Charter hubs not yet on the map, by cost (majors; Expansive's extra one)."""
    operated: bool = False
    """Has completed an Operating Round turn (a minor's shares may be sold only then)."""
    last_revenue: int = 0
    per_share: int = 0
    minors: tuple[str, ...] = ()
    suburbs: int = 0
    variants: dict[str, Any] = field(default_factory=dict)
    """The variants' own state for this company, by variant name (see
    :func:`declare_variant_state`)."""

    def copy(self) -> Corp:
        return Corp(self.id, self.kind, self.name, self.abbreviation, self.abilities,
                    self.shares.copy(), list(self.trains), list(self.rusted),
                    list(self.hub_costs), self.operated, self.last_revenue, self.per_share,
                    self.minors, self.suburbs,
                    copy_variant_states(self.variants) if self.variants else {})


@dataclass
class Auction:
    initiator: int
    bid: int
    leader: int
    active: list[int]
    """Seats still in the auction, in clockwise order from the initiator."""
    turn: int
    """The seat to bid or pass now (or, once won, to choose a minor)."""
    won: bool = False

    def copy(self) -> Auction:
        return Auction(self.initiator, self.bid, self.leader, list(self.active), self.turn,
                       self.won)


@dataclass
class StockRound:
    turn: int
    passes: int = 0
    """Consecutive passes."""
    last_actor: int | None = None
    """The last player to take a non-pass action."""
    sold: dict[int, set[str]] = field(default_factory=dict)
    """Companies each player sold this round (they may not buy them back)."""
    launched_any: bool = False
    selling: set[str] = field(default_factory=set)
    """Companies sold in the current turn; non-empty means the turn is under way (only
    more sales of other companies, one purchase or 'done' may follow)."""

    def copy(self) -> StockRound:
        return StockRound(self.turn, self.passes, self.last_actor,
                          {s: set(c) for s, c in self.sold.items()}, self.launched_any,
                          set(self.selling))


@dataclass
class LostAtlasState:
    components: Components
    players: list[str]
    mode: str
    options: dict[str, Any]
    rng: Rng
    ledger: Ledger
    builder: MapBuilder | None
    board: Board
    stock: StockTrack
    corps: dict[str, Corp]
    matrix: list[list[str]]
    """Columns of unlaunched minors, the available one first (the bottom row)."""
    trains: list[str]
    """The train stack, top first."""
    pool: list[str] = field(default_factory=list)
    phase: str = "yellow"
    bought: set[str] = field(default_factory=set)
    """Train types bought or exported at least once (for phases and rust)."""
    discards: list[str] = field(default_factory=list)
    """Companies over their train limit that must put a train in the pool, in order."""
    cycle: int = 1
    round: str = MAP
    or_number: int = 0
    priority: int = 0
    destination_values: dict[str, str] = field(default_factory=dict)
    """Distant Destination id -> revenue card id."""
    auction: Auction | None = None
    sr: StockRound | None = None
    op: Any = None
    """The Operating Round's sub-state (see operating_round.py)."""
    mr: Any = None
    """The Merger Round's sub-state (see merger_round.py)."""
    end_reason: str = ""
    result: Result | None = None
    variants: dict[str, Any] = field(default_factory=dict)
    """Each variant's own state, by variant name (see :func:`declare_variant_state`); a
    variant with nothing to keep (or not in play) has no entry."""
    rules_version: str = "2"
    """"1": the priority after an auction follows its opener and a bankrupt player is
    ranked by score; "2": the priority follows the auction's winner and a bankrupt player
    ranks last (see :data:`RULES_V1`)."""
    bankrupt: list[int] = field(default_factory=list)
    """Seats that went bankrupt, in order."""

    def copy(self) -> LostAtlasState:
        builder = self.builder.copy() if self.builder is not None else None
        return LostAtlasState(
            components=self.components,
            players=self.players,
            mode=self.mode,
            options=self.options,
            rng=self.rng.copy(),
            ledger=self.ledger.copy(),
            builder=builder,
            board=builder.board if builder is not None else self.board.copy(),
            stock=self.stock.copy(),
            corps={k: c.copy() for k, c in self.corps.items()},
            matrix=[list(col) for col in self.matrix],
            trains=list(self.trains),
            pool=list(self.pool),
            phase=self.phase,
            bought=set(self.bought),
            discards=list(self.discards),
            cycle=self.cycle,
            round=self.round,
            or_number=self.or_number,
            priority=self.priority,
            destination_values=dict(self.destination_values),
            auction=self.auction.copy() if self.auction else None,
            sr=self.sr.copy() if self.sr else None,
            op=self.op.copy() if self.op is not None else None,
            mr=self.mr.copy() if self.mr is not None else None,
            end_reason=self.end_reason,
            result=self.result,
            variants=copy_variant_states(self.variants) if self.variants else {},
            rules_version=self.rules_version,
            bankrupt=list(self.bankrupt),
        )

    # -- small helpers used by every round ----------------------------------------
    def seats(self) -> int:
        return len(self.players)

    def cash(self, seat: int) -> int:
        return self.ledger.cash[player_account(seat)]

    def treasury(self, company: str) -> int:
        return self.ledger.cash[company_account(company)]

    def price(self, company: str) -> int:
        return self.stock.price(company)

    def president(self, company: str) -> int:
        seat = self.corps[company].shares.president
        assert seat is not None
        return seat

    def home_of(self, company: str) -> list[StopRef]:
        return self.board.hubs_of(company)
