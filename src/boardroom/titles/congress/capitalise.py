"""Capitalise: a share auctioned to the players (Boardroom's auction, provisional).

The post refers to "the normal manner (see Capitalise)" without giving it. Boardroom's
auction: the auctioning player names the share; bidding starts with the auctioning player
and goes clockwise; each in turn bids more than the high bid (at least ``min_bid``, at most
their cash) or passes and is out; it ends when everyone but the high bidder has passed, or
everyone has passed without a bid. The winner pays the bid into the company's treasury.
In an ordinary Capitalise the share is one from the company's bank pool (face up), or the
first share of a founding company that has not started, which starts it; with no bid the
share stays where it was.
"""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.congress import expand, months
from boardroom.titles.congress.data import FOUNDING, MERGER
from boardroom.titles.congress.state import (
    ACTIVE,
    CAPITALISE,
    FREE_LINK,
    INACTIVE,
    POOL,
    SUPPLY,
    Auction,
    CongressState,
    player,
    treasury,
)


def offer_source(state: CongressState, company: int) -> str:
    """Where a Capitalise takes the share from: the bank pool; in rules version 2, once the
    switch has made merger-company shares available (rule congress.capitalise.merger-shares,
    Boardroom's reading of revision #71), an active merger company's merger supply when
    its pool is empty; "" if there is none."""
    if state.pool(company) > 0:
        return POOL
    if state.version == 2 and state.switched and state.status[company] == ACTIVE and \
            state.supply(company) > 0 and (state.data.companies[company].kind == MERGER
                                           or state.data.rules.founding_supply_after_switch):
        return SUPPLY
    return ""


def may_offer(state: CongressState, company: int) -> bool:
    """A share of ``company`` may be put up in an ordinary Capitalise."""
    if not offer_source(state, company):
        return False
    status = state.status[company]
    if status == ACTIVE:
        return True
    return (status == INACTIVE and state.data.companies[company].kind == FOUNDING
            and not (state.version == 2 and home_taken(state, company)))


def home_taken(state: CongressState, company: int) -> bool:
    """Rules version 2: another company's track already reaches this unstarted founding
    company's home station (rule congress.capitalise.home-taken: it can no longer start)."""
    home = state.data.companies[company].home
    return any(home in net for net in state.network)


def check_offer(state: CongressState, company: int) -> IllegalAction | None:
    co = state.data.companies[company]
    if state.version == 2 and state.status[company] == INACTIVE and co.kind == FOUNDING \
            and home_taken(state, company):
        return IllegalAction("congress.capitalise.home-taken",
                             f"another company's track already reaches "
                             f"{state.data.cities[co.home].name}: {co.id} can no longer start")
    if state.status[company] == INACTIVE and co.kind != FOUNDING:
        return IllegalAction("congress.capitalise.merger-company",
                             f"{co.id} is a merger company: it starts only after a merger")
    if state.status[company] not in (ACTIVE, INACTIVE):
        return IllegalAction("congress.capitalise.share",
                             f"{co.id} has been acquired: its shares are face down")
    if not offer_source(state, company):
        return IllegalAction("congress.capitalise.share", f"{co.id} has no share in its pool")
    return None


def open_auction(state: CongressState, company: int, source: str, auctioneer: int,
                 kind: str) -> None:
    n = len(state.players)
    state.auction = Auction(company, source, auctioneer, kind,
                            [(auctioneer + k) % n for k in range(n)])


def bid_floor(state: CongressState) -> int:
    a = state.auction
    assert a is not None
    return max(state.data.rules.min_bid, a.high + 1)


def check_bid(state: CongressState, seat: int, amount: int) -> IllegalAction | None:
    floor = bid_floor(state)
    if amount < floor:
        return IllegalAction("congress.auction.bid-higher", f"a bid must be at least {floor}")
    if amount > state.cash(seat):
        return IllegalAction("congress.auction.cash",
                             f"{state.players[seat]} has only {state.cash(seat)}")
    return None


def bid(state: CongressState, seat: int, amount: int, log: list[str]) -> bool:
    """Record a bid; True if the auction is over (everyone else has passed)."""
    a = state.auction
    assert a is not None
    a.high = amount
    a.high_bidder = seat
    a.order.append(a.order.pop(0))
    log.append(f"{state.players[seat]} bids {amount}.")
    return len(a.order) == 1


def pass_(state: CongressState, seat: int, log: list[str]) -> bool:
    """A pass drops the bidder out; True if the auction is over."""
    a = state.auction
    assert a is not None
    a.order.pop(0)
    log.append(f"{state.players[seat]} passes.")
    return not a.order or a.order == [a.high_bidder]


def sell_to_winner(state: CongressState, log: list[str]) -> int:
    """The winner pays and takes the share; returns the winner (-1: no bid)."""
    a = state.auction
    assert a is not None
    if a.high_bidder < 0:
        return -1
    cid = state.cid(a.company)
    state.ledger.pay(player(a.high_bidder), treasury(cid), a.high)
    state.ledger.move_shares(cid, a.source, player(a.high_bidder), 1)
    log.append(f"{state.players[a.high_bidder]} buys a {cid} share for {a.high}.")
    if state.version == 2:
        # rule congress.months.capitalise-winner: the winner pays the months
        months.charge(state, a.high_bidder, state.data.rules.cost_of("capitalise"), log,
                      "won a share")
    return a.high_bidder


def settle_capitalise(state: CongressState, log: list[str]) -> None:
    """The end of an ordinary Capitalise auction; a founding company's first sale starts it."""
    a = state.auction
    assert a is not None
    company = a.company
    winner = sell_to_winner(state, log)
    state.auction = None
    if winner < 0:
        log.append(f"Nobody bids: the {state.cid(company)} share stays in its "
                   f"{'bank pool' if a.source == POOL else 'supply'}.")
        if state.version == 2 and a.kind == CAPITALISE:
            # rule congress.months.no-bid: the active player loses the months
            months.charge(state, a.auctioneer, state.data.rules.cost_of("capitalise"), log,
                          "nobody bid")
        return
    if state.status[company] == INACTIVE and state.version == 2:
        start_founding(state, company, winner, log)
    elif state.status[company] == INACTIVE:
        home = state.data.companies[company].home
        state.status[company] = ACTIVE
        state.network[company] = {home}
        state.homes[company] = {home}
        state.income[company] = min(state.data.rules.income_max, state.value[home])
        log.append(f"{state.cid(company)} starts at {state.data.cities[home].name} with "
                   f"income {state.income[company]}.")


def start_founding(state: CongressState, company: int, winner: int, log: list[str]) -> None:
    """Rules version 2: a founding company's first share starts it at its home station
    with income 0, and (rule congress.capitalise.free-link) the winner lays its one free
    link from there (step FREE_LINK)."""
    home = state.data.companies[company].home
    state.status[company] = ACTIVE
    state.network[company] = {home}
    state.homes[company] = {home}
    state.income[company] = 0
    log.append(f"{state.cid(company)} starts at {state.data.cities[home].name}.")
    if expand.links(state, company, free=True):
        state.step = FREE_LINK
        state.free_link = company
        state.actor = winner
        log.append(f"{state.players[winner]} lays {state.cid(company)}'s free link.")
