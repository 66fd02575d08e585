"""The matrix of unlaunched minors: which minors a game has, and dealing them into the
mode's columns (rulebook "Setup"; "Custom and Pre-Made Maps" for the minors a map shows).
"""

from __future__ import annotations

from boardroom.titles.lost_atlas.board.board import Board
from boardroom.titles.lost_atlas.board.operator import ADAPTIVE
from boardroom.titles.lost_atlas.rounds.points import POINTS
from boardroom.titles.lost_atlas.state import LostAtlasState


def minors_at_home(board: Board) -> set[str]:
    """The minors whose homes the board shows (map piece 21 stands for Adaptive's)."""
    homes = {s.home for s in board.spaces.values() if s.home}
    if any(p[0] == 21 for p in board.pieces):
        homes |= {m.id for m in board.components.minors.values() if m.ability == ADAPTIVE}
    return homes


def minors_in_game(state: LostAtlasState) -> list[str]:
    """The minors of this game, in data order (the mode's selection)."""
    comp = state.components
    mode = comp.mode(state.mode)
    homes = minors_at_home(state.board)
    out = []
    for minor in comp.minors.values():
        if mode.minors == "short_game" and not minor.short_game:
            continue
        if (mode.minors == "on_map" or state.options.get("map") is not None) and \
                minor.id not in homes:
            continue
        out.append(minor.id)
    return out


def deal_matrix(state: LostAtlasState, log: list[str]) -> None:
    """Shuffle the unlaunched minors and deal them into the mode's columns."""
    taken = set(state.corps)
    for hook in POINTS.taken_minors:  # the Solo Game's Conglomerate keeps its minors
        taken |= set(hook(state))
    minors = [m for m in minors_in_game(state) if m not in taken]
    state.rng.shuffle(minors)
    columns = state.components.mode(state.mode).minor_columns
    state.matrix = []
    start = 0
    for size in columns:
        state.matrix.append(minors[start:start + size])
        start += size
    shown = "; ".join(", ".join(state.components.minors[m].name for m in col)
                      for col in state.matrix)
    log.append(f"The minor companies are dealt into {len(columns)} columns: {shown}.")
