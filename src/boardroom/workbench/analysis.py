"""From the rows of a simulation to its statistics: per arm, every measure with its 95%
interval, and every arm against the first (the baseline) on the same seeds.

Fairness is measured by turn position (who acts first, second...: each title defines it,
see :func:`boardroom.workbench.measures.turn_positions`) as well as by seat, since the
first player is drawn from the seed and "seat 2" is not "second to act"; turn position is
the headline figure.

Per-game measures are compared game by game (a paired test: the arms share their
seeds); measures over a varying population (a category's win rate, a round's revenue)
are compared as independent samples.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from boardroom.workbench.inference import (
    Difference,
    Estimate,
    chi2_uniform,
    mean_ci,
    paired,
    rate_ci,
    share_ci,
    uniform_test,
    unpaired,
)
from boardroom.workbench.plan import Plan
from boardroom.workbench.play import STUCK, Row

NAN = math.nan


@dataclass
class Metric:
    """One number per game and arm (NaN where it does not apply)."""

    section: str
    name: str
    rate: bool
    """A rate (win shares, yes/no per game): Wilson's interval."""
    values: list[list[float]]
    """``values[arm][game]``."""
    share: bool = False
    """A share in [0, 1] that is not a yes/no: a bootstrap interval."""
    conditional: bool = False
    """Only some games have a value (the first merger of a game with one): the report
    shows n per arm and for the games paired between arms."""

    def estimate(self, arm: int) -> Estimate:
        if self.rate:
            return rate_ci(self.values[arm])
        return (share_ci if self.share else mean_ci)(self.values[arm])

    def versus_base(self, arm: int) -> Difference:
        """This arm minus the first, game by game; a rate's or share's difference
        interval kept in [-1, 1], the range a difference of two shares can have."""
        d = paired(self.values[arm], self.values[0])
        if (self.rate or self.share) and not math.isnan(d.low):
            return Difference(d.mean, max(-1.0, d.low), min(1.0, d.high), d.p, d.n)
        return d


@dataclass
class Extreme:
    why: str
    arm: int
    game: int
    value: float


@dataclass
class Analysis:
    plan: Plan
    rows: list[list[Row]]
    """``rows[arm][game]``."""
    round_unit: str
    metrics: list[Metric] = field(default_factory=list)
    seat_fairness: list[float] = field(default_factory=list)
    """Per arm: the p-value of "every seat wins equally often"."""
    position_fairness: list[tuple[float, int, float]] = field(default_factory=list)
    """Per arm: the chi-square of "every turn position wins equally often" (statistic,
    degrees of freedom, p-value): the headline fairness figure."""
    position_wins: list[list[float]] = field(default_factory=list)
    """Per arm: the wins (tied wins shared) of each turn position."""
    groups: dict[str, list[dict[str, list[float]]]] = field(default_factory=dict)
    """Group name -> per arm -> category -> the win share of each appearance."""
    curves: dict[str, list[list[Estimate]]] = field(default_factory=dict)
    """Curve name -> per arm -> per round, the mean over the games that reached it."""
    merger_rounds: list[list[int]] = field(default_factory=list)
    """Per arm: the round of every merger of every game."""
    extremes: list[Extreme] = field(default_factory=list)

    @property
    def arms(self) -> int:
        return len(self.rows)

    def stuck(self, arm: int) -> int:
        return sum(r["end_reason"] == STUCK for r in self.rows[arm])

    def group_estimate(self, group: str, arm: int, category: str) -> Estimate:
        return rate_ci(self.groups[group][arm].get(category, []))

    def group_versus_base(self, group: str, arm: int, category: str) -> Difference:
        per_arm = self.groups[group]
        return unpaired(per_arm[arm].get(category, []), per_arm[0].get(category, []))


def win_shares(row: Row, seats: int) -> list[float]:
    """Each seat's share of the win: 1 for a sole winner, 1/k for k tied winners."""
    winners = row["winners"]
    if row["end_reason"] == STUCK or not winners:
        return [NAN] * seats
    return [1 / len(winners) if s in winners else 0.0 for s in range(seats)]


def _clustering(mergers: Sequence[int]) -> float:
    """The share of a game's mergers that fell in its busiest round (NaN under two)."""
    if len(mergers) < 2:
        return NAN
    counts: dict[int, int] = {}
    for m in mergers:
        counts[m] = counts.get(m, 0) + 1
    return max(counts.values()) / len(mergers)


def analyse(plan: Plan, rows: list[Row]) -> Analysis:
    by_arm = [[r for r in rows if r["arm"] == a] for a in range(len(plan.arms))]
    unit = next((r["round_unit"] for r in rows if r["end_reason"] != STUCK), "rounds")
    out = Analysis(plan, by_arm, unit)
    seats = plan.seats

    def metric(section: str, name: str, rate: bool, fn: object, share: bool = False,
               conditional: bool = False) -> None:
        values = [[fn(r) if r["end_reason"] != STUCK else NAN  # type: ignore[operator]
                   for r in arm] for arm in by_arm]
        out.metrics.append(Metric(section, name, rate, values, share, conditional))

    shares = [[win_shares(r, seats) for r in arm] for arm in by_arm]
    for s in range(seats):
        out.metrics.append(Metric("Who wins", f"seat {s + 1} ({plan.bots[s]}) wins", True,
                                  [[g[s] for g in arm] for arm in shares]))
    for arm in shares:
        out.seat_fairness.append(uniform_test([math.fsum(finite_col(arm, s))
                                               for s in range(seats)]))
    positions = [[_by_position(r, share) for r, share in zip(arm, arm_shares, strict=True)]
                 for arm, arm_shares in zip(by_arm, shares, strict=True)]
    for p in range(seats):
        out.metrics.append(Metric("Turn position", f"position {p + 1} wins", True,
                                  [[g[p] for g in arm] for arm in positions]))
    for p in range(seats):
        out.metrics.append(Metric(
            "Turn position", f"position {p + 1} score", False,
            [[_position_score(r, p) for r in arm] for arm in by_arm]))
    for arm in positions:
        wins = [math.fsum(finite_col(arm, p)) for p in range(seats)]
        out.position_wins.append(wins)
        out.position_fairness.append(chi2_uniform(wins))
    metric("Game length", "actions", False, lambda r: float(r["actions"]))
    metric("Game length", unit, False, lambda r: float(r["rounds"]))
    reasons = sorted({r["end_reason"] for r in rows if r["end_reason"] != STUCK})
    for reason in reasons:
        metric("End", f"ends: {reason}", True,
               lambda r, reason=reason: float(r["end_reason"] == reason))
    metric("Scores", "winner's score", False,
           lambda r: float(max(r["scores"])) if r["scores"] else NAN)
    metric("Scores", "spread (best - worst)", False,
           lambda r: float(max(r["scores"]) - min(r["scores"])) if r["scores"] else NAN)
    metric("Mergers", "mergers per game", False, lambda r: float(len(r["mergers"])))
    metric("Mergers", "games with a merger", True, lambda r: float(bool(r["mergers"])))
    metric("Mergers", f"first merger ({unit} in)", False,
           lambda r: float(min(r["mergers"])) if r["mergers"] else NAN, conditional=True)
    metric("Mergers", "mean merger timing (share of the game)", False,
           lambda r: min(1.0, math.fsum(r["mergers"]) / len(r["mergers"])
                         / max(1, r["rounds"])) if r["mergers"] else NAN,
           share=True, conditional=True)
    metric("Mergers", "clustering (share in the busiest round)", False,
           lambda r: _clustering(r["mergers"]), share=True, conditional=True)
    extras = sorted({k for r in rows for k in r["extra"]})
    for name in extras:
        metric("Title", name, False, lambda r, name=name: float(r["extra"].get(name, NAN)),
               conditional=any(name not in r["extra"] for r in rows
                               if r["end_reason"] != STUCK))
    out.merger_rounds = [[m for r in arm for m in r["mergers"]] for arm in by_arm]
    _groups(out, by_arm, shares)
    _curves(out, by_arm)
    _extremes(out, by_arm)
    return out


def _by_position(row: Row, share: list[float]) -> list[float]:
    """The win shares of a game by turn position instead of by seat."""
    out = [NAN] * len(share)
    for seat, position in enumerate(row["positions"]):
        out[position] = share[seat]
    return out


def _position_score(row: Row, position: int) -> float:
    if row["end_reason"] == STUCK or not row["scores"]:
        return NAN
    return float(row["scores"][row["positions"].index(position)])


def finite_col(rows: list[list[float]], s: int) -> list[float]:
    return [g[s] for g in rows if not math.isnan(g[s])]


def _groups(out: Analysis, by_arm: list[list[Row]], shares: list[list[list[float]]]) -> None:
    names = sorted({g for arm in by_arm for r in arm for g in r["groups"]})
    for name in names:
        per_arm: list[dict[str, list[float]]] = []
        for arm, arm_shares in zip(by_arm, shares, strict=True):
            cats: dict[str, list[float]] = {}
            for row, share in zip(arm, arm_shares, strict=True):
                if row["end_reason"] == STUCK:
                    continue
                for seat, categories in enumerate(row["groups"].get(name, [])):
                    for cat in categories:
                        cats.setdefault(cat, []).append(share[seat])
            per_arm.append(dict(sorted(cats.items())))
        out.groups[name] = per_arm


def _curves(out: Analysis, by_arm: list[list[Row]]) -> None:
    names = sorted({c for arm in by_arm for r in arm for c in r["curves"]})
    for name in names:
        per_arm = []
        for arm in by_arm:
            series = [r["curves"].get(name, []) for r in arm if r["end_reason"] != STUCK]
            length = max((len(s) for s in series), default=0)
            per_arm.append([mean_ci([s[i] for s in series if len(s) > i])
                            for i in range(length)])
        out.curves[name] = per_arm


def _extremes(out: Analysis, by_arm: list[list[Row]]) -> None:
    """The longest and shortest game, the widest and the closest result, and the game
    with the most mergers, of each arm."""
    for a, arm in enumerate(by_arm):
        done = [r for r in arm if r["end_reason"] != STUCK and r["scores"]]
        if not done:
            continue

        def margin(r: Row) -> float:
            s = sorted(r["scores"], reverse=True)
            return float(s[0] - s[1]) if len(s) > 1 else 0.0

        picks = [
            ("longest", max(done, key=lambda r: (r["actions"], -r["game"])), "actions"),
            ("shortest", min(done, key=lambda r: (r["actions"], r["game"])), "actions"),
            ("widest", max(done, key=lambda r: (max(r["scores"]) - min(r["scores"]),
                                                -r["game"])), "spread"),
            ("closest", min(done, key=lambda r: (margin(r), r["game"])), "margin"),
            ("most mergers", max(done, key=lambda r: (len(r["mergers"]), -r["game"])),
             "mergers"),
        ]
        for why, row, what in picks:
            value = {"actions": float(row["actions"]),
                     "spread": float(max(row["scores"]) - min(row["scores"])),
                     "margin": margin(row), "mergers": float(len(row["mergers"]))}[what]
            out.extremes.append(Extreme(why, a, row["game"], value))
