"""Boardroom: an engine and platform for stock-and-merger board games.

>>> import boardroom
>>> game = boardroom.new_game("acquire", ["Ann", "Bob", "Cy"], seed=7)
>>> game.players
['Ann', 'Bob', 'Cy']
>>> replayed = boardroom.load(game.to_record())
>>> replayed.view(None) == game.view(None)
True
"""

from boardroom.core.errors import (
    BoardroomError,
    IllegalAction,
    NotationError,
    OptionError,
    RecordError,
    UnknownTitle,
)
from boardroom.core.game import Game, LogEntry, load, new_game
from boardroom.core.record import Record
from boardroom.core.registry import get_title, title_names
from boardroom.core.title import Action, Result, Title

__all__ = [
    "Action",
    "BoardroomError",
    "Game",
    "IllegalAction",
    "LogEntry",
    "NotationError",
    "OptionError",
    "Record",
    "RecordError",
    "Result",
    "Title",
    "UnknownTitle",
    "get_title",
    "load",
    "new_game",
    "title_names",
]
__version__ = "0.1.0"
