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
        # Set field by field (in field order) rather than through ``__init__``: a search
        # copies every company at every step (see :meth:`LostAtlasState.copy`).
        new = object.__new__(Corp)
        new.id = self.id
        new.kind = self.kind
        new.name = self.name
        new.abbreviation = self.abbreviation
        new.abilities = self.abilities
        new.shares = self.shares.copy()
        new.trains = self.trains.copy()
        new.rusted = self.rusted.copy()
        new.hub_costs = self.hub_costs.copy()
        new.operated = self.operated
        new.last_revenue = self.last_revenue
        new.per_share = self.per_share
        new.minors = self.minors
        new.suburbs = self.suburbs
        new.variants = copy_variant_states(self.variants) if self.variants else {}
        return new


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
        """An independent copy: every mutable part copied, the immutable ones (the
        components, the players, the options, the result) shared.

        A search copies the state at every step, so the fields are set one by one, in
        field order, rather than through the generated ``__init__`` (binding thirty
        keyword arguments costs more than the copying). Assigning a copied ``__dict__``
        would be shorter but leaves an instance whose attributes read slower ever after
        (CPython keeps instance attributes inline only for instances filled attribute by
        attribute). A test lists the fields, so a new one is added here too."""
        new = object.__new__(LostAtlasState)
        new.components = self.components
        new.players = self.players
        new.mode = self.mode
        new.options = self.options
        new.rng = self.rng.copy()
        new.ledger = self.ledger.copy()
        builder = self.builder.copy() if self.builder is not None else None
        new.builder = builder
        new.board = builder.board if builder is not None else self.board.copy()
        new.stock = self.stock.copy()
        new.corps = {k: c.copy() for k, c in self.corps.items()}
        new.matrix = [col.copy() for col in self.matrix]
        new.trains = self.trains.copy()
        new.pool = self.pool.copy()
        new.phase = self.phase
        new.bought = self.bought.copy()
        new.discards = self.discards.copy()
        new.cycle = self.cycle
        new.round = self.round
        new.or_number = self.or_number
        new.priority = self.priority
        new.destination_values = self.destination_values.copy()
        new.auction = self.auction.copy() if self.auction is not None else None
        new.sr = self.sr.copy() if self.sr is not None else None
        new.op = self.op.copy() if self.op is not None else None
        new.mr = self.mr.copy() if self.mr is not None else None
        new.end_reason = self.end_reason
        new.result = self.result
        new.variants = copy_variant_states(self.variants) if self.variants else {}
        new.rules_version = self.rules_version
        new.bankrupt = self.bankrupt.copy()
        return new

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
