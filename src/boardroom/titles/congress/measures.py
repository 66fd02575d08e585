"""What the workbench measures in Congress (see :mod:`boardroom.core.measures`).

* rounds are the game's rounds (one turn each); a merger is one company acquired by
  another (``state.events``: a connection the active player decides, or a new merger
  company acquiring a company connected to its home), counted in the round it happened
  in, so the workbench's clustering (the share of a game's mergers in its busiest round)
  is the post's "flurry";
* curves, sampled at the end of every round: the income of the active companies and how
  many companies are active;
* groups: none (seats hold stock in many companies);
* turn positions: the first player drawn from the seed is position 0, then clockwise;
* extra: the mergers the active player decided ("connect") and those a merger company
  made on starting ("start"), the decided mergers where the acquirer paid the Special
  Dividend, mergers in a turn that held another merger, and the winner's margin.
"""

from __future__ import annotations

from boardroom.core.game import Game
from boardroom.core.measures import GameFacts
from boardroom.core.title import Action
from boardroom.titles.congress.state import ACTIVE, CongressState

END_REASON = "the last General Dividend was paid"


class CongressTracker:
    def __init__(self, game: Game) -> None:
        self.round = game.state.round
        self.income: list[float] = []
        self.active: list[float] = []

    def step(self, game: Game, action: Action, seat: int) -> None:
        state: CongressState = game.state
        if state.round != self.round or game.is_over:
            active = [c for c, s in enumerate(state.status) if s == ACTIVE]
            self.income.append(float(sum(state.income[c] for c in active)))
            self.active.append(float(len(active)))
            self.round = state.round

    def finish(self, game: Game) -> GameFacts:
        state: CongressState = game.state
        events = state.events
        result = game.result
        scores = sorted(result.scores, reverse=True) if result else [0]
        per_turn: dict[int, int] = {}
        for e in events:
            per_turn[e.turn] = per_turn.get(e.turn, 0) + 1
        decided = [e for e in events if e.kind == "connect"]
        return GameFacts(
            rounds=len(self.income),
            round_unit="rounds",
            end_reason=END_REASON if game.is_over else "",
            mergers=[e.round for e in events],
            curves={"income of the active companies": self.income,
                    "active companies": self.active},
            extra={
                "mergers decided by the active player": float(len(decided)),
                "mergers by a starting merger company": float(len(events) - len(decided)),
                "decided mergers whose acquirer paid the Special Dividend":
                    float(sum(e.payer == e.acquirer for e in decided)),
                "mergers in a turn with another": float(sum(n for n in per_turn.values()
                                                            if n > 1)),
                "winner's margin": float(scores[0] - scores[1]) if len(scores) > 1 else 0.0,
            },
        )


class CongressMeasures:
    def tracker(self, game: Game) -> CongressTracker:
        return CongressTracker(game)

    def turn_positions(self, game: Game) -> list[int]:
        """Turn position: the first player drawn from the seed acts first, then the
        others clockwise (the first round's turn order)."""
        state: CongressState = game.state
        n = len(state.players)
        return [(seat - state.first) % n for seat in range(n)]


MEASURES = CongressMeasures()
