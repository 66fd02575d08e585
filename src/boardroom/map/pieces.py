"""Modular map pieces (the Lost Atlas's tri-hexes): where a piece may be placed.

A piece is a few hexes at fixed offsets from its first hex. Placing one means choosing a
rotation (about its first hex) and the position of its first hex. The placement rules
are generic (../shared/rules/001 "Map Building", Diagram 1):

* the first piece goes anywhere (by convention at the origin);
* later pieces share at least ``min_shared`` edges with hexes already placed;
* no hex may share an edge with a border hex of another piece;
* pieces never overlap.

>>> shape = PieceShape(offsets=((0, 0), (1, 0), (0, 1)), border=(False, False, False))
>>> placed = {h: False for h in place_hexes(shape, (0, 0), 0)}
>>> len(legal_placements(shape, placed))
18
"""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.map.hexes import DIRECTIONS, Hex, neighbours, rotate_about

TRIANGLE: tuple[Hex, ...] = ((0, 0), (1, 0), (0, 1))
"""The tri-hex pose: A at the origin, B on A's edge 5 (SE), C on A's edge 0 (S)."""


@dataclass(frozen=True)
class PieceShape:
    offsets: tuple[Hex, ...]
    border: tuple[bool, ...]
    """Whether each hex is a black border hex."""


@dataclass(frozen=True, order=True)
class Placement:
    """A piece's first hex at ``anchor``, turned ``rotation`` sixths clockwise."""

    anchor: Hex
    rotation: int


_ROTATED: dict[tuple[tuple[Hex, ...], int], tuple[Hex, ...]] = {}
"""Offsets turned about the first hex, by offsets and rotation (computed once)."""


def place_hexes(shape: PieceShape, anchor: Hex, rotation: int) -> list[Hex]:
    """The map hexes the piece covers, in the order of its offsets."""
    key = (shape.offsets, rotation % 6)
    rotated = _ROTATED.get(key)
    if rotated is None:
        rotated = _ROTATED[key] = tuple(rotate_about(off, (0, 0), rotation)
                                        for off in shape.offsets)
    aq, ar = anchor
    return [(aq + q, ar + r) for q, r in rotated]


def check_placement(shape: PieceShape, placed: dict[Hex, bool], anchor: Hex, rotation: int,
                    min_shared: int = 3) -> str | None:
    """Why the piece may not go there (a rule id), or None if it may.

    ``placed`` maps every hex already on the map to whether it is a border hex.
    """
    cells = place_hexes(shape, anchor, rotation)
    own = set(cells)
    if not placed.keys().isdisjoint(own):
        return "map.build.overlap"
    shared = 0
    for (q, r), is_border in zip(cells, shape.border, strict=True):
        for dq, dr in DIRECTIONS:  # neighbours(), without a list per cell
            n = (q + dq, r + dr)
            if n in own or n not in placed:
                continue
            shared += 1
            if is_border or placed[n]:
                return "map.build.border"
    if placed and shared < min_shared:
        return "map.build.shared-edges"
    return None


def legal_placements(shape: PieceShape, placed: dict[Hex, bool],
                     min_shared: int = 3) -> list[Placement]:
    """Every (anchor, rotation) that obeys the rules, in a stable order.

    Placements that cover the same hexes with the same hex in each spot (a rotation
    that maps a symmetric piece onto itself) are listed once; the caller decides
    whether two placements with different content are distinct.
    """
    if not placed:
        return [Placement((0, 0), r) for r in range(6)]
    frontier: set[Hex] = set()
    for h in placed:
        for n in neighbours(h):
            if n not in placed:
                frontier.add(n)
    seen: set[tuple[Hex, ...]] = set()
    out: list[Placement] = []
    for rotation in range(6):
        rotated = [rotate_about(off, (0, 0), rotation) for off in shape.offsets]
        anchors = {(f[0] - q, f[1] - r) for f in frontier for q, r in rotated}
        for anchor in sorted(anchors):
            cells = tuple(place_hexes(shape, anchor, rotation))
            if cells in seen:
                continue
            if check_placement(shape, placed, anchor, rotation, min_shared) is None:
                seen.add(cells)
                out.append(Placement(anchor, rotation))
    out.sort()
    return out


def shared_edges(cells: list[Hex], placed: dict[Hex, bool]) -> int:
    own = set(cells)
    return sum(
        1
        for c in cells
        for dq, dr in DIRECTIONS
        if (c[0] + dq, c[1] + dr) in placed and (c[0] + dq, c[1] + dr) not in own
    )
