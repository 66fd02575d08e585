"""Dividends: the General Dividend, the Special Dividend and the no-bid payment.

The fragments say a General Dividend pays each share the company's income divided by its
issued shares. Boardroom reads "issued shares" as the shares held by players (a share in
the bank pool or the merger supply is not issued) and rounds the quotient down; the bank
pays. The post (004) gives no amount for the Special Dividend: Boardroom makes it one
General Dividend of the paying company (provisional, docs/congress.md).
"""

from __future__ import annotations

from boardroom.titles.congress.state import ACTIVE, BANK, CongressState, player


def per_share(state: CongressState, company: int, extra: int = 0) -> int:
    """Income divided by issued shares (plus ``extra`` shares), rounded down; 0 if none.

    ``extra`` is the no-bid rule's "including the just auctioned share".
    """
    issued = state.issued(company) + extra
    return state.income[company] // issued if issued else 0


def pay_company(state: CongressState, company: int, what: str, log: list[str]) -> int:
    """Pay one dividend of ``company`` to every player holding its shares; the total."""
    amount = per_share(state, company)
    cid = state.cid(company)
    if amount == 0:
        log.append(f"{cid} pays no {what} (income {state.income[company]}, "
                   f"{state.issued(company)} issued shares).")
        return 0
    parts = []
    total = 0
    for seat, name in enumerate(state.players):
        held = state.held(company, seat)
        if held:
            state.ledger.pay(BANK, player(seat), held * amount)
            total += held * amount
            parts.append(f"{name} {held * amount}")
    log.append(f"{cid} pays a {what} of {amount} a share: {', '.join(parts)}.")
    return total


def special_dividend(state: CongressState, company: int, log: list[str]) -> int:
    """Rule congress.merger.special-dividend: the Special Dividend (one General Dividend's
    worth, provisional) of ``company`` to its shareholders now."""
    return pay_company(state, company, "Special Dividend", log)


def general_dividends(state: CongressState, log: list[str]) -> None:
    """Every active company pays its holders income / issued shares a share."""
    state.dividends_paid += 1
    log.append(f"General Dividend {state.dividends_paid} of "
               f"{state.data.rules.general_dividends}.")
    for company, status in enumerate(state.status):
        if status == ACTIVE:
            pay_company(state, company, "General Dividend", log)


def no_bid_payment(state: CongressState, company: int, seat: int, log: list[str]) -> None:
    """Rule congress.merger.no-bid: the auctioning player receives the company's income
    divided by its issued shares, the just auctioned share included."""
    amount = per_share(state, company, extra=1)
    state.ledger.pay(BANK, player(seat), amount)
    log.append(f"Nobody bids: {state.players[seat]} discards the {state.cid(company)} share "
               f"into its bank pool and receives {amount} "
               f"(income {state.income[company]} / {state.issued(company) + 1} shares).")
