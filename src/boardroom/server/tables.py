"""The database schema (SQLAlchemy Core tables). A change here needs an Alembic migration.

* ``games``: one row per game (``seed_chosen``: the seed came from the client, so its
  chooser can compute the draws); ``version`` grows with every change (action, undo, seat
  change), ``undos`` with every take-back, so a cache knows whether it may just apply the
  new actions;
* ``seats``: names, hashed tokens, bots and webhooks;
* ``actions``: the record's actions; the primary key ``(game_id, idx)`` is what makes two
  writers unable to both append action N;
* ``action_keys``: idempotency keys and the answer given the first time;
* ``undone``: the audit trail of take-backs; ``undo_requests``: take-backs waiting for consent.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("title", String(64), nullable=False),
    Column("rules_version", String(32), nullable=False),
    Column("options", JSON, nullable=False),
    Column("players", JSON, nullable=False),
    Column("seed", String(40), nullable=False),
    Column("admin_hash", String(64), nullable=False),
    Column("status", String(16), nullable=False),
    Column("count", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Column("undos", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("seed_chosen", Boolean, nullable=False, server_default=false()),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("bot", String(32), nullable=True),
    Column("webhook", Text, nullable=True),
    Column("claimed", Boolean, nullable=False),
)

actions = Table(
    "actions", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("notation", Text, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("by_bot", Boolean, nullable=False),
    Column("created_at", Float, nullable=False),
)

action_keys = Table(
    "action_keys", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("key", String(128), primary_key=True),
    Column("response", JSON, nullable=False),
)

undone = Table(
    "undone", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("first_index", Integer, nullable=False),
    Column("actions", JSON, nullable=False),
    Column("consent", JSON, nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

undo_requests = Table(
    "undo_requests", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("first_index", Integer, nullable=False),
    Column("at_count", Integer, nullable=False),
    Column("accepted", JSON, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created_at", Float, nullable=False),
)
