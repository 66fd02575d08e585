"""One seat of a Boardroom game as a Gymnasium environment; Boardroom bots play the
other seats.

>>> from boardroom.rl import single_agent
>>> env = single_agent("acquire", opponents=["random", "greedy"], seat=1)
>>> obs, info = env.reset(seed=3)
>>> sorted(obs), int(env.action_space.n)
(['action_mask', 'observation'], 432)

``step(index)`` plays the learner's action, then the bots' until the learner must decide
again or the game ends; the reward is the end reward (``rank``, ``share`` or ``win``,
as in :mod:`boardroom.rl.aec`), 0 before the end. The bots' seeds come from the
episode's seed, so ``reset(seed=s)`` replays the same opponents' choices.

An index whose mask is 0 (an illegal action) is, by default (``illegal="refuse"``),
refused: the game is unchanged, the observation is the same, the reward is
``-ILLEGAL_PENALTY`` (-0.01) and ``info["illegal"]`` is True (with
``info["reason"]``), so an agent that samples the whole space, as Gymnasium's
``check_env`` does, still runs. ``illegal="raise"`` is strict masking: such an index
raises ``ValueError`` and changes nothing. ``info["illegal"]`` is False after a legal
step.

>>> from boardroom.rl import single_agent
>>> env = single_agent("acquire", opponents=["random"], seat=0)
>>> obs, _ = env.reset(seed=1)
>>> bad = int((obs["action_mask"] == 0).argmax())
>>> obs2, reward, terminated, truncated, info = env.step(bad)
>>> reward, info["illegal"], bool((obs2["observation"] == obs["observation"]).all())
(-0.01, True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np

from boardroom.bots import Bot, make_bot
from boardroom.core.errors import OptionError
from boardroom.rl.aec import BoardroomEnv

ILLEGAL_PENALTY = 0.01
"""The reward of an illegal index under ``illegal="refuse"`` is minus this: small next to
the end reward's range [-1, 1], so refusing is a nudge, not the game's outcome."""

ILLEGAL_MODES = ("refuse", "raise")


class SingleAgentEnv(gymnasium.Env[dict[str, Any], np.int64]):
    metadata = {"render_modes": []}  # noqa: RUF012 (Gymnasium's own convention)

    def __init__(self, title: str, opponents: Sequence[str] = ("random",), seat: int = 0,
                 options: Mapping[str, Any] | None = None, reward: str = "rank",
                 players: int | None = None, illegal: str = "refuse") -> None:
        if illegal not in ILLEGAL_MODES:
            raise OptionError(f"illegal={illegal!r}: choose one of {', '.join(ILLEGAL_MODES)}")
        self.illegal = illegal
        names = list(opponents)
        if not names:
            raise OptionError("name at least one opponent bot")
        seats = players or len(names) + 1
        if len(names) == 1:
            names = names * (seats - 1)
        if len(names) != seats - 1:
            raise OptionError(f"{seats} seats need {seats - 1} opponents, not {len(names)}")
        if not 0 <= seat < seats:
            raise OptionError(f"no seat {seat} in a {seats}-player game")
        for name in set(names):
            make_bot(name)
        self.seat = seat
        self.bot_names = [*names[:seat], "", *names[seat:]]
        self.multi = BoardroomEnv(title, seats, options, reward, views=False)
        self.agent = self.multi.possible_agents[seat]
        self.observation_space = self.multi.observation_space(self.agent)
        self.action_space = self.multi.action_space(self.agent)
        self.bots: list[Bot | None] = []

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        self.multi.reset(seed=seed)  # also leaves any second level
        game = self.multi.game
        assert game is not None
        base = game.record.seed
        self.bots = [make_bot(name, seed=base * 8 + s) if name else None
                     for s, name in enumerate(self.bot_names)]
        self._play_bots()
        return self.multi.observe(self.agent), {}

    def _play_bots(self) -> None:
        game = self.multi.game
        assert game is not None
        while not game.is_over and game.to_act[0] != self.seat:
            seat = game.to_act[0]
            bot = self.bots[seat]
            assert bot is not None
            game.apply(bot.choose(game, seat), seat)

    def step(self, action: np.int64 | int) -> tuple[dict[str, Any], float, bool, bool,
                                                     dict[str, Any]]:
        game = self.multi.game
        assert game is not None
        if game.is_over:
            raise OptionError("the game is over: reset the environment")
        index = int(action)
        kind, chosen = self.multi.resolve(self.seat, index)
        if kind == "illegal":
            reason = f"action {index} is not legal now (its mask is 0)"
            if self.illegal == "raise":
                raise ValueError(reason)
            return (self.multi.observe(self.agent), -ILLEGAL_PENALTY, False, False,
                    {"illegal": True, "reason": reason})
        if chosen is None:  # a second level (see boardroom.rl.aec): choose again
            return self.multi.observe(self.agent), 0.0, False, False, {"illegal": False,
                                                                       "level": 2}
        game.apply(chosen, self.seat)
        self._play_bots()
        obs = self.multi.observe(self.agent)
        if game.is_over:
            from boardroom.rl.aec import end_rewards

            rewards = end_rewards(game.result, len(self.bot_names), self.multi.reward_kind)
            return obs, rewards[self.seat], True, False, {"result": game.result,
                                                          "illegal": False}
        truncated = len(game.record.actions) >= self.multi.max_actions
        return obs, 0.0, False, truncated, {"illegal": False}
