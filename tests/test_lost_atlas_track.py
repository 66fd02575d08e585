"""Laying track in the Lost Atlas (rulebook p.13 "3. Optionally, lay track tiles", the
Operating Round summary, components §3, and the abilities of Agricultural, Bridging,
Tunneling, Overnight, Eastern Mining and Northern Port).

Each rule has a legal and an illegal case and the illegal one names its rule id:
lost_atlas.track.lay-count, reach-new-track, reach-city, water-edge, destination-side,
border, map-edge, yellow-terrain, first-tile, cities-fixed, upgrade-chart,
upgrade-colour, phase-colour, symbol, keep-connections, supply, terrain-cost, and
lost_atlas.ability.bridging.

Most boards are :func:`opening`: blank land, a basic city at (0, 0) with a straight city
tile (exits N and S) and company X's hub. X reaches (0, 1) through its edge 3 and (0, -1)
through its edge 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial

import pytest

from boardroom.map.hexes import Hex
from boardroom.map.tiles import TileDef, keeps_track
from boardroom.titles.lost_atlas.board.board import Board
from boardroom.titles.lost_atlas.board.components import Components
from boardroom.titles.lost_atlas.board.operator import (
    AGRICULTURAL,
    BRIDGING,
    OVERNIGHT,
    TUNNELING,
    Operator,
)
from boardroom.titles.lost_atlas.board.track_laying import (
    LayBudget,
    LayResult,
    TileLay,
    check_lay,
    exit_problem,
    first_tiles,
    lay,
    legal_lays,
    trace_for,
)
from lost_atlas_boards import (
    GREEN_PHASE,
    GREY_PHASE,
    PURPLE_PHASE,
    YELLOW_PHASE,
    Kind,
    around,
    build,
    components,
    hub,
    launch,
    lay_of,
    line,
    operator,
    put,
    region,
    ring_of_hubs,
    rule_of,
    tile,
)

X = "x"
XOP = operator(X)
T = "lost_atlas.track."


def opening(extra: Mapping[Hex, Kind | None] | None = None, comps: Components | None = None
            ) -> Board:
    """Blank land q -2..2, r -2..4; a basic city at (0, 0) with tile 57 (exits 0 and 3)
    and X's hub; ``extra`` redraws some hexes (None removes one)."""
    spec = region(range(-2, 3), range(-2, 5))
    spec[(0, 0)] = "city"
    spec.update(extra or {})
    board = build(spec, comps)
    put(board, (0, 0), "57", 0)
    hub(board, X, (0, 0))
    return board


def play(board: Board, op: Operator, budget: LayBudget, text: str,
         colours: tuple[str, ...] = GREY_PHASE) -> LayResult:
    """Check a lay (it must be legal) and make it."""
    assert rule_of(board, op, text, colours, budget) is None, text
    return lay(board, op, budget, lay_of(text))


def patched(**upgrades: tuple[str, ...]) -> Components:
    """The shipped components with some tiles' upgrade lists replaced (to reach the
    colour and symbol rules, which the real chart never gets near)."""
    c = components()
    tiles = dict(c.tiles)
    for tile_id, targets in upgrades.items():
        tiles[tile_id] = replace(tiles[tile_id], upgrades=targets)
    return replace(c, tiles=tiles)


# -- how many tiles a turn ----------------------------------------------------------------


def test_two_yellow_tiles_a_turn_and_not_three() -> None:
    board, budget = opening(), LayBudget()
    play(board, XOP, budget, "lay 9 0,1 r0")
    play(board, XOP, budget, "lay 9 0,2 r0")
    assert budget == LayBudget(yellow=2)
    assert rule_of(board, XOP, "lay 9 0,3 r0", budget=budget) == T + "lay-count"
    assert rule_of(board, XOP, "lay 9 0,3 r0") is None  # the same lay, next turn


def test_one_upgrade_a_turn_and_no_yellow_after_it() -> None:
    board, budget = opening(), LayBudget()
    put(board, (0, 1), "9", 0)
    put(board, (0, -1), "9", 0)
    play(board, XOP, budget, "lay 23 0,1 r3")
    assert rule_of(board, XOP, "lay 9 0,2 r0", budget=budget) == T + "lay-count"
    assert rule_of(board, XOP, "lay 23 0,-1 r0", budget=budget) == T + "lay-count"
    assert rule_of(board, XOP, "lay 9 0,2 r0") is None
    assert rule_of(board, XOP, "lay 23 0,-1 r0") is None


def test_no_upgrade_after_a_yellow_tile() -> None:
    board, budget = opening(), LayBudget()
    put(board, (0, 1), "9", 0)
    play(board, XOP, budget, "lay 9 0,-1 r0")
    assert rule_of(board, XOP, "lay 23 0,1 r3", budget=budget) == T + "lay-count"


def test_agricultural_lays_one_yellow_tile_after_its_upgrade() -> None:
    farmer = operator(X, AGRICULTURAL)
    board, budget = opening(), LayBudget()
    put(board, (0, 1), "9", 0)
    play(board, farmer, budget, "lay 23 0,1 r3")
    play(board, farmer, budget, "lay 9 0,2 r0")
    assert rule_of(board, farmer, "lay 9 0,-1 r0", budget=budget) == T + "lay-count"
    # ... only after it: a yellow tile first still rules out the upgrade.
    board, budget = opening(), LayBudget()
    put(board, (0, 1), "9", 0)
    play(board, farmer, budget, "lay 9 0,-1 r0")
    assert rule_of(board, farmer, "lay 23 0,1 r3", budget=budget) == T + "lay-count"
    # Two yellow tiles without an upgrade, as any company.
    play(board, farmer, budget, "lay 8 0,-2 r0")
    assert budget == LayBudget(yellow=2)


# -- reaching the new track (Diagram 4) ---------------------------------------------------


def test_yellow_tile_must_be_reachable_through_its_new_track() -> None:
    board = opening()
    assert rule_of(board, XOP, "lay 9 0,1 r0") is None  # exits 0, 3: meets X's track
    assert rule_of(board, XOP, "lay 8 0,1 r3") is None  # exits 3, 5
    assert rule_of(board, XOP, "lay 7 0,1 r2") is None  # exits 2, 3
    assert rule_of(board, XOP, "lay 8 0,1 r0") == T + "reach-new-track"  # exits 0, 2
    assert rule_of(board, XOP, "lay 9 0,1 r1") == T + "reach-new-track"  # exits 1, 4
    assert rule_of(board, XOP, "lay 9 1,1 r0") == T + "reach-new-track"  # nowhere near


def test_yellow_tile_reached_only_by_track_of_the_company() -> None:
    board = opening({(2, 3): "city"})
    put(board, (2, 3), "57", 0)
    hub(board, "y", (2, 3))
    assert rule_of(board, operator("y"), "lay 9 0,1 r0") == T + "reach-new-track"
    assert rule_of(board, operator("y"), "lay 9 2,2 r0") is None


def test_non_city_upgrade_needs_one_of_its_new_sections_reachable() -> None:
    board = opening()
    put(board, (0, 1), "9", 0)
    # 23 turned 3: the kept straight 0-3 and a new branch 3-1 from the side X arrives at.
    assert rule_of(board, XOP, "lay 23 0,1 r3") is None
    # 23 turned 0: the new branch 0-4 leaves the far end; X would need the sharp turn.
    assert rule_of(board, XOP, "lay 23 0,1 r0") == T + "reach-new-track"
    # 20 turned 0: a new straight 1-4 crossing, not joined to the old track.
    assert rule_of(board, XOP, "lay 20 0,1 r0") == T + "reach-new-track"


def test_city_upgrade_needs_a_route_into_the_tile() -> None:
    board = opening({(0, 2): "city", (1, 3): "city"})
    put(board, (0, 1), "9", 0)
    put(board, (0, 2), "57", 0)
    put(board, (1, 3), "57", 0)
    assert rule_of(board, XOP, "lay 14 0,2 r0") is None
    assert rule_of(board, XOP, "lay 14 1,3 r0") == T + "reach-city"


def test_city_upgrade_refused_when_no_exit_meets_the_route() -> None:
    board = opening({(0, 2): "city"})
    put(board, (0, 1), "9", 0)
    put(board, (0, 2), "5", 0)  # exits 0, 1; X's track arrives at side 3
    # 15 turned 5 keeps 0, 1 and reaches 5, 0, 1, 2: still nothing on side 3.
    assert rule_of(board, XOP, "lay 15 0,2 r5") == T + "reach-city"


def test_city_upgrade_whose_new_exit_meets_the_route_is_legal() -> None:
    board = opening({(0, 2): "city"})
    put(board, (0, 1), "9", 0)
    put(board, (0, 2), "5", 0)
    assert rule_of(board, XOP, "lay 15 0,2 r0") is None  # exits 0-3: side 3 joins X


def test_a_city_is_a_junction_any_turn_inside_is_allowed() -> None:
    board = opening({(0, 2): "city"})
    put(board, (0, 1), "9", 0)
    put(board, (0, 2), "5", 3)  # exits 3, 4: in at 3, out at 4 (a sharp turn)
    assert rule_of(board, XOP, "lay 9 1,1 r1") is None  # (1, 1) side 1 meets it
    assert rule_of(board, XOP, "lay 9 0,3 r0") == T + "reach-new-track"


# -- where track may not run --------------------------------------------------------------


def test_no_track_into_the_edge_of_a_water_hex() -> None:
    board = opening({(1, 1): "water"})  # across side 5 of (0, 1)
    assert rule_of(board, XOP, "lay 8 0,1 r3") == T + "water-edge"
    assert rule_of(board, XOP, "lay 8 0,1 r1") is None  # exits 1, 3


def test_bridging_may_run_track_into_the_edge_of_a_water_hex() -> None:
    board = opening({(1, 1): "water"})
    assert rule_of(board, operator(X, BRIDGING), "lay 8 0,1 r3") is None


def port_neighbour_board() -> Board:
    """The port home (unturned) at (1, 0): water sides 2 and 3. X's track comes down
    from a city at (1, -3) to (1, -2), so X can lay on (1, -1), across the port's side 3."""
    spec = region(range(-1, 4), range(-3, 3))
    spec[(1, 0)] = "port"
    spec[(1, -3)] = "city"
    board = build(spec)
    put(board, (1, -3), "57", 0)
    put(board, (1, -2), "9", 0)
    hub(board, X, (1, -3))
    return board


def test_track_beside_the_port_may_avoid_its_water_sides() -> None:
    board = port_neighbour_board()
    assert board.spaces[(1, 0)].water_edges == {2, 3}
    assert rule_of(board, XOP, "lay 8 1,-1 r3") is None  # exits 3, 5: passes the port


def test_no_track_into_the_water_side_of_the_port() -> None:
    board = port_neighbour_board()
    assert rule_of(board, XOP, "lay 9 1,-1 r0") == T + "water-edge"


def test_the_port_tile_never_turns_its_track_into_its_water_sides() -> None:
    board = port_neighbour_board()
    launch(board, "northern_port", (1, 0))
    port = operator("northern_port")
    for rotation in range(6):
        want = None if rotation == 0 else T + "keep-connections"
        assert rule_of(board, port, f"lay LA2 1,0 r{rotation}") == want
    # Only Bridging is excused from water, and the engine's check of the laid hex's own
    # water sides says so.
    water_sides = board.spaces[(1, 0)].water_edges
    problem = exit_problem(board, (1, 0), water_sides, port)
    assert problem is not None and problem.rule == T + "water-edge"
    assert exit_problem(board, (1, 0), water_sides, operator(X, BRIDGING)) is None


def test_no_track_into_a_blank_side_of_a_distant_destination() -> None:
    # (1, 1) is across side 5 of (0, 1); its side 2 faces (0, 1).
    open_side = opening({(1, 1): ("destination", {2})})
    assert rule_of(open_side, XOP, "lay 8 0,1 r3") is None
    blank_side = opening({(1, 1): ("destination", {1})})
    assert rule_of(blank_side, XOP, "lay 8 0,1 r3") == T + "destination-side"


def test_no_track_into_a_border_hex() -> None:
    board = opening({(1, 1): "border"})
    assert rule_of(board, XOP, "lay 8 0,1 r3") == T + "border"
    assert rule_of(board, XOP, "lay 8 0,1 r1") is None


def test_no_track_off_the_edge_of_the_map() -> None:
    board = opening({(1, 1): None})
    assert rule_of(board, XOP, "lay 8 0,1 r3") == T + "map-edge"
    assert rule_of(board, XOP, "lay 8 0,1 r1") is None
    assert rule_of(board, XOP, "lay 9 9,9 r0") == T + "map-edge"  # not a hex of the map


def test_an_upgrade_new_track_obeys_the_same_sides() -> None:
    board = opening({(-1, 2): "water"})  # across side 1 of (0, 1)
    put(board, (0, 1), "9", 0)
    assert rule_of(board, XOP, "lay 23 0,1 r3") == T + "water-edge"  # new branch 3-1
    assert rule_of(board, XOP, "lay 26 0,1 r3") is None  # new branch 3-2


# -- yellow tiles: where, and which ------------------------------------------------------


@pytest.mark.parametrize(("kind", "rule"), [
    ("blank", None),
    ("mountain", None),
    ("water", T + "yellow-terrain"),
    ("border", T + "yellow-terrain"),
    (("destination", {3}), T + "yellow-terrain"),
])
def test_yellow_tiles_only_on_empty_land(kind: Kind, rule: str | None) -> None:
    board = opening({(0, 1): kind})
    assert rule_of(board, XOP, "lay 9 0,1 r0") == rule


def test_no_yellow_tile_on_a_hex_that_has_track() -> None:
    board = opening()
    put(board, (0, 1), "9", 0)
    assert rule_of(board, XOP, "lay 9 0,1 r0") == T + "yellow-empty"
    assert rule_of(board, XOP, "lay 8 0,1 r3") == T + "yellow-empty"
    assert rule_of(board, XOP, "lay 8 0,-1 r4") is None  # an empty hex takes one


def test_bridges_are_laid_by_bridging_only_and_only_on_water() -> None:
    bridging = operator(X, BRIDGING)
    board = opening({(0, 1): "water"})
    assert first_tiles(board, (0, 1), bridging) == ("721", "722", "723")
    assert first_tiles(board, (0, 1), XOP) == ()
    assert rule_of(board, bridging, "lay 721 0,1 r0") is None
    assert rule_of(board, XOP, "lay 721 0,1 r0") == T + "yellow-terrain"
    assert rule_of(board, bridging, "lay 9 0,1 r0") == T + "first-tile"
    land = opening()
    assert rule_of(land, XOP, "lay 721 0,1 r0") == "lost_atlas.ability.bridging"
    assert rule_of(land, bridging, "lay 721 0,1 r0") == T + "first-tile"


def test_a_bridge_is_a_yellow_lay_and_is_never_upgraded() -> None:
    bridging = operator(X, BRIDGING)
    board, budget = opening({(0, 1): "water", (0, 2): "water"}), LayBudget()
    play(board, bridging, budget, "lay 721 0,1 r0")
    play(board, bridging, budget, "lay 721 0,2 r0")
    assert budget == LayBudget(yellow=2)
    assert tile("721").upgrades == ()
    for target in ("19", "20", "23", "24"):
        assert rule_of(board, bridging, f"lay {target} 0,1 r0") == T + "upgrade-chart"


def test_cities_are_never_created_or_removed() -> None:
    city = opening({(0, 1): "city"})
    assert rule_of(city, XOP, "lay 57 0,1 r0") is None
    assert rule_of(city, XOP, "lay 9 0,1 r0") == T + "cities-fixed"
    land = opening()
    assert rule_of(land, XOP, "lay 57 0,1 r0") == T + "cities-fixed"


def test_a_capital_takes_only_the_capital_tiles() -> None:
    board = opening({(0, 1): "city"})
    board.make_capital((0, 1))
    for text in ("lay 293 0,1 r0", "lay 291 0,1 r1", "lay 292 0,1 r2"):
        assert rule_of(board, XOP, text) is None, text
    assert rule_of(board, XOP, "lay 57 0,1 r0") == T + "first-tile"
    assert rule_of(board, XOP, "lay 9 0,1 r0") == T + "cities-fixed"
    basic = opening({(0, 1): "city"})
    assert rule_of(basic, XOP, "lay 293 0,1 r0") == T + "first-tile"
    assert rule_of(basic, XOP, "lay 57 0,1 r0") is None


# -- upgrades ----------------------------------------------------------------------------


def test_only_upgrades_of_the_chart() -> None:
    board = opening()
    put(board, (0, 1), "9", 0)
    assert "21" not in tile("9").upgrades
    assert rule_of(board, XOP, "lay 21 0,1 r3") == T + "upgrade-chart"
    assert rule_of(board, XOP, "lay 23 0,1 r3") is None


def test_only_the_next_colour() -> None:
    # The shipped chart never skips a colour; a chart that did is still refused.
    comps = patched(**{"9": (*tile("9").upgrades, "41")})
    board = opening(comps=comps)
    put(board, (0, 1), "9", 0)
    assert rule_of(board, XOP, "lay 41 0,1 r0") == T + "upgrade-colour"
    assert rule_of(board, XOP, "lay 23 0,1 r3") is None
    # With the shipped chart the same lay is simply not an upgrade of 9.
    board = opening()
    put(board, (0, 1), "9", 0)
    assert rule_of(board, XOP, "lay 41 0,1 r0") == T + "upgrade-chart"


def test_only_colours_of_the_current_phase() -> None:
    board = opening()
    put(board, (0, 1), "9", 0)
    assert rule_of(board, XOP, "lay 23 0,1 r3", YELLOW_PHASE) == T + "phase-colour"
    assert rule_of(board, XOP, "lay 23 0,1 r3", GREEN_PHASE) is None
    put(board, (0, 1), "23", 3)
    purple = tile("23").upgrades
    for target in purple:
        for rotation in range(6):
            text = f"lay {target} 0,1 r{rotation}"
            assert rule_of(board, XOP, text, GREEN_PHASE) == T + "phase-colour"
    assert any(rule_of(board, XOP, f"lay {target} 0,1 r{rotation}", PURPLE_PHASE) is None
               for target in purple for rotation in range(6))


def test_symbols_upgrade_only_into_the_same_symbol() -> None:
    # The shipped chart never mixes symbols; a chart that did is still refused.
    comps = patched(**{"57": (*tile("57").upgrades, "294"),
                       "293": (*tile("293").upgrades, "14")})
    board = opening({(0, 1): "city", (0, -1): "city"}, comps=comps)
    board.make_capital((0, -1))
    put(board, (0, 1), "57", 0)
    put(board, (0, -1), "293", 0)
    assert rule_of(board, XOP, "lay 294 0,1 r0") == T + "symbol"
    assert rule_of(board, XOP, "lay 14 0,-1 r0") == T + "symbol"
    assert rule_of(board, XOP, "lay 14 0,1 r0") is None
    assert rule_of(board, XOP, "lay 294 0,-1 r0") is None


def test_an_upgrade_keeps_the_existing_track_exactly() -> None:
    board = opening()
    put(board, (0, 1), "9", 0)
    assert rule_of(board, XOP, "lay 23 0,1 r3") is None
    assert rule_of(board, XOP, "lay 23 0,1 r1") == T + "keep-connections"  # drops 0-3
    assert rule_of(board, XOP, "lay 20 0,1 r1") == T + "keep-connections"
    # Keeping the sides is not enough: the 3-5 curve must stay a 3-5 curve.
    board = opening()
    put(board, (0, 1), "8", 3)
    assert rule_of(board, XOP, "lay 25 0,1 r3") is None  # 3-5 kept, new 3-1
    assert tile("25").exits(1) >= tile("8").exits(3)
    assert rule_of(board, XOP, "lay 25 0,1 r1") == T + "keep-connections"  # 1-3, 1-5


def test_the_replaced_tile_returns_to_the_supply() -> None:
    board, budget = opening(), LayBudget()
    put(board, (0, 1), "9", 0)
    nines, forks = board.supply["9"], board.supply["23"]
    result = play(board, XOP, budget, "lay 23 0,1 r3")
    assert result.replaced == "9"
    assert (board.supply["9"], board.supply["23"]) == (nines + 1, forks - 1)
    assert board.tiles[(0, 1)] == ("23", 3)


def test_tiles_are_finite() -> None:
    board = opening()
    board.supply["9"] = 0
    assert rule_of(board, XOP, "lay 9 0,1 r0") == T + "supply"
    board.supply["9"] = 1
    assert rule_of(board, XOP, "lay 9 0,1 r0") is None
    # A tile of one copy: once laid, the next is refused.
    board = opening()
    put(board, (0, 1), "9", 0)
    put(board, (0, -1), "9", 0)
    assert tile("26").count == 1
    play(board, XOP, LayBudget(), "lay 26 0,1 r3")
    assert board.supply["26"] == 0
    assert rule_of(board, XOP, "lay 26 0,-1 r0") == T + "supply"


def test_hubs_stay_on_their_stop_when_the_city_is_upgraded() -> None:
    board = opening()
    hubs = {ref: list(owners) for ref, owners in board.hubs.items()}
    play(board, XOP, LayBudget(), "lay 14 0,0 r0")
    assert board.hubs == hubs == {((0, 0), 0): [X]}
    assert board.free_slots(((0, 0), 0)) == 1


# -- the mine and the port ---------------------------------------------------------------


def mine_board() -> Board:
    """The mine home (unturned: its one exit is side 5) at (0, 0), Eastern Mining
    launched; company X's city at (2, 0) runs a straight over (1, 0) into the mine."""
    spec = region(range(-2, 4), range(-2, 3))
    spec[(0, 0)] = "mine"
    spec[(2, 0)] = "city"
    board = build(spec)
    launch(board, "eastern_mining", (0, 0))
    put(board, (2, 0), "57", 2)
    put(board, (1, 0), "9", 2)
    hub(board, X, (2, 0))
    return board


def accepted_rotations(board: Board, op: Operator, h: Hex, tile_id: str,
                       colours: tuple[str, ...] = GREY_PHASE) -> set[int]:
    return {r for r in range(6)
            if check_lay(board, op, colours, LayBudget(), TileLay(h, tile_id, r)) is None}


def test_the_mine_upgrades_with_its_new_leg_either_way() -> None:
    board = mine_board()
    mining = operator("eastern_mining")
    assert board.tiles[(0, 0)] == ("mine-home", 0)
    assert accepted_rotations(board, mining, (0, 0), "LA1") == {4, 5}  # exits 4-5, 5-0
    play(board, mining, LayBudget(), "lay LA1 0,0 r4")
    assert accepted_rotations(board, mining, (0, 0), "LA4") == {3, 4}  # 3-5, 4-0
    play(board, mining, LayBudget(), "lay LA4 0,0 r4")
    assert accepted_rotations(board, mining, (0, 0), "LA7") == {4, 5}  # 3-0, 4-1
    assert rule_of(board, mining, "lay LA7 0,0 r0") == T + "keep-connections"
    assert board.hubs == {((0, 0), 0): ["eastern_mining"], ((2, 0), 0): [X]}


def test_any_company_may_upgrade_the_mine() -> None:
    board = mine_board()
    assert accepted_rotations(board, XOP, (0, 0), "LA1") == {4, 5}
    stranger = operator("y")
    hub(board, "y", (-2, -2))
    assert rule_of(board, stranger, "lay LA1 0,0 r5") == T + "reach-city"


def test_the_mine_takes_only_mine_tiles_of_the_phase() -> None:
    board = mine_board()
    assert rule_of(board, XOP, "lay LA1 0,0 r5", YELLOW_PHASE) == T + "phase-colour"
    assert rule_of(board, XOP, "lay 14 0,0 r5") == T + "upgrade-chart"
    assert rule_of(board, XOP, "lay 57 0,0 r5") == T + "yellow-empty"
    assert rule_of(board, XOP, "lay LA4 0,0 r5") == T + "upgrade-chart"


def port_board() -> Board:
    """The port home (unturned) at (1, 0), Northern Port not launched; X's city at
    (1, 2) runs a straight over (1, 1) into the port's home half (side 0)."""
    spec = region(range(-1, 4), range(-2, 4))
    spec[(1, 0)] = "port"
    spec[(1, 2)] = "city"
    board = build(spec)
    put(board, (1, 2), "57", 0)
    put(board, (1, 1), "9", 0)
    hub(board, X, (1, 2))
    return board


def test_the_port_upgrades_port_home_then_la2_then_la5() -> None:
    board = port_board()
    assert board.reserved == {((1, 0), 0): "northern_port"}
    assert accepted_rotations(board, XOP, (1, 0), "LA2") == {0}  # any company
    assert rule_of(board, XOP, "lay LA2 1,0 r5") == T + "keep-connections"
    assert rule_of(board, XOP, "lay 14 1,0 r0") == T + "upgrade-chart"
    assert rule_of(board, XOP, "lay LA2 1,0 r0", YELLOW_PHASE) == T + "phase-colour"
    play(board, XOP, LayBudget(), "lay LA2 1,0 r0")
    assert accepted_rotations(board, XOP, (1, 0), "LA5") == {0}
    assert rule_of(board, XOP, "lay LA5 1,0 r0", GREEN_PHASE) == T + "phase-colour"
    play(board, XOP, LayBudget(), "lay LA5 1,0 r0")
    assert tile("LA5").upgrades == ()
    assert board.reserved == {((1, 0), 0): "northern_port"}  # still held (Diagram 6)


# -- costs --------------------------------------------------------------------------------


def test_a_mountain_costs_40_from_the_treasury() -> None:
    board = opening({(0, 1): "mountain"})
    assert rule_of(board, operator(X, treasury=39), "lay 9 0,1 r0") == T + "terrain-cost"
    rich = operator(X, treasury=40)
    result = play(board, rich, LayBudget(), "lay 9 0,1 r0")
    assert (result.cost, result.income) == (40, 0)
    free = play(board, rich, LayBudget(), "lay 9 0,2 r0")  # blank land costs nothing
    assert (free.cost, free.income) == (0, 0)


def test_tunneling_receives_60_for_each_mountain_it_lays_on() -> None:
    board = opening({(0, 1): "mountain"})
    tunneling = operator(X, TUNNELING, treasury=40)
    result = play(board, tunneling, LayBudget(), "lay 9 0,1 r0")
    assert (result.cost, result.income) == (40, 60)
    blank = play(board, tunneling, LayBudget(), "lay 9 0,2 r0")
    assert (blank.cost, blank.income) == (0, 0)
    # The cost is paid first: Tunneling cannot lay on a mountain it cannot pay for.
    board = opening({(0, 1): "mountain"})
    poor = operator(X, TUNNELING, treasury=39)
    assert rule_of(board, poor, "lay 9 0,1 r0") == T + "terrain-cost"


def test_tunnelings_home_is_a_mountain() -> None:
    spec = region(range(-2, 3), range(-2, 3))
    spec[(0, 0)] = ("home", "tunneling")
    board = build(spec)
    launch(board, "tunneling", (0, 0))
    assert board.spaces[(0, 0)].cost == 40
    tunneling = operator("tunneling", TUNNELING, treasury=40)
    result = play(board, tunneling, LayBudget(), "lay 57 0,0 r0")
    assert (result.cost, result.income) == (40, 60)
    board = build(spec)
    launch(board, "tunneling", (0, 0))
    poor = operator("tunneling", TUNNELING, treasury=39)
    assert rule_of(board, poor, "lay 57 0,0 r0") == T + "terrain-cost"


def test_an_upgrade_on_a_mountain_costs_nothing() -> None:
    # The engine's reading of "printed costs are paid when placing a track tile": the
    # mountain's 40 is paid with its first tile; an upgrade there is free (and Tunneling
    # is paid nothing for it).
    board = opening({(0, 1): "mountain"})
    put(board, (0, 1), "9", 0)
    broke = operator(X, TUNNELING, treasury=0)
    result = play(board, broke, LayBudget(), "lay 23 0,1 r3")
    assert (result.cost, result.income) == (0, 0)


# -- tracing: reserved homes, full cities, destinations, forks ---------------------------


def test_a_route_may_pass_a_home_reserved_for_an_unlaunched_minor() -> None:
    board = opening({(0, 2): ("home", "express")})
    put(board, (0, 1), "9", 0)
    put(board, (0, 2), "57", 0)
    assert board.reserved == {((0, 2), 0): "express"}  # the lay kept the reservation
    assert rule_of(board, XOP, "lay 9 0,3 r0") is None
    launch(board, "express", (0, 2))  # now a full city of another company
    assert rule_of(board, XOP, "lay 9 0,3 r0") == T + "reach-new-track"


def full_city_board() -> Board:
    """X's track runs south through (0, 1) into a city at (0, 2) full of Y's hub."""
    board = opening({(0, 2): "city"})
    put(board, (0, 1), "9", 0)
    put(board, (0, 2), "57", 0)
    hub(board, "y", (0, 2))
    return board


def test_a_full_city_blocks_the_route_but_may_be_reached() -> None:
    board = full_city_board()
    assert ((0, 2), 0) in trace_for(board, XOP).stops
    assert rule_of(board, XOP, "lay 14 0,2 r0") is None  # a route into the city
    assert rule_of(board, XOP, "lay 9 0,3 r0") == T + "reach-new-track"  # not beyond
    # Y's own route leaves its city.
    assert rule_of(board, operator("y"), "lay 9 0,3 r0") is None


def test_overnight_lays_track_beyond_a_full_city() -> None:
    board = full_city_board()
    assert rule_of(board, operator(X, OVERNIGHT), "lay 9 0,3 r0") is None


def test_a_distant_destination_never_lets_a_route_through() -> None:
    board = opening({(0, 2): ("destination", {0, 3})})
    assert rule_of(board, XOP, "lay 9 0,1 r0") is None  # track may end at an open side
    put(board, (0, 1), "9", 0)
    reach = trace_for(board, XOP)
    assert ((0, 2), 0) in reach.stops
    assert (0, 3) not in reach.entries
    assert rule_of(board, XOP, "lay 9 0,3 r0") == T + "reach-new-track"
    assert rule_of(board, operator(X, OVERNIGHT), "lay 9 0,3 r0") == T + "reach-new-track"


def test_a_fork_sharp_turn_cannot_be_traced() -> None:
    board = opening()
    put(board, (0, 1), "23", 0)  # trunk side 0, branches to 3 (X's side) and 4
    reach = trace_for(board, XOP)
    assert reach.enters((0, 2)) == {3}  # 3 -> 0 along the fork
    assert reach.enters((1, 0)) == set()  # 3 -> 4 would be the sharp turn
    assert rule_of(board, XOP, "lay 9 0,2 r0") is None
    assert rule_of(board, XOP, "lay 9 1,0 r1") == T + "reach-new-track"


def loop_board() -> Board:
    """X's city (0, 0); a fork on (0, 1) (trunk 0 south, branches 3 to X and 4 to (1, 0));
    a fork on (0, 2) with its trunk facing back (trunk 3, branches 0 and 1) whose two
    branches are joined into a loop by sharp curves on (0, 3) and (-1, 3)."""
    board = opening()
    put(board, (0, 1), "23", 0)
    put(board, (0, 2), "23", 3)
    put(board, (0, 3), "7", 2)  # sides 2, 3
    put(board, (-1, 3), "7", 4)  # sides 4, 5
    return board


def test_without_a_loop_the_fork_branch_beside_the_city_is_out_of_reach() -> None:
    board = opening()
    put(board, (0, 1), "23", 0)
    assert rule_of(board, XOP, "lay 9 1,0 r1") == T + "reach-new-track"
    assert rule_of(board, XOP, "lay 9 0,2 r0") is None  # down the trunk is fine


def test_a_trace_never_runs_a_fork_trunk_twice() -> None:
    board = loop_board()
    assert trace_for(board, XOP).enters((1, 0)) == set()
    assert rule_of(board, XOP, "lay 9 1,0 r1") == T + "reach-new-track"


# -- legal_lays lists exactly the lays check_lay accepts ---------------------------------


def track_key(t: TileDef, rotation: int) -> tuple[object, ...]:
    return (t.rotated_paths(rotation), tuple(t.rotated_stop_edges(rotation)))


def canonical(lay_: TileLay) -> TileLay:
    """The lowest rotation giving the same track: legal_lays lists one rotation of each
    distinct pose (a straight turned 0 and 3 is one lay)."""
    t = components().tiles[lay_.tile]
    first = next(r for r in range(6)
                 if track_key(t, r) == track_key(t, lay_.rotation))
    return TileLay(lay_.hex, lay_.tile, first)


def all_accepted(board: Board, op: Operator, colours: tuple[str, ...], budget: LayBudget
                 ) -> set[TileLay]:
    reach = trace_for(board, op)
    out = set()
    for h in board.spaces:
        for tile_id in board.components.tiles:
            for rotation in range(6):
                candidate = TileLay(h, tile_id, rotation)
                if check_lay(board, op, colours, budget, candidate, reach) is None:
                    out.add(candidate)
    return out


def busy_board() -> tuple[Board, str]:
    """A mid-game corner. X's city (0, 0) (tile 14, exits 0, 1, 3, 4) runs south past a
    reserved home (0, 2) to a water hex (0, 3) beside a Distant Destination's open side
    and more water, west by a
    sharp curve into Y's full city (-1, 0), north to an untiled capital (0, -2), and
    north-east to a mountain. Far off: the mine, the port, border hexes."""
    spec = region(range(-3, 4), range(-3, 5))
    spec.update({
        (0, 0): "city", (0, 2): ("home", "express"), (-1, 0): "city", (0, -2): "city",
        (1, -1): "mountain", (1, 1): "water", (-2, 2): "water", (2, -3): "border",
        (-3, 4): "border", (-1, 3): ("destination", {5}), (0, 3): "water", (2, -1): "mine",
        (-3, 1): "port",
    })
    board = build(spec)
    board.make_capital((0, -2))
    put(board, (0, 0), "14", 0)
    hub(board, X, (0, 0))
    line(board, [(0, 0), (0, 1), (0, 2)])
    put(board, (0, 2), "57", 0)
    line(board, [(0, 0), (0, -1), (0, -2)])
    put(board, (-1, 1), "7", 3)  # sides 3 and 4: (-1, 0) and (0, 0)
    put(board, (-1, 0), "57", 0)
    hub(board, "y", (-1, 0))
    return board, X


def opening_board() -> tuple[Board, str]:
    """Expansive's untiled home, just launched, among water, a mountain, a city, a border
    and a Distant Destination."""
    board = build({**region(range(-2, 3), range(-2, 3)),
                   (0, 0): ("home", "expansive"), (1, 0): "mountain", (0, 1): "water",
                   (-1, 1): "city", (0, -2): "border", (2, -2): ("destination", {1})})
    launch(board, "expansive", (0, 0))
    return board, "expansive"


BOARDS: dict[str, Callable[[], tuple[Board, str]]] = {
    "opening": opening_board,
    "busy": busy_board,
    "full-city": lambda: (full_city_board(), X),
    "mine": lambda: (mine_board(), X),
    "port": lambda: (port_board(), X),
}


CASES = [
    ("opening", (), YELLOW_PHASE, LayBudget()),
    ("opening", (TUNNELING,), YELLOW_PHASE, LayBudget(yellow=1)),
    ("busy", (), YELLOW_PHASE, LayBudget()),
    ("busy", (), GREEN_PHASE, LayBudget()),
    ("busy", (BRIDGING,), GREY_PHASE, LayBudget()),
    ("busy", (OVERNIGHT,), GREY_PHASE, LayBudget(yellow=1)),
    ("busy", (AGRICULTURAL,), GREY_PHASE, LayBudget(upgrades=1)),
    ("busy", (), GREY_PHASE, LayBudget(upgrades=1)),
    ("full-city", (OVERNIGHT,), GREEN_PHASE, LayBudget()),
    ("mine", (), PURPLE_PHASE, LayBudget()),
    ("port", (), GREEN_PHASE, LayBudget()),
]


@pytest.mark.parametrize(("name", "abilities", "colours", "budget"), CASES,
                         ids=[f"{c[0]}-{'+'.join(c[1]) or 'plain'}-{c[2][-1]}-"
                              f"y{c[3].yellow}u{c[3].upgrades}" for c in CASES])
def test_legal_lays_are_exactly_the_lays_check_lay_accepts(
    name: str, abilities: tuple[str, ...], colours: tuple[str, ...], budget: LayBudget
) -> None:
    board, company = BOARDS[name]()
    op = operator(company, *abilities, treasury=100)
    listed = legal_lays(board, op, colours, budget)
    assert len(listed) == len(set(listed))
    assert listed == legal_lays(board, op, colours, budget)
    accepted = all_accepted(board, op, colours, budget)
    assert set(listed) <= accepted
    assert {canonical(a) for a in accepted} == set(listed)
    if budget.upgrades == 0 or op.has(AGRICULTURAL):
        assert listed, "a board where nothing is legal proves little"


def test_check_lay_without_a_trace_agrees_with_the_traced_one() -> None:
    board, _ = busy_board()
    budget = LayBudget()
    reach = trace_for(board, XOP)
    for h in board.spaces:
        for tile_id in ("9", "57", "23", "14", "721"):
            for rotation in range(6):
                candidate = TileLay(h, tile_id, rotation)
                a = check_lay(board, XOP, GREEN_PHASE, budget, candidate)
                b = check_lay(board, XOP, GREEN_PHASE, budget, candidate, reach)
                assert (a and a.rule) == (b and b.rule)


# -- every upgrade in the chart, in every rotation ---------------------------------------


def chart() -> list[tuple[str, str]]:
    c = components()
    pairs: list[tuple[str, str]] = []
    for group in (c.tiles, c.printed_tiles):
        for t in group.values():
            pairs.extend((t.id, target) for target in t.upgrades)
    return pairs


def upgrade_board(old: TileDef, old_rotation: int) -> tuple[Board, Operator, Hex]:
    """``old`` on (0, 0), with the lay of any keeping upgrade otherwise legal: a city tile
    carries the company's hub; a plain tile has a city with the company's hub on each
    side, so every side is reached."""
    centre: Hex = (0, 0)
    if not old.is_city:
        spec = {**around(centre, "city"), centre: "blank"}
        board = build(spec)
        put(board, centre, old.id, old_rotation)
        ring_of_hubs(board, X, centre)
        return board, XOP, centre
    spec = {**around(centre), centre: "city"}
    if old.symbol == "mine" or old.symbol == "port":
        kind = "mine" if old.symbol == "mine" else "port"
        minor = "eastern_mining" if kind == "mine" else "northern_port"
        if old.colour == "printed":
            spec[centre] = (kind, old_rotation)
            board = build(spec)
        else:
            spec[centre] = (kind, 0)
            board = build(spec)
            put(board, centre, old.id, old_rotation)
        launch(board, minor, centre)
        return board, operator(minor), centre
    board = build(spec)
    if old.symbol == "capital":
        board.make_capital(centre)
    put(board, centre, old.id, old_rotation)
    hub(board, X, centre)
    return board, XOP, centre


@pytest.mark.parametrize(("old_id", "new_id"), chart(), ids=[f"{a}-{b}" for a, b in chart()])
def test_every_chart_upgrade_is_legal_exactly_in_the_rotations_that_keep_the_track(
    old_id: str, new_id: str
) -> None:
    old, new = tile(old_id), tile(new_id)
    for old_rotation in range(6):
        board, op, centre = upgrade_board(old, old_rotation)
        assert board.tile_at(centre) == (old, old_rotation)
        keeping = set()
        for rotation in range(6):
            got = rule_of(board, op, TileLay(centre, new_id, rotation))
            if keeps_track(old, old_rotation, new, rotation):
                keeping.add(rotation)
                assert got is None, (old_rotation, rotation)
            else:
                assert got == T + "keep-connections", (old_rotation, rotation)
        assert keeping, f"no rotation of {new_id} keeps {old_id} turned {old_rotation}"


def test_remembered_tracing_always_equals_a_fresh_trace() -> None:
    """trace_for keeps answers per board state and carries a company's last answer over
    when no tile or hub it read changed; over a whole bot game every answer must equal a
    fresh trace (the carried-over path is taken many times in such a game)."""
    from boardroom.bots import make_bot
    from boardroom.core.game import new_game
    from boardroom.titles.lost_atlas.board.operator import OVERNIGHT as NIGHT
    from boardroom.titles.lost_atlas.board.operator import Operator as Op
    from boardroom.titles.lost_atlas.state import OPERATING

    game = new_game("lost_atlas", ["A", "B", "C"], seed=2, options={"mode": "short"})
    bots = [make_bot("heuristic", 16 + s) for s in range(3)]
    compared = 0
    while not game.is_over:
        state = game.state
        if state.round == OPERATING:
            for cid, corp in state.corps.items():
                op = Op(cid, corp.abilities)
                board = state.board
                got = trace_for(board, op)
                blocks = partial(board.blocks, company=cid, overnight=op.has(NIGHT))
                fresh = board.track.trace(board.hubs_of(cid), blocks)
                assert (got.stops, got.entries) == (fresh.stops, fresh.entries)
                compared += 1
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    assert compared > 500
