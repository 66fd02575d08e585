"""Benchmarks of the Railways of the Lost Atlas machinery.

::

    boardroom bench lost_atlas mapbuild                  # 200 Long Game builds
    boardroom bench lost_atlas mapbuild --builds 500 --mode micro_2p

Each subcommand is a function of its own argument list in :data:`COMMANDS`; add one by
adding an entry.

``mapbuild``: automatic map builds (:func:`~boardroom.titles.lost_atlas.board.mapbuild.auto_build`,
every choice a random legal one), build ``k`` with seed ``--seed + k``; prints the median
and 90th percentile milliseconds per build next to the target (under 50 ms), and how many
builds restarted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from boardroom.core.rng import Rng
from boardroom.stats import percentile
from boardroom.titles.lost_atlas.board.components import load_components
from boardroom.titles.lost_atlas.board.mapbuild import auto_build
from boardroom.titles.lost_atlas.board.sample_positions import PHASE_COLOURS, midgame_board
from boardroom.titles.lost_atlas.board.track_laying import LayBudget, legal_lays

TARGET_MAPBUILD_MS = 50.0
"""Milliseconds for one automatic map build (median)."""


def mapbuild(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="boardroom bench lost_atlas mapbuild",
        description="Time automatic Lost Atlas map builds.",
    )
    parser.add_argument("--builds", type=int, default=200, help="builds to time (200)")
    parser.add_argument("--mode", default="long", help="game mode (long)")
    parser.add_argument("--players", type=int, default=None,
                        help="player count (default: the mode's smallest)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first build (0)")
    parser.add_argument("--different-destinations", action="store_true",
                        help="the Different Distant Destinations variant")
    parser.add_argument("--filler-hexes", action="store_true",
                        help="include the optional filler step")
    args = parser.parse_args(list(argv))
    if args.builds < 1:
        parser.error("--builds must be at least 1")
    components = load_components()
    mode = components.modes.get(args.mode)
    if mode is None:
        parser.error(f"unknown mode {args.mode!r} (known: {', '.join(components.modes)})")
    players = args.players if args.players is not None else mode.players[0]
    options = {"different_destinations": args.different_destinations,
               "filler_hexes": args.filler_hexes}
    seconds: list[float] = []
    restarts = restarted = 0
    for k in range(args.builds):
        start = time.perf_counter()
        builder = auto_build(components, args.mode, players, Rng(args.seed + k), options)
        seconds.append(time.perf_counter() - start)
        restarts += builder.restarts
        restarted += builder.restarts > 0
    ms = [1000 * s for s in seconds]
    median = statistics.median(ms)
    verdict = "meets" if median < TARGET_MAPBUILD_MS else "MISSES"
    print(f"mapbuild: {args.builds} automatic builds, {mode.name} ({players} players)")
    print(f"  median {median:.2f} ms   p90 {percentile(ms, 0.9):.2f} ms   "
          f"mean {statistics.fmean(ms):.2f} ms   max {max(ms):.2f} ms")
    print(f"  target: median under {TARGET_MAPBUILD_MS:.0f} ms ({verdict})")
    print(f"  restarts: {restarts} in {restarted} of {args.builds} builds")
    return 0


TARGET_LAYS_MS = 20.0


def lays(argv: Sequence[str]) -> int:
    """Time enumerating every legal tile lay on mid-game Long maps.

    The positions come from :func:`sample_positions.midgame_board` (an automatic map,
    every printed home launched, random legal lays through yellow, green and purple):
    random legal play, not real games.
    """
    parser = argparse.ArgumentParser(
        prog="boardroom bench lost_atlas lays",
        description="Time listing all legal tile lays of a company on a mid-game Long map.",
    )
    parser.add_argument("--maps", type=int, default=20, help="positions to time (20)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first map (0)")
    args = parser.parse_args(list(argv))
    components = load_components()
    ms: list[float] = []
    counts: list[int] = []
    for k in range(args.maps):
        board, operators, phase = midgame_board(args.seed + k, components=components)
        colours = PHASE_COLOURS[phase]
        for op in operators:
            start = time.perf_counter()
            found = legal_lays(board, op, colours, LayBudget())
            ms.append(1000 * (time.perf_counter() - start))
            counts.append(len(found))
    median = statistics.median(ms)
    verdict = "meets" if median < TARGET_LAYS_MS else "MISSES"
    print(f"lays: {len(ms)} enumerations on {args.maps} mid-game Long maps "
          f"(purple phase, one per launched minor)")
    print(f"  median {median:.2f} ms   p90 {percentile(ms, 0.9):.2f} ms   "
          f"p99 {percentile(ms, 0.99):.2f} ms   max {max(ms):.2f} ms")
    print(f"  legal lays per company: median {statistics.median(counts):.0f}, "
          f"max {max(counts)}")
    print(f"  target: under {TARGET_LAYS_MS:.0f} ms ({verdict} at the median; "
          f"{'meets' if max(ms) < TARGET_LAYS_MS else 'misses'} at the max)")
    return 0


COMMANDS: dict[str, Callable[[Sequence[str]], int]] = {
    "mapbuild": mapbuild,
    "lays": lays,
}
"""Subcommand -> function of the remaining arguments, returning the exit status."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="boardroom bench lost_atlas",
        description="Benchmarks of the Railways of the Lost Atlas machinery.",
    )
    parser.add_argument("command", choices=sorted(COMMANDS), help="what to time")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="the command's own options")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    return COMMANDS[args.command](args.args)


if __name__ == "__main__":
    sys.exit(main())
