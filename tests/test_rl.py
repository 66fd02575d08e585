"""The RL environments: PettingZoo's own API and seed tests for every title, the fixed
action space and its mask, secrecy of the observation, rewards, seeded resets and the
single-agent Gymnasium wrapper."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import boardroom
import boardroom.rl
from boardroom.bots import make_bot
from boardroom.core.registry import get_title, title_names
from boardroom.rl.aec import end_rewards
from boardroom.rl.encoding import encoding_for
from boardroom.rl.train import train

CYCLES = {"acquire": 300, "lost_atlas": 200, "congress": 100}
"""PettingZoo's play test runs cycles x players steps: enough for a whole game (60 for
a title not listed)."""


def seats_for(title: str) -> int:
    t = get_title(title)
    return min(max(3, t.min_players), t.max_players)


@pytest.mark.parametrize("title", title_names())
def test_pettingzoo_api_test_passes(title: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(boardroom.rl.env(title, players=seats_for(title)),
                 num_cycles=CYCLES.get(title, 60))


@pytest.mark.parametrize("title", title_names())
def test_pettingzoo_seed_test_passes(title: str) -> None:
    seed_test(lambda: boardroom.rl.env(title, players=seats_for(title)),
              num_cycles=CYCLES.get(title, 60))


@pytest.mark.parametrize("title", title_names())
def test_every_legal_action_has_an_index_and_the_mask_marks_them(title: str) -> None:
    env = boardroom.rl.env(title, players=seats_for(title), views=False)
    env.reset(seed=4)
    game = env.game
    assert game is not None
    bot = make_bot("random", seed=4)
    size = env.encoding.action_size
    for _ in range(150):
        if game.is_over:
            break
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        indices = {env.encoding.action_index(a) for a in legal}
        assert all(0 <= i < size for i in indices)
        mask = env.action_mask(seat)
        assert set(np.flatnonzero(mask)) == indices
        for i, action in env.choices(seat).items():
            assert env.encoding.action_index(action) == i and game.is_legal(action, seat)
        other = (seat + 1) % len(game.players)
        if other not in game.to_act:
            assert env.action_mask(other).sum() == 0
        game.apply(bot.choose(game, seat), seat)


def test_acquire_indices_are_exact_no_two_actions_share_one() -> None:
    enc = encoding_for("acquire", 4)
    game = boardroom.new_game("acquire", ["A", "B", "C", "D"], seed=11)
    bot = make_bot("random", seed=2)
    while not game.is_over:
        legal = game.legal_actions()
        assert len({enc.action_index(a) for a in legal}) == len(legal)
        game.apply(bot.choose(game, game.to_act[0]))


def test_the_observation_shows_only_the_seats_own_tiles() -> None:
    env = boardroom.rl.env("acquire", players=3)
    env.reset(seed=5)
    game = env.game
    assert game is not None
    before = env.observe("player_0")["observation"].copy()
    state = game.state
    n = len(state.hands[1])  # change a secret: seat 1's tiles for as many from the bag
    state.hands[1], state.bag[-n:] = state.bag[-n:], list(state.hands[1])
    assert np.array_equal(env.observe("player_0")["observation"], before)
    assert not np.array_equal(env.observe("player_1")["observation"],
                              env.observe("player_0")["observation"])


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    env = boardroom.rl.env("acquire", players=3)
    env.reset(seed=5)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    assert env.game is not None
    before = env.game.to_record()
    with pytest.raises(ValueError, match="not legal"):
        env.step(bad)
    assert env.game.to_record() == before and env.agent_selection == agent


def test_resets_are_seeded() -> None:
    def first_moves(env: boardroom.rl.BoardroomEnv, seed: int | None) -> list[str]:
        env.reset(seed=seed)
        assert env.game is not None
        return [str(a) for a in env.game.legal_actions()]

    a, b = boardroom.rl.env("acquire", 3), boardroom.rl.env("acquire", 3)
    assert first_moves(a, 9) == first_moves(b, 9)
    assert [first_moves(a, None) for _ in range(3)] == [first_moves(b, None) for _ in range(3)]
    assert first_moves(a, 9) != first_moves(a, 10)


def test_end_rewards_go_to_every_seat_once_the_game_is_over() -> None:
    env = boardroom.rl.env("acquire", players=3, views=False)
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert reward == 0.0
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not env.agents
    assert sorted(total.values()) in ([-1.0, 0.0, 1.0], [-1.0, 0.5, 0.5], [-0.5, -0.5, 1.0],
                                      [0.0, 0.0, 0.0])
    assert sum(total.values()) == pytest.approx(0.0)


def test_reward_kinds() -> None:
    from boardroom.core.title import Result

    r = Result((30, 90, 60), ((1,), (2,), (0,)), "")
    assert end_rewards(r, 3, "rank") == [-1.0, 1.0, 0.0]
    assert end_rewards(r, 3, "share") == [30 / 180, 90 / 180, 60 / 180]
    with pytest.raises(boardroom.OptionError, match="unknown reward"):
        boardroom.rl.env("acquire", 3, reward="money")
    with pytest.raises(boardroom.OptionError):
        boardroom.rl.env("acquire", 3, options={"mode": "chess"})


@pytest.mark.parametrize("title", title_names())
def test_single_agent_plays_a_whole_game_against_bots(title: str) -> None:
    seats = seats_for(title)
    env = boardroom.rl.single_agent(title, opponents=["random"] * (seats - 1), seat=1)
    rng = np.random.default_rng(1)

    def episode(seed: int) -> tuple[list[int], float]:
        obs, _ = env.reset(seed=seed)
        taken, reward, done = [], 0.0, False
        for _ in range(3000):
            if done:
                break
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            taken.append(action)
            obs, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        return taken, reward

    rng = np.random.default_rng(1)
    first = episode(3)
    rng = np.random.default_rng(1)
    assert episode(3) == first  # same seed, same choices: the same episode
    assert -1.0 <= first[1] <= 1.0


def test_the_training_example_runs_and_reports_its_win_rates() -> None:
    curve = train(episodes=4, players=2, eval_every=2, eval_games=2, report=False)
    assert [e for e, _ in curve] == [0, 2, 4]
    assert all(0.0 <= w <= 1.0 for _, w in curve)
