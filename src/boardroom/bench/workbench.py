"""The workbench's benchmarks: simulation throughput, environment speed and the
two-arm Lost Atlas comparison.

::

    boardroom bench acquire simulate             # games/s per worker, random and greedy bots
    boardroom bench lost_atlas simulate          # the same, random and heuristic bots
    boardroom bench acquire env                  # PettingZoo environment steps/s (target 3,000)
    boardroom bench lost_atlas env
    boardroom bench lost_atlas compare           # 1,000 random Long games x 2 arms, 2 workers

``simulate`` plays ``--games`` games with ``random`` and with the title's strong bot
(Acquire ``greedy``, Lost Atlas ``heuristic``) in one process, as ``boardroom simulate``
plays them (the title's statistics tracked), and prints games per second per worker.
``env`` steps the PettingZoo environment with uniformly random legal actions
(observation and mask built at every step; the seat's view in ``infos`` unless
``--no-views``) and prints steps per second. ``compare`` plays what ``boardroom simulate
lost_atlas --games 1000 --compare hostile_mergers=false,true --workers 2`` plays and
prints its wall time against the two-minute target. The machine's load changes these
figures: run each twice and quote both.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import numpy as np

from boardroom.workbench.backends import run
from boardroom.workbench.plan import Arm, Plan, arms_from

STRONG = {"acquire": "greedy", "lost_atlas": "heuristic", "congress": "congress"}
TARGET_ENV_STEPS = {"acquire": 3000.0}
TARGET_COMPARE_S = 120.0


def simulate(title: str, games: int, players: int, seed: int) -> list[str]:
    lines = []
    for bot in ("random", STRONG.get(title, "random")):
        plan = Plan(title, (bot,) * players, games, [Arm("base", {})], seed=seed)
        start = time.perf_counter()
        rows = run(plan)
        seconds = time.perf_counter() - start
        actions = sum(r["actions"] for r in rows) / len(rows)
        lines.append(f"{title} {bot}: {games} games in {seconds:.1f} s: "
                     f"{games / seconds:.2f} games/s per worker ({actions:.0f} actions a game)")
    return lines


def env_speed(title: str, steps: int, players: int, views: bool, seed: int) -> list[str]:
    import boardroom.rl

    env = boardroom.rl.env(title, players=players, views=views)
    rng = np.random.default_rng(seed)
    done = episodes = 0
    start = time.perf_counter()
    while done < steps:
        env.reset(seed=seed + episodes)
        episodes += 1
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
    verdict = (f"; target {target:,.0f}: {'met' if rate >= target else 'MISSED'}"
               if target else "")
    return [f"{title} env: {done} steps ({episodes} episodes) in {seconds:.1f} s: "
            f"{rate:.0f} steps/s{' with views in infos' if views else ''}{verdict}"]


def compare(games: int, workers: int, seed: int) -> list[str]:
    plan = Plan("lost_atlas", ("random",) * 4, games,
                arms_from({"mode": "long"}, [("hostile_mergers", [False, True])]), seed=seed)
    start = time.perf_counter()
    rows = run(plan, workers=workers)
    seconds = time.perf_counter() - start
    verdict = "met" if seconds < TARGET_COMPARE_S else "MISSED"
    return [f"lost_atlas compare: {len(rows)} random Long games ({games} x 2 arms), "
            f"{workers} worker(s): {seconds:.1f} s, {len(rows) / seconds:.2f} games/s; "
            f"target under {TARGET_COMPARE_S:.0f} s: {verdict}"]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="boardroom bench", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="what", required=True)
    s = sub.add_parser("simulate", prog="boardroom bench TITLE simulate",
                       help="simulation games/s per worker")
    s.add_argument("title")
    s.add_argument("--games", type=int, default=20, help="games per bot (20)")
    s.add_argument("--players", type=int, default=4)
    s.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    e = sub.add_parser("env", prog="boardroom bench TITLE env", help="environment steps/s")
    e.add_argument("title")
    e.add_argument("--steps", type=int, default=5000, help="steps to time (5000)")
    e.add_argument("--players", type=int, default=4)
    e.add_argument("--no-views", action="store_true", help="leave the views out of infos")
    e.add_argument("--seed", type=int, default=0, help="seed of the first episode (0)")
    c = sub.add_parser("compare", prog="boardroom bench lost_atlas compare",
                       help="the 1,000-game two-arm Lost Atlas comparison")
    c.add_argument("--games", type=int, default=1000, help="games per arm (1000)")
    c.add_argument("--workers", type=int, default=2, help="worker processes (2)")
    c.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(list(sys.argv[1:] if argv is None else argv))
    for name in ("games", "steps", "players", "workers"):
        if getattr(args, name, 1) < 1:
            p.error(f"--{name} must be at least 1")
    if args.what == "simulate":
        lines = simulate(args.title, args.games, args.players, args.seed)
    elif args.what == "env":
        lines = env_speed(args.title, args.steps, args.players, not args.no_views, args.seed)
    else:
        lines = compare(args.games, args.workers, args.seed)
    for line in lines:
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
