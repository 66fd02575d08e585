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

import time
from typing import Any

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError

CHANNEL = "boardroom_games"
"""The channel of PostgreSQL's notices of changes (:mod:`.live`)."""

BUMP = ('UPDATE games SET version = ?, updated_at = ?, "count" = ?, status = ? '
        "WHERE id = ? AND version = ?")
INSERT = ("INSERT INTO actions (game_id, idx, notation, seat, by_bot, created_at) "
          "VALUES (?, ?, ?, ?, ?, ?)")
NOTIFY = "SELECT pg_notify(?, ?)"
PG_APPEND = (
    'WITH bumped AS (UPDATE games SET version = %s, updated_at = %s, "count" = %s, '
    "status = %s WHERE id = %s AND version = %s RETURNING id), "
    "added AS (INSERT INTO actions (game_id, idx, notation, seat, by_bot, created_at) "
    "SELECT id, %s, %s, %s, %s, %s FROM bumped RETURNING game_id) ")
"""The quick path's append on PostgreSQL as one statement in autocommit mode (one round
trip instead of BEGIN, the bump, the notice, the insert and COMMIT): the action's row is
inserted, and the notice sent on commit, only if the bump found the version it expected;
no row back means it did not."""
PG_APPEND_NOTIFY = PG_APPEND + "SELECT pg_notify(%s, %s) FROM added"
PG_APPEND_QUIET = PG_APPEND + "SELECT game_id FROM added"
"""Without a notice: a store no other process hears from through PostgreSQL."""
PG_KEYED = (", keyed AS (INSERT INTO action_keys (game_id, seat, \"key\", response) "
            "SELECT game_id, %s, %s, CAST(%s AS JSON) FROM added RETURNING game_id) ")
"""An idempotency key's row and first answer, with the action's (a key already taken
fails the whole statement: nothing is written)."""
PG_APPEND_KEYED_NOTIFY = PG_APPEND.rstrip() + PG_KEYED + "SELECT pg_notify(%s, %s) FROM keyed"
PG_APPEND_KEYED_QUIET = PG_APPEND.rstrip() + PG_KEYED + "SELECT game_id FROM keyed"
KEY_INSERT = 'INSERT INTO action_keys (game_id, seat, "key", response) VALUES (?, ?, ?, ?)'


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

    def quick_append(self, raw: Any, game_id: str, old: int, idx: int, notation: str,
                     seat: int, status: str, notice: str | None,
                     keyed: tuple[str, str] | None = None) -> bool:
        """The quick path's append on the driver's connection ``raw`` (SQLite: inside the
        writer's transaction; PostgreSQL: one statement, its own transaction): the version
        bump from ``old`` and the action's row. False (nothing written) if the game was
        not at version ``old``. ``notice``: PostgreSQL's ``pg_notify`` payload;
        ``keyed``: the idempotency key and its answer as JSON (a key already taken raises
        the driver's integrity error)."""
        now = time.time()
        if self.qmark:
            if raw.execute(self.bump_sql, (old + 1, now, idx + 1, status, game_id,
                                           old)).rowcount != 1:
                return False
            raw.execute(self.insert_sql, (game_id, idx, notation, seat, False, now))
            if keyed is not None:
                raw.execute(KEY_INSERT, (game_id, seat, *keyed))
            return True
        values: tuple[Any, ...] = (old + 1, now, idx + 1, status, game_id, old, idx, notation,
                                   seat, False, now)
        if keyed is not None:
            values = (*values, seat, *keyed)
        if notice is None:
            sql = PG_APPEND_QUIET if keyed is None else PG_APPEND_KEYED_QUIET
            rows = raw.execute(sql, values).fetchall()
        else:
            sql = PG_APPEND_NOTIFY if keyed is None else PG_APPEND_KEYED_NOTIFY
            rows = raw.execute(sql, (*values, CHANNEL, notice)).fetchall()
        return len(rows) == 1

    def insert_action(self, conn: Connection, game_id: str, idx: int, notation: str,
                      seat: int, by_bot: bool, now: float) -> None:
        self.run(conn, self.insert_sql, (game_id, idx, notation, seat, by_bot, now))
