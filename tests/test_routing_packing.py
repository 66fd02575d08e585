"""The packing relaxation (``routing.packing``) against the exhaustive oracle, and its
answers independent of the prices it fits.

``search.HARD_AFTER`` is set to one node here and ``relax`` is on, so every problem of
several trains is handed to the packing at once (with ``relax``, only positions the
branch and bound does not finish within ``HARD_AFTER`` nodes are).
"""

from __future__ import annotations

import pytest

from boardroom.routing import packing, search, solve, validate
from boardroom.routing.brute import best_routes
from boardroom.routing.problem import RouteProblem
from boardroom.titles.lost_atlas.board.routes import build_network
from test_routing_oracle import random_board, random_problem


@pytest.fixture(autouse=True)
def _hand_over_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "HARD_AFTER", 1)


def _problems() -> list[RouteProblem]:
    out = [p for p in (random_problem(seed) for seed in range(300)) if len(p.trains) > 1]
    for seed in range(60):
        board, trains, abilities = random_board(seed)
        if len(trains) > 1:
            out.append(build_network(board, "co", trains, 100, abilities,
                                     cut_throat=seed % 7 == 0).problem)
    return out


def test_the_packing_matches_the_oracle(monkeypatch: pytest.MonkeyPatch) -> None:
    problems = _problems()
    assert len(problems) > 150
    calls = []
    real = packing.solve_packing

    def counted(*args: object) -> object:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(packing, "solve_packing", counted)
    for problem in problems:
        result = solve(problem, relax=True)
        total, _ = best_routes(problem)
        assert result.proven
        assert result.total == total
        assert validate(problem, result.routes) is None
        assert len(result.routes) == len(problem.trains)
    assert len(calls) > 100


def test_the_routes_do_not_depend_on_the_fitted_prices(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    # Other starting routes and other pricing rounds give other prices (and bounds), but
    # the lists keep their order, so the same optimal packing comes first.
    problems = _problems()
    first = [solve(p, relax=True).routes for p in problems]
    monkeypatch.setattr(packing, "START_ROUTES", 3)
    monkeypatch.setattr(packing, "ADD", 2)
    monkeypatch.setattr(packing, "DIRECT", 0.5)
    monkeypatch.setattr(packing, "GAP0", 1.0)
    assert [solve(p, relax=True).routes for p in problems] == first


def test_when_the_lists_would_be_too_long_the_search_goes_on(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    monkeypatch.setattr(packing, "LIST_LIMIT", 0)
    for problem in _problems()[:60]:
        result = solve(problem, relax=True)
        assert result.proven
        assert result.total == best_routes(problem)[0]


def test_a_node_budget_stops_the_packing_and_says_so() -> None:
    stopped = 0
    for problem in _problems():
        result = solve(problem, node_budget=40, relax=True)
        assert result.nodes <= 40 * (1 + len(problem.trains))
        assert validate(problem, result.routes) is None
        if not result.proven:
            stopped += 1
            assert result.total <= best_routes(problem)[0]
    assert stopped > 10
