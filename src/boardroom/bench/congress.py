"""How fast whole Congress games are played and replayed (issue 12's targets).

::

    boardroom bench congress games                     # 200 random 4-player games
    boardroom bench congress games --games 50 --bot heuristic --chaining automatic
    boardroom bench congress games --cpu               # processor time (a shared machine)

It plays N complete seeded games (game ``k`` uses seed ``--seed + k``; seat ``s`` of game
``k`` gets a bot seeded ``k * 8 + s``), timing each whole game with the bots' decisions
included; then it replays every finished record with :func:`boardroom.load`, which
checks every action as it goes, and times that per action. Targets: a random 4-player
game in under 50 ms (median) and a replay in under 0.05 ms per action.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import boardroom
from boardroom.bots import make_bot
from boardroom.core.game import Game
from boardroom.stats import GameFigures, time_games

TARGET_GAME_S = 0.050
"""Median seconds for a complete random 4-player game."""
TARGET_REPLAY_MS = 0.05
"""Milliseconds per action when replaying a record."""


def play(players: int, seed: int, bot: str, options: dict[str, str]) -> Game:
    """One complete game with ``bot`` on every seat."""
    names = [f"P{s + 1}" for s in range(players)]
    game = boardroom.new_game("congress", names, seed=seed, options=options)
    bots = [make_bot(bot, seed=seed * 8 + s) for s in range(players)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    return game


def run(games: int, players: int, bot: str, options: dict[str, str],
        seed: int = 0, cpu: bool = False) -> GameFigures:
    return time_games(lambda k: play(players, k, bot, options), games, seed,
                      clock=time.process_time if cpu else time.perf_counter)


def report(figures: GameFigures, players: int, bot: str, options: dict[str, str],
           cpu: bool = False) -> list[str]:
    def verdict(value: float, target: float) -> str:
        return "meets" if value < target else "MISSES"

    opts = ", ".join(f"{k}={v}" for k, v in options.items())
    clock = "processor time" if cpu else "wall clock"
    lines = [f"congress: {figures.games} complete games, {players} players, {bot} bot on "
             f"every seat ({opts}; {clock})",
             f"  game:   median {figures.median_game_s * 1000:.1f} ms   "
             f"p90 {figures.p90_game_s * 1000:.1f} ms   mean actions {figures.mean_actions:.0f}"]
    if bot == "random" and players == 4:
        lines.append(f"          target: under {TARGET_GAME_S * 1000:.0f} ms "
                     f"({verdict(figures.median_game_s, TARGET_GAME_S)})")
    else:
        lines.append(f"          target: a random 4-player game under "
                     f"{TARGET_GAME_S * 1000:.0f} ms (not measured by this run)")
    lines.append(f"  replay: {figures.replay_ms_per_action:.4f} ms per action overall   "
                 f"median of games {figures.median_replay_ms:.4f} ms")
    lines.append(f"          target: under {TARGET_REPLAY_MS} ms per action "
                 f"({verdict(figures.replay_ms_per_action, TARGET_REPLAY_MS)})")
    return lines


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="boardroom bench congress games",
                                description="Time complete seeded Congress games and their "
                                            "replay against the targets.")
    p.add_argument("--games", type=int, default=200, help="games to play (200)")
    p.add_argument("--players", type=int, default=4, help="players per game (4)")
    p.add_argument("--bot", default="random", choices=("random", "heuristic"),
                   help="the bot on every seat (random)")
    p.add_argument("--chaining", default="none", choices=("none", "automatic"))
    p.add_argument("--special-dividend", default="chooser", choices=("chooser", "acquired"))
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    p.add_argument("--cpu", action="store_true",
                   help="time by the processor time this process used, not the wall clock "
                        "(fairer on a machine other programs share)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.games < 1:
        p.error("--games must be at least 1")
    options = {"chaining": args.chaining, "special_dividend": args.special_dividend}
    try:
        figures = run(args.games, args.players, args.bot, options, args.seed, args.cpu)
    except boardroom.BoardroomError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for line in report(figures, args.players, args.bot, options, args.cpu):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
