"""The server's settings: where the database is and the limits it enforces."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATA = "boardroom-data"
SQLITE_FILE = "boardroom.sqlite3"


@dataclass
class Settings:
    """Everything ``boardroom serve`` can be told; the defaults are the documented ones."""

    database_url: str
    redis_url: str | None = None
    redis_prefix: str = "boardroom"
    """The start of every Redis key the server writes (the rate limit's counts)."""
    bot_time_s: float = 5.0
    """A bot's time for one decision; past it the random bot decides instead."""
    rate_per_s: float = 50.0
    """Requests per second one seat (a valid token) or one client address (no token, or
    one the server does not know) may make; 0: no limit."""
    rate_burst: float = 200.0
    max_body: int = 64 * 1024
    """Bytes in a request body (a record import may be larger: :attr:`max_import`)."""
    max_import: int = 4 * 1024 * 1024
    max_notation: int = 400
    """Characters in one action's notation."""
    max_seats: int = 8
    max_name: int = 40
    webhook_tries: int = 4
    webhook_timeout_s: float = 5.0
    webhook_backoff_s: float = 0.5
    public_url: str = ""
    """The address clients use (for the seat and spectator URLs); empty: relative URLs."""
    cache_games: int = 2000
    """Games kept in memory; others are rebuilt from their records when next needed."""
    play_bots: bool = True
    allow_private_webhooks: bool = False
    """Let webhooks reach loopback, private, link-local and metadata addresses (off: only
    public internet addresses; see :mod:`boardroom.server.netguard`)."""
    allow_chosen_seeds: bool = False
    """Accept a chosen seed (or an imported record's, which is known) for a game with more
    than one human seat; such a game is marked ``seed_chosen`` either way."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses or networks (CIDR) of reverse proxies whose ``X-Forwarded-For`` names the
    client the rate limit counts against (see :mod:`boardroom.server.clients`)."""
    max_option: int = 64 * 1024
    """Bytes of one option value (as JSON), checked before the title reads it."""
    smtp_url: str | None = None
    """Where turn e-mails go (``smtp://host:port?from=...``); None: no e-mail."""
    signups_per_hour: int = 20
    """Accounts one client address may make in an hour (each costs an Argon2 hash; 0: no
    limit). A choice of Boardroom's, not a measured figure."""


def sqlite_url(data_dir: str | Path) -> str:
    """The SQLite database in ``data_dir`` (the folder is created if missing).

    >>> sqlite_url("/tmp/x").endswith("/tmp/x/boardroom.sqlite3")
    True
    """
    path = Path(data_dir).expanduser().resolve()
    path.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path / SQLITE_FILE}"


def normalize_url(url: str) -> str:
    """Accept ``postgresql://`` and ``postgres://`` for PostgreSQL through psycopg 3.

    >>> normalize_url("postgresql://root@127.0.0.1/test")
    'postgresql+psycopg://root@127.0.0.1/test'
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url
