"""The Lost Atlas map for the browser: the SVG of :func:`render_board` (the same drawing as
``boardroom render``) with the geometry the page needs to put its own marks on it, the
drawn map piece drawn on its own, and the operating company's reach.

>>> import boardroom
>>> game = boardroom.new_game("lost_atlas", ["Ann", "Bob"], seed=1, options={"mode": "short"})
>>> picture = map_picture(game)
>>> picture["svg"].startswith("<svg"), picture["radius"], picture["phase"], picture["reach"]
(True, 50.0, 'yellow', None)
>>> drawn = piece_pictures(game)
>>> drawn["kind"], len(drawn["svgs"]), drawn["svgs"][0].startswith("<svg")
('piece', 6, True)
"""

from __future__ import annotations

from typing import Any

from boardroom.core.game import Game
from boardroom.titles.lost_atlas.board.board import Board
from boardroom.titles.lost_atlas.render.svg import R, game_picture, hex_centre, render_board
from boardroom.titles.lost_atlas.rounds.operating_round import operating_reach

REACH_STEPS = ("track", "hub")
"""The Operating Round steps during which the page highlights the company's reach."""


def _hex(h: tuple[int, int]) -> str:
    return f"{h[0]},{h[1]}"


def map_picture(game: Game) -> dict[str, Any]:
    """``{svg, phase, radius, hexes, reach}``: the map drawn without its legend (the page
    shows the phase and cards itself), each hex's centre in the SVG's units, and during
    track laying and hub placing the operating company's reach (:func:`reach_of`)."""
    picture, phase = game_picture(game)
    svg = render_board(picture.board, phase, per_destination=picture.per_destination,
                       legend=False, name=picture.name)
    svg = svg[svg.index("<svg"):]  # the page inlines it: no XML declaration
    hexes = {_hex((q, r)): [round(c, 2) for c in hex_centre((q, r))]
             for (q, r) in sorted(picture.board.spaces)}
    return {"svg": svg, "phase": phase, "radius": R, "hexes": hexes, "reach": reach_of(game)}


def map_legend(game: Game) -> dict[str, Any]:
    """``{svg}``: the renderer's own legend of every symbol (terrain, borders, Distant
    Destinations, track, hubs, reserved homes, suburbs, capital projects, mines, ports),
    drawn with the map it explains (the page shows the legend's group only)."""
    picture, phase = game_picture(game)
    svg = render_board(picture.board, phase, per_destination=picture.per_destination,
                       legend=True, name=picture.name)
    return {"svg": svg[svg.index("<svg"):]}


def reach_of(game: Game) -> dict[str, Any] | None:
    """Where the operating company can trace a route now (rulebook "Lay track": a tile
    must extend a route the company can trace from one of its hubs): ``{company, hexes,
    stops}``, the hexes its routes enter (with the edges they arrive by) and the stops
    they reach; None outside its track and hub steps."""
    state: Any = game.state
    op = getattr(state, "op", None)
    if getattr(op, "step", None) not in REACH_STEPS:
        return None
    found = operating_reach(state)
    if found is None:
        return None
    company, reach = found
    homes = {ref[0] for ref in state.board.hubs_of(company)}
    hexes = {_hex(h): sorted(edges) for h, edges in sorted(reach.entries.items())}
    for h in sorted(homes):
        hexes.setdefault(_hex(h), [])
    return {"company": company, "hexes": hexes,
            "stops": sorted(f"{_hex(h)}/{i}" for h, i in reach.stops)}


def piece_pictures(game: Game) -> dict[str, Any]:
    """The drawn map-building item on its own: for a map piece, its drawing in each of
    the six rotations (hex A on the SVG's origin, ``svgs[k]`` turned ``k`` sixths as
    ``piece Q,R rK`` places it), from the same data and drawing as the map; for a capital
    project, its name only (its overlay goes on a city already on the map)."""
    state: Any = game.state
    builder = getattr(state, "builder", None)
    drawn = builder.current if builder is not None else None
    if drawn is None:
        return {"drawn": None, "kind": None, "svgs": []}
    if isinstance(drawn, str):
        return {"drawn": drawn, "kind": "capital", "svgs": []}
    components = state.components
    piece = components.map_pieces[drawn]
    per = game_picture(game)[0].per_destination
    svgs = []
    for rotation in range(6):
        board = Board.empty(components)
        board.add_piece(piece, (0, 0), rotation)
        svg = render_board(board, str(state.phase), per_destination=per, legend=False,
                           name=f"map piece {drawn}")
        svgs.append(svg[svg.index("<svg"):])
    return {"drawn": drawn, "kind": "piece", "svgs": svgs, "radius": R,
            "hexes": [p.pos for p in sorted(piece.hexes, key=lambda h: h.pos)]}
