"""The benchmarks Boardroom ships, behind one command: ``boardroom bench TITLE WHAT``.

::

    boardroom bench --help                       # every benchmark
    boardroom bench acquire games --games 50     # complete Acquire games and their replay
    boardroom bench acquire clone                # a search's copy + legal + apply steps
    boardroom bench congress games               # complete Congress games and their replay
    boardroom bench congress study               # Congress: mergers by switch combination
    boardroom bench congress balance             # Congress: turn position, liveness, actions
    boardroom bench lost_atlas games             # complete Lost Atlas games and their replay
    boardroom bench lost_atlas mapbuild          # automatic map builds
    boardroom bench lost_atlas lays              # listing every legal tile lay
    boardroom bench lost_atlas routes            # optimal routes on the bot-play corpus
    boardroom bench lost_atlas clone             # a search's copy + legal + apply steps
    boardroom bench lost_atlas routes --help     # each benchmark's own options
    boardroom bench web table                    # the browser table: first load, a tile lay
    boardroom bench acquire simulate             # the workbench: games/s per worker
    boardroom bench acquire env                  # the RL environment: steps/s
    boardroom bench lost_atlas compare           # 1,000 Long games x 2 arms
    boardroom bench server                       # the game server under load
    boardroom bench server pace                  # this machine's cost of running cold

(``python -m boardroom.bench ...`` is the same command.) ``WHAT`` may be left out for
``games``. Each benchmark is a module of this package with its own ``main``; the table
:data:`BENCHMARKS` says which, and a new one is a module plus one entry there.
Benchmarks measure; they are not tests (nothing here runs in the test suite but a
smoke run of each). The old ``python -m boardroom.bench_games``, ``bench_lost_atlas``,
``bench_routes``, ``bench_congress``, ``bench_clone`` and ``workbench.bench`` entry points
are replaced by these commands, not kept as aliases (``docs/architecture.md``,
"Benchmarks", maps each old one to its command).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Benchmark:
    """One benchmark: its module, the arguments its ``main`` takes before the user's
    (the module's own subcommand), and one line saying what it times."""

    module: str
    prefix: tuple[str, ...]
    summary: str


BENCHMARKS: dict[str, dict[str, Benchmark]] = {
    "acquire": {
        "games": Benchmark("boardroom.bench.acquire", ("acquire",),
                           "complete seeded games (bots' decisions included) and their "
                           "replay per action"),
        "simulate": Benchmark("boardroom.bench.workbench", ("simulate", "acquire"),
                              "boardroom simulate's games/s per worker, random and strong "
                              "bots"),
        "env": Benchmark("boardroom.bench.workbench", ("env", "acquire"),
                         "the PettingZoo environment's steps/s with random legal actions"),
        "clone": Benchmark("boardroom.bench.clone", ("acquire",),
                           "a search's step: copy a state, list legal actions, apply one "
                           "(target 20,000 a second)"),
    },
    "congress": {
        "games": Benchmark("boardroom.bench.congress", (),
                           "complete seeded games and their replay per action"),
        "balance": Benchmark("boardroom.bench.congress_balance", (),
                             "balance with 95% intervals: win share by turn position, "
                             "games alive, each action's share, hard against medium"),
        "study": Benchmark("boardroom.bench.congress_study", (),
                           "the designer's question: merger flurries and Special Dividend "
                           "steering over bot games in every switch combination"),
        "simulate": Benchmark("boardroom.bench.workbench", ("simulate", "congress"),
                              "boardroom simulate's games/s per worker, random and strong "
                              "bots"),
        "env": Benchmark("boardroom.bench.workbench", ("env", "congress"),
                         "the PettingZoo environment's steps/s with random legal actions"),
    },
    "lost_atlas": {
        "games": Benchmark("boardroom.bench.lost_atlas_games", ("lost_atlas",),
                           "complete seeded games, map to score, and their replay per "
                           "action"),
        "mapbuild": Benchmark("boardroom.bench.lost_atlas_board", ("mapbuild",),
                              "automatic map builds (every choice a random legal one)"),
        "lays": Benchmark("boardroom.bench.lost_atlas_board", ("lays",),
                          "listing every legal tile lay of a company on mid-game maps"),
        "routes": Benchmark("boardroom.bench.lost_atlas_routes", (),
                            "optimal train routes on the late-game corpus (and CP-SAT)"),
        "simulate": Benchmark("boardroom.bench.workbench", ("simulate", "lost_atlas"),
                              "boardroom simulate's games/s per worker, random and strong "
                              "bots"),
        "env": Benchmark("boardroom.bench.workbench", ("env", "lost_atlas"),
                         "the PettingZoo environment's steps/s with random legal actions"),
        "compare": Benchmark("boardroom.bench.workbench", ("compare",),
                             "1,000 random Long games x 2 arms through the workbench "
                             "(target: under two minutes)"),
        "clone": Benchmark("boardroom.bench.clone", ("lost_atlas",),
                           "a search's step: copy a state, list legal actions, apply one "
                           "(target 5,000 a second)"),
    },
    "web": {
        "table": Benchmark("boardroom.bench.web_table", (),
                           "the browser table in Chromium: first load, and click to "
                           "redrawn table for a tile lay"),
    },
    "server": {
        "games": Benchmark("boardroom.server.bench", (),
                           "concurrent games through boardroom serve's HTTP API and live "
                           "connections (SQLite, PostgreSQL x 1 and 2)"),
        "pace": Benchmark("boardroom.server.pace_probe", (),
                          "the same engine work's CPU time back to back and after pauses "
                          "(what a paced server's idle gaps cost an action here)"),
    },
}
"""TITLE -> WHAT -> the benchmark."""

DEFAULT_WHAT = "games"


def usage() -> str:
    lines = ["usage: boardroom bench TITLE [WHAT] [OPTIONS]  (WHAT defaults to games)",
             "", "benchmarks:"]
    for title, table in BENCHMARKS.items():
        for what, bench in table.items():
            lines.append(f"  {title + ' ' + what:<20} {bench.summary}")
    lines += ["", "Each takes --help for its own options, e.g. boardroom bench lost_atlas "
              "routes --help."]
    return "\n".join(lines)


def resolve(argv: Sequence[str]) -> tuple[Benchmark, list[str]] | str:
    """The benchmark ``argv`` names and its own arguments, or the error to show.

    >>> bench, rest = resolve(["lost_atlas", "lays", "--maps", "3"])
    >>> bench.module, rest
    ('boardroom.bench.lost_atlas_board', ['lays', '--maps', '3'])
    >>> resolve(["acquire", "--games", "5"])[1]
    ['acquire', '--games', '5']
    >>> resolve(["chess"])
    "unknown title 'chess' (known: acquire, congress, lost_atlas, web, server)"
    """
    if not argv:
        return "name a title and a benchmark"
    title, rest = argv[0], list(argv[1:])
    table = BENCHMARKS.get(title)
    if table is None:
        return f"unknown title {title!r} (known: {', '.join(BENCHMARKS)})"
    what = DEFAULT_WHAT
    if rest and not rest[0].startswith("-"):
        what = rest.pop(0)
    elif rest and rest[0] in ("-h", "--help") and len(table) > 1:
        return ""  # the title's list of benchmarks
    bench = table.get(what)
    if bench is None:
        return f"unknown {title} benchmark {what!r} (known: {', '.join(table)})"
    return bench, [*bench.prefix, *rest]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark named by ``argv`` (default: the command line); the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(usage())
        return 0 if args else 2
    found = resolve(args)
    if isinstance(found, str):
        if found:
            print(f"error: {found}", file=sys.stderr)
        print(usage(), file=sys.stderr if found else sys.stdout)
        return 2 if found else 0
    bench, rest = found
    run: Callable[[list[str]], int] = importlib.import_module(bench.module).main
    return run(rest)
