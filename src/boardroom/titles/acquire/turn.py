"""A turn's frame: the draw at its end, dead tiles, and the start of the next turn.

Standard rules: after buying, the player draws back up to six tiles. A tile that could
only merge two safe chains is permanently unplayable: at the draw the player discards it
face up and draws a replacement. A player with no playable tile skips placing and may
still buy. Rules the standard game leaves open, read here as documented in
docs/rules-coverage.md:

* the supply runs out: nobody draws any more and play goes on;
* nobody can place a tile and no draw can change that (the bag is empty, or nobody holds
  a dead tile to swap): the game ends at once as if declared, so a game always ends.
"""

from __future__ import annotations

from boardroom.titles.acquire.board import tile_name
from boardroom.titles.acquire.endgame import finish
from boardroom.titles.acquire.placement import (
    SAFE_MERGER,
    any_playable,
    classify,
    dead_tiles_possible,
)
from boardroom.titles.acquire.state import BUY, PLACE, AcquireState
from boardroom.titles.acquire.stockcard import HAND_SIZE


def draw(state: AcquireState, seat: int) -> int | None:
    if not state.bag:
        return None
    tile = state.bag.pop()
    state.hands[seat].append(tile)
    return tile


def refill(state: AcquireState, seat: int, log: list[str]) -> None:
    """Draw up to a full hand, then swap every permanently unplayable tile."""
    hand = state.hands[seat]
    name = state.players[seat]
    drawn = 0
    while len(hand) < HAND_SIZE and draw(state, seat) is not None:
        drawn += 1
    if drawn:
        log.append(f"{name} draws {'a tile' if drawn == 1 else f'{drawn} tiles'}.")
    if not dead_tiles_possible(state.size):
        return
    while state.bag:
        dead = [t for t in hand if classify(state.board, state.size, t) == SAFE_MERGER]
        if not dead:
            break
        for tile in dead:
            if not state.bag:
                break
            hand.remove(tile)
            state.discards.append(tile)
            draw(state, seat)
            log.append(f"{name} discards {tile_name(tile)}, which can never be placed, "
                       f"and draws a replacement.")


def end_turn(state: AcquireState, log: list[str]) -> None:
    refill(state, state.current, log)
    state.current = (state.current + 1) % len(state.players)
    state.turn += 1
    start_turn(state, log)


def start_turn(state: AcquireState, log: list[str]) -> None:
    state.placed = -1
    board, size = state.board, state.size
    if any_playable(board, size, state.hands[state.current]):
        state.actor = state.current
        state.step = PLACE
        return
    if not any(any_playable(board, size, hand) for hand in state.hands):
        swappable = state.bag and any(
            classify(board, size, t) == SAFE_MERGER for hand in state.hands for t in hand
        )
        if not swappable:
            finish(state, "no player can place a tile and no draw can change that", log)
            return
    state.actor = state.current
    log.append(f"{state.players[state.current]} has no tile that can be placed.")
    state.step = BUY
