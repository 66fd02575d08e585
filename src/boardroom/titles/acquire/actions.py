"""Acquire's actions and their notation.

=================  ==========================================================
notation           meaning
=================  ==========================================================
``5D``             place tile 5D
``found Tower``    name the chain the tile just placed founds
``survivor Tower`` choose the survivor of a merger whose largest chains tie
``next Luxor``     choose which of equally large acquired chains is handled next
``keep``           keep all acquired stock
``sell 3 trade 4`` sell 3 acquired shares, trade 4 of them for 2 of the survivor
``buy Tower Tower Luxor``  buy these shares (at most three)
``pass``           buy nothing this turn
``end``            declare the game over
=================  ==========================================================

Chain names may be shortened to a unique prefix when typed ("buy tow tow lux").

>>> parse("sell 3 trade 4")
Dispose(sell=3, trade=4)
>>> str(parse("buy lux tow tow"))
'buy Tower Tower Luxor'
>>> all(str(parse(t)) == t for t in ["5D", "found Tower", "keep", "pass", "end"])
True
"""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.core.errors import NotationError
from boardroom.core.title import Action
from boardroom.titles.acquire.board import parse_tile, tile_name
from boardroom.titles.acquire.stockcard import CHAINS, chain_index


@dataclass(frozen=True, slots=True)
class Place(Action):
    tile: int

    def __str__(self) -> str:
        return tile_name(self.tile)


@dataclass(frozen=True, slots=True)
class Found(Action):
    chain: int

    def __str__(self) -> str:
        return f"found {CHAINS[self.chain]}"


@dataclass(frozen=True, slots=True)
class Survivor(Action):
    chain: int

    def __str__(self) -> str:
        return f"survivor {CHAINS[self.chain]}"


@dataclass(frozen=True, slots=True)
class NextAcquired(Action):
    chain: int

    def __str__(self) -> str:
        return f"next {CHAINS[self.chain]}"


@dataclass(frozen=True, slots=True)
class Dispose(Action):
    """What a holder does with acquired stock; whatever is not sold or traded is kept."""

    sell: int
    trade: int

    def __str__(self) -> str:
        parts = []
        if self.sell:
            parts.append(f"sell {self.sell}")
        if self.trade:
            parts.append(f"trade {self.trade}")
        return " ".join(parts) or "keep"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Shares bought this turn, as chain indices in ascending order (empty: pass)."""

    chains: tuple[int, ...]

    def __str__(self) -> str:
        if not self.chains:
            return "pass"
        return "buy " + " ".join(CHAINS[c] for c in self.chains)


@dataclass(frozen=True, slots=True)
class End(Action):
    def __str__(self) -> str:
        return "end"


AcquireAction = Place | Found | Survivor | NextAcquired | Dispose | Buy | End


def _chain(word: str, text: str) -> int:
    chain = chain_index(word)
    if chain is None:
        raise NotationError(f"{text!r}: {word!r} is not a chain ({', '.join(CHAINS)})")
    return chain


def _count(word: str, text: str) -> int:
    if not (word.isascii() and word.isdigit()):  # "²".isdigit() is true, int("²") fails
        raise NotationError(f"{text!r}: {word!r} is not a number")
    return int(word)


def parse(text: str) -> AcquireAction:
    """Read an Acquire action's notation (case does not matter)."""
    words = text.strip().split()
    if not words:
        raise NotationError("empty action")
    head = words[0].lower()
    rest = words[1:]
    if len(words) == 1:
        tile = parse_tile(words[0])
        if tile is not None:
            return Place(tile)
    if head in ("found", "survivor", "next") and len(rest) == 1:
        chain = _chain(rest[0], text)
        if head == "found":
            return Found(chain)
        return Survivor(chain) if head == "survivor" else NextAcquired(chain)
    if head == "keep" and not rest:
        return Dispose(0, 0)
    if head in ("sell", "trade"):
        sell = trade = 0
        if len(words) % 2:
            raise NotationError(f"{text!r}: expected 'sell N', 'trade N' or both")
        seen = set()
        for verb, number in zip(words[::2], words[1::2], strict=True):
            verb = verb.lower()
            if verb not in ("sell", "trade") or verb in seen:
                raise NotationError(f"{text!r}: expected 'sell N', 'trade N' or both")
            seen.add(verb)
            if verb == "sell":
                sell = _count(number, text)
            else:
                trade = _count(number, text)
        return Dispose(sell, trade)
    if head in ("buy", "pass"):
        if head == "pass" and rest:
            raise NotationError(f"{text!r}: 'pass' takes nothing after it")
        return Buy(tuple(sorted(_chain(w, text) for w in rest)))
    if head == "end" and not rest:
        return End()
    raise NotationError(f"{text!r} is not an Acquire action")
