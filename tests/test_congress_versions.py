"""Congress's rules versions: new games play version 3; records of versions 2 and 1 replay
under their own rules and data files (docs/congress.md, "Rules version 3").

``tests/fixtures/congress/`` holds two whole games of rules version 2, played by the
``medium`` bot on every seat with the version-2 code (before version 3 existed); each must
replay to the same scores, ranking and final view.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import boardroom
from boardroom.core.errors import OptionError
from boardroom.core.game import Game
from boardroom.titles.congress.data import load_data, shipped_raw

FIXTURES = Path(__file__).parent / "fixtures" / "congress"


@pytest.mark.parametrize("name", ["v2_4p", "v2_3p_automatic_acquired"])
def test_a_rules_version_2_record_replays_exactly(name: str) -> None:
    record = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    want = json.loads((FIXTURES / f"{name}.result.json").read_text(encoding="utf-8"))
    game = boardroom.load(record)
    assert game.record.rules_version == "2" and game.is_over
    assert game.state.data.version == 2 and game.state.rules_version == 2
    assert len(game.record.actions) == want["actions"]
    assert len(game.state.events) == want["mergers"]
    assert game.result is not None
    assert list(game.result.scores) == want["scores"]
    assert [list(r) for r in game.result.ranking] == want["ranking"]
    view = game.view(None)
    assert view["rules_version"] == "2"
    digest = hashlib.sha256(json.dumps(view, sort_keys=True).encode()).hexdigest()[:16]
    assert digest == want["view_sha256_16"]


def test_version_2_keeps_its_data_file_and_version_3_has_its_own() -> None:
    v2, v3 = load_data(version=2), load_data()
    assert v2.version == 2 and v3.version == 3
    assert shipped_raw(2)["version"] == 2 and shipped_raw()["version"] == 3
    old = Game("congress", ["A", "B", "C", "D"], seed=1, rules_version="2")
    new = boardroom.new_game("congress", ["A", "B", "C", "D"], seed=1)
    assert old.state.data is v2 and new.state.data is v3


def test_each_rules_version_takes_only_data_of_its_own_format() -> None:
    raw2 = shipped_raw(2)
    with pytest.raises(OptionError, match="belongs to Congress rules version 2"):
        boardroom.new_game("congress", ["A", "B", "C"], options={"data": raw2})
    old = Game("congress", ["A", "B", "C"], options={"data": raw2}, rules_version="2")
    assert old.state.data.version == 2
    with pytest.raises(OptionError, match="rules version 2 needs version 2 data"):
        Game("congress", ["A", "B", "C"], options={"data": shipped_raw()}, rules_version="2")
