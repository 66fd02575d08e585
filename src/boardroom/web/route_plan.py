"""The browser's route editor: the stops a president clicks for each train, joined into
the waypoints of a ``run N via ...`` action, with each train's stops and revenue as the
engine counts them.

The engine's own notation names every hex side a route crosses (rulebook p.14 "5. Run
trains if able"; ``operating_round.Run``). A person clicks cities, so the editor joins
each pair of consecutive clicked stops by the shortest stretch of the company's track
that passes no other stop and uses no track the routes already use (a train passing a
city includes it, so it is clicked). The routes are then read back by the engine
(:func:`routes.routes_from_waypoints` and :func:`validate`, the checks a submitted run
gets), so each train's revenue here is the engine's; the action the page sends is
checked again by the engine when it is played.

A plan is one word per train, in the company's train order, like the notation's: the
waypoints joined by ``>`` (``none``: the train does not run). A word naming a hex side
(``Q,R:EDGE``) is read as the engine's notation as it stands (the listed best run); a
word of stops (``Q,R/STOP`` or ``Q,R`` for stop 0) is joined as above, and ``@Q,R``
between two stops asks the way between them to pass that hex (a person's way to pick
one of two lines between the same cities: click a hex on the line wanted).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

from boardroom.core.errors import IllegalAction
from boardroom.core.game import Game
from boardroom.map.hexes import Hex
from boardroom.map.track import StopRef
from boardroom.routing import Route, RouteError, validate
from boardroom.titles.lost_atlas.board import routes
from boardroom.titles.lost_atlas.board.routes import Network, Side, Waypoint
from boardroom.titles.lost_atlas.render.svg import edge_mid, hex_centre, layout_stops
from boardroom.titles.lost_atlas.rounds.operating_round import (
    Run,
    operating_network,
    operating_reach,
)
from boardroom.titles.lost_atlas.rounds.operating_round import (
    parse as parse_operating,
)

MAX_TRAINS = 8


def _stop_ref(word: str) -> StopRef:
    place, _, index = word.partition("/")
    try:
        q, r = (int(x) for x in place.split(","))
        return (q, r), int(index) if index else 0
    except ValueError:
        raise IllegalAction("web.route.notation", f"{word!r} is not a stop (Q,R or Q,R/STOP)")\
            from None


State = tuple[int, int]
"""A walk's place: (node, the side of the junction it entered on; -1 at a stop)."""


def _walk(net: Network, start: State, goal: Callable[[int], bool],
          used: int) -> tuple[list[int], State] | None:
    """The fewest tracks from ``start`` to a node ``goal`` accepts, passing no stop on the
    way and using no piece in ``used``, and the state reached; or None. A junction is
    left on the side it was not entered on (track leaving a hex crosses; a fork's sharp
    turn is never taken)."""
    problem = net.problem
    n_stops = len(problem.stops)
    incident: dict[int, list[int]] = {}
    for k, t in enumerate(problem.tracks):
        if t.pieces & used:
            continue
        incident.setdefault(t.a, []).append(k)
        incident.setdefault(t.b, []).append(k)
    came: dict[State, tuple[State, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        node, side = queue.popleft()
        for k in incident.get(node, ()):
            t = problem.tracks[k]
            if t.a == node and (node < n_stops or t.a_side != side):
                nxt, arrive = t.b, t.b_side
            elif t.b == node and (node < n_stops or t.b_side != side):
                nxt, arrive = t.a, t.a_side
            else:
                continue
            state = (nxt, -1 if nxt < n_stops else arrive)
            if state in came:
                continue
            came[state] = ((node, side), k)
            if goal(nxt):
                tracks: list[int] = []
                at = state
                while (back := came[at]) is not None:
                    tracks.append(back[1])
                    at = back[0]
                return tracks[::-1], state
            if nxt >= n_stops:
                queue.append(state)
    return None


def connect(net: Network, start: int, end: int, used: int,
            via: Sequence[Hex] = ()) -> list[int] | None:
    """The fewest tracks from stop ``start`` to stop ``end`` through the hexes ``via`` in
    order (each reached by the fewest tracks from the last), passing no other stop and
    using no piece in ``used``; or None."""
    n_stops = len(net.stop_refs)
    tracks: list[int] = []
    state: State = (start, -1)
    mine = used
    for h in via:
        ports = {n_stops + j for j, (ph, _) in enumerate(net.ports) if ph == h}
        found = _walk(net, state, ports.__contains__, mine)
        if found is None:
            return None
        leg, state = found
        for k in leg:
            mine |= net.problem.tracks[k].pieces
        tracks.extend(leg)
    last = _walk(net, state, lambda n: n == end, mine)
    if last is None:
        return None
    return tracks + last[0]


def _via_hex(word: str) -> Hex:
    try:
        q, r = (int(x) for x in word[1:].split(","))
    except ValueError:
        raise IllegalAction("web.route.notation", f"{word!r} is not a hex to pass (@Q,R)")\
            from None
    return (q, r)


def _joined(net: Network, word: str, train: int, used: int) -> tuple[Waypoint, ...]:
    """The waypoints of one train's clicked stops (and ``@Q,R`` hexes to pass between
    two of them)."""
    index: list[int] = []
    vias: list[list[Hex]] = [[]]  # the hexes to pass before each stop
    for w in word.split(">"):
        if w.startswith("@"):
            if not index:
                raise RouteError(f"{routes.RULE}.open-end", "a route starts at a stop", train)
            vias[-1].append(_via_hex(w))
            continue
        ref = _stop_ref(w)
        i = net.stop_index(ref)
        if i is None:
            raise RouteError(f"{routes.RULE}.no-track",
                             f"{_ref_text(ref)} is not a stop on the company's track", train)
        index.append(i)
        vias.append([])
    if vias[-1]:
        raise RouteError(f"{routes.RULE}.open-end", "a route ends at a stop", train)
    if len(index) == 1:
        return (net.stop_refs[index[0]],)
    tracks: list[int] = []
    mine = used
    for n, (a, b) in enumerate(pairwise(index)):
        through = vias[n + 1]
        found = connect(net, a, b, mine, through)
        if found is None:
            passing = (" through " + ", ".join(f"{h[0]},{h[1]}" for h in through)
                       if through else "")
            raise RouteError(f"{routes.RULE}.no-track",
                             f"no free track joins {_ref_text(net.stop_refs[a])} to "
                             f"{_ref_text(net.stop_refs[b])}{passing} without passing another "
                             "city (click the cities between)", train)
        for k in found:
            mine |= net.problem.tracks[k].pieces
        tracks.extend(found)
    return routes.waypoints_of(net, Route(stops=(index[0],), tracks=tuple(tracks)))


def _point(board: Any, w: Waypoint) -> list[float]:
    if isinstance(w, Side):
        x, y = edge_mid(hex_centre(w.hex), w.edge)
    else:
        placed = board.tile_at(w[0])
        centre = hex_centre(w[0])
        if placed is None:
            x, y = centre
        else:
            x, y = layout_stops(centre, placed[0], placed[1])[w[1]].centre
    return [round(x, 1), round(y, 1)]


def _ref_text(ref: StopRef) -> str:
    return f"{ref[0][0]},{ref[0][1]}/{ref[1]}"


def plan_routes(game: Game, plan: str) -> dict[str, Any]:
    """Each train's route of ``plan`` as the engine reads it: ``{company, trains, stops,
    total, notation, error, rule}``. ``trains``: per train its name, waypoints, the points
    to draw, its stops with their values (``counted``: whether the train counts it) and
    its revenue; ``stops``: every stop on the map's track (where to click; ``reached``: the company
    can trace a route to it);
    ``notation``: the run action to send (None when a route breaks a rule: ``error`` and
    ``rule`` say which)."""
    if game.title.name != "lost_atlas":
        raise IllegalAction("web.route.title", f"{game.title.display_name} has no routes")
    state: Any = game.state
    found = operating_network(state)
    if found is None:
        raise IllegalAction("web.route.step", "no company is running its trains now")
    company, net = found
    corp = state.corps[company]
    names = [*corp.trains, *corp.rusted]
    words = plan.split()
    if not words:
        words = ["none"] * len(names)
    if len(words) != len(names) or len(words) > MAX_TRAINS:
        raise IllegalAction(f"{routes.RULE}.train-count",
                            f"one route per train: {len(names)} trains, {len(words)} routes")
    board = state.board
    problem = net.problem
    out_trains: list[dict[str, Any]] = []
    error: RouteError | None = None
    waypoints: list[tuple[Waypoint, ...]] = []
    used = 0
    for train, word in enumerate(words):
        entry: dict[str, Any] = {"train": names[train], "stops": [], "points": [],
                                 "revenue": 0, "error": None, "rule": None}
        out_trains.append(entry)
        try:
            if word == "none":
                ways: tuple[Waypoint, ...] = ()
            elif ":" in word:
                parsed = parse_operating(["run", "0", "via", word], f"run 0 via {word}")
                assert isinstance(parsed, Run) and parsed.routes is not None
                ways = parsed.routes[0]
            else:
                ways = _joined(net, word, train, used)
            # the train's own index: its capacity counts its stops
            built = (routes.routes_from_waypoints(net, [()] * train + [ways])[train:]
                     if ways else [Route()])
        except RouteError as err:
            entry.update(error=err.message, rule=err.rule)
            error = error or err
            waypoints.append(())
            continue
        except IllegalAction as err:
            entry.update(error=err.message, rule=err.rule)
            error = error or RouteError(err.rule, err.message, train)
            waypoints.append(())
            continue
        route = built[0]
        if ways and route.pieces & used:
            shared = RouteError(f"{routes.RULE}.track-shared",
                                "the company's trains may not use the same piece of track",
                                train)
            entry.update(error=shared.message, rule=shared.rule)
            error = error or shared
        used |= route.pieces
        waypoints.append(ways)
        counted = set(route.counted)
        entry.update(
            waypoints=">".join(_waypoint_word(w) for w in ways) or "none",
            points=[_point(board, w) for w in ways],
            revenue=route.revenue,
            stops=[{"ref": _ref_text(net.stop_refs[i]), "value": problem.stops[i].value
                    + problem.stops[i].bonus, "counted": i in counted} for i in route.stops])
    total = sum(t["revenue"] for t in out_trains)
    notation = None
    if error is None:
        # the whole run as the engine checks a submitted one (the same function)
        built = routes.routes_from_waypoints(net, waypoints)
        problem_found = validate(problem, built, routes.RULE)
        if problem_found is not None:
            error = problem_found
        else:
            notation = str(Run(total, tuple(waypoints)))
    reach = operating_reach(state)
    reached = reach[1].stops if reach is not None else set()
    stops = []
    for i, ref in enumerate(net.stop_refs):
        s = problem.stops[i]
        stops.append({"ref": _ref_text(ref), "xy": _point(board, ref), "value": s.value,
                      "hub": s.hub, "terminal": s.terminal, "blocked": s.blocked,
                      "reached": s.hub or ref in reached})
    return {"company": company, "trains": out_trains, "stops": stops, "total": total,
            "notation": notation, "error": error.message if error else None,
            "rule": error.rule if error else None}


def _waypoint_word(w: Waypoint) -> str:
    if isinstance(w, Side):
        return f"{w.hex[0]},{w.hex[1]}:{w.edge}"
    return _ref_text(w)
