"""Step 5, the run (rulebook p.14 "Operating Round" step 5; "Routes"): the company runs
its trains (Resourceful's rusted ones once more, then they leave the game). The legal
action listed is ``run N via ...``, the best total and its routes (so a record shows
what ran, and replaying it checks the routes instead of searching again); ``run N``
alone means "the best routes" and is accepted when N is the best total; the president
may instead give routes of their own (``run N via ...``), checked rule by rule by
:mod:`boardroom.titles.lost_atlas.board.routes`. A company with no train earns 0 and
drops a step (:func:`.payout.no_revenue`)."""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.map.hexes import Hex
from boardroom.map.track import Reach
from boardroom.routing import Route, RouteError, validate
from boardroom.titles.lost_atlas.board import routes, track_laying
from boardroom.titles.lost_atlas.rounds.operating.notation import OperatingAction, Run, Waypoint
from boardroom.titles.lost_atlas.rounds.operating.turn import (
    RUN,
    OperatingRound,
    operating,
    operator_for,
)
from boardroom.titles.lost_atlas.state import LostAtlasState

ROUTE_NODE_BUDGET: int | None = None
"""Search nodes allowed to the route search (None: search to the proven optimum)."""


def route_trains(state: LostAtlasState, company: str) -> list[int | None]:
    corp = state.corps[company]
    return [state.components.trains[t].stops for t in corp.trains + corp.rusted]


Runs = tuple[tuple[Waypoint, ...], ...]


def best_runs(state: LostAtlasState, company: str) -> tuple[int, Runs]:
    """The company's best total and routes now (one waypoint tuple per train).

    A pure function of the board, the trains and the rules, so it is remembered with the
    board's other derived results (``Board._reach_cache``, shared by the copies of one
    game's board and keyed by everything the answer reads): a bot asking for the legal
    actions and the check of the action it then plays solve once."""
    trains = route_trains(state, company)
    if not trains:
        return 0, ()
    board = state.board
    corp = state.corps[company]
    values = routes.destination_values(state.components, state.phase,
                                       state.destination_values)
    cut = bool(state.options.get("cut_throat_routes"))
    rules = (company, tuple(trains), state.phase,
             values if isinstance(values, int) else tuple(sorted(values.items())),
             corp.abilities, cut)
    cache = board._reach_cache
    fast = ("best runs by stamps", *rules, board.suburbs.stamp,  # type: ignore[attr-defined]
            board.stamp_key())
    found: tuple[int, Runs] | None = cache.get(fast)
    if found is not None:
        return found
    key = ("best runs", *rules, frozenset(board.suburbs.items()), board.trace_key())
    found = cache.get(key)
    if found is None:
        found = routes.best_waypoints(board, company, trains, state.phase, values,
                                      corp.abilities, cut_throat=cut,
                                      node_budget=ROUTE_NODE_BUDGET)
        cache[key] = found
    cache[fast] = found
    return found


def best_revenue(state: LostAtlasState) -> int:
    """The best revenue of the operating company's routes now."""
    return best_runs(state, operating(state).company)[0]


def options(state: LostAtlasState, op: OperatingRound) -> list[OperatingAction]:
    """The best run (its total and routes), if the company has a train."""
    if not route_trains(state, op.company):
        return []
    total, runs = best_runs(state, op.company)
    return [Run(total, runs)]


def check(state: LostAtlasState, action: Run) -> IllegalAction | None:
    """``run N``: N is the best total; ``run N via ...``: the president's own routes."""
    if action.routes is not None:
        return check_submitted(state, action)
    best = best_revenue(state)
    if action.revenue != best:
        return IllegalAction("lost_atlas.or.run",
                             f"the best routes earn {best}, not {action.revenue}")
    return None


def run_trains(state: LostAtlasState, op: OperatingRound, action: Run, log: list[str]) -> None:
    """The trains have run for the revenue claimed; rusted trains leave the game."""
    corp = state.corps[op.company]
    op.revenue = action.revenue
    ran = len(corp.trains) + len(corp.rusted)
    chosen = " on the president's routes" if action.routes is not None else ""
    log.append(f"{corp.name} runs {ran} train{'s' if ran != 1 else ''}{chosen} for "
               f"{action.revenue}.")
    if corp.rusted:
        log.append(f"{corp.name}'s rusted {', '.join(corp.rusted)}-train"
                   f"{'s leave' if len(corp.rusted) > 1 else ' leaves'} the game after "
                   f"{'their' if len(corp.rusted) > 1 else 'its'} last run.")
        corp.rusted = []


# -- the routing problem and the president's own routes -------------------------------------
def _network(state: LostAtlasState, company: str,
             only: set[Hex] | None = None) -> routes.Network:
    values = routes.destination_values(state.components, state.phase,
                                       state.destination_values)
    return routes.build_network(state.board, company, route_trains(state, company), values,
                                state.corps[company].abilities,
                                cut_throat=bool(state.options.get("cut_throat_routes")),
                                only=only)


def operating_network(state: LostAtlasState) -> tuple[str, routes.Network] | None:
    """The operating company and its routing problem on the whole map, the one a
    president's own routes are checked on (the browser's route editor joins the stops a
    president clicks on it); None when no company is at its run step."""
    op = state.op
    if not isinstance(op, OperatingRound) or op.step != RUN or op.company not in state.corps:
        return None
    return op.company, _network(state, op.company)


def operating_reach(state: LostAtlasState) -> tuple[str, Reach] | None:
    """The operating company and where it can trace a route now (the hexes its track
    laying and hub placing reach), for the browser to highlight; None outside an
    Operating Round."""
    op = state.op
    if not isinstance(op, OperatingRound) or op.company not in state.corps:
        return None
    return op.company, track_laying.trace_for(state.board, operator_for(state, op.company))


def check_submitted(state: LostAtlasState, action: Run) -> IllegalAction | None:
    """The president's own routes: each a legal route, no track shared, and the revenue
    claimed what they earn.

    Routes that keep every rule are accepted by a walk of the board's tiles
    (``routes.submitted_revenue``), with no network built; anything else is checked on
    the networks (:func:`check_submitted_on_network`), which name the rule broken."""
    op = operating(state)
    assert action.routes is not None
    trains = route_trains(state, op.company)
    if len(action.routes) != len(trains):
        return IllegalAction(f"{routes.RULE}.train-count",
                             f"one route per train: {len(trains)} trains, "
                             f"{len(action.routes)} routes")
    values = routes.destination_values(state.components, state.phase,
                                       state.destination_values)
    earned = routes.submitted_revenue(state.board, op.company, trains, values,
                                      state.corps[op.company].abilities, action.routes,
                                      cut_throat=bool(state.options.get("cut_throat_routes")))
    if earned is None:
        return check_submitted_on_network(state, action)
    if earned != action.revenue:
        return IllegalAction("lost_atlas.or.run",
                             f"these routes earn {earned}, not {action.revenue}")
    return None


def check_submitted_on_network(state: LostAtlasState, action: Run) -> IllegalAction | None:
    """:func:`check_submitted` on the routing networks: the routes' own hexes, then,
    to name the rule a refused route breaks, the whole map (``check_submitted`` has
    already checked one route per train)."""
    op = operating(state)
    assert action.routes is not None
    # A route's legality and revenue are read off the hexes it passes, so the routes are
    # legal on the hexes they name exactly when they are on the whole map; the whole map
    # is built only to name the rule a refused route breaks.
    built: list[Route] | None = None
    for scope in ("route", "map"):
        net = _network(state, op.company,
                       only=routes.waypoint_hexes(action.routes) if scope == "route" else None)
        try:
            built = routes.routes_from_waypoints(net, action.routes)
        except RouteError as err:
            if scope != "map":
                continue
            return err
        problem = validate(net.problem, built, routes.RULE, derived=True)  # by route_of
        if problem is None:
            break
        if scope == "map":
            return problem
    assert built is not None
    earned = sum(route.revenue for route in built)
    if earned != action.revenue:
        return IllegalAction("lost_atlas.or.run",
                             f"these routes earn {earned}, not {action.revenue}")
    return None
