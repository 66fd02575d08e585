"""An SVG picture of the Lost Atlas map at any moment of a game.

:func:`render_board` draws a :class:`~boardroom.titles.lost_atlas.board.board.Board` the way
the table looks: hexes coloured by terrain (land, water with waves, mountains with a peak
and their cost, black border hexes, Distant Destinations as red off-board areas showing
their revenue card with the current phase's value picked out), track tiles in their
colour with the track as thick lines and arcs, cities with one circle per token slot,
hubs as coloured discs carrying the company's abbreviation, spots reserved for unlaunched
minors as a dashed slot with the minor's tag *beside* it (the rulebook places the token
near the spot, not on it), suburbs, capital, mine and port symbols, the map pieces'
outlines, and a legend.

The output is plain text built here (no drawing library) and is deterministic: the same
board gives the same bytes. :func:`svg_to_png` converts it when CairoSVG or the
``rsvg-convert`` program is at hand, and says how to get one otherwise.

Geometry: flat-topped hexes of circumradius :data:`R` placed by
:func:`boardroom.map.hexes.pixel`; edge ``e`` faces the angle ``90 + 60e`` degrees (y
grows down), so its midpoint lies at the apothem in that direction.
"""

from __future__ import annotations

import math
import shutil
import subprocess
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardroom.core.errors import BoardroomError, OptionError
from boardroom.map.hexes import Hex, neighbour, pixel
from boardroom.map.pieces import TRIANGLE, PieceShape, place_hexes
from boardroom.map.tiles import Stop, TileDef

if TYPE_CHECKING:
    from boardroom.titles.lost_atlas.board.board import Board, Space
    from boardroom.titles.lost_atlas.board.components import Components

Point = tuple[float, float]

R = 50.0
"""Hex circumradius (corner to centre) in SVG units."""
APOTHEM = R * math.sqrt(3) / 2
TRACK_W = 6.5
MARGIN = 0.7 * R
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

INK = "#1f1f1f"
TABLE = "#f3eee0"
GRID = "#6b6b5e"
TERRAIN_FILL = {
    "blank": "#dfe8c3",
    "city": "#dfe8c3",
    "mountain": "#e3d9b8",
    "water": "#8fc3e6",
    "border": "#2b2b2b",
    "destination": "#b6473a",
}
TILE_FILL = {
    "yellow": "#f3d448",
    "green": "#79b95a",
    "purple": "#a883c8",
    "grey": "#b9b9b9",
    "blue": "#5ea9dd",
}
"""Fill of each tile colour; the Lost Atlas's "brown" tiles are purple."""
TILE_NAMES = {
    "yellow": "Yellow tile",
    "green": "Green tile",
    "purple": "Purple tile (brown)",
    "grey": "Grey tile",
    "blue": "Bridge (blue)",
}
MOUNTAIN_FILL, MOUNTAIN_EDGE = "#9a6a3c", "#5e3c1c"
WATER_EDGE = "#3f8fc9"
DD_HATCH = "#8f3328"
HIGHLIGHT = "#ffd54a"

COMPANY_COLOURS = {
    "adaptive": "#8e44ad",
    "agricultural": "#5f8a1c",
    "bridging": "#1f6fb2",
    "eastern_mining": "#6d4c41",
    "expansive": "#d35400",
    "express": "#c0392b",
    "northern_port": "#17365d",
    "overnight": "#34346e",
    "resourceful": "#b7950b",
    "spacious": "#138d75",
    "suburban": "#d63384",
    "tunneling": "#4d4d4d",
    "consortium": "#111111",
    "union": "#0b5394",
    "system": "#2f6b1a",
    "international": "#990000",
    "federation": "#7f6000",
    "experiment": "#5b3f9a",
}
_FALLBACK_COLOURS = ("#2e86c1", "#af601a", "#7d3c98", "#148f77", "#b03a2e", "#1a5276")


class PngUnavailable(BoardroomError):
    """No SVG-to-PNG converter is installed."""


# --------------------------------------------------------------------------- small helpers


def _n(x: float) -> str:
    """A number as SVG text: at most two decimals, no trailing zeros, never ``-0``."""
    text = f"{round(x, 2) + 0.0:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _pts(points: Iterable[Point]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _el(tag: str, text: str | None = None, /, **attrs: object) -> str:
    """One element; ``stroke_width`` becomes ``stroke-width`` and ``class_`` ``class``."""
    parts = [tag]
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        shown = _n(value) if isinstance(value, float) else str(value)
        parts.append(f'{name}="{escape(shown)}"')
    head = " ".join(parts)
    if text is None:
        return f"<{head}/>"
    return f"<{head}>{escape(text, quote=False)}</{tag}>"


def _text(x: float, y: float, text: str, size: float, fill: str = INK, *,
          weight: str | None = None, anchor: str = "middle", cls: str | None = None) -> str:
    """Text centred vertically on ``y`` (by a shift of a third of the size, which
    every renderer honours, unlike ``dominant-baseline``)."""
    return _el("text", text, x=x, y=y + size * 0.35, font_size=size, font_weight=weight,
               text_anchor=anchor, fill=fill, class_=cls)


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


def _luminance(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour``."""
    return INK if _luminance(colour) > 0.5 else "#ffffff"


def company_colour(company: str) -> str:
    if company in COMPANY_COLOURS:
        return COMPANY_COLOURS[company]
    return _FALLBACK_COLOURS[zlib.crc32(company.encode()) % len(_FALLBACK_COLOURS)]


def abbreviation(components: Components, company: str) -> str:
    """A minor's printed abbreviation; a major's first three letters."""
    minor = components.minors.get(company)
    if minor is not None:
        return minor.abbreviation
    major = components.majors.get(company)
    name = major.name if major is not None else company
    return name.replace("_", "")[:3].upper()


def default_card_values(components: Components) -> dict[str, int]:
    """The revenue card the rulebook recommends (else the first with values)."""
    cards = [c for c in components.destination_cards.values() if c.values is not None]
    chosen = next((c for c in cards if c.recommended), cards[0] if cards else None)
    return dict(chosen.values) if chosen is not None and chosen.values is not None else {}


# --------------------------------------------------------------------------- track geometry


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


# --------------------------------------------------------------------------- stop layout


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


# --------------------------------------------------------------------------- placing labels


@dataclass
class Room:
    """What already occupies a hex, so labels go where they cover nothing."""

    centre: Point
    discs: list[tuple[Point, float]] = field(default_factory=list)

    def block(self, p: Point, radius: float) -> None:
        self.discs.append((p, radius))

    def block_curve(self, curve: Curve, width: float = TRACK_W) -> None:
        for p in curve.points:
            self.discs.append((p, width / 2))

    def clearance(self, p: Point, half_w: float, half_h: float) -> float:
        best = math.inf
        for q, r in self.discs:
            dx = max(abs(q[0] - p[0]) - half_w, 0.0)
            dy = max(abs(q[1] - p[1]) - half_h, 0.0)
            best = min(best, math.hypot(dx, dy) - r)
        return best

    def fits(self, p: Point, half_w: float, half_h: float, centres: Sequence[Point]) -> bool:
        corners = [(p[0] + sx * half_w, p[1] + sy * half_h) for sx in (-1, 1) for sy in (-1, 1)]
        return all(any(in_hex(c, hc, 1.5) for hc in centres) for c in corners)

    def place(self, candidates: Sequence[Point], half_w: float, half_h: float,
              centres: Sequence[Point] | None = None, prefer: float = 0.0) -> Point:
        """The candidate with the most room around it (earlier ones win ties, and the
        first gets ``prefer`` extra); it is then marked occupied."""
        inside = centres if centres is not None else [self.centre]
        best: Point | None = None
        best_score = -math.inf
        for i, p in enumerate(candidates):
            score = min(self.clearance(p, half_w, half_h), 3 * R) + (prefer if i == 0 else 0.0)
            if not self.fits(p, half_w, half_h, inside):
                score -= 4 * R
            if score > best_score + 1e-9:
                best, best_score = p, score
        chosen = best if best is not None else self.centre
        self.block(chosen, math.hypot(half_w, half_h) * 0.9)
        return chosen


def ring(centre: Point, radius: float, count: int = 12, start: float = 90.0) -> list[Point]:
    return [_add(centre, _unit(start + 360 * i / count), radius) for i in range(count)]


# --------------------------------------------------------------------------- glyphs


def star(c: Point, r: float) -> str:
    pts = [_add(c, _unit(-90 + 36 * i), r if i % 2 == 0 else r * 0.42) for i in range(10)]
    return _el("polygon", points=_pts(pts), fill="#e53935", stroke=INK, stroke_width=0.9,
               stroke_linejoin="round", class_="capital")


def pickaxe(c: Point, r: float) -> str:
    """A pick: a curved head over a slanted handle, on a light disc."""
    x, y = c
    head = (f"M{_n(x - 0.85 * r)},{_n(y - 0.05 * r)} Q{_n(x - 0.2 * r)},{_n(y - 0.95 * r)} "
            f"{_n(x + 0.85 * r)},{_n(y - 0.35 * r)}")
    handle = f"M{_n(x - 0.55 * r)},{_n(y + 0.8 * r)} L{_n(x + 0.25 * r)},{_n(y - 0.55 * r)}"
    return "".join([
        _el("circle", cx=x, cy=y, r=r * 1.15, fill="#fff8e6", stroke=INK, stroke_width=0.8),
        _el("path", d=handle, fill="none", stroke="#6d4c41", stroke_width=r * 0.28,
            stroke_linecap="round"),
        _el("path", d=head, fill="none", stroke="#37474f", stroke_width=r * 0.3,
            stroke_linecap="round"),
    ])


def anchor_glyph(c: Point, r: float) -> str:
    """An anchor: ring, shank, stock and flukes, on a light disc."""
    x, y = c
    w = r * 0.17
    parts = [
        _el("circle", cx=x, cy=y, r=r * 1.15, fill="#eef6fc", stroke=INK, stroke_width=0.8),
        _el("circle", cx=x, cy=y - 0.62 * r, r=0.2 * r, fill="none", stroke=INK, stroke_width=w),
        _el("path", d=f"M{_n(x)},{_n(y - 0.42 * r)} L{_n(x)},{_n(y + 0.78 * r)}",
            stroke=INK, stroke_width=w, fill="none"),
        _el("path", d=f"M{_n(x - 0.35 * r)},{_n(y - 0.22 * r)} L{_n(x + 0.35 * r)},"
                      f"{_n(y - 0.22 * r)}", stroke=INK, stroke_width=w, fill="none"),
        _el("path", d=f"M{_n(x - 0.7 * r)},{_n(y + 0.2 * r)} Q{_n(x - 0.6 * r)},"
                      f"{_n(y + 0.85 * r)} {_n(x)},{_n(y + 0.78 * r)} Q{_n(x + 0.6 * r)},"
                      f"{_n(y + 0.85 * r)} {_n(x + 0.7 * r)},{_n(y + 0.2 * r)}",
            stroke=INK, stroke_width=w, fill="none", stroke_linecap="round"),
    ]
    return "".join(parts)


def house(c: Point, r: float, colour: str) -> str:
    """The suburb mark: a little house in the owner's colour with an S."""
    x, y = c
    pts = [(x - r, y + 0.8 * r), (x - r, y - 0.15 * r), (x, y - r), (x + r, y - 0.15 * r),
           (x + r, y + 0.8 * r)]
    return (_el("polygon", points=_pts(pts), fill=colour, stroke=INK, stroke_width=0.9,
                stroke_linejoin="round", class_="suburb")
            + _text(x, y + 0.12 * r, "S", r * 1.05, text_on(colour), weight="bold"))


def peaks(c: Point, size: float) -> str:
    """Two mountain peaks with snow caps."""
    x, y = c
    big = [(x - 0.95 * size, y + 0.55 * size), (x - 0.1 * size, y - 0.75 * size),
           (x + 0.75 * size, y + 0.55 * size)]
    small = [(x + 0.05 * size, y + 0.55 * size), (x + 0.6 * size, y - 0.25 * size),
             (x + 1.15 * size, y + 0.55 * size)]
    cap = [(x - 0.1 * size, y - 0.75 * size), (x - 0.34 * size, y - 0.38 * size),
           (x - 0.18 * size, y - 0.45 * size), (x - 0.02 * size, y - 0.36 * size),
           (x + 0.13 * size, y - 0.42 * size)]
    return "".join([
        _el("polygon", points=_pts(small), fill="#b78852", stroke=MOUNTAIN_EDGE,
            stroke_width=1.1, stroke_linejoin="round"),
        _el("polygon", points=_pts(big), fill=MOUNTAIN_FILL, stroke=MOUNTAIN_EDGE,
            stroke_width=1.1, stroke_linejoin="round", class_="mountain-peak"),
        _el("polygon", points=_pts(cap), fill="#fbf8f0", stroke="none"),
    ])


def waves(c: Point, width: float, rows: Sequence[float], colour: str = "#ffffff") -> str:
    out = []
    for dy in rows:
        x0, y = c[0] - width / 2, c[1] + dy
        step = width / 4
        d = f"M{_n(x0)},{_n(y)}"
        for i in range(4):
            up = -1 if i % 2 == 0 else 1
            d += (f" Q{_n(x0 + step * (i + 0.5))},{_n(y + up * 0.09 * R)} "
                  f"{_n(x0 + step * (i + 1))},{_n(y)}")
        out.append(_el("path", d=d, fill="none", stroke=colour, stroke_width=1.6,
                       stroke_linecap="round", stroke_opacity=0.8))
    return "".join(out)


# --------------------------------------------------------------------------- the picture


@dataclass
class _Layers:
    base: list[str] = field(default_factory=list)
    decor: list[str] = field(default_factory=list)
    outline: list[str] = field(default_factory=list)
    track: list[str] = field(default_factory=list)
    cities: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class RenderOptions:
    phase: str
    values: Mapping[str, int]
    per_destination: Mapping[str, Mapping[str, int]]
    coordinates: bool
    phases: tuple[str, ...]
    legend_card: Mapping[str, int] | None
    """The card the legend shows: None when the destinations have different cards."""


def render_board(
    board: Board,
    phase: str = "yellow",
    destination_values: Mapping[str, int] | None = None,
    *,
    per_destination: Mapping[str, Mapping[str, int]] | None = None,
    coordinates: bool = False,
    legend: bool = True,
    name: str = "",
) -> str:
    """The board as an SVG document.

    ``destination_values`` is the revenue card (phase id -> value) for every Distant
    Destination, by default the recommended card; ``per_destination`` gives one card per
    destination id (the Different Distant Destinations variant). The value for ``phase``
    is highlighted. ``coordinates`` labels every hex with its axial (q, r); ``name`` is
    the map's name, shown under the legend's title.
    """
    components = board.components
    phases = tuple(p.id for p in components.phases)
    if phase not in phases:
        raise OptionError(f"unknown phase {phase!r} (phases: {', '.join(phases)})")
    values = dict(destination_values) if destination_values is not None else (
        default_card_values(components))
    per = dict(per_destination or {})
    dests = sorted({s.destination for s in board.spaces.values() if s.destination is not None})
    used = {tuple(sorted(per.get(d, values).items())) for d in dests}
    legend_card = dict(next(iter(used))) if len(used) == 1 else values if not used else None
    opts = RenderOptions(phase, values, per, coordinates, phases, legend_card)
    layers = _Layers()
    spaces = sorted(board.spaces.values(), key=lambda s: s.hex)
    for space in spaces:
        _draw_space(board, space, opts, layers)
    _draw_piece_outlines(board, layers)
    _draw_destinations(board, opts, layers)

    corners = [c for s in spaces for c in hex_corners(hex_centre(s.hex))] or [(0.0, 0.0)]
    min_x = min(p[0] for p in corners) - MARGIN
    min_y = min(p[1] for p in corners) - MARGIN
    max_x = max(p[0] for p in corners) + MARGIN
    max_y = max(p[1] for p in corners) + MARGIN
    legend_parts: list[str] = []
    if legend:
        legend_parts, width, height = _legend(components, opts, (max_x, min_y + 0.2 * R), name)
        max_x += width + MARGIN
        max_y = max(max_y, min_y + 0.2 * R + height + MARGIN)
    width, height = max_x - min_x, max_y - min_y

    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        _el("svg", None, xmlns="http://www.w3.org/2000/svg",
            viewBox=f"{_n(min_x)} {_n(min_y)} {_n(width)} {_n(height)}",
            width=_n(width), height=_n(height), font_family=FONT)[:-2] + ">",
        _el("title", "Railways of the Lost Atlas map" + (f": {name}" if name else "")),
        _defs(),
        _el("rect", x=min_x, y=min_y, width=width, height=height, fill=TABLE),
    ]
    for name, parts in (("terrain", layers.base), ("terrain-marks", layers.decor),
                        ("pieces", layers.outline), ("track", layers.track),
                        ("cities", layers.cities), ("labels", layers.labels),
                        ("legend", legend_parts)):
        if parts:
            out.append(f'<g class="{name}">')
            out.extend(parts)
            out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _defs() -> str:
    hatch = (
        '<pattern id="la-dd-hatch" patternUnits="userSpaceOnUse" width="8" height="8" '
        'patternTransform="rotate(45)">'
        + _el("rect", x=0.0, y=0.0, width=8.0, height=8.0, fill=TERRAIN_FILL["destination"])
        + _el("line", x1=0.0, y1=0.0, x2=0.0, y2=8.0, stroke=DD_HATCH, stroke_width=3.0)
        + "</pattern>"
    )
    border = (
        '<pattern id="la-border-hatch" patternUnits="userSpaceOnUse" width="10" height="10" '
        'patternTransform="rotate(-45)">'
        + _el("rect", x=0.0, y=0.0, width=10.0, height=10.0, fill=TERRAIN_FILL["border"])
        + _el("line", x1=0.0, y1=0.0, x2=0.0, y2=10.0, stroke="#3d3d3d", stroke_width=2.0)
        + "</pattern>"
    )
    return f"<defs>{hatch}{border}</defs>"


def _fill_of(space: Space, tile: TileDef | None) -> str:
    if tile is not None and tile.colour in TILE_FILL:
        return TILE_FILL[tile.colour]
    if space.terrain == "destination":
        return "url(#la-dd-hatch)"
    if space.terrain == "border":
        return "url(#la-border-hatch)"
    return TERRAIN_FILL.get(space.terrain, TERRAIN_FILL["blank"])


def _describe(space: Space, tile: TileDef | None) -> str:
    q, r = space.hex
    words = [f"({q}, {r}) {space.terrain}"]
    if space.cost:
        words.append(f"cost {space.cost}")
    if space.capital:
        words.append("capital")
    if space.destination:
        words.append(space.destination)
    if tile is not None and tile.colour in TILE_FILL:
        words.append(f"tile {tile.id} ({tile.colour})")
    return ", ".join(words)


def _draw_space(board: Board, space: Space, opts: RenderOptions, layers: _Layers) -> None:
    h = space.hex
    centre = hex_centre(h)
    placed = board.tile_at(h)
    tile, rotation = placed if placed is not None else (None, 0)
    laid = tile is not None and tile.colour in TILE_FILL
    room = Room(centre)
    hex_id = f"{h[0]},{h[1]}"

    layers.base.append(
        f'<polygon class="hex" data-hex="{hex_id}" data-terrain="{space.terrain}" '
        f'points="{_pts(hex_corners(centre))}" fill="{_fill_of(space, tile)}" '
        f'stroke="{GRID}" stroke-width="1"><title>{escape(_describe(space, tile))}</title>'
        "</polygon>"
    )
    if opts.coordinates:
        p = (centre[0], centre[1] - 0.74 * R)
        dark = space.terrain in ("border", "destination") and not laid
        layers.labels.append(
            _el("text", f"{h[0]},{h[1]}", x=p[0], y=p[1] + 0.05 * R, font_size=0.15 * R,
                text_anchor="middle", fill="#f0f0f0" if dark else "#4a4a4a",
                stroke="#333333" if dark else "#ffffff", stroke_width=2.0,
                stroke_opacity=0.7, paint_order="stroke", class_="coord"))
        room.block(p, 0.2 * R)
    if space.water_edges:
        _draw_water_edges(space, centre, layers)
        for e in sorted(space.water_edges):
            for k in (-0.3, 0.0, 0.3):
                room.block(_add(edge_mid(centre, e), _unit(_angle(edge_dir(e)) + 90), k * R),
                           0.16 * R)
    stops: list[StopLayout] = []
    destination = False
    if tile is not None:
        track_fill = TILE_FILL.get(tile.colour, TERRAIN_FILL.get(space.terrain, "#ffffff"))
        stops = layout_stops(centre, tile, rotation)
        destination = any(s.kind == "destination" for s in tile.stops)
        _draw_track(tile, rotation, centre, stops, track_fill, room, layers, destination)
        for layout in stops if not destination else []:
            for p in layout.slots:
                room.block(p, layout.slot_r + 1.5)
    if not laid:
        _draw_terrain(space, centre, room, layers)
    if tile is None or destination:
        return
    _draw_cities(board, space, tile, stops, room, layers)
    _draw_symbols(space, tile, room, layers)
    if laid:
        _draw_tile_id(tile, centre, room, layers)


def _draw_terrain(space: Space, centre: Point, room: Room, layers: _Layers) -> None:
    if space.terrain == "water":
        layers.decor.append(waves(centre, 0.9 * R, (-0.3 * R, 0.0, 0.3 * R)))
    elif space.terrain == "mountain" or (space.cost and space.terrain != "city"):
        top = (centre[0], centre[1] - 0.22 * R)
        layers.decor.append(peaks(top, 0.42 * R))
        room.block(top, 0.42 * R)
        _draw_cost(space.cost, (centre[0], centre[1] + 0.45 * R), room, layers)
    if space.terrain == "city" and space.cost:
        # a city on a mountain (Tunneling's home): a small peak and the cost side by side
        candidates = [(centre[0], centre[1] + dy * R) for dy in (0.58, -0.58)]
        spot = room.place(candidates + ring(centre, 0.5 * R, 12, 0), 0.38 * R, 0.15 * R)
        layers.decor.append(peaks((spot[0] - 0.2 * R, spot[1] + 0.02 * R), 0.17 * R))
        _draw_cost(space.cost, (spot[0] + 0.17 * R, spot[1]), room, layers)


def _draw_cost(cost: int, p: Point, room: Room, layers: _Layers) -> None:
    w, h = 0.42 * R, 0.26 * R
    layers.decor.append(
        _el("rect", x=p[0] - w / 2, y=p[1] - h / 2, width=w, height=h, rx=h / 2,
            fill="#fffdf5", stroke=MOUNTAIN_EDGE, stroke_width=1.0, class_="cost")
        + _text(p[0], p[1], str(cost), 0.2 * R, MOUNTAIN_EDGE, weight="bold")
    )
    room.block(p, 0.22 * R)


def _draw_water_edges(space: Space, centre: Point, layers: _Layers) -> None:
    """Water sides (the port's): a blue band along each edge, with a wave."""
    for e in sorted(space.water_edges):
        a, b = edge_ends(centre, e)
        inner_a = _add(a, _sub(centre, a), 0.24)
        inner_b = _add(b, _sub(centre, b), 0.24)
        layers.decor.append(_el("polygon", points=_pts([a, b, inner_b, inner_a]),
                                fill=TERRAIN_FILL["water"], stroke=WATER_EDGE,
                                stroke_width=1.0, class_="water-edge"))
        mid = _add(edge_mid(centre, e), edge_dir(e), -0.11 * R)
        angle = _angle(edge_dir(e)) - 90
        layers.decor.append(
            f'<g transform="rotate({_n(angle)} {_n(mid[0])} {_n(mid[1])})">'
            + waves(mid, 0.55 * R, (0.0,)) + "</g>"
        )


def _draw_track(tile: TileDef, rotation: int, centre: Point, stops: list[StopLayout],
                fill: str, room: Room, layers: _Layers, destination: bool) -> None:
    curves: list[Curve] = []
    for a, b in sorted(tile.rotated_paths(rotation)):
        curve = edge_path(centre, a, b)
        for hit, index in [x for earlier in curves for x in crossings(curve, earlier)]:
            # a gap in the track beneath, in the tile's colour: this one passes over it
            gap = stretch_around(curve, hit, index, 1.5 * TRACK_W)
            layers.track.append(_el("polyline", points=_pts(gap), fill="none", stroke=fill,
                                    stroke_width=TRACK_W + 4.5, class_="crossing"))
        layers.track.append(_el("path", d=curve.d, fill="none", stroke=INK,
                                stroke_width=TRACK_W, class_="track"))
        curves.append(curve)
        room.block_curve(curve)
    for i, edges in enumerate(tile.rotated_stop_edges(rotation)):
        for e in sorted(edges):
            if destination:
                _draw_destination_leg(centre, e, room, layers)
                continue
            leg = stop_leg(centre, e, stops[i].centre)
            layers.track.append(_el("path", d=leg.d, fill="none", stroke=INK,
                                    stroke_width=TRACK_W, class_="track"))
            room.block_curve(leg)
    for i, j in tile.links:
        link = line(stops[i].centre, stops[j].centre)
        layers.track.append(_el("path", d=link.d, fill="none", stroke=INK,
                                stroke_width=TRACK_W, class_="track link"))
        room.block_curve(link)


def _draw_destination_leg(centre: Point, edge: int, room: Room, layers: _Layers) -> None:
    """An open side of a Distant Destination: track in from the edge, ending in an arrow."""
    m = edge_mid(centre, edge)
    inward = _sub((0.0, 0.0), edge_dir(edge))
    end = _add(m, inward, 0.22 * R)
    tip = _add(m, inward, 0.42 * R)
    side = (-inward[1], inward[0])
    head = [_add(end, side, 0.16 * R), tip, _add(end, side, -0.16 * R)]
    layers.track.append(_el("path", d=line(m, end).d, fill="none", stroke=INK,
                            stroke_width=TRACK_W, class_="track destination-track"))
    layers.track.append(_el("polygon", points=_pts(head), fill=INK, stroke=INK,
                            stroke_width=1.0, stroke_linejoin="round"))
    for p in (m, end, tip):
        room.block(p, 0.12 * R)


def _draw_cities(board: Board, space: Space, tile: TileDef, stops: list[StopLayout],
                 room: Room, layers: _Layers) -> None:
    h = space.hex
    components = board.components
    if tile.exclusive_stops and len(stops) == 2:
        _draw_port_divider(space, stops, layers)
    for index, (stop, layout) in enumerate(zip(tile.stops, stops, strict=True)):
        ref = (h, index)
        hubs = board.hubs.get(ref, [])
        layers.cities.append(_city_blob(layout))
        reserved = board.reserved.get(ref)
        reserved_slot = len(hubs) if reserved is not None and len(hubs) < stop.slots else None
        for slot, p in enumerate(layout.slots):
            r = layout.slot_r
            layers.cities.append(_el("circle", cx=p[0], cy=p[1], r=r, fill="#ffffff",
                                     stroke=INK, stroke_width=1.3, class_="slot",
                                     data_stop=f"{h[0]},{h[1]}/{index}"))
            if slot < len(hubs):
                company = hubs[slot]
                colour = company_colour(company)
                text = abbreviation(components, company)
                layers.cities.append(
                    _el("circle", cx=p[0], cy=p[1], r=r - 2.2, fill=colour, stroke=INK,
                        stroke_width=0.6, class_="hub", data_company=company)
                    + _text(p[0], p[1], text, _fit(text, r), text_on(colour), weight="bold",
                            cls="hub-label"))
            elif slot == reserved_slot and reserved is not None:
                colour = company_colour(reserved)
                layers.cities.append(_el("circle", cx=p[0], cy=p[1], r=r - 2.5, fill="none",
                                         stroke=colour, stroke_width=2.0,
                                         stroke_dasharray="3.5 2.2", class_="reserved-slot"))
        if reserved is not None:
            spot = layout.slots[reserved_slot if reserved_slot is not None else -1]
            _draw_reservation(components, reserved, spot, layout, room, layers)
        _draw_revenue(stop, layout, room, layers)
    if h in board.suburbs:
        owner = board.suburbs[h]
        spot = room.place(ring(hex_centre(h), 0.58 * R, 12, 45), 0.15 * R, 0.15 * R)
        layers.labels.append(house(spot, 0.14 * R, company_colour(owner)))


def _fit(text: str, r: float) -> float:
    return r * (0.95 if len(text) <= 2 else 0.72)


def _city_blob(layout: StopLayout) -> str:
    """The white city shape behind the slots, outlined in black."""
    pts = layout.slots
    r = layout.slot_r
    if len(pts) == 1:
        p = pts[0]
        return _el("circle", cx=p[0], cy=p[1], r=r + 1.3, fill=INK, class_="city")
    d = "M" + " L".join(f"{_n(x)},{_n(y)}" for x, y in pts) + (" Z" if len(pts) > 2 else "")
    return (_el("path", d=d, fill=INK, stroke=INK, stroke_width=2 * r + 2.6,
                stroke_linejoin="round", stroke_linecap="round", class_="city")
            + _el("path", d=d, fill="#ffffff", stroke="#ffffff", stroke_width=2 * r,
                  stroke_linejoin="round", stroke_linecap="round"))


def _draw_port_divider(space: Space, stops: list[StopLayout], layers: _Layers) -> None:
    """A dashed line between the port's halves: one train may use only one of them."""
    centre = hex_centre(space.hex)
    a, b = stops[0].centre, stops[1].centre
    along = _sub(b, a)
    length = math.hypot(*along) or 1.0
    across = (-along[1] / length, along[0] / length)
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    mid = _add(centre, _sub(mid, centre), 0.35)
    p, q = _add(mid, across, 0.5 * R), _add(mid, across, -0.5 * R)
    layers.cities.append(_el("line", x1=p[0], y1=p[1], x2=q[0], y2=q[1], stroke=WATER_EDGE,
                             stroke_width=2.0, stroke_dasharray="4 3", class_="port-divider"))


def _draw_reservation(components: Components, minor: str, spot: Point, layout: StopLayout,
                      room: Room, layers: _Layers) -> None:
    """The unlaunched minor's tag beside its home spot, joined to it by a short line."""
    colour = company_colour(minor)
    text = abbreviation(components, minor)
    w, h = 0.2 * R + 0.13 * R * len(text), 0.27 * R
    reach = layout.slot_r + 0.26 * R
    spot_tag = room.place(ring(spot, reach, 12, 30), w / 2, h / 2)
    toward = _sub(spot, spot_tag)
    length = math.hypot(*toward) or 1.0
    start = _add(spot_tag, toward, (w / 2) / length * 0.8)
    end = _add(spot, toward, -layout.slot_r / length)
    layers.labels.append(
        _el("line", x1=start[0], y1=start[1], x2=end[0], y2=end[1], stroke=colour,
            stroke_width=1.2, stroke_dasharray="2 1.5")
        + _el("rect", x=spot_tag[0] - w / 2, y=spot_tag[1] - h / 2, width=w, height=h,
              rx=3.0, fill="#ffffff", stroke=colour, stroke_width=1.6,
              stroke_dasharray="3 1.6", class_="reservation", data_company=minor)
        + _text(spot_tag[0], spot_tag[1], text, 0.18 * R, colour, weight="bold",
                cls="reservation-label")
    )


def _draw_revenue(stop: Stop, layout: StopLayout, room: Room, layers: _Layers) -> None:
    r = 0.15 * R
    extent = max(_dist(p, layout.centre) for p in layout.slots) + layout.slot_r
    candidates = ring(layout.centre, extent + r + 2.0, 12, 30 if layout.offset_angle is None
                      else layout.offset_angle)
    spot = room.place(candidates, r, r)
    layers.labels.append(
        _el("circle", cx=spot[0], cy=spot[1], r=r, fill="#ffffff", stroke=INK,
            stroke_width=1.0, class_="revenue")
        + _text(spot[0], spot[1], str(stop.revenue), 0.17 * R, weight="bold")
    )


def _draw_symbols(space: Space, tile: TileDef, room: Room, layers: _Layers) -> None:
    """The capital's star, the mine's pick or the port's anchor, where there is room."""
    centre = hex_centre(space.hex)
    symbol = tile.symbol or ("capital" if space.capital else None)
    if symbol is None:
        return
    r = 0.15 * R
    spot = room.place(ring(centre, 0.6 * R, 12, 0), r, r)
    if symbol == "capital":
        layers.labels.append(star(spot, r * 1.2))
    elif symbol == "mine":
        layers.labels.append(pickaxe(spot, r))
    elif symbol == "port":
        layers.labels.append(anchor_glyph(spot, r))


def _draw_tile_id(tile: TileDef, centre: Point, room: Room, layers: _Layers) -> None:
    size = 0.15 * R
    w = 0.06 * R + size * 0.62 * len(tile.id)
    spot = room.place(ring(centre, 0.66 * R, 6, 60), w / 2, size * 0.6, prefer=2.0)
    layers.labels.append(_text(spot[0], spot[1], tile.id, size, "#333333", cls="tile-id"))


# --------------------------------------------------------------------------- whole-map marks


def _piece_of_hex(board: Board) -> dict[Hex, int]:
    shape = PieceShape(offsets=TRIANGLE, border=(False, False, False))
    out: dict[Hex, int] = {}
    for index, (_number, anchor, rotation) in enumerate(board.pieces):
        for cell in place_hexes(shape, anchor, rotation):
            if cell in board.spaces:
                out[cell] = index
    extra = len(board.pieces)
    for h in sorted(board.spaces):
        if h not in out:
            out[h] = extra
            extra += 1
    return out


def _draw_piece_outlines(board: Board, layers: _Layers) -> None:
    """Thicker lines where one map piece meets another or the map ends."""
    piece = _piece_of_hex(board)
    segments = []
    for h in sorted(board.spaces):
        for e in range(6):
            n = neighbour(h, e)
            if n in board.spaces and (piece[n] == piece[h] or n < h):
                continue
            a, b = edge_ends(hex_centre(h), e)
            segments.append(f"M{_n(a[0])},{_n(a[1])} L{_n(b[0])},{_n(b[1])}")
    if segments:
        layers.outline.append(_el("path", d=" ".join(segments), fill="none", stroke="#3a3a30",
                                  stroke_width=2.4, stroke_linecap="round",
                                  class_="piece-outline"))


def _card_text(values: Mapping[str, int], phases: Sequence[str]) -> list[tuple[str, str]]:
    return [(p, str(values[p])) for p in phases if p in values]


def _draw_destinations(board: Board, opts: RenderOptions, layers: _Layers) -> None:
    """One revenue box per Distant Destination, over all of its hexes, with the current
    phase's value picked out; the seams between a destination's hexes are hidden."""
    groups: dict[str, list[Hex]] = {}
    for h in sorted(board.spaces):
        space = board.spaces[h]
        if space.terrain == "destination":
            groups.setdefault(space.destination or f"{h[0]},{h[1]}", []).append(h)
    for name in sorted(groups):
        cells = groups[name]
        for h in cells:
            for e in range(6):
                n = neighbour(h, e)
                if n in cells and n > h:
                    a, b = edge_ends(hex_centre(h), e)
                    a2 = _add(a, _sub(b, a), 0.06)
                    b2 = _add(b, _sub(a, b), 0.06)
                    layers.decor.append(_el("line", x1=a2[0], y1=a2[1], x2=b2[0], y2=b2[1],
                                            stroke=DD_HATCH, stroke_width=3.0,
                                            class_="destination-seam"))
        values = opts.per_destination.get(name, opts.values)
        cells_text = _card_text(values, opts.phases)
        if not cells_text:
            continue
        centres = [hex_centre(h) for h in cells]
        room = Room(centres[0])
        for h in cells:
            space = board.spaces[h]
            c = hex_centre(h)
            for e in sorted(space.open_edges):
                m = edge_mid(c, e)
                for k in (0.0, 0.15, 0.3, 0.42):
                    room.block(_add(m, edge_dir(e), -k * R), 0.14 * R)
        widths = _value_widths(cells_text)
        half_w, half_h = (sum(widths) + 0.08 * R) / 2, 0.19 * R
        mean = (sum(c[0] for c in centres) / len(centres),
                sum(c[1] for c in centres) / len(centres))
        candidates = [mean]
        for c in [mean, *centres]:
            for dy in (0.0, -0.15, 0.15, -0.3, 0.3, -0.45, 0.45):
                for dx in (0.0, -0.15, 0.15):
                    candidates.append((c[0] + dx * R, c[1] + dy * R))
        spot = room.place(candidates, half_w, half_h, centres)
        layers.labels.append(_value_box(spot, cells_text, widths, opts.phase, name, half_h))


def _value_widths(cells: list[tuple[str, str]]) -> list[float]:
    return [0.11 * R * len(text) + 0.1 * R for _phase, text in cells]


def _value_box(spot: Point, cells: list[tuple[str, str]], widths: list[float], phase: str,
               name: str, half_h: float) -> str:
    total = sum(widths) + 0.08 * R
    x = spot[0] - total / 2
    parts = [f'<g class="destination-values" data-destination="{escape(name)}">',
             _el("rect", x=x, y=spot[1] - half_h, width=total, height=2 * half_h, rx=4.0,
                 fill="#fffaf0", stroke=INK, stroke_width=1.2)]
    x += 0.04 * R
    for (p, text), w in zip(cells, widths, strict=True):
        current = p == phase
        if current:
            parts.append(_el("rect", x=x + 0.5, y=spot[1] - half_h + 2.5, width=w - 1,
                             height=2 * half_h - 5, rx=3.0, fill=HIGHLIGHT, stroke=INK,
                             stroke_width=1.0, class_="current-value"))
        parts.append(_text(x + w / 2, spot[1], text, 0.19 * R if current else 0.16 * R,
                           INK if current else "#6d6d6d",
                           weight="bold" if current else None, cls=f"value-{p}"))
        x += w
    parts.append("</g>")
    return "".join(parts)


# --------------------------------------------------------------------------- legend


def _legend(components: Components, opts: RenderOptions, origin: Point,
            name: str) -> tuple[list[str], float, float]:
    x0, y0 = origin[0] + 0.3 * R, origin[1]
    width = 4.9 * R
    row = 0.56 * R
    sw = 0.2 * R  # swatch half-size
    out: list[str] = []
    y = y0 + 0.45 * R
    out.append(_text(x0 + 0.15 * R, y, "Railways of the Lost Atlas", 0.26 * R, weight="bold",
                     anchor="start"))
    y += 0.5 * R
    if name:
        out.append(_text(x0 + 0.15 * R, y, f"Map: {name}", 0.2 * R, anchor="start",
                         cls="map-name"))
        y += 0.45 * R
    out.append(_text(x0 + 0.15 * R, y, f"Phase: {opts.phase}", 0.2 * R, anchor="start"))
    phase_colour = TILE_FILL.get(opts.phase, "#ffffff")
    out.append(_el("rect", x=x0 + 2.35 * R, y=y - 0.11 * R, width=0.35 * R, height=0.22 * R,
                   rx=2.0, fill=phase_colour, stroke=INK, stroke_width=0.8))
    y += 0.45 * R
    cells = _card_text(opts.legend_card, opts.phases) if opts.legend_card is not None else []
    if opts.legend_card is None:
        out.append(_text(x0 + 0.15 * R, y, "Distant Destinations: a card each", 0.18 * R,
                         anchor="start"))
        y += 0.45 * R
    elif cells:
        out.append(_text(x0 + 0.15 * R, y, "Distant Destinations:", 0.18 * R, anchor="start"))
        y += 0.42 * R
        widths = _value_widths(cells)
        total = sum(widths) + 0.08 * R
        out.append(_value_box((x0 + 0.15 * R + total / 2, y), cells, widths, opts.phase,
                              "legend", 0.19 * R))
        y += 0.5 * R

    def heading(text: str) -> None:
        nonlocal y
        y += 0.2 * R
        out.append(_text(x0 + 0.15 * R, y, text, 0.2 * R, weight="bold", anchor="start"))
        out.append(_el("line", x1=x0 + 0.15 * R, y1=y + 0.17 * R, x2=x0 + width - 0.3 * R,
                       y2=y + 0.17 * R, stroke="#9a9a8a", stroke_width=0.8))
        y += row

    def entry(glyph: str, text: str) -> None:
        nonlocal y
        out.append(glyph)
        out.append(_text(x0 + 0.75 * R, y, text, 0.18 * R, anchor="start"))
        y += row

    def swatch(fill: str, extra: str = "") -> str:
        c = (x0 + 0.35 * R, y)
        return (_el("polygon", points=_pts(hex_corners(c, sw * 1.25)), fill=fill, stroke=GRID,
                    stroke_width=0.8, class_="legend-swatch") + extra)

    heading("Terrain")
    c = (x0 + 0.35 * R, y)
    entry(swatch(TERRAIN_FILL["blank"]), "Land")
    c = (x0 + 0.35 * R, y)
    entry(swatch(TERRAIN_FILL["water"], waves(c, 0.32 * R, (0.0,))), "Water")
    c = (x0 + 0.35 * R, y)
    cost = components.map_rules.mountain_cost
    entry(swatch(TERRAIN_FILL["mountain"], peaks(c, 0.17 * R)), f"Mountain (costs {cost})")
    c = (x0 + 0.35 * R, y)
    entry(swatch(TERRAIN_FILL["blank"], _el("circle", cx=c[0], cy=c[1], r=0.1 * R,
                                            fill="#ffffff", stroke=INK, stroke_width=1.2)),
          "City (one circle per slot)")
    entry(swatch("url(#la-border-hatch)"), "Black border")
    entry(swatch("url(#la-dd-hatch)"), "Distant Destination")
    heading("Track tiles")
    for colour, name in TILE_NAMES.items():
        c = (x0 + 0.35 * R, y)
        track = _el("line", x1=c[0], y1=c[1] - sw * 1.05, x2=c[0], y2=c[1] + sw * 1.05,
                    stroke=INK, stroke_width=2.5)
        entry(swatch(TILE_FILL[colour], track), name)
    heading("Tokens and marks")
    c = (x0 + 0.35 * R, y)
    hub_colour = company_colour("expansive")
    entry(_el("circle", cx=c[0], cy=c[1], r=0.17 * R, fill=hub_colour, stroke=INK,
              stroke_width=1.0)
          + _text(c[0], c[1], "EA", 0.15 * R, text_on(hub_colour), weight="bold"),
          "Hub (company abbreviation)")
    c = (x0 + 0.35 * R, y)
    entry(_el("circle", cx=c[0], cy=c[1], r=0.17 * R, fill="#ffffff", stroke=INK,
              stroke_width=1.0)
          + _el("circle", cx=c[0], cy=c[1], r=0.12 * R, fill="none", stroke=hub_colour,
                stroke_width=1.6, stroke_dasharray="3 2"),
          "Reserved home (tag beside the spot)")
    c = (x0 + 0.35 * R, y)
    entry(house(c, 0.16 * R, company_colour("suburban")), "Suburb (+10 per train)")
    c = (x0 + 0.35 * R, y)
    entry(star(c, 0.18 * R), "Capital")
    c = (x0 + 0.35 * R, y)
    entry(pickaxe(c, 0.14 * R), "Mine (two linked stops)")
    c = (x0 + 0.35 * R, y)
    entry(anchor_glyph(c, 0.14 * R), "Port (one half per train)")
    c = (x0 + 0.35 * R, y)
    entry(_el("circle", cx=c[0], cy=c[1], r=0.15 * R, fill="#ffffff", stroke=INK,
              stroke_width=1.0) + _text(c[0], c[1], "30", 0.15 * R, weight="bold"),
          "Revenue")
    height = y - y0 + 0.1 * R
    frame = _el("rect", x=x0, y=y0, width=width, height=height, rx=6.0, fill="#fbf8ee",
                stroke="#8a8a7a", stroke_width=1.2, class_="legend")
    return [frame, *out], width + 0.3 * R, height


# --------------------------------------------------------------------------- output


def svg_to_png(svg: str, path: str | Path) -> str:
    """Write ``svg`` as a PNG at ``path``; returns the converter used.

    Uses CairoSVG if it is installed, else the ``rsvg-convert`` program; raises
    :class:`PngUnavailable` with install hints when neither is there.
    """
    target = Path(path)
    try:
        import cairosvg  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        cairosvg = None
    if cairosvg is not None:
        cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(target),
                         output_width=_png_width(svg))
        return "cairosvg"
    program = shutil.which("rsvg-convert")
    if program is not None:
        result = subprocess.run(
            [program, "--format", "png", "--width", str(_png_width(svg)), "--keep-aspect-ratio",
             "--output", str(target)],
            input=svg.encode("utf-8"), capture_output=True, check=False,
        )
        if result.returncode != 0:
            message = result.stderr.decode("utf-8", "replace").strip()
            raise PngUnavailable(f"rsvg-convert failed: {message}")
        return "rsvg-convert"
    raise PngUnavailable(
        "PNG output needs an SVG converter: install CairoSVG (pip install cairosvg) or the "
        "rsvg-convert program (Debian/Ubuntu: apt-get install librsvg2-bin; macOS: brew "
        "install librsvg), or open the SVG in a browser and save it from there"
    )


def _png_width(svg: str) -> int:
    """Twice the SVG's own width, so that small labels stay legible."""
    marker = 'width="'
    start = svg.index(marker, svg.index("<svg")) + len(marker)
    return round(float(svg[start:svg.index('"', start)]) * 2)


@dataclass(frozen=True)
class MapPicture:
    """What a map file gives the picture: the board, each destination's card values and
    the map's name."""

    board: Board
    per_destination: dict[str, dict[str, int]]
    name: str


def game_picture(game: Any) -> tuple[MapPicture, str]:
    """A Lost Atlas game's map as it stands now, with the phase (a :class:`Game`)."""
    if game.title.name != "lost_atlas":
        raise BoardroomError(f"this is a game of {game.title.display_name}, not of the "
                             f"Lost Atlas")
    state = game.state
    cards = state.components.destination_cards
    per = {dest: dict(cards[card].values or {})
           for dest, card in sorted(state.destination_values.items())}
    name = f"{', '.join(game.players)}, cycle {state.cycle}, {state.round} round"
    return MapPicture(state.board, per, name), str(state.phase)


def record_picture(path: str | Path) -> tuple[MapPicture, str]:
    """Replay a Lost Atlas game record and return its map as it stands, with the phase."""
    from boardroom.core.game import load
    from boardroom.core.record import Record

    return game_picture(load(Record.read(path)))


def write_game_map(game: Any, path: str | Path, coordinates: bool = True) -> str:
    """Write the game's map as it stands to ``path`` (SVG), every hex labelled with its
    ``q,r`` coordinates by default (every action names a hex); return the SVG."""
    picture, phase = game_picture(game)
    svg = render_board(picture.board, phase, per_destination=picture.per_destination,
                       name=picture.name, coordinates=coordinates)
    Path(path).write_text(svg, encoding="utf-8")
    return svg


def is_game_record(path: str | Path) -> bool:
    """Does ``path`` hold a Boardroom game record (rather than a map file)?"""
    import json

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("format") == "boardroom-record"


def load_map_picture(path: str | Path) -> MapPicture:
    """Read a JSON map file (:mod:`boardroom.titles.lost_atlas.board.mapfile`, imported only
    when needed) into what :func:`render_board` draws."""
    try:
        from boardroom.titles.lost_atlas.board import mapfile
    except ImportError as exc:  # pragma: no cover - only when the module is left out
        raise BoardroomError(
            "reading map files needs boardroom.titles.lost_atlas.board.mapfile, which this "
            "installation of Boardroom lacks"
        ) from exc
    from boardroom.titles.lost_atlas.board.components import load_components

    components = load_components()
    loaded = mapfile.load_map(components, path)
    cards = components.destination_cards
    per = {dest: dict(cards[card].values or {})
           for dest, card in sorted(loaded.destination_cards.items())}
    return MapPicture(loaded.board, per, loaded.spec.name)
