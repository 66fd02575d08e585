"""The generic routing core: every route rule on small hand-made problems, each with a case
where the rule changes the answer; validation names the rule; budgets and determinism."""

from __future__ import annotations

from dataclasses import replace

import pytest

from boardroom.routing import (
    Route,
    RouteError,
    RouteProblem,
    RouteRules,
    Stop,
    Track,
    route_of,
    solve,
    validate,
)
from boardroom.routing.brute import best_total
from boardroom.routing.graph import reduce


def line(values: list[int], hub: int = 0, trains: tuple[int | None, ...] = (2,),
         **rules: bool) -> RouteProblem:
    """Stops 0..n-1 in a row joined by one track each (piece k = track k)."""
    stops = tuple(Stop(v, i, hub=(i == hub)) for i, v in enumerate(values))
    tracks = tuple(Track(i, i + 1, 1 << i) for i in range(len(values) - 1))
    return RouteProblem(stops, tracks, trains, rules=RouteRules(**rules))


def check(problem: RouteProblem, expected: int) -> tuple[Route, ...]:
    result = solve(problem)
    assert result.proven
    assert result.total == expected
    assert best_total(problem) == expected
    assert validate(problem, result.routes) is None
    return result.routes


# ---------------------------------------------------------------- stops and counting

def test_a_route_includes_a_hub() -> None:
    # The 40-50 pair is worth most but has no hub; the hub is at the end of the line.
    p = line([10, 20, 40, 50], hub=0)
    check(p, 30)
    with_hub_elsewhere = line([10, 20, 40, 50], hub=2)
    check(with_hub_elsewhere, 90)


def test_train_counts_up_to_its_stops_and_may_stop_short() -> None:
    p = line([20, 30, 40, 50], trains=(2,))
    (route,) = check(p, 50)
    assert route.counted == (0, 1)
    check(line([20, 30, 40, 50], trains=(3,)), 90)
    check(line([20, 30, 40, 50], trains=(None,)), 140)


def test_a_stop_cannot_be_skipped() -> None:
    # A worthless stop between the hub and a rich one still uses one of the 2 stops.
    p = line([20, 0, 90], trains=(2,))
    check(p, 20)
    check(line([20, 0, 90], trains=(3,)), 110)


def test_a_company_without_trains_earns_nothing() -> None:
    result = solve(line([20, 30], trains=()))
    assert result.routes == () and result.total == 0 and result.proven


def test_no_hub_on_the_map_earns_nothing() -> None:
    p = RouteProblem((Stop(20, 0), Stop(30, 1)), (Track(0, 1, 1),), (2,))
    result = solve(p)
    assert result.total == 0 and result.routes == (Route(),)


# ---------------------------------------------------------------- cities and groups

def test_one_train_counts_a_city_once_two_trains_may_each_count_it() -> None:
    # A hub star: the hub with two spokes to 50-cities; each train counts the hub.
    stops = (Stop(40, 0, hub=True), Stop(50, 1), Stop(50, 2))
    tracks = (Track(0, 1, 1), Track(0, 2, 2))
    two = RouteProblem(stops, tracks, (2, 2))
    routes = check(two, 180)
    assert all(0 in r.counted for r in routes)
    # A loop back into the same city is never a route: 0-1, 1-0 again is refused.
    loop = RouteProblem((Stop(40, 0, hub=True), Stop(50, 1)),
                        (Track(0, 1, 1), Track(1, 0, 2)), (3,))
    check(loop, 90)
    err = validate(loop, [route_of(loop, 0, 0, (0,))])
    assert err is None
    with pytest.raises(RouteError) as info:
        route_of(loop, 0, 0, (0, 1))
    assert info.value.rule == "route.city-twice"


def test_stops_of_one_group_count_once_per_train() -> None:
    # Two halves of a port (group 0): hub half 60, other half 60, joined via a 30 city.
    stops = (Stop(60, 0, hub=True), Stop(60, 0), Stop(30, 1))
    tracks = (Track(0, 2, 1), Track(2, 1, 2))
    p = RouteProblem(stops, tracks, (3,))
    check(p, 90)
    split = replace(p, stops=(stops[0], replace(stops[1], group=5), stops[2]))
    check(split, 150)
    with pytest.raises(RouteError) as info:
        route_of(p, 0, 0, (0, 1))
    assert info.value.rule == "route.group-twice"


def test_terminal_stops_end_a_route() -> None:
    # hub - 100 destination - 50 city: the destination cannot be passed.
    stops = (Stop(20, 0, hub=True), Stop(100, 1, terminal=True), Stop(50, 2))
    tracks = (Track(0, 1, 1), Track(1, 2, 2))
    p = RouteProblem(stops, tracks, (None,))
    check(p, 120)
    check(replace(p, stops=(stops[0], replace(stops[1], terminal=False), stops[2])), 170)
    with pytest.raises(RouteError) as info:
        route_of(p, 0, 0, (0, 1))
    assert info.value.rule == "route.destination-end"
    # A route may start at one and end at another (both ends).
    both = RouteProblem((Stop(100, 0, terminal=True), Stop(20, 1, hub=True),
                         Stop(100, 2, terminal=True)), (Track(0, 1, 1), Track(1, 2, 2)), (3,))
    check(both, 220)


def test_blocked_city_cuts_the_route_and_overnight_passes_it() -> None:
    # hub 20 - blocked 30 - 90: ends at the blocked city, or passes it with Overnight.
    stops = (Stop(20, 0, hub=True), Stop(30, 1, blocked=True), Stop(90, 2))
    tracks = (Track(0, 1, 1), Track(1, 2, 2))
    p = RouteProblem(stops, tracks, (2,))
    check(p, 50)  # may end at the blocked city and count it
    overnight = replace(p, rules=RouteRules(pass_blocked=True))
    (route,) = check(overnight, 110)  # passes it: not counted, no revenue
    assert route.stops == (0, 1, 2) and route.counted == (0, 2)
    with pytest.raises(RouteError) as info:
        route_of(p, 0, 0, (0, 1))
    assert info.value.rule == "route.blocked-city"


def test_a_passed_blocked_city_still_counts_for_once_per_train() -> None:
    # Overnight passes the blocked city B out to the 50 and may not come back through B
    # to the 40 (that would be 110).
    stops = (Stop(20, 0, hub=True), Stop(30, 1, blocked=True), Stop(50, 2), Stop(40, 3))
    tracks = (Track(0, 1, 1), Track(1, 2, 2), Track(2, 1, 4), Track(1, 3, 8))
    p = RouteProblem(stops, tracks, (None,), rules=RouteRules(pass_blocked=True))
    check(p, 70)
    with pytest.raises(RouteError) as info:
        route_of(p, 0, 0, (0, 1, 2, 3))
    assert info.value.rule == "route.city-twice"


# ---------------------------------------------------------------- local routes, Express

def test_local_routes_and_cut_throat() -> None:
    # A hub with no track: two trains each run a local route in it.
    p = RouteProblem((Stop(40, 0, hub=True),), (), (2, 2))
    routes = check(p, 80)
    assert all(r.is_local for r in routes)
    cut_throat = replace(p, rules=RouteRules(local_routes=False))
    check(cut_throat, 0)
    with pytest.raises(RouteError) as info:
        route_of(cut_throat, 0, 0, ())
    assert info.value.rule == "route.local-route"
    # With track, the second train runs a local route only where locals are allowed.
    q = line([40, 30], trains=(2, 2))
    check(q, 110)
    check(replace(q, rules=RouteRules(local_routes=False)), 70)


def test_express_one_more_stop_with_exactly_one_train() -> None:
    p = line([20, 30, 40, 50], trains=(2,), express=True)
    check(p, 90)
    check(replace(p, trains=(2, 2)), 50 + 20)  # two trains: no bonus stop
    check(replace(p, trains=(None,)), 140)
    check(replace(p, rules=RouteRules()), 50)


def test_bonus_for_each_train_including_the_stop() -> None:
    stops = (Stop(40, 0, hub=True), Stop(30, 1, bonus=10), Stop(30, 2))
    tracks = (Track(0, 1, 1), Track(0, 2, 2))
    p = RouteProblem(stops, tracks, (2, 2))
    routes = check(p, 70 + 10 + 70)
    assert sorted(r.revenue for r in routes) == [70, 80]
    # Two trains can both earn the bonus when they both reach the suburb.
    star = RouteProblem((Stop(40, 0, hub=True), Stop(20, 1, bonus=10), Stop(10, 2), Stop(10, 3)),
                        (Track(0, 1, 1), Track(0, 1, 2), Track(1, 2, 4), Track(1, 3, 8)),
                        (3, 3))
    check(star, 2 * (40 + 20 + 10 + 10))


# ---------------------------------------------------------------- track

def test_trains_never_share_a_piece_but_cross_at_stops() -> None:
    # A single track to the 90 city: one train only; the other runs a local route.
    p = line([20, 90], trains=(2, 2))
    check(p, 110 + 20)
    # Two tracks sharing a piece (one physical track drawn twice): still one train.
    q = RouteProblem((Stop(20, 0, hub=True), Stop(90, 1)),
                     (Track(0, 1, 1), Track(0, 1, 1)), (2, 2))
    check(q, 130)
    routes = solve(q).routes
    both = [Route((0, 1), (0,), (0, 1), 1, 110), Route((0, 1), (1,), (0, 1), 1, 110)]
    assert validate(q, both) is not None
    err = validate(q, both)
    assert err is not None and err.rule == "route.track-shared"
    assert validate(q, routes) is None
    # Routes route_of just gave (derived) are not walked again; the rule between the
    # trains still holds.
    derived = [route_of(q, i, 0, r.tracks) for i, r in enumerate(both)]
    assert derived == both
    err = validate(q, derived, derived=True)
    assert err is not None and err.rule == "route.track-shared"
    assert validate(q, routes, derived=True) is None
    claimed = [Route((0, 1), (0,), (0, 1), 1, 999), Route()]  # not what its track earns
    assert validate(q, claimed).rule == "route.claim"  # type: ignore[union-attr]
    assert validate(q, claimed, derived=True) is None  # trusted as route_of's: not walked
    short = validate(q, both[:1], derived=True)
    assert short is not None and short.rule == "route.train-count"


def test_a_route_never_reuses_a_piece() -> None:
    # Two tracks share piece 1: a route using both would run that piece twice.
    stops = (Stop(20, 0, hub=True), Stop(30, 1), Stop(40, 2))
    p = RouteProblem(stops, (Track(0, 1, 0b11), Track(1, 2, 0b10)), (None,))
    check(p, 50)
    with pytest.raises(RouteError) as info:
        route_of(p, 0, 0, (0, 1))
    assert info.value.rule == "route.track-reused"


def fork(sharp_ok: bool) -> RouteProblem:
    """A junction (node 3) whose trunk (side 1) leads to a 30 city, with two branches on
    side 0: one to the hub, one to a 60 city — unless ``sharp_ok``, which puts the 60's
    branch on side 1, so the hub may turn into it."""
    stops = (Stop(20, 0, hub=True), Stop(30, 1), Stop(60, 2))
    j = 3
    tracks = (
        Track(1, j, 1, 0, 1),                      # trunk, to the 30
        Track(j, 0, 2, 0, 0),                      # branch to the hub
        Track(j, 2, 4, 1 if sharp_ok else 0, 0),   # branch to the 60
    )
    return RouteProblem(stops, tracks, (None, None), junctions=1)


def test_a_forks_sharp_turn_is_never_run() -> None:
    p = fork(sharp_ok=False)
    # hub -> 30 along the trunk; the other train runs a local route.
    check(p, 50 + 20)
    with pytest.raises(RouteError) as info:
        route_of(p, 0, 0, (1, 2))
    assert info.value.rule == "route.sharp-turn"
    # Were the 60 across the junction, the hub could run to it.
    check(fork(sharp_ok=True), 80 + 20)


def test_a_shared_trunk_takes_one_train() -> None:
    # The hub's single track (the trunk) forks to two 50 cities: one train uses it.
    stops = (Stop(20, 0, hub=True), Stop(50, 1), Stop(50, 2))
    trunk = RouteProblem(stops, (Track(0, 3, 1, 0, 1), Track(3, 1, 2, 0, 0),
                                 Track(3, 2, 4, 0, 0)), (3, 3), junctions=1)
    check(trunk, 70 + 20)
    separate = RouteProblem(stops, (Track(0, 1, 1), Track(0, 2, 2)), (3, 3))
    check(separate, 70 + 70)


def test_validate_names_each_rule() -> None:
    p = line([20, 30, 40], trains=(2,))
    ok = route_of(p, 0, 0, (0,))
    assert validate(p, [ok]) is None
    cases = {
        "route.train-count": [ok, ok],
        "route.too-many-stops": [Route((0, 1, 2), (0, 1), (0, 1, 2), 3, 90)],
        "route.no-track": [Route((0, 2), (1,), (0, 2), 2, 60)],
        "route.hub": [Route((1, 2), (1,), (1, 2), 2, 70)],
        "route.claim": [Route((0, 1), (0,), (0, 1), 1, 999)],
    }
    for rule, routes in cases.items():
        err = validate(p, routes)
        assert err is not None and err.rule == rule, rule
    err = validate(p, [ok], prefix="lost_atlas.route")
    assert err is None
    err = validate(p, [Route((1, 2), (1,), (1, 2), 2, 70)], prefix="lost_atlas.route")
    assert err is not None and err.rule == "lost_atlas.route.hub"


def test_a_route_ends_at_a_stop() -> None:
    p = fork(sharp_ok=False)
    with pytest.raises(RouteError) as info:
        route_of(p, 0, 0, (1,))
    assert info.value.rule == "route.open-end"


# ---------------------------------------------------------------- search behaviour

def grid(n: int) -> RouteProblem:
    """An n x n grid of cities worth 10..90, hub in a corner: many routes for an ∞."""
    stops = tuple(Stop(10 * (1 + (3 * i + 7 * (i // n)) % 9), i, hub=(i == 0))
                  for i in range(n * n))
    tracks: list[Track] = []
    for i in range(n * n):
        r, c = divmod(i, n)
        if c + 1 < n:
            tracks.append(Track(i, i + 1, 1 << len(tracks)))
        if r + 1 < n:
            tracks.append(Track(i, i + n, 1 << len(tracks)))
    return RouteProblem(stops, tuple(tracks), (None, None))


def test_node_budget_gives_a_valid_unproven_answer() -> None:
    p = grid(4)
    full = solve(p)
    assert full.proven
    quick = solve(p, node_budget=50)
    assert not quick.proven
    assert quick.nodes <= 3 * 50  # the budget, then one more for each idle train
    assert validate(p, quick.routes) is None
    assert 0 < quick.total <= full.total


def test_the_answer_is_deterministic() -> None:
    p = grid(4)
    first = solve(p)
    again = solve(RouteProblem(p.stops, p.tracks, p.trains))
    assert first == again


def test_reduction_contracts_runs_of_track() -> None:
    # hub - j - j - city: one segment with all three pieces.
    p = RouteProblem((Stop(20, 0, hub=True), Stop(30, 1)),
                     (Track(0, 2, 1), Track(2, 3, 2, 1, 0), Track(3, 1, 4, 1)), (2,),
                     junctions=2)
    g = reduce(p)
    assert len(g.segments) == 1 and g.segments[0].pieces == 7
    assert g.vertices == 2
    check(p, 50)
    # A dead-end junction (track on one side only) is pruned.
    q = RouteProblem((Stop(20, 0, hub=True),), (Track(0, 1, 1),), (2,), junctions=1)
    assert reduce(q).segments == ()


def test_problem_checks_its_input() -> None:
    with pytest.raises(ValueError):
        RouteProblem((Stop(10, 0),), (Track(0, 5, 1),), (2,))
    with pytest.raises(ValueError):
        RouteProblem((Stop(10, 0), Stop(10, 1)), (Track(0, 1, 0),), (2,))
    with pytest.raises(ValueError):
        RouteProblem((Stop(10, 0, hub=True, blocked=True),), (), (2,))
    with pytest.raises(ValueError):
        RouteProblem((Stop(10, 0),), (), (0,))
