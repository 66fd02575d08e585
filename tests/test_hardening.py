"""What independent testing found (issue 16): input that must get a clear error.

Records read strictly (version, unknown keys, integrity digest), notation with digits that
``str.isdigit`` accepts but ``int`` refuses, action objects built in Python that their
notation cannot say, and CLI input that used to end in a traceback.

Rule ids checked: notation, acquire.end.declare.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import boardroom
from boardroom.cli.main import cli
from boardroom.core.errors import IllegalAction, NotationError, OptionError, RecordError
from boardroom.core.record import Record
from boardroom.titles.acquire.actions import Buy, Dispose, Found, Place

PLAYERS = ["Ann", "Bob", "Cy"]


def played(count: int = 12, seed: int = 3) -> boardroom.Game:
    game = boardroom.new_game("acquire", PLAYERS, seed=seed)
    for _ in range(count):
        game.apply(game.legal_actions()[0])
    return game


# -- records ------------------------------------------------------------------------
@pytest.mark.parametrize("version", [True, 1.0, "1"])
def test_record_version_must_be_the_integer_one(version: Any) -> None:
    data = played().to_record()
    data["version"] = version
    with pytest.raises(RecordError, match="unknown record version"):
        boardroom.load(data)


def test_record_with_an_unknown_top_level_key_is_refused() -> None:
    data = played().to_record()
    data["comment"] = "hello"
    with pytest.raises(RecordError, match=r"unknown field.*'comment'"):
        boardroom.load(data)


def test_record_carries_a_digest_and_a_damaged_one_is_reported() -> None:
    game = played(count=20)
    data = game.to_record()
    assert data["digest"].startswith("sha256:")
    assert boardroom.load(data).to_record() == data
    for key, damage in [("seed", 4), ("actions", data["actions"][:-1]),
                        ("players", ["Ann", "Bob", "Cyd"])]:
        broken = {**data, key: damage}
        with pytest.raises(RecordError, match="record is damaged"):
            boardroom.load(broken)
    swapped = dict(data)
    swapped["actions"] = list(data["actions"])
    swapped["actions"][0], swapped["actions"][1] = data["actions"][1], data["actions"][0]
    with pytest.raises(RecordError, match="record is damaged"):
        boardroom.load(swapped)


def test_record_without_a_digest_still_loads() -> None:
    data = played().to_record()
    del data["digest"]
    assert boardroom.load(data).record.actions == data["actions"]


def test_deeply_nested_record_json_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="nested too deeply"):
        boardroom.load("[" * 200_000 + "]" * 200_000)


def test_record_file_that_is_not_utf8_is_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b'{"format": "boardroom-record", "title": "\xff\xfe"}')
    with pytest.raises(RecordError, match="not UTF-8"):
        Record.read(path)


def test_player_name_with_a_lone_surrogate_is_refused() -> None:
    with pytest.raises(OptionError, match="not printable"):
        boardroom.new_game("acquire", ["Ann", "B\udcffb", "Cy"])
    data = played().to_record()
    del data["digest"]
    data["players"] = ["Ann", "B\udcffb", "Cy"]
    with pytest.raises(RecordError, match="not printable"):
        boardroom.load(data)


# -- notation -------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["sell ² trade 1", "sell 1 trade ²", "sell ١"])
def test_unicode_digits_in_acquire_notation_are_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        boardroom.new_game("acquire", PLAYERS).parse(text)


def test_a_record_holding_unicode_digits_is_a_record_error() -> None:
    data = played(count=3).to_record()
    del data["digest"]
    data["actions"].append("sell ² trade 1")
    with pytest.raises(RecordError, match="action 3"):
        boardroom.load(data)


# -- action objects built in Python -------------------------------------------------
def test_acquire_buy_with_unsorted_chains_is_refused_and_changes_nothing() -> None:
    game = boardroom.new_game("acquire", PLAYERS, seed=3)
    while game.view(None)["step"] != "buy" or not any(
            isinstance(a, Buy) and len(set(a.chains)) == 2 for a in game.legal_actions()):
        game.apply(game.legal_actions()[0])
    legal = next(a for a in game.legal_actions() if isinstance(a, Buy)
                 and len(set(a.chains)) == 2 and len(a.chains) == 2)
    unsorted = Buy(tuple(reversed(legal.chains)))
    before = game.to_record()
    with pytest.raises(IllegalAction) as info:
        game.apply(unsorted)
    assert info.value.rule == "notation"
    assert not game.is_legal(unsorted)
    assert game.to_record() == before
    game.apply(legal)
    assert boardroom.load(game.to_record()).to_record() == game.to_record()


@pytest.mark.parametrize("action", [Place(500), Place(-1), Found(9), Buy((0, 12)),
                                    Dispose(-1, 0), Buy(("Tower",)),  # type: ignore[arg-type]
                                    "not an action"])
def test_malformed_acquire_objects_are_refused_with_a_rule(action: Any) -> None:
    game = boardroom.new_game("acquire", PLAYERS, seed=3)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.rule == "notation"


def test_every_listed_action_passes_the_round_trip() -> None:
    game = boardroom.new_game("acquire", PLAYERS, seed=8)
    for _ in range(80):
        for action in game.legal_actions():
            assert game.is_legal(action)
        game.apply(game.legal_actions()[-1])
        if game.is_over:
            break


# -- the CLI --------------------------------------------------------------------------
def run(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


def test_cli_deeply_nested_record_is_one_line_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    result = run("show", str(path))
    assert result.exit_code == 2
    assert "nested too deeply" in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_cli_record_that_is_not_utf8_is_one_line_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "bytes.json"
    path.write_bytes(b"\xff\xfe\x00{}")
    result = run("show", str(path))
    assert result.exit_code == 2
    assert "is not UTF-8 text" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_cli_option_file_deeply_nested_or_not_utf8_is_exit_2(tmp_path: Path) -> None:
    deep = tmp_path / "deep-map.json"
    deep.write_text("[" * 100_000)
    result = run("new", "lost_atlas", "-p", "A,B,C", "--option", f"map=@{deep}")
    assert result.exit_code == 2 and "nested too deeply" in result.output
    raw = tmp_path / "raw-map.json"
    raw.write_bytes(b"\xc3\x28")
    result = run("new", "lost_atlas", "-p", "A,B,C", "--option", f"map=@{raw}")
    assert result.exit_code == 2 and "not UTF-8" in result.output


def test_cli_lone_surrogate_player_name_is_refused_exit_2(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    result = run("new", "acquire", "-p", "Ann,B\udcffb,Cy", "-o", str(out))
    assert result.exit_code == 2
    assert "not printable" in result.output
    assert not out.exists()


def test_cli_unicode_digit_action_is_an_illegal_action_exit_1(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    assert run("new", "acquire", "-p", "Ann,Bob,Cy", "--seed", "3", "-o", str(out)).exit_code == 0
    before = out.read_text()
    result = run("act", str(out), "sell ² trade 1")
    assert result.exit_code == 1
    assert "[rule notation]" in result.output
    assert out.read_text() == before
    result = run("show", str(out), "--as", "²")
    assert result.exit_code == 2


def test_cli_unexpected_exception_is_one_line_exit_3(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    import boardroom.cli.main as main_module

    def broken(*_: Any, **__: Any) -> Any:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(main_module, "new_game", broken)
    monkeypatch.delenv("BOARDROOM_DEBUG", raising=False)
    result = run("new", "acquire", "-p", "Ann,Bob")
    assert result.exit_code == 3
    assert "internal error" in result.output and "ZeroDivisionError: boom" in result.output
    assert "Traceback" not in result.output


def test_record_digest_is_written_to_files(tmp_path: Path) -> None:
    game = played()
    path = tmp_path / "g.json"
    game.record.write(path)
    assert "digest" in json.loads(path.read_text())


def test_the_soak_command_runs_and_reports_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """The soak itself is a shipped command (python -m boardroom.soak), not a test; this
    only checks that it runs and prints games, actions and crashes."""
    from boardroom.soak import configs, main

    assert any("map" in options for _, _, options in configs())
    assert {options["mode"] for _, _, options in configs("lost_atlas")} >= {
        "long", "short", "short_random", "micro_3p", "micro_2p", "solo", "solo_random"}
    assert main(["--title", "acquire", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 games" in out and "0 crashes" in out
