"""What a simulation plays: a title, its seats and bots, the arms and the seeds.

Game ``k`` of every arm uses seed ``seed + k`` and seat ``s`` gets its bot seeded
``(seed + k) * 8 + s``, so each arm plays the same seeds and the same command always
gives the same games, whichever backend or how many workers play them.

>>> plan = Plan("acquire", ("random", "random"), games=2, arms=arms_from({}, []))
>>> [arm.label for arm in plan.arms], plan.game_seed(1)
(['base'], 1)
>>> [a.label for a in arms_from({}, [("mode", ["classic", "tycoon"])])]
['mode=classic', 'mode=tycoon']
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from boardroom.core.errors import OptionError


@dataclass(frozen=True)
class Arm:
    """One set of options, played on every seed of the plan."""

    label: str
    options: Mapping[str, Any]


@dataclass(frozen=True)
class Plan:
    title: str
    bots: tuple[str, ...]
    """The bot of each seat (its length is the number of players)."""
    games: int
    arms: tuple[Arm, ...] | list[Arm]
    seed: int = 0
    max_actions: int = 50_000
    """A game longer than this is counted as stuck and left out of the statistics."""
    players: tuple[str, ...] = field(default=())
    choices: bool = False
    """Count the legal choices at every decision (dead turns; slower: it lists the legal
    actions once more per decision)."""

    @property
    def seats(self) -> int:
        return len(self.bots)

    def names(self) -> list[str]:
        return list(self.players) or [f"P{s + 1}" for s in range(self.seats)]

    def game_seed(self, k: int) -> int:
        return self.seed + k

    def bot_seed(self, k: int, seat: int) -> int:
        return self.game_seed(k) * 8 + seat


def arms_from(options: Mapping[str, Any], compare: Sequence[tuple[str, Sequence[Any]]],
              texts: Sequence[Sequence[str]] | None = None) -> list[Arm]:
    """The arms: ``options`` with every combination of the compared values (one arm,
    ``base``, when nothing is compared). ``texts`` are the values as typed, for the
    labels (a file's name rather than its contents)."""
    if not compare:
        return [Arm("base", dict(options))]
    keys = [k for k, _ in compare]
    if len(set(keys)) != len(keys):
        raise OptionError("each option may be compared only once")
    clash = [k for k in keys if k in options]
    if clash:
        raise OptionError(f"{', '.join(clash)} is both set (--option) and compared "
                          f"(--compare); give it in one of them")
    shown = texts or [[_text(v) for v in values] for _, values in compare]
    for key, values in compare:
        if len(values) < 1:
            raise OptionError(f"--compare {key} names no value")
    arms = []
    for picks in itertools.product(*(range(len(v)) for _, v in compare)):
        chosen = dict(options)
        chosen.update((k, vs[i]) for (k, vs), i in zip(compare, picks, strict=True))
        label = " ".join(f"{k}={shown[j][i]}" for j, ((k, _), i)
                         in enumerate(zip(compare, picks, strict=True)))
        arms.append(Arm(label, chosen))
    return arms


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
