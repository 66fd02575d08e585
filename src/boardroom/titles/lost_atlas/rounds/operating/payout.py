"""Step 6, the payout (rulebook p.15 "Operating Round" step 6): ``payout`` pays each
share its percentage (minor 20%, major 10%) from the bank, the company's own treasury
shares to its treasury, pool shares to nobody, and moves the price +1 step if the
revenue is at least the price, +2 if at least twice, otherwise the token to the bottom
of its space; ``withhold`` keeps it all in the treasury, -1 step. A company that earns
nothing (no train, or trains that earn 0) drops a step.

Readings where the rules are silent: the per-share amount is rounded down (a remainder
stays in the bank); the price change compares the whole revenue with the share price."""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.lost_atlas.rounds import dissolution
from boardroom.titles.lost_atlas.rounds.operating.notation import OperatingAction, Payout, Withhold
from boardroom.titles.lost_atlas.rounds.operating.turn import OperatingRound
from boardroom.titles.lost_atlas.rounds.points import POINTS, holder_account, money_moved
from boardroom.titles.lost_atlas.state import BANK, LostAtlasState, company_account


def options(state: LostAtlasState, op: OperatingRound) -> list[OperatingAction]:
    """Pay out or withhold, when there is revenue."""
    return [Payout(), Withhold()] if op.revenue > 0 else []


def has_option(state: LostAtlasState, op: OperatingRound) -> bool:
    return op.revenue > 0  # pay out or withhold


def check(state: LostAtlasState, action: Payout | Withhold) -> IllegalAction | None:
    """Paying out and withholding are both open whenever the step is asked (the step is
    skipped when the revenue is 0); a rule on which of them may be chosen goes here."""
    return None


def pay_out(state: LostAtlasState, company: str, revenue: int, log: list[str]) -> None:
    corp = state.corps[company]
    shares = corp.shares
    per_share = revenue * shares.share_percent // 100
    for seat, count in sorted(shares.players.items()):  # the Conglomerate too (solo)
        state.ledger.pay(BANK, holder_account(state, seat), per_share * count)
    state.ledger.pay(BANK, company_account(company), per_share * shares.treasury)
    price = state.price(company)
    move_after_pay_out(state, company, revenue, price)
    corp.last_revenue = revenue
    corp.per_share = per_share
    moved = state.price(company)
    how = (f"its price rises to {moved}" if moved != price
           else "its price stays; the token moves to the bottom of its space")
    log.append(f"{corp.name} pays out {revenue}: {per_share} a share; {how}.")
    money_moved(state, log)


def payout_steps(state: LostAtlasState, paid: int, price: int) -> int:
    """Steps up after paying ``paid`` out at ``price`` (0: to the bottom of the space);
    a variant may change them (``points.payout_steps``: Record Gains!)."""
    if paid >= 2 * price:
        steps = 2
    elif paid >= price:
        steps = 1
    else:
        steps = 0
    for hook in POINTS.payout_steps:
        steps = hook(state, paid, price, steps)
    return steps


def move_after_pay_out(state: LostAtlasState, company: str, paid: int, price: int) -> None:
    steps = payout_steps(state, paid, price)
    if steps:
        state.stock.move(company, steps)
    else:
        state.stock.to_bottom(company)


def withhold(state: LostAtlasState, company: str, revenue: int, log: list[str]) -> None:
    corp = state.corps[company]
    state.ledger.pay(BANK, company_account(company), revenue)
    state.stock.move(company, -1)
    corp.last_revenue = revenue
    corp.per_share = 0
    log.append(f"{corp.name} withholds {revenue}; its price drops to {state.price(company)}.")
    dissolution.check_dissolution(state, company, log)
    money_moved(state, log)


def no_revenue(state: LostAtlasState, company: str, why: str, log: list[str]) -> None:
    corp = state.corps[company]
    state.stock.move(company, -1)
    corp.last_revenue = 0
    corp.per_share = 0
    log.append(f"{corp.name} {why}: revenue 0; its price drops to {state.price(company)}.")
    dissolution.check_dissolution(state, company, log)
