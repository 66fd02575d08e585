"""Flat-topped hexes in axial coordinates, and their six edges.

Edges are numbered clockwise from the bottom: 0 = S, 1 = SW, 2 = NW, 3 = N, 4 = NE,
5 = SE (the convention of ../shared/rules/lost-atlas-components.md). Opposite edges
differ by 3; rotating a tile one step clockwise adds 1 to every edge.

>>> neighbour((0, 0), 0), neighbour((0, 0), 4)
((0, 1), (1, -1))
>>> opposite(1), rotate_edge(5, 2)
(4, 1)
>>> edge_towards((0, 0), (1, 0))
5
"""

from __future__ import annotations

Hex = tuple[int, int]
"""Axial coordinates (q, r) of a flat-topped hex."""

S, SW, NW, N, NE, SE = range(6)
EDGE_NAMES = ("S", "SW", "NW", "N", "NE", "SE")

DIRECTIONS: tuple[Hex, ...] = ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0))
_EDGE_OF = {d: e for e, d in enumerate(DIRECTIONS)}


def neighbour(h: Hex, edge: int) -> Hex:
    dq, dr = DIRECTIONS[edge]
    return (h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> list[Hex]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]


def opposite(edge: int) -> int:
    return (edge + 3) % 6


def rotate_edge(edge: int, rotation: int) -> int:
    return (edge + rotation) % 6


def edge_towards(a: Hex, b: Hex) -> int | None:
    """The edge of ``a`` shared with ``b``, or None if they are not adjacent."""
    return _EDGE_OF.get((b[0] - a[0], b[1] - a[1]))


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate_about(h: Hex, centre: Hex, steps: int) -> Hex:
    """Rotate ``h`` about ``centre`` by ``steps`` sixths of a turn clockwise."""
    q, r = h[0] - centre[0], h[1] - centre[1]
    x, z = q, r
    y = -x - z
    for _ in range(steps % 6):
        # One step clockwise in cube coordinates of a flat-topped layout: (x, y, z) -> (-z, -x, -y)
        x, y, z = -z, -x, -y
    return (centre[0] + x, centre[1] + z)


def pixel(h: Hex, size: float) -> tuple[float, float]:
    """Centre of ``h`` in a picture with hexes of circumradius ``size`` (y grows down)."""
    q, r = h
    return (size * 1.5 * q, size * (3**0.5) * (r + q / 2))
