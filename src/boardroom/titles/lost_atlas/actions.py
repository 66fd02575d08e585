"""Actions shared by several Lost Atlas rounds, and the title's notation reader.

Each round's module owns its actions; ``parse`` reads any of them from its notation
(the first word decides), so a record replays without knowing the round.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.core.title import Action


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: in a Stock Round turn, out of an auction, no filler hex, no merger..."""

    def __str__(self) -> str:
        return "pass"
