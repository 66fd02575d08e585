"""The errors every title raises, so callers can catch one family."""

from __future__ import annotations


class BoardroomError(Exception):
    """Base class of every error Boardroom raises on purpose."""


class IllegalAction(BoardroomError):
    """An action the rules do not allow now.

    ``rule`` names the rule broken (a stable id such as ``"acquire.place.safe-merger"``)
    so that a program can react to it and a person can look it up in
    ``docs/rules-coverage.md``. The game state is unchanged when this is raised.

    >>> err = IllegalAction("acquire.buy.limit", "at most 3 shares a turn")
    >>> str(err)
    'at most 3 shares a turn [rule acquire.buy.limit]'
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [rule {rule}]")
        self.rule = rule
        self.message = message


class NotationError(IllegalAction):
    """Text that is not an action of the title's notation."""

    def __init__(self, message: str) -> None:
        super().__init__("notation", message)


class UnknownTitle(BoardroomError):
    """A title name that no registered title answers to."""


class OptionError(BoardroomError):
    """An unknown option, an option value out of range, or a bad player list."""


class RecordError(BoardroomError):
    """A game record that cannot be read: wrong format, unknown version, or corrupted."""
