"""The branch and bound: one depth-first search over the routes of all the company's
trains, after the Rails revenue calculator (``RevenueCalculator``). This Python search is
the specification; ``_bnb.c`` (``kernel``) runs the same nodes in the same order.

The algorithm and what makes it exact (the moves, one anchor and one orientation per
route, the bounds and why pruning by them loses nothing, the rest, the catalogue and its
blocked sets, the twins' symmetry, the memo keys) are stated once, in docs/routing.md,
"The search's invariants"; the code names them by number. The pieces:

* ``tables``: the reduced graph as moves and flat tables (built once per problem);
* ``walk``: one train's routes walked depth first (``Walk``) and listed (``Collect``);
* ``blockcut``: the block-cut bound;
* ``trains``: the search of all trains (``PairWalk``: two, by catalogue; ``RunWalk``);
* this module: ``_Search`` (the three searches the kernel also runs) and ``solve_with``
  (each train alone, a greedy first solution, the search itself, the budget's end).

**Budget.** With ``node_budget`` the search stops after that many nodes (bound searches
included) and answers the best found, ``proven=False``; each train it had not placed then
gets the best route another budget's worth of nodes finds on the pieces left (or a local
route at the best hub), so at most (1 + such trains) x the budget nodes are visited.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from boardroom.routing.graph import reduce
from boardroom.routing.kernel import KERNEL_BUILT, _KernelSearch, fits
from boardroom.routing.problem import Route, RouteProblem, RouteResult
from boardroom.routing.tables import BIG, Snap, Tables, snap_pieces
from boardroom.routing.trains import PairWalk, RunWalk
from boardroom.routing.validate import route_of
from boardroom.routing.walk import (
    Collect,
    Searcher,
    _Catalogue,
    _Outcome,
    _OutOfBudget,
)

KERNEL = KERNEL_BUILT and os.environ.get("BOARDROOM_PURE_PYTHON_ROUTES", "") in ("", "0")
"""Whether ``solve_with`` uses it by default (``BOARDROOM_PURE_PYTHON_ROUTES=1``: never).
Both paths visit the same nodes and answer the same routes (``tests/test_routing_kernel.py``),
so the choice changes only the time taken."""
CATALOGUE = 3000
"""At most this many of the second train's routes are listed up front (two trains)."""
HARD_AFTER = 300_000
"""Nodes of the search of all the trains after which a ``hard`` solver takes over."""


class _Search(Searcher):
    """Searches over lists of train capacities (BIG for ∞), sharing one node count."""

    def snap_pieces(self, snap: Snap) -> int:
        return snap_pieces(self.t, snap)

    def collect(self, cap: int, lim: int, floor: int, most: int,
                start_used: int = 0) -> _Catalogue:
        """The routes of a train counting ``cap`` stops (``lim``: its optimum) worth more
        than ``floor`` that use none of the pieces ``start_used``, best first — at most
        ``most`` of them (the floor then rises to the last one kept, so every such route
        worth more than the catalogue's floor is in it): invariant 6."""
        return Collect(self, cap, lim, floor, most).catalogue(start_used)

    def run_pair(self, caps: list[int], alone: list[int], best: int, snap: Snap,
                 cat: _Catalogue, start_used: int = 0, start_blocked: int = 0,
                 ceiling: int = BIG, idle: bool = False) -> _Outcome:
        """Two trains: the first searched, the second read off its catalogue — the best
        catalogue route sharing no piece with the first's route so far is the second's
        best (exactly, while one exists): invariant 6.

        ``start_used``: pieces already taken (``start_blocked``: the catalogue routes
        they block); ``ceiling``: a known upper bound (reaching it ends the search);
        ``idle``: the second train may run nothing (as the rest of three trains, where
        ``best`` may be below what the first train earns alone), so a first route with
        no second route left is a solution too."""
        walk = PairWalk(self, caps, alone, best, snap, cat, start_blocked, ceiling, idle)
        complete = walk.proven(start_used)
        return _Outcome(walk.best, walk.found, complete)

    def run(self, caps: list[int], alone: list[int], best: int, snap: Snap,
            start_used: int = 0, ceiling: int = BIG, pair_rest: bool = False) -> _Outcome:
        """The best routes for ``caps`` (search order) given pieces ``start_used`` taken.

        ``alone[k]`` bounds train ``k`` on its own; ``best``/``snap`` is the incumbent to
        beat. The first train is searched here; the rest is a search of its own, kept
        while the first train's route does not touch the track the rest uses and redone
        when it does (invariant 5). ``pair_rest`` (three trains): the rest, two trains,
        is searched by ``run_pair`` on one catalogue of the last train's routes listed
        here up front, its blocked set started from the first route's moves."""
        walk = RunWalk(self, caps, alone, best, snap, ceiling, pair_rest)
        complete = walk.proven(start_used)
        return _Outcome(walk.best, walk.found, complete)


def _routes_from(problem: RouteProblem, tables: Tables, order: list[int],
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


def _fill_locals(tables: Tables, caps: list[int], snap: Snap, local: bool) -> Snap:
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


Found = tuple[int, Snap, bool]
"""A solution so far: its total, its snap, whether it is proven optimal."""


def _alone(search: _Search | _KernelSearch, caps: list[int], trivial: list[int]
           ) -> tuple[list[int], dict[int, tuple[int, Snap]], bool]:
    """Each train size alone, smallest first (its routes are open to bigger trains):
    each one's optimum (the count bound where the budget ran out), the solutions found,
    and whether all were proven."""
    complete = True
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
    return [alone_of[c] for c in caps], found, complete


def _greedy(search: _Search | _KernelSearch, caps: list[int], alone: list[int],
            found: dict[int, tuple[int, Snap]], complete: bool) -> Found:
    """A first solution: the best first train, then the best rest."""
    best, snap = found.get(caps[0], (0, ()))
    if complete and len(caps) > 1 and snap:
        out = search.run(caps[1:], alone[1:], 0, (), start_used=search.snap_pieces(snap))
        complete = out.complete
        if best + out.best > best:
            best, snap = best + out.best, snap + out.snap
    return best, snap, complete


def _all_trains(search: _Search | _KernelSearch, caps: list[int], alone: list[int],
                best: int, snap: Snap) -> Found:
    """The search itself (with two trains, the second one's best routes listed first)."""
    n = len(caps)
    if isinstance(search, _KernelSearch):
        out = (search.pair(caps, alone, best, snap, best - alone[0], CATALOGUE)
               if n == 2 else search.run(caps, alone, best, snap, pair_rest=True))
    elif n == 2:
        cat = search.collect(caps[1], alone[1], best - alone[0], CATALOGUE)
        out = search.run_pair(caps, alone, best, snap, cat)
    else:
        out = search.run(caps, alone, best, snap, pair_rest=True)
    if out.best > best:
        best, snap = out.best, out.snap
    return best, snap, out.complete


def _search_or_hand_over(search: _Search | _KernelSearch, caps: list[int],
                         alone: list[int], best: int, snap: Snap, hard: Hard | None
                         ) -> Found:
    """``_all_trains``; with ``hard``, after ``HARD_AFTER`` nodes the rest is handed
    over (and the search goes on to the end if the hard case gives up)."""
    budget = search.budget
    hand_over = hard is not None and (budget < 0 or search.nodes + HARD_AFTER < budget)
    complete = False
    for attempt in (0, 1):
        if attempt == 0 and hand_over:
            search.budget = search.nodes + HARD_AFTER
        try:
            best, snap, complete = _all_trains(search, caps, alone, best, snap)
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
    return best, snap, complete


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
    tables = Tables(problem, graph)
    caps_of = [problem.capacity(i) for i in range(n)]
    order = sorted(range(n), key=lambda i: (caps_of[i] is not None, -(caps_of[i] or 0), i))
    caps = [BIG if caps_of[i] is None else min(caps_of[i] or 0, BIG) for i in order]
    search: _Search | _KernelSearch
    if uses_kernel(kernel, hard) and fits(tables):
        search = _KernelSearch(tables, problem.rules.local_routes, node_budget, n)
    else:
        search = _Search(tables, problem.rules.local_routes, node_budget)
    trivial = [tables.top[min(c, tables.n_groups)] + tables.pass_extra for c in caps]
    alone, found, complete = _alone(search, caps, trivial)
    best, snap, complete = _greedy(search, caps, alone, found, complete)
    if complete and n > 1:
        best, snap, complete = _search_or_hand_over(search, caps, alone, best, snap, hard)
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
