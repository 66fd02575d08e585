"""Step 7, trains (rulebook p.16 "Operating Round" step 7, "Train purchasing"): buy from
the top of the stack (a grey card as 7 or ∞, or ∞ for 800 trading in a train), any pool
train at its printed price, or another company's train for at least 1 with its
president's consent (an ``agree``/``decline`` question), as many as the limit and the
treasury allow; a company without a train must buy one (if it cannot pay for any:
:mod:`.forced_purchase`). A stack purchase may start a phase, rust trains and put
companies over their limit (:mod:`boardroom.titles.lost_atlas.rounds.trains`).

Readings where the rules are silent: trading a train in for the ∞ removes it from the
game ("to the bank", not the pool) and needs no free slot, as the count of trains does
not grow; only the stack's ∞ is offered for a trade-in, and an ∞ is not traded in for
another; a train offer to a company with the same president is accepted at once; a
refused offer may be made again during the turn only at a higher price."""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.lost_atlas.rounds import trains as train_rules
from boardroom.titles.lost_atlas.rounds.operating import leadoff
from boardroom.titles.lost_atlas.rounds.operating.notation import (
    POOL,
    STACK,
    BuyTrain,
    ForceTrain,
    OfferTrain,
    OperatingAction,
)
from boardroom.titles.lost_atlas.rounds.operating.train_market import (
    affordable_purchase,
    cheapest,
    pool_choices,
    price,
    room,
    stack_choices,
    trade_ins,
)
from boardroom.titles.lost_atlas.rounds.operating.turn import (
    LEADOFF,
    Offer,
    OperatingRound,
    operating,
)
from boardroom.titles.lost_atlas.rounds.points import seat_name
from boardroom.titles.lost_atlas.state import BANK, LostAtlasState, company_account


def options(state: LostAtlasState, op: OperatingRound) -> list[OperatingAction]:
    """Every purchase, trade-in and offer open to the company now, and the forced
    purchase if it has no train and can afford none."""
    company = op.company
    corp = state.corps[company]
    cash = state.treasury(company)
    out: list[OperatingAction] = []
    slots = room(state, company)
    if slots > 0:
        for t in stack_choices(state):
            if price(state, t) <= cash:
                out.append(BuyTrain(t))
        for t in pool_choices(state):
            if price(state, t) <= cash:
                out.append(BuyTrain(t, POOL))
    for t in stack_choices(state):
        trade_price = state.components.trains[t].trade_in_price
        if trade_price is not None and trade_price <= cash:
            out.extend(BuyTrain(t, STACK, old) for old in trade_ins(state, company, t))
    if slots > 0 and cash >= 1:
        for seller in state.stock.operating_order():
            if seller == company:
                continue
            for t in sorted(set(state.corps[seller].trains),
                            key=lambda x: list(state.components.trains).index(x)):
                low = op.refused.get((seller, t), 0) + 1
                out.extend(_offers(seller, t, cash)[low:cash + 1])
    if not corp.trains and not affordable_purchase(state, company):
        out.extend(ForceTrain(t, source) for t, source in cheapest(state))
    return out


_OFFERS: dict[tuple[str, str], list[OfferTrain]] = {}
"""Shared (immutable) offers by seller and train, indexed by price (0 unused): a treasury
may make hundreds of offers, and listing them then costs a slice, not hundreds of
constructions."""


def _offers(seller: str, train: str, cash: int) -> list[OfferTrain]:
    """``_offers(s, t, c)[p]`` is ``OfferTrain(s, t, p)`` for every ``p <= c``."""
    made = _OFFERS.setdefault((seller, train), [OfferTrain(seller, train, 0)])
    if len(made) <= cash:
        made.extend(OfferTrain(seller, train, p) for p in range(len(made), cash + 1))
    return made


def has_option(state: LostAtlasState, op: OperatingRound) -> bool:
    """Whether :func:`options` lists anything (the same rules, no action built)."""
    company = op.company
    cash = state.treasury(company)
    slots = room(state, company)
    if slots > 0:
        if affordable_purchase(state, company):  # from the stack or the pool
            return True
        if cash >= 1 and any(  # an offer to another company for a train not refused at cash
                op.refused.get((seller, t), 0) + 1 <= cash
                for seller in state.stock.operating_order() if seller != company
                for t in state.corps[seller].trains):
            return True
    trains = state.components.trains
    for t in stack_choices(state):  # a trade-in
        trade_price = trains[t].trade_in_price
        if trade_price is not None and trade_price <= cash and trade_ins(state, company, t):
            return True
    # a forced purchase (no train, none affordable)
    return (not state.corps[company].trains and not affordable_purchase(state, company)
            and bool(cheapest(state)))


def check_buy(state: LostAtlasState, action: BuyTrain) -> IllegalAction | None:
    op = operating(state)
    company = op.company
    corp = state.corps[company]
    cash = state.treasury(company)
    if action.train not in state.components.trains:
        return IllegalAction("lost_atlas.trains.source", f"there is no {action.train}-train")
    if op.step == LEADOFF:
        problem = leadoff.check(state, company, action)
        if problem is not None:
            return problem
    if action.source == POOL:
        if action.train not in state.pool:
            return IllegalAction("lost_atlas.trains.source",
                                 f"the pool has no {action.train}-train")
        cost = price(state, action.train)
    else:
        choices = stack_choices(state)
        if action.train not in choices:
            top = " or ".join(choices) or "nothing"
            return IllegalAction("lost_atlas.trains.source",
                                 f"only the top of the stack is for sale: {top}")
        cost = price(state, action.train)
        if action.trade is not None:
            kind = state.components.trains[action.train]
            if kind.trade_in_price is None:
                return IllegalAction("lost_atlas.trains.trade-in",
                                     f"no train is traded in for a {action.train}-train")
            if action.trade not in trade_ins(state, company, action.train):
                return IllegalAction("lost_atlas.trains.trade-in",
                                     f"{corp.name} has no unrusted {action.trade}-train to "
                                     f"trade in")
            cost = kind.trade_in_price
    if action.trade is None and room(state, company) <= 0:
        return IllegalAction("lost_atlas.trains.limit",
                             f"{corp.name} is at its train limit "
                             f"({train_rules.limit(state, company)})")
    if cost > cash:
        return IllegalAction("lost_atlas.trains.afford",
                             f"the train costs {cost}; the treasury has {cash}")
    return None


def check_offer(state: LostAtlasState, action: OfferTrain) -> IllegalAction | None:
    op = operating(state)
    company = op.company
    seller = state.corps.get(action.seller)
    if seller is None or action.seller == company:
        return IllegalAction("lost_atlas.trains.source",
                             f"{action.seller!r} is not another company")
    if action.train not in seller.trains:
        return IllegalAction("lost_atlas.trains.source",
                             f"{seller.name} has no {action.train}-train to sell (rusted "
                             f"trains cannot be sold)")
    if room(state, company) <= 0:
        return IllegalAction("lost_atlas.trains.limit",
                             f"{state.corps[company].name} is at its train limit")
    if action.price < 1:
        return IllegalAction("lost_atlas.trains.offer-price",
                             "a train from another company costs at least 1")
    if action.price > state.treasury(company):
        return IllegalAction("lost_atlas.trains.afford",
                             f"the treasury has {state.treasury(company)}")
    refused = op.refused.get((action.seller, action.train))
    if refused is not None and action.price <= refused:
        return IllegalAction("lost_atlas.trains.offer-refused",
                             f"{seller.name} refused {refused} for its {action.train}-train "
                             f"this turn; offer more")
    return None


# -- applying -------------------------------------------------------------------------------
def buy(state: LostAtlasState, company: str, action: BuyTrain, log: list[str]) -> None:
    corp = state.corps[company]
    if action.source == POOL:
        cost = price(state, action.train)
        state.pool.remove(action.train)
        state.ledger.pay(company_account(company), BANK, cost)
        corp.trains.append(action.train)
        log.append(f"{corp.name} buys a {action.train}-train from the pool for {cost}.")
        return
    cost = price(state, action.train)
    if action.trade is not None:
        trade_price = state.components.trains[action.train].trade_in_price
        assert trade_price is not None
        cost = trade_price
        corp.trains.remove(action.trade)
    take_from_stack(state, company, action.train, cost, log,
                     f" trading in a {action.trade}-train" if action.trade else "")


def take_from_stack(state: LostAtlasState, company: str, train: str, cost: int,
                     log: list[str], extra: str = "", payers: list[tuple[str, int]] | None = None
                     ) -> None:
    corp = state.corps[company]
    if state.trains:
        state.trains.pop(0)
    for account, amount in payers or [(company_account(company), cost)]:
        state.ledger.pay(account, BANK, amount)
    corp.trains.append(train)
    log.append(f"{corp.name} buys a {train}-train for {cost}{extra}.")
    train_rules.gained(state, train, log)


def sell_between(state: LostAtlasState, seller: str, buyer: str, train: str, price: int,
                  log: list[str]) -> None:
    state.corps[seller].trains.remove(train)
    state.corps[buyer].trains.append(train)
    state.ledger.pay(company_account(buyer), company_account(seller), price)
    log.append(f"{state.corps[buyer].name} buys a {train}-train from "
               f"{state.corps[seller].name} for {price}.")


def offer(state: LostAtlasState, company: str, action: OfferTrain, log: list[str]) -> None:
    """Offer for another company's train: sold at once if the same player presides over
    both, otherwise the seller's president is asked."""
    if state.president(action.seller) == state.president(company):
        sell_between(state, action.seller, company, action.train, action.price, log)
        return
    operating(state).offer = Offer(action.seller, action.train, action.price)
    seller_name = state.corps[action.seller].name
    log.append(f"{state.corps[company].name} offers {seller_name} {action.price} for a "
               f"{action.train}-train; "
               f"{seat_name(state, state.president(action.seller))} decides.")


def answer(state: LostAtlasState, agreed: bool, log: list[str]) -> None:
    op = operating(state)
    offer = op.offer
    assert offer is not None
    op.offer = None
    name = seat_name(state, state.president(offer.seller))
    if agreed:
        log.append(f"{name} agrees.")
        sell_between(state, offer.seller, op.company, offer.train, offer.price, log)
    else:
        key = (offer.seller, offer.train)
        op.refused[key] = max(op.refused.get(key, 0), offer.price)
        log.append(f"{name} declines the offer of {offer.price} for "
                   f"{state.corps[offer.seller].name}'s {offer.train}-train.")
