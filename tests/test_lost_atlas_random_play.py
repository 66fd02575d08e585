"""Random play through whole Lost Atlas games, checking the core contract at every step:
money and shares conserved, notation round-trips, every listed action accepted, refused
actions change nothing, the record replays to the same game, undo returns to the start."""

from __future__ import annotations

import json

import pytest

import boardroom
from boardroom.bots import RandomBot
from boardroom.core.errors import IllegalAction
from boardroom.core.game import Game

GAMES = [("long", 3, 1), ("long", 4, 2), ("long", 5, 3), ("short", 2, 4), ("short", 4, 5),
         ("short_random", 3, 6), ("micro_3p", 3, 7), ("micro_2p", 2, 8)]


def snapshot(game: Game) -> str:
    return json.dumps([game.view(None), game.to_record()], sort_keys=True)


def play(mode: str, players: int, seed: int, check_every: int = 1) -> Game:
    game = boardroom.new_game("lost_atlas", [f"P{i}" for i in range(players)], seed=seed,
                              options={"mode": mode})
    bot = RandomBot(seed)
    steps = 0
    while not game.is_over:
        seat = game.to_act[0]
        actions = game.legal_actions(seat)
        assert actions, "a player asked to decide must have a legal action"
        if steps % check_every == 0:
            sample = actions[:: max(1, len(actions) // 5)]
            for action in sample:
                assert game.parse(str(action)) == action
                assert game.is_legal(action), action
            other = (seat + 1) % players
            if other != seat and other not in game.to_act:
                before = snapshot(game)
                with pytest.raises(IllegalAction):
                    game.apply(actions[0], player=other)
                assert snapshot(game) == before
        game.apply(bot.choose(game, seat))
        game.title.invariants(game.state)
        steps += 1
        assert steps < 5000, "a random game must end"
    return game


@pytest.mark.parametrize(("mode", "players", "seed"), GAMES)
def test_random_game_to_the_end(mode: str, players: int, seed: int) -> None:
    game = play(mode, players, seed, check_every=3)
    assert game.result is not None
    assert len(game.result.scores) == players
    replayed = boardroom.load(game.to_record())
    assert snapshot(replayed) == snapshot(game)
    assert replayed.log == game.log


def test_undo_back_to_the_start_gives_the_initial_state() -> None:
    game = play("micro_2p", 2, 11, check_every=50)
    fresh = boardroom.new_game("lost_atlas", ["P0", "P1"], seed=11,
                               options={"mode": "micro_2p"})
    while game.record.actions:
        game.undo()
    assert snapshot(game) == snapshot(fresh)
