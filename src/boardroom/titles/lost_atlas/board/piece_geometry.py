"""A map piece's placements on the map: its rotations grouped by the cells they
cover (once per piece), and every placement the rules allow next to the map.

Duplicates: turning a piece onto itself can give the identical map (piece 12, all
blank); only the smallest such rotation is listed (:func:`_compute_geometry`), and
:func:`listed_turns` tells which listed placement an equivalent one stands for.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from boardroom.map.hexes import Hex, rotate_about, rotate_edge
from boardroom.titles.lost_atlas.board.board import piece_shape
from boardroom.titles.lost_atlas.board.components import MapHex, MapPiece


@dataclass(frozen=True)
class _Orientation:
    rotation: int
    anchor: Hex
    """The anchor relative to the translation of the group's normalised cells."""
    border: tuple[Hex, ...]
    """Border cells relative to the translation."""


@dataclass(frozen=True)
class _Group:
    """Rotations of a piece that cover the same normalised cell set."""

    cells: tuple[Hex, ...]
    orientations: tuple[_Orientation, ...]
    """One per distinct map: rotations giving identical content are listed once."""


def _content(mh: MapHex, rotation: int) -> tuple[object, ...]:
    track = mh.track.id if mh.track is not None else None
    return (
        mh.terrain, mh.home, mh.mountain, mh.cost, track, rotation if track else None,
        mh.home_stop, mh.destination,
        frozenset(rotate_edge(e, rotation) for e in mh.open_edges),
        frozenset(rotate_edge(e, rotation) for e in mh.water_edges),
    )


_GEOMETRY: dict[int, tuple[MapPiece, tuple[_Group, ...]]] = {}


def _geometry(piece: MapPiece) -> tuple[_Group, ...]:
    """The piece's placements up to translation, grouped by the cells they cover
    (computed once per piece object)."""
    cached = _GEOMETRY.get(id(piece))
    if cached is not None and cached[0] is piece:
        return cached[1]
    groups = _compute_geometry(piece)
    _GEOMETRY[id(piece)] = (piece, groups)
    return groups


def _compute_geometry(piece: MapPiece) -> tuple[_Group, ...]:
    shape = piece_shape(piece)
    order = {"A": 0, "B": 1, "C": 2}
    hexes = sorted(piece.hexes, key=lambda h: order[h.pos])
    groups: dict[tuple[Hex, ...], list[tuple[int, Hex, tuple[Hex, ...], object]]] = {}
    for rotation in range(6):
        cells = [rotate_about(off, (0, 0), rotation) for off in shape.offsets]
        t0 = min(cells)
        rel = [(c[0] - t0[0], c[1] - t0[1]) for c in cells]
        content: object = frozenset(
            (c, _content(mh, rotation)) for c, mh in zip(rel, hexes, strict=True)
        )
        border = tuple(c for c, b in zip(rel, shape.border, strict=True) if b)
        anchor = (-t0[0], -t0[1])
        groups.setdefault(tuple(sorted(rel)), []).append((rotation, anchor, border, content))
    out = []
    for norm, members in groups.items():
        seen: set[object] = set()
        kept = []
        for rotation, anchor, border, content in members:
            if content in seen:
                continue
            seen.add(content)
            kept.append(_Orientation(rotation, anchor, border))
        out.append(_Group(norm, tuple(kept)))
    return tuple(out)


def listed_turns(piece: MapPiece) -> dict[int, tuple[int, Hex]]:
    """For each rotation of ``piece``, the listed rotation (:func:`_compute_geometry`
    keeps the first of those covering the same cells with the same content) and how far
    its anchor lies from this rotation's for the two to make the very same map."""
    cached = _LISTED.get(id(piece))
    if cached is not None and cached[0] is piece:
        return cached[1]
    shape = piece_shape(piece)
    order = {"A": 0, "B": 1, "C": 2}
    hexes = sorted(piece.hexes, key=lambda h: order[h.pos])
    seen: dict[object, tuple[int, Hex]] = {}
    turns: dict[int, tuple[int, Hex]] = {}
    for rotation in range(6):
        cells = [rotate_about(off, (0, 0), rotation) for off in shape.offsets]
        t0 = min(cells)
        rel = [(c[0] - t0[0], c[1] - t0[1]) for c in cells]
        content = (tuple(sorted(rel)), frozenset(
            (c, _content(mh, rotation)) for c, mh in zip(rel, hexes, strict=True)))
        first, first_t0 = seen.setdefault(content, (rotation, t0))
        turns[rotation] = (first, (t0[0] - first_t0[0], t0[1] - first_t0[1]))
    _LISTED[id(piece)] = (piece, turns)
    return turns


_LISTED: dict[int, tuple[MapPiece, dict[int, tuple[int, Hex]]]] = {}


def iter_placements(piece: MapPiece, placed: dict[Hex, bool], adj: dict[Hex, int],
                    blocked: set[Hex], min_shared: int) -> Iterator[tuple[Hex, int]]:
    """Every placement of ``piece`` as (anchor, rotation) pairs, unsorted, one per distinct
    map: the rules of :func:`boardroom.map.pieces.legal_placements`, read from ``placed``
    (the map's hexes: is each a black border hex?), ``adj`` (the empty hexes next to the
    map: how many edges each shares with it) and ``blocked`` (the empty hexes next to a
    black border hex), the rotations grouped by the cells they cover.

    The empty hexes beside the map are tried newest first: those next to the last
    pieces lie on the open edge of the map, where a piece fits, while the older ones
    are mostly hemmed in; so an "any?" (asked after every piece) meets a first fit
    sooner. The placements found are the same in any order."""
    geom = _geometry(piece)
    if not placed:
        for g in geom:
            for o in g.orientations:
                yield (0, 0), o.rotation
        return
    for group in geom:
        cells = group.cells
        seen: set[Hex] = set()  # each spot once, met lazily (an "any?" stops early)
        for fq, fr in reversed(adj):  # (nothing changes adj while this runs)
            for oq, orr in cells:
                tq, tr = spot = (fq - oq, fr - orr)
                if spot in seen:
                    continue
                seen.add(spot)
                shared = 0
                for cq, cr in cells:
                    c = (tq + cq, tr + cr)
                    if c in placed or c in blocked:
                        break
                    shared += adj.get(c, 0)
                else:
                    if shared < min_shared:
                        continue
                    for o in group.orientations:
                        for bq, br in o.border:
                            if (tq + bq, tr + br) in adj:
                                break
                        else:
                            yield (tq + o.anchor[0], tr + o.anchor[1]), o.rotation

