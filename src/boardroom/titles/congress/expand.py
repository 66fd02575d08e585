"""Expand: a company builds links from the cities its track reaches.

From the fragments: a company builds links between cities and its income rises by the
values of the cities it links. Boardroom's details (provisional): any player holding a
share of an active company may Expand it; each link costs its printed cost from the
company's treasury and one of its track markers; a link carries one company's track; it
must start in the company's network and end outside it; up to ``links_per_expand`` links
a turn. A link may not end at the home station of a founding company that has not started
(it would be connected before it exists). A link ending at another active company's home
station is a merger (rules 004; :mod:`.merger`); one ending at an inactive merger
company's home station is allowed (004: "if the new merger company's home station is
already connected by track").
"""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.congress.data import FOUNDING
from boardroom.titles.congress.state import ACTIVE, BANK, INACTIVE, CongressState, treasury


def home_company(state: CongressState, city: int) -> int:
    """The active company with a home station at ``city`` (merged companies may have
    several, rule congress.merger.several-homes), or -1."""
    for company, homes in enumerate(state.homes):
        if city in homes and state.status[company] == ACTIVE:
            return company
    return -1


def blocked_home(state: CongressState, city: int) -> bool:
    """An unstarted founding company's home station: no link may end there."""
    company = state.data.home_of.get(city)
    return (company is not None and state.status[company] == INACTIVE
            and state.data.companies[company].kind == FOUNDING)


def may_expand(state: CongressState, seat: int, company: int) -> bool:
    return state.status[company] == ACTIVE and state.held(company, seat) > 0


def links(state: CongressState, company: int) -> list[tuple[int, int, int]]:
    """(link, from, to) of every link the company may build now (money and markers too)."""
    if state.markers[company] <= 0:
        return []
    data = state.data
    cash = state.ledger.cash[treasury(data.companies[company].id)]
    network = state.network[company]
    owner = state.owner
    out = []
    for city in sorted(network):
        for link in data.links_at[city]:
            if owner[link] >= 0:
                continue
            ln = data.links[link]
            other = ln.b if ln.a == city else ln.a
            if other in network or ln.cost > cash or blocked_home(state, other):
                continue
            out.append((link, city, other))
    return out


def check(state: CongressState, seat: int, company: int, frm: int,
          to: int) -> IllegalAction | None:
    data = state.data
    co = data.companies[company]
    if state.status[company] != ACTIVE:
        return IllegalAction("congress.expand.active", f"{co.id} is not an active company")
    if state.held(company, seat) <= 0:
        return IllegalAction("congress.expand.shareholder",
                             f"{state.players[seat]} holds no share of {co.id}")
    link = data.link_between.get(frozenset((frm, to)))
    where = f"{data.cities[frm].id}-{data.cities[to].id}"
    if link is None:
        return IllegalAction("congress.expand.link", f"there is no link {where}")
    if state.owner[link] >= 0:
        return IllegalAction("congress.expand.link",
                             f"{where} already carries {state.cid(state.owner[link])}'s track")
    network = state.network[company]
    if frm not in network or to in network:
        return IllegalAction("congress.expand.network",
                             f"{where} must run from a city {co.id} reaches to one it does not")
    if blocked_home(state, to):
        return IllegalAction("congress.expand.inactive-home",
                             f"{data.cities[to].name} is the home station of a founding "
                             f"company that has not started")
    if state.markers[company] <= 0:
        return IllegalAction("congress.expand.markers", f"{co.id} has no track marker left")
    cost = data.links[link].cost
    if state.ledger.cash[treasury(co.id)] < cost:
        return IllegalAction("congress.expand.treasury",
                             f"{co.id}'s treasury cannot pay {cost} for {where}")
    return None


def build(state: CongressState, seat: int, company: int, frm: int, to: int,
          log: list[str]) -> int:
    """Build the link; the company whose home station it reaches (a merger), or -1."""
    data = state.data
    co = data.companies[company]
    link = data.link_between[frozenset((frm, to))]
    cost = data.links[link].cost
    state.ledger.pay(treasury(co.id), BANK, cost)
    state.markers[company] -= 1
    state.owner[link] = company
    state.links_built += 1
    target = home_company(state, to)
    where = f"{data.cities[frm].name}-{data.cities[to].name}"
    if target >= 0:
        state.network[company].add(to)
        log.append(f"{state.players[seat]} expands {co.id}: {where} for {cost}, reaching "
                   f"{state.cid(target)}'s home station.")
        return target
    state.network[company].add(to)
    state.income[company] = min(data.rules.income_max, state.income[company] + state.value[to])
    log.append(f"{state.players[seat]} expands {co.id}: {where} for {cost}; its income rises "
               f"by {state.value[to]} to {state.income[company]}.")
    return -1
