"""Small statistics shared by the benchmark commands."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardroom.core.game import Game


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1), interpolating linearly between the closest ranks.

    >>> percentile([3.0, 1.0, 2.0, 5.0, 4.0], 0.9)
    4.6
    >>> percentile([7.0], 0.9)
    7.0
    """
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True)
class GameFigures:
    """What a whole-game benchmark measured: per game, its seconds, its actions and the
    seconds its record took to replay.

    >>> f = GameFigures([0.5, 1.5], [100, 300], [0.01, 0.03])
    >>> f.games, f.median_game_s, f.mean_actions, f.replay_ms_per_action
    (2, 1.0, 200.0, 0.1)
    """

    game_seconds: list[float]
    actions: list[int]
    replay_seconds: list[float]

    @property
    def games(self) -> int:
        return len(self.game_seconds)

    @property
    def median_game_s(self) -> float:
        return statistics.median(self.game_seconds)

    @property
    def p90_game_s(self) -> float:
        return percentile(self.game_seconds, 0.9)

    @property
    def mean_actions(self) -> float:
        return statistics.fmean(self.actions)

    @property
    def replay_ms_per_action(self) -> float:
        """All replay time over all replayed actions, in milliseconds."""
        return 1000 * sum(self.replay_seconds) / sum(self.actions)

    @property
    def median_replay_ms(self) -> float:
        """The median over games of each game's replay milliseconds per action."""
        return statistics.median(1000 * s / n for s, n in
                                 zip(self.replay_seconds, self.actions, strict=True))


def time_games(play: Callable[[int], Game], games: int, seed: int = 0,
               clock: Callable[[], float] = time.perf_counter,
               replays: int = 1) -> GameFigures:
    """Play ``games`` complete games (game ``k`` is ``play(seed + k)``), timing each, then
    replay every finished record with :func:`boardroom.load` (which checks each action
    as it goes), timing that too. ``clock``: the wall clock, or ``time.process_time``
    (what this process used, fairer on a shared machine). ``replays`` > 1 replays each
    record that many times and keeps its fastest (the first pays for warming caches)."""
    from boardroom.core.game import load

    game_seconds: list[float] = []
    actions: list[int] = []
    records = []
    for k in range(games):
        start = clock()
        game = play(seed + k)
        game_seconds.append(clock() - start)
        actions.append(len(game.record.actions))
        records.append(game.to_record())
    replay_seconds: list[float] = []
    for record in records:
        best = None
        for _ in range(max(1, replays)):
            start = clock()
            load(record)
            took = clock() - start
            best = took if best is None else min(best, took)
        assert best is not None
        replay_seconds.append(best)
    return GameFigures(game_seconds, actions, replay_seconds)
