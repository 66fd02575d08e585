"""An action's append as plain SQL on the database driver's own cursor.

Appending an action is the server's most frequent write (two statements: the version bump
and the action's row). Through SQLAlchemy Core each statement costs its execution
machinery (the compiled cache's look-up, parameter processing, the result object) on top
of the driver's work: issue 30's profile measured the writer's append and commit at
562 us through SQLAlchemy against 159 us on a bare ``sqlite3`` cursor. So these two
statements go to the driver's cursor of the transaction's connection (the same
transaction SQLAlchemy began: the group commit's SAVEPOINTs and the commit are still
SQLAlchemy's). Everything else (the schema, migrations, every rarer write and every read)
stays SQLAlchemy. The tables' names and columns are those of :mod:`.tables`;
``tests/test_server_append.py`` checks the rows written here are the record.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError

BUMP = ('UPDATE games SET version = ?, updated_at = ?, "count" = ?, status = ? '
        "WHERE id = ? AND version = ?")
INSERT = ("INSERT INTO actions (game_id, idx, notation, seat, by_bot, created_at) "
          "VALUES (?, ?, ?, ?, ?, ?)")
NOTIFY = "SELECT pg_notify(?, ?)"


class DriverSql:
    """The append's statements in the driver's parameter style (``?`` for sqlite3,
    ``%s`` for psycopg)."""

    def __init__(self, qmark: bool) -> None:
        self.qmark = qmark
        self.bump_sql, self.insert_sql = self.styled(BUMP), self.styled(INSERT)
        self.notify_sql = self.styled(NOTIFY)

    def styled(self, sql: str) -> str:
        """``sql``, written with ``?`` placeholders, in the driver's style."""
        return sql if self.qmark else sql.replace("?", "%s")

    def query(self, engine: Engine, sql: str, params: tuple[Any, ...]) -> list[Any]:
        """The rows of one read (``?`` placeholders) on a pooled connection's cursor: for a
        read made after every action, where SQLAlchemy's statement building and execution
        cost 25 times the query (270-330 against 11 us for the turn notifier's, measured
        alone on SQLite)."""
        conn = engine.raw_connection()
        try:
            cursor = conn.cursor()
            try:
                cursor.execute(self.styled(sql), params)
                return list(cursor.fetchall())
            finally:
                cursor.close()
        finally:
            conn.close()

    @staticmethod
    def run(conn: Connection, sql: str, params: tuple[Any, ...]) -> int:
        """Execute one statement on the driver's cursor of ``conn``'s transaction; the
        rows it changed. The driver's integrity error (a key taken) is raised as
        SQLAlchemy's, as the statement through Core would raise it."""
        cursor = conn.connection.cursor()
        try:
            cursor.execute(sql, params)
            return int(cursor.rowcount)
        except conn.dialect.loaded_dbapi.IntegrityError as exc:
            raise IntegrityError(sql, params, exc) from exc
        finally:
            cursor.close()

    def bump(self, conn: Connection, game_id: str, old: int, new: int, now: float,
             count: int, status: str) -> bool:
        """Raise the game's version from ``old`` to ``new``; False if it was not ``old``."""
        return self.run(conn, self.bump_sql, (new, now, count, status, game_id, old)) == 1

    def insert_action(self, conn: Connection, game_id: str, idx: int, notation: str,
                      seat: int, by_bot: bool, now: float) -> None:
        self.run(conn, self.insert_sql, (game_id, idx, notation, seat, by_bot, now))
