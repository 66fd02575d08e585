"""The picture's legend: the terrain, tiles, cities, tokens and marks, explained."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardroom.titles.lost_atlas.render.elements import (
    _el,
    _pts,
    _text,
    anchor_glyph,
    house,
    peaks,
    pickaxe,
    star,
    waves,
)
from boardroom.titles.lost_atlas.render.geometry import Point, R, hex_corners
from boardroom.titles.lost_atlas.render.pieces import _card_text, _value_box, _value_widths
from boardroom.titles.lost_atlas.render.spaces import RenderOptions
from boardroom.titles.lost_atlas.render.style import (
    GRID,
    INK,
    TERRAIN_FILL,
    TILE_FILL,
    TILE_NAMES,
    company_colour,
    text_on,
)

if TYPE_CHECKING:
    from boardroom.titles.lost_atlas.board.components import Components


class _Column:
    """The legend's column as it is written: its left edge, the next row's height ``y``
    and the elements so far."""

    WIDTH = 4.9 * R
    ROW = 0.56 * R
    SWATCH = 0.2 * R  # a swatch's half-size

    def __init__(self, x0: float, y: float) -> None:
        self.x0 = x0
        self.y = y
        self.out: list[str] = []

    def here(self) -> Point:
        """Where this row's glyph goes."""
        return (self.x0 + 0.35 * R, self.y)

    def line(self, text: str, size: float, step: float, *, weight: str | None = None,
             cls: str | None = None) -> None:
        """A line of text at the left, then ``step`` down."""
        self.out.append(_text(self.x0 + 0.15 * R, self.y, text, size, weight=weight,
                              anchor="start", cls=cls))
        self.y += step

    def heading(self, text: str) -> None:
        x0 = self.x0
        self.y += 0.2 * R
        y = self.y
        self.out.append(_text(x0 + 0.15 * R, y, text, 0.2 * R, weight="bold", anchor="start"))
        self.out.append(_el("line", x1=x0 + 0.15 * R, y1=y + 0.17 * R,
                            x2=x0 + self.WIDTH - 0.3 * R, y2=y + 0.17 * R, stroke="#9a9a8a",
                            stroke_width=0.8))
        self.y += self.ROW

    def entry(self, glyph: str, text: str) -> None:
        self.out.append(glyph)
        self.out.append(_text(self.x0 + 0.75 * R, self.y, text, 0.18 * R, anchor="start"))
        self.y += self.ROW

    def swatch(self, fill: str, extra: str = "") -> str:
        return (_el("polygon", points=_pts(hex_corners(self.here(), self.SWATCH * 1.25)),
                    fill=fill, stroke=GRID, stroke_width=0.8, class_="legend-swatch") + extra)


def _legend(components: Components, opts: RenderOptions, origin: Point,
            name: str) -> tuple[list[str], float, float]:
    """The legend's frame and elements, its width and its height."""
    x0, y0 = origin[0] + 0.3 * R, origin[1]
    col = _Column(x0, y0 + 0.45 * R)
    _title(col, opts, name)
    _terrain(col, components)
    _tiles(col)
    _marks(col)
    height = col.y - y0 + 0.1 * R
    frame = _el("rect", x=x0, y=y0, width=col.WIDTH, height=height, rx=6.0, fill="#fbf8ee",
                stroke="#8a8a7a", stroke_width=1.2, class_="legend")
    return [frame, *col.out], col.WIDTH + 0.3 * R, height


def _title(col: _Column, opts: RenderOptions, name: str) -> None:
    """The game's name, the map's, the phase and the destinations' revenue card."""
    x0, out = col.x0, col.out
    col.line("Railways of the Lost Atlas", 0.26 * R, 0.5 * R, weight="bold")
    if name:
        col.line(f"Map: {name}", 0.2 * R, 0.45 * R, cls="map-name")
    y = col.y
    out.append(_text(x0 + 0.15 * R, y, f"Phase: {opts.phase}", 0.2 * R, anchor="start"))
    phase_colour = TILE_FILL.get(opts.phase, "#ffffff")
    out.append(_el("rect", x=x0 + 2.35 * R, y=y - 0.11 * R, width=0.35 * R, height=0.22 * R,
                   rx=2.0, fill=phase_colour, stroke=INK, stroke_width=0.8))
    col.y += 0.45 * R
    cells = _card_text(opts.legend_card, opts.phases) if opts.legend_card is not None else []
    if opts.legend_card is None:
        col.line("Distant Destinations: a card each", 0.18 * R, 0.45 * R)
    elif cells:
        col.line("Distant Destinations:", 0.18 * R, 0.42 * R)
        widths = _value_widths(cells)
        total = sum(widths) + 0.08 * R
        out.append(_value_box((x0 + 0.15 * R + total / 2, col.y), cells, widths, opts.phase,
                              "legend", 0.19 * R))
        col.y += 0.5 * R


def _terrain(col: _Column, components: Components) -> None:
    col.heading("Terrain")
    col.entry(col.swatch(TERRAIN_FILL["blank"]), "Land")
    col.entry(col.swatch(TERRAIN_FILL["water"], waves(col.here(), 0.32 * R, (0.0,))), "Water")
    cost = components.map_rules.mountain_cost
    col.entry(col.swatch(TERRAIN_FILL["mountain"], peaks(col.here(), 0.17 * R)),
              f"Mountain (costs {cost})")
    c = col.here()
    col.entry(col.swatch(TERRAIN_FILL["blank"], _el("circle", cx=c[0], cy=c[1], r=0.1 * R,
                                                    fill="#ffffff", stroke=INK,
                                                    stroke_width=1.2)),
              "City (one circle per slot)")
    col.entry(col.swatch("url(#la-border-hatch)"), "Black border")
    col.entry(col.swatch("url(#la-dd-hatch)"), "Distant Destination")


def _tiles(col: _Column) -> None:
    col.heading("Track tiles")
    sw = col.SWATCH
    for colour, name in TILE_NAMES.items():
        c = col.here()
        track = _el("line", x1=c[0], y1=c[1] - sw * 1.05, x2=c[0], y2=c[1] + sw * 1.05,
                    stroke=INK, stroke_width=2.5)
        col.entry(col.swatch(TILE_FILL[colour], track), name)


def _marks(col: _Column) -> None:
    col.heading("Tokens and marks")
    c = col.here()
    hub_colour = company_colour("expansive")
    col.entry(_el("circle", cx=c[0], cy=c[1], r=0.17 * R, fill=hub_colour, stroke=INK,
                  stroke_width=1.0)
              + _text(c[0], c[1], "EA", 0.15 * R, text_on(hub_colour), weight="bold"),
              "Hub (company abbreviation)")
    c = col.here()
    col.entry(_el("circle", cx=c[0], cy=c[1], r=0.17 * R, fill="#ffffff", stroke=INK,
                  stroke_width=1.0)
              + _el("circle", cx=c[0], cy=c[1], r=0.12 * R, fill="none", stroke=hub_colour,
                    stroke_width=1.6, stroke_dasharray="3 2"),
              "Reserved home (tag beside the spot)")
    col.entry(house(col.here(), 0.16 * R, company_colour("suburban")), "Suburb (+10 per train)")
    col.entry(star(col.here(), 0.18 * R), "Capital")
    col.entry(pickaxe(col.here(), 0.14 * R), "Mine (two linked stops)")
    col.entry(anchor_glyph(col.here(), 0.14 * R), "Port (one half per train)")
    c = col.here()
    col.entry(_el("circle", cx=c[0], cy=c[1], r=0.15 * R, fill="#ffffff", stroke=INK,
                  stroke_width=1.0) + _text(c[0], c[1], "30", 0.15 * R, weight="bold"),
              "Revenue")
