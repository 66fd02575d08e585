"""The branch and bound: one depth-first search over the routes of all the company's
trains, after the Rails revenue calculator (``RevenueCalculator``).

**Moves.** On the reduced graph (``graph``), every way a train can go from a stop to the
next stop through junctions only is listed once per stop as a *move*: the stop reached and
the bitset of segments used (a move whose segments include another's to the same stop is
dropped: it only uses more track). The search walks from stop to stop by moves, stops of
higher value first.

**One route.** A route is built from its *anchor*, the lowest-numbered hub on it (hubs are
numbered first, and a route may not touch a hub below its anchor, so each route has one
anchor): the *top arm* leaves the anchor and is extended stop by stop; wherever it may
end, the route is either finished there or continued by the *bottom arm*, which leaves
the anchor by a move of higher index than the top arm's first (so a two-armed route is
built in one orientation only). A local route is the anchor alone.

**All trains.** Trains are searched biggest first (∞ first). The first train's route is
searched; what the other trains can add (*the rest*) is the optimum of the same search on
the pieces the first route leaves. The rest never rises as the first route grows, so a
rest found at one node bounds every node below it.

With two trains, the second train's routes worth more than the least that could matter
are listed up front, best first (a *catalogue*: every route above its floor, up to
``CATALOGUE`` of them), with a bitset per move of the catalogue routes that move blocks.
The best catalogue route the first route has not blocked is the rest, exactly, in two
big-int operations per node; when all are blocked the rest is at most the floor. Where
that is not enough to prune, the routes of the second train that could still matter at
this node (worth more than the bound leaves, sharing no piece with the first route) are
listed again for the subtree below (up to ``RELIST``): none means the node is pruned.
With three trains or more, the rest is a search of its own, redone (first as a yes/no
question against the bound, fully where a route ends) when the first route takes a piece
the known rest uses; with three, that search is the two-train one above, on a catalogue
of the last train's routes listed once for the whole search.

**Bounds.** At every node: this route so far + the most it could add + the rest (a bound
or exact). The most a route could add is bounded by

* the ``r`` best stop values, for ``r`` stops still countable;
* the train's optimum alone (each train size is solved alone first, smallest first, by
  the same search; the best first train plus the best rest is the first incumbent);
* when at least ``BLOCK_MIN`` stops are still countable, the block-cut bound: in the
  graph of what the route has not visited, a path that leaves a biconnected block through
  a cut vertex never comes back, so from an open end it collects at most one chain of
  blocks of the block-cut tree (a Distant Destination or a city it may not pass only as
  its last stop, a blocked city Overnight passes only for its bonus unless it ends there).
  The route's two open ends (the arm's end, and the anchor while the bottom arm is to
  come) add a chain each; at the anchor with both arms to come, two chains. The graph is
  the reduced graph with its junctions (a route passes a Lost Atlas junction once), or the
  graph of moves when some junction could be passed twice. Memoised on (end, visited).

With two identical trains the first runs the better route, so the rest counts at most
what the first route can still reach. A single train's future depends only on where it is
and what it has visited (when no junction can be passed twice and no two segments share a
piece), so its search remembers each position's bound (a transposition table).

**Determinism.** Everything is ordered by indices and values; no set or dict iteration
order matters, so a problem gives the same routes on any machine.

**Kernel.** ``_bnb.c`` (built by ``pip install`` when a C compiler is there) runs
``collect``, ``run_pair`` and ``run`` (with its nested search, the block-cut bound and
both memos) on the tables built here, visiting the same nodes in the same order: the
same routes, total, proof and node count, so a budget stops it where it stops the Python
search. ``solve_with`` uses it unless ``BOARDROOM_PURE_PYTHON_ROUTES=1`` or a ``hard``
hand-over is given (``tests/test_routing_kernel.py`` checks the two paths agree).

**Budget.** With ``node_budget`` the search stops after that many nodes (bound searches
included) and answers the best found, ``proven=False``; each train it had not placed then
gets the best route another budget's worth of nodes finds on the pieces left (or a local
route at the best hub), so at most (1 + such trains) x the budget nodes are visited.
"""

from __future__ import annotations

import os
import sys
from array import array
from collections.abc import Callable
from dataclasses import dataclass

from boardroom.routing.graph import ReducedGraph, reduce
from boardroom.routing.problem import Route, RouteProblem, RouteResult
from boardroom.routing.validate import route_of

try:
    from boardroom.routing import _bnb
except ImportError:  # pragma: no cover - built without a C compiler
    _bnb = None  # type: ignore[assignment]

KERNEL_BUILT = _bnb is not None
"""Whether the compiled search (``_bnb.c``, built by ``pip install``) is importable."""
KERNEL = KERNEL_BUILT and os.environ.get("BOARDROOM_PURE_PYTHON_ROUTES", "") in ("", "0")
"""Whether ``solve_with`` uses it by default (``BOARDROOM_PURE_PYTHON_ROUTES=1``: never).
Both paths visit the same nodes and answer the same routes (``tests/test_routing_kernel.py``),
so the choice changes only the time taken."""
KERNEL_MAX_STOPS = 500
"""The compiled search's arms hold at most this many stops; bigger graphs use Python."""
KERNEL_MAX_VERTICES = 512
"""Nor does it take more vertices (stops and junctions) than this."""

NORMAL, END_ONLY, PASSABLE = 0, 1, 2
BIG = 1 << 30
BLOCK_MIN = 4
"""Use the block-cut bound when at least this many stops may still be counted."""
CATALOGUE = 3000
"""At most this many of the second train's routes are listed up front (two trains)."""
PAIR_CATALOGUE = 10_000
"""With three trains: at most this many of the last train's routes, listed once for the
rest's two-train search (``dense_grey_001`` major5: 1,000 of them leave 193.5 million
nodes, 3,000 52.0 million, 10,000 32.6 million, as do 30,000 and 100,000)."""
RELIST = 300
"""At most this many are listed again below a node where every listed route is blocked."""
HARD_AFTER = 300_000
"""Nodes of the search of all the trains after which a ``hard`` solver takes over."""

Arm = tuple[int, ...]
"""Move ids from the anchor outwards."""
Snap = tuple[tuple[int, Arm, Arm], ...]
"""A solution as found: per train (in search order) the anchor, top arm and bottom arm;
trains beyond the end run nothing."""


class _OutOfBudget(Exception):
    pass


class _Reached(Exception):
    """The incumbent reached a known upper bound: it is optimal."""


@dataclass(frozen=True)
class _Catalogue:
    """A train's routes worth more than ``floor``, best first (all of them)."""

    values: tuple[int, ...]
    snaps: tuple[tuple[int, Arm, Arm], ...]
    conflicts: tuple[int, ...]
    """Per move: the bitset of catalogue routes that share a piece with it."""
    floor: int


@dataclass
class _Outcome:
    best: int
    snap: Snap
    complete: bool


def _snap_pieces(tables: _Tables, snap: Snap) -> int:
    """The pieces a solution's routes use (the bitset)."""
    move_pieces = tables.move_pieces
    used = 0
    for _, top_arm, bot_arm in snap:
        for mi in top_arm + bot_arm:
            used |= move_pieces[mi]
    return used


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Tables:
    """The reduced graph as stop-to-stop moves and flat tuples for the hot loop."""

    def __init__(self, problem: RouteProblem, graph: ReducedGraph) -> None:
        stops = problem.stops
        rules = problem.rules
        self.graph = graph
        ns, nh = graph.n_stops, graph.n_hubs
        self.ns, self.nh = ns, nh
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
        members: dict[int, int] = {}
        for v in range(ns):
            members[group_key[v]] = members.get(group_key[v], 0) | (1 << v)
        gvm = [members[group_key[v]] for v in range(ns)]
        self.val, self.bon, self.kind, self.gvm = tuple(val), tuple(bon), tuple(kind), tuple(gvm)

        moves, move_segs = self._moves(graph, gvm)
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
        potential = [val[v] + bon[v] for v in range(ns)]
        ordered = []
        sadj = [0] * ns
        for v in range(ns):
            mv = sorted(moves[v], key=lambda e: (-potential[e[1]], e[2]))
            ordered.append(tuple(mv))
            for _, w, _ in mv:
                sadj[v] |= 1 << w
        self.moves = tuple(ordered)
        self.sadj = tuple(sadj)


        # Count bound: the r best group values.
        group_best: dict[int, int] = {}
        for v in range(ns):
            g = group_key[v]
            group_best[g] = max(group_best.get(g, 0), val[v] + bon[v])
        values = sorted(group_best.values(), reverse=True)
        top = [0]
        for x in values:
            top.append(top[-1] + x)
        self.top = tuple(top)
        self.n_groups = len(values)
        self.pass_extra = sum([bon[v] for v in range(ns) if kind[v] == PASSABLE])

        # Block-cut bound. It runs on the reduced graph with its junctions when every
        # junction has a single track on one side (a route then passes it at most once, so
        # it is a vertex of a simple path), else on the graph of moves between stops.
        nv = graph.vertices
        sides: dict[tuple[int, int], int] = {}
        for seg in graph.segments:
            for v, side in ((seg.a, seg.a_side), (seg.b, seg.b_side)):
                if v >= ns:
                    sides[(v, side)] = sides.get((v, side), 0) + 1
        simple = all(min(sides.get((j, 0), 0), sides.get((j, 1), 0)) <= 1
                     for j in range(ns, nv))
        if simple:
            relax = [0] * nv
            for seg in graph.segments:
                if seg.a != seg.b:
                    relax[seg.a] |= 1 << seg.b
                    relax[seg.b] |= 1 << seg.a
        else:
            relax = list(sadj)
            nv = ns
        self.relax_junctions = simple
        seen_bits = 0
        disjoint = True
        for seg in graph.segments:
            if seg.mask & seen_bits:
                disjoint = False
            seen_bits |= seg.mask
        self.transpose = simple and disjoint
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
        ends_near: list[tuple[tuple[int, int], ...]] = []
        for v in range(nv):
            ends = relax[v] & end_mask
            if not ends:  # most vertices: no end-only stop beside them
                ends_near.append(())
                continue
            near = [(val[w] + bon[w], 1 << w) for w in _bits(ends)]
            near.sort(key=lambda e: (-e[0], e[1]))
            ends_near.append(tuple(near))
        self.ends_near = tuple(ends_near)

    @staticmethod
    def _moves(graph: ReducedGraph, gvm: list[int]
               ) -> tuple[list[list[tuple[int, int, int]]], list[tuple[tuple[int, bool], ...]]]:
        """Every stop-to-stop run through junctions only, per stop (undominated)."""
        nv, ns = graph.vertices, graph.n_stops
        out_of: list[list[list[tuple[int, int, int, int, bool]]]] = [
            [[], []] for _ in range(nv)
        ]
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
        move_segs: list[tuple[tuple[int, bool], ...]] = []
        for u in range(ns):
            found: list[tuple[int, int, tuple[tuple[int, bool], ...]]] = []
            path: list[tuple[int, bool]] = []

            def walk(v: int, side: int, mask: int, u: int = u,
                     found: list[tuple[int, int, tuple[tuple[int, bool], ...]]] = found,
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
            to: dict[int, list[tuple[int, tuple[tuple[int, bool], ...]]]] = {}
            for mask, w, segs in found:
                to.setdefault(w, []).append((mask, segs))
            for mask, w, segs in found:
                # Dominated: another run to w uses fewer pieces, or the same pieces
                # through segments that come first.
                rivals = to[w]
                dominated = len(rivals) > 1 and any(
                    (m2 != mask and m2 & mask == m2) or (m2 == mask and s2 < segs)
                    for m2, s2 in rivals
                )
                if not dominated:
                    moves[u].append((mask, w, len(move_segs)))
                    move_segs.append(segs)
        return moves, move_segs


class _Search:
    """Searches over lists of train capacities (BIG for ∞), sharing one node count."""

    def __init__(self, tables: _Tables, local: bool, budget: int | None) -> None:
        self.t = tables
        self.local = local
        self.budget = budget if budget is not None else -1
        self.nodes = 0
        self.memo: dict[int, int] = {}

    def chain(self, x: int, allowed: int, two: bool) -> int:
        """The most a simple path (two, if ``two``) from ``x`` collects in ``allowed``
        in the relaxation graph (see the module text)."""
        t = self.t
        flow, ends_near, stop_end = t.flow, t.ends_near, t.stop_end
        sadj = t.relax
        inner = (allowed & ~t.end_mask) | (1 << x)
        # Tarjan's biconnected components from x (iterative; num 0 = not yet seen). The
        # blocks come out children first, so each block's best continuation through a
        # cut vertex below it is known when the block is scored.
        num = [0] * t.n_relax
        low = [0] * t.n_relax
        num[x] = low[x] = 1
        counter = 2
        at = [x]
        todo = [sadj[x] & inner]
        vstack: list[int] = []
        best_at: dict[int, int] = {}
        root: list[tuple[int, int]] = []
        while at:
            rest = todo[-1]
            u = at[-1]
            if rest:
                bit = rest & -rest
                todo[-1] = rest ^ bit
                w = bit.bit_length() - 1
                nw = num[w]
                if not nw:
                    num[w] = low[w] = counter
                    counter += 1
                    vstack.append(w)
                    at.append(w)
                    todo.append(sadj[w] & inner)
                elif nw < low[u]:
                    low[u] = nw
                continue
            at.pop()
            todo.pop()
            if not at:
                break
            p = at[-1]
            lu = low[u]
            if lu < low[p]:
                low[p] = lu
            if lu < num[p]:
                continue
            # A block below the cut vertex p: score its best chain from p.
            total = 0
            e1 = e2 = 0
            while True:
                y = vstack.pop()
                total += flow[y]
                c = best_at.get(y, 0)
                if stop_end[y] > c:
                    c = stop_end[y]
                for value, ebit in ends_near[y]:
                    if ebit & allowed:
                        if value > c:
                            c = value
                        break
                if c > e1:
                    e1, e2 = c, e1
                elif c > e2:
                    e2 = c
                if y == u:
                    break
            one = total + e1
            if p == x:
                root.append((one, one + e2))
            if one > best_at.get(p, 0):
                best_at[p] = one
        ones = [one for one, _ in root]
        for value, ebit in ends_near[x]:
            if ebit & allowed:
                ones.append(value)
        if not ones:
            return 0
        ones.sort(reverse=True)
        if not two:
            return ones[0]
        result = ones[0] + (ones[1] if len(ones) > 1 else 0)
        for _, both in root:
            if both > result:
                result = both
        return result

    def block_bound(self, v: int, anchor: int, gm: int, mode: int) -> int:
        """Mode 0: one open end ``v``; 1: ends ``v`` and ``anchor``; 2: both arms from v."""
        ns = self.t.ns
        key = ((gm * ns + v) * ns + anchor) * 4 + mode
        got = self.memo.get(key)
        if got is None:
            allowed = ~gm
            if mode == 0:
                got = self.chain(v, allowed, False)
            elif mode == 1:
                got = self.chain(v, allowed, False) + self.chain(anchor, allowed, False)
            else:
                got = self.chain(v, allowed, True)
            self.memo[key] = got
        return got

    def snap_pieces(self, snap: Snap) -> int:
        return _snap_pieces(self.t, snap)

    def collect(self, cap: int, lim: int, floor: int, most: int,
                start_used: int = 0) -> _Catalogue:
        """The routes of a train counting ``cap`` stops (``lim``: its optimum) worth more
        than ``floor`` that use none of the pieces ``start_used``, best first — at most
        ``most`` of them (the floor then rises to the last one kept, so every such route
        worth more than the catalogue's floor is in it)."""
        t = self.t
        moves, val, bon, kind, gvm = t.moves, t.val, t.bon, t.kind, t.gvm
        passes = t.move_passes if t.relax_junctions else (0,) * len(t.move_pieces)
        top, n_groups, pass_extra = t.top, t.n_groups, t.pass_extra
        budget = self.budget
        block_bound = self.block_bound
        found: list[tuple[int, int, int, tuple[int, Arm, Arm]]] = []
        top_arm: list[int] = []
        bot_arm: list[int] = []
        anchor_now = [0]
        low = [floor]

        def keep(rmask: int, rev: int) -> None:
            if rev <= low[0]:
                return
            found.append((-rev, len(found), rmask,
                          (anchor_now[0], tuple(top_arm), tuple(bot_arm))))
            if len(found) >= 2 * most:
                found.sort()
                del found[most:]
                low[0] = -found[-1][0]

        def ext(v: int, rmask: int, gm: int, cnt: int, rev: int, bottom: bool,
                minmove: int, anchor: int) -> None:
            self.nodes += 1
            if self.nodes == budget:
                raise _OutOfBudget
            room = cap - cnt
            gain = (top[room] if room < n_groups else top[n_groups]) + pass_extra
            floor_now = low[0]
            if rev + gain <= floor_now or lim <= floor_now:
                return
            if room >= BLOCK_MIN:
                mode = 0 if bottom or kind[anchor] != NORMAL else (2 if v == anchor else 1)
                if rev + block_bound(v, anchor, gm, mode) <= floor_now:
                    return
            arm = bot_arm if bottom else top_arm
            for m, w, mi in moves[v]:
                if m & rmask or mi <= minmove or gm >> w & 1 or w < anchor:
                    continue
                k2 = kind[w]
                c2 = cnt + 1
                m2 = rmask | m
                g2 = gm | gvm[w] | passes[mi]
                arm.append(mi)
                if c2 <= cap:
                    r2 = rev + val[w] + bon[w]
                    keep(m2, r2)
                    if not bottom and c2 < cap and kind[anchor] == NORMAL:
                        ext(anchor, m2, g2, c2, r2, True, top_arm[0], anchor)
                    if k2 == NORMAL and c2 < cap:
                        ext(w, m2, g2, c2, r2, bottom, -1, anchor)
                if k2 == PASSABLE:
                    ext(w, m2, g2, cnt, rev + bon[w], bottom, -1, anchor)
                arm.pop()

        for a in range(t.nh):
            anchor_now[0] = a
            va = val[a] + bon[a]
            if self.local:
                keep(start_used, va)
            if cap >= 2:
                ext(a, start_used, gvm[a], 1, va, False, -1, a)
        found.sort()
        if len(found) > most:
            del found[most:]
            low[0] = -found[-1][0]
        # Which catalogue routes each piece (and so each move) would block.
        n = len(found)
        width = (n + 7) // 8
        per_bit: dict[int, bytearray] = {}
        for idx, (_, _, mask, _) in enumerate(found):
            byte, bit = divmod(idx, 8)
            for b in _bits(mask):
                row = per_bit.get(b)
                if row is None:
                    row = per_bit[b] = bytearray(width)
                row[byte] |= 1 << bit
        blocks = {b: int.from_bytes(row, "little") for b, row in per_bit.items()}
        conflicts = []
        for mask in t.move_pieces:
            c = 0
            for b in _bits(mask):
                c |= blocks.get(b, 0)
            conflicts.append(c)
        return _Catalogue(tuple(-e[0] for e in found), tuple(e[3] for e in found),
                          tuple(conflicts), low[0])

    def run_pair(self, caps: list[int], alone: list[int], best: int, snap: Snap,
                 cat: _Catalogue, start_used: int = 0, start_blocked: int = 0,
                 ceiling: int = BIG, idle: bool = False) -> _Outcome:
        """Two trains: the first searched, the second read off its catalogue — the best
        catalogue route sharing no piece with the first's route so far is the second's
        best (exactly, while one exists), found from a bitset of the routes blocked.

        ``start_used``: pieces already taken (``start_blocked``: the catalogue routes
        they block); ``ceiling``: a known upper bound (reaching it ends the search);
        ``idle``: the second train may run nothing (as the rest of three trains, where
        ``best`` may be below what the first train earns alone), so a first route with
        no second route left is a solution too."""
        t = self.t
        moves, val, bon, kind, gvm = t.moves, t.val, t.bon, t.kind, t.gvm
        passes = t.move_passes if t.relax_junctions else (0,) * len(t.move_pieces)
        top, n_groups, pass_extra = t.top, t.n_groups, t.pass_extra
        nh = t.nh
        budget = self.budget
        block_bound = self.block_bound
        cap = caps[0]
        lim = alone[0]
        pair = caps[0] == caps[1]
        top_arm: list[int] = []
        bot_arm: list[int] = []
        anchor_now = [0]
        state = {"best": best}
        found: list[Snap] = [snap]
        second_cap, second_lim = caps[1], alone[1]

        def record(rev: int, second: int, snap2: Snap) -> None:
            total = rev + second
            if total > state["best"]:
                state["best"] = total
                found[0] = ((anchor_now[0], tuple(top_arm), tuple(bot_arm)), *snap2)
                if total >= ceiling:
                    raise _Reached

        def relist(rmask: int, low: int) -> _Catalogue:
            """A catalogue of the second train's routes worth more than ``low`` that share
            no piece with ``rmask`` (for the subtree below a node: pieces only grow)."""
            return self.collect(second_cap, second_lim, low, RELIST, rmask)

        def commit(rmask: int, rev: int, blocked: int, cat: _Catalogue) -> tuple[
                _Catalogue, int]:
            values = cat.values
            free = ((1 << len(values)) - 1) & ~blocked
            if free:
                j = (free & -free).bit_length() - 1
                record(rev, values[j], (cat.snaps[j],))
                return cat, blocked
            if rev + cat.floor <= state["best"]:
                return cat, blocked
            if idle and not cat.values and cat.floor <= 0:
                # No route of the second train is worth anything here: it runs none.
                record(rev, 0, ())
                return cat, blocked
            low = state["best"] - rev
            fresh = relist(rmask, low if low > 0 or not idle else 0)
            if fresh.values:
                record(rev, fresh.values[0], (fresh.snaps[0],))
            elif idle:
                record(rev, 0, ())
            return fresh, 0

        def ext(v: int, rmask: int, gm: int, cnt: int, rev: int, bottom: bool,
                minmove: int, anchor: int, blocked: int, cat: _Catalogue) -> None:
            self.nodes += 1
            if self.nodes == budget:
                raise _OutOfBudget
            values = cat.values
            free = ((1 << len(values)) - 1) & ~blocked
            second = values[(free & -free).bit_length() - 1] if free else cat.floor
            room = cap - cnt
            best_now = state["best"] - second
            if lim <= best_now:
                return
            gain = (top[room] if room < n_groups else top[n_groups]) + pass_extra
            if rev + gain <= best_now:
                return
            future = gain
            if room >= BLOCK_MIN:
                if bottom or kind[anchor] != NORMAL:
                    mode = 0
                elif v == anchor:
                    mode = 2
                else:
                    mode = 1
                future = min(gain, block_bound(v, anchor, gm, mode))
                if rev + future <= best_now:
                    return
            ub = min(rev + future, lim)
            if pair and ub + (second if second < ub else ub) <= state["best"]:
                # Two identical trains: the first runs the better route.
                return
            if not free and not (idle and not cat.values and cat.floor <= 0):
                # Every listed route is blocked: list the ones that could still matter.
                low = state["best"] - ub
                cat = relist(rmask, low if low > 0 or not idle else 0)
                if not cat.values and (low >= 0 or not idle):
                    return
                blocked = 0
            conflicts = cat.conflicts
            arm = bot_arm if bottom else top_arm
            for m, w, mi in moves[v]:
                if m & rmask or mi <= minmove or gm >> w & 1 or w < anchor:
                    continue
                k = kind[w]
                c2 = cnt + 1
                m2 = rmask | m
                g2 = gm | gvm[w] | passes[mi]
                b2 = blocked | conflicts[mi]
                arm.append(mi)
                if c2 <= cap:
                    r2 = rev + val[w] + bon[w]
                    here, b3 = commit(m2, r2, b2, cat)
                    if not bottom and c2 < cap and kind[anchor] == NORMAL:
                        ext(anchor, m2, g2, c2, r2, True, top_arm[0], anchor, b3, here)
                    if k == NORMAL and c2 < cap:
                        ext(w, m2, g2, c2, r2, bottom, -1, anchor, b3, here)
                if k == PASSABLE:
                    ext(w, m2, g2, cnt, rev + bon[w], bottom, -1, anchor, b2, cat)
                arm.pop()

        try:
            for a in range(nh):
                anchor_now[0] = a
                va = val[a] + bon[a]
                if self.local:
                    commit(start_used, va, start_blocked, cat)
                if cap >= 2:
                    ext(a, start_used, gvm[a], 1, va, False, -1, a, start_blocked, cat)
            complete = True
        except _Reached:
            complete = True
        except _OutOfBudget:
            complete = False
        return _Outcome(state["best"], found[0], complete)

    def run(self, caps: list[int], alone: list[int], best: int, snap: Snap,
            start_used: int = 0, ceiling: int = BIG, pair_rest: bool = False) -> _Outcome:
        """The best routes for ``caps`` (search order) given pieces ``start_used`` taken.

        ``alone[k]`` bounds train ``k`` on its own; ``best``/``snap`` is the incumbent to
        beat. The first train is searched here; the best the others can do with what it
        leaves (*the rest*) is a search of its own, kept while the first train's route
        does not touch the track the rest uses and redone when it does, so at every node
        the bound on the rest is exact for the track taken so far.

        ``pair_rest`` (three trains): the rest, two trains, is searched by ``run_pair`` on
        one catalogue of the last train's routes listed here up front (the routes a
        better solution could use), its blocked set started from the first route's moves.
        """
        t = self.t
        moves, val, bon, kind, gvm = t.moves, t.val, t.bon, t.kind, t.gvm
        passes = t.move_passes if t.relax_junctions else (0,) * len(t.move_pieces)
        top, n_groups, pass_extra = t.top, t.n_groups, t.pass_extra
        nh = t.nh
        local = self.local
        budget = self.budget
        cap = caps[0]
        lim = alone[0]
        more = len(caps) > 1
        memo: dict[tuple[int, ...], int] | None = None if more or not t.transpose else {}
        pair = len(caps) == 2 and caps[0] == caps[1]
        # Three or more trains, the first two identical: the rest's first train need only
        # be searched up to what the first train's route can earn (see rest_above).
        twin = len(caps) > 2 and caps[0] == caps[1]
        top_arm: list[int] = []
        bot_arm: list[int] = []
        anchor_now = [0]
        state = {"best": best}
        found: list[Snap] = [snap]
        block_bound = self.block_bound
        pair_cat: _Catalogue | None = None

        Rest = tuple[int, int, Snap]
        # (value, pieces it uses (-1: only a bound), its routes)

        def rest_above(used: int, floor: int, ceiling: int = BIG,
                       first_ub: int = BIG) -> Rest | None:
            """The rest's optimum with ``used`` taken if above ``floor``, else None
            (``ceiling``: a known upper bound on it).

            ``first_ub`` bounds every first-train route of the subtree the rest serves.
            With the first two trains identical (``twin``), any solution has a twin with
            the routes of those two swapped, so one whose first route earns at least its
            second's is enough: the rest's first train is bounded by ``first_ub`` instead
            of what it earns alone. What comes back is still a real rest (a route above
            the cap may be found and kept), and still bounds every solution of the
            subtree that the search must see."""
            if not more:
                return (0, 0, ()) if floor < 0 else None
            rest_alone = alone[1:]
            if twin and first_ub < rest_alone[0]:
                rest_alone = [first_ub, *rest_alone[1:]]
            if pair_cat is not None:
                conflicts = pair_cat.conflicts
                b0 = 0
                for mi in top_arm:
                    b0 |= conflicts[mi]
                for mi in bot_arm:
                    b0 |= conflicts[mi]
                out = self.run_pair(caps[1:], rest_alone, floor, (), pair_cat, used, b0,
                                    ceiling, idle=True)
            else:
                out = self.run(caps[1:], rest_alone, floor, (), start_used=used,
                               ceiling=ceiling)
            if not out.complete:
                raise _OutOfBudget
            if out.best <= floor:
                return (0, 0, ()) if floor < 0 else None
            return (out.best, self.snap_pieces(out.snap), out.snap)

        def commit(rmask: int, rev: int, rest: Rest, first_ub: int) -> Rest:
            """The route ends here: record it if it beats the best; the rest it leaves
            (for the route's extensions too: ``first_ub`` bounds them all)."""
            if rest[1] & rmask:
                fresh = rest_above(rmask, state["best"] - rev, rest[0], first_ub)
                if fresh is None:
                    # No better rest here; what is left is at most this.
                    return (state["best"] - rev, -1, ())
                rest = fresh
            total = rev + rest[0]
            if total > state["best"]:
                state["best"] = total
                found[0] = ((anchor_now[0], tuple(top_arm), tuple(bot_arm)),) + rest[2]
                if total >= ceiling:
                    raise _Reached
            return rest

        def ext(v: int, rmask: int, gm: int, cnt: int, rev: int, bottom: bool,
                minmove: int, anchor: int, rest: Rest) -> None:
            self.nodes += 1
            if self.nodes == budget:
                raise _OutOfBudget
            room = cap - cnt
            best_now = state["best"] - rest[0]
            if lim <= best_now:
                return
            gain = (top[room] if room < n_groups else top[n_groups]) + pass_extra
            if rev + gain <= best_now:
                return
            if room >= BLOCK_MIN:
                if bottom or kind[anchor] != NORMAL:
                    mode = 0
                elif v == anchor:
                    mode = 2
                else:
                    mode = 1
                future = min(gain, block_bound(v, anchor, gm, mode))
                if rev + future <= best_now:
                    return
            else:
                future = gain
            if lim - rev < future:
                future = lim - rev
            if pair:
                # Two identical trains: the first runs the better route.
                ub = rev + future
                if ub + (rest[0] if rest[0] < ub else ub) <= state["best"]:
                    return
            if rest[1] & rmask:
                fresh = rest_above(rmask, state["best"] - rev - future, rest[0],
                                   rev + future)
                if fresh is None or rev + future + fresh[0] <= state["best"]:
                    return
                rest = fresh
            key: tuple[int, ...] = ()
            if memo is not None:
                # The same position reached before: its future is bounded by what the
                # search then left unbeaten.
                key = (v, anchor, gm, minmove,
                       -2 if bottom else (top_arm[0] if top_arm else -1),
                       cnt if cap < BIG else 0)
                seen = memo.get(key)
                if seen is not None and rev + seen <= state["best"]:
                    return
            arm = bot_arm if bottom else top_arm
            for m, w, mi in moves[v]:
                if m & rmask or mi <= minmove or gm >> w & 1 or w < anchor:
                    continue
                k = kind[w]
                c2 = cnt + 1
                m2 = rmask | m
                g2 = gm | gvm[w] | passes[mi]
                arm.append(mi)
                if c2 <= cap:
                    r2 = rev + val[w] + bon[w]
                    here = rest
                    if r2 + rest[0] > state["best"]:
                        here = commit(m2, r2, rest, rev + future)
                    if not bottom and c2 < cap and kind[anchor] == NORMAL:
                        ext(anchor, m2, g2, c2, r2, True, top_arm[0], anchor, here)
                    if k == NORMAL and c2 < cap:
                        ext(w, m2, g2, c2, r2, bottom, -1, anchor, here)
                if k == PASSABLE:
                    ext(w, m2, g2, cnt, rev + bon[w], bottom, -1, anchor, rest)
                arm.pop()
            if memo is not None:
                memo[key] = state["best"] - rev

        try:
            if pair_rest and len(caps) == 3:
                # The last train's routes that could be in a better solution.
                pair_cat = self.collect(caps[2], alone[2], max(0, best - alone[0] - alone[1]),
                                        PAIR_CATALOGUE, start_used)
            first = rest_above(start_used, -1)
            assert first is not None
            rest0 = first
            if lim + rest0[0] > state["best"]:
                for a in range(nh):
                    anchor_now[0] = a
                    va = val[a] + bon[a]
                    if local:
                        commit(start_used, va, rest0, lim)
                    if cap >= 2:
                        ext(a, start_used, gvm[a], 1, va, False, -1, a, rest0)
            complete = True
        except _Reached:
            complete = True
        except _OutOfBudget:
            complete = False
        return _Outcome(state["best"], found[0], complete)


_LITTLE = sys.byteorder == "little"
"""Whether the kernel's 64-bit words are little-endian (a bitset's bytes are then its own)."""


def _words(x: int, n: int) -> bytes:
    """A bitset as ``n`` native 64-bit words, least significant first (the kernel's)."""
    if _LITTLE:  # the words' bytes are then the number's, least significant first
        return (x & ((1 << (64 * n)) - 1)).to_bytes(8 * n, "little")
    low = (1 << 64) - 1
    return array("Q", [(x >> (64 * i)) & low for i in range(n)]).tobytes()


def _flat(snap: Snap) -> list[int]:
    out = [len(snap)]
    for anchor, top_arm, bot_arm in snap:
        out += [anchor, len(top_arm), *top_arm, len(bot_arm), *bot_arm]
    return out


def _unflat(flat: list[int]) -> Snap:
    out = []
    at = 1
    for _ in range(flat[0]):
        anchor, tl = flat[at], flat[at + 1]
        top_arm = tuple(flat[at + 2:at + 2 + tl])
        bl = flat[at + 2 + tl]
        bot_arm = tuple(flat[at + 3 + tl:at + 3 + tl + bl])
        out.append((anchor, top_arm, bot_arm))
        at += 3 + tl + bl
    return tuple(out)


class _KernelSearch:
    """``_Search`` with ``run`` and ``collect`` + ``run_pair`` (as ``pair``) compiled
    (``_bnb.c``): the same nodes in the same order, so the same answer and node count."""

    def __init__(self, tables: _Tables, local: bool, budget: int | None, trains: int) -> None:
        assert _bnb is not None
        self.t = tables
        self.local = local
        self.budget = budget if budget is not None else -1
        self.nodes = 0
        t = tables
        ns, nv = t.ns, t.n_relax
        wv = max(1, (max(t.graph.vertices, nv, ns) + 63) // 64)
        wp = max(1, (max([m.bit_length() for m in t.move_pieces], default=0) + 63) // 64)
        self.wp = wp
        nm = len(t.move_pieces)
        mstart = [0]
        mlist: list[int] = []
        target = [0] * nm
        for v in range(ns):
            for _, w, mi in t.moves[v]:
                mlist.append(mi)
                target[mi] = w
            mstart.append(len(mlist))
        passes = t.move_passes if t.relax_junctions else (0,) * nm
        near_start = [0]
        near_val: list[int] = []
        near_bit: list[int] = []
        for v in range(nv):
            for value, ebit in t.ends_near[v]:
                near_val.append(value)
                near_bit.append(ebit.bit_length() - 1)
            near_start.append(len(near_val))

        def words(xs: tuple[int, ...] | list[int], n: int) -> bytes:
            return b"".join([_words(x, n) for x in xs])

        self.k = _bnb.Kernel(
            ns, t.nh, nv, nm, wp, wv, t.n_groups, t.pass_extra, int(t.transpose), int(local),
            trains,
            array("q", t.val).tobytes(), array("q", t.bon).tobytes(),
            array("i", t.kind).tobytes(), words(t.gvm, wv),
            array("i", mstart).tobytes(), array("i", mlist).tobytes(),
            array("i", target).tobytes(), words(t.move_pieces, wp), words(passes, wv),
            array("q", t.top).tobytes(), words(t.relax, wv), array("q", t.flow).tobytes(),
            array("q", t.stop_end).tobytes(), _words(t.end_mask, wv),
            array("i", near_start).tobytes(), array("q", near_val).tobytes(),
            array("i", near_bit).tobytes(),
        )

    def snap_pieces(self, snap: Snap) -> int:
        return _snap_pieces(self.t, snap)

    def run(self, caps: list[int], alone: list[int], best: int, snap: Snap,
            start_used: int = 0, ceiling: int = BIG, pair_rest: bool = False) -> _Outcome:
        """``_Search.run``."""
        got, flat, complete, self.nodes = self.k.run(
            caps, alone, best, _flat(snap), _words(start_used, self.wp), ceiling,
            self.budget, self.nodes, PAIR_CATALOGUE if pair_rest and len(caps) == 3 else 0)
        return _Outcome(got, _unflat(flat), bool(complete))

    def pair(self, caps: list[int], alone: list[int], best: int, snap: Snap, floor: int,
             most: int) -> _Outcome:
        """``_Search.collect(caps[1], alone[1], floor, most)`` then ``run_pair`` on it (out
        of budget in either: the incumbent, not complete)."""
        got, flat, complete, self.nodes = self.k.pair(
            caps, alone, best, _flat(snap), floor, most, self.budget, self.nodes)
        return _Outcome(got, _unflat(flat), bool(complete))


def _routes_from(problem: RouteProblem, tables: _Tables, order: list[int],
                 snap: Snap) -> tuple[Route, ...]:
    routes = [Route() for _ in problem.trains]
    graph = tables.graph
    segs = graph.segments
    move_segs = tables.move_segs
    for pos, (anchor, top_arm, bot_arm) in enumerate(snap):
        train = order[pos]
        start = graph.nodes[anchor]
        steps: list[int] = []
        # The bottom arm walked backwards to the anchor, then the top arm outwards.
        for mi in reversed(bot_arm):
            for si, fwd in reversed(move_segs[mi]):
                seg = segs[si]
                run = [k for k, _ in seg.tracks]
                steps.extend(reversed(run) if fwd else run)
        if bot_arm:
            si, fwd = move_segs[bot_arm[-1]][-1]
            start = graph.nodes[segs[si].b if fwd else segs[si].a]
        for mi in top_arm:
            for si, fwd in move_segs[mi]:
                seg = segs[si]
                run = [k for k, _ in seg.tracks]
                steps.extend(run if fwd else reversed(run))
        routes[train] = route_of(problem, train, start, steps)
    return tuple(routes)


def _complete_greedily(search: _Search | _KernelSearch, caps: list[int], snap: Snap,
                       extra: int) -> Snap:
    for k in range(len(snap), len(caps)):
        search.budget = search.nodes + max(extra, 1)
        out = search.run([caps[k]], [BIG], 0, (), start_used=search.snap_pieces(snap))
        if not out.snap:
            break
        snap = snap + out.snap
    return snap


def _fill_locals(tables: _Tables, caps: list[int], snap: Snap, local: bool) -> Snap:
    if not local or tables.nh == 0:
        return snap
    best_hub = max(range(tables.nh), key=lambda v: (tables.val[v] + tables.bon[v], -v))
    idle = len(caps) - len(snap)
    return snap + tuple((best_hub, (), ()) for _ in range(idle))


Hard = Callable[["_Search", list[int], list[int], int, Snap], "tuple[int, Snap, bool] | None"]
"""What takes over a search that needs more than ``HARD_AFTER`` nodes: given the search,
the trains, each one's best alone and the incumbent, (total, snap, proven), or None to
let the main search go on."""


def uses_kernel(kernel: bool | None = None, hard: Hard | None = None) -> bool:
    """Whether ``solve_with`` runs the compiled search: ``kernel`` (None: ``KERNEL``),
    never with ``hard`` (the packing hand-over works on the Python search)."""
    want = KERNEL if kernel is None else kernel
    if want and not KERNEL_BUILT:
        raise RuntimeError("the compiled route search (boardroom.routing._bnb) is not built")
    return want and hard is None


def solve_with(problem: RouteProblem, node_budget: int | None = None,
               hard: Hard | None = None, kernel: bool | None = None) -> RouteResult:
    """The company's best routes: one per train, the total, whether it is proven optimal
    (False only when ``node_budget`` search nodes ran out first) and the nodes visited.
    With ``hard``, a search of several trains still running after ``HARD_AFTER`` nodes
    is handed to it (``routing.solver.solve`` hands it to ``packing``). ``kernel``: use
    the compiled search (None: when built and not switched off, see ``KERNEL``); the
    answer and the node count are the same either way."""
    n = len(problem.trains)
    graph = reduce(problem)
    if n == 0 or graph.n_hubs == 0:
        return RouteResult(tuple(Route() for _ in range(n)), 0, True, 0)
    tables = _Tables(problem, graph)
    caps_of = [problem.capacity(i) for i in range(n)]
    order = sorted(range(n), key=lambda i: (caps_of[i] is not None, -(caps_of[i] or 0), i))
    caps = [BIG if caps_of[i] is None else min(caps_of[i] or 0, BIG) for i in order]
    search: _Search | _KernelSearch
    if (uses_kernel(kernel, hard) and tables.ns <= KERNEL_MAX_STOPS
            and max(graph.vertices, tables.n_relax) <= KERNEL_MAX_VERTICES):
        search = _KernelSearch(tables, problem.rules.local_routes, node_budget, n)
    else:
        search = _Search(tables, problem.rules.local_routes, node_budget)
    complete = True
    trivial = [tables.top[min(c, tables.n_groups)] + tables.pass_extra for c in caps]

    # 1. Each train size alone (smallest first: its routes are open to bigger trains).
    alone_of: dict[int, int] = {}
    found: dict[int, tuple[int, Snap]] = {}
    best_small: int = 0
    snap_small: Snap = ()
    for cap in sorted(set(caps)):
        if complete:
            out = search.run([cap], [BIG], best_small, snap_small)
            complete = out.complete
            best_small, snap_small = out.best, out.snap
            found[cap] = (out.best, out.snap)
        alone_of[cap] = best_small if complete else trivial[caps.index(cap)]
    alone = [alone_of[c] for c in caps]

    # 2. A greedy first solution: the best first train, then the best rest.
    best, snap = found.get(caps[0], (0, ()))
    if complete and n > 1 and snap:
        out = search.run(caps[1:], alone[1:], 0, (), start_used=search.snap_pieces(snap))
        complete = out.complete
        if best + out.best > best:
            best, snap = best + out.best, snap + out.snap

    # 3. The search itself (with two trains, the second one's best routes listed first).
    # With ``hard``, after HARD_AFTER nodes the rest is handed over.
    if complete and n > 1:
        budget = search.budget
        hand_over = hard is not None and (budget < 0 or search.nodes + HARD_AFTER < budget)
        for attempt in (0, 1):
            if attempt == 0 and hand_over:
                search.budget = search.nodes + HARD_AFTER
            try:
                if isinstance(search, _KernelSearch):
                    out = (search.pair(caps, alone, best, snap, best - alone[0], CATALOGUE)
                           if n == 2 else search.run(caps, alone, best, snap, pair_rest=True))
                elif n == 2:
                    cat = search.collect(caps[1], alone[1], best - alone[0], CATALOGUE)
                    out = search.run_pair(caps, alone, best, snap, cat)
                else:
                    out = search.run(caps, alone, best, snap, pair_rest=True)
                complete = out.complete
                if out.best > best:
                    best, snap = out.best, out.snap
            except _OutOfBudget:
                complete = False
            search.budget = budget
            if complete or attempt or not hand_over or hard is None:
                break
            assert isinstance(search, _Search)
            taken = hard(search, caps, alone, best, snap)
            if taken is not None:
                total, snap_h, complete = taken
                if total >= best:
                    best, snap = total, snap_h
                break
            # The hard case gave up: the main search goes on to the end.
    if not complete:
        # Out of budget: the best found; trains it had not placed get, one by one, the
        # best route found in another budget's worth of nodes on the pieces left (or a
        # local route at the best hub).
        snap = _complete_greedily(search, caps, snap, node_budget or 0)
        snap = _fill_locals(tables, caps, snap, problem.rules.local_routes)
    routes = _routes_from(problem, tables, order, snap)
    total = sum(r.revenue for r in routes)
    if complete and total != best:  # pragma: no cover - a bug, not a rule
        raise AssertionError(f"search total {best} but its routes earn {total}")
    return RouteResult(routes, total, complete, search.nodes)
