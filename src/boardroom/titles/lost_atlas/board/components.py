"""The Railways of the Lost Atlas component data: load it, check it, expose it.

The data live in ``data/components.toml`` beside this module; docs/lost-atlas-components.md
describes the format, so a user can supply a whole file of their own (the rulebook's
Custom and Pre-Made Maps variant) to the same :func:`load_components`. Every entry is
checked in two stages: the file's shape (keys, types, ranges, fixed choices) by the
pydantic models of :mod:`.component_schema`, then what the entries say about each other
by :class:`_Reader`, which also builds the frozen objects below. Anything wrong raises
:class:`ComponentError` with the entry named, e.g.
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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from boardroom.core.errors import BoardroomError, OptionError
from boardroom.map.hexes import Hex
from boardroom.map.tiles import COLOURS, Stop, TileDef, colour_rank, upgrade_rotations
from boardroom.titles.lost_atlas.board import component_schema as schema
from boardroom.titles.lost_atlas.board.component_schema import kind

FORMAT = "lost-atlas-components"
VERSION = 1

TERRAINS = ("blank", "water", "mountain", "city", "border", "destination")
SYMBOLS = ("capital", "mine", "port")
SUPPLY_COLOURS = (*COLOURS, "blue")
PRINTED = "printed"
POSE: dict[str, Hex] = {"A": (0, 0), "B": (1, 0), "C": (0, 1)}
"""Where each hex of a map piece lies in its canonical pose (B on A's edge 5, C on A's 0)."""

_META_KEYS = frozenset({"note", "provisional", "alternatives"})

_M = TypeVar("_M", bound=schema.Table)


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
        if not isinstance(mode_id, str) or mode_id not in self.modes:
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
    fmt, version = raw.get("format"), raw.get("version")
    if fmt != FORMAT:  # another kind of file altogether: say so before anything else
        raise ComponentError(f"format: {fmt!r} is not {FORMAT!r}")
    if version != VERSION:
        raise ComponentError(f"version: {version} is not supported (this reader knows {VERSION})")
    try:
        model = schema.validate(raw)
    except ValueError as exc:
        raise ComponentError(str(exc)) from None
    return _Reader(source).read(model)


def _as_int(value: object, where: str, minimum: int | None = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ComponentError(f"{where}: expected an integer, got {kind(value)}")
    if minimum is not None and value < minimum:
        if minimum == 0:
            raise ComponentError(f"{where}: {value} is negative")
        raise ComponentError(f"{where}: {value} is less than {minimum}")
    return value


def _freeze(value: object) -> object:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    return value


def _unique(values: list[str] | None, where: str) -> tuple[str, ...]:
    """A list of names (none given: empty), each named once."""
    out = tuple(values or ())
    for i, v in enumerate(out):
        if v in out[:i]:
            raise ComponentError(f"{where}[{i}]: {v!r} is listed twice")
    return out


def _keys(model: schema.Table) -> list[str]:
    """The keys the file gave this table, meta keys left out, in the file's order."""
    extra = model.model_extra or {}
    return [k for k in (*model.model_fields_set, *extra) if k not in _META_KEYS]


def _extra(model: schema.Table) -> dict[str, Any]:
    return dict(model.model_extra or {})


class _Reader:
    """Turns the validated models into :class:`Components`, checking what entries say
    about each other; records the provisional values and alternatives in reading order."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.provisional: list[tuple[str, str]] = []
        self.alternatives: list[Alternative] = []

    # ---- the meta keys

    def meta(self, model: schema.Table, label: str) -> None:
        """Record ``model``'s provisional values and alternatives (``label`` names it)."""
        given = set(model.model_fields_set) | set(model.model_extra or {})
        where = f"{label}.provisional" if label else "provisional"
        value = model.provisional
        if value is not None:
            if isinstance(value, str):
                if not value.strip():
                    raise ComponentError(f"{where}: must not be empty")
                self.provisional.append((label or "file", value))
            elif not isinstance(value, dict):
                raise ComponentError(f"{where}: expected a string or a table, got {kind(value)}")
            elif not value:
                raise ComponentError(f"{where}: must not be empty")
            else:
                for key, reason in value.items():
                    self._check_field(given, key, f"{where}.{key}", label)
                    if not isinstance(reason, str):
                        raise ComponentError(
                            f"{where}.{key}: expected a string, got {kind(reason)}")
                    if not reason.strip():
                        raise ComponentError(f"{where}.{key}: must not be empty")
                    self.provisional.append((f"{label}.{key}" if label else key, reason))
        if model.alternatives is not None:
            at = f"{label}.alternatives" if label else "alternatives"
            if not isinstance(model.alternatives, list):
                raise ComponentError(f"{at}: expected an array, got {kind(model.alternatives)}")
            for i, raw in enumerate(model.alternatives):
                try:
                    alt = schema.Alternative.model_validate(raw)
                except ValidationError as exc:
                    problem = schema.explain(exc.errors()[0], raw)  # "file: ..." or "key: ..."
                    inside = problem.removeprefix("file") if problem.startswith("file:") \
                        else f".{problem}"
                    raise ComponentError(f"{at}[{i}]{inside}") from None
                self._check_field(given, alt.field, f"{at}[{i}].field", label)
                self.alternatives.append(
                    Alternative(f"{label}.{alt.field}" if label else alt.field,
                                _freeze(alt.value), alt.source, alt.note or ""))

    @staticmethod
    def _check_field(given: set[str], target: str, where: str, label: str) -> None:
        head = re.split(r"[.\[]", target, maxsplit=1)[0]
        if head not in given or head in _META_KEYS:
            raise ComponentError(f"{where}: {target!r} is not a key of {label or 'file'}")

    # ---- helpers

    def entries(self, models: Sequence[_M], key: str, id_key: str = "id"
                ) -> list[tuple[str, str, _M]]:
        """(id, label, model) of each entry of an array; ids are unique."""
        out: list[tuple[str, str, _M]] = []
        for model in models:
            ident = getattr(model, id_key)
            label = (f"{key}[{id_key}={ident}]" if id_key == "number"
                     else f'{key}[{id_key}="{ident}"]')
            if any(str(ident) == seen for seen, _, _ in out):
                raise ComponentError(f"{label}: duplicate {id_key}")
            out.append((str(ident), label, model))
        if not out:
            raise ComponentError(f"{key}: must not be empty")
        return out

    @staticmethod
    def edge(value: object, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ComponentError(f"{where}: edge {value!r} is not 0-5")
        if not 0 <= value <= 5:
            raise ComponentError(f"{where}: edge {value} is not 0-5")
        return value

    def edges(self, items: list[Any], where: str) -> tuple[int, ...]:
        out = tuple(self.edge(v, where) for v in items)
        if len(set(out)) != len(out):
            raise ComponentError(f"{where}: an edge is listed twice")
        return out

    # ---- the file

    def read(self, f: schema.ComponentFile) -> Components:
        phases = self.phases(f.phases)
        phase_ids = tuple(p.id for p in phases)
        stock = self.stock_track(f.stock_track, phase_ids)
        trains = self.trains(f.trains, phase_ids)
        self.check_phase_trains(phases, trains)
        printings = self.printings(f.train_printings, trains)
        chosen = f.train_printing
        if chosen not in printings:
            raise ComponentError(f"train_printing: no printing {chosen!r}")
        tiles = self.tiles(f.tiles, "tiles", printed=False)
        printed = self.tiles(f.printed_tiles or [], "printed_tiles", printed=True) \
            if f.printed_tiles is not None else {}
        for tile_id in printed:
            if tile_id in tiles:
                raise ComponentError(f'printed_tiles[id="{tile_id}"]: id is also a supply tile')
        self.check_upgrades(tiles, printed)
        map_rules = self.map_rules(f.map, tiles)
        minor_charter, minors = self.minors(f.minor_charter, f.minors)
        pieces = self.map_pieces(f.map_pieces, map_rules, printed, minors)
        overlays = self.overlays(f.overlays)
        projects = self.capital_projects(f.capital_projects, overlays)
        major_charter, majors = self.majors(f.major_charter, f.majors)
        cards = self.destination_cards(f.destination_cards, phase_ids)
        money = self.money(f.money)
        cycles = _extra(f.cycles)
        self.meta(f.cycles, "cycles")
        modes = self.modes(f.modes, pieces, projects, minors, trains, money, cycles)
        self.meta(f, "")
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

    def stock_track(self, t: schema.StockTrack, phase_ids: tuple[str, ...]) -> StockTrack:
        values = tuple(t.values)
        if len(values) < 2:
            raise ComponentError("stock_track.values: needs at least two spaces")
        for i in range(1, len(values)):
            if values[i] <= values[i - 1]:
                raise ComponentError(
                    f"stock_track.values[{i}]: {values[i]} does not rise above {values[i - 1]}"
                )
        if t.closes >= len(values):
            raise ComponentError(f"stock_track.closes: position {t.closes} is not on the track")
        windows = _extra(t.launch)
        launch: dict[str, tuple[int, int]] = {}
        for phase_id in phase_ids:
            where = f"stock_track.launch.{phase_id}"
            if phase_id not in windows:
                raise ComponentError(f"stock_track.launch: missing key {phase_id!r}")
            window = windows[phase_id]
            if len(window) != 2:
                raise ComponentError(f"{where}: expected [lowest, highest]")
            low, high = window
            for v in window:
                if v not in values:
                    raise ComponentError(f"{where}: {v} is not a value on the track")
            if low > high:
                raise ComponentError(f"{where}: {low} is above {high}")
            launch[phase_id] = (low, high)
        self.meta(t.launch, "stock_track.launch")
        for key in windows:
            if key not in launch:
                raise ComponentError(f"stock_track.launch: unknown key {key!r}")
        self.meta(t, "stock_track")
        return StockTrack(values, t.closes, t.at_top, t.min_bid, t.bid_step, launch)

    def phases(self, models: list[schema.Phase]) -> tuple[Phase, ...]:
        out: list[Phase] = []
        previous: tuple[str, ...] = ()
        for phase_id, label, t in self.entries(models, "phases"):
            if phase_id not in COLOURS:
                raise ComponentError(f"{label}: a phase is a tile colour ({', '.join(COLOURS)})")
            if out and colour_rank(phase_id) <= colour_rank(out[-1].id):
                raise ComponentError(
                    f"{label}: phases must follow the order {', '.join(COLOURS)}"
                )
            opened_by = _unique(t.opened_by, f"{label}.opened_by")
            colours = _unique(t.tiles, f"{label}.tiles")
            for i, colour in enumerate(colours):
                if colour not in COLOURS:
                    raise ComponentError(f"{label}.tiles[{i}]: {colour!r} is not a tile colour")
            if phase_id not in colours:
                raise ComponentError(f"{label}.tiles: must include the phase's own colour")
            if not set(previous) <= set(colours):
                raise ComponentError(f"{label}.tiles: drops a colour of the previous phase")
            previous = colours
            limits = []
            for i, lt in enumerate(t.limits):
                at = f"{label}.limits[{i}]"
                limits.append(TrainLimit(_unique(lt.after, f"{at}.after"), lt.minor, lt.major))
                self.meta(lt, at)
            if not limits:
                raise ComponentError(f"{label}.limits: must not be empty")
            self.meta(t, label)
            out.append(Phase(phase_id, opened_by, colours, tuple(limits)))
        return tuple(out)

    # ---- trains

    def trains(self, models: list[schema.Train], phase_ids: tuple[str, ...]) -> dict[str, Train]:
        tables = self.entries(models, "trains")
        ids = [i for i, _, _ in tables]
        out: dict[str, Train] = {}
        for train_id, label, t in tables:
            stops: int | None
            if t.stops == "unlimited":
                stops = None
            else:
                stops = _as_int(t.stops, f"{label}.stops", minimum=1)
            if t.colour not in phase_ids:
                raise ComponentError(f"{label}.colour: {t.colour!r} is not a phase")
            rusted_by = _unique(t.rusted_by, f"{label}.rusted_by")
            for i, other in enumerate(rusted_by):
                if other not in ids:
                    raise ComponentError(f"{label}.rusted_by[{i}]: no train {other!r}")
            back_of = t.back_of
            if back_of is not None and (back_of not in ids or back_of == train_id):
                raise ComponentError(f"{label}.back_of: no other train {back_of!r}")
            trade_in: tuple[str, ...] = ()
            if t.trade_in is not None:
                if t.trade_in_price is None:
                    raise ComponentError(f"{label}: trade_in needs a trade_in_price")
                if t.trade_in == "any_unrusted":
                    trade_in = tuple(ids)
                else:
                    trade_in = _unique(self.names(t.trade_in, f"{label}.trade_in"),
                                       f"{label}.trade_in")
                    for i, other in enumerate(trade_in):
                        if other not in ids:
                            raise ComponentError(f"{label}.trade_in[{i}]: no train {other!r}")
            elif t.trade_in_price is not None:
                raise ComponentError(f"{label}: trade_in_price needs trade_in")
            self.meta(t, label)
            out[train_id] = Train(train_id, t.name, stops, t.price, t.colour, rusted_by, back_of,
                                  t.trade_in_price, trade_in, t.note or "")
        for train in out.values():
            if train.back_of is not None and out[train.back_of].back_of is not None:
                raise ComponentError(
                    f'trains[id="{train.id}"].back_of: {train.back_of!r} is itself a back face'
                )
        return out

    @staticmethod
    def names(value: object, where: str) -> list[str]:
        if not isinstance(value, list):
            raise ComponentError(f"{where}: expected an array, got {kind(value)}")
        for i, v in enumerate(value):
            if not isinstance(v, str):
                raise ComponentError(f"{where}[{i}]: expected a string, got {kind(v)}")
            if not v.strip():
                raise ComponentError(f"{where}[{i}]: must not be empty")
        return value

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

    def printings(self, t: schema.Printings, trains: dict[str, Train]
                  ) -> dict[str, TrainPrinting]:
        cards = [tid for tid, tr in trains.items() if tr.back_of is None]
        out: dict[str, TrainPrinting] = {}
        for printing_id, p in _extra(t).items():
            at = f"train_printings.{printing_id}"
            counts = _extra(p.counts)
            self.meta(p.counts, f"{at}.counts")
            for card in counts:
                if card not in cards:
                    raise ComponentError(f"{at}.counts.{card}: no train card {card!r}")
            if sum(counts.values()) != p.cards:
                raise ComponentError(
                    f"{at}.counts: {sum(counts.values())} cards, but cards = {p.cards}"
                )
            marked: dict[str, int] = {}
            if p.marked is not None:
                marked = _extra(p.marked)
                self.meta(p.marked, f"{at}.marked")
            for card, n in marked.items():
                if n > counts.get(card, 0):
                    raise ComponentError(f"{at}.marked.{card}: more marked cards than cards")
            unlimited = _unique(p.unlimited, f"{at}.unlimited")
            for i, card in enumerate(unlimited):
                if card not in counts:
                    raise ComponentError(f"{at}.unlimited[{i}]: no count for {card!r}")
            self.meta(p, at)
            out[printing_id] = TrainPrinting(printing_id, p.name, p.cards, counts, marked,
                                             p.marked_min_players, unlimited, p.note or "")
        self.meta(t, "train_printings")
        if not out:
            raise ComponentError("train_printings: must not be empty")
        return out

    # ---- track tiles

    def tiles(self, models: Sequence[schema.PrintedTile], key: str, printed: bool
              ) -> dict[str, TileDef]:
        out: dict[str, TileDef] = {}
        for tile_id, label, t in self.entries(models, key):
            out[tile_id] = self.tile(tile_id, label, t, printed)
        return out

    def tile(self, tile_id: str, label: str, t: schema.PrintedTile, printed: bool) -> TileDef:
        colour: str = PRINTED
        count: int | None = None
        if isinstance(t, schema.Tile):
            colour, count = t.colour, t.count
        paths: list[tuple[int, int]] = []
        for i, raw in enumerate(t.paths):
            where = f"{label}.paths[{i}]"
            if not isinstance(raw, list):
                raise ComponentError(f"{where}: expected an array, got {kind(raw)}")
            if len(raw) != 2:
                raise ComponentError(f"{where}: a path joins two edges, not {len(raw)}")
            a, b = self.edge(raw[0], where), self.edge(raw[1], where)
            if a == b:
                raise ComponentError(f"{where}: joins edge {a} to itself")
            if (min(a, b), max(a, b)) in {(min(p), max(p)) for p in paths}:
                raise ComponentError(f"{where}: the same path is listed twice")
            paths.append((a, b))
        stops: list[Stop] = []
        for i, st in enumerate(t.stops):
            at = f"{label}.stops[{i}]"
            edges = self.edges(st.edges, f"{at}.edges")
            self.meta(st, at)
            for j, other in enumerate(stops):
                shared = set(edges) & set(other.edges)
                if shared:
                    raise ComponentError(
                        f"{at}.edges: edge {min(shared)} is also reached by stop {j}"
                        " (join stops with links instead)"
                    )
            stops.append(Stop(st.revenue, st.slots, edges, st.kind))
        links: list[tuple[int, int]] = []
        for i, raw in enumerate(t.links):
            where = f"{label}.links[{i}]"
            if not isinstance(raw, list):
                raise ComponentError(f"{where}: expected an array, got {kind(raw)}")
            if len(raw) != 2:
                raise ComponentError(f"{where}: a link joins two stops")
            a, b = (_as_int(v, where) for v in raw)
            if a == b or max(a, b) >= len(stops):
                raise ComponentError(f"{where}: needs two different stops of this tile")
            links.append((a, b))
        linked = {s for pair in links for s in pair}
        for i, stop in enumerate(stops):
            if not stop.edges and i not in linked:
                raise ComponentError(f"{label}.stops[{i}]: reaches no edge and no other stop")
        if not paths and not stops:
            raise ComponentError(f"{label}: has neither paths nor stops")
        if t.exclusive_stops and len(stops) < 2:
            raise ComponentError(f"{label}.exclusive_stops: needs at least two stops")
        upgrades = _unique(t.upgrades, f"{label}.upgrades")
        mark = len(self.provisional)
        self.meta(t, label)
        reasons = []
        for path, why in self.provisional[mark:]:
            field_name = path[len(label) + 1 :]
            reasons.append(f"{field_name}: {why}" if field_name else why)
        return TileDef(
            id=tile_id,
            colour=colour,
            count=count,
            paths=tuple(paths),
            stops=tuple(stops),
            links=tuple(links),
            exclusive_stops=t.exclusive_stops,
            symbol=t.symbol,
            upgrades=upgrades,
            keep_exits_only=t.keep_exits_only,
            note=t.note or "",
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

    def map_rules(self, t: schema.MapRules, tiles: dict[str, TileDef]) -> MapRules:
        ft = t.first_tiles
        wanted = {
            "blank": ("yellow", None),
            "city": ("yellow", None),
            "capital": ("yellow", "capital"),
            "water": ("blue", None),
        }
        first: dict[str, tuple[str, ...]] = {}
        for kind_of, (colour, symbol) in wanted.items():
            ids = _unique(getattr(ft, kind_of), f"map.first_tiles.{kind_of}")
            for i, tile_id in enumerate(ids):
                where = f"map.first_tiles.{kind_of}[{i}]"
                tile = tiles.get(tile_id)
                if tile is None:
                    raise ComponentError(f"{where}: no tile {tile_id!r}")
                if tile.colour != colour or tile.symbol != symbol:
                    raise ComponentError(
                        f"{where}: tile {tile_id!r} is not a {colour} tile"
                        + (f" with symbol {symbol}" if symbol else " without a symbol")
                    )
                if (kind_of == "city" and not tile.stops) or (kind_of == "blank" and tile.stops):
                    raise ComponentError(
                        f"{where}: tile {tile_id!r} does not suit a {kind_of} hex")
            first[kind_of] = ids
        self.meta(ft, "map.first_tiles")
        self.meta(t, "map")
        return MapRules(t.mountain_cost, t.untiled_city_revenue, t.untiled_city_slots,
                        t.min_shared_edges, first)

    # ---- map pieces

    def map_pieces(
        self,
        models: list[schema.MapPiece],
        rules: MapRules,
        printed: dict[str, TileDef],
        minors: dict[str, Minor],
    ) -> dict[int, MapPiece]:
        out: dict[int, MapPiece] = {}
        dd_piece: dict[str, int] = {}
        homes: dict[str, int] = {}
        for ident, label, t in self.entries(models, "map_pieces", id_key="number"):
            number = int(ident)
            copies = t.copies
            short_copies = t.short_copies if t.short_copies is not None else copies
            if short_copies > copies:
                raise ComponentError(f"{label}.short_copies: more than the {copies} copies")
            stands_for = t.stands_for_home
            if stands_for is not None and stands_for not in minors:
                raise ComponentError(f"{label}.stands_for_home: no minor {stands_for!r}")
            hexes: list[MapHex] = []
            for ht in t.hexes:
                at = f'{label}.hexes[pos="{ht.pos}"]'
                if any(h.pos == ht.pos for h in hexes):
                    raise ComponentError(f"{at}: duplicate pos")
                hexes.append(self.map_hex(ht, at, rules, printed, minors))
            if sorted(h.pos for h in hexes) != sorted(POSE):
                raise ComponentError(f"{label}.hexes: a piece has exactly the hexes A, B and C")
            hexes.sort(key=lambda h: h.pos)
            for h in hexes:
                dest = h.destination
                if dest is not None and dd_piece.setdefault(dest, number) != number:
                    raise ComponentError(
                        f'{label}.hexes[pos="{h.pos}"].destination: {dest!r} '
                        f"is also on piece {dd_piece[dest]}"
                    )
                if h.home is not None:
                    if h.home in homes:
                        raise ComponentError(
                            f'{label}.hexes[pos="{h.pos}"].home: {h.home!r} '
                            f"also has a home on piece {homes[h.home]}"
                        )
                    homes[h.home] = number
            if (copies > 1) and any(h.home or h.destination for h in hexes):
                raise ComponentError(f"{label}.copies: a home or destination piece is unique")
            for name in {h.destination for h in hexes if h.destination}:
                if not any(h.open_edges for h in hexes if h.destination == name):
                    raise ComponentError(f"{label}.hexes: destination {name!r} has no open edge")
            self.meta(t, label)
            out[number] = MapPiece(number, copies, short_copies, tuple(hexes), stands_for,
                                   t.note or "")
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
        t: schema.MapHex,
        label: str,
        rules: MapRules,
        printed: dict[str, TileDef],
        minors: dict[str, Minor],
    ) -> MapHex:
        terrain = t.terrain
        home = t.home
        if home is not None:
            if home not in minors:
                raise ComponentError(f"{label}.home: no minor {home!r}")
            if terrain != "city":
                raise ComponentError(f"{label}.home: a home is on a city hex")
        mountain = t.mountain or terrain == "mountain"
        track = None
        if t.track is not None:
            if t.track not in printed:
                raise ComponentError(f"{label}.track: no printed tile {t.track!r}")
            if terrain in ("water", "border", "destination"):
                raise ComponentError(f"{label}.track: no track is printed on {terrain} hexes")
            track = printed[t.track]
        if t.home_stop is not None:
            if home is None or track is None:
                raise ComponentError(f"{label}.home_stop: only for a home with printed track")
            if t.home_stop >= len(track.stops):
                raise ComponentError(
                    f"{label}.home_stop: {t.track!r} has no stop {t.home_stop}")
        open_edges = self.edges(t.open_edges, f"{label}.open_edges")
        if terrain == "destination":
            if t.destination is None:
                raise ComponentError(f"{label}: a destination hex needs a destination id")
        elif t.destination is not None or open_edges:
            raise ComponentError(f"{label}: destination keys on a {terrain} hex")
        water_edges = self.edges(t.water_edges, f"{label}.water_edges")
        if track is not None and set(water_edges) & track.exits():
            raise ComponentError(f"{label}.water_edges: the printed track runs into water")
        self.meta(t, label)
        return MapHex(
            pos=t.pos,
            axial=POSE[t.pos],
            terrain=terrain,
            home=home,
            mountain=mountain,
            cost=rules.mountain_cost if mountain else 0,
            track=track,
            home_stop=t.home_stop,
            destination=t.destination,
            open_edges=open_edges,
            water_edges=water_edges,
            note=t.note or "",
        )

    # ---- projects and overlays

    def overlays(self, models: list[schema.Overlay]) -> dict[str, Overlay]:
        out: dict[str, Overlay] = {}
        for overlay_id, label, t in self.entries(models, "overlays"):
            target = None
            faces: tuple[str, ...] = ()
            if t.kind == "capital":
                if t.target is None:
                    raise ComponentError(f"{label}: missing key 'target'")
                if t.faces is not None:
                    raise ComponentError(f"{label}: unknown key 'faces'")
                target = t.target
            else:
                if t.faces is None:
                    raise ComponentError(f"{label}: missing key 'faces'")
                if t.target is not None:
                    raise ComponentError(f"{label}: unknown key 'target'")
                faces = _unique(t.faces, f"{label}.faces")
                if len(faces) != 2:
                    raise ComponentError(f"{label}.faces: a single-hex overlay has two faces")
                for i, face in enumerate(faces):
                    if face not in ("blank", "water", "mountain", "city"):
                        raise ComponentError(f"{label}.faces[{i}]: {face!r} is not a face")
            self.meta(t, label)
            out[overlay_id] = Overlay(overlay_id, t.kind, t.count, target, faces, t.note or "")
        return out

    def capital_projects(
        self, models: list[schema.CapitalProject], overlays: dict[str, Overlay]
    ) -> dict[str, CapitalProject]:
        out: dict[str, CapitalProject] = {}
        used: set[str] = set()
        for project_id, label, t in self.entries(models, "capital_projects"):
            if t.overlay not in overlays or overlays[t.overlay].kind != "capital":
                raise ComponentError(f"{label}.overlay: no capital overlay {t.overlay!r}")
            if t.overlay in used:
                raise ComponentError(
                    f"{label}.overlay: {t.overlay!r} belongs to another project")
            used.add(t.overlay)
            self.meta(t, label)
            out[project_id] = CapitalProject(project_id, t.overlay, t.instruction, t.note or "")
        return out

    # ---- companies

    def minors(self, charter_model: schema.CharterShares, models: list[schema.Minor]
               ) -> tuple[CharterShares, dict[str, Minor]]:
        charter = self.charter_shares(charter_model, "minor_charter")
        out: dict[str, Minor] = {}
        abilities: set[str] = set()
        for minor_id, label, t in self.entries(models, "minors"):
            home_piece = (None if t.home_piece == "launch"
                          else _as_int(t.home_piece, f"{label}.home_piece", minimum=1))
            if (t.extra_hub_cost is None) != (t.hubs == 1):
                raise ComponentError(f"{label}: extra_hub_cost is given exactly when hubs > 1")
            if t.ability in abilities:
                raise ComponentError(
                    f"{label}.ability: {t.ability!r} is another minor's ability")
            abilities.add(t.ability)
            minor = Minor(
                id=minor_id,
                name=t.name,
                abbreviation=t.abbreviation,
                home_piece=home_piece,
                hubs=t.hubs,
                ability=t.ability,
                ability_text=t.ability_text,
                short_game=t.short_game,
                extra_hub_cost=t.extra_hub_cost,
                note=t.note or "",
            )
            self.meta(t, label)
            out[minor_id] = minor
        return charter, out

    def charter_shares(self, t: schema.CharterShares, where: str,
                       close: bool = True) -> CharterShares:
        shares = CharterShares(
            president_percent=t.president_percent,
            president_shares=t.president_shares,
            share_percent=t.share_percent,
            shares=t.shares,
            max_percent=t.max_percent,
        )
        if shares.president_percent != shares.president_shares * shares.share_percent:
            raise ComponentError(f"{where}: the president's percent is not its shares' percent")
        total = shares.president_percent + shares.shares * shares.share_percent
        if total != 100:
            raise ComponentError(f"{where}: certificates make {total} %, not 100 %")
        if close:
            self.meta(t, where)
        return shares

    def majors(self, t: schema.MajorCharter, models: list[schema.Major]
               ) -> tuple[MajorCharter, dict[str, Major]]:
        base = self.charter_shares(t, "major_charter", close=False)
        costs = tuple(t.hub_costs)
        if t.free_hubs + len(costs) != t.hubs:
            raise ComponentError(
                f"major_charter.hub_costs: {t.free_hubs} free hubs and {len(costs)} costs are "
                f"not {t.hubs} hubs"
            )
        self.meta(t, "major_charter")
        charter = MajorCharter(
            base.president_percent,
            base.president_shares,
            base.share_percent,
            base.shares,
            base.max_percent,
            t.hubs,
            t.free_hubs,
            costs,
        )
        out: dict[str, Major] = {}
        names: set[str] = set()
        for major_id, label, mt in self.entries(models, "majors"):
            for n, key in ((mt.name, "name"), (mt.alt_name, "alt_name")):
                if n is not None and n in names:
                    raise ComponentError(f"{label}.{key}: {n!r} names another major")
            names.update(n for n in (mt.name, mt.alt_name) if n is not None)
            self.meta(mt, label)
            out[major_id] = Major(major_id, mt.name, mt.alt_name, mt.note or "")
        return charter, out

    # ---- destination cards, money, modes

    def destination_cards(
        self, models: list[schema.DestinationCard], phase_ids: tuple[str, ...]
    ) -> dict[str, DestinationCard]:
        out: dict[str, DestinationCard] = {}
        for card_id, label, t in self.entries(models, "destination_cards"):
            values: dict[str, int] | None = None
            if t.blank:
                if t.values is not None:
                    raise ComponentError(f"{label}.values: a blank card has no values")
            else:
                if t.values is None:
                    raise ComponentError(f"{label}: missing key 'values'")
                given = _extra(t.values)
                for p in phase_ids:
                    if p not in given:
                        raise ComponentError(f"{label}.values: missing key {p!r}")
                values = {p: given[p] for p in phase_ids}
                self.meta(t.values, f"{label}.values")
                for key in given:
                    if key not in values:
                        raise ComponentError(f"{label}.values: unknown key {key!r}")
            self.meta(t, label)
            out[card_id] = DestinationCard(card_id, t.name, values, t.recommended, t.note or "")
        if sum(c.recommended for c in out.values()) > 1:
            raise ComponentError("destination_cards: more than one card is recommended")
        return out

    @staticmethod
    def player_counts(table: schema.PositiveTable, where: str) -> dict[int, int]:
        out: dict[int, int] = {}
        for key, value in _extra(table).items():
            if not (key.isascii() and key.isdigit()) or int(key) < 1:
                raise ComponentError(f"{where}.{key}: {key!r} is not a player count")
            out[int(key)] = value
        return out

    def money(self, t: schema.Money) -> Money:
        schedules: dict[str, dict[int, int]] = {}
        for name, st in _extra(t.starting_cash).items():
            schedules[name] = self.player_counts(st, f"money.starting_cash.{name}")
            self.meta(st, f"money.starting_cash.{name}")
        self.meta(t.starting_cash, "money.starting_cash")
        bt = t.bank_break
        limits = self.player_counts(bt.certificate_limits, "money.bank_break.certificate_limits")
        self.meta(bt.certificate_limits, "money.bank_break.certificate_limits")
        bank_break = BankBreak(bt.bank, bt.removed, limits)
        if bank_break.bank > t.bank:
            raise ComponentError("money.bank_break.bank: more than the whole bank")
        self.meta(bt, "money.bank_break")
        self.meta(t, "money")
        return Money(t.bank, t.bank_cards, schedules, bank_break)

    def modes(
        self,
        table: schema.Modes,
        pieces: dict[int, MapPiece],
        projects: dict[str, CapitalProject],
        minors: dict[str, Minor],
        trains: dict[str, Train],
        money: Money,
        cycles: dict[str, int],
    ) -> dict[str, Mode]:
        out: dict[str, Mode] = {}
        for mode_id, t in _extra(table).items():
            out[mode_id] = self.mode(mode_id, t, pieces, projects, minors, trains, money, cycles)
        self.meta(table, "modes")
        if not out:
            raise ComponentError("modes: must not be empty")
        return out

    def mode(
        self,
        mode_id: str,
        t: schema.Mode,
        pieces: dict[int, MapPiece],
        projects: dict[str, CapitalProject],
        minors: dict[str, Minor],
        trains: dict[str, Train],
        money: Money,
        cycles: dict[str, int],
    ) -> Mode:
        label = f"modes.{mode_id}"
        players = tuple(t.players)
        if not players:
            raise ComponentError(f"{label}.players: must not be empty")
        if t.cycles not in cycles:
            raise ComponentError(f"{label}.cycles: no [cycles] entry {t.cycles!r}")
        cash_key = t.starting_cash
        if cash_key not in money.starting_cash:
            raise ComponentError(
                f"{label}.starting_cash: no starting cash schedule {cash_key!r}")
        for n in players:
            if n not in money.starting_cash[cash_key]:
                raise ComponentError(
                    f"{label}.players: {cash_key!r} gives no cash for {n} players"
                )
        piece_rule = t.pieces
        removed: dict[int, int] = {}
        if t.removed_pieces is not None:
            for key, n in _extra(t.removed_pieces).items():
                number = int(key) if (key.isascii() and key.isdigit()) else -1
                if number not in pieces:
                    raise ComponentError(f"{label}.removed_pieces.{key}: no map piece {key!r}")
                removed[number] = n
            self.meta(t.removed_pieces, f"{label}.removed_pieces")
        stack: dict[int, int] = {}
        for number, piece in pieces.items():
            have = piece.short_copies if piece_rule == "short_copies" else piece.copies
            if removed.get(number, 0) > have:
                raise ComponentError(
                    f"{label}.removed_pieces.{number}: only {have} copies to remove"
                )
            if have - removed.get(number, 0) > 0:
                stack[number] = have - removed.get(number, 0)
        home_pieces = sum(n for num, n in stack.items() if pieces[num].is_home_piece)
        dd_pieces = sum(n for num, n in stack.items() if pieces[num].destinations)
        random_homes = t.random_removed_homes
        if random_homes > home_pieces:
            raise ComponentError(f"{label}.random_removed_homes: only {home_pieces} home pieces")
        n_projects = t.capital_projects
        if n_projects > len(projects):
            raise ComponentError(
                f"{label}.capital_projects: only {len(projects)} projects exist")
        piles = t.piles
        pile = None
        if t.pile is not None:
            pt = t.pile
            pile = Pile(pt.destinations, pt.homes, pt.capital_projects)
            self.meta(pt, f"{label}.pile")
            rest = sum(stack.values()) - random_homes - home_pieces - dd_pieces
            checks = (
                ("destinations", dd_pieces, pile.destinations),
                ("homes", home_pieces - random_homes, pile.homes),
                ("capital_projects", n_projects, pile.capital_projects),
            )
            for key, have, each in checks:
                if have != piles * each:
                    raise ComponentError(
                        f"{label}.pile.{key}: {have} to share among {piles} piles,"
                        f" not {each} each"
                    )
            if rest % piles:
                raise ComponentError(f"{label}.piles: {rest} other pieces do not split evenly")
        elif piles > 1:
            raise ComponentError(f"{label}: piles need a pile table")
        minor_rule = t.minors
        columns = tuple(t.minor_columns)
        if minor_rule == "all":
            n_minors = len(minors)
        elif minor_rule == "short_game":
            n_minors = sum(m.short_game for m in minors.values())
        elif pile is not None:
            n_minors = pile.homes
        else:
            n_minors = home_pieces - random_homes
        conglomerate = (self.conglomerate(t.conglomerate, f"{label}.conglomerate")
                        if t.conglomerate is not None else None)
        if conglomerate is not None:
            n_minors -= conglomerate.minors
        if sum(columns) != n_minors:
            raise ComponentError(
                f"{label}.minor_columns: {sum(columns)} places for {n_minors} minors"
            )
        fixed: dict[str, int] | None = None
        if t.trains is not None:
            fixed = _extra(t.trains)
            self.meta(t.trains, f"{label}.trains")
            for key in fixed:
                if key not in trains or trains[key].back_of is not None:
                    raise ComponentError(f"{label}.trains.{key}: no train card {key!r}")
        keep = (_unique(t.remove_one_of_each_except, f"{label}.remove_one_of_each_except")
                if t.remove_one_of_each_except is not None else None)
        for i, key in enumerate(keep or ()):
            if key not in trains:
                raise ComponentError(
                    f"{label}.remove_one_of_each_except[{i}]: no train {key!r}")
        if fixed is not None and keep is not None:
            raise ComponentError(f"{label}: a fixed train stack takes no removal rule")
        self.meta(t, label)
        return Mode(
            id=mode_id,
            name=t.name,
            players=players,
            cycles=t.cycles,
            starting_cash=cash_key,
            capital_projects=n_projects,
            minors=minor_rule,
            minor_columns=columns,
            export=t.export,
            pieces=piece_rule,
            removed_pieces=removed,
            random_removed_homes=random_homes,
            piles=piles,
            pile=pile,
            trains=fixed,
            remove_one_of_each_except=keep,
            note=t.note or "",
            conglomerate=conglomerate,
        )

    def conglomerate(self, t: schema.Conglomerate, label: str) -> Conglomerate:
        low_high = tuple(t.price_range)
        if len(low_high) != 2 or low_high[0] > low_high[1]:
            raise ComponentError(f"{label}.price_range: expected [lowest, highest]")
        out = Conglomerate(
            minors=t.minors,
            treasury=t.treasury,
            held_shares=t.held_shares,
            charter_shares=t.charter_shares,
            pool_shares=t.pool_shares,
            hub_costs=tuple(t.hub_costs),
            price_range=(low_high[0], low_high[1]),
            easy_max=t.easy_max,
            medium_max=t.medium_max,
            issue_cycles=tuple(t.issue_cycles),
        )
        if out.easy_max > out.medium_max:
            raise ComponentError(f"{label}.easy_max: above medium_max")
        self.meta(t, label)
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
