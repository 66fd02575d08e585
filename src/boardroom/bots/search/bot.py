"""The search bot and the levels ``easy``, ``medium`` and ``hard``.

``search`` runs :func:`~boardroom.bots.search.mcts.search` with its title's domain
(Acquire, the Lost Atlas or Congress; any other title: the random bot's choice). Its options follow
its name, ``search:iters=200,depth=2,horizon=8``:

=========  ======================================================================
iters      iterations per decision (the budget; default: the title's ``hard``)
depth      decisions in the tree, the root one included
horizon    rollout decisions before the position is evaluated
widen      progressive widening: a node with n visits considers ceil(widen*sqrt(n+1))
explore    the UCB1 exploration constant
epsilon    the chance a rollout decision is random
keep       the prior's choice stands unless the search's beats its mean by more than this
flat       1: flat paired rollouts per root candidate instead of the tree
cycles     rollouts also stop this many of the title's cycles on (Lost Atlas; 0: no limit)
steps      a safety bound on the actions one iteration may apply
=========  ======================================================================

The budget is a count of iterations, never a time, so a game replays exactly (a time
budget would make the record depend on the machine).

The levels, per title (ordered by measured strength: see docs/bots.md):

* ``easy``: the title's one-ply bot (``greedy`` for Acquire, ``heuristic`` for the Lost
  Atlas, ``congress`` for Congress) that plays a uniformly random legal action at
  :data:`EASY_BLUNDERS` of its decisions;
* ``medium``: the one-ply bot itself;
* ``hard``: the search bot with the title's :data:`HARD` configuration.

>>> from boardroom.bots import make_bot
>>> make_bot("search:iters=20,depth=1", seed=3).config.iterations
20
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from boardroom.bots.acquire_greedy import GreedyBot
from boardroom.bots.base import Bot, RandomBot, register_bot
from boardroom.bots.lost_atlas_heuristic import HeuristicBot
from boardroom.bots.search.mcts import Domain, SearchConfig, search
from boardroom.core.errors import OptionError
from boardroom.core.game import Game
from boardroom.core.rng import Rng
from boardroom.core.title import Action

HARD: dict[str, SearchConfig] = {
    "acquire": SearchConfig(iterations=60, depth=2, horizon=6, widen=1.5, explore=0.4),
    "lost_atlas": SearchConfig(iterations=6, depth=1, horizon=400, flat=1, cycles=3,
                               max_steps=1000, keep=0.02),
    "congress": SearchConfig(iterations=1, depth=1, horizon=400, flat=1, cycles=2,
                             max_steps=1000),
}
"""The ``hard`` level's search, per title: at most about a second a decision here."""

EASY_BLUNDERS = 0.6
"""The share of ``easy``'s decisions played at random."""

OPTION_NAMES = {"iters": "iterations", "depth": "depth", "horizon": "horizon",
                "widen": "widen", "explore": "explore", "epsilon": "epsilon", "keep": "keep",
                "flat": "flat", "cycles": "cycles", "steps": "max_steps"}


def _one_ply(title: str, seed: int) -> Bot:
    if title == "acquire":
        return GreedyBot(seed)
    if title == "lost_atlas":
        return HeuristicBot(seed)
    if title == "congress":
        from boardroom.bots.congress_heuristic import CongressBot

        return CongressBot(seed)
    return RandomBot(seed)


def _domain(title: Any, seed: int) -> Domain[Any] | None:
    if title.name == "acquire":
        from boardroom.bots.search.acquire import AcquireDomain

        return AcquireDomain(title, seed)
    if title.name == "lost_atlas":
        from boardroom.bots.search.lost_atlas import LostAtlasDomain

        return LostAtlasDomain(title, seed)
    if title.name == "congress":
        from boardroom.bots.search.congress import CongressDomain

        return CongressDomain(title, seed)
    return None


def parse_config(options: dict[str, str], base: SearchConfig) -> SearchConfig:
    """``base`` with ``options`` (``iters=200``...) applied; an OptionError names a bad one."""
    kinds = {f.name: f.type for f in fields(SearchConfig)}
    changes: dict[str, Any] = {}
    for key, text in options.items():
        name = OPTION_NAMES.get(key)
        if name is None:
            raise OptionError(f"the search bot has no option {key!r} "
                              f"(it has: {', '.join(OPTION_NAMES)})")
        try:
            value: Any = int(text) if kinds[name] in (int, "int") else float(text)
        except ValueError:
            raise OptionError(f"search option {key}={text!r} is not a number") from None
        if value < 0 or (name in ("iterations", "depth") and value < 1):
            raise OptionError(f"search option {key}={text} is out of range")
        if name == "epsilon" and value > 1:
            raise OptionError("search option epsilon must be between 0 and 1")
        changes[name] = value
    return replace(base, **changes)


class SearchBot(Bot):
    """Information-set MCTS over the title's heuristic (see the module doc)."""

    name = "search"

    def __init__(self, seed: int = 0, options: dict[str, str] | None = None) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        self.options_given = dict(options or {})
        self.config = parse_config(self.options_given, HARD["acquire"])
        self._domains: dict[str, Domain[Any] | None] = {}
        self._fallback: dict[str, Bot] = {}
        self.last: Any = None
        """The last search's :class:`~boardroom.bots.search.mcts.SearchResult`."""

    def config_for(self, title: str) -> SearchConfig:
        return parse_config(self.options_given, HARD.get(title, HARD["acquire"]))

    def choose(self, game: Game, seat: int) -> Action:
        actions = self.options(game, seat)
        if len(actions) == 1:
            return actions[0]
        name = game.title.name
        if name not in self._domains:
            self._domains[name] = _domain(game.title, self.seed * 7 + 1)
        domain = self._domains[name]
        if domain is None:
            fallback = self._fallback.setdefault(name, _one_ply(name, self.seed))
            return fallback.choose(game, seat)
        result = search(domain, game.state, seat, self.config_for(name), self.rng)
        self.last = result
        return result.action


class LevelBot(Bot):
    """``easy`` or ``medium``: the title's one-ply bot, with or without blunders."""

    def __init__(self, seed: int, name: str, blunders: float) -> None:
        self.name = name
        self.seed = seed
        self.rng = Rng(seed)
        self.blunders = blunders
        self._bots: dict[str, Bot] = {}

    def choose(self, game: Game, seat: int) -> Action:
        actions = self.options(game, seat)
        if len(actions) == 1:
            return actions[0]
        if self.blunders and self.rng.below(1_000_000) < self.blunders * 1_000_000:
            return actions[self.rng.below(len(actions))]
        title = game.title.name
        bot = self._bots.setdefault(title, _one_ply(title, self.seed))
        return bot.choose(game, seat)


def _search(seed: int) -> Bot:
    return SearchBot(seed)


def _search_with(seed: int, options: dict[str, str]) -> Bot:
    return SearchBot(seed, options)


def _easy(seed: int) -> Bot:
    return LevelBot(seed, "easy", EASY_BLUNDERS)


def _medium(seed: int) -> Bot:
    return LevelBot(seed, "medium", 0.0)


def _hard(seed: int) -> Bot:
    bot = SearchBot(seed)
    bot.name = "hard"
    return bot


register_bot("search", _search,
             "any title: information-set MCTS over the one-ply bot; options "
             "search:iters=N,depth=N,horizon=N,widen=X,explore=X,epsilon=X,keep=X",
             with_options=_search_with)
register_bot("easy", _easy, "level 1 of 3: the one-ply bot (greedy / heuristic) with "
             f"{EASY_BLUNDERS:.0%} of its decisions random")
register_bot("medium", _medium, "level 2 of 3: the one-ply bot (greedy for Acquire, "
             "heuristic for the Lost Atlas, congress for Congress)")
register_bot("hard", _hard, "level 3 of 3: the search bot at its per-title budget "
             "(Acquire 60 iterations; Lost Atlas 6 rollouts of share, train, payout "
             "and merger decisions, three cycles on (Long: two) or to the end; "
             "Congress one rollout of two turns of every player per candidate, the "
             "heuristic's best of each kind of turn; about a second a decision at most)")
