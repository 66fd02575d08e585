"""Hubs and the other tokens of the Lost Atlas board (rulebook p.13-14 "4. Optionally,
place a hub token" with Diagrams 6 and 7, and Company Details: Adaptive, Expansive,
Overnight, Suburban).

Rule ids: lost_atlas.hub.cost, reach, reserved, open-spot, one-per-tile, city-spot;
lost_atlas.ability.adaptive, suburban, suburban-count, suburban-city,
suburban-one-per-tile, suburban-reach.

Most boards are a column of hexes at q = 0: cities on even rows joined by straights on
the odd rows, every city tile a straight city (exits N and S).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

import pytest

from boardroom.map.hexes import Hex
from boardroom.map.track import StopRef
from boardroom.titles.lost_atlas.board.board import Board
from boardroom.titles.lost_atlas.board.hubs import (
    adaptive_homes,
    check_adaptive_home,
    check_hub,
    check_suburb,
    legal_hub_spots,
    legal_suburbs,
)
from boardroom.titles.lost_atlas.board.operator import EXPANSIVE, OVERNIGHT, SUBURBAN, Operator
from boardroom.titles.lost_atlas.board.track_laying import trace_for
from lost_atlas_boards import Kind, build, hub, hub_rule, launch, operator, put, region

H = "lost_atlas.hub."
A = "lost_atlas.ability."
X = "x"
XOP = operator(X, major=True)


def column(cities: dict[int, Kind], low: int, high: int,
           extra: dict[Hex, Kind] | None = None) -> Board:
    """Blank land (q -1..2, r low..high); on q = 0 the given rows hold cities with tile
    57 (exits 0, 3) and the rows between consecutive cities hold straights. ``extra``
    redraws other hexes (no tile is put on them)."""
    spec = region(range(-1, 3), range(low, high + 1))
    for r, kind in cities.items():
        spec[(0, r)] = kind
    spec.update(extra or {})
    board = build(spec)
    rows = sorted(cities)
    for r in rows:
        put(board, (0, r), "57", 0)
    for a, b in pairwise(rows):
        for r in range(a + 1, b):
            put(board, (0, r), "9", 0)
    return board


# -- Diagram 7 ---------------------------------------------------------------------------


def diagram_7() -> Board:
    """Expansive's home at (0, 0). South: an open city (0, 2), Express's full home (0, 4)
    and a city (0, 6) beyond it. North: Resourceful's reserved home (0, -2) and an open
    city (0, -4) beyond it. East: a city (2, 0) no track reaches."""
    board = column({-4: "city", -2: ("home", "resourceful"), 0: ("home", "expansive"),
                    2: "city", 4: ("home", "express"), 6: "city"}, -5, 7,
                   extra={(2, 0): "city"})
    put(board, (2, 0), "57", 0)
    launch(board, "expansive", (0, 0))
    launch(board, "express", (0, 4))
    return board


EXPANSIVE_OP = operator("expansive", EXPANSIVE, treasury=40)


def test_diagram_7_the_two_checked_spots() -> None:
    board = diagram_7()
    assert hub_rule(board, EXPANSIVE_OP, (0, 2)) is None
    assert hub_rule(board, EXPANSIVE_OP, (0, -4)) is None  # past a reserved spot
    assert legal_hub_spots(board, EXPANSIVE_OP, 40) == [((0, -4), 0), ((0, 2), 0)]


def test_diagram_7_cross_1_blocked_by_another_company_full_city() -> None:
    board = diagram_7()
    assert hub_rule(board, EXPANSIVE_OP, (0, 6)) == H + "reach"


def test_diagram_7_cross_2_no_route() -> None:
    board = diagram_7()
    assert hub_rule(board, EXPANSIVE_OP, (2, 0)) == H + "reach"


def test_diagram_7_cross_3_a_spot_reserved_for_an_unlaunched_minor() -> None:
    board = diagram_7()
    assert hub_rule(board, EXPANSIVE_OP, (0, -2)) == H + "reserved"
    launch(board, "resourceful", (0, -2))
    assert hub_rule(board, EXPANSIVE_OP, (0, -2)) == H + "open-spot"


# -- cost, spots, one per tile -----------------------------------------------------------


def test_a_hub_is_paid_from_the_treasury() -> None:
    board = diagram_7()
    assert hub_rule(board, operator("expansive", EXPANSIVE, treasury=40), (0, 2), 40) is None
    assert hub_rule(board, operator("expansive", EXPANSIVE, treasury=39), (0, 2), 40) == (
        H + "cost")
    assert hub_rule(board, operator("expansive", treasury=0), (0, 2), 0) is None  # a free hub


def test_a_hub_only_on_an_open_city_spot() -> None:
    board = diagram_7()
    assert ((0, 4), 0) in trace_for(board, EXPANSIVE_OP).stops  # reached, but full
    assert hub_rule(board, EXPANSIVE_OP, (0, 4)) == H + "open-spot"
    put(board, (0, 4), "14", 0)  # a second slot: now open
    assert hub_rule(board, EXPANSIVE_OP, (0, 4)) is None
    assert hub_rule(board, EXPANSIVE_OP, (0, 3)) == H + "city-spot"  # plain track
    assert hub_rule(board, EXPANSIVE_OP, ((0, 2), 1)) == H + "city-spot"  # no stop 1


def test_a_hub_never_on_a_distant_destination() -> None:
    board = build({**region(range(-1, 3), range(-1, 4)), (0, 0): "city",
                   (0, 2): ("destination", {3})})
    put(board, (0, 0), "57", 0)
    put(board, (0, 1), "9", 0)
    hub(board, X, (0, 0))
    assert ((0, 2), 0) in trace_for(board, XOP).stops
    assert hub_rule(board, XOP, (0, 2)) == H + "city-spot"


def test_never_two_hubs_of_one_company_on_one_tile() -> None:
    board = column({0: "city", 2: "city"}, -1, 3)
    put(board, (0, 0), "14", 0)  # two slots, exits 0, 1, 3, 4
    hub(board, X, (0, 0))
    hub(board, "y", (0, 2))
    assert hub_rule(board, XOP, (0, 0)) == H + "one-per-tile"
    assert hub_rule(board, operator("y", major=True), (0, 0)) is None


def test_never_two_hubs_of_one_company_on_the_two_stops_of_the_mine() -> None:
    board = mine_board()
    assert hub_rule(board, XOP, ((0, 0), 1)) is None  # the spur stop, through the mine
    hub(board, X, (0, 0), 1)
    assert board.free_slots(((0, 0), 0)) == 1
    assert hub_rule(board, XOP, ((0, 0), 0)) == H + "one-per-tile"
    assert hub_rule(board, operator("eastern_mining", major=True), ((0, 0), 1)) == (
        H + "one-per-tile")  # its home hub is on the main stop


def mine_board() -> Board:
    """The mine (purple LA4, exits 5, 0, 1) at (0, 0) with Eastern Mining's home hub on
    its main stop (2 slots) and the spur stop (1 slot) linked to it; X's city at (2, 0)
    runs a straight over (1, 0) into the mine's side 5."""
    spec = region(range(-2, 4), range(-2, 3))
    spec[(0, 0)] = "mine"
    spec[(2, 0)] = "city"
    board = build(spec)
    launch(board, "eastern_mining", (0, 0))
    put(board, (0, 0), "LA1", 5)
    put(board, (0, 0), "LA4", 5)
    put(board, (2, 0), "57", 2)
    put(board, (1, 0), "9", 2)
    hub(board, X, (2, 0))
    return board


# -- reservations (Diagram 6) ------------------------------------------------------------


def reserved_board() -> Board:
    """X's city (0, 0); Express's unlaunched home (0, 2) on the line; Y's city (0, 4)."""
    board = column({0: "city", 2: ("home", "express"), 4: "city"}, -1, 5)
    hub(board, X, (0, 0))
    hub(board, "y", (0, 4))
    return board


def test_a_reserved_home_keeps_its_last_spot_free() -> None:
    board = reserved_board()
    y = operator("y", major=True)
    assert board.reserved == {((0, 2), 0): "express"}
    assert hub_rule(board, XOP, (0, 2)) == H + "reserved"  # one slot, held
    put(board, (0, 2), "14", 0)  # two slots: one may be taken
    assert hub_rule(board, XOP, (0, 2)) is None
    hub(board, X, (0, 2))
    assert hub_rule(board, y, (0, 2)) == H + "reserved"  # the last one is held
    launch(board, "express", (0, 2))
    assert board.reserved == {}
    assert board.hubs[((0, 2), 0)] == [X, "express"]
    assert hub_rule(board, y, (0, 2)) == H + "open-spot"


def test_a_route_passes_through_a_reserved_spot() -> None:
    board = reserved_board()
    assert ((0, 4), 0) in trace_for(board, XOP).stops
    launch(board, "express", (0, 2))  # Express's hub fills its one-slot city
    assert ((0, 4), 0) not in trace_for(board, XOP).stops
    assert ((0, 2), 0) in trace_for(board, XOP).stops  # still reached


# -- tracing past full cities --------------------------------------------------------------


def full_city_board() -> Board:
    """X's city (0, 0); a city (0, 2) full of Y's hub; an open city (0, 4) beyond."""
    board = column({0: "city", 2: "city", 4: "city"}, -1, 5)
    hub(board, X, (0, 0))
    hub(board, "y", (0, 2))
    return board


def test_a_full_city_blocks_the_trace_but_may_be_reached() -> None:
    board = full_city_board()
    reach = trace_for(board, XOP)
    assert ((0, 2), 0) in reach.stops
    assert ((0, 4), 0) not in reach.stops
    assert hub_rule(board, XOP, (0, 4)) == H + "reach"


def test_a_company_passes_its_own_full_city() -> None:
    board = full_city_board()
    y = operator("y", major=True)
    assert hub_rule(board, y, (0, 4)) is None  # Y starts in its full city and leaves it


def test_overnight_as_a_major_places_a_hub_beyond_a_full_city() -> None:
    board = full_city_board()
    overnight = operator(X, OVERNIGHT, major=True)
    assert hub_rule(board, overnight, (0, 4)) is None
    assert hub_rule(board, overnight, (0, 2)) == H + "open-spot"  # skipped, not joined


def test_a_distant_destination_never_lets_a_trace_through() -> None:
    board = build({**region(range(-1, 3), range(-1, 6)), (0, 0): "city",
                   (0, 2): ("destination", {0, 3}), (0, 4): "city"})
    put(board, (0, 0), "57", 0)
    put(board, (0, 4), "57", 0)
    put(board, (0, 1), "9", 0)
    put(board, (0, 3), "9", 0)
    hub(board, X, (0, 0))
    assert ((0, 2), 0) in trace_for(board, XOP).stops
    assert hub_rule(board, XOP, (0, 4)) == H + "reach"
    assert hub_rule(board, operator(X, OVERNIGHT, major=True), (0, 4)) == H + "reach"


# -- legal_hub_spots lists exactly the spots check_hub accepts ----------------------------


def every_spot(board: Board) -> list[StopRef]:
    return [ref for h in board.spaces for ref in board.stops_on(h)]


def overnight_diagram_7() -> tuple[Board, Operator]:
    board = diagram_7()
    hub(board, X, (0, -4))
    return board, operator(X, OVERNIGHT, major=True, treasury=100)


def port_board() -> Board:
    """The green port (LA2, unturned) at (1, 0), Northern Port not launched: its home
    half (side 0, 1) is reserved. X's city at (1, 2) runs a straight over (1, 1) into that
    half; the other half (sides 4, 5) is not joined to it."""
    spec = region(range(-1, 4), range(-2, 4))
    spec[(1, 0)] = "port"
    spec[(1, 2)] = "city"
    board = build(spec)
    put(board, (1, 0), "LA2", 0)
    put(board, (1, 2), "57", 0)
    put(board, (1, 1), "9", 0)
    hub(board, X, (1, 2))
    return board


def test_the_port_halves_are_separate_spots() -> None:
    board = port_board()
    assert hub_rule(board, XOP, ((1, 0), 0)) == H + "reserved"  # Northern Port's half
    assert hub_rule(board, XOP, ((1, 0), 1)) == H + "reach"  # no track joins the halves
    launch(board, "northern_port", (1, 0))
    assert board.hubs[((1, 0), 0)] == ["northern_port"]
    assert hub_rule(board, XOP, ((1, 0), 0)) == H + "open-spot"


HUB_CASES: dict[str, Callable[[], tuple[Board, Operator]]] = {
    "diagram-7": lambda: (diagram_7(), EXPANSIVE_OP),
    "diagram-7-poor": lambda: (diagram_7(), operator("expansive", treasury=10)),
    "diagram-7-overnight": overnight_diagram_7,
    "mine": lambda: (mine_board(), XOP),
    "port": lambda: (port_board(), XOP),
    "reserved": lambda: (reserved_board(), XOP),
    "full-city": lambda: (full_city_board(), XOP),
    "full-city-y": lambda: (full_city_board(), operator("y", major=True)),
}


@pytest.mark.parametrize("name", sorted(HUB_CASES))
def test_legal_hub_spots_are_exactly_the_spots_check_hub_accepts(name: str) -> None:
    board, op = HUB_CASES[name]()
    listed = legal_hub_spots(board, op, 40)
    assert listed == sorted(set(listed))
    accepted = {ref for ref in every_spot(board) if check_hub(board, op, ref, 40) is None}
    assert set(listed) == accepted
    assert len(every_spot(board)) > len(listed)


def test_legal_hub_spots_cases_are_not_all_empty() -> None:
    counts = {name: len(legal_hub_spots(*make(), 40)) for name, make in HUB_CASES.items()}
    assert counts["diagram-7"] == 2
    assert counts["diagram-7-poor"] == 0
    # From (0, -4), past Expansive's and Express's full homes, to (0, 6).
    assert legal_hub_spots(*overnight_diagram_7(), 40) == [((0, 2), 0), ((0, 6), 0)]
    assert counts["mine"] == 2  # the mine's two stops (not both, once placed)


# -- Adaptive's home ---------------------------------------------------------------------


ADAPTIVE_SPEC: dict[Hex, Kind | None] = {
    **region(range(-3, 4), range(-3, 4)),
    (0, 0): "city",  # untiled, empty: yes
    (1, 0): "city",  # tiled, empty: yes
    (-1, 0): "city",  # Y's hub fills it
    (0, 2): ("home", "express"),  # reserved for Express
    (2, 2): ("home", "expansive"),  # Expansive's home (launched)
    (-2, 2): "mine",
    (2, -2): "port",
    (-2, 0): "city",  # made a capital
    (0, -2): ("home", "bridging"),  # printed city
    (-3, 3): ("home", "spacious"),  # printed, two slots
}


def adaptive_board() -> Board:
    board = build(ADAPTIVE_SPEC)
    put(board, (1, 0), "57", 0)
    hub(board, "y", (-1, 0))
    launch(board, "expansive", (2, 2))
    board.make_capital((-2, 0))
    return board


def test_adaptive_home_an_empty_basic_city_spot_with_or_without_track() -> None:
    board = adaptive_board()
    assert adaptive_homes(board) == [((0, 0), 0), ((1, 0), 0)]
    assert check_adaptive_home(board, ((0, 0), 0)) is None
    assert check_adaptive_home(board, ((1, 0), 0)) is None


@pytest.mark.parametrize("spot", [
    ((-1, 0), 0),  # another company's hub
    ((0, 2), 0),  # reserved home
    ((2, 2), 0),  # a company home
    ((-2, 2), 0), ((-2, 2), 1),  # the mine's two stops
    ((2, -2), 0), ((2, -2), 1),  # the port's two halves
    ((-2, 0), 0),  # a capital
    ((0, -2), 0),  # Bridging's printed home
    ((-3, 3), 0),  # Spacious's printed home, two slots
    ((1, 1), 0),  # blank land
])
def test_adaptive_home_refused_elsewhere(spot: StopRef) -> None:
    problem = check_adaptive_home(adaptive_board(), spot)
    assert problem is not None and problem.rule == A + "adaptive"


def test_adaptive_home_on_the_free_spot_of_a_shared_basic_city() -> None:
    board = adaptive_board()
    put(board, (1, 0), "14", 0)
    hub(board, "y", (1, 0))
    assert board.free_slots(((1, 0), 0)) == 1
    assert check_adaptive_home(board, ((1, 0), 0)) is None


# -- Suburban's suburb tokens --------------------------------------------------------------


def suburban_board() -> Board:
    """Suburban's home (0, 0). South: a basic city (0, 2) (tile 14: exits 0, 1, 3, 4) with
    branches to basic cities (2, 0) and (-1, 3), the latter holding a Suburban hub; then
    (0, 4) full of Y's hub and (0, 6) beyond it. North: Express's reserved home (0, -2)
    and the mine (0, -4), its exit turned south. Off the track: the port and a capital."""
    spec = region(range(-2, 3), range(-5, 8))
    spec.update({(0, -4): ("mine", 1), (0, -2): ("home", "express"),
                 (0, 0): ("home", "suburban"), (0, 2): "city", (0, 4): "city",
                 (0, 6): "city", (2, 0): "city", (-1, 3): "city", (2, 4): "port",
                 (-2, 6): "capital"})
    board = build(spec)
    for r in (-2, 0, 4, 6):
        put(board, (0, r), "57", 0)
    put(board, (0, 2), "14", 0)
    for r in (-3, -1, 1, 3, 5):
        put(board, (0, r), "9", 0)
    put(board, (1, 1), "9", 1)  # sides 1, 4: (0, 2) to (2, 0)
    put(board, (2, 0), "57", 1)
    put(board, (-1, 3), "57", 1)  # sides 1, 4: side 4 faces (0, 2)
    launch(board, "suburban", (0, 0))
    hub(board, "suburban", (-1, 3))
    hub(board, "y", (0, 4))
    return board


SUBURBAN_OP = operator("suburban", SUBURBAN, major=True)


def suburb_rule(board: Board, op: Operator, h: Hex) -> str | None:
    problem = check_suburb(board, op, h)
    return None if problem is None else problem.rule


def test_suburbs_on_reachable_basic_cities_where_suburban_has_no_hub() -> None:
    board = suburban_board()
    assert board.tiles[(0, -4)] == ("mine-home", 1)
    assert legal_suburbs(board, SUBURBAN_OP) == [(0, 2), (0, 4), (2, 0)]
    assert suburb_rule(board, SUBURBAN_OP, (0, 4)) is None  # full of Y's hub: reached


@pytest.mark.parametrize(("h", "rule"), [
    ((0, 0), A + "suburban-city"),  # Suburban's own home
    ((0, -2), A + "suburban-city"),  # a home (reserved)
    ((0, -4), A + "suburban-city"),  # the mine
    ((2, 4), A + "suburban-city"),  # the port
    ((-2, 6), A + "suburban-city"),  # a capital (not a basic city in the tile chart)
    ((-1, 3), A + "suburban-city"),  # Suburban has a hub there
    ((0, 6), A + "suburban-reach"),  # beyond Y's full city
    ((1, 1), A + "suburban-city"),  # plain track
])
def test_suburbs_refused(h: Hex, rule: str) -> None:
    assert suburb_rule(suburban_board(), SUBURBAN_OP, h) == rule


def test_two_suburb_tokens_one_per_tile() -> None:
    board = suburban_board()
    board.suburbs[(0, 2)] = "suburban"
    assert suburb_rule(board, SUBURBAN_OP, (0, 2)) == A + "suburban-one-per-tile"
    assert suburb_rule(board, SUBURBAN_OP, (2, 0)) is None
    board.suburbs[(2, 0)] = "suburban"
    assert suburb_rule(board, SUBURBAN_OP, (0, 4)) == A + "suburban-count"  # a third
    assert legal_suburbs(board, SUBURBAN_OP) == []


def test_only_suburban_places_suburbs() -> None:
    board = suburban_board()
    assert suburb_rule(board, operator("suburban"), (0, 2)) == A + "suburban"
    assert legal_suburbs(board, operator("suburban")) == []
