"""The end of the game (standard rules, "Ending the game").

A player may declare the game over on their turn when a chain has 41 or more tiles, or
when every chain on the board is safe (11+). The declarer then "finishes their turn as
normal, then the game ends" (rules version 2): they still place their tile if they declared
before placing, resolve what it causes, and buy up to three shares; the game ends as that
buy is made, before the draw. Records of rules version 1 (declaring ended the game at once,
with no buy) still replay under that reading. At the end every chain on the board pays its
bonuses, every share of a chain on the board is sold to the bank at its price, and the
richest player wins. Equal cash shares a place (the standard rules name no tie-breaker).
"""

from __future__ import annotations

from boardroom.core.title import Result, rank_by_score
from boardroom.titles.acquire.payouts import pay_chain_bonuses
from boardroom.titles.acquire.state import BANK, OVER, AcquireState, account
from boardroom.titles.acquire.stockcard import CHAINS, END_SIZE, SAFE_SIZE, chain_price

TIE_RULE = "players with equal cash share the place"
IMMEDIATE_END = "1"
"""The rules version under which declaring the end ended the game at once."""


def declarer_finishes_turn(state: AcquireState) -> bool:
    """Whether a declaration lets the declarer finish the turn (rules version 2 on)."""
    return state.rules_version != IMMEDIATE_END


def may_declare_end(size: list[int]) -> bool:
    """Whether a chain has 41+ tiles or every chain on the board (one at least) is safe."""
    largest = max(size)
    if largest < SAFE_SIZE:  # no chain on the board, or none of them safe
        return False
    return largest >= END_SIZE or min(s for s in size if s) >= SAFE_SIZE


def finish(state: AcquireState, reason: str, log: list[str]) -> None:
    """Final payout and result."""
    state.end_reason = reason
    log.append(f"The game ends: {reason}.")
    ledger = state.ledger
    for chain, size in enumerate(state.size):
        if size:
            pay_chain_bonuses(state, chain, size, log)
    for chain, size in enumerate(state.size):
        if not size:
            continue
        price = chain_price(chain, size)
        for seat, name in enumerate(state.players):
            held = ledger.holding(CHAINS[chain], account(seat))
            if held:
                ledger.move_shares(CHAINS[chain], account(seat), BANK, held)
                ledger.pay(BANK, account(seat), held * price)
                log.append(f"{name} sells {held} {CHAINS[chain]} at ${price:,} for "
                           f"${held * price:,}.")
    scores = tuple(ledger.cash[account(s)] for s in range(len(state.players)))
    state.result = Result(scores=scores, ranking=rank_by_score(scores), tie_rule=TIE_RULE)
    state.step = OVER
    state.merger = None
    standings = ", ".join(f"{state.players[s]} ${scores[s]:,}" for group in
                          state.result.ranking for s in group)
    log.append(f"Final cash: {standings}.")
