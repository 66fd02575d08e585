"""Reinforcement learning on Boardroom's titles: PettingZoo and Gymnasium environments.

>>> import boardroom.rl
>>> e = boardroom.rl.env("acquire", players=2, options={"mode": "classic"})
>>> e.reset(seed=1)
>>> e.agents
['player_0', 'player_1']

``env`` is a multi-agent PettingZoo AEC environment (:mod:`boardroom.rl.aec`);
``single_agent`` a Gymnasium environment for one seat, the other seats played by
Boardroom bots (:mod:`boardroom.rl.single`). See docs/rl.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardroom.rl.aec import BoardroomEnv


def env(title: str, players: int = 4, options: Mapping[str, Any] | None = None,
        reward: str = "rank", max_actions: int = 20_000,
        render_mode: str | None = None, views: bool = True) -> BoardroomEnv:
    """A PettingZoo AEC environment of ``title`` for ``players`` seats."""
    return BoardroomEnv(title, players, options, reward, max_actions, render_mode, views)


def single_agent(title: str, opponents: Sequence[str] = ("random",), seat: int = 0,
                 options: Mapping[str, Any] | None = None, reward: str = "rank",
                 illegal: str = "refuse") -> Any:
    """A Gymnasium environment: the learner at ``seat``, bots in the other seats; an
    illegal index is refused with a small penalty (``illegal="raise"``: strict)."""
    from boardroom.rl.single import SingleAgentEnv

    return SingleAgentEnv(title, opponents, seat, options, reward, illegal=illegal)


__all__ = ["BoardroomEnv", "env", "single_agent"]
