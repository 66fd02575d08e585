"""``boardroom serve``: the game server on uvicorn."""

from __future__ import annotations

import gc
import logging
import socket

import click

from boardroom.server.config import DEFAULT_DATA, Settings, sqlite_url


def describe(url: str) -> str:
    """The database for the start-up line, without any password.

    >>> describe("postgresql+psycopg://me:secret@db/test")
    'postgresql+psycopg://db/test'
    """
    scheme, sep, rest = url.partition("://")
    if "@" in rest:
        rest = rest.split("@", 1)[1]
    return scheme + sep + rest


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port; the line printed says which).")
@click.option("--data", "data_dir", default=DEFAULT_DATA, show_default=True,
              type=click.Path(file_okay=False),
              help="Folder of the embedded SQLite database (when no --database is given).")
@click.option("--database", "database_url", metavar="URL",
              help="A database URL instead, e.g. postgresql+psycopg://user@host/db.")
@click.option("--redis", "redis_url", metavar="URL",
              help="Carry live updates between processes by Redis pub/sub "
                   "(default with PostgreSQL: LISTEN/NOTIFY).")
@click.option("--bot-time", default=5.0, show_default=True, type=click.FloatRange(0.01),
              help="Seconds a bot may think; past them the random bot decides.")
@click.option("--rate-limit", default=50.0, show_default=True, type=click.FloatRange(0),
              help="Requests a second per token (0: no limit).")
@click.option("--public-url", default="", help="The address clients use, for seat URLs.")
@click.option("--smtp-url", default=None, metavar="URL",
              help="Send turn e-mails through this SMTP server: "
                   "smtp://[user:password@]host[:port][?from=ADDR&starttls=1] or smtps://...")
@click.option("--log-level", default="warning", show_default=True,
              type=click.Choice(["debug", "info", "warning", "error"]))
def serve(host: str, port: int, data_dir: str, database_url: str | None,
          redis_url: str | None, bot_time: float, rate_limit: float, public_url: str,
          smtp_url: str | None, log_level: str) -> None:
    """Start the game server (FastAPI on uvicorn); Ctrl-C stops it."""
    import uvicorn

    from boardroom.server.app import create_app

    url = database_url or sqlite_url(data_dir)
    settings = Settings(url, redis_url=redis_url, bot_time_s=bot_time, rate_per_s=rate_limit,
                        rate_burst=max(rate_limit * 4, 20.0),
                        public_url=public_url.rstrip("/"), smtp_url=smtp_url)
    logging.basicConfig(level=log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        app = create_app(settings)
    except Exception as exc:
        raise click.ClickException(f"cannot open the database {describe(url)}: {exc}") from exc
    # Everything made so far (the imported modules, the app) lives as long as the process:
    # freeze it out of the cyclic collector, whose full collections otherwise walk those
    # ~105,000 objects each time (23-30 ms of CPU, a pause of every request; measured for
    # issue 10 with py-spy and gc callbacks under the bench; after the freeze: under 1 ms)
    gc.collect()
    gc.freeze()
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise click.ClickException(f"cannot listen on {host}:{port}: {exc.strerror}") from exc
    sock.listen(2048)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    click.echo(f"Boardroom server listening on http://{shown}:{bound} "
               f"(database {describe(url)})", nl=True)
    click.echo(f"API: http://{shown}:{bound}/api/openapi.json", nl=True)
    config = uvicorn.Config(app, log_level=log_level, access_log=False, ws_max_size=1 << 20,
                            timeout_graceful_shutdown=3)
    uvicorn.Server(config).run(sockets=[sock])


@click.group()
def users() -> None:
    """The server's accounts (``boardroom serve``'s database)."""


@users.command("make-admin")
@click.argument("name")
@click.option("--data", "data_dir", default=DEFAULT_DATA, show_default=True,
              type=click.Path(file_okay=False),
              help="Folder of the embedded SQLite database (when no --database is given).")
@click.option("--database", "database_url", metavar="URL", help="A database URL instead.")
def make_admin(name: str, data_dir: str, database_url: str | None) -> None:
    """Give the account NAME the admin role."""
    from boardroom.server.accounts import Accounts
    from boardroom.server.db import make_engine, migrate
    from boardroom.server.errors import ApiError
    from boardroom.server.store import GameStore

    url = database_url or sqlite_url(data_dir)
    engine = make_engine(url)
    migrate(engine)
    store = GameStore(engine, Settings(url))
    try:
        user = Accounts(engine, store).make_admin(name)
    except ApiError as exc:
        raise click.ClickException(exc.message) from exc
    finally:
        store.close()
        engine.dispose()
    click.echo(f"{user.name} is an admin now")
