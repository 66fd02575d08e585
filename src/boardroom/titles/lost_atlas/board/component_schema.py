"""The shape of a Lost Atlas component file, as pydantic v2 models.

:func:`validate` checks a parsed TOML document against :class:`ComponentFile`: every
table's keys (a missing or unknown key), every value's type (strict: no string for a
number, no number for a boolean), the ranges and the fixed choices. What one entry says
about another (an upgrade that keeps the old track, a mode whose columns hold its
minors...) is checked afterwards by :mod:`.components`, which reads these models.

A refused file raises :class:`ValueError` whose message names the entry and field the way
the rest of the checks do, an array entry by its id (:func:`where`)::

    >>> where(("tiles", 0, "paths", 1), {"tiles": [{"id": "23"}]})
    'tiles[id="23"].paths[1]'
    >>> try:
    ...     validate({"format": "lost-atlas-components", "version": 1})
    ... except ValueError as exc:
    ...     print(exc)
    file: missing key 'phases'

Every table may carry the meta keys ``note``, ``provisional`` and ``alternatives``
(docs/lost-atlas-components.md); :mod:`.components` reads those.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

TERRAINS = ("blank", "water", "mountain", "city", "border", "destination")
SYMBOLS = ("capital", "mine", "port")
SUPPLY_COLOURS = ("yellow", "green", "purple", "grey", "blue")

ID_KEYS = {"tiles": "id", "printed_tiles": "id", "phases": "id", "trains": "id",
           "minors": "id", "majors": "id", "overlays": "id", "capital_projects": "id",
           "destination_cards": "id", "map_pieces": "number", "hexes": "pos"}
"""How an entry of each array is named in messages (``tiles[id="23"]``)."""


def _non_empty(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


Text = Annotated[str, AfterValidator(_non_empty)]
Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]


class Table(BaseModel):
    """A TOML table: strict types, no unknown keys, and the meta keys."""

    model_config = ConfigDict(extra="forbid", strict=True)

    note: Text | None = None
    provisional: Any = None
    """A reason (the whole entry is a choice) or a table of key = reason."""
    alternatives: Any = None
    """An array of tables: field, value, source (, note)."""


class CountTable(Table):
    """A table of names to counts (``[cycles]``, ``counts``...) besides the meta keys."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, Count] = Field(init=False)


class PositiveTable(Table):
    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, Positive] = Field(init=False)


class Alternative(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    field: Text
    value: Any
    source: Text
    note: Text | None = None


# -- stock track, phases, trains ---------------------------------------------------------
class Launch(Table):
    """Phase id -> [lowest, highest] launch price."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, list[Count]] = Field(init=False)


class StockTrack(Table):
    values: list[Count]
    closes: Count
    at_top: Literal["stay"]
    min_bid: Positive
    bid_step: Positive
    launch: Launch


class TrainLimit(Table):
    after: list[Text]
    minor: Count
    major: Count | None = None


class Phase(Table):
    id: Text
    opened_by: list[Text]
    tiles: list[Text]
    limits: list[TrainLimit]


class Train(Table):
    id: Text
    name: Text
    stops: Any
    """A number of stops (at least 1) or "unlimited"."""
    price: Positive
    colour: Text
    rusted_by: list[Text] | None = None
    back_of: Text | None = None
    trade_in_price: Positive | None = None
    trade_in: Any = None
    """"any_unrusted" or an array of train ids."""


class Printing(Table):
    name: Text
    cards: Count
    counts: CountTable
    marked: CountTable | None = None
    marked_min_players: Positive = 1
    unlimited: list[Text] | None = None


class Printings(Table):
    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, Printing] = Field(init=False)


# -- tiles and the map -----------------------------------------------------------------------
class Stop(Table):
    revenue: Count
    slots: Count
    edges: list[Any] = []
    kind: Text = "city"


class PrintedTile(Table):
    id: Text
    paths: list[Any] = []
    stops: list[Stop] = []
    links: list[Any] = []
    exclusive_stops: bool = False
    symbol: Literal["capital", "mine", "port"] | None = None
    upgrades: list[Text] | None = None
    keep_exits_only: bool = False


class Tile(PrintedTile):
    colour: Literal["yellow", "green", "purple", "grey", "blue"]
    count: Count


class FirstTiles(Table):
    blank: list[Text]
    city: list[Text]
    capital: list[Text]
    water: list[Text]


class MapRules(Table):
    mountain_cost: Count
    untiled_city_revenue: Count
    untiled_city_slots: Positive
    min_shared_edges: Positive
    first_tiles: FirstTiles


class MapHex(Table):
    pos: Literal["A", "B", "C"]
    terrain: Literal["blank", "water", "mountain", "city", "border", "destination"]
    home: Text | None = None
    mountain: bool = False
    track: Text | None = None
    home_stop: Count | None = None
    destination: Text | None = None
    open_edges: list[Any] = []
    water_edges: list[Any] = []


class MapPiece(Table):
    number: Positive
    copies: Positive = 1
    short_copies: Count | None = None
    stands_for_home: Text | None = None
    hexes: list[MapHex]


class Overlay(Table):
    id: Text
    kind: Literal["capital", "single_hex"]
    count: Count
    target: Literal["basic_city"] | None = None
    faces: list[Text] | None = None


class CapitalProject(Table):
    id: Text
    overlay: Text
    instruction: Text


# -- companies -------------------------------------------------------------------------------
class CharterShares(Table):
    president_percent: Positive
    president_shares: Positive
    share_percent: Positive
    shares: Count
    max_percent: Positive


class MajorCharter(CharterShares):
    hubs: Positive
    free_hubs: Count
    hub_costs: list[Count]


class Minor(Table):
    id: Text
    name: Text
    abbreviation: Text
    home_piece: Any
    """A map piece number (at least 1) or "launch"."""
    hubs: Positive
    extra_hub_cost: Count | None = None
    ability: Text
    ability_text: Text
    short_game: bool


class Major(Table):
    id: Text
    name: Text
    alt_name: Text | None = None


class DestinationCard(Table):
    id: Text
    name: Text
    blank: bool = False
    recommended: bool = False
    values: CountTable | None = None


# -- money and modes ---------------------------------------------------------------------------
class StartingCash(Table):
    """Schedule name -> player count -> cash."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, PositiveTable] = Field(init=False)


class BankBreak(Table):
    bank: Positive
    removed: Text
    certificate_limits: PositiveTable


class Money(Table):
    bank: Positive
    bank_cards: Positive
    starting_cash: StartingCash
    bank_break: BankBreak


class Pile(Table):
    destinations: Count
    homes: Count
    capital_projects: Count


class Conglomerate(Table):
    minors: Positive
    treasury: Count
    held_shares: Positive
    charter_shares: Count
    pool_shares: Count
    hub_costs: list[Count]
    price_range: list[Positive]
    easy_max: Count
    medium_max: Count
    issue_cycles: list[Positive]


class Mode(Table):
    name: Text
    players: list[Positive]
    cycles: Text
    starting_cash: Text
    pieces: Literal["copies", "short_copies"] = "copies"
    removed_pieces: PositiveTable | None = None
    random_removed_homes: Count = 0
    capital_projects: Count
    piles: Positive = 1
    pile: Pile | None = None
    minors: Literal["all", "short_game", "on_map"]
    minor_columns: list[Positive]
    conglomerate: Conglomerate | None = None
    trains: CountTable | None = None
    remove_one_of_each_except: list[Text] | None = None
    export: bool


class Modes(Table):
    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, Mode] = Field(init=False)


class ComponentFile(Table):
    """The whole file, its tables in the order they are checked."""

    format: Text
    version: Count
    phases: list[Phase]
    stock_track: StockTrack
    trains: list[Train]
    train_printings: Printings
    train_printing: Text
    tiles: list[Tile]
    printed_tiles: list[PrintedTile] | None = None
    map: MapRules
    minor_charter: CharterShares
    minors: list[Minor]
    map_pieces: list[MapPiece]
    overlays: list[Overlay]
    capital_projects: list[CapitalProject]
    major_charter: MajorCharter
    majors: list[Major]
    destination_cards: list[DestinationCard]
    money: Money
    cycles: PositiveTable
    modes: Modes


# -- reading, and saying what is wrong ------------------------------------------------------------
def kind(value: object) -> str:
    """How a value's TOML type is named in messages ("a string", "an array"...)."""
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


def where(loc: Sequence[int | str], raw: object) -> str:
    """The message path of a location: ``tiles[id="23"].paths[1]``."""
    out = ""
    node: object = raw
    parent = ""
    for key in loc:
        if isinstance(key, int):
            label = f"[{key}]"
            entry = node[key] if isinstance(node, list) and key < len(node) else None
            id_key = ID_KEYS.get(parent)
            if id_key is not None and isinstance(entry, dict):
                ident = entry.get(id_key)
                if isinstance(ident, str) and ident.strip():
                    label = f'[{id_key}="{ident}"]'
                elif isinstance(ident, int) and not isinstance(ident, bool):
                    label = f"[{id_key}={ident}]"
            out += label
            node = entry
        else:
            out = f"{out}.{key}" if out else key
            node = node.get(key) if isinstance(node, dict) else None
            parent = key
    return out


def explain(error: Any, raw: object) -> str:
    """One pydantic error as a message naming the entry and field."""
    loc = tuple(error["loc"])
    kind_of = error["type"]
    if kind_of in ("missing", "extra_forbidden"):
        table = where(loc[:-1], raw) or "file"
        what = "missing" if kind_of == "missing" else "unknown"
        return f"{table}: {what} key {loc[-1]!r}"
    at = where(loc, raw) or "file"
    value = error.get("input")
    ctx = error.get("ctx") or {}
    expected = {"int_type": "an integer", "string_type": "a string",
                "bool_type": "true or false", "list_type": "an array",
                "model_type": "a table", "dict_type": "a table",
                "model_attributes_type": "a table"}.get(kind_of)
    if expected is not None:
        return f"{at}: expected {expected}, got {kind(value)}"
    if kind_of == "greater_than_equal":
        low = ctx.get("ge")
        return f"{at}: {value} is negative" if low == 0 else f"{at}: {value} is less than {low}"
    if kind_of == "literal_error":
        return f"{at}: {value!r} is not one of {ctx.get('expected')}"
    if kind_of == "value_error":
        return f"{at}: {ctx.get('error', error['msg'])}"
    return f"{at}: {error['msg']}"


def validate(raw: dict[str, Any]) -> ComponentFile:
    """The file as models, or ValueError naming the first bad entry and field."""
    try:
        return ComponentFile.model_validate(raw)
    except ValidationError as exc:
        raise ValueError(explain(exc.errors()[0], raw)) from None
