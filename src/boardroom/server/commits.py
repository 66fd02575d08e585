"""Write transactions, and group commit for SQLite.

SQLite has one writer at a time and, with ``synchronous=FULL``, every commit waits for the
disk (an fsync: milliseconds, tens of them on a busy disk). One commit per action would
cap the server at a few dozen actions a second, so on SQLite every write goes through one
thread that takes all the writes waiting, runs each in its own SAVEPOINT (a failing one is
rolled back alone) and commits them together: one fsync for the lot. Each caller gets its
answer only after that commit, so an acknowledged write is still durable.

PostgreSQL needs none of this: concurrent transactions on their own connections already
share the WAL flush, so each write is simply its own transaction.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, event

log = logging.getLogger("boardroom.server.commits")

T = TypeVar("T")
Work = Callable[[Connection], Any]

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


class GroupCommit(Transactions):
    """One writer thread; the waiting units of work share one commit."""

    def __init__(self, engine: Engine) -> None:
        super().__init__(engine)
        self._queue: queue.Queue[tuple[Work, Future[Any]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._loop, name="boardroom-commit",
                                        daemon=True)
        self._thread.start()
        self._closed = False
        self._lock = threading.Lock()

    def run(self, work: Callable[[Connection], T]) -> T:
        future: Future[T] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the server is stopping")
            self._queue.put((work, future))
        return future.result()

    def close(self) -> None:
        """Commit what is queued, then refuse new writes."""
        with self._lock:
            if not self._closed:
                self._closed = True
                self._queue.put(None)
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=30)  # the writes in flight are committed, then it ends

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
                    ok = self._batch(conn, jobs)
                except BaseException as exc:  # never leave a writer waiting forever
                    log.exception("the writer thread failed on %d writes", len(jobs))
                    for _, future in jobs:
                        if not future.done():
                            future.set_exception(exc)
                    ok = False
                if not ok and conn is not None:
                    conn.close()  # a failed commit: start again on a fresh connection
                    conn = None
        finally:
            if conn is not None:
                conn.close()

    def _batch(self, conn: Connection, jobs: list[tuple[Work, Future[Any]]]) -> bool:
        """Run the jobs in one transaction and commit it; False if the commit failed.

        A lone job needs no SAVEPOINT: if it fails, rolling the transaction back undoes it
        alone (most batches are one write when the server is not busy)."""
        results: list[tuple[Future[Any], bool, Any]] = []
        try:
            tx = conn.begin()
            if len(jobs) == 1:
                work, future = jobs[0]
                try:
                    value = work(conn)
                except BaseException as exc:
                    tx.rollback()
                    future.set_exception(exc)
                    return True
                results.append((future, True, value))
            else:
                for work, future in jobs:
                    savepoint = conn.begin_nested()
                    try:
                        value = work(conn)
                    except BaseException as exc:
                        savepoint.rollback()
                        results.append((future, False, exc))
                    else:
                        savepoint.commit()
                        results.append((future, True, value))
            tx.commit()
        except BaseException as exc:
            log.exception("a group commit of %d writes failed", len(jobs))
            for _, future in jobs:
                if not future.done():
                    future.set_exception(exc)
            return False
        self.batches += 1
        self.writes += len(jobs)
        for future, ok, value in results:
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)
        return True
