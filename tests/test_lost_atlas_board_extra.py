"""Board rules the first test files left open: notation errors, unknown tiles, Adaptive
launched through the Stock Round, tracing checked against an exhaustive trail search,
and the lays benchmark."""

from __future__ import annotations

import pytest

from boardroom.core.errors import IllegalAction, NotationError
from boardroom.core.rng import Rng
from boardroom.map.hexes import Hex, neighbour, opposite
from boardroom.map.track import EDGE, Reach, StopRef, TrackMap
from boardroom.titles.lost_atlas.board.hubs import PlaceHub, PlaceSuburb, adaptive_homes
from boardroom.titles.lost_atlas.board.track_laying import TileLay
from boardroom.titles.lost_atlas.state import LostAtlasState
from lost_atlas_boards import BLANK, CITY, build, hub, operator, put, rule_of
from lost_atlas_setup import act, started


@pytest.mark.parametrize("text", ["lay 8", "lay 8 1;2 r0", "lay 8 1,2 r9", "lay 8 1,2 0",
                                  "put 8 1,2 r0"])
def test_tile_lay_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        TileLay.parse(text)


@pytest.mark.parametrize("text", ["hub", "hub 1;2", "hub 1,2/x", "token 1,2"])
def test_hub_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        PlaceHub.parse(text)


def test_suburb_notation_round_trips() -> None:
    assert str(PlaceSuburb((2, -1))) == "suburb 2,-1"
    assert PlaceSuburb.parse("suburb 2,-1") == PlaceSuburb((2, -1))
    with pytest.raises(NotationError):
        PlaceSuburb.parse("suburb")


def test_lay_of_an_unknown_tile_is_refused() -> None:
    board = build({(0, 0): CITY, (0, 1): BLANK, (0, -1): BLANK})
    hub(board, "x", (0, 0))
    assert rule_of(board, operator("x"), "lay 999 0,1 r0") == "lost_atlas.track.unknown-tile"


def _adaptive_game() -> LostAtlasState:
    state = started(["A", "B", "C"], mode="long", seed=11)
    state.matrix = [["adaptive"], ["expansive"], ["tunneling"]]
    return state


def test_adaptive_launches_at_a_chosen_empty_basic_city() -> None:
    state = _adaptive_game()
    act(state, "auction 120")
    act(state, "pass")
    act(state, "pass")
    spot = adaptive_homes(state.board)[0]
    q, r = spot[0]
    act(state, f"launch adaptive at {q},{r}")
    assert state.board.hubs[spot] == ["adaptive"]


def test_adaptive_needs_a_home_and_a_legal_one() -> None:
    state = _adaptive_game()
    act(state, "auction 120")
    act(state, "pass")
    act(state, "pass")
    with pytest.raises(IllegalAction) as err:
        act(state, "launch adaptive")
    assert err.value.rule == "lost_atlas.ability.adaptive"
    home = next(ref for ref, m in state.board.reserved.items())
    q, r = home[0]
    with pytest.raises(IllegalAction) as err:
        act(state, f"launch adaptive at {q},{r}")
    assert err.value.rule == "lost_atlas.ability.adaptive"
    with pytest.raises(IllegalAction) as err:
        act(state, f"launch expansive at {q},{r}")
    assert err.value.rule == "lost_atlas.auction.choose"


def exhaustive(track: TrackMap, starts: list[StopRef]) -> Reach:
    """Every trail from the starts, no side or city twice, with no pruning at all."""
    reach = Reach()

    def side(h: Hex, e: int) -> tuple[object, ...]:
        return ("side", min((h, e), (neighbour(h, e), opposite(e))))

    def walk_stop(ref: StopRef, used: frozenset[object]) -> None:
        reach.stops.add(ref)
        tile = track.laid.get(ref[0])
        if tile is None:
            return
        for kind, value in tile.from_stop[ref[1]]:
            if kind == EDGE:
                piece = side(ref[0], value)
                if piece not in used:
                    walk_arrive(neighbour(ref[0], value), opposite(value), used | {piece})
            elif ("stop", ref[0], value) not in used:
                walk_stop((ref[0], value), used | {("stop", ref[0], value)})

    def walk_arrive(h: Hex, e: int, used: frozenset[object]) -> None:
        reach.entries.setdefault(h, set()).add(e)
        tile = track.laid.get(h)
        if tile is None:
            return
        for kind, value in tile.from_edge[e]:
            if kind == EDGE:
                piece = side(h, value)
                if piece not in used:
                    walk_arrive(neighbour(h, value), opposite(value), used | {piece})
            elif ("stop", h, value) not in used:
                walk_stop((h, value), used | {("stop", h, value)})

    for start in starts:
        walk_stop(start, frozenset({("stop", *start)}))
    return reach


@pytest.mark.parametrize("seed", range(60))
def test_trace_matches_an_exhaustive_trail_search(seed: int) -> None:
    """Random small networks of real tiles, including forks, junctions and loops."""
    rng = Rng(seed)
    board = build({(q, r): (CITY if rng.below(4) == 0 else BLANK)
                   for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 3})
    plain = ["7", "8", "9", "16", "19", "20", "23", "24", "25", "26", "27", "28", "39",
             "40", "41", "43", "45", "47", "70"]
    cities = ["5", "6", "57", "14", "15", "619"]
    for h, space in board.spaces.items():
        if rng.below(5) == 0:
            continue
        choices = cities if space.terrain == CITY else plain
        put(board, h, choices[rng.below(len(choices))], rng.below(6))
    city_stops = [ref for h in sorted(board.spaces) for ref in board.stops_on(h)]
    if not city_stops:
        return
    start = city_stops[rng.below(len(city_stops))]
    fast = board.track.trace([start])
    slow = exhaustive(board.track, [start])
    assert fast.stops == slow.stops
    assert fast.entries == slow.entries
    # Past its step budget the trace falls back to state reachability: never less than
    # the exact answer (it may admit more in a fork loop).
    fallback = board.track.trace([start], budget=0)
    assert fallback.stops >= slow.stops
    assert all(fallback.entries.get(h, set()) >= edges for h, edges in slow.entries.items())


def test_lays_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from boardroom.bench.lost_atlas_board import main

    assert main(["lays", "--maps", "1"]) == 0
    assert "lays:" in capsys.readouterr().out
