"""Route revenue as the heuristic bot estimates it: a company's best revenue now
(remembered by board), what a stop is worth, the frontier of open track a company could
still grow into, and how good a home a spot is."""

from __future__ import annotations

from collections.abc import Sequence

from boardroom.bots.lost_atlas_heuristic.knobs import ALL_SIDES, FRONTIER_DECAY, HOME_DECAY
from boardroom.bots.lost_atlas_heuristic.public import Public
from boardroom.map.hexes import Hex, distance, neighbour, opposite
from boardroom.map.tiles import TileDef
from boardroom.map.track import StopRef
from boardroom.titles.lost_atlas.board import routes
from boardroom.titles.lost_atlas.board.board import BORDER, DESTINATION, EMPTY_COLOUR, WATER, Board
from boardroom.titles.lost_atlas.board.operator import (
    Operator,
)
from boardroom.titles.lost_atlas.board.track_laying import TileLay, trace_for


# -- route revenue ----------------------------------------------------------------------------
def board_key(board: Board) -> tuple[object, ...]:
    """A signature of what routes depend on: tiles, hubs and suburbs."""
    return (frozenset(board.tiles.items()),
            frozenset((ref, tuple(owners)) for ref, owners in board.hubs.items()),
            frozenset(board.suburbs.items()))


def revenue(pub: Public, board: Board, company: str, stops: Sequence[int | None],
            abilities: frozenset[str]) -> int:
    """The best revenue of ``company`` running trains of these stops on ``board``."""
    if not stops:
        return 0
    result = routes.company_routes(board, company, list(stops), pub.phase,
                                   pub.destination_values, abilities,
                                   cut_throat=bool(pub.options.get("cut_throat_routes")))
    return result.total


def stop_value(pub: Public, board: Board, ref: StopRef) -> int:
    stop = board.stop(ref)
    if stop.kind != "destination":
        return stop.revenue
    values = pub.destination_values
    if isinstance(values, int):
        return values
    space = board.spaces.get(ref[0])
    dest = space.destination if space is not None else None
    return values.get(dest, 0) if dest is not None else 0


def targets(pub: Public, board: Board) -> list[tuple[StopRef, int]]:
    """Every stop on the board (cities, Distant Destinations) and its value now."""
    out = []
    for h, laid in board.track.laid.items():
        for i in range(len(laid.tile.stops)):
            out.append(((h, i), stop_value(pub, board, (h, i))))
    return out


FAR = 1 << 30
"""A distance beyond any map's (no open end)."""


class Frontier:
    """Unreached stops near the open ends of a company's track: each counts its value
    times :data:`FRONTIER_DECAY` of its distance to the nearest open end.

    Built once from a trace of the board; :meth:`after` estimates the term after a tile
    lay without tracing again: the lay's hex stops being an open end, the empty hexes its
    track points into become open ends, and its stops count as reached.
    """

    def __init__(self, pub: Public, board: Board, company: str,
                 abilities: frozenset[str]) -> None:
        self.board = board
        reach = trace_for(board, Operator(company, abilities))
        self.reach = reach
        self.reached = set(reach.stops)
        self.ends = {h for h in reach.entries if self.is_open(h)}
        self.targets = [(ref, value) for ref, value in targets(pub, board)
                        if value > 0 and ref not in self.reached]
        self._near: list[tuple[int, Hex | None, int]] | None = None

    def is_open(self, h: Hex) -> bool:
        """Could a yellow tile go on ``h`` (land with no track yet)?"""
        space = self.board.spaces.get(h)
        if space is None or space.terrain in (WATER, BORDER, DESTINATION):
            return False
        laid = self.board.track.laid.get(h)
        return laid is None or laid.tile.colour == EMPTY_COLOUR

    def value(self, ends: set[Hex] | None = None, reached: Hex | None = None) -> float:
        ends = self.ends if ends is None else ends
        if not ends:
            return 0.0
        far = len(FRONTIER_DECAY)
        total = 0.0
        for ref, value in self.targets:
            if ref[0] == reached:
                continue
            near = min(distance(ref[0], h) for h in ends)
            if near < far:
                total += value * FRONTIER_DECAY[near]
        return total

    def _nearest(self) -> list[tuple[int, Hex | None, int]]:
        """Per target: its distance to the nearest open end, that end, and its distance
        to the nearest other end (a large number where there is none)."""
        if self._near is None:
            self._near = []
            for ref, _ in self.targets:
                d1, h1, d2 = FAR, None, FAR
                for h in self.ends:
                    d = distance(ref[0], h)
                    if d < d1:
                        d1, h1, d2 = d, h, d1
                    elif d < d2:
                        d2 = d
                self._near.append((d1, h1, d2))
        return self._near

    def after(self, lay: TileLay, tile: TileDef) -> float:
        """:meth:`value` with the lay's hex no longer an open end and the empty hexes its
        track points into added (from each target's two nearest ends, without tracing or
        measuring every end again)."""
        added = [n for n in (neighbour(lay.hex, e) for e in tile.exits(lay.rotation))
                 if self.is_open(n)]
        reached = lay.hex if tile.stops else None
        far = len(FRONTIER_DECAY)
        total = 0.0
        for (ref, value), (d1, h1, d2) in zip(self.targets, self._nearest(), strict=True):
            if ref[0] == reached:
                continue
            near = d2 if h1 == lay.hex else d1
            for n in added:
                d = distance(ref[0], n)
                if d < near:
                    near = d
            if near < far:
                total += value * FRONTIER_DECAY[near]
        return total

    def connects(self, lay: TileLay, tile: TileDef) -> bool:
        """Might the lay change the company's routes (not only extend a dead end)? A
        city tile or an upgrade might; a plain yellow tile only if its track meets track
        at two or more of its sides."""
        if tile.stops:
            return True
        laid = self.board.track.laid.get(lay.hex)
        if laid is not None and laid.tile.colour != EMPTY_COLOUR:
            return True
        met = 0
        for e in tile.exits(lay.rotation):
            other = self.board.track.laid.get(neighbour(lay.hex, e))
            if other is not None and other.from_edge[opposite(e)]:
                met += 1
        return met >= 2


def track_sides(board: Board, h: Hex) -> frozenset[int]:
    """The sides of ``h`` track may use now: those of its tile's track if it has any (a
    printed or laid tile keeps them), any side of an empty hex or an untiled city."""
    laid = board.track.laid.get(h)
    if laid is not None and laid.tile.colour != EMPTY_COLOUR:
        exits = laid.tile.exits(laid.rotation)
        if exits:
            return exits
    return ALL_SIDES


def land_distances(board: Board, start: Hex, limit: int) -> dict[Hex, int]:
    """Steps from ``start`` to the hexes track could reach within ``limit``: never into
    water or border hexes or through a water side, only along the sides of existing
    track, into a Distant Destination only by an open side and never through one."""
    out = {start: 0}
    ring = [start]
    for d in range(1, limit + 1):
        following = []
        for h in ring:
            space = board.spaces[h]
            if h != start and space.terrain == DESTINATION:
                continue
            for e in sorted(track_sides(board, h) - space.water_edges):
                n = neighbour(h, e)
                other = board.spaces.get(n)
                if n in out or other is None or other.terrain in (WATER, BORDER):
                    continue
                back = opposite(e)
                if back in other.water_edges or back not in track_sides(board, n):
                    continue
                if other.terrain == DESTINATION and back not in other.open_edges:
                    continue
                out[n] = d
                following.append(n)
        ring = following
    return out


def home_potential(pub: Public, board: Board, home: StopRef) -> float:
    """The home's value plus the stops around it, each by :data:`HOME_DECAY` of its
    distance over land (:func:`land_distances`)."""
    total = float(stop_value(pub, board, home))
    near = land_distances(board, home[0], len(HOME_DECAY) - 1)
    for ref, value in targets(pub, board):
        d = near.get(ref[0], 0)
        if d > 0:
            total += value * HOME_DECAY[d]
    return total
