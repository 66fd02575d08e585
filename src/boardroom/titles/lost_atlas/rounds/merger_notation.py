"""The Merger Round's actions and their notation: ``merge <minor> <other>`` (the
proposing minor first), ``accept``, ``refuse``, ``major <major id>``; ``pass`` and
``discard <major> <train>`` are the title's and the trains'.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.core.errors import NotationError
from boardroom.core.title import Action
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.rounds import trains


@dataclass(frozen=True, slots=True)
class Propose(Action):
    """The acting minor's president proposes to merge it with ``other``.
    Notation ``merge expansive express``."""

    minor: str
    other: str

    def __str__(self) -> str:
        return f"merge {self.minor} {self.other}"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """The other minor's president agrees to the proposed merger."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class Refuse(Action):
    """The other minor's president declines: the pair may not be proposed again."""

    def __str__(self) -> str:
        return "refuse"


@dataclass(frozen=True, slots=True)
class ChooseMajor(Action):
    """The new president chooses the major the two minors form. Notation
    ``major union``."""

    major: str

    def __str__(self) -> str:
        return f"major {self.major}"


MergerAction = Propose | Accept | Refuse | ChooseMajor | Pass | trains.Discard | Action
"""The round's actions; ``Action``: a variant's (``points.merger_procedures``,
``merger_interludes``)."""
VERBS = ("merge", "accept", "refuse", "major")


def parse(words: list[str], text: str) -> MergerAction | None:
    """Read a Merger Round action, or None if the first word is not one of ours."""
    head, rest = words[0], words[1:]
    if head == "merge" and len(rest) == 2:
        return Propose(rest[0], rest[1])
    if head == "accept" and not rest:
        return Accept()
    if head == "refuse" and not rest:
        return Refuse()
    if head == "major" and len(rest) == 1:
        return ChooseMajor(rest[0])
    if head in VERBS:
        raise NotationError(f"{text!r} is not a Merger Round action (merge MINOR OTHER, "
                            f"accept, refuse, major MAJOR)")
    return None
