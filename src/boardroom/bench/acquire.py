"""The benchmark Boardroom ships: how fast complete games are played and replayed.

::

    boardroom bench acquire games                    # 200 random 4-player games
    boardroom bench acquire games --bot greedy --games 50 --mode tycoon

It plays N complete seeded games (game ``k`` uses seed ``--seed + k``) with the chosen bot
on every seat, timing each whole game, bots' decisions included. Then it replays every
finished record with :func:`boardroom.load`, which checks every action as it goes, and
times that per action. The figures are printed next to the project's targets: a complete
random 4-player game in under 50 ms (median), and a replay in under 0.1 ms per action.
"""

from __future__ import annotations

import argparse
import sys

from rich.console import Console
from rich.markup import escape
from rich.table import Table

import boardroom
from boardroom.bots import make_bot
from boardroom.core.errors import BoardroomError
from boardroom.core.game import Game
from boardroom.stats import GameFigures as Figures
from boardroom.stats import time_games

TARGET_GAME_S = 0.050
"""Median seconds for a complete random 4-player Acquire game."""
TARGET_REPLAY_MS = 0.1
"""Milliseconds per action when replaying a record."""


def play(players: int, seed: int, bot: str, mode: str) -> Game:
    """One complete game with bot ``bot`` on every seat (seat ``s`` seeded ``seed*8+s``)."""
    names = [f"P{s + 1}" for s in range(players)]
    game = boardroom.new_game("acquire", names, seed=seed, options={"mode": mode})
    bots = [make_bot(bot, seed=seed * 8 + s) for s in range(players)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    return game


def run(games: int, players: int, bot: str, mode: str, seed: int = 0) -> Figures:
    return time_games(lambda k: play(players, k, bot, mode), games, seed)


def report(figures: Figures, players: int, bot: str, mode: str, console: Console) -> None:
    def verdict(value: float, target: float, applies: bool) -> str:
        if not applies:
            return "[dim]n/a[/dim]"
        return "[green]met[/green]" if value < target else "[red]missed[/red]"

    random4 = bot == "random" and players == 4
    table = Table(title=f"Acquire ({mode}), {figures.games} games, {players} x {bot} bot")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("target", justify="right")
    table.add_column("", justify="left")
    table.add_row("game, median", f"{figures.median_game_s * 1000:.1f} ms",
                  f"< {TARGET_GAME_S * 1000:.0f} ms" + ("" if random4 else " (random, 4p)"),
                  verdict(figures.median_game_s, TARGET_GAME_S, random4))
    table.add_row("game, p90", f"{figures.p90_game_s * 1000:.1f} ms", "", "")
    table.add_row("actions per game, mean", f"{figures.mean_actions:.1f}", "", "")
    table.add_row("replay per action, median of games",
                  f"{figures.median_replay_ms:.4f} ms", f"< {TARGET_REPLAY_MS} ms",
                  verdict(figures.median_replay_ms, TARGET_REPLAY_MS, True))
    table.add_row("replay per action, overall", f"{figures.replay_ms_per_action:.4f} ms",
                  f"< {TARGET_REPLAY_MS} ms",
                  verdict(figures.replay_ms_per_action, TARGET_REPLAY_MS, True))
    console.print(table)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="boardroom bench",
        description="Time complete seeded games and their replay against the project's targets.",
    )
    sub = p.add_subparsers(dest="title", required=True, metavar="TITLE")
    acq = sub.add_parser("acquire", help="benchmark Acquire")
    acq.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    acq.add_argument("--players", type=int, default=4, help="players per game, 2-6 (default 4)")
    acq.add_argument("--bot", choices=("random", "greedy"), default="random",
                     help="the bot on every seat (default random)")
    acq.add_argument("--mode", choices=("classic", "tycoon"), default="classic",
                     help="Acquire mode (default classic)")
    acq.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the process exit status."""
    p = parser()
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    console = Console()
    try:
        figures = run(args.games, args.players, args.bot, args.mode, args.seed)
    except BoardroomError as exc:
        console.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False)
        return 2
    report(figures, args.players, args.bot, args.mode, console)
    return 0


if __name__ == "__main__":
    sys.exit(main())
