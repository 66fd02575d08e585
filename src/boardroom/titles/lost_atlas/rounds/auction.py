"""The Minor Company auction (rulebook "Stock Round": "Initiate an auction", Diagram 3).

The initiator opens with a bid of at least 120, in steps of 5; clockwise, each player
still in raises by any multiple of 5 they can afford or passes and is out. The last
player in picks any available minor (the bottom of a matrix column; Adaptive also picks
its home), pays the bid into its treasury, where the other shares go too, and its token
enters the stock track at half the bid rounded down to a printed launch price of the
phase, below any tokens already in that space. The next Stock Round turn goes to the
player after the initiator. The Stock Round (:mod:`.stock_round`) hands an auction's
actions here while ``state.auction`` is set.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.core.errors import IllegalAction
from boardroom.core.title import Action
from boardroom.map.hexes import Hex
from boardroom.market.shares import Company
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board import hubs
from boardroom.titles.lost_atlas.board.operator import ADAPTIVE, EXPANSIVE, SUBURBAN
from boardroom.titles.lost_atlas.rounds.points import POINTS, first_refusal
from boardroom.titles.lost_atlas.state import (
    MINOR,
    RULES_V1,
    Auction,
    Corp,
    LostAtlasState,
    company_account,
    player_account,
)


@dataclass(frozen=True, slots=True)
class StartAuction(Action):
    bid: int

    def __str__(self) -> str:
        return f"auction {self.bid}"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Launch(Action):
    """The auction's winner launches an available minor (Adaptive: at a chosen home)."""

    minor: str
    home: Hex | None = None

    def __str__(self) -> str:
        at = f" at {self.home[0]},{self.home[1]}" if self.home is not None else ""
        return f"launch {self.minor}{at}"


AuctionAction = Bid | Launch | Pass
"""What the players do while an auction is under way."""


def available_minors(state: LostAtlasState) -> list[str]:
    return [column[0] for column in state.matrix if column]


def max_bid(state: LostAtlasState, seat: int) -> int:
    step = state.components.stock_track.bid_step
    return state.cash(seat) // step * step


def new_certificate(state: LostAtlasState, seat: int) -> IllegalAction | None:
    """May ``seat`` take one more certificate? (Bank Break's limit.)"""
    return first_refusal(POINTS.check_new_certificate, state, seat)


# -- opening an auction (a Stock Round turn) -------------------------------------------------
def openings(state: LostAtlasState, seat: int) -> list[StartAuction]:
    """The opening bids ``seat`` may start an auction with on their turn."""
    st = state.components.stock_track
    if not available_minors(state) or new_certificate(state, seat) is not None:
        return []
    return [StartAuction(b) for b in range(st.min_bid, max_bid(state, seat) + 1, st.bid_step)]


def check_opening(state: LostAtlasState, action: StartAuction,
                  seat: int) -> IllegalAction | None:
    """An opening bid (the Stock Round has checked that the turn has not begun)."""
    st = state.components.stock_track
    if not available_minors(state):
        return IllegalAction("lost_atlas.auction.available", "no minor is left to launch")
    if action.bid < st.min_bid or (action.bid - st.min_bid) % st.bid_step:
        return IllegalAction("lost_atlas.auction.minimum",
                             f"bids start at {st.min_bid} and go up in steps of "
                             f"{st.bid_step}")
    if action.bid > state.cash(seat):
        return IllegalAction("lost_atlas.auction.afford",
                             f"{state.players[seat]} cannot afford {action.bid}")
    return new_certificate(state, seat)


def open_auction(state: LostAtlasState, action: StartAuction, seat: int,
                 log: list[str]) -> None:
    others = [(seat + k) % state.seats() for k in range(state.seats())]
    state.auction = Auction(initiator=seat, bid=action.bid, leader=seat, active=others,
                            turn=seat)
    log.append(f"{state.players[seat]} starts an auction for a minor company with a bid of "
               f"{action.bid}.")
    _next_bidder(state, state.auction, seat, log)


# -- the auction under way ---------------------------------------------------------------------
def legal(state: LostAtlasState, auction: Auction, seat: int) -> list[AuctionAction]:
    """The bids and the pass open to ``seat`` (or, once won, the minors to launch)."""
    out: list[AuctionAction] = []
    if auction.won:
        for minor in sorted(available_minors(state)):
            if state.components.minors[minor].ability == ADAPTIVE:
                out.extend(Launch(minor, ref[0]) for ref in hubs.adaptive_homes(state.board))
            else:
                out.append(Launch(minor))
        return out
    st = state.components.stock_track
    if new_certificate(state, seat) is None:
        out.extend(Bid(b) for b in range(auction.bid + st.bid_step,
                                         max_bid(state, seat) + 1, st.bid_step))
    out.append(Pass())
    return out


def check(state: LostAtlasState, auction: Auction, action: Action,
          seat: int) -> IllegalAction | None:
    st = state.components.stock_track
    if auction.won:
        if not isinstance(action, Launch):
            return IllegalAction("lost_atlas.auction.choose",
                                 "the auction's winner must choose a minor to launch")
        return _check_launch(state, action)
    if isinstance(action, Pass):
        return None
    if not isinstance(action, Bid):
        return IllegalAction("lost_atlas.auction.bid",
                             "during an auction a player bids or passes")
    if action.amount <= auction.bid or (action.amount - auction.bid) % st.bid_step:
        return IllegalAction("lost_atlas.auction.bid",
                             f"a bid must raise {auction.bid} by a multiple of "
                             f"{st.bid_step}")
    if action.amount > state.cash(seat):
        return IllegalAction("lost_atlas.auction.afford",
                             f"{state.players[seat]} cannot afford {action.amount}")
    return new_certificate(state, seat)


def _check_launch(state: LostAtlasState, action: Launch) -> IllegalAction | None:
    if action.minor not in available_minors(state):
        return IllegalAction("lost_atlas.auction.available",
                             f"{action.minor} is not available (only the bottom of each "
                             f"column is)")
    is_adaptive = state.components.minors[action.minor].ability == ADAPTIVE
    if is_adaptive:
        if action.home is None:
            return IllegalAction("lost_atlas.ability.adaptive",
                                 "Adaptive's president chooses its home as it launches")
        return hubs.check_adaptive_home(state.board, (action.home, 0))
    if action.home is not None:
        return IllegalAction("lost_atlas.auction.choose", f"{action.minor} has a printed home")
    return None


def apply(state: LostAtlasState, auction: Auction, action: Action, seat: int,
          log: list[str]) -> None:
    """A bid, a pass out of the auction, or the winner's launch (which ends it)."""
    sr = state.sr
    assert sr is not None
    name = state.players[seat]
    if isinstance(action, Launch):
        _launch(state, action, seat, log)
        state.auction = None
        # "The player clockwise from the player who took the last non-pass action takes
        # the Priority Player Marker": an auction's last non-pass actions are its
        # winner's (the winning bid, the launch). Rules version 1 read the opener.
        sr.last_actor = auction.initiator if state.rules_version == RULES_V1 else seat
        sr.passes = 0
        sr.turn = (auction.initiator + 1) % state.seats()
        return
    if isinstance(action, Bid):
        auction.bid, auction.leader = action.amount, seat
        log.append(f"{name} bids {action.amount}.")
    else:
        auction.active.remove(seat)
        log.append(f"{name} passes and leaves the auction.")
    _next_bidder(state, auction, seat, log)


def _next_bidder(state: LostAtlasState, auction: Auction, seat: int, log: list[str]) -> None:
    if len(auction.active) == 1:
        auction.won = True
        auction.turn = auction.active[0]
        log.append(f"{state.players[auction.turn]} wins the auction at {auction.bid} and "
                   f"chooses a minor company.")
        return
    n = state.seats()
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if nxt in auction.active and nxt != auction.leader:
            auction.turn = nxt
            return
    auction.won = True
    auction.turn = auction.leader


def _launch(state: LostAtlasState, action: Launch, seat: int, log: list[str]) -> None:
    auction = state.auction
    assert auction is not None
    comp = state.components
    minor = comp.minors[action.minor]
    charter = comp.minor_charter
    shares = Company(minor.name, total=charter.shares + charter.president_shares,
                     president_shares=charter.president_shares,
                     share_percent=charter.share_percent, max_percent=charter.max_percent)
    shares.launch(seat)
    corp = Corp(id=minor.id, kind=MINOR, name=minor.name, abbreviation=minor.abbreviation,
                abilities=frozenset({minor.ability}), shares=shares)
    if minor.ability == EXPANSIVE and minor.extra_hub_cost is not None:
        corp.hub_costs = [minor.extra_hub_cost]
    if minor.ability == SUBURBAN:
        corp.suburbs = hubs.SUBURB_TOKENS
    state.corps[minor.id] = corp
    state.ledger.open(company_account(minor.id))
    state.ledger.pay(player_account(seat), company_account(minor.id), auction.bid)
    price = comp.stock_track.launch_price(auction.bid, state.phase)
    state.stock.enter(minor.id, state.stock.index_of(price))
    for column in state.matrix:
        if column and column[0] == minor.id:
            column.pop(0)
    home = _home_spot(state, minor.id, action.home)
    state.board.launch_home(minor.id, home)
    assert state.sr is not None
    state.sr.launched_any = True
    where = f" at {home[0][0]},{home[0][1]}" if action.home is not None else ""
    log.append(f"{state.players[seat]} launches {minor.name}{where} for {auction.bid}: "
               f"share price {price}.")


def _home_spot(state: LostAtlasState, minor: str, chosen: Hex | None) -> tuple[Hex, int]:
    if chosen is not None:
        return (chosen, 0)
    for ref, owner in state.board.reserved.items():
        if owner == minor:
            return ref
    raise AssertionError(f"{minor} has no home on the map")
