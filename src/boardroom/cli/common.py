"""What every ``boardroom`` command shares: errors, records on disk, options, seats, output.

Nothing here knows a title: it works through :class:`~boardroom.core.game.Game` only.
"""

from __future__ import annotations

import os
import secrets
import stat
import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from boardroom.core.errors import OptionError, RecordError
from boardroom.core.game import Game, LogEntry, load
from boardroom.core.record import Record, parse_json, read_text

SEED_LIMIT = 1_000_000_000
"""Random seeds are drawn below this, so that they stay easy to read and retype."""


class CliError(click.ClickException):
    """A mistake in what was asked (bad file, option, title...): exit status 2."""

    exit_code = 2


def console() -> Console:
    """A console on the current standard output (so test runners can capture it)."""
    return Console(highlight=False, soft_wrap=True)


def error_console() -> Console:
    """A console on standard error, for messages that are not the command's output."""
    return Console(stderr=True, highlight=False)


def random_seed() -> int:
    """A fresh seed for a game whose seed the user did not choose."""
    return secrets.randbelow(SEED_LIMIT)


# -- records on disk ----------------------------------------------------------------
def load_game(path: str | Path) -> Game:
    """Read a record file and replay it; :class:`RecordError` says what is wrong."""
    return load(Record.read(path))


def save_game(game: Game, path: str | Path) -> None:
    """Write the game's record to ``path`` atomically (see :meth:`Record.write`)."""
    try:
        game.record.write(path)
    except OSError as exc:
        raise CliError(f"cannot write record {path}: {exc}") from exc


# -- options, players and seats --------------------------------------------------
def parse_value(text: str) -> bool | int | str:
    """An option value: true/false, an int when the text is one, else the text itself.

    >>> parse_value("3"), parse_value("-2"), parse_value("tycoon"), parse_value("True")
    (3, -2, 'tycoon', True)
    """
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return int(text)
    except ValueError:
        return text


OPTION_FILE_LIMIT = 4 * 1024 * 1024
"""The largest file an ``@FILE`` option value may name (checked before reading)."""


def read_option_text(path: str) -> str:
    """The text of an option file: a regular file of at most :data:`OPTION_FILE_LIMIT`
    bytes (so ``@/dev/zero`` is refused, not read until memory runs out)."""
    try:
        info = os.stat(path)
    except OSError as exc:
        raise CliError(f"cannot read option file {path}: {exc.strerror or exc}") from exc
    if not stat.S_ISREG(info.st_mode):
        raise CliError(f"option file {path} is not a regular file")
    if info.st_size > OPTION_FILE_LIMIT:
        raise CliError(f"option file {path} is larger than {OPTION_FILE_LIMIT} bytes")
    try:
        return read_text(path, "option file")
    except RecordError as exc:
        raise CliError(str(exc)) from exc


def read_json_value(path: str) -> Any:
    """The value of the file an ``@FILE`` option value names (a map file, say): JSON, or
    for a ``.toml`` file its table (Congress's data file)."""
    text = read_option_text(path)
    if path.lower().endswith(".toml"):
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise CliError(f"option file {path} is not valid TOML: {exc}") from exc
    try:
        return parse_json(text, f"option file {path}")
    except RecordError as exc:
        raise CliError(str(exc)) from exc


def parse_options(pairs: Iterable[str]) -> dict[str, Any]:
    """Read ``KEY=VALUE`` pairs into an options dict (the title validates them).

    ``KEY=@FILE`` takes the JSON value in FILE (``map=@twin-bays.json``; a ``.toml`` file:
    its table, ``data=@my-congress.toml``), so the record holds the value itself and
    replays without the file. Only here, on the local command line, is a file read: a
    title's options are content, never a path.
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CliError(f"an option is KEY=VALUE, not {pair!r}")
        value = value.strip()
        if value.startswith("@") and len(value) > 1:
            options[key.strip()] = read_json_value(value[1:])
        else:
            options[key.strip()] = parse_value(value)
    return options


def split_names(text: str) -> list[str]:
    """A comma-separated list of names, each stripped."""
    return [name.strip() for name in text.split(",")]


def resolve_seat(game: Game, who: str) -> int:
    """The seat called ``who``: a player's name (any case) or a seat number, 0 first."""
    players = game.players
    if who in players:
        return players.index(who)
    folded = [name.casefold() for name in players]
    if who.casefold() in folded:
        return folded.index(who.casefold())
    if who.strip().isascii() and who.strip().isdigit() and int(who) < len(players):
        return int(who)
    seats = ", ".join(f"{seat} {name}" for seat, name in enumerate(players))
    raise OptionError(f"no player or seat {who!r} in this game (seats: {seats})")


def names(game: Game, seats: Sequence[int]) -> str:
    """Players' names joined for a sentence."""
    return ", ".join(game.players[seat] for seat in seats)


# -- printing ----------------------------------------------------------------------
def log_lines(entries: Sequence[LogEntry], numbered: bool = True) -> list[Text]:
    """Log sentences as lines; with ``numbered``, each action's first line shows its number."""
    lines: list[Text] = []
    previous = None
    for entry in entries:
        if not numbered:
            prefix = "  "
        elif entry.index < 0:
            prefix = "     · "
        elif entry.index != previous:
            prefix = f"{entry.index + 1:>5}. "
        else:
            prefix = "       "
        previous = entry.index
        lines.append(Text(prefix, style="dim") + Text(entry.text))
    return lines


def print_log(out: Console, entries: Sequence[LogEntry], numbered: bool = True) -> None:
    """Print log entries, one sentence a line."""
    for line in log_lines(entries, numbered):
        out.print(line)


def result_table(game: Game) -> Table | None:
    """Final scores and ranking as a table, or None while the game goes on."""
    result = game.result
    if result is None:
        return None
    table = Table(title="Final scores", title_justify="left", title_style="bold")
    table.add_column("Place", justify="right")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    place = 1
    for group in result.ranking:
        for seat in group:
            style = "bold green" if seat in result.winners else ""
            tie = " (tie)" if len(group) > 1 else ""
            table.add_row(f"{place}{tie}", Text(game.players[seat], style=style),
                          f"{result.scores[seat]:,}")
        place += len(group)
    ranked = {seat for group in result.ranking for seat in group}
    for seat, score in enumerate(result.scores):  # unplaced: the solo game lost, say
        if seat not in ranked:
            table.add_row("-", game.players[seat], f"{score:,}")
    return table


def print_result(out: Console, game: Game) -> None:
    """Print the final scores, the winners, and the tie rule when a tie needed it."""
    table = result_table(game)
    result = game.result
    if table is None or result is None:
        return
    out.print(table)
    winners = names(game, result.winners)
    verb = "wins" if len(result.winners) == 1 else "win (tied)"
    if not result.winners:  # e.g. the Lost Atlas Solo Game lost to the Conglomerate
        winners, verb = "No player", f"wins ({result.tie_rule})"
    out.print(Text(f"{winners} {verb}.", style="bold"))
    if any(len(group) > 1 for group in result.ranking):
        out.print(Text(f"Ties: {result.tie_rule}.", style="dim"))


def print_to_act(out: Console, game: Game) -> None:
    """Say who must decide now, or print the result if the game is over."""
    if game.is_over:
        out.print("The game is over.")
        print_result(out, game)
    else:
        out.print(f"Now: {names(game, game.to_act)} to decide.")
