"""What the workbench measures in Railways of the Lost Atlas (see
:mod:`boardroom.core.measures`).

* rounds are Operating Rounds; a merger is a major corporation formed (two minors
  combining), counted in the Operating Round it happened in (from 1), or, formed between
  Operating Rounds, in the next one;
* curves, sampled at the end of every Operating Round: the revenue all companies ran in
  it and the mean share price of the companies on the stock track;
* groups: each seat's first minor launched, and every minor it launched;
* turn positions: the priority deal (the priority player drawn at setup is position 0,
  then clockwise, the first Stock Round's order);
* extra: cycles played, minors launched, majors formed, the phase reached (its index in
  the mode's phases, 1 first) and the winner's margin over second place.
"""

from __future__ import annotations

from boardroom.core.game import Game
from boardroom.core.measures import GameFacts
from boardroom.core.title import Action
from boardroom.titles.lost_atlas.rounds.operating_round import Run
from boardroom.titles.lost_atlas.rounds.stock_round import Launch
from boardroom.titles.lost_atlas.state import MAJOR, OPERATING, LostAtlasState


class LostAtlasTracker:
    def __init__(self, game: Game) -> None:
        state: LostAtlasState = game.state
        self.key = (state.cycle, state.round, state.or_number)
        self.ors = 0
        self.revenue_now = 0
        self.majors = 0
        self.mergers: list[int] = []
        self.launched: list[list[str]] = [[] for _ in game.players]
        self.revenue: list[float] = []
        self.price: list[float] = []
        self.phases: list[str] = [state.phase]

    def step(self, game: Game, action: Action, seat: int) -> None:
        state: LostAtlasState = game.state
        if isinstance(action, Run):
            self.revenue_now += action.revenue
        elif isinstance(action, Launch):
            self.launched[seat].append(action.minor)
        key = (state.cycle, state.round, state.or_number)
        if key != self.key:
            if self.key[1] == OPERATING:
                self._sample(state)
            majors = sum(corp.kind == MAJOR for corp in state.corps.values())
            if majors > self.majors:  # in an Operating Round: its number; else the next's
                at = self.ors if self.key[1] == OPERATING else self.ors + 1
                self.mergers.extend([at] * (majors - self.majors))
                self.majors = majors
            if state.phase != self.phases[-1]:
                self.phases.append(state.phase)
            self.key = key

    def _sample(self, state: LostAtlasState) -> None:
        self.ors += 1
        self.revenue.append(float(self.revenue_now))
        self.revenue_now = 0
        prices = [state.price(c) for c in state.corps if c in state.stock.positions]
        self.price.append(sum(prices) / len(prices) if prices else 0.0)

    def finish(self, game: Game) -> GameFacts:
        state: LostAtlasState = game.state
        result = game.result
        scores = sorted(result.scores, reverse=True) if result else [0]
        margin = scores[0] - scores[1] if len(scores) > 1 else 0
        return GameFacts(
            rounds=self.ors,
            round_unit="Operating Rounds",
            end_reason=state.end_reason,
            mergers=self.mergers,
            curves={"revenue run per Operating Round": self.revenue,
                    "mean share price": self.price},
            groups={"first minor launched": [s[:1] or ["-"] for s in self.launched],
                    "minor launched": [sorted(set(s)) for s in self.launched]},
            extra={
                "cycles": float(state.cycle),
                "minors launched": float(sum(len(s) for s in self.launched)),
                "majors formed": float(self.majors),
                "phases reached": float(len(self.phases)),
                "winner's margin": float(margin),
            },
        )


class LostAtlasMeasures:
    def tracker(self, game: Game) -> LostAtlasTracker:
        return LostAtlasTracker(game)

    def turn_positions(self, game: Game) -> list[int]:
        """Turn position: the priority deal. The priority player drawn from the seed at
        setup acts first in the first Stock Round, then the others clockwise."""
        state: LostAtlasState = game.state
        n = len(state.players)
        return [(seat - state.priority) % n for seat in range(n)]


MEASURES = LostAtlasMeasures()
