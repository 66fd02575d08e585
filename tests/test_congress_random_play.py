"""Random play of Congress in all four switch combinations, checked after every action.

Each game is played to the end by random bots (and one by heuristic bots per
combination). After every action: the invariants (money and shares conserved, every
share in exactly one place, track markers, incomes, homes); every listed action is legal
and its notation reads back; a sample of unlisted actions is refused with a rule id and
changes nothing. A few times a game the record is replayed; at the end, undoing every
action gives back the opening position.
"""

from __future__ import annotations

import json

import pytest

import boardroom
from boardroom import Game, IllegalAction
from boardroom.bots import make_bot
from boardroom.core.rng import Rng
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

COMBOS = [(c, d) for c in ("none", "automatic") for d in ("chooser", "acquired")]


def candidates(game: Game, rng: Rng) -> list[object]:
    """Actions aimed at each rule; the listed ones are dropped by the caller."""
    state = game.state
    data = state.data
    cos = [co.id for co in data.companies]
    cities = [c.id for c in data.cities]
    pick = lambda items: items[rng.below(len(items))]  # noqa: E731
    a, b = pick(cos), pick(cos)
    link = data.links[rng.below(len(data.links))]
    return [Nominate(a), Bid(0), Bid(10_000), Pass(), Done(), Develop(pick(cities)),
            Start(a), Merge(a, b), Merge(a, b, a),
            Expand(a, data.cities[link.a].id, data.cities[link.b].id),
            Expand(a, pick(cities), pick(cities))]


def _loop_reversed(game: Game, action: object) -> object:
    """A link with both ends in its company's network, written from its other end (rules
    versions 2 and 3 list such a link once, from its lower end, and accept it either way);
    None for any other action."""
    data = game.state.data
    if not isinstance(action, Expand) or action.company not in data.company_index:
        return None
    network = game.state.network[data.company_index[action.company]]
    ends = [data.city_index.get(action.frm), data.city_index.get(action.to)]
    if None in ends or not all(e in network for e in ends):
        return None
    return Expand(action.company, action.to, action.frm)


def snapshot(game: Game) -> tuple[object, ...]:
    return json.dumps(game.view(None), sort_keys=True), game.to_record(), game.log


def play_checked(chaining: str, dividend: str, seed: int, bot: str = "random") -> Game:
    game = boardroom.new_game("congress", ["Ann", "Bob", "Cy", "Di"], seed=seed,
                              options={"chaining": chaining, "special_dividend": dividend})
    bots = [make_bot(bot, seed=seed * 8 + s) for s in range(4)]
    rng = Rng(seed)
    steps = 0
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        assert legal
        for action in legal:
            assert game.parse(str(action)) == action
            assert game.parse(str(action).lower()) == action
            if steps % 7 == 0:
                assert game.title.label(game.state, action, seat).strip()
        if steps % 3 == 0:
            for action in legal[:: max(1, len(legal) // 5)]:
                assert game.is_legal(action, seat), action
            before = snapshot(game)
            for cand in candidates(game, rng):
                if cand in legal or _loop_reversed(game, cand) in legal:
                    continue  # a loop's link is listed once and accepted either way
                with pytest.raises(IllegalAction) as err:
                    game.apply(cand, seat)  # type: ignore[arg-type]
                assert err.value.rule
            other = (seat + 1) % 4
            with pytest.raises(IllegalAction):
                game.apply(legal[0], other)
            assert snapshot(game) == before
        game.apply(bots[seat].choose(game, seat), seat)
        game.title.invariants(game.state)
        steps += 1
        if steps % 97 == 0:
            again = boardroom.load(game.to_record())
            assert snapshot(again) == snapshot(game)
    assert game.result is not None
    again = boardroom.load(json.loads(json.dumps(game.to_record())))
    assert snapshot(again) == snapshot(game)
    return game


@pytest.mark.parametrize(("chaining", "dividend"), COMBOS)
def test_congress_random_play_every_switch_combination(chaining: str, dividend: str) -> None:
    for seed in range(3):
        game = play_checked(chaining, dividend, seed)
        assert game.state.events, "random games merge"
    heuristic = play_checked(chaining, dividend, 11, bot="heuristic")
    assert heuristic.state.events


def test_congress_undo_to_the_start_gives_the_opening() -> None:
    game = boardroom.new_game("congress", ["Ann", "Bob", "Cy"], seed=5)
    fresh = snapshot(game)
    bots = [make_bot("random", seed=s) for s in range(3)]
    for _ in range(120):
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    middle = snapshot(game)
    for _ in range(60):
        game.undo()
    for action in boardroom.load(middle[1]).record.actions[60:]:
        game.apply(action)
    assert snapshot(game) == middle
    while game.record.actions:
        game.undo()
    assert snapshot(game) == fresh


@pytest.mark.parametrize("players", [2, 3, 5])
def test_congress_random_play_other_player_counts(players: int) -> None:
    names = ["Ann", "Bob", "Cy", "Di", "Ed"][:players]
    game = boardroom.new_game("congress", names, seed=players)
    bots = [make_bot("random", seed=s) for s in range(players)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
        game.title.invariants(game.state)
    assert game.result is not None and len(game.result.scores) == players
