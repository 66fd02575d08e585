"""A small deterministic random generator, the only source of chance in a game.

Python's :mod:`random` is deterministic too, but its algorithms are an implementation
detail of CPython. A game record must give the same game on any machine and any Python,
so the generator is written out here: SplitMix64, with rejection sampling for ranges.

>>> rng = Rng(7)
>>> [rng.below(6) for _ in range(5)]
[3, 0, 0, 3, 4]
>>> Rng(7).below(6) == Rng(7).below(6)
True
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64. Its whole state is one int, so copying it is free."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in ``range(n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        return Rng(self.state)
