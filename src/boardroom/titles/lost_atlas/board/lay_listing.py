"""Every legal tile lay now (:func:`legal_lays`, :func:`iter_lays`), and whether
there is one (:func:`any_lay`): the rules of :func:`lay_rules.check_lay` (a test compares
the two), asked once per tile where they do not depend on the rotation, with no refusal
built for the lays that fail.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from operator import attrgetter

from boardroom.map.hexes import Hex
from boardroom.map.tiles import TileDef, keeps_track
from boardroom.map.track import Reach
from boardroom.titles.lost_atlas.board.board import EMPTY_COLOUR, Board
from boardroom.titles.lost_atlas.board.lay_rules import (
    new_track,
    terrain_cost_problem,
    upgrade_tile_problem,
)
from boardroom.titles.lost_atlas.board.operator import Operator
from boardroom.titles.lost_atlas.board.tile_lay import (
    LayBudget,
    TileLay,
    first_tiles,
    may_lay_yellow,
    may_upgrade,
)
from boardroom.titles.lost_atlas.board.tracing import trace_for, trace_search
from boardroom.titles.lost_atlas.board.track_ends import blocked_edges


def iter_lays(board: Board, op: Operator, colours: tuple[str, ...],
              budget: LayBudget) -> Iterator[TileLay]:
    """Every legal (hex, tile, rotation) for ``op`` now, one rotation per distinct track,
    in a fixed order (hexes sorted); lazily, so "is there any?" stops at the first.

    The same rules as :func:`check_lay` (a test compares the two), with the ones that do
    not depend on the rotation checked once per tile, the sides a track may not end on
    found once per hex, and no refusal built for the rotations that fail.
    """
    if not (may_lay_yellow(budget, op) or may_upgrade(budget)):
        return
    reach = trace_for(board, op)
    candidates: set[Hex] = set(reach.entries)
    candidates.update(ref[0] for ref in reach.stops)
    for h in sorted(candidates):
        yield from _lays_at(board, op, colours, budget, reach, h)


def any_lay(board: Board, op: Operator, colours: tuple[str, ...], budget: LayBudget) -> bool:
    """Whether :func:`iter_lays` lists anything, tracing only until a first legal lay.

    Each rule a lay must pass reads the trace only as "does a route reach this track?",
    which more trace can only turn from no to yes; so a lay that passes on what the trace
    has reached so far is legal, and only a no needs the whole trace."""
    if not (may_lay_yellow(budget, op) or may_upgrade(budget)):
        return False
    search = trace_search(board, op)
    if not search.done:
        floor = search.floor
        if floor is not None and _any_lay_among(  # what earlier boards' traces proved
                board, op, colours, budget, floor,
                floor.entries.keys() | {ref[0] for ref in floor.stops}):
            return True
        reach = search.reach
        reached = set(reach.entries)
        reached.update(ref[0] for ref in reach.stops)
        if _any_lay_among(board, op, colours, budget, reach, reached):  # walked already
            return True
        while (found := search.grow()) is not None:
            if next(_lays_at(board, op, colours, budget, reach, found), None) is not None:
                return True
    reach = trace_for(board, op)
    return _any_lay_among(board, op, colours, budget, reach,
                          reach.entries.keys() | {ref[0] for ref in reach.stops})


def _any_lay_among(board: Board, op: Operator, colours: tuple[str, ...], budget: LayBudget,
                   reach: Reach, hexes: Collection[Hex]) -> bool:
    """Is there a legal lay on one of ``hexes`` (given the trace ``reach``)? Hexes with
    no track are asked first: a yellow lay is the usual yes, and an upgrade the dear
    no."""
    laid = board.track.laid
    yellow = may_lay_yellow(budget, op)  # else no hex without track has a lay
    upgrade = may_upgrade(budget)  # else no hex with track has one
    tiled = []
    for h in hexes:
        on = laid.get(h)
        if on is not None and on.tile.colour != EMPTY_COLOUR:
            if upgrade:
                tiled.append(h)
        elif yellow and next(_lays_at(board, op, colours, budget, reach, h), None) is not None:
            return True
    for h in tiled:  # (a plain loop: asked at most settles)
        if next(_lays_at(board, op, colours, budget, reach, h), None) is not None:
            return True
    return False


def _lays_at(board: Board, op: Operator, colours: tuple[str, ...], budget: LayBudget,
             reach: Reach, h: Hex) -> Iterator[TileLay]:
    """:func:`iter_lays` on one hex, given the trace ``reach``.

    Each tile's rotations come with what the rules read of them (:func:`_yellow_shapes`,
    :func:`_upgrade_shapes`: the geometry, remembered per tile), so a hex costs the
    rules that depend on the board: the supply, the sides no track may end on, and
    whether a route reaches the new track."""
    if h not in board.spaces:
        return
    current = board.tile_at(h)
    yellow = current is None or current[0].colour == EMPTY_COLOUR
    if yellow:
        if not may_lay_yellow(budget, op) or terrain_cost_problem(board, op, h) is not None:
            return
        options = first_tiles(board, h, op)  # so each passes _yellow_tile_problem
    else:
        if not may_upgrade(budget):
            return
        assert current is not None
        options = current[0].upgrades
    tiles = board.components.tiles
    supply = board.supply
    blocked: frozenset[int] | None = None
    entries = reach.entries.get(h)
    reached = reach.stops
    for tile_id in options:
        tile = tiles.get(tile_id)
        if tile is None or supply.get(tile_id, 0) <= 0:
            continue
        if yellow:
            shapes = _yellow_shapes(tile)
        elif tile.colour not in colours:  # the lay count is asked above, the rest of
            continue                      # upgrade_tile_problem in the shapes
        else:
            assert current is not None
            shapes = _upgrade_shapes(current, tile)
        if not shapes:
            continue
        if blocked is None:  # the sides, once a tile has a rotation to ask
            blocked = blocked_edges(board, h, op)
        for rotation, exits, edges, stops in shapes:
            # the rotation's rules (_yellow_rotation_problem, _upgrade_rotation_problem),
            # without building the refusals: no new exit on a blocked side, and a route
            # into the new track (an edge it arrives through, or a stop it reaches)
            if not exits.isdisjoint(blocked):
                continue
            if entries is not None and not entries.isdisjoint(edges):
                yield TileLay(h, tile_id, rotation)
                continue
            for i in stops:
                if (h, i) in reached:
                    yield TileLay(h, tile_id, rotation)
                    break


Shape = tuple[int, frozenset[int], frozenset[int], tuple[int, ...]]
"""A rotation of a tile as :func:`_lays_at` reads it: the rotation, the exits it adds,
and the edges and stops a route must reach for the lay (:func:`_new_track_reached`,
or for a city upgrade :func:`_route_into`)."""


def _yellow_shapes(tile: TileDef) -> tuple[Shape, ...]:
    """The distinct rotations of a first tile as :data:`Shape`, remembered on the tile
    (a tile copied by ``dataclasses.replace`` shares the dict: an answer found there is
    taken only if it was made for this very tile)."""
    known = tile._cache.get("yellow shapes")
    if known is not None and known[0] is tile:
        found: tuple[Shape, ...] = known[1]
        return found
    shapes = tuple((rotation, tile.exits(rotation), *new_track(tile, rotation, None))
                   for rotation in tile.distinct_rotations())
    tile._cache["yellow shapes"] = (tile, shapes)
    return shapes


def _upgrade_shapes(current: tuple[TileDef, int], tile: TileDef) -> tuple[Shape, ...]:
    """The distinct rotations in which ``tile`` may replace the ``current`` tile and
    rotation as far as the tiles alone decide (the rules of
    :func:`upgrade_tile_problem` other than the phase's colours and the lay count, and
    the track kept: :func:`keeps_track`), as :data:`Shape`; remembered on ``tile`` per
    old tile and rotation (taken only if made for these very tiles)."""
    old, old_rotation = current
    key = ("upgrade shapes", old.id, old_rotation)
    known = tile._cache.get(key)
    if known is not None and known[0] is tile and known[1] is old:
        made: tuple[Shape, ...] = known[2]
        return made
    shapes: list[Shape] = []
    # the phase's colours and the budget allowing, so only the tiles' own rules speak
    if upgrade_tile_problem((tile.colour,), LayBudget(), (0, 0), tile, current) is None:
        old_exits = old.exits(old_rotation)
        for rotation in tile.distinct_rotations():
            if not keeps_track(old, old_rotation, tile, rotation):
                continue
            exits = tile.exits(rotation)
            if tile.is_city:  # _route_into: into one of its exits or its stops
                reads = (exits, tuple(range(len(tile.stops))))
            else:
                reads = new_track(tile, rotation, current)
            shapes.append((rotation, exits - old_exits, *reads))
    found = tuple(shapes)
    tile._cache[key] = (tile, old, found)
    return found


def legal_lays(board: Board, op: Operator, colours: tuple[str, ...],
               budget: LayBudget) -> list[TileLay]:
    """Every legal (hex, tile, rotation) for ``op`` now, sorted (by the fields in order,
    as :class:`TileLay` compares)."""
    return sorted(iter_lays(board, op, colours, budget), key=_LAY_ORDER)


_LAY_ORDER = attrgetter("hex", "tile", "rotation")
