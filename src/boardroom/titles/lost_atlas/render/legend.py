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
