"""A Boardroom game as a PettingZoo AEC environment.

>>> from boardroom.rl import env
>>> e = env("acquire", players=3)
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0, e.agent_selection
((1217,), True, 'player_2')

Agents are ``player_0`` ... in seat order; the one to act is whoever the game asks
(``Game.to_act``: in an Acquire merger each stockholder answers in turn). Each
observation is a dict: ``observation``, the seat's vector (:mod:`boardroom.rl.encoding`),
and ``action_mask``, 1 at the index of every legal action. ``infos[agent]["view"]`` is
the seat's view (the same JSON the interfaces show), given to the agent about to act
(``views=False`` leaves it out, for speed).
Rewards come at the end only: ``reward="rank"`` (default) gives first place +1 and
last -1, evenly between (tied seats share their places' mean); ``"share"`` gives each
seat its share of the scores; ``"win"`` 1 to the winner (1/k each of k tied winners).
``reset(seed=s)`` starts game seed ``s``; a reset without a seed draws the next seed
from the last one, so a seeded sequence of episodes is reproducible.

**Two levels where an encoding shares indices.** An encoding may give several legal
actions one index (the hashed encodings: a band of prices, a hash collision). Every
legal action stays choosable: choosing such an index does not play yet; the same agent
is asked again, and at this second level index ``k`` (``k < `` the group's size; the mask
says which) plays the ``k``-th action of the group, the group ordered by its notation
with numbers compared as numbers (so ``k`` is the ``k``-th lowest price of a band). The
observation's last :data:`LEVEL_FEATURES` numbers say which level is asked: 1 at the
second level, the first level's index / ``action_size`` and the group's size /
``action_size`` (all 0 at the first level); ``infos[agent]["group"]`` lists the group's
notations when views are on. An exact encoding (Acquire) never shares an index, so it
never asks a second level.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from boardroom.core.errors import OptionError
from boardroom.core.game import Game
from boardroom.core.registry import get_title
from boardroom.core.rng import Rng
from boardroom.core.title import Action, Result
from boardroom.rl.encoding import Encoding, encoding_for

REWARDS = ("rank", "share", "win")

LEVEL_FEATURES = 3
"""Numbers appended to every observation: second level asked, the first level's index
and the group's size (each / action_size)."""


def natural_key(action: Action) -> tuple[tuple[int, int | str], ...]:
    """An action's notation as a sort key, numbers compared by value.

    >>> sorted(["bid 100", "bid 20", "bid 5"], key=natural_key)
    ['bid 5', 'bid 20', 'bid 100']
    """
    words = str(action).split()
    return tuple((0, int(w)) if w.lstrip("-").isdigit() else (1, w) for w in words)


def end_rewards(result: Result | None, seats: int, kind: str) -> list[float]:
    """Each seat's reward for a finished game.

    >>> from boardroom.core.title import Result
    >>> r = Result((50, 80, 50, 10), ((1,), (0, 2), (3,)), "")
    >>> end_rewards(r, 4, "rank"), end_rewards(r, 4, "win")
    ([0.0, 1.0, 0.0, -1.0], [0.0, 1.0, 0.0, 0.0])
    >>> [round(x, 3) for x in end_rewards(r, 4, "share")]
    [0.263, 0.421, 0.263, 0.053]
    """
    if result is None:
        return [0.0] * seats
    if kind == "win":
        return [1 / len(result.winners) if s in result.winners else 0.0 for s in range(seats)]
    if kind == "share":
        total = sum(max(0, x) for x in result.scores)
        if total <= 0:
            return [1 / seats] * seats
        return [max(0, x) / total for x in result.scores]
    out = [0.0] * seats
    place = 0
    for group in result.ranking:
        mean_place = place + (len(group) - 1) / 2
        for seat in group:
            out[seat] = 1.0 - 2.0 * mean_place / (seats - 1) if seats > 1 else 0.0
        place += len(group)
    return out


class BoardroomEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    metadata: ClassVar[dict[str, Any]] = {"name": "boardroom_v0", "render_modes": ["ansi"],
                                          "is_parallelizable": False}

    def __init__(self, title: str, players: int = 4, options: Mapping[str, Any] | None = None,
                 reward: str = "rank", max_actions: int = 20_000,
                 render_mode: str | None = None, views: bool = True) -> None:
        super().__init__()
        self.views = views
        get_title(title)
        if reward not in REWARDS:
            raise OptionError(f"unknown reward {reward!r}; choose one of {', '.join(REWARDS)}")
        if render_mode not in (None, "ansi"):
            raise OptionError(f"unknown render mode {render_mode!r}; only 'ansi'")
        self.title = title
        self.options = dict(options or {})
        self.reward_kind = reward
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.names = [f"player_{s}" for s in range(players)]
        Game(title, self.names, seed=0, options=self.options)  # a bad option fails here
        self.possible_agents = list(self.names)
        self.encoding: Encoding = encoding_for(title, players)
        size = self.encoding.action_size
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoding.observation_size
                                                  + LEVEL_FEATURES,), np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8),
        })
        self._observation_spaces = {a: obs_space for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._seeds = Rng(0)
        self.game: Game | None = None
        self._groups: dict[int, list[Action]] = {}
        self._groups_for = -1
        self.pending: tuple[int, int, list[Action]] | None = None
        """At a second level: (seat, first-level index, the group to choose from)."""

    # -- spaces -------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # -- the episode --------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = Rng(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.below(2**31)
        self.game = Game(self.title, self.names, seed=game_seed, options=self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._groups_for = -1
        self.pending = None
        self._select()

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def _select(self) -> None:
        game = self.game
        assert game is not None
        if game.is_over:
            return
        seat = game.to_act[0]
        self.agent_selection = self.possible_agents[seat]
        if self.views:
            self.infos[self.agent_selection] = {"view": game.view(seat)}

    def groups(self, seat: int) -> dict[int, list[Action]]:
        """The legal actions of ``seat`` by first-level index, each group in its
        second-level order (:func:`natural_key`)."""
        game = self.game
        assert game is not None
        stamp = len(game.record.actions) * 8 + seat
        if self._groups_for != stamp:
            found: dict[int, list[Action]] = {}
            index = self.encoding.action_index
            for action in game.legal_actions(seat):
                found.setdefault(index(action), []).append(action)
            for group in found.values():
                if len(group) > 1:
                    group.sort(key=natural_key)
            self._groups = found
            self._groups_for = stamp
        return self._groups

    def choices(self, seat: int) -> dict[int, Action | None]:
        """What each index does now for ``seat``: the action it plays, or ``None`` where
        it opens a second level (its group shares the index)."""
        if self.pending is not None and self.pending[0] == seat:
            return dict(enumerate(self.pending[2]))
        return {i: g[0] if len(g) == 1 else None for i, g in self.groups(seat).items()}

    def resolve(self, seat: int, index: int) -> tuple[str, Action | None]:
        """Index ``index`` chosen by ``seat``: ``("play", action)``, ``("level", None)``
        (a second level is now asked; nothing played) or ``("illegal", None)`` (nothing
        changed)."""
        if self.pending is not None and self.pending[0] == seat:
            group = self.pending[2]
            if not 0 <= index < len(group):
                return "illegal", None
            self.pending = None
            return "play", group[index]
        group_or_none = self.groups(seat).get(index)
        if group_or_none is None:
            return "illegal", None
        if len(group_or_none) == 1:
            return "play", group_or_none[0]
        if len(group_or_none) > self.encoding.action_size:
            raise ValueError(f"{len(group_or_none)} actions share index {index}: more than "
                             f"the {self.encoding.action_size} of the second level")
        self.pending = (seat, index, group_or_none)
        return "level", None

    def action_mask(self, seat: int) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.encoding.action_size, np.int8)
        game = self.game
        assert game is not None
        if not game.is_over and seat in game.to_act:
            if self.pending is not None and self.pending[0] == seat:
                mask[:len(self.pending[2])] = 1
            else:
                mask[list(self.groups(seat))] = 1
        return mask

    def observe(self, agent: str) -> dict[str, Any]:
        game = self.game
        assert game is not None
        seat = self._seat(agent)
        size = self.encoding.observation_size
        vector = np.zeros(size + LEVEL_FEATURES, np.float32)
        self.encoding.observe(game, seat, vector[:size])
        if self.pending is not None and self.pending[0] == seat:
            n = self.encoding.action_size
            vector[size:] = (1.0, self.pending[1] / n, len(self.pending[2]) / n)
        return {"observation": vector, "action_mask": self.action_mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None
        seat = self._seat(agent)
        if action is None:
            raise ValueError(f"{agent} must choose an action (None is for finished agents)")
        kind, chosen = self.resolve(seat, int(action))
        if kind == "illegal":
            raise ValueError(f"action {int(action)} is not legal for {agent} now "
                             f"(its action_mask is 0 there)")
        self._cumulative_rewards[agent] = 0.0
        if chosen is None:  # a second level: the same agent chooses again
            self.rewards = {a: 0.0 for a in self.agents}
            if self.views and self.pending is not None:
                self.infos[agent] = {"view": game.view(seat),
                                     "group": [str(a) for a in self.pending[2]]}
            self._accumulate_rewards()
            return
        game.apply(chosen, seat)
        self.rewards = {a: 0.0 for a in self.agents}
        if game.is_over:
            final = end_rewards(game.result, len(self.possible_agents), self.reward_kind)
            for a in self.agents:
                self.rewards[a] = final[self._seat(a)]
                self.terminations[a] = True
                if self.views:
                    self.infos[a] = {"view": game.view(self._seat(a))}
        elif len(game.record.actions) >= self.max_actions:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        game = self.game
        last = game.log[-3:]
        return "\n".join([f"{game.title.display_name}, action {len(game.record.actions)}",
                          *last])

    def close(self) -> None:
        self.game = None
