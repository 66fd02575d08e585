"""Finding a title's statistics (the interface is :mod:`boardroom.core.measures`).

A title that declares none still gets every generic statistic.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from boardroom.core.measures import GameFacts, TitleMeasures, Tracker

if TYPE_CHECKING:
    from boardroom.core.game import Game
    from boardroom.core.title import Action

__all__ = ["GameFacts", "TitleMeasures", "Tracker", "measures_for", "turn_positions"]


class _Plain:
    """The tracker of a title that declares no statistics: nothing beyond the generic."""

    def step(self, game: Game, action: Action, seat: int) -> None:
        return None

    def finish(self, game: Game) -> GameFacts:
        return GameFacts()


class _PlainMeasures:
    def tracker(self, game: Game) -> Tracker:
        return _Plain()


def measures_for(title: str) -> TitleMeasures:
    """The statistics a title declares (its package's ``measures.MEASURES``), or none.

    >>> type(measures_for("acquire").tracker).__name__
    'method'
    """
    from boardroom.core.registry import get_title

    parts = type(get_title(title)).__module__.split(".")
    package = ".".join(parts[:3] if parts[:2] == ["boardroom", "titles"] else parts[:-1])
    try:
        found = importlib.import_module(f"{package}.measures")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.measures":
            raise
        return _PlainMeasures()
    declared: TitleMeasures = found.MEASURES
    return declared


def turn_positions(measures: TitleMeasures, game: Game) -> list[int] | None:
    """Seat -> turn position (0 acts first) as the title defines it, checked to be an
    order of the seats; ``None`` where the title defines none (the workbench then uses
    the order in which the seats first act).

    >>> import boardroom
    >>> game = boardroom.new_game("acquire", ["A", "B", "C"], seed=4)
    >>> sorted(turn_positions(measures_for("acquire"), game))
    [0, 1, 2]
    """
    hook = getattr(measures, "turn_positions", None)
    if hook is None:
        return None
    positions = [int(p) for p in hook(game)]
    if sorted(positions) != list(range(len(game.players))):
        raise ValueError(f"{game.title.name}: turn_positions gave {positions}, not an order "
                         f"of {len(game.players)} seats")
    return positions
