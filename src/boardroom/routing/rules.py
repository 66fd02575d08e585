"""The rule switches of a routing problem: the parts of the route rules that a title,
a variant or a company ability turns on or off.

Everything else about a route is fixed by the generic model (see ``problem``): a route
includes one of the company's hubs, counts up to its train's stops, uses no piece of
track twice, counts each city group once, and the company's trains share no piece.

>>> RouteRules()
RouteRules(local_routes=True, express=False, pass_blocked=False)
>>> RouteRules(local_routes=False).local_routes
False
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RouteRules:
    local_routes: bool = True
    """A train may run a single stop that is one of the company's hubs, using no track
    (any number of trains in the same city). Off: a route needs two stops (the Lost
    Atlas's Cut-Throat Conversion)."""
    express: bool = False
    """A company owning exactly one train runs it with one stop more (the ∞ stays ∞)."""
    pass_blocked: bool = False
    """Blocked stops may be passed through: they are part of the route (so a train still
    includes them once) but are not counted as stops and earn no value (Overnight)."""
