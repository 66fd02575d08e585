"""``boardroom serve --workers N``: N server processes on one socket, one PostgreSQL.

uvicorn's supervisor starts N worker processes that share the listening socket (the
kernel hands each new connection to one of them); each builds its own app with
:func:`app` from the settings the parent put in the environment
(:data:`SETTINGS_ENV`, JSON). The processes share nothing but the database: a change
made by one reaches the others' live clients through PostgreSQL LISTEN/NOTIFY (or Redis),
as with separate ``boardroom serve`` processes. SQLite is one process only (one writer
with group commit), so ``--workers`` above 1 needs ``--database``.

SIGTERM to the parent is passed to every worker, each of which drains
(:mod:`boardroom.server.shutdown`) and stops.
"""

from __future__ import annotations

import dataclasses
import json
import os

from fastapi import FastAPI

from boardroom.server.config import Settings
from boardroom.server.heap import settle_start_up

SETTINGS_ENV = "BOARDROOM_SERVE_SETTINGS"


def settings_to_env(settings: Settings) -> str:
    """The settings as the JSON the workers read.

    >>> s = settings_from_env(settings_to_env(Settings("postgresql://db/x", bot_time_s=2)))
    >>> s.database_url, s.bot_time_s
    ('postgresql://db/x', 2)
    """
    return json.dumps(dataclasses.asdict(settings))


def settings_from_env(text: str) -> Settings:
    fields = {f.name for f in dataclasses.fields(Settings)}
    return Settings(**{k: v for k, v in json.loads(text).items() if k in fields})


def app() -> FastAPI:
    """A worker's app (uvicorn calls this factory in each worker process)."""
    from boardroom.server.app import create_app
    from boardroom.server.logging_json import configure

    configure(os.environ.get("BOARDROOM_LOG_LEVEL", "warning"),
              os.environ.get("BOARDROOM_LOG_FORMAT", "text"))
    made = create_app(settings_from_env(os.environ[SETTINGS_ENV]))
    settle_start_up()  # as `boardroom serve` does (boardroom.server.heap)
    return made
