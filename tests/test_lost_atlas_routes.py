"""Running trains in the Lost Atlas (rulebook p.14, Diagram 8, Company Details): boards
built by hand with the real tiles, run through ``titles.lost_atlas.routes``.

Coordinates are axial, flat-topped; edges 0 = S, 1 = SW, 2 = NW, 3 = N, 4 = NE, 5 = SE.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardroom.map.hexes import Hex
from boardroom.map.tiles import TileDef
from boardroom.map.track import StopRef
from boardroom.routing import RouteResult
from boardroom.routing.brute import all_routes
from boardroom.titles.lost_atlas.board.board import BLANK, CITY, DESTINATION, Board, Space
from boardroom.titles.lost_atlas.board.components import load_components
from boardroom.titles.lost_atlas.board.operator import EXPRESS, OVERNIGHT, RESOURCEFUL, SUBURBAN
from boardroom.titles.lost_atlas.board.routes import (
    Side,
    Waypoint,
    best_waypoints,
    build_network,
    check_routes,
    company_routes,
    destination_values,
    routes_from_waypoints,
    waypoint_hexes,
)

C = load_components()
Walk = list[Waypoint]
NP = "northern_port"
GREY_DD = 100


def tile(tile_id: str) -> TileDef:
    return C.tiles.get(tile_id) or C.printed_tiles[tile_id]


def make_board(layout: dict[Hex, tuple[str, str | None, int]],
               destinations: dict[Hex, tuple[str, frozenset[int]]] | None = None) -> Board:
    board = Board.empty(C)
    for h, (terrain, tile_id, rotation) in layout.items():
        board.add_space(Space(hex=h, terrain=terrain, piece=0))
        if tile_id is not None:
            board.lay_tile(h, tile(tile_id), rotation)
    for h, (dest, edges) in (destinations or {}).items():
        board.add_space(Space(hex=h, terrain=DESTINATION, piece=27, destination=dest,
                              open_edges=edges))
    return board


# ---------------------------------------------------------------- Diagram 8

PORT: Hex = (0, 0)
HUB_HALF: StopRef = (PORT, 0)
OTHER_HALF: StopRef = (PORT, 1)
A30: StopRef = ((0, 1), 0)
C20: StopRef = ((-1, 1), 0)
M50: StopRef = ((-1, 2), 0)
B20: StopRef = ((-1, 3), 0)
D20: StopRef = ((-2, 3), 0)
FORK: Hex = (-1, 4)
DD_HEX: Hex = (0, 3)


def diagram8(fork_tile: str = "23", fork_rotation: int = 0) -> Board:
    """Northern Port's network of Diagram 8.

    The green port LA2 on (0,0): the hub half (60, sides S and SW), the other half (60,
    sides NE and SE). South of it a 30 city (A), south-west a 20 city (C); both lead to the
    50 capital M on (-1,2), which leads on to two 20 cities, B and D. A also runs round
    through (1,0) into the port's other half. Below B, a fork (tile 23: trunk S, branches
    N and NE) whose NE branch points at a Distant Destination: from B the only way there is
    the fork's sharp turn.
    """
    board = make_board({
        PORT: (CITY, "LA2", 0),
        (0, 1): (CITY, "619", 1),     # A: sides SW, N, NE, SE
        (-1, 1): (CITY, "6", 4),      # C: sides NE, S
        (-1, 2): (CITY, "294", 0),    # M: sides S, SW, N, NE
        (-1, 3): (CITY, "57", 0),     # B: sides S, N
        (-2, 3): (CITY, "6", 4),      # D: sides NE, S
        (1, 0): (BLANK, "7", 1),      # curve SW-NW: A round to the other half
        FORK: (BLANK, fork_tile, fork_rotation),
    }, {DD_HEX: ("DD27", frozenset({1}))})
    board.place_hub(HUB_HALF, NP)
    return board


def routes_of(board: Board, trains: list[int | None], abilities: frozenset[str] = frozenset(),
              company: str = NP, cut_throat: bool = False
              ) -> tuple[RouteResult, list[list[StopRef]]]:
    result = company_routes(board, company, trains, "grey", GREY_DD, abilities,
                            cut_throat=cut_throat)
    net = build_network(board, company, trains, GREY_DD, abilities, cut_throat)
    assert result.proven
    return result, [net.route_stops(r) for r in result.routes]


def test_diagram_8_two_4_trains_earn_310() -> None:
    board = diagram8()
    result, stops = routes_of(board, [4, 4], frozenset({NP}))
    assert result.total == 310
    assert sorted(r.revenue for r in result.routes) == [150, 160]
    assert result.total // 5 == 62  # paid out: 62 per share (20% of 310)
    for route in stops:
        assert route[0] == HUB_HALF and M50 in route
    # 60 + 30 + 50 + 20 and 60 + 20 + 50 + 20: each train runs through the 50 city.
    assert {frozenset(r) for r in stops} in (
        {frozenset({HUB_HALF, A30, M50, D20}), frozenset({HUB_HALF, C20, M50, B20})},
        {frozenset({HUB_HALF, A30, M50, B20}), frozenset({HUB_HALF, C20, M50, D20})},
    )
    blue: Walk = [HUB_HALF, Side(PORT, 0), A30, Side((0, 1), 1), M50, Side((-1, 2), 0), B20]
    green: Walk = [HUB_HALF, Side(PORT, 1), C20, Side((-1, 1), 0), M50, Side((-1, 2), 1), D20]
    assert check_routes(board, NP, [4, 4], "grey", GREY_DD, frozenset(), [blue, green]) is None


def test_diagram_8_the_other_port_half_is_the_same_city() -> None:
    board = diagram8()
    to_other_half: Walk = [HUB_HALF, Side(PORT, 0), A30, Side((0, 1), 4), Side((1, 0), 2),
                           OTHER_HALF]
    err = check_routes(board, NP, [4], "grey", GREY_DD, frozenset(), [to_other_half])
    assert err is not None and err.rule == "lost_atlas.route.port-both-halves"
    # It changes the answer: a 3-train would earn 60 + 30 + 60 = 150 there, but runs
    # 60 + 30 + 50 = 140.
    result, _ = routes_of(board, [3])
    assert result.total == 140


def test_diagram_8_the_sharp_turn_blocks_the_destination() -> None:
    board = diagram8()
    via_fork: Walk = [HUB_HALF, Side(PORT, 0), A30, Side((0, 1), 1), M50, Side((-1, 2), 0), B20,
                Side((-1, 3), 0), Side(FORK, 4), (DD_HEX, 0)]
    err = check_routes(board, NP, [None], "grey", GREY_DD, frozenset(), [via_fork])
    assert err is not None and err.rule == "lost_atlas.route.sharp-turn"
    result, stops = routes_of(board, [None, None])
    assert all((DD_HEX, 0) not in route for route in stops)
    # The same board with a plain curve N-NE in place of the fork: the destination (100)
    # is reachable and an ∞-train takes it.
    curve = diagram8("7", 3)
    better, stops = routes_of(curve, [None, None])
    assert any((DD_HEX, 0) in route for route in stops)
    assert better.total == result.total + GREY_DD
    assert check_routes(curve, NP, [None], "grey", GREY_DD, frozenset(),
                        [[*via_fork[:-3], Side((-1, 3), 0), Side(FORK, 4), (DD_HEX, 0)]]) is None


# ---------------------------------------------------------------- a straight line of cities

def street(tiles: list[str], rotations: list[int] | None = None) -> Board:
    """Hexes (0,0), (0,1), ... in a column, joined S-N (tile i turned rotations[i])."""
    layout: dict[Hex, tuple[str, str | None, int]] = {}
    for i, tile_id in enumerate(tiles):
        t = tile(tile_id)
        terrain = CITY if t.stops else BLANK
        layout[(0, i)] = (terrain, tile_id, (rotations or [0] * len(tiles))[i])
    return make_board(layout)


def test_a_blocked_city_cuts_the_route_and_overnight_passes_it() -> None:
    # hub 20 - 30 (full of others' hubs) - 30 - 30
    board = street(["57", "14", "57", "57"])
    board.place_hub(((0, 0), 0), "co")
    board.place_hub(((0, 1), 0), "x")
    board.place_hub(((0, 1), 0), "y")
    plain, _ = routes_of(board, [None], company="co")
    assert plain.total == 20 + 30  # may end at the blocked city
    night, stops = routes_of(board, [None], frozenset({OVERNIGHT}), company="co")
    assert night.total == 20 + 20 + 20  # passes it (no revenue), counts the two beyond
    assert ((0, 1), 0) in stops[0]
    counted = build_network(board, "co", [None], GREY_DD, frozenset({OVERNIGHT}))
    assert ((0, 1), 0) not in [counted.stop_refs[i] for i in night.routes[0].counted]
    # A reserved spot does not block: one hub and a reservation leave the city open.
    board.hubs[((0, 1), 0)] = ["x"]
    board.reserved[((0, 1), 0)] = "z"
    opened, _ = routes_of(board, [None], company="co")
    assert opened.total == 20 + 30 + 20 + 20


def test_passing_a_blocked_city_is_refused_by_name() -> None:
    board = street(["57", "57", "57"])
    board.place_hub(((0, 0), 0), "co")
    board.place_hub(((0, 1), 0), "x")
    route: Walk = [((0, 0), 0), Side((0, 0), 0), ((0, 1), 0), Side((0, 1), 0), ((0, 2), 0)]
    err = check_routes(board, "co", [3], "grey", GREY_DD, frozenset(), [route])
    assert err is not None and err.rule == "lost_atlas.route.blocked-city"
    assert check_routes(board, "co", [3], "grey", GREY_DD, frozenset({OVERNIGHT}),
                        [route]) is None


def test_a_distant_destination_only_ends_a_route() -> None:
    # hub - DD (open N and S) - 50: the destination cannot be passed.
    board = make_board({(0, 0): (CITY, "57", 0), (0, 2): (CITY, "57", 0)},
                       {(0, 1): ("DD26", frozenset({0, 3}))})
    board.place_hub(((0, 0), 0), "co")
    result, _stops = routes_of(board, [None], company="co")
    assert result.total == 20 + GREY_DD
    route: Walk = [((0, 0), 0), Side((0, 0), 0), ((0, 1), 0), Side((0, 1), 0), ((0, 2), 0)]
    err = check_routes(board, "co", [None], "grey", GREY_DD, frozenset(), [route])
    assert err is not None and err.rule == "lost_atlas.route.destination-end"


def test_a_two_hex_destination_counts_once() -> None:
    # Two hexes of one destination, each reached from the hub city by its own track.
    board = make_board({(0, 0): (CITY, "14", 0)},
                       {(0, 1): ("DD27", frozenset({3})), (0, -1): ("DD27", frozenset({0}))})
    board.place_hub(((0, 0), 0), "co")
    one, _ = routes_of(board, [None], company="co")
    assert one.total == 30 + GREY_DD
    two, _ = routes_of(board, [None, None], company="co")
    assert two.total == 2 * (30 + GREY_DD)  # a train each
    both: Walk = [((0, -1), 0), Side((0, -1), 0), ((0, 0), 0), Side((0, 0), 0), ((0, 1), 0)]
    err = check_routes(board, "co", [None], "grey", GREY_DD, frozenset(), [both])
    assert err is not None and err.rule == "lost_atlas.route.city-twice"


def test_destination_values_come_from_the_card() -> None:
    assert destination_values(C, "grey") == 100
    assert destination_values(C, "purple", {"DD27": "card-2"}) == {"DD27": 80}
    board = make_board({(0, 0): (CITY, "57", 0)}, {(0, 1): ("DD27", frozenset({3}))})
    board.place_hub(((0, 0), 0), "co")
    by_id = company_routes(board, "co", [2], "grey", {"DD27": 70}, frozenset())
    assert by_id.total == 20 + 70
    with pytest.raises(ValueError):
        company_routes(board, "co", [2], "grey", {"DD28": 70}, frozenset())
    with pytest.raises(ValueError):
        company_routes(board, "co", [2], "brown", 70, frozenset())


def test_local_routes_and_cut_throat() -> None:
    # An untiled home: no track, so only local routes.
    board = make_board({(0, 0): (CITY, None, 0)})
    board.place_hub(((0, 0), 0), "co")
    result, _ = routes_of(board, [2, 3], company="co")
    assert result.total == 2 * C.map_rules.untiled_city_revenue
    assert all(r.is_local for r in result.routes)
    cut, _ = routes_of(board, [2, 3], company="co", cut_throat=True)
    assert cut.total == 0
    local: Walk = [((0, 0), 0)]
    err = check_routes(board, "co", [2], "grey", GREY_DD, frozenset(), [local], cut_throat=True)
    assert err is not None and err.rule == "lost_atlas.route.local-route"
    assert check_routes(board, "co", [2], "grey", GREY_DD, frozenset(), [local]) is None


def test_express_one_more_stop_with_one_train() -> None:
    board = street(["57", "57", "57", "57"])
    board.place_hub(((0, 0), 0), "co")
    plain, _ = routes_of(board, [2], company="co")
    express, _ = routes_of(board, [2], frozenset({EXPRESS}), company="co")
    assert (plain.total, express.total) == (40, 60)
    two, _ = routes_of(board, [2, 2], frozenset({EXPRESS}), company="co")
    assert two.total == 40 + 20  # two trains: no extra stop


def test_suburban_earns_10_per_train_including_the_suburb() -> None:
    # The hub (green, 4 sides) with the suburb city south of it and another city north.
    board = make_board({(0, 0): (CITY, "14", 0), (0, 1): (CITY, "57", 0),
                        (0, -1): (CITY, "57", 0)})
    board.place_hub(((0, 0), 0), "co")
    board.suburbs[(0, 1)] = "co"
    one, _ = routes_of(board, [2], frozenset({SUBURBAN}), company="co")
    assert one.total == 30 + 20 + 10
    two, _ = routes_of(board, [2, 2], frozenset({SUBURBAN}), company="co")
    assert two.total == (30 + 20 + 10) + (30 + 20)
    # Two trains both through the suburb: the hub reaches it directly and round (-1,1).
    star = make_board({(0, 0): (CITY, "14", 0), (0, 1): (CITY, "15", 0),
                       (-1, 1): (BLANK, "7", 4), (0, 2): (CITY, "57", 0),
                       (-1, 2): (CITY, "57", 1)})
    star.place_hub(((0, 0), 0), "co")
    star.suburbs[(0, 1)] = "co"
    both, stops = routes_of(star, [None, None], frozenset({SUBURBAN}), company="co")
    assert both.total == 2 * (30 + 30 + 10 + 20)
    assert all(((0, 1), 0) in route for route in stops)


def test_resourceful_rusted_trains_are_just_trains() -> None:
    board = street(["57", "57", "57"])
    board.place_hub(((0, 0), 0), "co")
    result, _ = routes_of(board, [2, 2], frozenset({RESOURCEFUL}), company="co")
    assert result.total == 40 + 20


def test_no_train_earns_nothing() -> None:
    board = street(["57", "57"])
    board.place_hub(((0, 0), 0), "co")
    result = company_routes(board, "co", [], "grey", GREY_DD, frozenset())
    assert result.total == 0 and result.routes == ()


def test_crossing_tiles_let_two_trains_cross() -> None:
    # Tile 20 (straights S-N and SW-NE) between two pairs of cities: both trains run.
    board = make_board({
        (0, 0): (BLANK, "20", 0),
        (0, -1): (CITY, "14", 0),    # hub: sides S, SW, N, NE -> S into the crossing
        (0, 1): (CITY, "57", 0),     # south, side N
        (-1, 1): (CITY, "57", 1),    # south-west of the crossing: side NE (4)
        (1, -1): (CITY, "57", 1),    # north-east: side SW (1)
    })
    board.place_hub(((0, -1), 0), "co")
    board.place_hub(((1, -1), 0), "co")
    result, stops = routes_of(board, [2, 2], company="co")
    assert result.total == (30 + 20) + (20 + 20)
    assert all(len(s) == 2 for s in stops)


def test_a_fork_trunk_takes_one_train() -> None:
    # Hub city north of a fork (trunk N, branches S and SE... tile 23 turned 3: 3-0, 3-1).
    board = make_board({
        (0, -1): (CITY, "57", 0),
        (0, 0): (BLANK, "23", 3),    # paths (3, 0) and (3, 1): trunk N
        (0, 1): (CITY, "57", 0),
        (-1, 1): (CITY, "57", 1),    # side NE (4) faces the fork's SW (1)
    })
    board.place_hub(((0, -1), 0), "co")
    result, _stops = routes_of(board, [2, 2], company="co")
    assert result.total == (20 + 20) + 20  # one train uses the trunk, one runs local
    assert sum(1 for r in result.routes if r.tracks) == 1


def test_the_mine_counts_both_stops() -> None:
    # The printed mine: home 30 with its one side (SE), joined to the second stop 20.
    board = make_board({(0, 0): (CITY, "mine-home", 0), (1, 0): (CITY, "57", 2)})
    board.place_hub(((0, 0), 0), "eastern_mining")
    result, stops = routes_of(board, [3], company="eastern_mining")
    assert result.total == 30 + 20 + 20
    assert ((0, 0), 1) in stops[0] and ((0, 0), 0) in stops[0]


def test_two_trains_may_each_count_a_city_but_one_train_once() -> None:
    # Diagram 8: both trains count M (50) on their own track.
    _result, stops = routes_of(diagram8(), [4, 4])
    assert all(M50 in route for route in stops)


def test_submitted_routes_are_checked_rule_by_rule() -> None:
    board = diagram8()
    ok: Walk = [HUB_HALF, Side(PORT, 0), A30, Side((0, 1), 1), M50]
    cases: dict[str, tuple[list[int | None], list[Walk]]] = {
        "lost_atlas.route.too-many-stops": ([2], [ok]),
        "lost_atlas.route.hub": ([3], [[A30, Side((0, 1), 1), M50]]),
        "lost_atlas.route.track-shared": ([4, 4], [ok, ok]),
        "lost_atlas.route.no-track": ([4], [[HUB_HALF, Side(PORT, 3), A30]]),
        "lost_atlas.route.open-end": ([4], [[HUB_HALF, Side(PORT, 0)]]),
        "lost_atlas.route.train-count": ([4, 4], [ok]),
    }
    for rule, (trains, routes) in cases.items():
        err = check_routes(board, NP, trains, "grey", GREY_DD, frozenset(), routes)
        assert err is not None and err.rule == rule, (rule, err)
    assert check_routes(board, NP, [3], "grey", GREY_DD, frozenset(), [ok]) is None
    assert check_routes(board, NP, [3, 3], "grey", GREY_DD, frozenset(), [ok, []]) is None


# ---------------------------------------------------------------- tracing vs routes

def test_trace_and_routes_agree_on_a_city_reversal() -> None:
    # Tracing follows trails (no hex side or city twice), like routes: from the hub down
    # a fork's branch to a dead-end city and back up the same trunk is not a route.
    board = make_board({
        (0, -1): (CITY, "57", 0),    # hub: sides S and N
        (0, 0): (BLANK, "23", 0),    # fork: trunk S (0), branches N (3) and NE (4)
        (0, 1): (CITY, "57", 0),     # dead end below the trunk
        (1, -1): (CITY, "57", 1),    # on the fork's NE branch (its side SW)
    })
    board.place_hub(((0, -1), 0), "co")
    reach = board.track.trace(board.hubs_of("co"), lambda ref: board.blocks(ref, "co"))
    net = build_network(board, "co", [None], GREY_DD, frozenset())
    by_route = {net.stop_refs[i] for r in all_routes(net.problem, None) for i in r.stops}
    assert set(reach.stops) == by_route == {((0, -1), 0), ((0, 1), 0)}


def test_trace_passes_the_port_other_half_but_a_route_may_not() -> None:
    # Divergence (reported): tracing treats the port's halves as two cities, so it goes
    # from the hub half round into the other half and out beyond it; a route may not run
    # to both halves, so the city beyond is reachable by tracing but by no route.
    board = diagram8()
    board.lay_tile((1, -1), tile("57"), 1)  # a 20 city NE of the port, on its side SW (1)
    board.spaces[(1, -1)] = Space(hex=(1, -1), terrain=CITY, piece=0)
    beyond: StopRef = ((1, -1), 0)
    reach = board.track.trace(board.hubs_of(NP), lambda ref: board.blocks(ref, NP))
    net = build_network(board, NP, [None], GREY_DD, frozenset())
    by_route = {net.stop_refs[i] for r in all_routes(net.problem, None) for i in r.stops}
    assert beyond in reach.stops
    assert beyond not in by_route


# ---------------------------------------------------------------- the benchmark corpus

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
CORPUS = BENCHMARKS / "routes"
STRESS = BENCHMARKS / "routes-stress"


@pytest.mark.skipif(not STRESS.exists(), reason="no stress corpus in this checkout")
def test_stress_positions_keep_their_recorded_optimum() -> None:
    # A few quick instances (an ∞-train with a numbered one) of the dense corpus.
    from boardroom.bench.lost_atlas_routes import board_from_json

    checked = 0
    for path in sorted(STRESS.glob("long_purple_*.json"))[:3]:
        data = json.loads(path.read_text())
        board = board_from_json(C, data)
        for inst in data["instances"]:
            if None in inst["trains"][1:]:
                continue
            result = company_routes(board, inst["company"], inst["trains"], "grey",
                                    inst["destination_values"], frozenset(inst["abilities"]))
            assert result.proven and result.total == inst["total"]
            checked += 1
    assert checked


DENSE = BENCHMARKS / "routes-dense"


@pytest.mark.skipif(not DENSE.exists(), reason="no dense corpus in this checkout")
def test_dense_corpus_three_trains_proven_or_said_not_to_be() -> None:
    # Three trains (two ∞ and a 7) on a full map: a quick instance keeps its recorded
    # optimum; a hard one stopped by a node budget says it is not proven, and its routes
    # are still legal and earn what it says.
    from boardroom.bench.lost_atlas_routes import board_from_json
    from boardroom.routing import validate

    data = json.loads((DENSE / "dense_grey_001.json").read_text())
    board = board_from_json(C, data)
    insts = {inst["company"]: inst for inst in data["instances"]}
    quick, hard = insts["major3"], insts["major2"]
    assert quick["trains"] == [None, None, 7] and "total" in quick
    result = company_routes(board, "major3", quick["trains"], "grey",
                            quick["destination_values"], frozenset(quick["abilities"]))
    assert result.proven and result.total == quick["total"]
    assert hard["total"] == 1050  # recorded by a search with no budget (6.3M nodes)
    args = (board, "major2", hard["trains"], "grey", hard["destination_values"],
            frozenset(hard["abilities"]))
    stopped = company_routes(*args, node_budget=20_000)
    assert not stopped.proven and stopped.total <= hard["total"]
    net = build_network(*args[:3], hard["destination_values"], args[5], reach_only=True)
    assert validate(net.problem, stopped.routes) is None
    assert stopped.total == sum(r.revenue for r in stopped.routes) > 0


@pytest.mark.skipif(not CORPUS.exists(), reason="no benchmark corpus in this checkout")
def test_bot_corpus_positions_keep_their_recorded_optimum() -> None:
    # Every instance of the bot-play corpus (each solves in milliseconds).
    from boardroom.bench.lost_atlas_routes import board_from_json

    checked = 0
    for path in sorted(CORPUS.glob("bots_*.json")):
        data = json.loads(path.read_text())
        board = board_from_json(C, data)
        for inst in data["instances"]:
            result = company_routes(board, inst["company"], inst["trains"], data["phase"],
                                    inst["destination_values"], frozenset(inst["abilities"]))
            assert result.proven and result.total == inst["total"], (path.name, inst)
            checked += 1
    assert checked >= 100


@pytest.mark.skipif(not CORPUS.exists(), reason="no benchmark corpus in this checkout")
def test_route_benchmark_runs_on_a_corpus_folder(tmp_path: Path) -> None:
    from boardroom.bench.lost_atlas_routes import main

    first = sorted(CORPUS.glob("bots_*.json"))[0]
    (tmp_path / first.name).write_text(first.read_text())
    assert main(["--corpus", str(tmp_path), "--no-cpsat", "--repeat", "1"]) == 0
    assert main(["--corpus", str(tmp_path / "none")]) == 2
    # A node budget that stops the searches: the run fails (not proven), never passes.
    assert main(["--corpus", str(tmp_path), "--no-cpsat", "--repeat", "1", "--cpu",
                 "--node-budget", "3"]) == 1
    assert main(["--corpus", str(tmp_path), "--node-budget", "0"]) == 2


def test_bot_positions_are_late_game_with_an_infinity_train() -> None:
    from boardroom.bench.lost_atlas_routes import SNAPSHOTS, make_bot_positions

    positions = make_bot_positions(C, 4, 3, False)
    assert 1 <= len(positions) <= SNAPSHOTS
    for data in positions:
        assert data["phase"] in ("purple", "grey") and data["game"]["players"] == 3
        assert data["instances"]
        for inst in data["instances"]:
            assert inst["trains"][0] is None and len(inst["trains"]) == 2


@pytest.mark.skipif(not CORPUS.exists(), reason="no benchmark corpus in this checkout")
def test_best_routes_check_the_same_on_their_own_hexes_as_on_the_map() -> None:
    # The submitted-route check first builds only the hexes the waypoints name
    # (waypoint_hexes): the best routes of bot-corpus positions are legal and earn the
    # same there and on the whole map.
    from boardroom.bench.lost_atlas_routes import board_from_json
    from boardroom.routing import validate

    checked = 0
    for path in sorted(CORPUS.glob("bots_*.json"))[:6]:
        data = json.loads(path.read_text())
        board = board_from_json(C, data)
        for inst in data["instances"]:
            args = (board, inst["company"], inst["trains"], data["phase"],
                    inst["destination_values"], frozenset(inst["abilities"]))
            total, waypoints = best_waypoints(*args)
            for only in (waypoint_hexes(waypoints), None):
                net = build_network(*args[:3], inst["destination_values"], args[5],
                                    only=only)
                built = routes_from_waypoints(net, waypoints)
                assert validate(net.problem, built) is None
                assert sum(r.revenue for r in built) == total
            checked += 1
    assert checked >= 10
