"""Tournaments between bots: seeded games, every seat rotation, parallel workers.

::

    boardroom tournament acquire hard greedy greedy greedy --games 200 --workers 2
    boardroom tournament lost_atlas hard heuristic heuristic --option mode=short --games 30
    boardroom tournament acquire "search:iters=30" greedy --games 100 --out runs/a

The *lineup* gives one bot per seat. Game ``k`` uses seed ``--seed + k // R`` and the
``k % R``-th of the lineup's ``R`` distinct rotations, so every seed is played with each
bot in each seat (a full set of rotations needs a multiple of ``R`` games). Bots are
seeded from the game's seed and seat. Games run in ``--workers`` processes
(:mod:`multiprocessing`) under a Rich progress bar; the figures do not depend on the
number of workers, only on the seeds.

For each bot it prints: seats played, wins (a shared first place counts as a fraction),
the win rate with its 95% Wilson confidence interval, the average score, the mean and
largest think time per decision with more than one legal action (wall clock, and the
processor time, which other programs on a busy machine disturb less), and an OpenSkill
(Plackett-Luce) rating updated game by game in game order (every seat is ranked by its
place; a bot in several seats of a game moves by the mean of its seats' updates; being
sequential, the rating depends somewhat on the order of the games). With ``--out DIR``
every game's record is written there as the game ends (``game-0000.json``...;
``boardroom replay`` or ``boardroom show`` read them), with its line in ``games.jsonl``,
and ``summary.json`` at the end. ``--resume`` plays only the planned games that
``games.jsonl`` lacks (a stopped run goes on; a larger ``--games`` extends a run, the
same seeds giving the same first games) and sums them all.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardroom.bots.base import make_bot, parse_bot_spec
from boardroom.core.errors import OptionError
from boardroom.core.game import new_game

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (``wins`` may be fractional).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct rotations of a lineup, the lineup first.

    >>> rotations(["hard", "greedy", "greedy"])
    [('hard', 'greedy', 'greedy'), ('greedy', 'greedy', 'hard'), ('greedy', 'hard', 'greedy')]
    >>> rotations(["a", "a"])
    [('a', 'a')]
    """
    out: list[tuple[str, ...]] = []
    for k in range(len(lineup)):
        r = tuple(lineup[k:]) + tuple(lineup[:k])
        if r not in out:
            out.append(r)
    return out


@dataclass(frozen=True)
class GamePlan:
    index: int
    title: str
    seed: int
    seats: tuple[str, ...]
    options: dict[str, Any]


@dataclass(frozen=True)
class GameOutcome:
    index: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    record: dict[str, Any]
    think: tuple[tuple[float, float, int, float, float], ...]
    """Per seat, over its decisions with a choice: total and largest wall-clock seconds,
    how many, total and largest processor seconds."""


def plan(title: str, lineup: Sequence[str], games: int, seed: int,
         options: dict[str, Any]) -> list[GamePlan]:
    rots = rotations(lineup)
    return [GamePlan(k, title, seed + k // len(rots), rots[k % len(rots)], dict(options))
            for k in range(games)]


def player_names(seats: Sequence[str]) -> list[str]:
    """Seat names after the bots, numbered by seat: ``Hard 1``, ``Greedy 2``...

    >>> player_names(["hard", "search:iters=30"])
    ['Hard 1', 'Search:iters=30 2']
    """
    return [f"{spec.capitalize()} {k + 1}" for k, spec in enumerate(seats)]


MAX_ACTIONS = 20_000
"""A game longer than this is a bug; the tournament stops with an error."""


def play(p: GamePlan) -> GameOutcome:
    """Play one planned game to its end."""
    game = new_game(p.title, player_names(p.seats), seed=p.seed, options=p.options)
    bots = [make_bot(spec, seed=p.seed * 101 + k + 1) for k, spec in enumerate(p.seats)]
    think = [[0.0, 0.0, 0.0, 0.0, 0.0] for _ in p.seats]
    clock = time.perf_counter
    cpu = time.process_time
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        seat = game.to_act[0]
        choice = len(game.legal_actions(seat)) > 1
        start, start_cpu = clock(), cpu()
        action = bots[seat].choose(game, seat)
        spent, spent_cpu = clock() - start, cpu() - start_cpu
        if choice:
            t = think[seat]
            t[0] += spent
            t[1] = max(t[1], spent)
            t[2] += 1
            t[3] += spent_cpu
            t[4] = max(t[4], spent_cpu)
        game.apply(action, seat)
    else:
        raise RuntimeError(f"game {p.index} (seed {p.seed}) did not end in {MAX_ACTIONS} actions")
    result = game.result
    assert result is not None
    return GameOutcome(p.index, p.seats, result.scores, result.ranking, game.to_record(),
                       tuple((t[0], t[1], int(t[2]), t[3], t[4]) for t in think))


@dataclass
class BotFigures:
    spec: str
    seats: int = 0
    wins: float = 0.0
    score_total: float = 0.0
    think_total: float = 0.0
    think_max: float = 0.0
    decisions: int = 0
    cpu_total: float = 0.0
    cpu_max: float = 0.0
    mu: float = 0.0
    sigma: float = 0.0
    ordinal: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.seats)

    @property
    def mean_score(self) -> float:
        return self.score_total / self.seats if self.seats else 0.0

    @property
    def mean_think(self) -> float:
        return self.think_total / self.decisions if self.decisions else 0.0

    @property
    def mean_cpu(self) -> float:
        return self.cpu_total / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"bot": self.spec, "seats": self.seats, "wins": self.wins,
                "win_rate": self.win_rate, "ci95": [low, high],
                "mean_score": self.mean_score, "mean_think_s": self.mean_think,
                "max_think_s": self.think_max, "decisions": self.decisions,
                "mean_cpu_s": self.mean_cpu, "max_cpu_s": self.cpu_max,
                "openskill": {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}}


@dataclass
class Summary:
    title: str
    lineup: tuple[str, ...]
    games: int
    seed: int
    options: dict[str, Any]
    bots: dict[str, BotFigures] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "lineup": list(self.lineup), "games": self.games,
                "seed": self.seed, "options": self.options,
                "equal_player_win_rate": 1 / len(self.lineup),
                "bots": [b.to_json() for b in self.bots.values()]}


def summarize(title: str, lineup: Sequence[str], seed: int, options: dict[str, Any],
              outcomes: Sequence[GameOutcome]) -> Summary:
    """Win rates, intervals, scores, think times and ratings from the games, in order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {spec: model.rating(name=spec) for spec in dict.fromkeys(lineup)}
    summary = Summary(title, tuple(lineup), len(outcomes), seed, dict(options))
    for spec in ratings:
        summary.bots[spec] = BotFigures(spec)
    for out in sorted(outcomes, key=lambda o: o.index):
        winners = out.ranking[0] if out.ranking else ()
        place = {s: rank for rank, group in enumerate(out.ranking) for s in group}
        for seat, spec in enumerate(out.seats):
            fig = summary.bots[spec]
            fig.seats += 1
            if seat in winners:
                fig.wins += 1 / len(winners)
            fig.score_total += out.scores[seat]
            total, largest, count, cpu_total, cpu_largest = out.think[seat]
            fig.think_total += total
            fig.think_max = max(fig.think_max, largest)
            fig.decisions += count
            fig.cpu_total += cpu_total
            fig.cpu_max = max(fig.cpu_max, cpu_largest)
        if len(set(out.seats)) > 1:
            seats = range(len(out.seats))
            rated = model.rate([[ratings[out.seats[s]]] for s in seats],
                               ranks=[place[s] for s in seats])
            moved: dict[str, list[tuple[float, float]]] = {}
            for s, team in zip(seats, rated, strict=True):
                moved.setdefault(out.seats[s], []).append((team[0].mu, team[0].sigma))
            for spec, news in moved.items():
                old = ratings[spec]
                mu = old.mu + sum(m - old.mu for m, _ in news) / len(news)
                sigma = sum(sg for _, sg in news) / len(news)
                ratings[spec] = model.rating(mu=mu, sigma=sigma, name=spec)
    for spec, r in ratings.items():
        fig = summary.bots[spec]
        fig.mu, fig.sigma, fig.ordinal = r.mu, r.sigma, r.ordinal()
    return summary


def check_lineup(title: str, lineup: Sequence[str], options: dict[str, Any]) -> None:
    """An OptionError for an unknown bot, a bad bot option or a bad seat count."""
    for spec in lineup:
        parse_bot_spec(spec)
        make_bot(spec)
    new_game(title, player_names(lineup), seed=0, options=options)


def run(plans: Sequence[GamePlan], workers: int,
        progress: Callable[[GameOutcome], None] | None = None) -> list[GameOutcome]:
    """Play every planned game, in ``workers`` processes (1: in this one)."""
    outcomes: list[GameOutcome] = []

    def collect(results: Iterator[GameOutcome]) -> None:
        for out in results:
            outcomes.append(out)
            if progress is not None:
                progress(out)

    if workers <= 1:
        collect(play(p) for p in plans)
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            collect(pool.imap_unordered(play, plans))
    return sorted(outcomes, key=lambda o: o.index)


GAMES_FILE = "games.jsonl"
"""In ``--out DIR``: one line per finished game (its plan and outcome, no record), written
as each game ends, so a stopped run keeps its games and ``--resume`` can go on from them."""


def game_line(p: GamePlan, out: GameOutcome) -> dict[str, Any]:
    return {"index": out.index, "title": p.title, "seed": p.seed, "seats": list(out.seats),
            "options": p.options, "scores": list(out.scores),
            "ranking": [list(g) for g in out.ranking], "think": [list(t) for t in out.think]}


def write_game(out_dir: Path, p: GamePlan, out: GameOutcome) -> None:
    """Write one finished game: its record and its line in :data:`GAMES_FILE`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / f"game-{out.index:04d}.json").write_text(
        json.dumps(out.record, indent=1) + "\n", encoding="utf-8")
    with (out_dir / GAMES_FILE).open("a", encoding="utf-8") as f:
        f.write(json.dumps(game_line(p, out)) + "\n")


def read_games(out_dir: Path, plans: Sequence[GamePlan]) -> list[GameOutcome]:
    """The games of ``plans`` already finished in ``out_dir`` (``--resume``); an
    OptionError if a line there was planned differently (another title, seed, lineup
    or option)."""
    path = out_dir / GAMES_FILE
    if not path.exists():
        return []
    done: dict[int, GameOutcome] = {}
    for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
            k = int(line["index"])
            planned = (line["title"], line["seed"], tuple(line["seats"]), line["options"])
            out = GameOutcome(k, tuple(line["seats"]), tuple(line["scores"]),
                              tuple(tuple(g) for g in line["ranking"]), {},
                              tuple((float(a), float(b), int(c), float(d), float(e))
                                    for a, b, c, d, e in line["think"]))
        except (ValueError, KeyError, TypeError) as exc:
            raise OptionError(f"{path} line {n} is not a tournament game line ({exc})") from None
        if k >= len(plans):
            continue
        p = plans[k]
        if planned != (p.title, p.seed, p.seats, p.options):
            raise OptionError(f"{path} line {n}: game {k} was played as {planned[0]} seed "
                              f"{planned[1]} {' '.join(planned[2])} {planned[3]}, not as this "
                              f"tournament plans it ({p.title} seed {p.seed} "
                              f"{' '.join(p.seats)} {p.options})")
        done[k] = out
    return [done[k] for k in sorted(done)]


def write(out_dir: Path, outcomes: Sequence[GameOutcome], summary: Summary) -> None:
    """Write the summary (and the record of every game that has one not yet written)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for out in outcomes:
        path = out_dir / f"game-{out.index:04d}.json"
        if out.record and not path.exists():
            path.write_text(json.dumps(out.record, indent=1) + "\n", encoding="utf-8")
    (out_dir / "summary.json").write_text(json.dumps(summary.to_json(), indent=1) + "\n",
                                          encoding="utf-8")


__all__ = ["GamePlan", "OptionError", "Summary", "check_lineup", "plan", "play", "read_games",
           "run", "summarize", "wilson", "write", "write_game"]
