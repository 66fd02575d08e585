"""The Congress board drawn as SVG (rules version 2) and `boardroom render` for a record."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

import boardroom
from boardroom import Game
from boardroom.bots import make_bot
from boardroom.cli.common import save_game
from boardroom.cli.main import cli
from boardroom.titles.congress.render import COLOURS, render_svg


def played(actions: int, seed: int = 1) -> Game:
    game = boardroom.new_game("congress", ["Ann", "Bob", "Cy", "Di"], seed=seed)
    bots = [make_bot("medium", seed=s) for s in range(4)]
    for _ in range(actions):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    return game


def test_congress_svg_draws_links_in_owner_colours_and_both_tracks() -> None:
    game = played(300)
    view = game.view(None)
    svg = render_svg(view)
    root = ET.fromstring(svg)  # well-formed
    assert root.tag.endswith("svg")
    lines = [e for e in root.iter() if e.tag.endswith("line")]
    ids = [co["id"] for co in view["companies"]]
    for link in view["links"]:
        if link["owner"]:
            paint = COLOURS[ids.index(link["owner"])]
            assert any(e.get("stroke") == paint and e.get("stroke-width") == "5" for e in lines)
    titles = [e.text or "" for e in root.iter() if e.tag.endswith("title")]
    for p in view["players"]:
        assert any(t.startswith(f"{p['name']}: month") for t in titles)
    assert sum(t.startswith("General Dividend ") for t in titles) == 6
    for city in ("London", "Thurso", "Penzance", "Dublin"):
        assert city in svg


def test_boardroom_render_draws_a_congress_record(tmp_path: Path) -> None:
    game = played(2000, seed=2)
    record = tmp_path / "game.json"
    save_game(game, record)
    out = tmp_path / "board.svg"
    result = CliRunner().invoke(cli, ["render", str(record), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "game over" in out.read_text() and "Wrote" in result.output
    old = Game("congress", ["A", "B", "C"], seed=1, rules_version="1")
    save_game(old, tmp_path / "old.json")
    refused = CliRunner().invoke(cli, ["render", str(tmp_path / "old.json")])
    assert refused.exit_code != 0 and "rules version 2" in refused.output
    assert "Traceback" not in refused.output


def test_the_names_around_liverpool_and_manchester_do_not_cover_other_locations() -> None:
    from boardroom.titles.congress.data import load_data
    from boardroom.titles.congress.map_labels import label_sides, name_box

    data = load_data()
    sides = label_sides(data)
    boxes = {c.id: name_box(c.x, c.y, c.name, sides[k]) for k, c in enumerate(data.cities)}
    near = ("LIV", "MAN", "PRE", "CHE", "CRE", "LDS", "SHF")
    for ident in near:
        left, top, right, bottom = boxes[ident]
        for other in data.cities:
            if other.id != ident:  # no other location's circle under the name
                assert not (left < other.x + 8 and other.x - 8 < right and
                            top < other.y + 8 and other.y - 8 < bottom), (ident, other.id)
        for other in near:  # and no other name
            if other != ident:
                o = boxes[other]
                assert not (left < o[2] and o[0] < right and top < o[3] and o[1] < bottom), \
                    (ident, other)
    view = boardroom.new_game("congress", ["A", "B", "C"], seed=1).view(None)
    assert {c["id"]: c["label"] for c in view["cities"]}["LIV"] == sides[data.city_index["LIV"]]
