"""The workbench's benchmarks: simulation throughput, environment speed and the
two-arm Lost Atlas comparison.

::

    python -m boardroom.workbench.bench throughput            # games/s per worker and bot
    python -m boardroom.workbench.bench env                   # environment steps/s per title
    python -m boardroom.workbench.bench compare --workers 2   # 1,000 random Long games x 2 arms

``throughput`` plays ``--games`` games of each title with ``random`` and with the
title's strong bot (Acquire ``greedy``, Lost Atlas ``heuristic``) in one process, as
``boardroom simulate`` plays them (with the title's statistics tracked), and prints
games per second per worker. ``env`` steps the PettingZoo environment with uniformly
random legal actions (observation and mask built at every step, the seat's view in
``infos`` unless ``--no-views``) and prints steps per second; the target for Acquire is
3,000. ``compare`` runs ``boardroom simulate lost_atlas --games 1000 --compare
hostile_mergers=false,true`` and prints its wall time against the target of two minutes.
The machine's load changes these figures: run each twice and quote both.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import numpy as np

from boardroom.workbench.backends import run
from boardroom.workbench.plan import Arm, Plan, arms_from

STRONG = {"acquire": "greedy", "lost_atlas": "heuristic"}
TARGET_ENV_STEPS = {"acquire": 3000.0}
TARGET_COMPARE_S = 120.0


def throughput(titles: Sequence[str], games: int, players: int) -> list[str]:
    lines = []
    for title in titles:
        for bot in ("random", STRONG.get(title, "random")):
            plan = Plan(title, (bot,) * players, games, [Arm("base", {})])
            start = time.perf_counter()
            rows = run(plan)
            seconds = time.perf_counter() - start
            actions = sum(r["actions"] for r in rows) / len(rows)
            lines.append(f"{title:<11} {bot:<9} {games} games in {seconds:6.1f} s: "
                         f"{games / seconds:7.2f} games/s per worker "
                         f"({actions:.0f} actions a game)")
    return lines


def env_speed(titles: Sequence[str], steps: int, players: int, views: bool) -> list[str]:
    import boardroom.rl

    lines = []
    for title in titles:
        env = boardroom.rl.env(title, players=players, views=views)
        rng = np.random.default_rng(0)
        done = 0
        episode = 0
        start = time.perf_counter()
        while done < steps:
            env.reset(seed=episode)
            episode += 1
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
                done += 1
                if done >= steps:
                    break
        seconds = time.perf_counter() - start
        rate = done / seconds
        target = TARGET_ENV_STEPS.get(title)
        verdict = (f"   target {target:,.0f}: {'met' if rate >= target else 'MISSED'}"
                   if target else "")
        lines.append(f"{title:<11} {done} steps ({episode} episodes) in {seconds:5.1f} s: "
                     f"{rate:8.0f} steps/s{' (views in infos)' if views else ''}{verdict}")
    return lines


def compare(games: int, workers: int) -> list[str]:
    plan = Plan("lost_atlas", ("random",) * 4, games,
                arms_from({"mode": "long"}, [("hostile_mergers", [False, True])]))
    start = time.perf_counter()
    rows = run(plan, workers=workers)
    seconds = time.perf_counter() - start
    verdict = "met" if seconds < TARGET_COMPARE_S else "MISSED"
    return [f"lost_atlas: {len(rows)} random Long games ({games} x 2 arms), {workers} "
            f"worker(s): {seconds:.1f} s, {len(rows) / seconds:.2f} games/s   "
            f"target under {TARGET_COMPARE_S:.0f} s: {verdict}"]


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m boardroom.workbench.bench",
                                description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="what", required=True)
    t = sub.add_parser("throughput", help="simulation games/s per worker")
    t.add_argument("--games", type=int, default=20)
    t.add_argument("--players", type=int, default=4)
    t.add_argument("--titles", default="acquire,lost_atlas")
    e = sub.add_parser("env", help="environment steps/s")
    e.add_argument("--steps", type=int, default=5000)
    e.add_argument("--players", type=int, default=4)
    e.add_argument("--titles", default="acquire,lost_atlas")
    e.add_argument("--no-views", action="store_true", help="leave the views out of infos")
    c = sub.add_parser("compare", help="the 1,000-game two-arm Lost Atlas comparison")
    c.add_argument("--games", type=int, default=1000)
    c.add_argument("--workers", type=int, default=2)
    args = p.parse_args(argv)
    if args.what == "throughput":
        lines = throughput(args.titles.split(","), args.games, args.players)
    elif args.what == "env":
        lines = env_speed(args.titles.split(","), args.steps, args.players, not args.no_views)
    else:
        lines = compare(args.games, args.workers)
    for line in lines:
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
