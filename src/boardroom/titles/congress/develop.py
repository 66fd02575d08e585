"""Develop (provisional rules): the active player pays to raise a city's value.

The fragments name the action only. Boardroom's Develop: the player pays ``develop_cost``
to the bank and puts a development marker on a city (at most ``develop_max_per_city`` a
city, ``develop_markers`` in all); the city's value rises by ``develop_step``, and so does
the income of every active company whose track already reaches it.
"""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.congress.state import ACTIVE, BANK, CongressState, player


def check(state: CongressState, seat: int, city: int) -> IllegalAction | None:
    rules = state.data.rules
    name = state.data.cities[city].name
    if state.dev_left <= 0:
        return IllegalAction("congress.develop.markers", "no development marker is left")
    if state.developed[city] >= rules.develop_max_per_city:
        return IllegalAction("congress.develop.city",
                             f"{name} already carries {state.developed[city]} developments")
    if state.cash(seat) < rules.develop_cost:
        return IllegalAction("congress.develop.cash",
                             f"{state.players[seat]} cannot pay {rules.develop_cost}")
    return None


def develop(state: CongressState, seat: int, city: int, log: list[str]) -> None:
    rules = state.data.rules
    state.ledger.pay(player(seat), BANK, rules.develop_cost)
    state.value[city] += rules.develop_step
    state.developed[city] += 1
    state.dev_left -= 1
    raised = []
    for company, status in enumerate(state.status):
        if status == ACTIVE and city in state.network[company]:
            state.income[company] = min(rules.income_max,
                                        state.income[company] + rules.develop_step)
            raised.append(state.cid(company))
    tail = f"; income rises for {', '.join(raised)}" if raised else ""
    log.append(f"{state.players[seat]} develops {state.data.cities[city].name} for "
               f"{rules.develop_cost}: its value is now {state.value[city]}{tail}.")


# -- rules version 2 ----------------------------------------------------------------------
def check_2(state: CongressState, seat: int, frm: int, to: int) -> IllegalAction | None:
    """Rule congress.develop.two-locations (version 2, May 2008): the two locations a link
    of one company connects are developed together (Boardroom reads "connected by the same
    company" as the two ends of one of its links)."""
    data = state.data
    rules = data.rules
    link = data.link_between.get(frozenset((frm, to)))
    where = f"{data.cities[frm].id}-{data.cities[to].id}"
    if link is None:
        return IllegalAction("congress.develop.two-locations", f"there is no link {where}")
    owner = state.owner[link]
    if owner < 0:
        return IllegalAction("congress.develop.two-locations",
                             f"{where} carries no company's track: Develop two locations "
                             f"a company connects")
    if state.dev_left < 2:
        return IllegalAction("congress.develop.markers", "no development markers are left")
    for city in (frm, to):
        if state.developed[city] >= rules.develop_max_per_city:
            return IllegalAction("congress.develop.city",
                                 f"{data.cities[city].name} already carries "
                                 f"{state.developed[city]} developments")
    if state.cash(seat) < rules.develop_cost:
        return IllegalAction("congress.develop.cash",
                             f"{state.players[seat]} cannot pay {rules.develop_cost}")
    return None


def income_gain(state: CongressState, company: int, cities: tuple[int, ...]) -> int:
    """What developing ``cities`` adds to ``company``'s income: the step for each of its
    links ending there (its income is the sum of both ends' values over its links)."""
    step = state.data.rules.develop_step
    owner = state.owner
    links_at = state.data.links_at
    return step * sum(1 for city in cities for link in links_at[city] if owner[link] == company)


def develop_2(state: CongressState, seat: int, frm: int, to: int, log: list[str]) -> None:
    data = state.data
    rules = data.rules
    if rules.develop_cost:
        state.ledger.pay(player(seat), BANK, rules.develop_cost)
    raised = []
    for company, status in enumerate(state.status):
        if status == ACTIVE:
            gain = income_gain(state, company, (frm, to))
            if gain:
                state.income[company] = min(rules.income_max, state.income[company] + gain)
                raised.append(f"{state.cid(company)} +{gain}")
    for city in (frm, to):
        state.value[city] += rules.develop_step
        state.developed[city] += 1
        state.dev_left -= 1
    tail = f"; income rises: {', '.join(raised)}" if raised else ""
    log.append(f"{state.players[seat]} develops {data.cities[frm].name} and "
               f"{data.cities[to].name} (now {state.value[frm]} and {state.value[to]})"
               f"{tail}.")
