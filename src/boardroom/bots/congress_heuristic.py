"""A heuristic Congress bot: it values everything in the money it expects to receive.

Rules of thumb (all read from the public state; Congress has no hidden information):

* a share of a company is worth what it should still pay: the General Dividends left
  times the company's income (plus a little for the track it can still build) divided by
  its issued shares once the bot holds one more;
* in an auction it raises by the smallest step while the price stays under 90% of that
  worth;
* on its turn it compares, in expected money for itself: the best link it may build
  (its share of the income gained over the dividends left; for a link that merges, the
  Special Dividend it would collect plus the change in its income share), the best share
  to put up (the worth above the opening bid, halved for the competition), the best city
  to develop (its share of the income gained, less the cost) and passing (0);
* in a merger it takes the choice that pays *it* the most Special Dividend (under the
  chooser rule it names the side in which it holds more stock); starting a merger
  company, the one whose Special Dividend pays it the most.

Rules version 2 (the months track): time is the currency of turns, so on its turn it
compares each action's expected money *per month* it costs (Expand 2, Develop 1; a
Capitalise costs the nominator nothing unless nobody bids, so it is valued at the chance
of a sale); a share's worth adds the end-game value (its part of the treasury and $1 a
city); a bid's limit subtracts the months a won share costs, at :data:`MONTH_VALUE`
times the dividends left.

>>> import boardroom
>>> from boardroom.bots import make_bot
>>> game = boardroom.new_game("congress", ["A", "B", "C"], seed=3)
>>> bots = [make_bot("heuristic", seed=s) for s in range(3)]
>>> while not game.is_over:
...     seat = game.to_act[0]
...     game.apply(bots[seat].choose(game, seat), seat)
>>> game.result is not None
True
"""

from __future__ import annotations

from boardroom.bots.base import Bot, register_bot
from boardroom.core.game import Game
from boardroom.core.rng import Rng
from boardroom.core.title import Action
from boardroom.titles.congress import capitalise, dividends, expand
from boardroom.titles.congress.actions import (
    PASS,
    Bid,
    Develop,
    DevelopLink,
    Done,
    Expand,
    Merge,
    Nominate,
    Pass,
    Start,
)
from boardroom.titles.congress.state import (
    ACTIVE,
    AUCTION,
    EXPAND_MORE,
    FREE_LINK,
    MERGER_AUCTION,
    START,
    TURN,
    CongressState,
)

BID_FRACTION = 0.9
GROWTH_PER_MARKER = 1.5
MONTH_VALUE = 0.5
"""Version 2: what a month of the bot's time is worth, per General Dividend left."""
BUDGET_SPREAD = 0.5
"""Version 2: the share of its part of the shares on offer the bot budgets its cash for."""
GROWTH_2 = 6.0
"""Version 2: the income a company's treasury should still buy per $10 (one link)."""


def dividends_left(state: CongressState) -> int:
    return max(1, state.data.rules.general_dividends - state.dividends_paid)


def share_worth(state: CongressState, company: int, extra: int = 1) -> float:
    """What one more share should still pay its holder."""
    if state.version == 2:
        return share_worth_2(state, company, extra)
    growth = min(state.markers[company], 3) * GROWTH_PER_MARKER
    income = state.income[company] or state.value[state.data.companies[company].home]
    return dividends_left(state) * (income + growth) / (state.issued(company) + extra)


def share_worth_2(state: CongressState, company: int, extra: int = 1) -> float:
    """Version 2: dividends left x (income + what its treasury still builds) / shares, plus
    the end payouts (treasury part and a dollar a city)."""
    left = dividends_left(state)
    issued = state.issued(company) + extra
    treasury_cash = state.ledger.cash[f"co:{state.cid(company)}"]
    links_left = min(treasury_cash // 10, 2 * left)
    growth = links_left * GROWTH_2 * left / 2
    income = state.income[company]
    if state.status[company] != ACTIVE:
        home = state.data.companies[company].home
        income = 2 * state.value[home] + 2
    end = state.data.rules.share_value_per_city * (len(state.network[company]) + links_left)
    return (left * income + growth) / issued + end


def budget(state: CongressState, seat: int) -> float:
    """Version 2: the most the bot spends on one share: its cash spread over the shares it
    may expect to buy (its part of those on offer now, at least one)."""
    on_offer = sum(state.pool(c) for c in range(len(state.data.companies))
                   if capitalise.may_offer(state, c))
    expect = max(1.0, BUDGET_SPREAD * on_offer / len(state.players))
    return state.cash(seat) / expect


def rules_months(state: CongressState) -> int:
    """Months a won share costs its winner (version 2)."""
    return state.data.rules.cost_of("capitalise")


def month_value(state: CongressState) -> float:
    return MONTH_VALUE * dividends_left(state)


def my_income_share(state: CongressState, company: int, seat: int) -> float:
    issued = state.issued(company)
    return state.held(company, seat) / issued if issued else 0.0


def merge_gain(state: CongressState, seat: int, acquired: int, acquirer: int,
               payer: int) -> float:
    """Money to ``seat``: the Special Dividend now, and the change in its income share."""
    sd = state.held(payer, seat) * dividends.per_share(state, payer)
    left = dividends_left(state)
    before = (state.income[acquired] * my_income_share(state, acquired, seat)
              + state.income[acquirer] * my_income_share(state, acquirer, seat))
    issued = state.issued(acquired) + state.issued(acquirer)
    mine = state.held(acquired, seat) + state.held(acquirer, seat)
    after = (state.income[acquired] + state.income[acquirer]) * mine / issued if issued else 0
    return sd + left * (after - before)


def auction_choices(state: CongressState, seat: int) -> list[Action]:
    """The bidder's choices the bot considers: the lowest bid (when it can pay it) and the
    pass. It bids the lowest or passes (:meth:`CongressBot._bid`), so it chooses as from
    the full legal list of every bid up to its cash, which need not be built."""
    floor = capitalise.bid_floor(state)
    return [Bid(floor), PASS] if floor <= state.cash(seat) else [PASS]


class Reads:
    """What one decision reads many times, read once: the seat's income share of every
    company (``mine``) and, for Develop, how many links of each company it holds a share
    of end at each city (the count :func:`~boardroom.titles.congress.develop.income_gain`
    makes, kept per city)."""

    __slots__ = ("_ends", "mine")

    def __init__(self, state: CongressState, seat: int) -> None:
        self.mine = [my_income_share(state, c, seat) for c in range(len(state.data.companies))]
        self._ends: list[tuple[float, dict[int, int]]] | None = None

    def develop_gain(self, state: CongressState, frm: int, to: int) -> float:
        """The seat's part of the income developing ``frm`` and ``to`` adds: the sum over
        the active companies of its income share times ``develop.income_gain`` (a company
        it holds no share of adds exactly 0.0, so it is left out)."""
        if self._ends is None:
            held = [c for c, st in enumerate(state.status) if st == ACTIVE and self.mine[c]]
            ends: dict[int, dict[int, int]] = {c: {} for c in held}
            links = state.data.links
            for link, owner in enumerate(state.owner):
                at = ends.get(owner)
                if at is not None:
                    ln = links[link]
                    at[ln.a] = at.get(ln.a, 0) + 1
                    at[ln.b] = at.get(ln.b, 0) + 1
            self._ends = [(self.mine[c], ends[c]) for c in held]
        step = state.data.rules.develop_step
        return sum(mine * (step * (at.get(frm, 0) + at.get(to, 0))) for mine, at in self._ends)


class CongressBot(Bot):
    """Plays Congress by the rules of thumb in the module doc."""

    name = "congress"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, seat: int) -> Action:
        if game.title.name == "congress" and game.state.step == AUCTION \
                and seat in game.to_act:
            actions = auction_choices(game.state, seat)
        else:
            actions = self.options(game, seat)
        if len(actions) == 1 or game.title.name != "congress":
            return actions[self.rng.below(len(actions))]
        return self.decide(game.state, seat, actions)

    def decide(self, state: CongressState, seat: int, actions: list[Action]) -> Action:
        """The choice among ``actions``, the legal actions of ``seat`` in ``state`` (more
        than one; the search hands its own list, so it is not listed twice)."""
        step = state.step
        if step == AUCTION:
            return self._bid(state, seat, actions)
        if step == START:
            return self._start(state, seat, actions)
        return self._best(state, seat, actions)

    # -- scoring ------------------------------------------------------------------------------
    def score(self, state: CongressState, seat: int, action: Action, reads: Reads) -> float:
        """The action's value to ``seat`` in expected money (``reads``: see :class:`Reads`);
        :meth:`decide` takes the highest (auction bids and merger starts aside)."""
        data = state.data
        if isinstance(action, Pass | Done):
            return 0.0
        if state.version == 2 and state.step in (TURN, EXPAND_MORE, FREE_LINK):
            return self._score_2(state, seat, action, reads)
        if isinstance(action, Nominate):
            company = data.company_index[action.company]
            surplus = BID_FRACTION * share_worth(state, company) - data.rules.min_bid
            return 0.5 * surplus if state.cash(seat) >= data.rules.min_bid else -1.0
        if isinstance(action, Expand):
            company = data.company_index[action.company]
            to = data.city_index[action.to]
            target = expand.home_company(state, to)
            if target >= 0:
                return max(merge_gain(state, seat, target, company, payer)
                           for payer in (target, company))
            return dividends_left(state) * state.value[to] * \
                my_income_share(state, company, seat)
        if isinstance(action, Develop):
            city = data.city_index[action.city]
            gain = sum(my_income_share(state, c, seat) for c, st in enumerate(state.status)
                       if st == ACTIVE and city in state.network[c])
            return dividends_left(state) * data.rules.develop_step * gain \
                - data.rules.develop_cost
        if isinstance(action, Merge):
            acquired = data.company_index[action.acquired]
            acquirer = data.company_index[action.acquirer]
            payer = acquired if action.payer is None else data.company_index[action.payer]
            # a small preference for surviving in the company it holds more of
            return merge_gain(state, seat, acquired, acquirer, payer) + \
                0.01 * state.held(acquirer, seat)
        return 0.0

    def _score_2(self, state: CongressState, seat: int, action: Action,
                 reads: Reads) -> float:
        """Version 2: expected money per month of the bot's time."""
        data = state.data
        rules = data.rules
        left = dividends_left(state)
        if isinstance(action, Nominate):
            company = data.company_index[action.company]
            worth = share_worth(state, company)
            surplus = BID_FRACTION * worth - 3 * month_value(state) - rules.min_bid
            mine = reads.mine[company]
            # a sale funds a company it holds; a no-bid costs it 3 months
            return (0.5 * surplus + mine * 10.0) / rules.cost_of("capitalise")
        if isinstance(action, Expand):
            company = data.company_index[action.company]
            frm, to = data.city_index[action.frm], data.city_index[action.to]
            mine = reads.mine[company]
            if state.step == FREE_LINK:
                return state.value[frm] + state.value[to]
            target = expand.home_company(state, to, besides=company)
            if target >= 0:
                gain = max(merge_gain(state, seat, target, company, payer)
                           for payer in (target, company))
            else:
                gain = left * (state.value[frm] + state.value[to]) * mine \
                    + mine * rules.share_value_per_city * state.issued(company)
            months = 1 if state.step == EXPAND_MORE else rules.cost_of("expand")
            return gain / months
        if isinstance(action, DevelopLink):
            frm, to = data.city_index[action.frm], data.city_index[action.to]
            gain = reads.develop_gain(state, frm, to)
            return (left * gain - rules.develop_cost) / rules.cost_of("develop")
        return 0.0

    def _best(self, state: CongressState, seat: int, actions: list[Action]) -> Action:
        reads = Reads(state, seat)
        scored = [(self.score(state, seat, a, reads), a) for a in actions]
        top = max(s for s, _ in scored)
        best = [a for s, a in scored if s >= top - 1e-9]
        return best[self.rng.below(len(best))]

    def _bid(self, state: CongressState, seat: int, actions: list[Action]) -> Action:
        a = state.auction
        assert a is not None
        worth = share_worth(state, a.company)
        if a.kind == MERGER_AUCTION and state.home_connected:
            issued = state.issued(a.company) + 1
            worth += state.income[a.company] // issued
        limit = BID_FRACTION * worth
        if state.version == 2:
            limit -= rules_months(state) * month_value(state)
            limit = min(limit, budget(state, seat))
        bids = [x for x in actions if isinstance(x, Bid)]
        if bids and bids[0].amount <= limit:
            return bids[0]
        return next(x for x in actions if isinstance(x, Pass))

    def _start(self, state: CongressState, seat: int, actions: list[Action]) -> Action:
        data = state.data
        scored = []
        for action in actions:
            assert isinstance(action, Start)
            company = data.company_index[action.company]
            home = data.companies[company].home
            connected = [c for c, st in enumerate(state.status)
                         if st == ACTIVE and home in state.network[c]]
            mine = sum(state.held(c, seat) for c in connected)
            issued = sum(state.issued(c) for c in connected)
            income = sum(state.income[c] for c in connected)
            score = mine * (income // issued) if issued else 0.0
            scored.append((score + 0.01 * state.value[home], action))
        top = max(s for s, _ in scored)
        best = [a for s, a in scored if s >= top - 1e-9]
        return best[self.rng.below(len(best))]


register_bot("congress", CongressBot)
