"""A small example that learns something real: a linear softmax policy trained with
REINFORCE (numpy only) to play Acquire against ``random`` bots.

::

    python -m boardroom.rl.train                      # 400 episodes, 3 players
    python -m boardroom.rl.train --episodes 2000 --eval-every 500 --eval-games 300

The policy reads only what the environment gives it: the observation vector and the
action mask of :mod:`boardroom.rl.acquire`. Each legal action index is described by a
few numbers computed from the two (:func:`action_features`: what kind of action it is;
for a tile, its neighbours, whether it founds a chain, whether it merges away a chain
the learner leads; for a purchase, how many shares, how many of them win or keep a
majority, the chains' price and size; for a disposal, how much is sold or traded...),
and the policy scores it as ``theta @ features``: one weight per feature, shared by
every action, which is what lets a few hundred games teach it. Every ``--batch``
episodes it moves along the mean of each episode's log-probability gradient scaled by
(end reward - a running baseline), the ``rank`` reward (+1 first, -1 last). Every
``--eval-every`` episodes it plays ``--eval-games`` fixed seeds it never trains on and
prints the win rate; before training the policy is uniform over the legal actions, so
it plays as the random bot does. Everything is seeded: a run prints the same figures
every time.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from boardroom.rl import acquire as enc
from boardroom.rl.single import SingleAgentEnv
from boardroom.titles.acquire.board import NEIGHBOURS
from boardroom.titles.acquire.stockcard import TIER

Array = npt.NDArray[np.float64]
EVAL_SEED0 = 1_000_000
"""Evaluation games use seeds from here on; training games from 1."""
KINDS = 7
NAMES = (
    "kind: place", "kind: found", "kind: survivor", "kind: next", "kind: dispose",
    "kind: buy", "kind: end",
    "place: occupied neighbours", "place: chains touched", "place: my lead in them",
    "found: cheap tier", "found: middle tier", "found: expensive tier",
    "survivor/next: my lead in the chain",
    "dispose: sold", "dispose: traded", "dispose: keep all", "dispose: my cash",
    "buy: shares", "buy: my lead in them", "buy: their price", "buy: their size",
    "buy: my cash",
    "end: my cash lead",
    "place: founds a chain", "place: merges chains I lead",
    "buy: shares that win or keep a majority",
)
FEATURES = len(NAMES)


def _holdings(obs: Array, seats: int) -> tuple[Array, Array, Array]:
    """Per chain: the learner's shares, the most any other seat holds (both /25), and
    every seat's cash (/60,000), the learner first."""
    per_seat = enc.NCHAINS + 1
    rows = obs[enc.SEAT0:enc.SEAT0 + seats * per_seat].reshape(seats, per_seat)
    mine = rows[0, 1:]
    others = rows[1:, 1:].max(axis=0) if seats > 1 else np.zeros(enc.NCHAINS)
    return mine, others, rows[:, 0]


def action_features(obs: Array, index: int, seats: int) -> Array:
    """The numbers that describe action ``index`` in the situation ``obs``."""
    f = np.zeros(FEATURES)
    mine, others, cash = _holdings(obs, seats)
    price = obs[enc.CHAIN0 + enc.NCHAINS:enc.CHAIN0 + 2 * enc.NCHAINS]
    size = obs[enc.CHAIN0:enc.CHAIN0 + enc.NCHAINS]
    at = KINDS
    if index < enc.FOUND0:  # place a tile
        f[0] = 1.0
        board = obs[enc.BOARD0:enc.BOARD0 + enc.TILES * 8].reshape(enc.TILES, 8)
        near = [board[n] for n in NEIGHBOURS[index]]
        chains = {int(np.argmax(b)) for b in near if b[:7].any()}
        f[at] = sum(1.0 for b in near if b.any()) / 4
        f[at + 1] = len(chains) / 4
        f[at + 2] = sum(float(mine[c] - others[c]) for c in chains)
        if not chains and any(b[7] for b in near):
            f[at + 17] = 1.0
        if len(chains) > 1:
            biggest = max(chains, key=lambda c: size[c])
            f[at + 18] = sum(1.0 for c in chains if c != biggest and mine[c] >= others[c]
                             and mine[c] > 0)
    elif index < enc.SURVIVOR0:  # found a chain: its price tier
        f[1] = 1.0
        f[at + 3 + TIER[index - enc.FOUND0]] = 1.0
    elif index < enc.DISPOSE0:  # the survivor, or the next acquired chain
        chain = (index - enc.SURVIVOR0) % enc.NCHAINS
        f[2 if index < enc.NEXT0 else 3] = 1.0
        f[at + 6] = float(mine[chain] - others[chain])
    elif index < enc.BUY0:  # keep, sell, trade
        f[4] = 1.0
        sell, trade = enc.DISPOSALS[index - enc.DISPOSE0]
        f[at + 7] = sell / 25
        f[at + 8] = trade / 25
        f[at + 9] = 1.0 if sell == trade == 0 else 0.0
        f[at + 10] = float(cash[0])
    elif index < enc.END:  # buy these shares
        f[5] = 1.0
        combo = enc.BUYS[index - enc.BUY0]
        f[at + 11] = len(combo) / 3
        for c in set(combo):
            bought = combo.count(c)
            if mine[c] + bought / 25 >= others[c]:
                f[at + 19] += bought / 3
        for c in combo:
            f[at + 12] += float(mine[c] - others[c]) / 3
            f[at + 13] += float(price[c]) / 3
            f[at + 14] += float(size[c]) / 3
        f[at + 15] = float(cash[0])
    else:  # declare the end: am I ahead in cash?
        f[6] = 1.0
        f[at + 16] = float(cash[0] - cash[1:].max()) if seats > 1 else 0.0
    return f


class LinearPolicy:
    """Scores each legal action as ``theta @ action_features``; softmax over them."""

    def __init__(self, seats: int, seed: int = 0) -> None:
        self.theta = np.zeros(FEATURES)
        self.seats = seats
        self.rng = np.random.default_rng(seed)

    def act(self, obs: dict[str, npt.NDArray[np.generic]], greedy: bool = False
            ) -> tuple[int, Array, Array, int]:
        x = obs["observation"].astype(np.float64)
        legal = np.flatnonzero(obs["action_mask"])
        phi = np.stack([action_features(x, int(i), self.seats) for i in legal])
        logits = phi @ self.theta
        logits -= logits.max()
        p = np.exp(logits)
        p /= p.sum()
        k = int(np.argmax(logits)) if greedy else int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), phi, p, k


Decision = tuple[Array, Array, int]


def play(env: SingleAgentEnv, policy: LinearPolicy, seed: int, greedy: bool = False
         ) -> tuple[float, list[Decision], bool]:
    """One episode: the end reward, the learner's decisions and whether it won."""
    obs, _ = env.reset(seed=seed)
    decisions: list[Decision] = []
    reward, done = 0.0, False
    while not done:
        action, phi, p, k = policy.act(obs, greedy)
        decisions.append((phi, p, k))
        obs, reward, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    game = env.multi.game
    assert game is not None and game.result is not None
    return float(reward), decisions, env.seat in game.result.winners


def log_gradient(decisions: Sequence[Decision]) -> Array:
    """The mean over an episode's decisions of grad log pi(chosen) = phi(chosen) - E_p[phi]
    (REINFORCE scales it by the episode's advantage)."""
    grad = np.zeros(FEATURES)
    for phi, p, k in decisions:
        grad += phi[k] - p @ phi
    result: Array = grad / max(1, len(decisions))
    return result


def win_rate(env: SingleAgentEnv, policy: LinearPolicy, games: int) -> float:
    """The share of ``games`` fixed evaluation games the policy wins, sampling its
    choices (so the untrained policy, uniform over the legal actions, plays exactly
    like the random bot); each evaluation game's sampling is seeded by its number."""
    training_rng = policy.rng
    wins = 0
    for k in range(games):
        policy.rng = np.random.default_rng(EVAL_SEED0 + k)
        wins += play(env, policy, EVAL_SEED0 + k)[2]
    policy.rng = training_rng
    return wins / games


def train(episodes: int = 400, players: int = 3, eval_every: int = 100,
          eval_games: int = 100, rate: float = 10.0, seed: int = 0,
          report: bool = True, batch: int = 8) -> list[tuple[int, float]]:
    """Train; return (episodes trained, evaluation win rate) at each evaluation."""
    env = SingleAgentEnv("acquire", ["random"], seat=0, players=players)
    policy = LinearPolicy(players, seed)
    curve = [(0, win_rate(env, policy, eval_games))]
    if report:
        print(f"episodes {0:>5}: win rate {curve[-1][1]:.3f} against {players - 1} random "
              f"bots (a random seat wins {1 / players:.3f})", flush=True)
    baseline = 0.0
    grad = np.zeros(FEATURES)
    for episode in range(1, episodes + 1):
        reward, decisions, _ = play(env, policy, seed + episode)
        grad += (reward - baseline) * log_gradient(decisions)
        baseline += 0.05 * (reward - baseline)
        if episode % batch == 0:
            policy.theta += rate * grad / batch
            grad[:] = 0.0
        if episode % eval_every == 0:
            curve.append((episode, win_rate(env, policy, eval_games)))
            if report:
                print(f"episodes {episode:>5}: win rate {curve[-1][1]:.3f}", flush=True)
    if report:
        print("weights: " + ", ".join(f"{n} {w:+.2f}" for n, w in zip(NAMES, policy.theta,
                                                                      strict=True)))
    return curve


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m boardroom.rl.train", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--episodes", type=int, default=400)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--eval-every", type=int, default=100)
    p.add_argument("--eval-games", type=int, default=100)
    p.add_argument("--rate", type=float, default=10.0)
    p.add_argument("--batch", type=int, default=8, help="episodes per update (8)")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    if args.episodes < 1 or args.eval_every < 1 or args.eval_games < 1:
        p.error("--episodes, --eval-every and --eval-games must be at least 1")
    if not 2 <= args.players <= 6:
        p.error("--players must be 2 to 6")
    train(args.episodes, args.players, args.eval_every, args.eval_games, args.rate,
          args.seed, batch=max(1, args.batch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
