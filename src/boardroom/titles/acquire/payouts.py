"""Paying bonuses for a chain, including the two-player rule's bank stockholder.

Source: ../shared/rules/003 "Paying the bonuses" and "Two players": at every bonus
payout (mergers and the end) in a two-player game, the bank draws a tile and reads its
number as its holding; bonuses it wins stay in the bank, and the tile goes back.
"""

from __future__ import annotations

from typing import Literal, cast

from boardroom.titles.acquire.board import column, tile_name
from boardroom.titles.acquire.bonuses import pay_bonuses
from boardroom.titles.acquire.state import BANK, AcquireState, account
from boardroom.titles.acquire.stockcard import CHAINS, TILE_BANK_DRAW_SIDES, chain_price

BANK_HOLDER = -1
"""The seat number the two-player bank stockholder is given in bonus tables."""


def bank_draw(state: AcquireState) -> tuple[int, str]:
    """The bank's holding for one payout, and how it was drawn.

    The bank draws a random undrawn tile and shuffles it back (the bag is unchanged).
    With the bag empty, it reads a uniformly random number 1-12, as if drawing from
    the full set (the rules are silent on this; see docs/rules-coverage.md).
    """
    if state.bag:
        tile = state.bag[state.rng.below(len(state.bag))]
        return column(tile), f"draws {tile_name(tile)}"
    number = state.rng.below(TILE_BANK_DRAW_SIDES) + 1
    return number, f"reads {number} (no tiles left to draw)"


def pay_chain_bonuses(state: AcquireState, chain: int, size: int, log: list[str]) -> None:
    """Pay the majority bonuses of ``chain`` at ``size`` (its size before any merger)."""
    price = chain_price(chain, size)
    holdings: dict[int, int] = {}
    for seat in range(len(state.players)):
        count = state.ledger.holding(CHAINS[chain], account(seat))
        if count:
            holdings[seat] = count
    if state.bank_holder:
        count, how = bank_draw(state)
        holdings[BANK_HOLDER] = count
        log.append(f"The bank {how} and holds {count} {CHAINS[chain]} shares for the bonuses.")
    mode = cast(Literal["classic", "tycoon"], state.mode)
    paid = pay_bonuses(mode, price, holdings)
    if not paid:
        log.append(f"Nobody holds {CHAINS[chain]}: no bonuses are paid.")
    for seat, amount in paid.items():
        if seat == BANK_HOLDER:
            log.append(f"The bank wins a ${amount:,} {CHAINS[chain]} bonus and keeps it.")
            continue
        state.ledger.pay(BANK, account(seat), amount)
        log.append(f"{state.players[seat]} receives a ${amount:,} {CHAINS[chain]} bonus.")
