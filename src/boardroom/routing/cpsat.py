"""An independent exact formulation of a routing problem for OR-Tools CP-SAT, used by the
route benchmark to check the search's optima and to compare speed.

OR-Tools is optional (``pip install ortools``); :func:`available` says whether it is
installed. The model works on the problem's own tracks (not the reduced graph), keeping
only those a walk from the hubs can reach, and per train:

* an arc variable for each track and direction, a start and an end variable per stop;
* flow: at a stop, arcs in + start = included = arcs out + end (so at most one visit);
  at a junction, arcs in on one side = arcs out on the other;
* at most one start (and one end) per train; the route includes a hub if it runs;
* a terminal or (unless passing is allowed) blocked stop has at most one arc;
* a single-stop route (start and end at one stop, no arcs) only at a hub, and only when
  local routes are allowed;
* a city group at most once; counted stops (every included stop, except a blocked stop
  passed through) at most the train's number;
* no cycle: every node gets an order number that rises along each arc used (so the model
  assumes a junction is passed at most once per route: true when one side of every
  junction has one track, as on a hex map);
* every piece used by at most one arc of all the trains.

The objective is the revenue of all the trains.
"""

from __future__ import annotations

import importlib
import time
from dataclasses import dataclass
from typing import Any

from boardroom.routing.problem import RouteProblem


def available() -> bool:
    try:
        importlib.import_module("ortools.sat.python.cp_model")
    except ImportError:
        return False
    return True


@dataclass(frozen=True)
class CpSatResult:
    total: int
    optimal: bool
    seconds: float
    """Wall time of the solve call (model building excluded)."""
    build_seconds: float
    cpu_seconds: float = 0.0
    """Processor time of the solve call (all of this process's threads), which a busy
    machine does not inflate as it does the wall time."""


def _reachable(problem: RouteProblem) -> list[bool]:
    """Tracks a walk from the hubs can use (junction sides respected, no piece rules)."""
    stops = problem.stops
    n_stops = len(stops)
    at: list[list[int]] = [[] for _ in range(problem.nodes)]
    for k, t in enumerate(problem.tracks):
        at[t.a].append(k)
        if t.b != t.a:
            at[t.b].append(k)
    keep = [False] * len(problem.tracks)
    seen: set[tuple[int, int]] = set()
    work = [(i, -1) for i, s in enumerate(stops) if s.hub]
    seen.update(work)
    while work:
        node, side = work.pop()
        if node < n_stops:
            s = stops[node]
            if not s.hub and (s.terminal or (s.blocked and not problem.rules.pass_blocked)):
                continue
        for k in at[node]:
            t = problem.tracks[k]
            for here, here_side, there, there_side in ((t.a, t.a_side, t.b, t.b_side),
                                                       (t.b, t.b_side, t.a, t.a_side)):
                if here != node or (node >= n_stops and here_side == side):
                    continue
                keep[k] = True
                state = (there, -1 if there < n_stops else there_side)
                if state not in seen:
                    seen.add(state)
                    work.append(state)
    return keep


def solve_cpsat(problem: RouteProblem, time_limit: float | None = None,
                workers: int = 1) -> CpSatResult:
    """The optimum total revenue by CP-SAT (``optimal`` False if the time limit hit)."""
    cp_model: Any = importlib.import_module("ortools.sat.python.cp_model")
    started = time.perf_counter()
    stops = problem.stops
    n_stops = len(stops)
    n_nodes = problem.nodes
    keep = _reachable(problem)
    tracks = [(k, t) for k, t in enumerate(problem.tracks) if keep[k] and t.a != t.b]
    model = cp_model.CpModel()
    rules = problem.rules
    objective = []
    piece_users: dict[int, list[Any]] = {}
    for train in range(len(problem.trains)):
        cap = problem.capacity(train)
        arcs_in: list[list[Any]] = [[] for _ in range(n_nodes)]
        arcs_out: list[list[Any]] = [[] for _ in range(n_nodes)]
        side_in: dict[tuple[int, int], list[Any]] = {}
        side_out: dict[tuple[int, int], list[Any]] = {}
        order = [model.NewIntVar(0, n_nodes, f"u{train}_{i}") for i in range(n_nodes)]
        for k, t in tracks:
            for a, a_side, b, b_side, tag in ((t.a, t.a_side, t.b, t.b_side, "f"),
                                              (t.b, t.b_side, t.a, t.a_side, "r")):
                arc = model.NewBoolVar(f"x{train}_{k}{tag}")
                arcs_out[a].append(arc)
                arcs_in[b].append(arc)
                if a >= n_stops:
                    side_out.setdefault((a, a_side), []).append(arc)
                if b >= n_stops:
                    side_in.setdefault((b, b_side), []).append(arc)
                model.Add(order[b] >= order[a] + 1).OnlyEnforceIf(arc)
                p = t.pieces
                while p:
                    low = p & -p
                    piece_users.setdefault(low.bit_length() - 1, []).append(arc)
                    p ^= low
        for j in range(n_stops, n_nodes):
            for side in (0, 1):
                model.Add(sum(side_in.get((j, side), [])) == sum(side_out.get((j, 1 - side), [])))
            model.Add(sum(arcs_in[j]) <= 1)
        starts = []
        ends = []
        included = []
        counted_terms = []
        groups: dict[int, list[Any]] = {}
        hubs = []
        for s_i, s in enumerate(stops):
            st = model.NewBoolVar(f"s{train}_{s_i}")
            en = model.NewBoolVar(f"e{train}_{s_i}")
            inc = model.NewBoolVar(f"y{train}_{s_i}")
            n_in = sum(arcs_in[s_i])
            n_out = sum(arcs_out[s_i])
            model.Add(n_in + st == inc)
            model.Add(n_out + en == inc)
            starts.append(st)
            ends.append(en)
            included.append(inc)
            if not (s.hub and rules.local_routes):
                model.Add(st + en <= 1)
            passable = not s.terminal and (not s.blocked or rules.pass_blocked)
            if not passable:
                model.Add(n_in + n_out <= 1)
            groups.setdefault(s.group, []).append(inc)
            if s.hub:
                hubs.append(inc)
            if s.blocked and not s.terminal and rules.pass_blocked:
                counted = model.NewBoolVar(f"c{train}_{s_i}")
                # Counted when it is an end of the route; a local route is never here.
                model.AddMaxEquality(counted, [st, en])
                counted_terms.append(counted)
                objective.append(s.value * counted)
            else:
                counted_terms.append(inc)
                objective.append(s.value * inc)
            if s.bonus:
                objective.append(s.bonus * inc)
        runs = model.NewBoolVar(f"r{train}")
        model.Add(sum(starts) == runs)
        model.Add(sum(ends) == runs)
        model.Add(sum(hubs) >= runs)
        for members in groups.values():
            if len(members) > 1:
                model.Add(sum(members) <= 1)
        if cap is not None:
            model.Add(sum(counted_terms) <= cap)
    for users in piece_users.values():
        if len(users) > 1:
            model.Add(sum(users) <= 1)
    model.Maximize(sum(objective))
    solver = cp_model.CpSolver()
    solver.parameters.num_search_workers = workers
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    built = time.perf_counter()
    cpu = time.process_time()
    status = solver.Solve(model)
    cpu = time.process_time() - cpu
    done = time.perf_counter()
    optimal = status == cp_model.OPTIMAL
    total = round(solver.ObjectiveValue()) if status in (cp_model.OPTIMAL,
                                                               cp_model.FEASIBLE) else 0
    return CpSatResult(total, optimal, done - built, built - started, cpu)
