"""The ``boardroom`` command.

Every command but ``play`` works on a record file, the JSON of ``game.to_record()``::

    boardroom new acquire --players Ann,Bob,Cy --seed 7 -o game.json
    boardroom show game.json --as Ann
    boardroom legal game.json
    boardroom act game.json 5D "buy Tower Tower"
    boardroom undo game.json
    boardroom replay game.json

Every error is one line on standard error, never a traceback, and the exit status says
what kind it was:

====  ====================================================================
0     done
1     an illegal action (the message names the rule it breaks); the record is unchanged
2     a mistake in what was asked: unknown title, option or player, a file that cannot
      be read, is not UTF-8, is not JSON (or is nested too deeply), or is not a record
3     a bug in Boardroom itself (one line naming it; set ``BOARDROOM_DEBUG=1`` to see the
      traceback)
====  ====================================================================
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

import click
from click.core import ParameterSource
from rich.text import Text

from boardroom import __version__
from boardroom.bots.base import bot_description, bot_names, make_bot
from boardroom.cli.common import (
    CliError,
    console,
    error_console,
    load_game,
    names,
    parse_options,
    print_log,
    print_result,
    print_to_act,
    random_seed,
    resolve_seat,
    save_game,
    split_names,
)
from boardroom.cli.map_editor import map_group
from boardroom.cli.play import (
    DEFAULT_PLAYERS,
    Seat,
    Session,
    default_players,
    infer_seats,
    parse_seats,
)
from boardroom.cli.render import render_view
from boardroom.cli.simulate import balance, simulate
from boardroom.core.errors import BoardroomError, IllegalAction
from boardroom.core.game import Game, new_game
from boardroom.core.registry import get_title, title_names
from boardroom.server.backup import backup_command, restore_command
from boardroom.server.cli import serve, users

RECORD = click.Path(dir_okay=False)
SHOW_LOG_LINES = 8


class InternalError(click.ClickException):
    """An exception Boardroom did not mean to raise: a bug, reported in one line."""

    exit_code = 3


class BoardroomGroup(click.Group):
    """A command group that turns Boardroom's errors into messages and exit statuses."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except IllegalAction as exc:
            raise click.ClickException(str(exc)) from exc
        except BoardroomError as exc:
            raise CliError(str(exc)) from exc
        except (click.ClickException, click.exceptions.Exit, click.Abort, KeyboardInterrupt,
                SystemExit, EOFError):
            raise
        except RecursionError as exc:
            raise CliError("the input is nested too deeply to read") from exc
        except Exception as exc:
            if os.environ.get("BOARDROOM_DEBUG"):
                raise
            raise InternalError(f"internal error, please report it: {type(exc).__name__}: "
                                f"{exc} (BOARDROOM_DEBUG=1 shows the traceback)") from exc


def option_pairs(func: Callable[..., Any]) -> Callable[..., Any]:
    """The repeatable ``--option KEY=VALUE``."""
    return click.option(
        "--option", "options", multiple=True, metavar="KEY=VALUE",
        help="A title option (repeatable), e.g. mode=tycoon. Numbers are read as ints.",
    )(func)


def as_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--as SEAT|NAME``: a player by name or by seat number (0 first)."""
    return click.option(
        "--as", "viewer", metavar="SEAT|NAME",
        help="A player, by name or seat number (0 is the first seat).",
    )(func)


@click.group(cls=BoardroomGroup)
@click.version_option(__version__, prog_name="boardroom")
def cli() -> None:
    """Boardroom: stock-and-merger board games in the terminal."""


# -- records ------------------------------------------------------------------------
@cli.command()
@click.argument("title")
@click.option("--players", "-p", required=True, help="Comma-separated player names.")
@click.option("--seed", type=int, help="The game's seed (default: a random one).")
@option_pairs
@click.option("-o", "--output", type=RECORD, help="Record file to write (default: print it).")
@click.option("--force", is_flag=True, help="Overwrite the output file if it exists.")
def new(title: str, players: str, seed: int | None, options: Sequence[str],
        output: str | None, force: bool) -> None:
    """Start a game of TITLE and write its record."""
    game = new_game(title, split_names(players), seed=random_seed() if seed is None else seed,
                    options=parse_options(options))
    if output is None:
        click.echo(game.record.dumps())
        return
    if Path(output).exists() and not force:
        raise CliError(f"{output} exists; use --force to overwrite it")
    save_game(game, output)
    record = game.record
    click.echo(f"Wrote {output}: {game.title.display_name} for {', '.join(record.players)}, "
               f"seed {record.seed}, options {json.dumps(record.options)}.")


@cli.command()
@click.argument("record", type=RECORD)
@as_option
@click.option("--log", "log_count", type=click.IntRange(min=0), default=SHOW_LOG_LINES,
              show_default=True, help="How many of the last log sentences to show.")
def show(record: str, viewer: str | None, log_count: int) -> None:
    """Show the game in RECORD, as a spectator or --as one player (their tiles only)."""
    game = load_game(record)
    seat = None if viewer is None else resolve_seat(game, viewer)
    out = console()
    out.print(render_view(game.title.name, game.view(seat)))
    if log_count:
        out.print(Text("Last moves", style="bold"))
        print_log(out, game.log_entries[-log_count:])
    print_result(out, game)


@cli.command()
@click.argument("record", type=RECORD)
@as_option
def legal(record: str, viewer: str | None) -> None:
    """List the notation of every legal action of whoever must decide now."""
    game = load_game(record)
    seats = game.to_act if viewer is None else (resolve_seat(game, viewer),)
    if game.is_over:
        error_console().print("The game is over: nobody has anything to decide.")
        return
    for seat in seats:
        prefix = f"{game.players[seat]}: " if len(seats) > 1 else ""
        for action in game.legal_actions(seat):
            click.echo(f"{prefix}{action}")


@cli.command()
@click.argument("record", type=RECORD)
@click.argument("actions", nargs=-1, required=True)
@as_option
def act(record: str, actions: Sequence[str], viewer: str | None) -> None:
    """Play ACTIONS (in notation, in order) and save RECORD; all or nothing."""
    game = load_game(record)
    seat = None if viewer is None else resolve_seat(game, viewer)
    before = len(game.log_entries)
    for text in actions:
        try:
            game.apply(text, seat)
        except IllegalAction as exc:
            raise click.ClickException(f"{text!r} was not played: {exc}. "
                                       f"{record} is unchanged.") from exc
    save_game(game, record)
    out = console()
    print_log(out, game.log_entries[before:], numbered=False)
    print_to_act(out, game)


@cli.command()
@click.argument("record", type=RECORD)
@click.option("-n", "--count", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many actions to take back.")
def undo(record: str, count: int) -> None:
    """Take back the last action(s) of RECORD."""
    game = load_game(record)
    played = game.record.actions
    if count > len(played):
        raise click.ClickException(f"{record} has only {len(played)} action(s) to take back")
    taken = played[-count:]
    for _ in range(count):
        game.undo()
    save_game(game, record)
    out = console()
    out.print(Text(f"Took back {count} action(s): {', '.join(taken)}."))
    print_to_act(out, game)


@cli.command()
@click.argument("record", type=RECORD)
def replay(record: str) -> None:
    """Replay RECORD and print its whole log, and the result if the game is over."""
    game = load_game(record)
    out = console()
    record_ = game.record
    out.print(Text(f"{game.title.display_name}: {', '.join(record_.players)} "
                   f"(seed {record_.seed}, options {json.dumps(record_.options)})",
                   style="bold"))
    print_log(out, game.log_entries)
    print_to_act(out, game)


cli.add_command(replay, name="log")


# -- playing ---------------------------------------------------------------------------
class PlayCommand(click.Command):
    """``play``, whose help lists every registered bot (read when the help is shown, so a
    new bot appears without anyone editing a docstring)."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_help_text(ctx, formatter)
        with formatter.indentation():
            formatter.write_paragraph()
            formatter.write_text("Bots (a seat written bot:NAME): " + ", ".join(bot_names())
                                 + ". The bots command says what each one is.")


@cli.command(cls=PlayCommand)
@click.argument("title", default="acquire")
@click.option("--players", help=f"Comma-separated seats; bot:NAME for a bot. "
                                f"[default for Acquire: {DEFAULT_PLAYERS}]")
@click.option("--seed", type=int, help="The game's seed (default: a random one).")
@option_pairs
@click.option("--save", "save_path", type=RECORD, help="Keep the record in this file.")
@click.option("--load", "load_path", type=RECORD, help="Go on with the game in this record.")
@click.option("--map", "map_path", type=click.Path(dir_okay=False),
              default="boardroom-map.svg", show_default=True,
              help="Lost Atlas: the SVG file the map is drawn in (with hex coordinates) "
                   "after every action.")
@click.option("--auto-map", is_flag=True,
              help="Lost Atlas: a bot builds the map for the people at this keyboard "
                   "(or type auto at a map-building prompt).")
@click.pass_context
def play(ctx: click.Context, title: str, players: str | None, seed: int | None,
         options: Sequence[str], save_path: str | None, load_path: str | None,
         map_path: str, auto_map: bool) -> None:
    """Play TITLE at this keyboard: any mix of people and bots."""
    out = console()
    if load_path is None:
        chosen = parse_options(options)
        seats = parse_seats(players or default_players(title, chosen))
        game = new_game(title, [s.name for s in seats],
                        seed=random_seed() if seed is None else seed, options=chosen)
        print_log(out, game.log_entries, numbered=False)
    else:
        if seed is not None or options:
            raise CliError("--seed and --option come from the loaded record; leave them out")
        explicit = ctx.get_parameter_source("title") != ParameterSource.DEFAULT
        game, seats = resume(load_path, title if explicit else None, players)
        print_log(out, game.log_entries[-SHOW_LOG_LINES:], numbered=False)
    out.print(Text(f"{game.title.display_name}: {names(game, range(len(seats)))}; "
                   f"seed {game.record.seed}. Type ? for help.", style="bold"))
    drawn = Path(map_path) if game.title.name == "lost_atlas" else None
    Session(game, seats, out, Path(save_path) if save_path else None, drawn,
            auto_map=auto_map).run()


def resume(path: str, title: str | None, players: str | None) -> tuple[Game, list[Seat]]:
    """A saved game to go on with, and who sits where in it."""
    game = load_game(path)
    if title is not None and title != game.record.title:
        raise CliError(f"{path} is a game of {game.record.title}, not {title}")
    return game, loaded_seats(game, players)


def loaded_seats(game: Game, players: str | None) -> list[Seat]:
    """Who sits where in a loaded game: from --players by position, else from the names."""
    if players is None:
        return infer_seats(game.players)
    kinds = parse_seats(players)
    if len(kinds) != len(game.players):
        raise CliError(f"--players names {len(kinds)} seats; the record has "
                       f"{len(game.players)}")
    return [Seat(name, kind.bot) for name, kind in zip(game.players, kinds, strict=True)]


# -- the rest ------------------------------------------------------------------------
@cli.command(context_settings={"ignore_unknown_options": True, "help_option_names": []})
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@click.pass_context
def bench(ctx: click.Context, args: Sequence[str]) -> None:
    """Run the benchmarks (arguments go to boardroom.bench; try: bench --help)."""
    try:
        module = importlib.import_module("boardroom.bench")
    except ModuleNotFoundError as exc:
        if exc.name != "boardroom.bench":
            raise
        raise CliError("the benchmark module boardroom.bench is not installed") from exc
    run = cast(Callable[[list[str] | None], int], module.main)
    ctx.exit(run(list(args)))


@cli.command()
@click.argument("mapfile", type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="SVG file to write (default: print the SVG, unless --png is given).")
@click.option("--png", "png_path", type=click.Path(dir_okay=False),
              help="Also write a PNG (needs CairoSVG or the rsvg-convert program).")
@click.option("--phase", default=None,
              help="The phase whose Distant Destination values are highlighted "
                   "(default: the game's phase for a record, yellow for a map file).")
@click.option("--coords", is_flag=True, help="Label every hex with its axial coordinates.")
@click.option("--no-legend", is_flag=True, help="Leave the legend out.")
def render(mapfile: str, output: str | None, png_path: str | None, phase: str | None,
           coords: bool, no_legend: bool) -> None:
    """Draw a map as SVG: a Railways of the Lost Atlas JSON map file or game record (the
    map as it stands after the record's actions), or a Congress game record (rules
    versions 2 and 3: the graph, the income and months tracks)."""
    from boardroom.titles.lost_atlas.render import svg as render_svg

    if render_svg.is_game_record(mapfile) and _record_title(mapfile) == "congress":
        _render_congress(mapfile, output, png_path)
        return
    if render_svg.is_game_record(mapfile):
        picture, game_phase = render_svg.record_picture(mapfile)
        phase = phase or game_phase
    else:
        picture = render_svg.load_map_picture(mapfile)
        phase = phase or "yellow"
    svg = render_svg.render_board(
        picture.board, phase, per_destination=picture.per_destination, coordinates=coords,
        legend=not no_legend, name=picture.name,
    )
    _write_picture(svg, output, png_path,
                   f"{len(picture.board.spaces)} hexes, phase {phase}")


def _record_title(path: str) -> str:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    title = data.get("title") if isinstance(data, dict) else None
    return title if isinstance(title, str) else ""


def _render_congress(path: str, output: str | None, png_path: str | None) -> None:
    """``boardroom render`` for a Congress record: its board as it stands (SVG, PNG)."""
    from boardroom.titles.congress.render import render_svg

    game = load_game(path)
    try:
        svg = render_svg(game.view(None))
    except ValueError as exc:
        raise CliError(f"{path}: {exc}") from exc
    _write_picture(svg, output, png_path, f"Congress, round {game.state.round}")


def _write_picture(svg: str, output: str | None, png_path: str | None, what: str) -> None:
    """``boardroom render``'s output: the SVG to stdout, or to ``output`` and/or as a PNG."""
    from boardroom.titles.lost_atlas.render import svg as render_svg

    if output is None and png_path is None:
        click.echo(svg, nl=False)
        return
    if output is not None:
        try:
            Path(output).write_text(svg, encoding="utf-8")
        except OSError as exc:
            raise CliError(f"cannot write {output}: {exc.strerror or exc}") from exc
        click.echo(f"Wrote {output}: {what}.")
    if png_path is not None:
        try:
            used = render_svg.svg_to_png(svg, png_path)
        except OSError as exc:
            raise CliError(f"cannot write {png_path}: {exc.strerror or exc}") from exc
        click.echo(f"Wrote {png_path} (with {used}).")


@cli.command()
def titles() -> None:
    """List the titles Boardroom plays."""
    for name in title_names():
        title = get_title(name)
        click.echo(f"{name:<12} {title.display_name} "
                   f"({title.min_players}-{title.max_players} players)")


@cli.command()
def bots() -> None:
    """List the bots that can take a seat (as bot:NAME), and what each one is."""
    names_ = bot_names()
    width = max(len(n) for n in names_)
    for name in names_:
        text = bot_description(name)
        if not text:
            text = (type(make_bot(name)).__doc__ or "").strip().split("\n\n")[0]
        click.echo(f"{name:<{width}}  {' '.join(text.split())}".rstrip())


@cli.command()
@click.argument("title")
@click.argument("lineup", nargs=-1, required=True)
@click.option("--games", type=click.IntRange(min=1), default=20, show_default=True,
              help="Games to play (a multiple of the lineup's rotations plays each seed "
                   "with every bot in every seat).")
@click.option("--seed", type=int, default=0, show_default=True, help="The first game's seed.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes playing games in parallel.")
@option_pairs
@click.option("--out", "out_dir", type=click.Path(file_okay=False),
              help="Directory to write every game's record (as it ends), games.jsonl and "
                   "summary.json to.")
@click.option("--resume", is_flag=True,
              help="Play only the games --out DIR's games.jsonl lacks (go on with a stopped "
                   "run, or extend one with a larger --games) and sum them all.")
def tournament(title: str, lineup: Sequence[str], games: int, seed: int, workers: int,
               options: Sequence[str], out_dir: str | None, resume: bool) -> None:
    """Play seeded games of TITLE between the bots of LINEUP (one per seat, e.g.
    "hard greedy greedy greedy"), every seat rotation, and rate the bots."""
    from boardroom.cli.tournament_view import run_tournament

    run_tournament(title, list(lineup), games, seed, workers, parse_options(options),
                   Path(out_dir) if out_dir else None, console(), resume=resume)


cli.add_command(map_group)
cli.add_command(serve)
cli.add_command(backup_command)
cli.add_command(restore_command)
cli.add_command(users)
cli.add_command(simulate)
cli.add_command(balance)


def main(argv: list[str] | None = None) -> None:
    """The console script's entry point."""
    cli.main(args=argv, prog_name="boardroom")
