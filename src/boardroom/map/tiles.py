"""Track tiles: their track, stops and symbols, rotations, and the upgrade rule.

A tile's track is a list of *paths* joining two hex edges and *stops* (cities, a
Distant Destination...) whose track reaches some edges. Paths that share an edge meet
there (a fork's trunk); paths that do not are separate track even if drawn crossing.
A fork's two branches are never joined to each other, so the sharp turn between them
cannot be run: the rule falls out of the data. Stops may be linked to each other by
track (the Lost Atlas mine) or marked exclusive (the port's halves: one train may use
only one of them).

>>> plain = TileDef(id="9", colour="yellow", paths=((0, 3),))
>>> sorted(plain.exits(1))
[1, 4]
>>> green = TileDef(id="20", colour="green", paths=((0, 3), (1, 4)))
>>> upgrade_rotations(plain, 0, green)
[0, 2]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardroom.map.hexes import rotate_edge

COLOURS = ("yellow", "green", "purple", "grey")
"""Tile colours in upgrade order (the Lost Atlas calls brown purple)."""
SPECIAL_COLOURS = ("blue", "printed")
"""Colours outside the upgrade ladder: bridges, and track printed on the map."""


@dataclass(frozen=True)
class Stop:
    """A place a train stops: a city with token slots, or a Distant Destination."""

    revenue: int
    slots: int
    edges: tuple[int, ...]
    kind: str = "city"


@dataclass(frozen=True)
class TileDef:
    id: str
    colour: str
    count: int | None = None
    """How many are in the supply; None means unlimited (or printed on the map)."""
    paths: tuple[tuple[int, int], ...] = ()
    stops: tuple[Stop, ...] = ()
    links: tuple[tuple[int, int], ...] = ()
    """Pairs of stop indices joined by track on the tile (the mine)."""
    exclusive_stops: bool = False
    """One train may visit only one of this tile's stops (the port's halves)."""
    symbol: str | None = None
    upgrades: tuple[str, ...] = ()
    keep_exits_only: bool = False
    """Upgrades need only keep the exits, not the exact shape (the mine tiles)."""
    note: str = ""
    provisional: str = ""
    """Why a value is a choice rather than a known fact; empty if it is known."""
    _exit_cache: dict[int, frozenset[int]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    _cache: dict[object, Any] = field(default_factory=dict, compare=False, hash=False,
                                      repr=False)

    @property
    def is_city(self) -> bool:
        return bool(self.stops)

    def exits(self, rotation: int = 0) -> frozenset[int]:
        """Every edge that track on this tile reaches, turned by ``rotation``."""
        cached = self._exit_cache.get(rotation)
        if cached is None:
            edges = {e for p in self.paths for e in p}
            edges.update(e for s in self.stops for e in s.edges)
            cached = frozenset(rotate_edge(e, rotation) for e in edges)
            self._exit_cache[rotation] = cached
        return cached

    def rotated_paths(self, rotation: int) -> frozenset[tuple[int, int]]:
        key = ("paths", rotation)
        cached = self._cache.get(key)
        if cached is None:
            out = set()
            for a, b in self.paths:
                ra, rb = rotate_edge(a, rotation), rotate_edge(b, rotation)
                out.add((min(ra, rb), max(ra, rb)))
            cached = self._cache[key] = frozenset(out)
        return cached

    def rotated_stop_edges(self, rotation: int) -> list[frozenset[int]]:
        key = ("stops", rotation)
        cached = self._cache.get(key)
        if cached is None:
            cached = self._cache[key] = tuple(
                frozenset(rotate_edge(e, rotation) for e in s.edges) for s in self.stops
            )
        return list(cached)

    def distinct_rotations(self) -> list[int]:
        """Rotations that give different track (a straight has 3, a 6-way symmetric 1)."""
        cached = self._cache.get("distinct")
        if cached is None:
            seen: set[tuple[frozenset[tuple[int, int]], tuple[frozenset[int], ...]]] = set()
            out = []
            for r in range(6):
                key = (self.rotated_paths(r),
                       tuple(sorted(self.rotated_stop_edges(r), key=sorted)))
                if key not in seen:
                    seen.add(key)
                    out.append(r)
            cached = self._cache["distinct"] = tuple(out)
        return list(cached)

    def listed_rotation(self, rotation: int) -> int:
        """The rotation of :meth:`distinct_rotations` that lays the very same tile as
        ``rotation``: the same paths and every stop on the same edges (a straight turned
        3 is the straight turned 0). A rotation with no such twin (or outside 0 to 5) is
        returned as it is.

        >>> straight = TileDef("9", "yellow", paths=((0, 3),))
        >>> [straight.listed_rotation(r) for r in range(6)]
        [0, 1, 2, 0, 1, 2]
        """
        if not 0 <= rotation < 6:
            return rotation
        key = ("listed", self.paths, self.stops)  # what the answer depends on (a copy by
        known = self._cache.get(key)  # dataclasses.replace shares the dict)
        if known is not None:
            found: int = known[rotation]
            return found
        turns = []
        for turn in range(6):
            paths, stops = self.rotated_paths(turn), self.rotated_stop_edges(turn)
            turns.append(next((r for r in self.distinct_rotations()
                               if self.rotated_paths(r) == paths
                               and self.rotated_stop_edges(r) == stops), turn))
        self._cache[key] = tuple(turns)
        return turns[rotation]


def colour_rank(colour: str) -> int:
    return COLOURS.index(colour) if colour in COLOURS else -1


def keeps_track(old: TileDef, old_rotation: int, new: TileDef, new_rotation: int) -> bool:
    """Does ``new`` at ``new_rotation`` keep every connection of ``old`` exactly?

    Every exit stays; every edge-to-edge path stays; the number of stops stays (cities
    are never created or removed) and each old stop's edges are still reached by one
    stop of the new tile. A tile marked ``keep_exits_only`` needs only its exits kept.
    Remembered on ``new``.
    """
    key = ("keeps", old.id, old_rotation, new_rotation)
    known = new._cache.get(key)
    if known is not None and known[0] is old:
        return bool(known[1])
    kept = _keeps_track(old, old_rotation, new, new_rotation)
    new._cache[key] = (old, kept)
    return kept


def _keeps_track(old: TileDef, old_rotation: int, new: TileDef, new_rotation: int) -> bool:
    if not old.exits(old_rotation) <= new.exits(new_rotation):
        return False
    if len(old.stops) != len(new.stops):
        return False
    if old.keep_exits_only:
        return True
    if not old.rotated_paths(old_rotation) <= new.rotated_paths(new_rotation):
        return False
    new_stops = new.rotated_stop_edges(new_rotation)
    used: set[int] = set()
    for edges in old.rotated_stop_edges(old_rotation):
        match = next((i for i, ne in enumerate(new_stops) if i not in used and edges <= ne), None)
        if match is None:
            return False
        used.add(match)
    return True


def upgrade_rotations(old: TileDef, old_rotation: int, new: TileDef) -> list[int]:
    """The rotations in which ``new`` may replace ``old`` as far as track is concerned.

    Chart, colour and symbol rules are the caller's; this is the geometry only.
    """
    return [r for r in new.distinct_rotations() if keeps_track(old, old_rotation, new, r)]
