"""A linear stock track whose spaces keep their tokens in the order they arrived.

Rulebook (../shared/rules/001 "Token Movement on the Stock Track"): the first token to
enter a space is its top token; any token entering later — a launch, a merged
corporation, any price change — goes below those already there. A pay-out that keeps the
price moves the token to the bottom of its space. Companies operate in descending price,
and within a space from the top down. A price of 0 dissolves the company.

>>> track = StockTrack((0, 10, 60, 70, 80))
>>> track.enter("Expansive", 4); track.enter("Resourceful", 4); track.enter("Tunneling", 3)
>>> track.operating_order()
['Expansive', 'Resourceful', 'Tunneling']
>>> track.move("Expansive", -1)
3
>>> track.operating_order()
['Resourceful', 'Tunneling', 'Expansive']
"""

from __future__ import annotations


class StockTrack:
    """Token positions (indices into ``values``) and the order within each space."""

    __slots__ = ("positions", "spaces", "values")

    def __init__(self, values: tuple[int, ...]) -> None:
        self.values = values
        self.positions: dict[str, int] = {}
        self.spaces: dict[int, list[str]] = {}

    def copy(self) -> StockTrack:
        new = object.__new__(StockTrack)
        new.values = self.values
        new.positions = self.positions.copy()
        new.spaces = {i: s.copy() for i, s in self.spaces.items()}
        return new

    def index_of(self, value: int) -> int:
        return self.values.index(value)

    def price(self, company: str) -> int:
        return self.values[self.positions[company]]

    def enter(self, company: str, index: int) -> None:
        """Put a token on a space, below any already there."""
        if company in self.positions:
            raise ValueError(f"{company} is already on the stock track")
        self.positions[company] = index
        self.spaces.setdefault(index, []).append(company)

    def remove(self, company: str) -> None:
        index = self.positions.pop(company)
        self.spaces[index].remove(company)
        if not self.spaces[index]:
            del self.spaces[index]

    def move(self, company: str, steps: int) -> int:
        """Move ``steps`` spaces (negative: down), never past either end; the token goes
        below those in its new space. Returns the new index. Zero steps changes nothing."""
        if steps == 0:
            return self.positions[company]
        index = self.positions[company]
        target = max(0, min(len(self.values) - 1, index + steps))
        self.remove(company)
        self.enter(company, target)
        return target

    def to_bottom(self, company: str) -> None:
        """The token stays at its price but moves below every other token there."""
        index = self.positions[company]
        self.remove(company)
        self.enter(company, index)

    def at_zero(self, company: str) -> bool:
        return self.values[self.positions[company]] == 0

    def operating_order(self) -> list[str]:
        """Every company on the track: highest price first, top to bottom in a space."""
        order: list[str] = []
        for index in sorted(self.spaces, reverse=True):
            order.extend(self.spaces[index])
        return order

    def rank(self, company: str) -> tuple[int, int]:
        """A sort key: smaller acts earlier (for ties broken 'earliest in turn order')."""
        index = self.positions[company]
        return (-index, self.spaces[index].index(company))
