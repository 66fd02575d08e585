"""Playing one game of a plan and reducing it to a row of numbers.

A row is plain JSON (it crosses process and Ray boundaries): the seat results, the
generic lengths, each seat's turn position, how often each kind of action was played,
the title's :class:`~boardroom.workbench.measures.GameFacts`, and the game's record so
the most extreme games can be written out for replay. A plan with ``choices`` also
counts, at every decision, the legal choices (``boardroom balance``'s dead turns).
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from boardroom.bots import make_bot
from boardroom.core.game import Game
from boardroom.workbench.measures import GameFacts, measures_for, turn_positions
from boardroom.workbench.plan import Plan

Row = dict[str, Any]

STUCK = "stuck"
"""The end reason of a game that passed the plan's ``max_actions``."""

PASSES = frozenset({"pass", "done"})
"""The notations of declining to act: a decision whose legal actions hold at most one
other is a dead turn."""


def first_acts(order: list[int], seats: int) -> list[int]:
    """Seat -> turn position from the order in which seats first acted (seats that
    never acted come last, in seat order).

    >>> first_acts([2, 0], 3)
    [1, 2, 0]
    """
    ranked = order + [s for s in range(seats) if s not in order]
    return [ranked.index(s) for s in range(seats)]


def play_game(plan: Plan, arm: int, k: int) -> Row:
    """Play game ``k`` of arm ``arm`` to the end and describe it."""
    options = dict(plan.arms[arm].options)
    game = Game(plan.title, plan.names(), seed=plan.game_seed(k), options=options)
    bots = [make_bot(name, seed=plan.bot_seed(k, s)) for s, name in enumerate(plan.bots)]
    measures = measures_for(plan.title)
    positions = turn_positions(measures, game)
    tracker = measures.tracker(game)
    actions = game.record.actions
    stuck = False
    order: list[int] = []
    kinds: dict[str, int] = {}
    decisions = forced = dead = 0
    while not game.is_over:
        if len(actions) >= plan.max_actions:
            stuck = True
            break
        seat = game.to_act[0]
        if seat not in order:
            order.append(seat)
        if plan.choices:
            legal = game.legal_actions(seat)
            decisions += 1
            forced += len(legal) == 1
            dead += sum(str(a) not in PASSES for a in legal) <= 1
        action = bots[seat].choose(game, seat)
        game.apply(action, seat)
        tracker.step(game, action, seat)
        kind = type(action).__name__
        kinds[kind] = kinds.get(kind, 0) + 1
    facts = tracker.finish(game) if not stuck else GameFacts(end_reason=STUCK)
    result = game.result
    scores = list(result.scores) if result is not None and not stuck else []
    ranking = [list(g) for g in result.ranking] if result is not None and not stuck else []
    row: Row = {
        "arm": arm,
        "game": k,
        "seed": plan.game_seed(k),
        "actions": len(actions),
        "scores": scores,
        "ranking": ranking,
        "winners": ranking[0] if ranking else [],
        "positions": positions if positions is not None else first_acts(order, plan.seats),
        "action_kinds": dict(sorted(kinds.items())),
        "record": game.to_record(),
    }
    if plan.choices:
        row["decisions"] = {"decisions": decisions, "forced": forced, "dead": dead}
    row.update(asdict(facts))
    for name in sorted(game.players, key=len, reverse=True):  # "P2 declared it": one reason
        row["end_reason"] = row["end_reason"].replace(name, "a player")
    return row


def play_chunk(plan: Plan, tasks: list[tuple[int, int]]) -> list[Row]:
    """Play the games ``(arm, k)`` of ``tasks`` in order."""
    return [play_game(plan, arm, k) for arm, k in tasks]
