"""Marks across the whole map: the map pieces' outlines and the Distant Destinations'
revenue cards (the current phase's value picked out)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING

from boardroom.map.hexes import Hex, neighbour
from boardroom.map.pieces import TRIANGLE, PieceShape, place_hexes
from boardroom.titles.lost_atlas.render.elements import Room, _el, _text
from boardroom.titles.lost_atlas.render.geometry import (
    Point,
    R,
    _add,
    _n,
    _sub,
    edge_dir,
    edge_ends,
    edge_mid,
    hex_centre,
)
from boardroom.titles.lost_atlas.render.spaces import RenderOptions, _Layers
from boardroom.titles.lost_atlas.render.style import DD_HATCH, HIGHLIGHT, INK

if TYPE_CHECKING:
    from boardroom.titles.lost_atlas.board.board import Board


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
