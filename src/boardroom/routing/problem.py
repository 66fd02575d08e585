"""The generic routing problem: stops, track, trains and rules, with no title in it.

A problem is a graph of *nodes*. Nodes ``0 .. len(stops) - 1`` are stops (cities,
destinations: places a train counts); nodes ``len(stops) .. len(stops) + junctions - 1``
are junctions, points where track meets without a stop. Each :class:`Track` joins two
nodes and carries a bitset of *pieces*: the physical track it uses. A route never uses a
piece twice and a company's trains never share one; two tracks that share no piece may
cross (at a stop, on a crossing tile) without conflict.

A junction has two sides, 0 and 1, and every track that ends at a junction is on one of
them. A train passing a junction arrives on one side and leaves on the other. That is how
a hex side works in a hex map: track inside the hex is on one side, the crossing into the
neighbour on the other, so a fork's two branches, both on the inner side of the trunk's
hex side, can never be run one into the other (the forbidden sharp turn). A stop is a full
junction: a train may turn there from any of its track to any other.

The route rules (the Lost Atlas's, with the rules that vary in :class:`RouteRules`):

* a route is a walk along tracks from a stop to a stop that includes a stop with one of
  the company's hubs and uses no piece twice;
* every stop it touches counts (a train may not skip one), up to the train's number of
  stops (``None``: any number); it may stop short;
* stops with the same ``group`` are one city for a train: a route includes a group once
  (a city, both halves of a port, both hexes of a two-hex destination);
* a ``terminal`` stop (a Distant Destination) may only start or end a route;
* a ``blocked`` stop (full of other companies' hubs) may only start or end a route,
  unless ``pass_blocked``: then a route may also pass it, not counting it;
* a local route is a single hub stop and no track (when ``local_routes``);
* a stop's ``bonus`` is earned by every train whose route includes the stop (Suburban);
* revenue of a route = the values of its counted stops + the bonuses of all its stops.

>>> p = RouteProblem(stops=(Stop(20, 0, hub=True), Stop(30, 1)),
...                  tracks=(Track(0, 1, 0b1),), trains=(2,))
>>> p.capacity(0), p.nodes
(2, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boardroom.core.errors import IllegalAction
from boardroom.routing.rules import RouteRules


@dataclass(frozen=True)
class Stop:
    value: int
    group: int
    """Stops sharing a group are one city for a train (a port's halves, a two-hex
    Distant Destination)."""
    hub: bool = False
    """One of the company's hubs is here."""
    terminal: bool = False
    """May only start or end a route (a Distant Destination)."""
    blocked: bool = False
    """Full of other companies' hubs: may only start or end a route (unless the rules
    let the company pass blocked stops)."""
    bonus: int = 0
    """Added once for each train whose route includes this stop (Suburban's +10)."""
    label: str = ""


@dataclass(frozen=True)
class Track:
    """Track joining nodes ``a`` and ``b`` that uses the pieces in the bitset ``pieces``.

    ``a_side`` / ``b_side`` say on which side (0 or 1) of a junction the track ends; they
    mean nothing at a stop.
    """

    a: int
    b: int
    pieces: int
    a_side: int = 0
    b_side: int = 0
    label: str = ""


UNLIMITED = None
"""A train's stops when it counts any number (the ∞-train)."""


@dataclass(frozen=True)
class RouteProblem:
    stops: tuple[Stop, ...]
    tracks: tuple[Track, ...]
    trains: tuple[int | None, ...]
    """Each train's number of stops; None is an ∞-train."""
    junctions: int = 0
    rules: RouteRules = field(default_factory=RouteRules)

    def __post_init__(self) -> None:
        nodes = self.nodes
        for i, s in enumerate(self.stops):
            if s.value < 0 or s.bonus < 0:
                raise ValueError(f"stop {i}: values and bonuses are never negative")
            if s.hub and s.blocked:
                raise ValueError(f"stop {i}: a stop with the company's hub is never blocked")
        for i, t in enumerate(self.tracks):
            if not (0 <= t.a < nodes and 0 <= t.b < nodes):
                raise ValueError(f"track {i}: node out of range")
            if t.pieces <= 0:
                raise ValueError(f"track {i}: a track uses at least one piece")
            if t.a_side not in (0, 1) or t.b_side not in (0, 1):
                raise ValueError(f"track {i}: a side is 0 or 1")
        for n in self.trains:
            if n is not None and n < 1:
                raise ValueError("a train counts at least one stop")
        if self.junctions < 0:
            raise ValueError("junctions must not be negative")

    @property
    def nodes(self) -> int:
        return len(self.stops) + self.junctions

    def is_stop(self, node: int) -> bool:
        return node < len(self.stops)

    def capacity(self, train: int) -> int | None:
        """How many stops train ``train`` counts (Express's +1 applied)."""
        n = self.trains[train]
        if n is not None and self.rules.express and len(self.trains) == 1:
            return n + 1
        return n


@dataclass(frozen=True)
class Route:
    """One train's route. The empty route (the train does not run) has no stops.

    ``stops`` lists every stop in order along the route (passed blocked stops included),
    ``tracks`` the problem's tracks in order from ``stops[0]`` to ``stops[-1]``,
    ``counted`` the stops that count (in route order) and ``pieces`` the bitset of the
    pieces used.
    """

    stops: tuple[int, ...] = ()
    tracks: tuple[int, ...] = ()
    counted: tuple[int, ...] = ()
    pieces: int = 0
    revenue: int = 0

    @property
    def is_local(self) -> bool:
        return len(self.stops) == 1 and not self.tracks


@dataclass(frozen=True)
class RouteResult:
    routes: tuple[Route, ...]
    """One route per train, in the problem's train order."""
    total: int
    proven: bool
    """True when the search finished: ``total`` is the optimum. False when a node
    budget stopped it first: ``total`` is the best found."""
    nodes: int
    """Search nodes visited (bound computations included)."""


class RouteError(IllegalAction):
    """A submitted route breaks a route rule; ``rule`` names it (``route.hub`` ...).

    ``train`` is the index of the train whose route is wrong (None: the set of routes as a
    whole), ``stops`` the stops involved, if any.
    """

    def __init__(self, rule: str, message: str, train: int | None = None,
                 stops: tuple[int, ...] = ()) -> None:
        super().__init__(rule, message)
        self.train = train
        self.stops = stops
