"""Bots: programs that choose an action for a seat. Any bot can take any seat.

>>> import boardroom
>>> from boardroom.bots import make_bot
>>> game = boardroom.new_game("acquire", ["Ann", "Bob"], seed=1)
>>> bot = make_bot("random", seed=5)
>>> game.apply(bot.choose(game, game.to_act[0]))
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable

from boardroom.core.errors import OptionError
from boardroom.core.game import Game
from boardroom.core.rng import Rng
from boardroom.core.title import Action


class Bot(ABC):
    """Chooses one of the legal actions of ``seat`` in ``game``."""

    name: str = "bot"

    @abstractmethod
    def choose(self, game: Game, seat: int) -> Action: ...

    @staticmethod
    def options(game: Game, seat: int) -> list[Action]:
        """The legal actions of ``seat``; an error if it has nothing to decide."""
        actions = game.legal_actions(seat)
        if not actions:
            raise OptionError(f"seat {seat} has nothing to decide now")
        return actions


class RandomBot(Bot):
    """Picks uniformly among the legal actions: a baseline and a fuzzer, nothing more."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, seat: int) -> Action:
        actions = self.options(game, seat)
        return actions[self.rng.below(len(actions))]


BotFactory = Callable[[int], Bot]
"""Makes a bot from a seed."""

BOT_MODULES: dict[str, str] = {
    "congress": "boardroom.bots.congress_heuristic",
    "greedy": "boardroom.bots.acquire_greedy",
    "heuristic": "boardroom.bots.lost_atlas_heuristic",
}
"""Built-in bots by name and the module that registers each, imported on first use (the
registry never imports a bot module by an import statement, so no bot imports back into
a cycle). A new bot: a module that calls :func:`register_bot` at import, and one line
here."""

_BOTS: dict[str, BotFactory] = {"random": RandomBot}


def register_bot(name: str, factory: BotFactory) -> None:
    """Make ``factory`` the bot called ``name`` (a bot module calls this at import)."""
    _BOTS[name] = factory


def bot_names() -> list[str]:
    """Every bot's name: the registered ones and the built-in ones not yet imported."""
    return sorted(set(_BOTS) | set(BOT_MODULES))


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name ("random", "greedy"...), seeded for reproducible play."""
    if name not in _BOTS and name in BOT_MODULES:
        importlib.import_module(BOT_MODULES[name])  # it registers itself
    if name not in _BOTS:
        raise OptionError(f"unknown bot {name!r}; known bots: {', '.join(bot_names())}")
    return _BOTS[name](seed)
