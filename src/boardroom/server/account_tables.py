"""The schema of accounts and what hangs on them (SQLAlchemy Core tables, migration r0003).

* ``users``: names, Argon2 password hashes (never the password), the admin role and the
  notification settings;
* ``sessions``: signed-in browsers, by the SHA-256 of the session cookie, with the hash of
  the CSRF token that every state-changing request of that cookie must carry;
* ``seat_accounts``: which account holds which seat of a game (a joined open table or a
  claimed seat link); ``seat_delegates``: per-browser bearer tokens for those seats, made
  for a session and dying with it;
* ``sign_in_failures``: wrong passwords, by account and by address (the brute-force limit);
* ``sign_ups``: when each client address made an account (the sign-up limit);
* ``open_tables``: games being gathered, before they start;
* ``chat``: what was said in a game (not part of its record);
* ``ratings``, ``rating_events``, ``rated_games``: openskill ratings per title.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from boardroom.server.tables import metadata

users = Table(
    "users", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(40), nullable=False, unique=True),
    Column("password_hash", Text, nullable=False),
    Column("is_admin", Boolean, nullable=False),
    Column("settings", JSON, nullable=False),
    Column("created_at", Float, nullable=False),
)

sessions = Table(
    "sessions", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("csrf_hash", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("seen_at", Float, nullable=False),
)

seat_accounts = Table(
    "seat_accounts", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("joined_at", Float, nullable=False),
)

seat_delegates = Table(
    "seat_delegates", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("session_hash", String(64), nullable=False, index=True),
    Column("user_id", Integer, nullable=False),
    Column("game_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
)

sign_in_failures = Table(
    "sign_in_failures", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name_key", String(40), nullable=False, index=True),
    Column("address", String(64), nullable=False, index=True),
    Column("at", Float, nullable=False, index=True),
)

sign_ups = Table(
    "sign_ups", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("address", String(64), nullable=False, index=True),
    Column("at", Float, nullable=False, index=True),
)

open_tables = Table(
    "open_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("title", String(64), nullable=False),
    Column("name", String(80), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("creator_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("password_hash", Text, nullable=True),
    Column("status", String(16), nullable=False, index=True),
    Column("game_id", String(32), nullable=True),
    Column("version", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)

chat = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("user_id", Integer, nullable=True),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("at_count", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
)

ratings = Table(
    "ratings", metadata,
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("title", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)

rating_events = Table(
    "rating_events", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("title", String(64), nullable=False),
    Column("game_id", String(32), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("ordinal", Float, nullable=False),
    Column("place", Integer, nullable=False),
    Column("at", Float, nullable=False),
    UniqueConstraint("game_id", "user_id", name="uq_rating_events_game_user"),
)

rated_games = Table(
    "rated_games", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("rated", Boolean, nullable=False),
    Column("reason", String(120), nullable=False),
    Column("at", Float, nullable=False),
)
