"""The tile lay action, its count in a turn, and what a hex's first tile may be
(rulebook p.13, "3. Optionally, lay track tiles").

* Notation ``lay TILE q,r rN`` (:class:`TileLay`).
* Up to two yellow tiles, or one upgrade (Agricultural: a yellow tile after its upgrade):
  :class:`LayBudget`, :func:`may_lay_yellow`, :func:`may_upgrade`.
* A first tile is a yellow lay (:func:`is_yellow_lay`), taken from the data's first-tile
  chart: a city hex takes a city tile and a capital a capital tile, Bridging's bridges go
  on water (:func:`first_tiles`).
"""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.core.errors import NotationError
from boardroom.core.title import Action
from boardroom.map.hexes import Hex
from boardroom.titles.lost_atlas.board.board import CITY, EMPTY_COLOUR, MOUNTAIN, WATER, Board
from boardroom.titles.lost_atlas.board.operator import AGRICULTURAL, BRIDGING, Operator

MAX_YELLOW = 2


@dataclass(frozen=True, order=True, slots=True)
class TileLay(Action):
    """Lay ``tile`` on ``hex`` turned ``rotation`` sixths clockwise. Notation
    ``lay 8 3,-1 r2``.

    >>> TileLay((3, -1), "8", 2)
    TileLay(hex=(3, -1), tile='8', rotation=2)
    >>> str(TileLay((3, -1), "8", 2))
    'lay 8 3,-1 r2'
    >>> TileLay.parse("lay 8 3,-1 r2") == TileLay((3, -1), "8", 2)
    True
    """

    hex: Hex
    tile: str
    rotation: int

    def __str__(self) -> str:
        return f"lay {self.tile} {self.hex[0]},{self.hex[1]} r{self.rotation}"

    @classmethod
    def parse(cls, text: str) -> TileLay:
        words = text.split()
        try:
            if len(words) != 4 or words[0] != "lay" or not words[3].startswith("r"):
                raise ValueError
            q_text, r_text = words[2].split(",")
            q, r, rotation = int(q_text), int(r_text), int(words[3][1:])
        except ValueError:
            raise NotationError(f"{text!r}: expected 'lay TILE Q,R rN'") from None
        if not 0 <= rotation < 6:
            raise NotationError(f"{text!r}: rotation must be 0-5")
        return cls((q, r), words[1], rotation)


@dataclass
class LayBudget:
    """What the company has laid this turn."""

    yellow: int = 0
    upgrades: int = 0

    def copy(self) -> LayBudget:
        return LayBudget(self.yellow, self.upgrades)


def may_lay_yellow(budget: LayBudget, op: Operator) -> bool:
    if budget.upgrades == 0:
        return budget.yellow < MAX_YELLOW
    # Agricultural: one yellow tile after its upgrade.
    return op.has(AGRICULTURAL) and budget.upgrades == 1 and budget.yellow == 0


def may_upgrade(budget: LayBudget) -> bool:
    return budget.yellow == 0 and budget.upgrades == 0


def is_yellow_lay(board: Board, h: Hex) -> bool:
    """Would a tile on ``h`` be a first (yellow) lay rather than an upgrade?"""
    current = board.tile_at(h)
    return current is None or current[0].colour == EMPTY_COLOUR


def first_tiles(board: Board, h: Hex, op: Operator) -> tuple[str, ...]:
    """The tiles a hex may take as its first tile (the data's first-tile chart)."""
    space = board.spaces[h]
    chart = board.components.map_rules.first_tiles
    if space.terrain == CITY and space.printed is None:
        return tuple(chart.get("capital" if space.capital else "city", ()))
    if space.terrain in ("blank", MOUNTAIN) and h not in board.track.laid:
        return tuple(chart.get("blank", ()))
    if space.terrain == WATER and op.has(BRIDGING) and h not in board.track.laid:
        return tuple(chart.get("water", ()))
    return ()
