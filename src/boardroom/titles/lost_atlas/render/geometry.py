"""The picture's geometry: flat-topped hexes of circumradius :data:`R` placed by
:func:`boardroom.map.hexes.pixel` (edge ``e`` faces the angle ``90 + 60e`` degrees, y
growing down, so its midpoint lies at the apothem in that direction); the track's curves
between edges and stops, where two tracks cross, and where a city's token slots and a
tile's stops sit. Pure arithmetic: no SVG is written here."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from boardroom.map.hexes import Hex, pixel
from boardroom.map.tiles import TileDef

Point = tuple[float, float]


R = 50.0
"""Hex circumradius (corner to centre) in SVG units."""


APOTHEM = R * math.sqrt(3) / 2


TRACK_W = 6.5


MARGIN = 0.7 * R


def _n(x: float) -> str:
    """A number as SVG text: at most two decimals, no trailing zeros, never ``-0``."""
    text = f"{round(x, 2) + 0.0:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _unit(degrees: float) -> Point:
    a = math.radians(degrees)
    return (math.cos(a), math.sin(a))


def _add(p: Point, q: Point, k: float = 1.0) -> Point:
    return (p[0] + k * q[0], p[1] + k * q[1])


def _sub(p: Point, q: Point) -> Point:
    return (p[0] - q[0], p[1] - q[1])


def _dist(p: Point, q: Point) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


def _angle(v: Point) -> float:
    return math.degrees(math.atan2(v[1], v[0]))


def edge_dir(edge: int) -> Point:
    """The unit vector from a hex's centre toward the middle of ``edge``."""
    return _unit(90 + 60 * edge)


def hex_centre(h: Hex) -> Point:
    return pixel(h, R)


def hex_corners(centre: Point, radius: float = R) -> list[Point]:
    return [_add(centre, _unit(60 * k), radius) for k in range(6)]


def edge_ends(centre: Point, edge: int) -> tuple[Point, Point]:
    """The two corners of ``edge`` (at 60 + 60e and 120 + 60e degrees)."""
    return (_add(centre, _unit(60 + 60 * edge), R), _add(centre, _unit(120 + 60 * edge), R))


def edge_mid(centre: Point, edge: int) -> Point:
    return _add(centre, edge_dir(edge), APOTHEM)


def in_hex(p: Point, centre: Point, shrink: float = 0.0) -> bool:
    """Is ``p`` inside the flat-topped hex at ``centre`` (its apothem less ``shrink``)?"""
    dx, dy = abs(p[0] - centre[0]), abs(p[1] - centre[1])
    a = APOTHEM - shrink
    return dy <= a and (math.sqrt(3) * dx + dy) / 2 <= a


@dataclass(frozen=True)
class Curve:
    """A piece of track: its SVG path data and points along it (for spacing labels)."""

    d: str
    points: tuple[Point, ...]


def _samples(n: int = 24) -> list[float]:
    return [i / n for i in range(n + 1)]


def _pinned(p: Point, q: Point, pts: Iterable[Point]) -> tuple[Point, ...]:
    """Sampled points with the ends exactly ``p`` and ``q`` (so that paths meeting at an
    edge share their end point to the last bit and never seem to cross there)."""
    inner = list(pts)[1:-1]
    return (p, *inner, q)


def line(p: Point, q: Point) -> Curve:
    pts = _pinned(p, q, (_add(p, _sub(q, p), t) for t in _samples()))
    return Curve(f"M{_n(p[0])},{_n(p[1])} L{_n(q[0])},{_n(q[1])}", pts)


def arc(p: Point, q: Point, centre: Point, radius: float) -> Curve:
    """The short arc from ``p`` to ``q`` around ``centre``."""
    a0 = math.atan2(p[1] - centre[1], p[0] - centre[0])
    a1 = math.atan2(q[1] - centre[1], q[0] - centre[0])
    delta = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
    sweep = 1 if delta > 0 else 0
    pts = _pinned(p, q, (_add(centre, (math.cos(a0 + delta * t), math.sin(a0 + delta * t)),
                              radius) for t in _samples()))
    d = (f"M{_n(p[0])},{_n(p[1])} A{_n(radius)},{_n(radius)} 0 0 {sweep} "
         f"{_n(q[0])},{_n(q[1])}")
    return Curve(d, pts)


def quad(p: Point, control: Point, q: Point) -> Curve:
    pts = _pinned(p, q, (
        (
            (1 - t) ** 2 * p[0] + 2 * (1 - t) * t * control[0] + t * t * q[0],
            (1 - t) ** 2 * p[1] + 2 * (1 - t) * t * control[1] + t * t * q[1],
        )
        for t in _samples()
    ))
    d = (f"M{_n(p[0])},{_n(p[1])} Q{_n(control[0])},{_n(control[1])} "
         f"{_n(q[0])},{_n(q[1])}")
    return Curve(d, pts)


def edge_path(centre: Point, a: int, b: int) -> Curve:
    """Track from edge ``a`` to edge ``b``: a straight line, or an arc leaving each edge
    square to it (a sharp curve turns about the corner between its edges, radius R/2; a
    broad curve about the centre of the hex beyond the edge between them, radius 1.5 R)."""
    p, q = edge_mid(centre, a), edge_mid(centre, b)
    step = (b - a) % 6
    if step == 3:
        return line(p, q)
    if step in (1, 5):
        first = a if step == 1 else b
        corner = _add(centre, _unit(120 + 60 * first), R)
        return arc(p, q, corner, R / 2)
    middle = (a + 1) % 6 if step == 2 else (b + 1) % 6
    return arc(p, q, _add(centre, edge_dir(middle), 2 * APOTHEM), 1.5 * R)


def stop_leg(centre: Point, edge: int, stop: Point) -> Curve:
    """Track from an edge's midpoint to a stop: it leaves the edge square, then bends."""
    m = edge_mid(centre, edge)
    inward = _sub((0.0, 0.0), edge_dir(edge))
    reach = (stop[0] - m[0]) * inward[0] + (stop[1] - m[1]) * inward[1]
    control = _add(m, inward, max(reach, 0.0) * 0.6)
    side = abs((stop[0] - m[0]) * inward[1] - (stop[1] - m[1]) * inward[0])
    if side < 0.5:
        return line(m, stop)
    return quad(m, control, stop)


def _segment_crossing(p1: Point, p2: Point, q1: Point, q2: Point) -> Point | None:
    """Where segment p1-p2 crosses segment q1-q2 (None if they do not cross)."""
    def orient(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    if not (d1 * d2 < 0 and d3 * d4 < 0):
        return None
    t = d1 / (d1 - d2)
    return _add(p1, _sub(p2, p1), t)


def crossings(upper: Curve, lower: Curve) -> list[tuple[Point, int]]:
    """Where ``upper`` crosses ``lower`` away from their ends (paths meeting at an edge,
    a fork's trunk, do not cross): each crossing point and the index of ``upper``'s
    segment there."""
    ends = (upper.points[0], upper.points[-1], lower.points[0], lower.points[-1])
    out = []
    for i in range(len(upper.points) - 1):
        p1, p2 = upper.points[i], upper.points[i + 1]
        for j in range(len(lower.points) - 1):
            hit = _segment_crossing(p1, p2, lower.points[j], lower.points[j + 1])
            if hit is None or any(_dist(hit, e) < 2 * TRACK_W for e in ends):
                continue
            out.append((hit, i))
    return out


def stretch_around(curve: Curve, hit: Point, index: int, reach: float) -> list[Point]:
    """The part of ``curve`` within ``reach`` of ``hit`` (on its segment ``index``)."""
    before = [p for p in reversed(curve.points[:index + 1]) if _dist(p, hit) <= reach]
    after = [p for p in curve.points[index + 1:] if _dist(p, hit) <= reach]
    pts = [*reversed(before), hit, *after]
    if len(before) <= index and before:
        pts.insert(0, curve.points[index - len(before)])
    elif not before:
        pts.insert(0, curve.points[index])
    nxt = index + 1 + len(after)
    if nxt < len(curve.points):
        pts.append(curve.points[nxt])
    return pts


@dataclass(frozen=True)
class StopLayout:
    centre: Point
    slots: tuple[Point, ...]
    slot_r: float
    offset_angle: float | None
    """Direction of the stop from the hex centre (None: it is the centre)."""


def stop_offsets(tile: TileDef, rotation: int) -> list[Point]:
    """Where each stop of a tile sits, relative to the hex centre: a lone stop at the
    centre; several stops pulled toward the edges their track reaches; a stop with no
    edges (the mine's spur) opposite the stop it is linked to."""
    stops = tile.stops
    if len(stops) <= 1:
        return [(0.0, 0.0)] * len(stops)
    dist = 0.44 * R
    edge_sets = tile.rotated_stop_edges(rotation)
    out: list[Point | None] = []
    for edges in edge_sets:
        if not edges:
            out.append(None)
            continue
        vx = sum(edge_dir(e)[0] for e in sorted(edges))
        vy = sum(edge_dir(e)[1] for e in sorted(edges))
        if math.hypot(vx, vy) < 1e-6:
            vx, vy = edge_dir(min(edges))
        k = dist / math.hypot(vx, vy)
        out.append((vx * k, vy * k))
    for i, pos in enumerate(out):
        if pos is not None:
            continue
        partner = next((b if a == i else a for a, b in tile.links if i in (a, b)), None)
        anchor = out[partner] if partner is not None else None
        if anchor is not None:
            out[i] = (-anchor[0], -anchor[1])
        else:
            out[i] = _add((0.0, 0.0), _unit(90 + 360 * i / len(stops)), dist)
    return [p if p is not None else (0.0, 0.0) for p in out]


def slot_positions(centre: Point, n: int, slot_r: float, orient: float) -> tuple[Point, ...]:
    """Token circles of a city: side by side, in a triangle, or in a square."""
    if n <= 1:
        return (centre,)
    u, v = _unit(orient), _unit(orient - 90)
    if n == 2:
        return (_add(centre, u, -slot_r), _add(centre, u, slot_r))
    if n == 3:
        base = _add(centre, v, -0.58 * slot_r)
        return (_add(base, u, -slot_r), _add(base, u, slot_r), _add(centre, v, 1.15 * slot_r))
    if n == 4:
        return tuple(_add(_add(centre, u, su * slot_r), v, sv * slot_r)
                     for sv in (1, -1) for su in (-1, 1))
    ring = slot_r / math.sin(math.pi / n)
    return tuple(_add(centre, _unit(orient - 90 + 360 * i / n), ring) for i in range(n))


def layout_stops(centre: Point, tile: TileDef, rotation: int) -> list[StopLayout]:
    offsets = stop_offsets(tile, rotation)
    slot_r = 0.2 * R if len(tile.stops) == 1 else 0.16 * R
    out = []
    for stop, off in zip(tile.stops, offsets, strict=True):
        pos = _add(centre, off)
        moved = math.hypot(*off) > 1e-6
        orient = _angle(off) + 90 if moved else 0.0
        out.append(StopLayout(pos, slot_positions(pos, stop.slots, slot_r, orient), slot_r,
                              _angle(off) if moved else None))
    return out


def ring(centre: Point, radius: float, count: int = 12, start: float = 90.0) -> list[Point]:
    return [_add(centre, _unit(start + 360 * i / count), radius) for i in range(count)]
