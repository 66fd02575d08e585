"""How fast whole Railways of the Lost Atlas games are played and replayed.

::

    boardroom bench lost_atlas games                       # 20 random Long games
    boardroom bench lost_atlas games --bot heuristic --games 10 --mode short
    boardroom bench lost_atlas games --bot heuristic --games 2 --cpu --replays 5

It plays N complete seeded games (game ``k`` uses seed ``--seed + k``; seat ``s`` of game
``k`` gets a bot seeded ``k * 8 + s``) with the chosen bot on every seat, from the first
map tile to the final score, timing each game with the bots' decisions included. Then it
replays every finished record with :func:`boardroom.load`, which checks each action as it
goes, and times that per action. The figures are printed next to the targets: a random
Long game in under 1 s (median), and a replay in under 0.2 ms per action (18xx.games
replays at about 0.3-0.5 ms per action); for Long games also issue 15's 0.05 ms. With
``--cpu`` both are timed by the processor time this process used (on a machine other
programs share, the wall clock counts their time too); ``--replays N`` replays each record
N times and keeps its fastest.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import boardroom
from boardroom.bots import make_bot
from boardroom.core.game import Game
from boardroom.stats import GameFigures as Figures
from boardroom.stats import time_games

TARGET_RANDOM_LONG_S = 1.0
"""Median seconds for a complete random Long game."""
TARGET_REPLAY_MS = 0.2
"""Milliseconds per action when replaying a record."""
SEARCH_REPLAY_MS = 0.05
"""Issue 15: at most this many milliseconds per action replaying Long games (heuristic
and random bots)."""
REFERENCE_REPLAY_MS = "0.3-0.5"
"""What 18xx.games takes per action to replay, for comparison."""
MAX_ACTIONS = 20_000
"""A game longer than this is reported as stuck."""


def play_lost_atlas(players: int, seed: int, bot: str, mode: str) -> Game:
    """One complete Lost Atlas game with ``bot`` on every seat."""
    names = [f"P{s + 1}" for s in range(players)]
    game = boardroom.new_game("lost_atlas", names, seed=seed, options={"mode": mode})
    bots = [make_bot(bot, seed=seed * 8 + s) for s in range(players)]
    while not game.is_over:
        if len(game.record.actions) >= MAX_ACTIONS:
            raise RuntimeError(f"game {seed} passed {MAX_ACTIONS} actions without ending")
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    return game


def run_lost_atlas(games: int, players: int, bot: str, mode: str, seed: int = 0,
                   cpu: bool = False, replays: int = 1) -> Figures:
    return time_games(lambda k: play_lost_atlas(players, k, bot, mode), games, seed,
                      clock=time.process_time if cpu else time.perf_counter,
                      replays=replays)


def report(figures: Figures, players: int, bot: str, mode: str, cpu: bool = False,
           replays: int = 1) -> list[str]:
    """The lines printed for a run (the targets beside the figures)."""

    def verdict(value: float, target: float, strict: bool = True) -> str:
        return "meets" if (value < target if strict else value <= target) else "MISSES"

    clock = "processor time" if cpu else "wall clock"
    fastest = f", fastest of {replays} replays" if replays > 1 else ""
    lines = [f"lost_atlas: {figures.games} complete {mode} games, {players} players, "
             f"{bot} bot on every seat ({clock}{fastest})"]
    game_line = (f"  game:   median {figures.median_game_s:.3f} s   "
                 f"p90 {figures.p90_game_s:.3f} s   mean actions {figures.mean_actions:.0f}")
    lines.append(game_line)
    if bot == "random" and mode == "long":
        lines.append(f"          target: a random Long game under {TARGET_RANDOM_LONG_S:.0f} s "
                     f"({verdict(figures.median_game_s, TARGET_RANDOM_LONG_S)})")
    else:
        lines.append(f"          target: a random Long game under {TARGET_RANDOM_LONG_S:.0f} s "
                     f"(not measured by this run)")
    lines.append(f"  replay: {figures.replay_ms_per_action:.3f} ms per action overall   "
                 f"median of games {figures.median_replay_ms:.3f} ms")
    lines.append(f"          target: under {TARGET_REPLAY_MS} ms per action "
                 f"({verdict(figures.replay_ms_per_action, TARGET_REPLAY_MS)}); "
                 f"18xx.games: about {REFERENCE_REPLAY_MS} ms")
    if mode == "long":
        lines.append(f"          issue 15 target: at most {SEARCH_REPLAY_MS} ms per action "
                     f"({verdict(figures.replay_ms_per_action, SEARCH_REPLAY_MS, False)})")
    return lines


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="boardroom bench",
        description="Time complete seeded games and their replay against the targets.",
    )
    sub = p.add_subparsers(dest="title", required=True, metavar="TITLE")
    la = sub.add_parser("lost_atlas", help="Railways of the Lost Atlas")
    la.add_argument("--games", type=int, default=20, help="games to play (20)")
    la.add_argument("--players", type=int, default=4, help="players per game (4)")
    la.add_argument("--mode", default="long",
                    choices=("long", "short", "short_random", "micro_3p", "micro_2p"),
                    help="game mode (long)")
    la.add_argument("--bot", choices=("random", "heuristic"), default="random",
                    help="the bot on every seat (random)")
    la.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    la.add_argument("--cpu", action="store_true",
                    help="time by the processor time this process used, not the wall clock "
                         "(fairer on a machine other programs share)")
    la.add_argument("--replays", type=int, default=1,
                    help="replay each record this many times and keep its fastest (1)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns the process exit status."""
    p = parser()
    args = p.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.games < 1 or args.replays < 1:
        p.error("--games and --replays must be at least 1")
    try:
        figures = run_lost_atlas(args.games, args.players, args.bot, args.mode, args.seed,
                                 args.cpu, args.replays)
    except (boardroom.BoardroomError, RuntimeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for line in report(figures, args.players, args.bot, args.mode, args.cpu, args.replays):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
