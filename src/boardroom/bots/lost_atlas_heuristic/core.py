"""The heuristic bot's shared reckoning: its caches, the best of scored actions (ties
broken by its rng), a company's revenue and what a share of it returns, and the price a
share is heading to. The play of each round builds on it (:mod:`.stock`,
:mod:`.operating`, :mod:`.trains`, :mod:`.merger`)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from boardroom.bots.base import Bot
from boardroom.bots.lost_atlas_heuristic.knobs import (
    OTHERS_PAY_OUT,
)
from boardroom.bots.lost_atlas_heuristic.public import Public
from boardroom.bots.lost_atlas_heuristic.revenue import board_key, revenue
from boardroom.core.rng import Rng
from boardroom.core.title import Action
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board.hubs import PlaceSuburb


class BotCore(Bot):
    """The reckoning every round's play shares (see the module doc)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self._revenue_cache: dict[tuple[object, ...], int] = {}
        self._cache_board: tuple[object, ...] | None = None
        self._congress: Bot | None = None

    def _best(self, scored: Iterable[tuple[float, Action]]) -> tuple[float, Action | None]:
        """The highest score and its action, equal scores broken by the rng."""
        items = list(scored)
        if not items:
            return -math.inf, None
        top = max(s for s, _ in items)
        best = [a for s, a in items if s >= top - 1e-9]
        return top, best[self.rng.below(len(best))]

    # -- revenue with a cache -------------------------------------------------------------
    def _revenue(self, pub: Public, company: str, stops: Sequence[int | None],
                 abilities: frozenset[str] | None = None) -> int:
        """Revenue on the public board, cached while the board is unchanged."""
        abil = pub.corps[company].abilities if abilities is None else abilities
        key = board_key(pub.board)
        if key != self._cache_board:
            self._cache_board = key
            self._revenue_cache = {}
        ckey = (company, tuple(sorted(stops, key=lambda s: -1 if s is None else s)), abil,
                pub.phase)
        found = self._revenue_cache.get(ckey)
        if found is None:
            found = revenue(pub, pub.board, company, stops, abil)
            self._revenue_cache[ckey] = found
        return found

    def _stops(self, pub: Public, trains: Iterable[str]) -> list[int | None]:
        return [pub.stops_of(t) for t in trains]

    # -- company outlook ------------------------------------------------------------------
    def _or_revenues(self, pub: Public, company: str) -> tuple[int, int]:
        """Expected revenue of ``company`` in the next two Operating Rounds."""
        corp = pub.corps[company]
        lives = {t: pub.life(t) for t in set(corp.trains)}
        first = list(corp.trains) + list(corp.rusted)
        second = [t for t in corp.trains if lives[t] > 1.0]
        r1 = self._revenue(pub, company, self._stops(pub, first)) if first else 0
        if not second:
            bought = self._best_affordable(pub, pub.treasury(company) + r1)
            second = [bought] if bought is not None else []
        r2 = self._revenue(pub, company, self._stops(pub, second)) if second else 0
        return r1, r2

    def _best_affordable(self, pub: Public, cash: int) -> str | None:
        """The longest train of the stack or the pool that ``cash`` pays for."""
        options = [t for t in pub.stack_choices() + list(pub.pool) if pub.train_price(t) <= cash]
        if not options:
            return None
        return max(options, key=lambda t: (pub.stops_of(t) or 99, -pub.train_price(t)))

    def _price_path(self, pub: Public, price: int, revenues: Sequence[int],
                    paid: bool) -> int:
        """The price after Operating Rounds with these revenues, paid out or withheld."""
        values = pub.stock.values
        index = values.index(price)
        for rev in revenues:
            current = values[index]
            if rev <= 0 or not paid:
                step = -1
            elif rev >= 2 * current:
                step = 2
            elif rev >= current:
                step = 1
            else:
                step = 0
            index = max(0, min(len(values) - 1, index + step))
        return values[index]

    def _share_return(self, pub: Public, seat: int, company: str) -> float:
        """Expected gain of holding one share over the next two Operating Rounds."""
        corp = pub.corps[company]
        price = pub.price(company)
        revs = self._or_revenues(pub, company)
        percent = corp.shares.share_percent
        p_pay = 1.0 if corp.shares.president == seat else OTHERS_PAY_OUT
        dividends = sum(r * percent // 100 for r in revs)
        paid = dividends + self._price_path(pub, price, revs, True) - price
        kept = self._price_path(pub, price, revs, False) - price
        return p_pay * paid + (1 - p_pay) * kept

    def _step(self, pub: Public, price: int, steps: int) -> int:
        values = pub.stock.values
        index = max(0, min(len(values) - 1, values.index(price) + steps))
        return values[index]

    def _pass(self, actions: list[Action]) -> Action:
        for action in actions:
            if isinstance(action, Pass):
                return action
        plain = [a for a in actions if not isinstance(a, PlaceSuburb)]
        return plain[0] if plain else actions[0]
