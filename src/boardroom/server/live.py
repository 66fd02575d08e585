"""Live updates: every change to a game wakes the WebSocket clients watching it.

The :class:`Hub` holds, per game, one small queue per connected client; a change puts a
wake-up in each (several changes in a row collapse into one). The client's connection then
reads its own seat's picture from the store, so nobody is ever sent another seat's view.

Changes made by *other* server processes arrive through a :class:`Broadcaster`:

* :class:`PostgresBroadcaster`: ``pg_notify`` inside the append transaction (delivered on
  commit) and a ``LISTEN`` connection in a thread. The notice of an appended action
  carries the action (see :func:`notice`), so the other process's cached game applies it
  itself and its live clients get their pictures with no database read (issue 30: two
  processes cost 2.8 times one process's CPU per action when each re-read the other's
  changes);
* :class:`RedisBroadcaster`: a publish after commit (carrying the action too) and a
  subscriber thread;
* with SQLite (one process) nothing crosses processes and no broadcaster runs.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import uuid
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection

from boardroom.server.append_sql import CHANNEL, DriverSql
from boardroom.server.store import Appended, Change, GameStore

log = logging.getLogger("boardroom.server.live")

NOTIFY_SQL = "SELECT pg_notify(%s, %s)"
"""On the psycopg cursor (the notice goes out when the transaction commits)."""


class Hub:
    """Wakes the live connections of a game; safe to call from any thread.

    A wake-up carries the version this process's change brought the game to (its cache
    holds at least that, so no database read is needed), or None for another process's
    change (read the database). Several in a row merge into one: the newest version, or
    None if any was None.
    """

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread = 0
        self._subs: dict[str, dict[asyncio.Queue[int | None], int | None]] = {}
        self._lock = threading.Lock()

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """The event loop the live feeds run on (call it on that loop's thread)."""
        self.loop = loop
        self._loop_thread = threading.get_ident()

    def subscribe(self, game_id: str, seat: int | None = None) -> asyncio.Queue[int | None]:
        """A new connection's queue of wake-ups; ``seat``: the seat it shows (None: a
        spectator), for :meth:`seats_watching`."""
        queue: asyncio.Queue[int | None] = asyncio.Queue(maxsize=1)
        with self._lock:
            self._subs.setdefault(game_id, {})[queue] = seat
        return queue

    def unsubscribe(self, game_id: str, queue: asyncio.Queue[int | None]) -> None:
        with self._lock:
            subs = self._subs.get(game_id)
            if subs is not None:
                subs.pop(queue, None)
                if not subs:
                    del self._subs[game_id]

    def sockets(self) -> int:
        """Live connections of every game."""
        with self._lock:
            return sum(len(subs) for subs in self._subs.values())

    def watchers(self, game_id: str) -> int:
        with self._lock:
            return len(self._subs.get(game_id, ()))

    def seats_watching(self, game_id: str) -> set[int]:
        """The seats with a live connection to ``game_id`` in this process."""
        with self._lock:
            return {s for s in self._subs.get(game_id, {}).values() if s is not None}

    def changed(self, game_id: str, version: int | None = None) -> None:
        """``game_id`` changed: to ``version`` by this process, or (None) by another."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        with self._lock:
            if game_id not in self._subs:
                return
        if threading.get_ident() == self._loop_thread:
            self._wake(game_id, version)  # on the loop already (the quick path's change)
        else:
            loop.call_soon_threadsafe(self._wake, game_id, version)

    def _wake(self, game_id: str, version: int | None) -> None:
        with self._lock:
            queues = list(self._subs.get(game_id, ()))
        for queue in queues:
            if not queue.empty():
                waiting = queue.get_nowait()
                version = None if waiting is None or version is None else max(waiting,
                                                                              version)
            queue.put_nowait(version)

    def on_change(self, change: Change) -> None:
        self.changed(change.game_id, change.version if change.local else None)


MAX_NOTICE = 7000
"""PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more: a longer notice goes
without its action (the other process then reads the game)."""


def notice(game_id: str, origin: str, version: int, action: Appended | None) -> str:
    """A change's notice: ``game_id origin`` and, for an appended action, ``version undos
    index seat status notation`` (the notation last: it may hold spaces).

    >>> notice("g1", "7-ab", 5, Appended(3, "place 5C", 1, "play", 0))
    'g1 7-ab 5 0 3 1 play place 5C'
    """
    if action is None:
        return f"{game_id} {origin}"
    text = (f"{game_id} {origin} {version} {action.undos} {action.index} {action.seat} "
            f"{action.status} {action.notation}")
    return text if len(text.encode()) <= MAX_NOTICE else f"{game_id} {origin}"


def read_notice(payload: str) -> tuple[str, str, int | None, Appended | None]:
    """``(game_id, origin, version, action)`` of a :func:`notice` (None, None: a notice
    without its action, or one this process cannot read).

    >>> read_notice("g1 7-ab 5 0 3 1 play place 5C")[2:]
    (5, Appended(index=3, notation='place 5C', seat=1, status='play', undos=0))
    >>> read_notice("g1 7-ab")
    ('g1', '7-ab', None, None)
    """
    parts = payload.split(" ", 7)
    game_id, origin = parts[0], parts[1] if len(parts) > 1 else ""
    if len(parts) == 8:
        try:
            version, undos, index, seat = (int(x) for x in parts[2:6])
        except ValueError:
            return game_id, origin, None, None
        return game_id, origin, version, Appended(index, parts[7], seat, parts[6], undos)
    return game_id, origin, None, None


class Broadcaster:
    """Carries changes between server processes (the base class carries nothing)."""

    def __init__(self) -> None:
        self.origin = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.receive: Callable[[str, int | None], None] = lambda game_id, version: None
        self.store: GameStore | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def attach(self, store: GameStore, receive: Callable[[str, int | None], None]) -> None:
        """``receive(game_id, version)``: another process changed the game; ``version``:
        this process's cache holds it already (else None: read the database)."""
        self.store = store
        self.receive = receive

    def start(self) -> None:
        if self._thread is None and type(self).listen is not Broadcaster.listen:
            self._thread = threading.Thread(target=self._run, name="boardroom-listen",
                                            daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.listen()
            except Exception:
                log.exception("live-update listener failed; reconnecting")
                self._stop.wait(1.0)

    def listen(self) -> None:
        """Receive other processes' changes until stopped (run in a thread)."""

    def announce(self, conn: Connection, game_id: str) -> None:
        """Wake the other processes' connections to ``game_id`` for something that is not
        a change of the game (a chat line), inside the transaction ``conn`` writes it in."""

    def _message(self, payload: str) -> None:
        game_id, origin, version, action = read_notice(payload)
        if origin == self.origin or not game_id:
            return
        if (version is not None and action is not None and self.store is not None
                and self.store.apply_notice(game_id, version, action)):
            self.receive(game_id, version)
        else:
            self.receive(game_id, None)


class PostgresBroadcaster(Broadcaster):
    """LISTEN/NOTIFY: the notice is part of the append's transaction."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url

    def attach(self, store: GameStore, receive: Callable[[str, int | None], None]) -> None:
        super().attach(store, receive)
        store.tx_hooks.append(self._notify)
        store.notice_of = self.notice  # the quick path's append sends it itself

    def notice(self, game_id: str, version: int, action: Appended) -> str:
        """The payload of an appended action's notice from this process."""
        return notice(game_id, self.origin, version, action)

    def _notify(self, conn: Connection, game_id: str, version: int,
                action: Appended | None) -> None:
        DriverSql.run(conn, NOTIFY_SQL, (CHANNEL, notice(game_id, self.origin, version, action)))

    def announce(self, conn: Connection, game_id: str) -> None:
        self._notify(conn, game_id, 0, None)

    def listen(self) -> None:
        import psycopg

        url = self.url.replace("postgresql+psycopg://", "postgresql://", 1)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"LISTEN {CHANNEL}")
            while not self._stop.is_set():
                for notice in conn.notifies(timeout=0.5):
                    self._message(notice.payload)


class RedisBroadcaster(Broadcaster):
    """Redis pub/sub: published after commit."""

    def __init__(self, url: str) -> None:
        super().__init__()
        import redis

        self.url = url
        self.client: Any = redis.Redis.from_url(url)

    def attach(self, store: GameStore, receive: Callable[[str, int | None], None]) -> None:
        super().attach(store, receive)
        store.listeners.append(self._publish)

    def _publish(self, change: Change) -> None:
        try:  # an appended action goes with its notice, as PostgreSQL's does
            self.client.publish(CHANNEL, notice(change.game_id, self.origin, change.version,
                                                change.appended))
        except Exception:
            log.exception("could not publish a change of game %s to Redis", change.game_id)

    def announce(self, conn: Connection, game_id: str) -> None:
        try:
            self.client.publish(CHANNEL, f"{game_id} {self.origin}")
        except Exception:
            log.exception("could not publish news of game %s to Redis", game_id)

    def listen(self) -> None:
        pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        pubsub.subscribe(CHANNEL)
        try:
            while not self._stop.is_set():
                message = pubsub.get_message(timeout=0.5)
                if message and message.get("type") == "message":
                    data = message["data"]
                    self._message(data.decode() if isinstance(data, bytes) else str(data))
        finally:
            pubsub.close()
