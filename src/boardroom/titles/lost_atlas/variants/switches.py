"""The Lost Atlas variants and modules, as options chosen at setup (rulebook "Variants";
summaries 000/002 for the Landmarks events; facts sheet §7).

Every option is recorded in the game record's ``options`` and read through
:func:`enabled`, so a rule that a variant changes asks one findable question::

    >>> enabled({"hostile_mergers": True}, "hostile_mergers")
    True

The options and what they change are listed in ``docs/variants.md``. Options of the
base game that predate this module (``cut_throat_routes``, ``cut_throat_stock``,
``bankruptcy``, the map building options) stay in :mod:`.flow` and :mod:`.mapbuild`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardroom.core.errors import OptionError
from boardroom.titles.lost_atlas.board.components import Mode
from boardroom.titles.lost_atlas.rounds.points import Points

HOSTILE_MERGERS = "hostile_mergers"
"""Mergers decided by a share vote; any shareholder proposes (rulebook "Hostile Mergers")."""
BANK_BREAK = "bank_break"
"""An 8,000 bank ends the game instead of the cycle counter (rulebook "Bank Break")."""
HEADQUARTERS = "headquarters"
"""Majors' stacked headquarters token and its initial effects (rulebook "Headquarters")."""
MERGER_MANIA = "merger_mania"
"""Landmarks event: a second Merger Round (summary 000)."""
UNIONS_WIN = "unions_win"
"""Landmarks event: half pay-outs allowed (summary 002)."""
RECORD_GAINS = "record_gains"
"""Landmarks event: a triple price jump (summary 002)."""
METROPOLITAN = "metropolitan"
"""Landmarks module: exported trains go to the Metropolitan, whose shares score (000)."""

VARIANT_OPTIONS: dict[str, Any] = {
    HOSTILE_MERGERS: False,
    BANK_BREAK: False,
    HEADQUARTERS: False,
    MERGER_MANIA: False,
    UNIONS_WIN: False,
    RECORD_GAINS: False,
    METROPOLITAN: False,
}
"""The variant switches and their defaults (all off: the base game)."""


def normalize(options: Mapping[str, Any]) -> dict[str, Any]:
    """Check the variant switches in ``options``; return them with defaults filled in."""
    out = {k: options.get(k, v) for k, v in VARIANT_OPTIONS.items()}
    for key, value in out.items():
        if not isinstance(value, bool):
            raise OptionError(f"option {key} is true or false, not {value!r}")
    return out


COMBINATION_RULE = "lost_atlas.variant.combination"


def check_combinations(options: Mapping[str, Any], mode_name: str, export: bool) -> None:
    """Refuse variants that mean nothing in the chosen mode. (Bank Break checks its own
    Long Game setup in :mod:`.bank_break`.)

    >>> try:
    ...     check_combinations({"metropolitan": True}, "Micro Game", False)
    ... except OptionError as exc:
    ...     print(exc.args[0][-36:])
    rule lost_atlas.variant.combination]
    """
    if enabled(options, METROPOLITAN) and not export:
        raise OptionError(f"option metropolitan takes the exported trains, and the "
                          f"{mode_name} exports none [rule {COMBINATION_RULE}]")


def enabled(options: Mapping[str, Any], variant: str) -> bool:
    """Is ``variant`` switched on in these (normalized or raw) options?"""
    return bool(options.get(variant, False))


# -- the extension points (see rounds/points.py and variants/table.py) ------------------------
def attach(points: Points) -> None:
    """The switches: their option names and check (what each changes is in its own
    module: ``hostile_mergers.py``, ``bank_break.py``, ``headquarters.py``,
    ``landmarks.py``)."""
    points.options.update(VARIANT_OPTIONS)
    points.check_options.append(_check_options)


def _check_options(options: dict[str, Any], mode: Mode) -> None:
    options.update(normalize(options))
    check_combinations(options, mode.name, mode.export)
