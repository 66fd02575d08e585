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
