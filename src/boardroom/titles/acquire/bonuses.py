"""Who is paid what when a chain is acquired or the game ends: the bonus tie table.

Source: ../shared/rules/003 "Paying the bonuses". Holders are ranked by shares held; the
table's rows are implemented as the branches below, each named after its row. Split
amounts are rounded up to the next $100.

>>> pay_bonuses("classic", 600, {"Ann": 5, "Bob": 3})
{'Ann': 6000, 'Bob': 3000}
>>> pay_bonuses("classic", 600, {"Ann": 5, "Bob": 5})
{'Ann': 4500, 'Bob': 4500}
>>> pay_bonuses("tycoon", 600, {"Ann": 5})
{'Ann': 9000}
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TypeVar

from boardroom.titles.acquire.stockcard import Mode, bonuses

H = TypeVar("H", bound=Hashable)


def split(amount: int, ways: int) -> int:
    """Each tied holder's part of ``amount``, rounded up to the next $100.

    >>> split(3000, 2), split(4500, 2), split(6300, 4)
    (1500, 2300, 1600)
    """
    share = -(-amount // ways)
    return -(-share // 100) * 100


def _levels(holdings: Mapping[H, int]) -> list[list[H]]:
    """Holders with shares, grouped by count, most first (insertion order kept in a group)."""
    by_count: dict[int, list[H]] = {}
    for holder, count in holdings.items():
        if count > 0:
            by_count.setdefault(count, []).append(holder)
    return [by_count[c] for c in sorted(by_count, reverse=True)]


def pay_bonuses(mode: Mode, share_price: int, holdings: Mapping[H, int]) -> dict[H, int]:
    """The bonus each holder receives; holders paid nothing are left out."""
    primary, secondary, tertiary = bonuses(mode, share_price)
    levels = _levels(holdings)
    paid: dict[H, int] = {}

    def give(group: list[H], amount: int) -> None:
        part = split(amount, len(group)) if len(group) > 1 else amount
        for holder in group:
            paid[holder] = paid.get(holder, 0) + part

    if not levels:
        return paid
    first = levels[0]
    second = levels[1] if len(levels) > 1 else None
    third = levels[2] if len(levels) > 2 else None
    if mode == "classic":
        if second is None or len(first) > 1:
            # rows: only one stockholder; tie for primary; 3 or more tied for primary
            give(first, primary + secondary)
        else:
            give(first, primary)
            assert second is not None
            give(second, secondary)  # row: tie for secondary (split)
        return paid
    # Tycoon
    if len(first) == 1 and second is None:  # row: only one stockholder
        give(first, primary + tertiary)
    elif len(first) >= 3:  # row: 3 or more tied for primary
        give(first, primary + secondary + tertiary)
    elif len(first) == 2:  # row: tie for primary; the next player gets the tertiary
        give(first, primary + secondary)
        if second is not None:
            give(second, tertiary)  # row: tie for tertiary (split)
    else:
        give(first, primary)
        assert second is not None
        if len(second) > 1:  # row: tie for secondary; nobody gets the tertiary
            give(second, secondary + tertiary)
        else:
            give(second, secondary)
            if third is not None:  # row: only two stockholders -> no tertiary
                give(third, tertiary)  # row: tie for tertiary (split)
    return paid
