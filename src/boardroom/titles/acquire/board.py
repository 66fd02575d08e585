"""The 12 x 9 Acquire board and its 108 tiles, as precomputed tables.

A tile is an int ``0..107``: ``row * 12 + column`` with rows A-I and columns 1-12.

>>> tile_name(0), tile_name(107), parse_tile("5D")
('1A', '12I', 40)
>>> sorted(tile_name(n) for n in NEIGHBOURS[parse_tile("1A")])
['1B', '2A']
"""

from __future__ import annotations

COLUMNS = 12
ROWS = 9
TILE_COUNT = COLUMNS * ROWS
ROW_LETTERS = "ABCDEFGHI"

NAMES: tuple[str, ...] = tuple(
    f"{index % COLUMNS + 1}{ROW_LETTERS[index // COLUMNS]}" for index in range(TILE_COUNT)
)
_BY_NAME = {name: index for index, name in enumerate(NAMES)}


def _neighbours(index: int) -> tuple[int, ...]:
    row, col = divmod(index, COLUMNS)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        r, c = row + dr, col + dc
        if 0 <= r < ROWS and 0 <= c < COLUMNS:
            out.append(r * COLUMNS + c)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(TILE_COUNT))


def tile_name(index: int) -> str:
    return NAMES[index]


def parse_tile(text: str) -> int | None:
    """The tile called ``text`` ("5D", "12i"), or None."""
    return _BY_NAME.get(text.strip().upper())


def column(index: int) -> int:
    """The tile's number, 1-12 (what the two-player bank reads as its share count)."""
    return index % COLUMNS + 1


def distance_key(index: int) -> tuple[int, int]:
    """Closeness to 1A for the opening draw: the number first, then the letter."""
    row, col = divmod(index, COLUMNS)
    return (col, row)
