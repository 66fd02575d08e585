"""The Lost Atlas map for the browser: the SVG of :func:`render_board` (the same drawing as
``boardroom render``) with the geometry the page needs to put its own marks on it.

>>> import boardroom
>>> game = boardroom.new_game("lost_atlas", ["Ann", "Bob"], seed=1, options={"mode": "short"})
>>> picture = map_picture(game)
>>> picture["svg"].startswith("<svg"), picture["radius"], picture["phase"]
(True, 50.0, 'yellow')
"""

from __future__ import annotations

from typing import Any

from boardroom.core.game import Game
from boardroom.titles.lost_atlas.render.svg import R, game_picture, hex_centre, render_board


def map_picture(game: Game) -> dict[str, Any]:
    """``{svg, phase, radius, hexes}``: the map drawn without its legend (the page shows
    the phase and cards itself), and each hex's centre in the SVG's units."""
    picture, phase = game_picture(game)
    svg = render_board(picture.board, phase, per_destination=picture.per_destination,
                       legend=False, name=picture.name)
    svg = svg[svg.index("<svg"):]  # the page inlines it: no XML declaration
    hexes = {f"{q},{r}": [round(c, 2) for c in hex_centre((q, r))]
             for (q, r) in sorted(picture.board.spaces)}
    return {"svg": svg, "phase": phase, "radius": R, "hexes": hexes}
