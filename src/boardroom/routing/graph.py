"""The reduced graph the search runs on (after the Rails revenue calculator's
``optimizeGraph``): only what a route of the company could use, with runs of track
contracted into segments.

Steps, each keeping every legal route:

1. **Reach.** Walk from the company's hubs the way a train moves (leave a junction on the
   side opposite the arrival; stop at a terminal or at a blocked stop unless blocked stops
   may be passed) and keep only the tracks that walk uses. It ignores the no-reuse rules,
   so it keeps a superset of what a route can use.
2. **Dead ends.** A junction with no track on one side cannot be passed and a route never
   ends at a junction, so its tracks go; repeated until nothing changes. A track joining
   two stops of one city group (or a stop to itself) is never usable by one train and goes.
3. **Contraction.** A junction with exactly one track on each side is a bend in a run of
   track: its two tracks become one segment. What is left are stops and real switches
   (fork trunks: one side with one track, the other with several).
4. **Pieces.** A segment uses the union of its tracks' pieces. Pieces used by exactly the
   same segments are merged into one bit, so in the usual case (no piece in two tracks)
   every segment has a single bit of its own.

Vertices are renumbered: the hub stops first (so a route's *anchor*, its lowest hub,
is enumerated once), then the other stops, then the junctions, each in problem order.

>>> from boardroom.routing.problem import RouteProblem, Stop, Track
>>> p = RouteProblem((Stop(20, 0, hub=True), Stop(30, 1)),
...                  (Track(0, 2, 1), Track(2, 3, 2, 1, 0), Track(3, 1, 4, 1)), (2,),
...                  junctions=2)
>>> g = reduce(p)
>>> [(s.a, s.b, s.tracks) for s in g.segments]
[(0, 1, ((0, 1), (1, 1), (2, 1)))]
"""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.routing.problem import RouteProblem


@dataclass(frozen=True)
class Segment:
    """A run of track between two vertices of the reduced graph."""

    a: int
    b: int
    a_side: int
    b_side: int
    mask: int
    """The segment's piece bits in the reduced graph's compressed numbering."""
    pieces: int
    """The problem's pieces it uses."""
    tracks: tuple[tuple[int, int], ...]
    """The problem's tracks from ``a`` to ``b``: (track, 1 if run a->b else 0)."""


@dataclass(frozen=True)
class ReducedGraph:
    nodes: tuple[int, ...]
    """The problem node of each vertex."""
    n_hubs: int
    n_stops: int
    """Vertices ``0 .. n_hubs-1`` are hubs, ``.. n_stops-1`` stops, the rest junctions."""
    segments: tuple[Segment, ...]

    @property
    def vertices(self) -> int:
        return len(self.nodes)


def _reachable_tracks(problem: RouteProblem) -> list[bool]:
    """Which tracks a walk from the hubs, moving like a train, can use."""
    stops = problem.stops
    n_stops = len(stops)
    pass_blocked = problem.rules.pass_blocked
    # A state is a node and the side it was arrived at, numbered node * 3 + 1 + side; at
    # a stop the side is -1 (any track may follow). Per node, each track's end there:
    # (track, the side it leaves by, the state it arrives in).
    leaving: list[list[tuple[int, int, int]]] = [[] for _ in range(problem.nodes)]
    for k, t in enumerate(problem.tracks):
        a, b = t.a, t.b
        leaving[a].append((k, t.a_side, 3 * b if b < n_stops else 3 * b + 1 + t.b_side))
        leaving[b].append((k, t.b_side, 3 * a if a < n_stops else 3 * a + 1 + t.a_side))
    used = [False] * len(problem.tracks)
    seen = bytearray(3 * problem.nodes)
    work: list[int] = []
    for i, s in enumerate(stops):
        if s.hub:
            seen[3 * i] = 1
            work.append(3 * i)
    while work:
        state = work.pop()
        node, side = divmod(state, 3)
        if node < n_stops:
            s = stops[node]
            if not s.hub and (s.terminal or (s.blocked and not pass_blocked)):
                continue
            side = -2  # no track leaves a stop on a side it was arrived at
        else:
            side -= 1
        for k, leave, nxt in leaving[node]:
            if leave == side:
                continue
            used[k] = True
            if not seen[nxt]:
                seen[nxt] = 1
                work.append(nxt)
    return used


def _reversed_run(run: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """A segment's tracks walked the other way."""
    return tuple([(k, 1 - d) for k, d in reversed(run)])


def _compressed_masks(pieces: list[int]) -> list[int]:
    """Each segment's bits (its problem pieces given in ``pieces``) with pieces used by
    the same set of segments sharing one bit, renumbered densely. When no piece is used
    by two segments (the usual case) that is one bit per segment, in order."""
    seen = 0
    for p in pieces:
        if p & seen:
            break
        seen |= p
    else:
        return [1 << pos for pos in range(len(pieces))]
    users: dict[int, list[int]] = {}
    for pos, p in enumerate(pieces):
        while p:
            low = p & -p
            users.setdefault(low.bit_length() - 1, []).append(pos)
            p ^= low
    classes: dict[tuple[int, ...], int] = {}
    for bit in sorted(users):
        key = tuple(users[bit])
        if key not in classes:
            classes[key] = len(classes)
    masks = [0] * len(pieces)
    shared = [False] * len(pieces)
    for key in classes:
        if len(key) > 1:
            for pos in key:
                shared[pos] = True
    for key, bit in classes.items():
        if len(key) == 1 and shared[key[0]]:
            continue  # its shared bits already stop the segment being used twice
        for pos in key:
            masks[pos] |= 1 << bit
    # Renumber the bits densely.
    dense: dict[int, int] = {}
    out_masks = []
    for m in masks:
        out = 0
        while m:
            low = m & -m
            bit = low.bit_length() - 1
            if bit not in dense:
                dense[bit] = len(dense)
            out |= 1 << dense[bit]
            m ^= low
        out_masks.append(out)
    return out_masks


def reduce(problem: RouteProblem) -> ReducedGraph:
    """The reduced graph of ``problem`` (see the module text)."""
    stops = problem.stops
    n_stops = len(stops)
    tracks = problem.tracks
    n_nodes = problem.nodes
    alive_track = _reachable_tracks(problem)

    seg_a: list[int] = []
    seg_b: list[int] = []
    seg_as: list[int] = []
    seg_bs: list[int] = []
    seg_pieces: list[int] = []
    seg_tracks: list[tuple[tuple[int, int], ...]] = []
    seg_alive: list[bool] = []
    incident: list[dict[int, None]] = [{} for _ in range(n_nodes)]

    group = [s.group for s in stops]

    def add(a: int, b: int, a_side: int, b_side: int, pieces: int,
            run: tuple[tuple[int, int], ...]) -> None:
        s = len(seg_a)
        seg_a.append(a)
        seg_b.append(b)
        seg_as.append(a_side)
        seg_bs.append(b_side)
        seg_pieces.append(pieces)
        seg_tracks.append(run)
        live = a >= n_stops or b >= n_stops or group[a] != group[b]
        seg_alive.append(live)
        if live:
            incident[a][s] = None
            incident[b][s] = None

    def kill(s: int) -> None:
        seg_alive[s] = False
        incident[seg_a[s]].pop(s, None)
        incident[seg_b[s]].pop(s, None)

    for k, t in enumerate(tracks):
        if alive_track[k]:
            add(t.a, t.b, t.a_side, t.b_side, t.pieces, ((k, 1),))

    work = list(range(n_nodes - 1, n_stops - 1, -1))
    queued = [True] * n_nodes

    def push(node: int) -> None:
        if node >= n_stops and not queued[node]:
            queued[node] = True
            work.append(node)

    while work:
        j = work.pop()
        queued[j] = False
        at_j = incident[j]
        if not at_j:
            continue
        # The segments' ends at j: (segment, 0 for its a end or 1 for its b end, side).
        ends = []
        for s in at_j:
            if seg_a[s] == j:
                ends.append((s, 0, seg_as[s]))
            if seg_b[s] == j:
                ends.append((s, 1, seg_bs[s]))
        if len(ends) == 2:  # the usual junction: a bend, or a dead end
            dead_end = ends[0][2] == ends[1][2]
        else:
            side0 = ends[0][2]
            dead_end = all(side == side0 for _, _, side in ends)
        if dead_end:
            # Dead end: nothing can pass this junction.
            for s, _, _ in ends:
                if seg_alive[s]:
                    kill(s)
                    push(seg_a[s])
                    push(seg_b[s])
            continue
        if len(ends) != 2:
            continue
        (s1, e1, _), (s2, e2, _) = ends
        if s1 == s2 or seg_pieces[s1] & seg_pieces[s2]:
            # A closed loop of track with no stop on it, or two runs sharing a piece:
            # nothing can pass this junction.
            kill(s1)
            kill(s2)
            push(seg_a[s1])
            push(seg_b[s1])
            push(seg_a[s2])
            push(seg_b[s2])
            continue
        # Orient s1 so it ends at j and s2 so it starts at j.
        if e1 == 0:
            x, xs = seg_b[s1], seg_bs[s1]
            first = _reversed_run(seg_tracks[s1])
        else:
            x, xs = seg_a[s1], seg_as[s1]
            first = seg_tracks[s1]
        if e2 == 0:
            y, ys = seg_b[s2], seg_bs[s2]
            second = seg_tracks[s2]
        else:
            y, ys = seg_a[s2], seg_as[s2]
            second = _reversed_run(seg_tracks[s2])
        kill(s1)
        kill(s2)
        add(x, y, xs, ys, seg_pieces[s1] | seg_pieces[s2], first + second)
        push(x)
        push(y)

    live = [s for s in range(len(seg_a)) if seg_alive[s]]
    touched = set()
    for s in live:
        touched.add(seg_a[s])
        touched.add(seg_b[s])
    hubs = [i for i in range(n_stops) if stops[i].hub]
    others = [i for i in range(n_stops) if not stops[i].hub and i in touched]
    junctions = [j for j in range(n_stops, n_nodes) if j in touched]
    nodes = tuple(hubs + others + junctions)
    index = {node: v for v, node in enumerate(nodes)}

    out_masks = _compressed_masks([seg_pieces[s] for s in live])

    segments = []
    for pos, s in enumerate(live):
        a, b = index[seg_a[s]], index[seg_b[s]]
        if a <= b:
            segments.append(Segment(a, b, seg_as[s], seg_bs[s], out_masks[pos], seg_pieces[s],
                                    seg_tracks[s]))
        else:
            run = _reversed_run(seg_tracks[s])
            segments.append(Segment(b, a, seg_bs[s], seg_as[s], out_masks[pos], seg_pieces[s],
                                    run))
    return ReducedGraph(nodes, len(hubs), len(hubs) + len(others), tuple(segments))
