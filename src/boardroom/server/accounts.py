"""Accounts: sign up, sign in and out, passwords, sessions, the admin role, seats held.

Passwords are hashed with Argon2id (argon2-cffi's :class:`~argon2.PasswordHasher`, its
defaults) and never stored, logged or answered in clear. A session is a random cookie
value, stored only as its SHA-256 (as seat tokens are), with a CSRF token (also stored
hashed) that every state-changing request authorised by that cookie must carry in the
``X-CSRF-Token`` header (:mod:`boardroom.server.sessions`).

Signing in is limited against guessing (:data:`FAILS_PER_ACCOUNT` wrong passwords per
account, :data:`FAILS_PER_ADDRESS` per client address, in :data:`FAIL_WINDOW_S`); the
failures are kept in the database, so every server process counts them together. Making
accounts is limited too (``Settings.signups_per_hour`` per client address), since each
costs an Argon2 hash of server CPU.

An account holds seats (``seat_accounts``): those of the open tables it joined and the seat
links it claimed. A signed-in browser asks for a *delegate* token per held seat: a bearer
token like a seat's own, accepted by :meth:`GameStore.who` through
:meth:`Accounts.resolve_delegate`, that dies with the session. The seat's own token (the
link given to a friend, a bot, a script) keeps working exactly as before.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Connection, Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from boardroom.server import account_tables as a
from boardroom.server.errors import ApiError, BadRequest, Forbidden, NotFound, Unauthorized
from boardroom.server.store import GameStore
from boardroom.server.tokens import new_token, token_hash

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{2,23}$")
"""A user name: 3 to 24 letters, digits, ``_``, ``.`` or ``-``, starting with a letter or digit."""
MIN_PASSWORD, MAX_PASSWORD = 8, 200
FAILS_PER_ACCOUNT = 5
FAILS_PER_ADDRESS = 20
FAIL_WINDOW_S = 15 * 60.0
SIGNUP_WINDOW_S = 3600.0
SESSION_S = 30 * 24 * 3600.0
"""A session ends this long after it was last used."""

DEFAULT_SETTINGS: dict[str, Any] = {
    "sound": True, "desktop": False, "email": "", "email_mode": "away", "email_minutes": 10,
    "webhook_url": "", "webhook_format": "discord",
}
"""Turn notifications: in-page sound, desktop notifications, e-mail (``off``, ``away``: only
when the user has not been on the game's page for ``email_minutes``, ``always``) and a
webhook in a format (``discord``, ``slack``, ``raw``)."""

_hasher = PasswordHasher()
_DUMMY = _hasher.hash("not a password of anyone")


class TooManyTries(ApiError):
    status = 429
    code = "rate-limited"


@dataclass(frozen=True)
class User:
    id: int
    name: str
    is_admin: bool
    settings: dict[str, Any]


@dataclass(frozen=True)
class Session:
    """A signed-in browser: its user and the hashes of its cookie and CSRF token."""

    user: User
    token_hash: str
    csrf_hash: str


def name_key(name: str) -> str:
    """The form user names are compared in (``Ann`` and ``ann`` are one name).

    >>> name_key(" Ann ")
    'ann'
    """
    return name.strip().lower()


def check_name(name: str) -> str:
    name = name.strip()
    if not NAME.match(name):
        raise BadRequest("a user name has 3 to 24 letters, digits, '_', '.' or '-', "
                         "and starts with a letter or digit")
    return name


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise BadRequest(f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")


def csrf_of(session_token: str) -> str:
    """The CSRF token of a session: derived from its cookie value, so every tab of the
    browser gets the same one, and no page of another site (which cannot read the cookie)
    can know it.

    >>> csrf_of("a") == csrf_of("a") != csrf_of("b")
    True
    """
    return hashlib.sha256(b"boardroom-csrf:" + session_token.encode()).hexdigest()


def _user(row: Any) -> User:
    return User(row.id, row.name, bool(row.is_admin), {**DEFAULT_SETTINGS, **(row.settings or {})})


class Accounts:
    """The accounts of one server (every process shares them through the database)."""

    def __init__(self, engine: Engine, store: GameStore) -> None:
        self.engine = engine
        self.store = store
        self.holders_changed: list[Callable[[str | None], None]] = []
        """Called with the game whose seat holders changed (a claim), or None when an
        account's settings changed (the turn notifier forgets what it read)."""

    # -- signing up and in -------------------------------------------------------
    def sign_up(self, name: str, password: str, address: str = "?") -> User:
        """A new account (400 for a bad or taken name or a weak password; 429 once
        ``address`` made ``signups_per_hour`` accounts within the hour)."""
        name = check_name(name)
        check_password(password)
        address = address[:64]
        limit = self.store.settings.signups_per_hour
        if limit > 0:
            since = time.time() - SIGNUP_WINDOW_S
            with self.engine.connect() as conn:
                made = int(conn.execute(select(func.count()).select_from(a.sign_ups).where(
                    a.sign_ups.c.address == address, a.sign_ups.c.at > since)).scalar_one())
            if made >= limit:
                raise TooManyTries(f"{limit} accounts were made from this address within the "
                                   f"hour; try again later")
        digest = _hasher.hash(password)
        try:
            def work(conn: Connection) -> Any:
                made = conn.execute(insert(a.users).values(
                    name=name, name_key=name_key(name), password_hash=digest, is_admin=False,
                    settings={}, created_at=time.time())).inserted_primary_key
                conn.execute(insert(a.sign_ups).values(address=address, at=time.time()))
                conn.execute(delete(a.sign_ups).where(
                    a.sign_ups.c.at < time.time() - SIGNUP_WINDOW_S))
                return made
            uid = self.store.transactions.run(work)
        except IntegrityError as exc:
            raise BadRequest(f"the name {name!r} is taken") from exc
        return User(int(uid[0]) if uid else 0, name, False, dict(DEFAULT_SETTINGS))

    def _failures(self, conn: Any, column: Any, value: str) -> int:
        since = time.time() - FAIL_WINDOW_S
        return int(conn.execute(select(func.count()).select_from(a.sign_in_failures)
                                .where(column == value, a.sign_in_failures.c.at > since))
                   .scalar_one())

    def sign_in(self, name: str, password: str, address: str) -> tuple[User, str, str]:
        """``(user, session token, csrf token)``; 401 for a wrong name or password, 429
        once the account or the address has failed too often lately."""
        key = name_key(name)[:40]
        address = address[:64]
        with self.engine.connect() as conn:
            if self._failures(conn, a.sign_in_failures.c.name_key, key) >= FAILS_PER_ACCOUNT:
                raise TooManyTries(f"too many wrong passwords for this account; try again in "
                                   f"{int(FAIL_WINDOW_S // 60)} minutes")
            if self._failures(conn, a.sign_in_failures.c.address, address) >= FAILS_PER_ADDRESS:
                raise TooManyTries("too many wrong passwords from this address; try again "
                                   f"in {int(FAIL_WINDOW_S // 60)} minutes")
            row = conn.execute(select(a.users).where(a.users.c.name_key == key)).first()
        ok = False
        try:
            ok = _hasher.verify(row.password_hash if row is not None else _DUMMY,
                                password[:MAX_PASSWORD])
        except (VerificationError, InvalidHashError):
            ok = False
        if row is None or not ok:
            def work(conn: Connection) -> Any:
                conn.execute(insert(a.sign_in_failures).values(
                    name_key=key, address=address, at=time.time()))
                conn.execute(delete(a.sign_in_failures).where(
                    a.sign_in_failures.c.at < time.time() - FAIL_WINDOW_S))
            self.store.transactions.run(work)
            raise Unauthorized("wrong user name or password")
        if _hasher.check_needs_rehash(row.password_hash):
            def work(conn: Connection) -> Any:
                conn.execute(update(a.users).where(a.users.c.id == row.id)
                             .values(password_hash=_hasher.hash(password)))
            self.store.transactions.run(work)
        token, csrf = self.start_session(row.id)
        return _user(row), token, csrf

    def start_session(self, user_id: int) -> tuple[str, str]:
        token = new_token()
        csrf = csrf_of(token)
        now = time.time()
        def work(conn: Connection) -> Any:
            conn.execute(insert(a.sessions).values(
                token_hash=token_hash(token), user_id=user_id, csrf_hash=token_hash(csrf),
                created_at=now, seen_at=now))
        self.store.transactions.run(work)
        return token, csrf

    def session(self, token: str | None) -> Session | None:
        """The live session of a cookie value, or None."""
        if not token or len(token) > 128:
            return None
        digest = token_hash(token)
        now = time.time()
        with self.engine.connect() as conn:
            row = conn.execute(
                select(a.sessions.c.csrf_hash, a.sessions.c.seen_at, a.users)
                .join(a.users, a.users.c.id == a.sessions.c.user_id)
                .where(a.sessions.c.token_hash == digest)).first()
        if row is None or row.seen_at < now - SESSION_S:
            return None
        if row.seen_at < now - 3600:  # refreshed at most hourly: no write per request
            def work(conn: Connection) -> Any:
                conn.execute(update(a.sessions).where(a.sessions.c.token_hash == digest)
                             .values(seen_at=now))
            self.store.transactions.run(work)
        return Session(_user(row), digest, row.csrf_hash)

    def sign_out(self, session: Session) -> None:
        def work(conn: Connection) -> Any:
            conn.execute(delete(a.seat_delegates)
                         .where(a.seat_delegates.c.session_hash == session.token_hash))
            conn.execute(delete(a.sessions).where(a.sessions.c.token_hash == session.token_hash))
        self.store.transactions.run(work)

    def change_password(self, session: Session, old: str, new: str) -> None:
        """Needs the old password; every other session of the account ends."""
        check_password(new)
        with self.engine.connect() as conn:
            row = conn.execute(select(a.users.c.password_hash)
                               .where(a.users.c.id == session.user.id)).first()
        try:
            if row is None or not _hasher.verify(row.password_hash, old[:MAX_PASSWORD]):
                raise Forbidden("the old password is wrong")
        except (VerificationError, InvalidHashError) as exc:
            raise Forbidden("the old password is wrong") from exc
        def work(conn: Connection) -> Any:
            conn.execute(update(a.users).where(a.users.c.id == session.user.id)
                         .values(password_hash=_hasher.hash(new)))
            others = select(a.sessions.c.token_hash).where(
                a.sessions.c.user_id == session.user.id,
                a.sessions.c.token_hash != session.token_hash)
            conn.execute(delete(a.seat_delegates)
                         .where(a.seat_delegates.c.session_hash.in_(others)))
            conn.execute(delete(a.sessions).where(
                a.sessions.c.user_id == session.user.id,
                a.sessions.c.token_hash != session.token_hash))
        self.store.transactions.run(work)

    def make_admin(self, name: str) -> User:
        def work(conn: Connection) -> Any:
            done = conn.execute(update(a.users).where(a.users.c.name_key == name_key(name))
                                .values(is_admin=True))
            if done.rowcount != 1:
                raise NotFound(f"no user {name!r}")
            return conn.execute(select(a.users)
                                .where(a.users.c.name_key == name_key(name))).one()
        return _user(self.store.transactions.run(work))

    def user(self, user_id: int) -> User | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(a.users).where(a.users.c.id == user_id)).first()
        return None if row is None else _user(row)

    def by_name(self, name: str) -> User | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(a.users).where(a.users.c.name_key == name_key(name))).first()
        return None if row is None else _user(row)

    def save_settings(self, user: User, settings: dict[str, Any]) -> dict[str, Any]:
        merged = {**user.settings, **settings}
        def work(conn: Connection) -> Any:
            conn.execute(update(a.users).where(a.users.c.id == user.id).values(settings=merged))
        self.store.transactions.run(work)
        for changed in self.holders_changed:
            changed(None)
        return merged

    # -- seats held by accounts ---------------------------------------------------
    def seats_of(self, user_id: int, game_id: str) -> list[int]:
        with self.engine.connect() as conn:
            return [int(s) for s in conn.execute(
                select(a.seat_accounts.c.seat).where(a.seat_accounts.c.game_id == game_id,
                                                     a.seat_accounts.c.user_id == user_id)
                .order_by(a.seat_accounts.c.seat)).scalars()]

    def holder(self, game_id: str, seat: int) -> int | None:
        with self.engine.connect() as conn:
            uid = conn.execute(select(a.seat_accounts.c.user_id).where(
                a.seat_accounts.c.game_id == game_id, a.seat_accounts.c.seat == seat)).first()
        return None if uid is None else int(uid[0])

    def claim(self, session: Session, game_id: str, seat_token: str) -> int:
        """The seat ``seat_token`` opens becomes the account's (its token keeps working)."""
        with self.store.game(game_id) as entry:
            seat = self.store.who(entry, seat_token).seat
        if seat is None:
            raise Forbidden("only a seat's token can be claimed")
        held = self.holder(game_id, seat)
        if held == session.user.id:
            return seat
        if held is not None:
            raise Forbidden("this seat belongs to another account")
        try:
            def work(conn: Connection) -> Any:
                conn.execute(insert(a.seat_accounts).values(
                    game_id=game_id, seat=seat, user_id=session.user.id, joined_at=time.time()))
            self.store.transactions.run(work)
        except IntegrityError as exc:
            raise Forbidden("this seat belongs to another account") from exc
        for changed in self.holders_changed:
            changed(game_id)
        return seat

    def delegates(self, session: Session, game_id: str) -> list[tuple[int, str]]:
        """A new bearer token for each seat of ``game_id`` the account holds, for this
        session only (``[(seat, token)]``; empty: the account holds no seat there)."""
        seats = self.seats_of(session.user.id, game_id)
        out = [(seat, new_token()) for seat in seats]
        if out:
            now = time.time()
            def work(conn: Connection) -> Any:
                conn.execute(insert(a.seat_delegates), [
                    {"token_hash": token_hash(tok), "session_hash": session.token_hash,
                     "user_id": session.user.id, "game_id": game_id, "seat": seat,
                     "created_at": now} for seat, tok in out])
            self.store.transactions.run(work)
        return out

    def resolve_delegate(self, game_id: str, digest: str) -> int | None:
        """The seat a delegate token (by its hash) speaks for in ``game_id``, while its
        session lives and its account still holds the seat; else None."""
        d, s, h = a.seat_delegates, a.sessions, a.seat_accounts
        with self.engine.connect() as conn:
            row = conn.execute(
                select(d.c.seat, s.c.seen_at)
                .join(s, s.c.token_hash == d.c.session_hash)
                .join(h, (h.c.game_id == d.c.game_id) & (h.c.seat == d.c.seat)
                      & (h.c.user_id == d.c.user_id))
                .where(d.c.token_hash == digest, d.c.game_id == game_id)).first()
        if row is None or row.seen_at < time.time() - SESSION_S:
            return None
        return int(row.seat)
