"""The heuristic bot in the Stock Round: what to sell and buy (share returns against
the price path), when to start an auction and how high to bid, and which minor to
launch (and where, for Adaptive)."""

from __future__ import annotations

from boardroom.bots.lost_atlas_heuristic.core import BotCore
from boardroom.bots.lost_atlas_heuristic.knobs import (
    ABILITY_PREMIUM,
    BUY_MIN_RETURN,
    HOME_POTENTIAL_PAR,
    HOME_PREMIUM_CAP,
    HOME_WEIGHT,
    OWN_TREASURY_BONUS,
    SELL_MIN_GAIN,
)
from boardroom.bots.lost_atlas_heuristic.public import Public
from boardroom.bots.lost_atlas_heuristic.revenue import home_potential
from boardroom.core.title import Action
from boardroom.map.track import StopRef
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board.hubs import adaptive_homes
from boardroom.titles.lost_atlas.board.operator import (
    ADAPTIVE,
)
from boardroom.titles.lost_atlas.rounds.operating_round import (
    POOL,
)
from boardroom.titles.lost_atlas.rounds.stock_round import (
    Bid,
    Buy,
    Done,
    Launch,
    Sell,
    StartAuction,
)
from boardroom.titles.lost_atlas.state import (
    MINOR,
)
from boardroom.titles.lost_atlas.variants import landmarks


class StockPlay(BotCore):
    """The Stock Round's choices (see the module doc)."""

    # -- Stock Round ----------------------------------------------------------------------
    def _stock(self, pub: Public, seat: int, actions: list[Action]) -> Action:
        if pub.auction is not None:
            if pub.auction.won:
                return self._launch(pub, actions)
            return self._bid(pub, seat, actions)
        sells = [a for a in actions if isinstance(a, Sell)]
        if sells and len(sells) == len(actions):  # Bank Break: over the certificate limit
            return self._forced_stock_sale(pub, seat, sells)
        if sells:
            score, sale = self._best_sale(pub, seat, sells)
            if sale is not None and score > 0:
                return sale
        starts = [a for a in actions if isinstance(a, StartAuction)]
        if starts:
            opening = self._opening_bid(pub, seat, starts)
            if opening is not None:
                return opening
        buys = [a for a in actions if isinstance(a, Buy)]
        if buys:
            score, buy = self._best_buy(pub, seat, buys)
            if buy is not None and score > BUY_MIN_RETURN:
                return buy
        for action in actions:
            if isinstance(action, Done | Pass):
                return action
        return actions[0]

    def _best_sale(self, pub: Public, seat: int, sells: list[Sell]) -> tuple[float, Action | None]:
        scored = []
        for sale in sells:
            if sale.company not in pub.corps:  # the Metropolitan: held for the final score
                continue
            gain, price = self._sale_gain(pub, seat, sale)
            if gain > SELL_MIN_GAIN * price * sale.count:
                scored.append((gain, sale))
        best = self._best(scored)
        return best

    def _sale_gain(self, pub: Public, seat: int, sale: Sell) -> tuple[float, int]:
        """What a sale gains (negative: loses) and the share price."""
        if sale.company not in pub.corps:  # the Metropolitan: its next export is lost
            return -self._metropolitan_gain(pub) * sale.count, pub.metropolitan_price
        corp = pub.corps[sale.company]
        price = pub.price(sale.company)
        expected = self._share_return(pub, seat, sale.company)
        dropped = self._step(pub, price, -1)
        kept = corp.shares.held(seat) - sale.count
        return -expected * sale.count - (price - dropped) * kept, price

    def _forced_stock_sale(self, pub: Public, seat: int, sells: list[Sell]) -> Action:
        """Over the certificate limit: one certificate at a time, the least costly."""
        ones = [s for s in sells if s.count == 1] or sells
        _, best = self._best((self._sale_gain(pub, seat, s)[0], s) for s in ones)
        assert best is not None
        return best

    def _metropolitan_gain(self, pub: Public) -> float:
        """A Metropolitan share's expected rise: a tenth of the next exported train."""
        if not pub.trains or pub.ors_after_now() < 2:
            return 0.0
        return pub.train_price(pub.trains[0]) / landmarks.SHARES

    def _best_buy(self, pub: Public, seat: int, buys: list[Buy]) -> tuple[float, Action | None]:
        scored = []
        returns: dict[str, float] = {}
        for buy in buys:
            company = buy.company
            if company not in pub.corps:  # the Metropolitan
                scored.append((self._metropolitan_gain(pub) / pub.metropolitan_price, buy))
                continue
            corp = pub.corps[company]
            price = pub.price(company)
            if company not in returns:
                returns[company] = self._share_return(pub, seat, company) / price
            score = returns[company]
            if corp.shares.president == seat and buy.source != POOL:
                score += OWN_TREASURY_BONUS
            outside = corp.shares.treasury + corp.shares.pool
            if outside == 1:  # this purchase makes it fully owned by players: +1 step
                held = corp.shares.held(seat) + 1
                score += (self._step(pub, price, 1) - price) * held / price
            scored.append((score, buy))
        return self._best(scored)

    def _max_launch_price(self, pub: Public) -> int:
        return max(pub.components.stock_track.launch_prices(pub.phase))

    def _minor_premium(self, pub: Public, minor: str, home: StopRef | None = None) -> float:
        """What a minor is worth above its shares: its home's surroundings, its ability."""
        comp = pub.components
        ability = comp.minors[minor].ability
        if home is None:
            if ability == ADAPTIVE:
                homes = adaptive_homes(pub.board)
                potential = max((home_potential(pub, pub.board, h) for h in homes), default=0.0)
            else:
                refs = [r for r, m in pub.board.reserved.items() if m == minor]
                potential = home_potential(pub, pub.board, refs[0]) if refs else 0.0
        else:
            potential = home_potential(pub, pub.board, home)
        premium = (HOME_WEIGHT * (potential - HOME_POTENTIAL_PAR)
                   + ABILITY_PREMIUM.get(ability, 0))
        return max(-float(HOME_PREMIUM_CAP), min(float(HOME_PREMIUM_CAP), premium))

    def _auction_limit(self, pub: Public, seat: int) -> int:
        """The most the bot bids for the best available minor (0: not interested)."""
        available = [col[0] for col in pub.matrix if col]
        if not available:
            return 0
        cheapest = self._first_train_price(pub)
        premium = max(self._minor_premium(pub, m) for m in available)
        cap = 2 * self._max_launch_price(pub) + int(premium)
        if cap < cheapest:
            return 0
        if pub.ors_after_now() < 2:
            return 0
        return min(pub.cash(seat), cap)

    def _first_train_price(self, pub: Public) -> int:
        """What a minor launched now will pay for its first train: minors launched but
        not yet operated take the trains ahead of it (lasting pool trains first, then
        the stack from the top); an emptied stack sells the dearest card."""
        pending = sum(1 for c in pub.corps.values() if c.kind == MINOR and not c.operated)
        pool = sorted(pub.train_price(t) for t in pub.pool if pub.life(t) >= 2)
        if pending < len(pool):
            return pool[pending]
        pending -= len(pool)
        if pending < len(pub.trains):
            return pub.train_price(pub.trains[pending])
        return max(t.price for t in pub.components.trains.values() if t.back_of is None)

    def _opening_bid(self, pub: Public, seat: int,
                     starts: list[StartAuction]) -> Action | None:
        limit = self._auction_limit(pub, seat)
        if limit <= 0:
            return None
        cheapest = self._first_train_price(pub)
        bids = {a.bid: a for a in starts}
        prices = pub.components.stock_track.launch_prices(pub.phase)
        for price in sorted(prices, reverse=True):
            bid = 2 * price
            if bid <= limit and bid >= cheapest and bid in bids:
                return bids[bid]
        return None

    def _bid(self, pub: Public, seat: int, actions: list[Action]) -> Action:
        auction = pub.auction
        assert auction is not None
        limit = self._auction_limit(pub, seat)
        bids = sorted((a for a in actions if isinstance(a, Bid)), key=lambda a: a.amount)
        if bids and bids[0].amount <= limit:
            return bids[0]
        for action in actions:
            if isinstance(action, Pass):
                return action
        return actions[0]

    def _launch(self, pub: Public, actions: list[Action]) -> Action:
        scored = []
        for action in actions:
            if not isinstance(action, Launch):
                continue
            home = (action.home, 0) if action.home is not None else None
            scored.append((self._minor_premium(pub, action.minor, home), action))
        _, best = self._best(scored)
        return best if best is not None else actions[0]
