"""Plain, thread-safe counters the server keeps as it works, for ``GET /metrics``.

The parts that do the work (the store, the bot runner, the writer) count here without
knowing about Prometheus; :mod:`boardroom.server.metrics` reads these counts when it is
scraped. A count only ever grows.
"""

from __future__ import annotations

import threading
from collections import Counter


class Tally:
    """Named counts, each with optional labels; safe to bump from any thread.

    >>> tally = Tally()
    >>> tally.bump("refused", "core.not-your-decision")
    >>> tally.bump("refused", "core.not-your-decision")
    >>> tally.get("refused", "core.not-your-decision"), tally.get("refused", "other")
    (2, 0)
    >>> tally.by_label("refused")
    {'core.not-your-decision': 2}
    """

    def __init__(self) -> None:
        self._counts: Counter[tuple[str, str]] = Counter()
        self._lock = threading.Lock()

    def bump(self, name: str, label: str = "", by: int = 1) -> None:
        with self._lock:
            self._counts[name, label] += by

    def get(self, name: str, label: str = "") -> int:
        with self._lock:
            return self._counts[name, label]

    def by_label(self, name: str) -> dict[str, int]:
        with self._lock:
            return {label: n for (key, label), n in self._counts.items() if key == name}
