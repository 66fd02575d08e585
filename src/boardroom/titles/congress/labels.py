"""Congress's sentences for a menu: what each legal action does, with names, prices in
money and months, and income previews (rules version 1's, and the months track's of
rules versions 2 and 3)."""

from __future__ import annotations

from boardroom.titles.congress import develop, expand
from boardroom.titles.congress.actions import (
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
    parse,  # noqa: F401 (the doctest's)
)
from boardroom.titles.congress.state import (
    ACTIVE,
    ALL_STARTED,
    AUCTION,
    EXPAND_MORE,
    FREE_LINK,
    INACTIVE,
    TURN,
    CongressState,
)


def label(state: CongressState, action: CongressAction, seat: int) -> str:
    """A sentence for a menu: what the action does, with names and amounts.

    >>> import boardroom
    >>> game = boardroom.new_game("congress", ["A", "B", "C"], seed=1)
    >>> game.title.label(game.state, parse("auction LMR"), game.to_act[0])[:73]
    'Auction a share of Liverpool & Manchester (LMR), starting it at Liverpool'
    """
    data = state.data
    if state.version == 2:
        text = _label_2(state, action, seat)
        if text:
            return text
    if isinstance(action, Nominate | Start | Expand):
        c = data.company_index.get(action.company)
        if c is None:
            return str(action)
        co = data.companies[c]
        if isinstance(action, Nominate):
            start = (f", starting it at {data.cities[co.home].name}"
                     if state.status[c] == INACTIVE else "")
            return f"Auction a share of {co.name} ({co.id}){start}"
        if isinstance(action, Start):
            return f"Start {co.name} ({co.id}) at {data.cities[co.home].name}"
        frm, to = data.city_index.get(action.frm), data.city_index.get(action.to)
        link = data.link_between.get(frozenset((frm, to))) if frm is not None and \
            to is not None else None
        if link is None or to is None or frm is None:
            return str(action)
        where = f"{data.cities[frm].name}-{data.cities[to].name}"
        target = expand.home_company(state, to)
        gain = (f"reaching {state.cid(target)}'s home station: a merger" if target >= 0
                else f"income +{state.value[to]}")
        return f"{co.id} builds {where} for {data.links[link].cost} ({gain})"
    if isinstance(action, Develop):
        city = data.city_index.get(action.city)
        if city is None:
            return str(action)
        return (f"Develop {data.cities[city].name} for {data.rules.develop_cost} "
                f"(value {state.value[city]} -> "
                f"{state.value[city] + data.rules.develop_step})")
    if isinstance(action, Merge):
        payer = action.payer or action.acquired
        return (f"{action.acquired} is acquired by {action.acquirer}; {payer} pays the "
                f"Special Dividend")
    if isinstance(action, Bid):
        return f"Bid {action.amount}"
    if isinstance(action, Done):
        return "End the Expand here"
    if isinstance(action, Pass):
        if state.step == AUCTION:
            return "Pass (out of this auction)"
        return "Pass on the rest of the turn" if state.step == ALL_STARTED else \
            "Pass the turn"
    return str(action)

def _label_2(state: CongressState, action: CongressAction, seat: int) -> str:
    """Rules version 2's sentences: prices in money and months, income previews."""
    data = state.data
    rules = data.rules
    if isinstance(action, Expand):
        c = data.company_index.get(action.company)
        frm, to = data.city_index.get(action.frm), data.city_index.get(action.to)
        if c is None or frm is None or to is None:
            return ""
        link = data.link_between.get(frozenset((frm, to)))
        if link is None:
            return ""
        free = state.step == FREE_LINK
        second = state.step == EXPAND_MORE
        cost = 0 if free else expand.link_cost(state, link, second)
        gain = state.value[frm] + state.value[to]
        target = expand.home_company(state, to, besides=c)
        where = f"{data.cities[frm].name}-{data.cities[to].name}"
        price = "as its free link" if free else (
            f"for {cost}" + ("" if second else f", {rules.cost_of('expand')} months"))
        merge = f"; reaches {state.cid(target)}'s home station: a merger" \
            if target >= 0 else ""
        return (f"{data.companies[c].id} builds {where} {price} (income "
                f"{state.income[c]} -> {min(rules.income_max, state.income[c] + gain)}"
                f"{merge})")
    if isinstance(action, DevelopLink):
        frm, to = data.city_index.get(action.frm), data.city_index.get(action.to)
        if frm is None or to is None:
            return ""
        gains = [f"{state.cid(c)} +{g}" for c, st in enumerate(state.status)
                 if st == ACTIVE and (g := develop.income_gain(state, c, (frm, to)))]
        return (f"Develop {data.cities[frm].name} and {data.cities[to].name} "
                f"({rules.cost_of('develop')} month; values {state.value[frm]} -> "
                f"{state.value[frm] + rules.develop_step}, {state.value[to]} -> "
                f"{state.value[to] + rules.develop_step}; income "
                f"{', '.join(gains) or 'unchanged'})")
    if isinstance(action, Nominate) and state.step == TURN:
        c = data.company_index.get(action.company)
        if c is None:
            return ""
        co = data.companies[c]
        start = (f", starting it at {data.cities[co.home].name} with a free link"
                 if state.status[c] == INACTIVE else "")
        return (f"Auction a share of {co.name} ({co.id}){start}; the winner pays "
                f"{rules.cost_of('capitalise')} months, or you do if nobody bids")
    if isinstance(action, Pass) and state.step == TURN:
        return f"Pass ({rules.cost_of('pass')} month: no action is possible)"
    return ""
