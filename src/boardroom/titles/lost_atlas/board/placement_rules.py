"""Where a map piece, a capital overlay and a single hex may go: the rule ids of map
building and the rules it shares with map files (../shared/rules/001 "Map Building").

* A piece: the generic rules of :func:`boardroom.map.pieces.check_placement` (no overlap,
  no edge shared with a black border hex, at least the data's number of shared edges),
  under the Lost Atlas's rule ids (:func:`placement_rule`, :func:`placement_message`).
* Capital target. A basic city hex already on the map that is not a minor's home and not
  already a capital (the data file's provisional ``instruction`` / ``target``). Piece 21's
  cities count as basic cities (:func:`capital_problem`).
* A single hex: on an empty hex that shares an edge with the map and no edge with a black
  border hex (:func:`single_hex_problem`).
"""

from __future__ import annotations

from collections.abc import Mapping

from boardroom.map.hexes import Hex, neighbours
from boardroom.titles.lost_atlas.board.board import CITY, Board
from boardroom.titles.lost_atlas.board.map_notation import hex_text

RULE_PREFIX = "lost_atlas.map."
RULE_OVERLAP = "lost_atlas.map.overlap"
RULE_BORDER = "lost_atlas.map.border"
RULE_SHARED_EDGES = "lost_atlas.map.shared-edges"
RULE_FIRST_PIECE = "lost_atlas.map.first-piece"
RULE_ROTATION = "lost_atlas.map.rotation"
RULE_CAPITAL_TARGET = "lost_atlas.map.capital-target"
RULE_FILLER_ADJACENT = "lost_atlas.map.filler-adjacent"
RULE_NO_FILLERS = "lost_atlas.map.no-fillers"
RULE_NOT_YOUR_TURN = "lost_atlas.map.not-your-turn"
RULE_WRONG_STEP = "lost_atlas.map.wrong-step"

_PIECE_RULES = {
    "map.build.overlap": RULE_OVERLAP,
    "map.build.border": RULE_BORDER,
    "map.build.shared-edges": RULE_SHARED_EDGES,
}


def placement_rule(raw: str) -> str:
    """The Lost Atlas rule id of a generic ``pieces.check_placement`` rule id."""
    return _PIECE_RULES.get(raw, RULE_PREFIX + raw.rsplit(".", 1)[-1])


def placement_message(raw: str, min_shared: int) -> str:
    if raw == "map.build.overlap":
        return "the piece would overlap a hex already on the map"
    if raw == "map.build.border":
        return "no hex may share an edge with a black border hex"
    return f"the piece must share at least {min_shared} edges with the map"


def capital_problem(board: Board, h: Hex) -> str | None:
    """Why a capital overlay may not go on ``h`` (None: it may)."""
    space = board.spaces.get(h)
    if space is None:
        return f"{hex_text(h)} is not on the map"
    if space.terrain != CITY:
        return f"{hex_text(h)} is not a city ({space.terrain})"
    if space.home is not None:
        return f"{hex_text(h)} is a minor's home"
    if space.capital:
        return f"{hex_text(h)} is already a capital"
    return None


def capital_targets(board: Board) -> list[Hex]:
    return sorted(h for h in board.spaces if capital_problem(board, h) is None)


def single_hex_problem(placed: Mapping[Hex, bool], h: Hex) -> tuple[str, str] | None:
    """Why a single hex may not go on ``h`` next to the map: (rule, message), or None."""
    if h in placed:
        return RULE_OVERLAP, f"{hex_text(h)} is already on the map"
    touching = [placed[n] for n in neighbours(h) if n in placed]
    if not touching:
        return RULE_FILLER_ADJACENT, f"{hex_text(h)} shares no edge with the map"
    if any(touching):
        return RULE_BORDER, f"{hex_text(h)} would share an edge with a black border hex"
    return None
