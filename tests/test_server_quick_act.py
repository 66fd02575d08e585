"""The quick path of an action (``server/quick_act.py``): the same answers, refusals and
rows as ``GameStore.act``, on SQLite and PostgreSQL; nobody uses a game while its action
waits for the commit; a failed append drops the cached game; and with two stores on one
PostgreSQL database (as two processes) an action checked on a cache that is behind is
not written but decided again on the game as the database has it.

Rule ids checked: ``core.not-your-decision`` (a refusal on the quick path changes
nothing); otherwise none (server storage; see docs/server.md).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from boardroom.server import tables as t
from boardroom.server.errors import Conflict, Forbidden
from boardroom.server.store import GameStore, SeatSpec
from server_support import fresh_pg_database, new_store, require_postgres


@pytest.fixture(params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/quick.sqlite3"
        return
    with fresh_pg_database(require_postgres()) as pg:
        yield pg


def first_legal(store: GameStore, game_id: str) -> tuple[int, str, int]:
    with store.game(game_id) as entry:
        seat = entry.to_act[0]
        return seat, str(entry.game.legal_actions(seat)[0]), entry.count


def rows(store: GameStore, game_id: str) -> list[tuple[int, str, int]]:
    with store.engine.connect() as conn:
        return [(r.idx, r.notation, r.seat) for r in conn.execute(
            select(t.actions).where(t.actions.c.game_id == game_id).order_by(t.actions.c.idx))]


def started(store: GameStore) -> tuple[str, list[str]]:
    """A two-seat Acquire game whose seats have acted once each over ``act`` (so their
    tokens are claimed: the quick path takes only claimed seats)."""
    made = store.create("acquire", {}, 3, [SeatSpec("Ann"), SeatSpec("Bob")])
    for token in made.tokens:
        with store.game(made.id) as entry:
            store.who(entry, token)
    return made.id, made.tokens


def test_quick_actions_are_the_record_and_answer_as_act_does(url: str) -> None:
    store = new_store(url)
    try:
        game_id, tokens = started(store)

        async def quick(n: int) -> list[dict[str, Any]]:
            answers = []
            for _ in range(n):
                seat, action, after = first_legal(store, game_id)
                begun = store.begin(game_id, tokens[seat], action, after)
                assert begun is not None  # a claimed seat's action takes the quick path
                assert await begun.written == begun.change.version
                answers.append(begun.answer)
            return answers

        answers = asyncio.run(quick(5))
        seat, action, after = first_legal(store, game_id)
        answer, version = asyncio.run(store.act_soon(game_id, tokens[seat], action, after))
        answers.append(answer)
        assert [a["index"] for a in answers] == list(range(6))
        with store.game(game_id) as entry:
            for answer in answers:
                assert answer["log"] == [e.text for e in entry.game.log_entries
                                         if e.index == answer["index"]]
            record = list(entry.game.record.actions)
            assert entry.version == version
            assert entry.actors == [a["seat"] for a in answers]
        assert [a["notation"] for a in answers] == record
        assert [(i, n) for i, n, _ in rows(store, game_id)] == list(enumerate(record))
        fresh = new_store(url)  # the rows read back as the same game
        try:
            with fresh.game(game_id) as entry:
                assert list(entry.game.record.actions) == record
                assert entry.version == version
        finally:
            fresh.close()
    finally:
        store.close()


def test_a_refusal_on_the_quick_path_names_its_rule_and_changes_nothing(tmp_path: Path) -> None:
    store = new_store(f"sqlite:///{tmp_path}/refuse.sqlite3")
    try:
        game_id, tokens = started(store)
        seat, action, after = first_legal(store, game_id)
        other = tokens[1 - seat]
        with store.game(game_id) as entry:
            before = (list(entry.game.record.actions), entry.version, entry.game.view(None))
        with pytest.raises(Forbidden) as refused:
            asyncio.run(store.act_soon(game_id, other, action, after))
        assert refused.value.extra.get("rule") == "core.not-your-decision"
        with pytest.raises(Conflict):
            asyncio.run(store.act_soon(game_id, tokens[seat], action, after + 5))
        with store.game(game_id) as entry:
            assert (list(entry.game.record.actions), entry.version,
                    entry.game.view(None)) == before
        assert rows(store, game_id) == []
    finally:
        store.close()


def test_nobody_uses_the_game_until_its_commit_is_settled(tmp_path: Path) -> None:
    store = new_store(f"sqlite:///{tmp_path}/wait.sqlite3")
    try:
        game_id, _ = started(store)
        with store.game(game_id) as entry:
            pass
        entry.writing = True  # as the quick path leaves it until the writer settles
        seen: list[int] = []

        def reader() -> None:
            with store.game(game_id) as e:
                seen.append(e.count)

        thread = threading.Thread(target=reader)
        thread.start()
        time.sleep(0.2)
        assert seen == [] and thread.is_alive()
        with store.game_now(game_id) as now:
            assert now is None  # the event loop's read does not wait: it is refused
        store._settle(entry, kept=True)
        thread.join(5)
        assert seen == [0]
    finally:
        store.close()


def test_a_failed_quick_append_drops_the_cached_game_and_reads_it_again(
        tmp_path: Path) -> None:
    store = new_store(f"sqlite:///{tmp_path}/fail.sqlite3")
    try:
        game_id, tokens = started(store)
        seat, action, after = first_legal(store, game_id)
        with store.engine.begin() as conn:  # the row the append will collide with
            conn.execute(t.actions.insert().values(game_id=game_id, idx=0, notation=action,
                                                   seat=seat, by_bot=False,
                                                   created_at=time.time()))
        with store._guard:
            stale = store._cache[game_id]
        with pytest.raises(Conflict) as lost:
            asyncio.run(store.act_soon(game_id, tokens[seat], action, after))
        assert lost.value.extra["count"] == 1  # the count the database has
        with store.game(game_id) as entry:
            assert entry is not stale and entry.count == 1  # read again, not the applied one
    finally:
        store.close()


def test_a_cache_behind_another_process_is_decided_on_the_database(tmp_path: Path) -> None:
    with fresh_pg_database(require_postgres()) as pg:
        one, two = new_store(pg), new_store(pg)
        try:
            game_id, tokens = started(one)
            with two.game(game_id) as entry:  # cached by the second store, at count 0
                assert entry.count == 0
            seat, action, after = first_legal(one, game_id)
            asyncio.run(one.act_soon(game_id, tokens[seat], action, after))
            # the second store's cache is behind (no notice reaches it here): the same
            # action at the same count is checked there, not written, and refused on the
            # game as the database has it
            with pytest.raises(Conflict) as behind:
                asyncio.run(two.act_soon(game_id, tokens[seat], action, after))
            assert behind.value.extra["count"] == 1
            assert len(rows(one, game_id)) == 1
            # and the next action, sent to the second store, lands there
            seat2, action2, after2 = first_legal(one, game_id)
            answer, _ = asyncio.run(two.act_soon(game_id, tokens[seat2], action2, after2))
            assert answer["index"] == 1
            assert [n for _, n, _ in rows(one, game_id)] == [action, action2]
        finally:
            one.close()
            two.close()


def test_a_game_waiting_for_its_commit_is_not_dropped_from_a_full_cache(
        tmp_path: Path) -> None:
    store = new_store(f"sqlite:///{tmp_path}/full.sqlite3", cache_games=1)
    try:
        game_id, _ = started(store)
        with store._guard:
            waiting = store._cache[game_id]
        waiting.writing = True  # its append is queued, not committed
        other = store.create("acquire", {}, 4, [SeatSpec("Cy"), SeatSpec("Di")])
        with store._guard:
            assert store._cache.get(game_id) is waiting  # kept: a read would miss the commit
            assert other.id not in store._cache and len(store._cache) == 1  # still bounded
        store._settle(waiting, kept=True)
        store.create("acquire", {}, 5, [SeatSpec("Ed"), SeatSpec("Fa")])
        with store._guard:
            assert game_id not in store._cache  # once settled, the oldest goes as before
    finally:
        store.close()


def test_the_listeners_hear_of_a_committed_action_nobody_waits_for(tmp_path: Path) -> None:
    """A client that sends its action and goes before the answer: the action is committed,
    counted and told to the listeners all the same (the other seats' feeds wake)."""
    store = new_store(f"sqlite:///{tmp_path}/gone.sqlite3")
    heard: list[int] = []
    try:
        game_id, tokens = started(store)
        seat, action, after = first_legal(store, game_id)
        store.listeners.append(lambda change: heard.append(change.count))

        async def send_and_go() -> None:
            task = asyncio.create_task(store.act_soon(game_id, tokens[seat], action, after))
            await asyncio.sleep(0)  # begun: the append is queued
            task.cancel()  # the socket closed
            for _ in range(500):
                if heard:
                    return
                await asyncio.sleep(0.01)

        asyncio.run(send_and_go())
        assert heard == [after + 1]
        assert [n for _, n, _ in rows(store, game_id)] == [action]
        assert store.stats.get("actions", "acquire") == 1
    finally:
        store.close()


def test_the_answer_is_woken_before_the_listeners_hear(tmp_path: Path) -> None:
    """The acting request's answer is settled before the listeners hear of the action, so
    the acting socket's reply runs before its feed's push and carries the seat's new
    picture itself (one frame to the actor)."""
    store = new_store(f"sqlite:///{tmp_path}/order.sqlite3")
    order: list[str] = []
    try:
        game_id, tokens = started(store)
        seat, action, after = first_legal(store, game_id)

        async def act_and_listen() -> None:
            loop = asyncio.get_running_loop()
            store.listeners.append(lambda change: loop.call_soon(order.append, "heard"))

            async def answer() -> None:
                await store.act_soon(game_id, tokens[seat], action, after)
                order.append("answered")

            await asyncio.wait_for(answer(), 10)
            await asyncio.sleep(0)

        asyncio.run(act_and_listen())
        assert order == ["answered", "heard"]
    finally:
        store.close()


def test_a_keyed_action_takes_the_quick_path_and_its_key_answers_a_retry(url: str) -> None:
    """An action with an idempotency key is quick too; its key's row and answer are
    written with it, so a retry (the same action at the same count) gets the first
    answer and appends nothing, and the key sent with another action is refused; a key
    ``act`` refuses (control characters) is refused as ``act`` refuses it."""
    store = new_store(url)
    try:
        game_id, tokens = started(store)
        seat, action, after = first_legal(store, game_id)

        async def keyed() -> tuple[dict[str, Any], dict[str, Any]]:
            begun = store.begin(game_id, tokens[seat], action, after, key="k-1")
            assert begun is not None  # the quick path, key and all
            await begun.written
            again, _ = await store.act_soon(game_id, tokens[seat], action, after, key="k-1")
            return begun.answer, again

        first, again = asyncio.run(keyed())
        assert again == first
        assert [n for _, n, _ in rows(store, game_id)] == [action]
        with store.engine.connect() as conn:
            stored = conn.execute(select(t.action_keys.c.response).where(
                t.action_keys.c.game_id == game_id, t.action_keys.c.key == "k-1")).scalar_one()
        assert {k: v for k, v in stored.items() if k in first} == first
        seat2, action2, after2 = first_legal(store, game_id)
        with pytest.raises(Conflict, match="this key was used"):  # read before the turn
            asyncio.run(store.act_soon(game_id, tokens[seat], action2, after2, key="k-1"))
        with pytest.raises(Exception, match="a key has 1 to 128 printable"):
            asyncio.run(store.act_soon(game_id, tokens[seat2], action2, after2, key="a\nb"))
        assert [n for _, n, _ in rows(store, game_id)] == [action]
    finally:
        store.close()


def test_a_key_reused_for_a_new_action_at_its_count_is_refused_and_writes_nothing(
        url: str) -> None:
    """A seat's key sent again with a new action at the game's count: the quick path
    applies it to the cached game, the key's row fails the append (the key is taken),
    and the answer is ``act``'s refusal; no row is written and the game reads as before."""
    store = new_store(url)
    try:
        game_id, tokens = started(store)
        used: dict[int, str] = {}
        for i in range(12):
            seat, action, after = first_legal(store, game_id)
            if seat in used:
                break
            asyncio.run(store.act_soon(game_id, tokens[seat], action, after, key=f"k{i}"))
            used[seat] = f"k{i}"
        else:
            pytest.fail("no seat acted twice in 12 actions")
        before = rows(store, game_id)

        async def reuse() -> None:
            begun = store.begin(game_id, tokens[seat], action, after, key=used[seat])
            assert begun is not None  # quick: the key is not read before the append
            with pytest.raises(IntegrityError):
                await begun.written

        asyncio.run(reuse())
        assert rows(store, game_id) == before
        with pytest.raises(Conflict, match="this key was used"):
            asyncio.run(store.act_soon(game_id, tokens[seat], action, after, key=used[seat]))
        assert rows(store, game_id) == before
        with store.game(game_id) as entry:
            assert entry.count == after and str(entry.game.legal_actions(seat)[0]) == action
    finally:
        store.close()
