"""The Stock Round (rulebook "Stock Round", Diagram 3).

Beginning with the priority player, each turn a player either initiates an auction,
sells shares and/or buys one share, or passes. The round ends when everyone has passed
in a row. An auction, once opened, is :mod:`.auction`'s (the bids, the winner's launch);
this module hands it the auction's actions while one is under way.

Selling: any number of shares of several companies, all at once, once per turn (here: a
``sell`` action per company, then ``buy`` or ``done``); one step down per company sold
(the cut-throat variant: one step per share); never leaving a company without a
president; not a minor that has not operated; the pool at most half the shares.
Buying: one share from the treasury (money to the treasury) or the pool (money to the
bank); at most 60%; not a company this player sold this round.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.core.errors import IllegalAction, NotationError
from boardroom.core.title import Action
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.rounds import auction, dissolution, matrix
from boardroom.titles.lost_atlas.rounds.auction import Bid, Launch, StartAuction, available_minors
from boardroom.titles.lost_atlas.rounds.points import (
    POINTS,
    OtherShares,
    first_refusal,
    money_moved,
    other_shares,
    presides_itself,
)
from boardroom.titles.lost_atlas.state import (
    BANK,
    MINOR,
    LostAtlasState,
    StockRound,
    company_account,
    player_account,
)

__all__ = [  # the round's names other layers use (the auction's are re-exported)
    "POOL", "TREASURY", "VERBS", "Bid", "Buy", "Done", "Launch", "Sell", "StartAuction",
    "StockAction", "apply", "available_minors", "check", "finish", "legal", "not_in_play",
    "parse", "start", "to_act",
]

TREASURY, POOL = "treasury", "pool"


@dataclass(frozen=True, slots=True)
class Sell(Action):
    company: str
    count: int

    def __str__(self) -> str:
        return f"sell {self.company} {self.count}"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    company: str
    source: str

    def __str__(self) -> str:
        return f"buy {self.company} {self.source}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End the turn after selling, buying nothing."""

    def __str__(self) -> str:
        return "done"


StockAction = StartAuction | Bid | Launch | Sell | Buy | Done | Pass


VERBS = ("auction", "bid", "launch", "sell", "buy", "done")


def parse(words: list[str], text: str) -> StockAction | None:
    """Read a Stock Round action, or None if the first word is not one of ours."""
    head, rest = words[0], words[1:]
    try:
        if head == "auction" and len(rest) == 1:
            return StartAuction(int(rest[0]))
        if head == "bid" and len(rest) == 1:
            return Bid(int(rest[0]))
        if head == "launch" and len(rest) == 1:
            return Launch(rest[0])
        if head == "launch" and len(rest) == 3 and rest[1] == "at":
            q, r = (int(x) for x in rest[2].split(","))
            return Launch(rest[0], (q, r))
        if head == "sell" and len(rest) == 2:
            return Sell(rest[0], int(rest[1]))
        if head == "buy" and len(rest) == 2 and rest[1] in (TREASURY, POOL):
            return Buy(rest[0], rest[1])
        if head == "done" and not rest:
            return Done()
    except ValueError:
        raise NotationError(f"{text!r}: a number or hex is malformed") from None
    if head in VERBS:
        raise NotationError(f"{text!r} is not a Stock Round action")
    return None


# -- the round --------------------------------------------------------------------------
def start(state: LostAtlasState, log: list[str]) -> None:
    state.sr = StockRound(turn=state.priority)
    state.auction = None
    log.append(f"Stock Round {state.cycle} begins; {state.players[state.priority]} has "
               f"priority.")


def to_act(state: LostAtlasState) -> int:
    if state.auction is not None:
        return state.auction.turn
    assert state.sr is not None
    return state.sr.turn


def _selling(state: LostAtlasState, seat: int) -> bool:
    """Has ``seat`` already sold this turn (so only more sells, a buy or done remain)?"""
    sr = state.sr
    assert sr is not None
    return bool(sr.selling) and sr.turn == seat


def legal(state: LostAtlasState, seat: int) -> list[StockAction]:
    if seat != to_act(state):
        return []
    out: list[StockAction] = []
    if state.auction is not None:
        return list(auction.legal(state, state.auction, seat))
    for hook in POINTS.forced_stock_actions:  # Bank Break: over the certificate limit
        forced = hook(state, seat)
        if forced is not None:
            return list(forced)
    mid_turn = _selling(state, seat)
    if not mid_turn:
        out.extend(auction.openings(state, seat))
        out.append(Pass())
    for company in sorted(state.corps):
        for count in range(1, state.corps[company].shares.held(seat) + 1):
            action = Sell(company, count)
            if check(state, action, seat) is None:
                out.append(action)
        for source in (TREASURY, POOL):
            buy = Buy(company, source)
            if check(state, buy, seat) is None:
                out.append(buy)
    for other in POINTS.other_shares:  # the Landmarks' Metropolitan
        for kind, count in other.candidates(state, seat):
            metro: StockAction = (Sell(other.company, count) if kind == "sell"
                                  else Buy(other.company, TREASURY))
            if check(state, metro, seat) is None:
                out.append(metro)
    if mid_turn:
        out.append(Done())
    return out


def check(state: LostAtlasState, action: StockAction, seat: int) -> IllegalAction | None:
    sr = state.sr
    assert sr is not None
    if state.auction is not None:
        return auction.check(state, state.auction, action, seat)
    forced = first_refusal(POINTS.check_stock_action, state, action, seat)
    if forced is not None:
        return forced
    mid_turn = _selling(state, seat)
    if isinstance(action, Pass):
        if mid_turn:
            return IllegalAction("lost_atlas.stock.turn",
                                 "after selling, buy a share or say done")
        return None
    if isinstance(action, Done):
        if not mid_turn:
            return IllegalAction("lost_atlas.stock.turn", "'done' ends a turn after selling")
        return None
    if isinstance(action, StartAuction):
        if mid_turn:
            return IllegalAction("lost_atlas.stock.turn",
                                 "a turn is an auction or selling/buying, not both")
        return auction.check_opening(state, action, seat)
    if isinstance(action, Sell):
        return _check_sell(state, action, seat)
    if isinstance(action, Buy):
        return _check_buy(state, action, seat)
    return IllegalAction("lost_atlas.stock.turn", f"{action} is not a Stock Round action now")


def _check_sell(state: LostAtlasState, action: Sell, seat: int) -> IllegalAction | None:
    sr = state.sr
    assert sr is not None
    other = other_shares(state, action.company)
    corp = state.corps.get(action.company)
    if corp is None and other is None:
        return not_in_play(state, action.company)
    if action.company in sr.selling:
        return IllegalAction("lost_atlas.stock.sell-once",
                             "all shares of a company are sold at once, once a turn")
    if corp is None:
        assert other is not None
        return other.check_sell(state, action.count, seat)
    refused = first_refusal(POINTS.check_share_deal, state, action.company, None)
    if refused is not None:  # the Solo Game's Conglomerate shares
        return refused
    if corp.kind == MINOR and not corp.operated:
        return IllegalAction("lost_atlas.stock.sell-unoperated",
                             f"{corp.name} has not operated yet; its shares cannot be sold")
    problem = corp.shares.sale_problem(seat, action.count, state.seats())
    if problem == "holding":
        return IllegalAction("lost_atlas.stock.sell-holding",
                             f"{state.players[seat]} holds {corp.shares.held(seat)} "
                             f"{corp.name} shares")
    if problem == "pool-limit":
        return IllegalAction("lost_atlas.stock.pool-limit",
                             "no more than 50% of a company's shares may be in the pool")
    if problem == "president":
        return IllegalAction("lost_atlas.stock.sell-president",
                             "the sale would leave the company without a president")
    return None


def _check_buy(state: LostAtlasState, action: Buy, seat: int) -> IllegalAction | None:
    sr = state.sr
    assert sr is not None
    other = other_shares(state, action.company)
    if other is not None:
        problem = other.check_buy(state, seat, action.source, sr.sold.get(seat, set()))
        return problem or first_refusal(POINTS.check_buy, state, action.company, seat)
    corp = state.corps.get(action.company)
    if corp is None:
        return not_in_play(state, action.company)
    shares = corp.shares
    refused = first_refusal(POINTS.check_share_deal, state, action.company, action.source)
    if refused is not None:  # the Solo Game's Conglomerate shares
        return refused
    if action.source == TREASURY and shares.treasury <= 0:
        return IllegalAction("lost_atlas.stock.buy-source", f"{corp.name}'s treasury has no share")
    if action.source == POOL and shares.pool <= 0:
        return IllegalAction("lost_atlas.stock.buy-source", f"the pool has no {corp.name} share")
    if action.company in sr.sold.get(seat, set()):
        return IllegalAction("lost_atlas.stock.buy-after-sale",
                             f"{state.players[seat]} sold {corp.name} this round")
    if shares.held(seat) + 1 > shares.max_shares:
        return IllegalAction("lost_atlas.stock.sixty-percent",
                             f"no player may own more than {shares.max_percent}%")
    price = state.price(action.company)
    if price > state.cash(seat):
        return IllegalAction("lost_atlas.stock.afford",
                             f"{state.players[seat]} cannot pay {price}")
    return first_refusal(POINTS.check_buy, state, action.company, seat)


def _other_shares_named(state: LostAtlasState, company: str) -> OtherShares | None:
    if company in state.corps:
        return None
    return next((o for o in POINTS.other_shares if o.company == company), None)


def not_in_play(state: LostAtlasState, company: str) -> IllegalAction:
    """A company with no shares to deal: says whether it is a minor still to be launched,
    a major not yet formed, or no company at all."""
    comp = state.components
    if company in comp.minors:
        name = comp.minors[company].name
        if any(company in column for column in state.matrix):
            where = ("open an auction for it first (auction N), and the winner launches it"
                     if any(column and column[0] == company for column in state.matrix)
                     else "it is not yet at the bottom of its matrix column")
            text = f"{name} has not been launched: {where}"
        else:
            text = f"{name} is not in play in this game"
    elif company in comp.majors:
        text = f"{comp.majors[company].name} has not been formed (two minors form a major)"
    else:
        known = ", ".join(sorted(state.corps)) or "none yet"
        text = f"there is no company {company!r} (companies in play: {known})"
    return IllegalAction("lost_atlas.stock.company", text)


# -- applying -----------------------------------------------------------------------------
def apply(state: LostAtlasState, action: StockAction, seat: int, log: list[str]) -> bool:
    """Apply a checked action; return True when the Stock Round has ended."""
    sr = state.sr
    assert sr is not None
    name = state.players[seat]
    if state.auction is not None:
        auction.apply(state, state.auction, action, seat, log)
        return False
    if isinstance(action, StartAuction):
        auction.open_auction(state, action, seat, log)
        return False
    if isinstance(action, Sell):
        _sell(state, action, seat, log)
        sr.selling.add(action.company)
        return False
    if isinstance(action, Buy):
        _buy(state, action, seat, log)
        return _end_turn(state, seat, acted=True, log=log)
    if isinstance(action, Done):
        return _end_turn(state, seat, acted=True, log=log)
    log.append(f"{name} passes.")
    return _end_turn(state, seat, acted=False, log=log)


def _sell(state: LostAtlasState, action: Sell, seat: int, log: list[str]) -> None:
    sr = state.sr
    assert sr is not None
    other = _other_shares_named(state, action.company)
    if other is not None:
        other.sell(state, seat, action.count, log)
        sr.sold.setdefault(seat, set()).add(action.company)
        money_moved(state, log)
        return
    corp = state.corps[action.company]
    price = state.price(action.company)
    corp.shares.take(seat, action.count)
    corp.shares.pool += action.count
    state.ledger.pay(BANK, player_account(seat), price * action.count)
    sr.sold.setdefault(seat, set()).add(action.company)
    steps = action.count if state.options.get("cut_throat_stock") else 1
    state.stock.move(action.company, -steps)
    log.append(f"{state.players[seat]} sells {action.count} {corp.name} at {price}; the "
               f"price drops to {state.price(action.company)}.")
    _presidency(state, action.company, log)
    dissolution.check_dissolution(state, action.company, log)
    money_moved(state, log)


def _buy(state: LostAtlasState, action: Buy, seat: int, log: list[str]) -> None:
    other = _other_shares_named(state, action.company)
    if other is not None:
        other.buy(state, seat, log)
        return
    corp = state.corps[action.company]
    price = state.price(action.company)
    if action.source == TREASURY:
        corp.shares.treasury -= 1
        state.ledger.pay(player_account(seat), company_account(action.company), price)
    else:
        corp.shares.pool -= 1
        state.ledger.pay(player_account(seat), BANK, price)
    corp.shares.give(seat, 1)
    article = "an" if corp.name[:1] in "AEIOU" else "a"
    log.append(f"{state.players[seat]} buys {article} {corp.name} share from the {action.source} "
               f"for {price}.")
    _presidency(state, action.company, log)


def _presidency(state: LostAtlasState, company: str, log: list[str]) -> None:
    corp = state.corps.get(company)
    if corp is None or presides_itself(state, company):  # the Conglomerate does
        return
    new = corp.shares.update_president(state.seats())
    if new is not None:
        log.append(f"{state.players[new]} becomes president of {corp.name}.")


def _end_turn(state: LostAtlasState, seat: int, acted: bool, log: list[str]) -> bool:
    sr = state.sr
    assert sr is not None
    sr.selling = set()
    if acted:
        sr.last_actor = seat
        sr.passes = 0
    else:
        sr.passes += 1
    sr.turn = (seat + 1) % state.seats()
    return sr.passes >= state.seats()


def finish(state: LostAtlasState, log: list[str]) -> bool:
    """End-of-round upkeep. Returns False if the round restarts (no minor launched in
    the first Stock Round), True when play moves on."""
    sr = state.sr
    assert sr is not None
    if state.cycle == 1 and not sr.launched_any and not state.corps:
        log.append("No minor company was launched: the matrix is dealt again and the "
                   "Stock Round starts over.")
        matrix.deal_matrix(state, log)
        start(state, log)
        return False
    if sr.last_actor is not None:
        state.priority = (sr.last_actor + 1) % state.seats()
    for hook in POINTS.stock_round_end:  # the Solo Game: the Conglomerate sells and buys
        hook(state, log)
    for company in state.stock.operating_order():
        corp = state.corps[company]
        if corp.shares.fully_player_owned():
            state.stock.move(company, 1)
            log.append(f"{corp.name} is fully owned by players: its price rises to "
                       f"{state.price(company)}.")
    state.sr = None
    return True
