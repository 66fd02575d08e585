"""The ``boardroom`` command, driven through Click's test runner."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import boardroom
from boardroom.bots import make_bot
from boardroom.cli.common import parse_options, parse_value
from boardroom.cli.main import cli, main
from boardroom.cli.play import infer_seats, parse_seats


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str, input: str | None = None) -> Result:
    """Invoke the command; no run may end in a traceback."""
    result = runner.invoke(cli, list(args), input=input)
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), result.exception
    return result


def new_record(runner: CliRunner, path: Path, players: str = "Ann,Bob,Cy",
               *extra: str) -> None:
    result = run(runner, "new", "acquire", "--players", players, "--seed", "7",
                 "-o", str(path), *extra)
    assert result.exit_code == 0, result.output


def finished_record(path: Path) -> boardroom.Game:
    game = boardroom.new_game("acquire", ["Ann", "Bob"], seed=4)
    bots = [make_bot("random", seed) for seed in (1, 2)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    game.record.write(path)
    return game


# -- new, show, legal, act, undo, replay ---------------------------------------------
def test_round_trip(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    new_record(runner, path, "Ann,Bob,Cy", "--option", "mode=tycoon")
    record = json.loads(path.read_text())
    assert record["seed"] == 7 and record["options"] == {"mode": "tycoon"}
    assert record["actions"] == []

    shown = run(runner, "show", str(path))
    assert shown.exit_code == 0
    assert "Chains" in shown.output and "Players" in shown.output
    assert "must place a tile" in shown.output

    legal = run(runner, "legal", str(path))
    assert legal.exit_code == 0
    actions = legal.output.split("\n")[:-1]
    assert actions == [str(a) for a in boardroom.load(record).legal_actions()]

    acted = run(runner, "act", str(path), actions[0], "pass")
    assert acted.exit_code == 0, acted.output
    assert json.loads(path.read_text())["actions"] == [actions[0], "pass"]
    assert "places" in acted.output and "buys no stock" in acted.output

    undone = run(runner, "undo", str(path), "-n", "2")
    assert undone.exit_code == 0, undone.output
    assert json.loads(path.read_text())["actions"] == []

    run(runner, "act", str(path), actions[0])
    replayed = run(runner, "replay", str(path))
    assert replayed.exit_code == 0
    assert f"places {actions[0]}" in replayed.output
    assert run(runner, "log", str(path)).output == replayed.output


def test_new_random_seed_is_recorded(runner: CliRunner, tmp_path: Path) -> None:
    result = run(runner, "new", "acquire", "--players", "Ann,Bob")
    assert result.exit_code == 0
    record = json.loads(result.output)
    assert isinstance(record["seed"], int)
    assert boardroom.load(record).players == ["Ann", "Bob"]


def test_new_does_not_overwrite(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    new_record(runner, path)
    again = run(runner, "new", "acquire", "--players", "X,Y", "-o", str(path))
    assert again.exit_code == 2
    assert "--force" in again.output
    forced = run(runner, "new", "acquire", "--players", "X,Y", "-o", str(path), "--force")
    assert forced.exit_code == 0
    assert json.loads(path.read_text())["players"] == ["X", "Y"]


def test_illegal_act_leaves_record_unchanged(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    new_record(runner, path)
    game = boardroom.load(path.read_text())
    before = path.read_bytes()
    first = str(game.legal_actions()[0])
    result = run(runner, "act", str(path), first, "buy Tower")
    assert result.exit_code == 1
    assert "acquire.buy.active-chain" in result.stderr
    assert "Traceback" not in result.output
    assert path.read_bytes() == before

    other = next(s for s in range(3) if s not in game.to_act)
    stranger = game.view(other)["hand"][0]
    result = run(runner, "act", str(path), stranger)
    assert result.exit_code == 1
    assert "acquire.place.own-tile" in result.stderr
    assert path.read_bytes() == before

    result = run(runner, "act", str(path), "fly away")
    assert result.exit_code == 1 and "[rule notation]" in result.stderr
    assert path.read_bytes() == before


def test_undo_too_far(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    new_record(runner, path)
    before = path.read_bytes()
    result = run(runner, "undo", str(path))
    assert result.exit_code == 1
    assert "0 action" in result.stderr
    assert path.read_bytes() == before


def test_show_as_shows_only_that_hand(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    new_record(runner, path)
    game = boardroom.load(path.read_text())
    hand = game.view(1)["hand"]
    for who in ("Bob", "bob", "1"):
        result = run(runner, "show", str(path), "--as", who)
        assert result.exit_code == 0
        assert f"Bob's tiles: {' '.join(hand)}" in result.output
        assert "Ann's tiles" not in result.output and "Cy's tiles" not in result.output
        board = [line for line in result.output.splitlines() if line[:3].strip() in "ABCDEFGHI"
                 and line.strip()[:1] in "ABCDEFGHI" and len(line) > 40]
        assert sum(line.count("◦") for line in board) == len(hand)
    spectator = run(runner, "show", str(path))
    assert "tiles:" not in spectator.output and "◦" not in spectator.output
    unknown = run(runner, "show", str(path), "--as", "Zed")
    assert unknown.exit_code == 2 and "Zed" in unknown.stderr


def test_finished_game(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "done.json"
    game = finished_record(path)
    assert game.result is not None
    winner = game.players[game.result.winners[0]]
    for command in ("show", "replay"):
        result = run(runner, command, str(path))
        assert result.exit_code == 0
        assert "Final scores" in result.output and winner in result.output
    legal = run(runner, "legal", str(path))
    assert legal.exit_code == 0 and legal.stdout == ""
    assert "over" in legal.stderr


# -- errors ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json at all", "not valid JSON"),
        ('{"format": "boardroom-record", "version": 99}', "unknown record version 99"),
        ('{"format": "something-else"}', "not a Boardroom record"),
    ],
)
def test_bad_record_files(runner: CliRunner, tmp_path: Path, content: str,
                          message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    for command in ("show", "legal", "replay", "undo"):
        result = run(runner, command, str(path))
        assert result.exit_code == 2
        assert message in result.stderr
        assert "Traceback" not in result.output


def test_corrupted_actions(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    new_record(runner, path)
    record = json.loads(path.read_text())
    del record["digest"]
    record["actions"] = ["buy Tower"]
    path.write_text(json.dumps(record))
    result = run(runner, "show", str(path))
    assert result.exit_code == 2
    assert "action 0 ('buy Tower') cannot be replayed" in result.stderr


def test_missing_record(runner: CliRunner, tmp_path: Path) -> None:
    result = run(runner, "show", str(tmp_path / "nowhere.json"))
    assert result.exit_code == 2 and "cannot read record" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["new", "chess", "--players", "A,B"], "unknown title 'chess'"),
        (["new", "acquire", "--players", "A,B,C", "--option", "colour=red"], "colour"),
        (["new", "acquire", "--players", "A,B,C", "--option", "mode=disco"], "disco"),
        (["new", "acquire", "--players", "A,B,C", "--option", "mode"], "KEY=VALUE"),
        (["new", "acquire", "--players", "A"], "2 to 6 players"),
        (["new", "acquire", "--players", "A,A"], "distinct"),
        (["play", "chess", "--players", "bot:random,bot:random"], "unknown title"),
        (["play", "--players", "You,bot:nobody"], "unknown bot 'nobody'"),
    ],
)
def test_bad_requests(runner: CliRunner, args: list[str], message: str) -> None:
    result = run(runner, *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_option_values() -> None:
    assert parse_value("12") == 12 and parse_value("-3") == -3 and parse_value("x") == "x"
    assert parse_options(["mode=tycoon", "rounds = 4"]) == {"mode": "tycoon", "rounds": 4}


# -- play -----------------------------------------------------------------------------
def test_play_bots_only(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    result = run(runner, "play", "acquire", "--players", "bot:random,bot:random,bot:random",
                 "--seed", "3", "--save", str(save))
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    assert "Random 1" in result.output and "Random 3" in result.output
    game = boardroom.load(save.read_text())
    assert game.is_over
    assert "Final cash:" in result.output


def test_play_is_reproducible(runner: CliRunner) -> None:
    args = ("play", "--players", "bot:random,bot:random", "--seed", "9")
    assert run(runner, *args).output == run(runner, *args).output


def test_play_human_help_numbers_and_eof(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run(runner, "play", "--players", "Me,bot:random", "--seed", "5",
                 "--save", str(save), input="?\n1\nhelp\nfound Tower\n99\nundo\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Me>" in out and "Legal actions of Me" in out
    assert "Me's tiles:" in out and "Random 2's tiles" not in out
    assert "Me has nothing to buy: passing." in out  # no chain on the board yet
    assert "acquire.turn.sequence" in out
    assert "There is no action number 99" in out
    assert "Took back 4 actions" in out  # the bot's tile and pass, the pass played for Me, the tile
    assert "End of input" in out
    assert boardroom.load(save.read_text()).record.actions == []


def test_play_human_to_the_end(runner: CliRunner, tmp_path: Path) -> None:
    result = run(runner, "play", "--players", "Me,bot:random", "--seed", "2",
                 input="1\n" * 2000)
    assert result.exit_code == 0
    assert "Final scores" in result.output
    assert "End of input" not in result.output


def test_play_undo_takes_back_bot_moves(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    moves = "1\n" * 6
    run(runner, "play", "--players", "Me,bot:random", "--seed", "5", "--save", str(save),
        input=moves)
    played = boardroom.load(save.read_text()).record.actions
    result = run(runner, "play", "--load", str(save), input="undo\n")
    assert "Took back" in result.output
    after = boardroom.load(save.read_text()).record.actions
    assert after == played  # no --save: loading does not write the file
    result = run(runner, "play", "--load", str(save), "--save", str(save), input="undo\n")
    after = boardroom.load(save.read_text()).record.actions
    assert len(after) < len(played)
    assert after == played[: len(after)]
    game = boardroom.load(save.read_text())
    assert game.to_act == (0,)


def test_play_save_and_quit(runner: CliRunner, tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    second = tmp_path / "second.json"
    result = run(runner, "play", "--players", "Me,bot:random", "--seed", "5",
                 input=f"1\nsave {first}\nquit\n{second}\n")
    assert result.exit_code == 0
    assert f"Saved the game to {first}" in result.output
    assert first.read_text() == second.read_text()
    assert "Goodbye" in result.output
    loaded = run(runner, "play", "--load", str(second), "--players", "You,bot:random",
                 input="quit\n\n")
    assert loaded.exit_code == 0 and "Me>" in loaded.output


def test_play_load_conflicts(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    new_record(runner, path)
    assert run(runner, "play", "--load", str(path), "--seed", "1").exit_code == 2
    assert run(runner, "play", "--load", str(path), "--players", "A,B").exit_code == 2
    other = run(runner, "play", "lostatlas", "--load", str(path))
    assert other.exit_code == 2 and "is a game of acquire" in other.stderr


def test_seats() -> None:
    seats = parse_seats("You,bot:random, bot:Random ,Ann")
    assert [s.name for s in seats] == ["You", "Random 2", "Random 3", "Ann"]
    assert [s.bot for s in seats] == [None, "random", "random", None]
    inferred = infer_seats(["You", "Random 2", "Random 2b", "Random 9"])
    assert [s.bot for s in inferred] == [None, "random", None, None]


# -- the rest ------------------------------------------------------------------------
def test_titles_and_bots(runner: CliRunner) -> None:
    assert "acquire" in run(runner, "titles").output
    assert "random" in run(runner, "bots").output.split()


def test_bench_forwards_arguments(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str] | None] = []

    def fake_main(argv: list[str] | None) -> int:
        seen.append(argv)
        return 3

    monkeypatch.setitem(sys.modules, "boardroom.bench",
                        types.SimpleNamespace(main=fake_main))
    result = run(runner, "bench", "acquire", "--games", "5", "--help")
    assert seen == [["acquire", "--games", "5", "--help"]]
    assert result.exit_code == 3


def test_main_entry_point(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["titles"])
    assert exit_info.value.code == 0
    assert "acquire" in capsys.readouterr().out


def test_play_lost_atlas_bots_draws_the_map_at_each_round(tmp_path: Path) -> None:
    runner = CliRunner()
    picture = tmp_path / "map.svg"
    result = runner.invoke(cli, ["play", "lost_atlas", "--players", "bot:random,bot:random",
                                 "--seed", "3", "--option", "mode=micro_2p",
                                 "--map", str(picture)])
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    assert result.output.count("The map is drawn in") >= 4 * 3  # every round of 4 cycles
    assert "<svg" in picture.read_text(encoding="utf-8")
