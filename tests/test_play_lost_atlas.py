"""Railways of the Lost Atlas at the keyboard (issue 16 item 10): the drawn map piece and
where it may go, hex coordinates on the map picture, the picture redrawn after every
action, automatic map building, only what changed reprinted, and the final table last."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from rich.console import Console

import boardroom
from boardroom.cli.main import cli
from boardroom.cli.play import Seat, Session

ARGS = ["play", "lost_atlas", "--players", "Ann,bot:random", "--seed", "3",
        "--option", "mode=micro_2p"]


def test_map_building_prompt_shows_the_drawn_piece_and_where_it_may_go(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, [*ARGS, "--map", str(tmp_path / "m.svg")], input="")
    out = result.output
    game = boardroom.new_game("lost_atlas", ["Ann", "Random 2"], seed=3,
                              options={"mode": "micro_2p"})
    drawn = game.view(0)["map_building"]["drawn"]
    assert f"Drawn: map piece {drawn} — A " in out
    anchors = {str(a).split()[1] for a in game.legal_actions(0)}
    line = next(line for line in out.splitlines() if line.startswith("It may go"))
    for anchor in anchors:
        assert f" {anchor} r" in line
    assert "auto to let a bot build the map" in out


def test_the_map_picture_has_hex_coordinates_and_is_redrawn_after_every_action(
        tmp_path: Path) -> None:
    picture = tmp_path / "m.svg"
    game = boardroom.new_game("lost_atlas", ["Ann", "Bob"], seed=3, options={"mode": "micro_2p"})
    session = Session(game, [Seat("Ann"), Seat("Bob")], Console(record=True), None, picture)
    session.play(game.legal_actions()[0], game.to_act[0])
    first = picture.read_text(encoding="utf-8")
    assert ">0,0<" in first  # the coordinates label of hex 0,0
    session.play(game.legal_actions()[0], game.to_act[0])
    second = picture.read_text(encoding="utf-8")
    assert second != first  # the piece just placed is in the picture at once
    assert game.state.round == "map"  # not a new round: every action redraws


def test_auto_map_builds_the_map_for_the_person(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = CliRunner().invoke(cli, [*ARGS, "--auto-map", "--map", str(tmp_path / "m.svg"),
                                      "--save", str(save)], input="")
    assert "(map built for you)" in result.output
    assert "Drawn: map piece" not in result.output
    game = boardroom.load(save.read_text())
    assert game.state.round != "map"


def test_auto_typed_at_a_map_building_prompt(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = CliRunner().invoke(cli, [*ARGS, "--map", str(tmp_path / "m.svg"),
                                      "--save", str(save)], input="auto\n")
    assert "(map built for you)" in result.output
    assert boardroom.load(save.read_text()).state.round != "map"


def test_only_the_sections_that_changed_are_reprinted(tmp_path: Path) -> None:
    game = boardroom.new_game("lost_atlas", ["Ann", "Bob"], seed=3, options={"mode": "micro_2p"})
    console = Console(record=True, width=120)
    session = Session(game, [Seat("Ann"), Seat("Bob")], console)
    session.show(0)
    first = console.export_text()
    assert "Players" in first or "players" in first.lower()
    session.show(0)
    again = console.export_text()
    assert "Unchanged: heading, players, trains and matrix" in again
    session.show(0, full=True)
    assert "Unchanged" not in console.export_text()


def test_the_final_table_is_the_last_thing_on_screen(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["play", "lost_atlas", "--players",
                                      "bot:random,bot:random", "--seed", "3", "--option",
                                      "mode=micro_2p", "--map", str(tmp_path / "m.svg")])
    assert result.exit_code == 0, result.output
    tail = result.output.strip().splitlines()[-12:]
    assert any("Final scores" in line for line in tail)
    assert tail[-1].endswith(("wins.", "win (tied).")) or "Ties:" in tail[-1]
