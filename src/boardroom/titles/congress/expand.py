"""Expand: a company builds links from the cities its track reaches.

Rules version 2 (congress-facts.md, "The three actions"; :func:`v2_refusal`): a
shareholder builds, paid from the treasury to the bank; one company per link; no company
builds more than three links from one city, nor all the links of a city that has more than
two; a link may also join two locations the company already reaches (a loop: Boardroom's
reading, the posts require only that the first link touch the home station); before the
3rd General Dividend one link a turn at its cost ($10), no foreign link and
no link to another active company's home station; after it the plurality holder may build
a second link (at twice its cost: two for $30); a link raises the company's income by the
values of the locations at both ends. Track may be built to the home of a company not yet
operating.

Rules version 1 (the first frame):
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
from boardroom.titles.congress.data import FOUNDING, PORT
from boardroom.titles.congress.state import ACTIVE, BANK, INACTIVE, CongressState, treasury


def home_company(state: CongressState, city: int, besides: int = -1) -> int:
    """The active company (other than ``besides``) with a home station at ``city`` (merged
    companies may have several, rule congress.merger.several-homes), or -1."""
    for company, homes in enumerate(state.homes):
        if city in homes and state.status[company] == ACTIVE and company != besides:
            return company
    return -1


def blocked_home(state: CongressState, city: int) -> bool:
    """An unstarted founding company's home station: no link may end there."""
    company = state.data.home_of.get(city)
    return (company is not None and state.status[company] == INACTIVE
            and state.data.companies[company].kind == FOUNDING)


def may_expand(state: CongressState, seat: int, company: int) -> bool:
    return state.status[company] == ACTIVE and state.held(company, seat) > 0


def link_cost(state: CongressState, link: int, second: bool = False) -> int:
    """What the link costs the treasury: version 2's second link of a two-link Expand
    costs ``second_link_factor`` times its price (two $10 links for $30)."""
    cost = state.data.links[link].cost
    return cost * state.data.rules.second_link_factor if second else cost


def company_links_at(state: CongressState, company: int, city: int) -> int:
    owner = state.owner
    return sum(1 for link in state.data.links_at[city] if owner[link] == company)


def is_plurality_holder(state: CongressState, seat: int, company: int) -> bool:
    """Holds a share and no other player holds more (ties share the plurality:
    Boardroom's reading)."""
    mine = state.held(company, seat)
    return mine > 0 and all(state.held(company, s) <= mine for s in range(len(state.players)))


def v2_refusal(state: CongressState, company: int, link: int, frm: int, to: int,
               free: bool = False) -> IllegalAction | None:
    """The rules of version 2 a link must keep, beyond running out of the network."""
    data = state.data
    rules = data.rules
    where = f"{data.cities[frm].id}-{data.cities[to].id}"
    foreign = data.cities[frm].kind == PORT or data.cities[to].kind == PORT
    if foreign and (free or not state.switched):
        return IllegalAction("congress.expand.foreign-links",
                             f"{where} is a foreign link: foreign links are built only "
                             f"after General Dividend {rules.switch_dividend}"
                             + (" and never as the free link" if free else ""))
    target = home_company(state, to, besides=company)
    if target >= 0 and (free or not state.switched):
        return IllegalAction("congress.expand.no-early-merger",
                             f"{data.cities[to].name} is {state.cid(target)}'s home station: "
                             f"no link may reach an active company's home station before "
                             f"General Dividend {rules.switch_dividend}"
                             + (" (nor as a free link)" if free else ""))
    for city in (frm, to):
        mine = company_links_at(state, company, city)
        if mine >= rules.max_links_per_city:
            return IllegalAction("congress.expand.three-links",
                                 f"{state.cid(company)} already has {mine} links at "
                                 f"{data.cities[city].name}")
        total = len(data.links_at[city])
        if total > 2 and mine + 1 == total:
            return IllegalAction("congress.expand.not-all-links",
                                 f"{state.cid(company)} may not build all {total} links of "
                                 f"{data.cities[city].name}")
    return None


_COUNTS: dict[tuple[int, ...], list[list[int]]] = {}


def links_at_cities(state: CongressState) -> list[list[int]]:
    """Version 2: each company's count of its links at each location (one pass; the last
    few results are remembered by the track's content; read only)."""
    key = tuple(state.owner)
    cached = _COUNTS.get(key)
    if cached is not None and len(cached) == len(state.data.companies):
        return cached
    data = state.data
    counts = [[0] * len(data.cities) for _ in data.companies]
    for link, who in enumerate(state.owner):
        if who >= 0:
            ln = data.links[link]
            row = counts[who]
            row[ln.a] += 1
            row[ln.b] += 1
    if len(_COUNTS) > 64:
        _COUNTS.clear()
    _COUNTS[key] = counts
    return counts


def links(state: CongressState, company: int, free: bool = False,
          second: bool = False, counts: list[int] | None = None) -> list[tuple[int, int, int]]:
    """(link, from, to) of every link the company may build now (money and markers too);
    version 2: ``free`` the free link, ``second`` the second link of a two-link Expand,
    ``counts`` its links at each location if already counted."""
    if state.markers[company] <= 0:
        return []
    if state.version == 2:
        return _links_2(state, company, free, second, counts)
    data = state.data
    v2 = False
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
            if other in network and (not v2 or other < city):
                continue  # version 2 lists a link inside the network once, from its lower end
            if v2:
                if (not free and link_cost(state, link, second) > cash) or \
                        v2_refusal(state, company, link, city, other, free) is not None:
                    continue
            elif ln.cost > cash or blocked_home(state, other):
                continue
            out.append((link, city, other))
    return out


def check(state: CongressState, seat: int, company: int, frm: int,
          to: int, free: bool = False, second: bool = False) -> IllegalAction | None:
    data = state.data
    co = data.companies[company]
    if state.status[company] != ACTIVE:
        return IllegalAction("congress.expand.active", f"{co.id} is not an active company")
    if free:
        if company != state.free_link:
            return IllegalAction("congress.capitalise.free-link",
                                 f"the free link is {state.cid(state.free_link)}'s")
    elif state.held(company, seat) <= 0:
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
    if state.version == 2 and frm not in network:
        return IllegalAction("congress.expand.network",
                             f"{where} must start at a location {co.id}'s track reaches")
    if state.version == 1 and (frm not in network or to in network):
        return IllegalAction("congress.expand.network",
                             f"{where} must run from a city {co.id} reaches to one it does not")
    if state.version == 2:
        refusal = v2_refusal(state, company, link, frm, to, free)
        if refusal is not None:
            return refusal
    elif blocked_home(state, to):
        return IllegalAction("congress.expand.inactive-home",
                             f"{data.cities[to].name} is the home station of a founding "
                             f"company that has not started")
    if state.markers[company] <= 0:
        return IllegalAction("congress.expand.markers", f"{co.id} has no track marker left")
    cost = 0 if free else link_cost(state, link, second) if state.version == 2 \
        else data.links[link].cost
    if state.ledger.cash[treasury(co.id)] < cost:
        return IllegalAction("congress.expand.treasury",
                             f"{co.id}'s treasury cannot pay {cost} for {where}")
    return None


def build(state: CongressState, seat: int, company: int, frm: int, to: int,
          log: list[str], free: bool = False, second: bool = False) -> int:
    """Build the link; the company whose home station it reaches (a merger), or -1."""
    data = state.data
    co = data.companies[company]
    link = data.link_between[frozenset((frm, to))]
    if state.version == 2:
        return _build_2(state, seat, company, link, frm, to, log, free, second)
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


def _build_2(state: CongressState, seat: int, company: int, link: int, frm: int, to: int,
             log: list[str], free: bool, second: bool) -> int:
    """Version 2: rule congress.expand.income (both ends' values), paid at its cost."""
    data = state.data
    co = data.companies[company]
    cost = 0 if free else link_cost(state, link, second)
    if cost:
        state.ledger.pay(treasury(co.id), BANK, cost)
    state.markers[company] -= 1
    state.owner[link] = company
    state.links_built += 1
    target = home_company(state, to, besides=company)
    state.network[company].add(to)
    gain = state.value[frm] + state.value[to]
    state.income[company] = min(data.rules.income_max, state.income[company] + gain)
    where = f"{data.cities[frm].name}-{data.cities[to].name}"
    price = "as its free link" if free else f"for {cost}"
    tail = f", reaching {state.cid(target)}'s home station" if target >= 0 else ""
    log.append(f"{state.players[seat]} expands {co.id}: {where} {price}; its income rises "
               f"by {gain} to {state.income[company]}{tail}.")
    return target


def _links_2(state: CongressState, company: int, free: bool, second: bool,
             counts: list[int] | None) -> list[tuple[int, int, int]]:
    """:func:`links` for version 2, fast: the same rules as :func:`v2_refusal` (the random
    play tests check that every listed link passes :func:`check`), counted once a call."""
    data = state.data
    rules = data.rules
    cash = state.ledger.cash[treasury(data.companies[company].id)]
    network = state.network[company]
    owner = state.owner
    links_at = data.links_at
    if counts is None:
        mine = [0] * len(data.cities)
        for link, who in enumerate(owner):
            if who == company:
                ln = data.links[link]
                mine[ln.a] += 1
                mine[ln.b] += 1
    else:
        mine = counts
    switched = state.switched and not free
    others: set[int] = set()
    if not switched:
        for c, homes in enumerate(state.homes):
            if c != company and homes and state.status[c] == ACTIVE:
                others |= homes
    top = rules.max_links_per_city
    factor = rules.second_link_factor if second else 1
    ports = data.cities
    out = []
    for city in sorted(network):
        if mine[city] >= top:
            continue
        total_here = len(links_at[city])
        if total_here > 2 and mine[city] + 1 == total_here:
            continue
        for link in links_at[city]:
            if owner[link] >= 0:
                continue
            ln = data.links[link]
            other = ln.b if ln.a == city else ln.a
            if other in network and other < city:
                continue
            if not free and ln.cost * factor > cash:
                continue
            if not switched and (ports[other].kind == PORT or ports[city].kind == PORT
                                 or other in others):
                continue
            if mine[other] >= top:
                continue
            total = len(links_at[other])
            if total > 2 and mine[other] + 1 == total:
                continue
            out.append((link, city, other))
    return out
