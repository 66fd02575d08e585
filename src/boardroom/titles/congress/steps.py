"""The steps outside the months track's turn: rules version 1's turns (Capitalise, Expand,
Develop, pass in seat order) and the steps every rules version shares — the auctions
(:mod:`.capitalise`), the merger's decision (:mod:`.merger`), starting a merger company
and the all-started choice (:mod:`.merger_company`). Rules versions 2 and 3 play their
turn steps in :mod:`.turns`; :mod:`.title` sends each decision to one or the other.
"""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.congress import (
    capitalise,
    develop,
    expand,
    flow,
    merger,
    merger_company,
    turns,
)
from boardroom.titles.congress.actions import (
    DONE,
    PASS,
    Bid,
    CongressAction,
    Develop,
    DevelopLink,
    Done,
    Expand,
    Merge,
    Nominate,
    Pass,
    Start,
)
from boardroom.titles.congress.state import (
    ACTIVE,
    ALL_STARTED,
    AUCTION,
    CAPITALISE,
    EXPAND_MORE,
    FREE_LINK,
    MERGE,
    OVER,
    POOL,
    PORT_AUCTION,
    START,
    TURN,
    CongressState,
)

_STEP_WORDS = {
    TURN: "take a turn (auction, expand, develop or pass)",
    EXPAND_MORE: "build another link with the same company or say done",
    AUCTION: "bid or pass",
    MERGE: "decide the merger",
    START: "start a merger company",
    ALL_STARTED: "pass or auction a pool share",
    FREE_LINK: "lay the free link",
}
_BIDS: list[Bid] = [Bid(k) for k in range(1000)]


def _bid(k: int) -> Bid:
    return _BIDS[k] if k < len(_BIDS) else Bid(k)


def _wrong_step(state: CongressState) -> IllegalAction:
    return IllegalAction("congress.turn.sequence",
                         f"{state.players[state.actor]} must {_STEP_WORDS[state.step]} now")


def to_act(state: CongressState) -> tuple[int, ...]:
    if state.step == OVER:
        return ()
    if state.step == AUCTION:
        assert state.auction is not None
        return (state.auction.order[0],)
    return (state.actor,)


def legal(state: CongressState, seat: int) -> list[CongressAction]:
    if state.step == OVER or seat not in to_act(state):
        return []
    step = state.step
    data = state.data
    cos = data.companies
    out: list[CongressAction] = []
    if state.version == 2 and step in turns.STEPS:
        return turns.legal(state, seat)
    if step == TURN:
        out.extend(Nominate(co.id) for c, co in enumerate(cos)
                   if capitalise.may_offer(state, c))
        for c, co in enumerate(cos):
            if expand.may_expand(state, seat, c):
                out.extend(Expand(co.id, data.cities[f].id, data.cities[t].id)
                           for _, f, t in expand.links(state, c))
        out.extend(Develop(city.id) for k, city in enumerate(data.cities)
                   if develop.check(state, seat, k) is None)
        out.append(PASS)
    elif step == EXPAND_MORE:
        c = state.expanding
        out.extend(Expand(cos[c].id, data.cities[f].id, data.cities[t].id)
                   for _, f, t in expand.links(state, c))
        out.append(DONE)
    elif step == AUCTION:
        floor = capitalise.bid_floor(state)
        out.extend(_bid(k) for k in range(floor, state.cash(seat) + 1))
        out.append(PASS)
    elif step == MERGE:
        out.extend(merger.options(state))
    elif step == START:
        out.extend(Start(cos[c].id) for c in merger_company.inactive(state))
    elif step == ALL_STARTED:
        out.extend(Nominate(co.id) for c, co in enumerate(cos)
                   if state.status[c] == ACTIVE and state.pool(c) > 0)
        out.append(PASS)
    return out


def check(state: CongressState, action: CongressAction,
          seat: int) -> IllegalAction | None:
    step = state.step
    if step == OVER:
        return IllegalAction("core.game-over", "the game is over")
    deciding = state.auction.order[0] if step == AUCTION and state.auction else state.actor
    if seat != deciding:
        return IllegalAction("core.not-your-decision",
                             f"it is {state.players[to_act(state)[0]]}'s decision, "
                             f"not {state.players[seat]}'s")
    data = state.data
    if state.version == 2 and step in turns.STEPS:
        return turns.check(state, action, seat)
    if isinstance(action, DevelopLink):
        return IllegalAction("notation", "rules version 1 develops one city: "
                             "develop CITY") if state.version == 1 else _wrong_step(state)
    if isinstance(action, Pass):
        return None if step in (TURN, AUCTION, ALL_STARTED) else _wrong_step(state)
    if isinstance(action, Bid):
        if step != AUCTION:
            return _wrong_step(state)
        return capitalise.check_bid(state, seat, action.amount)
    if isinstance(action, Done):
        return None if step == EXPAND_MORE else _wrong_step(state)
    if isinstance(action, Nominate | Start | Expand):
        company = data.company_index.get(action.company)
        if company is None:
            return IllegalAction("notation", f"there is no company {action.company} "
                                 f"({', '.join(data.company_index)})")
        if isinstance(action, Nominate):
            if step == TURN:
                return capitalise.check_offer(state, company)
            if step == ALL_STARTED:
                return merger_company.all_started_offer(state, company)
            return _wrong_step(state)
        if isinstance(action, Start):
            if step != START:
                return _wrong_step(state)
            return merger_company.check_start(state, company)
        if step not in (TURN, EXPAND_MORE):
            return _wrong_step(state)
        if step == EXPAND_MORE and company != state.expanding:
            return IllegalAction("congress.expand.same-company",
                                 f"this Expand is {state.cid(state.expanding)}'s")
        frm = data.city_index.get(action.frm)
        to = data.city_index.get(action.to)
        if frm is None or to is None:
            return IllegalAction("notation", f"there is no city "
                                 f"{action.frm if frm is None else action.to}")
        if step == EXPAND_MORE and state.links_built >= data.rules.links_per_expand:
            return IllegalAction("congress.expand.limit", "no more links this turn")
        return expand.check(state, seat, company, frm, to)
    if isinstance(action, Develop):
        if step != TURN:
            return _wrong_step(state)
        city = data.city_index.get(action.city)
        if city is None:
            return IllegalAction("notation", f"there is no city {action.city}")
        return develop.check(state, seat, city)
    if isinstance(action, Merge):
        if step != MERGE:
            return _wrong_step(state)
        return merger.check_merge(state, action)
    return IllegalAction("notation", f"{action!r} is not a Congress action")


def apply(state: CongressState, action: CongressAction, seat: int) -> list[str]:
    log: list[str] = []
    data = state.data
    step = state.step
    if state.version == 2 and step in turns.STEPS:
        turns.apply(state, action, seat, log)
        return log
    if isinstance(action, Pass):
        if step == AUCTION:
            if capitalise.pass_(state, seat, log):
                _auction_over(state, log)
            else:
                _next_bidder(state)
        else:
            log.append(f"{state.players[seat]} passes.")
            flow.end_turn(state, log)
    elif isinstance(action, Bid):
        if capitalise.bid(state, seat, action.amount, log):
            _auction_over(state, log)
        else:
            _next_bidder(state)
    elif isinstance(action, Nominate):
        company = data.company_index[action.company]
        capitalise.open_auction(state, company, POOL, seat, CAPITALISE)
        state.step = AUCTION
        _next_bidder(state)
        log.append(f"{state.players[seat]} auctions a {action.company} share.")
    elif isinstance(action, Expand):
        _expand(state, seat, action, log)
    elif isinstance(action, Done):
        log.append(f"{state.players[seat]} ends the Expand.")
        flow.end_turn(state, log)
    elif isinstance(action, Develop):
        develop.develop(state, seat, data.city_index[action.city], log)
        flow.end_turn(state, log)
    elif isinstance(action, Merge):
        acquired = data.company_index[action.acquired]
        acquirer = data.company_index[action.acquirer]
        payer = acquired if action.payer is None else data.company_index[action.payer]
        merger.resolve(state, acquired, acquirer, payer, log)
        merger_company.after_merger(state, state.current, log)
    elif isinstance(action, Start):
        merger_company.start(state, seat, data.company_index[action.company], log)
    return log

def _next_bidder(state: CongressState) -> None:
    assert state.auction is not None
    state.actor = state.auction.order[0]

def _auction_over(state: CongressState, log: list[str]) -> None:
    a = state.auction
    assert a is not None
    if a.kind in (CAPITALISE, PORT_AUCTION):
        capitalise.settle_capitalise(state, log)
        if state.step != FREE_LINK:
            flow.end_turn(state, log)
    else:
        merger_company.settle(state, log)

def _expand(state: CongressState, seat: int, action: Expand,
            log: list[str]) -> None:
    data = state.data
    company = data.company_index[action.company]
    frm, to = data.city_index[action.frm], data.city_index[action.to]
    if state.step == TURN:
        state.links_built = 0
    target = expand.build(state, seat, company, frm, to, log)
    if target >= 0:
        state.expanding = -1
        merger.connect(state, company, target, log)
        return
    if state.links_built < data.rules.links_per_expand and expand.links(state, company):
        state.step = EXPAND_MORE
        state.expanding = company
        state.actor = seat
    else:
        flow.end_turn(state, log)
