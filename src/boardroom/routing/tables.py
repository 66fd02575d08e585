"""The search's tables: the reduced graph (``graph``) as stop-to-stop *moves* and flat
tuples the hot loops read, built once per problem (both the Python search and the
compiled one, ``_bnb.c``, read them). What each table means for the search is stated in
``docs/routing.md``, "The search's invariants"; the names there are these attributes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from boardroom.routing.graph import ReducedGraph
from boardroom.routing.problem import RouteProblem

NORMAL, END_ONLY, PASSABLE = 0, 1, 2
"""A stop's kind: a route may pass it; only end there; pass it for its bonus only."""
BIG = 1 << 30
"""An unlimited train's capacity (and "no bound")."""

Arm = tuple[int, ...]
"""Move ids from the anchor outwards."""
Snap = tuple[tuple[int, Arm, Arm], ...]
"""A solution as found: per train (in search order) the anchor, top arm and bottom arm;
trains beyond the end run nothing."""
Segs = tuple[tuple[int, bool], ...]
"""A move's segments, in order, each with whether it is walked from ``a`` to ``b``."""
N = TypeVar("N", int, float)
"""A value: ints in the search's tables, floats in ``packing``'s priced ones."""


def bits(mask: int) -> list[int]:
    """The bits set in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def route_bits(masks: Sequence[int]) -> dict[int, int]:
    """Per piece bit, the bitset of the routes (by index in ``masks``, their pieces) that
    use it: a route blocks every route in the union of its bits' rows."""
    width = (len(masks) + 7) // 8
    per_bit: dict[int, bytearray] = {}
    for idx, mask in enumerate(masks):
        byte, bit = divmod(idx, 8)
        for b in bits(mask):
            row = per_bit.get(b)
            if row is None:
                row = per_bit[b] = bytearray(width)
            row[byte] |= 1 << bit
    return {b: int.from_bytes(row, "little") for b, row in per_bit.items()}


def group_sums(groups: Sequence[int], worth: Sequence[N], zero: N
               ) -> tuple[tuple[N, ...], int]:
    """The count bound's table: ``top[r]`` is the sum of the ``r`` best groups' values
    (a group's value: its best stop's ``worth``), and the number of groups."""
    best: dict[int, N] = {}
    for g, x in zip(groups, worth, strict=True):
        best[g] = max(best.get(g, zero), x)
    values = sorted(best.values(), reverse=True)
    top = [zero]
    for x in values:
        top.append(top[-1] + x)
    return tuple(top), len(values)


def ends_near(relax: Sequence[int], end_mask: int, worth: Sequence[N]
              ) -> tuple[tuple[tuple[N, int], ...], ...]:
    """Per vertex of the relaxation graph, the end-only stops beside it as (``worth``,
    bit), best first: a chain may end on one of them."""
    out: list[tuple[tuple[N, int], ...]] = []
    for adj in relax:
        ends = adj & end_mask
        if not ends:  # most vertices: no end-only stop beside them
            out.append(())
            continue
        near = [(worth[w], 1 << w) for w in bits(ends)]
        near.sort(key=lambda e: (-e[0], e[1]))
        out.append(tuple(near))
    return tuple(out)


def snap_pieces(tables: Tables, snap: Snap) -> int:
    """The pieces a solution's routes use (the bitset)."""
    move_pieces = tables.move_pieces
    used = 0
    for _, top_arm, bot_arm in snap:
        for mi in top_arm + bot_arm:
            used |= move_pieces[mi]
    return used


class Tables:
    """The reduced graph as stop-to-stop moves and flat tuples for the hot loop."""

    def __init__(self, problem: RouteProblem, graph: ReducedGraph) -> None:
        self.graph = graph
        ns = self.ns = graph.n_stops
        self.nh = graph.n_hubs
        val, bon, kind, group_key = _stop_tables(problem, graph)
        members: dict[int, int] = {}
        for v in range(ns):
            members[group_key[v]] = members.get(group_key[v], 0) | (1 << v)
        gvm = [members[group_key[v]] for v in range(ns)]
        self.val, self.bon, self.kind, self.gvm = tuple(val), tuple(bon), tuple(kind), tuple(gvm)
        potential = [val[v] + bon[v] for v in range(ns)]
        self._set_moves(graph, gvm, potential)
        self.top, self.n_groups = group_sums(group_key, potential, 0)
        self.pass_extra = sum([bon[v] for v in range(ns) if kind[v] == PASSABLE])
        self._set_relaxation(graph, potential)

    def _set_moves(self, graph: ReducedGraph, gvm: list[int], potential: list[int]) -> None:
        """``moves`` (per stop, best target first), ``move_segs``, ``move_pieces``,
        ``move_passes`` (the junctions a move passes) and ``sadj`` (the stops a stop's
        moves reach, as a bitset)."""
        ns = self.ns
        moves, move_segs = _moves(graph, gvm)
        self.move_segs = move_segs
        move_pieces = [0] * len(move_segs)
        for v in range(ns):
            for mask, _, mi in moves[v]:
                move_pieces[mi] = mask
        self.move_pieces = tuple(move_pieces)
        # The junctions a move passes (a route passes a junction once when one of its
        # sides has a single track): the bound treats them as visited.
        passes = []
        for segs in move_segs:
            mask = 0
            for si, fwd in segs[:-1]:
                seg = graph.segments[si]
                mask |= 1 << (seg.b if fwd else seg.a)
            passes.append(mask)
        self.move_passes = tuple(passes)
        ordered = []
        sadj = [0] * ns
        for v in range(ns):
            mv = sorted(moves[v], key=lambda e: (-potential[e[1]], e[2]))
            ordered.append(tuple(mv))
            for _, w, _ in mv:
                sadj[v] |= 1 << w
        self.moves = tuple(ordered)
        self.sadj = tuple(sadj)

    def _set_relaxation(self, graph: ReducedGraph, potential: list[int]) -> None:
        """The block-cut bound's graph (``relax``, ``n_relax``, ``relax_junctions``), what
        each vertex adds to a chain (``flow``, ``stop_end``, ``end_mask``, ``ends_near``)
        and ``transpose`` (docs/routing.md, "The search's invariants")."""
        ns, val, bon, kind = self.ns, self.val, self.bon, self.kind
        nv = graph.vertices
        simple = _junctions_passed_once(graph)
        if simple:
            relax = [0] * nv
            for seg in graph.segments:
                if seg.a != seg.b:
                    relax[seg.a] |= 1 << seg.b
                    relax[seg.b] |= 1 << seg.a
        else:
            relax = list(self.sadj)
            nv = ns
        self.relax_junctions = simple
        self.transpose = simple and _pieces_disjoint(graph)
        """A single train's future depends only on where it is and what it has visited
        (so a search may remember positions): true when every junction is passed at most
        once and no two segments share a piece."""
        self.relax = tuple(relax)
        self.n_relax = nv
        # A stop adds its flow when the path passes it; a blocked stop that may be passed
        # adds only its bonus then, and its value too if the path ends there (stop_end).
        # (Lists, not generators, in this set-up: a generator costs more to start.)
        self.flow = tuple([0 if v >= ns or kind[v] == END_ONLY else
                           bon[v] if kind[v] == PASSABLE else val[v] + bon[v]
                           for v in range(nv)])
        self.stop_end = tuple([val[v] if v < ns and kind[v] == PASSABLE else 0
                               for v in range(nv)])
        end_mask = 0
        for v in range(ns):
            if kind[v] == END_ONLY:
                end_mask |= 1 << v
        self.end_mask = end_mask
        self.ends_near = ends_near(relax, end_mask, potential)


def _stop_tables(problem: RouteProblem, graph: ReducedGraph
                 ) -> tuple[list[int], list[int], list[int], list[int]]:
    """Per stop of the reduced graph: value, bonus, kind and group."""
    stops, rules = problem.stops, problem.rules
    ns = graph.n_stops
    val = [0] * ns
    bon = [0] * ns
    kind = [NORMAL] * ns
    group_key = [0] * ns
    for v in range(ns):
        s = stops[graph.nodes[v]]
        val[v], bon[v], group_key[v] = s.value, s.bonus, s.group
        if s.terminal:
            kind[v] = END_ONLY
        elif s.blocked:
            kind[v] = PASSABLE if rules.pass_blocked else END_ONLY
    return val, bon, kind, group_key


def _junctions_passed_once(graph: ReducedGraph) -> bool:
    """Whether every junction has a single track on one of its sides (a route then
    passes it at most once, so it is a vertex of a simple path)."""
    ns = graph.n_stops
    sides: dict[tuple[int, int], int] = {}
    for seg in graph.segments:
        for v, side in ((seg.a, seg.a_side), (seg.b, seg.b_side)):
            if v >= ns:
                sides[(v, side)] = sides.get((v, side), 0) + 1
    return all(min(sides.get((j, 0), 0), sides.get((j, 1), 0)) <= 1
               for j in range(ns, graph.vertices))


def _pieces_disjoint(graph: ReducedGraph) -> bool:
    """Whether no two segments share a piece."""
    seen_bits = 0
    for seg in graph.segments:
        if seg.mask & seen_bits:
            return False
        seen_bits |= seg.mask
    return True


Exit = tuple[int, int, int, int, bool]
"""A segment leaving a vertex's side: (pieces, far vertex, far side, segment, forward)."""


def _moves(graph: ReducedGraph, gvm: list[int]
           ) -> tuple[list[list[tuple[int, int, int]]], list[Segs]]:
    """Every stop-to-stop run through junctions only, per stop (undominated), as
    (pieces, stop reached, move id), and each move's segments."""
    nv, ns = graph.vertices, graph.n_stops
    out_of: list[list[list[Exit]]] = [[[], []] for _ in range(nv)]
    for si, seg in enumerate(graph.segments):
        for v, vs, w, ws, fwd in ((seg.a, seg.a_side, seg.b, seg.b_side, True),
                                  (seg.b, seg.b_side, seg.a, seg.a_side, False)):
            entry = (seg.mask, w, ws, si, fwd)
            if v < ns:
                out_of[v][0].append(entry)
                out_of[v][1].append(entry)
            else:
                out_of[v][1 - vs].append(entry)
    moves: list[list[tuple[int, int, int]]] = [[] for _ in range(ns)]
    move_segs: list[Segs] = []
    for u in range(ns):
        # Every run from u through junctions to a stop of another group, depth first.
        found: list[tuple[int, int, Segs]] = []
        path: list[tuple[int, bool]] = []

        def walk(v: int, side: int, mask: int, u: int = u,
                 found: list[tuple[int, int, Segs]] = found,
                 path: list[tuple[int, bool]] = path) -> None:
            for m, w, ws, si, fwd in out_of[v][side]:
                if m & mask:
                    continue
                path.append((si, fwd))
                if w < ns:
                    if not gvm[u] >> w & 1:
                        found.append((mask | m, w, tuple(path)))
                else:
                    walk(w, ws, mask | m)
                path.pop()

        walk(u, 0, 0)
        _keep_undominated(found, moves[u], move_segs)
    return moves, move_segs


def _keep_undominated(found: list[tuple[int, int, Segs]], moves: list[tuple[int, int, int]],
                      move_segs: list[Segs]) -> None:
    """Add to a stop's ``moves`` (and to ``move_segs``) the runs ``found`` that no other
    run to the same stop dominates (using fewer pieces, or the same pieces through
    segments that come first), in their order."""
    to: dict[int, list[tuple[int, Segs]]] = {}
    for mask, w, segs in found:
        to.setdefault(w, []).append((mask, segs))
    for mask, w, segs in found:
        rivals = to[w]
        dominated = len(rivals) > 1 and any(
            (m2 != mask and m2 & mask == m2) or (m2 == mask and s2 < segs)
            for m2, s2 in rivals
        )
        if not dominated:
            moves.append((mask, w, len(move_segs)))
            move_segs.append(segs)
