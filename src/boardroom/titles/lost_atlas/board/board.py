"""The Lost Atlas board: the hexes the map pieces made, the tiles on them, and the tokens.

The board holds facts about places (terrain, homes, printed track, Distant Destinations,
water sides), the current tile of every hex (kept in a :class:`TrackMap` that changes one
hex at a time), the tile supply, hubs, reservations of unlaunched minors' homes and
suburb tokens. The rules that decide what may change live in ``track_laying`` and
``hubs``; map building lives in ``mapbuild``.

Every city hex always has a tile: before any track is laid an untiled basic city (or an
ordinary home) carries a pseudo tile with one stop and no track (value from the data,
provisional), so hubs can stand there and a local route can run there. A Distant
Destination hex carries a pseudo tile whose one stop reaches its open sides.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from boardroom.core.stamped import StampedDict
from boardroom.map.hexes import Hex, neighbour, rotate_edge
from boardroom.map.pieces import TRIANGLE, PieceShape, place_hexes
from boardroom.map.tiles import Stop, TileDef
from boardroom.map.track import StopRef, TrackMap
from boardroom.titles.lost_atlas.board.components import Components, MapHex, MapPiece

BLANK, WATER, MOUNTAIN, CITY, BORDER, DESTINATION = (
    "blank", "water", "mountain", "city", "border", "destination",
)
EMPTY_COLOUR = "empty"
"""Colour of the pseudo tiles of untiled cities and destinations: not yet a yellow lay."""


@dataclass(frozen=True)
class Space:
    """One hex of the built map, with its printed content turned as the piece was."""

    hex: Hex
    terrain: str
    piece: int
    """The map piece's printed number (0 for a single-hex tile)."""
    home: str | None = None
    cost: int = 0
    printed: TileDef | None = None
    printed_rotation: int = 0
    home_stop: int = 0
    destination: str | None = None
    open_edges: frozenset[int] = frozenset()
    water_edges: frozenset[int] = frozenset()
    capital: bool = False

    @property
    def is_city(self) -> bool:
        return self.terrain == CITY

    @property
    def upgradable_printed(self) -> bool:
        return self.printed is not None and bool(self.printed.upgrades)


def stop_blocks(stop: Stop, owners: Sequence[str], company: str, overnight: bool) -> bool:
    """:meth:`Board.blocks` for a stop whose hubs are ``owners``."""
    if stop.kind == "destination":
        return True
    if company in owners:
        return False
    if len(owners) < stop.slots:
        return False
    return not overnight


_SHAPES: dict[int, tuple[MapPiece, PieceShape, tuple[MapHex, ...]]] = {}


def piece_shape(piece: MapPiece) -> PieceShape:
    """The piece's shape (made once per piece object)."""
    return _shape_and_hexes(piece)[0]


def _shape_and_hexes(piece: MapPiece) -> tuple[PieceShape, tuple[MapHex, ...]]:
    """The piece's shape and its hexes in the order of the shape's offsets, made once
    per piece object."""
    known = _SHAPES.get(id(piece))
    if known is not None and known[0] is piece:
        return known[1], known[2]
    hexes = tuple(sorted(piece.hexes, key=lambda h: _POSITION_ORDER[h.pos]))
    shape = PieceShape(offsets=TRIANGLE, border=tuple([h.terrain == BORDER for h in hexes]))
    _SHAPES[id(piece)] = (piece, shape, hexes)
    return shape, hexes


_PSEUDO: dict[int, tuple[Components, dict[str, TileDef]]] = {}


def _shared_pseudo(components: Components) -> dict[str, TileDef]:
    """The pseudo tiles (untiled cities, destinations) of every board of ``components``,
    by name. They depend only on the components, so every game shares them, and with
    them the geometry each gets when first laid (``LaidTile.make``, remembered on the
    tile), which a new game's own pseudo tiles would make again."""
    known = _PSEUDO.get(id(components))
    if known is None or known[0] is not components:
        known = _PSEUDO[id(components)] = (components, {})
    return known[1]


_STAMPED = frozenset({"spaces", "tiles", "hubs", "suburbs"})
"""The board's dicts kept as :class:`StampedDict` (whatever is assigned to them)."""
_DIGESTED = frozenset({"tiles", "hubs"})
"""Those of them kept as :class:`ContentDict` (what tracing reads)."""

K = TypeVar("K")
V = TypeVar("V")


_POSITION_ORDER = {"A": 0, "B": 1, "C": 2}
"""A map piece's hexes in the order of its shape's offsets."""
_NO_EDGES: frozenset[int] = frozenset()


def _turned(edges: tuple[int, ...], rotation: int) -> frozenset[int]:
    """A printed hex's edges once its piece is turned (most hexes have none)."""
    return frozenset([rotate_edge(e, rotation) for e in edges]) if edges else _NO_EDGES


def _item_digest(key: object, value: object) -> int:
    return hash((key, tuple(value) if isinstance(value, list) else value))


class ContentDict(StampedDict[K, V]):
    """A :class:`StampedDict` that also keeps ``digest``, a hash of its content (the
    exclusive or of its items' hashes, a list value read as a tuple) brought up to date at
    every change, never recomputed from scratch for one: dicts with equal content have
    equal digests (in one process). So a cache keyed by content can look up a digest and
    compare content only with what it finds (a digest says two dicts may be equal; only
    comparing says they are)."""

    __slots__ = ("digest",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.digest = self._full_digest()

    def _full_digest(self) -> int:
        digest = 0
        for key, value in self.items():
            digest ^= _item_digest(key, value)
        return digest

    def copy(self) -> ContentDict[K, V]:
        """A copy with the same stamp and digest."""
        new: ContentDict[K, V] = ContentDict.__new__(ContentDict)
        dict.update(new, self)
        new.stamp = self.stamp
        new.digest = self.digest
        return new

    def __setitem__(self, key: K, value: V) -> None:
        old = dict.get(self, key, _MISSING)
        super().__setitem__(key, value)
        digest = self.digest ^ _item_digest(key, value)
        if old is not _MISSING:
            digest ^= _item_digest(key, old)
        self.digest = digest

    def __delitem__(self, key: K) -> None:
        old = self[key]
        super().__delitem__(key)
        self.digest ^= _item_digest(key, old)

    def pop(self, key: K, *default: Any) -> Any:
        found = super().pop(key, *default)
        self.digest = self._full_digest()
        return found

    def popitem(self) -> tuple[K, V]:
        found = super().popitem()
        self.digest = self._full_digest()
        return found

    def clear(self) -> None:
        super().clear()
        self.digest = 0

    def setdefault(self, key: K, default: Any = None) -> Any:
        found = super().setdefault(key, default)
        self.digest = self._full_digest()
        return found

    def update(self, *args: Any, **kwargs: Any) -> None:
        super().update(*args, **kwargs)
        self.digest = self._full_digest()

    def __ior__(self, other: Any) -> ContentDict[K, V]:  # type: ignore[override,misc]
        super().__ior__(other)
        self.digest = self._full_digest()
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (ContentDict, (dict(self),))


_MISSING = object()



class ReachCache(dict[tuple[object, ...], Any]):
    """The dict behind :attr:`Board._reach_cache`, which a weak reference can point to:
    a search that records its answer in the cache when it finishes holds the cache
    weakly, so the cache, the searches in it and their callbacks form no reference
    cycle, and a finished game's board is freed by reference counting at once (not left
    to the cyclic collector: about eleven thousand objects a Long game)."""

    __slots__ = ("__weakref__",)


@dataclass
class Board:
    components: Components
    spaces: dict[Hex, Space] = field(default_factory=StampedDict)
    track: TrackMap = field(default_factory=TrackMap)
    tiles: dict[Hex, tuple[str, int]] = field(default_factory=ContentDict)
    """The id and rotation of the tile on each hex (laid, printed or pseudo)."""
    supply: dict[str, int] = field(default_factory=dict)
    hubs: dict[StopRef, list[str]] = field(default_factory=ContentDict)
    """Company ids whose hubs fill each stop's slots, in the order they were placed. An
    owner list is replaced, never changed in place (the dict's stamp must see it)."""
    reserved: dict[StopRef, str] = field(default_factory=dict)
    """Home spots held for minors that have not launched."""
    suburbs: dict[Hex, str] = field(default_factory=StampedDict)
    pieces: list[tuple[int, Hex, int]] = field(default_factory=list)
    """The map pieces as placed: (number, anchor, rotation)."""
    _pseudo: dict[str, TileDef] = field(default_factory=dict)
    """The pseudo tiles by name (:meth:`empty` gives every board of its components the
    same dict: :func:`_shared_pseudo`)."""
    _reach_cache: ReachCache = field(default_factory=ReachCache, repr=False,
                                     compare=False)
    """Results derived from the board (tracing, a company's best routes), shared by the
    copies of one board; each key holds everything its result reads (with
    :meth:`trace_key` for the map, tiles and hubs), so a copy that differs misses."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _DIGESTED:
            if not isinstance(value, ContentDict):
                stamp = value.stamp if isinstance(value, StampedDict) else None
                value = ContentDict(value)
                if stamp is not None:  # the same content: the same stamp
                    value.stamp = stamp
        elif name in _STAMPED and not isinstance(value, StampedDict):
            value = StampedDict(value)
        elif name == "_reach_cache" and not isinstance(value, ReachCache):
            value = ReachCache(value)
        object.__setattr__(self, name, value)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickled field by field through :meth:`__setattr__`, so a board pickled
        before a field's kind changed (a plain dict where a :class:`ReachCache` is
        needed now) is read as it is now."""
        for name, value in state.items():
            setattr(self, name, value)

    def content_digest(self) -> tuple[int, int, int, int]:
        """A digest of :meth:`trace_key`'s content, found without reading the board (the
        digests its :class:`ContentDict` keeps): equal for boards with equal keys, and
        for others seldom (compare the content to be sure)."""
        return (len(self.spaces), len(self.pieces), self.tiles.digest,  # type: ignore[attr-defined]
                self.hubs.digest)  # type: ignore[attr-defined]

    def trace_key(self) -> tuple[object, ...]:
        """What tracing depends on: the map pieces, the tiles and the hubs (the hubs'
        part remembered per hubs' stamp: a lay changes only the tiles)."""
        stamp = ("hubs content", self.hubs.stamp)  # type: ignore[attr-defined]
        hubs = self._reach_cache.get(stamp)
        if hubs is None:
            hubs = self._reach_cache[stamp] = frozenset(
                (ref, tuple(owners)) for ref, owners in self.hubs.items())
        return (len(self.spaces), tuple(self.pieces), frozenset(self.tiles.items()), hubs)

    def stamp_key(self) -> tuple[object, ...]:
        """A key that is equal only for boards with the same spaces, tiles and hubs (the
        same content as :meth:`trace_key`'s, and the same spaces), found without reading
        them: their dicts' stamps (:class:`StampedDict`), which a copy keeps and every
        change replaces. Content-equal boards with different histories may differ here
        (then :meth:`trace_key` still finds them equal)."""
        return (self.spaces.stamp, self.tiles.stamp,  # type: ignore[attr-defined]
                self.hubs.stamp, len(self.pieces))  # type: ignore[attr-defined]

    @classmethod
    def empty(cls, components: Components) -> Board:
        supply = {t.id: t.count for t in components.tiles.values() if t.count is not None}
        return cls(components=components, supply=supply, _pseudo=_shared_pseudo(components))

    # -- building the map ------------------------------------------------------
    def border_map(self) -> dict[Hex, bool]:
        """Every placed hex and whether it is a black border hex (for piece placement)."""
        return {h: s.terrain == BORDER for h, s in self.spaces.items()}

    def add_piece(self, piece: MapPiece, anchor: Hex, rotation: int) -> list[Hex]:
        """Put a map piece on the table (placement rules are checked by the caller)."""
        shape, hexes = _shape_and_hexes(piece)
        cells = place_hexes(shape, anchor, rotation)
        for cell, mh in zip(cells, hexes, strict=True):
            # In field order, positionally (binding a dozen keywords per hex was a fair
            # share of a replay's map building): hex, terrain, piece, home, cost, printed,
            # printed_rotation, home_stop, destination, open_edges, water_edges.
            space = Space(
                cell,
                mh.terrain,
                piece.number,
                mh.home,
                mh.cost if mh.cost else (self.components.map_rules.mountain_cost
                                         if mh.terrain == MOUNTAIN or mh.mountain else 0),
                mh.track,
                rotation,
                mh.home_stop or 0,
                mh.destination,
                _turned(mh.open_edges, rotation),
                _turned(mh.water_edges, rotation),
            )
            self.add_space(space)
        self.pieces.append((piece.number, anchor, rotation))
        return cells

    def add_space(self, space: Space) -> None:
        """Add one hex (a piece's, or a single-hex filler) and its printed content."""
        self.spaces[space.hex] = space
        h = space.hex
        if space.printed is not None:
            self._put(h, space.printed, space.printed_rotation)
        elif space.terrain == CITY:
            self._put(h, self._untiled_city(), 0)
        elif space.terrain == DESTINATION:
            self._put(h, self._destination_tile(space.open_edges), 0)
        if space.home is not None and space.terrain == CITY:
            self.reserved[(h, space.home_stop)] = space.home

    def make_capital(self, h: Hex) -> None:
        """The capital overlay: a basic city becomes a capital city."""
        self.spaces[h] = replace(self.spaces[h], capital=True)

    def _untiled_city(self) -> TileDef:
        rules = self.components.map_rules
        tile = self._pseudo.get("untiled-city")
        if tile is None:
            tile = TileDef(id="untiled-city", colour=EMPTY_COLOUR,
                           stops=(Stop(rules.untiled_city_revenue, rules.untiled_city_slots, ()),),
                           provisional="the printed value of an untiled city is unknown")
            self._pseudo["untiled-city"] = tile
        return tile

    def _destination_tile(self, edges: frozenset[int]) -> TileDef:
        key = "destination-" + "".join(str(e) for e in sorted(edges))
        tile = self._pseudo.get(key)
        if tile is None:
            tile = TileDef(id=key, colour=EMPTY_COLOUR,
                           stops=(Stop(0, 0, tuple(sorted(edges)), kind="destination"),))
            self._pseudo[key] = tile
        return tile

    # -- tiles -----------------------------------------------------------------
    def _put(self, h: Hex, tile: TileDef, rotation: int) -> None:
        self.tiles[h] = (tile.id, rotation)
        self.track.lay(h, tile, rotation)

    def tile_at(self, h: Hex) -> tuple[TileDef, int] | None:
        laid = self.track.laid.get(h)
        return (laid.tile, laid.rotation) if laid is not None else None

    def lay_tile(self, h: Hex, tile: TileDef, rotation: int) -> TileDef | None:
        """Lay ``tile`` from the supply on ``h``; the replaced supply tile goes back.

        Hubs, reservations and suburbs stay (a hub on stop i stays on stop i).
        Returns the tile that was replaced, if any.
        """
        old = self.tile_at(h)
        if tile.id in self.supply:
            self.supply[tile.id] -= 1
        replaced = None
        if old is not None:
            replaced = old[0]
            if replaced.id in self.supply:
                self.supply[replaced.id] += 1
        self._put(h, tile, rotation)
        return replaced

    # -- tokens ----------------------------------------------------------------
    def stop(self, ref: StopRef) -> Stop:
        laid = self.track.laid[ref[0]]
        return laid.tile.stops[ref[1]]

    def stops_on(self, h: Hex) -> list[StopRef]:
        laid = self.track.laid.get(h)
        return [] if laid is None else [(h, i) for i in range(len(laid.tile.stops))]

    def hubs_of(self, company: str) -> list[StopRef]:
        return [ref for ref, owners in self.hubs.items() if company in owners]

    def free_slots(self, ref: StopRef) -> int:
        """Slots neither filled by a hub nor held for an unlaunched minor."""
        stop = self.stop(ref)
        held = 1 if ref in self.reserved else 0
        return stop.slots - len(self.hubs.get(ref, ())) - held

    def blocks(self, ref: StopRef, company: str, overnight: bool = False) -> bool:
        """May ``company`` pass through this stop? A Distant Destination never lets a
        route through; a city full of other companies' hubs blocks unless the company has
        a hub there (or, for Overnight, never: it may skip over full cities). A spot held
        for an unlaunched minor does not block."""
        return stop_blocks(self.stop(ref), self.hubs.get(ref, ()), company, overnight)

    def place_hub(self, ref: StopRef, company: str) -> None:
        self.hubs[ref] = [*self.hubs.get(ref, ()), company]

    def launch_home(self, minor: str, ref: StopRef) -> None:
        """A minor launches: its reservation (if any) becomes its hub."""
        self.reserved = {r: m for r, m in self.reserved.items() if m != minor}
        self.place_hub(ref, minor)

    def remove_hubs(self, company: str) -> None:
        for ref in list(self.hubs):
            owners = [c for c in self.hubs[ref] if c != company]
            if owners:
                self.hubs[ref] = owners
            else:
                del self.hubs[ref]

    # -- geometry helpers ------------------------------------------------------
    def on_map(self, h: Hex) -> bool:
        return h in self.spaces

    def neighbours_of(self, h: Hex, edges: Iterable[int]) -> list[tuple[int, Hex]]:
        return [(e, neighbour(h, e)) for e in edges]

    def copy(self) -> Board:
        """An independent copy that shares the derived results (``_reach_cache``) and
        keeps the stamps (and digests) of the stamped dicts (the same content).

        The fields are set one by one, in field order, with ``object.__setattr__`` (they
        are stamped already: :meth:`__setattr__` has nothing to do), rather than through
        ``__init__`` or a copied ``__dict__`` (an instance filled through its ``__dict__``
        reads its attributes slower ever after)."""
        new = object.__new__(Board)
        put = object.__setattr__
        put(new, "components", self.components)
        put(new, "spaces", self.spaces.copy())
        put(new, "track", self.track.copy())
        put(new, "tiles", self.tiles.copy())
        put(new, "supply", self.supply.copy())
        hubs = self.hubs.copy()
        for ref, owners in hubs.items():  # the same content: the stamp and digest stay
            dict.__setitem__(hubs, ref, owners.copy())
        put(new, "hubs", hubs)
        put(new, "reserved", self.reserved.copy())
        put(new, "suburbs", self.suburbs.copy())
        put(new, "pieces", self.pieces.copy())
        put(new, "_pseudo", self._pseudo)
        put(new, "_reach_cache", self._reach_cache)
        return new
