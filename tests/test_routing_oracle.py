"""The search against the exhaustive oracle (``routing.brute``): the same total on every
random network, and routes that ``validate`` accepts.

Two families, both seeded: abstract problems (stops, junctions with sides, tracks that
sometimes share a piece, every stop flag and rule switch, 1-3 trains including ∞), and
small hex boards laid with random tiles of the real Lost Atlas tile set (cities, forks,
crossings, the mine and port tiles, a Distant Destination, other companies' hubs).
"""

from __future__ import annotations

import dataclasses

import pytest

from boardroom.core.rng import Rng
from boardroom.map.hexes import Hex, neighbour, opposite
from boardroom.map.tiles import TileDef
from boardroom.routing import Route, RouteProblem, RouteRules, Stop, Track, solve, validate
from boardroom.routing.brute import all_routes, best_routes
from boardroom.routing.search import solve_with
from boardroom.titles.lost_atlas.board.board import BLANK, CITY, DESTINATION, Board, Space
from boardroom.titles.lost_atlas.board.components import load_components
from boardroom.titles.lost_atlas.board.operator import EXPRESS, OVERNIGHT
from boardroom.titles.lost_atlas.board.routes import build_network

ABSTRACT = 600
HEX_BOARDS = 120


def random_problem(seed: int) -> RouteProblem:
    rng = Rng(seed)
    n_stops = 3 + rng.below(6)
    n_junctions = rng.below(5)
    groups = list(range(n_stops))
    for i in range(1, n_stops):
        if rng.below(8) == 0:
            groups[i] = groups[rng.below(i)]
    hubs = {rng.below(n_stops) for _ in range(1 + rng.below(2))}
    stops = []
    for i in range(n_stops):
        hub = i in hubs
        stops.append(Stop(10 * rng.below(7), groups[i], hub=hub,
                          terminal=rng.below(7) == 0,
                          blocked=not hub and rng.below(6) == 0,
                          bonus=10 if rng.below(10) == 0 else 0))
    nodes = n_stops + n_junctions
    tracks: list[Track] = []
    for k in range(4 + rng.below(9)):
        a, b = rng.below(nodes), rng.below(nodes)
        if a == b and rng.below(3):
            b = (a + 1) % nodes
        pieces = tracks[rng.below(k)].pieces if k and rng.below(10) == 0 else 1 << k
        tracks.append(Track(a, b, pieces, rng.below(2), rng.below(2)))
    trains = tuple((2, 3, 4, None, 1, 5)[rng.below(6)] for _ in range(1 + rng.below(3)))
    rules = RouteRules(local_routes=rng.below(5) != 0, express=rng.below(3) == 0,
                       pass_blocked=rng.below(3) == 0)
    return RouteProblem(tuple(stops), tuple(tracks), trains, n_junctions, rules)


def agree(problem: RouteProblem) -> None:
    result = solve(problem)
    total, _ = best_routes(problem)
    assert result.proven
    assert result.total == total
    assert validate(problem, result.routes) is None
    assert len(result.routes) == len(problem.trains)


@pytest.mark.parametrize("block", range(6))
def test_search_matches_the_oracle_on_abstract_networks(block: int) -> None:
    per = ABSTRACT // 6
    for seed in range(block * per, (block + 1) * per):
        agree(random_problem(seed))


@pytest.mark.parametrize("trains", [(None, None, 2), (None, None, None), (4, 4, 2)])
def test_three_trains_whose_first_two_are_twins_match_the_oracle(
        trains: tuple[int | None, ...]) -> None:
    """The first two trains identical (``twin`` in ``search._Search.run``): the rest's first
    train is searched only up to what the first route can earn, as any solution has a twin
    with those two routes swapped. The pure-Python path and the default one (the kernel
    where it is built) both reach the brute-force optimum."""
    for seed in range(100):
        problem = dataclasses.replace(random_problem(20_000 + seed), trains=trains)
        total, _ = best_routes(problem)
        for result in (solve(problem), solve_with(problem, kernel=False)):
            assert result.proven
            assert result.total == total
            assert validate(problem, result.routes) is None


COMPONENTS = load_components()
PATCH: tuple[Hex, ...] = tuple(sorted((q, r) for q in range(-2, 3) for r in range(-2, 3)
                                      if abs(q + r) <= 2))
PLAIN = tuple(t for t in COMPONENTS.tiles.values() if not t.stops and t.colour != "blue")
CITIES = tuple(t for t in COMPONENTS.tiles.values() if t.stops)
SPECIAL = (COMPONENTS.printed_tiles["mine-home"], COMPONENTS.printed_tiles["port-home"])


def _connecting_rotation(board: Board, h: Hex, tile: TileDef, rng: Rng) -> int:
    """A rotation joining the most track to the neighbours already laid (random ties)."""
    best: list[int] = []
    score = -1
    for r in range(6):
        joined = 0
        for e in tile.exits(r):
            other = board.track.laid.get(neighbour(h, e))
            if other is not None and other.from_edge[opposite(e)]:
                joined += 1
        if joined > score:
            best, score = [r], joined
        elif joined == score:
            best.append(r)
    return best[rng.below(len(best))]


def random_board(seed: int) -> tuple[Board, list[int | None], frozenset[str]]:
    rng = Rng(seed)
    board = Board.empty(COMPONENTS)
    hexes = list(PATCH)
    dd = hexes.pop(rng.below(len(hexes))) if rng.below(3) == 0 else None
    for h in hexes:
        roll = rng.below(10)
        if roll < 4:
            tile = CITIES[rng.below(len(CITIES))]
            terrain = CITY
        elif roll < 5:
            tile = SPECIAL[rng.below(len(SPECIAL))]
            terrain = CITY
        else:
            tile = PLAIN[rng.below(len(PLAIN))]
            terrain = BLANK
        board.add_space(Space(hex=h, terrain=terrain, piece=0))
        board.lay_tile(h, tile, _connecting_rotation(board, h, tile, rng))
    if dd is not None:
        open_edges = frozenset(e for e in range(6) if neighbour(dd, e) in PATCH
                               and rng.below(2) == 0) or frozenset({rng.below(6)})
        board.add_space(Space(hex=dd, terrain=DESTINATION, piece=27, destination="DD27",
                              open_edges=open_edges))
    stops = [(h, i) for h in sorted(board.track.laid)
             for i, s in enumerate(board.track.laid[h].tile.stops) if s.kind == "city"]
    if stops:
        for _ in range(1 + rng.below(2)):
            board.place_hub(stops[rng.below(len(stops))], "co")
        for _ in range(rng.below(4)):
            ref = stops[rng.below(len(stops))]
            if "co" not in board.hubs.get(ref, ()):
                for _ in range(board.stop(ref).slots):
                    board.place_hub(ref, "other")
        if rng.below(4) == 0:
            board.suburbs[stops[rng.below(len(stops))][0]] = "co"
    trains = [(2, 3, 4, None)[rng.below(4)] for _ in range(1 + rng.below(2))]
    abilities = frozenset(a for a, p in ((OVERNIGHT, 4), (EXPRESS, 4)) if rng.below(p) == 0)
    return board, trains, abilities


def test_hex_board_generator_makes_track_that_meets() -> None:
    # The boards are not all islands: some have tracks crossing hex sides.
    crossings = 0
    for seed in range(20):
        board, _, _ = random_board(seed)
        for h, laid in board.track.laid.items():
            for e in range(6):
                n = neighbour(h, e)
                other = board.track.laid.get(n)
                if laid.from_edge[e] and other is not None and other.from_edge[opposite(e)]:
                    crossings += 1
    assert crossings > 20


@pytest.mark.parametrize("block", range(4))
def test_search_matches_the_oracle_on_hex_boards(block: int) -> None:
    per = HEX_BOARDS // 4
    for seed in range(block * per, (block + 1) * per):
        board, trains, abilities = random_board(seed)
        net = build_network(board, "co", trains, 100, abilities, cut_throat=seed % 7 == 0)
        agree(net.problem)


def test_every_enumerated_route_is_valid() -> None:
    # The oracle's own routes pass validation (the two statements of the rules agree).
    for seed in range(40):
        problem = random_problem(seed)
        for train in range(len(problem.trains)):
            for route in all_routes(problem, problem.capacity(train)):
                routes = [route if i == train else Route() for i in range(len(problem.trains))]
                assert validate(problem, routes) is None
