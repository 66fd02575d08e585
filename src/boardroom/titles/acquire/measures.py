"""What the workbench measures in Acquire (see :mod:`boardroom.core.measures`).

* rounds are turns; a merger is a tile that merges chains (counted once however many
  chains it joins; ``chains merged`` counts the acquired ones);
* curves, sampled at the end of every turn: the mean share price of the chains on the
  board and how many chains are on it;
* groups: the first chain each seat founded (``-`` if none);
* turn positions: the first player (who drew the tile closest to 1A) is position 0,
  then clockwise;
* extra: chains founded, chains merged, safe chains (11+ tiles) and the largest chain
  at the end, and the winner's margin over second place.
"""

from __future__ import annotations

from boardroom.core.game import Game
from boardroom.core.measures import GameFacts
from boardroom.core.title import Action
from boardroom.titles.acquire.actions import Found
from boardroom.titles.acquire.state import AcquireState
from boardroom.titles.acquire.stockcard import CHAINS, chain_price

SAFE_SIZE = 11


class AcquireTracker:
    def __init__(self, game: Game) -> None:
        self.turn = 1
        self.in_merger = False
        self.mergers: list[int] = []
        self.acquired = 0
        self.founded = 0
        self.first_chain: list[list[str]] = [["-"] for _ in game.players]
        self.price: list[float] = []
        self.chains: list[float] = []

    def step(self, game: Game, action: Action, seat: int) -> None:
        state: AcquireState = game.state
        merging = state.merger is not None
        if merging and not self.in_merger:
            self.mergers.append(self.turn)
            self.acquired += len(state.merger.chains) - 1  # type: ignore[union-attr]
        self.in_merger = merging
        if isinstance(action, Found):
            self.founded += 1
            if self.first_chain[seat] == ["-"]:
                self.first_chain[seat] = [CHAINS[action.chain]]
        if state.turn != self.turn or game.is_over:
            self._sample(state)
            self.turn = state.turn

    def _sample(self, state: AcquireState) -> None:
        prices = [chain_price(c, n) for c, n in enumerate(state.size) if n]
        self.price.append(sum(prices) / len(prices) if prices else 0.0)
        self.chains.append(float(len(prices)))

    def finish(self, game: Game) -> GameFacts:
        state: AcquireState = game.state
        result = game.result
        scores = sorted(result.scores, reverse=True) if result else [0]
        margin = scores[0] - scores[1] if len(scores) > 1 else 0
        return GameFacts(
            rounds=len(self.price),
            round_unit="turns",
            end_reason=state.end_reason,
            mergers=self.mergers,
            curves={"mean share price ($)": self.price, "chains on the board": self.chains},
            groups={"first chain founded": self.first_chain},
            extra={
                "chains founded": float(self.founded),
                "chains merged away": float(self.acquired),
                "safe chains at the end": float(sum(n >= SAFE_SIZE for n in state.size)),
                "largest chain at the end": float(max(state.size)),
                "winner's margin ($)": float(margin),
            },
        )


class AcquireMeasures:
    def tracker(self, game: Game) -> AcquireTracker:
        return AcquireTracker(game)

    def turn_positions(self, game: Game) -> list[int]:
        """Turn position: the seat that drew the tile closest to 1A (the draw comes from
        the seed) acts first, then the others clockwise."""
        state: AcquireState = game.state
        n = len(state.players)
        return [(seat - state.current) % n for seat in range(n)]


MEASURES = AcquireMeasures()
