"""Alembic environment: runs on the connection :func:`boardroom.server.db.migrate` gives."""

from __future__ import annotations

from alembic import context

from boardroom.server.tables import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through boardroom.server.db.migrate")
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
