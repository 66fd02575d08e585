"""Custom and pre-made maps as a game's start (rulebook "Variants > Custom and Pre-Made
Maps"): option ``map`` holds a map file's JSON, and ``boardroom map`` edits map files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from boardroom.bots import make_bot
from boardroom.cli.main import cli
from boardroom.core.errors import OptionError
from boardroom.core.game import Game, load, new_game
from boardroom.core.rng import Rng
from boardroom.titles.lost_atlas.board.components import load_components
from boardroom.titles.lost_atlas.board.mapbuild import auto_build
from boardroom.titles.lost_atlas.board.mapfile import (
    MapEditor,
    MapFileError,
    spec_from_board,
    spec_from_builder,
    spec_to_json,
)
from boardroom.titles.lost_atlas.state import MAP, STOCK

COMPONENTS = load_components()


def small_map() -> dict[str, Any]:
    """Four home pieces and a blank one, each at the first legal spot in a fixed scan."""
    editor = MapEditor(COMPONENTS, name="Four Homes")
    editor.add_piece(1, (0, 0), 0)
    for number in (2, 3, 4, 16):
        placed = False
        for q in range(-4, 5):
            for r in range(-4, 5):
                for rot in range(6):
                    try:
                        editor.add_piece(number, (q, r), rot)
                    except MapFileError:
                        continue
                    placed = True
                    break
                if placed:
                    break
            if placed:
                break
        assert placed, number
    return editor.to_json()


def test_game_starts_on_the_given_map() -> None:
    """rule lost_atlas.variant.custom-map: no map building; only minors at home on it."""
    spec = small_map()
    game = new_game("lost_atlas", ["A", "B", "C"], seed=2, options={"map": spec})
    state = game.state
    assert state.round == STOCK and state.builder is None
    assert [p[0] for p in state.board.pieces] == [1, 2, 3, 4, 16]
    dealt = sorted(m for col in state.matrix for m in col)
    assert dealt == ["agricultural", "eastern_mining", "expansive", "resourceful"]
    # the base game deals the mode's twelve minors after building its own map
    base = new_game("lost_atlas", ["A", "B", "C"], seed=2)
    assert base.state.round == MAP


def test_map_game_replays_from_its_record_alone() -> None:
    spec = spec_to_json(spec_from_builder(auto_build(COMPONENTS, "long", 4, Rng(5))))
    game = new_game("lost_atlas", ["A", "B", "C", "D"], seed=3, options={"map": spec})
    bots = [make_bot("random", seed) for seed in range(4)]
    for _ in range(60):
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    record = json.loads(json.dumps(game.to_record()))
    again = load(record)
    assert again.to_record() == game.to_record()
    assert again.state.board.pieces == game.state.board.pieces


def test_random_game_on_a_map_to_the_end() -> None:
    spec = spec_to_json(spec_from_builder(auto_build(COMPONENTS, "short", 3, Rng(8))))
    game = new_game("lost_atlas", ["A", "B", "C"], seed=1,
                    options={"mode": "short", "map": spec})
    play_out(game)
    assert game.result is not None and len(game.result.scores) == 3


def play_out(game: Game) -> None:
    bots = [make_bot("random", seed) for seed in range(len(game.players))]
    for _ in range(20000):
        if game.is_over:
            return
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    raise AssertionError("the game did not end")


def test_bad_map_option_names_the_entry() -> None:
    spec = small_map()
    spec["pieces"][2]["anchor"] = [9, 9]
    with pytest.raises(OptionError, match=r"option map: pieces\[2\].*shared-edges"):
        new_game("lost_atlas", ["A", "B", "C"], seed=1, options={"map": spec})
    with pytest.raises(OptionError, match="a map file is a JSON object"):
        new_game("lost_atlas", ["A", "B", "C"], seed=1, options={"map": "twin.json"})


def test_map_building_options_refused_with_a_map() -> None:
    with pytest.raises(OptionError, match="different_destinations"):
        new_game("lost_atlas", ["A", "B", "C"], seed=1,
                 options={"map": small_map(), "different_destinations": True})


def test_spec_from_board_round_trips_a_built_map() -> None:
    builder = auto_build(COMPONENTS, "long", 4, Rng(11))
    from_builder = spec_to_json(spec_from_builder(builder))
    from_board = spec_to_json(spec_from_board(builder.board, builder.destination_cards))
    assert from_board["pieces"] == from_builder["pieces"]
    assert sorted(from_board["capitals"]) == sorted(from_builder["capitals"])
    assert sorted(from_board["fillers"]) == sorted(from_builder["fillers"])


# -- the command line editor -----------------------------------------------------------

def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_cli_editor_builds_a_map_and_refuses_bad_pieces(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    code, out = invoke("map", "add", str(path), "16", "0,0", "0", "--name", "Twin")
    assert code == 0 and "piece 16 covers 0,0 1,0 0,1" in out
    code, out = invoke("map", "add", str(path), "12", "2,-1", "3")
    assert code == 0
    before = path.read_text()
    code, out = invoke("map", "add", str(path), "12", "5,5", "0")
    assert code == 1 and "lost_atlas.map.shared-edges" in out
    assert path.read_text() == before  # a refused change leaves the file as it was
    code, out = invoke("map", "capital", str(path), "0,0")
    assert code == 0
    code, out = invoke("map", "show", str(path))
    assert code == 0 and "6 hexes" in out and "capitals: 1" in out
    code, out = invoke("map", "remove", str(path), "2,-1")
    assert code == 0 and json.loads(path.read_text())["pieces"][0]["number"] == 16
    assert len(json.loads(path.read_text())["pieces"]) == 1


def test_cli_new_game_from_a_map_file_and_back(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text(json.dumps(small_map()))
    record = tmp_path / "g.json"
    code, out = invoke("new", "lost_atlas", "-p", "A,B,C", "--seed", "4", "--option",
                       f"map=@{path}", "-o", str(record))
    assert code == 0, out
    saved = json.loads(record.read_text())
    assert saved["options"]["map"]["name"] == "Four Homes"
    back = tmp_path / "back.json"
    code, out = invoke("map", "from-record", str(record), str(back))
    assert code == 0, out
    assert json.loads(back.read_text())["pieces"] == small_map()["pieces"]
    code, out = invoke("new", "lost_atlas", "-p", "A,B,C", "--option",
                       f"map=@{tmp_path / 'missing.json'}")
    assert code != 0 and "cannot read option file" in out


def test_a_map_without_two_homes_is_refused() -> None:
    """rule lost_atlas.variant.custom-map: no minors to launch, no game."""
    editor = MapEditor(COMPONENTS)
    editor.add_piece(16, (0, 0), 0)
    with pytest.raises(OptionError, match=r"0 minor home\(s\).*lost_atlas.variant.custom-map"):
        new_game("lost_atlas", ["A", "B", "C"], seed=1, options={"map": editor.to_json()})
