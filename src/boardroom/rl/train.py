"""A small example that learns something real: a linear softmax policy trained with
REINFORCE (in numpy) to play Acquire against ``random`` bots.

::

    python -m boardroom.rl.train                      # 600 episodes, 3 players
    python -m boardroom.rl.train --episodes 2000 --eval-every 200 --eval-games 200

The policy scores every action index as ``W @ observation + b`` and picks among the
legal ones (the action mask) with a softmax. After each episode the log-probability
gradient of every decision the learner took is scaled by (end reward - a running
baseline): the ``rank`` reward, +1 for first place and -1 for last. Every
``--eval-every`` episodes it plays ``--eval-games`` fixed seeds (never trained on)
and prints the win rate; a random seat wins 1/players of the games. Everything is
seeded, so a run prints the same figures every time.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from boardroom.rl.single import SingleAgentEnv

Array = npt.NDArray[np.float64]
EVAL_SEED0 = 1_000_000
"""Evaluation games use seeds from here on; training games from 0."""


def features(observation: npt.NDArray[np.generic]) -> Array:
    """The policy's inputs: the observation without the board and the hand (the chains,
    the seats' cash and shares, the step, the merger), and a constant 1."""
    from boardroom.rl.acquire import CHAIN0

    rest = observation[CHAIN0:].astype(np.float64)
    return np.concatenate([rest, [1.0]])


@dataclass
class LinearPolicy:
    weights: Array
    bias: Array
    rng: np.random.Generator = field(default_factory=lambda: np.random.default_rng(0))

    @classmethod
    def zeros(cls, actions: int, features: int, seed: int = 0) -> LinearPolicy:
        return cls(np.zeros((actions, features)), np.zeros(actions),
                   np.random.default_rng(seed))

    def probabilities(self, x: Array, legal: npt.NDArray[np.intp]) -> Array:
        logits = self.weights[legal] @ x + self.bias[legal]
        logits -= logits.max()
        p = np.exp(logits)
        result: Array = p / p.sum()
        return result

    def act(self, obs: dict[str, npt.NDArray[np.generic]], greedy: bool = False
            ) -> tuple[int, Array, npt.NDArray[np.intp], Array]:
        x = features(obs["observation"])
        legal = np.flatnonzero(obs["action_mask"])
        p = self.probabilities(x, legal)
        k = int(np.argmax(p)) if greedy else int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), x, legal, p


def play(env: SingleAgentEnv, policy: LinearPolicy, seed: int, greedy: bool = False
         ) -> tuple[float, list[tuple[Array, npt.NDArray[np.intp], Array, int]], bool]:
    """One episode: the end reward, the learner's decisions and whether it won."""
    obs, _ = env.reset(seed=seed)
    steps = []
    reward = 0.0
    done = env.multi.game is not None and env.multi.game.is_over
    while not done:
        action, x, legal, p = policy.act(obs, greedy)
        steps.append((x, legal, p, int(np.searchsorted(legal, action))))
        obs, reward, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    game = env.multi.game
    assert game is not None and game.result is not None
    won = env.seat in game.result.winners
    return float(reward), steps, won


def reinforce(policy: LinearPolicy, steps: Sequence[tuple[Array, npt.NDArray[np.intp],
                                                          Array, int]],
              advantage: float, rate: float) -> None:
    """Move the policy along advantage x grad log pi(action) of each decision."""
    for x, legal, p, k in steps:
        grad = -p
        grad[k] += 1.0
        step = rate * advantage * grad
        policy.weights[legal] += np.outer(step, x)
        policy.bias[legal] += step


def win_rate(env: SingleAgentEnv, policy: LinearPolicy, games: int) -> float:
    wins = sum(play(env, policy, EVAL_SEED0 + k, greedy=False)[2] for k in range(games))
    return wins / games


def train(episodes: int = 600, players: int = 3, eval_every: int = 100,
          eval_games: int = 100, rate: float = 0.02, seed: int = 0,
          report: bool = True) -> list[tuple[int, float]]:
    """Train; return (episodes trained, evaluation win rate) at each evaluation."""
    env = SingleAgentEnv("acquire", ["random"], seat=0, players=players)
    n = env.multi.encoding.action_size
    size = len(features(np.zeros(env.multi.encoding.observation_size)))
    policy = LinearPolicy.zeros(n, size, seed)
    curve = [(0, win_rate(env, policy, eval_games))]
    if report:
        print(f"episodes {0:>5}: win rate {curve[-1][1]:.3f} "
              f"(a random seat: {1 / players:.3f})", flush=True)
    baseline = 0.0
    for episode in range(1, episodes + 1):
        reward, steps, _ = play(env, policy, seed + episode)
        reinforce(policy, steps, reward - baseline, rate)
        baseline += 0.05 * (reward - baseline)
        if episode % eval_every == 0:
            curve.append((episode, win_rate(env, policy, eval_games)))
            if report:
                print(f"episodes {episode:>5}: win rate {curve[-1][1]:.3f}", flush=True)
    return curve


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m boardroom.rl.train", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--episodes", type=int, default=600)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--eval-every", type=int, default=100)
    p.add_argument("--eval-games", type=int, default=100)
    p.add_argument("--rate", type=float, default=0.02)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    if args.episodes < 1 or args.eval_every < 1 or args.eval_games < 1:
        p.error("--episodes, --eval-every and --eval-games must be at least 1")
    if not 2 <= args.players <= 6:
        p.error("--players must be 2 to 6")
    train(args.episodes, args.players, args.eval_every, args.eval_games, args.rate,
          args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
