"""The table of Lost Atlas variants: each variant module and the ``attach`` that hooks it
into the rounds' extension points (:mod:`boardroom.titles.lost_atlas.rounds.points`).

A new variant is one new module with an ``attach(points)`` and one line here; no round
changes. The order of the table is the order in which a point asks its variants (it
decides which refusal a player sees when two variants refuse the same action).
"""

from __future__ import annotations

from collections.abc import Callable

from boardroom.titles.lost_atlas.rounds import points
from boardroom.titles.lost_atlas.variants import (
    bank_break,
    headquarters,
    hostile_mergers,
    landmarks,
    solo,
    switches,
)

VARIANTS: tuple[tuple[str, Callable[[points.Points], None]], ...] = (
    ("switches", switches.attach),          # the option switches
    ("hostile_mergers", hostile_mergers.attach),  # Hostile Mergers' turns and share vote
    ("solo", solo.attach),                  # the Solo Game's Conglomerate
    ("bank_break", bank_break.attach),      # Bank Break
    ("headquarters", headquarters.attach),  # Headquarters
    ("landmarks", landmarks.attach),        # Landmarks events and the Metropolitan
)
"""(name, attach) for every variant, in the order the points ask them."""


def install() -> None:
    """Attach every variant to the rounds' points (the title does this once, at import)."""
    points.install(VARIANTS)
