"""The soak: seeded random games over every mode and variant of every title, custom maps
included, checking the contract at every action. A shipped command, not a test::

    python -m boardroom.soak                       # 300 games, every configuration in turn
    python -m boardroom.soak --games 2000 --seconds 600
    python -m boardroom.soak --title lost_atlas --seed 5000

Game ``k`` plays configuration ``k mod len(CONFIGS)`` with seed ``--seed + k`` and a random
bot seeded the same. After every action the title's invariants are checked; every
``--probe``-th action, a listed action is checked to round-trip through its notation and an
action by a seat not asked is checked to be refused without changing anything. At the end
of each game the record is replayed and must give the same view. Any exception is a crash:
it is counted and printed with the configuration and seed, so it can be replayed.

``--seconds`` only stops the soak from starting new games once spent (the figures say how
many games ran); it never changes a game. The figures printed: games, actions, crashes,
by configuration family.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any

import boardroom
from boardroom.bots import RandomBot
from boardroom.core.errors import IllegalAction
from boardroom.core.game import Game

Config = tuple[str, int, dict[str, Any]]
"""(title, players, options)."""

_VARIANTS = ("hostile_mergers", "headquarters", "merger_mania", "unions_win", "record_gains",
             "metropolitan")
_MAP_MARK = "@auto-map"
"""An options value standing for a custom map built (seeded) before the game starts."""


def configs(title: str | None = None) -> list[Config]:
    """Every mode, every variant alone and all together, the Acquire modes and player
    counts, and custom maps in every mode; interleaved by family, so that a short soak
    already visits every mode."""
    groups: dict[str, list[Config]] = {}
    for config in _all_configs(title):
        groups.setdefault(config[0] + str(config[2].get("mode", "")), []).append(config)
    out: list[Config] = []
    for row in zip_longest(*groups.values()):
        out.extend(config for config in row if config is not None)
    return out


def _all_configs(title: str | None) -> list[Config]:
    out: list[Config] = []
    if title in (None, "congress"):
        for players in (3, 4, 5):
            for chaining in ("none", "automatic"):
                for paid in ("chooser", "acquired"):
                    out.append(("congress", players,
                                {"chaining": chaining, "special_dividend": paid}))
    if title in (None, "acquire"):
        for players in range(2, 7):
            out.append(("acquire", players, {"mode": "classic"}))
            if players > 2:
                out.append(("acquire", players, {"mode": "tycoon"}))
    if title in (None, "lost_atlas"):
        modes = [("long", 3), ("long", 5), ("short", 2), ("short", 4), ("short_random", 3),
                 ("micro_3p", 3), ("micro_2p", 2), ("solo", 1), ("solo_random", 1)]
        for mode, players in modes:
            solo = mode.startswith("solo")
            export = not (solo or mode.startswith("micro"))
            out.append(("lost_atlas", players, {"mode": mode}))
            out.append(("lost_atlas", players, {"mode": mode, "map": _MAP_MARK}))
            out.append(("lost_atlas", players, {"mode": mode, "cut_throat_routes": True,
                                                "cut_throat_stock": True}))
            out.append(("lost_atlas", players, {"mode": mode, "bankruptcy": "continue"}))
            out.append(("lost_atlas", players, {"mode": mode, "different_destinations": True,
                                                "filler_hexes": True}))
            for variant in _VARIANTS:
                if variant == "metropolitan" and not export:
                    continue
                out.append(("lost_atlas", players, {"mode": mode, variant: True}))
            every = {v: True for v in _VARIANTS if v != "metropolitan" or export}
            out.append(("lost_atlas", players, {"mode": mode, **every}))
            out.append(("lost_atlas", players, {"mode": mode, "map": _MAP_MARK, **every}))
            if solo:
                for level in ("easy", "medium", "hard"):
                    out.append(("lost_atlas", players, {"mode": mode, "solo_difficulty": level}))
        out.append(("lost_atlas", 4, {"mode": "long", "bank_break": True}))
        out.append(("lost_atlas", 3, {"mode": "long", "bank_break": True, "map": _MAP_MARK}))
    return out


def _options(title: str, players: int, options: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """The options with any custom-map mark replaced by a map built from ``seed``."""
    out = dict(options)
    if out.get("map") == _MAP_MARK:
        from boardroom.core.rng import Rng
        from boardroom.titles.lost_atlas.board.components import load_components
        from boardroom.titles.lost_atlas.board.mapbuild import auto_build
        from boardroom.titles.lost_atlas.board.mapfile import spec_from_builder, spec_to_json

        built = auto_build(load_components(), out["mode"], players, Rng(seed))
        out["map"] = spec_to_json(spec_from_builder(built))
    return out


def family(config: Config) -> str:
    """A short name for a configuration's group in the figures."""
    title, _, options = config
    if title == "congress":
        return f"congress chaining={options['chaining']}"
    if title == "acquire":
        return f"acquire {options['mode']}"
    extra = "custom map" if "map" in options else (
        "all variants" if sum(bool(options.get(v)) for v in _VARIANTS) > 1 else "")
    return f"lost_atlas {options['mode']}" + (f" ({extra})" if extra else "")


@dataclass
class Figures:
    games: int = 0
    actions: int = 0
    crashes: list[str] = field(default_factory=list)
    by_family: Counter[str] = field(default_factory=Counter)
    actions_by_family: Counter[str] = field(default_factory=Counter)


def _snapshot(game: Game) -> str:
    return json.dumps(game.view(None), sort_keys=True, default=str)


def play_one(config: Config, seed: int, probe: int = 7, limit: int = 20_000) -> int:
    """One checked random game; returns its number of actions (raises on any failure)."""
    title, players, options = config
    game = boardroom.new_game(title, [f"P{i}" for i in range(players)], seed=seed,
                              options=_options(title, players, options, seed))
    bot = RandomBot(seed)
    steps = 0
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        if not legal:
            raise AssertionError(f"seat {seat} must decide but has no legal action")
        if steps % probe == 0:
            sample = legal[steps % len(legal)]
            if game.parse(str(sample)) != sample or not game.is_legal(sample, seat):
                raise AssertionError(f"listed action {sample} does not round-trip")
            other = (seat + 1) % players
            if other not in game.to_act:
                before = _snapshot(game)
                try:
                    game.apply(sample, other)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{sample} was accepted from a seat not asked")
                if _snapshot(game) != before:
                    raise AssertionError("a refused action changed the state")
        game.apply(bot.choose(game, seat), seat)
        game.title.invariants(game.state)
        steps += 1
        if steps > limit:
            raise AssertionError(f"no end after {limit} actions")
    if game.result is None:
        raise AssertionError("the game is over without a result")
    replayed = boardroom.load(json.loads(json.dumps(game.to_record())))
    if _snapshot(replayed) != _snapshot(game):
        raise AssertionError("the replayed record gives a different game")
    return steps


def soak(games: int, seed: int = 0, seconds: float | None = None, title: str | None = None,
         report: Callable[[str], None] = print) -> Figures:
    """Play up to ``games`` checked games (fewer if ``seconds`` runs out first)."""
    table = configs(title)
    figures = Figures()
    start = time.monotonic()
    for k in range(games):
        if seconds is not None and time.monotonic() - start > seconds:
            break
        config = table[k % len(table)]
        name = family(config)
        try:
            steps = play_one(config, seed + k)
        except Exception as exc:  # a crash: count it, say how to replay it, go on
            message = (f"CRASH {config[0]} players={config[1]} options="
                       f"{json.dumps({o: v for o, v in config[2].items()})} seed={seed + k}: "
                       f"{type(exc).__name__}: {exc}")
            figures.crashes.append(message)
            report(message)
            steps = 0
        figures.games += 1
        figures.actions += steps
        figures.by_family[name] += 1
        figures.actions_by_family[name] += steps
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m boardroom.soak", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="games to play (default 300)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--seconds", type=float, default=None,
                        help="start no new game after this many seconds")
    parser.add_argument("--title", choices=("acquire", "congress", "lost_atlas"), default=None)
    args = parser.parse_args(argv)
    start = time.monotonic()
    figures = soak(args.games, args.seed, args.seconds, args.title)
    took = time.monotonic() - start
    print(f"{len(configs(args.title))} configurations; {figures.games} games, "
          f"{figures.actions:,} actions, {len(figures.crashes)} crashes in {took:.0f} s")
    for name in sorted(figures.by_family):
        print(f"  {name:<40} {figures.by_family[name]:>5} games "
              f"{figures.actions_by_family[name]:>9,} actions")
    return 1 if figures.crashes else 0


if __name__ == "__main__":
    sys.exit(main())
