"""Drawing one map space: its terrain (water edges, mountain costs), its tile's track
and cities, hubs, reservations and suburbs, revenue, symbols and the tile's id, each into
the picture's :class:`_Layers`."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING

from boardroom.map.tiles import Stop, TileDef
from boardroom.titles.lost_atlas.render.elements import (
    Room,
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
from boardroom.titles.lost_atlas.render.geometry import (
    TRACK_W,
    Curve,
    Point,
    R,
    StopLayout,
    _add,
    _angle,
    _dist,
    _n,
    _sub,
    _unit,
    crossings,
    edge_dir,
    edge_ends,
    edge_mid,
    edge_path,
    hex_centre,
    hex_corners,
    layout_stops,
    line,
    ring,
    stop_leg,
    stretch_around,
)
from boardroom.titles.lost_atlas.render.style import (
    GRID,
    INK,
    MOUNTAIN_EDGE,
    TERRAIN_FILL,
    TILE_FILL,
    WATER_EDGE,
    abbreviation,
    company_colour,
    text_on,
)

if TYPE_CHECKING:
    from boardroom.titles.lost_atlas.board.board import Board, Space
    from boardroom.titles.lost_atlas.board.components import Components


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
