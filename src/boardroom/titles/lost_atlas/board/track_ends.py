"""Where no track may run (rulebook p.13): into the edge of a water hex (Bridging's
may), a blank side of a Distant Destination, a black border hex, or the edge of the map.
"""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.map.hexes import Hex, neighbour, opposite
from boardroom.titles.lost_atlas.board.board import BORDER, DESTINATION, WATER, Board
from boardroom.titles.lost_atlas.board.operator import BRIDGING, Operator


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
