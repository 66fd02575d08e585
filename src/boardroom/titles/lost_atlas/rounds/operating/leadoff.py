"""Step 1, the leadoff train (rulebook p.12 "Operating Round" step 1): a minor in its
first Operating Round may buy one train from the top of the stack or from the pool at
its printed price, paid from its treasury; the train runs this turn."""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.lost_atlas.rounds.operating.notation import POOL, BuyTrain, OperatingAction
from boardroom.titles.lost_atlas.rounds.operating.train_market import (
    affordable_purchase,
    pool_choices,
    price,
    room,
    stack_choices,
)
from boardroom.titles.lost_atlas.rounds.operating.turn import OperatingRound
from boardroom.titles.lost_atlas.state import MINOR, LostAtlasState


def leadoff_applies(state: LostAtlasState, company: str) -> bool:
    corp = state.corps[company]
    return corp.kind == MINOR and not corp.operated


def options(state: LostAtlasState, op: OperatingRound) -> list[OperatingAction]:
    """The leadoff trains the operating company may buy now."""
    company = op.company
    if not leadoff_applies(state, company) or room(state, company) <= 0:
        return []
    cash = state.treasury(company)
    out: list[OperatingAction] = [BuyTrain(t) for t in stack_choices(state)
                                  if price(state, t) <= cash]
    out.extend(BuyTrain(t, POOL) for t in pool_choices(state) if price(state, t) <= cash)
    return out


def has_option(state: LostAtlasState, op: OperatingRound) -> bool:
    """Whether :func:`options` lists anything (no action built)."""
    company = op.company
    return (leadoff_applies(state, company) and room(state, company) > 0
            and affordable_purchase(state, company))


def check(state: LostAtlasState, company: str, action: BuyTrain) -> IllegalAction | None:
    """The leadoff's own rules for a purchase in this step (the purchase's others are
    :func:`.train_purchase.check_buy`'s)."""
    if not leadoff_applies(state, company):
        return IllegalAction("lost_atlas.or.leadoff",
                             "only a minor in its first Operating Round buys a leadoff "
                             "train")
    if action.trade is not None:
        return IllegalAction("lost_atlas.or.leadoff",
                             "a leadoff train is bought at its printed price")
    return None
