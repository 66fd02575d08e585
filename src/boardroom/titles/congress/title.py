"""Congress as a Boardroom title: the core's interface, each job sent to its module.

The rules live in the modules named after them: :mod:`.merger` and
:mod:`.merger_company` (the post, shared/rules/004), :mod:`.capitalise`,
:mod:`.expand`, :mod:`.develop`, :mod:`.dividends`, :mod:`.months` and :mod:`.flow`
(the frame around it, docs/congress.md). This module wires them to the core:
:mod:`.game_setup` (options and setup of every rules version), :mod:`.turns` (the
months track's turn, rules versions 2 and 3), :mod:`.steps` (rules version 1's turn and
the steps every version shares), :mod:`.labels` and :mod:`.views`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardroom.core.errors import IllegalAction, OptionError
from boardroom.core.registry import register
from boardroom.core.title import JSON, Result, Title
from boardroom.titles.congress import game_setup, labels, steps, views
from boardroom.titles.congress.actions import CongressAction, parse
from boardroom.titles.congress.game_setup import OPTIONS
from boardroom.titles.congress.state import OVER, CongressState
from boardroom.titles.congress.views import STATUS_WORDS

__all__ = ["OPTIONS", "STATUS_WORDS", "TITLE", "CongressTitle"]


class CongressTitle(Title[CongressState, CongressAction]):
    name = "congress"
    display_name = "Congress"
    rules_version = "3"
    legacy_rules_versions = ("1", "2")
    """Version 3: the designer's frame (congress-facts.md: the Great Britain map, the months
    track) with version 3's data file; version 2: the same frame with its own data file;
    version 1: the first invented frame. The older ones for their records
    (docs/congress.md)."""
    min_players = 2
    max_players = 6

    # -- setup ----------------------------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any],
                          players: Sequence[str]) -> dict[str, Any]:
        return game_setup.normalize_options(options, players)

    def setup(self, players: Sequence[str], seed: int,
              options: Mapping[str, Any]) -> tuple[CongressState, list[str]]:
        return game_setup.setup_months(players, seed, options, int(self.rules_version))

    def setup_under(self, players: Sequence[str], seed: int, options: Mapping[str, Any],
                    rules_version: str) -> tuple[CongressState, list[str]]:
        """Rules versions 2 and 1, for their records: each with its own data file."""
        if rules_version == "2":
            return game_setup.setup_months(players, seed, options, 2)
        if rules_version == "1":
            return game_setup.setup_first_frame(players, seed, options)
        raise OptionError(f"Congress has no rules version {rules_version!r}")

    def copy_state(self, state: CongressState) -> CongressState:
        return state.copy()

    def parse(self, text: str) -> CongressAction:
        return parse(text)

    # -- who and what ---------------------------------------------------------------------
    def to_act(self, state: CongressState) -> tuple[int, ...]:
        return steps.to_act(state)

    def legal_actions(self, state: CongressState, seat: int) -> list[CongressAction]:
        return steps.legal(state, seat)

    def check(self, state: CongressState, action: CongressAction,
              seat: int) -> IllegalAction | None:
        return steps.check(state, action, seat)

    def apply(self, state: CongressState, action: CongressAction, seat: int) -> list[str]:
        return steps.apply(state, action, seat)

    def chance_seen(self, state: CongressState) -> None:
        """Congress has no chance after its setup (the seed picks only the opening order),
        so no take-back un-draws anything."""
        return None

    def label(self, state: CongressState, action: CongressAction, seat: int) -> str:
        """A sentence for a menu: what the action does, with names and amounts
        (:func:`.labels.label`)."""
        return labels.label(state, action, seat)

    # -- reading --------------------------------------------------------------------------
    def is_over(self, state: CongressState) -> bool:
        return state.step == OVER

    def result(self, state: CongressState) -> Result | None:
        return state.result

    def view(self, state: CongressState, seat: int | None) -> JSON:
        """Everything in Congress is public; every seat and a spectator see the same."""
        return views.view(self.name, state, seat)

    def invariants(self, state: CongressState) -> None:
        """Money and shares conserved, every share in exactly one place, the map and the
        income track consistent with the companies (:func:`.views.invariants`)."""
        views.invariants(state)


TITLE = CongressTitle()
register(TITLE)
