"""What a title may say about a finished game, for statistics over many games.

The designer's workbench (``boardroom simulate``, :mod:`boardroom.workbench`) measures
every title generically (seat win rates, game length in actions, score spread); a title
that wants its own statistics ships ``boardroom/titles/<name>/measures.py`` with a
``MEASURES`` object following :class:`TitleMeasures`. The workbench finds it by that
name; nothing in the workbench changes when a title adds one. The interface lives here,
in the core, so that titles depend on the core only.

A :class:`Tracker` watches one game: ``step`` is called after every action (keep it
cheap: it runs thousands of times per game) and ``finish`` once at the end, returning
the game's :class:`GameFacts`.

>>> facts = GameFacts(rounds=3, end_reason="bank break", mergers=[1, 1, 3])
>>> facts.rounds, facts.end_reason, len(facts.mergers)
(3, 'bank break', 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from boardroom.core.game import Game
    from boardroom.core.title import Action


@dataclass
class GameFacts:
    """What a title says about one finished game.

    * ``rounds``: the game's length in the title's own unit (Acquire: turns; Lost
      Atlas: Operating Rounds); ``round_unit`` names it.
    * ``end_reason``: why the game ended, one short phrase.
    * ``mergers``: for each merger, the round (in ``rounds`` units, from 1) it happened in.
    * ``curves``: named series sampled once per round (e.g. total revenue, mean share
      price), averaged across games by round in the report.
    * ``groups``: named per-seat categories (e.g. a seat's first minor); the report
      gives the win rate of each category. Each seat has a list (it may hold several).
    * ``extra``: any other per-game numbers, each summarised with a confidence interval
      and compared between arms.
    """

    rounds: int = 0
    round_unit: str = "rounds"
    end_reason: str = ""
    mergers: list[int] = field(default_factory=list)
    curves: dict[str, list[float]] = field(default_factory=dict)
    groups: dict[str, list[list[str]]] = field(default_factory=dict)
    extra: dict[str, float] = field(default_factory=dict)


class Tracker(Protocol):
    """Watches one game as it is played."""

    def step(self, game: Game, action: Action, seat: int) -> None:
        """Called after every action of the game: ``seat`` has just played ``action``."""

    def finish(self, game: Game) -> GameFacts:
        """Called once, after the last action."""


class TitleMeasures(Protocol):
    """A title's statistics: a new tracker for each game.

    A title's ``MEASURES`` may also have ``turn_positions(game) -> list[int]`` (see
    :class:`TurnOrder`): for each seat of a game that has not started yet, its turn
    position, 0 for the seat that acts first, 1 for the next, and so on. The workbench
    reports fairness by turn position (the first player is drawn from the seed, so
    "seat 2" is not "second to act"); a title without the method gets the order in
    which the seats first act.
    """

    def tracker(self, game: Game) -> Tracker: ...


class TurnOrder(Protocol):
    """A title's definition of turn position (see :class:`TitleMeasures`)."""

    def turn_positions(self, game: Game) -> list[int]:
        """Seat -> turn position (0 first) of a game before its first action."""
