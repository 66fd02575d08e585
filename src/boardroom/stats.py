"""Small statistics shared by the benchmark commands."""

from __future__ import annotations

from collections.abc import Sequence


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1), interpolating linearly between the closest ranks.

    >>> percentile([3.0, 1.0, 2.0, 5.0, 4.0], 0.9)
    4.6
    >>> percentile([7.0], 0.9)
    7.0
    """
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)
