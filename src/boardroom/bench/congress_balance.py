"""Congress balance, measured (issue 28's targets), on the rules version new games play
(version 3).

::

    boardroom bench congress balance --players 3 --games 1000 --bot medium
    boardroom bench congress balance --players 4 --games 200 --versus hard --bot medium
    boardroom bench congress balance --players 4 --games 100 --data my-congress.toml
    boardroom bench congress balance --games 1000 --versus hard --workers 2 --progress 25

Game ``k`` uses seed ``--seed + k``; seat ``s`` gets a bot seeded ``k * 8 + s``, so every
figure is reproducible exactly. Every figure comes with its 95% Wilson interval:

* **win share by turn position** — a player's turn position is the order in which the
  players first act (on the months track: the opening stack, by cash and lot), not the
  seat; a shared first place counts as 1/k of a win to each of the k;
* **alive** — the share of games in which, in the last third of the game's turn
  decisions (every decision but auction bids), at least a quarter are something other
  than a pass (``pass`` or ``done``); the strict figure also counts a Capitalise that
  found no bidder as a pass (it changes nothing but the months);
* **actions** — each action's share of the turns (Capitalise, Expand, Develop, pass);
* with ``--versus BOT``: one seat plays BOT and the others ``--bot``; BOT's seat and turn
  position rotate with the game number; BOT's win share against the even share 1/n;
* **processor time** per game (the games' own, summed over ``--workers`` processes; the
  figures do not depend on the number of workers, only on the seeds).

Targets (issue 28): no turn position wins more than twice as often as another; at least
90% of games alive; each of Capitalise, Expand and Develop in at least 5% of turns;
``hard`` above the even share against ``medium``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import boardroom
from boardroom.bots import make_bot
from boardroom.core.game import Game
from boardroom.titles.congress.actions import (
    Bid,
    DevelopLink,
    Done,
    Expand,
    Nominate,
    Pass,
)
from boardroom.titles.congress.data import read_file
from boardroom.titles.congress.state import AUCTION, TURN
from boardroom.tournament import wilson

ACTIONS = ("capitalise", "expand", "develop", "pass")
ALIVE_SHARE = 0.25
"""A game is alive when at least this share of its last third's turn decisions act."""
TARGET_ALIVE = 0.90
TARGET_ACTION = 0.05
TARGET_RATIO = 2.0


@dataclass
class GameRecord:
    """What one game contributes."""

    positions: list[int]
    """Seats in the order they first acted."""
    wins: list[float]
    """Each seat's share of the win."""
    turn_actions: list[str]
    alive: bool
    alive_strict: bool
    cpu: float = 0.0
    """Processor time the game took (its bots' decisions and the rules)."""


@dataclass
class Tally:
    games: int = 0
    position_wins: list[float] = field(default_factory=list)
    seat_wins: list[float] = field(default_factory=list)
    actions: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ACTIONS, 0))
    alive: int = 0
    alive_strict: int = 0
    versus_wins: float = 0.0
    seconds: float = 0.0
    cpu: float = 0.0
    """Processor time of the games, summed over the workers."""


def _kind(action: object) -> str:
    if isinstance(action, Nominate):
        return "capitalise"
    if isinstance(action, Expand):
        return "expand"
    if isinstance(action, DevelopLink):
        return "develop"
    return "pass"


def play(players: int, seed: int, bots: Sequence[str],
         options: dict[str, Any]) -> tuple[Game, GameRecord]:
    """One game, seat ``s`` played by ``bots[s]``; what it contributes."""
    cpu = time.process_time()
    names = [f"P{s + 1}" for s in range(players)]
    game = boardroom.new_game("congress", names, seed=seed, options=options)
    players_bots = [make_bot(bots[s], seed=seed * 8 + s) for s in range(players)]
    positions: list[int] = []
    decisions: list[bool] = []
    strict: list[bool] = []
    turn_actions: list[str] = []
    nominated_at = -1
    while not game.is_over:
        state = game.state
        seat = game.to_act[0]
        step = state.step
        action = players_bots[seat].choose(game, seat)
        if step == TURN:
            if seat not in positions:
                positions.append(seat)
            turn_actions.append(_kind(action))
        if step != AUCTION:
            acting = not isinstance(action, Pass | Done)
            decisions.append(acting)
            strict.append(acting)
            if isinstance(action, Nominate):
                nominated_at = len(strict) - 1
        game.apply(action, seat)
        if nominated_at >= 0 and game.state.auction is None:
            if not isinstance(action, Bid) and not _sold(game):
                strict[nominated_at] = False
            nominated_at = -1
    result = game.result
    assert result is not None
    firsts = list(result.ranking[0])
    wins = [1.0 / len(firsts) if s in firsts else 0.0 for s in range(players)]
    for s in range(players):  # a seat that never took a turn keeps its seat order
        if s not in positions:
            positions.append(s)

    def lively(flags: list[bool]) -> bool:
        tail = flags[len(flags) - len(flags) // 3:] if flags else []
        return bool(tail) and sum(tail) >= ALIVE_SHARE * len(tail)

    return game, GameRecord(positions, wins, turn_actions, lively(decisions), lively(strict),
                            time.process_time() - cpu)


def _sold(game: Game) -> bool:
    """Whether the auction that just ended sold its share (the log says who bought)."""
    return any(" buys a " in line for line in game.log[-8:])


def _lineup(k: int, players: int, bot: str, versus: str | None) -> tuple[list[str], int]:
    """Game ``k``'s bots and the seat of ``versus`` (-1: none)."""
    bots = [bot] * players
    if not versus:
        return bots, -1
    bots[k % players] = versus
    return bots, k % players


def _play_one(job: tuple[int, int, str, str | None, int, dict[str, Any]]) -> GameRecord:
    k, players, bot, versus, seed, options = job
    return play(players, seed + k, _lineup(k, players, bot, versus)[0], options)[1]


def run(games: int, players: int, bot: str, versus: str | None, seed: int,
        options: dict[str, Any], workers: int = 1, progress: int = 0) -> Tally:
    """Play the games (in ``workers`` processes) and add them up in game order; with
    ``progress`` N, print a line after every N games (the first K games of a run are
    those of ``--games K``, so a stopped run's last line is a figure of its own)."""
    tally = Tally(position_wins=[0.0] * players, seat_wins=[0.0] * players)
    start = time.perf_counter()
    jobs = [(k, players, bot, versus, seed, options) for k in range(games)]
    if workers <= 1:
        _add_all(tally, map(_play_one, jobs), players, bot, versus, progress)
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            _add_all(tally, pool.imap(_play_one, jobs), players, bot, versus, progress)
    tally.seconds = time.perf_counter() - start
    return tally


def _add_all(tally: Tally, records: Iterable[GameRecord], players: int, bot: str,
             versus: str | None, progress: int) -> None:
    for k, record in enumerate(records):
        tally.games += 1
        for rank, s in enumerate(record.positions):
            tally.position_wins[rank] += record.wins[s]
        for s in range(players):
            tally.seat_wins[s] += record.wins[s]
        for kind in record.turn_actions:
            tally.actions[kind] += 1
        tally.alive += record.alive
        tally.alive_strict += record.alive_strict
        tally.cpu += record.cpu
        versus_seat = _lineup(k, players, bot, versus)[1]
        if versus_seat >= 0:
            tally.versus_wins += record.wins[versus_seat]
        if progress and tally.games % progress == 0:
            line = f"  after {tally.games} games (seeds from the first): "
            if versus:
                line += f"{versus} win share {_ci(tally.versus_wins, tally.games)}, "
            print(line + f"{tally.cpu / tally.games:.3f} s processor time a game",
                  flush=True)


def _ci(x: float, n: int) -> str:
    lo, hi = wilson(x, n)
    return f"{x / n:6.1%} [{lo:.1%}, {hi:.1%}]" if n else "-"


def figures(tally: Tally, players: int) -> dict[str, Any]:
    n = tally.games
    turns = sum(tally.actions.values())
    shares = [w / n for w in tally.position_wins] if n else []
    return {
        "games": n, "players": players, "seconds": round(tally.seconds, 1),
        "cpu_per_game": tally.cpu / n if n else 0.0,
        "position_win_share": [{"position": k + 1, "share": w / n,
                                "interval": wilson(w, n)}
                               for k, w in enumerate(tally.position_wins)],
        "seat_win_share": [w / n for w in tally.seat_wins],
        "position_ratio": (max(shares) / min(shares)) if shares and min(shares) > 0
        else float("inf"),
        "alive": {"share": tally.alive / n, "interval": wilson(tally.alive, n)},
        "alive_strict": {"share": tally.alive_strict / n,
                         "interval": wilson(tally.alive_strict, n)},
        "actions": {k: {"share": v / turns, "interval": wilson(v, turns)}
                    for k, v in tally.actions.items()} if turns else {},
        "turns": turns,
        "versus_win_share": {"share": tally.versus_wins / n,
                             "interval": wilson(tally.versus_wins, n),
                             "even": 1 / players},
    }


def report(tally: Tally, players: int, bot: str, versus: str | None) -> list[str]:
    n = tally.games
    f = figures(tally, players)
    what = f"{bot} on every seat" if not versus else f"one {versus} against {bot}"
    lines = [f"congress balance: {n} games, {players} players, {what} "
             f"({tally.seconds:.0f} s wall clock, {tally.cpu / n:.3f} s processor time "
             f"a game)", "  win share by turn position (first to act = 1):"]
    for k, w in enumerate(tally.position_wins):
        lines.append(f"    position {k + 1}: {_ci(w, n)}")
    ratio = f["position_ratio"]
    lines.append(f"    highest / lowest: {ratio:.2f} (target at most {TARGET_RATIO:.0f}: "
                 f"{'meets' if ratio <= TARGET_RATIO else 'MISSES'})")
    lines.append("  win share by seat: " + ", ".join(f"{w / n:.1%}" for w in tally.seat_wins))
    verdict = "meets" if tally.alive / n >= TARGET_ALIVE else "MISSES"
    lines.append(f"  alive (last third: at least {ALIVE_SHARE:.0%} of turn decisions act): "
                 f"{_ci(tally.alive, n)} (target {TARGET_ALIVE:.0%}: {verdict})")
    lines.append(f"    strict (a Capitalise nobody bid on counts as a pass): "
                 f"{_ci(tally.alive_strict, n)}")
    turns = sum(tally.actions.values())
    lines.append(f"  actions, share of {turns} turns:")
    for kind, count in tally.actions.items():
        mark = "" if kind == "pass" else (
            "  meets" if count / turns >= TARGET_ACTION else "  MISSES")
        lines.append(f"    {kind:<10} {_ci(count, turns)}{mark}")
    if versus:
        lo, _ = wilson(tally.versus_wins, n)
        even = 1 / players
        lines.append(f"  {versus} win share: {_ci(tally.versus_wins, n)} against the even "
                     f"share {even:.1%} ({'above' if lo > even else 'NOT above'})")
    return lines


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="boardroom bench congress balance",
                                description="Congress balance figures with 95% Wilson "
                                            "intervals (the rules version new games play).")
    p.add_argument("--games", type=int, default=200, help="games to play (200)")
    p.add_argument("--players", type=int, default=4, help="players per game (4)")
    p.add_argument("--bot", default="medium", help="the bot on every seat (medium)")
    p.add_argument("--versus", default=None,
                   help="one seat plays this bot (rotating), e.g. hard")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    p.add_argument("--data", default=None, help="a Congress data file (format version 3)")
    p.add_argument("--workers", type=int, default=1,
                   help="play in this many processes (1); the figures are the same")
    p.add_argument("--progress", type=int, default=0, metavar="N",
                   help="print a line after every N games (0: none)")
    p.add_argument("--json", default=None, help="also write the figures to this file")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.games < 1:
        p.error("--games must be at least 1")
    if args.workers < 1:
        p.error("--workers must be at least 1")
    try:
        options: dict[str, Any] = {}
        if args.data:
            options["data"] = read_file(args.data)
        make_bot(args.bot)
        if args.versus:
            make_bot(args.versus)
        tally = run(args.games, args.players, args.bot, args.versus, args.seed, options,
                    args.workers, max(0, args.progress))
    except boardroom.BoardroomError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for line in report(tally, args.players, args.bot, args.versus):
        print(line)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures(tally, args.players), out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
