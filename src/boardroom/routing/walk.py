"""One train's routes, walked depth first: the walk every search of ``search`` and
``packing`` shares (``Walk``), and the listing of a train's best routes (``Collect``,
``_Search.collect``). The walk's shape (anchors, arms, moves), its bound and why pruning
by it loses nothing are invariants 1 to 4 of docs/routing.md, "The search's invariants";
the compiled twin of each method is named in its docstring."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from boardroom.routing.blockcut import chain
from boardroom.routing.tables import (
    BIG,
    NORMAL,
    PASSABLE,
    Arm,
    Snap,
    Tables,
    bits,
    route_bits,
)

BLOCK_MIN = 4
"""Use the block-cut bound when at least this many stops may still be counted."""


class _OutOfBudget(Exception):
    pass


class _Reached(Exception):
    """The incumbent reached a known upper bound: it is optimal."""


def finished(go: Callable[[], object]) -> bool:
    """Run a search: True when it ends (or its incumbent reaches its ceiling), False when
    the node budget runs out first."""
    try:
        go()
    except _Reached:
        return True
    except _OutOfBudget:
        return False
    return True


@dataclass(frozen=True)
class _Catalogue:
    """A train's routes worth more than ``floor``, best first (all of them): invariant 6
    of docs/routing.md, "The search's invariants"."""

    values: tuple[int, ...]
    snaps: tuple[tuple[int, Arm, Arm], ...]
    conflicts: tuple[int, ...]
    """Per move: the bitset of catalogue routes that share a piece with it."""
    floor: int

    def first_free(self, blocked: int) -> int:
        """The best route not in the bitset ``blocked``; -1 when all are."""
        free = ((1 << len(self.values)) - 1) & ~blocked
        return (free & -free).bit_length() - 1 if free else -1


@dataclass
class _Outcome:
    best: int
    snap: Snap
    complete: bool


class Searcher:
    """What every walk of one search shares: the tables, the node count and its budget
    (-1: none), and the block-cut bound's memo (keyed by end, anchor, visited set and
    mode: invariant 4)."""

    def __init__(self, tables: Tables, local: bool, budget: int | None) -> None:
        self.t = tables
        self.local = local
        self.budget = budget if budget is not None else -1
        self.nodes = 0
        self.memo: dict[int, int] = {}
        nm = len(tables.move_pieces)
        self.passes = tables.move_passes if tables.relax_junctions else (0,) * nm
        """The junctions each move passes, where the bound's graph has them (else 0)."""
        self.free: tuple[int, ...] = (0,) * nm
        """No price on any move."""

    def block_bound(self, v: int, anchor: int, gm: int, mode: int) -> int:
        """The most the route's open ends can still collect outside ``gm`` (``_bnb.c``:
        ``block_bound``). Mode 0: one open end ``v``; 1: ends ``v`` and ``anchor``; 2:
        both arms from ``v``."""
        ns = self.t.ns
        key = ((gm * ns + v) * ns + anchor) * 4 + mode
        got = self.memo.get(key)
        if got is None:
            allowed = ~gm
            if mode == 0:
                got = chain(self.t, v, allowed, False)
            elif mode == 1:
                got = chain(self.t, v, allowed, False) + chain(self.t, anchor, allowed, False)
            else:
                got = chain(self.t, v, allowed, True)
            self.memo[key] = got
        return got


C = TypeVar("C")
"""What a walk carries down its tree besides the route (the rest, a catalogue...)."""


class Walk(Generic[C]):
    """The depth-first walk over one train's routes (invariants 1 and 2): from each
    anchor, the top arm stop by stop, and wherever it may end, the bottom arm. A
    subclass says what a node prunes (``node``) and what a route ending does (``end``).

    A node is (v, rmask, gm, cnt, rev, bottom, minmove, anchor): the arm's end, the
    pieces used, the vertices visited (with their groups and the junctions passed), the
    stops counted, the value so far, whether the bottom arm is being built, the least
    move id it may take next (the bottom arm's first move comes after the top arm's),
    the anchor."""

    def __init__(self, search: Searcher, cap: int, lim: int) -> None:
        t = search.t
        self.search = search
        self.cap, self.lim = cap, lim
        self.budget = search.budget
        self.moves, self.val, self.bon, self.kind, self.gvm = t.moves, t.val, t.bon, t.kind, t.gvm
        self.passes = search.passes
        self.cost: tuple[int, ...] = search.free
        """What each move costs the route's value (``packing``'s prices; else 0)."""
        self.top, self.n_groups, self.pass_extra = t.top, t.n_groups, t.pass_extra
        self.top_arm: list[int] = []
        self.bot_arm: list[int] = []
        self.anchor = 0
        self.hot: tuple[Any, ...] = ()
        """What ``steps`` reads at every node, bound once per walk (``walk``): one
        attribute read a node instead of a dozen, and no bound method made per node."""

    def route(self) -> tuple[int, Arm, Arm]:
        """The route being built, as a snap's entry."""
        return (self.anchor, tuple(self.top_arm), tuple(self.bot_arm))

    def walk(self, start_used: int, carry: C, ub: int) -> None:
        """Every route from every anchor, none using a piece of ``start_used`` (``ub``:
        the most any of them can earn, for ``end``)."""
        val, bon = self.val, self.bon
        self.hot = (self.cap, self.kind, val, bon, self.gvm, self.passes, self.cost,
                    self.moves, self.top_arm, self.bot_arm,
                    self.node, self.end, self.through, self.moved)
        for a in range(self.search.t.nh):
            self.anchor = a
            va = val[a] + bon[a]
            if self.search.local:
                self.end(start_used, va, carry, ub)
            if self.cap >= 2:
                self.node(a, start_used, self.gvm[a], 1, va, False, -1, a, carry)

    def enter(self, v: int, gm: int, cnt: int, rev: int, bottom: bool, anchor: int,
              beat: int) -> int | None:
        """Count the node against the budget (where the kernel counts it: invariant 10);
        the most a route of its subtree earns (invariant 3: the count bound, the train's
        optimum alone, the block-cut bound), or None when that cannot be more than
        ``beat``."""
        search = self.search
        search.nodes += 1
        if search.nodes == self.budget:
            raise _OutOfBudget
        lim = self.lim
        if lim <= beat:
            return None
        room = self.cap - cnt
        n_groups, top = self.n_groups, self.top
        gain = (top[room] if room < n_groups else top[n_groups]) + self.pass_extra
        if rev + gain <= beat:
            return None
        future = gain
        if room >= BLOCK_MIN:
            if bottom or self.kind[anchor] != NORMAL:
                mode = 0
            elif v == anchor:
                mode = 2
            else:
                mode = 1
            block = search.block_bound(v, anchor, gm, mode)
            if block < gain:
                future = block
            if rev + future <= beat:
                return None
        ub = rev + future
        return lim if lim < ub else ub

    def steps(self, v: int, rmask: int, gm: int, cnt: int, rev: int, bottom: bool,
              minmove: int, anchor: int, carry: C, ub: int) -> None:
        """The node's children: each open move counts its stop (the route may end there,
        go on, or turn to the bottom arm) or passes it for its bonus."""
        (cap, kind, val, bon, gvm, passes, cost, moves, top_arm, bot_arm,
         node, end, through, moved) = self.hot
        arm = bot_arm if bottom else top_arm
        for m, w, mi in moves[v]:
            if m & rmask or mi <= minmove or gm >> w & 1 or w < anchor:
                continue
            k = kind[w]
            c2 = cnt + 1
            m2 = rmask | m
            g2 = gm | gvm[w] | passes[mi]
            net = rev - cost[mi]
            passed = through(carry, mi) if moved else carry
            arm.append(mi)
            if c2 <= cap:
                r2 = net + val[w] + bon[w]
                here = end(m2, r2, passed, ub)
                if not bottom and c2 < cap and kind[anchor] == NORMAL:
                    node(anchor, m2, g2, c2, r2, True, top_arm[0], anchor, here)
                if k == NORMAL and c2 < cap:
                    node(w, m2, g2, c2, r2, bottom, -1, anchor, here)
            if k == PASSABLE:
                node(w, m2, g2, cnt, net + bon[w], bottom, -1, anchor, passed)
            arm.pop()

    def node(self, v: int, rmask: int, gm: int, cnt: int, rev: int, bottom: bool,
             minmove: int, anchor: int, carry: C) -> None:
        """Enter the node (``enter``), prune it or walk on (``steps``)."""
        raise NotImplementedError

    def end(self, rmask: int, rev: int, carry: C, ub: int) -> C:
        """The route may end here (it uses ``rmask`` and earns ``rev``; ``ub`` bounds it
        and its extensions); what its extensions carry."""
        raise NotImplementedError

    moved = False
    """Whether what a child carries depends on the move it took (``through``)."""

    def through(self, carry: C, mi: int) -> C:
        """What a child through move ``mi`` carries, before its stop is counted."""
        return carry


Entry = tuple[int, int, int, tuple[int, Arm, Arm]]
"""A listed route: (minus its value, order found, pieces, route)."""


class Collect(Walk[float]):
    """``_Search.collect`` (``_bnb.c``: ``collect``, ``cext``): the train's routes worth
    more than ``floor``, best first, at most ``most`` of them: while listing, the list is
    cut to ``most`` whenever it reaches twice that, and the floor rises to the last kept.
    What a route carries is the price it has paid (``packing``'s priced listing; 0 here)."""

    def __init__(self, search: Searcher, cap: int, lim: int, floor: int, most: int) -> None:
        super().__init__(search, cap, lim)
        self.most = most
        self.low = floor
        self.found: list[Any] = []
        """The routes listed, as tuples that sort best first, minus the value the floor
        is on first (``Entry`` here)."""

    def node(self, v: int, rmask: int, gm: int, cnt: int, rev: int, bottom: bool,
             minmove: int, anchor: int, carry: float) -> None:
        if self.enter(v, gm, cnt, rev, bottom, anchor, self.low) is not None:
            self.steps(v, rmask, gm, cnt, rev, bottom, minmove, anchor, carry, BIG)

    def end(self, rmask: int, rev: int, carry: float, ub: int) -> float:
        """List the route if it beats the floor."""
        if rev > self.low:
            found = self.found
            found.append((-rev, len(found), rmask, self.route()))
            if len(found) >= 2 * self.most:
                self.trim()
        return carry

    def trim(self) -> None:
        """Cut the list to the ``most`` best and raise the floor to the last kept."""
        found = self.found
        found.sort()
        del found[self.most:]
        self.low = -found[-1][0]

    def catalogue(self, start_used: int) -> _Catalogue:
        """Walk, then the list with each move's bitset of the routes it blocks."""
        self.walk(start_used, 0, BIG)
        found = self.found
        found.sort()
        if len(found) > self.most:
            del found[self.most:]
            self.low = -found[-1][0]
        blocks = route_bits([e[2] for e in found])
        conflicts = []
        for mask in self.search.t.move_pieces:
            c = 0
            for b in bits(mask):
                c |= blocks.get(b, 0)
            conflicts.append(c)
        return _Catalogue(tuple(-e[0] for e in found), tuple(e[3] for e in found),
                          tuple(conflicts), self.low)
