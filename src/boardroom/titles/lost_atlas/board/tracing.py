"""Where a company can trace a route for its tile lays (rulebook p.13: "a route
through some of its new track", "a route into the tile"), with no stop limit; Overnight
passes full cities.

:func:`trace_for` is the whole trace, :func:`trace_search` a trace walked only as far as
a caller asks, and :func:`reaches` the question "does the trace reach one of these
stops?". Traces are remembered per board state and carried over from a company's last
tracing when nothing they read has changed (docs/engine-speed.md).
"""

from __future__ import annotations

import weakref
from collections.abc import Collection
from typing import cast

from boardroom.map.hexes import Hex, neighbour, opposite
from boardroom.map.track import EDGE, LaidTile, Reach, StopRef, TraceSearch
from boardroom.titles.lost_atlas.board.board import Board, stop_blocks
from boardroom.titles.lost_atlas.board.operator import OVERNIGHT, Operator

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
