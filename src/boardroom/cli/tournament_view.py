"""``boardroom tournament``: the progress bar and the table of results
(the games and figures themselves are :mod:`boardroom.tournament`'s)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from boardroom import tournament
from boardroom.cli.common import CliError
from boardroom.core.registry import get_title


def run_tournament(title: str, lineup: list[str], games: int, seed: int, workers: int,
                   options: dict[str, Any], out_dir: Path | None, out: Console,
                   resume: bool = False) -> None:
    t = get_title(title)
    if not t.min_players <= len(lineup) <= t.max_players:
        raise CliError(f"{t.display_name} takes {t.min_players} to {t.max_players} players; "
                       f"the lineup names {len(lineup)}")
    tournament.check_lineup(title, lineup, options)
    plans = tournament.plan(title, lineup, games, seed, options)
    rots = len(tournament.rotations(lineup))
    if resume and out_dir is None:
        raise CliError("--resume goes on from the games in --out DIR; give --out")
    done = tournament.read_games(out_dir, plans) if resume and out_dir is not None else []
    have = {o.index for o in done}
    todo = [p for p in plans if p.index not in have]
    out.print(f"{t.display_name}: {games} games of {', '.join(lineup)} "
              f"({rots} seat rotations; seeds {seed}-{plans[-1].seed}), {workers} worker(s)"
              + (f"; {len(done)} already played in {out_dir}." if resume else "."))

    def finished(outcome: tournament.GameOutcome) -> None:
        bar.advance(task)
        if out_dir is not None:
            try:
                tournament.write_game(out_dir, plans[outcome.index], outcome)
            except OSError as exc:
                raise CliError(f"cannot write to {out_dir}: {exc.strerror or exc}") from exc

    if out_dir is not None and not resume and (out_dir / tournament.GAMES_FILE).exists():
        raise CliError(f"{out_dir} already holds a tournament's games; use --resume to go "
                       "on from them, or another --out")
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=out, transient=False) as bar:
        task = bar.add_task("games", total=games, completed=len(done))
        outcomes = done + tournament.run(todo, workers, finished)
    summary = tournament.summarize(title, lineup, seed, options, outcomes)
    show(summary, out)
    if out_dir is not None:
        try:
            tournament.write(out_dir, outcomes, summary)
        except OSError as exc:
            raise CliError(f"cannot write to {out_dir}: {exc.strerror or exc}") from exc
        out.print(f"Wrote {len(outcomes)} records and summary.json to {out_dir}.")


def show(summary: tournament.Summary, out: Console) -> None:
    equal = 1 / len(summary.lineup)
    table = Table(title=f"{summary.games} games; an equal player wins {equal:.0%}")
    for name, justify in (("bot", "left"), ("seats", "right"), ("wins", "right"),
                          ("win rate", "right"), ("95% CI", "right"), ("avg score", "right"),
                          ("think mean / max", "right"), ("cpu mean / max", "right"),
                          ("OpenSkill μ ± σ", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for fig in summary.bots.values():
        low, high = fig.interval
        table.add_row(fig.spec, str(fig.seats), f"{fig.wins:g}", f"{fig.win_rate:.1%}",
                      f"{low:.1%} - {high:.1%}", f"{fig.mean_score:,.0f}",
                      f"{fig.mean_think:.3f} / {fig.think_max:.3f} s",
                      f"{fig.mean_cpu:.3f} / {fig.cpu_max:.3f} s",
                      f"{fig.mu:.1f} ± {fig.sigma:.1f}")
    out.print(table)
