"""The meta keys of a component file: ``note``, ``provisional`` and ``alternatives``, which
any table may carry (docs/lost-atlas-components.md).

:func:`read_meta` walks the file once it is validated, each table after the tables inside
it and in the order of the models' fields, and gives every provisional value as (path,
reason) and every alternative as an :class:`Alternative`, or raises ComponentError naming
a meta key that is wrong (a reason for a key the table does not have...).
"""

from __future__ import annotations

import re
import types
from typing import Any, ClassVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from boardroom.titles.lost_atlas.board.component_base import (
    META_KEYS,
    ComponentError,
    Parsed,
    Table,
    Text,
    explain,
    kind,
    reject_derived,
    where,
)


def _freeze(value: object) -> object:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    return value


class Alternative(BaseModel):
    """A value a source gives that the data did not choose, kept for later: ``field`` of
    the table it sits in; ``path`` names it from the file's root once read."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    derived: ClassVar[frozenset[str]] = frozenset({"path"})

    field: Text
    value: Any
    source: Text
    note: Text = ""
    path: str = ""

    @model_validator(mode="before")
    @classmethod
    def _no_derived(cls, data: Any) -> Any:
        return reject_derived(cls.derived, data)


def _table_class(tp: Any) -> type[Table] | None:
    """The model of the tables a field holds (itself, in an array or by name), if any."""
    while True:
        origin = get_origin(tp)
        if origin in (Union, types.UnionType):
            args = [a for a in get_args(tp) if a is not type(None)]
            tp = args[0] if len(args) == 1 else None
        elif origin in (list, tuple):
            tp = get_args(tp)[0]
        elif origin is dict:
            tp = get_args(tp)[1]
        elif hasattr(tp, "__metadata__"):
            tp = get_args(tp)[0]
        else:
            return tp if isinstance(tp, type) and issubclass(tp, Table) else None


def _field_tables(cls: type[Table], key: str) -> tuple[type[Table] | None, bool]:
    """The model of the tables that field ``key`` of ``cls`` holds (None: none), and
    whether they are by name (a table of name = table, as ``[modes]``)."""
    for name, info in cls.model_fields.items():
        if (info.alias or name) == key:
            for extra in info.metadata:
                if isinstance(extra, Parsed):
                    return _table_class(extra.inner), extra.table
            return _table_class(info.annotation), False
    return None, False


class _Walk:
    """One walk of a validated file, gathering its provisional values and alternatives."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        self.provisional: list[tuple[str, str]] = []
        self.alternatives: list[Alternative] = []

    def table(self, value: dict[str, Any], loc: tuple[int | str, ...],
              cls: type[Table] | None, values_cls: type[Table] | None = None) -> None:
        """``value`` after its inner tables; ``values_cls``: the model of a named table's
        entries (a table of name = table)."""
        keys = [k for k in value if k not in META_KEYS]
        if cls is not None:
            order = [info.alias or name for name, info in cls.model_fields.items()]
            keys.sort(key=lambda k: order.index(k) if k in order else len(order))
        for key in keys:
            child = value[key]
            inner, by_name = (values_cls, False) if cls is None else _field_tables(cls, key)
            if isinstance(child, dict):
                if by_name:
                    self.table(child, (*loc, key), None, inner)
                else:
                    self.table(child, (*loc, key), inner)
            elif isinstance(child, list):
                for i, item in enumerate(child):
                    if isinstance(item, dict):
                        self.table(item, (*loc, key, i), inner)
        self.meta(value, where(loc, self.raw), plain=cls is None)

    def meta(self, table: dict[str, Any], label: str, plain: bool) -> None:
        """Record ``table``'s provisional values and alternatives (``label`` names it);
        ``plain``: a table of names, whose note no model checked."""
        given = set(table)
        if plain and "note" in table:
            note = table["note"]
            if not isinstance(note, str):
                raise ComponentError(f"{label}.note: expected a string, got {kind(note)}")
            if not note.strip():
                raise ComponentError(f"{label}.note: must not be empty")
        at = f"{label}.provisional" if label else "provisional"
        value = table.get("provisional")
        if value is not None:
            if isinstance(value, str):
                if not value.strip():
                    raise ComponentError(f"{at}: must not be empty")
                self.provisional.append((label or "file", value))
            elif not isinstance(value, dict):
                raise ComponentError(f"{at}: expected a string or a table, got {kind(value)}")
            elif not value:
                raise ComponentError(f"{at}: must not be empty")
            else:
                for key, reason in value.items():
                    _check_field(given, key, f"{at}.{key}", label)
                    if not isinstance(reason, str):
                        raise ComponentError(
                            f"{at}.{key}: expected a string, got {kind(reason)}")
                    if not reason.strip():
                        raise ComponentError(f"{at}.{key}: must not be empty")
                    self.provisional.append((f"{label}.{key}" if label else key, reason))
        if table.get("alternatives") is not None:
            self.alternatives_of(table, label, given)

    def alternatives_of(self, table: dict[str, Any], label: str, given: set[str]) -> None:
        at = f"{label}.alternatives" if label else "alternatives"
        items = table["alternatives"]
        if not isinstance(items, list):
            raise ComponentError(f"{at}: expected an array, got {kind(items)}")
        for i, raw in enumerate(items):
            try:
                alt = Alternative.model_validate(raw)
            except ValidationError as exc:
                problem = explain(exc.errors()[0], raw)  # "file: ..." or "key: ..."
                inside = problem.removeprefix("file") if problem.startswith("file:") \
                    else f".{problem}"
                raise ComponentError(f"{at}[{i}]{inside}") from None
            _check_field(given, alt.field, f"{at}[{i}].field", label)
            path = f"{label}.{alt.field}" if label else alt.field
            self.alternatives.append(
                alt.model_copy(update={"path": path, "value": _freeze(alt.value)}))


def _check_field(given: set[str], target: str, where_: str, label: str) -> None:
    head = re.split(r"[.\[]", target, maxsplit=1)[0]
    if head not in given or head in META_KEYS:
        raise ComponentError(f"{where_}: {target!r} is not a key of {label or 'file'}")


def read_meta(raw: dict[str, Any], file_model: type[Table]
              ) -> tuple[tuple[tuple[str, str], ...], tuple[Alternative, ...]]:
    """The provisional values and alternatives of a validated file, in reading order."""
    walk = _Walk(raw)
    walk.table(raw, (), file_model)
    return tuple(walk.provisional), tuple(walk.alternatives)
