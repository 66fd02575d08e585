"""The track graph: laid tiles joined across hex sides, and tracing where a company reaches.

The graph is kept per hex: laying or upgrading a tile replaces only that hex's entry, so
nothing is rebuilt from scratch. Tracing follows track the way a train does:

* track leaving a hex through an edge continues only into the neighbour's track at the
  opposite edge (so a fork's sharp turn, two paths of one hex meeting at an edge, can
  never be taken);
* a stop is a junction: any of its track may follow (the rulebook: "any turn inside a
  city is allowed");
* a stop that ``blocks`` (full of other companies' hubs, a Distant Destination) may be
  reached but not passed through.

>>> from boardroom.map.tiles import Stop, TileDef
>>> city = TileDef("57", "yellow", stops=(Stop(20, 1, (0, 3)),))
>>> straight = TileDef("9", "yellow", paths=((0, 3),))
>>> track = TrackMap()
>>> track.lay((0, 0), city, 0)
>>> track.lay((0, 1), straight, 0)
>>> reach = track.trace([((0, 0), 0)])
>>> sorted(reach.entries[(0, 2)])
[3]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from boardroom.map.hexes import DIRECTIONS, Hex, neighbour, opposite
from boardroom.map.tiles import TileDef

TRACE_BUDGET = 30_000
"""Steps of the exact trail search before ``trace`` falls back to state reachability."""

StopRef = tuple[Hex, int]
"""A stop: the hex and the index of the stop on that hex's tile."""

EDGE, STOP = 0, 1
Target = tuple[int, int]
"""Where track inside a hex leads: (EDGE, edge) or (STOP, stop index)."""
STOP_AT, ARRIVE = 0, 1
"""The states a trace walks: at a stop, or arriving into a hex at one of its edges."""


Step = tuple[int, int, int, int, int]
"""A target with its move: (EDGE, edge, dq, dr, the neighbour's edge) for track leaving
by ``edge`` into the neighbour (q + dq, r + dr), or (STOP, stop, 0, 0, 0)."""
Exit = tuple[int, int, int]
"""A move out of a hex by one of its sides: (dq, dr, the neighbour's edge it enters at)."""
_EXIT: tuple[Exit, ...] = tuple((dq, dr, (e + 3) % 6) for e, (dq, dr) in enumerate(DIRECTIONS))


def _steps_of(targets: tuple[tuple[Target, ...], ...]) -> tuple[tuple[Step, ...], ...]:
    """Each target as a :data:`Step`, in the same order."""
    return tuple([tuple([(EDGE, v, *_EXIT[v]) if k == EDGE else (STOP, v, 0, 0, 0)
                         for k, v in ts]) for ts in targets])


def _split(targets: tuple[tuple[Target, ...], ...],
           ) -> tuple[tuple[tuple[Exit, ...], ...], tuple[tuple[int, ...], ...]]:
    """The targets' moves across a side (as :data:`Exit`) and their stops, apart."""
    return (tuple([tuple([_EXIT[v] for k, v in ts if k == EDGE]) for ts in targets]),
            tuple([tuple([v for k, v in ts if k == STOP]) for ts in targets]))


@dataclass(frozen=True)
class LaidTile:
    """A tile on a hex in one rotation, with its inner connections precomputed."""

    tile: TileDef
    rotation: int
    from_edge: tuple[tuple[Target, ...], ...]
    """For each edge 0-5, where track entering there leads."""
    from_stop: tuple[tuple[Target, ...], ...]
    """For each stop, where its track leads."""
    edge_steps: tuple[tuple[Step, ...], ...]
    """:attr:`from_edge` with each target's move across a side worked out (the walks'
    inner loops read it: no neighbour or opposite edge computed per move)."""
    stop_steps: tuple[tuple[Step, ...], ...]
    """:attr:`from_stop` likewise."""
    edge_exits: tuple[tuple[Exit, ...], ...]
    """For each edge, the sides track entering there leaves by (the path targets of
    :attr:`from_edge`), as moves into the neighbour."""
    edge_stops: tuple[tuple[int, ...], ...]
    """For each edge, the stops track entering there reaches."""
    stop_exits: tuple[tuple[Exit, ...], ...]
    """For each stop, the sides its track leaves by, as moves into the neighbour."""
    stop_links: tuple[tuple[int, ...], ...]
    """For each stop, the stops it is linked to."""

    @classmethod
    def make(cls, tile: TileDef, rotation: int) -> LaidTile:
        """The tile in that rotation; made once per tile and rotation (it depends on
        nothing else, and is never changed), so every hex laid with it shares it.
        Remembered on the tile (a copy of a tile made by ``dataclasses.replace`` shares
        the dict, so what is found there must be of this very tile)."""
        key = ("laid", rotation)
        made: LaidTile | None = tile._cache.get(key)
        if made is None or made.tile is not tile:
            made = tile._cache[key] = cls._make(tile, rotation)
        return made

    @classmethod
    def _make(cls, tile: TileDef, rotation: int) -> LaidTile:
        from_edge: list[list[Target]] = [[] for _ in range(6)]
        from_stop: list[list[Target]] = [[] for _ in tile.stops]
        for a, b in tile.rotated_paths(rotation):
            from_edge[a].append((EDGE, b))
            from_edge[b].append((EDGE, a))
        for i, edges in enumerate(tile.rotated_stop_edges(rotation)):
            for e in sorted(edges):
                from_edge[e].append((STOP, i))
                from_stop[i].append((EDGE, e))
        for i, j in tile.links:
            from_stop[i].append((STOP, j))
            from_stop[j].append((STOP, i))
        by_edge = tuple([tuple(t) for t in from_edge])
        by_stop = tuple([tuple(t) for t in from_stop])
        return cls(tile, rotation, by_edge, by_stop,
                   _steps_of(by_edge), _steps_of(by_stop),
                   *_split(by_edge), *_split(by_stop))


@dataclass
class Reach:
    """What tracing from some stops reached."""

    stops: set[StopRef] = field(default_factory=set)
    entries: dict[Hex, set[int]] = field(default_factory=dict)
    """For each hex, the edges through which a route arrives into it."""

    def enters(self, h: Hex) -> set[int]:
        return self.entries.get(h, set())


class TrackMap:
    """Tiles on hexes, as a graph that tracing can walk."""

    def __init__(self) -> None:
        self.laid: dict[Hex, LaidTile] = {}

    def lay(self, h: Hex, tile: TileDef, rotation: int) -> None:
        """Put ``tile`` on ``h`` (replacing whatever was there)."""
        self.laid[h] = LaidTile.make(tile, rotation)

    def remove(self, h: Hex) -> None:
        self.laid.pop(h, None)

    def copy(self) -> TrackMap:
        new = TrackMap()
        new.laid = dict(self.laid)
        return new

    def trace(self, starts: Iterable[StopRef],
              blocks: Callable[[StopRef], bool] | None = None,
              budget: int = TRACE_BUDGET) -> Reach:
        """Everything a route from ``starts`` (the company's hub stops) can reach, with
        no stop limit and no piece of track used twice.

        A piece of track here is a hex side (where track crosses from one hex into the
        next: a fork's trunk, a city's exit) or a stop (a city is visited once). Each
        route is a trail through those pieces, so a route cannot run down one branch of a
        fork, round a loop and back up the same trunk. The search walks trails depth first
        and drops a trail that reaches a place with a superset of the pieces another trail
        used to get there (that one can go everywhere this one can).

        Starting stops are always left, even if they would block others.

        Trails can be exponentially many on a dense late-game map. If the search has not
        finished after ``budget`` steps, the answer is the state reachability of
        :meth:`_trace_states` instead: it forgets which track a route used, so in rare
        loops (down one branch of a fork, round a loop, back up the trunk) it may admit a
        place no single trail reaches. That reading is documented in docs/lost-atlas-board.md.
        """
        return self.search(starts, blocks, budget).complete()

    def search(self, starts: Iterable[StopRef],
               blocks: Callable[[StopRef], bool] | None = None,
               budget: int = TRACE_BUDGET, laid: dict[Hex, LaidTile] | None = None,
               ) -> TraceSearch:
        """:meth:`trace` as a :class:`TraceSearch` that runs only as far as it is asked.
        ``laid``: the tiles to walk (a snapshot, when the search may be resumed after this
        map changed; by default this map's own)."""
        return TraceSearch(self, starts, blocks, budget, self.laid if laid is None else laid)

    def _reachable_stops(self, starts: Iterable[StopRef],
                         blocks: Callable[[StopRef], bool] | None,
                         laid: dict[Hex, LaidTile]) -> set[StopRef]:
        """The stops of :meth:`_trace_states` (the same reachability: the same moves, the
        same stops passed and blocked), found without recording entries, so an arrival
        is followed only into a hex that has a tile."""
        stops: set[StopRef] = set(starts)
        first = set(stops)
        stack = list(stops)
        seen_arrivals: set[tuple[Hex, int]] = set()
        while stack:
            ref = stack.pop()
            if ref not in first and blocks is not None and blocks(ref):
                continue
            h, i = ref
            tile = laid.get(h)
            if tile is None or i >= len(tile.from_stop):
                continue
            for j in tile.stop_links[i]:
                if (h, j) not in stops:
                    stops.add((h, j))
                    stack.append((h, j))
            # every arrival this stop's track leads to, hex by hex
            moves: list[tuple[Hex, tuple[Exit, ...]]] = [(h, tile.stop_exits[i])]
            while moves:
                h, exits = moves.pop()
                q, r = h
                for dq, dr, back in exits:
                    n = (q + dq, r + dr)
                    on = laid.get(n)
                    if on is not None:
                        item = (n, back)
                        if item not in seen_arrivals:
                            seen_arrivals.add(item)
                            for j in on.edge_stops[back]:
                                if (n, j) not in stops:
                                    stops.add((n, j))
                                    stack.append((n, j))
                            onward = on.edge_exits[back]
                            if onward:
                                moves.append((n, onward))
        return stops

    def _trace_states(self, starts: Iterable[StopRef],
                      blocks: Callable[[StopRef], bool] | None = None,
                      laid: dict[Hex, LaidTile] | None = None) -> Reach:
        """Reachability over (hex, arrival edge) states, forgetting which track was used:
        a superset of the trail answer, found in linear time (the fallback of ``trace``)."""
        reach = Reach()
        laid = self.laid if laid is None else laid
        stops, entries = reach.stops, reach.entries
        stack: list[StopRef] = []
        for start in starts:
            if start not in stops:
                stops.add(start)
                stack.append(start)
        first = set(stops)
        # A work item is either a stop to leave, or (hex, edge) = arriving into hex at edge.
        arrivals: list[tuple[Hex, int]] = []
        seen_arrivals: set[tuple[Hex, int]] = set()
        targets: tuple[Target, ...]
        while stack or arrivals:
            if stack:
                h, i = stack.pop()
                if (h, i) not in first and blocks is not None and blocks((h, i)):
                    continue
                tile = laid.get(h)
                if tile is None or i >= len(tile.from_stop):
                    continue
                targets = tile.from_stop[i]
            else:
                h, e = arrivals.pop()
                arrived = entries.get(h)
                if arrived is None:
                    entries[h] = {e}
                else:
                    arrived.add(e)
                tile = laid.get(h)
                if tile is None:
                    continue
                targets = tile.from_edge[e]
            # leave the stop or the arrival along each of its targets
            for kind, value in targets:
                if kind == EDGE:
                    item = (neighbour(h, value), opposite(value))
                    if item not in seen_arrivals:
                        seen_arrivals.add(item)
                        arrivals.append(item)
                else:
                    ref = (h, value)
                    if ref not in stops:
                        stops.add(ref)
                        stack.append(ref)
        return reach


class TraceSearch:
    """A :meth:`TrackMap.trace` that runs only as far as it is asked.

    The walk is exactly the trace's (the same steps in the same order, the same budget and
    the same fallback), paused each time it reaches something new. ``reach`` holds what
    it has reached so far; every place in it is reached by a real trail, so it only grows,
    and the finished answer (the fallback's included, a superset of the trails) contains
    it. So a question whose answer can only turn from no to yes as more is reached ("is
    this stop reached?", "does some lay reach new track?") may stop at the first yes, and
    needs the finished trace only for a no.
    """

    __slots__ = ("_inputs", "_upper", "_walk", "done", "fell_back", "floor", "on_complete",
                 "reach")

    def __init__(self, track: TrackMap, starts: Iterable[StopRef],
                 blocks: Callable[[StopRef], bool] | None, budget: int,
                 laid: dict[Hex, LaidTile]) -> None:
        self.reach = Reach()
        self.done = False
        self.fell_back = False
        """Whether the walk ran out of steps (``reach`` is then the state reachability)."""
        self.floor: Reach | None = None
        """Places known to be reached by real trails before walking (a caller's
        knowledge, e.g. an earlier board's trace that this board cannot have undone);
        never part of ``reach``."""
        self.on_complete: Callable[[Reach], None] | None = None
        """Called once with the finished reach."""
        starts = list(starts)
        self._walk = self._steps(track, starts, blocks, budget, laid)
        self._inputs: tuple[TrackMap, list[StopRef], Callable[[StopRef], bool] | None,
                            dict[Hex, LaidTile]] | None = (track, starts, blocks, laid)
        """What the walk walks (None once it is done)."""
        self._upper: set[StopRef] | None = None

    @classmethod
    def finished(cls, reach: Reach) -> TraceSearch:
        """A search whose answer is already known."""
        search = cls.__new__(cls)
        search.reach = reach
        search.done = True
        search.fell_back = True  # not known to be only real trails
        search.floor = None
        search.on_complete = None
        search._walk = iter(())
        search._inputs = None
        search._upper = None
        return search

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled (or deep-copied) as its finished answer (a walk in progress is not
        data)."""
        return (TraceSearch.finished, (self.complete(),))

    def upper_stops(self) -> set[StopRef]:
        """A superset of the finished answer's stops, found in linear time: those of the
        state reachability of :meth:`TrackMap._trace_states` (which is the answer itself
        when the trace falls back to it); the answer's once the trace is finished. So
        "is this stop reached?" that this says no to is answered no."""
        if self.done:
            return self.reach.stops
        if self._upper is None:
            assert self._inputs is not None
            track, starts, blocks, laid = self._inputs
            self._upper = track._reachable_stops(starts, blocks, laid)
        return self._upper

    def trail_to(self, h: Hex) -> Reach:
        """Some of what the finished answer reaches in ``h``, found without the trail
        search: a breadth-first walk of the state reachability (the moves of
        :meth:`TrackMap._trace_states`) runs until it meets a first state in ``h`` (and
        the others the same move leads to), and each state in ``h`` it met is kept if
        the way it was met by is a trail (no hex side or stop used twice), which the
        finished answer then reaches too. Empty once the trace is done (ask ``reach``)."""
        found = Reach()
        if self._inputs is None:
            return found
        _, starts, blocks, laid = self._inputs
        Node = tuple[int, Hex, int]
        parent: dict[Node, Node | None] = {}
        queue: deque[Node] = deque()
        met: list[Node] = []  # the states in h met so far
        for start in starts:
            node = (STOP_AT, start[0], start[1])
            if node not in parent:
                parent[node] = None
                queue.append(node)
                if start[0] == h:
                    met.append(node)
        first = set(starts)
        while queue and not met:
            node = queue.popleft()
            kind, at, k = node
            tile = laid.get(at)
            if tile is None:
                continue
            if kind == STOP_AT:
                if (at, k) not in first and blocks is not None and blocks((at, k)):
                    continue
                if k >= len(tile.from_stop):
                    continue
                targets = tile.stop_steps[k]
            else:
                targets = tile.edge_steps[k]
            for target, value, dq, dr, back in targets:
                if target == EDGE:
                    step = (ARRIVE, (at[0] + dq, at[1] + dr), back)
                else:
                    step = (STOP_AT, at, value)
                if step not in parent:
                    parent[step] = node
                    queue.append(step)
                    if step[1] == h:
                        met.append(step)
        for node in met:
            if _is_trail(node, parent):
                if node[0] == STOP_AT:
                    found.stops.add((h, node[2]))
                else:
                    found.entries.setdefault(h, set()).add(node[2])
        return found

    def grow(self) -> Hex | None:
        """Walk on until something new is reached: the hex of the new stop or entry
        (``reach`` has it), or None once the trace is finished."""
        if self.done:
            return None
        found = next(self._walk, None)
        if found is None:
            self._finish()
        return found

    def complete(self) -> Reach:
        """The finished trace (what :meth:`TrackMap.trace` returns)."""
        if not self.done:
            for _ in self._walk:
                pass
            self._finish()
        return self.reach

    def _finish(self) -> None:
        self.done = True
        self._inputs = self._upper = None
        if self.on_complete is not None:
            self.on_complete(self.reach)
            self.on_complete = None

    def _steps(self, track: TrackMap, starts: list[StopRef],
               blocks: Callable[[StopRef], bool] | None, budget: int,
               laid: dict[Hex, LaidTile]) -> Iterator[Hex]:
        reach = self.reach
        stops, entries = reach.stops, reach.entries
        # Pieces get bits in the order the search meets them; a hex side is known from
        # both of its hexes, so each (hex, edge) maps to (bit, neighbour, its edge).
        # A new piece gets the next bit (stops and sides share the numbering); the side
        # and stop bits are made inline below, where the walk first meets them.
        sides: dict[tuple[Hex, int], tuple[int, Hex, int]] = {}
        stop_bits: dict[StopRef, int] = {}
        steps = 0
        seen: dict[tuple[int, Hex, int], list[int]] = {}
        work: list[tuple[int, Hex, int, int, bool]] = []
        for start in starts:
            bit = stop_bits.get(start)
            if bit is None:
                bit = stop_bits[start] = 1 << (len(stop_bits) + len(sides) // 2)
            work.append((STOP_AT, start[0], start[1], bit, True))
        while work:
            steps += 1
            if steps > budget:
                fallback = track._trace_states(starts, blocks, laid)
                reach.stops, reach.entries = fallback.stops, fallback.entries
                self.fell_back = True
                return
            kind, h, k, used, is_start = work.pop()
            key = (kind, h, k)
            previous = seen.get(key)
            if previous is None:
                seen[key] = [used]
            else:
                steps += len(previous)  # the dominance check is work too
                dominated = False
                for p in previous:
                    if p & ~used == 0:
                        dominated = True
                        break
                if dominated:
                    continue
                previous[:] = [p for p in previous if used & ~p] + [used]
            tile = laid.get(h)
            if kind == STOP_AT:
                ref = (h, k)
                if ref not in stops:
                    stops.add(ref)
                    yield h
                if not is_start and blocks is not None and blocks(ref):
                    continue
                if tile is None or k >= len(tile.from_stop):
                    continue
                targets = tile.from_stop[k]
            else:
                arrived = entries.get(h)
                if arrived is None:
                    entries[h] = {k}
                    yield h
                elif k not in arrived:
                    arrived.add(k)
                    yield h
                if tile is None:
                    continue
                targets = tile.from_edge[k]
            for target, value in targets:
                if target == EDGE:
                    found = sides.get((h, value))
                    if found is None:  # a new hex side: known from both of its hexes
                        dq, dr = DIRECTIONS[value]
                        n, back = (h[0] + dq, h[1] + dr), (value + 3) % 6
                        piece = 1 << (len(stop_bits) + len(sides) // 2)
                        sides[(h, value)] = (piece, n, back)
                        sides[(n, back)] = (piece, h, value)
                    else:
                        piece, n, back = found
                    if used & piece:
                        continue
                    work.append((ARRIVE, n, back, used | piece, False))
                else:
                    ref = (h, value)
                    bit = stop_bits.get(ref)
                    if bit is None:
                        bit = stop_bits[ref] = 1 << (len(stop_bits) + len(sides) // 2)
                    piece = bit
                    if used & piece:
                        continue
                    work.append((STOP_AT, h, value, used | piece, False))


def _is_trail(node: tuple[int, Hex, int],
              parent: dict[tuple[int, Hex, int], tuple[int, Hex, int] | None]) -> bool:
    """Is the way back from ``node`` through ``parent`` to a start a trail: no stop and
    no hex side in it twice? (An arrival into (h, e) crossed the side of h's edge e,
    known by the lesser of its two hexes' ends.)"""
    used: set[tuple[Hex, int, bool]] = set()
    at: tuple[int, Hex, int] | None = node
    while at is not None:
        kind, h, k = at
        if kind == STOP_AT:
            piece = (h, k, True)
        else:
            dq, dr = DIRECTIONS[k]
            piece = min((h, k, False), ((h[0] + dq, h[1] + dr), (k + 3) % 6, False))
        if piece in used:
            return False
        used.add(piece)
        at = parent[at]
    return True
