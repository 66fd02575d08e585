"""Bots: programs that choose an action for a seat. Any bot can take any seat.

>>> import boardroom
>>> from boardroom.bots import make_bot
>>> game = boardroom.new_game("acquire", ["Ann", "Bob"], seed=1)
>>> bot = make_bot("random", seed=5)
>>> game.apply(bot.choose(game, game.to_act[0]))
"""

from __future__ import annotations

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
_BOTS: dict[str, BotFactory] = {"random": RandomBot}


def register_bot(name: str, factory: BotFactory) -> None:
    _BOTS[name] = factory


def bot_names() -> list[str]:
    _load_builtin()
    return sorted(_BOTS)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name ("random", "greedy"...), seeded for reproducible play."""
    _load_builtin()
    if name not in _BOTS:
        raise OptionError(f"unknown bot {name!r}; known bots: {', '.join(sorted(_BOTS))}")
    return _BOTS[name](seed)


def _load_builtin() -> None:
    """Import the built-in bots so they register themselves."""
    import boardroom.bots.acquire_greedy
    import boardroom.bots.lost_atlas_heuristic  # noqa: F401
