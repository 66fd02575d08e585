"""Tracing only as far as a question needs (``TraceSearch``, ``any_lay``, the lazy
``check_lay``) answers exactly what the whole trace answers.

The lazy questions rest on one fact: what a part-walked trace has reached, the finished
trace reaches too (its fallback past the step budget included). These tests check that
fact step by step, and then that "is there a legal lay?" and "is this lay legal (and if
not, which rule does it break)?" come out the same whether the trace was walked to the
end first or is walked only until the answer is known. Rule ids: lost_atlas.track.*
(the lay rules), lost_atlas.hub.reach.
"""

from __future__ import annotations

import pytest

import boardroom
from boardroom.core.rng import Rng
from boardroom.map.track import Reach, TraceSearch
from boardroom.titles.lost_atlas.board.board import Board, ReachCache
from boardroom.titles.lost_atlas.board.hubs import check_hub
from boardroom.titles.lost_atlas.board.operator import OVERNIGHT, Operator
from boardroom.titles.lost_atlas.board.sample_positions import PHASE_COLOURS, midgame_board
from boardroom.titles.lost_atlas.board.track_laying import (
    LayBudget,
    TileLay,
    any_lay,
    check_lay,
    iter_lays,
    lay,
    trace_for,
    trace_search,
)
from lost_atlas_boards import BLANK, CITY, build, put, region


def _contained(part: Reach, whole: Reach) -> bool:
    return part.stops <= whole.stops and all(
        edges <= whole.entries.get(h, set()) for h, edges in part.entries.items())


def _random_network(seed: int) -> Board:
    rng = Rng(seed)
    board = build({(q, r): (CITY if rng.below(4) == 0 else BLANK)
                   for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3})
    plain = ["7", "8", "9", "16", "19", "20", "23", "24", "25", "26", "27", "28", "39",
             "40", "41", "43", "45", "47", "70"]
    cities = ["5", "6", "57", "14", "15", "619"]
    for h, space in board.spaces.items():
        if rng.below(6) == 0:
            continue
        choices = cities if space.terrain == CITY else plain
        put(board, h, choices[rng.below(len(choices))], rng.below(6))
    return board


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("budget", [0, 7, 60, 30_000])
def test_a_part_walked_trace_never_reaches_more_than_the_whole(seed: int, budget: int) -> None:
    board = _random_network(seed)
    starts = [ref for h in sorted(board.spaces) for ref in board.stops_on(h)][:2]
    if not starts:
        return
    whole = board.track.trace(starts, budget=budget)
    search = board.track.search(starts, budget=budget)
    grown = 0
    while not search.done:
        found = search.grow()
        if found is None:
            break
        grown += 1
        assert found in search.reach.entries or any(
            ref[0] == found for ref in search.reach.stops)
        assert _contained(search.reach, whole)
    finished = search.complete()
    assert finished.stops == whole.stops and finished.entries == whole.entries
    assert grown > 0 or budget == 0  # a zero budget falls back before the first step


@pytest.mark.parametrize("seed", range(12))
def test_the_upper_bound_on_stops_is_the_state_reachability_s(seed: int) -> None:
    """``upper_stops`` (what a no to "is this stop reached?" rests on) is exactly the
    stops of the state reachability, with stops that block and stops that do not."""
    board = _random_network(seed)
    refs = [ref for h in sorted(board.spaces) for ref in board.stops_on(h)]
    for count in (1, 2, 3):
        starts = refs[seed % max(1, len(refs)):][:count]
        for blocks in (None, lambda ref: ref[1] == 1 or ref[0][0] == 1):
            states = board.track._trace_states(starts, blocks)
            search = board.track.search(starts, blocks, laid=dict(board.track.laid))
            assert search.upper_stops() == states.stops
            assert search.complete().stops <= states.stops


@pytest.mark.parametrize("seed", range(12))
def test_a_short_way_to_a_hex_is_kept_only_where_the_trace_reaches(seed: int) -> None:
    """``trail_to`` (what a legal lay beyond the walked trace is accepted on) finds only
    what the finished trace reaches, with stops that block and stops that do not; and it
    finds something for most hexes the trace enters."""
    board = _random_network(seed)
    refs = [ref for h in sorted(board.spaces) for ref in board.stops_on(h)]
    for count in (1, 2):
        starts = refs[seed % max(1, len(refs)):][:count]
        for blocks in (None, lambda ref: ref[1] == 1 or ref[0][0] == 1):
            whole = board.track.trace(starts, blocks)
            found = 0
            for h in sorted(board.spaces):
                search = board.track.search(starts, blocks, laid=dict(board.track.laid))
                way = search.trail_to(h)
                assert _contained(way, whole)
                found += bool(way.stops or way.entries)
            assert found >= len(whole.entries) // 2


def test_a_short_way_that_runs_a_fork_trunk_twice_is_not_kept() -> None:
    """X's city (0, 0) runs into a fork on (0, 1) whose other branch leads to (1, 0) only
    by a sharp turn; round a loop below (forks on (0, 2), curves on (0, 3) and (-1, 3))
    the state reachability arrives there, down the trunk and back up it: no trail does,
    so ``trail_to`` keeps nothing there (the trace's rule: a trunk is run once)."""
    spec = region(range(-2, 3), range(-2, 5))
    spec[(0, 0)] = CITY
    board = build(spec)
    put(board, (0, 0), "57", 0)
    board.place_hub(((0, 0), 0), "x")
    put(board, (0, 1), "23", 0)
    put(board, (0, 2), "23", 3)
    put(board, (0, 3), "7", 2)
    put(board, (-1, 3), "7", 4)
    starts = [((0, 0), 0)]
    assert (1, 0) in board.track._trace_states(starts).entries
    assert (1, 0) not in board.track.trace(starts).entries
    way = board.track.search(starts, laid=dict(board.track.laid)).trail_to((1, 0))
    assert not way.entries and not way.stops
    assert board.track.search(starts, laid=dict(board.track.laid)).trail_to((0, 3)).entries


def _positions() -> list[tuple[Board, list[Operator], str]]:
    return [midgame_board(seed, lays_per_phase=lays)
            for seed, lays in ((1, (20,)), (2, (20, 12)), (3, (20, 12, 8)), (4, (3,)))]


BUDGETS = (LayBudget(), LayBudget(yellow=1), LayBudget(upgrades=1), LayBudget(yellow=2))


def test_any_lay_is_whether_the_listing_is_empty() -> None:
    checked = yes = 0
    for board, operators, phase in _positions():
        for colours in (PHASE_COLOURS["yellow"], PHASE_COLOURS[phase]):
            for op in operators:
                for budget in BUDGETS:
                    board._reach_cache.clear()  # a fresh, unwalked trace
                    lazy = any_lay(board, op, colours, budget)
                    listed = next(iter_lays(board, op, colours, budget), None) is not None
                    assert lazy == listed
                    # asked again on the part-walked trace the first question left
                    board._reach_cache.clear()
                    trace_search(board, op).grow()
                    assert any_lay(board, op, colours, budget) == listed
                    checked += 1
                    yes += listed
    assert checked > 100 and 0 < yes < checked


def test_a_lay_checked_on_a_part_walked_trace_gets_the_whole_trace_answer() -> None:
    rng = Rng(5)
    compared = refused = 0
    for board, operators, phase in _positions():
        colours = PHASE_COLOURS[phase]
        hexes = sorted(board.spaces)
        tiles = sorted(board.components.tiles)
        for op in operators:
            budget = LayBudget()
            candidates = list(iter_lays(board, op, colours, budget))
            candidates += [TileLay(hexes[rng.below(len(hexes))], tiles[rng.below(len(tiles))],
                                   rng.below(6)) for _ in range(40)]
            whole = trace_for(board, op)
            for candidate in candidates:
                expected = check_lay(board, op, colours, budget, candidate, whole)
                board._reach_cache.clear()
                got = check_lay(board, op, colours, budget, candidate)
                assert (got is None) == (expected is None)
                if expected is not None:
                    assert got is not None and got.rule == expected.rule
                    assert str(got) == str(expected)
                    refused += 1
                compared += 1
    assert compared > 200 and refused > 50


def test_a_hub_spot_checked_on_a_part_walked_trace_gets_the_whole_trace_answer() -> None:
    compared = 0
    for board, operators, _ in _positions():
        spots = [ref for h in sorted(board.spaces) for ref in board.stops_on(h)]
        for op in operators:
            whole = trace_for(board, op)
            for spot in spots:
                expected = check_hub(board, op, spot, 0, whole)
                board._reach_cache.clear()
                got = check_hub(board, op, spot, 0)
                assert (got is None) == (expected is None)
                if expected is not None:
                    assert got is not None and got.rule == expected.rule
                compared += 1
    assert compared > 100


def test_a_part_walked_trace_is_not_changed_by_a_later_lay() -> None:
    """The search walks the tiles and hubs it started on: a lay on the board it started
    from, after the first question, changes nothing that a copy sharing its remembered
    traces (the board as it was) finds."""
    board, operators, phase = midgame_board(2, lays_per_phase=(20, 12))
    colours = PHASE_COLOURS[phase]
    alone = board.copy()
    alone._reach_cache = {}
    op = next(o for o in operators if list(iter_lays(alone, o, colours, LayBudget())))
    expected = trace_for(alone, op)
    chosen = list(iter_lays(alone, op, colours, LayBudget()))
    board._reach_cache.clear()
    twin = board.copy()  # shares board's remembered traces
    trace_search(twin, op).grow()
    lay(twin, op, LayBudget(), chosen[-1])
    twin.place_hub(next(iter(expected.stops)), "someone")
    finished = trace_search(board, op).complete()
    assert finished.stops == expected.stops and finished.entries == expected.entries


def test_what_a_search_carries_over_from_the_last_one_is_reached_now() -> None:
    """A company's next trace starts knowing what its last one proved reached (``floor``)
    only when no trail behind it can have been undone; checked against a fresh trace
    after every action of a game with upgrades, hubs and mergers."""
    from boardroom import new_game
    from boardroom.bots import make_bot
    from boardroom.titles.lost_atlas.board.operator import Operator as Op

    game = new_game("lost_atlas", ["A", "B", "C"], seed=6, options={"mode": "short"})
    bots = [make_bot("heuristic", seed=60 + s) for s in range(3)]
    carried = 0
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
        state = game.state
        if state.round == "map":
            continue
        for company, corp in state.corps.items():
            op = Op(company, corp.abilities, state.treasury(company))
            floor = trace_search(state.board, op).floor
            if floor is None:
                continue
            alone = state.board.copy()
            alone._reach_cache = {}
            whole = trace_for(alone, op)
            assert _contained(floor, whole), company
            carried += 1
    assert carried > 20


def test_a_carried_trace_runs_on_through_new_track_only_where_a_trail_does() -> None:
    """After a lay where there was no track, a company's next trace knows at once where
    the last one's trails run on through the new tile (one hex on): every place of that
    a fresh trace reaches too. Checked over turns of random yellow lays on traces walked
    only part of the way."""
    rng = Rng(11)
    ran_on = 0
    for seed in (1, 2, 3, 4, 5):
        board, operators, _ = midgame_board(seed, lays_per_phase=(6,))
        board._reach_cache.clear()
        colours = PHASE_COLOURS["yellow"]
        for turn in range(24):
            op = operators[turn % len(operators)]
            budget = LayBudget()
            for _ in range(2):
                search = trace_search(board, op)
                for _ in range(rng.below(12)):
                    search.grow()
                known = set(search.reach.entries)
                if search.floor is not None:
                    known.update(search.floor.entries)
                alone = board.copy()
                alone._reach_cache = {}
                options = list(iter_lays(alone, op, colours, budget))
                if not options:
                    break
                lay(board, op, budget, options[rng.below(len(options))])
                floor = trace_search(board, op).floor
                if floor is None:
                    continue
                fresh = board.copy()
                fresh._reach_cache = {}
                assert _contained(floor, trace_for(fresh, op)), (seed, turn, op.id)
                ran_on += any(h not in known for h in floor.entries)
    assert ran_on > 10


@pytest.mark.parametrize("overnight", [False, True])
def test_a_carried_trace_runs_on_through_a_new_city_only_if_the_city_lets_it(
        overnight: bool) -> None:
    """X's trace reached the side of an untiled city full of Y's hub; once a city tile is
    laid there, X's next trace knows the city at once, and the hex beyond it only for
    Overnight (a full city blocks a route, rule id lost_atlas.track.reach-new-track)."""
    spec = region(range(-2, 3), range(-2, 5))
    spec[(0, 0)] = spec[(0, 2)] = CITY
    board = build(spec)
    put(board, (0, 0), "57", 0)  # exits 0 and 3
    board.place_hub(((0, 0), 0), "x")
    put(board, (0, 1), "9", 0)  # a straight on to the city's side 3
    board.place_hub(((0, 2), 0), "y")
    op = Operator("x", frozenset({OVERNIGHT} if overnight else ()))
    search = trace_search(board, op)
    while (0, 2) not in search.reach.entries:
        assert search.grow() is not None
    lay(board, op, LayBudget(), TileLay((0, 2), "57", 0))
    floor = trace_search(board, op).floor
    assert floor is not None and ((0, 2), 0) in floor.stops
    assert ((0, 3) in floor.entries) == overnight
    fresh = board.copy()
    fresh._reach_cache = {}
    assert _contained(floor, trace_for(fresh, op))


def test_a_board_reached_by_another_history_finds_the_same_trace() -> None:
    """Traces are remembered by the board's content too (its digest finds candidates,
    the content is compared): a board that comes back to an earlier content by another
    way (a hub placed and removed) finds the earlier trace; one that differs does not."""
    board, _, _ = midgame_board(3, lays_per_phase=(6,))
    company = sorted({owner for owners in board.hubs.values() for owner in owners})[0]
    op = Operator(company, frozenset())
    first = trace_search(board, op)
    twin = board.copy()
    ref = next(ref for ref in sorted(twin.hubs) if company not in twin.hubs[ref])
    twin.place_hub(ref, company)
    other = trace_search(twin, op)
    assert other is not first
    twin.remove_hubs(company)
    for start in board.hubs_of(company):
        twin.place_hub(start, company)
    assert twin.stamp_key() != board.stamp_key()
    assert dict(twin.hubs) == dict(board.hubs)  # the same owners in the same order
    assert trace_search(twin, op) is first
    fresh = board.copy()
    fresh._reach_cache = {}
    assert trace_for(fresh, op).stops == first.complete().stops


def test_a_finished_game_leaves_its_traces_to_reference_counting() -> None:
    """The remembered traces form no reference cycle (the callback a search records its
    answer with holds the board's cache weakly), so a replayed game that is dropped is
    freed at once, not left for the cyclic collector: before, a Long game left about
    5,500 objects (its board's whole cache) to it; a few tile geometries remain."""
    import gc

    from boardroom.bench.lost_atlas_games import play_lost_atlas

    record = play_lost_atlas(4, 3, "heuristic", "long").to_record()
    del record["digest"]
    was = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        boardroom.load(record)  # its tiles' geometry is made (and kept) once
        gc.collect()
        game = boardroom.load(record)
        cache = game.state.board._reach_cache
        assert any(isinstance(v, TraceSearch) for v in cache.values())
        del game, cache
        assert gc.collect() < 200
    finally:
        if was:
            gc.enable()


def test_a_board_given_a_plain_dict_for_its_cache_takes_it_as_a_reach_cache() -> None:
    """The remembered traces need a cache a weak reference can point to; a board handed a
    plain dict (by a caller, or unpickled from an older pickle) converts it."""
    import pickle

    board, operators, _ = midgame_board(2, lays_per_phase=(20, 12))
    board._reach_cache = {}
    assert isinstance(board._reach_cache, ReachCache)
    state = dict(board.__dict__, _reach_cache={})
    old = Board.__new__(Board)
    old.__setstate__(state)
    assert isinstance(old._reach_cache, ReachCache)
    assert trace_for(old, operators[0]) == trace_for(board, operators[0])
    again = pickle.loads(pickle.dumps(board))
    assert isinstance(again._reach_cache, ReachCache)
