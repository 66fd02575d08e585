"""Database engines and migrations.

SQLite runs in WAL mode with ``synchronous=FULL``, so an acknowledged (committed) action
survives a crash or SIGKILL; PostgreSQL acknowledges after commit. Alembic brings the schema
to the newest migration on every start; on PostgreSQL an advisory lock makes processes that
start together migrate one at a time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.pool import StaticPool

from boardroom.server.commits import sqlite_savepoints
from boardroom.server.config import normalize_url

MIGRATION_LOCK = 7_425_001
"""The PostgreSQL advisory lock id held while migrating."""


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


def make_engine(url: str) -> Engine:
    """An engine for ``url`` with the durability settings the server relies on."""
    url = normalize_url(url)
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        pool: dict[str, Any] = (
            {"poolclass": StaticPool} if memory else {"pool_size": 20, "max_overflow": 20})
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30}, **pool)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cursor = dbapi_conn.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        sqlite_savepoints(engine)
        return engine
    # no pre-ping: it would add a round trip to every checkout; stale connections are
    # recycled instead
    return create_engine(url, pool_size=20, max_overflow=20, pool_recycle=1800)


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    return cfg


def migrate(engine: Engine) -> None:
    """Apply every migration not yet applied (Alembic ``upgrade head``)."""
    cfg = alembic_config()
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
