"""The end of the game and the score (rules version 2).

From congress-facts.md: the game ends at the 6th General Dividend; money hidden in
treasuries comes back in end-game payouts, at a loss: an April 2008 proposal split each
company's treasury among its shareholders and valued each share at $1 per city its
company connects. Boardroom plays that proposal (provisional, docs/congress.md): each
active company's treasury is divided among its issued shares, rounded down (the remainder
stays in the treasury), then the bank pays every share ``share_value_per_city`` for each
city (not foreign port) its company's track reaches. The score is the cash after both;
equal cash shares a place.
"""

from __future__ import annotations

from boardroom.core.title import Result, rank_by_score
from boardroom.titles.congress.data import CITY
from boardroom.titles.congress.state import ACTIVE, BANK, CongressState, player, treasury

TIE_RULE = "equal cash shares a place"


def treasury_payout(state: CongressState, log: list[str]) -> None:
    """Rule congress.end.treasury-payout: each treasury split among its company's shares."""
    for company, status in enumerate(state.status):
        issued = state.issued(company)
        cid = state.cid(company)
        cash = state.ledger.cash[treasury(cid)]
        if status != ACTIVE or not issued or cash < issued:
            continue
        each = cash // issued
        parts = []
        for seat, name in enumerate(state.players):
            held = state.held(company, seat)
            if held:
                state.ledger.pay(treasury(cid), player(seat), held * each)
                parts.append(f"{name} {held * each}")
        log.append(f"{cid}'s treasury of {cash} is paid out, {each} a share: "
                   f"{', '.join(parts)}.")


def cities_reached(state: CongressState, company: int) -> int:
    data = state.data
    return sum(1 for k in state.network[company] if data.cities[k].kind == CITY)


def share_values(state: CongressState, log: list[str]) -> None:
    """Rule congress.end.share-value: every share is worth its company's cities."""
    per_city = state.data.rules.share_value_per_city
    if not per_city:
        return
    for company, status in enumerate(state.status):
        if status != ACTIVE or not state.issued(company):
            continue
        worth = per_city * cities_reached(state, company)
        parts = []
        for seat, name in enumerate(state.players):
            held = state.held(company, seat)
            if held and worth:
                state.ledger.pay(BANK, player(seat), held * worth)
                parts.append(f"{name} {held * worth}")
        if parts:
            log.append(f"Each {state.cid(company)} share is worth {worth} "
                       f"({cities_reached(state, company)} cities): {', '.join(parts)}.")


def finish(state: CongressState, log: list[str]) -> None:
    if state.data.rules.treasury_payout:
        treasury_payout(state, log)
    share_values(state, log)
    scores = tuple(state.cash(s) for s in range(len(state.players)))
    state.result = Result(scores, rank_by_score(scores), TIE_RULE)
    parts = ", ".join(f"{name} {score}" for name, score in zip(state.players, scores,
                                                                 strict=True))
    log.append(f"The game ends at the last General Dividend. Cash: {parts}.")
