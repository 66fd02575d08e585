"""The track tiles, the map rules, the map pieces, the overlays and the capital projects of
the component file, as frozen models checked by their validators.

A tile is read into the engine's :class:`~boardroom.map.tiles.TileDef`
(:meth:`PrintedTile.tile_def`). A map hex takes its printed track, its mountain cost and
its home from tables read before it, through the validation context that
:class:`.ComponentFile` fills (``printed``, ``map``, ``minors``).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, InstanceOf, ValidationInfo, field_validator, model_validator

from boardroom.map.hexes import Hex
from boardroom.map.tiles import COLOURS, Stop, TileDef, colour_rank, upgrade_rotations
from boardroom.titles.lost_atlas.board.component_base import (
    Array,
    Count,
    Edges,
    Fault,
    Names,
    Parsed,
    Positive,
    Table,
    Text,
    as_int,
    edge,
    kind,
)

PRINTED = "printed"
POSE: dict[str, Hex] = {"A": (0, 0), "B": (1, 0), "C": (0, 1)}
"""Where each hex of a map piece lies in its canonical pose (B on A's edge 5, C on A's 0)."""


def context(info: ValidationInfo, key: str) -> Any:
    """A table read before this one (None if it was refused: that error comes first)."""
    return (info.context or {}).get(key)


# -- track tiles ---------------------------------------------------------------------------
def _paths(value: object) -> object:
    if not isinstance(value, list):
        return value  # the tuple check names the type
    out: list[tuple[int, int]] = []
    for i, raw in enumerate(value):
        if not isinstance(raw, list):
            raise Fault((i,), f"expected an array, got {kind(raw)}")
        if len(raw) != 2:
            raise Fault((i,), f"a path joins two edges, not {len(raw)}")
        a, b = edge(raw[0], (i,)), edge(raw[1], (i,))
        if a == b:
            raise Fault((i,), f"joins edge {a} to itself")
        if (min(a, b), max(a, b)) in {(min(p), max(p)) for p in out}:
            raise Fault((i,), "the same path is listed twice")
        out.append((a, b))
    return tuple(out)


def _links(value: object) -> object:
    if not isinstance(value, list):
        return value
    out: list[tuple[int, int]] = []
    for i, raw in enumerate(value):
        if not isinstance(raw, list):
            raise Fault((i,), f"expected an array, got {kind(raw)}")
        if len(raw) != 2:
            raise Fault((i,), "a link joins two stops")
        a, b = (as_int(v, at=(i,)) for v in raw)
        out.append((a, b))
    return tuple(out)


class TileStop(Table):
    """A stop of a tile (read into the engine's :class:`~boardroom.map.tiles.Stop`)."""

    revenue: Count
    slots: Count
    edges: Edges = ()
    kind: Text = "city"


class PrintedTile(Table):
    """Track printed on a map piece (``[[printed_tiles]]``); its colour is "printed"."""

    id: Text
    paths: Annotated[tuple[tuple[int, int], ...], BeforeValidator(_paths)] = ()
    stops: Array[TileStop] = ()
    links: Annotated[tuple[tuple[int, int], ...], BeforeValidator(_links)] = ()
    """Pairs of stop indices joined by track on the tile (the mine)."""
    exclusive_stops: bool = False
    """One train may visit only one of this tile's stops (the port's halves)."""
    symbol: Literal["capital", "mine", "port"] | None = None
    upgrades: Names = ()
    keep_exits_only: bool = False
    """Upgrades need only keep the exits, not the exact shape (the mine tiles)."""

    @model_validator(mode="after")
    def _track(self) -> PrintedTile:
        stops = self.stops
        for i, st in enumerate(stops):
            for j, other in enumerate(stops[:i]):
                shared = set(st.edges) & set(other.edges)
                if shared:
                    raise Fault(("stops", i, "edges"), f"edge {min(shared)} is also reached "
                                f"by stop {j} (join stops with links instead)")
        for i, (a, b) in enumerate(self.links):
            if a == b or max(a, b) >= len(stops):
                raise Fault(("links", i), "needs two different stops of this tile")
        linked = {s for pair in self.links for s in pair}
        for i, stop in enumerate(stops):
            if not stop.edges and i not in linked:
                raise Fault(("stops", i), "reaches no edge and no other stop")
        if not self.paths and not stops:
            raise Fault((), "has neither paths nor stops")
        if self.exclusive_stops and len(stops) < 2:
            raise Fault(("exclusive_stops",), "needs at least two stops")
        return self

    def tile_def(self) -> TileDef:
        """The tile as the engine's definition, its provisional reasons joined."""
        why = self.provisional
        reasons = ([why] if isinstance(why, str)
                   else [f"{k}: {v}" for k, v in why.items()] if isinstance(why, dict) else [])
        return TileDef(
            id=self.id,
            colour=getattr(self, "colour", PRINTED),
            count=getattr(self, "count", None),
            paths=self.paths,
            stops=tuple(Stop(s.revenue, s.slots, s.edges, s.kind) for s in self.stops),
            links=self.links,
            exclusive_stops=self.exclusive_stops,
            symbol=self.symbol,
            upgrades=self.upgrades,
            keep_exits_only=self.keep_exits_only,
            note=self.note,
            provisional="; ".join(reasons),
        )


class Tile(PrintedTile):
    """A tile of the supply (``[[tiles]]``)."""

    colour: Literal["yellow", "green", "purple", "grey", "blue"]
    count: Count


def next_colour(colour: str) -> str | None:
    """The colour an upgrade of ``colour`` must have (printed track stands at yellow)."""
    if colour == PRINTED:
        return COLOURS[1]
    rank = colour_rank(colour)
    if rank < 0 or rank + 1 >= len(COLOURS):
        return None
    return COLOURS[rank + 1]


def upgrade_problem(old: TileDef, new: TileDef | None, new_id: str) -> str:
    """Why the chart entry ``old`` -> ``new`` is not a possible upgrade ('' if it is)."""
    if new is None:
        return f"no tile {new_id!r}"
    wanted = next_colour(old.colour)
    if wanted is None:
        return f"{old.colour} tiles never upgrade"
    if new.colour != wanted:
        return f"{new.id!r} is {new.colour}, not {wanted} (the colour after {old.colour})"
    if new.symbol != old.symbol:
        return f"{new.id!r} has symbol {new.symbol}, not {old.symbol}"
    if not upgrade_rotations(old, 0, new):
        return f"{new.id!r} keeps the track of {old.id!r} in no rotation"
    return ""


def check_tiles(supply: dict[str, TileDef], printed: dict[str, TileDef]) -> None:
    """No printed tile shares a supply tile's id; every upgrade in the chart is possible."""
    for n, tile_id in enumerate(printed):
        if tile_id in supply:
            raise Fault(("printed_tiles", n), "id is also a supply tile", absolute=True)
    for section, group in (("tiles", supply), ("printed_tiles", printed)):
        for n, tile in enumerate(group.values()):
            for i, target_id in enumerate(tile.upgrades):
                problem = upgrade_problem(tile, supply.get(target_id), target_id)
                if problem:
                    raise Fault((section, n, "upgrades", i), problem, absolute=True)


# -- the map -------------------------------------------------------------------------------
class FirstTiles(Table):
    """Hex kind -> the tiles it may take first."""

    blank: Names
    city: Names
    capital: Names
    water: Names


def _first_tiles(t: FirstTiles) -> dict[str, tuple[str, ...]]:
    return {"blank": t.blank, "city": t.city, "capital": t.capital, "water": t.water}


class MapRules(Table):
    mountain_cost: Count
    untiled_city_revenue: Count
    untiled_city_slots: Positive
    min_shared_edges: Positive
    first_tiles: Annotated[dict[str, tuple[str, ...]], Parsed(FirstTiles, _first_tiles)]
    """Hex kind (blank, city, capital, water) -> the tiles it may take first."""


_FIRST = {"blank": ("yellow", None), "city": ("yellow", None),
          "capital": ("yellow", "capital"), "water": ("blue", None)}


def check_first_tiles(rules: MapRules, tiles: dict[str, TileDef]) -> None:
    for kind_of, (colour, symbol) in _FIRST.items():
        for i, tile_id in enumerate(rules.first_tiles[kind_of]):
            at = ("first_tiles", kind_of, i)
            tile = tiles.get(tile_id)
            if tile is None:
                raise Fault(at, f"no tile {tile_id!r}")
            if tile.colour != colour or tile.symbol != symbol:
                raise Fault(at, f"tile {tile_id!r} is not a {colour} tile"
                            + (f" with symbol {symbol}" if symbol else " without a symbol"))
            if (kind_of == "city" and not tile.stops) or (kind_of == "blank" and tile.stops):
                raise Fault(at, f"tile {tile_id!r} does not suit a {kind_of} hex")


class MapHex(Table):
    derived: ClassVar[frozenset[str]] = frozenset({"axial", "cost"})

    pos: Literal["A", "B", "C"]
    terrain: Literal["blank", "water", "mountain", "city", "border", "destination"]
    home: Text | None = None
    mountain: bool = False
    """A mountain hex, or a city on a mountain."""
    track: InstanceOf[TileDef] | None = None
    """The printed tile on the hex (the file names one of ``printed_tiles``)."""
    home_stop: Count | None = None
    destination: Text | None = None
    open_edges: Edges = ()
    water_edges: Edges = ()
    axial: Hex = (0, 0)
    """Where the hex lies in its piece's canonical pose (:data:`POSE`)."""
    cost: int = 0
    """What a tile lay here costs (the map's mountain cost on a mountain)."""

    @field_validator("track", mode="before")
    @classmethod
    def _printed(cls, value: object, info: ValidationInfo) -> object:
        if value is None:
            return None
        if not isinstance(value, str):  # the file's shape, as pydantic's own refusals
            raise ValueError(f"expected a string, got {kind(value)}")
        if not value.strip():
            raise ValueError("must not be empty")
        printed = context(info, "printed")
        if printed is None:
            return None
        if value not in printed:
            raise Fault((), f"no printed tile {value!r}")
        return printed[value]

    @model_validator(mode="after")
    def _hex(self, info: ValidationInfo) -> MapHex:
        terrain, home, track = self.terrain, self.home, self.track
        minors = context(info, "minors")
        if home is not None:
            if minors is not None and home not in minors:
                raise Fault(("home",), f"no minor {home!r}")
            if terrain != "city":
                raise Fault(("home",), "a home is on a city hex")
        if track is not None and terrain in ("water", "border", "destination"):
            raise Fault(("track",), f"no track is printed on {terrain} hexes")
        if self.home_stop is not None:
            if home is None or track is None:
                raise Fault(("home_stop",), "only for a home with printed track")
            if self.home_stop >= len(track.stops):
                raise Fault(("home_stop",), f"{track.id!r} has no stop {self.home_stop}")
        if terrain == "destination":
            if self.destination is None:
                raise Fault((), "a destination hex needs a destination id")
        elif self.destination is not None or self.open_edges:
            raise Fault((), f"destination keys on a {terrain} hex")
        if track is not None and set(self.water_edges) & track.exits():
            raise Fault(("water_edges",), "the printed track runs into water")
        mountain = self.mountain or terrain == "mountain"
        rules = context(info, "map")
        cost = rules.mountain_cost if mountain and rules is not None else 0
        return self.model_copy(update={"mountain": mountain, "axial": POSE[self.pos],
                                       "cost": cost})


class MapPiece(Table):
    id_key: ClassVar[str] = "number"

    number: Positive
    copies: Positive = 1
    short_copies: Count = 0
    """Copies in a Short Game (the file's default: ``copies``)."""
    stands_for_home: Text | None = None
    hexes: Array[MapHex]
    """The hexes A, B and C, in that order."""

    @model_validator(mode="after")
    def _piece(self, info: ValidationInfo) -> MapPiece:
        copies = self.copies
        short = self.short_copies if "short_copies" in self.model_fields_set else copies
        if short > copies:
            raise Fault(("short_copies",), f"more than the {copies} copies")
        minors = context(info, "minors")
        stands_for = self.stands_for_home
        if stands_for is not None and minors is not None and stands_for not in minors:
            raise Fault(("stands_for_home",), f"no minor {stands_for!r}")
        for i, h in enumerate(self.hexes):
            if any(o.pos == h.pos for o in self.hexes[:i]):
                raise Fault(("hexes", i), "duplicate pos")
        if sorted(h.pos for h in self.hexes) != sorted(POSE):
            raise Fault(("hexes",), "a piece has exactly the hexes A, B and C")
        hexes = tuple(sorted(self.hexes, key=lambda h: h.pos))
        return self.model_copy(update={"short_copies": short, "hexes": hexes})

    def hex(self, pos: str) -> MapHex:
        return next(h for h in self.hexes if h.pos == pos)

    @property
    def homes(self) -> tuple[str, ...]:
        return tuple(h.home for h in self.hexes if h.home is not None)

    @property
    def is_home_piece(self) -> bool:
        return bool(self.homes) or self.stands_for_home is not None

    @property
    def destinations(self) -> tuple[str, ...]:
        return tuple(sorted({h.destination for h in self.hexes if h.destination is not None}))


def check_pieces(pieces: list[MapPiece], minors: dict[str, Any] | None) -> dict[int, MapPiece]:
    """A destination or a home on one piece only, and on a piece of one copy; each minor's
    home where its ``home_piece`` says."""
    dd_piece: dict[str, int] = {}
    homes: dict[str, int] = {}
    for n, piece in enumerate(pieces):
        number = piece.number
        for h in piece.hexes:
            at = (n, "hexes", f'[pos="{h.pos}"]')
            dest = h.destination
            if dest is not None and dd_piece.setdefault(dest, number) != number:
                raise Fault((*at, "destination"),
                            f"{dest!r} is also on piece {dd_piece[dest]}")
            if h.home is not None:
                if h.home in homes:
                    raise Fault((*at, "home"),
                                f"{h.home!r} also has a home on piece {homes[h.home]}")
                homes[h.home] = number
        if piece.copies > 1 and any(h.home or h.destination for h in piece.hexes):
            raise Fault((n, "copies"), "a home or destination piece is unique")
        for name in {h.destination for h in piece.hexes if h.destination}:
            if not any(h.open_edges for h in piece.hexes if h.destination == name):
                raise Fault((n, "hexes"), f"destination {name!r} has no open edge")
    for i, minor in enumerate((minors or {}).values()):
        home_at: tuple[int | str, ...] = ("minors", i, "home_piece")
        if minor.home_piece is None:
            if minor.id in homes:
                raise Fault(home_at, f"chosen at launch, but piece {homes[minor.id]} has its "
                            "home", absolute=True)
        elif homes.get(minor.id) != minor.home_piece:
            raise Fault(home_at, f"piece {minor.home_piece} has no home of {minor.id!r}",
                        absolute=True)
    return {p.number: p for p in pieces}


# -- overlays and capital projects -----------------------------------------------------------
class Overlay(Table):
    id: Text
    kind: Literal["capital", "single_hex"]
    """"capital" (turns a placed basic city into a capital) or "single_hex"."""
    count: Count
    target: Literal["basic_city"] | None = None
    faces: Names = ()

    @model_validator(mode="after")
    def _kind(self) -> Overlay:
        has_faces = "faces" in self.model_fields_set
        if self.kind == "capital":
            if self.target is None:
                raise Fault((), "missing key 'target'")
            if has_faces:
                raise Fault((), "unknown key 'faces'")
            return self
        if not has_faces:
            raise Fault((), "missing key 'faces'")
        if self.target is not None:
            raise Fault((), "unknown key 'target'")
        if len(self.faces) != 2:
            raise Fault(("faces",), "a single-hex overlay has two faces")
        for i, face in enumerate(self.faces):
            if face not in ("blank", "water", "mountain", "city"):
                raise Fault(("faces", i), f"{face!r} is not a face")
        return self


class CapitalProject(Table):
    id: Text
    overlay: Text
    instruction: Text


def check_projects(projects: list[CapitalProject], overlays: dict[str, Overlay] | None
                   ) -> None:
    """Each project turns its own capital overlay."""
    used: set[str] = set()
    for n, t in enumerate(projects):
        if overlays is not None and (t.overlay not in overlays
                                     or overlays[t.overlay].kind != "capital"):
            raise Fault((n, "overlay"), f"no capital overlay {t.overlay!r}")
        if t.overlay in used:
            raise Fault((n, "overlay"), f"{t.overlay!r} belongs to another project")
        used.add(t.overlay)
