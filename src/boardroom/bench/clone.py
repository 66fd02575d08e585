"""The search benchmark: how many simulated steps a search bot can take per second.

::

    boardroom bench acquire clone              # 4-player classic positions
    boardroom bench lost_atlas clone           # 3-player Short Game positions
    boardroom bench lost_atlas clone --mode long --players 4 --steps 20000 --games 2

A search bot's inner loop is: copy a state, list the legal actions of the seat to act,
apply one of them. This command measures exactly that loop. It first plays ``--games``
seeded games with the random bot (game ``k`` has seed ``--seed + k``) and keeps every
``--every``-th position (for the Lost Atlas only positions after the map is built, where
the search bots search). The games are played by ``--bot``: the random bot for Acquire,
the heuristic bot for the Lost Atlas (random Lost Atlas play reaches positions no search
meets, such as treasuries that make hundreds of train offers). Then, from each kept
position in turn, it runs ``--walk`` steps of *copy the state, list the legal actions,
apply a random one* (seeded), starting over from the kept position whenever a game ends,
until ``--steps`` steps are done. It prints the
steps per second next to the target (Acquire at least 20,000, the Lost Atlas at least
5,000), by the wall clock and by the processor time the loop used (the second is the
fair figure on a machine other programs share: the wall clock then counts their time
too), and the microseconds each of the three parts took.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

import boardroom
from boardroom.bots import make_bot
from boardroom.core.rng import Rng
from boardroom.core.title import Title

TARGETS = {"acquire": 20_000.0, "lost_atlas": 5_000.0}
"""Copy + list legal + apply steps per second, per title."""


@dataclass(frozen=True)
class CloneFigures:
    steps: int
    copy_s: float
    legal_s: float
    apply_s: float
    positions: int
    cpu_s: float
    """Processor time of the whole loop (less sensitive to other programs on the machine)."""

    @property
    def total_s(self) -> float:
        return self.copy_s + self.legal_s + self.apply_s

    @property
    def per_second(self) -> float:
        return self.steps / self.total_s if self.total_s else 0.0

    @property
    def per_cpu_second(self) -> float:
        return self.steps / self.cpu_s if self.cpu_s else 0.0

    def micros(self, seconds: float) -> float:
        return seconds / self.steps * 1e6


def positions(title: str, games: int, every: int, seed: int, players: int,
              options: dict[str, Any], bot: str = "random") -> tuple[Title[Any, Any], list[Any]]:
    """Every ``every``-th state of ``games`` seeded games of ``bot`` (copies)."""
    kept: list[Any] = []
    t: Title[Any, Any] | None = None
    for k in range(games):
        game = boardroom.new_game(title, [f"P{s + 1}" for s in range(players)],
                                  seed=seed + k, options=options)
        t = game.title
        bots = [make_bot(bot, seed=(seed + k) * 8 + s) for s in range(players)]
        count = 0
        while not game.is_over:
            seat = game.to_act[0]
            game.apply(bots[seat].choose(game, seat), seat)
            count += 1
            searched = title != "lost_atlas" or game.state.round != "map"
            if searched and count % every == 0 and not game.is_over:
                kept.append(t.copy_state(game.state))
    assert t is not None
    return t, kept


def measure(t: Title[Any, Any], states: list[Any], steps: int, seed: int,
            walk: int = 10) -> CloneFigures:
    """Run ``steps`` copy + legal + apply steps, ``walk`` from each of ``states`` in turn
    (see the module doc)."""
    rng = Rng(seed)
    clock = time.perf_counter
    copy_s = legal_s = apply_s = 0.0
    per_position = max(1, walk)
    done = 0
    index = 0
    cpu = time.process_time()
    while done < steps:
        start = states[index % len(states)]
        index += 1
        state = start
        for _ in range(min(per_position, steps - done)):
            if t.is_over(state):
                state = start
            t0 = clock()
            state = t.copy_state(state)
            t1 = clock()
            seat = t.to_act(state)[0]
            actions = t.legal_actions(state, seat)
            t2 = clock()
            t.apply(state, actions[rng.below(len(actions))], seat)
            t3 = clock()
            copy_s += t1 - t0
            legal_s += t2 - t1
            apply_s += t3 - t2
            done += 1
    cpu = time.process_time() - cpu
    return CloneFigures(done, copy_s, legal_s, apply_s, len(states), cpu)


def report(title: str, figures: CloneFigures, label: str, console: Console) -> bool:
    target = TARGETS[title]
    met = figures.per_second >= target
    met_cpu = figures.per_cpu_second >= target
    table = Table(title=f"{label}: copy + legal + apply, {figures.steps} steps "
                        f"from {figures.positions} positions")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("target", justify="right")
    table.add_column("")
    table.add_row("steps per second", f"{figures.per_second:,.0f}", f">= {target:,.0f}",
                  "[green]met[/green]" if met else "[red]missed[/red]")
    table.add_row("steps per processor second (whole loop)", f"{figures.per_cpu_second:,.0f}",
                  f">= {target:,.0f}", "[green]met[/green]" if met_cpu else "[red]missed[/red]")
    table.add_row("copy, per step", f"{figures.micros(figures.copy_s):.1f} µs", "", "")
    table.add_row("legal actions, per step", f"{figures.micros(figures.legal_s):.1f} µs", "", "")
    table.add_row("apply, per step", f"{figures.micros(figures.apply_s):.1f} µs", "", "")
    console.print(table)
    return met


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="boardroom bench TITLE clone",
        description="Time what a search needs per simulated step: copy, legal actions, apply.",
    )
    p.add_argument("title", choices=sorted(TARGETS), help="the title")
    p.add_argument("--games", type=int, default=8, help="games the positions come from (8)")
    p.add_argument("--every", type=int, default=10, help="keep every N-th position (10)")
    p.add_argument("--steps", type=int, default=20_000, help="steps to time (20000)")
    p.add_argument("--walk", type=int, default=10,
                   help="random steps from each position before the next one (10)")
    p.add_argument("--bot", default=None,
                   help="the bot that plays the games the positions come from "
                        "(Acquire random, Lost Atlas heuristic)")
    p.add_argument("--players", type=int, default=None,
                   help="players (Acquire 4, Lost Atlas 3)")
    p.add_argument("--mode", default=None,
                   help="mode: Acquire classic|tycoon (classic), Lost Atlas short|long... (short)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    return p


def main(argv: list[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if min(args.games, args.every, args.steps, args.walk) < 1:
        p.error("--games, --every, --steps and --walk must be at least 1")
    acquire = args.title == "acquire"
    players = args.players or (4 if acquire else 3)
    mode = args.mode or ("classic" if acquire else "short")
    console = Console()
    try:
        t, states = positions(args.title, args.games, args.every, args.seed, players,
                              {"mode": mode}, args.bot or ("random" if acquire else "heuristic"))
    except boardroom.BoardroomError as exc:
        console.print(f"[red]error:[/red] {exc}", highlight=False, markup=False)
        return 2
    if not states:
        console.print("no positions: play more games (--games) or keep more (--every)")
        return 2
    figures = measure(t, states, args.steps, args.seed, args.walk)
    report(args.title, figures, f"{t.display_name} ({mode}, {players} players)", console)
    return 0


if __name__ == "__main__":
    sys.exit(main())
