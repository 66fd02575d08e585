"""Placing a tile: what it does to the board (standard rules, "Placing a tile").

A tile next to nothing stays unincorporated; next to unincorporated tiles only, it founds
a chain; next to one chain, it grows it (with every unincorporated tile it connects);
next to two or more chains, it merges them. It may not found an eighth chain
(temporarily unplayable) nor merge two safe chains (permanently unplayable).
"""

from __future__ import annotations

from boardroom.titles.acquire.board import NEIGHBOURS
from boardroom.titles.acquire.state import EMPTY, LONE
from boardroom.titles.acquire.stockcard import CHAINS, SAFE_SIZE

ISOLATED = "isolated"
GROWS = "grows"
FOUNDS = "founds"
MERGES = "merges"
EIGHTH_CHAIN = "eighth-chain"
SAFE_MERGER = "safe-merger"

UNPLAYABLE = (EIGHTH_CHAIN, SAFE_MERGER)


def touching_chains(board: list[int], tile: int) -> tuple[list[int], bool]:
    """The distinct chains next to ``tile`` and whether an unincorporated tile is."""
    chains: list[int] = []
    lone = False
    for n in NEIGHBOURS[tile]:
        v = board[n]
        if v == EMPTY:
            continue
        if v == LONE:
            lone = True
        elif v not in chains:
            chains.append(v)
    return chains, lone


def classify(board: list[int], size: list[int], tile: int) -> str:
    """What placing ``tile`` now would do: one of the names above."""
    # touching_chains, written out: the search classifies tiles at nearly every step
    chains: list[int] = []
    lone = False
    for n in NEIGHBOURS[tile]:
        v = board[n]
        if v == LONE:
            lone = True
        elif v != EMPTY and v not in chains:
            chains.append(v)
    if not chains:
        if not lone:
            return ISOLATED
        return FOUNDS if 0 in size else EIGHTH_CHAIN
    if len(chains) == 1:
        return GROWS
    safe = sum(1 for c in chains if size[c] >= SAFE_SIZE)
    return SAFE_MERGER if safe >= 2 else MERGES


def playable(board: list[int], size: list[int], tile: int) -> bool:
    return classify(board, size, tile) not in UNPLAYABLE


def dead_tiles_possible(size: list[int]) -> bool:
    """Whether a tile can be permanently unplayable now: only while two chains are safe."""
    return sorted(size)[-2] >= SAFE_SIZE


def unplayable_possible(size: list[int]) -> bool:
    """Whether a tile can be unplayable now: only while all seven chains are on the board
    (no eighth can be founded) or two are safe (they cannot merge). Otherwise every tile
    is playable, which spares classifying each (the search asks at every step)."""
    return 0 not in size or dead_tiles_possible(size)


def any_playable(board: list[int], size: list[int], tiles: list[int]) -> bool:
    """Whether one of ``tiles`` can be placed now."""
    if not unplayable_possible(size):
        return bool(tiles)
    return any(playable(board, size, t) for t in tiles)


def absorb(board: list[int], size: list[int], tile: int, chain: int) -> int:
    """Make ``tile`` and every unincorporated tile connected to it part of ``chain``.

    Returns how many tiles joined.
    """
    board[tile] = chain
    joined = 1
    stack = [tile]
    while stack:
        t = stack.pop()
        for n in NEIGHBOURS[t]:
            if board[n] == LONE:
                board[n] = chain
                joined += 1
                stack.append(n)
    size[chain] += joined
    return joined


def relabel(board: list[int], size: list[int], old: int, new: int) -> None:
    """Every tile of chain ``old`` joins chain ``new``; ``old`` leaves the board."""
    board[:] = [new if v == old else v for v in board]
    size[new] += size[old]
    size[old] = 0


def chain_name(chain: int) -> str:
    return CHAINS[chain]
