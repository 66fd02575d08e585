"""Rules version 2: what a player may do on a turn, and doing it.

A turn (step TURN) is one of the three actions, each at its price in months (rule
congress.months.cost): Capitalise (``auction CO``: the months are paid by the share's
winner, or by the active player if nobody bids), Expand (``expand CO A-B``, 2 months,
a second link for the plurality holder after the switch: step EXPAND_MORE) or Develop
(``develop A-B``, 1 month). Actions are compulsory (rule congress.turn.compulsory):
``pass`` (1 month, Boardroom's) is legal only when none of them is. After a founding
company's first share is sold its winner lays the free link (step FREE_LINK). A foreign
link forces a Capitalise of the company's share (rule congress.expand.port-capitalise).
The steps every version shares (auctions, mergers, merger companies) stay in
:mod:`.title`, :mod:`.merger` and :mod:`.merger_company`.
"""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.congress import capitalise, develop, expand, flow, merger, months
from boardroom.titles.congress.actions import (
    DONE,
    PASS,
    CongressAction,
    Develop,
    DevelopLink,
    Done,
    Expand,
    Nominate,
    Pass,
)
from boardroom.titles.congress.data import PORT
from boardroom.titles.congress.state import (
    AUCTION,
    CAPITALISE,
    EXPAND_MORE,
    FREE_LINK,
    POOL,
    PORT_AUCTION,
    TURN,
    CongressState,
)

STEPS = (TURN, EXPAND_MORE, FREE_LINK)


_ACTIONS: dict[tuple[int, int, int, int], CongressAction] = {}
"""Made once: (kind, company, from, to) -> the action (0 Expand, 1 DevelopLink)."""


def _expand_action(state: CongressState, company: int, frm: int, to: int) -> CongressAction:
    key = (0, company, frm, to)
    action = _ACTIONS.get(key)
    if action is None:
        data = state.data
        action = Expand(data.companies[company].id, data.cities[frm].id, data.cities[to].id)
        if len(_ACTIONS) > 100_000:
            _ACTIONS.clear()
        _ACTIONS[key] = action
    return action


def _expands(state: CongressState, seat: int) -> list[CongressAction]:
    data = state.data
    out: list[CongressAction] = []
    counts = expand.links_at_cities(state)
    for c in range(len(data.companies)):
        if expand.may_expand(state, seat, c):
            out.extend(_expand_action(state, c, f, t)
                       for _, f, t in expand.links(state, c, counts=counts[c]))
    return out


def _develops(state: CongressState, seat: int) -> list[CongressAction]:
    data = state.data
    if state.dev_left < 2 or state.cash(seat) < data.rules.develop_cost:
        return []
    top = data.rules.develop_max_per_city
    developed = state.developed
    links = data.links
    out: list[CongressAction] = []
    for link, owner in enumerate(state.owner):
        if owner >= 0:
            ln = links[link]
            if developed[ln.a] < top and developed[ln.b] < top:
                key = (1, -1, ln.a, ln.b)
                action = _ACTIONS.get(key)
                if action is None:
                    action = _ACTIONS[key] = DevelopLink(data.cities[ln.a].id,
                                                         data.cities[ln.b].id)
                out.append(action)
    return out


def legal(state: CongressState, seat: int) -> list[CongressAction]:
    data = state.data
    cos = data.companies
    if state.step == FREE_LINK:
        c = state.free_link
        return [_expand_action(state, c, f, t) for _, f, t in expand.links(state, c, free=True)]
    if state.step == EXPAND_MORE:
        c = state.expanding
        more: list[CongressAction] = [
            _expand_action(state, c, f, t) for _, f, t in expand.links(state, c, second=True)]
        more.append(DONE)
        return more
    out: list[CongressAction] = [Nominate(co.id) for c, co in enumerate(cos)
                                 if capitalise.may_offer(state, c)]
    out.extend(_expands(state, seat))
    out.extend(_develops(state, seat))
    if not out:
        out.append(PASS)
    return out


def _wrong(state: CongressState, what: str) -> IllegalAction:
    words = {TURN: "take a turn (auction, expand or develop)",
             EXPAND_MORE: "build the second link or say done",
             FREE_LINK: "lay the free link"}
    return IllegalAction("congress.turn.sequence",
                         f"{state.players[state.actor]} must {words[state.step]} now, "
                         f"not {what}")


def check(state: CongressState, action: CongressAction, seat: int) -> IllegalAction | None:
    data = state.data
    step = state.step
    if isinstance(action, Pass):
        if step != TURN:
            return _wrong(state, "pass")
        if legal(state, seat) != [PASS]:
            return IllegalAction("congress.turn.compulsory",
                                 "actions are compulsory: a player may pass only when no "
                                 "Capitalise, Expand or Develop is possible")
        return None
    if isinstance(action, Done):
        return None if step == EXPAND_MORE else _wrong(state, "done")
    if isinstance(action, Develop):
        return IllegalAction("notation", "rules version 2 develops the two ends of one "
                             "company's link: write develop A-B")
    if isinstance(action, DevelopLink):
        if step != TURN:
            return _wrong(state, "develop")
        frm, to = data.city_index.get(action.frm), data.city_index.get(action.to)
        if frm is None or to is None:
            return IllegalAction("notation", f"there is no location "
                                 f"{action.frm if frm is None else action.to}")
        return develop.check_2(state, seat, frm, to)
    if isinstance(action, Nominate):
        if step != TURN:
            return _wrong(state, "an auction")
        company = data.company_index.get(action.company)
        if company is None:
            return IllegalAction("notation", f"there is no company {action.company}")
        return capitalise.check_offer(state, company)
    if isinstance(action, Expand):
        company = data.company_index.get(action.company)
        if company is None:
            return IllegalAction("notation", f"there is no company {action.company}")
        frm, to = data.city_index.get(action.frm), data.city_index.get(action.to)
        if frm is None or to is None:
            return IllegalAction("notation", f"there is no location "
                                 f"{action.frm if frm is None else action.to}")
        if step == EXPAND_MORE and company != state.expanding:
            return IllegalAction("congress.expand.same-company",
                                 f"this Expand is {state.cid(state.expanding)}'s")
        return expand.check(state, seat, company, frm, to, free=step == FREE_LINK,
                            second=step == EXPAND_MORE)
    return _wrong(state, str(action))


def apply(state: CongressState, action: CongressAction, seat: int, log: list[str]) -> None:
    data = state.data
    rules = data.rules
    if isinstance(action, Pass):
        log.append(f"{state.players[seat]} can do nothing and passes.")
        months.charge(state, seat, rules.cost_of("pass"), log, "pass")
        flow.end_turn(state, log)
    elif isinstance(action, Done):
        log.append(f"{state.players[seat]} ends the Expand.")
        flow.end_turn(state, log)
    elif isinstance(action, DevelopLink):
        months.charge(state, seat, rules.cost_of("develop"), log, "Develop")
        develop.develop_2(state, seat, data.city_index[action.frm],
                          data.city_index[action.to], log)
        flow.end_turn(state, log)
    elif isinstance(action, Nominate):
        company = data.company_index[action.company]
        capitalise.open_auction(state, company, capitalise.offer_source(state, company), seat,
                                CAPITALISE)
        state.step = AUCTION
        assert state.auction is not None
        state.actor = state.auction.order[0]
        log.append(f"{state.players[seat]} auctions a {action.company} share.")
    elif isinstance(action, Expand):
        _expand(state, seat, action, log)


def _expand(state: CongressState, seat: int, action: Expand, log: list[str]) -> None:
    data = state.data
    company = data.company_index[action.company]
    frm, to = data.city_index[action.frm], data.city_index[action.to]
    step = state.step
    if step == FREE_LINK:
        expand.build(state, seat, company, frm, to, log, free=True)
        flow.end_turn(state, log)
        return
    if step == TURN:
        months.charge(state, seat, data.rules.cost_of("expand"), log, "Expand")
        state.links_built = 0
        # rule congress.expand.two-links: after the switch the plurality holder may build two
        state.link_limit = 2 if state.switched and \
            expand.is_plurality_holder(state, seat, company) else 1
    target = expand.build(state, seat, company, frm, to, log, second=step == EXPAND_MORE)
    if target >= 0:
        state.expanding = -1
        merger.connect(state, company, target, log)
        return
    if data.cities[to].kind == PORT and state.pool(company) > 0:
        # rule congress.expand.port-capitalise: a port forces a Capitalise
        state.expanding = -1
        capitalise.open_auction(state, company, POOL, state.current, PORT_AUCTION)
        state.step = AUCTION
        assert state.auction is not None
        state.actor = state.auction.order[0]
        log.append(f"The foreign link forces a Capitalise: a {action.company} share is "
                   f"auctioned.")
        return
    if state.links_built < state.link_limit and expand.links(state, company, second=True):
        state.step = EXPAND_MORE
        state.expanding = company
        state.actor = seat
    else:
        flow.end_turn(state, log)
