"""Congress for the search: the Congress heuristic bot as prior and rollout policy, and
its share worths as the evaluation.

Congress has no hidden information and no chance after setup (its state holds no random
generator), so a determinization is a plain copy. The candidates are the heuristic's
choice first, then the other legal actions spread over the list (at most
:data:`MAX_CANDIDATES`). Auction bids are left to the heuristic: a first trial that
searched them overbid (a share's worth on a half-finished auction is overestimated). The
evaluation counts each seat's cash (the final score) plus, for every share it holds, what
the heuristic expects a share still to pay
(:func:`~boardroom.bots.congress_heuristic.share_worth`: the General Dividends left times
the company's income over its issued shares plus one), then the logistic of each seat's
margin over the best other seat at a tenth of the average. ``hard`` plays its rollouts
to the game's end (the game is deterministic and the heuristic cheap), so the evaluation
mostly scores finished games; measured against two ``medium`` in docs/bots.md.
"""

from __future__ import annotations

from typing import Any

from boardroom.bots.congress_heuristic import CongressBot, share_worth
from boardroom.bots.search.lost_atlas import spread
from boardroom.bots.search.mcts import Domain, margin_scores, win_scores
from boardroom.core.rng import Rng
from boardroom.core.title import Action, Title
from boardroom.titles.congress.actions import PASS, Bid
from boardroom.titles.congress.capitalise import bid_floor
from boardroom.titles.congress.state import AUCTION, CongressState

MAX_CANDIDATES = 5
SCALE_FRACTION = 0.1


class CongressDomain(Domain[CongressState]):
    """See the module doc."""

    def __init__(self, title: Title[CongressState, Any], seed: int) -> None:
        super().__init__(title)
        self.prior = CongressBot(seed)
        self.policy = CongressBot(seed + 1)

    def determinize(self, state: CongressState, seat: int, rng: Rng) -> CongressState:
        return state.copy()

    def candidates(self, state: CongressState, seat: int, actions: list[Action]) -> list[Action]:
        if len(actions) == 1:
            return actions
        first = self.prior.decide(state, seat, actions)
        if any(isinstance(a, Bid) for a in actions):
            return [first]  # auctions are left to the heuristic (module doc)
        rest = [a for a in actions if a != first]
        return [first, *spread(rest, MAX_CANDIDATES - 1)]

    def rollout_actions(self, state: CongressState, seat: int) -> list[Action]:
        """In an auction only the lowest bid and the pass: the heuristic bids the lowest
        or passes (:meth:`CongressBot._bid`), so it chooses as it would from the full list
        of every bid up to the bidder's cash, which a rollout need not build."""
        if state.step == AUCTION and state.auction is not None:
            floor = bid_floor(state)
            return [Bid(floor), PASS] if floor <= state.cash(seat) else [PASS]
        return list(self.title.legal_actions(state, seat))

    def rollout(self, state: CongressState, seat: int, actions: list[Action],
                rng: Rng) -> Action:
        return self.policy.decide(state, seat, actions)

    def reseed(self, seed: int) -> None:
        self.policy.rng = Rng(seed)

    def evaluate(self, state: CongressState) -> list[float]:
        seats = len(state.players)
        if state.result is not None:
            return win_scores(state.result.ranking, seats)
        worth = [float(state.cash(s)) for s in range(seats)]
        for company in range(len(state.data.companies)):
            value: float | None = None
            for s in range(seats):
                held = state.held(company, s)
                if held:
                    if value is None:
                        value = share_worth(state, company, extra=1)
                    worth[s] += held * value
        mean = sum(worth) / seats
        return margin_scores(worth, max(10.0, SCALE_FRACTION * mean))
