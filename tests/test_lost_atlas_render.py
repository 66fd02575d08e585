"""The SVG picture of the Lost Atlas map: well-formed, complete, deterministic, and the
``boardroom render`` command."""

from __future__ import annotations

import json
import shutil
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from boardroom.cli.main import cli
from boardroom.core.errors import OptionError
from boardroom.map.hexes import Hex, neighbour, opposite
from boardroom.titles.lost_atlas.board.board import Board, Space
from boardroom.titles.lost_atlas.board.components import Components, load_components
from boardroom.titles.lost_atlas.render import svg as render_svg
from boardroom.titles.lost_atlas.render.svg import (
    APOTHEM,
    TILE_FILL,
    PngUnavailable,
    R,
    crossings,
    edge_path,
    hex_centre,
    in_hex,
    render_board,
    svg_to_png,
)

SVG = "{http://www.w3.org/2000/svg}"

# Twelve map pieces, each placement legal when laid in this order (min 3 shared edges,
# no edge against a black border): homes of Expansive (1), Eastern Mining's mine (2),
# Northern Port's port (3), Bridging (9), Spacious (11), Agricultural (3), Suburban (6),
# two Distant Destinations (27, 28), water, mountains and blank land.
PLACEMENTS: list[tuple[int, Hex, int]] = [
    (1, (0, 0), 0), (2, (-2, 1), 5), (7, (1, -2), 1), (9, (2, -1), 0), (11, (-1, 2), 0),
    (12, (-2, -1), 0), (27, (-4, 2), 5), (3, (1, 1), 0), (13, (3, -2), 5), (22, (-3, 3), 5),
    (6, (-1, 4), 5), (28, (4, 0), 3),
]  # fmt: skip

# Tiles laid on the built map (the rotation is chosen to fit the neighbours).
LAYS: list[tuple[Hex, str]] = [
    ((2, -1), "722"), ((0, 0), "619"), ((0, 1), "8"), ((1, 0), "9"), ((-1, 0), "23"),
    ((-2, 1), "LA1"), ((0, -1), "6"), ((1, 1), "LA6"), ((-1, -1), "43"), ((-2, 0), "7"),
    ((3, -1), "8"), ((2, 1), "57"), ((0, 3), "125"), ((0, 2), "19"), ((1, 2), "9"),
    ((-2, 2), "7"),
]  # fmt: skip


@pytest.fixture(scope="module")
def c() -> Components:
    return load_components()


def _open_side(board: Board, h: Hex, edge: int) -> bool:
    """May track leave ``h`` through ``edge``? Onto land, a bridge, or a destination's
    open side."""
    space = board.spaces.get(neighbour(h, edge))
    if space is None or space.terrain == "border":
        return False
    if space.terrain == "water":
        laid = board.tile_at(space.hex)
        return laid is not None and opposite(edge) in laid[0].exits(laid[1])
    if space.terrain == "destination":
        return opposite(edge) in space.open_edges
    return True


def _lay(board: Board, h: Hex, tile_id: str) -> None:
    """Lay a tile in the rotation that fits and joins the most neighbouring track."""
    tile = board.components.tile(tile_id)
    best: tuple[int, int] | None = None
    for rotation in tile.distinct_rotations():
        exits = tile.exits(rotation)
        if not all(_open_side(board, h, e) for e in exits):
            continue
        joined = 0
        for e in exits:
            other = board.tile_at(neighbour(h, e))
            if other is not None and opposite(e) in other[0].exits(other[1]):
                joined += 1
        if best is None or joined > best[0]:
            best = (joined, rotation)
    assert best is not None, f"{tile_id} fits nowhere on {h}"
    board.lay_tile(h, tile, best[1])


def make_board(c: Components) -> Board:
    """A map in the middle of a game: track of every colour, hubs of minors and majors,
    two unlaunched homes, a suburb, a capital."""
    board = Board.empty(c)
    for number, anchor, rotation in PLACEMENTS:
        board.add_piece(c.map_pieces[number], anchor, rotation)
    board.make_capital((1, 1))
    for h, tile_id in LAYS:
        _lay(board, h, tile_id)
    board.launch_home("expansive", ((0, 0), 0))
    board.launch_home("northern_port", ((1, -1), 0))
    board.launch_home("bridging", ((2, 0), 0))
    board.launch_home("spacious", ((-1, 3), 0))
    board.launch_home("eastern_mining", ((-2, 1), 0))
    board.place_hub(((0, 3), 0), "expansive")
    board.place_hub(((0, 3), 0), "union")
    board.place_hub(((1, 1), 0), "consortium")
    board.place_hub(((1, 1), 0), "international")
    board.place_hub(((-1, 3), 0), "union")
    board.suburbs[(0, -1)] = "suburban"
    return board


@pytest.fixture(scope="module")
def board(c: Components) -> Board:
    return make_board(c)


@pytest.fixture(scope="module")
def svg(board: Board) -> str:
    return render_board(board, "green")


@pytest.fixture(scope="module")
def root(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _all(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(SVG + tag) if cls in (e.get("class") or "").split()]


def _map_only(root: ET.Element) -> ET.Element:
    """The picture without its legend (whose samples carry the same classes)."""
    copy = ET.fromstring(ET.tostring(root))
    for group in list(copy):
        if group.get("class") == "legend":
            copy.remove(group)
    return copy


def _texts(root: ET.Element, cls: str) -> list[str]:
    return [e.text or "" for e in _all(root, "text", cls)]


# --------------------------------------------------------------------------- the document


def test_parses_with_a_viewbox_around_the_map(root: ET.Element, board: Board) -> None:
    assert root.tag == SVG + "svg"
    x, y, w, h = (float(v) for v in root.get("viewBox", "").split())
    for space in board.spaces.values():
        cx, cy = hex_centre(space.hex)
        assert x < cx - R and cx + R < x + w
        assert y < cy - APOTHEM and cy + APOTHEM < y + h


def test_one_hex_polygon_per_space(root: ET.Element, board: Board) -> None:
    hexes = _all(root, "polygon", "hex")
    assert len(hexes) == len(board.spaces)
    assert {h.get("data-hex") for h in hexes} == {f"{q},{r}" for q, r in board.spaces}
    terrains = Counter(h.get("data-terrain") for h in hexes)
    assert terrains == Counter(s.terrain for s in board.spaces.values())


def test_a_circle_per_city_slot(root: ET.Element, board: Board) -> None:
    expected = Counter[str]()
    for h in board.spaces:
        laid = board.tile_at(h)
        if laid is None:
            continue
        for i, stop in enumerate(laid[0].stops):
            if stop.kind != "destination":
                expected[f"{h[0]},{h[1]}/{i}"] += stop.slots
    slots = Counter(e.get("data-stop") for e in _all(root, "circle", "slot"))
    assert slots == expected
    assert sum(expected.values()) == 17


def test_hubs_carry_their_abbreviations(root: ET.Element, board: Board, c: Components) -> None:
    shown = Counter(_texts(root, "hub-label"))
    wanted = Counter(render_svg.abbreviation(c, company)
                     for owners in board.hubs.values() for company in owners)
    assert shown == wanted
    assert {"EA", "NP", "BR", "SP", "EM", "UNI", "CON", "INT"} <= set(shown)
    assert shown["EA"] == 2 and shown["UNI"] == 2


def test_reserved_homes_are_marked_beside_the_spot(root: ET.Element, board: Board) -> None:
    assert set(board.reserved.values()) == {"agricultural", "suburban"}
    tags = {e.get("data-company") for e in _all(root, "rect", "reservation")}
    assert tags == {"agricultural", "suburban"}
    assert set(_texts(root, "reservation-label")) == {"AG", "SU"}
    assert len(_all(root, "circle", "reserved-slot")) == 2
    # the tag is beside the spot, not on it
    for rect in _all(root, "rect", "reservation"):
        cx = float(rect.get("x", 0)) + float(rect.get("width", 0)) / 2
        cy = float(rect.get("y", 0)) + float(rect.get("height", 0)) / 2
        for slot in _all(root, "circle", "reserved-slot"):
            d = ((cx - float(slot.get("cx", 0))) ** 2 + (cy - float(slot.get("cy", 0))) ** 2)
            assert d ** 0.5 > 0.2 * R


def test_destination_values_highlight_the_phase(root: ET.Element) -> None:
    boxes = [g for g in root.iter(SVG + "g") if g.get("class") == "destination-values"]
    assert {g.get("data-destination") for g in boxes} == {"DD27", "DD28", "legend"}
    for box in boxes:
        texts = [t.text for t in box.iter(SVG + "text")]
        assert texts == ["30", "40", "70", "100"]
        current = [t for t in box.iter(SVG + "text") if t.get("font-weight") == "bold"]
        assert [t.text for t in current] == ["40"]
        assert len(_all(box, "rect", "current-value")) == 1


def test_a_card_for_each_destination(board: Board) -> None:
    other = {"yellow": 20, "green": 30, "purple": 80, "grey": 110}
    root = ET.fromstring(render_board(board, "grey", per_destination={"DD28": other}))
    boxes = {g.get("data-destination"): [t.text for t in g.iter(SVG + "text")]
             for g in root.iter(SVG + "g") if g.get("class") == "destination-values"}
    assert boxes == {"DD27": ["30", "40", "70", "100"], "DD28": ["20", "30", "80", "110"]}
    assert "Distant Destinations: a card each" in [t.text for t in root.iter(SVG + "text")]


def test_legend(root: ET.Element, board: Board) -> None:
    legends = _all(root, "rect", "legend")
    assert len(legends) == 1
    words = " ".join(t.text or "" for t in root.iter(SVG + "text"))
    for item in ("Terrain", "Water", "Mountain (costs 40)", "Black border", "Distant Destination",
                 "Yellow tile", "Green tile", "Purple tile (brown)", "Grey tile", "Bridge (blue)",
                 "Hub", "Reserved home", "Suburb", "Capital", "Mine", "Port", "Phase: green"):
        assert item in words
    bare = ET.fromstring(render_board(board, "green", legend=False))
    assert not _all(bare, "rect", "legend")


def test_tile_colours_and_terrain(root: ET.Element) -> None:
    root = _map_only(root)
    fills = {h.get("fill") for h in _all(root, "polygon", "hex")}
    for colour in ("yellow", "green", "purple", "grey", "blue"):
        assert TILE_FILL[colour] in fills
    assert "url(#la-dd-hatch)" in fills and "url(#la-border-hatch)" in fills
    assert len(_all(root, "polygon", "mountain-peak")) == 4  # 4 untiled mountains
    assert set(_texts(root, "tile-id")) == {tile for _h, tile in LAYS}


def test_marks_and_symbols(root: ET.Element, board: Board) -> None:
    root = _map_only(root)
    assert len(_all(root, "polygon", "suburb")) == len(board.suburbs) == 1
    assert len(_all(root, "polygon", "capital")) == 1  # the LA6 tile
    assert len(_all(root, "path", "link")) == 1  # the mine's two stops
    assert len(_all(root, "line", "port-divider")) == 1
    assert len(_all(root, "polygon", "water-edge")) == 2  # the port's water sides
    assert len(_all(root, "polygon", "hex")) == len(board.spaces)


def test_labels_stay_inside_their_hex(root: ET.Element, board: Board) -> None:
    centres = [hex_centre(h) for h in board.spaces]

    def inside(x: float, y: float) -> bool:
        nearest = min(centres, key=lambda c: (c[0] - x) ** 2 + (c[1] - y) ** 2)
        return in_hex((x, y), nearest)

    for circle in _all(root, "circle", "revenue"):
        assert inside(float(circle.get("cx", 0)), float(circle.get("cy", 0)))
    for text in _all(root, "text", "tile-id"):
        assert inside(float(text.get("x", 0)), float(text.get("y", 0)))


def test_deterministic(board: Board, svg: str) -> None:
    assert render_board(board, "green") == svg
    assert render_board(board.copy(), "green") == svg
    assert render_board(board, "purple") != svg


def test_coordinates_on_request(root: ET.Element, board: Board) -> None:
    assert not _all(root, "text", "coord")
    with_coords = ET.fromstring(render_board(board, "green", coordinates=True))
    labels = _texts(with_coords, "coord")
    assert sorted(labels) == sorted(f"{q},{r}" for q, r in board.spaces)


def test_unknown_phase(board: Board) -> None:
    with pytest.raises(OptionError, match="unknown phase 'brown'"):
        render_board(board, "brown")


def test_empty_board(c: Components) -> None:
    root = ET.fromstring(render_board(Board.empty(c)))
    assert not _all(root, "polygon", "hex")
    assert _all(root, "rect", "legend")


def test_every_tile_in_every_rotation(c: Components) -> None:
    board = Board.empty(c)
    ids = [*c.tiles, *c.printed_tiles]
    placed = 0
    for tile_id in ids:
        tile = c.tile(tile_id)
        for rotation in tile.distinct_rotations():
            h = (placed % 12 * 2, placed // 12 * 2 - placed % 12)
            board.add_space(Space(hex=h, terrain="blank", piece=0))
            board.lay_tile(h, tile, rotation)
            placed += 1
    root = ET.fromstring(render_board(board, "grey", coordinates=True))
    assert len(_all(root, "polygon", "hex")) == placed


# --------------------------------------------------------------------------- track geometry


def test_track_shapes() -> None:
    centre = (0.0, 0.0)
    assert " L" in edge_path(centre, 0, 3).d  # straight
    assert f"A{R / 2:g},{R / 2:g} " in edge_path(centre, 0, 1).d  # sharp curve
    assert f"A{1.5 * R:g},{1.5 * R:g} " in edge_path(centre, 0, 2).d  # broad curve
    for a, b in ((0, 1), (0, 2), (2, 4), (5, 1), (3, 5)):
        # the curve stays inside the hex, on the near side of the turn
        assert all(in_hex(p, centre, -0.5) for p in edge_path(centre, a, b).points)


def test_fork_branches_separate_and_crossings_are_marked() -> None:
    centre = (0.0, 0.0)
    straight, branch = edge_path(centre, 0, 3), edge_path(centre, 0, 4)
    assert straight.points[0] == branch.points[0]  # one trunk
    half = len(straight.points) // 2
    dx = straight.points[half][0] - branch.points[half][0]
    dy = straight.points[half][1] - branch.points[half][1]
    assert (dx * dx + dy * dy) ** 0.5 > 1.5 * render_svg.TRACK_W
    assert crossings(branch, straight) == []  # a fork is not a crossing
    assert len(crossings(edge_path(centre, 1, 4), straight)) == 1  # tile 20's X


# --------------------------------------------------------------------------- PNG and CLI


def test_png_without_a_converter(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    with pytest.raises(PngUnavailable, match="pip install cairosvg") as info:
        svg_to_png("<svg/>", tmp_path / "x.png")
    assert "librsvg2-bin" in str(info.value)


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert not installed")
def test_png_with_rsvg_convert(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                               svg: str) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    assert svg_to_png(svg, tmp_path / "map.png") == "rsvg-convert"
    assert (tmp_path / "map.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def _map_file(tmp_path: Path) -> Path:
    path = tmp_path / "map.json"
    pieces = [{"number": n, "anchor": list(a), "rotation": r} for n, a, r in PLACEMENTS]
    data = {"format": "boardroom.lost_atlas.map", "version": 1, "name": "Test Atlas",
            "pieces": pieces, "destination_cards": {"DD28": "card-2"}}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_cli_render(tmp_path: Path, c: Components) -> None:
    path = _map_file(tmp_path)
    out = tmp_path / "map.svg"
    result = CliRunner().invoke(cli, ["render", str(path), "-o", str(out), "--phase", "purple",
                                      "--coords"])
    assert result.exit_code == 0, result.output
    assert f"Wrote {out}: 36 hexes, phase purple." in result.output
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert len(_all(root, "polygon", "hex")) == 36
    assert len(_all(root, "text", "coord")) == 36
    card_2 = c.destination_cards["card-2"].values
    assert card_2 is not None
    boxes = {g.get("data-destination"): [t.text for t in g.iter(SVG + "text")]
             for g in root.iter(SVG + "g") if g.get("class") == "destination-values"}
    assert boxes["DD28"] == [str(card_2[p]) for p in ("yellow", "green", "purple", "grey")]
    assert boxes["DD27"] == ["30", "40", "70", "100"]
    assert _texts(root, "map-name") == ["Map: Test Atlas"]

    printed = CliRunner().invoke(cli, ["render", str(path)])
    assert printed.exit_code == 0
    assert printed.output.startswith("<?xml")


def test_cli_render_mistakes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = _map_file(tmp_path)
    runner = CliRunner()
    result = runner.invoke(cli, ["render", str(path), "--phase", "brown"])
    assert result.exit_code == 2 and "unknown phase 'brown'" in result.output
    result = runner.invoke(cli, ["render", str(tmp_path / "none.json")])
    assert result.exit_code == 2 and "cannot read" in result.output
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    result = runner.invoke(cli, ["render", str(path), "--png", str(tmp_path / "m.png")])
    assert result.exit_code == 2
    assert "pip install cairosvg" in result.output


def test_cli_render_a_game_record(tmp_path: Path) -> None:
    """``boardroom render RECORD`` draws the map as it stands after the record."""
    import boardroom
    from boardroom.bots import RandomBot

    game = boardroom.new_game("lost_atlas", ["Ann", "Bob"], seed=5,
                              options={"mode": "micro_2p"})
    bot = RandomBot(5)
    for _ in range(40):
        game.apply(bot.choose(game, game.to_act[0]))
    record = tmp_path / "game.json"
    game.record.write(record)
    out = tmp_path / "map.svg"
    result = CliRunner().invoke(cli, ["render", str(record), "-o", str(out)])
    assert result.exit_code == 0, result.output
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")
    assert "Ann, Bob, cycle" in out.read_text(encoding="utf-8")
