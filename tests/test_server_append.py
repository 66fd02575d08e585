"""An action's append on the driver's cursor (``server/append_sql.py``) writes the rows
SQLAlchemy Core wrote, on SQLite and PostgreSQL; a key taken is still SQLAlchemy's
``IntegrityError``; and another process's action, carried by its notice, is applied by a
cached game with nothing read (``GameCache.apply_notice``), or refused when the cache is
not just before it.

Rule ids checked: none (server storage; see docs/server.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from boardroom.core.game import Game
from boardroom.server import tables as t
from boardroom.server.live import notice, read_notice
from boardroom.server.store import Appended, GameStore, SeatSpec
from server_support import fresh_pg_database, new_store, require_postgres


@pytest.fixture(params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/append.sqlite3"
        return
    with fresh_pg_database(require_postgres()) as pg:
        yield pg


def play(store: GameStore, game_id: str, tokens: list[str], n: int) -> None:
    for _ in range(n):
        with store.game(game_id) as entry:
            seat = entry.to_act[0]
            action = str(entry.game.legal_actions(seat)[0])
            after = entry.count
        store.act(game_id, tokens[seat], action, after)


def test_the_appended_rows_are_the_record_and_a_taken_key_is_an_integrity_error(
        url: str) -> None:
    store = new_store(url)
    try:
        made = store.create("acquire", {}, 3, [SeatSpec("Ann"), SeatSpec("Bob")])
        play(store, made.id, made.tokens, 6)
        with store.game(made.id) as entry:
            record, actors, version = (list(entry.game.record.actions), list(entry.actors),
                                       entry.version)
        with store.engine.connect() as conn:
            rows = conn.execute(select(t.actions).where(t.actions.c.game_id == made.id)
                                .order_by(t.actions.c.idx)).all()
            game = conn.execute(select(t.games).where(t.games.c.id == made.id)).one()
        assert [r.notation for r in rows] == record
        assert [r.seat for r in rows] == actors and [r.idx for r in rows] == list(range(6))
        assert not any(r.by_bot for r in rows)
        assert (game._mapping["count"], game.version, game.status) == (6, version, "play")
        with pytest.raises(IntegrityError), store.engine.begin() as conn:
            store.sql.insert_action(conn, made.id, 0, record[0], actors[0], False, 0.0)
    finally:
        store.close()


def test_a_notice_is_applied_by_the_cached_game_just_before_it(tmp_path: Path) -> None:
    store = new_store(f"sqlite:///{tmp_path}/notice.sqlite3")
    try:
        made = store.create("acquire", {}, 5, [SeatSpec("Ann"), SeatSpec("Bob")])
        with store.game(made.id) as entry:
            seat = entry.to_act[0]
            action = str(entry.game.legal_actions(seat)[0])
            version = entry.version
        twin = Game("acquire", ["Ann", "Bob"], 5, {})
        twin.apply(action, seat)
        # two versions ahead: not applied (the next use reads the database)
        assert not store.apply_notice(made.id, version + 2, Appended(0, action, seat,
                                                                     "play", 0))
        # another undo count: a take-back happened meanwhile, not applied
        assert not store.apply_notice(made.id, version + 1, Appended(0, action, seat,
                                                                     "play", 1))
        assert store.apply_notice(made.id, version + 1, Appended(0, action, seat, "play", 0))
        with store.game(made.id) as entry:
            assert entry.version == version + 1 and entry.actors == [seat]
            assert entry.game.record.actions == twin.record.actions
            assert entry.game.view(None) == twin.view(None)
        # the same notice again (or an older one): already there
        assert store.apply_notice(made.id, version + 1, Appended(0, action, seat, "play", 0))
        assert not store.apply_notice("no-such-game", 2, Appended(0, action, seat, "play", 0))
    finally:
        store.close()


def test_a_notice_too_long_for_postgres_goes_without_its_action() -> None:
    long = Appended(3, "x" * 8000, 1, "play", 0)
    assert notice("g1", "o", 5, long) == "g1 o"
    assert read_notice(notice("g1", "o", 5, long)) == ("g1", "o", None, None)
    odd = Appended(3, "buy 2 Tower  ", 1, "over", 2)
    assert read_notice(notice("g1", "o", 5, odd)) == ("g1", "o", 5, odd)
