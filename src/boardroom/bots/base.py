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
OptionFactory = Callable[[int, dict[str, str]], Bot]
"""Makes a bot from a seed and its options (``search:iters=200`` gives ``{"iters": "200"}``)."""

BOT_MODULES: dict[str, str] = {
    "congress": "boardroom.bots.congress_heuristic",
    "greedy": "boardroom.bots.acquire_greedy",
    "heuristic": "boardroom.bots.lost_atlas_heuristic",
    "search": "boardroom.bots.search.bot",
    "easy": "boardroom.bots.search.bot",
    "medium": "boardroom.bots.search.bot",
    "hard": "boardroom.bots.search.bot",
}
"""Built-in bots by name and the module that registers each, imported on first use (the
registry never imports a bot module by an import statement, so no bot imports back into
a cycle). A new bot: a module that calls :func:`register_bot` at import, and one line
here."""

BOT_TITLES: dict[str, tuple[str, ...]] = {
    "congress": ("congress",),
    "greedy": ("acquire",),
    "heuristic": ("lost_atlas",),
}
"""The bots that play only some titles (their one-ply rules are a title's); every other
bot (random, search and its levels) plays any title."""

_BOTS: dict[str, BotFactory] = {"random": RandomBot}
_WITH_OPTIONS: dict[str, OptionFactory] = {}
_DESCRIPTIONS: dict[str, str] = {"random": "any title: a uniformly random legal action"}


def register_bot(name: str, factory: BotFactory, description: str = "",
                 with_options: OptionFactory | None = None) -> None:
    """Make ``factory`` the bot called ``name`` (a bot module calls this at import), with
    a sentence saying what it is; ``with_options`` builds it from ``name:key=value,...``."""
    _BOTS[name] = factory
    if description:
        _DESCRIPTIONS[name] = description
    if with_options is not None:
        _WITH_OPTIONS[name] = with_options


def bot_names() -> list[str]:
    """Every bot's name: the registered ones and the built-in ones not yet imported."""
    return sorted(set(_BOTS) | set(BOT_MODULES))


def bots_for(title: str) -> list[str]:
    """The bots that play ``title``: the lobby offers only these.

    >>> bots_for("acquire")
    ['easy', 'greedy', 'hard', 'medium', 'random', 'search']
    """
    return [b for b in bot_names() if title in BOT_TITLES.get(b, (title,))]


def seat_refusal(bot: str, title: str) -> str | None:
    """Why ``bot`` cannot take a seat at a game of ``title`` (it is unknown, or plays only
    other titles), naming the bots that can; None when it can.

    >>> reason, bots = seat_refusal("greedy", "lost_atlas").split("; ")
    >>> reason
    "bot 'greedy' does not play lost_atlas"
    >>> bots
    'the bots that do: easy, hard, heuristic, medium, random, search'
    >>> seat_refusal("random", "lost_atlas") is None
    True
    """
    if bot not in bot_names():
        return f"unknown bot {bot!r}; known bots: {', '.join(bot_names())}"
    if title not in BOT_TITLES.get(bot, (title,)):
        return f"bot {bot!r} does not play {title}; the bots that do: {', '.join(bots_for(title))}"
    return None


def _load(name: str) -> None:
    if name not in _BOTS and name in BOT_MODULES:
        importlib.import_module(BOT_MODULES[name])  # it registers itself


def bot_description(name: str) -> str:
    """What the bot called ``name`` is, in a sentence ("" if it registered none)."""
    _load(name)
    return _DESCRIPTIONS.get(name, "")


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"search:iters=200,depth=3"`` into the bot's name and its options.

    >>> parse_bot_spec("search:iters=200,depth=3")
    ('search', {'iters': '200', 'depth': '3'})
    >>> parse_bot_spec("greedy")
    ('greedy', {})
    """
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise OptionError(f"bot option {item!r} is not KEY=VALUE (in {spec!r})")
        options[key.strip().lower()] = value.strip()
    return name.strip().lower(), options


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name ("random", "greedy", "hard", "search:iters=200"...), seeded for
    reproducible play."""
    kind, options = parse_bot_spec(name)
    _load(kind)
    if kind not in _BOTS:
        raise OptionError(f"unknown bot {kind!r}; known bots: {', '.join(bot_names())}")
    if options:
        with_options = _WITH_OPTIONS.get(kind)
        if with_options is None:
            raise OptionError(f"the {kind} bot takes no options")
        return with_options(seed, options)
    return _BOTS[kind](seed)
