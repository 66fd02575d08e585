"""The quick path of an action: checked and applied on the event loop, committed by the
writer thread, answered when the commit is done, with no thread blocked meanwhile.

:meth:`Acting.act <boardroom.server.acting.Acting.act>` runs on a worker thread: the
event loop hands it the action, the worker hands the write to the writer thread and
waits for the commit, then hands the answer back. Issue 30's profile found those
hand-offs (a thread woken and waited for, three times an action) a large part of the
server's CPU per action. On the quick path the loop itself checks and applies the action
(cheap for a title with :attr:`~boardroom.core.title.Title.light_turns`), queues the
append on the writer (:meth:`GroupCommit.submit
<boardroom.server.commits.GroupCommit.submit>`, the driver's statements) and awaits the
commit's future; the writer thread settles the cached game right after the commit.

The rules are those of ``act``, with one difference in how the game is kept safe: the
game's lock is held only while the action is checked and applied, and the entry is
marked :attr:`~boardroom.server.entries.Entry.writing` until its commit is settled;
every other use of the game waits for that (:meth:`GameCache._settled
<boardroom.server.game_cache.GameCache._settled>`), so nobody sees an action that is not
committed, and a failed write drops the cached game as ``act`` does.

It takes only the common case and answers None for the rest, which then goes through
``act`` on a worker thread: the game cached, its lock free and no commit of it pending, a
seat's own token (no account's delegate token, no first use that claims the seat), no
open take-back request, and a title with light turns. An idempotency key goes with the
append (its row in the same transaction); a keyed action that ``act`` must decide (a
retry, a refusal) goes to ``act``. On PostgreSQL
the append is one statement on a writer thread of its own
(:class:`~boardroom.server.commits.AutocommitWriter`, see :meth:`QuickActs.begin` for
other processes' changes).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError
from starlette.concurrency import run_in_threadpool

from boardroom.server.acting import Acting
from boardroom.server.entries import OVER, PLAY, SENT, Appended, Change, Entry, valid_key
from boardroom.server.errors import ApiError, Conflict
from boardroom.server.tokens import token_hash


@dataclass(frozen=True)
class Begun:
    """An action applied to the cached game whose append waits for its commit."""

    entry: Entry
    answer: dict[str, Any]
    change: Change
    written: asyncio.Future[int]


class QuickActs(Acting):
    """:meth:`act_soon`: ``act`` for the event loop (see the module's docstring)."""

    async def act_soon(self, game_id: str, token: str | None, notation: str, after: int,
                       key: str | None = None) -> tuple[dict[str, Any], int | None]:
        """``act(game_id, token, notation, after, key)``'s answer, and the game's version
        the action brought it to (None: not known); ``act``'s refusals too. Quick when it
        can be (:meth:`begin`), else ``act`` on a worker thread."""
        begun = self.begin(game_id, token, notation, after, key)
        if begun is None:
            return await run_in_threadpool(self.act, game_id, token, notation, after,
                                           key), None
        try:
            await begun.written
        except (Conflict, IntegrityError) as exc:
            if not self.sole_writer:  # the cached game was behind: act reads it again
                return await run_in_threadpool(self.act, game_id, token, notation,
                                               after, key), None
            # another request appended first, or took this key first (the same request
            # sent twice at once): the key's first answer, or a 409
            return await run_in_threadpool(self._lost_race, game_id, begun.answer["seat"],
                                           key, notation, after, exc), None
        return begun.answer, begun.change.version

    def begin(self, game_id: str, token: str | None, notation: str, after: int,
              key: str | None = None) -> Begun | None:
        """Check and apply the action and queue its append, without waiting for anything;
        None (nothing done) where the quick path does not apply. A refusal is raised as
        ``act`` raises it, and changes nothing.

        With several processes (PostgreSQL) the cached game is used without reading its
        version first: the append's bump expects the version the action was checked
        against, so an action checked on a game another process had moved on is not
        written (``act`` then reads the game and decides), and a refusal is left to
        ``act`` (None), which decides it on the game as the database has it.

        With an idempotency ``key`` the key's row and answer go with the append, and a
        key already taken fails it (then :meth:`act_soon` answers as ``act`` does). A
        refusal with a key, or a key ``act`` would refuse, is left to ``act``: a retry of
        an action already written has a count that is no longer the game's, and ``act``
        reads the key before it looks at the count."""
        if token is None or len(notation) > self.settings.max_notation \
                or len(self.tx_hooks) != (0 if self.notice_of is None else 1) \
                or (key is not None and not valid_key(key)):
            return None
        lock = self._lock(game_id)
        if not lock.acquire(blocking=False):
            return None
        try:
            with self._guard:
                entry = self._cache.get(game_id)
            if entry is None or entry.writing or entry.request is not None \
                    or not entry.game.title.light_turns:
                return None
            seat = self._own_seat(entry, token)
            if seat is None:
                return None
            try:
                before = self._turn_of(entry, seat, after, by_bot=False)
                answer = self._play(entry, notation, seat)
            except ApiError:
                if self.sole_writer and key is None:
                    raise
                return None
            try:
                return self._queue_append(entry, answer, before, key, notation)
            except BaseException:
                self._forget(game_id)  # applied but not written: read it again
                raise
        finally:
            lock.release()

    def _own_seat(self, entry: Entry, token: str) -> int | None:
        """The seat whose own, already claimed token this is (None: anything else, which
        ``act`` resolves: the admin's, a delegate's, a first use, a stranger's)."""
        digest = token_hash(token)
        for seat in entry.seats:
            if secrets.compare_digest(digest, seat.token_hash):
                return seat.seat if seat.claimed else None
        return None

    def _queue_append(self, entry: Entry, answer: dict[str, Any], before: tuple[int, ...],
                      key: str | None = None, sent: str | None = None) -> Begun:
        """Mark the entry writing and queue the append (the version bump, the action's
        row and its key's, on the driver's connection; ``sent``: the notation as the
        request sent it, kept with the key's answer as ``act`` keeps it); the writer
        settles the entry after the commit."""
        game_id, index, seat = entry.id, answer["index"], answer["seat"]
        status = OVER if entry.game.is_over else PLAY
        old, new = entry.version, entry.version + 1
        loop = asyncio.get_running_loop()
        written: asyncio.Future[int] = loop.create_future()
        appended = Appended(index, answer["notation"], seat, status, entry.undos)
        notice = None if self.notice_of is None else self.notice_of(game_id, new, appended)
        keyed = None if key is None else (key, json.dumps({**answer, SENT: sent}))
        sql = self.sql

        def append(raw: Any) -> int:
            if not sql.quick_append(raw, game_id, old, index, answer["notation"], seat,
                                    status, notice, keyed):
                raise Conflict(index, "the game changed meanwhile; fetch it again")
            return new

        def settle(ok: bool, value: Any) -> None:
            if ok:
                entry.actors.append(seat)
                entry.version, entry.status = new, status
            self._settle(entry, ok)
            loop.call_soon_threadsafe(self._committed, written, change, title, ok, value)

        title = entry.game.record.title
        change = Change(game_id, new, index + 1, entry.game.to_act if status == PLAY else (),
                        before, status, bots=any(s.bot is not None for s in entry.seats),
                        appended=appended)
        entry.writing = True
        try:
            self.quick_writer.submit(append, settle, driver=True)
        except BaseException:
            self._settle(entry, kept=False)
            raise
        return Begun(entry, answer, change, written)

    def _committed(self, written: asyncio.Future[int], change: Change, title: str, ok: bool,
                   value: Any) -> None:
        """On the loop, once the writer settled the append: the answer, then a committed
        action is counted and its listeners hear of it (whether or not anyone still
        waits for the answer: a client gone meanwhile must not keep the other seats from
        their pictures). The answer goes first so that the acting socket's reply, woken
        before the feeds are, carries the seat's new picture and its push finds it sent:
        one frame to the actor, not a picture and then a bare answer (issue 30)."""
        _answer(written, ok, value)
        if ok:
            self.stats.bump("actions", title)
            self._fire_soon(change)

    def _fire_soon(self, change: Change) -> None:
        """The listeners, on the loop for an action that leaves the game in play (each
        only queues work or wakes the feeds); a game's end on a worker thread (its
        rating reads and writes the database)."""
        if change.status == PLAY:
            self._fire(change)
        else:
            asyncio.get_running_loop().run_in_executor(None, self._fire, change)


def _answer(future: asyncio.Future[int], ok: bool, value: Any) -> None:
    if future.done():  # the waiting request was cancelled (its socket closed)
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)
