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
            if action is not None:  # None: a second level (several share the index)
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


# -- issue 29: the RL environments pass their libraries' own checks --------------------
@pytest.mark.parametrize("title", title_names())
def test_gymnasium_check_env_passes_for_the_default_single_agent_wrapper(title: str) -> None:
    from gymnasium.utils.env_checker import check_env

    seats = seats_for(title)
    env = boardroom.rl.single_agent(title, opponents=["random"] * (seats - 1))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)


@pytest.mark.parametrize("title", title_names())
def test_an_illegal_index_is_refused_with_the_penalty_and_the_state_unchanged(title: str
                                                                              ) -> None:
    from boardroom.rl.single import ILLEGAL_PENALTY

    seats = seats_for(title)
    env = boardroom.rl.single_agent(title, opponents=["random"] * (seats - 1))
    obs, _ = env.reset(seed=2)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    game = env.multi.game
    before = game.to_record()
    again, reward, terminated, truncated, info = env.step(bad)
    assert info["illegal"] is True and "not legal" in info["reason"]
    assert reward == -ILLEGAL_PENALTY and not terminated and not truncated
    assert game.to_record() == before
    assert np.array_equal(again["observation"], obs["observation"])
    assert np.array_equal(again["action_mask"], obs["action_mask"])
    good = int(np.flatnonzero(obs["action_mask"])[0])
    assert env.step(good)[4]["illegal"] is False
    strict = boardroom.rl.single_agent(title, opponents=["random"] * (seats - 1),
                                       illegal="raise")
    obs, _ = strict.reset(seed=2)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


@pytest.mark.parametrize("title", title_names())
def test_every_legal_action_is_choosable_by_a_distinct_index_path(title: str) -> None:
    """Each legal action has a path of one index, or two (the index its group shares,
    then its place in the group), that no other legal action has, and that path decodes
    back to it: over random games, every decision."""
    env = boardroom.rl.env(title, players=seats_for(title), views=False)
    shared = total = 0
    for seed in (1,) if title == "lost_atlas" else (1, 2):  # Lost Atlas: ~2,000 a decision
        env.reset(seed=seed)
        game = env.game
        assert game is not None
        bot = make_bot("random", seed=seed)
        while not game.is_over and len(game.record.actions) < 300:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            paths: dict[tuple[int, ...], str] = {}
            for action in legal:
                i = env.encoding.action_index(action)
                group = env.groups(seat)[i]
                path = (i,) if len(group) == 1 else (i, group.index(action))
                assert path not in paths, (paths[path], str(action))
                paths[path] = str(action)
                kind, chosen = env.resolve(seat, path[0])
                if len(path) == 2:
                    assert kind == "level" and chosen is None
                    assert set(np.flatnonzero(env.action_mask(seat))) == set(range(len(group)))
                    kind, chosen = env.resolve(seat, path[1])
                assert kind == "play" and chosen == action
                shared += len(path) == 2
            total += len(legal)
            game.apply(bot.choose(game, seat), seat)
    assert len(paths) == len(legal) and total > 0
    if title == "acquire":
        assert shared == 0  # the exact encoding never needs a second level


def test_a_second_level_keeps_the_agent_and_plays_the_chosen_price() -> None:
    env = boardroom.rl.env("lost_atlas", players=3)
    rng = np.random.default_rng(0)
    env.reset(seed=1)
    seen = 0
    for agent in env.agent_iter(max_iter=3000):
        obs, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        game = env.game
        assert game is not None
        mask = obs["action_mask"]
        if env.pending is not None:
            assert obs["observation"][-3] == 1.0 and "group" in info
            k = int(rng.choice(np.flatnonzero(mask)))
            wanted = info["group"][k]
            before = len(game.record.actions)
            env.step(k)
            assert game.record.actions[before] == wanted
            seen += 1
            if seen >= 5:
                break
            continue
        assert obs["observation"][-3] == 0.0
        i = int(rng.choice(np.flatnonzero(mask)))
        env.step(i)
        if env.pending is not None:
            assert env.agent_selection == agent
    assert seen >= 5


def _changed_fields(before: object, after: object, path: str = "") -> list[str]:
    """The paths where two views differ."""
    if isinstance(before, dict) and isinstance(after, dict):
        out = []
        for key in sorted(set(before) | set(after), key=str):
            out += _changed_fields(before.get(key), after.get(key), f"{path}/{key}")
        return out
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        out = []
        for i, (a, b) in enumerate(zip(before, after, strict=True)):
            out += _changed_fields(a, b, f"{path}/{i}")
        return out
    return [] if before == after else [path]


@pytest.mark.parametrize("title", title_names())
def test_a_change_of_the_seats_view_changes_its_observation(title: str) -> None:
    """Random games (seeds the layouts were not made from): whenever a seat's view
    changes, its observation changes too, and every field of the view has a place."""
    seats = seats_for(title)
    env = boardroom.rl.env(title, players=seats, views=False)
    games = {"lost_atlas": 1}.get(title, 2)
    for seed in range(7, 7 + games):
        env.reset(seed=seed)
        game = env.game
        assert game is not None
        bot = make_bot("random", seed=seed)
        last = [(game.view(s), env.observe(env.possible_agents[s])["observation"][:-3])
                for s in range(seats)]
        while not game.is_over and len(game.record.actions) < 250:
            seat = game.to_act[0]
            game.apply(bot.choose(game, seat), seat)
            for s in range(seats):
                view = game.view(s)
                obs = env.observe(env.possible_agents[s])["observation"][:-3]
                changed = _changed_fields(last[s][0], view)
                if changed:
                    assert not np.array_equal(obs, last[s][1]), (
                        f"{title}: seat {s}'s view changed at {changed} after "
                        f"{game.record.actions[-1]!r}, its observation did not")
                last[s] = (view, obs)
    assert getattr(env.encoding, "unplaced", 0) == 0, (
        f"{title}: fields of the view had no place in the observation; run "
        f"python -m boardroom.rl.layout {title}")


def _leaves(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaves(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))]
    return [path]


def _changed(view: object, path: tuple[object, ...]) -> object:
    import copy

    new = copy.deepcopy(view)
    at: object = new
    for key in path[:-1]:
        at = at[key]  # type: ignore[index]
    old = at[path[-1]]  # type: ignore[index]
    if isinstance(old, bool) or old is None:
        at[path[-1]] = not old  # type: ignore[index]
    elif isinstance(old, int | float):
        at[path[-1]] = old + 1  # type: ignore[index]
    else:
        at[path[-1]] = f"{old}-changed"  # type: ignore[index]
    return new


@pytest.mark.parametrize("title", [t for t in title_names() if t != "acquire"])
def test_every_field_of_the_view_has_its_own_place(title: str) -> None:
    """The titles observed through their view: changing any one field of a view (a
    number by one, a flag, a word) changes the observation; no field shares its place
    with another or is clipped away. (Acquire's encoding reads the state: the test above
    covers it.)"""
    seats = seats_for(title)
    enc = encoding_for(title, seats)
    game = boardroom.new_game(title, [f"player_{s}" for s in range(seats)], seed=11)
    bot = make_bot("random", seed=11)
    base = np.zeros(enc.observation_size, np.float32)
    other = np.zeros(enc.observation_size, np.float32)
    checked = 0
    for step in range(100):
        if game.is_over:
            break
        if step % 50 == 0:
            view = game.view(game.to_act[0])
            enc.encode_view(view, base)  # type: ignore[attr-defined]
            for path in _leaves(view):
                enc.encode_view(_changed(view, path), other)  # type: ignore[attr-defined]
                assert not np.array_equal(base, other), f"{title}: {path} has no place"
                checked += 1
        game.apply(bot.choose(game, game.to_act[0]), game.to_act[0])
    assert checked > 50
