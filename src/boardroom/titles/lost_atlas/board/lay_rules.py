"""Whether one tile lay is legal (rulebook p.13 and the Operating Round summary):
:func:`check_lay`, the refusal of the first rule a lay breaks.

* A yellow tile, or a non-city upgrade, must be placed so the company can trace a route
  through some of its new track; a city upgrade so the company can trace a route into
  the tile.
* Yellow tiles only on empty land (never on water — except Bridging's bridges —,
  Distant Destinations, border hexes, or a hex that has track); a city hex takes a city
  tile and a capital a capital tile (cities are never created or removed).
* An upgrade replaces the previous colour with the next, keeps every existing
  connection exactly (the mine only its sides), comes from the upgrade chart, shares the
  symbol, is of a colour the phase allows.
* Tiles are finite. Mountain hexes cost 40 from the treasury.
* No track may run where :mod:`track_ends` forbids it.
"""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.map.hexes import Hex
from boardroom.map.tiles import TileDef, colour_rank, keeps_track
from boardroom.map.track import Reach
from boardroom.titles.lost_atlas.board.board import BORDER, CITY, DESTINATION, WATER, Board
from boardroom.titles.lost_atlas.board.operator import BRIDGING, Operator
from boardroom.titles.lost_atlas.board.tile_lay import (
    LayBudget,
    TileLay,
    first_tiles,
    is_yellow_lay,
    may_lay_yellow,
    may_upgrade,
)
from boardroom.titles.lost_atlas.board.tracing import trace_search
from boardroom.titles.lost_atlas.board.track_ends import exit_problem


def _new_track_reached(board: Board, h: Hex, reach: Reach, new: TileDef, rotation: int,
                       old: tuple[TileDef, int] | None) -> bool:
    """Can a route reach some of the track this lay adds? A route must enter the hex at
    an end of a path the lay adds or at an edge of one of its stops' track, or reach one
    of those stops (:func:`new_track`)."""
    edges, stops = new_track(new, rotation, old)
    entries = reach.entries.get(h)
    if entries is not None and not entries.isdisjoint(edges):
        return True
    reached = reach.stops
    for i in stops:  # noqa: SIM110 (no generator: asked for every rotation checked)
        if (h, i) in reached:
            return True
    return False


def new_track(new: TileDef, rotation: int,
               old: tuple[TileDef, int] | None) -> tuple[frozenset[int], tuple[int, ...]]:
    """The track a lay adds, as :func:`_new_track_reached` reads it: the edges at the
    ends of the paths it adds and of its stops' track, and the stops that have track.
    Remembered on the tile (it depends only on the tiles and rotations)."""
    key = ("new track", rotation, None if old is None else (old[0].id, old[1]))
    found: tuple[frozenset[int], tuple[int, ...]] | None = new._cache.get(key)
    if found is None:
        old_paths = old[0].rotated_paths(old[1]) if old else frozenset()
        edges = {e for path in new.rotated_paths(rotation) - old_paths for e in path}
        stops = []
        for i, stop_edges in enumerate(new.rotated_stop_edges(rotation)):
            if stop_edges:
                stops.append(i)
                edges.update(stop_edges)
        found = new._cache[key] = (frozenset(edges), tuple(stops))
    return found


def _route_into(h: Hex, reach: Reach, new: TileDef, rotation: int) -> bool:
    """Can a route reach the tile as placed (for a city upgrade)? Through one of its
    stops, or into one of its exits (the new ones included)."""
    for i in range(len(new.stops)):
        if (h, i) in reach.stops:
            return True
    return bool(reach.enters(h) & new.exits(rotation))


def check_lay(board: Board, op: Operator, colours: tuple[str, ...], budget: LayBudget,
              lay: TileLay, reach: Reach | None = None,
              connected: bool = True) -> IllegalAction | None:
    """The rule ``lay`` breaks now, or None if it is legal. ``connected=False``: an
    upgrade needs no route to it (the Headquarters variant's Commercial Zoning)."""
    h = lay.hex
    space = board.spaces.get(h)
    if space is None:
        return IllegalAction("lost_atlas.track.map-edge", f"{h} is not on the map")
    tile = board.components.tiles.get(lay.tile)
    if tile is None:
        return IllegalAction("lost_atlas.track.unknown-tile", f"there is no tile {lay.tile!r}")
    if not 0 <= lay.rotation < 6:
        return IllegalAction("notation", "rotation must be 0-5")
    if board.supply.get(tile.id, 0) <= 0:
        return IllegalAction("lost_atlas.track.supply", f"no tile {tile.id} is left")
    if reach is None:
        if not (connected or is_yellow_lay(board, h)):
            reach = Reach()
        else:  # trace only until the lay is reached (a no waits for the whole trace)
            search = trace_search(board, op)
            if not search.done:
                # What earlier boards' traces proved, what this one walked already, where
                # a first short way to the hex leads (if it is a trail): all reached.
                # (A trace that reaches nothing in the hex passes no lay there: every
                # rule read from it asks for an entry or a stop in the hex.)
                for known in (search.floor, search.reach):
                    if known is not None and _in_hex(known, h) and _check_placed(
                            board, op, colours, budget, lay, tile, known, connected) is None:
                        return None
                way = search.trail_to(h)
                if _in_hex(way, h) and _check_placed(board, op, colours, budget, lay, tile,
                                                     way, connected) is None:
                    return None
                while (found := search.grow()) is not None:
                    if found == h and _check_placed(board, op, colours, budget, lay, tile,
                                                    search.reach, connected) is None:
                        return None
            reach = search.reach
    return _check_placed(board, op, colours, budget, lay, tile, reach, connected)


def _in_hex(reach: Reach, h: Hex) -> bool:
    """Does ``reach`` arrive into ``h`` or reach a stop there?"""
    if h in reach.entries:
        return True
    for ref in reach.stops:  # noqa: SIM110 (no generator: asked at every lay check)
        if ref[0] == h:
            return True
    return False


def _check_placed(board: Board, op: Operator, colours: tuple[str, ...], budget: LayBudget,
                  lay: TileLay, tile: TileDef, reach: Reach,
                  connected: bool) -> IllegalAction | None:
    """:func:`check_lay`'s rules that depend on the hex's tile and on the trace."""
    h = lay.hex
    current = board.tile_at(h)
    if is_yellow_lay(board, h):
        return _check_yellow(board, op, budget, lay, tile, reach, current)
    assert current is not None
    return _check_upgrade(board, op, colours, budget, lay, tile, reach, current, connected)


def _check_yellow(board: Board, op: Operator, budget: LayBudget, lay: TileLay, tile: TileDef,
                  reach: Reach, current: tuple[TileDef, int] | None) -> IllegalAction | None:
    h = lay.hex
    return (_yellow_tile_problem(board, op, budget, h, tile)
            or _yellow_rotation_problem(board, op, h, tile, lay.rotation, reach)
            or terrain_cost_problem(board, op, h))


def _yellow_tile_problem(board: Board, op: Operator, budget: LayBudget, h: Hex,
                         tile: TileDef) -> IllegalAction | None:
    """The first-lay rules that do not depend on the rotation."""
    space = board.spaces[h]
    if space.terrain in (WATER, DESTINATION, BORDER) and not (
        space.terrain == WATER and op.has(BRIDGING)
    ):
        return IllegalAction("lost_atlas.track.yellow-terrain",
                             f"no track may be laid on a {space.terrain} hex")
    allowed = first_tiles(board, h, op)
    if tile.id not in allowed:
        if tile.colour == "blue" and not op.has(BRIDGING):
            return IllegalAction("lost_atlas.ability.bridging",
                                 "only the Bridging Company lays bridge tiles")
        if (space.terrain == CITY and not tile.is_city) or (space.terrain != CITY and tile.is_city):
            return IllegalAction("lost_atlas.track.cities-fixed",
                                 "cities are never created or removed by a tile")
        return IllegalAction("lost_atlas.track.first-tile",
                             f"tile {tile.id} may not be the first tile of this hex "
                             f"(allowed: {', '.join(allowed) or 'none'})")
    if not may_lay_yellow(budget, op):
        return IllegalAction("lost_atlas.track.lay-count",
                             "a company lays up to two yellow tiles or one upgrade a turn")
    return None


def _yellow_rotation_problem(board: Board, op: Operator, h: Hex, tile: TileDef, rotation: int,
                             reach: Reach) -> IllegalAction | None:
    """The first-lay rules that depend on the rotation: where the exits run, and a route
    through the new track."""
    problem = exit_problem(board, h, tile.exits(rotation), op)
    if problem is not None:
        return problem
    if not _new_track_reached(board, h, reach, tile, rotation, None):
        return IllegalAction("lost_atlas.track.reach-new-track",
                             f"{op.id} cannot trace a route through the new track on {h}")
    return None


def terrain_cost_problem(board: Board, op: Operator, h: Hex) -> IllegalAction | None:
    space = board.spaces[h]
    if space.cost > op.treasury:
        return IllegalAction("lost_atlas.track.terrain-cost",
                             f"laying on {h} costs {space.cost}; the treasury has {op.treasury}")
    return None


def _check_upgrade(board: Board, op: Operator, colours: tuple[str, ...], budget: LayBudget,
                   lay: TileLay, tile: TileDef, reach: Reach,
                   current: tuple[TileDef, int], connected: bool = True) -> IllegalAction | None:
    return (upgrade_tile_problem(colours, budget, lay.hex, tile, current)
            or _upgrade_rotation_problem(board, op, lay.hex, tile, lay.rotation, reach,
                                         current, connected))


def upgrade_tile_problem(colours: tuple[str, ...], budget: LayBudget, h: Hex, tile: TileDef,
                          current: tuple[TileDef, int]) -> IllegalAction | None:
    """The upgrade rules that do not depend on the rotation."""
    old = current[0]
    if tile.colour == "yellow":
        return IllegalAction("lost_atlas.track.yellow-empty",
                             f"yellow tiles go only on empty land; {h} already has track")
    if tile.id not in old.upgrades:
        return IllegalAction("lost_atlas.track.upgrade-chart",
                             f"tile {old.id} does not upgrade to {tile.id}")
    if old.colour in ("yellow", "green", "purple") and colour_rank(tile.colour) != (
        colour_rank(old.colour) + 1
    ):
        return IllegalAction("lost_atlas.track.upgrade-colour",
                             f"an upgrade replaces {old.colour} with the next colour")
    if tile.colour not in colours:
        return IllegalAction("lost_atlas.track.phase-colour",
                             f"{tile.colour} tiles are not available in this phase")
    if tile.symbol != old.symbol:
        return IllegalAction("lost_atlas.track.symbol",
                             "a tile with a symbol upgrades only into the same symbol")
    if not may_upgrade(budget):
        return IllegalAction("lost_atlas.track.lay-count",
                             "a company lays up to two yellow tiles or one upgrade a turn")
    return None


def _upgrade_rotation_problem(board: Board, op: Operator, h: Hex, tile: TileDef, rotation: int,
                              reach: Reach, current: tuple[TileDef, int],
                              connected: bool = True) -> IllegalAction | None:
    """The upgrade rules that depend on the rotation: the old track kept, where the new
    exits run, and a route into the tile or its new track."""
    old, old_rotation = current
    if not keeps_track(old, old_rotation, tile, rotation):
        return IllegalAction("lost_atlas.track.keep-connections",
                             f"tile {tile.id} turned {rotation} does not keep the existing "
                             f"track of {h} exactly")
    problem = exit_problem(board, h, tile.exits(rotation) - old.exits(old_rotation), op)
    if problem is not None:
        return problem
    if not connected:
        return None
    if tile.is_city:
        if not _route_into(h, reach, tile, rotation):
            return IllegalAction("lost_atlas.track.reach-city",
                                 f"{op.id} cannot trace a route into {h}")
    elif not _new_track_reached(board, h, reach, tile, rotation, current):
        return IllegalAction("lost_atlas.track.reach-new-track",
                             f"{op.id} cannot trace a route through the new track on {h}")
    return None
