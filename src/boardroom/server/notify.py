"""Turn notifications of accounts: e-mail (SMTP) and webhooks in Discord, Slack or raw form.

When a seat held by an account becomes asked to act, its user's settings decide:

* e-mail (``--smtp-url``) to the user's address: with ``email_mode`` ``always`` at once; with
  ``away`` only once the user has not been on the game's page (a live connection of that
  seat, in this process) for ``email_minutes`` minutes: if they left more recently, the
  check is made again when that time is up, and the mail goes only if it is still their
  turn at the same action;
* a webhook: ``discord`` posts ``{"content": ...}``, ``slack`` ``{"text": ...}``, ``raw``
  the seat webhook's JSON of :mod:`boardroom.server.webhooks`; delivered by its
  :class:`~boardroom.server.webhooks.Notifier` (tries, pauses, logging).

The in-page sound, tab marker and desktop notification are the browser's (``notify.js``).
Nothing sent carries a token.
"""

from __future__ import annotations

import json
import logging
import smtplib
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from sqlalchemy import Engine

from boardroom.server import account_tables as a
from boardroom.server.accounts import DEFAULT_SETTINGS
from boardroom.server.config import Settings
from boardroom.server.store import PLAY, Change, GameStore
from boardroom.server.webhooks import Notifier

log = logging.getLogger("boardroom.server.notify")


@dataclass(frozen=True)
class Smtp:
    """Where mail goes: ``smtp://[user:password@]host[:port][?from=ADDR&starttls=1]`` or
    ``smtps://`` (TLS from the start)."""

    host: str
    port: int
    user: str | None
    password: str | None
    sender: str
    tls: bool
    starttls: bool

    @classmethod
    def parse(cls, url: str) -> Smtp:
        """
        >>> Smtp.parse("smtp://me:pw@mail.example:2525?from=bot@example.org").port
        2525
        """
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError("an SMTP URL is smtp://host[:port] or smtps://host[:port]")
        query = parse_qs(parts.query)
        tls = parts.scheme == "smtps"
        return cls(parts.hostname, parts.port or (465 if tls else 25),
                   unquote(parts.username) if parts.username else None,
                   unquote(parts.password) if parts.password else None,
                   query.get("from", [f"boardroom@{parts.hostname}"])[0], tls,
                   query.get("starttls", ["0"])[0] in ("1", "true", "yes"))

    def send(self, to: str, subject: str, text: str) -> None:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, to, subject
        message.set_content(text)
        client: smtplib.SMTP = (smtplib.SMTP_SSL if self.tls else smtplib.SMTP)(
            self.host, self.port, timeout=10)
        with client:
            if self.starttls:
                client.starttls()
            if self.user:
                client.login(self.user, self.password or "")
            client.send_message(message)


class Presence:
    """Who is on a game's page: live connections per (game, seat), in this process."""

    def __init__(self) -> None:
        self._open: dict[tuple[str, int], int] = {}
        self._left: dict[tuple[str, int], float] = {}
        self._lock = threading.Lock()

    def enter(self, game_id: str, seat: int | None) -> None:
        if seat is None:
            return
        with self._lock:
            self._open[(game_id, seat)] = self._open.get((game_id, seat), 0) + 1

    def leave(self, game_id: str, seat: int | None) -> None:
        if seat is None:
            return
        with self._lock:
            key = (game_id, seat)
            left = self._open.get(key, 1) - 1
            if left > 0:
                self._open[key] = left
            else:
                self._open.pop(key, None)
            self._left[key] = time.monotonic()
            if len(self._left) > 100_000:
                self._left.clear()

    def away_s(self, game_id: str, seat: int) -> float:
        """Seconds since the seat's page was last open here (0: open now; inf: never)."""
        with self._lock:
            if self._open.get((game_id, seat)):
                return 0.0
            left = self._left.get((game_id, seat))
        return float("inf") if left is None else time.monotonic() - left


HOLDERS = (f"SELECT h.seat, u.name, u.settings FROM {a.seat_accounts.name} h "
           f"JOIN {a.users.name} u ON u.id = h.user_id WHERE h.game_id = ?")
"""The accounts holding seats of a game, with their names and settings."""

HELD_TTL_S = 30.0
"""How long the notifier trusts what it read of a game's seat holders. A claim or a
settings change made through this process is seen at once (:meth:`TurnNotifier.forget`);
one made through another process, within this many seconds."""

MAX_HELD = 100_000


def settings_of(raw: Any) -> dict[str, Any]:
    """A user's settings as the driver returns the JSON column: text (sqlite3) or the
    object itself (psycopg).

    >>> settings_of('{"email": "a@b"}'), settings_of(None), settings_of({"x": 1})
    ({'email': 'a@b'}, {}, {'x': 1})
    """
    if raw is None:
        return {}
    value = json.loads(raw) if isinstance(raw, str | bytes) else raw
    return value if isinstance(value, dict) else {}


def message_for(name: str, title: str, game_id: str, count: int, url: str) -> str:
    return f"{name}, it is your turn in {title} (game {game_id}, action {count + 1}): {url}"


def webhook_body(style: str, text: str, raw: dict[str, Any]) -> dict[str, Any]:
    """The body in the receiver's format.

    >>> webhook_body("slack", "hi", {})
    {'text': 'hi'}
    """
    if style == "discord":
        return {"content": text}
    if style == "slack":
        return {"text": text}
    return raw


class TurnNotifier:
    """A store listener: tells accounts by e-mail and webhook that a game waits on them."""

    def __init__(self, engine: Engine, store: GameStore, settings: Settings,
                 webhooks: Notifier, presence: Presence) -> None:
        self.engine = engine
        self.store = store
        self.settings = settings
        self.webhooks = webhooks
        self.presence = presence
        self.smtp = Smtp.parse(settings.smtp_url) if settings.smtp_url else None
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="notify")
        self._timers: set[threading.Timer] = set()
        self._lock = threading.Lock()
        self.mailed = 0
        self._told: set[tuple[str, int, int]] = set()
        self._held: dict[str, tuple[float, list[tuple[int, str, dict[str, Any]]]]] = {}
        """Per game: when its seat holders were read, and what was read."""

    def on_change(self, change: Change) -> None:
        if not change.local or change.status != PLAY:
            return
        newly = [s for s in change.to_act if s not in change.before]
        if not newly:
            return
        known = self._known_holders(change.game_id)
        if known is not None and not any(seat in newly for seat, _, _ in known):
            return  # nobody's account holds those seats: nothing to tell, nothing to read
        self._pool.submit(self._tell, change.game_id, newly, change.count, change.version)

    def forget(self, game_id: str | None = None) -> None:
        """What was read of a game's seat holders (None: of every game) is out of date."""
        with self._lock:
            if game_id is None:
                self._held.clear()
            else:
                self._held.pop(game_id, None)

    def _known_holders(self, game_id: str) -> list[tuple[int, str, dict[str, Any]]] | None:
        """The game's seat holders as read within :data:`HELD_TTL_S` (None: not known)."""
        with self._lock:
            known = self._held.get(game_id)
        if known is None or time.monotonic() - known[0] > HELD_TTL_S:
            return None
        return known[1]

    def game_started(self, game_id: str) -> None:
        """A table's game started: its seats are the accounts' now (the game's first
        change came before that), so the first seats asked are told here."""
        self.forget(game_id)
        with self.store.game(game_id) as entry:
            to_act, count = list(entry.to_act), entry.count
        if to_act:
            self._pool.submit(self._tell, game_id, to_act, count)

    def _holders(self, game_id: str, seats: list[int]) -> list[tuple[int, str, dict[str, Any]]]:
        """The accounts holding ``seats`` of the game, with their settings: a read after
        every action that asks a new seat, so on the driver's cursor (mostly it finds no
        account, and SQLAlchemy's statement cost 25 times the query)."""
        if not seats:
            return []
        known = self._known_holders(game_id)
        if known is None:
            read_at = time.monotonic()
            rows = self.store.sql.query(self.engine, HOLDERS, (game_id,))
            known = [(int(seat), name, {**DEFAULT_SETTINGS, **settings_of(raw)})
                     for seat, name, raw in rows]
            with self._lock:
                if len(self._held) >= MAX_HELD:
                    self._held.clear()
                self._held[game_id] = (read_at, known)
        return [held for held in known if held[0] in seats]

    def _tell(self, game_id: str, seats: list[int], count: int,
              version: int | None = None) -> None:
        try:
            with self.store.game_at(game_id, version) as entry:  # cached: no read
                title = entry.game.title.display_name
                bots = {s.seat for s in entry.seats if s.bot is not None}
            url = f"{self.settings.public_url}/#/play/{game_id}"
            for seat, name, prefs in self._holders(game_id, [s for s in seats if s not in bots]):
                with self._lock:  # once per seat and turn, however it was learnt
                    if (game_id, seat, count) in self._told:
                        continue
                    self._told.add((game_id, seat, count))
                    if len(self._told) > 100_000:
                        self._told.clear()
                text = message_for(name, title, game_id, count, url)
                hook = prefs.get("webhook_url") or ""
                if hook:
                    raw = self.webhooks.payload(game_id, title, seat, name, count)
                    raw["url"] = url
                    self.webhooks.deliver(hook, webhook_body(prefs.get("webhook_format", "raw"),
                                                             text, raw))
                if self.smtp is not None and prefs.get("email") and \
                        prefs.get("email_mode") in ("away", "always"):
                    self._maybe_mail(game_id, seat, count, prefs, title, text)
        except Exception:
            log.exception("turn notification of game %s failed", game_id)

    def _maybe_mail(self, game_id: str, seat: int, count: int, prefs: dict[str, Any],
                    title: str, text: str) -> None:
        if prefs.get("email_mode") != "always":
            minutes_s = float(prefs.get("email_minutes", 10)) * 60
            away = self.presence.away_s(game_id, seat)
            wait = max(minutes_s, 60.0) if away == 0 else minutes_s - away
            if wait > 0:
                self._later(wait, game_id, seat, count)
                return
        self._mail(prefs["email"], f"Your turn in {title}", text)

    def _later(self, wait_s: float, game_id: str, seat: int, count: int) -> None:
        timer = threading.Timer(wait_s, lambda: self._pool.submit(
            self._recheck, game_id, seat, count))
        timer.daemon = True
        with self._lock:
            self._timers.add(timer)
        timer.start()

    def _recheck(self, game_id: str, seat: int, count: int) -> None:
        """The wait is over: mail if it is still the seat's turn at the same action."""
        try:
            with self.store.game(game_id) as entry:
                still = entry.count == count and seat in entry.to_act
                title = entry.game.title.display_name
            if not still:
                return
            for held, name, prefs in self._holders(game_id, [seat]):
                if held == seat and prefs.get("email") and prefs.get("email_mode") == "away":
                    self._maybe_mail(game_id, seat, count, prefs, title, message_for(
                        name, title, game_id, count,
                        f"{self.settings.public_url}/#/play/{game_id}"))
        except Exception:
            log.exception("turn notification of game %s failed", game_id)

    def _mail(self, to: str, subject: str, text: str) -> None:
        assert self.smtp is not None
        try:
            self.smtp.send(to, subject, text)
            self.mailed += 1
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("turn e-mail could not be sent: %s", exc)

    def close(self) -> None:
        with self._lock:
            for timer in self._timers:
                timer.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)
