"""Congress's views: what every seat and a spectator see (Congress hides nothing), with
the months track's additions of rules versions 2 and 3 (the map's geometry, the months
track, the switch, each link's owner, cost and income), and the title's invariants."""

from __future__ import annotations

from typing import Any

from boardroom.core.title import JSON
from boardroom.titles.congress import map_labels, months, steps
from boardroom.titles.congress.state import (
    ACQUIRED,
    ACTIVE,
    EXPAND_MORE,
    FREE_LINK,
    INACTIVE,
    OVER,
    POOL,
    SUPPLY,
    CongressState,
    face_down,
    player,
    treasury,
)

STATUS_WORDS = {INACTIVE: "inactive", ACTIVE: "active", ACQUIRED: "component"}


def view(name: str, state: CongressState, seat: int | None) -> JSON:
    """Everything in Congress is public; every seat and a spectator see the same."""
    data = state.data
    ledger = state.ledger
    n = len(state.players)
    companies = []
    for c, co in enumerate(data.companies):
        held = ledger.shares[co.id]
        components = {other: count for other, h in ledger.shares.items()
                      if (count := h.get(face_down(co.id), 0))}
        companies.append({
            "id": co.id, "name": co.name, "kind": co.kind,
            "status": STATUS_WORDS[state.status[c]],
            "homes": sorted(data.cities[h].id for h in state.homes[c]) or
            [data.cities[co.home].id],
            "income": state.income[c],
            "treasury": ledger.cash[treasury(co.id)],
            "markers": state.markers[c],
            "pool": held.get(POOL, 0), "merger_supply": held.get(SUPPLY, 0),
            "issued": state.issued(c),
            "holders": {state.players[s]: held[player(s)] for s in range(n)
                        if held.get(player(s))},
            "face_down": components,
            "cities": sorted(data.cities[k].id for k in state.network[c]),
        })
    view: dict[str, Any] = {
        "title": name,
        "options": {"chaining": state.chaining,
                    "special_dividend": state.special_dividend},
        "round": state.round, "turn": state.turn,
        "general_dividends": [state.dividends_paid, data.rules.general_dividends],
        "next_dividend_round": (state.dividends_paid + 1) * data.rules.rounds_per_dividend,
        "current": state.current, "first": state.first,
        "to_act": list(steps.to_act(state)), "step": state.step,
        "players": [{"name": name, "cash": state.cash(s),
                     "shares": {co.id: ledger.shares[co.id][player(s)]
                                for co in data.companies
                                if ledger.shares[co.id].get(player(s))}}
                    for s, name in enumerate(state.players)],
        "companies": companies,
        "cities": [{"id": city.id, "name": city.name, "value": state.value[k],
                    "developed": state.developed[k],
                    "home_of": data.companies[data.home_of[k]].id
                    if k in data.home_of else None}
                   for k, city in enumerate(data.cities)],
        "links": [{"link": data.link_name(k), "cost": ln.cost,
                   "owner": state.cid(state.owner[k]) if state.owner[k] >= 0 else None}
                  for k, ln in enumerate(data.links)],
        "development_markers_left": state.dev_left,
        "mergers": [{"turn": e.turn, "round": e.round, "kind": e.kind,
                     "acquirer": state.cid(e.acquirer), "acquired": state.cid(e.acquired),
                     "payer": state.cid(e.payer) if e.payer >= 0 else None}
                    for e in state.events],
    }
    if state.version == 2:
        _view_2(state, view)
    if state.step == EXPAND_MORE:
        view["expanding"] = state.cid(state.expanding)
        view["links_built"] = state.links_built
    a = state.auction
    if a is not None:
        view["auction"] = {"company": state.cid(a.company), "from": a.source,
                           "kind": a.kind, "auctioneer": state.players[a.auctioneer],
                           "high": a.high,
                           "high_bidder": state.players[a.high_bidder]
                           if a.high_bidder >= 0 else None,
                           "bidding": [state.players[s] for s in a.order]}
    if state.pending is not None:
        view["merger"] = {"builder": state.cid(state.pending.builder),
                          "target": state.cid(state.pending.target)}
    if seat is not None:
        view["seat"] = seat
    if state.result is not None:
        view["result"] = state.result.to_json()
    return view

def _view_2(state: CongressState, view: dict[str, Any]) -> None:
    """Rules version 2's additions: the map's geometry (with the side of each location's
    name, :mod:`.map_labels`), the months track, the switch,
    and every link's owner, cost and the income it would add (for a table)."""
    data = state.data
    rules = data.rules
    view["rules_version"] = str(state.rules_version)
    sides = map_labels.label_sides(data)
    for k, city in enumerate(data.cities):
        entry = view["cities"][k]
        entry.update(kind=city.kind, x=city.x, y=city.y,
                     links=len(data.links_at[k]), label=sides[k])
    for k, ln in enumerate(data.links):
        entry = view["links"][k]
        entry.update(a=data.cities[ln.a].id, b=data.cities[ln.b].id,
                     foreign=data.cities[ln.a].kind == "port" or
                     data.cities[ln.b].kind == "port",
                     income=state.value[ln.a] + state.value[ln.b])
    n = len(state.players)
    view["months"] = {
        "track": [{"player": state.players[s], "month": state.months[s],
                   "stamp": state.stamp[s]} for s in range(n)],
        "cutoff": months.cutoff(state),
        "round_months": months.round_months(state),
        "costs": dict(rules.months or {}),
        "next": months.next_to_act(state) if state.step != OVER else -1,
    }
    view["switch"] = {"dividend": rules.switch_dividend, "passed": state.switched}
    view["income_track"] = {"max": rules.income_max,
                            "markers": [{"company": state.cid(c),
                                         "income": state.income[c]}
                                        for c, st in enumerate(state.status)
                                        if st == ACTIVE]}
    if state.step == FREE_LINK:
        view["free_link"] = state.cid(state.free_link)


def invariants(state: CongressState) -> None:
    """Money and shares conserved, every share in exactly one place, the map and the
    income track consistent with the companies."""
    ledger = state.ledger
    ledger.check()
    data = state.data
    n = len(state.players)
    places = {player(s) for s in range(n)} | {POOL, SUPPLY}
    for c, co in enumerate(data.companies):
        held = ledger.shares[co.id]
        assert sum(held.values()) == co.pool + co.merger_supply, f"{co.id} shares"
        status = state.status[c]
        for holder in held:
            if holder.startswith("down:"):
                parent = data.company_index[holder[5:]]
                assert status == ACQUIRED, f"{co.id} face down but not acquired"
                assert state.status[parent] == ACTIVE, f"{co.id} under an inactive parent"
            else:
                assert holder in places, f"{co.id} share at {holder}"
                assert status != ACQUIRED, f"{co.id} acquired but its shares are out"
        if status == INACTIVE:
            assert not state.network[c] and state.income[c] == 0
            assert ledger.cash[treasury(co.id)] == 0
            assert set(held) <= {POOL, SUPPLY}, f"inactive {co.id} has holders"
        elif status == ACTIVE:
            assert 0 <= state.income[c] <= data.rules.income_max, f"{co.id} income"
            assert state.homes[c] and state.homes[c] <= state.network[c]
        else:
            assert state.income[c] == 0 and state.markers[c] == 0
            assert ledger.cash[treasury(co.id)] == 0
            assert not state.network[c]
    built = sum(1 for o in state.owner if o >= 0)
    assert built + sum(state.markers) == sum(co.markers for co in data.companies), \
        "track markers created or lost"
    for link, owner in enumerate(state.owner):
        if owner >= 0:
            assert state.status[owner] == ACTIVE, "track of a company that is gone"
            ln = data.links[link]
            assert ln.a in state.network[owner] and ln.b in state.network[owner]
    for k, city in enumerate(data.cities):
        assert state.value[k] == city.value + state.developed[k] * data.rules.develop_step
    assert state.dev_left + sum(state.developed) == data.rules.develop_markers
    homes = [h for hs in state.homes for h in hs]
    assert len(homes) == len(set(homes)), "a home station in two companies"
    if state.version == 2:
        top = data.rules.income_max
        value = state.value
        for c, status in enumerate(state.status):
            if status == ACTIVE:
                earned = sum(value[data.links[k].a] + value[data.links[k].b]
                             for k, o in enumerate(state.owner) if o == c)
                assert state.income[c] == min(top, earned), f"{state.cid(c)} income"
        assert len(state.months) == n and min(state.months) >= 0
