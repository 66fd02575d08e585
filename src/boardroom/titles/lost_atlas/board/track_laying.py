"""Laying track: every rule of rulebook p.13 ("3. Optionally, lay track tiles") and the
Operating Round summary, with the abilities that change them.

* Up to two yellow tiles, or one upgrade (Agricultural: a yellow tile after its upgrade).
* A yellow tile, or a non-city upgrade, must be placed so the company can trace a route
  through some of its new track; a city upgrade so the company can trace a route into
  the tile.
* No track may run into the edge of a water hex (Bridging's may), a blank side of a
  Distant Destination, a black border hex, or the edge of the map.
* Yellow tiles only on empty land (never on water — except Bridging's bridges —,
  Distant Destinations, border hexes, or a hex that has track); a city hex takes a city
  tile and a capital a capital tile (cities are never created or removed).
* An upgrade replaces the previous colour with the next, keeps every existing
  connection exactly (the mine only its sides), comes from the upgrade chart, shares the
  symbol, is of a colour the phase allows, and the old tile returns to the supply.
* Tiles are finite. Mountain hexes cost 40 from the treasury, paid when the first tile
  is laid there (Tunneling then receives 60).

Functions take the :class:`Board`, the :class:`Operator` and the phase's tile colours,
and never change anything unless asked to ``lay``. The rules live by job:

* :mod:`.tile_lay`: the lay action, the lay count of a turn, a hex's first tiles;
* :mod:`.tracing`: where a company can trace a route (remembered per board state);
* :mod:`.track_ends`: the sides no track may run into;
* :mod:`.lay_rules`: whether one lay is legal (:func:`check_lay`);
* :mod:`.lay_listing`: every legal lay now (:func:`legal_lays`, :func:`any_lay`);
* here: laying a checked tile (:func:`lay`: the mountain's cost, Tunneling's 60).

Their public names are importable from here too, as callers have imported them.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.titles.lost_atlas.board.board import EMPTY_COLOUR, MOUNTAIN, Board
from boardroom.titles.lost_atlas.board.lay_listing import any_lay, iter_lays, legal_lays
from boardroom.titles.lost_atlas.board.lay_rules import check_lay
from boardroom.titles.lost_atlas.board.operator import TUNNELING, Operator
from boardroom.titles.lost_atlas.board.tile_lay import (
    MAX_YELLOW,
    LayBudget,
    TileLay,
    first_tiles,
    is_yellow_lay,
    may_lay_yellow,
    may_upgrade,
)
from boardroom.titles.lost_atlas.board.tracing import reaches, trace_for, trace_search
from boardroom.titles.lost_atlas.board.track_ends import blocked_edges, edge_problem, exit_problem

__all__ = [
    "MAX_YELLOW",
    "TUNNELING_REWARD",
    "LayBudget",
    "LayResult",
    "TileLay",
    "any_lay",
    "blocked_edges",
    "check_lay",
    "edge_problem",
    "exit_problem",
    "first_tiles",
    "is_yellow_lay",
    "iter_lays",
    "lay",
    "legal_lays",
    "may_lay_yellow",
    "may_upgrade",
    "reaches",
    "trace_for",
    "trace_search",
]

TUNNELING_REWARD = 60


@dataclass(frozen=True)
class LayResult:
    cost: int
    income: int
    replaced: str | None
    sentence: str


def lay(board: Board, op: Operator, budget: LayBudget, tile_lay: TileLay) -> LayResult:
    """Lay a checked tile: the board and budget change; the caller moves the money
    (``cost`` to the bank, then ``income`` to the treasury — Tunneling's 60)."""
    h = tile_lay.hex
    yellow = is_yellow_lay(board, h)
    space = board.spaces[h]
    tile = board.components.tiles[tile_lay.tile]
    replaced = board.lay_tile(h, tile, tile_lay.rotation)
    cost = space.cost if yellow else 0
    income = TUNNELING_REWARD if cost and space.cost and op.has(TUNNELING) and (
        space.terrain == MOUNTAIN or space.cost > 0) else 0
    if yellow:
        budget.yellow += 1
    else:
        budget.upgrades += 1
    what = f"upgrades {h} to {tile.id}" if not yellow else f"lays {tile.id} on {h}"
    extra = f" paying {cost}" if cost else ""
    extra += f" and digs a tunnel: the company earns {income}" if income else ""
    old_id = replaced.id if replaced is not None and replaced.colour != EMPTY_COLOUR else None
    return LayResult(cost, income, old_id, f"{op.id} {what}{extra}.")
