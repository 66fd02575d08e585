"""The cyclic garbage collector's settings for a long-running server (issue 30's tail).

A full collection walks every object the collector tracks and holds the GIL while it
does: with 1,000 games and their 2,000 live sockets a server tracks about 400,000 objects
(each socket's coroutines, tasks, closures and queues, each cached game), and a full
collection of them took 350-480 ms (measured under ``boardroom bench server --games 1000
--think 5 --transport socket``, docs/server.md). Every action in flight waits that long,
so one full collection in a run set its p99 (237-324 ms against a target of 100 ms).

CPython starts a full collection once the objects promoted into the oldest generation
since the last one reach a quarter of it, and with the default thresholds (700, 10, 10)
a young collection runs every 700 net allocations, so the objects of the actions in
flight at that instant (alive for a few milliseconds) are promoted again and again and
fill that quarter within seconds. A young generation of 50,000 objects (a collection of
it costs about 2.3 ms of CPU when all are alive, measured alone) lets those short-lived
objects die by reference counting first, so almost only lasting objects are promoted and
full collections become rare; the middle generation waits for 50 young collections.
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 50, 10)
"""The young, middle and old generations' thresholds (CPython's default: 700, 10, 10)."""


def settle_start_up() -> None:
    """Freeze what start-up made (the imported modules, the app: about 105,000 objects,
    alive as long as the process, so no full collection need walk them; issue 10) and
    set the generations' thresholds above."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
