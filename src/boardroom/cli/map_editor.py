"""``boardroom map``: the Lost Atlas map editor on the command line (rulebook "Custom and
Pre-Made Maps").

Each command edits one JSON map file (the format of
:mod:`boardroom.titles.lost_atlas.board.mapfile`) through :class:`MapEditor`, so every change
is checked against the map building rules at once; a refused change names the rule and
leaves the file as it was::

    boardroom map add twin-bays.json 16 0,0 0 --name "Twin Bays"
    boardroom map add twin-bays.json 12 2,-1 3
    boardroom map capital twin-bays.json 0,0
    boardroom map show twin-bays.json
    boardroom new lost_atlas -p Ann,Bob,Cy --option map=@twin-bays.json -o game.json

``map add`` creates the file when it does not exist yet (``--free`` then allows any
placement that does not overlap, as the rulebook's variant puts it).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import click
from rich.table import Table

from boardroom.cli.common import CliError, console, read_json_value
from boardroom.titles.lost_atlas.board.components import Components, load_components
from boardroom.titles.lost_atlas.board.mapbuild import hex_text, parse_hex
from boardroom.titles.lost_atlas.board.mapfile import (
    MapEditor,
    MapFileError,
    spec_from_board,
    spec_from_json,
)

MAP_FILE = click.Path(dir_okay=False)


def _components() -> Components:
    return load_components()


def _open(path: str) -> MapEditor:
    if not Path(path).exists():
        raise CliError(f"no map file {path} (map add creates one)")
    spec = spec_from_json(read_json_value(path), path)
    return MapEditor.from_spec(_components(), spec)


def _save(editor: MapEditor, path: str) -> None:
    """Write the map atomically: a failed write leaves the old file whole."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=".map-", suffix=".json",
                               dir=target.parent if str(target.parent) else ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(editor.dumps())
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise CliError(f"cannot write map file {path}: {exc.strerror or exc}") from exc


def _hex(word: str) -> tuple[int, int]:
    try:
        return parse_hex(word)
    except Exception as exc:  # NotationError: shown as the CLI's usage error
        raise click.BadParameter(f"{word!r} is not a hex q,r") from exc


def _edit(path: str, change: Callable[[MapEditor], str],
          editor: MapEditor | None = None) -> None:
    """Apply ``change`` to the map in ``path`` and save it; a refused change (the rule it
    breaks) exits with status 1 and leaves the file as it was."""
    if editor is None:
        editor = _open(path)
    try:
        done = change(editor)
    except MapFileError as exc:
        raise click.ClickException(str(exc)) from exc
    _save(editor, path)
    click.echo(f"{path}: {done}.")


@click.group(name="map")
def map_group() -> None:
    """Make a custom Lost Atlas map file, piece by piece (then: new --option map=@FILE)."""


@map_group.command(name="add")
@click.argument("mapfile", type=MAP_FILE)
@click.argument("piece", type=int)
@click.argument("anchor")
@click.argument("rotation", type=click.IntRange(0, 5))
@click.option("--name", default="", help="The map's name (when the file is created).")
@click.option("--free", is_flag=True,
              help="Any placement that does not overlap (when the file is created).")
def add_piece(mapfile: str, piece: int, anchor: str, rotation: int, name: str,
              free: bool) -> None:
    """Put map PIECE's hex A on ANCHOR (q,r), turned ROTATION sixths clockwise."""
    at = _hex(anchor)
    if Path(mapfile).exists():
        editor = _open(mapfile)
    else:
        editor = MapEditor(_components(), free_placement=free, name=name)

    def change(ed: MapEditor) -> str:
        cells = ed.add_piece(piece, at, rotation)
        return f"piece {piece} covers {' '.join(hex_text(c) for c in cells)}"

    _edit(mapfile, change, editor)


@map_group.command(name="remove")
@click.argument("mapfile", type=MAP_FILE)
@click.argument("at")
def remove_piece(mapfile: str, at: str) -> None:
    """Take away the map piece covering hex AT (and a capital on it)."""
    h = _hex(at)

    def change(ed: MapEditor) -> str:
        entry = ed.remove_piece(h)
        return f"piece {entry.number} at {hex_text(entry.anchor)} removed"

    _edit(mapfile, change)


@map_group.command(name="capital")
@click.argument("mapfile", type=MAP_FILE)
@click.argument("at")
def add_capital(mapfile: str, at: str) -> None:
    """Lay a capital overlay on the basic city at AT."""
    h = _hex(at)

    def change(ed: MapEditor) -> str:
        ed.add_capital(h)
        return f"capital on {at}"

    _edit(mapfile, change)


@map_group.command(name="filler")
@click.argument("mapfile", type=MAP_FILE)
@click.argument("at")
def add_filler(mapfile: str, at: str) -> None:
    """Add a blank single hex at AT."""
    h = _hex(at)

    def change(ed: MapEditor) -> str:
        ed.add_filler(h)
        return f"blank single hex on {at}"

    _edit(mapfile, change)


@map_group.command(name="single")
@click.argument("mapfile", type=MAP_FILE)
@click.argument("overlay")
@click.argument("face")
@click.argument("at")
def add_single(mapfile: str, overlay: str, face: str, at: str) -> None:
    """Add a single-hex tile OVERLAY showing FACE (blank, mountain, water, city) at AT."""
    h = _hex(at)

    def change(ed: MapEditor) -> str:
        ed.add_overlay(overlay, face, h)
        return f"{overlay} ({face}) on {at}"

    _edit(mapfile, change)


@map_group.command(name="card")
@click.argument("mapfile", type=MAP_FILE)
@click.argument("card")
@click.option("--destination", help="Pair the card with this Distant Destination only.")
def set_card(mapfile: str, card: str, destination: str | None) -> None:
    """Choose the Distant Destination revenue CARD (of all, or of one destination)."""
    def change(ed: MapEditor) -> str:
        ed.set_destination_card(card, destination)
        return f"card {card} for {destination or 'every unpaired destination'}"

    _edit(mapfile, change)


@map_group.command(name="from-record")
@click.argument("record", type=click.Path(exists=True, dir_okay=False))
@click.argument("mapfile", type=MAP_FILE)
@click.option("--name", default="", help="The map's name.")
def from_record(record: str, mapfile: str, name: str) -> None:
    """Save the map a Lost Atlas game built (once map building is over) as MAPFILE."""
    from boardroom.core.game import load
    from boardroom.core.record import Record

    game = load(Record.read(record))
    state = game.state
    if game.title.name != "lost_atlas" or getattr(state, "builder", True) is not None:
        raise CliError(f"{record} is not a Lost Atlas game whose map is built")
    if state.options.get("map") is not None:
        spec = spec_from_json(state.options["map"], record)
        spec = replace(spec, name=name or spec.name)
    else:
        spec = spec_from_board(state.board, state.destination_values, name)
    editor = MapEditor.from_spec(_components(), spec)
    _save(editor, mapfile)
    click.echo(f"{mapfile}: {len(editor.spec.pieces)} map pieces saved.")


@map_group.command(name="show")
@click.argument("mapfile", type=MAP_FILE)
def show(mapfile: str) -> None:
    """Check MAPFILE against the rules and list what it holds."""
    editor = _open(mapfile)
    board = editor.board
    table = Table(title=editor.spec.name or mapfile, show_header=True)
    table.add_column("piece")
    table.add_column("anchor")
    table.add_column("turned")
    for entry in editor.spec.pieces:
        table.add_row(str(entry.number), hex_text(entry.anchor), str(entry.rotation))
    console().print(table)
    homes = sorted(s.home for s in board.spaces.values() if s.home)
    dests = editor.destination_cards
    console().print(f"{len(board.spaces)} hexes; homes: {', '.join(homes) or 'none'}; "
                  f"capitals: {len(editor.spec.capitals)}; single hexes: "
                  f"{len(editor.spec.fillers) + len(editor.spec.overlays)}")
    if dests:
        console().print("Distant Destinations: "
                      + ", ".join(f"{d} (card {c})" for d, c in sorted(dests.items())))
