"""The simulation's report: one self-contained HTML page (tables, and matplotlib plots
embedded as PNG data; nothing fetched from anywhere), the per-game data as CSV (and
Parquet where pyarrow is installed), and the records of the most extreme games, which
``boardroom replay`` or ``boardroom show`` open.

The page holds no clock time, so the same command writes the same page.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from boardroom.workbench.analysis import Analysis, Metric
from boardroom.workbench.inference import MIN_N, Estimate, number, p_text
from boardroom.workbench.play import Row

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf",
           "#7f7f7f"]

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 75em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f3f3f3; }
td.sig { background: #fff3c4; }
h2 { margin-top: 1.6em; border-bottom: 1px solid #ddd; }
img { max-width: 100%; }
.note { color: #555; font-size: 0.9em; }
code { background: #f3f3f3; padding: 0 0.2em; }
"""


GENERIC_ORDER = "the order in which the seats first acted."


def turn_order_text(title: str) -> str:
    """How ``title`` defines turn position: its ``turn_positions`` docstring (one place
    for the definition), or the generic order.

    >>> turn_order_text("congress").startswith("Turn position: the first player drawn")
    True
    """
    import inspect

    from boardroom.workbench.measures import measures_for

    hook = getattr(measures_for(title), "turn_positions", None)
    doc = inspect.getdoc(hook) if hook is not None else None
    return " ".join(doc.split()) if doc else f"Turn position: {GENERIC_ORDER}"


def fairness_text(fairness: tuple[float, int, float]) -> str:
    """``χ² = x (df d), p = p``.

    >>> fairness_text((600.0, 2, 1e-130))
    'χ² = 600.0 (df 2), p <0.001'
    """
    x, df, p = fairness
    if math.isnan(x):
        return "-"
    return f"χ² = {number(x)} (df {df}), p {p_text(p)}"


def write_report(analysis: Analysis, directory: Path, command: str) -> Path:
    """Write the page, the CSV and the extreme games' records into ``directory``; the
    page's path."""
    directory.mkdir(parents=True, exist_ok=True)
    rows = [r for arm in analysis.rows for r in arm]
    write_csv(analysis, rows, directory / "games.csv")
    parquet = write_parquet(analysis, rows, directory / "games.parquet")
    if not parquet:
        (directory / "games.parquet").unlink(missing_ok=True)  # no stale file of a past run
    records = write_records(analysis, directory / "records")
    page = directory / "report.html"
    page.write_text(render_page(analysis, command, records, parquet), encoding="utf-8")
    return page


# -- the per-game data --------------------------------------------------------------
def table_rows(analysis: Analysis, rows: list[Row]) -> tuple[list[str], list[list[Any]]]:
    extras = sorted({k for r in rows for k in r["extra"]})
    groups = sorted({g for r in rows for g in r["groups"]})
    head = ["arm", "arm_label", "game", "seed", "actions", "rounds", "end_reason", "winners",
            "scores", "mergers", "merger_rounds", "turn_positions"]
    head += [f"extra:{e}" for e in extras] + [f"group:{g}" for g in groups]
    body = []
    for r in rows:
        line: list[Any] = [
            r["arm"], analysis.plan.arms[r["arm"]].label, r["game"], r["seed"], r["actions"],
            r["rounds"], r["end_reason"], ";".join(map(str, r["winners"])),
            ";".join(map(str, r["scores"])), len(r["mergers"]),
            ";".join(map(str, r["mergers"])), ";".join(map(str, r["positions"])),
        ]
        line += [r["extra"].get(e, "") for e in extras]
        line += [";".join("|".join(seat) for seat in r["groups"].get(g, [])) for g in groups]
        body.append(line)
    return head, body


def write_csv(analysis: Analysis, rows: list[Row], path: Path) -> None:
    head, body = table_rows(analysis, rows)
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(head)
        writer.writerows(body)


PARQUET_MISSING = ("games.parquet not written: pyarrow is not installed "
                   "(pip install 'boardroom[parquet]'); games.csv has the same rows.")


def parquet_available() -> bool:
    """Whether pyarrow can be imported (games.parquet is written only then)."""
    import importlib.util

    return importlib.util.find_spec("pyarrow") is not None


def write_parquet(analysis: Analysis, rows: list[Row], path: Path) -> bool:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        return False
    head, body = table_rows(analysis, rows)
    columns = {name: [line[i] for line in body] for i, name in enumerate(head)}
    columns = {k: [str(v) if isinstance(v, str) or v == "" else v for v in col]
               for k, col in columns.items()}
    pq.write_table(pa.table(columns), path)
    return True


def write_records(analysis: Analysis, directory: Path) -> list[tuple[str, int, int, str]]:
    """The records of the extreme games: (why, arm, game, file name) each."""
    directory.mkdir(exist_ok=True)
    written = []
    for ex in analysis.extremes:
        row = analysis.rows[ex.arm][ex.game]
        name = f"arm{ex.arm}-game{ex.game}.json"
        (directory / name).write_text(json.dumps(row["record"], indent=1) + "\n",
                                      encoding="utf-8")
        written.append((ex.why, ex.arm, ex.game, name))
    return written


# -- plots --------------------------------------------------------------------------
def _figure() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(fig: Any) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight",
                metadata={"Software": None})
    _figure().close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


def _labels(analysis: Analysis) -> list[str]:
    return [a.label for a in analysis.plan.arms]


def _bar(half: float) -> float:
    """An error bar's length: none where there is no interval (n too small)."""
    return 0.0 if math.isnan(half) else max(0.0, half)


def plot_seats(analysis: Analysis, section: str = "Who wins", unit: str = "seat") -> str:
    """Win rate per seat (or per turn position) and arm, the fair share marked; the
    legend sits beside the plot, never over a bar."""
    return _png(seats_figure(analysis, section, unit))


def seats_figure(analysis: Analysis, section: str = "Who wins", unit: str = "seat") -> Any:
    """The figure of :func:`plot_seats`."""
    plt = _figure()
    fig, ax = plt.subplots(figsize=(8, 3.5))
    seats = analysis.plan.seats
    width = 0.8 / analysis.arms
    metrics = [m for m in analysis.metrics if m.section == section and m.rate]
    for a, label in enumerate(_labels(analysis)):
        ests = [m.estimate(a) for m in metrics]
        xs = [s + (a - (analysis.arms - 1) / 2) * width for s in range(seats)]
        ys = [e.mean for e in ests]
        err = [[_bar(e.mean - e.low) for e in ests], [_bar(e.high - e.mean) for e in ests]]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=label,
               color=COLOURS[a % len(COLOURS)])
    ax.axhline(1 / seats, color="#555", linestyle=":", linewidth=1, label="fair share")
    ax.set_xticks(range(seats), [f"{unit} {s + 1}" for s in range(seats)])
    ax.set_ylabel("win rate (95% CI)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    return fig


def plot_histogram(analysis: Analysis, metric: Metric, xlabel: str) -> str:
    plt = _figure()
    fig, ax = plt.subplots(figsize=(8, 3.2))
    values = [[v for v in arm if not math.isnan(v)] for arm in metric.values]
    every = [v for arm in values for v in arm]
    if every:
        bins = min(40, max(5, len(set(every))))
        low, high = min(every), max(every)
        for a, label in enumerate(_labels(analysis)):
            ax.hist(values[a], bins=bins, range=(low, high + 1e-9), histtype="step",
                    linewidth=1.5, label=label, color=COLOURS[a % len(COLOURS)])
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.legend(fontsize=8)
    return _png(fig)


def plot_curve(analysis: Analysis, name: str) -> str:
    plt = _figure()
    fig, ax = plt.subplots(figsize=(8, 3.2))
    for a, label in enumerate(_labels(analysis)):
        ests = analysis.curves[name][a]
        xs = [i + 1 for i, e in enumerate(ests) if e.n]
        ax.plot(xs, [e.mean for e in ests if e.n], label=label,
                color=COLOURS[a % len(COLOURS)])
        ax.fill_between(xs, [e.low for e in ests if e.n], [e.high for e in ests if e.n],
                        alpha=0.2, color=COLOURS[a % len(COLOURS)])
    ax.set_xlabel(analysis.round_unit)
    ax.set_ylabel(name)
    ax.legend(fontsize=8)
    return _png(fig)


def merger_axis(analysis: Analysis) -> list[int]:
    """The rounds the mergers-by-round plot shows: from round 1 (rounds count from 1)
    to the last round with a merger."""
    every = [m for arm in analysis.merger_rounds for m in arm]
    first = min(1, min(every, default=1))
    return list(range(first, max(every, default=1) + 1))


def plot_mergers(analysis: Analysis) -> str:
    plt = _figure()
    fig, ax = plt.subplots(figsize=(8, 3.2))
    games = [max(1, sum(1 for r in arm if r["scores"])) for arm in analysis.rows]
    xs = merger_axis(analysis)
    first, longest = xs[0], xs[-1]
    for a, label in enumerate(_labels(analysis)):
        counts = dict.fromkeys(xs, 0.0)
        for m in analysis.merger_rounds[a]:
            counts[m] += 1 / games[a]
        ax.plot(xs, [counts[x] for x in xs], marker="o", markersize=3, label=label,
                color=COLOURS[a % len(COLOURS)])
    ax.set_xlim(first - 0.5, longest + 0.5)
    ax.set_xlabel(f"{analysis.round_unit} (when the merger happened)")
    ax.set_ylabel("mergers per game")
    ax.legend(fontsize=8)
    return _png(fig)


# -- the page -----------------------------------------------------------------------
def _e(text: object) -> str:
    return html.escape(str(text))


def _cell(text: str, significant: bool = False) -> str:
    return f'<td class="sig">{_e(text)}</td>' if significant else f"<td>{_e(text)}</td>"


def metrics_table(analysis: Analysis, section: str) -> str:
    labels = _labels(analysis)
    head = "".join(f"<th>{_e(label)}</th>" for label in labels)
    head += "".join(f"<th>{_e(label)} − {_e(labels[0])}</th>" for label in labels[1:])
    lines = [f"<table><tr><th>measure</th>{head}</tr>"]
    for m in analysis.metrics:
        if m.section != section:
            continue
        cells = "".join(_cell(m.estimate(a).text(m.conditional))
                        for a in range(analysis.arms))
        for a in range(1, analysis.arms):
            d = m.versus_base(a)
            cells += _cell(d.text(m.conditional), not math.isnan(d.p) and d.p < 0.05)
        lines.append(f"<tr><td>{_e(m.name)}</td>{cells}</tr>")
    lines.append("</table>")
    return "\n".join(lines)


def groups_table(analysis: Analysis, group: str) -> str:
    labels = _labels(analysis)
    cats = sorted({c for arm in analysis.groups[group] for c in arm})
    head = "".join(f"<th>{_e(label)}: win rate [95% CI] (seats)</th>" for label in labels)
    head += "".join(f"<th>{_e(label)} − {_e(labels[0])}</th>" for label in labels[1:])
    lines = [f"<table><tr><th>{_e(group)}</th>{head}</tr>"]
    for cat in cats:
        cells = ""
        for a in range(analysis.arms):
            est = analysis.group_estimate(group, a, cat)
            cells += _cell(f"{est.text()} ({est.n})")
        for a in range(1, analysis.arms):
            d = analysis.group_versus_base(group, a, cat)
            cells += _cell(d.text(), not math.isnan(d.p) and d.p < 0.05)
        lines.append(f"<tr><td>{_e(cat)}</td>{cells}</tr>")
    lines.append("</table>")
    return "\n".join(lines)


def curve_table(analysis: Analysis, name: str) -> str:
    labels = _labels(analysis)
    per_arm = analysis.curves[name]
    length = max(len(c) for c in per_arm)
    head = "".join(f"<th>{_e(label)}</th>" for label in labels)
    lines = [f"<table><tr><th>{_e(analysis.round_unit)}</th>{head}</tr>"]
    for i in range(length):
        cells = "".join(_cell(_curve_cell(c[i]) if i < len(c) else "-") for c in per_arm)
        lines.append(f"<tr><td>{i + 1}</td>{cells}</tr>")
    lines.append("</table>")
    return "\n".join(lines)


def _curve_cell(est: Estimate) -> str:
    return f"{est.text()} ({est.n})"


def render_page(analysis: Analysis, command: str,
                records: Sequence[tuple[str, int, int, str]], parquet: bool) -> str:
    plan = analysis.plan
    labels = _labels(analysis)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{_e(plan.title)} simulation</title><style>{STYLE}</style></head><body>",
        f"<h1>{_e(plan.title)}: {plan.games} games per arm, {len(labels)} arm(s)</h1>",
        f"<p><code>{_e(command)}</code></p>",
        "<p>Seats and bots: " + ", ".join(f"seat {s + 1} {_e(b)}"
                                         for s, b in enumerate(plan.bots)) + ". "
        f"Game k of every arm uses seed {plan.seed}+k; seat s's bot is seeded "
        "(game seed)×8+s, so every arm plays the same seeds.</p>",
        "<table><tr><th>arm</th><th>options</th><th>games</th><th>stuck</th>"
        "<th>turn-position fairness (χ², all positions equal)</th>"
        "<th>seat fairness p (χ², all seats equal)</th></tr>",
    ]
    for a, arm in enumerate(plan.arms):
        parts.append(f"<tr><td>{_e(arm.label)}</td><td>{_e(json.dumps(dict(arm.options)))}"
                     f"</td><td>{len(analysis.rows[a])}</td><td>{analysis.stuck(a)}</td>"
                     f"<td>{_e(fairness_text(analysis.position_fairness[a]))}</td>"
                     f"<td>{_e(p_text(analysis.seat_fairness[a]))}</td></tr>")
    parts.append("</table>")
    parts.append(f'<p class="note">{_e(turn_order_text(plan.title))} Position 1 acts '
                 "first. The first player is drawn from the seed, so a seat is not a turn "
                 "position; fairness by turn position is the headline figure.</p>")
    parts.append('<p class="note">Each figure is the mean with its 95% confidence interval '
                 "[low, high]. A difference column is that arm minus the first arm, game "
                 "by game on the same seeds (a paired test), with its 95% interval and "
                 "the p-value of no difference; cells with p &lt; 0.05 are highlighted. "
                 "Win rates give a tied winner a 1/k share and have Wilson intervals; "
                 "shares that are not yes/no (timing, clustering) a bootstrap interval; "
                 f"a mean of fewer than {MIN_N} games says n too small. A measure only "
                 "some games have (the first merger...) shows n per arm, and its "
                 "difference n, the games with a value in both arms.</p>")
    sections = [("Turn position", "Who wins: by turn position"),
                ("Who wins", "Who wins: by seat"), ("Game length", "Game length"),
                ("End", "How games end"), ("Scores", "Scores"), ("Mergers", "Mergers"),
                ("Title", f"{plan.title}'s own statistics")]
    for key, heading in sections:
        if not any(m.section == key for m in analysis.metrics):
            continue
        parts.append(f"<h2>{_e(heading)}</h2>")
        if key == "Who wins":
            parts.append(plot_seats(analysis))
        if key == "Turn position":
            parts.append(plot_seats(analysis, "Turn position", "position"))
        parts.append(metrics_table(analysis, key))
        if key == "Game length":
            length = next(m for m in analysis.metrics if m.name == "actions")
            parts.append(plot_histogram(analysis, length, "actions per game"))
        if key == "Scores":
            spread = next(m for m in analysis.metrics if m.name.startswith("spread"))
            parts.append(plot_histogram(analysis, spread, "spread (best - worst score)"))
        if key == "Mergers" and any(analysis.merger_rounds):
            parts.append(plot_mergers(analysis))
    for group in analysis.groups:
        parts.append(f"<h2>Win rate by {_e(group)}</h2>")
        parts.append('<p class="note">Each seat in that category counts once (its win '
                     "share); arms are compared as independent samples.</p>")
        parts.append(groups_table(analysis, group))
    for name in analysis.curves:
        parts.append(f"<h2>{_e(name)} over the game</h2>")
        parts.append(plot_curve(analysis, name))
        parts.append("<details><summary>the figures</summary>"
                     + curve_table(analysis, name) + "</details>")
    parts.append("<h2>The most extreme games</h2>")
    parts.append('<p class="note">Open one with <code>boardroom replay FILE</code> or '
                 "<code>boardroom show FILE</code>.</p>")
    parts.append("<table><tr><th>game</th><th>arm</th><th>seed</th><th>value</th>"
                 "<th>record</th></tr>")
    for (why, a, k, name), ex in zip(records, analysis.extremes, strict=True):
        row = analysis.rows[a][k]
        parts.append(f"<tr><td>{_e(why)}</td><td>{_e(labels[a])}</td><td>{row['seed']}</td>"
                     f"<td>{_e(number(ex.value))}</td>"
                     f'<td><a href="records/{_e(name)}">records/{_e(name)}</a></td></tr>')
    parts.append("</table>")
    data = "games.csv" + (" and games.parquet" if parquet else "")
    parts.append(f'<p class="note">Every game, one row each: {data} beside this page.'
                 + ("" if parquet else " " + _e(PARQUET_MISSING)) + "</p>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
