"""Each variant's own state (``state.variants``, ``Corp.variants``): a copy of the state
copies each entry as its variant declared (``declare_variant_state``), so the copy and the
original never share a mutable record.

Rule ids: none (the state's copy contract, ``docs/architecture.md``).
"""

from __future__ import annotations

import pytest

from boardroom.titles.lost_atlas import state as state_module
from boardroom.titles.lost_atlas.variants import headquarters, landmarks
from boardroom.titles.lost_atlas.variants.headquarters import Headquarters
from boardroom.titles.lost_atlas.variants.landmarks import Metropolitan
from lost_atlas_games import operating_game


def test_a_mutable_record_is_copied_by_its_variants_hook() -> None:
    state, _ = operating_game([120])
    state.variants[landmarks.VARIANT] = Metropolitan(trains=["2"], players={0: 1})
    copy = state.copy()
    metro = landmarks.metropolitan(copy)
    assert metro == landmarks.metropolitan(state)
    assert metro is not landmarks.metropolitan(state)
    metro.trains.append("3")
    metro.players[1] = 2
    assert landmarks.metropolitan(state) == Metropolitan(trains=["2"], players={0: 1})


def test_an_immutable_value_is_shared_and_replaced_not_changed() -> None:
    state, minors = operating_game([120])
    company = minors[0]
    state.corps[company].variants[headquarters.VARIANT] = Headquarters("charter", cost=40)
    copy = state.copy()
    assert headquarters.of(copy, company) is headquarters.of(state, company)
    copy.corps[company].variants[headquarters.VARIANT] = Headquarters("placed")
    assert headquarters.of(state, company) == Headquarters("charter", cost=40)


def test_the_base_game_has_no_entry_and_copies_do_not_share_the_dicts() -> None:
    state, minors = operating_game([120])
    assert state.variants == {} and state.corps[minors[0]].variants == {}
    copy = state.copy()
    copy.variants[landmarks.VARIANT] = Metropolitan()
    copy.corps[minors[0]].variants[headquarters.VARIANT] = Headquarters("decide")
    assert state.variants == {} and state.corps[minors[0]].variants == {}


def test_an_undeclared_entry_is_refused_when_copied(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = operating_game([120])
    state.variants["nameless"] = []
    with pytest.raises(LookupError, match="'nameless' was never declared"):
        state.copy()
    monkeypatch.setitem(state_module.VARIANT_STATE, "nameless", list.copy)
    copy = state.copy()
    assert copy.variants["nameless"] == [] and copy.variants["nameless"] is not state.variants[
        "nameless"]
