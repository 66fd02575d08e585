"""Perft-style counts: on a fixed seeded mid-game map, the exact number of legal tile lays
and hub spots of every company, checked in. A change in any placement rule changes a
count; if the change is intended, update the numbers in the same commit and say why."""

from __future__ import annotations

import pytest

from boardroom.titles.lost_atlas.board.hubs import legal_hub_spots
from boardroom.titles.lost_atlas.board.operator import Operator
from boardroom.titles.lost_atlas.board.sample_positions import PHASE_COLOURS, midgame_board
from boardroom.titles.lost_atlas.board.track_laying import (
    LayBudget,
    TileLay,
    check_lay,
    legal_lays,
    trace_for,
)

# Seed 7: an automatic Long map (99 hexes), every printed home launched, 40 random legal
# lays through yellow, green and purple; 51 hexes carry a tile.
PURPLE_FRESH = {
    "resourceful": 6, "eastern_mining": 6, "overnight": 9, "spacious": 8, "agricultural": 13,
    "suburban": 18, "express": 11, "bridging": 24, "tunneling": 16, "northern_port": 16,
    "expansive": 1,
}
GREEN_AFTER_ONE_YELLOW = {
    "resourceful": 5, "eastern_mining": 2, "overnight": 8, "spacious": 5, "agricultural": 9,
    "suburban": 16, "express": 7, "bridging": 17, "tunneling": 8, "northern_port": 8,
    "expansive": 1,
}
HUB_SPOTS_AS_MAJORS = {
    "resourceful": 1, "eastern_mining": 0, "overnight": 0, "spacious": 1, "agricultural": 1,
    "suburban": 0, "express": 0, "bridging": 1, "tunneling": 3, "northern_port": 4,
    "expansive": 0,
}


@pytest.fixture(scope="module")
def position() -> tuple[object, list[Operator], str]:
    return midgame_board(7)


def test_perft_legal_tile_lays_purple_phase(position: tuple) -> None:  # type: ignore[type-arg]
    board, operators, phase = position
    assert phase == "purple"
    assert len(board.track.laid) == 51
    counts = {op.id: len(legal_lays(board, op, PHASE_COLOURS[phase], LayBudget()))
              for op in operators}
    assert counts == PURPLE_FRESH


def test_perft_legal_tile_lays_after_one_yellow(position: tuple) -> None:  # type: ignore[type-arg]
    board, operators, _ = position
    counts = {op.id: len(legal_lays(board, op, PHASE_COLOURS["green"], LayBudget(yellow=1)))
              for op in operators}
    assert counts == GREEN_AFTER_ONE_YELLOW


def test_perft_hub_spots(position: tuple) -> None:  # type: ignore[type-arg]
    board, operators, _ = position
    counts = {op.id: len(legal_hub_spots(board, Operator(op.id, op.abilities, 10_000, True), 60))
              for op in operators}
    assert counts == HUB_SPOTS_AS_MAJORS


@pytest.mark.parametrize("company", ["express", "bridging"])
def test_legal_lays_equal_every_accepted_lay_on_the_whole_map(
    position: tuple, company: str  # type: ignore[type-arg]
) -> None:
    board, operators, phase = position
    op = next(o for o in operators if o.id == company)
    colours = PHASE_COLOURS[phase]
    reach = trace_for(board, op)
    accepted = {
        TileLay(h, tile, rotation)
        for h in board.spaces
        for tile in board.components.tiles
        for rotation in range(6)
        if check_lay(board, op, colours, LayBudget(), TileLay(h, tile, rotation), reach) is None
    }
    listed = legal_lays(board, op, colours, LayBudget())
    # legal_lays gives one rotation per distinct track; every accepted lay has the same
    # track as a listed one.
    listed_tracks = {(lay.hex, lay.tile, board.components.tiles[lay.tile].rotated_paths(
        lay.rotation), tuple(board.components.tiles[lay.tile].rotated_stop_edges(lay.rotation)))
        for lay in listed}
    accepted_tracks = {(lay.hex, lay.tile, board.components.tiles[lay.tile].rotated_paths(
        lay.rotation), tuple(board.components.tiles[lay.tile].rotated_stop_edges(lay.rotation)))
        for lay in accepted}
    assert listed_tracks == accepted_tracks
    assert set(listed) <= accepted
