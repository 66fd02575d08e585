"""The Merger Round's sub-state (:class:`MergerRound`, kept in ``state.mr`` while the
round is in progress) and its steps.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boardroom.titles.lost_atlas.rounds.points import MergerProcedure
from boardroom.titles.lost_atlas.state import LostAtlasState

PROPOSE, ANSWER, CHOOSE, DISCARD = "propose", "answer", "choose", "discard"
"""The base game's steps; a variant's inserted decisions after a merger are a step named
by the variant (``MergerInterlude.step``), a variant's procedure may add steps of its own
(``MergerProcedure.steps``)."""
RULE = "lost_atlas.merger."


@dataclass
class MergerRound:
    order: list[str]
    """Minors still to have their chance, in operating order; the first is asked now."""
    refused: set[frozenset[str]] = field(default_factory=set)
    """Pairs refused this round."""
    step: str = PROPOSE
    proposal: tuple[str, str] | None = None
    """(proposing minor, other minor) while the merger is being settled."""
    chooser: int | None = None
    """The new president, who chooses the major."""
    major: str | None = None
    """The major just formed, over its train limit (the discard step)."""
    number: int = 1
    """1, or 2 for the second Merger Round of Merger Mania!"""
    procedure: MergerProcedure | None = None
    """A variant's own proposing and deciding for this round, with its sub-state
    (``points.merger_procedures``); None: the base game's."""
    interlude: int = -1
    """Which of ``points.merger_interludes`` is deciding in its step; -1: none."""

    def copy(self) -> MergerRound:
        return MergerRound(list(self.order), set(self.refused), self.step, self.proposal,
                           self.chooser, self.major, self.number,
                           self.procedure.copy() if self.procedure is not None else None,
                           self.interlude)


def mr_of(state: LostAtlasState) -> MergerRound:
    mr = state.mr
    assert isinstance(mr, MergerRound), "no Merger Round is in progress"
    return mr
