"""The search of all the company's trains: the first train walked (``walk.Walk``), the
best the others add with what its route leaves (*the rest*) known at every node. Two
trains read the rest off a catalogue of the second train's routes (``PairWalk``,
``_Search.run_pair``); more search it (``RunWalk``, ``_Search.run``). What the rest is,
why it may be kept down the tree, the catalogue and its blocked sets, the twins'
symmetry and the transposition memo are invariants 5 to 8 of docs/routing.md, "The
search's invariants"."""

from __future__ import annotations

from typing import TypeVar

from boardroom.routing.tables import BIG, Snap, snap_pieces
from boardroom.routing.walk import (
    Collect,
    Searcher,
    Walk,
    _Catalogue,
    _OutOfBudget,
    _Reached,
    finished,
)

RELIST = 300
"""At most this many are listed again below a node where every listed route is blocked."""
PAIR_CATALOGUE = 10_000
"""With three trains: at most this many of the last train's routes, listed once for the
rest's two-train search (``dense_grey_001`` major5: 1,000 of them leave 193.5 million
nodes, 3,000 52.0 million, 10,000 32.6 million, as do 30,000 and 100,000)."""

C = TypeVar("C")


class TrainsWalk(Walk[C]):
    """A walk of the first train that keeps the best solution of all of them."""

    def __init__(self, search: Searcher, caps: list[int], alone: list[int], best: int,
                 snap: Snap, ceiling: int) -> None:
        super().__init__(search, caps[0], alone[0])
        self.caps, self.alone = caps, alone
        self.best, self.found, self.ceiling = best, snap, ceiling
        self.pair = len(caps) >= 2 and caps[0] == caps[1]

    def record(self, total: int, rest: Snap) -> None:
        """A solution: this route and the rest's routes ``rest``, worth ``total``."""
        if total > self.best:
            self.best = total
            self.found = (self.route(), *rest)
            if total >= self.ceiling:
                raise _Reached

    def proven(self, start_used: int) -> bool:
        """Search every solution (none using the pieces ``start_used``); whether it ran
        to the end (or to the ceiling) within the budget."""
        return finished(lambda: self.start(start_used))

    def start(self, start_used: int) -> None:
        raise NotImplementedError

    def twins_pruned(self, ub: int, other: int) -> bool:
        """Two identical trains, the first running the better route (invariant 7): the
        second, worth ``other`` at most, then adds no more than ``ub``, this route's
        bound, either."""
        return self.pair and ub + (other if other < ub else ub) <= self.best


Held = tuple[int, _Catalogue]
"""What a pair walk carries: the catalogue routes the route blocks, and the catalogue."""


class PairWalk(TrainsWalk[Held]):
    """``_Search.run_pair`` (``_bnb.c``: ``pair_search``, ``pext``, ``pcommit``): two
    trains, the second's best read off its catalogue (invariant 6). ``idle``: the second
    train may run nothing (as the rest of three trains)."""

    def __init__(self, search: Searcher, caps: list[int], alone: list[int], best: int,
                 snap: Snap, cat: _Catalogue, start_blocked: int, ceiling: int,
                 idle: bool) -> None:
        super().__init__(search, caps, alone, best, snap, ceiling)
        self.cat, self.start_blocked = cat, start_blocked
        self.idle = idle

    def start(self, start_used: int) -> None:
        self.walk(start_used, (self.start_blocked, self.cat), BIG)

    def relist(self, rmask: int, low: int) -> _Catalogue:
        """A catalogue of the second train's routes worth more than ``low`` that share
        no piece with ``rmask`` (for the subtree below a node: pieces only grow)."""
        return Collect(self.search, self.caps[1], self.alone[1], low, RELIST).catalogue(rmask)

    def runs_none(self, cat: _Catalogue) -> bool:
        """No route of the second train is worth anything here: it runs none."""
        return self.idle and not cat.values and cat.floor <= 0

    moved = True

    def through(self, carry: Held, mi: int) -> Held:
        blocked, cat = carry
        return blocked | cat.conflicts[mi], cat

    def end(self, rmask: int, rev: int, carry: Held, ub: int) -> Held:
        """The route ends here: with the best free catalogue route as the second's, a
        solution; every one blocked, the routes that could still matter listed again
        (what the route's extensions then carry)."""
        blocked, cat = carry
        j = cat.first_free(blocked)
        if j >= 0:
            self.record(rev + cat.values[j], (cat.snaps[j],))
            return carry
        if rev + cat.floor <= self.best:
            return carry
        if self.runs_none(cat):
            self.record(rev, ())
            return carry
        low = self.best - rev
        fresh = self.relist(rmask, low if low > 0 or not self.idle else 0)
        if fresh.values:
            self.record(rev + fresh.values[0], (fresh.snaps[0],))
        elif self.idle:
            self.record(rev, ())
        return 0, fresh

    def node(self, v: int, rmask: int, gm: int, cnt: int, rev: int, bottom: bool,
             minmove: int, anchor: int, carry: Held) -> None:
        blocked, cat = carry
        j = cat.first_free(blocked)
        second = cat.values[j] if j >= 0 else cat.floor
        ub = self.enter(v, gm, cnt, rev, bottom, anchor, self.best - second)
        if ub is None or (self.pair and self.twins_pruned(ub, second)):
            return
        if j < 0 and not self.runs_none(cat):
            # Every listed route is blocked: list the ones that could still matter.
            low = self.best - ub
            cat = self.relist(rmask, low if low > 0 or not self.idle else 0)
            if not cat.values and (low >= 0 or not self.idle):
                return
            carry = (0, cat)
        self.steps(v, rmask, gm, cnt, rev, bottom, minmove, anchor, carry, ub)


Rest = tuple[int, int, Snap]
"""The rest: its value, the pieces it uses (-1: the value is only a bound), its routes."""


class RunWalk(TrainsWalk[Rest]):
    """``_Search.run`` (``_bnb.c``: ``run_search``, ``rext``, ``rcommit``): the first
    train walked, the rest searched (``rest_above``) and kept while the route does not
    touch it (invariant 5); a single train remembers positions (invariant 8)."""

    def __init__(self, search: Searcher, caps: list[int], alone: list[int], best: int,
                 snap: Snap, ceiling: int, pair_rest: bool = False) -> None:
        super().__init__(search, caps, alone, best, snap, ceiling)
        self.pair_rest = pair_rest and len(caps) == 3
        self.pair = len(caps) == 2 and caps[0] == caps[1]
        self.more = len(caps) > 1
        # Three or more trains, the first two identical: the rest's first train need only
        # be searched up to what the first train's route can earn (see rest_above).
        self.twin = len(caps) > 2 and caps[0] == caps[1]
        self.memo: dict[tuple[int, ...], int] | None = (
            None if self.more or not search.t.transpose else {})
        self.pair_cat: _Catalogue | None = None
        """With three trains (``pair_rest``): the last train's catalogue, listed once."""

    def start(self, start_used: int) -> None:
        caps, alone = self.caps, self.alone
        if self.pair_rest:
            # The last train's routes that could be in a better solution.
            floor = max(0, self.best - alone[0] - alone[1])
            self.pair_cat = Collect(self.search, caps[2], alone[2], floor,
                                    PAIR_CATALOGUE).catalogue(start_used)
        first = self.rest_above(start_used, -1)
        assert first is not None
        if self.lim + first[0] > self.best:
            self.walk(start_used, first, self.lim)

    def rest_above(self, used: int, floor: int, ceiling: int = BIG,
                   first_ub: int = BIG) -> Rest | None:
        """The rest's optimum with ``used`` taken if above ``floor``, else None
        (``ceiling``: a known upper bound on it; ``first_ub`` bounds every first-train
        route of the subtree the rest serves: the twins' cap, invariant 7)."""
        if not self.more:
            return (0, 0, ()) if floor < 0 else None
        caps, search = self.caps, self.search
        rest_alone = self.alone[1:]
        if self.twin and first_ub < rest_alone[0]:
            rest_alone = [first_ub, *rest_alone[1:]]
        walk: TrainsWalk[Held] | TrainsWalk[Rest]
        if self.pair_cat is not None:
            conflicts = self.pair_cat.conflicts
            b0 = 0
            for mi in self.top_arm:
                b0 |= conflicts[mi]
            for mi in self.bot_arm:
                b0 |= conflicts[mi]
            walk = PairWalk(search, caps[1:], rest_alone, floor, (), self.pair_cat, b0,
                            ceiling, idle=True)
        else:
            walk = RunWalk(search, caps[1:], rest_alone, floor, (), ceiling)
        if not walk.proven(used):
            raise _OutOfBudget
        if walk.best <= floor:
            return (0, 0, ()) if floor < 0 else None
        return (walk.best, snap_pieces(search.t, walk.found), walk.found)

    def end(self, rmask: int, rev: int, carry: Rest, ub: int) -> Rest:
        """The route ends here: record it if it beats the best; the rest it leaves (for
        the route's extensions too: ``ub`` bounds them all)."""
        rest = carry
        if rev + rest[0] <= self.best:
            return rest
        if rest[1] & rmask:
            fresh = self.rest_above(rmask, self.best - rev, rest[0], ub)
            if fresh is None:
                # No better rest here; what is left is at most this.
                return (self.best - rev, -1, ())
            rest = fresh
        self.record(rev + rest[0], rest[2])
        return rest

    def node(self, v: int, rmask: int, gm: int, cnt: int, rev: int, bottom: bool,
             minmove: int, anchor: int, carry: Rest) -> None:
        rest = carry
        ub = self.enter(v, gm, cnt, rev, bottom, anchor, self.best - rest[0])
        if ub is None or (self.pair and self.twins_pruned(ub, rest[0])):
            return
        if rest[1] & rmask:
            fresh = self.rest_above(rmask, self.best - ub, rest[0], ub)
            if fresh is None or ub + fresh[0] <= self.best:
                return
            rest = fresh
        memo = self.memo
        key: tuple[int, ...] = ()
        if memo is not None:
            # The same position reached before: its future is bounded by what the
            # search then left unbeaten.
            key = (v, anchor, gm, minmove,
                   -2 if bottom else (self.top_arm[0] if self.top_arm else -1),
                   cnt if self.cap < BIG else 0)
            seen = memo.get(key)
            if seen is not None and rev + seen <= self.best:
                return
        self.steps(v, rmask, gm, cnt, rev, bottom, minmove, anchor, rest, ub)
        if memo is not None:
            memo[key] = self.best - rev
