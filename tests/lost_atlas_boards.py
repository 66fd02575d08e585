"""Small, exact Lost Atlas boards for the board-rule tests.

A test draws the map it needs as a dict from axial hex to what is printed there::

    board = build({
        (0, 0): ("home", "expansive"),   # a minor's home, as its map piece prints it
        (0, 1): "blank",
        (0, 2): "water",
        (1, 0): ("destination", {2}),    # a Distant Destination open on side 2 only
    })

Kinds: "blank", "water", "mountain" (costs the mountain cost), "city" (a basic city),
"capital" (a basic city under a capital overlay), "border", ("destination", open sides),
("home", minor) or ("home", minor, rotation) — the home hex exactly as the minor's map
piece prints it (printed track, home stop, water sides, mountain cost), turned like a
piece — and the shorthands "mine" / ("mine", rotation) and "port" / ("port", rotation)
for the Eastern Mining and Northern Port homes. A :class:`Space` is used as it is.

Edges (boardroom.map.hexes): 0 = S, 1 = SW, 2 = NW, 3 = N, 4 = NE, 5 = SE; the
neighbour of (q, r) across edge 0 is (q, r + 1), across 3 it is (q, r - 1).

Tiles are put on the board with :func:`put` (no rule checked: that is how a test sets a
position up); the rules are asked with :func:`rule_of` and :func:`hub_rule`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from boardroom.map.hexes import Hex, edge_towards, neighbour, opposite, rotate_edge
from boardroom.map.tiles import TileDef
from boardroom.map.track import StopRef
from boardroom.titles.lost_atlas.board.board import (
    BLANK,
    BORDER,
    CITY,
    DESTINATION,
    MOUNTAIN,
    WATER,
    Board,
    Space,
)
from boardroom.titles.lost_atlas.board.components import Components, MapHex, load_components
from boardroom.titles.lost_atlas.board.hubs import check_hub
from boardroom.titles.lost_atlas.board.operator import Operator
from boardroom.titles.lost_atlas.board.track_laying import LayBudget, TileLay, check_lay

Kind = str | tuple[object, ...] | Space

YELLOW_PHASE = ("yellow",)
GREEN_PHASE = ("yellow", "green")
PURPLE_PHASE = ("yellow", "green", "purple")
GREY_PHASE = ("yellow", "green", "purple", "grey")


@cache
def components() -> Components:
    return load_components()


def tile(tile_id: str) -> TileDef:
    """A supply tile, or a tile printed on the map (``mine-home``, ``port-home``...)."""
    c = components()
    return c.tiles[tile_id] if tile_id in c.tiles else c.printed_tiles[tile_id]


def home_hex(minor: str) -> MapHex:
    """The printed home of ``minor`` on its map piece."""
    for piece in components().map_pieces.values():
        for mh in piece.hexes:
            if mh.home == minor:
                return mh
    raise KeyError(minor)


def space(h: Hex, kind: Kind) -> Space:
    if isinstance(kind, Space):
        return kind
    name, *args = (kind,) if isinstance(kind, str) else kind
    mountain_cost = components().map_rules.mountain_cost
    if name in (BLANK, WATER, CITY, BORDER):
        return Space(hex=h, terrain=str(name), piece=0)
    if name == MOUNTAIN:
        return Space(hex=h, terrain=MOUNTAIN, piece=0, cost=mountain_cost)
    if name == "capital":
        return Space(hex=h, terrain=CITY, piece=0, capital=True)
    if name == DESTINATION:
        edges = frozenset(int(e) for e in args[0])  # type: ignore[attr-defined]
        label = str(args[1]) if len(args) > 1 else "DD"
        return Space(hex=h, terrain=DESTINATION, piece=0, destination=label, open_edges=edges)
    if name in ("mine", "port"):
        minor = "eastern_mining" if name == "mine" else "northern_port"
        return space(h, ("home", minor, *args))
    if name == "home":
        minor = str(args[0])
        rotation = int(args[1]) if len(args) > 1 else 0  # type: ignore[call-overload]
        mh = home_hex(minor)
        return Space(
            hex=h,
            terrain=mh.terrain,
            piece=0,
            home=minor,
            cost=mh.cost,
            printed=mh.track,
            printed_rotation=rotation,
            home_stop=mh.home_stop or 0,
            water_edges=frozenset(rotate_edge(e, rotation) for e in mh.water_edges),
        )
    raise ValueError(f"unknown hex kind {kind!r}")


def build(spec: Mapping[Hex, Kind | None], comps: Components | None = None) -> Board:
    """A board holding exactly the hexes of ``spec`` (a hex mapped to None is left out,
    so a test can cut a hole in a :func:`region`). ``comps`` replaces the shipped
    component data (a test that needs a different upgrade chart)."""
    board = Board.empty(comps or components())
    for h, kind in spec.items():
        if kind is not None:
            board.add_space(space(h, kind))
    return board


def region(qs: Iterable[int], rs: Iterable[int], kind: Kind = BLANK
           ) -> dict[Hex, Kind | None]:
    """Every hex (q, r) of the ranges, all of one kind (tests then override some)."""
    rs = list(rs)
    return {(q, r): kind for q in qs for r in rs}


def around(h: Hex, kind: Kind = BLANK) -> dict[Hex, Kind | None]:
    """``h``'s six neighbours, all of one kind."""
    return {neighbour(h, e): kind for e in range(6)}


def put(board: Board, h: Hex, tile_id: str, rotation: int = 0) -> None:
    """Lay a tile from the supply without asking the rules (setting a position up)."""
    tiles = board.components.tiles
    board.lay_tile(h, tiles[tile_id] if tile_id in tiles else tile(tile_id), rotation)


def turned(tile_id: str, exits: Iterable[int]) -> int:
    """The first rotation in which ``tile_id`` reaches exactly these edges."""
    wanted = frozenset(exits)
    t = tile(tile_id)
    for r in range(6):
        if t.exits(r) == wanted:
            return r
    raise ValueError(f"tile {tile_id} never reaches exactly {sorted(wanted)}")


def put_towards(board: Board, h: Hex, tile_id: str, *towards: Hex) -> None:
    """Lay a tile on ``h`` whose exits face exactly the given neighbours."""
    edges = []
    for n in towards:
        e = edge_towards(h, n)
        assert e is not None, f"{n} is not next to {h}"
        edges.append(e)
    put(board, h, tile_id, turned(tile_id, edges))


def line(board: Board, hexes: list[Hex], tile_id: str = "9") -> None:
    """Lay a plain track along ``hexes`` (each consecutive pair adjacent), using
    ``tile_id`` turned to join the previous and next hex of the line. The two ends are
    not laid: they are the places the line runs between."""
    for before, h, after in zip(hexes, hexes[1:], hexes[2:], strict=False):
        put_towards(board, h, tile_id, before, after)


def hub(board: Board, company: str, h: Hex, stop: int = 0) -> None:
    board.place_hub((h, stop), company)


def launch(board: Board, minor: str, h: Hex, stop: int = 0) -> None:
    """The minor launches: its reservation (if any) becomes its home hub."""
    board.launch_home(minor, (h, stop))


def operator(company: str, *abilities: str, treasury: int = 500, major: bool = False
             ) -> Operator:
    return Operator(company, frozenset(abilities), treasury, major)


def lay_of(text: str) -> TileLay:
    """``"lay 9 0,1 r0"`` as a :class:`TileLay`."""
    return TileLay.parse(text)


def rule_of(board: Board, op: Operator, lay: TileLay | str,
            colours: tuple[str, ...] = GREY_PHASE, budget: LayBudget | None = None
            ) -> str | None:
    """The rule id the lay breaks, or None if it is legal."""
    if isinstance(lay, str):
        lay = lay_of(lay)
    problem = check_lay(board, op, colours, budget or LayBudget(), lay)
    return None if problem is None else problem.rule


def hub_rule(board: Board, op: Operator, spot: StopRef | Hex, cost: int = 40) -> str | None:
    """The rule a hub on ``spot`` (a hex means its stop 0) breaks, or None."""
    ref = spot if isinstance(spot[0], tuple) else (spot, 0)
    problem = check_hub(board, op, ref, cost)
    return None if problem is None else problem.rule


def ring_of_hubs(board: Board, company: str, centre: Hex, tile_id: str = "57") -> None:
    """Each neighbour of ``centre`` (city hexes on the board) gets a city tile with one
    exit facing ``centre`` and a hub of ``company``: every side of ``centre`` is then
    reached by a route of ``company``."""
    for e in range(6):
        n = neighbour(centre, e)
        t = tile(tile_id)
        towards = opposite(e)
        rotation = next(r for r in range(6) if towards in t.exits(r))
        put(board, n, tile_id, rotation)
        hub(board, company, n)
