"""The listed tile lays are exactly the lays :func:`check_lay` accepts.

``iter_lays`` checks the rotation-free rules once per tile and the sides a track may not
end on once per hex (for speed); this compares it, on seeded midgame boards in every
phase, with checking every tile in every rotation on every reachable hex one by one.
Rule ids: every lost_atlas.track.* rule check_lay names.
"""

from __future__ import annotations

from boardroom.titles.lost_atlas.board.board import Board
from boardroom.titles.lost_atlas.board.sample_positions import PHASE_COLOURS, midgame_board
from boardroom.titles.lost_atlas.board.track_laying import (
    LayBudget,
    TileLay,
    check_lay,
    iter_lays,
    trace_for,
)


def track(board: Board, lay: TileLay) -> object:
    """What a lay puts on the board (two rotations of a symmetric tile are one lay)."""
    tile = board.components.tiles[lay.tile]
    return (lay.hex, lay.tile, tile.rotated_paths(lay.rotation),
            tuple(tile.rotated_stop_edges(lay.rotation)))


def test_listed_lays_are_the_lays_the_rules_accept() -> None:
    compared = 0
    for seed, lays in ((1, (20,)), (2, (20, 12)), (3, (20, 12, 8))):
        board, operators, phase = midgame_board(seed, lays_per_phase=lays)
        colours = PHASE_COLOURS[phase]
        tiles = board.components.tiles
        for op in operators[:4]:
            budget = LayBudget()
            listed = list(iter_lays(board, op, colours, budget))
            assert all(check_lay(board, op, colours, budget, lay) is None for lay in listed)
            reach = trace_for(board, op)
            hexes = sorted(set(reach.entries) | {ref[0] for ref in reach.stops})

            accepted = {track(board, lay) for h in hexes if h in board.spaces for tile in tiles
                        for r in range(6)
                        if check_lay(board, op, colours, budget, lay := TileLay(h, tile, r),
                                     reach) is None}
            assert {track(board, lay) for lay in listed} == accepted
            compared += len(listed)
    assert compared > 50
