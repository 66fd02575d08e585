"""The core contract, checked through Acquire: new_game/load, the record, determinism,
notation, refusals that change nothing, undo, hidden information, the log, who decides,
and conservation.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import boardroom
from acquire_positions import play, position, tiles
from boardroom import (
    Game,
    IllegalAction,
    NotationError,
    OptionError,
    Record,
    RecordError,
    UnknownTitle,
)
from boardroom.titles.acquire.actions import (
    Buy,
    Dispose,
    End,
    Found,
    NextAcquired,
    Place,
    Survivor,
)
from boardroom.titles.acquire.state import BANK
from boardroom.titles.acquire.stockcard import CHAINS
from boardroom.titles.acquire.title import BANK_CASH

PLAYERS = ["Ann", "Bob", "Cy"]


def pick(game: Game) -> Any:
    """A fixed, varied choice among the legal actions; founds Tower whenever it may."""
    actions = game.legal_actions()
    if Found(0) in actions:
        return Found(0)
    return actions[(len(game.record.actions) * 7 + 3) % len(actions)]


def played(seed: int = 3, count: int = 10_000, players: list[str] = PLAYERS) -> Game:
    game = boardroom.new_game("acquire", players, seed=seed)
    while not game.is_over and len(game.record.actions) < count:
        game.apply(pick(game))
    return game


def views(game: Game) -> list[Any]:
    return [game.view(None)] + [game.view(s) for s in range(len(game.players))]


def snapshot(game: Game) -> tuple[Any, ...]:
    return (json.dumps(game.to_record()), json.dumps(views(game)), list(game.log),
            game.to_act)


# -- starting and loading -----------------------------------------------------------
def test_new_game_then_load_replays_the_same_game() -> None:
    game = played()
    assert game.is_over
    again = boardroom.load(game.to_record())
    assert views(again) == views(game)
    assert again.log == game.log
    assert again.result == game.result
    assert again.to_record() == game.to_record()


def test_unknown_title_is_named_with_the_known_ones() -> None:
    with pytest.raises(UnknownTitle) as info:
        boardroom.new_game("monopoly", PLAYERS)
    assert "'monopoly'" in str(info.value)
    assert "acquire" in str(info.value)


def test_unknown_option_is_named() -> None:
    with pytest.raises(OptionError) as info:
        boardroom.new_game("acquire", PLAYERS, options={"speed": 3})
    assert "speed" in str(info.value)
    assert "mode" in str(info.value)


def test_bad_mode_is_named_with_the_allowed_modes() -> None:
    with pytest.raises(OptionError) as info:
        boardroom.new_game("acquire", PLAYERS, options={"mode": "turbo"})
    message = str(info.value)
    assert "'turbo'" in message
    assert "classic" in message
    assert "tycoon" in message


@pytest.mark.parametrize("count", [0, 1, 7])
def test_wrong_player_count_is_refused(count: int) -> None:
    names = [f"P{i}" for i in range(count)]
    with pytest.raises(OptionError, match=f"takes 2 to 6 players, not {count}"):
        boardroom.new_game("acquire", names)


def test_duplicate_or_empty_player_names_are_refused() -> None:
    with pytest.raises(OptionError):
        boardroom.new_game("acquire", ["Ann", "Ann"])
    with pytest.raises(OptionError):
        boardroom.new_game("acquire", ["Ann", " "])


def test_tycoon_mode_is_kept_in_the_record() -> None:
    game = boardroom.new_game("acquire", PLAYERS, seed=2, options={"mode": "tycoon"})
    assert game.record.options == {"mode": "tycoon"}
    assert boardroom.load(game.to_record()).state.mode == "tycoon"


# -- the record ---------------------------------------------------------------------
def test_record_json_has_format_and_version_and_round_trips() -> None:
    game = played(count=60)
    data = game.to_record()
    assert data["format"] == "boardroom-record"
    assert data["version"] == 1
    assert data["title"] == "acquire"
    assert data["players"] == PLAYERS
    assert data["seed"] == 3
    assert len(data["actions"]) == 60
    text = json.dumps(data)
    assert json.loads(text) == data
    for source in (text, json.loads(text), Record.loads(text)):
        again = boardroom.load(source)
        assert again.to_record() == data
        assert views(again) == views(game)


def test_record_file_round_trips(tmp_path: Any) -> None:
    game = played(count=25)
    path = tmp_path / "game.json"
    game.record.write(path)
    assert Record.read(path).to_json() == game.to_record()
    assert views(boardroom.load(Record.read(path))) == views(game)


def test_unknown_record_version_is_refused() -> None:
    data = played(count=5).to_record()
    data["version"] = 2
    with pytest.raises(RecordError, match="unknown record version 2"):
        boardroom.load(data)


@pytest.mark.parametrize(("change", "words"), [
    ({"format": "chess-pgn"}, "not a Boardroom record"),
    ({"seed": "seven"}, "'seed' has the wrong type"),
    ({"seed": True}, "'seed' has the wrong type"),
    ({"actions": ["5D", 7]}, "notation strings"),
    ({"players": ["Ann", 2]}, "names"),
    ({"title": "monopoly"}, "cannot start a game"),
    ({"options": {"mode": "turbo"}}, "cannot start a game"),
    ({"rules_version": "0"}, "rules version"),
])
def test_corrupted_record_is_refused(change: dict[str, Any], words: str) -> None:
    data = played(count=5).to_record()
    del data["digest"]  # a hand-edited record: the digest would report the edit first
    data.update(change)
    with pytest.raises(RecordError, match=words):
        boardroom.load(data)


def test_record_missing_a_field_or_not_json_is_refused() -> None:
    data = played(count=5).to_record()
    del data["seed"]
    with pytest.raises(RecordError, match="no 'seed'"):
        boardroom.load(data)
    with pytest.raises(RecordError, match="not valid JSON"):
        boardroom.load('{"format": "boardroom-record", ')
    with pytest.raises(RecordError, match="JSON object"):
        boardroom.load("[1, 2]")


@pytest.mark.parametrize(("index", "text"), [
    (2, "buy Tower Tower Tower Tower"),
    (1, "hello"),
    (0, "found Tower"),
])
def test_unreplayable_action_is_named_by_its_index(index: int, text: str) -> None:
    data = played(count=8).to_record()
    del data["digest"]
    data["actions"][index] = text
    with pytest.raises(RecordError, match=f"action {index} \\('{text}'\\) cannot be replayed"):
        boardroom.load(data)


# -- determinism --------------------------------------------------------------------
def test_same_seed_and_actions_give_identical_games() -> None:
    one = played(seed=11, count=120)
    two = boardroom.new_game("acquire", PLAYERS, seed=11)
    for text in one.record.actions:
        two.apply(text)
    assert views(two) == views(one)
    assert two.log == one.log
    assert two.state.bag == one.state.bag


def test_different_seeds_give_different_games() -> None:
    one = boardroom.new_game("acquire", PLAYERS, seed=1)
    two = boardroom.new_game("acquire", PLAYERS, seed=2)
    assert one.view(None)["board"] != two.view(None)["board"]
    assert [one.view(s)["hand"] for s in range(3)] != [two.view(s)["hand"] for s in range(3)]


# -- notation -----------------------------------------------------------------------
EVERY_ACTION = [
    Place(0), Place(40), Place(107),
    *[Found(c) for c in range(7)],
    *[Survivor(c) for c in range(7)],
    *[NextAcquired(c) for c in range(7)],
    Dispose(0, 0), Dispose(3, 0), Dispose(0, 4), Dispose(3, 4), Dispose(12, 10),
    Buy(()), Buy((0,)), Buy((0, 0, 6)), Buy((2, 3, 5)), Buy((1, 1, 1)),
    End(),
]


@pytest.mark.parametrize("action", EVERY_ACTION, ids=str)
def test_notation_round_trips(action: Any) -> None:
    game = boardroom.new_game("acquire", PLAYERS)
    assert game.parse(str(action)) == action


@pytest.mark.parametrize(("text", "action"), [
    ("5d", Place(40)),
    ("FOUND tow", Found(0)),
    ("buy tow lux tow", Buy((0, 0, 1))),
    ("trade 2 sell 1", Dispose(1, 2)),
    ("keep", Dispose(0, 0)),
    ("pass", Buy(())),
])
def test_notation_reads_case_prefixes_and_any_order(text: str, action: Any) -> None:
    assert boardroom.new_game("acquire", PLAYERS).parse(text) == action


@pytest.mark.parametrize("text", ["", "hello", "13A", "found", "buy Nope", "sell x",
                                  "sell 1 sell 2", "pass Tower", "end now", "found Hilton"])
def test_bad_notation_is_refused_with_the_notation_rule(text: str) -> None:
    game = boardroom.new_game("acquire", PLAYERS)
    with pytest.raises(NotationError) as info:
        game.apply(text)
    assert info.value.rule == "notation"


def test_apply_takes_notation_text() -> None:
    game = boardroom.new_game("acquire", PLAYERS, seed=5)
    text = str(game.legal_actions()[0])
    game.apply(text)
    assert game.record.actions == [text]
    other = boardroom.new_game("acquire", PLAYERS, seed=5)
    other.apply(game.parse(text))
    assert views(other) == views(game)


# -- refusals change nothing --------------------------------------------------------
def test_illegal_actions_raise_with_a_rule_and_change_nothing() -> None:
    game = played(seed=3, count=29)
    assert game.view(None)["step"] == "place"
    seat = game.to_act[0]
    other = (seat + 1) % 3
    not_held = next(t for t in range(108) if t not in game.state.hands[seat]
                    and game.state.board[t] == -1)
    attempts: list[tuple[Any, int | None, str]] = [
        (Place(not_held), None, "acquire.place.own-tile"),
        ("buy Tower", None, "acquire.turn.sequence"),
        ("end", None, "acquire.end.declare"),
        ("keep", None, "acquire.turn.sequence"),
        ("survivor Tower", None, "acquire.turn.sequence"),
        (str(game.legal_actions()[0]), other, "core.not-your-decision"),
    ]
    before = snapshot(game)
    for action, player, rule in attempts:
        with pytest.raises(IllegalAction) as info:
            game.apply(action, player)
        assert info.value.rule == rule
        assert snapshot(game) == before
        assert not game.is_legal(action, player)
    play(game, str(game.legal_actions()[0]))
    assert game.view(None)["step"] in ("buy", "found", "survivor", "next", "dispose")
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply("buy Tower Tower Tower Tower")
    assert snapshot(game) == before


def test_illegal_action_during_a_merger_changes_nothing() -> None:
    game = position(chains={"Tower": tiles("1A-5A"), "Luxor": tiles("7A-9A")},
                    hands={0: ["6A"]}, shares={1: {"Luxor": 3}})
    play(game, "6A")
    before = snapshot(game)
    for action, rule in [("trade 3", "acquire.dispose.trade-pairs"),
                         ("sell 4", "acquire.dispose.holding"),
                         ("pass", "acquire.turn.sequence")]:
        with pytest.raises(IllegalAction) as info:
            game.apply(action)
        assert info.value.rule == rule
        assert f"[rule {rule}]" in str(info.value)
        assert snapshot(game) == before


# -- undo ---------------------------------------------------------------------------
def test_undo_takes_back_the_last_action() -> None:
    game = boardroom.new_game("acquire", PLAYERS, seed=9)
    states = [snapshot(game)]
    for _ in range(6):
        game.apply(pick(game))
        states.append(snapshot(game))
    for expected in reversed(states[:-1]):
        game.undo()
        assert snapshot(game) == expected
    with pytest.raises(IllegalAction) as info:
        game.undo()
    assert info.value.rule == "core.undo"


def test_undo_across_checkpoints_matches_a_fresh_replay() -> None:
    game = played(seed=3, count=75)
    for _ in range(12):
        game.undo()
    fresh = boardroom.load(game.to_record())
    assert len(game.record.actions) == 63
    assert views(game) == views(fresh)
    assert game.log == fresh.log
    game.apply(pick(game))
    fresh.apply(pick(fresh))
    assert views(game) == views(fresh)


def test_undo_of_a_whole_game_returns_to_the_start() -> None:
    game = played(seed=4)
    assert game.is_over
    start = snapshot(boardroom.new_game("acquire", PLAYERS, seed=4))
    while game.record.actions:
        game.undo()
    assert snapshot(game) == start


# -- hidden information -------------------------------------------------------------
def test_views_show_a_seat_its_own_hand_only() -> None:
    game = played(seed=6, count=40)
    hands = [game.view(s)["hand"] for s in range(3)]
    for seat in range(3):
        view = game.view(seat)
        assert view["seat"] == seat
        assert sorted(view["hand"]) == sorted(
            boardroom.get_title("acquire").view(game.state, seat)["hand"])
        text = json.dumps(view)
        for other in range(3):
            if other != seat:
                for name in hands[other]:
                    assert f'"{name}"' not in text
    spectator = game.view(None)
    assert "hand" not in spectator
    assert "seat" not in spectator
    text = json.dumps(spectator)
    for hand in hands:
        for name in hand:
            assert f'"{name}"' not in text
    assert "bag" not in spectator
    assert [p["hand_size"] for p in spectator["players"]] == [len(h) for h in hands]


def test_views_are_json() -> None:
    game = position(chains={"Tower": tiles("1A-5A"), "Luxor": tiles("7A-9A")},
                    hands={0: ["6A"]}, shares={1: {"Luxor": 3}})
    play(game, "6A")
    for view in views(game) + views(played(seed=8)):
        assert json.loads(json.dumps(view)) == view
    with pytest.raises(OptionError):
        game.view(3)


# -- the log ------------------------------------------------------------------------
def test_the_log_reads_as_sentences() -> None:
    game = played(seed=3)
    assert any(line.startswith("Ann founds Tower with ") or
               line.startswith("Bob founds Tower with ") or
               line.startswith("Cy founds Tower with ") for line in game.log)
    for line in game.log:
        assert line[0].isupper(), line
        assert line.endswith("."), line
        assert "  " not in line
    entries = game.log_entries
    assert entries[0].index == -1
    assert entries[-1].index == len(game.record.actions) - 1


def test_the_log_names_the_founding() -> None:
    game = position(lone=["5E"], hands={0: ["6E"]})
    play(game, "6E", "found Tower")
    assert "founds Tower with" in game.log[-1]


# -- who decides --------------------------------------------------------------------
def test_to_act_names_a_stockholder_out_of_turn_during_a_merger() -> None:
    game = position(chains={"Tower": tiles("1A-5A"), "Luxor": tiles("7A-9A")},
                    hands={0: ["6A"]}, shares={2: {"Luxor": 3}})
    play(game, "6A")
    assert game.to_act == (2,)
    assert game.view(None)["current"] == 0
    assert game.view(None)["to_act"] == [2]
    assert all(isinstance(a, Dispose) for a in game.legal_actions())
    assert game.legal_actions(0) == []


# -- conservation -------------------------------------------------------------------
def test_ledger_conserves_cash_and_shares_through_a_merger() -> None:
    game = position(chains={"Tower": tiles("1A-5A"), "Luxor": tiles("7A-9A")},
                    hands={0: ["6A"]}, shares={0: {"Luxor": 2}, 1: {"Luxor": 5},
                                                2: {"Tower": 3}})
    play(game, "6A", "sell 2", "sell 1 trade 4", "buy Tower Tower")
    ledger = game.state.ledger
    ledger.check()
    game.title.invariants(game.state)
    assert ledger.total_cash() == 3 * 6000 + BANK_CASH
    for chain in CHAINS:
        assert sum(ledger.holders(chain).values()) == 25
    assert ledger.holding("Luxor", BANK) == 25 - 0
    assert ledger.holding("Tower", BANK) == 25 - 3 - 2 - 2


def test_invariants_hold_after_every_action_of_a_game() -> None:
    game = boardroom.new_game("acquire", ["Ann", "Bob"], seed=12)
    while not game.is_over:
        game.apply(pick(game))
        game.title.invariants(game.state)
    assert game.result is not None


def test_replay_leaves_the_garbage_collector_as_it_found_it() -> None:
    """``load`` pauses the cyclic collector while it replays (its docstring) and puts it
    back as it was: on after a replay or a refused record, still off if it was off."""
    import gc

    data = played(count=5).to_record()
    broken = dict(data, actions=[*data["actions"][:2], "not an action"])
    del broken["digest"]
    was = gc.isenabled()
    try:
        gc.enable()
        boardroom.load(data)
        assert gc.isenabled()
        with pytest.raises(RecordError, match="cannot be replayed"):
            boardroom.load(broken)
        assert gc.isenabled()
        gc.disable()
        assert boardroom.load(data).to_record()["actions"] == data["actions"]
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()
