"""Rules version 1: the order of play, General Dividends, the end and the score.

Boardroom's frame around the post (the fragments give only "General Dividends at fixed
points" and "the game ends after a set number of General Dividends"): players take turns
clockwise from a first player drawn from the seed; a turn is one action (Capitalise,
Expand, Develop or pass); a round is one turn each; after every ``rounds_per_dividend``-th
round a General Dividend is paid; the game ends after the ``general_dividends``-th. The
score is cash; equal cash shares a place.
"""

from __future__ import annotations

from boardroom.core.title import Result, rank_by_score
from boardroom.titles.congress import dividends, months
from boardroom.titles.congress.state import OVER, TURN, CongressState

TIE_RULE = "equal cash shares a place"


def end_turn(state: CongressState, log: list[str]) -> None:
    """The active player's turn is over: the next player's, or a dividend, or the end.

    Rules version 2 plays the months track instead (:func:`.months.end_turn`)."""
    if state.version == 2:
        months.end_turn(state, log)
        return
    state.step = TURN
    state.expanding = -1
    state.links_built = 0
    state.auction = None
    state.pending = None
    n = len(state.players)
    state.current = (state.current + 1) % n
    state.actor = state.current
    state.turn += 1
    if state.current != state.first:
        return
    rules = state.data.rules
    if state.round % rules.rounds_per_dividend == 0:
        dividends.general_dividends(state, log)
        if state.dividends_paid >= rules.general_dividends:
            finish(state, log)
            return
    state.round += 1
    log.append(f"Round {state.round} begins.")


def finish(state: CongressState, log: list[str]) -> None:
    scores = tuple(state.cash(s) for s in range(len(state.players)))
    state.result = Result(scores, rank_by_score(scores), TIE_RULE)
    state.step = OVER
    state.actor = -1
    parts = ", ".join(f"{name} {score}" for name, score in zip(state.players, scores,
                                                                 strict=True))
    log.append(f"The game ends after the last General Dividend. Cash: {parts}.")
