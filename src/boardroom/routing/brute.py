"""The exhaustive oracle: every legal route of every train, then every combination.

It shares nothing with the search but the problem's types: it walks the problem's own
tracks (no reduced graph), lists every route a train may run (from every stop, every
walk along unused pieces that obeys the rules, recorded at every stop it may end at),
and tries every combination of one route (or none) per train whose pieces are disjoint.
Exponential: for small problems and tests only.

>>> from boardroom.routing.problem import RouteProblem, Stop, Track
>>> p = RouteProblem((Stop(20, 0, hub=True), Stop(30, 1), Stop(40, 2)),
...                  (Track(0, 1, 1), Track(1, 2, 2)), (2, 2))
>>> best_total(p)
70
"""

from __future__ import annotations

from boardroom.routing.problem import Route, RouteProblem


def all_routes(problem: RouteProblem, cap: int | None) -> list[Route]:
    """Every distinct legal non-empty route of a train counting ``cap`` stops."""
    stops = problem.stops
    n_stops = len(stops)
    tracks = problem.tracks
    rules = problem.rules
    at: list[list[int]] = [[] for _ in range(problem.nodes)]
    for k, t in enumerate(tracks):
        at[t.a].append(k)
        if t.b != t.a:
            at[t.b].append(k)
    found: dict[tuple[int, ...], Route] = {}

    def emit(order: list[int], path: list[int], used: int) -> None:
        if not any(stops[i].hub for i in order):
            return
        last = len(order) - 1
        counted = [i for pos, i in enumerate(order)
                   if pos in (0, last) or not stops[i].blocked]
        if cap is not None and len(counted) > cap:
            return
        if len(order) == 1 and not rules.local_routes:
            return
        forward = tuple(path)
        key = min(forward, tuple(reversed(forward))) if path else (-1 - order[0],)
        if key in found:
            return
        revenue = sum(stops[i].value for i in counted) + sum(stops[i].bonus for i in order)
        found[key] = Route(tuple(order), forward, tuple(counted), used, revenue)

    def walk(node: int, side: int, used: int, order: list[int], groups: set[int],
             path: list[int]) -> None:
        for k in at[node]:
            t = tracks[k]
            if t.pieces & used:
                continue
            # Every way of leaving ``node`` along track k.
            exits = []
            if t.a == node:
                exits.append((t.a_side, t.b, t.b_side))
            if t.b == node:
                exits.append((t.b_side, t.a, t.a_side))
            for my_side, nxt, their_side in exits:
                if node >= n_stops and my_side == side:
                    continue  # a junction is passed from one side to the other
                path.append(k)
                if nxt < n_stops:
                    s = stops[nxt]
                    if s.group not in groups:
                        order.append(nxt)
                        groups.add(s.group)
                        emit(order, path, used | t.pieces)
                        if not s.terminal and (not s.blocked or rules.pass_blocked):
                            walk(nxt, -1, used | t.pieces, order, groups, path)
                        groups.discard(s.group)
                        order.pop()
                else:
                    walk(nxt, their_side, used | t.pieces, order, groups, path)
                path.pop()

    for start in range(n_stops):
        s = stops[start]
        emit([start], [], 0)
        walk(start, -1, 0, [start], {s.group}, [])
    return [found[k] for k in sorted(found)]


def best_total(problem: RouteProblem) -> int:
    """The best total revenue, by trying every combination of routes."""
    return best_routes(problem)[0]


def best_routes(problem: RouteProblem) -> tuple[int, tuple[Route, ...]]:
    """The best total and one combination achieving it (one route per train)."""
    n = len(problem.trains)
    per_train = [all_routes(problem, problem.capacity(i)) for i in range(n)]
    best_total = 0
    best_set: tuple[Route, ...] = tuple(Route() for _ in range(n))
    chosen: list[Route] = []

    def pick(i: int, used: int, total: int) -> None:
        nonlocal best_total, best_set
        if i == n:
            if total > best_total:
                best_total, best_set = total, tuple(chosen)
            return
        chosen.append(Route())
        pick(i + 1, used, total)
        chosen.pop()
        for r in per_train[i]:
            if r.pieces & used:
                continue
            chosen.append(r)
            pick(i + 1, used | r.pieces, total + r.revenue)
            chosen.pop()

    pick(0, 0, 0)
    return best_total, best_set
