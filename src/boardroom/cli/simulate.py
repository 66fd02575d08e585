"""``boardroom simulate TITLE``: the designer's workbench on the command line.

::

    boardroom simulate lost_atlas --games 500 --bots heuristic \\
        --compare hostile_mergers=false,true --workers 2 --open
    boardroom simulate acquire --games 1000 --compare mode=classic,tycoon --open

It plays the games (a Rich progress bar shows games per second and the time left),
prints the main figures per arm with their 95% intervals and each arm against the first
(fairness by turn position first), and with ``--open`` or ``--out DIR`` writes the HTML
report, the per-game CSV and the extreme games' records, saying where. A table too wide
for the terminal (or for a pipe's 80 columns) is printed stacked, one arm at a time,
rather than squeezed. The same command gives the same numbers.

``boardroom balance TITLE`` (:func:`balance`) answers a designer's first questions in
one page of text: first-player advantage, dead turns, action usage, game length spread
and a short ``hard`` vs ``medium`` match.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.measure import Measurement
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from boardroom.bots.base import make_bot
from boardroom.cli.common import CliError, console, parse_options, parse_value, read_json_value
from boardroom.core.errors import OptionError
from boardroom.core.game import Game
from boardroom.workbench.analysis import Analysis, analyse
from boardroom.workbench.backends import BACKENDS, run
from boardroom.workbench.inference import p_text
from boardroom.workbench.plan import Plan, arms_from
from boardroom.workbench.report import fairness_text

DEFAULT_REPORTS = Path("boardroom-reports")
"""Where reports go unless ``--out`` says otherwise (git ignores it)."""


class RateColumn(ProgressColumn):
    """Games per second so far."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:.1f} games/s", style="cyan")


def parse_compare(pairs: Sequence[str]) -> tuple[list[tuple[str, list[Any]]], list[list[str]]]:
    """``KEY=V1,V2,...`` pairs into the compared values and their typed texts."""
    compare: list[tuple[str, list[Any]]] = []
    texts: list[list[str]] = []
    for pair in pairs:
        key, sep, values = pair.partition("=")
        if not sep or not key.strip() or not values.strip():
            raise CliError(f"--compare takes KEY=VALUE1,VALUE2,..., not {pair!r}")
        words = [v.strip() for v in values.split(",")]
        if any(not w for w in words):
            raise CliError(f"--compare {key}: an empty value in {values!r}")
        parsed = [read_json_value(w[1:]) if w.startswith("@") and len(w) > 1
                  else parse_value(w) for w in words]
        compare.append((key.strip(), parsed))
        texts.append(words)
    return compare, texts


def seat_bots(bots: str, players: int | None) -> tuple[str, ...]:
    names = tuple(b.strip() for b in bots.split(","))
    if any(not n for n in names):
        raise CliError(f"--bots is a comma-separated list of bot names, not {bots!r}")
    if len(names) == 1:
        return names * (players or 4)
    if players is not None and players != len(names):
        raise CliError(f"--bots names {len(names)} seats but --players is {players}")
    for name in set(names):
        make_bot(name)
    return names


def check_plan(plan: Plan) -> None:
    """Start one game of every arm, so a bad option fails now with its message."""
    for name in set(plan.bots):
        make_bot(name)
    for arm in plan.arms:
        try:
            Game(plan.title, plan.names(), seed=plan.seed, options=dict(arm.options))
        except OptionError as exc:
            label = f"arm {arm.label}: " if len(plan.arms) > 1 else ""
            raise CliError(f"{label}{exc}") from exc


def report_dir(plan: Plan, out: str | None) -> Path:
    if out:
        return Path(out)
    key = json.dumps([plan.title, plan.bots, plan.games, plan.seed,
                      [[a.label, dict(a.options)] for a in plan.arms]],
                     sort_keys=True, default=str)
    digest = hashlib.sha256(key.encode()).hexdigest()[:8]
    return DEFAULT_REPORTS / f"{plan.title}-{plan.games}g-{digest}"


SUMMARY_SECTIONS = ("Turn position", "Who wins", "Game length", "End", "Mergers")
"""The sections the terminal summary shows (the report has them all); turn position
first, the headline fairness figure."""


def _summary_cells(analysis: Analysis) -> list[tuple[str, list[str], list[str]]]:
    """Per measure: its name, each arm's estimate and each later arm's difference."""
    lines = []
    for m in analysis.metrics:
        if m.section not in SUMMARY_SECTIONS:
            continue
        ests = [m.estimate(a).text(m.conditional) for a in range(analysis.arms)]
        diffs = []
        for a in range(1, analysis.arms):
            d = m.versus_base(a)
            text = d.text(m.conditional)
            diffs.append(f"[bold yellow]{text}[/]" if d.p == d.p and d.p < 0.05 else text)
        lines.append((m.name, ests, diffs))
    lines.sort(key=lambda line: SUMMARY_SECTIONS.index(
        next(m.section for m in analysis.metrics if m.name == line[0])))
    return lines


def summary(analysis: Analysis) -> Table:
    """Every arm side by side, then each later arm minus the first."""
    labels = [a.label for a in analysis.plan.arms]
    table = Table(title=f"{analysis.plan.title}: {analysis.plan.games} games per arm "
                        f"(mean [95% CI])")
    table.add_column("measure")
    for label in labels:
        table.add_column(label, justify="right")
    for label in labels[1:]:
        table.add_column(f"{label} − {labels[0]}", justify="right")
    for name, ests, diffs in _summary_cells(analysis):
        table.add_row(name, *ests, *diffs)
    return table


def stacked(analysis: Analysis) -> list[Table]:
    """The summary one arm at a time (each later arm with its difference from the
    first), for a terminal too narrow for every arm side by side."""
    labels = [a.label for a in analysis.plan.arms]
    cells = _summary_cells(analysis)
    tables = []
    for a, label in enumerate(labels):
        table = Table(title=f"{analysis.plan.title}: arm {label} ({analysis.plan.games} "
                            f"games, mean [95% CI])")
        table.add_column("measure", overflow="fold")
        table.add_column(label, justify="right", overflow="fold")
        if a:
            table.add_column(f"− {labels[0]}", justify="right", overflow="fold")
        for name, ests, diffs in cells:
            table.add_row(name, ests[a], *([diffs[a - 1]] if a else []))
        tables.append(table)
    return tables


def print_summary(out: Console, analysis: Analysis) -> None:
    """The summary side by side where it fits the console's width, stacked if not."""
    table = summary(analysis)
    unbounded = out.options.update(max_width=100_000)
    if Measurement.get(out, unbounded, table).maximum <= out.width:
        out.print(table)
    else:
        for part in stacked(analysis):
            out.print(part)
    for a, arm in enumerate(analysis.plan.arms):
        label = f"{arm.label}: " if analysis.arms > 1 else ""
        out.print(f"{label}turn-position fairness "
                  f"{fairness_text(analysis.position_fairness[a])}; seat fairness p "
                  f"{p_text(analysis.seat_fairness[a])}")


@click.command()
@click.argument("title")
@click.option("--games", "-n", type=click.IntRange(min=1), default=100, show_default=True,
              help="Games per arm.")
@click.option("--players", type=click.IntRange(min=1), default=None,
              help="Seats (default: as many as --bots names, or 4).")
@click.option("--bots", default="random", show_default=True,
              help="The bot of each seat, comma-separated; one name for every seat.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A title option for every arm (repeatable); KEY=@FILE reads JSON.")
@click.option("--compare", "compares", multiple=True, metavar="KEY=V1,V2,...",
              help="Arms that differ in this option (repeatable: every combination).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of game 0 (game k uses seed+k in every arm).")
@click.option("--workers", "-w", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes (local) or CPUs of a local Ray.")
@click.option("--backend", type=click.Choice(BACKENDS), default="local", show_default=True)
@click.option("--address", default=None, help="The Ray cluster's address (--backend ray).")
@click.option("--max-actions", type=click.IntRange(min=1), default=50_000,
              show_default=True, help="A game longer than this counts as stuck.")
@click.option("--open", "write", is_flag=True,
              help="Write the HTML report, the CSV and the extreme games, and say where.")
@click.option("--out", default=None,
              help=f"Write the report into this folder (with or without --open; "
                   f"--open alone writes to {DEFAULT_REPORTS}/...).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def simulate(title: str, games: int, players: int | None, bots: str, options: Sequence[str],
             compares: Sequence[str], seed: int, workers: int, backend: str,
             address: str | None, max_actions: int, write: bool, out: str | None,
             quiet: bool) -> None:
    """Play GAMES seeded games of TITLE per arm with bots and measure what the rules do."""
    compare, texts = parse_compare(compares)
    arms = arms_from(parse_options(options), compare, texts)
    plan = Plan(title, seat_bots(bots, players), games, arms, seed=seed,
                max_actions=max_actions)
    check_plan(plan)
    out_console = console()
    total = games * len(arms)
    start = time.perf_counter()
    if quiet:
        rows = run(plan, backend, workers, address)
    else:
        columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                   RateColumn(), TimeElapsedColumn(), TextColumn("left"),
                   TimeRemainingColumn())
        with Progress(*columns, console=Console(stderr=True), transient=False) as bar:
            task = bar.add_task(f"{title} ({len(arms)} arm(s))", total=total)
            rows = run(plan, backend, workers, address,
                       progress=lambda n: bar.advance(task, n))
    seconds = time.perf_counter() - start
    analysis = analyse(plan, rows)
    print_summary(out_console, analysis)
    out_console.print(f"{total} games in {seconds:.1f} s ({total / seconds:.1f} games/s, "
                      f"{workers} worker(s), {backend}).")
    stuck = sum(analysis.stuck(a) for a in range(analysis.arms))
    if stuck:
        out_console.print(f"[yellow]{stuck} game(s) passed {max_actions} actions and are "
                          f"left out as stuck.[/]")
    if write or out is not None:
        from boardroom.workbench.report import PARQUET_MISSING, parquet_available, write_report

        command = _command_text(title, games, plan, options, compares)
        page = write_report(analysis, report_dir(plan, out), command)
        out_console.print(f"Report: {page.resolve()}")
        out_console.print(f"  per-game data: {(page.parent / 'games.csv').resolve()}; "
                          f"extreme games: {(page.parent / 'records').resolve()}/")
        if not parquet_available():
            out_console.print(f"[yellow]{PARQUET_MISSING}[/]")


def _command_text(title: str, games: int, plan: Plan, options: Sequence[str],
                  compares: Sequence[str]) -> str:
    words = ["boardroom simulate", title, f"--games {games}",
             f"--bots {','.join(plan.bots)}", f"--seed {plan.seed}"]
    words += [f"--option {o}" for o in options] + [f"--compare {c}" for c in compares]
    return " ".join(words)


@click.command()
@click.argument("title")
@click.option("--games", "-n", type=click.IntRange(min=1), default=60, show_default=True,
              help="Games played by --bots (dead turns, usage, lengths, fairness).")
@click.option("--players", type=click.IntRange(min=1), default=None,
              help="Seats (default: as many as --bots names, or 4).")
@click.option("--bots", default="random", show_default=True,
              help="The bot of each seat, comma-separated; one name for every seat.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A title option (repeatable); KEY=@FILE reads JSON.")
@click.option("--match", type=click.IntRange(min=0), default=1, show_default=True,
              help="Games of the hard vs medium match (0: none; each seat rotation is "
                   "one game, so the seats' count of games covers every seat).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--workers", "-w", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--quiet", is_flag=True, help="No progress bar.")
def balance(title: str, games: int, players: int | None, bots: str, options: Sequence[str],
            match: int, seed: int, workers: int, quiet: bool) -> None:
    """The designer's first questions about TITLE: first-player advantage, dead turns,
    action usage, game length spread, hard vs medium."""
    from boardroom.workbench import balance as bal

    seats = seat_bots(bots, players)
    chosen = parse_options(options)
    check_plan(Plan(title, seats, games, arms_from(chosen, []), seed=seed))
    out = console()
    start = time.perf_counter()
    if quiet:
        result = bal.measure(title, seats, games, seed, chosen, workers, match)
    else:
        columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                   RateColumn(), TimeElapsedColumn())
        with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(f"{title} games", total=games)
            result = bal.measure(title, seats, games, seed, chosen, workers, match,
                                 progress=lambda n: bar.advance(task, n))
    seconds = time.perf_counter() - start
    print_balance(out, result)
    out.print(f"{games} games{f' and a {match}-game match' if match else ''} in "
              f"{seconds:.1f} s ({workers} worker(s)).")


def print_balance(out: Console, b: Any) -> None:
    """The five tables of ``boardroom balance``."""
    from boardroom.workbench.inference import number
    from boardroom.workbench.report import turn_order_text

    plan = b.plan
    out.print(f"[bold]{plan.title}[/]: {plan.games} games, {plan.seats} seats "
              f"({', '.join(plan.bots)}), seeds {plan.seed}-{plan.seed + plan.games - 1}")
    t = Table(title="First-player advantage: win share by turn position (95% Wilson)")
    t.add_column("position")
    t.add_column("wins", justify="right")
    t.add_column("win share", justify="right")
    t.add_column("mean score", justify="right")
    wins = b.analysis.position_wins[0]
    for p, (est, score) in enumerate(zip(b.positions, b.position_scores, strict=True)):
        t.add_row(str(p + 1), number(wins[p]), est.text(), score.text())
    out.print(t)
    out.print(f"Equal positions: {fairness_text(b.fairness)} (fair share "
              f"{1 / plan.seats:.3f}). {turn_order_text(plan.title)}")
    t = Table(title="Dead turns")
    t.add_column("decisions")
    t.add_column("share (95%)", justify="right")
    t.add_row(f"at most one non-pass choice (of {b.decisions:,} decisions)", b.dead.text())
    t.add_row("  the same, per game (bootstrap over games)", b.dead_per_game.text())
    t.add_row("exactly one legal action", b.forced.text())
    out.print(t)
    t = Table(title="Action usage")
    t.add_column("kind of action")
    t.add_column("share of actions", justify="right")
    t.add_column("per game", justify="right")
    t.add_column("games using it (95%)", justify="right")
    for u in b.usage:
        t.add_row(u.kind, f"{u.share:.3f}", number(u.per_game), u.games.text())
    out.print(t)
    t = Table(title="Game length spread")
    for name in ("per game", "mean", "sd", "min", "p10", "median", "p90", "max"):
        t.add_column(name, justify="right" if name != "per game" else "left")
    for name, s in b.lengths.items():
        t.add_row(name, *(number(x) for x in (s.mean, s.sd, s.low, s.p10, s.median, s.p90,
                                                s.high)))
    out.print(t)
    if b.match is not None:
        m = b.match
        out.print(f"hard vs medium: {m.games} game(s) of {' vs '.join(m.lineup)} (every seat "
                  f"rotation); hard's win share {m.hard.text()} over {m.hard.n} seat(s) "
                  f"(fair share {1 / m.seats:.3f}). A short match: see its interval.")
