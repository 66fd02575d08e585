"""The company's turn in the Operating Round (rulebook p.12 "Operating Round"): the
steps in their order, the round's sub-state (:class:`OperatingRound`, kept in
``state.op``) and the readings every step shares (the operating company as an
:class:`~boardroom.titles.lost_atlas.board.operator.Operator`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from boardroom.titles.lost_atlas.board.operator import Operator
from boardroom.titles.lost_atlas.board.track_laying import LayBudget
from boardroom.titles.lost_atlas.state import MAJOR, LostAtlasState

LEADOFF, SHARES, TRACK, HUB, RUN, PAYOUT, TRAINS = (
    "leadoff", "shares", "track", "hub", "run", "payout", "trains",
)
STEPS = (LEADOFF, SHARES, TRACK, HUB, RUN, PAYOUT, TRAINS)
PASS_WORDS = {LEADOFF: "buys no leadoff train", SHARES: "neither issues nor redeems a share",
              TRACK: "lays no more track", HUB: "places no hub", TRAINS: "buys no more trains"}
"""The log's words for a company that passes a step."""


# -- the round's sub-state -------------------------------------------------------------------
@dataclass
class Offer:
    """An offer for another company's train, waiting for its president's answer."""

    seller: str
    train: str
    price: int


@dataclass
class Forced:
    """A forced train purchase waiting for the president's share sales."""

    train: str
    source: str
    sold: dict[str, int] = field(default_factory=dict)
    """Shares sold so far, by company (their prices drop once the sales are over)."""

    def copy(self) -> Forced:
        return Forced(self.train, self.source, dict(self.sold))


@dataclass
class OperatingRound:
    company: str
    """The company operating now."""
    step: str = LEADOFF
    done: list[str] = field(default_factory=list)
    """Companies that have operated in this round (their tokens are flipped)."""
    budget: LayBudget = field(default_factory=LayBudget)
    revenue: int = 0
    offer: Offer | None = None
    refused: dict[tuple[str, str], int] = field(default_factory=dict)
    """(seller, train) -> the highest refused offer this turn."""
    forced: Forced | None = None
    phase: str = ""
    """The phase when this company's turn began: a new phase's tiles are available only
    to the next company to act (rulebook "Phase Changes")."""
    last_operator: Operator | None = field(default=None, init=False, repr=False,
                                           compare=False)
    """The :class:`Operator` :func:`operator_for` built last, handed out again while its
    company's abilities, treasury and kind are unchanged (an action's check and legal
    listings ask for it many times, and building a frozen dataclass costs several times
    re-checking one). A derived reading: neither compared nor shown."""

    def copy(self) -> OperatingRound:
        # Set field by field rather than through ``__init__``: a search copies it at
        # every step.
        new = object.__new__(OperatingRound)
        new.company = self.company
        new.step = self.step
        new.done = self.done.copy()
        new.budget = self.budget.copy()
        new.revenue = self.revenue
        offer = self.offer
        new.offer = Offer(offer.seller, offer.train, offer.price) if offer is not None else None
        new.refused = self.refused.copy()
        new.forced = self.forced.copy() if self.forced is not None else None
        new.phase = self.phase
        new.last_operator = self.last_operator
        return new


def operating(state: LostAtlasState) -> OperatingRound:
    op = state.op
    assert isinstance(op, OperatingRound), "no Operating Round is under way"
    return op


def operator_for(state: LostAtlasState, company: str) -> Operator:
    corp = state.corps[company]
    treasury = state.treasury(company)
    is_major = corp.kind == MAJOR
    op = state.op
    if not isinstance(op, OperatingRound):
        return Operator(company, corp.abilities, treasury, is_major)
    known = op.last_operator
    if (known is None or known.id != company or known.treasury != treasury
            or known.abilities is not corp.abilities or known.is_major != is_major):
        known = op.last_operator = Operator(company, corp.abilities, treasury, is_major)
    return known
