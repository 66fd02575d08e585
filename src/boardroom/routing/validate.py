"""Checking routes a president submits, rule by rule, with an error naming the rule.

This walks the problem's own tracks (not the reduced graph the search uses), so it is an
independent statement of the route rules. Rule names (``prefix`` + one of):

=====================  ===============================================================
``train-count``        one route per train (an empty route for a train that does not run)
``no-track``           a track that does not continue from where the route is, or no track
``sharp-turn``         turning at a junction from a track into one on the same side
                       (a fork's sharp turn)
``open-end``           a route starts and ends at a stop
``track-reused``       a route uses a piece of track twice
``track-shared``       two trains of the company use the same piece
``city-twice``         a route includes the same stop twice
``group-twice``        a route includes two stops of one city group (a port's two halves)
``destination-end``    a terminal stop (Distant Destination) in the middle of a route
``blocked-city``       passing a blocked stop (full of other companies' hubs)
``hub``                no stop of the route has one of the company's hubs
``local-route``        a single-stop route when local routes are off (Cut-Throat)
``too-many-stops``     more counted stops than the train's number
``claim``              the route's stops, counted stops, pieces or revenue are not what
                       its track gives
=====================  ===============================================================

>>> from boardroom.routing.problem import Stop, Track, RouteProblem
>>> p = RouteProblem((Stop(20, 0, hub=True), Stop(30, 1), Stop(40, 2)),
...                  (Track(0, 1, 1), Track(1, 2, 2)), (2,))
>>> route_of(p, 0, 0, (0,)).revenue
50
>>> route_of(p, 0, 0, (0, 1))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
boardroom.routing.problem.RouteError: a 2-train counts at most 2 stops; ... [rule ...]
"""

from __future__ import annotations

from collections.abc import Sequence

from boardroom.routing.problem import Route, RouteError, RouteProblem


def _train_name(n: int | None) -> str:
    return "∞-train" if n is None else f"{n}-train"


def route_of(problem: RouteProblem, train: int, start: int, tracks: Sequence[int],
             prefix: str = "route") -> Route:
    """The route train ``train`` runs from stop ``start`` along ``tracks`` (in order).

    Raises :class:`RouteError` naming the first rule the route breaks.
    """

    def fail(name: str, message: str, stops: tuple[int, ...] = ()) -> RouteError:
        return RouteError(f"{prefix}.{name}", message, train, stops)

    stops_def = problem.stops
    n_stops = len(stops_def)
    if not 0 <= start < n_stops:
        raise fail("open-end", "a route starts at a stop")
    rules = problem.rules
    cap = problem.capacity(train)
    if not tracks:
        if not stops_def[start].hub:
            raise fail("hub", "this local route's stop has none of the company's hubs: a "
                       "route must include a stop with one of the company's hubs", (start,))
        if not rules.local_routes:
            raise fail("local-route", "a route needs at least two stops (no local routes)",
                       (start,))
        s = stops_def[start]
        return Route((start,), (), (start,), 0, s.value + s.bonus)

    order: list[int] = [start]
    seen_group: dict[int, int] = {stops_def[start].group: start}
    used = 0
    node = start
    side = -1  # the side of the junction we arrived on; -1 at a stop
    n_tracks = len(problem.tracks)
    for step, k in enumerate(tracks):
        if not 0 <= k < n_tracks:
            raise fail("no-track", f"there is no track {k}")
        t = problem.tracks[k]
        if node < n_stops:
            if t.a == node:
                nxt, arrive = t.b, t.b_side
            elif t.b == node:
                nxt, arrive = t.a, t.a_side
            else:
                raise fail("no-track", f"track {k} does not continue from stop {node}", (node,))
        else:
            if t.a == node and t.a_side != side:
                nxt, arrive = t.b, t.b_side
            elif t.b == node and t.b_side != side:
                nxt, arrive = t.a, t.a_side
            elif node in (t.a, t.b):
                raise fail("sharp-turn", f"track {k} turns back on the same side of a junction "
                                         "(a fork's sharp turn)")
            else:
                raise fail("no-track", f"track {k} does not continue the route")
        if t.pieces & used:
            raise fail("track-reused", f"track {k} uses a piece of track the route already used")
        used |= t.pieces
        if nxt < n_stops:
            s = stops_def[nxt]
            if nxt in order:
                raise fail("city-twice", "a train includes a city only once", (nxt,))
            other = seen_group.get(s.group)
            if other is not None:
                raise fail("group-twice", "a train includes only one stop of a city (one half "
                                          "of a port)", (other, nxt))
            seen_group[s.group] = nxt
            last = step == len(tracks) - 1
            if not last:
                if s.terminal:
                    raise fail("destination-end", "a Distant Destination may only start or end "
                                                  "a route", (nxt,))
                if s.blocked and not rules.pass_blocked:
                    raise fail("blocked-city", "a route may not pass through a city full of "
                                               "other companies' hubs", (nxt,))
            order.append(nxt)
            side = -1
        else:
            side = arrive
        node = nxt
    if node >= n_stops:
        raise fail("open-end", "a route ends at a stop")
    if not any(stops_def[i].hub for i in order):
        raise fail("hub", "none of this route's stops has one of the company's hubs: a "
                   "route must include a stop with one of the company's hubs", tuple(order))
    last_i = len(order) - 1
    counted = tuple(i for pos, i in enumerate(order)
                    if not (0 < pos < last_i and stops_def[i].blocked))
    if cap is not None and len(counted) > cap:
        raise fail("too-many-stops", f"a {_train_name(cap)} counts at most {cap} stops; this "
                                     f"route counts {len(counted)}", counted)
    revenue = sum(stops_def[i].value for i in counted) + sum(stops_def[i].bonus for i in order)
    return Route(tuple(order), tuple(tracks), counted, used, revenue)


def validate(problem: RouteProblem, routes: Sequence[Route],
             prefix: str = "route", derived: bool = False) -> RouteError | None:
    """The first rule the company's ``routes`` (one per train) break, or None.

    ``derived``: each route is what :func:`route_of` gave for its train on this problem
    with this prefix (so walking it again would give it back): only the rules between
    the trains are checked."""
    if len(routes) != len(problem.trains):
        return RouteError(f"{prefix}.train-count",
                          f"one route per train: {len(problem.trains)} trains, "
                          f"{len(routes)} routes")
    used = 0
    for i, route in enumerate(routes):
        if not route.stops:
            if route.tracks or route.counted or route.pieces or route.revenue:
                return RouteError(f"{prefix}.claim", "an empty route has no track and earns 0",
                                  i)
            continue
        if derived:
            real = route
        else:
            try:
                real = route_of(problem, i, route.stops[0], route.tracks, prefix)
            except RouteError as err:
                return err
        if real != route:
            return RouteError(f"{prefix}.claim",
                              f"the route of train {i} is not what its track gives "
                              f"(stops {real.stops}, counted {real.counted}, revenue "
                              f"{real.revenue})", i)
        if real.pieces & used:
            return RouteError(f"{prefix}.track-shared",
                              "the company's trains may not use the same piece of track", i)
        used |= real.pieces
    return None
