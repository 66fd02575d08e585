"""A Lost Atlas component file as one pydantic model, its tables in the order they are read.

Each table's model is the component itself (:mod:`.component_trains`, :mod:`.component_map`,
:mod:`.component_companies`): its fields are the file's keys, checked strictly (a missing
or unknown key, a value's type, the ranges and the fixed choices), and its validators check
what the entry says. :class:`ComponentFile`'s validators check what a table says about
the tables read before it and keep each table, keyed by id, in the validation context,
where a later entry's validators find it (a map hex's printed track, a mode's minors).

A refused file raises :class:`ValueError` whose message names the entry and field, an
array entry by its id::

    >>> try:
    ...     validate({"format": "lost-atlas-components", "version": 1})
    ... except ValueError as exc:
    ...     print(exc)
    file: missing key 'phases'
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import Field, ValidationError, ValidationInfo, field_validator

from boardroom.titles.lost_atlas.board.component_base import (
    Count,
    Entries,
    Fault,
    Positive,
    Table,
    Text,
    by_id,
    explain,
    name_table,
)
from boardroom.titles.lost_atlas.board.component_companies import (
    CharterShares,
    DestinationCard,
    Major,
    MajorCharter,
    Minor,
    Modes,
    Money,
    check_cards,
    check_majors,
    check_minors,
)
from boardroom.titles.lost_atlas.board.component_map import (
    CapitalProject,
    MapPiece,
    MapRules,
    Overlay,
    PrintedTile,
    Tile,
    check_first_tiles,
    check_pieces,
    check_projects,
    check_tiles,
    context,
)
from boardroom.titles.lost_atlas.board.component_trains import (
    Phase,
    Printings,
    StockTrack,
    Train,
    any_unrusted,
    check_launch,
    check_phases,
    check_printings,
    check_trains,
)


def _keep(info: ValidationInfo, value: _V) -> _V:
    """Keep a read table in the context, under its field's name."""
    if info.context is not None and info.field_name is not None:
        info.context[info.field_name] = value
    return value


_V = TypeVar("_V")


class ComponentFile(Table):
    """The whole file, its tables in the order they are read."""

    format: Text
    version: Count
    phases: Entries[Phase]
    stock_track: StockTrack
    trains: Entries[Train]
    train_printings: Printings
    train_printing: Text
    tiles: Entries[Tile]
    printed_tiles: Entries[PrintedTile] | None = Field(None, validate_default=True)
    map: MapRules
    minor_charter: CharterShares
    minors: Entries[Minor]
    map_pieces: Entries[MapPiece]
    overlays: Entries[Overlay]
    capital_projects: Entries[CapitalProject]
    major_charter: MajorCharter
    majors: Entries[Major]
    destination_cards: Entries[DestinationCard]
    money: Money
    cycles: Annotated[dict[str, int], name_table(Positive)]
    modes: Modes

    @field_validator("phases")
    @classmethod
    def _phases(cls, value: list[Phase], info: ValidationInfo) -> list[Phase]:
        _keep(info, check_phases(value))
        return value

    @field_validator("stock_track")
    @classmethod
    def _launch(cls, value: StockTrack, info: ValidationInfo) -> StockTrack:
        phases = context(info, "phases")
        return _keep(info, check_launch(value, phases)) if phases is not None else value

    @field_validator("trains", mode="before")
    @classmethod
    def _any_unrusted(cls, value: object) -> object:
        return any_unrusted(value)

    @field_validator("trains")
    @classmethod
    def _trains(cls, value: list[Train], info: ValidationInfo) -> list[Train]:
        _keep(info, check_trains(value, context(info, "phases")))
        return value

    @field_validator("train_printings")
    @classmethod
    def _printings(cls, value: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        trains = context(info, "trains")
        if trains is not None:
            check_printings(value, trains)
        return _keep(info, value)

    @field_validator("train_printing")
    @classmethod
    def _printing(cls, value: str, info: ValidationInfo) -> str:
        printings = context(info, "train_printings")
        if printings is not None and value not in printings:
            raise Fault((), f"no printing {value!r}")
        return value

    @field_validator("tiles")
    @classmethod
    def _tiles(cls, value: list[Tile], info: ValidationInfo) -> list[Tile]:
        _keep(info, {t.id: t.tile_def() for t in value})
        return value

    @field_validator("printed_tiles")
    @classmethod
    def _printed(cls, value: list[PrintedTile] | None, info: ValidationInfo
                 ) -> list[PrintedTile] | None:
        printed = {t.id: t.tile_def() for t in value or ()}
        supply = context(info, "tiles")
        if supply is not None:
            check_tiles(supply, printed)
        if info.context is not None:
            info.context["printed"] = printed
        return value

    @field_validator("map")
    @classmethod
    def _map(cls, value: MapRules, info: ValidationInfo) -> MapRules:
        tiles = context(info, "tiles")
        if tiles is not None:
            check_first_tiles(value, tiles)
        return _keep(info, value)

    @field_validator("minors")
    @classmethod
    def _minors(cls, value: list[Minor], info: ValidationInfo) -> list[Minor]:
        _keep(info, check_minors(value))
        return value

    @field_validator("map_pieces")
    @classmethod
    def _pieces(cls, value: list[MapPiece], info: ValidationInfo) -> list[MapPiece]:
        _keep(info, check_pieces(value, context(info, "minors")))
        return value

    @field_validator("overlays", "capital_projects", "money", "cycles", "modes",
                     "minor_charter", "major_charter")
    @classmethod
    def _table(cls, value: Any, info: ValidationInfo) -> Any:
        if info.field_name == "capital_projects":
            check_projects(value, context(info, "overlays"))
        _keep(info, by_id(value) if isinstance(value, list) else value)
        return value

    @field_validator("destination_cards")
    @classmethod
    def _cards(cls, value: list[DestinationCard], info: ValidationInfo
               ) -> list[DestinationCard]:
        phases = context(info, "phases")
        if phases is not None:
            _keep(info, check_cards(value, [p.id for p in phases]))
        return value

    @field_validator("majors")
    @classmethod
    def _majors(cls, value: list[Major], info: ValidationInfo) -> list[Major]:
        _keep(info, check_majors(value))
        return value


def validate(raw: dict[str, Any]) -> tuple[ComponentFile, dict[str, Any]]:
    """The file as models and its tables by id (the validation context), or ValueError
    naming the first bad entry and field: of the file's shape (a key, a type, a range)
    if any, else of the checks (a :class:`Fault`)."""
    tables: dict[str, Any] = {}
    try:
        return ComponentFile.model_validate(raw, context=tables), tables
    except ValidationError as exc:
        errors = exc.errors()
        shape = [e for e in errors if not isinstance((e.get("ctx") or {}).get("error"), Fault)]
        raise ValueError(explain((shape or errors)[0], raw)) from None
