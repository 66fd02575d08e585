"""Forced train purchase (rulebook p.17 "Forced Train Purchase"): a company with no
train whose treasury cannot pay for any train of the stack or the pool must buy the
cheapest of them (a grey card as a 7): ``force T``. The treasury pays first, then the
president; if still short, the president sells shares one at a time (``liquidate C``),
under the selling rules and never a share of the operating company that would hand over
its presidency or push its pool over half; once the purchase is paid every company sold
drops one step (one a share with the Cut-Throat stock option). If nothing more can be
sold, the president is bankrupt (:mod:`.bankruptcy`).

Readings where the rules are silent: a forced purchase may choose between equally cheap
trains of the stack and the pool; the president keeps whatever the sales raise beyond
the price; a minor that has not yet operated cannot have its shares sold in a forced
purchase either (the Stock Round rule)."""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.lost_atlas.rounds import dissolution, stock_round
from boardroom.titles.lost_atlas.rounds.operating.bankruptcy import bankrupt
from boardroom.titles.lost_atlas.rounds.operating.notation import POOL, ForceTrain
from boardroom.titles.lost_atlas.rounds.operating.train_market import (
    affordable_purchase,
    cheapest,
    price,
)
from boardroom.titles.lost_atlas.rounds.operating.train_purchase import take_from_stack
from boardroom.titles.lost_atlas.rounds.operating.turn import Forced, operating
from boardroom.titles.lost_atlas.rounds.points import seat_name
from boardroom.titles.lost_atlas.state import (
    BANK,
    MINOR,
    LostAtlasState,
    company_account,
    player_account,
)


def check_force(state: LostAtlasState, action: ForceTrain) -> IllegalAction | None:
    op = operating(state)
    corp = state.corps[op.company]
    if corp.trains:
        return IllegalAction("lost_atlas.trains.forced",
                             "only a company with no train makes a forced purchase")
    if affordable_purchase(state, op.company):
        return IllegalAction("lost_atlas.trains.forced",
                             "the treasury can pay for a train: no forced purchase")
    offered = cheapest(state)
    if (action.train, action.source) not in offered:
        shown = ", ".join(str(ForceTrain(t, s)) for t, s in offered) or "none"
        return IllegalAction("lost_atlas.trains.forced-cheapest",
                             f"a forced purchase takes the cheapest train of the pool and "
                             f"the stack ({shown})")
    return None


def forced_sale_problem(state: LostAtlasState, seat: int,
                         company: str) -> IllegalAction | None:
    op = operating(state)
    corp = state.corps.get(company)
    if corp is None:
        return stock_round.not_in_play(state, company)
    shares = corp.shares
    if shares.held(seat) < 1:
        return IllegalAction("lost_atlas.stock.sell-holding",
                             f"{seat_name(state, seat)} holds no {corp.name} share")
    if corp.kind == MINOR and not corp.operated:
        return IllegalAction("lost_atlas.stock.sell-unoperated",
                             f"{corp.name} has not operated yet; its shares cannot be sold")
    problem = shares.sale_problem(seat, 1, state.seats())
    if problem == "pool-limit":
        return IllegalAction("lost_atlas.stock.pool-limit",
                             "no more than 50% of a company's shares may be in the pool")
    if problem == "president":
        return IllegalAction("lost_atlas.stock.sell-president",
                             "the sale would leave the company without a president")
    if company == op.company:
        after = shares.copy()
        after.take(seat, 1)
        after.pool += 1
        if after.new_president(state.seats()) != seat:
            return IllegalAction("lost_atlas.trains.forced-presidency",
                                 "a forced sale may not hand over the operating company's "
                                 "presidency")
    return None


# -- applying -------------------------------------------------------------------------------
def force(state: LostAtlasState, action: ForceTrain, log: list[str]) -> None:
    op = operating(state)
    corp = state.corps[op.company]
    seat = state.president(op.company)
    cost = price(state, action.train)
    log.append(f"{corp.name} must buy the {action.train}-train from the {action.source} for "
               f"{cost}; its treasury has {state.treasury(op.company)} and "
               f"{seat_name(state, seat)} must help.")
    op.forced = Forced(action.train, action.source)
    _forced_progress(state, log)


def liquidate(state: LostAtlasState, company: str, log: list[str]) -> None:
    op = operating(state)
    forced = op.forced
    assert forced is not None
    seat = state.president(op.company)
    corp = state.corps[company]
    price = state.price(company)
    corp.shares.take(seat, 1)
    corp.shares.pool += 1
    state.ledger.pay(BANK, player_account(seat), price)
    forced.sold[company] = forced.sold.get(company, 0) + 1
    log.append(f"{seat_name(state, seat)} sells a {corp.name} share for {price}.")
    new = corp.shares.update_president(state.seats())
    if new is not None:
        log.append(f"{seat_name(state, new)} becomes president of {corp.name}.")
    _forced_progress(state, log)


def _forced_progress(state: LostAtlasState, log: list[str]) -> None:
    """Pay for the forced purchase if the money is there; declare bankruptcy if it cannot
    be and no share can be sold any more; otherwise wait for the next sale."""
    op = operating(state)
    forced = op.forced
    assert forced is not None
    company = op.company
    seat = state.president(company)
    cost = price(state, forced.train)
    treasury = state.treasury(company)
    if treasury + state.cash(seat) >= cost:
        op.forced = None
        from_president = cost - treasury
        payers = [(company_account(company), treasury), (player_account(seat), from_president)]
        log.append(f"{seat_name(state, seat)} contributes {from_president}.")
        if forced.source == POOL:
            state.pool.remove(forced.train)
            for account, amount in payers:
                state.ledger.pay(account, BANK, amount)
            state.corps[company].trains.append(forced.train)
            log.append(f"{state.corps[company].name} buys a {forced.train}-train from the pool "
                       f"for {cost}.")
        else:
            take_from_stack(state, company, forced.train, cost, log, payers=payers)
        _forced_drops(state, forced, log)
        return
    if any(forced_sale_problem(state, seat, c) is None for c in state.corps):
        return
    op.forced = None
    _forced_drops(state, forced, log)
    bankrupt(state, seat, company, log)


def _forced_drops(state: LostAtlasState, forced: Forced, log: list[str]) -> None:
    per_share = bool(state.options.get("cut_throat_stock"))
    for company in state.stock.operating_order():
        count = forced.sold.get(company, 0)
        if not count:
            continue
        state.stock.move(company, -(count if per_share else 1))
        log.append(f"{state.corps[company].name}'s price drops to {state.price(company)}.")
    for company in list(forced.sold):
        dissolution.check_dissolution(state, company, log)
