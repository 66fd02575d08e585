"""Railways of the Lost Atlas for the search: the heuristic bot as prior and rollout
policy, action grouping for the long lists, and a worth estimate as the evaluation.

**What the seat may know.** Once the map is built everything on the table is public;
what nobody knows is the future of the random generator (the Solo Game's draws, the
minors' order in a new column). A determinization is a copy of the state with a fresh
generator drawn from the bot's own, so no simulation reads the real future. The map
building round is not searched (the heuristic bot places at random there, and the map
stack is hidden), nor is the Solo Game (one seat against the Conglomerate).

**Action grouping.** The search considers at most :data:`MAX_CANDIDATES` actions: the
heuristic bot's choice first, then representatives of the rest: for tile lays, passing
and two lays spread over the list; for train offers to another company, the lowest
offer for each of its trains (to another president's company: the printed price, the
least the heuristic bot agrees to); for auction bids, the minimum bid; otherwise the listed
actions in order. Decisions whose consequences the heuristic already measures well by
computing routes (tile lays, hubs, suburbs, runs) are left to it: the search spends its
budget on trains, shares, payouts, auctions and mergers.

**Rollouts** (``hard``: a flat search, :attr:`SearchConfig.flat`) play every seat by the
heuristic bot, with three cheap steps (the track step by its frontier term,
:meth:`HeuristicBot.quick_track`, suburb tokens left unplaced there, at the hub step
and at the run; hubs passed), until the Stock Round three cycles on
(:meth:`LostAtlasDomain.progress` is the cycle number) or the game's end: in the Short
game (four cycles) every decision from the second cycle on is played out to the end,
in the Long game (six) from the fourth.

**Evaluation.** A finished game: :data:`WIN_WEIGHT` times the win plus the rest times
the logistic of the final margin over the best other seat. Otherwise each seat's
final-score estimate: the score the game would give now
(cash plus shares at market price), plus, while Operating Rounds are left, each held
share's expected return over the next two (the heuristic bot's own estimate: dividends
from its company's best routes with the trains it has and will keep, given when they
rust, and the price moves; at :data:`FUTURE_WEIGHT`), less, for the president of a
company with no train, what the cheapest train costs beyond its treasury (the forced
purchase); then the logistic of each seat's margin over the best other seat, at a scale
of a tenth of the average estimate.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from boardroom.bots.lost_atlas_heuristic import HeuristicBot, Public
from boardroom.bots.search.mcts import Domain, margin_scores, win_scores
from boardroom.core.rng import Rng
from boardroom.core.title import Action, Title
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board.hubs import PlaceHub, PlaceSuburb
from boardroom.titles.lost_atlas.board.track_laying import TileLay
from boardroom.titles.lost_atlas.rounds import flow
from boardroom.titles.lost_atlas.rounds.operating_round import HUB, RUN, TRACK, OfferTrain, Run
from boardroom.titles.lost_atlas.rounds.stock_round import Bid, StartAuction
from boardroom.titles.lost_atlas.state import MAP, OPERATING, LostAtlasState
from boardroom.titles.lost_atlas.variants import solo

T = TypeVar("T")

MAX_CANDIDATES = 5
SHORT_CYCLES = 4
"""The Short game's cycles; rollouts of longer games stop a cycle sooner."""
FUTURE_WEIGHT = 0.75
SCALE_FRACTION = 0.1
WIN_WEIGHT = 0.5
"""A finished game scores this times the win (1, shared among tied winners, or 0) plus
the rest times the logistic of the final score's margin over the best other seat: a
flat search comparing one rollout per candidate then also prefers the larger margin of
two wins (or the smaller of two losses)."""

LEFT_TO_HEURISTIC = (TileLay, PlaceHub, PlaceSuburb, Run)
"""Decisions offering these are played by the heuristic bot without search."""


def searched(state: LostAtlasState, actions: list[Action]) -> bool:
    """Is this decision worth a search (module doc)?"""
    if state.round == MAP or state.seats() < 2 or solo.record(state) is not None:
        return False
    return not any(isinstance(a, LEFT_TO_HEURISTIC) for a in actions)


def spread(items: Sequence[T], count: int) -> list[T]:
    """``count`` items evenly spaced over ``items`` (all of them if there are fewer).

    >>> spread(list(range(10)), 3)
    [0, 4, 9]
    """
    if len(items) <= count:
        return list(items)
    if count == 1:
        return [items[0]]
    step = (len(items) - 1) / (count - 1)
    return [items[round(i * step)] for i in range(count)]


def worth_offering(state: LostAtlasState, seat: int, action: Action) -> bool:
    """Is ``action`` worth searching as a train offer (other actions: yes)? To a company
    of the same president any price may be agreed; another president's (the heuristic
    bot's rule) agrees only to the train's printed price, so lower offers are left out."""
    if not isinstance(action, OfferTrain):
        return True
    corp = state.corps.get(action.seller)
    if corp is None or corp.shares.president == seat:
        return True
    return action.price >= state.components.trains[action.train].price


def group(actions: list[Action], first: Action) -> list[Action]:
    """The prior's choice, then representatives of the rest (module doc)."""
    out = [first]
    lays = [a for a in actions if isinstance(a, TileLay) and a != first]
    offers: dict[tuple[str, str], OfferTrain] = {}
    bids = [a for a in actions if isinstance(a, Bid | StartAuction)]
    for a in actions:
        if isinstance(a, OfferTrain):
            key = (a.seller, a.train)
            if key not in offers or a.price < offers[key].price:
                offers[key] = a
    rest: list[Action] = []
    for a in actions:
        if isinstance(a, TileLay | OfferTrain | Bid | StartAuction):
            continue
        rest.append(a)
    rest.extend(offers.values())
    if bids:
        rest.append(min(bids, key=lambda b: b.bid if isinstance(b, StartAuction)
                        else b.amount))
    rest.extend(spread(lays, 2))
    for a in rest:
        if a not in out:
            out.append(a)
    return out[:MAX_CANDIDATES]


class LostAtlasDomain(Domain[LostAtlasState]):
    """See the module doc."""

    def __init__(self, title: Title[LostAtlasState, Any], seed: int) -> None:
        super().__init__(title)
        self.prior = HeuristicBot(seed)
        self.policy = HeuristicBot(seed + 1)

    def reseed(self, seed: int) -> None:
        self.policy.rng = Rng(seed)

    def progress(self, state: LostAtlasState) -> int:
        return state.cycle

    def rollout_cycles(self, root: LostAtlasState, cycles: int) -> int:
        """In a game of more than :data:`SHORT_CYCLES` cycles (the Long game's six), one
        cycle fewer than asked (at least one): a Long-game rollout to the end from the
        fourth cycle took the largest decisions to 1.6 s (docs/bots.md)."""
        if cycles > 1 and Public(root).last_cycle() > SHORT_CYCLES:
            return cycles - 1
        return cycles

    def determinize(self, state: LostAtlasState, seat: int, rng: Rng) -> LostAtlasState:
        new = state.copy()
        new.rng = Rng(rng.next_u64())
        return new

    def heuristic(self, bot: HeuristicBot, state: LostAtlasState, seat: int,
                  actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        pub = Public(state)
        if pub.round == MAP:
            return actions[bot.rng.below(len(actions))]
        return bot._decide(pub, seat, actions)

    def candidates(self, state: LostAtlasState, seat: int,
                   actions: list[Action]) -> list[Action]:
        first = self.heuristic(self.prior, state, seat, actions)
        if not searched(state, actions):
            return [first]
        return group([a for a in actions if worth_offering(state, seat, a)], first)

    def rollout(self, state: LostAtlasState, seat: int, actions: list[Action],
                rng: Rng) -> Action:
        op = state.op
        if op is not None and state.round == OPERATING and not solo.record(state):
            if op.step == TRACK and all(isinstance(a, TileLay | Pass | PlaceSuburb)
                                        for a in actions):
                return self.policy.quick_track(Public(state), op.company, actions)
            if op.step == HUB and all(isinstance(a, PlaceHub | Pass | PlaceSuburb)
                                      for a in actions):
                return next((a for a in actions if isinstance(a, Pass)), actions[0])
            if op.step == RUN and all(isinstance(a, Run | PlaceSuburb) for a in actions):
                return next((a for a in actions if isinstance(a, Run)), actions[0])
        return self.heuristic(self.policy, state, seat, actions)

    def evaluate(self, state: LostAtlasState) -> list[float]:
        seats = state.seats()
        if state.result is not None:
            final = [float(v) for v in state.result.scores]
            won = win_scores(state.result.ranking, seats)
            margin = margin_scores(final, max(100.0, SCALE_FRACTION * sum(final) / seats))
            return [WIN_WEIGHT * w + (1 - WIN_WEIGHT) * m
                    for w, m in zip(won, margin, strict=True)]
        worth = [float(v) for v in flow.scores(state)]
        pub = Public(state)
        if pub.ors_after_now() > 0:
            cheapest = pub.cheapest_train()
            for company, corp in state.corps.items():
                president = corp.shares.president
                returns: float | None = None
                for s in range(seats):
                    held = corp.shares.held(s)
                    if held:
                        if returns is None:
                            returns = self.prior._share_return(pub, s, company)
                        worth[s] += FUTURE_WEIGHT * held * returns
                if (not corp.trains and cheapest is not None and president is not None
                        and 0 <= president < seats):
                    worth[president] -= max(0, cheapest - pub.treasury(company))
        mean = sum(worth) / seats
        return margin_scores(worth, max(100.0, SCALE_FRACTION * mean))
