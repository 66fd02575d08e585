"""Map files: save a built map as JSON and load a fixed map (the "Custom and Pre-Made
Maps" variant, ../shared/rules/001 Variants), the map editor's format too.

A map file is one JSON object::

    {
      "format": "boardroom.lost_atlas.map",
      "version": 1,
      "name": "Twin Bays",                      (optional)
      "free_placement": false,                  (optional, default false)
      "pieces": [{"number": 12, "anchor": [0, 0], "rotation": 0}, ...],
      "capitals": [[1, 0]],                     (optional) capital overlays, on basic cities
      "fillers": [[2, 2]],                      (optional) single blank hexes
      "overlays": [{"overlay": "blank-city", "face": "city", "hex": [3, 3]}],   (optional)
      "destination_card": "recommended",        (optional) the card of every DD ...
      "destination_cards": {"DD27": "card-2"}   (optional) ... unless paired here
    }

``anchor`` is where the piece's hex A goes and ``rotation`` how many sixths it is turned
clockwise about A (as in :mod:`boardroom.titles.lost_atlas.board.mapbuild`). Pieces are laid
in the listed order and, unless ``free_placement`` is true, each must obey the map
building rules (at least 3 shared edges with the pieces before it, no edge shared with a
black border hex, no overlap; the first piece may go anywhere). With ``free_placement``
("place each tile exactly where you want it") only overlaps are refused.

Single hexes. ``fillers`` are blank faces of the single-hex overlay tiles; ``overlays``
name the tile (a ``single_hex`` overlay of the data) and the face shown. Reading (the
rules are silent): a single hex is an extra hex of the map, laid on an empty hex, never
on top of a map piece's hex; without ``free_placement`` it must share an edge with the
map and no edge with a black border hex (the filler rule). The fillers and overlays
together use at most the data's single hexes (12), and each overlay tile at most its
count. Capitals are laid last, on basic cities (not a minor's home, not a capital), at
most one per capital overlay of the data. Every check failure raises
:class:`MapFileError` naming the entry (``pieces[3]``, ``capitals[0]``...).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from boardroom.core.errors import BoardroomError
from boardroom.map.hexes import Hex
from boardroom.map.pieces import check_placement, place_hexes
from boardroom.titles.lost_atlas.board.board import BLANK, MOUNTAIN, Board, Space, piece_shape
from boardroom.titles.lost_atlas.board.components import Components
from boardroom.titles.lost_atlas.board.mapbuild import (
    RULE_CAPITAL_TARGET,
    MapBuilder,
    capital_problem,
    hex_text,
    placement_message,
    placement_rule,
    single_hex_problem,
)

FORMAT = "boardroom.lost_atlas.map"
VERSION = 1
_KEYS = ("format", "version", "name", "free_placement", "pieces", "capitals", "fillers",
         "overlays", "destination_card", "destination_cards")


class MapFileError(BoardroomError):
    """A map file that cannot be read or breaks a rule; the message names the entry."""


@dataclass(frozen=True)
class PieceEntry:
    number: int
    anchor: Hex
    rotation: int


@dataclass(frozen=True)
class OverlayEntry:
    overlay: str
    """A ``single_hex`` overlay of the component data."""
    face: str
    hex: Hex


@dataclass(frozen=True)
class MapSpec:
    """What a map file says, before any rule is checked."""

    pieces: tuple[PieceEntry, ...]
    capitals: tuple[Hex, ...] = ()
    fillers: tuple[Hex, ...] = ()
    overlays: tuple[OverlayEntry, ...] = ()
    destination_card: str | None = None
    """None: the recommended card."""
    destination_cards: Mapping[str, str] = field(default_factory=dict)
    free_placement: bool = False
    name: str = ""


@dataclass
class LoadedMap:
    """A checked map: the board built from it and every destination's card."""

    spec: MapSpec
    board: Board
    destination_cards: dict[str, str]


# --------------------------------------------------------------------------- JSON


def spec_to_json(spec: MapSpec) -> dict[str, Any]:
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if spec.name:
        out["name"] = spec.name
    out["free_placement"] = spec.free_placement
    out["pieces"] = [
        {"number": p.number, "anchor": list(p.anchor), "rotation": p.rotation}
        for p in spec.pieces
    ]
    out["capitals"] = [list(h) for h in spec.capitals]
    out["fillers"] = [list(h) for h in spec.fillers]
    out["overlays"] = [
        {"overlay": o.overlay, "face": o.face, "hex": list(o.hex)} for o in spec.overlays
    ]
    if spec.destination_card is not None:
        out["destination_card"] = spec.destination_card
    out["destination_cards"] = dict(sorted(spec.destination_cards.items()))
    return out


def dumps(spec: MapSpec) -> str:
    return json.dumps(spec_to_json(spec), indent=2) + "\n"


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MapFileError(f"{where}: expected an integer, not {value!r}")
    return value


def _hex(value: object, where: str) -> Hex:
    if not isinstance(value, list) or len(value) != 2:
        raise MapFileError(f"{where}: expected a hex [q, r], not {value!r}")
    return (_int(value[0], f"{where}[0]"), _int(value[1], f"{where}[1]"))


def _list(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise MapFileError(f"{where}{key}: expected a list")
    return value


def _object(value: object, where: str, keys: Sequence[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise MapFileError(f"{where}: expected an object")
    missing = [k for k in keys if k not in value]
    extra = sorted(set(value) - set(keys))
    if missing:
        raise MapFileError(f"{where}: missing {', '.join(missing)}")
    if extra:
        raise MapFileError(f"{where}: unknown key(s) {', '.join(extra)}")
    return value


def spec_from_json(data: object, source: str = "map") -> MapSpec:
    """Read a map file's JSON value (format only; :func:`build` checks the rules)."""
    if not isinstance(data, dict):
        raise MapFileError(f"{source}: a map file is a JSON object")
    extra = sorted(set(data) - set(_KEYS))
    if extra:
        raise MapFileError(f"{source}: unknown key(s) {', '.join(extra)}")
    if data.get("format") != FORMAT:
        raise MapFileError(f"{source}: format: expected {FORMAT!r}, not {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise MapFileError(f"{source}: version: this reader knows version {VERSION} only")
    where = f"{source}: "
    free = data.get("free_placement", False)
    if not isinstance(free, bool):
        raise MapFileError(f"{where}free_placement: expected true or false")
    name = data.get("name", "")
    if not isinstance(name, str):
        raise MapFileError(f"{where}name: expected a string")
    if "pieces" not in data:
        raise MapFileError(f"{where}pieces: missing")
    pieces = []
    for i, raw in enumerate(_list(data, "pieces", where)):
        at = f"{where}pieces[{i}]"
        entry = _object(raw, at, ("number", "anchor", "rotation"))
        pieces.append(PieceEntry(
            _int(entry["number"], f"{at}.number"),
            _hex(entry["anchor"], f"{at}.anchor"),
            _int(entry["rotation"], f"{at}.rotation"),
        ))
    capitals = tuple(_hex(v, f"{where}capitals[{i}]")
                     for i, v in enumerate(_list(data, "capitals", where)))
    fillers = tuple(_hex(v, f"{where}fillers[{i}]")
                    for i, v in enumerate(_list(data, "fillers", where)))
    overlays = []
    for i, raw in enumerate(_list(data, "overlays", where)):
        at = f"{where}overlays[{i}]"
        entry = _object(raw, at, ("overlay", "face", "hex"))
        for key in ("overlay", "face"):
            if not isinstance(entry[key], str):
                raise MapFileError(f"{at}.{key}: expected a string")
        overlays.append(OverlayEntry(entry["overlay"], entry["face"], _hex(entry["hex"],
                                                                           f"{at}.hex")))
    card = data.get("destination_card")
    if card is not None and not isinstance(card, str):
        raise MapFileError(f"{where}destination_card: expected a card id")
    cards = data.get("destination_cards", {})
    if not isinstance(cards, dict) or not all(isinstance(v, str) for v in cards.values()):
        raise MapFileError(f"{where}destination_cards: expected an object of card ids")
    return MapSpec(tuple(pieces), capitals, fillers, tuple(overlays), card, dict(cards), free,
                   name)


# --------------------------------------------------------------------------- checking


def build(components: Components, spec: MapSpec, source: str = "map") -> LoadedMap:
    """Lay out ``spec`` on an empty board, checking every entry."""
    where = f"{source}: "
    board = Board.empty(components)
    placed: dict[Hex, bool] = {}
    used: dict[int, int] = {}
    min_shared = components.map_rules.min_shared_edges
    if not spec.pieces:
        raise MapFileError(f"{where}pieces: a map has at least one map piece")
    for i, p in enumerate(spec.pieces):
        at = f"{where}pieces[{i}] (piece {p.number} at {hex_text(p.anchor)} turned {p.rotation})"
        piece = components.map_pieces.get(p.number)
        if piece is None:
            raise MapFileError(f"{at}: there is no map piece {p.number}")
        used[p.number] = used.get(p.number, 0) + 1
        if used[p.number] > piece.copies:
            raise MapFileError(f"{at}: only {piece.copies} cop"
                               f"{'y' if piece.copies == 1 else 'ies'} of piece {p.number} exist")
        if not 0 <= p.rotation < 6:
            raise MapFileError(f"{at}: a rotation is 0 to 5")
        shape = piece_shape(piece)
        if spec.free_placement:
            clash = [c for c in place_hexes(shape, p.anchor, p.rotation) if c in placed]
            if clash:
                raise MapFileError(f"{at}: overlaps the map at {hex_text(clash[0])} "
                                   "[rule lost_atlas.map.overlap]")
        else:
            raw = check_placement(shape, placed, p.anchor, p.rotation, min_shared)
            if raw is not None:
                raise MapFileError(f"{at}: {placement_message(raw, min_shared)} "
                                   f"[rule {placement_rule(raw)}]")
        cells = board.add_piece(piece, p.anchor, p.rotation)
        for cell, border in zip(cells, shape.border, strict=True):
            placed[cell] = border
    singles = {o.id: o for o in components.overlays.values() if o.kind == "single_hex"}
    total = sum(o.count for o in singles.values())
    if len(spec.fillers) + len(spec.overlays) > total:
        raise MapFileError(f"{where}fillers and overlays: {len(spec.fillers)} + "
                           f"{len(spec.overlays)} single hexes, only {total} exist")
    per_tile: dict[str, int] = {}
    for i, o in enumerate(spec.overlays):
        at = f"{where}overlays[{i}] ({o.overlay} {o.face} on {hex_text(o.hex)})"
        tile = singles.get(o.overlay)
        if tile is None:
            raise MapFileError(f"{at}: no single-hex overlay {o.overlay!r} "
                               f"(known: {', '.join(singles)})")
        if o.face not in tile.faces:
            raise MapFileError(f"{at}: its faces are {' and '.join(tile.faces)}")
        per_tile[o.overlay] = per_tile.get(o.overlay, 0) + 1
        if per_tile[o.overlay] > tile.count:
            raise MapFileError(f"{at}: only {tile.count} {o.overlay} tiles exist")
        _single(placed, o.hex, spec.free_placement, at)
        cost = components.map_rules.mountain_cost if o.face == MOUNTAIN else 0
        board.add_space(Space(hex=o.hex, terrain=o.face, piece=0, cost=cost))
        placed[o.hex] = False
    for i, h in enumerate(spec.fillers):
        at = f"{where}fillers[{i}] ({hex_text(h)})"
        _single(placed, h, spec.free_placement, at)
        board.add_space(Space(hex=h, terrain=BLANK, piece=0))
        placed[h] = False
    n_capitals = sum(1 for o in components.overlays.values() if o.kind == "capital")
    if len(spec.capitals) > n_capitals:
        raise MapFileError(f"{where}capitals: only {n_capitals} capital overlays exist")
    for i, h in enumerate(spec.capitals):
        problem = capital_problem(board, h)
        if problem is not None:
            raise MapFileError(f"{where}capitals[{i}]: {problem} [rule {RULE_CAPITAL_TARGET}]")
        board.make_capital(h)
    card = spec.destination_card
    if card is None:
        recommended = [c.id for c in components.destination_cards.values() if c.recommended]
        card = recommended[0] if recommended else next(iter(components.destination_cards))
    if card not in components.destination_cards:
        raise MapFileError(f"{where}destination_card: no card {card!r}")
    dests = sorted({s.destination for s in board.spaces.values() if s.destination is not None})
    for dest, paired in spec.destination_cards.items():
        if dest not in dests:
            raise MapFileError(f"{where}destination_cards.{dest}: no such destination on the map")
        if paired not in components.destination_cards:
            raise MapFileError(f"{where}destination_cards.{dest}: no card {paired!r}")
    cards = {d: spec.destination_cards.get(d, card) for d in dests}
    return LoadedMap(spec, board, cards)


def _single(placed: dict[Hex, bool], h: Hex, free: bool, at: str) -> None:
    if free:
        if h in placed:
            raise MapFileError(f"{at}: {hex_text(h)} is already on the map "
                               "[rule lost_atlas.map.overlap]")
        return
    found = single_hex_problem(placed, h)
    if found is not None:
        raise MapFileError(f"{at}: {found[1]} [rule {found[0]}]")


def loads(components: Components, text: str, source: str = "map") -> LoadedMap:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MapFileError(f"{source}: not valid JSON: {exc}") from exc
    return build(components, spec_from_json(data, source), source)


def load_map(components: Components, path: str | Path) -> LoadedMap:
    """Read, check and lay out a map file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MapFileError(f"{path}: cannot read: {exc}") from exc
    return loads(components, text, str(path))


def save_map(spec: MapSpec, path: str | Path) -> None:
    Path(path).write_text(dumps(spec), encoding="utf-8")


def spec_from_builder(builder: MapBuilder, name: str = "") -> MapSpec:
    """The map a :class:`MapBuilder` made, as a map file's content."""
    variant = bool(builder.options["different_destinations"])
    return MapSpec(
        pieces=tuple(PieceEntry(n, a, r) for n, a, r in builder.board.pieces),
        capitals=tuple(h for _, h in builder.capitals),
        fillers=tuple(builder.fillers),
        destination_card=builder.destination_card,
        destination_cards=dict(builder.destination_cards) if variant else {},
        name=name,
    )


def spec_from_board(board: Board, destination_cards: Mapping[str, str],
                    name: str = "") -> MapSpec:
    """The map of a game under way (its printed map, not the track laid since), as a
    map file's content: each destination keeps the card it has in the game.

    A single hex showing anything but a blank face is written as the first single-hex
    overlay of the data with that face (the board keeps the face, not the tile).
    """
    singles = [o for o in board.components.overlays.values() if o.kind == "single_hex"]
    fillers: list[Hex] = []
    overlays: list[OverlayEntry] = []
    for h, space in sorted(board.spaces.items()):
        if space.piece != 0:
            continue
        if space.terrain == BLANK:
            fillers.append(h)
            continue
        tile = next((o for o in singles if space.terrain in o.faces), None)
        if tile is None:
            raise MapFileError(f"no single-hex tile shows {space.terrain!r} ({hex_text(h)})")
        overlays.append(OverlayEntry(tile.id, space.terrain, h))
    return MapSpec(
        pieces=tuple(PieceEntry(n, a, r) for n, a, r in board.pieces),
        capitals=tuple(h for h, sp in sorted(board.spaces.items()) if sp.capital),
        fillers=tuple(fillers),
        overlays=tuple(overlays),
        destination_cards=dict(destination_cards),
        name=name,
    )


# --------------------------------------------------------------------------- editor


class MapEditor:
    """Build a custom map programmatically; every change is checked at once and a
    refused change (a :class:`MapFileError`) leaves the map as it was.

    >>> from boardroom.titles.lost_atlas.board.components import load_components
    >>> ed = MapEditor(load_components())
    >>> ed.add_piece(16, (0, 0), 0)
    [(0, 0), (1, 0), (0, 1)]
    >>> ed.add_capital((0, 0))
    >>> ed.to_json()["capitals"]
    [[0, 0]]
    """

    def __init__(self, components: Components, free_placement: bool = False,
                 name: str = "") -> None:
        self.components = components
        self._spec = MapSpec(pieces=(), free_placement=free_placement, name=name)
        self._loaded: LoadedMap | None = None

    @classmethod
    def from_spec(cls, components: Components, spec: MapSpec) -> MapEditor:
        editor = cls(components)
        editor._set(spec)
        return editor

    @property
    def spec(self) -> MapSpec:
        return self._spec

    @property
    def board(self) -> Board:
        return self._loaded.board if self._loaded is not None else Board.empty(self.components)

    def _set(self, spec: MapSpec) -> None:
        loaded = build(self.components, spec, "editor") if spec.pieces else None
        if loaded is None and (spec.capitals or spec.fillers or spec.overlays
                               or spec.destination_cards):
            raise MapFileError("editor: the last map piece cannot go while other things remain")
        self._spec, self._loaded = spec, loaded

    def add_piece(self, number: int, anchor: Hex, rotation: int) -> list[Hex]:
        """Add a map piece; returns the hexes it covers."""
        entry = PieceEntry(number, anchor, rotation)
        self._set(replace(self._spec, pieces=(*self._spec.pieces, entry)))
        piece = self.components.map_pieces[number]
        return place_hexes(piece_shape(piece), anchor, rotation)

    def remove_piece(self, at: Hex) -> PieceEntry:
        """Remove the map piece covering ``at`` (and a capital on it). Refused if the rest
        of the map would then break a rule."""
        board = self.board
        space = board.spaces.get(at)
        if space is None or space.piece == 0:
            raise MapFileError(f"editor: no map piece covers {hex_text(at)}")
        found = [
            (i, entry, cells)
            for i, entry in enumerate(self._spec.pieces)
            for cells in [place_hexes(piece_shape(self.components.map_pieces[entry.number]),
                                      entry.anchor, entry.rotation)]
            if at in cells
        ]
        index, entry, cells = found[0]
        pieces = self._spec.pieces[:index] + self._spec.pieces[index + 1:]
        capitals = tuple(h for h in self._spec.capitals if h not in cells)
        self._set(replace(self._spec, pieces=pieces, capitals=capitals))
        return entry

    def add_overlay(self, overlay: str, face: str, h: Hex) -> None:
        """Add a single-hex overlay tile showing ``face`` (a blank face is a filler too)."""
        entry = OverlayEntry(overlay, face, h)
        self._set(replace(self._spec, overlays=(*self._spec.overlays, entry)))

    def add_filler(self, h: Hex) -> None:
        self._set(replace(self._spec, fillers=(*self._spec.fillers, h)))

    def add_capital(self, h: Hex) -> None:
        self._set(replace(self._spec, capitals=(*self._spec.capitals, h)))

    def set_destination_card(self, card: str, destination: str | None = None) -> None:
        """The card of one destination, or (``destination`` None) of all unpaired ones."""
        if destination is None:
            spec = replace(self._spec, destination_card=card)
        else:
            spec = replace(self._spec,
                           destination_cards={**self._spec.destination_cards, destination: card})
        self._set(spec)

    @property
    def destination_cards(self) -> dict[str, str]:
        return dict(self._loaded.destination_cards) if self._loaded is not None else {}

    def to_json(self) -> dict[str, Any]:
        return spec_to_json(self._spec)

    def dumps(self) -> str:
        return dumps(self._spec)
