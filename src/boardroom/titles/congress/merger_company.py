"""Merger companies: started after a merger (rules 004), and the two chaining switches.

After a merger the active player starts an inactive merger company (:func:`after_merger`,
:func:`start`). Companies whose track already reaches its home station are acquired by it
(:func:`start`, the steps of :func:`.merger.absorb`). One of its shares is auctioned, from
its bank pool or else its merger supply; with no bid the auctioning player discards the
share into the pool and receives the no-bid payment (:func:`settle`). If its home station
was already connected it pays a Special Dividend. Then:

* ``chaining=automatic`` (the rules as first written): the auction's winner starts the
  next merger company, and so on, until every merger company has started or an auction
  finds no bidder (no winner to choose; Boardroom's reading);
* ``chaining=none`` (the revision, the default): the flurry stops there — one merger
  company is started per merger, and the active player's turn ends.

When every merger company has started, a merger instead leaves the active player to pass
or auction any share from a bank pool (:func:`after_merger`, step ALL_STARTED).
"""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.congress import capitalise, dividends, flow
from boardroom.titles.congress.data import MERGER
from boardroom.titles.congress.merger import absorb
from boardroom.titles.congress.state import (
    ACTIVE,
    ALL_STARTED,
    AUCTION,
    INACTIVE,
    MERGER_AUCTION,
    POOL,
    START,
    SUPPLY,
    CongressState,
    MergerEvent,
)

AUTOMATIC = "automatic"
NONE = "none"


def inactive(state: CongressState) -> list[int]:
    return [c for c, co in enumerate(state.data.companies)
            if co.kind == MERGER and state.status[c] == INACTIVE]


def after_merger(state: CongressState, chooser: int, log: list[str]) -> None:
    """Rule congress.merger.start-company: the active player (or, chaining, the auction's
    winner) selects an inactive merger company to start; rule congress.merger.all-started:
    with none left, the active player passes or auctions a pool share."""
    state.actor = chooser
    if inactive(state):
        state.step = START
        log.append(f"{state.players[chooser]} selects a merger company to start.")
    else:
        state.step = ALL_STARTED
        state.actor = state.current
        log.append("Every merger company has started: "
                   f"{state.players[state.current]} may pass or auction a pool share.")


def check_start(state: CongressState, company: int) -> IllegalAction | None:
    co = state.data.companies[company]
    if co.kind != MERGER or state.status[company] != INACTIVE:
        return IllegalAction("congress.merger.start-company",
                             f"{co.id} is not an inactive merger company")
    return None


def start(state: CongressState, seat: int, company: int, log: list[str]) -> None:
    """Start the merger company; rule congress.merger.start-acquires: the companies whose
    track reaches its home station are acquired by it (in the data file's order); then
    rule congress.merger.start-auction: one of its shares goes up for auction."""
    data = state.data
    co = data.companies[company]
    home = co.home
    state.status[company] = ACTIVE
    state.network[company] = {home}
    state.homes[company] = {home}
    state.income[company] = 0
    connected = [c for c, status in enumerate(state.status)
                 if status == ACTIVE and c != company and home in state.network[c]]
    log.append(f"{state.players[seat]} starts {co.id} ({co.name}) at {data.cities[home].name}.")
    for other in connected:
        held = (state.held(company, state.current), state.held(other, state.current))
        lost = absorb(state, company, other, log)
        state.events.append(MergerEvent(state.turn, state.round, state.current, "start",
                                        company, other, company, held[0], held[1], lost))
    if not connected:
        # rules version 1 starts it with its home city's value; in version 2 income comes
        # from links only (both ends' values), so it starts at 0
        state.income[company] = 0 if state.version == 2 else \
            min(data.rules.income_max, state.value[home])
        log.append(f"{co.id} starts with income {state.income[company]}.")
    state.home_connected = bool(connected)
    state.starting = company
    source = POOL if state.pool(company) else SUPPLY if state.supply(company) else ""
    if not source:
        log.append(f"{co.id} has no share left to auction.")
        finish_start(state, -1, log)
        return
    capitalise.open_auction(state, company, source, seat, MERGER_AUCTION)
    state.step = AUCTION
    state.actor = state.auction.order[0] if state.auction else seat
    log.append(f"A {co.id} share from its {'bank pool' if source == POOL else 'merger supply'}"
               f" is auctioned by {state.players[seat]}.")


def settle(state: CongressState, log: list[str]) -> None:
    """The end of a merger company's auction; rule congress.merger.no-bid."""
    a = state.auction
    assert a is not None
    winner = capitalise.sell_to_winner(state, log)
    if winner < 0:
        if a.source != POOL:
            state.ledger.move_shares(state.cid(a.company), a.source, POOL, 1)
        dividends.no_bid_payment(state, a.company, a.auctioneer, log)
    state.auction = None
    finish_start(state, winner, log)


def finish_start(state: CongressState, winner: int, log: list[str]) -> None:
    """Rule congress.merger.start-dividend, then rule congress.merger.chaining."""
    company = state.starting
    if state.home_connected:
        dividends.special_dividend(state, company, log)
    state.starting = -1
    state.home_connected = False
    if state.chaining == AUTOMATIC and winner >= 0 and inactive(state):
        state.step = START
        state.actor = winner
        log.append(f"{state.players[winner]} won the share and selects the next merger "
                   f"company to start.")
        return
    flow.end_turn(state, log)


def all_started_offer(state: CongressState, company: int) -> IllegalAction | None:
    """After a merger with every merger company started: any available pool share."""
    if state.status[company] != ACTIVE or state.pool(company) <= 0:
        return IllegalAction("congress.merger.all-started",
                             f"{state.cid(company)} has no available share in its bank pool")
    return None
