"""Monte Carlo tree search over information sets, for any title.

One :func:`search` call chooses one action for one seat. Each *iteration*:

1. **Determinize**: the title's :class:`Domain` makes a full state consistent with what
   the seat may know (Acquire: the unseen tiles dealt at random into the other racks and
   the bag; every title: a fresh random generator, so no simulation reads the real
   future). The real hidden information is never read.
2. **Select and expand** (single-observer IS-MCTS): from the root, follow the tree of
   decisions for at most ``depth`` decisions. At a node the candidate actions are the
   domain's, best first by its heuristic prior (*action grouping*: long lists such as
   the Lost Atlas's tile lays or train offers are cut to a few representatives);
   *progressive widening* lets a node with ``n`` visits consider only its first
   ``ceil(widen * sqrt(n + 1))`` candidates, so the prior's favourite is searched first
   and the others join as visits accumulate. Among the considered children legal in
   this determinization, an unvisited one is expanded first; otherwise UCB1 with
   availability counts picks one (``mean + explore * sqrt(ln(available) / visits)``).
   Decisions with one legal action are played without a tree level.
3. **Roll out**: play on with the domain's rollout policy (the title's heuristic bot)
   for ``horizon`` more decisions, or to the end of the game.
4. **Evaluate and back up**: the domain scores the position for every seat (1 for a
   won game, 0 for a lost one, a win-like estimate in between otherwise) and every node
   on the path adds the score of the seat that chose it (max^n style, for any number of
   players).

The root's most visited child is played (ties: the better mean, then the prior's
order), unless ``keep`` is set and its mean does not beat the prior's choice by more
than ``keep`` (a deviation from the heuristic on a difference the rollouts cannot tell
from noise is then not made). Everything is seeded: the same position, seed and
configuration give the same action on any machine. The budget is a number of
iterations, never the clock, so a game with search bots replays exactly.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from boardroom.core.rng import Rng
from boardroom.core.title import Action, Title

S = TypeVar("S")


@dataclass(frozen=True)
class SearchConfig:
    """The knobs of one search (see the module doc)."""

    iterations: int = 100
    """Iterations per decision: the budget."""
    depth: int = 2
    """Decisions in the tree below the root decision (the root included)."""
    horizon: int = 8
    """Rollout decisions after the tree before the position is evaluated."""
    widen: float = 1.5
    """Progressive widening: a node with n visits considers ceil(widen*sqrt(n+1))."""
    explore: float = 0.4
    """The UCB1 exploration constant (scores are in 0..1)."""
    epsilon: float = 0.0
    """The chance a rollout decision is a uniformly random legal action."""
    max_steps: int = 400
    """A safety bound on the actions one iteration may apply."""
    keep: float = 0.0
    """The prior's choice is played unless the searched choice's mean beats it by more
    than this (0: the most visited child is played as it stands)."""
    flat: int = 0
    """1: a flat, paired search instead of the tree: the iterations are played in rounds,
    each round playing every root candidate once from the same determinization and the
    same rollout seed (common random numbers), and the best mean is played (``depth``,
    ``widen`` and ``explore`` are then unused)."""
    cycles: int = 0
    """A rollout also stops once the domain's :meth:`Domain.progress` has moved this
    many steps past the root's (the Lost Atlas: cycles of a Stock Round, the Operating
    Rounds and the Merger Round; 0: only ``horizon`` stops it)."""


class Domain(ABC, Generic[S]):
    """What the search needs to know about a title."""

    def __init__(self, title: Title[S, Any]) -> None:
        self.title = title

    @abstractmethod
    def determinize(self, state: S, seat: int, rng: Rng) -> S:
        """A new state that ``seat`` cannot tell from ``state``, drawn with ``rng``.

        It must depend only on what ``seat`` may see (and on ``rng``), never on the
        hidden parts of ``state``."""

    @abstractmethod
    def candidates(self, state: S, seat: int, actions: list[Action]) -> list[Action]:
        """``actions`` worth searching, best first by the prior (a non-empty subset)."""

    @abstractmethod
    def rollout(self, state: S, seat: int, actions: list[Action], rng: Rng) -> Action:
        """The rollout policy's choice among ``actions``."""

    @abstractmethod
    def evaluate(self, state: S) -> list[float]:
        """Each seat's score in 0..1 (a finished game: 1 for a winner, 0 otherwise)."""

    def rollout_actions(self, state: S, seat: int) -> list[Action]:
        """The actions a rollout chooses among: the legal ones, or a shorter list holding
        every action :meth:`rollout` would choose from the full one (a title whose full
        list is long and mostly of no interest to its policy, such as Congress's every
        bid up to a player's cash, may skip listing the rest; an ``epsilon`` random
        choice is then among this list)."""
        return list(self.title.legal_actions(state, seat))

    def reseed(self, seed: int) -> None:
        """Reset the rollout policy's own random choices to ``seed`` (a flat search
        replays each candidate's rollout with the same seed)."""

    def progress(self, state: S) -> int:
        """A count that grows as the game goes on (the horizon ``cycles`` reads it; 0
        for a title without one)."""
        return 0

    def rollout_cycles(self, root: S, cycles: int) -> int:
        """How far past the root's :meth:`progress` rollouts run when the configuration
        asks for ``cycles`` (a title may shorten it for a long game; 0: no such stop)."""
        return cycles


@dataclass
class Node:
    """A decision in the tree: who chose it and how it did for them."""

    actor: int
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[Action, Node] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class SearchResult:
    """The chosen action and what the search saw (for tests and the curious)."""

    action: Action
    iterations: int
    visits: dict[Action, int]
    means: dict[Action, float]


def win_scores(ranking: Sequence[Sequence[int]], seats: int) -> list[float]:
    """1 for each winner (split between tied winners), 0 for everyone else.

    >>> win_scores([[1], [0, 2]], 3)
    [0.0, 1.0, 0.0]
    >>> win_scores([[0, 1], [2]], 3)
    [0.5, 0.5, 0.0]
    """
    out = [0.0] * seats
    if ranking:
        first = ranking[0]
        for s in first:
            out[s] = 1.0 / len(first)
    return out


def margin_scores(worths: Sequence[float], scale: float) -> list[float]:
    """A win-like estimate from estimated worths: the logistic of each seat's margin over
    the best of the others, ``scale`` being a margin worth about 73%.

    >>> [round(v, 2) for v in margin_scores([100.0, 0.0], 100.0)]
    [0.73, 0.27]
    """
    out = []
    for s, w in enumerate(worths):
        best_other = max(v for o, v in enumerate(worths) if o != s)
        x = (w - best_other) / scale
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x)))))
    return out


def search(domain: Domain[S], state: S, seat: int, config: SearchConfig,
           rng: Rng) -> SearchResult:
    """Choose ``seat``'s action in ``state`` (see the module doc)."""
    title = domain.title
    actions = title.legal_actions(state, seat)
    if not actions:
        raise ValueError(f"seat {seat} has nothing to decide")
    root_candidates = domain.candidates(state, seat, actions)
    if len(root_candidates) == 1 or config.iterations < 1:
        return SearchResult(root_candidates[0], 0, {}, {})
    if config.flat:
        return _flat(domain, state, seat, root_candidates, config, rng)
    root = Node(actor=-1)
    for _ in range(config.iterations):
        _iterate(domain, state, seat, root, root_candidates, config, rng)
    order = {a: i for i, a in enumerate(root_candidates)}
    visited = [(a, n) for a, n in root.children.items() if n.visits]
    best = max(visited, key=lambda an: (an[1].visits, an[1].mean, -order[an[0]]))[0]
    first = root.children.get(root_candidates[0])
    if (config.keep > 0 and best != root_candidates[0] and first is not None
            and first.visits and root.children[best].mean <= first.mean + config.keep):
        best = root_candidates[0]
    return SearchResult(best, config.iterations,
                        {a: n.visits for a, n in root.children.items()},
                        {a: n.mean for a, n in root.children.items()})


def _flat(domain: Domain[S], real: S, seat: int, candidates: list[Action],
          config: SearchConfig, rng: Rng) -> SearchResult:
    """The flat, paired search (:attr:`SearchConfig.flat`): rounds of one rollout per
    candidate from a shared seed, then the best mean (the prior's choice unless another
    beats it by more than ``keep``; ties: the prior's order)."""
    rounds = max(1, config.iterations // len(candidates))
    totals = [0.0] * len(candidates)
    for _ in range(rounds):
        shared = rng.next_u64()
        for k, action in enumerate(candidates):
            state = domain.determinize(real, seat, Rng(shared))
            domain.reseed(shared)
            roll = Rng(shared ^ 0x5DEECE66D)
            domain.title.apply(state, action, seat)
            _rollout(domain, real, state, config, roll, 1)
            totals[k] += domain.evaluate(state)[seat]
    means = [t / rounds for t in totals]
    best = max(range(len(candidates)), key=lambda k: (means[k], -k))
    if config.keep > 0 and means[best] <= means[0] + config.keep:
        best = 0
    return SearchResult(candidates[best], rounds * len(candidates),
                        {a: rounds for a in candidates},
                        {a: m for a, m in zip(candidates, means, strict=True)})


def _rollout(domain: Domain[S], root: S, state: S, config: SearchConfig, rng: Rng,
             steps: int) -> None:
    """Play the rollout policy from ``state`` for ``config.horizon`` decisions, to the
    game's end, to ``config.cycles`` past the root's progress, or to ``max_steps``."""
    title = domain.title
    cycles = domain.rollout_cycles(root, config.cycles) if config.cycles else 0
    stop = domain.progress(root) + cycles if cycles else None
    decisions = 0
    while decisions < config.horizon and steps < config.max_steps and not title.is_over(state):
        if stop is not None and domain.progress(state) >= stop:
            break
        actor = title.to_act(state)[0]
        legal = domain.rollout_actions(state, actor)
        if len(legal) == 1:
            action = legal[0]
        else:
            decisions += 1
            if config.epsilon and rng.below(1_000_000) < config.epsilon * 1_000_000:
                action = legal[rng.below(len(legal))]
            else:
                action = domain.rollout(state, actor, legal, rng)
        title.apply(state, action, actor)
        steps += 1


def _allowed(node: Node, candidates: list[Action], widen: float) -> list[Action]:
    k = max(1, math.ceil(widen * math.sqrt(node.visits + 1)))
    return candidates[:k]


def _iterate(domain: Domain[S], real: S, seat: int, root: Node, root_candidates: list[Action],
             config: SearchConfig, rng: Rng) -> None:
    title = domain.title
    state = domain.determinize(real, seat, rng)
    node = root
    path: list[Node] = []
    steps = 0
    decisions = 0
    # -- selection and expansion -------------------------------------------------------
    while decisions < config.depth and steps < config.max_steps and not title.is_over(state):
        actor = title.to_act(state)[0]
        if node is root:
            candidates = root_candidates
        else:
            legal = title.legal_actions(state, actor)
            if len(legal) == 1:
                title.apply(state, legal[0], actor)
                steps += 1
                continue
            candidates = domain.candidates(state, actor, legal)
        allowed = _allowed(node, candidates, config.widen)
        fresh = None
        for action in allowed:
            child = node.children.get(action)
            if child is None:
                if fresh is None:
                    fresh = action
            else:
                child.available += 1
        if fresh is not None:
            child = Node(actor=actor, available=1)
            node.children[fresh] = child
            chosen = fresh
        else:
            log_n = {a: math.log(node.children[a].available) for a in allowed}
            chosen = max(allowed, key=lambda a: node.children[a].mean + config.explore
                         * math.sqrt(log_n[a] / node.children[a].visits))
            child = node.children[chosen]
        title.apply(state, chosen, actor)
        steps += 1
        decisions += 1
        path.append(child)
        node = child
        if fresh is not None:
            break
    # -- rollout -----------------------------------------------------------------------
    _rollout(domain, real, state, config, rng, steps)
    # -- back-up -----------------------------------------------------------------------
    scores = domain.evaluate(state)
    root.visits += 1
    for n in path:
        n.visits += 1
        n.total += scores[n.actor]
