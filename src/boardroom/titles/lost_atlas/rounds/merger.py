"""The merger itself: two minors form a major corporation (rulebook "Merger Round",
Company Details; summary 000 "Mergers"; components §5.2).

* every minor share becomes one major share where it lies (players, treasuries, pool);
  the new president holds the president's certificate, the other minor president's
  certificate becomes two single shares;
* the major's token enters the stock track at the merged price, below any tokens already
  there; the minors' tokens leave;
* each minor hub on the map becomes a major hub; where two stand on one tile, one stays
  and the other returns to the charter on a FREE spot (cost 0); the charter's two
  bought hubs (data: ``major_charter.hub_costs``) and Expansive's unplaced extra hub
  (keeping its 40) join the charter; suburb tokens stay, now the major's;
* treasuries and trains combine; the major keeps both minors' abilities, counts as
  having operated, and the minors are gone.

Readings where the rules are silent:

* Where two hubs share a tile the hub on the lower stop (then the one placed first)
  stays. The major's hub tokens are the charter's four plus Expansive's extra token,
  converted (it counts whether on the map or on its 40 spot); tokens left unused return
  to the box.
* The major starts with no revenue on the earnings chart (``last_revenue`` 0).
"""

from __future__ import annotations

from boardroom.map.hexes import Hex
from boardroom.map.track import StopRef
from boardroom.market.shares import Company
from boardroom.titles.lost_atlas.rounds.merger_partners import merged_price
from boardroom.titles.lost_atlas.rounds.merger_state import mr_of
from boardroom.titles.lost_atlas.state import MAJOR, Corp, LostAtlasState, company_account


def merge(state: LostAtlasState, major_id: str, log: list[str]) -> str:
    """Form ``major_id`` from the two minors of the agreed proposal; returns its id."""
    mr = mr_of(state)
    assert mr.proposal is not None and mr.chooser is not None
    first, second = sorted(mr.proposal, key=state.stock.rank)
    minors = (state.corps[first], state.corps[second])
    comp = state.components
    charter = comp.major_charter
    major_def = comp.majors[major_id]
    shares = Company(major_def.name, total=charter.shares + charter.president_shares,
                     president_shares=charter.president_shares,
                     share_percent=charter.share_percent, max_percent=charter.max_percent)
    for minor in minors:
        for seat, count in minor.shares.players.items():
            shares.give(seat, count)
        shares.treasury += minor.shares.treasury
        shares.pool += minor.shares.pool
    shares.president = mr.chooser
    held = sum(shares.players.values()) + shares.treasury + shares.pool
    assert held == shares.total, f"{held} minor shares do not make {shares.total} major shares"
    corp = Corp(id=major_id, kind=MAJOR, name=major_def.name,
                abbreviation=major_def.name[:3].upper(),
                abilities=minors[0].abilities | minors[1].abilities, shares=shares,
                trains=minors[0].trains + minors[1].trains,
                rusted=minors[0].rusted + minors[1].rusted,
                operated=True, minors=(first, second),
                suburbs=minors[0].suburbs + minors[1].suburbs)
    price = merged_price(state, first, second)
    names = f"{minors[0].name} and {minors[1].name}"
    log.append(f"{names} merge into {corp.name}; {state.players[mr.chooser]} is its "
               f"president. Each minor share becomes a {corp.name} share.")
    # Stock track: the minors leave, the major enters below any token already there.
    state.stock.remove(first)
    state.stock.remove(second)
    state.stock.enter(major_id, state.stock.index_of(price))
    log.append(f"{corp.name}'s share price is {price}.")
    # Money.
    account = company_account(major_id)
    state.ledger.open(account)
    for minor in minors:
        state.ledger.pay(company_account(minor.id), account, state.treasury(minor.id))
        state.ledger.close(company_account(minor.id))
    # Hubs and suburbs.
    corp.hub_costs = _hubs(state, corp, minors, log)
    for h, owner in list(state.board.suburbs.items()):
        if owner in (first, second):
            state.board.suburbs[h] = major_id
    state.corps[major_id] = corp
    for minor in minors:
        del state.corps[minor.id]
        if minor.id in state.discards:
            state.discards.remove(minor.id)
    mr.order = [m for m in mr.order if m not in (first, second)]
    order = list(comp.trains)
    corp.trains.sort(key=order.index)
    what = f"the trains {', '.join(corp.trains)}" if corp.trains else "no train"
    log.append(f"{corp.name}'s treasury holds {state.treasury(major_id)}; it owns {what}.")
    return major_id


def _hubs(state: LostAtlasState, major: Corp, minors: tuple[Corp, Corp],
          log: list[str]) -> list[int]:
    """Replace the minors' hubs on the map; return the major's charter hub costs."""
    board = state.board
    ids = {m.id for m in minors}
    kept: dict[Hex, StopRef] = {}
    doubled = 0
    for ref in sorted(board.hubs):
        owners: list[str] = []
        for owner in board.hubs[ref]:
            if owner not in ids:
                owners.append(owner)
            elif ref[0] in kept:
                doubled += 1
            else:
                kept[ref[0]] = ref
                owners.append(major.id)
        if owners:
            board.hubs[ref] = owners
        else:
            del board.hubs[ref]
    if kept:
        where = ", ".join(f"{h[0]},{h[1]}" for h in sorted(kept))
        log.append(f"{major.name}'s hubs replace the minors' hubs at {where}.")
    if doubled:
        log.append(f"{doubled} hub{'s' if doubled > 1 else ''} on a tile already holding "
                   f"one return{'' if doubled > 1 else 's'} to {major.name}'s charter on a "
                   f"free spot.")
    costs = [0] * doubled
    for minor in minors:
        costs.extend(minor.hub_costs)  # Expansive's unplaced extra hub keeps its cost
    charter = state.components.major_charter
    costs.extend(charter.hub_costs)
    tokens = charter.hubs + sum(state.components.minors[m.id].hubs - 1 for m in minors)
    spare = tokens - len(kept) - len(costs)
    while spare < 0 and costs:
        costs.remove(max(costs))
        spare += 1
    costs.sort()
    shown = ", ".join("free" if c == 0 else str(c) for c in costs)
    log.append(f"{major.name}'s charter holds hubs costing {shown or 'nothing'}."
               + (f" {spare} spare hub{'s' if spare > 1 else ''} return{'' if spare > 1 else 's'} "
                  f"to the box." if spare > 0 else ""))
    return costs
