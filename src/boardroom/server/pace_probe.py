"""``boardroom bench server pace``: what running cold costs on this machine.

``bench server`` measures the server's CPU per action at a pace (by default each of 100
games acts every second, about 90 actions a second: one every 11 ms). At that pace the
server is idle between actions, and each action starts with the processor's caches, and
a virtual machine's processor, cold. This probe times the same engine work, two seats'
views of an Acquire position and the asked seat's legal actions with their labels (what
a live picture computes), by the calling thread's CPU clock: back to back, and after each
of a series of pauses. No server runs; the ratio between the rows is the machine's, and
it multiplies every part of a paced action alike (see docs/server.md, "Running cold").

>>> rows = probe(calls=5, pauses_ms=(0.0, 1.0))
>>> [pause for pause, _ in rows], all(us > 0 for _, us in rows)
([0.0, 1.0], True)
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.table import Table

DEFAULT_PAUSES_MS = (0.0, 1.0, 11.0, 50.0)
"""Back to back; 1 ms apart; 11 ms apart (the paced bench's mean gap); 50 ms apart."""


def picture_work(seed: int = 3) -> Callable[[], None]:
    """The work timed: two seats' views and the asked seat's labelled legal actions, on
    an Acquire game a few actions in (it reads the game and changes nothing)."""
    import boardroom

    game = boardroom.new_game("acquire", ["Ann", "Bob"], seed=seed)
    for _ in range(6):
        game.apply(game.legal_actions()[0])

    def work() -> None:
        seat = game.to_act[0]
        game.view(seat)
        game.view(1 - seat)
        [(str(a), game.label(a, seat)) for a in game.legal_actions(seat)]

    return work


def per_call_us(work: Callable[[], None], calls: int, pause_s: float) -> float:
    """Mean CPU microseconds of ``work`` (this thread's clock), with ``pause_s`` of
    sleep before each call."""
    total = 0
    for _ in range(calls):
        if pause_s:
            time.sleep(pause_s)
        began = time.thread_time_ns()
        work()
        total += time.thread_time_ns() - began
    return total / calls / 1000


def probe(calls: int = 300, pauses_ms: Sequence[float] = DEFAULT_PAUSES_MS,
          hot_calls: int | None = None, seed: int = 3) -> list[tuple[float, float]]:
    """``(pause in ms, CPU us per call)`` for each pause, after a warm-up; back to back
    takes ``hot_calls`` calls (default ten times ``calls``, it is quick)."""
    work = picture_work(seed)
    per_call_us(work, max(1, calls // 10), 0.0)  # warm-up: imports, caches of the engine
    rows = []
    for pause in pauses_ms:
        n = (hot_calls or calls * 10) if pause == 0 else calls
        rows.append((pause, per_call_us(work, n, pause / 1000)))
    return rows


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="boardroom bench server pace",
        description="The same engine work's CPU time back to back and after pauses: what "
                    "a paced server's idle gaps cost each action on this machine.")
    p.add_argument("--calls", type=int, default=300,
                   help="calls per pause (default 300; back to back: ten times as many)")
    p.add_argument("--pauses", default=",".join(f"{x:g}" for x in DEFAULT_PAUSES_MS),
                   help="pauses before each call, in ms, comma-separated "
                        "(default 0,1,11,50)")
    p.add_argument("--seed", type=int, default=3, help="the Acquire game's seed (default 3)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        pauses = [float(x) for x in args.pauses.split(",") if x.strip()]
    except ValueError:
        parser().error(f"--pauses takes numbers of ms, not {args.pauses!r}")
    if args.calls < 1 or not pauses or any(x < 0 for x in pauses):
        parser().error("--calls must be at least 1 and --pauses non-negative numbers")
    rows = probe(args.calls, pauses, seed=args.seed)
    hot = next((us for pause, us in rows if pause == 0), rows[0][1])
    table = Table(title="The same work's CPU time by the pause before it (two Acquire "
                        "views and the asked seat's labelled legal actions)")
    table.add_column("pause before each call", justify="right")
    table.add_column("CPU per call", justify="right")
    table.add_column("against back to back", justify="right")
    for pause, us in rows:
        table.add_row(f"{pause:g} ms", f"{us:.1f} us", f"{us / hot:.1f}x")
    console = Console()
    console.print(table)
    console.print("CPU time of this thread (CLOCK_THREAD_CPUTIME_ID) inside each call; "
                  "the pause itself is not counted.")
    return 0
