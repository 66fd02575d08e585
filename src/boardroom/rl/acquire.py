"""Acquire's exact encoding: every action has its own index.

=====================  =====  ======================================================
actions                count  index
=====================  =====  ======================================================
place a tile             108  the tile (1A = 0 ... 12I = 107)
found a chain              7  108 + chain
choose the survivor        7  115 + chain
choose the next acquired   7  122 + chain
keep / sell / trade      182  129 + the (sell, trade) pair, trade even, sum <= 25
buy (or pass)            120  311 + the multiset of at most three chains
declare the end            1  431
=====================  =====  ======================================================

The observation (1,214 numbers) holds the board (each cell: unincorporated or which
chain), the seat's own tiles and nobody else's, chain sizes, prices and the bank's
shares, every seat's cash, shares and number of tiles (the observer first, then
clockwise, room for six), the step being decided, the merger's chains, survivor, chains
still to be acquired and their sizes, the tiles left, whether the observer is the turn
owner, who must decide now and whose turn it is (relative seats), the end declaration
(whether the end may be declared, whether it was, whether the game is over), the
discarded tiles and the turn number: every field of the seat's view that can change a
decision (``tests/test_rl.py`` checks that a change of the view changes the observation).
Values are scaled to [0, 1] without clipping: a size or cash past its usual range is
compressed (:func:`soft`), never merged with another.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING

import numpy as np

from boardroom.titles.acquire.actions import Buy, Dispose, End, Found, NextAcquired, Place
from boardroom.titles.acquire.actions import Survivor as SurvivorAction
from boardroom.titles.acquire.endgame import may_declare_end
from boardroom.titles.acquire.state import (
    BANK,
    BUY,
    DISPOSE,
    FOUND,
    NEXT,
    PLACE,
    SURVIVOR,
    AcquireState,
    account,
)
from boardroom.titles.acquire.stockcard import CHAINS, chain_price

if TYPE_CHECKING:
    import numpy.typing as npt

    from boardroom.core.game import Game
    from boardroom.core.title import Action

TILES, NCHAINS, SHARES, MAX_SEATS = 108, 7, 25, 6
DISPOSALS = [(s, t) for t in range(0, SHARES + 1, 2) for s in range(SHARES + 1 - t)]
BUYS = [c for n in range(4) for c in itertools.combinations_with_replacement(range(7), n)]
FOUND0 = TILES
SURVIVOR0 = FOUND0 + NCHAINS
NEXT0 = SURVIVOR0 + NCHAINS
DISPOSE0 = NEXT0 + NCHAINS
BUY0 = DISPOSE0 + len(DISPOSALS)
END = BUY0 + len(BUYS)
SIZE = END + 1
_DISPOSE = {pair: i for i, pair in enumerate(DISPOSALS)}
_BUY = {combo: i for i, combo in enumerate(BUYS)}
STEPS = (PLACE, FOUND, SURVIVOR, NEXT, DISPOSE, BUY)

BOARD0 = 0
HAND0 = BOARD0 + TILES * 8
CHAIN0 = HAND0 + TILES
SEAT0 = CHAIN0 + 3 * NCHAINS
STEP0 = SEAT0 + MAX_SEATS * (NCHAINS + 1)
MERGER0 = STEP0 + len(STEPS)
MISC0 = MERGER0 + 2 * NCHAINS
END0 = MISC0 + 2
TOACT0 = END0 + 3
CURRENT0 = TOACT0 + MAX_SEATS
SURVIVOR_AT = CURRENT0 + MAX_SEATS
PENDING0 = SURVIVOR_AT + NCHAINS
MSIZE0 = PENDING0 + NCHAINS
DISCARD0 = MSIZE0 + NCHAINS
HANDS0 = DISCARD0 + TILES
TURN_AT = HANDS0 + MAX_SEATS
OBSERVATION = TURN_AT + 1
MAX_CASH = 60_000.0
HAND = 6


def soft(x: float, top: float) -> float:
    """``x / top`` up to 90% of ``top``, then compressed towards 1: one-to-one, so a value
    past ``top`` is never clipped onto another.

    >>> soft(30.0, 60.0), soft(60.0, 60.0) < 1.0, soft(1e9, 60.0) <= 1.0
    (0.5, True, True)
    """
    knee = 0.9 * top
    if x <= knee:
        return x / top
    return 0.9 + 0.1 * (1.0 - math.exp(-(x - knee) / (0.1 * top)))


class AcquireEncoding:
    action_size = SIZE
    observation_size = OBSERVATION

    def action_index(self, action: Action) -> int:
        """>>> from boardroom.titles.acquire.actions import parse
        >>> e = AcquireEncoding()
        >>> [e.action_index(parse(t)) for t in ("1A", "12I", "found Tower", "keep",
        ...                                      "pass", "buy Imperial Imperial Imperial",
        ...                                      "end")]
        [0, 107, 108, 129, 311, 427, 431]
        """
        if isinstance(action, Place):
            return action.tile
        if isinstance(action, Found):
            return FOUND0 + action.chain
        if isinstance(action, SurvivorAction):
            return SURVIVOR0 + action.chain
        if isinstance(action, NextAcquired):
            return NEXT0 + action.chain
        if isinstance(action, Dispose):
            return DISPOSE0 + _DISPOSE[(action.sell, action.trade)]
        if isinstance(action, Buy):
            return BUY0 + _BUY[action.chains]
        if isinstance(action, End):
            return END
        raise ValueError(f"{action!r} is not an Acquire action")

    def observe(self, game: Game, seat: int, out: npt.NDArray[np.float32]) -> None:
        state: AcquireState = game.state
        out[:] = 0.0
        board = np.asarray(state.board)
        cells = np.flatnonzero(board >= 0)  # LONE (7) or a chain 0..6
        out[BOARD0 + cells * 8 + board[cells]] = 1.0
        out[HAND0 + np.asarray(state.hands[seat], dtype=np.intp)] = 1.0  # its own tiles only
        ledger = state.ledger
        for c, name in enumerate(CHAINS):
            size = state.size[c]
            out[CHAIN0 + c] = soft(size, 41)
            out[CHAIN0 + NCHAINS + c] = chain_price(c, size) / 1200
            out[CHAIN0 + 2 * NCHAINS + c] = ledger.holding(name, BANK) / SHARES
        seats = len(state.players)
        for k in range(seats):
            who = account((seat + k) % seats)
            base = SEAT0 + k * (NCHAINS + 1)
            out[base] = soft(ledger.cash[who], MAX_CASH)
            for c, name in enumerate(CHAINS):
                out[base + 1 + c] = ledger.holding(name, who) / SHARES
            out[HANDS0 + k] = len(state.hands[(seat + k) % seats]) / HAND
        if state.step in STEPS:
            out[STEP0 + STEPS.index(state.step)] = 1.0
        merger = state.merger
        if merger is not None:
            for c in merger.chains:
                out[MERGER0 + c] = 1.0
            if merger.acquired >= 0:
                out[MERGER0 + NCHAINS + merger.acquired] = 1.0
            if merger.survivor >= 0:
                out[SURVIVOR_AT + merger.survivor] = 1.0
            for c in merger.pending:
                out[PENDING0 + c] = 1.0
            for c, size in merger.sizes.items():
                out[MSIZE0 + c] = soft(size, 41)
        out[MISC0] = len(state.bag) / TILES
        out[MISC0 + 1] = 1.0 if state.current == seat else 0.0
        out[END0] = 1.0 if may_declare_end(state.size) and not state.end_declared else 0.0
        out[END0 + 1] = 1.0 if state.end_declared else 0.0
        out[END0 + 2] = 1.0 if state.result is not None else 0.0
        for s in game.to_act:
            out[TOACT0 + (s - seat) % seats] = 1.0
        out[CURRENT0 + (state.current - seat) % seats] = 1.0
        if state.discards:
            out[DISCARD0 + np.asarray(state.discards, dtype=np.intp)] = 1.0
        out[TURN_AT] = state.turn / (state.turn + 50)


def make_encoding(title: str, players: int) -> AcquireEncoding:
    return AcquireEncoding()
