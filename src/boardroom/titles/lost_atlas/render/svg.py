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

The picture is drawn by job: :mod:`.geometry` (hexes, track curves, stop layout),
:mod:`.style` (colours, lettering), :mod:`.elements` (SVG markup, glyphs, label room),
:mod:`.spaces` (one map space), :mod:`.pieces` (piece outlines, destination cards) and
:mod:`.legend`; this module puts them together and writes the file. Names with a
leading underscore are the render package's own, shared between its modules.

Geometry: flat-topped hexes of circumradius :data:`R` placed by
:func:`boardroom.map.hexes.pixel`; edge ``e`` faces the angle ``90 + 60e`` degrees (y
grows down), so its midpoint lies at the apothem in that direction.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardroom.core.errors import BoardroomError, OptionError
from boardroom.titles.lost_atlas.render.elements import _el
from boardroom.titles.lost_atlas.render.geometry import (
    APOTHEM,
    MARGIN,
    TRACK_W,
    R,
    _n,
    crossings,
    edge_mid,
    edge_path,
    hex_centre,
    hex_corners,
    in_hex,
    layout_stops,
)
from boardroom.titles.lost_atlas.render.legend import _legend
from boardroom.titles.lost_atlas.render.pieces import _draw_destinations, _draw_piece_outlines
from boardroom.titles.lost_atlas.render.spaces import RenderOptions, _draw_space, _Layers
from boardroom.titles.lost_atlas.render.style import (
    DD_HATCH,
    FONT,
    TABLE,
    TERRAIN_FILL,
    TILE_FILL,
    abbreviation,
    company_colour,
    default_card_values,
)

if TYPE_CHECKING:
    from boardroom.titles.lost_atlas.board.board import Board

__all__ = [  # the picture's names other layers use (the helpers' re-exported)
    "APOTHEM",
    "TILE_FILL",
    "TRACK_W",
    "MapPicture",
    "PngUnavailable",
    "R",
    "RenderOptions",
    "abbreviation",
    "company_colour",
    "crossings",
    "edge_mid",
    "edge_path",
    "game_picture",
    "hex_centre",
    "in_hex",
    "is_game_record",
    "layout_stops",
    "load_map_picture",
    "record_picture",
    "render_board",
    "svg_to_png",
    "write_game_map",
]


class PngUnavailable(BoardroomError):
    """No SVG-to-PNG converter is installed."""


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
