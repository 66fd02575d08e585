"""Step 2, shares (rulebook p.12 "Operating Round" step 2): the company may issue one
treasury share to the pool (the treasury receives the price and the price drops a step;
the pool holds at most half the shares) or redeem one pool share (the treasury pays the
price to the bank; no price change)."""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.lost_atlas.rounds import dissolution
from boardroom.titles.lost_atlas.rounds.operating.notation import Issue, OperatingAction, Redeem
from boardroom.titles.lost_atlas.rounds.operating.turn import OperatingRound, operating
from boardroom.titles.lost_atlas.state import BANK, LostAtlasState, company_account

_ISSUE, _REDEEM = Issue(), Redeem()
"""The step's two actions (frozen values, listed without being made again)."""

_NO_TREASURY_SHARE, _POOL_FULL, _NO_POOL_SHARE, _CANNOT_PAY = range(1, 5)
"""Which share rule an issue or a redemption breaks (0: none), for the listing, which
builds no refusal."""


def shares_rule(state: LostAtlasState, action: Issue | Redeem) -> int:
    company = operating(state).company
    shares = state.corps[company].shares
    if isinstance(action, Issue):
        if shares.treasury <= 0:
            return _NO_TREASURY_SHARE
        return _POOL_FULL if shares.pool + 1 > shares.pool_limit else 0
    if shares.pool <= 0:
        return _NO_POOL_SHARE
    return _CANNOT_PAY if state.price(company) > state.treasury(company) else 0


def options(state: LostAtlasState, op: OperatingRound) -> list[OperatingAction]:
    """The share actions the company may take now: issue, redeem, both or neither."""
    return [action for action in (_ISSUE, _REDEEM) if not shares_rule(state, action)]


def has_option(state: LostAtlasState, op: OperatingRound) -> bool:
    """Whether :func:`options` lists anything."""
    return not shares_rule(state, _ISSUE) or not shares_rule(state, _REDEEM)


def check_shares(state: LostAtlasState, action: Issue | Redeem) -> IllegalAction | None:
    op = operating(state)
    broken = shares_rule(state, action)
    if not broken:
        return None
    corp = state.corps[op.company]
    if broken == _NO_TREASURY_SHARE:
        return IllegalAction("lost_atlas.or.issue", f"{corp.name} has no treasury share")
    if broken == _POOL_FULL:
        return IllegalAction("lost_atlas.or.pool-limit",
                             "no more than 50% of a company's shares may be in the pool")
    if broken == _NO_POOL_SHARE:
        return IllegalAction("lost_atlas.or.redeem", f"the pool has no {corp.name} share")
    return IllegalAction("lost_atlas.or.redeem",
                         f"redeeming costs {state.price(op.company)}; the treasury has "
                         f"{state.treasury(op.company)}")


def issue(state: LostAtlasState, company: str, log: list[str]) -> None:
    corp = state.corps[company]
    price = state.price(company)
    corp.shares.treasury -= 1
    corp.shares.pool += 1
    state.ledger.pay(BANK, company_account(company), price)
    state.stock.move(company, -1)
    log.append(f"{corp.name} issues a share for {price}; its price drops to "
               f"{state.price(company)}.")
    dissolution.check_dissolution(state, company, log)


def redeem(state: LostAtlasState, company: str, log: list[str]) -> None:
    corp = state.corps[company]
    price = state.price(company)
    state.ledger.pay(company_account(company), BANK, price)
    corp.shares.pool -= 1
    corp.shares.treasury += 1
    log.append(f"{corp.name} redeems a share from the pool for {price}.")
