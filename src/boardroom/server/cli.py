"""``boardroom serve``: the game server on uvicorn."""

from __future__ import annotations

import socket

import click

from boardroom.server.config import DEFAULT_DATA, Settings, sqlite_url
from boardroom.server.heap import settle_start_up


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
              help="Requests a second per seat (a valid token) or per client address "
                   "(0: no limit).")
@click.option("--trusted-proxy", "trusted_proxies", multiple=True, metavar="ADDR",
              help="A reverse proxy's address or network (CIDR), repeatable: requests "
                   "from it are counted against the client its X-Forwarded-For names.")
@click.option("--allow-private-webhooks", is_flag=True,
              help="Let webhooks reach loopback, private, link-local and metadata "
                   "addresses (default: public internet addresses only).")
@click.option("--allow-chosen-seeds", is_flag=True,
              help="Accept a chosen seed for a game with more than one human seat (the "
                   "game is marked seed_chosen either way).")
@click.option("--access-log", is_flag=True,
              help="Log every request (uvicorn's access log; tokens are redacted).")
@click.option("--public-url", default="", help="The address clients use, for seat URLs.")
@click.option("--smtp-url", default=None, metavar="URL",
              help="Send turn e-mails through this SMTP server: "
                   "smtp://[user:password@]host[:port][?from=ADDR&starttls=1] or smtps://...")
@click.option("--log-level", default="warning", show_default=True,
              type=click.Choice(["debug", "info", "warning", "error"]))
@click.option("--log-format", default="text", show_default=True,
              type=click.Choice(["text", "json"]),
              help="json: JSON lines, one per request (method, path, status, game, ms) "
                   "and per log record.")
@click.option("--keep-alive", "keep_alive", default=5, show_default=True,
              type=click.IntRange(1, 300),
              help="Seconds an idle HTTP keep-alive connection stays open (uvicorn's "
                   "timeout_keep_alive; behind a reverse proxy, above the proxy's own).")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Server processes on the one socket (above 1 needs --database: "
                   "PostgreSQL).")
def serve(host: str, port: int, data_dir: str, database_url: str | None,
          redis_url: str | None, bot_time: float, rate_limit: float,
          trusted_proxies: tuple[str, ...], allow_private_webhooks: bool,
          allow_chosen_seeds: bool, access_log: bool, public_url: str, smtp_url: str | None,
          log_level: str, log_format: str, keep_alive: int, workers: int) -> None:
    """Start the game server (FastAPI on uvicorn); Ctrl-C or SIGTERM drains and stops it."""
    import uvicorn

    from boardroom.server import redact
    from boardroom.server.app import create_app
    from boardroom.server.clients import parse_networks
    from boardroom.server.logging_json import configure
    from boardroom.server.shutdown import GRACE_S, Server

    try:
        parse_networks(trusted_proxies)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--trusted-proxy") from None
    url = database_url or sqlite_url(data_dir)
    settings = Settings(url, redis_url=redis_url, bot_time_s=bot_time, rate_per_s=rate_limit,
                        rate_burst=max(rate_limit * 4, 20.0),
                        public_url=public_url.rstrip("/"),
                        trusted_proxies=tuple(trusted_proxies),
                        allow_private_webhooks=allow_private_webhooks,
                        allow_chosen_seeds=allow_chosen_seeds, smtp_url=smtp_url)
    if workers > 1 and database_url is None:
        raise click.ClickException("--workers above 1 needs --database (PostgreSQL): SQLite "
                                   "serves one process only")
    configure(log_level, log_format)
    redact.install()
    try:
        if workers > 1:  # migrate once, before the workers start (each builds its own app)
            from boardroom.server.db import make_engine, migrate

            migrate(make_engine(url))
        else:
            app = create_app(settings)
    except Exception as exc:
        raise click.ClickException(f"cannot open the database {describe(url)}: {exc}") from exc
    # Everything made so far (the imported modules, the app) lives as long as the process:
    # freeze it out of the cyclic collector, and make full collections rare
    # (boardroom.server.heap: one with 1,000 live games is a pause of 350-480 ms)
    settle_start_up()
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
    click.echo(f"The lobby: http://{shown}:{bound}/", nl=True)
    click.echo(f"API: http://{shown}:{bound}/api/openapi.json", nl=True)
    if workers > 1:
        serve_workers(settings, sock, workers, log_level, log_format, keep_alive)
        return
    # live frames go uncompressed: permessage-deflate cost as much CPU as encoding them
    # (issue 30's profile; a live message is about 2 KB)
    # proxy_headers off: uvicorn would otherwise believe X-Forwarded-For from 127.0.0.1;
    # the rate limit reads it itself, from --trusted-proxy only
    config = uvicorn.Config(app, log_level=log_level, access_log=access_log,
                            ws_max_size=1 << 20, ws_per_message_deflate=False,
                            timeout_graceful_shutdown=GRACE_S, log_config=None,
                            proxy_headers=False, timeout_keep_alive=keep_alive)
    redact.install()  # on the handlers configured so far
    Server(config).run(sockets=[sock])


def serve_workers(settings: Settings, sock: socket.socket, workers: int, log_level: str,
                  log_format: str, keep_alive: int = 5) -> None:
    """uvicorn's supervisor with ``workers`` processes on ``sock``
    (:mod:`boardroom.server.workers`)."""
    import os

    import uvicorn

    from boardroom.server.shutdown import GRACE_S
    from boardroom.server.workers import SETTINGS_ENV, settings_to_env

    os.environ[SETTINGS_ENV] = settings_to_env(settings)
    os.environ["BOARDROOM_LOG_LEVEL"] = log_level
    os.environ["BOARDROOM_LOG_FORMAT"] = log_format
    uvicorn.run("boardroom.server.workers:app", factory=True, fd=sock.fileno(),
                workers=workers, log_level=log_level, access_log=False, proxy_headers=False,
                ws_max_size=1 << 20, ws_per_message_deflate=False,
                timeout_graceful_shutdown=GRACE_S, log_config=None,
                timeout_keep_alive=keep_alive)


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
