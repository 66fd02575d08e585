"""The game server: ``boardroom serve``.

FastAPI on uvicorn, SQLAlchemy 2 with Alembic migrations (applied on start), an embedded
SQLite database by default and PostgreSQL for several processes. See ``docs/server.md``.

* :mod:`~boardroom.server.app` builds the ASGI application (:func:`create_app`);
* :mod:`~boardroom.server.store` keeps games: the database, the in-memory cache, the
  one-transaction append of action N;
* :mod:`~boardroom.server.live` pushes each change to WebSocket clients, across processes
  through PostgreSQL LISTEN/NOTIFY or Redis pub/sub;
* :mod:`~boardroom.server.bots` plays bot seats in the background;
* :mod:`~boardroom.server.webhooks` sends "your turn" notifications;
* :mod:`~boardroom.server.deps` is what other routers (the browser table's) may use.
"""
