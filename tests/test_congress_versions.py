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
    for city in view["cities"]:  # drawing only: the side of each name, added since
        assert city.pop("label") in ("e", "w", "n", "s", "ne", "nw", "se", "sw")
    digest = hashlib.sha256(json.dumps(view, sort_keys=True).encode()).hexdigest()[:16]
    assert digest == want["view_sha256_16"]
    log = hashlib.sha256("\n".join(game.log).encode()).hexdigest()[:16]
    assert log == want["log_sha256_16"]


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


# -- rules version 3's opening -------------------------------------------------------------
def test_rule_setup_position_cash_deals_the_drawn_positions_their_cash() -> None:
    """Rule congress.setup.position-cash: at 4 players the positions are drawn by lot and
    dealt 43, 44, 46, 47, so that the stack by cash (lower cash on top, acting first:
    congress.months.initial-order) is the drawn order."""
    for seed in range(6):
        game = boardroom.new_game("congress", ["A", "B", "C", "D"], seed=seed)
        s = game.state
        stack = sorted(range(4), key=lambda seat: -s.stamp[seat])  # top of the stack first
        assert [s.cash(seat) for seat in stack] == [43, 44, 46, 47]
        assert game.to_act == (stack[0],) and s.months == [0, 0, 0, 0]
        assert sum(s.cash(seat) for seat in range(4)) == 4 * 45
        game.title.invariants(s)
    three = boardroom.new_game("congress", ["A", "B", "C"], seed=1).state
    assert [three.cash(seat) for seat in range(3)] == [45, 45, 45]  # not listed: $45 each
    old = Game("congress", ["A", "B", "C", "D"], seed=1, rules_version="2").state
    assert [old.cash(seat) for seat in range(4)] == [45, 45, 45, 45]


@pytest.mark.parametrize(("value", "words"), [
    ({"4": [40, 44, 46]}, "one amount for each of the 4 positions"),
    ({"4": [47, 46, 44, 43]}, "lower cash acts earlier"),
    ({"7": [1, 2, 3, 4, 5, 6, 7]}, "player counts of the game"),
    ({"4": [43, 44, -1, 47]}, "must be at least 0"),
])
def test_position_cash_is_checked(value: object, words: str) -> None:
    raw = shipped_raw()
    raw["game"]["position_cash"] = value
    with pytest.raises(OptionError, match=words):
        load_data(raw)
    raw2 = shipped_raw(2)
    raw2["game"]["position_cash"] = {"4": [43, 44, 46, 47]}
    with pytest.raises(OptionError, match="unknown key"):  # format 2 has no such key
        load_data(raw2)
