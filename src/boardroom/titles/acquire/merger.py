"""Resolving a merger, step by step (../shared/rules/003 "How a merger works").

1. The largest chain survives; on a tie in size the mergemaker chooses (SURVIVOR step).
2. The others are acquired one at a time, largest first; the mergemaker orders equal
   ones (NEXT step).
3. For each acquired chain: bonuses at its size before the merger, then every holder of
   its stock, from the mergemaker clockwise, keeps, sells or trades 2-for-1 (DISPOSE).
4. The acquired chain's tiles, the placed tile and the unincorporated tiles it connects
   join the survivor, and the mergemaker carries on with the turn (BUY).
"""

from __future__ import annotations

from typing import Any

from boardroom.titles.acquire.board import NAMES, tile_name
from boardroom.titles.acquire.payouts import pay_chain_bonuses
from boardroom.titles.acquire.placement import absorb, relabel
from boardroom.titles.acquire.state import (
    BANK,
    BUY,
    DISPOSE,
    NEXT,
    SURVIVOR,
    AcquireState,
    Merger,
    account,
)
from boardroom.titles.acquire.stockcard import CHAINS, chain_price


def largest(chains: list[int] | tuple[int, ...], sizes: dict[int, int]) -> list[int]:
    top = max(sizes[c] for c in chains)
    return [c for c in chains if sizes[c] == top]


def start(state: AcquireState, tile: int, chains: list[int], log: list[str]) -> None:
    sizes = {c: state.size[c] for c in chains}
    merger = Merger(tile=tile, chains=tuple(chains), sizes=sizes)
    state.merger = merger
    names = " and ".join(f"{CHAINS[c]} ({sizes[c]})" for c in chains)
    log.append(f"{state.players[state.current]}'s {tile_name(tile)} merges {names}.")
    tied = largest(chains, sizes)
    if len(tied) > 1:
        state.step = SURVIVOR
        state.actor = state.current
        return
    choose_survivor(state, tied[0], log)


def choose_survivor(state: AcquireState, chain: int, log: list[str]) -> None:
    merger = state.merger
    assert merger is not None
    merger.survivor = chain
    merger.pending = [c for c in merger.chains if c != chain]
    log.append(f"{CHAINS[chain]} survives.")
    next_acquired(state, log)


def next_acquired(state: AcquireState, log: list[str]) -> None:
    """Handle the next acquired chain, or finish the merger."""
    merger = state.merger
    assert merger is not None
    if not merger.pending:
        absorb(state.board, state.size, merger.tile, merger.survivor)
        log.append(f"{CHAINS[merger.survivor]} now has {state.size[merger.survivor]} tiles.")
        state.merger = None
        state.step = BUY
        state.actor = state.current
        return
    tied = largest(merger.pending, merger.sizes)
    if len(tied) > 1:
        state.step = NEXT
        state.actor = state.current
        return
    acquire(state, tied[0], log)


def acquire(state: AcquireState, chain: int, log: list[str]) -> None:
    merger = state.merger
    assert merger is not None
    merger.pending.remove(chain)
    merger.acquired = chain
    log.append(f"{CHAINS[merger.survivor]} acquires {CHAINS[chain]}.")
    pay_chain_bonuses(state, chain, merger.sizes[chain], log)
    n = len(state.players)
    name = CHAINS[chain]
    merger.queue = [
        seat
        for seat in ((state.current + k) % n for k in range(n))
        if state.ledger.holding(name, account(seat)) > 0
    ]
    _ask_next_holder(state, log)


def _ask_next_holder(state: AcquireState, log: list[str]) -> None:
    merger = state.merger
    assert merger is not None
    if merger.queue:
        state.step = DISPOSE
        state.actor = merger.queue[0]
        return
    relabel(state.board, state.size, merger.acquired, merger.survivor)
    merger.acquired = -1
    next_acquired(state, log)


def dispose(state: AcquireState, sell: int, trade: int, log: list[str]) -> None:
    """The deciding holder sells ``sell`` and trades ``trade`` acquired shares."""
    merger = state.merger
    assert merger is not None
    seat = merger.queue.pop(0)
    who = account(seat)
    acquired, survivor = CHAINS[merger.acquired], CHAINS[merger.survivor]
    held = state.ledger.holding(acquired, who)
    price = chain_price(merger.acquired, merger.sizes[merger.acquired])
    ledger = state.ledger
    parts = []
    if sell:
        ledger.move_shares(acquired, who, BANK, sell)
        ledger.pay(BANK, who, sell * price)
        parts.append(f"sells {sell} {acquired} for ${sell * price:,}")
    if trade:
        ledger.move_shares(acquired, who, BANK, trade)
        ledger.move_shares(survivor, BANK, who, trade // 2)
        parts.append(f"trades {trade} {acquired} for {trade // 2} {survivor}")
    kept = held - sell - trade
    if kept or not parts:
        parts.append(f"keeps {kept} {acquired}")
    log.append(f"{state.players[seat]} {_join(parts)}.")
    _ask_next_holder(state, log)


def trade_limit(state: AcquireState, held: int) -> int:
    """The most acquired shares the deciding holder may trade: 2 for each survivor share
    left in the bank, and no more than they hold (an even number)."""
    merger = state.merger
    assert merger is not None
    available = state.ledger.holding(CHAINS[merger.survivor], BANK)
    return min(held // 2, available) * 2


def _join(parts: list[str]) -> str:
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def merger_view(m: Merger) -> dict[str, Any]:
    """The public picture of a merger in progress, as the title's view shows it:
    the tile, the chains, their sizes, survivor, the chain being acquired, those left."""
    return {
        "tile": NAMES[m.tile],
        "chains": [CHAINS[c] for c in m.chains],
        "sizes": {CHAINS[c]: s for c, s in m.sizes.items()},
        "survivor": CHAINS[m.survivor] if m.survivor >= 0 else None,
        "acquired": CHAINS[m.acquired] if m.acquired >= 0 else None,
        "pending": [CHAINS[c] for c in m.pending],
    }
