"""Congress for the search: the Congress heuristic bot as prior and rollout policy, and
its share worths as the evaluation.

Congress has no hidden information and no chance after setup (its state holds no random
generator), so a determinization is a plain copy. The candidates are the heuristic's
choice first, then, on a turn (rules version 2), its best action of each other kind
(:meth:`CongressDomain._best_of_each_kind`), elsewhere the other legal actions spread
over the list (at most :data:`MAX_CANDIDATES`). Auction bids are left to the heuristic:
a first trial that searched them overbid (a share's worth on a half-finished auction is
overestimated). Rollouts list only the lowest bid and the pass in an auction
(:meth:`CongressDomain.rollout_actions`) and stop ``cycles`` turns of every player on
(:meth:`CongressDomain.rollout_cycles`). The evaluation counts each seat's cash (the
final score) plus, for every share it holds, what the heuristic expects a share still to
pay (:func:`~boardroom.bots.congress_heuristic.share_worth`: the General Dividends left
times the company's income over its issued shares plus one), then the logistic of each
seat's margin over the best other seat at a tenth of the average. ``hard`` is the flat
search of one round (one rollout per candidate: the game is deterministic, so a second
one would differ only by the heuristic's tie-breaks), two turns of every player deep;
measured against ``medium`` in docs/congress.md ("Hard against medium").
"""

from __future__ import annotations

from typing import Any

from boardroom.bots.congress_heuristic import CongressBot, Reads, auction_choices, share_worth
from boardroom.bots.search.lost_atlas import spread
from boardroom.bots.search.mcts import Domain, margin_scores, win_scores
from boardroom.core.rng import Rng
from boardroom.core.title import Action, Title
from boardroom.titles.congress.actions import Bid
from boardroom.titles.congress.state import AUCTION, TURN, CongressState

MAX_CANDIDATES = 5
TURN_CANDIDATES = 3
"""A turn searches at least this many candidates where it has them (see
:meth:`CongressDomain._best_of_each_kind`)."""
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
        if state.version >= 2 and state.step == TURN:
            return [first, *self._best_of_each_kind(state, seat, actions, first)]
        rest = [a for a in actions if a != first]
        return [first, *spread(rest, MAX_CANDIDATES - 1)]

    def _best_of_each_kind(self, state: CongressState, seat: int, actions: list[Action],
                           first: Action) -> list[Action]:
        """For each kind of turn (Capitalise, Expand, Develop) other than ``first``'s, the
        heuristic's highest-scored action of that kind (the first of equals); where that
        makes fewer than :data:`TURN_CANDIDATES` with ``first``, the next highest-scored
        actions of any kind join (a turn that offers only Capitalise, the first ones of a
        game, still compares companies)."""
        reads = Reads(state, seat)
        scored = sorted(((self.prior.score(state, seat, a, reads), k, a)
                         for k, a in enumerate(actions) if a != first),
                        key=lambda t: (-t[0], t[1]))
        best: dict[type, Action] = {}
        for _, _, action in scored:
            if type(action) is not type(first):
                best.setdefault(type(action), action)
        out = list(best.values())
        for _, _, action in scored:
            if len(out) + 1 >= TURN_CANDIDATES:
                break
            if action not in out:
                out.append(action)
        return out

    def progress(self, state: CongressState) -> int:
        """Turns played."""
        return state.turn

    def rollout_cycles(self, root: CongressState, cycles: int) -> int:
        """``cycles`` turns of every player: ``cycles`` times the players, in turns (on
        the months track a turn goes to the player furthest behind, so each player takes
        about one turn in every ``players`` turns)."""
        return cycles * len(root.players)

    def rollout_actions(self, state: CongressState, seat: int) -> list[Action]:
        """In an auction only the lowest bid and the pass
        (:func:`~boardroom.bots.congress_heuristic.auction_choices`): the heuristic
        chooses among them as from the full list of every bid up to the bidder's cash."""
        if state.step == AUCTION:
            return auction_choices(state, seat)
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
