"""Provably optimal train routes for 18xx-style games, title-agnostic.

A title turns its board into a :class:`RouteProblem` (stops, track with its pieces as bits,
trains, :class:`RouteRules`); :func:`solve` returns the best :class:`Route` per train and
whether the optimum is proven; :func:`validate` checks routes a player submits, naming the
rule broken. See ``docs/routing.md``.
"""

from boardroom.routing.problem import (
    UNLIMITED,
    Route,
    RouteError,
    RouteProblem,
    RouteResult,
    Stop,
    Track,
)
from boardroom.routing.rules import RouteRules
from boardroom.routing.solver import solve
from boardroom.routing.validate import route_of, validate

__all__ = [
    "UNLIMITED",
    "Route",
    "RouteError",
    "RouteProblem",
    "RouteResult",
    "RouteRules",
    "Stop",
    "Track",
    "route_of",
    "solve",
    "validate",
]
