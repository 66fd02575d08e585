"""What the server keeps must agree with the game (issue 26, items 8, 9 and 10): an
idempotency key answers only a retry of its own action, and nothing once that action is
taken back; the same key sent at once to two PostgreSQL processes gets the one answer; a
take-back request that lapsed is closed in the database with the action that lapsed it;
the history of one game is never another game's.

Rule ids checked: none (server consistency; see docs/server.md).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

import boardroom
from boardroom.server.app import create_app
from boardroom.server.config import Settings
from server_support import (
    Table,
    create,
    fresh_pg_database,
    require_postgres,
    start_server,
    state,
)


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
             ) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('db')}/keep.sqlite3"
        return
    with fresh_pg_database(require_postgres()) as url:
        yield url


def app_client(url: str) -> TestClient:
    return TestClient(create_app(Settings(url, rate_per_s=0, allow_chosen_seeds=True)))


def act(client: Any, table: Table, seat: int, action: str, after: int,
        key: str | None = None) -> Any:
    body: dict[str, Any] = {"action": action, "after": after}
    if key:
        body["key"] = key
    return client.post(f"/api/games/{table.id}/actions", headers=table.h(seat), json=body)


def first_legal(client: Any, table: Table) -> tuple[int, str, int]:
    seat = state(client, table, None)["to_act"][0]
    mine = state(client, table, seat)
    return seat, mine["legal"][0]["notation"], mine["count"]


# -- item 8: idempotency keys ------------------------------------------------------------
def test_a_key_answers_a_retry_and_refuses_another_action(database: str) -> None:
    with app_client(database) as client:
        table = create(client)
        seat, tile, count = first_legal(client, table)
        first = act(client, table, seat, tile, count, key="k-1")
        assert first.status_code == 200
        again = act(client, table, seat, tile, count, key="k-1")
        assert again.status_code == 200 and again.json() == first.json()
        _, step, now = first_legal(client, table)  # the same seat buys next
        reused = act(client, table, seat, step, now, key="k-1")
        assert reused.status_code == 409, reused.text
        assert f"this key was used for {tile}" in reused.json()["message"]
        assert state(client, table, None)["count"] == now  # nothing was played
        other_tile = next(a["notation"] for a in state(client, table, seat)["legal"])
        assert act(client, table, seat, other_tile, now, key="k-2").status_code == 200


def test_a_key_of_a_taken_back_action_answers_nothing(database: str) -> None:
    with app_client(database) as client:
        table = create(client)
        seat, tile, count = first_legal(client, table)
        assert act(client, table, seat, tile, count, key="k-back").status_code == 200
        undo = client.post(f"/api/games/{table.id}/undo", headers=table.h(seat),
                           json={"after": count + 1})
        assert undo.status_code == 200 and undo.json()["undone"] is True
        assert state(client, table, None)["count"] == count
        replay = act(client, table, seat, tile, count, key="k-back")
        assert replay.status_code == 200, replay.text
        # the action was played again, not answered from the key of the one taken back
        assert state(client, table, None)["count"] == count + 1


# -- item 9: a lapsed take-back request ----------------------------------------------------
def test_a_lapsed_take_back_request_is_closed_for_good(database: str) -> None:
    with app_client(database) as client:
        table = create(client)
        asker = state(client, table, None)["to_act"][0]
        while state(client, table, None)["to_act"][0] == asker:  # the asker's turn
            seat, action, count = first_legal(client, table)
            assert act(client, table, seat, action, count).status_code == 200
        seat, action, count = first_legal(client, table)  # the next seat acts once
        assert act(client, table, seat, action, count).status_code == 200
        ask = client.post(f"/api/games/{table.id}/undo", headers=table.h(asker),
                          json={"after": count + 1})
        assert ask.status_code == 200 and ask.json()["undone"] is False
        request_id = ask.json()["request"]["id"]
        seat, action, count = first_legal(client, table)  # the game moves on
        assert act(client, table, seat, action, count).status_code == 200
        assert state(client, table, None)["undo_request"] is None
    with app_client(database) as restarted:  # a restart reads the database afresh
        assert state(restarted, table, None)["undo_request"] is None
        answer = restarted.post(f"/api/games/{table.id}/undo/{request_id}",
                                headers=table.h(seat), json={"accept": True})
        assert answer.status_code == 404, answer.text
        again = restarted.post(f"/api/games/{table.id}/undo", headers=table.h(asker),
                               json={"after": count + 1})
        assert again.status_code == 200, again.text  # not refused as pending
        assert again.json()["undone"] is False and again.json()["request"]["id"] != request_id


# -- item 10: the history of one game ------------------------------------------------------
def test_history_is_the_games_own_not_another_of_the_same_seed(database: str) -> None:
    with app_client(database) as client:
        seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
        short = create(client, "lost_atlas", seats, seed=5, options={"mode": "short"})
        long = create(client, "lost_atlas", seats, seed=5, options={"mode": "long"})
        for table in (short, long):
            seat, action, count = first_legal(client, table)
            assert act(client, table, seat, action, count).status_code == 200
        views = {}
        for table in (short, long):
            past = client.get(f"/api/games/{table.id}/history/0")
            assert past.status_code == 200, past.text
            views[table.id] = past.json()["view"]
        assert views[short.id] != views[long.id]
        for table in (short, long):  # each as a fresh replay of that game would show it
            record = boardroom.new_game("lost_atlas", ["Ann", "Bob", "Cy"], seed=5,
                                        options={"mode": "short" if table is short
                                                 else "long"})
            assert views[table.id] == record.view(None)


# -- item 8: the same key at once on two PostgreSQL processes ---------------------------
def send_at_once(urls: list[str], table: Table, seat: int, action: str, count: int,
                 key: str) -> list[httpx.Response]:
    """The same keyed action sent to every server in ``urls`` at the same moment."""
    answers: list[httpx.Response] = []
    start = threading.Barrier(len(urls))

    def send(base: str) -> None:
        with httpx.Client(base_url=base, timeout=20) as client:
            start.wait()
            answers.append(act(client, table, seat, action, count, key=key))

    threads = [threading.Thread(target=send, args=(url,)) for url in urls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_the_same_key_at_once_on_two_processes_gets_the_one_answer() -> None:
    with fresh_pg_database(require_postgres()) as url:
        one = start_server("--database", url, "--rate-limit", "0")
        two = start_server("--database", url, "--rate-limit", "0")
        try:
            with one.client() as a:
                table = create(a, seats=[{"name": "Ann"}, {"name": "Bob"}])
                for round_ in range(5):
                    seat, action, count = first_legal(a, table)
                    answers = send_at_once([one.url, two.url], table, seat, action, count,
                                           f"same-{round_}")
                    codes = [r.status_code for r in answers]
                    assert codes == [200, 200], [r.text for r in answers]
                    assert answers[0].json() == answers[1].json()
                    assert state(a, table, None)["count"] == count + 1
                # without a key, the loser's 409 has the count after the winner's action
                seat, action, count = first_legal(a, table)
                answers = send_at_once([one.url, two.url], table, seat, action, count, "")
                assert sorted(r.status_code for r in answers) == [200, 409]
                lost = next(r for r in answers if r.status_code == 409)
                assert lost.json()["count"] == count + 1, lost.text
            with one.client() as a, two.client() as b:
                lapsed_on_the_other_process(a, b)
        finally:
            one.stop()
            two.stop()


def lapsed_on_the_other_process(a: httpx.Client, b: httpx.Client) -> None:
    """Item 9 with two processes: a request opened on one, lapsed by an action on the
    other, is closed for both."""
    table = create(a, seats=[{"name": "Ann"}, {"name": "Bob"}])
    asker = state(a, table, None)["to_act"][0]
    while state(a, table, None)["to_act"][0] == asker:
        seat, action, count = first_legal(a, table)
        assert act(a, table, seat, action, count).status_code == 200
    seat, action, count = first_legal(a, table)
    assert act(a, table, seat, action, count).status_code == 200
    ask = a.post(f"/api/games/{table.id}/undo", headers=table.h(asker),
                 json={"after": count + 1})
    assert ask.status_code == 200 and ask.json()["undone"] is False, ask.text
    assert state(b, table, None)["undo_request"] is not None
    seat, action, count = first_legal(b, table)
    assert act(b, table, seat, action, count).status_code == 200  # lapses it, on two
    for client in (a, b):
        assert state(client, table, None)["undo_request"] is None
    again = a.post(f"/api/games/{table.id}/undo", headers=table.h(asker),
                   json={"after": count + 1})
    assert again.status_code == 200, again.text  # not refused as pending
