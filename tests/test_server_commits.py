"""Group commit (SQLite): writes share a commit, a failing one changes nothing, and the
writer thread's own failures reach the writers instead of leaving them waiting."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import Connection, text

from boardroom.server.commits import GroupCommit
from boardroom.server.db import make_engine


def table(tmp_path: Path) -> GroupCommit:
    engine = make_engine(f"sqlite:///{tmp_path}/c.sqlite3")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE t (k INTEGER PRIMARY KEY)"))
    return GroupCommit(engine)


def rows(commit: GroupCommit) -> list[int]:
    with commit.engine.connect() as conn:
        return [r[0] for r in conn.execute(text("SELECT k FROM t ORDER BY k"))]


def insert(k: int) -> Callable[[Connection], int]:
    def work(conn: Connection) -> int:
        conn.execute(text("INSERT INTO t (k) VALUES (:k)"), {"k": k})
        return k
    return work


def test_a_failing_lone_write_changes_nothing_and_the_next_one_lands(tmp_path: Path) -> None:
    commit = table(tmp_path)
    assert commit.run(insert(1)) == 1
    with pytest.raises(Exception, match="UNIQUE"):
        commit.run(insert(1))
    assert commit.run(insert(2)) == 2
    assert rows(commit) == [1, 2]
    commit.close()


def test_concurrent_writes_each_land_once_and_a_failing_one_alone_is_undone(
        tmp_path: Path) -> None:
    commit = table(tmp_path)
    answers: list[object] = []

    def write(k: int) -> None:
        try:
            answers.append(commit.run(insert(k)))
        except Exception as exc:  # the duplicate 7s
            answers.append(type(exc).__name__)

    threads = [threading.Thread(target=write, args=(k,)) for k in [*range(20), 7, 7]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert rows(commit) == list(range(20))
    assert sorted(a for a in answers if isinstance(a, int)) == list(range(20))
    assert len([a for a in answers if isinstance(a, str)]) == 2
    commit.close()


def test_a_writer_that_cannot_connect_fails_the_write_instead_of_hanging(
        tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/missing/folder/c.sqlite3")
    commit = GroupCommit(engine)
    for _ in range(2):
        with pytest.raises(Exception, match="unable to open"):
            commit.run(insert(1))
    commit.close()
