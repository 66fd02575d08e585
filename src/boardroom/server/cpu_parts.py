"""CPU time by part of the server, for profiling: ``BOARDROOM_CPU_PARTS=1 boardroom serve``.

Off by default. When the variable is set, :func:`install` wraps a few functions of the
server so that each adds the CPU time its thread spent inside it (``time.thread_time``;
a call made inside another wrapped call counts for the outer one), and ``/metrics``
gains two series:

* ``boardroom_cpu_part_seconds_total{part}`` and ``boardroom_cpu_part_calls_total{part}``;
* ``boardroom_thread_cpu_seconds_total{thread}``: user + system time of the process's
  threads by name (``/proc/self/task``; Linux), the threads that ended included.

``boardroom bench server --cpu-parts`` sets the variable for the servers it starts and
prints, for the timed play, the milliseconds of CPU per action of each part and thread
and what is left (uvicorn, Starlette/FastAPI, pydantic, asyncio, thread hand-offs, the
collector). This is how docs/server.md's profile of issue 30 was taken. Wrapping costs
about a microsecond a call; nothing of it runs unless the variable is set.
"""

from __future__ import annotations

import functools
import os
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from prometheus_client.core import CounterMetricFamily, Metric
from prometheus_client.registry import Collector

ENV = "BOARDROOM_CPU_PARTS"

PARTS = {
    "writer": "the writer: SQLAlchemy, sqlite3 and the commit of a batch",
    "act": "an action: parse, check, apply, the log, queueing the write",
    "picture": "live pictures: snapshot_of and the actions (view, legal, log)",
    "encode": "encoding live messages",
    "snapshot": "GET a game: its snapshot",
}

_totals: dict[str, float] = dict.fromkeys(PARTS, 0.0)
_calls: dict[str, int] = dict.fromkeys(PARTS, 0)
_lock = threading.Lock()
_inside = threading.local()
_installed = False


def enabled() -> bool:
    return os.environ.get(ENV, "") not in ("", "0")


def timed(part: str, inner: Callable[..., Any]) -> Callable[..., Any]:
    """``inner``, adding its thread's CPU time to ``part``."""

    @functools.wraps(inner)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if getattr(_inside, "part", None) is not None:
            return inner(*args, **kwargs)
        _inside.part = part
        start = time.thread_time()
        try:
            return inner(*args, **kwargs)
        finally:
            spent = time.thread_time() - start
            _inside.part = None
            with _lock:
                _totals[part] += spent
                _calls[part] += 1

    return wrapper


def install() -> None:
    """Wrap the parts (once per process)."""
    global _installed
    if _installed:
        return
    _installed = True
    from boardroom.server import commits, live_feed, store

    commits.GroupCommit._batch = timed("writer", commits.GroupCommit._batch)  # type: ignore[method-assign]
    commits.GroupCommit._driver_batch = timed("writer", commits.GroupCommit._driver_batch)  # type: ignore[method-assign]
    commits.Transactions.run = timed("writer", commits.Transactions.run)  # type: ignore[method-assign]
    store.GameStore.act = timed("act", store.GameStore.act)  # type: ignore[method-assign]
    store.GameStore.begin = timed("act", store.GameStore.begin)  # type: ignore[method-assign]
    store.GameStore.snapshot = timed("snapshot", store.GameStore.snapshot)  # type: ignore[method-assign]
    live_feed.live_body = timed("picture", live_feed.live_body)
    live_feed.live_text = timed("encode", live_feed.live_text)
    _watch_threads()


_ended: dict[str, float] = {}


def _thread_name(thread: threading.Thread) -> str:
    return thread.name.split("_")[0].split(" (")[0].rstrip("-0123456789 ") or "thread"


def _thread_seconds() -> dict[str, float]:
    with _lock:
        by_name = dict(_ended)
    tick = os.sysconf("SC_CLK_TCK")
    for thread in threading.enumerate():
        try:
            with open(f"/proc/self/task/{thread.native_id}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except (OSError, TypeError):
            continue
        name = _thread_name(thread)
        by_name[name] = by_name.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / tick
    return by_name


def _watch_threads() -> None:
    """Keep the CPU of threads that end (anyio retires idle worker threads)."""
    inner = threading.Thread._bootstrap_inner  # type: ignore[attr-defined]

    def bootstrap(self: threading.Thread) -> None:
        try:
            inner(self)
        finally:
            try:
                with open(f"/proc/self/task/{threading.get_native_id()}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                fields = []
            if fields:
                spent = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
                with _lock:
                    name = _thread_name(self)
                    _ended[name] = _ended.get(name, 0.0) + spent

    threading.Thread._bootstrap_inner = bootstrap  # type: ignore[attr-defined]


class PartsCollector(Collector):
    """The two series above, read at each scrape."""

    def collect(self) -> Iterator[Metric]:
        with _lock:
            totals, calls = dict(_totals), dict(_calls)
        seconds = CounterMetricFamily("boardroom_cpu_part_seconds",
                                      "Thread CPU seconds spent in a part of the server.",
                                      labels=["part"])
        count = CounterMetricFamily("boardroom_cpu_part_calls", "Calls of a part.",
                                    labels=["part"])
        for part in PARTS:
            seconds.add_metric([part], totals[part])
            count.add_metric([part], calls[part])
        yield seconds
        yield count
        threads = CounterMetricFamily("boardroom_thread_cpu_seconds",
                                      "User + system CPU seconds of the threads, by name.",
                                      labels=["thread"])
        for name, value in sorted(_thread_seconds().items()):
            threads.add_metric([name], value)
        yield threads
