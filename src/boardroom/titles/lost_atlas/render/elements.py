"""SVG markup written by hand (no drawing library, so the same board gives the same
bytes): numbers, points, elements and text; the symbols drawn on the map (ring, star,
pickaxe, anchor, house, peaks, waves); and :class:`Room`, which places labels where
nothing else is drawn."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html import escape

from boardroom.titles.lost_atlas.render.geometry import (
    TRACK_W,
    Curve,
    Point,
    R,
    _add,
    _n,
    _unit,
    in_hex,
)
from boardroom.titles.lost_atlas.render.style import INK, MOUNTAIN_EDGE, MOUNTAIN_FILL, text_on


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
