"""Acquire for the search: determinization, the greedy bot as prior and rollout policy,
and the greedy bot's estimated net worth as the evaluation.

**What the seat may know.** Its own rack; the board; the face-up discards; everyone's
cash and shares; how many tiles each other rack holds and how many are in the bag. The
tiles it has not seen are every tile not on the board, not discarded and not in its own
rack. :func:`unseen_tiles` lists them *sorted*, from the seat's view only, so nothing of
their real order or whereabouts reaches the search. A determinization deals them with
the bot's own generator into the other racks (their real sizes) and the bag, and gives
the state a fresh generator (the two-player bank's draws). So the search's choices do
not change when the other racks and the bag are shuffled among themselves (a test
checks it).
"""

from __future__ import annotations

from typing import Any

from boardroom.bots.acquire_greedy import GreedyBot, Table, worths
from boardroom.bots.search.mcts import Domain, margin_scores, win_scores
from boardroom.core.rng import Rng
from boardroom.core.title import Action, Title
from boardroom.titles.acquire.board import NAMES, TILE_COUNT, parse_tile
from boardroom.titles.acquire.merger import merger_view
from boardroom.titles.acquire.state import AcquireState

MAX_CANDIDATES = 6
"""At most this many actions of a decision are searched (the prior's best)."""
WORTH_SCALE = 2500.0
"""A lead in estimated net worth (dollars) that the evaluation counts as about 73%."""


def unseen_tiles(view: Any) -> list[int]:
    """The tiles the viewer has not seen, sorted: not on the board, not discarded, not in
    their own rack (read from ``view`` alone)."""
    seen: set[int] = set()
    for name in list(view["board"]) + list(view["discards"]) + list(view.get("hand", [])):
        tile = parse_tile(name)
        assert tile is not None
        seen.add(tile)
    return [t for t in range(TILE_COUNT) if t not in seen]


def decision_view(state: AcquireState) -> dict[str, Any]:
    """The entries of the title's view the greedy bot reads besides its table: the step,
    the tile placed and the merger (all public), built without the rest of the view."""
    view: dict[str, Any] = {"step": state.step,
                            "placed": NAMES[state.placed] if state.placed >= 0 else None}
    m = state.merger
    if m is not None:
        view["merger"] = merger_view(m)
    return view


class AcquireDomain(Domain[AcquireState]):
    """See the module doc."""

    def __init__(self, title: Title[AcquireState, Any], seed: int) -> None:
        super().__init__(title)
        self.prior = GreedyBot(seed)
        self.policy = GreedyBot(seed + 1)

    def determinize(self, state: AcquireState, seat: int, rng: Rng) -> AcquireState:
        tiles = unseen_tiles(self.title.view(state, seat))
        rng.shuffle(tiles)
        new = state.copy()
        for other in range(len(new.hands)):
            if other == seat:
                continue
            count = len(state.hands[other])
            new.hands[other] = tiles[:count]
            del tiles[:count]
        new.bag = tiles
        new.rng = Rng(rng.next_u64())
        return new

    def candidates(self, state: AcquireState, seat: int, actions: list[Action]) -> list[Action]:
        if len(actions) == 1:
            return actions
        scored = self.prior.scored(decision_view(state), seat, actions,
                                   Table.from_state(state, seat))
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        return [scored[i][1] for i in order[:MAX_CANDIDATES]]

    def rollout(self, state: AcquireState, seat: int, actions: list[Action],
                rng: Rng) -> Action:
        scored = self.policy.scored(decision_view(state), seat, actions,
                                    Table.from_state(state, seat))
        top = max(s for s, _ in scored)
        best = [a for s, a in scored if s >= top - 1e-6]
        return best[rng.below(len(best))]

    def evaluate(self, state: AcquireState) -> list[float]:
        seats = len(state.players)
        if state.result is not None:
            return win_scores(state.result.ranking, seats)
        table = Table.from_state(state, 0)
        return margin_scores(worths(table, table.size, table.shares, table.cash), WORTH_SCALE)
