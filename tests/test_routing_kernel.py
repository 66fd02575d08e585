"""The compiled route search (``routing/_bnb.c``) against the pure-Python one: the same
routes, total, proof and node count on every problem, with or without a node budget (so a
game record is the same on a machine without a C compiler). Together with the oracle tests
(``test_routing_oracle.py``, which run the default path: the kernel where it is built) this
checks both paths against ``routing.brute``.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardroom.routing import RouteProblem, RouteResult, validate
from boardroom.routing.brute import best_routes
from boardroom.routing.search import KERNEL_BUILT, solve_with, uses_kernel
from boardroom.routing.solver import _hard
from boardroom.titles.lost_atlas.board.routes import build_network
from test_routing_oracle import random_board, random_problem

pytestmark = pytest.mark.skipif(
    not KERNEL_BUILT, reason="the compiled route search (boardroom.routing._bnb) is not built "
    "(no C compiler when installed): the pure-Python path is the only one")

ROOT = Path(__file__).resolve().parents[1]


def both(problem: RouteProblem, budget: int | None) -> tuple[RouteResult, RouteResult]:
    python = solve_with(problem, budget, kernel=False)
    kernel = solve_with(problem, budget, kernel=True)
    assert kernel.routes == python.routes
    assert kernel.total == python.total
    assert kernel.proven == python.proven
    assert kernel.nodes == python.nodes
    return python, kernel


@pytest.mark.parametrize("block", range(4))
def test_kernel_and_python_agree_on_abstract_networks(block: int) -> None:
    for seed in range(block * 150, (block + 1) * 150):
        problem = random_problem(seed)
        python, _ = both(problem, None)
        assert python.proven
        if seed % 5 == 0:
            assert python.total == best_routes(problem)[0]
        for budget in (1, 7, 30):
            stopped, _ = both(problem, budget)
            assert validate(problem, stopped.routes) is None


def test_kernel_and_python_agree_when_the_first_two_of_three_trains_are_twins() -> None:
    """The twins' cap on the rest's first train (``twin`` in ``_Search.run``, ``r->twin``
    in ``_bnb.c``) prunes alike on both paths, to the proof and within a budget."""
    for seed in range(100):
        for trains in ((None, None, 2), (None, None, None), (4, 4, 2)):
            problem = dataclasses.replace(random_problem(20_000 + seed), trains=trains)
            python, _ = both(problem, None)
            assert python.proven
            both(problem, 30)


def test_kernel_and_python_agree_on_hex_boards() -> None:
    for seed in range(120):
        board, trains, abilities = random_board(seed)
        net = build_network(board, "co", trains, 100, abilities, cut_throat=seed % 7 == 0)
        python, _ = both(net.problem, None)
        assert python.proven
        both(net.problem, 50)


def _corpus_problems(folder: str, every: int) -> list[tuple[str, RouteProblem, int]]:
    from boardroom.bench.lost_atlas_routes import _trains, board_from_json, corpus_files
    from boardroom.titles.lost_atlas.board.components import load_components

    components = load_components()
    out = []
    at = 0
    for path in corpus_files(ROOT / "benchmarks" / folder):
        data = json.loads(path.read_text())
        board = board_from_json(components, data)
        for inst in data["instances"]:
            at += 1
            if at % every:
                continue
            net = build_network(board, inst["company"], _trains(inst["trains"]),
                                int(inst["destination_values"]), frozenset(inst["abilities"]),
                                reach_only=True)
            out.append((f"{path.stem}:{inst['company']}", net.problem, int(inst.get("total", -1))))
    return out


def test_kernel_and_python_agree_on_the_bot_corpus() -> None:
    for name, problem, total in _corpus_problems("routes", 4):
        python, _ = both(problem, None)
        assert python.proven and python.total == total, name


def test_kernel_and_python_agree_on_stress_positions_within_a_budget() -> None:
    # Two trains on dense boards (the catalogue, its relists); most stop at the budget.
    stopped = 0
    for name, problem, total in _corpus_problems("routes-stress", 9):
        python, _ = both(problem, 6000)
        assert python.total <= total, name
        stopped += not python.proven
    assert stopped >= 3


def test_kernel_and_python_agree_on_dense_positions_within_a_budget() -> None:
    # Three trains (the rest searched as a pair) on full maps.
    for _name, problem, _ in _corpus_problems("routes-dense", 10):
        both(problem, 3000)


def test_kernel_and_python_agree_on_dense_positions_to_the_proof() -> None:
    # Three trains whose rest is the two-train search (its catalogue listed once, relists,
    # a last train that may run nothing): the small ones proven, the others stopped.
    proven = 0
    for name, problem, total in _corpus_problems("routes-dense", 3):
        python, _ = both(problem, 50_000)
        if python.proven:
            proven += 1
            assert total < 0 or python.total == total, name
    assert proven >= 4


def test_the_kernel_is_the_default_and_never_takes_the_packing_hand_over() -> None:
    assert uses_kernel() == (os.environ.get("BOARDROOM_PURE_PYTHON_ROUTES", "") in ("", "0"))
    assert uses_kernel(True)
    assert not uses_kernel(False)
    assert not uses_kernel(True, _hard)


def test_the_environment_switch_turns_the_kernel_off() -> None:
    code = "from boardroom.routing import search; print(search.KERNEL, search.KERNEL_BUILT)"
    env = dict(os.environ, BOARDROOM_PURE_PYTHON_ROUTES="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True).stdout.split()
    assert out == ["False", "True"]
