"""Laying track: every rule of rulebook p.13 ("3. Optionally, lay track tiles") and the
Operating Round summary, with the abilities that change them.

* Up to two yellow tiles, or one upgrade (Agricultural: a yellow tile after its upgrade).
* A yellow tile, or a non-city upgrade, must be placed so the company can trace a route
  through some of its new track; a city upgrade so the company can trace a route into
  the tile.
* No track may run into the edge of a water hex (Bridging's may), a blank side of a
  Distant Destination, a black border hex, or the edge of the map.
* Yellow tiles only on empty land (never on water — except Bridging's bridges —,
  Distant Destinations, border hexes, or a hex that has track); a city hex takes a city
  tile and a capital a capital tile (cities are never created or removed).
* An upgrade replaces the previous colour with the next, keeps every existing
  connection exactly (the mine only its sides), comes from the upgrade chart, shares the
  symbol, is of a colour the phase allows, and the old tile returns to the supply.
* Tiles are finite. Mountain hexes cost 40 from the treasury, paid when the first tile
  is laid there (Tunneling then receives 60).

Functions take the :class:`Board`, the :class:`Operator` and the phase's tile colours,
and never change anything unless asked to ``lay``.
"""

from __future__ import annotations

import weakref
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from operator import attrgetter
from typing import cast

from boardroom.core.errors import IllegalAction, NotationError
from boardroom.core.title import Action
from boardroom.map.hexes import Hex, neighbour, opposite
from boardroom.map.tiles import TileDef, colour_rank, keeps_track
from boardroom.map.track import EDGE, LaidTile, Reach, StopRef, TraceSearch
from boardroom.titles.lost_atlas.board.board import (
    BORDER,
    CITY,
    DESTINATION,
    EMPTY_COLOUR,
    MOUNTAIN,
    WATER,
    Board,
    stop_blocks,
)
from boardroom.titles.lost_atlas.board.operator import (
    AGRICULTURAL,
    BRIDGING,
    OVERNIGHT,
    TUNNELING,
    Operator,
)

TUNNELING_REWARD = 60
MAX_YELLOW = 2


@dataclass(frozen=True, order=True, slots=True)
class TileLay(Action):
    """Lay ``tile`` on ``hex`` turned ``rotation`` sixths clockwise. Notation
    ``lay 8 3,-1 r2``.

    >>> TileLay((3, -1), "8", 2)
    TileLay(hex=(3, -1), tile='8', rotation=2)
    >>> str(TileLay((3, -1), "8", 2))
    'lay 8 3,-1 r2'
    >>> TileLay.parse("lay 8 3,-1 r2") == TileLay((3, -1), "8", 2)
    True
    """

    hex: Hex
    tile: str
    rotation: int

    def __str__(self) -> str:
        return f"lay {self.tile} {self.hex[0]},{self.hex[1]} r{self.rotation}"

    @classmethod
    def parse(cls, text: str) -> TileLay:
        words = text.split()
        try:
            if len(words) != 4 or words[0] != "lay" or not words[3].startswith("r"):
                raise ValueError
            q_text, r_text = words[2].split(",")
            q, r, rotation = int(q_text), int(r_text), int(words[3][1:])
        except ValueError:
            raise NotationError(f"{text!r}: expected 'lay TILE Q,R rN'") from None
        if not 0 <= rotation < 6:
            raise NotationError(f"{text!r}: rotation must be 0-5")
        return cls((q, r), words[1], rotation)


@dataclass
class LayBudget:
    """What the company has laid this turn."""

    yellow: int = 0
    upgrades: int = 0

    def copy(self) -> LayBudget:
        return LayBudget(self.yellow, self.upgrades)


def may_lay_yellow(budget: LayBudget, op: Operator) -> bool:
    if budget.upgrades == 0:
        return budget.yellow < MAX_YELLOW
    # Agricultural: one yellow tile after its upgrade.
    return op.has(AGRICULTURAL) and budget.upgrades == 1 and budget.yellow == 0


def may_upgrade(budget: LayBudget) -> bool:
    return budget.yellow == 0 and budget.upgrades == 0


REACH_CACHE_SIZE = 512
"""Tracing results a board family keeps (cleared when full; each under two keys, the
board's stamps and its content's digest); callers must not change a returned
:class:`Reach`."""


def trace_for(board: Board, op: Operator) -> Reach:
    """Where ``op`` can trace a route, with no stop limit (Overnight passes full cities).

    Remembered per board state, and carried over from the company's last tracing when
    nothing it read has changed: a trace reads only the tiles and hubs of the hexes it
    enters and of its starting hexes, so a lay or a hub elsewhere (another company's
    turn, far away) leaves the answer exactly as it was."""
    return trace_search(board, op).complete()


def trace_search(board: Board, op: Operator) -> TraceSearch:
    """:func:`trace_for`'s trace as a :class:`TraceSearch`, walked only as far as a
    caller asks (and remembered, part-walked, for the next one): a question that a
    first yes settles (is there a legal lay? is this stop reached?) stops early.

    The search walks a snapshot of the tiles and hubs it was started on, so a board
    that changes afterwards (or a copy that differs) never changes what it finds."""
    overnight = op.has(OVERNIGHT)
    cache = board._reach_cache
    fast = ("trace", op.id, overnight, board.stamp_key())
    search: TraceSearch | None = cache.get(fast)
    if search is not None:
        return search
    # A board with the same content (another history's: a transposition in a search,
    # a replay after an undo) may have been traced: its digest finds the candidates,
    # comparing the content decides.
    key = ("trace by content", op.id, overnight, board.content_digest())
    traced: list[tuple[tuple[object, ...], TraceSearch]] | None = cache.get(key)
    if traced is not None:
        for content, search in traced:
            if _same_content(board, content):
                cache[fast] = search
                return search
    company = op.id
    starts = _starts(board, company)
    last_key = ("last trace", company, overnight)
    last = cache.get(last_key)
    pieces = len(board.pieces)
    tiles, hubs, laid = _snapshot(board)

    cache_ref = weakref.ref(cache)  # weakly: the cache holds the search that holds this

    def remember(reach: Reach) -> None:
        held = cache_ref()
        if held is not None:
            held[last_key] = (pieces, tiles, hubs, starts, reach)

    if last is not None and _still_valid(board, starts, *last):
        search = TraceSearch.finished(last[-1])
    else:
        def blocks(ref: StopRef) -> bool:
            return stop_blocks(laid[ref[0]].tile.stops[ref[1]], hubs.get(ref, ()), company,
                               overnight)

        search = board.track.search(starts, blocks, laid=laid)
        previous_key = ("last search", company, overnight)
        previous = cache.get(previous_key)
        if previous is not None:
            search.floor = _carried_floor(board, company, overnight, starts, *previous)
    if len(cache) >= REACH_CACHE_SIZE:
        cache.clear()
    cache[fast] = search
    cache.setdefault(key, []).append(((len(board.spaces), tuple(board.pieces), tiles, hubs),
                                      search))
    if not search.done:
        cache[("last search", company, overnight)] = (pieces, laid, hubs, board.hubs.stamp,  # type: ignore[attr-defined]
                                                      starts, search)
    if search.done:
        remember(search.reach)
    else:
        search.on_complete = remember
    return search


def _same_content(board: Board, content: tuple[object, ...]) -> bool:
    """Does ``board`` hold what :meth:`Board.trace_key` reads as ``content`` (the number
    of spaces, the pieces, and the tiles and hubs a :func:`_snapshot` copied)?"""
    spaces, pieces, tiles, hubs = content
    assert isinstance(hubs, dict)
    return (len(board.spaces) == spaces and tuple(board.pieces) == pieces
            and board.tiles == tiles and len(board.hubs) == len(hubs)
            and all(tuple(owners) == hubs.get(ref) for ref, owners in board.hubs.items()))


def reaches(board: Board, op: Operator, spots: Collection[StopRef]) -> bool:
    """Can ``op`` trace a route to one of ``spots``? Walks its trace only until it does
    (a no needs the whole trace)."""
    if not spots:
        return False
    search = trace_search(board, op)
    # (set.isdisjoint rather than any() over a generator: asked for every pair of
    # minors in a Merger Round, where starting a generator costs more than the test)
    if not search.reach.stops.isdisjoint(spots):
        return True
    if search.floor is not None and not search.floor.stops.isdisjoint(spots):
        return True
    if search.done or search.upper_stops().isdisjoint(spots):
        return False
    hexes = {spot[0] for spot in spots}
    while (found := search.grow()) is not None:
        if found in hexes and any(spot in search.reach.stops for spot in spots):
            return True
    return any(spot in search.reach.stops for spot in spots)


def _snapshot(board: Board) -> tuple[dict[Hex, tuple[str, int]], dict[StopRef, tuple[str, ...]],
                                     dict[Hex, LaidTile]]:
    """Copies of the board's tiles, hubs and track as a search walks them (shared by
    every company's search of one board state; never changed)."""
    key = ("snapshot", board.stamp_key())
    cache = board._reach_cache
    found = cache.get(key)
    if found is None:
        hubs_key = ("hubs snapshot", board.hubs.stamp)  # type: ignore[attr-defined]
        hubs = cache.get(hubs_key)  # (a lay changes only the tiles)
        if hubs is None:
            hubs = cache[hubs_key] = {ref: tuple(owners) for ref, owners in board.hubs.items()}
        found = cache[key] = (dict(board.tiles), hubs, dict(board.track.laid))
    return cast("tuple[dict[Hex, tuple[str, int]], dict[StopRef, tuple[str, ...]], "
                "dict[Hex, LaidTile]]", found)


def _starts(board: Board, company: str) -> list[StopRef]:
    """Where the company's trace starts (:meth:`Board.hubs_of`), remembered per hubs'
    stamp (shared by the searches that start there: never changed)."""
    key = ("starts", company, board.hubs.stamp)  # type: ignore[attr-defined]
    found: list[StopRef] | None = board._reach_cache.get(key)
    if found is None:
        found = board._reach_cache[key] = board.hubs_of(company)
    return found


def _carried_floor(board: Board, company: str, overnight: bool, starts: list[StopRef],
                   pieces: int,
                   laid: dict[Hex, LaidTile], hubs: dict[StopRef, tuple[str, ...]],
                   hubs_stamp: object, old_starts: list[StopRef],
                   old: TraceSearch) -> Reach | None:
    """What an earlier search of the company (on the board whose track and hubs were
    ``laid`` and ``hubs``, the hubs' stamp ``hubs_stamp``) proved reached, if every trail
    behind it is still a trail now: every tile it passed through offers at least the
    moves it offered (unchanged, laid where there was none, or an upgrade that keeps each
    of its connections on the same stops with no fewer slots: :func:`_extends`), no stop
    it reached changed hubs, the same hubs to start from. The trace now then reaches all
    of it, so a question that a yes settles may take it as known; and where those trails
    now run on, one hex on, through track laid where there was none
    (:func:`_through_new_track`).

    A floor is never changed once made, so an earlier search that walked nothing beyond
    its own floor hands that floor on as it is (no copy)."""
    if old.fell_back or pieces != len(board.pieces) or starts != old_starts:
        return None
    walked = old.reach
    if old.floor is not None and not walked.stops and not walked.entries:
        known = old.floor
    else:
        known = Reach(set(walked.stops), {h: set(e) for h, e in walked.entries.items()})
        if old.floor is not None:
            known.stops.update(old.floor.stops)
            for h, edges in old.floor.entries.items():
                known.entries.setdefault(h, set()).update(edges)
    if not known.entries:
        return None
    now = board.track.laid
    fresh: list[tuple[Hex, LaidTile]] = []
    for h in known.entries:
        before = laid.get(h)
        after = now.get(h)
        if after is before:
            continue
        if before is not None and not _extends(before, after):
            return None
        if after is not None and (before is None or _trackless(before)):
            fresh.append((h, after))
    for ref in starts:
        before = laid.get(ref[0])
        if before is not None and (after := now.get(ref[0])) is not before and not _extends(
                before, after):
            return None
    current = board.hubs
    if current.stamp is not hubs_stamp:  # type: ignore[attr-defined]
        for ref in known.stops:
            if tuple(current.get(ref, ())) != hubs.get(ref, ()):
                return None
    if fresh:
        if known is old.floor:  # never changed once made
            known = Reach(set(known.stops), {h: set(e) for h, e in known.entries.items()})
        _through_new_track(board, known, fresh, company, overnight)
    return known


def _trackless(laid: LaidTile) -> bool:
    """Does the tile offer no move at all (an untiled city's pseudo tile)?"""
    return not any(laid.from_edge) and not any(laid.from_stop)


def _through_new_track(board: Board, known: Reach, fresh: list[tuple[Hex, LaidTile]],
                       company: str, overnight: bool) -> None:
    """Add to ``known`` where its trails now run on, one hex on, through the track laid on
    ``fresh`` hexes, each one that had no track when they were walked.

    A trail that arrived into a hex with no track ended there, having used none of the
    hex's track but the side it crossed; so it runs on through the new track to every
    side that track leads to from there (past a stop only if the stop lets the company
    through, as the trace's ``blocks``), a trail still, arriving into the next hex. The
    trace now reaches all of that; how it runs on beyond is left to the trace."""
    hubs = board.hubs
    stops, entries = known.stops, known.entries
    for h, tile in fresh:
        for e in list(entries[h]):
            for kind, value in tile.from_edge[e]:
                if kind == EDGE:
                    _arrive(entries, h, value)
                    continue
                ref = (h, value)
                stops.add(ref)
                if stop_blocks(tile.tile.stops[value], hubs.get(ref, ()), company, overnight):
                    continue
                for onward, side in tile.from_stop[value]:
                    if onward == EDGE and side != e:
                        _arrive(entries, h, side)


def _arrive(entries: dict[Hex, set[int]], h: Hex, e: int) -> None:
    """Record an arrival across side ``e`` of ``h`` into its neighbour."""
    entries.setdefault(neighbour(h, e), set()).add(opposite(e))


def _extends(old: LaidTile, new: LaidTile | None) -> bool:
    """Does ``new`` offer a trail every move ``old`` offered, through stops no more
    blocked (the same stops, of the same kind, with no fewer slots)?"""
    if new is None:
        return False
    if new is old or (new.tile is old.tile and new.rotation == old.rotation):
        return True
    # It depends only on the two (never changed, shared: LaidTile.make) laid tiles, so
    # it is remembered on the new one's tile, with the old one kept to tell them apart.
    key = ("extends", new.rotation, id(old))
    known = new.tile._cache.get(key)
    if known is None or known[0] is not old or known[1] is not new:
        known = new.tile._cache[key] = (old, new, _extends_now(old, new))
    return bool(known[2])


def _extends_now(old: LaidTile, new: LaidTile) -> bool:
    if len(new.from_stop) < len(old.from_stop):
        return False
    for a, b in zip(old.from_edge, new.from_edge, strict=True):
        if not set(a) <= set(b):
            return False
    for a, b in zip(old.from_stop, new.from_stop, strict=False):
        if not set(a) <= set(b):
            return False
    for was, now in zip(old.tile.stops, new.tile.stops, strict=False):
        if was.kind != now.kind or now.slots < was.slots:
            return False
    return True


def _still_valid(board: Board, starts: list[StopRef], pieces: int,
                 tiles: dict[Hex, tuple[str, int]], hubs: dict[StopRef, tuple[str, ...]],
                 old_starts: list[StopRef], reach: Reach) -> bool:
    """Would tracing from ``starts`` now read exactly what it read for ``reach``?"""
    if pieces != len(board.pieces) or starts != old_starts:
        return False
    read = reach.entries.keys() | {ref[0] for ref in starts}
    now = board.tiles
    for h, tile in now.items():
        if tiles.get(h) != tile and h in read:
            return False
    for h in tiles.keys() - now.keys():
        if h in read:
            return False
    current = board.hubs
    for ref, owners in current.items():
        if hubs.get(ref) != tuple(owners) and ref[0] in read:
            return False
    return all(ref[0] not in read for ref in hubs.keys() - current.keys())


def is_yellow_lay(board: Board, h: Hex) -> bool:
    """Would a tile on ``h`` be a first (yellow) lay rather than an upgrade?"""
    current = board.tile_at(h)
    return current is None or current[0].colour == EMPTY_COLOUR


def first_tiles(board: Board, h: Hex, op: Operator) -> tuple[str, ...]:
    """The tiles a hex may take as its first tile (the data's first-tile chart)."""
    space = board.spaces[h]
    chart = board.components.map_rules.first_tiles
    if space.terrain == CITY and space.printed is None:
        return tuple(chart.get("capital" if space.capital else "city", ()))
    if space.terrain in ("blank", MOUNTAIN) and h not in board.track.laid:
        return tuple(chart.get("blank", ()))
    if space.terrain == WATER and op.has(BRIDGING) and h not in board.track.laid:
        return tuple(chart.get("water", ()))
    return ()


def exit_problem(board: Board, h: Hex, exits: frozenset[int], op: Operator) -> IllegalAction | None:
    """The rule a track end on these exits would break, if any (the first side's, in
    side order)."""
    if exits.isdisjoint(blocked_edges(board, h, op)):  # the sides that break one
        return None
    for e in sorted(exits):
        problem = edge_problem(board, h, e, op)
        if problem is not None:
            return problem
    return None


def edge_problem(board: Board, h: Hex, e: int, op: Operator) -> IllegalAction | None:
    """The rule a track end on side ``e`` of ``h`` would break, if any."""
    broken = _edge_rule(board, h, e, op.has(BRIDGING))
    if not broken:
        return None
    n = neighbour(h, e)
    if broken == _WATER_SIDE:
        return IllegalAction("lost_atlas.track.water-edge",
                             f"track may not run into the water side {e} of {h}")
    if broken == _MAP_EDGE:
        return IllegalAction("lost_atlas.track.map-edge",
                             f"track may not run off the edge of the map (side {e} of {h})")
    if broken == _BORDER:
        return IllegalAction("lost_atlas.track.border",
                             f"track may not run into the border hex {n}")
    if broken == _WATER_HEX:
        return IllegalAction("lost_atlas.track.water-edge",
                             f"track may not run into the water hex {n}")
    if broken == _NEIGHBOUR_WATER_SIDE:
        return IllegalAction("lost_atlas.track.water-edge",
                             f"track may not run into the water side of {n}")
    return IllegalAction("lost_atlas.track.destination-side",
                         f"track may not run into a blank side of the Distant "
                         f"Destination {n}")


(_WATER_SIDE, _MAP_EDGE, _BORDER, _WATER_HEX, _NEIGHBOUR_WATER_SIDE,
 _DESTINATION_SIDE) = range(1, 7)
"""Which side rule a track end breaks (0: none), for :func:`blocked_edges`, which
builds no refusal."""


def _edge_rule(board: Board, h: Hex, e: int, bridging: bool) -> int:
    """:func:`edge_problem`'s rules, in its order, as the number of the first broken."""
    space = board.spaces[h]
    if e in space.water_edges and not bridging:
        return _WATER_SIDE
    other = board.spaces.get(neighbour(h, e))
    if other is None:
        return _MAP_EDGE
    if other.terrain == BORDER:
        return _BORDER
    if other.terrain == WATER and not bridging:
        return _WATER_HEX
    if opposite(e) in other.water_edges and not bridging:
        return _NEIGHBOUR_WATER_SIDE
    if other.terrain == DESTINATION and opposite(e) not in other.open_edges:
        return _DESTINATION_SIDE
    return 0


def blocked_edges(board: Board, h: Hex, op: Operator) -> frozenset[int]:
    """The sides of ``h`` no track of ``op`` may end on (:func:`edge_problem`).

    They depend only on the map's hexes (and Bridging), so they are remembered per map
    (its spaces' stamp) for the board's family."""
    bridging = op.has(BRIDGING)
    key = ("blocked edges", bridging, board.spaces.stamp)  # type: ignore[attr-defined]
    known: dict[Hex, frozenset[int]] | None = board._reach_cache.get(key)
    if known is None:
        known = board._reach_cache[key] = {}
    found = known.get(h)
    if found is None:
        found = known[h] = frozenset([e for e in range(6)
                                      if _edge_rule(board, h, e, bridging)])
    return found


def _new_track_reached(board: Board, h: Hex, reach: Reach, new: TileDef, rotation: int,
                       old: tuple[TileDef, int] | None) -> bool:
    """Can a route reach some of the track this lay adds? A route must enter the hex at
    an end of a path the lay adds or at an edge of one of its stops' track, or reach one
    of those stops (:func:`_new_track`)."""
    edges, stops = _new_track(new, rotation, old)
    entries = reach.entries.get(h)
    if entries is not None and not entries.isdisjoint(edges):
        return True
    reached = reach.stops
    for i in stops:  # noqa: SIM110 (no generator: asked for every rotation checked)
        if (h, i) in reached:
            return True
    return False


def _new_track(new: TileDef, rotation: int,
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
            or _terrain_cost_problem(board, op, h))


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


def _terrain_cost_problem(board: Board, op: Operator, h: Hex) -> IllegalAction | None:
    space = board.spaces[h]
    if space.cost > op.treasury:
        return IllegalAction("lost_atlas.track.terrain-cost",
                             f"laying on {h} costs {space.cost}; the treasury has {op.treasury}")
    return None


def _check_upgrade(board: Board, op: Operator, colours: tuple[str, ...], budget: LayBudget,
                   lay: TileLay, tile: TileDef, reach: Reach,
                   current: tuple[TileDef, int], connected: bool = True) -> IllegalAction | None:
    return (_upgrade_tile_problem(colours, budget, lay.hex, tile, current)
            or _upgrade_rotation_problem(board, op, lay.hex, tile, lay.rotation, reach,
                                         current, connected))


def _upgrade_tile_problem(colours: tuple[str, ...], budget: LayBudget, h: Hex, tile: TileDef,
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
        if not may_lay_yellow(budget, op) or _terrain_cost_problem(board, op, h) is not None:
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
            continue                      # _upgrade_tile_problem in the shapes
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
    shapes = tuple((rotation, tile.exits(rotation), *_new_track(tile, rotation, None))
                   for rotation in tile.distinct_rotations())
    tile._cache["yellow shapes"] = (tile, shapes)
    return shapes


def _upgrade_shapes(current: tuple[TileDef, int], tile: TileDef) -> tuple[Shape, ...]:
    """The distinct rotations in which ``tile`` may replace the ``current`` tile and
    rotation as far as the tiles alone decide (the rules of
    :func:`_upgrade_tile_problem` other than the phase's colours and the lay count, and
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
    if _upgrade_tile_problem((tile.colour,), LayBudget(), (0, 0), tile, current) is None:
        old_exits = old.exits(old_rotation)
        for rotation in tile.distinct_rotations():
            if not keeps_track(old, old_rotation, tile, rotation):
                continue
            exits = tile.exits(rotation)
            if tile.is_city:  # _route_into: into one of its exits or its stops
                reads = (exits, tuple(range(len(tile.stops))))
            else:
                reads = _new_track(tile, rotation, current)
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


@dataclass(frozen=True)
class LayResult:
    cost: int
    income: int
    replaced: str | None
    sentence: str


def lay(board: Board, op: Operator, budget: LayBudget, tile_lay: TileLay) -> LayResult:
    """Lay a checked tile: the board and budget change; the caller moves the money
    (``cost`` to the bank, then ``income`` to the treasury — Tunneling's 60)."""
    h = tile_lay.hex
    yellow = is_yellow_lay(board, h)
    space = board.spaces[h]
    tile = board.components.tiles[tile_lay.tile]
    replaced = board.lay_tile(h, tile, tile_lay.rotation)
    cost = space.cost if yellow else 0
    income = TUNNELING_REWARD if cost and space.cost and op.has(TUNNELING) and (
        space.terrain == MOUNTAIN or space.cost > 0) else 0
    if yellow:
        budget.yellow += 1
    else:
        budget.upgrades += 1
    what = f"upgrades {h} to {tile.id}" if not yellow else f"lays {tile.id} on {h}"
    extra = f" paying {cost}" if cost else ""
    extra += f" and digs a tunnel: the company earns {income}" if income else ""
    old_id = replaced.id if replaced is not None and replaced.colour != EMPTY_COLOUR else None
    return LayResult(cost, income, old_id, f"{op.id} {what}{extra}.")
