"""The heuristic bot's trains: the revenue stream a train adds over its life, which
train to buy (or offer for) against the rust it brings, being stranded without one, and
which train to discard over the limit."""

from __future__ import annotations

from collections.abc import Sequence

from boardroom.bots.lost_atlas_heuristic.core import BotCore
from boardroom.bots.lost_atlas_heuristic.knobs import (
    LATE_ORS,
    MUST_BUY_PRICE_WEIGHT,
    STRAND_WEIGHT,
    TRAIN_VALUE_RATIO,
    TRAIN_VALUE_RATIO_LATE,
)
from boardroom.bots.lost_atlas_heuristic.public import Public
from boardroom.core.title import Action
from boardroom.titles.lost_atlas.rounds.operating_round import (
    POOL,
    BuyTrain,
    ForceTrain,
    OfferTrain,
)
from boardroom.titles.lost_atlas.rounds.trains import Discard


class TrainPlay(BotCore):
    """Buying, offering for and discarding trains (see the module doc)."""

    # trains
    def _stream(self, pub: Public, company: str, trains: Sequence[str], horizon: float,
                bought_now: str | None, abilities: frozenset[str] | None = None) -> float:
        """Revenue over the next ``horizon`` Operating Rounds of running ``trains``,
        dropping each when it is expected to rust."""
        if horizon <= 0 or not trains:
            return 0.0
        lives = {t: min(horizon, pub.life(t, bought_now)) for t in set(trains)}
        total = 0.0
        previous = 0.0
        for boundary in sorted(set(lives.values())):
            alive = [t for t in trains if lives[t] > previous]
            if alive and boundary > previous:
                stops = self._stops(pub, alive)
                total += (boundary - previous) * self._revenue(pub, company, stops, abilities)
            previous = boundary
        return total

    def _train_after(self, pub: Public, company: str, action: BuyTrain) -> list[str]:
        """The company's trains after the purchase (rusted ones gone, over the limit the
        weakest put away)."""
        corp = pub.corps[company]
        trains = list(corp.trains)
        if action.trade is not None:
            trains.remove(action.trade)
        bought_now = action.train if action.source != POOL else None
        if bought_now is not None and bought_now not in pub.bought:
            trains = [t for t in trains
                      if bought_now not in pub.components.trains[t].rusted_by]
        trains.append(action.train)
        limit = pub.limit_after(company, bought_now)
        trains.sort(key=lambda t: -(pub.stops_of(t) or 99))
        return trains[:max(limit, 1)]

    def _buy_train(self, pub: Public, company: str, actions: list[Action],
                   leadoff: bool) -> Action:
        corp = pub.corps[company]
        forced = [a for a in actions if isinstance(a, ForceTrain)]
        buys = [a for a in actions if isinstance(a, BuyTrain)]
        must = not corp.trains and (bool(forced) or bool(buys)) and not leadoff
        horizon = float(pub.ors_after_now()) + (1.0 if leadoff else 0.0)
        current = self._stream(pub, company, corp.trains, horizon, None)
        stranded = self._strand(pub, corp.trains, horizon, None)
        ratio = TRAIN_VALUE_RATIO if pub.ors_after_now() > LATE_ORS else TRAIN_VALUE_RATIO_LATE
        scored = []
        for buy in buys:
            bought_now = buy.train if buy.source != POOL else None
            after = self._train_after(pub, company, buy)
            value = self._stream(pub, company, after, horizon, bought_now) - current
            value -= self._rust_loss(pub, company, bought_now, horizon)
            value += STRAND_WEIGHT * (stranded - self._strand(pub, after, horizon, bought_now))
            cost = pub.train_price(buy.train)
            if buy.trade is not None:
                trade_price = pub.components.trains[buy.train].trade_in_price
                cost = trade_price if trade_price is not None else cost
            if must or leadoff or not corp.trains:
                scored.append((value - MUST_BUY_PRICE_WEIGHT * cost, buy))
            elif value >= ratio * cost:
                scored.append((value - cost, buy))
        _, best = self._best(scored)
        if best is not None:
            return best
        if not corp.trains and not leadoff:
            offer = self._own_offer(pub, company, actions)
            if offer is not None:
                return offer
            if forced:
                return forced[0]
        return self._pass(actions)

    def _strand(self, pub: Public, trains: Sequence[str], horizon: float,
                bought_now: str | None) -> float:
        """The price of the replacement the company must buy if all ``trains`` rust
        within the horizon (0 if one lasts or the game ends first)."""
        if trains and max(pub.life(t, bought_now) for t in trains) >= horizon:
            return 0.0
        price = pub.replacement_price(trains, bought_now)
        return float(price or 0)

    def _rust_loss(self, pub: Public, company: str, bought_now: str | None,
                   horizon: float) -> float:
        """What the rust a purchase from the stack sets off costs the buyer's president
        in the other companies they hold shares of: each company's lost revenue over the
        horizon times the president's part of it, relative to their part of the buyer."""
        if bought_now is None or bought_now in pub.bought:
            return 0.0
        kinds = pub.components.trains
        rusted = {t for t, kind in kinds.items() if bought_now in kind.rusted_by}
        if not rusted:
            return 0.0
        seat = pub.president(company)
        buyer = pub.corps[company].shares
        own = max(buyer.held(seat) * buyer.share_percent / 100, 0.2)
        loss = 0.0
        for other, corp in pub.corps.items():
            part = corp.shares.held(seat) * corp.shares.share_percent / 100
            if other == company or not part or not rusted & set(corp.trains):
                continue
            kept = [t for t in corp.trains if t not in rusted]
            lost = (self._stream(pub, other, corp.trains, horizon, None)
                    - self._stream(pub, other, kept, horizon, None))
            loss += lost * part / own
        return loss

    def _own_offer(self, pub: Public, company: str, actions: list[Action]) -> Action | None:
        """The smallest spare train of another company with the same president, at face
        value (or what the treasury has)."""
        president = pub.president(company)
        cash = pub.treasury(company)
        legal = {a for a in actions if isinstance(a, OfferTrain)}
        if not legal:
            return None
        candidates = []
        for other, corp in pub.corps.items():
            if other == company or corp.shares.president != president or len(corp.trains) < 2:
                continue
            for train in sorted(set(corp.trains)):
                price = max(1, min(cash, pub.train_price(train)))
                offer = OfferTrain(other, train, price)
                if offer in legal:
                    candidates.append((-float(pub.stops_of(train) or 99), offer))
        _, best = self._best(candidates)
        return best

    def _discard(self, pub: Public, actions: list[Action]) -> Action:
        scored = []
        for action in actions:
            assert isinstance(action, Discard)
            stops = pub.stops_of(action.train) or 99
            scored.append((-stops - min(pub.life(action.train), 50.0) / 100, action))
        _, best = self._best(scored)
        assert best is not None
        return best
