"""The stockholder info card: chains, their price tiers, share prices and bonuses.

Source: ../shared/rules/003 "The stockholder info card". Three tiers of chains share one
price ladder shifted by $100 a tier. Classic bonuses are 10x and 5x the price; Tycoon
bonuses are read from the card's three bonus columns.

>>> price(0, 2), price(1, 2), price(2, 41)
(200, 300, 1200)
>>> bonuses("classic", 700)
(7000, 3500, 0)
>>> bonuses("tycoon", 700)
(7000, 5000, 3500)
"""

from __future__ import annotations

from typing import Literal

Mode = Literal["classic", "tycoon"]

CHAINS: tuple[str, ...] = (
    "Tower", "Luxor", "American", "Worldwide", "Festival", "Imperial", "Continental",
)
"""The seven hotel chains, cheapest tier first."""

TIER: tuple[int, ...] = (0, 0, 1, 1, 1, 2, 2)
"""Price tier of each chain: 0 cheap (Tower, Luxor), 1 middle, 2 expensive."""

SHARES_PER_CHAIN = 25
SAFE_SIZE = 11
END_SIZE = 41
STARTING_CASH = 6000
HAND_SIZE = 6
MAX_BUY = 3

# Size brackets of the cheapest tier's column: (smallest size, price level in $100).
_BRACKETS: tuple[tuple[int, int], ...] = (
    (41, 10), (31, 9), (21, 8), (11, 7), (6, 6), (5, 5), (4, 4), (3, 3), (2, 2),
)

# Tycoon bonuses by price level 2..12 ($200..$1,200): (primary, secondary, tertiary).
_TYCOON: dict[int, tuple[int, int, int]] = {
    2: (2000, 1500, 1000),
    3: (3000, 2200, 1500),
    4: (4000, 3000, 2000),
    5: (5000, 3700, 2500),
    6: (6000, 4200, 3000),
    7: (7000, 5000, 3500),
    8: (8000, 5700, 4000),
    9: (9000, 6200, 4500),
    10: (10000, 7000, 5000),
    11: (11000, 7700, 5500),
    12: (12000, 8200, 6000),
}


def chain_index(name: str) -> int | None:
    """The chain called ``name`` (any case, or a unique prefix such as "Wor"), or None."""
    text = name.strip().lower()
    if not text:
        return None
    matches = [i for i, c in enumerate(CHAINS) if c.lower().startswith(text)]
    exact = [i for i, c in enumerate(CHAINS) if c.lower() == text]
    if exact:
        return exact[0]
    return matches[0] if len(matches) == 1 else None


def price(tier: int, size: int) -> int:
    """Share price of a chain of ``tier`` with ``size`` tiles (0 if it is not on the board)."""
    if size < 2:
        return 0
    for smallest, level in _BRACKETS:
        if size >= smallest:
            return (level + tier) * 100
    raise AssertionError("unreachable")


_MAX_SIZE = 108
_CHAIN_PRICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(price(tier, size) for size in range(_MAX_SIZE + 1)) for tier in TIER
)
"""``price`` for every chain and size, looked up rather than recomputed (the bots and the
search ask for prices many thousands of times a decision)."""


def chain_price(chain: int, size: int) -> int:
    """Share price of ``chain`` at ``size`` tiles (the card's table, precomputed).

    >>> chain_price(0, 2), chain_price(6, 41)
    (200, 1200)
    """
    return _CHAIN_PRICES[chain][size]


def bonuses(mode: Mode, share_price: int) -> tuple[int, int, int]:
    """(primary, secondary, tertiary) for a chain at ``share_price``; tertiary 0 in Classic."""
    if mode == "classic":
        return (10 * share_price, 5 * share_price, 0)
    return _TYCOON[share_price // 100]

TILE_BANK_DRAW_SIDES = 12
"""The numbers 1-12 on the tiles, read by the two-player bank when no tile is left."""
