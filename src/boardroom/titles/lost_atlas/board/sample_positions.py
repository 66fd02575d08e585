"""Seeded sample positions for tests and benchmarks: a built map with the minors' homes
launched and track laid by random legal lays through the phases. Made by random legal
play, not by real games (which the benchmarks say wherever they use them)."""

from __future__ import annotations

from boardroom.core.rng import Rng
from boardroom.titles.lost_atlas.board.board import Board
from boardroom.titles.lost_atlas.board.components import Components, load_components
from boardroom.titles.lost_atlas.board.mapbuild import auto_build
from boardroom.titles.lost_atlas.board.operator import Operator
from boardroom.titles.lost_atlas.board.track_laying import LayBudget, lay, legal_lays

PHASE_COLOURS = {
    "yellow": ("yellow",),
    "green": ("yellow", "green"),
    "purple": ("yellow", "green", "purple"),
    "grey": ("yellow", "green", "purple", "grey"),
}


def launched_board(seed: int, mode: str = "long", players: int = 4,
                   components: Components | None = None) -> tuple[Board, list[Operator]]:
    """An auto-built map with every printed home launched (Adaptive left out)."""
    comp = components or load_components()
    builder = auto_build(comp, mode, players, Rng(seed))
    board = builder.board
    operators = []
    for ref, minor in sorted(board.reserved.items()):
        board.launch_home(minor, ref)
        ability = comp.minors[minor].ability
        operators.append(Operator(minor, frozenset({ability}), treasury=10_000))
    return board, operators


def midgame_board(seed: int, mode: str = "long", lays_per_phase: tuple[int, ...] = (20, 12, 8),
                  players: int = 4,
                  components: Components | None = None) -> tuple[Board, list[Operator], str]:
    """A launched board after random legal lays: ``lays_per_phase`` turns in yellow,
    green, purple, ... Returns the board, the operators and the phase reached."""
    board, operators = launched_board(seed, mode, players, components)
    rng = Rng(seed * 7919 + 1)
    phases = list(PHASE_COLOURS)
    phase = "yellow"
    turn = 0
    for index, count in enumerate(lays_per_phase):
        phase = phases[index]
        for _ in range(count):
            op = operators[turn % len(operators)]
            turn += 1
            budget = LayBudget()
            options = legal_lays(board, op, PHASE_COLOURS[phase], budget)
            if options:
                lay(board, op, budget, options[rng.below(len(options))])
    return board, operators, phase
