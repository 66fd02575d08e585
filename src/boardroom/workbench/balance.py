"""``boardroom balance TITLE``: the questions a designer asks first, from one run.

* **First-player advantage**: the win share (and mean score) of each turn position, with
  Wilson 95% intervals, and the chi-square of "every position wins equally often"
  (turn position as the title defines it: :func:`boardroom.workbench.measures.turn_positions`).
* **Dead turns**: the share of decisions at which the seat had at most one legal action
  other than a pass (``pass``, ``done``), and the share with exactly one legal action.
* **Action usage**: each kind of action (its class), as a share of all actions played,
  per game, and the share of games that played it at all.
* **Game length spread**: actions and the title's rounds per game, mean, standard
  deviation, minimum, 10th percentile, median, 90th percentile and maximum.
* **hard vs medium**: a short seeded match (``match`` games, every seat rotation of one
  ``hard`` against ``medium`` bots), the ``hard`` bot's win share with its interval.

Decisions within a game are not independent, so the dead-turn interval (over decisions)
is narrower than the truth; the per-game mean beside it has a game-level interval.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from boardroom.workbench.analysis import Analysis, analyse
from boardroom.workbench.backends import Progress, run
from boardroom.workbench.inference import Estimate, rate_ci, share_ci, wilson
from boardroom.workbench.plan import Arm, Plan
from boardroom.workbench.play import STUCK, Row

NONE = Estimate(math.nan, math.nan, math.nan, 0)
"""No estimate (no decisions were counted)."""


@dataclass(frozen=True)
class Spread:
    """The spread of one per-game number."""

    mean: float
    sd: float
    low: float
    p10: float
    median: float
    p90: float
    high: float

    @staticmethod
    def of(values: list[float]) -> Spread:
        """The spread of ``values``.

        >>> Spread.of([1.0, 2.0, 3.0, 4.0, 10.0]).median
        3.0
        """
        if not values:
            nan = math.nan
            return Spread(nan, nan, nan, nan, nan, nan, nan)
        xs = sorted(values)
        deciles = statistics.quantiles(xs, n=10, method="inclusive") if len(xs) > 1 \
            else [xs[0]] * 9
        return Spread(statistics.fmean(xs), statistics.stdev(xs) if len(xs) > 1 else 0.0,
                      xs[0], deciles[0], statistics.median(xs), deciles[-1], xs[-1])


@dataclass(frozen=True)
class Usage:
    kind: str
    share: float
    """Of all actions played."""
    per_game: float
    games: Estimate
    """The share of games that played it at least once."""


@dataclass
class Match:
    lineup: tuple[str, ...]
    games: int
    hard: Estimate
    """The first bot's win share (a tied win shared)."""
    seats: int


@dataclass
class Balance:
    title: str
    plan: Plan
    analysis: Analysis
    positions: list[Estimate] = field(default_factory=list)
    position_scores: list[Estimate] = field(default_factory=list)
    fairness: tuple[float, int, float] = (math.nan, 0, math.nan)
    decisions: int = 0
    dead: Estimate = NONE
    forced: Estimate = NONE
    dead_per_game: Estimate = NONE
    usage: list[Usage] = field(default_factory=list)
    lengths: dict[str, Spread] = field(default_factory=dict)
    match: Match | None = None


def measure(title: str, bots: tuple[str, ...], games: int, seed: int = 0,
            options: Mapping[str, Any] | None = None, workers: int = 1,
            match: int = 0, match_bots: tuple[str, str] = ("hard", "medium"),
            progress: Progress | None = None) -> Balance:
    """Play ``games`` games (counting the choices at every decision) and, if ``match``,
    a ``hard`` vs ``medium`` match of that many games; the balance figures."""
    plan = Plan(title, bots, games, [Arm("base", dict(options or {}))], seed=seed,
                choices=True)
    rows = run(plan, workers=workers, progress=progress)
    out = Balance(title, plan, analyse(plan, rows))
    done = [r for r in rows if r["end_reason"] != STUCK]
    by_name = {m.name: m for m in out.analysis.metrics}
    seats = plan.seats
    out.positions = [by_name[f"position {p + 1} wins"].estimate(0) for p in range(seats)]
    out.position_scores = [by_name[f"position {p + 1} score"].estimate(0)
                           for p in range(seats)]
    out.fairness = out.analysis.position_fairness[0]
    _dead_turns(out, done)
    _usage(out, done)
    out.lengths = {"actions": Spread.of([float(r["actions"]) for r in done]),
                   out.analysis.round_unit: Spread.of([float(r["rounds"]) for r in done])}
    if match:
        out.match = play_match(title, seats, match, seed, dict(options or {}), match_bots,
                               workers)
    return out


def _dead_turns(out: Balance, rows: list[Row]) -> None:
    decisions = sum(r["decisions"]["decisions"] for r in rows)
    out.decisions = decisions
    if not decisions:
        return
    dead = sum(r["decisions"]["dead"] for r in rows)
    forced = sum(r["decisions"]["forced"] for r in rows)
    low, high = wilson(dead / decisions, decisions)
    out.dead = Estimate(dead / decisions, low, high, decisions)
    low, high = wilson(forced / decisions, decisions)
    out.forced = Estimate(forced / decisions, low, high, decisions)
    out.dead_per_game = share_ci([r["decisions"]["dead"] / r["decisions"]["decisions"]
                                  for r in rows if r["decisions"]["decisions"]])


def _usage(out: Balance, rows: list[Row]) -> None:
    total = sum(sum(r["action_kinds"].values()) for r in rows)
    kinds = sorted({k for r in rows for k in r["action_kinds"]})
    usage = []
    for kind in kinds:
        played = [r["action_kinds"].get(kind, 0) for r in rows]
        usage.append(Usage(kind, sum(played) / total if total else math.nan,
                           sum(played) / len(rows), rate_ci([float(n > 0) for n in played])))
    out.usage = sorted(usage, key=lambda u: (-u.share, u.kind))


def play_match(title: str, seats: int, games: int, seed: int, options: dict[str, Any],
               bots: tuple[str, str], workers: int = 1) -> Match:
    """``games`` games of one ``bots[0]`` against ``bots[1]`` in every other seat, over
    every seat rotation (:mod:`boardroom.tournament`); the first bot's win share."""
    from boardroom import tournament

    lineup = (bots[0], *([bots[1]] * (seats - 1)))
    plans = tournament.plan(title, lineup, games, seed, options)
    outcomes = tournament.run(plans, workers)
    shares = []
    for o in outcomes:
        winners = o.ranking[0] if o.ranking else ()
        for seat, spec in enumerate(o.seats):
            if spec == bots[0]:
                shares.append(1 / len(winners) if seat in winners else 0.0)
    return Match(lineup, games, rate_ci(shares), seats)


def position_counts(balance: Balance) -> list[float]:
    """The wins of each turn position (tied wins shared)."""
    return balance.analysis.position_wins[0]
