"""Acquire's labels: the sentence a person reads for a legal action (a menu entry, a
button), with what it does and what it costs, from the state it would be played in.

The notation stays the thing that is sent and recorded; a label is only read.

>>> import boardroom
>>> game = boardroom.new_game("acquire", ["Ann", "Bob"], seed=1)
>>> from boardroom.titles.acquire.actions import Buy, End
>>> label(game.state, Buy(()), 0), label(game.state, End(), 0)
('Buy no stock (pass)', 'Declare the game over')
"""

from __future__ import annotations

from boardroom.titles.acquire.actions import (
    AcquireAction,
    Buy,
    Dispose,
    End,
    Found,
    NextAcquired,
    Place,
    Survivor,
)
from boardroom.titles.acquire.board import tile_name
from boardroom.titles.acquire.placement import (
    EIGHTH_CHAIN,
    FOUNDS,
    GROWS,
    MERGES,
    SAFE_MERGER,
    classify,
    touching_chains,
)
from boardroom.titles.acquire.state import BANK, AcquireState, account
from boardroom.titles.acquire.stockcard import CHAINS, chain_price


def _and(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _place(state: AcquireState, tile: int) -> str:
    name = f"Place tile {tile_name(tile)}"
    kind = classify(state.board, state.size, tile)
    chains, _ = touching_chains(state.board, tile)
    if kind == FOUNDS:
        return f"{name} (founds a chain)"
    if kind == GROWS:
        return f"{name} (grows {CHAINS[chains[0]]})"
    if kind == MERGES:
        return f"{name} (merges {_and([CHAINS[c] for c in chains])})"
    if kind in (EIGHTH_CHAIN, SAFE_MERGER):
        return f"{name} (cannot be played now)"
    return name


def _dispose(state: AcquireState, seat: int, sell: int, trade: int) -> str:
    merger = state.merger
    if merger is None or merger.acquired < 0 or merger.survivor < 0:
        return str(Dispose(sell, trade))
    acquired, survivor = CHAINS[merger.acquired], CHAINS[merger.survivor]
    held = state.ledger.holding(acquired, account(seat))
    price = chain_price(merger.acquired, merger.sizes[merger.acquired])
    parts = []
    if sell:
        parts.append(f"sell {sell} {acquired} for ${sell * price:,}")
    if trade:
        parts.append(f"trade {trade} {acquired} for {trade // 2} {survivor}")
    kept = held - sell - trade
    if kept or not parts:
        shares = "share" if kept == 1 else "shares"
        parts.append(f"keep {kept} {acquired}" if parts
                     else f"keep your {kept} {acquired} {shares}")
    text = _and(parts)
    return text[0].upper() + text[1:]


def _buy(state: AcquireState, chains: tuple[int, ...]) -> str:
    if not chains:
        return "Buy no stock (pass)"
    cost = sum(chain_price(c, state.size[c]) for c in chains)
    what = _and([f"{chains.count(c)} {CHAINS[c]}" for c in sorted(set(chains))])
    return f"Buy {what} for ${cost:,}"


def label(state: AcquireState, action: AcquireAction, seat: int) -> str:
    """What ``action`` of ``seat`` does, in words, in ``state``."""
    if isinstance(action, Place):
        return _place(state, action.tile)
    if isinstance(action, Found):
        chain = CHAINS[action.chain]
        free = state.ledger.holding(chain, BANK) > 0
        return f"Found {chain}" + (" (a free founder's share)" if free else "")
    if isinstance(action, Survivor):
        merger = state.merger
        others = [] if merger is None else [CHAINS[c] for c in merger.chains
                                            if c != action.chain]
        acquired = f" ({_and(others)} acquired)" if others else ""
        return f"{CHAINS[action.chain]} survives the merger{acquired}"
    if isinstance(action, NextAcquired):
        return f"Handle {CHAINS[action.chain]}'s stock next"
    if isinstance(action, Dispose):
        return _dispose(state, seat, action.sell, action.trade)
    if isinstance(action, Buy):
        return _buy(state, action.chains)
    if isinstance(action, End):
        return "Declare the game over"
    return str(action)
