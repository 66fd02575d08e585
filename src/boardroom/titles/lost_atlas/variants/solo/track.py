"""The Conglomerate's track (TP-SOLO): where it reaches, and the cheapest chain of yellow
lays from its network to a target (:func:`plan_path`), laid a tile at a time.
"""

from __future__ import annotations

import heapq

from boardroom.map.hexes import Hex, neighbour, opposite
from boardroom.map.track import Reach, StopRef
from boardroom.titles.lost_atlas.board import track_laying
from boardroom.titles.lost_atlas.board.board import (
    BLANK,
    CITY,
    DESTINATION,
    EMPTY_COLOUR,
    MOUNTAIN,
    Board,
)
from boardroom.titles.lost_atlas.board.operator import Operator
from boardroom.titles.lost_atlas.state import BANK, LostAtlasState, company_account
from boardroom.titles.lost_atlas.variants.solo.conglomerate import NAME, company


# -- the board -----------------------------------------------------------------------------
def conglomerate_operator(state: LostAtlasState) -> Operator:
    cong = company(state)
    assert cong is not None
    return Operator(cong, frozenset(), state.treasury(cong), True)


def conglomerate_reach(state: LostAtlasState) -> Reach:
    return track_laying.trace_for(state.board, conglomerate_operator(state))


def _yellow_able(board: Board, h: Hex, through: bool) -> bool:
    """May a first (yellow) tile go on ``h``? ``through``: as a hex the path passes
    (not a home of an unlaunched minor)."""
    space = board.spaces.get(h)
    if space is None:
        return False
    if space.terrain in (BLANK, MOUNTAIN):
        return h not in board.track.laid
    if space.terrain == CITY and space.printed is None:
        current = board.tile_at(h)
        if current is not None and current[0].colour != EMPTY_COLOUR:
            return False
        return not (through and any(ref[0] == h for ref in board.reserved))
    return False


Step = tuple[Hex, int | None, int | None]
"""A hex of a planned path: (hex, entry edge, exit edge); None where the tile is an end."""


def plan_path(board: Board, op: Operator, reach: Reach, starts: list[StopRef],
              targets: set[Hex]) -> list[Step] | None:
    """The cheapest chain of yellow lays from the network to a target hex.

    Fixed rule (PROVISIONAL): fewest new tiles, then least terrain cost, then the
    smallest hexes and edges (Dijkstra with deterministic tie-breaks). A path may start
    at an untiled city of the network (``starts``) or from an open track end, may pass
    through untiled basic cities (city tiles), never through a reserved home, and ends
    in a target: an untiled city (a city tile is laid there), a tile whose track meets
    the path, or a Distant Destination side."""
    Node = tuple[Hex, int | None]
    heap: list[tuple[int, Hex, int, tuple[tuple[int, ...], ...], list[Step]]] = []
    seen: set[Node] = set()
    for h, edges in sorted(reach.entries.items()):
        if _yellow_able(board, h, through=h not in targets):
            for e in sorted(edges):
                if h in targets:
                    return [(h, e, None)]
                first: list[Step] = [(h, e, None)]
                heapq.heappush(heap, (100 + board.spaces[h].cost, h, e, _order(first), first))
    for ref in sorted(starts):
        h = ref[0]
        if _yellow_able(board, h, through=False):
            begin: list[Step] = [(h, None, None)]
            heapq.heappush(heap, (100 + board.spaces[h].cost, h, -1, _order(begin), begin))
    while heap:
        cost, h, entry, _, path = heapq.heappop(heap)
        node: Node = (h, None if entry < 0 else entry)
        if node in seen:
            continue
        seen.add(node)
        for out in range(6):
            if out == node[1]:
                continue
            if track_laying.exit_problem(board, h, frozenset({out}), op) is not None:
                continue
            n = neighbour(h, out)
            step = (h, node[1], out)
            steps = [*path[:-1], step]
            back = opposite(out)
            if n in targets:
                space = board.spaces[n]
                if space.terrain == DESTINATION:
                    return steps
                if _yellow_able(board, n, through=False):
                    return [*steps, (n, back, None)]
                current = board.tile_at(n)
                if current is not None and back in current[0].exits(current[1]):
                    return steps
                continue
            if _yellow_able(board, n, through=True) and (n, back) not in seen:
                longer: list[Step] = [*steps, (n, back, None)]
                heapq.heappush(heap, (cost + 100 + board.spaces[n].cost, n, back,
                                      _order(longer), longer))
    return None


def _order(path: list[Step]) -> tuple[tuple[int, ...], ...]:
    """A path as the heap's last tie-break: its hexes and edges, an end (None) as -1.

    Two paths of equal cost to the same hex and edge used to be compared as lists, and a
    start city's ``None`` entry against another path's edge raised TypeError. This key
    orders them as the list comparison did wherever it worked (-1 sorts below every
    edge), and equal keys mean equal paths, so the path itself is never compared.
    """
    return tuple((h[0], h[1], -1 if e is None else e, -1 if o is None else o)
                 for h, e, o in path)


def _tile_for(board: Board, op: Operator, step: Step) -> track_laying.TileLay | None:
    """The first yellow tile (data order, then rotation) that fits a step and is legal."""
    h, entry, out = step
    needed = {e for e in (entry, out) if e is not None}
    for tile_id in track_laying.first_tiles(board, h, op):
        if board.supply.get(tile_id, 0) <= 0:
            continue
        tile = board.components.tiles[tile_id]
        for rotation in tile.distinct_rotations():
            exits = tile.exits(rotation)
            if not needed <= exits or (len(needed) == 2 and exits != needed):
                continue
            lay = track_laying.TileLay(h, tile_id, rotation)
            if track_laying.check_lay(board, op, ("yellow",), track_laying.LayBudget(),
                                      lay) is None:
                return lay
    return None


def lay_path(state: LostAtlasState, starts: list[StopRef], targets: set[Hex],
              limit: int | None, log: list[str],
              sources: list[StopRef] | None = None) -> int | None:
    """Plan and lay (up to ``limit``) yellow tiles toward ``targets``; the number laid,
    or None if no path exists. ``sources``: trace only from these hubs (the initial
    network grows from the drawn minor's home)."""
    board = state.board
    cong = company(state)
    assert cong is not None
    reach = conglomerate_reach(state) if sources is None else board.track.trace(
        sources, lambda ref: board.blocks(ref, cong))
    path = plan_path(board, conglomerate_operator(state), reach, starts, targets)
    if path is None:
        return None
    laid = 0
    for step in path:
        if limit is not None and laid >= limit:
            break
        op = conglomerate_operator(state)
        lay = _tile_for(board, op, step)
        if lay is None:
            break
        result = track_laying.lay(board, op, track_laying.LayBudget(), lay)
        if result.cost:
            state.ledger.pay(company_account(cong), BANK, result.cost)
        if result.income:
            state.ledger.pay(BANK, company_account(cong), result.income)
        log.append(f"The {NAME} lays {lay.tile} on {lay.hex[0]},{lay.hex[1]} (r{lay.rotation})"
                   + (f", paying {result.cost}" if result.cost else "") + ".")
        laid += 1
    return laid
