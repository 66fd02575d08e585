"""Alembic migrations of the server's schema (``boardroom.server.tables``)."""
