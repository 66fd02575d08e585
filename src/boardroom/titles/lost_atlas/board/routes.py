"""Running trains in the Lost Atlas (rulebook p.14 "5. Run trains if able", Diagram 8, the
Note on local routes; Company Details: Overnight, Suburban, Express; Cut-Throat
Conversion): the board turned into a generic :mod:`boardroom.routing` problem.

The graph is the board's track exactly as :meth:`TrackMap.trace` walks it:

* every stop of every tile is a stop: its value is the printed revenue (a Distant
  Destination's is the revenue card's value for the phase); the two halves of the port
  (a tile with ``exclusive_stops``) are one city group, and so are the two hexes of a
  two-hex Distant Destination (same destination id); the mine's two stops are two
  cities joined by their link track;
* every hex edge that track reaches is a junction: the hex's own track (paths and city
  stubs) on side 0, the crossing into the neighbour on side 1. Track leaving a hex must
  cross; track arriving may take any of the hex's track at that edge. So a fork's sharp
  turn (two paths of one hex meeting at an edge) is never runnable, and a city is a full
  junction;
* every path, every city stub, every link and every hex side crossed is one piece of
  track: trains may cross at cities and on crossing tiles, which share no piece;
* a city is blocked when ``Board.blocks`` says so (full of other companies' hubs, spots
  reserved for unlaunched minors do not count); Overnight may pass blocked cities; a
  Distant Destination is terminal;
* Suburban's suburb tokens give +10 to every train whose route includes the city (passed
  through by an Overnight-Suburban major too: the token rewards including the city);
* Express runs its only train with one more stop; Cut-Throat Conversion removes local
  routes. Resourceful needs nothing here: its rusted trains are simply trains passed in.

A president submits a route as waypoints: the stops and the hex sides it crosses, in
order (:class:`Side` for a crossing). :func:`check_routes` names the rule a submission
breaks (``lost_atlas.route.*``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from boardroom.map.hexes import Hex, neighbour, opposite
from boardroom.map.track import EDGE, STOP, LaidTile, StopRef
from boardroom.routing import (
    Route,
    RouteError,
    RouteProblem,
    RouteResult,
    RouteRules,
    Stop,
    Track,
    route_of,
    solve,
    validate,
)
from boardroom.titles.lost_atlas.board.board import Board, stop_blocks
from boardroom.titles.lost_atlas.board.components import Components
from boardroom.titles.lost_atlas.board.operator import EXPRESS, OVERNIGHT, Operator

SUBURB_BONUS = 10
RULE = "lost_atlas.route"

Piece = tuple[str, Hex, int, int]
"""What a piece of track is: ("path", hex, edge, edge), ("stub", hex, stop, edge),
("link", hex, stop, stop) or ("side", hex, edge, 0) — the side of ``hex`` crossed."""


@dataclass(frozen=True, slots=True)
class Side:
    """A waypoint: the route crosses from ``hex`` through its ``edge`` into the neighbour."""

    hex: Hex
    edge: int


Waypoint = StopRef | Side


@dataclass(frozen=True)
class Network:
    """A company's routing problem and what its numbers mean on the board."""

    problem: RouteProblem
    stop_refs: tuple[StopRef, ...]
    """Board stop of each problem stop."""
    ports: tuple[tuple[Hex, int], ...]
    """(hex, edge) of each junction (problem node ``len(stop_refs) + j``)."""
    pieces: tuple[Piece, ...]
    """Piece ``k`` (bit ``1 << k``) is track ``k`` of the problem."""

    def stop_index(self, ref: StopRef) -> int | None:
        try:
            return self.stop_refs.index(ref)
        except ValueError:
            return None

    def route_stops(self, route: Route) -> list[StopRef]:
        return [self.stop_refs[i] for i in route.stops]


def destination_values(components: Components, phase: str,
                       cards: str | Mapping[str, str] = "recommended") -> dict[str, int] | int:
    """Distant Destination values now: one card for all (the base game) or, for the
    Different Distant Destinations variant, a card id per destination id."""
    if isinstance(cards, str):
        values = components.destination_cards[cards].values
        if values is None:
            raise ValueError(f"the card {cards!r} has no printed values")
        return values[phase]
    out = {}
    for dest, card in sorted(cards.items()):
        values = components.destination_cards[card].values
        if values is None:
            raise ValueError(f"the card {card!r} has no printed values")
        out[dest] = values[phase]
    return out


@dataclass(frozen=True, slots=True)
class _Shape:
    """What :func:`build_network` reads of a laid tile: worked out once per tile and
    rotation (the tile's own cache, as ``LaidTile.make`` keeps it)."""

    laid: LaidTile
    stops: int
    ports: tuple[int, ...]
    """The edges track reaches, in order (the hex's junctions)."""
    inner: tuple[tuple[str, int, int], ...]
    """The tile's own track pieces in the network's order: ("path", port, port),
    ("stub", stop, port) and then ("link", stop, stop), a port named by its place in
    ``ports``."""


def _shape_of(lt: LaidTile) -> _Shape:
    key = ("network shape", lt.rotation)
    cache = lt.tile._cache
    made: _Shape | None = cache.get(key)
    if made is None or made.laid is not lt:
        ports = tuple([e for e, joined in enumerate(lt.from_edge) if joined])
        rank = {e: j for j, e in enumerate(ports)}
        inner: list[tuple[str, int, int]] = []
        for e, joined in enumerate(lt.from_edge):
            for kind, value in joined:
                if kind == EDGE and e < value:
                    inner.append(("path", rank[e], rank[value]))
                elif kind == STOP:
                    inner.append(("stub", value, rank[e]))
        inner.extend(("link", i, j) for i, j in lt.tile.links)
        made = cache[key] = _Shape(lt, len(lt.tile.stops), ports, tuple(inner))
    return made


def build_network(board: Board, company_id: str, trains: Sequence[int | None],
                  destination_values: Mapping[str, int] | int, abilities: frozenset[str],
                  cut_throat: bool = False, reach_only: bool = False,
                  only: Collection[Hex] | None = None) -> Network:
    """The routing problem of ``company_id`` running ``trains`` on ``board`` now.

    With ``only`` just those hexes are modelled (:func:`waypoint_hexes`: the hexes a
    submitted route passes, enough to check it, as a route's legality and revenue are
    read off the hexes it passes).

    With ``reach_only`` only the hexes the company's trains could enter are modelled:
    its hub hexes and those tracing from its hubs reaches (a route includes a hub, so
    each of its hexes lies on a trail from that hub; tracing never reports less than the
    exact trails). The optimum is the same; checking a submitted route wants the whole
    map, so that a route off the company's network is refused by the rule it breaks.
    """
    laid = board.track.laid
    if only is not None:
        hexes = sorted([h for h in only if h in laid])
    elif reach_only:
        from boardroom.titles.lost_atlas.board.track_laying import trace_for

        reach = trace_for(board, Operator(company_id, abilities))
        home = {ref[0] for ref in board.hubs_of(company_id)}
        hexes = sorted([h for h in laid if h in home or h in reach.entries])
    else:
        hexes = sorted(laid)
    shaped = [(h, _shape_of(laid[h])) for h in hexes]
    stop_refs: list[StopRef] = []
    ports: list[tuple[Hex, int]] = []
    for h, shape in shaped:  # one pass: stops and ports each stay in hex order
        stop_refs.extend([(h, i) for i in range(shape.stops)])
        ports.extend([(h, e) for e in shape.ports])
    n_stops = len(stop_refs)
    port_node = {p: n_stops + j for j, p in enumerate(ports)}

    groups: dict[tuple[object, ...], int] = {}
    stops: list[Stop] = []
    hubs = board.hubs
    suburb = board.suburbs
    for ref in stop_refs:
        h, i = ref
        tile = laid[h].tile
        stop = tile.stops[i]
        terminal = stop.kind == "destination"
        key: tuple[object, ...]
        if terminal:
            space = board.spaces.get(h)
            dest = space.destination if space is not None else None
            if dest is None:
                raise ValueError(f"the Distant Destination at {h} has no destination id")
            if isinstance(destination_values, int):
                value = destination_values
            else:
                if dest not in destination_values:
                    raise ValueError(f"no value given for the Distant Destination {dest!r}")
                value = destination_values[dest]
            key = ("destination", dest)
        else:
            value = stop.revenue
            key = ("port", h) if tile.exclusive_stops else ("city", h, i)
        group = groups.setdefault(key, len(groups))
        owners = hubs.get(ref, ())
        hub = company_id in owners
        blocked = not terminal and not hub and stop_blocks(stop, owners, company_id, False)
        bonus = SUBURB_BONUS if not terminal and suburb.get(h) == company_id else 0
        stops.append(Stop(value, group, hub, terminal, blocked, bonus, f"{h[0]},{h[1]}/{i}"))

    tracks: list[Track] = []
    pieces: list[Piece] = []

    # Track k uses the piece 1 << k, and pieces[k] names it.
    first_stop = 0
    first_port = n_stops
    for h, shape in shaped:
        for kind, x, y in shape.inner:
            if kind == "path":
                tracks.append(Track(first_port + x, first_port + y, 1 << len(tracks)))
                pieces.append(("path", h, shape.ports[x], shape.ports[y]))
            elif kind == "stub":
                tracks.append(Track(first_stop + x, first_port + y, 1 << len(tracks)))
                pieces.append(("stub", h, x, shape.ports[y]))
            else:
                tracks.append(Track(first_stop + x, first_stop + y, 1 << len(tracks)))
                pieces.append(("link", h, x, y))
        for j, e in enumerate(shape.ports):
            n = neighbour(h, e)
            if h < n and (theirs := port_node.get((n, opposite(e)))) is not None:
                tracks.append(Track(first_port + j, theirs, 1 << len(tracks), 1, 1))
                pieces.append(("side", h, e, 0))
        first_stop += shape.stops
        first_port += len(shape.ports)

    rules = RouteRules(local_routes=not cut_throat, express=EXPRESS in abilities,
                       pass_blocked=OVERNIGHT in abilities)
    problem = RouteProblem(tuple(stops), tuple(tracks), tuple(trains), len(ports), rules)
    return Network(problem, tuple(stop_refs), tuple(ports), tuple(pieces))


def _check_phase(board: Board, phase: str) -> None:
    try:
        board.components.phase(phase)
    except KeyError:
        raise ValueError(f"unknown phase {phase!r}") from None


def company_routes(board: Board, company_id: str, trains: Sequence[int | None], phase: str,
                   destination_values: Mapping[str, int] | int, abilities: frozenset[str],
                   cut_throat: bool = False, node_budget: int | None = None,
                   relax: bool = False) -> RouteResult:
    """The company's best routes now (one per train, stops numbered as in the problem
    of :func:`build_network` with ``reach_only=True``). ``trains`` are the stops of each
    train it owns (None for an ∞-train), rusted Resourceful trains included; a company
    with no train earns 0. ``relax``: as ``routing.solve`` takes it (the benchmark's)."""
    _check_phase(board, phase)
    net = build_network(board, company_id, trains, destination_values, abilities, cut_throat,
                        reach_only=True)
    return solve(net.problem, node_budget, relax)


def waypoints_of(net: Network, route: Route) -> tuple[Waypoint, ...]:
    """A route as the waypoints a president would write (its first stop, every hex side
    it crosses in order, every stop it reaches): the inverse of
    :func:`routes_from_waypoints`. A train that does not run has none."""
    if not route.stops:
        return ()
    problem = net.problem
    n_stops = len(net.stop_refs)
    node = route.stops[0]
    out: list[Waypoint] = [net.stop_refs[node]]
    for k in route.tracks:
        track = problem.tracks[k]
        nxt = track.b if track.a == node else track.a
        piece = net.pieces[k]
        if piece[0] == "side":
            h, e = net.ports[node - n_stops]  # leaving ``node``'s hex through edge ``e``
            out.append(Side(h, e))
        if nxt < n_stops:
            out.append(net.stop_refs[nxt])
        node = nxt
    return tuple(out)


def best_waypoints(board: Board, company_id: str, trains: Sequence[int | None], phase: str,
                   destination_values: Mapping[str, int] | int, abilities: frozenset[str],
                   cut_throat: bool = False, node_budget: int | None = None
                   ) -> tuple[int, tuple[tuple[Waypoint, ...], ...]]:
    """The company's best total and its routes as waypoints, one tuple per train (what
    the Operating Round offers as ``run N via ...``)."""
    _check_phase(board, phase)
    net = build_network(board, company_id, trains, destination_values, abilities, cut_throat,
                        reach_only=True)
    result = solve(net.problem, node_budget)
    return result.total, tuple([waypoints_of(net, r) for r in result.routes])


def waypoint_hexes(routes: Sequence[Sequence[Waypoint]]) -> set[Hex]:
    """Every hex the submitted routes name or enter: their stops' hexes and, for each
    side crossed, the hexes on both sides of it (a route passing a hex without a stop
    enters it across one side and leaves across another).

    >>> sorted(waypoint_hexes([[((0, 0), 0), Side((0, 0), 1)], []]))
    [(-1, 1), (0, 0)]
    """
    out: set[Hex] = set()
    for waypoints in routes:
        for w in waypoints:
            if isinstance(w, Side):
                out.add(w.hex)
                out.add(neighbour(w.hex, w.edge))
            else:
                out.add(w[0])
    return out


def routes_from_waypoints(net: Network, routes: Sequence[Sequence[Waypoint]]) -> list[Route]:
    """Submitted routes (one waypoint list per train; empty: the train does not run) as
    routing routes. Raises :class:`RouteError` naming the broken rule."""
    out = []
    for train, waypoints in enumerate(routes):
        if not waypoints:
            out.append(Route())
            continue
        start, tracks = _tracks_of(net, train, waypoints)
        try:
            out.append(route_of(net.problem, train, start, tracks, RULE))
        except RouteError as err:
            raise _lost_atlas_error(net, err) from None
    return out


def submitted_revenue(board: Board, company_id: str, trains: Sequence[int | None],
                      destination_values: Mapping[str, int] | int, abilities: frozenset[str],
                      routes: Sequence[Sequence[Waypoint]],
                      cut_throat: bool = False) -> int | None:
    """What the submitted ``routes`` (one waypoint list per train) earn, read straight
    off the board's tiles, when every rule holds; None when anything is doubtful.

    A quick accept for checking a president's run, without building a network: the
    walk takes each track piece exactly as :func:`build_network` (on the routes' own
    hexes, :func:`waypoint_hexes`), :func:`_tracks_of` and ``routing.route_of`` would,
    and answers only when those would accept the routes with this revenue; any rule it
    finds broken, or anything it does not model, gives None, and the caller builds the
    network to name the rule (so refusals are exactly the network's)."""
    if len(routes) != len(trains):
        return None
    if any(length is not None and length < 1 for length in trains):
        return None
    laid = board.track.laid
    hubs = board.hubs
    express = EXPRESS in abilities and len(trains) == 1
    pass_blocked = OVERNIGHT in abilities
    shared: set[tuple[object, ...]] = set()  # pieces used by the trains so far
    total = 0
    for train, waypoints in enumerate(routes):
        if not waypoints:
            continue
        stops: list[tuple[StopRef, int, int, bool, bool, bool]] = []
        # (ref, value, bonus, hub, terminal, blocked) of each stop reached, in order
        groups: set[tuple[object, ...]] = set()
        used: set[tuple[object, ...]] = set()
        # The point before: a stop (``stop_before``), or a side (``after_side``), or
        # none (both unset: the first point). Kept apart so that no point's type is
        # asked twice.
        stop_before: StopRef | None = None
        after_side = False
        entered: Hex = (0, 0)  # after a side: the hex it enters, and the edge it enters at
        a = 0
        for point in waypoints:
            if isinstance(point, Side):
                h, e = point.hex, point.edge
                if not 0 <= e < 6:
                    return None
                tile = laid.get(h)
                n = neighbour(h, e)
                other = laid.get(n)
                back = opposite(e)
                if (tile is None or other is None or not tile.from_edge[e]
                        or not other.from_edge[back]):
                    return None
                if after_side:  # along a path of the hex entered
                    if h != entered or a == e or (EDGE, e) not in tile.from_edge[a]:
                        return None
                    piece: tuple[object, ...] = ("path", h, min(a, e), max(a, e))
                elif stop_before is not None:  # out of the stop along its stub
                    if h != stop_before[0] or (STOP, stop_before[1]) not in tile.from_edge[e]:
                        return None
                    piece = ("stub", h, stop_before[1], e)
                else:  # a route may not begin with a side
                    return None
                crossing = ("side", h, e) if h < n else ("side", n, back)
                if piece in used or crossing in used:
                    return None
                used.add(piece)
                used.add(crossing)
                entered, a = n, back
                after_side = True
                stop_before = None
            else:
                h, i = point
                tile = laid.get(h)
                if tile is None or not 0 <= i < len(tile.tile.stops):
                    return None
                if after_side:  # in along the stub of the side entered
                    if h != entered or (STOP, i) not in tile.from_edge[a]:
                        return None
                    piece = ("stub", h, i, a)
                elif stop_before is not None:  # along a link of the same tile
                    j = stop_before[1]
                    if (stop_before[0] != h or i == j
                            or (min(i, j), max(i, j)) not in tile.tile.links):
                        return None
                    piece = ("link", h, min(i, j), max(i, j))
                if after_side or stop_before is not None:
                    if piece in used:
                        return None
                    used.add(piece)
                found = _stop_facts(board, company_id, destination_values, hubs, h, i, tile)
                if found is None:
                    return None
                value, bonus, hub, terminal, blocked, group = found
                if group in groups:  # the stop itself twice, or two stops of one city
                    return None
                groups.add(group)
                stops.append(((h, i), value, bonus, hub, terminal, blocked))
                after_side = False
                stop_before = point
        if after_side or not stops:
            return None
        if len(waypoints) == 1 and (cut_throat or not stops[0][3]):  # a local route
            return None
        # A stop passed through (not an end) must let the train through, and a
        # blocked one it may pass (Overnight) is not counted; one stop is a hub.
        last = len(stops) - 1
        has_hub = False
        counted = earned = 0
        for pos, (_, value, bonus, hub, terminal, blocked) in enumerate(stops):
            passed = 0 < pos < last
            if passed and (terminal or (blocked and not pass_blocked)):
                return None
            has_hub = has_hub or hub
            earned += bonus
            if not (passed and blocked):
                counted += 1
                earned += value
        if not has_hub:
            return None
        capacity = trains[train]
        if capacity is not None and express:
            capacity += 1
        if capacity is not None and counted > capacity:
            return None
        if used & shared:
            return None
        shared |= used
        total += earned
    return total


def _stop_facts(board: Board, company_id: str, destination_values: Mapping[str, int] | int,
                hubs: Mapping[StopRef, Sequence[str]], h: Hex, i: int, tile: LaidTile,
                ) -> tuple[int, int, bool, bool, bool, tuple[object, ...]] | None:
    """A stop as :func:`build_network` makes it: (value, bonus, hub, terminal, blocked,
    city group), or None where the network would refuse to be built."""
    stop = tile.tile.stops[i]
    terminal = stop.kind == "destination"
    group: tuple[object, ...]
    if terminal:
        space = board.spaces.get(h)
        dest = space.destination if space is not None else None
        if dest is None:
            return None
        if isinstance(destination_values, int):
            value = destination_values
        elif dest in destination_values:
            value = destination_values[dest]
        else:
            return None
        group = ("destination", dest)
    else:
        value = stop.revenue
        group = ("port", h) if tile.tile.exclusive_stops else ("city", h, i)
    owners = hubs.get((h, i), ())
    hub = company_id in owners
    blocked = not terminal and not hub and stop_blocks(stop, owners, company_id, False)
    bonus = SUBURB_BONUS if not terminal and board.suburbs.get(h) == company_id else 0
    if value < 0:
        return None
    return value, bonus, hub, terminal, blocked, group


def check_routes(board: Board, company_id: str, trains: Sequence[int | None], phase: str,
                 destination_values: Mapping[str, int] | int, abilities: frozenset[str],
                 routes: Sequence[Sequence[Waypoint]],
                 cut_throat: bool = False) -> RouteError | None:
    """The rule the president's ``routes`` break (``lost_atlas.route.*``), or None."""
    _check_phase(board, phase)
    net = build_network(board, company_id, trains, destination_values, abilities, cut_throat)
    try:
        built = routes_from_waypoints(net, routes)
    except RouteError as problem:
        return problem
    found = validate(net.problem, built, RULE)
    return None if found is None else _lost_atlas_error(net, found)


def _lost_atlas_error(net: Network, err: RouteError) -> RouteError:
    if err.rule == f"{RULE}.group-twice" and len(err.stops) == 2:
        (h1, _), (h2, _) = (net.stop_refs[i] for i in err.stops)
        if h1 == h2:
            return RouteError(f"{RULE}.port-both-halves",
                              "one train cannot run to both halves of the port", err.train,
                              err.stops)
        return RouteError(f"{RULE}.city-twice",
                          "a train counts a Distant Destination only once", err.train,
                          err.stops)
    return err


def _tracks_of(net: Network, train: int,
               waypoints: Sequence[Waypoint]) -> tuple[int, list[int]]:
    """The problem's stop and tracks that the waypoints describe."""
    pieces = net.pieces
    lookup = {p: k for k, p in enumerate(pieces)}

    def fail(name: str, message: str) -> RouteError:
        return RouteError(f"{RULE}.{name}", message, train)

    def side_piece(h: Hex, e: int) -> int:
        n = neighbour(h, e)
        key: Piece = ("side", h, e, 0) if h < n else ("side", n, opposite(e), 0)
        k = lookup.get(key)
        if k is None:
            raise fail("no-track", f"no track crosses side {e} of {h}")
        return k

    def stub(h: Hex, i: int, e: int) -> int:
        k = lookup.get(("stub", h, i, e))
        if k is None:
            raise fail("no-track", f"the city {h}/{i} has no track to side {e}")
        return k

    def path(h: Hex, a: int, b: int) -> int:
        k = lookup.get(("path", h, min(a, b), max(a, b)))
        if k is None:
            for x in range(6):
                if (("path", h, min(a, x), max(a, x)) in lookup
                        and ("path", h, min(x, b), max(x, b)) in lookup):
                    raise fail("sharp-turn", f"the track on {h} does not turn from side {a} "
                                             f"to side {b} (a fork's sharp turn)")
            raise fail("no-track", f"no track on {h} joins side {a} to side {b}")
        return k

    first = waypoints[0]
    last = waypoints[-1]
    if isinstance(first, Side) or isinstance(last, Side):
        raise fail("open-end", "a route starts and ends at a stop")
    start = net.stop_index(first)
    if start is None:
        raise fail("no-track", f"there is no stop {first}")
    tracks: list[int] = []
    for prev, nxt in pairwise(waypoints):
        if isinstance(prev, Side):
            entered = neighbour(prev.hex, prev.edge)
            at_edge = opposite(prev.edge)
            if isinstance(nxt, Side):
                if nxt.hex != entered:
                    raise fail("no-track", f"{nxt.hex} is not the hex entered from {prev.hex}")
                tracks.append(path(entered, at_edge, nxt.edge))
                tracks.append(side_piece(nxt.hex, nxt.edge))
            else:
                if nxt[0] != entered:
                    raise fail("no-track", f"the stop {nxt} is not on the hex entered")
                tracks.append(stub(entered, nxt[1], at_edge))
        elif isinstance(nxt, Side):
            if nxt.hex != prev[0]:
                raise fail("no-track", f"the route leaves {prev[0]}, not {nxt.hex}")
            tracks.append(stub(prev[0], prev[1], nxt.edge))
            tracks.append(side_piece(nxt.hex, nxt.edge))
        else:
            h = prev[0]
            i, j = sorted((prev[1], nxt[1]))
            k = lookup.get(("link", h, i, j)) if nxt[0] == h else None
            if k is None:
                raise fail("no-track", f"no track joins {prev} to {nxt} directly")
            tracks.append(k)
    return start, tracks
