"""``boardroom backup`` and ``boardroom restore``: the SQLite database of a server, copied
while it serves.

::

    boardroom backup --data boardroom-data backups/2026-12-03.sqlite3
    boardroom restore backups/2026-12-03.sqlite3 --data new-data

The backup uses SQLite's online backup API (:meth:`sqlite3.Connection.backup`): it copies
the database page by page on a connection of its own, and gives a consistent snapshot
even while ``boardroom serve`` keeps writing (in WAL mode a reader sees the database as of
the moment its read began; each committed action is either in the copy or not, never
half). The copy is written to a temporary file, checked (``PRAGMA integrity_check``, the
server's tables present), set to a single-file journal and only then renamed to ``OUT``,
so a backup that fails leaves no half-written file under that name.

``restore`` copies a backup into the data folder of a server that is *not* running
(refusing a folder that already holds a database, unless ``--force``); the server brings
an older backup's schema up to date on its next start (Alembic, as always). Every game
is then rebuilt from its record when first asked for.

PostgreSQL is backed up with its own tools (docs/deploy.md): ``pg_dump -Fc`` while it
serves, ``pg_restore`` into an empty database.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import click

from boardroom.server.config import DEFAULT_DATA, SQLITE_FILE

REQUIRED_TABLES = ("games", "seats", "actions", "alembic_version")


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why."""


@dataclass(frozen=True)
class Copied:
    path: Path
    games: int
    actions: int
    bytes: int


def check_database(path: Path) -> tuple[int, int]:
    """(games, actions) of a Boardroom SQLite database at ``path``; raises
    :class:`BackupError` if it is not one, or is damaged."""
    try:
        conn = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise BackupError(f"{path} cannot be opened: {exc}") from exc
    try:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE "
                                            "type = 'table'")}
        missing = [t for t in REQUIRED_TABLES if t not in names]
        if missing:
            raise BackupError(f"{path} is not a Boardroom database (no table "
                              f"{', '.join(missing)})")
        verdict = conn.execute("PRAGMA integrity_check").fetchone()[0]
        if verdict != "ok":
            raise BackupError(f"{path} is damaged: {verdict}")
        games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
        actions = conn.execute("SELECT count(*) FROM actions").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is not a Boardroom database: {exc}") from exc
    finally:
        conn.close()
    return int(games), int(actions)


def copy_database(source: Path, target: Path) -> Copied:
    """Copy the SQLite database ``source`` to ``target`` (which must not exist) with the
    online backup API, through a temporary file renamed at the end."""
    if not source.is_file():
        raise BackupError(f"no database at {source}")
    if target.exists():
        raise BackupError(f"{target} exists already; give a new name")
    if not target.parent.is_dir():
        raise BackupError(f"no folder {target.parent}")
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    try:
        src = sqlite3.connect(str(source), timeout=30)
        try:
            dst = sqlite3.connect(str(partial))
            try:
                src.backup(dst)  # every page in one step: one consistent snapshot
                dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
                dst.commit()
            finally:
                dst.close()
        finally:
            src.close()
        games, actions = check_database(partial)
        partial.replace(target)
    except sqlite3.Error as exc:
        raise BackupError(f"the copy of {source} failed: {exc}") from exc
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
    return Copied(target, games, actions, target.stat().st_size)


def backup(data_dir: Path, out: Path) -> Copied:
    """The database of the server whose ``--data`` is ``data_dir``, copied to ``out``."""
    return copy_database(data_dir / SQLITE_FILE, out)


def restore(backup_file: Path, data_dir: Path, force: bool = False) -> Copied:
    """``backup_file`` becomes the database of ``data_dir`` (stop the server first)."""
    check_database(backup_file)
    data_dir.mkdir(parents=True, exist_ok=True)
    target = data_dir / SQLITE_FILE
    if target.exists():
        if not force:
            raise BackupError(f"{data_dir} holds a database already; restore into a new "
                              "folder, or give --force (with its server stopped)")
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                Path(f"{target}{suffix}").unlink()
    return copy_database(backup_file, target)


def said(copied: Copied) -> str:
    return (f"{copied.path}: {copied.games} games, {copied.actions} actions, "
            f"{copied.bytes:,} bytes")


@click.command("backup")
@click.option("--data", "data_dir", default=DEFAULT_DATA, show_default=True,
              type=click.Path(file_okay=False), help="The server's --data folder.")
@click.argument("out", type=click.Path(dir_okay=False))
def backup_command(data_dir: str, out: str) -> None:
    """Copy a server's SQLite database to OUT, safely while it serves (SQLite's online
    backup). For PostgreSQL use pg_dump (docs/deploy.md)."""
    try:
        copied = backup(Path(data_dir), Path(out))
    except BackupError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"backed up {said(copied)}")


@click.command("restore")
@click.argument("backup_file", metavar="BACKUP", type=click.Path(dir_okay=False))
@click.option("--data", "data_dir", default=DEFAULT_DATA, show_default=True,
              type=click.Path(file_okay=False), help="The folder to restore into.")
@click.option("--force", is_flag=True,
              help="Replace the database already in --data (its server stopped).")
def restore_command(backup_file: str, data_dir: str, force: bool) -> None:
    """Make BACKUP the database of the --data folder (start the server on it after)."""
    try:
        copied = restore(Path(backup_file), Path(data_dir), force)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"restored {said(copied)}")
