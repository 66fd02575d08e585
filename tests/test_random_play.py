"""Random play as a property test of the whole engine.

Many seeded games of every shape (Classic with 2-6 players, Tycoon with 3-6) are played
to the end by :class:`RandomBot`, and after every action the test checks that:

* the title's invariants hold (cash and certificates conserved, all 108 tiles somewhere,
  chain sizes matching the board);
* every listed legal action is accepted (``is_legal``), its notation reads back to the
  same action, and a sample of them applies cleanly to a copy of the game;
* a sample of unlisted actions (tiles not in hand or unplayable, four shares, shares of
  chains not on the board, odd trades, founding an active chain, ``end`` too early,
  another seat acting...) is refused with :class:`IllegalAction` and leaves everything
  as it was: the spectator's view, every seat's view, the record and the log;

and, a few times a game, that replaying the record gives the same game; at the end,
that undoing every action gives back the game a fresh ``new_game`` starts.

The default run is sized to stay well under a minute on two slow cores. Set
``BOARDROOM_SOAK=N`` to play N more fully checked games of every shape.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardroom
from boardroom import Action, Game, IllegalAction
from boardroom.bots import RandomBot
from boardroom.core.rng import Rng
from boardroom.titles.acquire.actions import (
    Buy,
    Dispose,
    End,
    Found,
    NextAcquired,
    Place,
    Survivor,
)
from boardroom.titles.acquire.board import TILE_COUNT
from boardroom.titles.acquire.stockcard import CHAINS

SOAK = int(os.environ.get("BOARDROOM_SOAK", "0") or 0)

SHAPES = [(mode, n) for mode in ("classic", "tycoon") for n in range(3, 7)]
CASES = [(mode, n, seed) for mode, n in SHAPES for seed in range(4)]
CASES += [("classic", 2, seed) for seed in range(8)]
CASES += [("tycoon", 5, 10), ("classic", 4, 31)]
"""The last two games reach a rare step: a merger whose acquired chains tie in size, so
the mergemaker picks which is handled next (found by searching seeds)."""

ROUND_TRIPS = 3
"""Full record round-trips at random points of each game (plus one at the end)."""
COPY_SAMPLE = 2
"""Legal actions applied to a copy of the game at each decision."""
UNLISTED_SAMPLE = 8
"""Unlisted actions tried at each decision."""

_notation_checked: set[Action] = set()


class PatientBot(RandomBot):
    """A RandomBot that never declares the end (unless it must), so that its games run
    on until no tile can be placed: the bag empties, dead tiles pile up, big mergers."""

    def choose(self, game: Game, seat: int) -> Action:
        actions = game.legal_actions(seat)
        choices = [a for a in actions if not isinstance(a, End)] or actions
        return choices[self.rng.below(len(choices))]


def names(n: int) -> list[str]:
    return ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:n]


def start(mode: str, n: int, seed: int) -> Game:
    return boardroom.new_game("acquire", names(n), seed=seed, options={"mode": mode})


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a refused action must leave unchanged."""
    views = [game.view(s) for s in range(len(game.players))]
    return game.view(None), views, game.to_record(), game.log


def assert_same_game(a: Game, b: Game) -> None:
    assert a.view(None) == b.view(None)
    for seat in range(len(a.players)):
        assert a.view(seat) == b.view(seat)
    assert a.to_record() == b.to_record()
    assert a.log == b.log


def check_notation(game: Game, actions: list[Action]) -> None:
    for action in actions:
        if action in _notation_checked:
            continue
        text = str(action)
        assert game.parse(text) == action, text
        assert game.parse(text.lower()) == action, text
        _notation_checked.add(action)


def unlisted(game: Game, seat: int, legal: set[Action], rng: Rng) -> list[Action]:
    """Actions the rules refuse now: a mix aimed at each rule, minus any listed ones."""
    state = game.state
    view = game.view(seat)
    hand = set(state.hands[seat])
    active = [c for c in range(len(CHAINS)) if state.size[c]]
    inactive = [c for c in range(len(CHAINS)) if not state.size[c]]
    held = view["players"][seat]["shares"]
    cands: list[Action] = [Place(t) for t in sorted(hand)]  # unplayable ones stay unlisted
    outside = [t for t in range(TILE_COUNT) if t not in hand]
    cands += [Place(outside[rng.below(len(outside))]) for _ in range(2)]
    chain = rng.below(len(CHAINS))
    cands.append(Buy((chain,) * 4))
    if len(active) >= 2:
        cands.append(Buy(tuple(sorted([active[0], active[0], active[1], active[1]]))))
    cands += [Buy((c,)) for c in inactive]
    if inactive and active:
        cands.append(Buy((active[0], inactive[0])))
    cands += [Found(c) for c in active]
    cands += [Found(rng.below(len(CHAINS))), Survivor(chain), NextAcquired(chain)]
    acquired = view.get("merger", {}).get("acquired")
    have = held.get(acquired, 0) if acquired else 0
    cands += [Dispose(0, 1), Dispose(1, 3), Dispose(have + 1, 0), Dispose(0, have + 2),
              Dispose(have, 2)]
    cash = view["players"][seat]["cash"]
    dear = max(active, key=lambda c: state.size[c] * 10 + c, default=None)
    if dear is not None and 3 * view["chains"][dear]["price"] > cash:
        cands.append(Buy((dear,) * 3))
    merger = view.get("merger")
    if merger:
        cands += [Survivor(CHAINS.index(c)) for c in merger["chains"]]
        cands += [NextAcquired(CHAINS.index(c)) for c in merger["pending"]]
        if merger["survivor"] and acquired:
            tray = view["chains"][CHAINS.index(merger["survivor"])]["bank_shares"]
            if 2 * tray + 2 <= have:
                cands.append(Dispose(0, 2 * tray + 2))
    cands.append(End())
    out = [a for a in dict.fromkeys(cands) if a not in legal]
    while len(out) > UNLISTED_SAMPLE:
        out.pop(rng.below(len(out)))
    return out


def check_decision(game: Game, seat: int, rng: Rng) -> list[Action]:
    """Every check made before one decision; returns the legal actions."""
    assert game.to_act == (seat,)
    legal = game.legal_actions(seat)
    assert legal, "a seat asked to decide must have a legal action"
    assert legal == game.legal_actions()
    legal_set = set(legal)
    assert len(legal_set) == len(legal), "legal actions are listed twice"
    for action in legal:
        assert game.is_legal(action, seat), action
        assert game.is_legal(action), action
    check_notation(game, legal)

    before = snapshot(game)
    for action in unlisted(game, seat, legal_set, rng):
        assert not game.is_legal(action), action
        assert not game.is_legal(action, seat), action
        with pytest.raises(IllegalAction):
            game.apply(action)
        with pytest.raises(IllegalAction):
            game.apply(action, player=seat)
    others = [s for s in range(len(game.players)) if s != seat]
    other = others[rng.below(len(others))]
    sample = legal[rng.below(len(legal))]
    assert not game.is_legal(sample, other)
    with pytest.raises(IllegalAction):
        game.apply(sample, player=other)
    with pytest.raises(IllegalAction):
        game.apply(str(sample), player=other)
    for _ in range(min(COPY_SAMPLE, len(legal))):
        action = legal[rng.below(len(legal))]
        copy = game.copy()
        copy.apply(action, player=seat)
        copy.title.invariants(copy.state)
        assert len(copy.record.actions) == len(game.record.actions) + 1
    assert snapshot(game) == before, "a refused action or a copy changed the game"
    return legal


def check_round_trip(game: Game) -> None:
    record = game.to_record()
    assert_same_game(boardroom.load(record), game)


def check_finished(game: Game) -> None:
    assert game.is_over
    assert game.to_act == ()
    assert game.legal_actions() == []
    result = game.result
    assert result is not None
    cash = [p["cash"] for p in game.view(None)["players"]]
    assert list(result.scores) == cash
    assert sorted(s for group in result.ranking for s in group) == list(range(len(cash)))
    for group in result.ranking:
        assert len({result.scores[s] for s in group}) == 1
    for action in (End(), Buy(()), Place(0)):
        with pytest.raises(IllegalAction):
            game.apply(action, player=0)
        with pytest.raises(IllegalAction):
            game.apply(action)


def check_undo_to_start(game: Game, mode: str, n: int, seed: int) -> None:
    for _ in range(len(game.record.actions)):
        game.undo()
    with pytest.raises(IllegalAction):
        game.undo()
    fresh = start(mode, n, seed)
    assert_same_game(game, fresh)
    assert game.legal_actions() == fresh.legal_actions()


def play_checked(mode: str, n: int, seed: int) -> Game:
    """One fully checked random game; returns it finished (and not yet undone)."""
    game = start(mode, n, seed)
    rng = Rng(seed * 7919 + n)
    kind = PatientBot if seed % 4 >= 2 else RandomBot
    bots = [kind(seed * 10 + s) for s in range(n)]
    game.title.invariants(game.state)
    # a game is 150-300 actions long; round-trip at a few points of it
    points = {1 + rng.below(150) for _ in range(ROUND_TRIPS)}
    as_text = seed % 2 == 1
    while not game.is_over:
        seat = game.to_act[0]
        check_decision(game, seat, rng)
        action = bots[seat].choose(game, seat)
        game.apply(str(action) if as_text else action)
        game.title.invariants(game.state)
        if len(game.record.actions) in points:
            check_round_trip(game)
    check_finished(game)
    check_round_trip(game)
    assert_same_game(boardroom.load(json.dumps(game.to_record())), game)
    return game


@pytest.mark.parametrize(("mode", "n", "seed"), CASES,
                         ids=[f"{m}-{n}p-seed{s}" for m, n, s in CASES])
def test_random_game_is_consistent(mode: str, n: int, seed: int) -> None:
    game = play_checked(mode, n, seed)
    check_undo_to_start(game, mode, n, seed)


OUT_OF_RANGE: list[Action] = [
    Place(-1), Place(TILE_COUNT), Found(-1), Found(len(CHAINS)), Survivor(-1),
    Survivor(len(CHAINS)), NextAcquired(-1), NextAcquired(len(CHAINS)), Buy((-1,)),
    Buy((len(CHAINS),)), Dispose(-1, 0), Dispose(0, -2),
]
"""Actions built in Python with a tile or chain number out of range (notation cannot
express them)."""


def test_out_of_range_actions_are_refused() -> None:
    game = start("classic", 3, 3)
    bot = RandomBot(1)
    while not game.is_over:
        before = snapshot(game)
        for action in OUT_OF_RANGE:
            assert not game.is_legal(action), action
            with pytest.raises(IllegalAction):
                game.apply(action)
        assert snapshot(game) == before
        game.apply(bot.choose(game, game.to_act[0]))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), shape=st.sampled_from([("classic", 2), *SHAPES]),
       patient=st.booleans())
def test_any_seed_plays_to_a_consistent_end(seed: int, shape: tuple[str, int],
                                            patient: bool) -> None:
    mode, n = shape
    game = start(mode, n, seed)
    kind = PatientBot if patient else RandomBot
    bots = [kind(seed + s) for s in range(n)]
    while not game.is_over:
        seat = game.to_act[0]
        action = bots[seat].choose(game, seat)
        assert game.is_legal(action, seat)
        assert game.parse(str(action)) == action
        game.apply(action, player=seat)
        game.title.invariants(game.state)
        assert len(game.record.actions) < 2000, "a game must end"
    check_finished(game)
    check_round_trip(game)


@pytest.mark.skipif(not SOAK, reason="set BOARDROOM_SOAK=N to play N more games per shape")
def test_soak() -> None:
    for mode, n in [("classic", 2), *SHAPES]:
        for seed in range(1000, 1000 + SOAK):
            game = play_checked(mode, n, seed)
            check_undo_to_start(game, mode, n, seed)
