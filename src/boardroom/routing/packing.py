"""The hard positions: the linear-programming bound of the whole packing, then a search
over the few routes that can still be part of a better solution.

A company's best routes are a maximum-weight packing of piece-disjoint routes, one per
train. Its linear relaxation over routes (a variable ``y[r] >= 0`` per route of each kind
of train, at most as many routes of a kind as trains of it, each piece used at most once)
has a dual: a price ``λ[b] >= 0`` per piece bit and a price ``μ[c]`` per kind of train
``c`` with ``μ[c] + λ(r) >= v(r)`` for every route ``r`` of that kind. Piece-disjoint
routes pay each price at most once, so for any prices with ``μ[c]`` the most a route of
kind ``c`` earns after paying ``λ`` (found exactly by the priced search)::

    best total <= Σ_c trains(c) · μ[c] + Σ_b λ[b]          (= UB)

and a route's *reduced cost* ``rc(r) = μ[c] + λ(r) - v(r)`` is never negative. A packing
worth more than ``L`` has ``Σ rc < UB - L``: every route of it has a reduced cost below
that gap, and on these boards the gap is small (the relaxation sees that two trains
compete for the same track, which no bound on one train at a time can see).

Steps (:func:`solve_packing`):

1. **Column generation.** Start from each kind's best routes (the search's ``collect``);
   solve the relaxation (``scipy.optimize.linprog``, HiGHS); price: list the routes whose
   value less the prices beats ``μ[c]`` (:func:`priced_collect`) and add them; repeat
   until none does (or ``ROUNDS``). The last pricing gives the exact ``μ[c]``, so the
   bound holds whatever the solver returned.
2. **Lists.** Each kind's routes with reduced cost within a gap ``g`` (from ``GAP0``,
   growing fourfold), best value first.
3. **Packing search** over the lists: every train but the last picks a route (reduced
   costs summing within ``g``, no piece shared, identical trains in list order), the last
   takes its best route sharing no piece (the first free bit of a bitset). Where the best
   packing found leaves ``UB - best - 1 <= g``, every better packing would have been in
   the lists: it is optimal. Else ``g`` grows.

The priced search is ``collect`` with the prices taken off each move, and a bound that
knows them: a route's price is half the price of each of its moves at each end of the
move, so a stop it passes pays at least half its two cheapest moves and its last stop at
least half its cheapest (``flow`` and ``top`` lowered so: :func:`_priced_tables`).

**Determinism.** Prices are rounded to multiples of 1/64, so every sum of them is exact.
The routes returned do not depend on the prices: the lists are ordered by value and by
the order the (price-independent) enumeration meets them, every better packing's routes
are in them, and the search returns the first optimal packing in that order. Search
nodes are counted (listing and packing steps) against the node budget; the number of
pricing rounds follows the solver's duals, so under a node budget the point where it
stops may differ between solver builds (never the answer of a search that finishes).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import csr_matrix

from boardroom.routing import tables
from boardroom.routing.search import _Search
from boardroom.routing.tables import BIG, NORMAL, PASSABLE, Arm, Snap, Tables
from boardroom.routing.walk import Collect, Searcher, _OutOfBudget

START_ROUTES = 1000
"""Each kind of train's best routes the first relaxation is solved on."""
ADD = 150
"""At most this many priced routes join the relaxation per kind and round."""
ROUNDS = 40
"""Column generation rounds at most."""
SETTLED = 8.0
"""Column generation stops when its best bound is within this of the relaxation over
the routes so far (the last rounds move the bound little and cost a priced search
each)."""
DIRECT = 48.0
"""A gap up to this is listed at once; a larger one first a quarter of it (at least
``GAP0``), growing while the best packing found leaves more (a better packing found in
the shorter lists shrinks the gap)."""
GAP0 = 8.0
GROW = 4
"""How the gap grows while the best packing found leaves a larger one."""
PACK_LIMIT = 2_500_000
"""Nodes the packing may spend before it gives up (the main search then goes on)."""
LIST_LIMIT = 300_000
"""A kind's list longer than this: give up on packing (the caller searches on)."""
GRAIN = 64
"""Prices are multiples of 1 / GRAIN."""


class TooMany(Exception):
    """The gap leaves too many routes to list."""


Found = tuple[float, int, int, int, tuple[int, Arm, Arm]]
"""(priced value, value, order found, pieces, snap)."""


@dataclass
class _Priced:
    """One kind's routes within the gap, best value first, and its bitsets."""

    values: list[int]
    pieces: list[int]
    snaps: list[tuple[int, Arm, Arm]]
    rcs: list[float]
    conflicts: dict[int, int]
    full: int


def _priced_tables(t: Tables, lam: list[float]) -> tuple[Tables, tuple[float, ...]]:
    """The tables with the prices in their bounds (see the module text), and the price
    of each move."""
    pen = tuple(float(sum(lam[b] for b in tables.bits(m))) for m in t.move_pieces)
    ns = t.ns
    val, bon, kind = t.val, t.bon, t.kind
    flow: list[float] = [float(x) for x in t.flow]
    stop_end: list[float] = [float(x) for x in t.stop_end]
    ends = [0.0] * ns
    for v in range(ns):
        prices = sorted(pen[mi] for _, _, mi in t.moves[v])
        c1 = prices[0] / 2 if prices else 0.0
        c2 = (prices[0] + prices[1]) / 2 if len(prices) > 1 else 2 * c1
        full = val[v] + bon[v]
        ends[v] = max(0.0, full - c1)
        if kind[v] == NORMAL:
            flow[v] = max(0.0, full - c2)
            stop_end[v] = ends[v] - flow[v]
        elif kind[v] == PASSABLE:
            flow[v] = max(0.0, bon[v] - c2)
            stop_end[v] = max(0.0, ends[v] - flow[v])
    top, n_groups = tables.group_sums(t.gvm, ends, 0.0)
    pt = copy.copy(t)
    # The same tables with float bound data (the search reads them the same way).
    for name, value in (("flow", tuple(flow)), ("stop_end", tuple(stop_end)),
                        ("ends_near", tables.ends_near(t.relax, t.end_mask, ends)),
                        ("top", top), ("n_groups", n_groups),
                        ("pass_extra", sum(flow[v] for v in range(ns) if kind[v] == PASSABLE))):
        setattr(pt, name, value)
    return pt, pen


class PricedCollect(Collect):
    """``Collect`` on priced tables: the routes whose value less the prices ``pen`` of
    their moves exceeds ``floor``, the ``most`` best so. What a route carries is the
    price it has paid (its value is its priced value plus that: every price a multiple
    of 1 / ``GRAIN``, so the sum is exact)."""

    def __init__(self, search: Searcher, pen: tuple[float, ...], cap: int, floor: float,
                 most: int) -> None:
        super().__init__(search, cap, BIG, floor, most)  # type: ignore[arg-type]
        self.cost = pen  # type: ignore[assignment]  # the values become floats

    moved = True

    def through(self, carry: float, mi: int) -> float:
        return carry + self.cost[mi]

    def end(self, rmask: int, rev: int, carry: float, ub: int) -> float:
        if rev > self.low:
            found = self.found
            found.append((-rev, -round(rev + carry), len(found), rmask, self.route()))
            if len(found) >= 2 * self.most:
                self.trim()
            if len(found) > LIST_LIMIT:
                raise TooMany
        return carry

    def listed(self) -> list[Found]:
        """Walk, then the routes best priced value first (then best value, then in the
        order met) as (priced value, value, order found, pieces, route)."""
        self.walk(0, 0, BIG)
        found = self.found
        found.sort()
        del found[self.most:]
        return [(-e[0], -e[1], e[2], e[3], e[4]) for e in found]


def priced_collect(search: Searcher, pen: tuple[float, ...], cap: int, floor: float,
                   most: int) -> list[Found]:
    """The routes of a train counting ``cap`` stops whose value less the prices ``pen``
    of its moves exceeds ``floor`` — the ``most`` best so — best priced value first.
    ``search`` runs on priced tables (:func:`_priced_tables`) and counts the nodes."""
    return PricedCollect(search, pen, cap, floor, most).listed()


class _Relaxation:
    """The columns (routes per kind of train) and the relaxation over them."""

    def __init__(self, kinds: list[int], counts: list[int], nbits: int) -> None:
        self.kinds, self.counts, self.nbits = kinds, counts, nbits
        self.values: list[float] = []
        self.kind_of: list[int] = []
        self.masks: list[int] = []
        self.snaps: list[tuple[int, Arm, Arm]] = []
        self.seen: set[tuple[int, int, int]] = set()

    def add(self, kind: int, value: int, mask: int, snap: tuple[int, Arm, Arm]) -> bool:
        """Add a column unless it is there already (same kind, pieces and value)."""
        tag = (kind, mask, value)
        if tag in self.seen:
            return False
        self.seen.add(tag)
        self.values.append(float(value))
        self.kind_of.append(kind)
        self.masks.append(mask)
        self.snaps.append(snap)
        return True

    def solve(self) -> tuple[list[float], list[float], float] | None:
        """The dual prices (per piece bit, per kind), rounded, and the relaxation's
        value; None if the solver fails."""
        nk = len(self.kinds)
        rows: list[int] = []
        cols: list[int] = []
        for j, (k, mask) in enumerate(zip(self.kind_of, self.masks, strict=True)):
            rows.append(k)
            cols.append(j)
            for b in tables.bits(mask):
                rows.append(nk + b)
                cols.append(j)
        n = len(self.values)
        mat = csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(nk + self.nbits, n))
        limits = np.array([float(c) for c in self.counts] + [1.0] * self.nbits)
        res = linprog(-np.array(self.values), A_ub=mat, b_ub=limits, bounds=(0, None),
                      method="highs")
        if res.status != 0:
            return None
        duals = [max(0.0, -float(x)) for x in res.ineqlin.marginals]
        duals = [round(x * GRAIN) / GRAIN for x in duals]
        return duals[nk:], duals[:nk], -float(res.fun)


def _priced(entries: list[tuple[int, int, tuple[int, Arm, Arm], float]]) -> _Priced:
    """A list from (value, pieces, snap, reduced cost) in order, the empty route added."""
    values = [e[0] for e in entries] + [0]
    pieces = [e[1] for e in entries] + [0]
    snaps = [e[2] for e in entries] + [(-1, (), ())]
    rcs = [e[3] for e in entries] + [float("inf")]
    conflicts = tables.route_bits(pieces)
    return _Priced(values, pieces, snaps, rcs, conflicts, (1 << len(values)) - 1)


def _lists(ps: _Search, pen: tuple[float, ...], kinds: list[int],
           mus: list[float], gap: float) -> dict[int, _Priced]:
    """Each kind's routes with reduced cost within ``gap``: best value first, then in
    the order the enumeration meets them (which the prices do not change)."""
    out = {}
    for c, mu in zip(kinds, mus, strict=True):
        got = priced_collect(ps, pen, c, mu - gap - 1 / (4 * GRAIN), LIST_LIMIT + 1)
        if len(got) > LIST_LIMIT:
            raise TooMany
        got.sort(key=lambda e: (-e[1], e[2]))
        out[c] = _priced([(e[1], e[3], e[4], mu - e[0]) for e in got])
    return out


def _column_lists(relax: _Relaxation) -> dict[int, _Priced]:
    """The relaxation's columns as lists (for a first packing: reduced costs ignored)."""
    out = {}
    for ki, c in enumerate(relax.kinds):
        mine = [j for j in range(len(relax.values)) if relax.kind_of[j] == ki]
        mine.sort(key=lambda j: (-relax.values[j], j))
        out[c] = _priced([(int(relax.values[j]), relax.masks[j], relax.snaps[j], 0.0)
                          for j in mine])
    return out


class _Packer:
    """``_pack``'s search: every train but the last picks a route from its list (reduced
    costs within the room, no piece shared, identical trains in list order), the last
    takes its best route left (the first free bit)."""

    def __init__(self, search: _Search, caps: list[int], lists: dict[int, _Priced],
                 best: int, snap: Snap) -> None:
        self.search, self.caps, self.lists = search, caps, lists
        self.top_total, self.top_snap = best, snap
        self.chosen: list[int] = []
        n = len(caps)
        best_val = [lists[c].values[0] for c in caps]
        self.rest_best = [sum(best_val[i:]) for i in range(n)] + [0]
        self.last = lists[caps[-1]]
        self.blocks: dict[tuple[int, int], int] = {}

    def count(self) -> None:
        search = self.search
        search.nodes += 1
        if search.nodes == search.budget:
            raise _OutOfBudget

    def emit(self, total: int) -> None:
        if total > self.top_total:
            out = []
            for c, j in zip(self.caps, self.chosen, strict=True):
                s = self.lists[c].snaps[j]
                if s[0] >= 0:
                    out.append(s)
            self.top_total, self.top_snap = total, tuple(out)

    def blocking(self, i: int, j: int) -> int:
        """The last train's list entries that route ``j`` of train ``i``'s list blocks."""
        key = (self.caps[i], j)
        got = self.blocks.get(key)
        if got is None:
            got = 0
            for b in tables.bits(self.lists[self.caps[i]].pieces[j]):
                got |= self.last.conflicts.get(b, 0)
            self.blocks[key] = got
        return got

    def dfs(self, i: int, used: int, blocked: int, value: int, room: float, low: int) -> None:
        caps, chosen = self.caps, self.chosen
        if i == len(caps) - 1:
            self.count()
            last = self.last
            free = last.full & ~blocked & ~((1 << low) - 1)
            if free:
                j = (free & -free).bit_length() - 1
                chosen.append(j)
                self.emit(value + last.values[j])
                chosen.pop()
            return
        pr = self.lists[caps[i]]
        same_next = caps[i + 1] == caps[i]
        vals, pieces, rcs = pr.values, pr.pieces, pr.rcs
        for j in range(low, len(vals)):
            self.count()  # every entry looked at is a node
            if value + vals[j] + self.rest_best[i + 1] <= self.top_total:
                break
            if rcs[j] > room or pieces[j] & used:
                continue
            chosen.append(j)
            self.dfs(i + 1, used | pieces[j], blocked | self.blocking(i, j), value + vals[j],
                     room - rcs[j], j if same_next else 0)
            chosen.pop()


def _pack(search: _Search, caps: list[int], lists: dict[int, _Priced], room0: float,
          best: int, snap: Snap) -> tuple[int, Snap]:
    """The best packing above ``best`` whose routes' reduced costs sum within ``room0``
    (the last train's route excepted: it is the best one left), or ``best``/``snap``."""
    packer = _Packer(search, caps, lists, best, snap)
    packer.dfs(0, 0, 0, 0, room0 + 1 / (4 * GRAIN), 0)
    return packer.top_total, packer.top_snap


def _priced_search(search: _Search, pt: Tables) -> _Search:
    """A search on the priced tables ``pt`` under ``search``'s budget (its node count is
    handed over and back by the caller)."""
    ps = _Search(pt, search.local, None)
    ps.budget = search.budget
    return ps


def _price(search: _Search, relax: _Relaxation, kinds: list[int], counts: list[int],
           lam: list[float], mu_try: list[float]) -> tuple[float, list[float], bool]:
    """Price at ``lam``: each kind's routes worth more than ``mu_try`` after paying the
    prices join the relaxation; the bound these prices give (exact: the best priced
    value of each kind), the best priced values, and whether a column was added."""
    pt, pen = _priced_tables(search.t, lam)
    ps = _priced_search(search, pt)
    ps.nodes = search.nodes
    mus = []
    added = False
    try:
        for ki, c in enumerate(kinds):
            floor = mu_try[ki] + 1 / GRAIN
            top = priced_collect(ps, pen, c, floor, ADD)
            # The exact best priced value: the best found, else at most the floor.
            mus.append(top[0][0] if top else floor)
            for e in top:
                if relax.add(ki, e[1], e[3], e[4]):
                    added = True
    finally:
        search.nodes = ps.nodes
    return sum(k * mu for k, mu in zip(counts, mus, strict=True)) + sum(lam), mus, added


def _first_columns(search: _Search, caps: list[int], alone: list[int], kinds: list[int],
                   counts: list[int]) -> _Relaxation:
    """The relaxation over each kind's ``START_ROUTES`` best routes."""
    nbits = max((m.bit_length() for m in search.t.move_pieces), default=0)
    relax = _Relaxation(kinds, counts, nbits)
    for ki, c in enumerate(kinds):
        cat = search.collect(c, alone[caps.index(c)], 0, START_ROUTES)
        for v, s in zip(cat.values, cat.snaps, strict=True):
            relax.add(ki, v, search.snap_pieces((s,)), s)
    return relax


def _fit_prices(search: _Search, relax: _Relaxation, kinds: list[int], counts: list[int],
                best: int) -> tuple[float, list[float], list[float]]:
    """Column generation: the best bound found (UB), its piece prices and each kind's
    exact best priced value."""
    stab: tuple[float, list[float], list[float]] | None = None
    for _ in range(ROUNDS):
        got = relax.solve()
        if got is None:
            raise TooMany
        lam, mu_lp, lp_value = got
        if stab is not None and stab[0] - lp_value < SETTLED:
            break  # the bound is (nearly) the relaxation's optimum
        ub_now, mus, added = _price(search, relax, kinds, counts, lam, mu_lp)
        if stab is None or ub_now < stab[0]:
            stab = (ub_now, lam, mus)
        if stab[0] < best + 1 or not added:
            break
    assert stab is not None
    return stab


def _within_gaps(search: _Search, caps: list[int], kinds: list[int], lam: list[float],
                 mus: list[float], ub: float, best: int, snap: Snap) -> tuple[int, Snap]:
    """Every packing worth at least the best has reduced costs within UB - best: list
    the routes within a gap g (growing while it is short of that) and take the first
    best packing in the lists' order (which the prices do not change, so neither does
    the answer)."""
    pt, pen = _priced_tables(search.t, lam)
    ps = _priced_search(search, pt)
    gap = ub - best
    g = gap if gap <= DIRECT else max(GAP0, gap / GROW)
    while True:
        ps.nodes = search.nodes
        try:
            lists = _lists(ps, pen, kinds, mus, g)
        finally:
            search.nodes = ps.nodes
        total, snap_l = _pack(search, caps, lists, g, best - 1, ())
        if total >= best:
            best, snap = total, snap_l
        if ub - best <= g:
            return best, snap
        g = min(ub - best, GROW * g)


def solve_packing(search: _Search, caps: list[int], alone: list[int], best: int,
                  snap: Snap) -> tuple[int, Snap, bool]:
    """The best routes of trains ``caps`` (search order, as ``search.solve`` orders
    them) given the incumbent ``best``/``snap``: (total, snap, proven). Raises TooMany
    where the gap leaves too many routes to list or it would take more than
    ``PACK_LIMIT`` nodes; proven is False when the caller's node budget ran out (the
    best found is returned)."""
    kinds = sorted(set(caps), key=caps.index)
    counts = [caps.count(c) for c in kinds]
    budget = search.budget
    limit = search.nodes + PACK_LIMIT
    capped = budget < 0 or limit < budget
    if capped:
        search.budget = limit
    try:
        relax = _first_columns(search, caps, alone, kinds, counts)
        if not relax.values:
            return best, snap, True  # no route earns anything
        ub, lam, mus = _fit_prices(search, relax, kinds, counts, best)
        if ub < best + 1:
            return best, snap, True
        # A first packing from the relaxation's own routes.
        best, snap = _pack(search, caps, _column_lists(relax), float("inf"), best, snap)
        best, snap = _within_gaps(search, caps, kinds, lam, mus, ub, best, snap)
    except _OutOfBudget:
        if capped:
            raise TooMany from None  # its own limit, not the caller's budget
        return best, snap, False
    finally:
        search.budget = budget
    return best, snap, True
