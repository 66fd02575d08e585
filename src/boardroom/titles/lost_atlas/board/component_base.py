"""What every Lost Atlas component model shares: the strict frozen base, the value types,
and how a refusal names the entry and field.

A check that refuses raises :class:`Fault` from a pydantic validator; pydantic records where
it was validating, and :func:`explain` turns that location (plus the fault's own path
below it) into the message path the rest of the checks use, an array entry by its id
(:func:`where`)::

    >>> where(("tiles", 0, "paths", 1), {"tiles": [{"id": "23"}]})
    'tiles[id="23"].paths[1]'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Annotated, Any, ClassVar, TypeVar

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, model_validator
from pydantic_core import core_schema

from boardroom.core.errors import BoardroomError

T = TypeVar("T")

META_KEYS = frozenset({"note", "provisional", "alternatives"})
"""Keys every table may carry besides its own (docs/lost-atlas-components.md)."""

ID_KEYS = {"tiles": "id", "printed_tiles": "id", "phases": "id", "trains": "id",
           "minors": "id", "majors": "id", "overlays": "id", "capital_projects": "id",
           "destination_cards": "id", "map_pieces": "number", "hexes": "pos"}
"""How an entry of each array is named in messages (``tiles[id="23"]``)."""

Path = tuple[int | str, ...]


class ComponentError(BoardroomError):
    """A component data file that cannot be used; the message names the bad entry."""


class Fault(ValueError):
    """A check's refusal: what is wrong at ``path`` below the value being validated (from
    the file's root when ``absolute``)."""

    def __init__(self, path: Path | str, message: str, absolute: bool = False) -> None:
        super().__init__(message)
        self.path: Path = (path,) if isinstance(path, str) else path
        self.message = message
        self.absolute = absolute


# -- value types ---------------------------------------------------------------------------
def _non_empty(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


def _tuple(value: object) -> object:
    """An array read as a tuple (strict validation takes no list for a tuple)."""
    return tuple(value) if isinstance(value, list) else value


Text = Annotated[str, AfterValidator(_non_empty)]
Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
Array = Annotated[tuple[T, ...], BeforeValidator(_tuple)]
"""An array of the file, held as a tuple."""


def unique(values: Sequence[str]) -> tuple[str, ...]:
    """A list of names, each named once."""
    out = tuple(values)
    for i, v in enumerate(out):
        if v in out[:i]:
            raise Fault((i,), f"{v!r} is listed twice")
    return out


Names = Annotated[tuple[Text, ...], BeforeValidator(_tuple), AfterValidator(unique)]
"""An array of names, none twice."""


class Parsed:
    """A field read as ``inner`` and handed to ``after``, which makes it what the
    component holds (``Annotated[held type, Parsed(...)]``); with ``table``, a TOML table
    of names whose meta keys are left out first (:mod:`.component_meta` reads those from
    the file), held as a plain dict."""

    def __init__(self, inner: Any, after: Callable[[Any], Any] | None = None,
                 table: bool = False) -> None:
        self.inner, self.after, self.table = inner, after, table

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        schema = handler.generate_schema(self.inner)
        if self.after is not None:
            schema = core_schema.no_info_after_validator_function(self.after, schema)
        if self.table:
            schema = core_schema.no_info_before_validator_function(_without_meta, schema)
        return schema


def _without_meta(value: object) -> object:
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if k not in META_KEYS}
    return value


def name_table(value: Any, after: Callable[[Any], Any] | None = None) -> Parsed:
    """A table of names to ``value``s besides the meta keys, held as a dict."""
    return Parsed(dict[str, value], after, table=True)


def player_counts(table: dict[str, int]) -> dict[int, int]:
    """A table keyed by player counts ("3" = 16) with the counts as integers."""
    out: dict[int, int] = {}
    for key, value in table.items():
        if not (key.isascii() and key.isdigit()) or int(key) < 1:
            raise Fault((key,), f"{key!r} is not a player count")
        out[int(key)] = value
    return out


class Table(BaseModel):
    """A TOML table: strict types, no unknown keys, frozen once read; and the meta keys."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    id_key: ClassVar[str] = "id"
    """The key naming an entry of an array of these (``number`` for a map piece)."""
    derived: ClassVar[frozenset[str]] = frozenset()
    """Fields the reading fills in (a mode's ``id``, its table's key), not the file."""

    note: Text = ""
    provisional: Any = None
    """A reason (the whole entry is a choice) or a table of key = reason."""
    alternatives: Any = None
    """An array of tables: field, value, source (, note)."""

    @model_validator(mode="before")
    @classmethod
    def _no_derived(cls, data: Any) -> Any:
        return reject_derived(cls.derived, data)

    def __hash__(self) -> int:
        """By the entry's own fields, as a frozen dataclass would be: the provisional
        and alternatives tables (which :mod:`.component_meta` reads) left out."""
        return hash((type(self), *(v for k, v in self.__dict__.items()
                                   if k not in ("provisional", "alternatives"))))


def reject_derived(derived: frozenset[str], data: Any) -> Any:
    """Refuse a key the reading fills in, as pydantic refuses an unknown key."""
    for key in data if derived and isinstance(data, dict) else ():
        if key in derived:
            raise ValueError(f"unknown key {key!r}")
    return data


def entries(items: list[Any]) -> list[Any]:
    """An array of entries, none without an entry and no id twice."""
    seen: set[object] = set()
    for i, item in enumerate(items):
        ident = getattr(item, item.id_key)
        if ident in seen:
            raise Fault((i,), f"duplicate {item.id_key}")
        seen.add(ident)
    if not items:
        raise Fault((), "must not be empty")
    return items


Entries = Annotated[list[T], AfterValidator(entries)]
"""An array of entries (``[[tiles]]``), each with a distinct id."""


def edge(value: object, at: Path = ()) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Fault(at, f"edge {value!r} is not 0-5")
    if not 0 <= value <= 5:
        raise Fault(at, f"edge {value} is not 0-5")
    return value


def _edges(value: object) -> object:
    if not isinstance(value, list):
        return value  # the tuple check names the type
    out = tuple(edge(v) for v in value)
    if len(set(out)) != len(out):
        raise Fault((), "an edge is listed twice")
    return out


Edges = Annotated[tuple[int, ...], BeforeValidator(_edges)]
"""Hex edges, each 0-5 and none twice."""


def as_int(value: object, minimum: int | None = 0, at: Path = ()) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Fault(at, f"expected an integer, got {kind(value)}")
    if minimum is not None and value < minimum:
        if minimum == 0:
            raise Fault(at, f"{value} is negative")
        raise Fault(at, f"{value} is less than {minimum}")
    return value


def by_id(items: Iterable[Any]) -> dict[Any, Any]:
    return {getattr(item, item.id_key): item for item in items}


# -- saying what is wrong ------------------------------------------------------------------
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
    if isinstance(value, list | tuple):
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
        if isinstance(key, str) and key.startswith("["):  # an entry named by the check
            out += key
            node = None
        elif isinstance(key, int):
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


_EXPECTED = {"int_type": "an integer", "string_type": "a string", "bool_type": "true or false",
             "list_type": "an array", "tuple_type": "an array", "model_type": "a table",
             "dict_type": "a table", "model_attributes_type": "a table"}


def explain(error: Any, raw: object) -> str:
    """One pydantic error as a message naming the entry and field."""
    loc = tuple(error["loc"])
    kind_of = error["type"]
    if kind_of in ("missing", "extra_forbidden"):
        table = where(loc[:-1], raw) or "file"
        what = "missing" if kind_of == "missing" else "unknown"
        return f"{table}: {what} key {loc[-1]!r}"
    value = error.get("input")
    ctx = error.get("ctx") or {}
    fault = ctx.get("error")
    if isinstance(fault, Fault):
        path = fault.path if fault.absolute else loc + fault.path
        return f"{where(path, raw) or 'file'}: {fault.message}"
    at = where(loc, raw) or "file"
    expected = _EXPECTED.get(kind_of)
    if expected is not None:
        return f"{at}: expected {expected}, got {kind(value)}"
    if kind_of == "greater_than_equal":
        low = ctx.get("ge")
        return f"{at}: {value} is negative" if low == 0 else f"{at}: {value} is less than {low}"
    if kind_of == "literal_error":
        return f"{at}: {value!r} is not one of {ctx.get('expected')}"
    if kind_of == "value_error":
        return f"{at}: {fault if fault is not None else error['msg']}"
    return f"{at}: {error['msg']}"
