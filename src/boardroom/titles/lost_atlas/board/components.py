"""The Railways of the Lost Atlas component data: load it, check it, expose it.

The data live in ``data/components.toml`` beside this module; docs/lost-atlas-components.md
describes the format, so a user can supply a whole file of their own (the rulebook's
Custom and Pre-Made Maps variant) to the same :func:`load_components`. Every entry is
checked; anything wrong raises :class:`ComponentError` with the entry named, e.g.
``tiles[id="23"].paths[1]: edge 7 is not 0-5``.

Values that are choices rather than facts carry a ``provisional`` reason in the file;
:func:`provisional_values` lists them all, and conflicting values kept for later are in
``Components.alternatives``.

>>> c = load_components()
>>> len(c.tiles), sum(t.count or 0 for t in c.tiles.values()), len(c.map_pieces)
(54, 135, 28)
>>> c.stock_track.launch_price(165, "yellow")
80
>>> c.train_stack("short", 4)
{'2': 6, '3': 5, '4': 3, '5': 2, '6': 2, '7': 7}
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from boardroom.core.errors import BoardroomError, OptionError
from boardroom.map.hexes import Hex
from boardroom.map.tiles import COLOURS, Stop, TileDef, colour_rank, upgrade_rotations

FORMAT = "lost-atlas-components"
VERSION = 1

TERRAINS = ("blank", "water", "mountain", "city", "border", "destination")
SYMBOLS = ("capital", "mine", "port")
SUPPLY_COLOURS = (*COLOURS, "blue")
PRINTED = "printed"
POSE: dict[str, Hex] = {"A": (0, 0), "B": (1, 0), "C": (0, 1)}
"""Where each hex of a map piece lies in its canonical pose (B on A's edge 5, C on A's 0)."""

_META_KEYS = frozenset({"note", "provisional", "alternatives"})


class ComponentError(BoardroomError):
    """A component data file that cannot be used; the message names the bad entry."""


# --------------------------------------------------------------------------- dataclasses


@dataclass(frozen=True)
class Alternative:
    """A value a source gives that the data did not choose, kept for later."""

    path: str
    value: object
    source: str
    note: str = ""


@dataclass(frozen=True)
class StockTrack:
    values: tuple[int, ...]
    closes: int
    """Position whose company is dissolved."""
    at_top: str
    """What a rise past the last space does ("stay")."""
    min_bid: int
    bid_step: int
    launch: Mapping[str, tuple[int, int]]
    """Phase id -> lowest and highest launch price."""

    def launch_prices(self, phase: str) -> tuple[int, ...]:
        low, high = self.launch[phase]
        return tuple(v for v in self.values if low <= v <= high)

    def launch_price(self, bid: int, phase: str) -> int:
        """Half the bid, rounded down to a printed value inside the phase's window."""
        allowed = self.launch_prices(phase)
        fitting = [v for v in allowed if v <= bid // 2]
        return max(fitting) if fitting else allowed[0]


@dataclass(frozen=True)
class TrainLimit:
    after: tuple[str, ...]
    """The limit holds once one of these trains has been bought or exported."""
    minor: int
    major: int | None
    """None: no major can exist yet."""


@dataclass(frozen=True)
class Phase:
    id: str
    opened_by: tuple[str, ...]
    tile_colours: tuple[str, ...]
    limits: tuple[TrainLimit, ...]


@dataclass(frozen=True)
class Train:
    id: str
    name: str
    stops: int | None
    """None: unlimited (the ∞-train)."""
    price: int
    colour: str
    rusted_by: tuple[str, ...] = ()
    back_of: str | None = None
    """The train on the other face of the same card."""
    trade_in_price: int | None = None
    trade_in: tuple[str, ...] = ()
    """Trains that may be traded in for ``trade_in_price`` (if not rusted)."""
    note: str = ""


@dataclass(frozen=True)
class TrainPrinting:
    id: str
    name: str
    cards: int
    counts: Mapping[str, int]
    marked: Mapping[str, int]
    """Cards marked "N+ players", left out with fewer than ``marked_min_players``."""
    marked_min_players: int
    unlimited: tuple[str, ...]
    note: str = ""


@dataclass(frozen=True)
class MapRules:
    mountain_cost: int
    untiled_city_revenue: int
    untiled_city_slots: int
    min_shared_edges: int
    first_tiles: Mapping[str, tuple[str, ...]]
    """Hex kind (blank, city, capital, water) -> the tiles it may take first."""


@dataclass(frozen=True)
class MapHex:
    pos: str
    axial: Hex
    terrain: str
    home: str | None = None
    mountain: bool = False
    cost: int = 0
    track: TileDef | None = None
    home_stop: int | None = None
    destination: str | None = None
    open_edges: tuple[int, ...] = ()
    water_edges: tuple[int, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class MapPiece:
    number: int
    copies: int
    short_copies: int
    hexes: tuple[MapHex, ...]
    stands_for_home: str | None = None
    note: str = ""

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


@dataclass(frozen=True)
class CapitalProject:
    id: str
    overlay: str
    instruction: str
    note: str = ""


@dataclass(frozen=True)
class Overlay:
    id: str
    kind: str
    """"capital" (turns a placed basic city into a capital) or "single_hex"."""
    count: int
    target: str | None = None
    faces: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Pile:
    destinations: int
    homes: int
    capital_projects: int


@dataclass(frozen=True)
class Mode:
    id: str
    name: str
    players: tuple[int, ...]
    cycles: str
    starting_cash: str
    capital_projects: int
    minors: str
    """"all", "short_game" or "on_map"."""
    minor_columns: tuple[int, ...]
    export: bool
    pieces: str = "copies"
    removed_pieces: Mapping[int, int] = field(default_factory=dict)
    random_removed_homes: int = 0
    piles: int = 1
    pile: Pile | None = None
    trains: Mapping[str, int] | None = None
    remove_one_of_each_except: tuple[str, ...] | None = None
    note: str = ""
    conglomerate: Conglomerate | None = None
    """The Solo Game's automated opponent (facts sheet §7.1); None in the other modes."""


@dataclass(frozen=True)
class Conglomerate:
    """The Solo Game's Conglomerate at setup (facts sheet §7.1; rules in ``solo.py``)."""

    minors: int
    treasury: int
    held_shares: int
    """Shares (the president's certificate) the Conglomerate holds itself."""
    charter_shares: int
    """Single shares under the charter, issued one per OR1 of ``issue_cycles``."""
    pool_shares: int
    hub_costs: tuple[int, ...]
    price_range: tuple[int, int]
    easy_max: int
    medium_max: int
    issue_cycles: tuple[int, ...]

    @property
    def shares(self) -> int:
        """Shares in play: held + under the charter + pool."""
        return self.held_shares + self.charter_shares + self.pool_shares


@dataclass(frozen=True)
class CharterShares:
    president_percent: int
    president_shares: int
    share_percent: int
    shares: int
    """Ordinary certificates besides the president's."""
    max_percent: int


@dataclass(frozen=True)
class MajorCharter(CharterShares):
    hubs: int
    free_hubs: int
    hub_costs: tuple[int, ...]


@dataclass(frozen=True)
class Minor:
    id: str
    name: str
    abbreviation: str
    home_piece: int | None
    """None: chosen at launch (Adaptive)."""
    hubs: int
    ability: str
    ability_text: str
    short_game: bool
    extra_hub_cost: int | None = None
    note: str = ""


@dataclass(frozen=True)
class Major:
    id: str
    name: str
    alt_name: str | None = None
    note: str = ""


@dataclass(frozen=True)
class DestinationCard:
    id: str
    name: str
    values: Mapping[str, int] | None
    """Phase id -> revenue; None for the blank card."""
    recommended: bool = False
    note: str = ""


@dataclass(frozen=True)
class BankBreak:
    bank: int
    removed: str
    certificate_limits: Mapping[int, int]


@dataclass(frozen=True)
class Money:
    bank: int
    bank_cards: int
    starting_cash: Mapping[str, Mapping[int, int]]
    """Schedule name -> player count -> cash each."""
    bank_break: BankBreak


@dataclass(frozen=True)
class Components:
    stock_track: StockTrack
    phases: tuple[Phase, ...]
    trains: dict[str, Train]
    train_printings: dict[str, TrainPrinting]
    train_printing: str
    tiles: dict[str, TileDef]
    printed_tiles: dict[str, TileDef]
    map_rules: MapRules
    map_pieces: dict[int, MapPiece]
    capital_projects: dict[str, CapitalProject]
    overlays: dict[str, Overlay]
    modes: dict[str, Mode]
    minor_charter: CharterShares
    minors: dict[str, Minor]
    major_charter: MajorCharter
    majors: dict[str, Major]
    destination_cards: dict[str, DestinationCard]
    money: Money
    cycles: dict[str, int]
    provisional: tuple[tuple[str, str], ...] = ()
    alternatives: tuple[Alternative, ...] = ()
    source: str = ""

    def phase(self, phase_id: str) -> Phase:
        for p in self.phases:
            if p.id == phase_id:
                return p
        raise KeyError(phase_id)

    def tile(self, tile_id: str) -> TileDef:
        """A supply tile or a printed one."""
        if tile_id in self.tiles:
            return self.tiles[tile_id]
        return self.printed_tiles[tile_id]

    def mode(self, mode_id: str) -> Mode:
        if mode_id not in self.modes:
            raise OptionError(f"unknown mode {mode_id!r} (known: {', '.join(self.modes)})")
        return self.modes[mode_id]

    def _mode_players(self, mode_id: str, players: int) -> Mode:
        mode = self.mode(mode_id)
        if players not in mode.players:
            allowed = ", ".join(map(str, mode.players))
            raise OptionError(f"{mode.name} is for {allowed} players, not {players}")
        return mode

    def train_stack(
        self, mode_id: str, players: int, printing: str | None = None
    ) -> dict[str, int]:
        """Cards of each train type in the stack at the start of a game."""
        mode = self._mode_players(mode_id, players)
        if mode.trains is not None:
            return dict(mode.trains)
        chosen = self.train_printings[printing or self.train_printing]
        stack = {}
        for card, count in chosen.counts.items():
            if players < chosen.marked_min_players:
                count -= chosen.marked.get(card, 0)
            keep = mode.remove_one_of_each_except
            if keep is not None and card not in keep:
                count = max(0, count - 1)
            stack[card] = count
        return stack

    def starting_cash(self, mode_id: str, players: int) -> int:
        mode = self._mode_players(mode_id, players)
        return self.money.starting_cash[mode.starting_cash][players]

    def mode_pieces(self, mode_id: str) -> dict[int, int]:
        """Piece number -> copies in the mode's stack, before random removals and piles."""
        mode = self.mode(mode_id)
        out = {}
        for number, piece in self.map_pieces.items():
            copies = piece.short_copies if mode.pieces == "short_copies" else piece.copies
            copies -= mode.removed_pieces.get(number, 0)
            if copies > 0:
                out[number] = copies
        return out

    def mode_pile_size(self, mode_id: str) -> int:
        """Map pieces in the stack one game uses (one pile in Micro games)."""
        mode = self.mode(mode_id)
        total = sum(self.mode_pieces(mode_id).values()) - mode.random_removed_homes
        return total // mode.piles


def provisional_values(components: Components) -> list[tuple[str, str]]:
    """Every value the data file marks provisional: (path, reason), in reading order."""
    return list(components.provisional)


def provisional_markdown(components: Components) -> str:
    """The provisional values as a Markdown list (docs/lost-atlas-components.md)."""
    return "".join(f"- `{path}` — {reason}\n" for path, reason in components.provisional)


# --------------------------------------------------------------------------- loading


def load_components(path: str | Path | None = None) -> Components:
    """Read and check a component file; None reads the one shipped with Boardroom."""
    if path is None:
        source = "lost_atlas/data/components.toml"
        resource = resources.files("boardroom.titles.lost_atlas").joinpath("data/components.toml")
        data = resource.read_bytes()
    else:
        source = str(path)
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            raise ComponentError(f"{source}: cannot read: {exc.strerror or exc}") from exc
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ComponentError(f"{source}: not UTF-8 text: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(f"{source}: not valid TOML: {exc}") from exc
    return _Parser(source).parse(raw)


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a float"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _as_int(value: object, where: str, minimum: int | None = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ComponentError(f"{where}: expected an integer, got {_kind(value)}")
    if minimum is not None and value < minimum:
        if minimum == 0:
            raise ComponentError(f"{where}: {value} is negative")
        raise ComponentError(f"{where}: {value} is less than {minimum}")
    return value


def _as_str(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise ComponentError(f"{where}: expected a string, got {_kind(value)}")
    if not value.strip():
        raise ComponentError(f"{where}: must not be empty")
    return value


def _as_list(value: object, where: str) -> list[object]:
    if not isinstance(value, list):
        raise ComponentError(f"{where}: expected an array, got {_kind(value)}")
    return value


def _freeze(value: object) -> object:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    return value


class _Table:
    """One TOML table being read: where it is, and which keys have been used."""

    def __init__(self, raw: object, where: str, parser: _Parser) -> None:
        if not isinstance(raw, dict):
            raise ComponentError(f"{where or 'file'}: expected a table, got {_kind(raw)}")
        self.raw: dict[str, object] = raw
        self.where = where
        self.parser = parser
        self.used: set[str] = set()

    @property
    def label(self) -> str:
        return self.where or "file"

    def at(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def has(self, key: str) -> bool:
        return key in self.raw

    def take(self, key: str) -> object:
        if key not in self.raw:
            raise ComponentError(f"{self.label}: missing key {key!r}")
        self.used.add(key)
        return self.raw[key]

    def get_int(self, key: str, minimum: int | None = 0, default: int | None = None) -> int:
        if default is not None and key not in self.raw:
            return default
        return _as_int(self.take(key), self.at(key), minimum)

    def get_opt_int(self, key: str, minimum: int | None = 0) -> int | None:
        return self.get_int(key, minimum) if key in self.raw else None

    def get_str(self, key: str, choices: tuple[str, ...] | None = None) -> str:
        value = _as_str(self.take(key), self.at(key))
        if choices is not None and value not in choices:
            raise ComponentError(
                f"{self.at(key)}: {value!r} is not one of {', '.join(map(repr, choices))}"
            )
        return value

    def get_opt_str(self, key: str, choices: tuple[str, ...] | None = None) -> str | None:
        return self.get_str(key, choices) if key in self.raw else None

    def get_bool(self, key: str, default: bool | None = None) -> bool:
        if default is not None and key not in self.raw:
            return default
        value = self.take(key)
        if not isinstance(value, bool):
            raise ComponentError(f"{self.at(key)}: expected true or false, got {_kind(value)}")
        return value

    def get_list(self, key: str, default: list[object] | None = None) -> list[object]:
        if default is not None and key not in self.raw:
            return default
        return _as_list(self.take(key), self.at(key))

    def get_int_list(
        self, key: str, minimum: int | None = 0, default: tuple[int, ...] | None = None
    ) -> tuple[int, ...]:
        if default is not None and key not in self.raw:
            return default
        items = self.get_list(key)
        return tuple(_as_int(v, f"{self.at(key)}[{i}]", minimum) for i, v in enumerate(items))

    def get_str_list(self, key: str, default: tuple[str, ...] | None = None) -> tuple[str, ...]:
        if default is not None and key not in self.raw:
            return default
        items = self.get_list(key)
        out = tuple(_as_str(v, f"{self.at(key)}[{i}]") for i, v in enumerate(items))
        for i, v in enumerate(out):
            if v in out[:i]:
                raise ComponentError(f"{self.at(key)}[{i}]: {v!r} is listed twice")
        return out

    def get_table(self, key: str) -> _Table:
        return _Table(self.take(key), self.at(key), self.parser)

    def get_int_map(self, key: str, minimum: int | None = 0) -> dict[str, int]:
        table = self.get_table(key)
        out = {k: table.get_int(k, minimum) for k in table.raw if k not in _META_KEYS}
        table.close()
        return out

    def subtables(self) -> Iterator[tuple[str, _Table]]:
        for key in list(self.raw):
            if key not in _META_KEYS:
                yield key, self.get_table(key)

    def note(self) -> str:
        if "note" not in self.raw:
            return ""
        return _as_str(self.raw["note"], self.at("note"))

    def close(self) -> None:
        """Record provisional values and alternatives; refuse unknown keys."""
        if "note" in self.raw:
            _as_str(self.raw["note"], self.at("note"))
        if "provisional" in self.raw:
            self._provisional(self.raw["provisional"])
        if "alternatives" in self.raw:
            for i, raw in enumerate(_as_list(self.raw["alternatives"], self.at("alternatives"))):
                alt = _Table(raw, f"{self.at('alternatives')}[{i}]", self.parser)
                target = alt.get_str("field")
                self._check_field(target, alt.at("field"))
                value = _freeze(alt.take("value"))
                source = alt.get_str("source")
                note = alt.note()
                alt.close()
                self.parser.alternatives.append(
                    Alternative(f"{self.label}.{target}", value, source, note)
                )
        unknown = [k for k in self.raw if k not in self.used and k not in _META_KEYS]
        if unknown:
            raise ComponentError(f"{self.label}: unknown key {unknown[0]!r}")

    def _check_field(self, target: str, where: str) -> None:
        head = re.split(r"[.\[]", target, maxsplit=1)[0]
        if head not in self.raw or head in _META_KEYS:
            raise ComponentError(f"{where}: {target!r} is not a key of {self.label}")

    def _provisional(self, value: object) -> None:
        where = self.at("provisional")
        if isinstance(value, str):
            self.parser.provisional.append((self.label, _as_str(value, where)))
            return
        if not isinstance(value, dict):
            raise ComponentError(f"{where}: expected a string or a table, got {_kind(value)}")
        if not value:
            raise ComponentError(f"{where}: must not be empty")
        for key, reason in value.items():
            self._check_field(key, f"{where}.{key}")
            self.parser.provisional.append(
                (f"{self.label}.{key}", _as_str(reason, f"{where}.{key}"))
            )


class _Parser:
    def __init__(self, source: str) -> None:
        self.source = source
        self.provisional: list[tuple[str, str]] = []
        self.alternatives: list[Alternative] = []

    # ---- helpers

    def entries(self, parent: _Table, key: str, id_key: str = "id") -> list[tuple[str, _Table]]:
        """The tables of an array, each renamed by its id once read; ids must be unique."""
        out: list[tuple[str, _Table]] = []
        base = parent.at(key)
        for i, raw in enumerate(parent.get_list(key)):
            table = _Table(raw, f"{base}[{i}]", self)
            if id_key == "number":
                ident = str(table.get_int(id_key, minimum=1))
                table.where = f"{base}[{id_key}={ident}]"
            else:
                ident = table.get_str(id_key)
                table.where = f'{base}[{id_key}="{ident}"]'
            if any(ident == seen for seen, _ in out):
                raise ComponentError(f"{table.where}: duplicate {id_key}")
            out.append((ident, table))
        if not out:
            raise ComponentError(f"{base}: must not be empty")
        return out

    @staticmethod
    def edge(value: object, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ComponentError(f"{where}: edge {value!r} is not 0-5")
        if not 0 <= value <= 5:
            raise ComponentError(f"{where}: edge {value} is not 0-5")
        return value

    def edges(self, table: _Table, key: str) -> tuple[int, ...]:
        where = table.at(key)
        items = table.get_list(key, default=[])
        out = tuple(self.edge(v, where) for v in items)
        if len(set(out)) != len(out):
            raise ComponentError(f"{where}: an edge is listed twice")
        return out

    # ---- the file

    def parse(self, raw: dict[str, object]) -> Components:
        root = _Table(raw, "", self)
        fmt = root.get_str("format")
        if fmt != FORMAT:
            raise ComponentError(f"format: {fmt!r} is not {FORMAT!r}")
        version = root.get_int("version")
        if version != VERSION:
            raise ComponentError(
                f"version: {version} is not supported (this reader knows {VERSION})"
            )

        phases = self.phases(root)
        phase_ids = tuple(p.id for p in phases)
        stock = self.stock_track(root.get_table("stock_track"), phase_ids)
        trains = self.trains(root, phase_ids)
        self.check_phase_trains(phases, trains)
        printings = self.printings(root.get_table("train_printings"), trains)
        chosen = root.get_str("train_printing")
        if chosen not in printings:
            raise ComponentError(f"train_printing: no printing {chosen!r}")
        tiles = self.tiles(root, "tiles", printed=False)
        printed = self.tiles(root, "printed_tiles", printed=True)
        for tile_id in printed:
            if tile_id in tiles:
                raise ComponentError(f'printed_tiles[id="{tile_id}"]: id is also a supply tile')
        self.check_upgrades(tiles, printed)
        map_rules = self.map_rules(root.get_table("map"), tiles)
        minor_charter, minors = self.minors(root)
        pieces = self.map_pieces(root, map_rules, printed, minors)
        overlays = self.overlays(root)
        projects = self.capital_projects(root, overlays)
        major_charter, majors = self.majors(root)
        cards = self.destination_cards(root, phase_ids)
        money = self.money(root.get_table("money"))
        cycles = root.get_int_map("cycles", minimum=1)
        modes = self.modes(root, pieces, projects, minors, trains, money, cycles)
        root.close()
        return Components(
            stock_track=stock,
            phases=phases,
            trains=trains,
            train_printings=printings,
            train_printing=chosen,
            tiles=tiles,
            printed_tiles=printed,
            map_rules=map_rules,
            map_pieces=pieces,
            capital_projects=projects,
            overlays=overlays,
            modes=modes,
            minor_charter=minor_charter,
            minors=minors,
            major_charter=major_charter,
            majors=majors,
            destination_cards=cards,
            money=money,
            cycles=cycles,
            provisional=tuple(self.provisional),
            alternatives=tuple(self.alternatives),
            source=self.source,
        )

    # ---- stock track and phases

    def stock_track(self, t: _Table, phase_ids: tuple[str, ...]) -> StockTrack:
        values = t.get_int_list("values")
        if len(values) < 2:
            raise ComponentError(f"{t.at('values')}: needs at least two spaces")
        for i in range(1, len(values)):
            if values[i] <= values[i - 1]:
                raise ComponentError(
                    f"{t.at('values')}[{i}]: {values[i]} does not rise above {values[i - 1]}"
                )
        closes = t.get_int("closes")
        if closes >= len(values):
            raise ComponentError(f"{t.at('closes')}: position {closes} is not on the track")
        at_top = t.get_str("at_top", choices=("stay",))
        min_bid = t.get_int("min_bid", minimum=1)
        bid_step = t.get_int("bid_step", minimum=1)
        launch_table = t.get_table("launch")
        launch: dict[str, tuple[int, int]] = {}
        for phase_id in phase_ids:
            window = launch_table.get_int_list(phase_id)
            where = launch_table.at(phase_id)
            if len(window) != 2:
                raise ComponentError(f"{where}: expected [lowest, highest]")
            low, high = window
            for v in window:
                if v not in values:
                    raise ComponentError(f"{where}: {v} is not a value on the track")
            if low > high:
                raise ComponentError(f"{where}: {low} is above {high}")
            launch[phase_id] = (low, high)
        launch_table.close()
        t.close()
        return StockTrack(values, closes, at_top, min_bid, bid_step, launch)

    def phases(self, root: _Table) -> tuple[Phase, ...]:
        out: list[Phase] = []
        previous: tuple[str, ...] = ()
        for phase_id, t in self.entries(root, "phases"):
            if phase_id not in COLOURS:
                raise ComponentError(f"{t.label}: a phase is a tile colour ({', '.join(COLOURS)})")
            if out and colour_rank(phase_id) <= colour_rank(out[-1].id):
                raise ComponentError(
                    f"{t.label}: phases must follow the order {', '.join(COLOURS)}"
                )
            opened_by = t.get_str_list("opened_by")
            colours = t.get_str_list("tiles")
            for i, colour in enumerate(colours):
                if colour not in COLOURS:
                    raise ComponentError(f"{t.at('tiles')}[{i}]: {colour!r} is not a tile colour")
            if phase_id not in colours:
                raise ComponentError(f"{t.at('tiles')}: must include the phase's own colour")
            if not set(previous) <= set(colours):
                raise ComponentError(f"{t.at('tiles')}: drops a colour of the previous phase")
            previous = colours
            limits = []
            for i, raw in enumerate(t.get_list("limits")):
                lt = _Table(raw, f"{t.at('limits')}[{i}]", self)
                after = lt.get_str_list("after")
                minor = lt.get_int("minor")
                major = lt.get_opt_int("major")
                lt.close()
                limits.append(TrainLimit(after, minor, major))
            if not limits:
                raise ComponentError(f"{t.at('limits')}: must not be empty")
            t.close()
            out.append(Phase(phase_id, opened_by, colours, tuple(limits)))
        return tuple(out)

    # ---- trains

    def trains(self, root: _Table, phase_ids: tuple[str, ...]) -> dict[str, Train]:
        tables = self.entries(root, "trains")
        ids = [i for i, _ in tables]
        out: dict[str, Train] = {}
        for train_id, t in tables:
            stops_raw = t.take("stops")
            stops: int | None
            if stops_raw == "unlimited":
                stops = None
            else:
                stops = _as_int(stops_raw, t.at("stops"), minimum=1)
            price = t.get_int("price", minimum=1)
            colour = t.get_str("colour")
            if colour not in phase_ids:
                raise ComponentError(f"{t.at('colour')}: {colour!r} is not a phase")
            rusted_by = t.get_str_list("rusted_by", default=())
            for i, other in enumerate(rusted_by):
                if other not in ids:
                    raise ComponentError(f"{t.at('rusted_by')}[{i}]: no train {other!r}")
            back_of = t.get_opt_str("back_of")
            if back_of is not None and (back_of not in ids or back_of == train_id):
                raise ComponentError(f"{t.at('back_of')}: no other train {back_of!r}")
            trade_in_price = t.get_opt_int("trade_in_price", minimum=1)
            trade_in: tuple[str, ...] = ()
            if t.has("trade_in"):
                if trade_in_price is None:
                    raise ComponentError(f"{t.label}: trade_in needs a trade_in_price")
                if t.raw["trade_in"] == "any_unrusted":
                    t.take("trade_in")
                    trade_in = tuple(ids)
                else:
                    trade_in = t.get_str_list("trade_in")
                    for i, other in enumerate(trade_in):
                        if other not in ids:
                            raise ComponentError(f"{t.at('trade_in')}[{i}]: no train {other!r}")
            elif trade_in_price is not None:
                raise ComponentError(f"{t.label}: trade_in_price needs trade_in")
            name = t.get_str("name")
            note = t.note()
            t.close()
            out[train_id] = Train(
                train_id,
                name,
                stops,
                price,
                colour,
                rusted_by,
                back_of,
                trade_in_price,
                trade_in,
                note,
            )
        for train in out.values():
            if train.back_of is not None and out[train.back_of].back_of is not None:
                raise ComponentError(
                    f'trains[id="{train.id}"].back_of: {train.back_of!r} is itself a back face'
                )
        return out

    def check_phase_trains(self, phases: tuple[Phase, ...], trains: dict[str, Train]) -> None:
        for phase in phases:
            where = f'phases[id="{phase.id}"]'
            for i, train_id in enumerate(phase.opened_by):
                if train_id not in trains:
                    raise ComponentError(f"{where}.opened_by[{i}]: no train {train_id!r}")
                if trains[train_id].colour != phase.id:
                    raise ComponentError(
                        f"{where}.opened_by[{i}]: train {train_id!r} is "
                        f"{trains[train_id].colour}, not {phase.id}"
                    )
            for j, limit in enumerate(phase.limits):
                for i, train_id in enumerate(limit.after):
                    if train_id not in trains:
                        raise ComponentError(
                            f"{where}.limits[{j}].after[{i}]: no train {train_id!r}"
                        )

    def printings(self, t: _Table, trains: dict[str, Train]) -> dict[str, TrainPrinting]:
        cards = [tid for tid, tr in trains.items() if tr.back_of is None]
        out: dict[str, TrainPrinting] = {}
        for printing_id, p in t.subtables():
            name = p.get_str("name")
            total = p.get_int("cards")
            counts = p.get_int_map("counts")
            for card in counts:
                if card not in cards:
                    raise ComponentError(f"{p.at('counts')}.{card}: no train card {card!r}")
            if sum(counts.values()) != total:
                raise ComponentError(
                    f"{p.at('counts')}: {sum(counts.values())} cards, but cards = {total}"
                )
            marked = p.get_int_map("marked") if p.has("marked") else {}
            for card, n in marked.items():
                if n > counts.get(card, 0):
                    raise ComponentError(f"{p.at('marked')}.{card}: more marked cards than cards")
            min_players = p.get_int("marked_min_players", minimum=1, default=1)
            unlimited = p.get_str_list("unlimited", default=())
            for i, card in enumerate(unlimited):
                if card not in counts:
                    raise ComponentError(f"{p.at('unlimited')}[{i}]: no count for {card!r}")
            note = p.note()
            p.close()
            out[printing_id] = TrainPrinting(
                printing_id, name, total, counts, marked, min_players, unlimited, note
            )
        t.close()
        if not out:
            raise ComponentError("train_printings: must not be empty")
        return out

    # ---- track tiles

    def tiles(self, root: _Table, key: str, printed: bool) -> dict[str, TileDef]:
        if printed and not root.has(key):
            return {}
        out: dict[str, TileDef] = {}
        for tile_id, t in self.entries(root, key):
            out[tile_id] = self.tile(tile_id, t, printed)
        return out

    def tile(self, tile_id: str, t: _Table, printed: bool) -> TileDef:
        if printed:
            colour, count = PRINTED, None
        else:
            colour = t.get_str("colour", choices=SUPPLY_COLOURS)
            count = t.get_int("count")
        paths: list[tuple[int, int]] = []
        for i, raw in enumerate(t.get_list("paths", default=[])):
            where = f"{t.at('paths')}[{i}]"
            pair = _as_list(raw, where)
            if len(pair) != 2:
                raise ComponentError(f"{where}: a path joins two edges, not {len(pair)}")
            a, b = self.edge(pair[0], where), self.edge(pair[1], where)
            if a == b:
                raise ComponentError(f"{where}: joins edge {a} to itself")
            if (min(a, b), max(a, b)) in {(min(p), max(p)) for p in paths}:
                raise ComponentError(f"{where}: the same path is listed twice")
            paths.append((a, b))
        stops: list[Stop] = []
        for i, raw in enumerate(t.get_list("stops", default=[])):
            st = _Table(raw, f"{t.at('stops')}[{i}]", self)
            revenue = st.get_int("revenue")
            slots = st.get_int("slots")
            edges = self.edges(st, "edges")
            kind = st.get_str("kind") if st.has("kind") else "city"
            st.close()
            for j, other in enumerate(stops):
                shared = set(edges) & set(other.edges)
                if shared:
                    raise ComponentError(
                        f"{st.label}.edges: edge {min(shared)} is also reached by stop {j}"
                        " (join stops with links instead)"
                    )
            stops.append(Stop(revenue, slots, edges, kind))
        links: list[tuple[int, int]] = []
        for i, raw in enumerate(t.get_list("links", default=[])):
            where = f"{t.at('links')}[{i}]"
            pair = _as_list(raw, where)
            if len(pair) != 2:
                raise ComponentError(f"{where}: a link joins two stops")
            a, b = (_as_int(v, where) for v in pair)
            if a == b or max(a, b) >= len(stops):
                raise ComponentError(f"{where}: needs two different stops of this tile")
            links.append((a, b))
        linked = {s for pair in links for s in pair}
        for i, stop in enumerate(stops):
            if not stop.edges and i not in linked:
                raise ComponentError(f"{t.at('stops')}[{i}]: reaches no edge and no other stop")
        if not paths and not stops:
            raise ComponentError(f"{t.label}: has neither paths nor stops")
        exclusive = t.get_bool("exclusive_stops", default=False)
        if exclusive and len(stops) < 2:
            raise ComponentError(f"{t.at('exclusive_stops')}: needs at least two stops")
        symbol = t.get_opt_str("symbol", choices=SYMBOLS)
        upgrades = t.get_str_list("upgrades", default=())
        keep_exits_only = t.get_bool("keep_exits_only", default=False)
        note = t.note()
        mark = len(self.provisional)
        t.close()
        reasons = []
        for path, why in self.provisional[mark:]:
            field_name = path[len(t.label) + 1 :]
            reasons.append(f"{field_name}: {why}" if field_name else why)
        return TileDef(
            id=tile_id,
            colour=colour,
            count=count,
            paths=tuple(paths),
            stops=tuple(stops),
            links=tuple(links),
            exclusive_stops=exclusive,
            symbol=symbol,
            upgrades=upgrades,
            keep_exits_only=keep_exits_only,
            note=note,
            provisional="; ".join(reasons),
        )

    def check_upgrades(self, tiles: dict[str, TileDef], printed: dict[str, TileDef]) -> None:
        for section, group in (("tiles", tiles), ("printed_tiles", printed)):
            for tile in group.values():
                where = f'{section}[id="{tile.id}"].upgrades'
                for i, target_id in enumerate(tile.upgrades):
                    problem = upgrade_problem(tile, tiles.get(target_id), target_id)
                    if problem:
                        raise ComponentError(f"{where}[{i}]: {problem}")

    def map_rules(self, t: _Table, tiles: dict[str, TileDef]) -> MapRules:
        mountain_cost = t.get_int("mountain_cost")
        revenue = t.get_int("untiled_city_revenue")
        slots = t.get_int("untiled_city_slots", minimum=1)
        shared = t.get_int("min_shared_edges", minimum=1)
        ft = t.get_table("first_tiles")
        wanted = {
            "blank": ("yellow", None),
            "city": ("yellow", None),
            "capital": ("yellow", "capital"),
            "water": ("blue", None),
        }
        first: dict[str, tuple[str, ...]] = {}
        for kind, (colour, symbol) in wanted.items():
            ids = ft.get_str_list(kind)
            for i, tile_id in enumerate(ids):
                where = f"{ft.at(kind)}[{i}]"
                tile = tiles.get(tile_id)
                if tile is None:
                    raise ComponentError(f"{where}: no tile {tile_id!r}")
                if tile.colour != colour or tile.symbol != symbol:
                    raise ComponentError(
                        f"{where}: tile {tile_id!r} is not a {colour} tile"
                        + (f" with symbol {symbol}" if symbol else " without a symbol")
                    )
                if (kind == "city" and not tile.stops) or (kind == "blank" and tile.stops):
                    raise ComponentError(f"{where}: tile {tile_id!r} does not suit a {kind} hex")
            first[kind] = ids
        ft.close()
        t.close()
        return MapRules(mountain_cost, revenue, slots, shared, first)

    # ---- map pieces

    def map_pieces(
        self,
        root: _Table,
        rules: MapRules,
        printed: dict[str, TileDef],
        minors: dict[str, Minor],
    ) -> dict[int, MapPiece]:
        out: dict[int, MapPiece] = {}
        dd_piece: dict[str, int] = {}
        homes: dict[str, int] = {}
        for ident, t in self.entries(root, "map_pieces", id_key="number"):
            number = int(ident)
            copies = t.get_int("copies", minimum=1, default=1)
            short_copies = t.get_int("short_copies", default=copies)
            if short_copies > copies:
                raise ComponentError(f"{t.at('short_copies')}: more than the {copies} copies")
            stands_for = t.get_opt_str("stands_for_home")
            if stands_for is not None and stands_for not in minors:
                raise ComponentError(f"{t.at('stands_for_home')}: no minor {stands_for!r}")
            raw_hexes = t.get_list("hexes")
            hexes: list[MapHex] = []
            for i, raw in enumerate(raw_hexes):
                ht = _Table(raw, f"{t.at('hexes')}[{i}]", self)
                pos = ht.get_str("pos", choices=tuple(POSE))
                ht.where = f'{t.at("hexes")}[pos="{pos}"]'
                if any(h.pos == pos for h in hexes):
                    raise ComponentError(f"{ht.label}: duplicate pos")
                hexes.append(self.map_hex(ht, pos, rules, printed, minors))
            if sorted(h.pos for h in hexes) != sorted(POSE):
                raise ComponentError(f"{t.at('hexes')}: a piece has exactly the hexes A, B and C")
            hexes.sort(key=lambda h: h.pos)
            for h in hexes:
                dest = h.destination
                if dest is not None and dd_piece.setdefault(dest, number) != number:
                    raise ComponentError(
                        f'{t.at("hexes")}[pos="{h.pos}"].destination: {dest!r} '
                        f"is also on piece {dd_piece[dest]}"
                    )
                if h.home is not None:
                    if h.home in homes:
                        raise ComponentError(
                            f'{t.at("hexes")}[pos="{h.pos}"].home: {h.home!r} '
                            f"also has a home on piece {homes[h.home]}"
                        )
                    homes[h.home] = number
            if (copies > 1) and any(h.home or h.destination for h in hexes):
                raise ComponentError(f"{t.at('copies')}: a home or destination piece is unique")
            for name in {h.destination for h in hexes if h.destination}:
                if not any(h.open_edges for h in hexes if h.destination == name):
                    raise ComponentError(f"{t.at('hexes')}: destination {name!r} has no open edge")
            note = t.note()
            t.close()
            out[number] = MapPiece(number, copies, short_copies, tuple(hexes), stands_for, note)
        for minor in minors.values():
            where = f'minors[id="{minor.id}"].home_piece'
            if minor.home_piece is None:
                if minor.id in homes:
                    raise ComponentError(
                        f"{where}: chosen at launch, but piece {homes[minor.id]} has its home"
                    )
            elif homes.get(minor.id) != minor.home_piece:
                raise ComponentError(
                    f"{where}: piece {minor.home_piece} has no home of {minor.id!r}"
                )
        return out

    def map_hex(
        self,
        t: _Table,
        pos: str,
        rules: MapRules,
        printed: dict[str, TileDef],
        minors: dict[str, Minor],
    ) -> MapHex:
        terrain = t.get_str("terrain", choices=TERRAINS)
        home = t.get_opt_str("home")
        if home is not None:
            if home not in minors:
                raise ComponentError(f"{t.at('home')}: no minor {home!r}")
            if terrain != "city":
                raise ComponentError(f"{t.at('home')}: a home is on a city hex")
        mountain = t.get_bool("mountain", default=False) or terrain == "mountain"
        track_id = t.get_opt_str("track")
        track = None
        if track_id is not None:
            if track_id not in printed:
                raise ComponentError(f"{t.at('track')}: no printed tile {track_id!r}")
            if terrain in ("water", "border", "destination"):
                raise ComponentError(f"{t.at('track')}: no track is printed on {terrain} hexes")
            track = printed[track_id]
        home_stop = t.get_opt_int("home_stop")
        if home_stop is not None:
            if home is None or track is None:
                raise ComponentError(f"{t.at('home_stop')}: only for a home with printed track")
            if home_stop >= len(track.stops):
                raise ComponentError(f"{t.at('home_stop')}: {track_id!r} has no stop {home_stop}")
        destination = t.get_opt_str("destination")
        open_edges = self.edges(t, "open_edges")
        if terrain == "destination":
            if destination is None:
                raise ComponentError(f"{t.label}: a destination hex needs a destination id")
        elif destination is not None or open_edges:
            raise ComponentError(f"{t.label}: destination keys on a {terrain} hex")
        water_edges = self.edges(t, "water_edges")
        if track is not None and set(water_edges) & track.exits():
            raise ComponentError(f"{t.at('water_edges')}: the printed track runs into water")
        note = t.note()
        t.close()
        return MapHex(
            pos=pos,
            axial=POSE[pos],
            terrain=terrain,
            home=home,
            mountain=mountain,
            cost=rules.mountain_cost if mountain else 0,
            track=track,
            home_stop=home_stop,
            destination=destination,
            open_edges=open_edges,
            water_edges=water_edges,
            note=note,
        )

    # ---- projects and overlays

    def overlays(self, root: _Table) -> dict[str, Overlay]:
        out: dict[str, Overlay] = {}
        for overlay_id, t in self.entries(root, "overlays"):
            kind = t.get_str("kind", choices=("capital", "single_hex"))
            count = t.get_int("count")
            target = None
            faces: tuple[str, ...] = ()
            if kind == "capital":
                target = t.get_str("target", choices=("basic_city",))
            else:
                faces = t.get_str_list("faces")
                if len(faces) != 2:
                    raise ComponentError(f"{t.at('faces')}: a single-hex overlay has two faces")
                for i, face in enumerate(faces):
                    if face not in ("blank", "water", "mountain", "city"):
                        raise ComponentError(f"{t.at('faces')}[{i}]: {face!r} is not a face")
            note = t.note()
            t.close()
            out[overlay_id] = Overlay(overlay_id, kind, count, target, faces, note)
        return out

    def capital_projects(
        self, root: _Table, overlays: dict[str, Overlay]
    ) -> dict[str, CapitalProject]:
        out: dict[str, CapitalProject] = {}
        used: set[str] = set()
        for project_id, t in self.entries(root, "capital_projects"):
            overlay = t.get_str("overlay")
            if overlay not in overlays or overlays[overlay].kind != "capital":
                raise ComponentError(f"{t.at('overlay')}: no capital overlay {overlay!r}")
            if overlay in used:
                raise ComponentError(f"{t.at('overlay')}: {overlay!r} belongs to another project")
            used.add(overlay)
            instruction = t.get_str("instruction")
            note = t.note()
            t.close()
            out[project_id] = CapitalProject(project_id, overlay, instruction, note)
        return out

    # ---- companies

    def minors(self, root: _Table) -> tuple[CharterShares, dict[str, Minor]]:
        charter = self.charter_shares(root.get_table("minor_charter"))
        out: dict[str, Minor] = {}
        abilities: set[str] = set()
        for minor_id, t in self.entries(root, "minors"):
            home_raw = t.take("home_piece")
            home_piece = (
                None if home_raw == "launch" else _as_int(home_raw, t.at("home_piece"), minimum=1)
            )
            hubs = t.get_int("hubs", minimum=1)
            extra = t.get_opt_int("extra_hub_cost")
            if (extra is None) != (hubs == 1):
                raise ComponentError(f"{t.label}: extra_hub_cost is given exactly when hubs > 1")
            ability = t.get_str("ability")
            if ability in abilities:
                raise ComponentError(f"{t.at('ability')}: {ability!r} is another minor's ability")
            abilities.add(ability)
            minor = Minor(
                id=minor_id,
                name=t.get_str("name"),
                abbreviation=t.get_str("abbreviation"),
                home_piece=home_piece,
                hubs=hubs,
                ability=ability,
                ability_text=t.get_str("ability_text"),
                short_game=t.get_bool("short_game"),
                extra_hub_cost=extra,
                note=t.note(),
            )
            t.close()
            out[minor_id] = minor
        return charter, out

    def charter_shares(self, t: _Table, close: bool = True) -> CharterShares:
        shares = CharterShares(
            president_percent=t.get_int("president_percent", minimum=1),
            president_shares=t.get_int("president_shares", minimum=1),
            share_percent=t.get_int("share_percent", minimum=1),
            shares=t.get_int("shares"),
            max_percent=t.get_int("max_percent", minimum=1),
        )
        where = t.label
        if shares.president_percent != shares.president_shares * shares.share_percent:
            raise ComponentError(f"{where}: the president's percent is not its shares' percent")
        total = shares.president_percent + shares.shares * shares.share_percent
        if total != 100:
            raise ComponentError(f"{where}: certificates make {total} %, not 100 %")
        if close:
            t.close()
        return shares

    def majors(self, root: _Table) -> tuple[MajorCharter, dict[str, Major]]:
        t = root.get_table("major_charter")
        base = self.charter_shares(t, close=False)
        hubs = t.get_int("hubs", minimum=1)
        free = t.get_int("free_hubs")
        costs = t.get_int_list("hub_costs")
        if free + len(costs) != hubs:
            raise ComponentError(
                f"{t.at('hub_costs')}: {free} free hubs and {len(costs)} costs are not {hubs} hubs"
            )
        t.close()
        charter = MajorCharter(
            base.president_percent,
            base.president_shares,
            base.share_percent,
            base.shares,
            base.max_percent,
            hubs,
            free,
            costs,
        )
        out: dict[str, Major] = {}
        names: set[str] = set()
        for major_id, mt in self.entries(root, "majors"):
            name = mt.get_str("name")
            alt = mt.get_opt_str("alt_name")
            for n, key in ((name, "name"), (alt, "alt_name")):
                if n is not None and n in names:
                    raise ComponentError(f"{mt.at(key)}: {n!r} names another major")
            names.update(n for n in (name, alt) if n is not None)
            note = mt.note()
            mt.close()
            out[major_id] = Major(major_id, name, alt, note)
        return charter, out

    # ---- destination cards, money, modes

    def destination_cards(
        self, root: _Table, phase_ids: tuple[str, ...]
    ) -> dict[str, DestinationCard]:
        out: dict[str, DestinationCard] = {}
        for card_id, t in self.entries(root, "destination_cards"):
            name = t.get_str("name")
            blank = t.get_bool("blank", default=False)
            recommended = t.get_bool("recommended", default=False)
            values: dict[str, int] | None = None
            if blank:
                if t.has("values"):
                    raise ComponentError(f"{t.at('values')}: a blank card has no values")
            else:
                vt = t.get_table("values")
                values = {p: vt.get_int(p) for p in phase_ids}
                vt.close()
            note = t.note()
            t.close()
            out[card_id] = DestinationCard(card_id, name, values, recommended, note)
        if sum(c.recommended for c in out.values()) > 1:
            raise ComponentError("destination_cards: more than one card is recommended")
        return out

    def money(self, t: _Table) -> Money:
        bank = t.get_int("bank", minimum=1)
        cards = t.get_int("bank_cards", minimum=1)
        cash_table = t.get_table("starting_cash")
        schedules: dict[str, dict[int, int]] = {}
        for name, st in cash_table.subtables():
            schedule: dict[int, int] = {}
            for key in [k for k in st.raw if k not in _META_KEYS]:
                if not key.isdigit() or int(key) < 1:
                    raise ComponentError(f"{st.at(key)}: {key!r} is not a player count")
                schedule[int(key)] = st.get_int(key, minimum=1)
            st.close()
            schedules[name] = schedule
        cash_table.close()
        bt = t.get_table("bank_break")
        lt = bt.get_table("certificate_limits")
        limits: dict[int, int] = {}
        for key in [k for k in lt.raw if k not in _META_KEYS]:
            if not key.isdigit() or int(key) < 1:
                raise ComponentError(f"{lt.at(key)}: {key!r} is not a player count")
            limits[int(key)] = lt.get_int(key, minimum=1)
        lt.close()
        bank_break = BankBreak(bt.get_int("bank", minimum=1), bt.get_str("removed"), limits)
        if bank_break.bank > bank:
            raise ComponentError(f"{bt.at('bank')}: more than the whole bank")
        bt.close()
        t.close()
        return Money(bank, cards, schedules, bank_break)

    def modes(
        self,
        root: _Table,
        pieces: dict[int, MapPiece],
        projects: dict[str, CapitalProject],
        minors: dict[str, Minor],
        trains: dict[str, Train],
        money: Money,
        cycles: dict[str, int],
    ) -> dict[str, Mode]:
        out: dict[str, Mode] = {}
        table = root.get_table("modes")
        for mode_id, t in table.subtables():
            out[mode_id] = self.mode(mode_id, t, pieces, projects, minors, trains, money, cycles)
        table.close()
        if not out:
            raise ComponentError("modes: must not be empty")
        return out

    def mode(
        self,
        mode_id: str,
        t: _Table,
        pieces: dict[int, MapPiece],
        projects: dict[str, CapitalProject],
        minors: dict[str, Minor],
        trains: dict[str, Train],
        money: Money,
        cycles: dict[str, int],
    ) -> Mode:
        name = t.get_str("name")
        players = t.get_int_list("players", minimum=1)
        if not players:
            raise ComponentError(f"{t.at('players')}: must not be empty")
        cycle_key = t.get_str("cycles")
        if cycle_key not in cycles:
            raise ComponentError(f"{t.at('cycles')}: no [cycles] entry {cycle_key!r}")
        cash_key = t.get_str("starting_cash")
        if cash_key not in money.starting_cash:
            raise ComponentError(f"{t.at('starting_cash')}: no starting cash schedule {cash_key!r}")
        for n in players:
            if n not in money.starting_cash[cash_key]:
                raise ComponentError(
                    f"{t.at('players')}: {cash_key!r} gives no cash for {n} players"
                )
        piece_rule = (
            t.get_str("pieces", choices=("copies", "short_copies")) if t.has("pieces") else "copies"
        )
        removed: dict[int, int] = {}
        if t.has("removed_pieces"):
            for key, n in t.get_int_map("removed_pieces", minimum=1).items():
                number = int(key) if key.isdigit() else -1
                if number not in pieces:
                    raise ComponentError(f"{t.at('removed_pieces')}.{key}: no map piece {key!r}")
                removed[number] = n
        stack: dict[int, int] = {}
        for number, piece in pieces.items():
            have = piece.short_copies if piece_rule == "short_copies" else piece.copies
            if removed.get(number, 0) > have:
                raise ComponentError(
                    f"{t.at('removed_pieces')}.{number}: only {have} copies to remove"
                )
            if have - removed.get(number, 0) > 0:
                stack[number] = have - removed.get(number, 0)
        home_pieces = sum(n for num, n in stack.items() if pieces[num].is_home_piece)
        dd_pieces = sum(n for num, n in stack.items() if pieces[num].destinations)
        random_homes = t.get_int("random_removed_homes", default=0)
        if random_homes > home_pieces:
            raise ComponentError(f"{t.at('random_removed_homes')}: only {home_pieces} home pieces")
        n_projects = t.get_int("capital_projects")
        if n_projects > len(projects):
            raise ComponentError(f"{t.at('capital_projects')}: only {len(projects)} projects exist")
        piles = t.get_int("piles", minimum=1, default=1)
        pile = None
        if t.has("pile"):
            pt = t.get_table("pile")
            pile = Pile(
                pt.get_int("destinations"), pt.get_int("homes"), pt.get_int("capital_projects")
            )
            pt.close()
            rest = sum(stack.values()) - random_homes - home_pieces - dd_pieces
            checks = (
                ("destinations", dd_pieces, pile.destinations),
                ("homes", home_pieces - random_homes, pile.homes),
                ("capital_projects", n_projects, pile.capital_projects),
            )
            for key, have, each in checks:
                if have != piles * each:
                    raise ComponentError(
                        f"{t.at('pile')}.{key}: {have} to share among {piles} piles,"
                        f" not {each} each"
                    )
            if rest % piles:
                raise ComponentError(f"{t.at('piles')}: {rest} other pieces do not split evenly")
        elif piles > 1:
            raise ComponentError(f"{t.label}: piles need a pile table")
        minor_rule = t.get_str("minors", choices=("all", "short_game", "on_map"))
        columns = t.get_int_list("minor_columns", minimum=1)
        if minor_rule == "all":
            n_minors = len(minors)
        elif minor_rule == "short_game":
            n_minors = sum(m.short_game for m in minors.values())
        elif pile is not None:
            n_minors = pile.homes
        else:
            n_minors = home_pieces - random_homes
        conglomerate = self.conglomerate(t.get_table("conglomerate")) if t.has(
            "conglomerate") else None
        if conglomerate is not None:
            n_minors -= conglomerate.minors
        if sum(columns) != n_minors:
            raise ComponentError(
                f"{t.at('minor_columns')}: {sum(columns)} places for {n_minors} minors"
            )
        fixed: dict[str, int] | None = None
        if t.has("trains"):
            fixed = t.get_int_map("trains")
            for key in fixed:
                if key not in trains or trains[key].back_of is not None:
                    raise ComponentError(f"{t.at('trains')}.{key}: no train card {key!r}")
        keep = (
            t.get_str_list("remove_one_of_each_except")
            if t.has("remove_one_of_each_except")
            else None
        )
        for i, key in enumerate(keep or ()):
            if key not in trains:
                raise ComponentError(f"{t.at('remove_one_of_each_except')}[{i}]: no train {key!r}")
        if fixed is not None and keep is not None:
            raise ComponentError(f"{t.label}: a fixed train stack takes no removal rule")
        export = t.get_bool("export")
        note = t.note()
        t.close()
        return Mode(
            id=mode_id,
            name=name,
            players=players,
            cycles=cycle_key,
            starting_cash=cash_key,
            capital_projects=n_projects,
            minors=minor_rule,
            minor_columns=columns,
            export=export,
            pieces=piece_rule,
            removed_pieces=removed,
            random_removed_homes=random_homes,
            piles=piles,
            pile=pile,
            trains=fixed,
            remove_one_of_each_except=keep,
            note=note,
            conglomerate=conglomerate,
        )

    def conglomerate(self, t: _Table) -> Conglomerate:
        low_high = t.get_int_list("price_range", minimum=1)
        if len(low_high) != 2 or low_high[0] > low_high[1]:
            raise ComponentError(f"{t.at('price_range')}: expected [lowest, highest]")
        out = Conglomerate(
            minors=t.get_int("minors", minimum=1),
            treasury=t.get_int("treasury"),
            held_shares=t.get_int("held_shares", minimum=1),
            charter_shares=t.get_int("charter_shares"),
            pool_shares=t.get_int("pool_shares"),
            hub_costs=t.get_int_list("hub_costs"),
            price_range=(low_high[0], low_high[1]),
            easy_max=t.get_int("easy_max"),
            medium_max=t.get_int("medium_max"),
            issue_cycles=t.get_int_list("issue_cycles", minimum=1),
        )
        if out.easy_max > out.medium_max:
            raise ComponentError(f"{t.at('easy_max')}: above medium_max")
        t.close()
        return out


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
