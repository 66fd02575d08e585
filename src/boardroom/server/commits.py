"""Write transactions, and group commit for SQLite.

SQLite has one writer at a time and, with ``synchronous=FULL``, every commit waits for the
disk (an fsync: milliseconds, tens of them on a busy disk). One commit per action would
cap the server at a few dozen actions a second, so on SQLite every write goes through one
thread that takes all the writes waiting, runs each in its own SAVEPOINT (a failing one is
rolled back alone) and commits them together: one fsync for the lot. Each caller gets its
answer only after that commit, so an acknowledged write is still durable.

PostgreSQL needs none of this: concurrent transactions on their own connections already
share the WAL flush, so each write is simply its own transaction. Its quick-path appends
(one statement each, :mod:`.append_sql`) go to an :class:`AutocommitWriter`: one thread
with its own connection in autocommit mode, so the event loop waits for none of them.

The most frequent write, an action's append, can be sent as a *driver* job
(:meth:`GroupCommit.submit` with ``driver=True``): it gets the ``sqlite3`` connection
itself, and a batch of driver jobs alone is begun, savepointed and committed on that
connection, without SQLAlchemy's transaction objects (issue 30: they cost more of the
writer's CPU than the two statements). ``submit`` returns at once, so the event loop can
wait for the commit without a thread of its own blocked on it: the job's ``settle`` is
called on the writer thread right after the commit (or the failure).
"""

from __future__ import annotations

import contextlib
import logging
import queue
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, event
from sqlalchemy.exc import IntegrityError

log = logging.getLogger("boardroom.server.commits")

T = TypeVar("T")
Settle = Callable[[bool, Any], None]
"""``settle(ok, value)``: on the writer thread, the job's value once committed (ok), or
its exception (not ok)."""


@dataclass(slots=True)
class Job:
    """One unit of work queued for the writer."""

    work: Callable[[Any], Any]
    future: Future[Any] | None
    """None: the job is answered by its ``settle`` alone."""
    driver: bool = False
    """``work`` takes the driver's connection (``sqlite3.Connection``), not SQLAlchemy's."""
    settle: Settle | None = None
    settled: bool = False

MAX_BATCH = 512


class Transactions:
    """Runs a unit of work in a transaction of its own (PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.batches = 0
        """Transactions committed (each of one unit of work here)."""
        self.writes = 0
        self._counting = threading.Lock()

    def run(self, work: Callable[[Connection], T]) -> T:
        with self.engine.begin() as conn:
            value = work(conn)
        with self._counting:
            self.batches += 1
            self.writes += 1
        return value

    def close(self) -> None:
        pass


def sqlite_savepoints(engine: Engine) -> None:
    """Let SQLAlchemy, not the sqlite3 module, begin transactions (so SAVEPOINT works) and
    begin them IMMEDIATE (the write lock is taken at once, never upgraded)."""

    @event.listens_for(engine, "connect")
    def _no_implicit_begin(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        write = conn.get_execution_options().get("boardroom_write", False)
        # on the driver's own cursor: SQLAlchemy's execution of it (exec_driver_sql) cost
        # more than the statement, once per batch of the writer thread (issue 30)
        cursor = conn.connection.cursor()
        try:
            cursor.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        finally:
            cursor.close()


class WriterThread:
    """A writer thread and its queue of jobs: :meth:`_put` queues one (refused once
    closing), :meth:`close` lets the queued ones finish and ends the thread; a subclass's
    ``_loop`` takes the jobs (None: stop)."""

    def _start(self, name: str) -> None:
        self._queue: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._closed = False
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        raise NotImplementedError

    def _put(self, job: Job) -> None:
        with self._lock:
            if self._closed:
                raise RuntimeError("the server is stopping")
            self._queue.put(job)

    def close(self) -> None:
        """Finish what is queued, then refuse new writes."""
        with self._lock:
            if not self._closed:
                self._closed = True
                self._queue.put(None)
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=30)  # the writes in flight are committed, then it ends


class GroupCommit(WriterThread, Transactions):
    """One writer thread; the waiting units of work share one commit."""

    def __init__(self, engine: Engine) -> None:
        Transactions.__init__(self, engine)
        self._start("boardroom-commit")

    def run(self, work: Callable[[Connection], T]) -> T:
        future: Future[T] = Future()
        self._put(Job(work, future))
        return future.result()

    def submit(self, work: Callable[[Any], Any], settle: Settle, driver: bool = False) -> None:
        """Queue ``work`` and return at once: ``settle`` is called on the writer thread once
        it is committed, or has failed. ``driver``: ``work`` takes the ``sqlite3``
        connection (see the module's docstring)."""
        self._put(Job(work, None, driver, settle))

    def _loop(self) -> None:
        conn: Connection | None = None  # the writer's own connection, kept between batches
        try:
            while True:
                first = self._queue.get()
                if first is None:
                    return
                jobs = [first]
                while len(jobs) < MAX_BATCH:
                    try:
                        job = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if job is None:
                        self._queue.put(None)
                        break
                    jobs.append(job)
                try:
                    if conn is None:
                        conn = self.engine.connect().execution_options(boardroom_write=True)
                    if all(job.driver for job in jobs):
                        ok = self._driver_batch(conn, jobs)
                    else:
                        ok = self._batch(conn, jobs)
                except BaseException as exc:  # never leave a writer waiting forever
                    log.exception("the writer thread failed on %d writes", len(jobs))
                    _answer([(job, False, exc) for job in jobs if not _answered(job)])
                    ok = False
                if not ok and conn is not None:
                    conn.close()  # a failed commit: start again on a fresh connection
                    conn = None
        finally:
            if conn is not None:
                conn.close()

    def _batch(self, conn: Connection, jobs: list[Job]) -> bool:
        """Run the jobs in one transaction and commit it; False if the commit failed.

        A lone job needs no SAVEPOINT: if it fails, rolling the transaction back undoes it
        alone (most batches are one write when the server is not busy)."""
        results: list[tuple[Job, bool, Any]] = []
        try:
            tx = conn.begin()
            if len(jobs) == 1:
                try:
                    value = _call(jobs[0], conn)
                except BaseException as exc:
                    tx.rollback()
                    _answer([(jobs[0], False, _driver_error(exc))])
                    return True
                results.append((jobs[0], True, value))
            else:
                for job in jobs:
                    savepoint = conn.begin_nested()
                    try:
                        value = _call(job, conn)
                    except BaseException as exc:
                        savepoint.rollback()
                        results.append((job, False, _driver_error(exc)))
                    else:
                        savepoint.commit()
                        results.append((job, True, value))
            tx.commit()
        except BaseException as exc:
            return self._failed(jobs, exc)
        return self._committed(jobs, results)

    def _driver_batch(self, conn: Connection, jobs: list[Job]) -> bool:
        """:meth:`_batch` for driver jobs alone, on the ``sqlite3`` connection: the same
        transaction (``BEGIN IMMEDIATE``, a SAVEPOINT per job when there are several, one
        ``COMMIT``), without SQLAlchemy's transaction objects. SQLAlchemy's connection
        is in no transaction before or after (the driver's is in autocommit mode, see
        :func:`sqlite_savepoints`)."""
        raw: Any = conn.connection.dbapi_connection
        results: list[tuple[Job, bool, Any]] = []
        several = len(jobs) > 1
        try:
            raw.execute("BEGIN IMMEDIATE")
            for job in jobs:
                if several:
                    raw.execute("SAVEPOINT job")
                try:
                    value = job.work(raw)
                except BaseException as exc:
                    if not several:
                        raw.execute("ROLLBACK")
                        _answer([(job, False, _driver_error(exc))])
                        return True
                    raw.execute("ROLLBACK TO job")
                    raw.execute("RELEASE job")
                    results.append((job, False, _driver_error(exc)))
                else:
                    if several:
                        raw.execute("RELEASE job")
                    results.append((job, True, value))
            raw.execute("COMMIT")
        except BaseException as exc:
            if raw.in_transaction:
                with contextlib.suppress(sqlite3.Error):  # the connection is dropped after
                    raw.execute("ROLLBACK")
            return self._failed(jobs, exc)
        return self._committed(jobs, results)

    def _committed(self, jobs: list[Job], results: list[tuple[Job, bool, Any]]) -> bool:
        self.batches += 1
        self.writes += len(jobs)
        _answer(results)
        return True

    @staticmethod
    def _failed(jobs: list[Job], exc: BaseException) -> bool:
        """The commit failed: every job not answered yet gets its exception."""
        log.exception("a group commit of %d writes failed", len(jobs))
        _answer([(job, False, exc) for job in jobs if not _answered(job)])
        return False


def _call(job: Job, conn: Connection) -> Any:
    """A job's work inside SQLAlchemy's transaction (a driver job gets its connection)."""
    return job.work(conn.connection.dbapi_connection if job.driver else conn)


def _driver_error(exc: BaseException) -> BaseException:
    """The driver's integrity error (a key taken) as SQLAlchemy's, as Core raises it."""
    if isinstance(exc, sqlite3.IntegrityError):
        return IntegrityError("(driver job)", None, exc)
    return exc


def _answered(job: Job) -> bool:
    return job.future.done() if job.future is not None else job.settled


def _answer(results: list[tuple[Job, bool, Any]]) -> None:
    """Settle, then answer, each job: its value, or its exception."""
    for job, ok, value in results:
        if job.settle is not None:
            job.settled = True
            try:
                job.settle(ok, value)
            except Exception:
                log.exception("a write's settle failed")
        if job.future is None:
            continue
        if ok:
            job.future.set_result(value)
        else:
            job.future.set_exception(value)


class AutocommitWriter(WriterThread):
    """PostgreSQL's writer of driver jobs: one thread, one psycopg connection in autocommit
    mode, each job one statement (its own transaction). ``submit`` as
    :meth:`GroupCommit.submit` (every job here is a driver job); a lost connection is made
    again for the next job."""

    def __init__(self, engine: Engine) -> None:
        self.url = engine.url.set(drivername="postgresql").render_as_string(
            hide_password=False)
        self.batches = 0
        self.writes = 0
        self._start("boardroom-autocommit")

    def submit(self, work: Callable[[Any], Any], settle: Settle, driver: bool = True) -> None:
        self._put(Job(work, None, True, settle))

    def _loop(self) -> None:
        import psycopg

        conn: Any = None
        try:
            while True:
                job = self._queue.get()
                if job is None:
                    return
                try:
                    if conn is None:
                        conn = psycopg.connect(self.url, autocommit=True)
                    value = job.work(conn)
                except psycopg.IntegrityError as exc:
                    _answer([(job, False, IntegrityError("(driver job)", None, exc))])
                except BaseException as exc:
                    if conn is not None and conn.broken:
                        conn = None
                    _answer([(job, False, exc)])
                else:
                    with self._lock:
                        self.batches += 1
                        self.writes += 1
                    _answer([(job, True, value)])
        finally:
            if conn is not None:
                conn.close()
