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
from boardroom.titles.congress import dividends, expand
from boardroom.titles.congress.actions import (
    Bid,
    Develop,
    Done,
    Expand,
    Merge,
    Nominate,
    Pass,
    Start,
)
from boardroom.titles.congress.state import (
    ACTIVE,
    ALL_STARTED,
    AUCTION,
    EXPAND_MORE,
    MERGE,
    MERGER_AUCTION,
    START,
    CongressState,
)

BID_FRACTION = 0.9
GROWTH_PER_MARKER = 1.5


def dividends_left(state: CongressState) -> int:
    return max(1, state.data.rules.general_dividends - state.dividends_paid)


def share_worth(state: CongressState, company: int, extra: int = 1) -> float:
    """What one more share should still pay its holder."""
    growth = min(state.markers[company], 3) * GROWTH_PER_MARKER
    income = state.income[company] or state.value[state.data.companies[company].home]
    return dividends_left(state) * (income + growth) / (state.issued(company) + extra)


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


class CongressBot(Bot):
    """Plays Congress by the rules of thumb in the module doc."""

    name = "congress"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, seat: int) -> Action:
        actions = self.options(game, seat)
        if len(actions) == 1 or game.title.name != "congress":
            return actions[self.rng.below(len(actions))]
        state: CongressState = game.state
        step = state.step
        if step == AUCTION:
            return self._bid(state, seat, actions)
        if step == MERGE:
            return self._best(state, seat, actions)
        if step == START:
            return self._start(state, seat, actions)
        if step in (ALL_STARTED, EXPAND_MORE):
            return self._best(state, seat, actions)
        return self._best(state, seat, actions)

    # -- scoring ------------------------------------------------------------------------------
    def _score(self, state: CongressState, seat: int, action: Action) -> float:
        data = state.data
        if isinstance(action, Pass | Done):
            return 0.0
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

    def _best(self, state: CongressState, seat: int, actions: list[Action]) -> Action:
        scored = [(self._score(state, seat, a), a) for a in actions]
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
