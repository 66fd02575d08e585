"""Live updates, webhooks and bot fallbacks, through the test client (SQLite)."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from boardroom.bots.base import Bot, register_bot
from boardroom.core.game import Game
from boardroom.core.title import Action
from boardroom.server.app import create_app
from boardroom.server.config import Settings
from server_support import create, play_first_legal, state, wait_for


def client_for(tmp_path: Path, **settings: Any) -> TestClient:
    # seeded games of people and webhooks to receivers on 127.0.0.1: both refused by
    # default (tested in test_server_security.py), allowed here
    settings.setdefault("allow_chosen_seeds", True)
    settings.setdefault("allow_private_webhooks", True)
    return TestClient(create_app(Settings(f"sqlite:///{tmp_path}/b.sqlite3", **settings)))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path) as c:
        yield c


def test_each_action_reaches_two_clients_with_their_own_views(client: TestClient) -> None:
    table = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
    base = f"/api/games/{table.id}/live"
    with client.websocket_connect(f"{base}?token={table.tokens[0]}") as ann, \
            client.websocket_connect(f"{base}?token={table.tokens[1]}") as bob:
        first_a, first_b = ann.receive_json(), bob.receive_json()
        assert first_a["count"] == first_b["count"] == 0
        assert first_a["view"]["hand"] != first_b["view"]["hand"]
        answer = play_first_legal(client, table)
        new_a, new_b = ann.receive_json(), bob.receive_json()
        assert new_a["count"] == new_b["count"] == 1
        assert new_a["actions"] == new_b["actions"] == [
            {"index": 0, "notation": answer["notation"], "seat": answer["seat"]}]
        assert new_a["reset"] is False and new_a["log_from"] == 0
        assert [e["text"] for e in new_a["log"]] == answer["log"]
        assert new_a["view"] == state(client, table, 0)["view"]
        assert new_b["view"] == state(client, table, 1)["view"]
        assert (new_a["legal"] != []) == (0 in new_a["to_act"])


def test_clients_of_one_seat_share_one_picture_and_never_see_another_seats(
        client: TestClient) -> None:
    table = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
    base = f"/api/games/{table.id}/live"
    with client.websocket_connect(f"{base}?token={table.tokens[0]}") as ann1, \
            client.websocket_connect(f"{base}?token={table.tokens[0]}") as ann2, \
            client.websocket_connect(f"{base}?token={table.tokens[1]}") as bob, \
            client.websocket_connect(base) as watcher:
        for ws in (ann1, ann2, bob, watcher):
            ws.receive_json()
        play_first_legal(client, table)
        a1, a2, b, w = (ws.receive_json() for ws in (ann1, ann2, bob, watcher))
        assert a1 == a2 and a1["count"] == 1
        assert a1["view"] == state(client, table, 0)["view"]
        assert b["view"] == state(client, table, 1)["view"] != a1["view"]
        assert w["seat"] is None and w["legal"] == [] and w["view"] == state(
            client, table, None)["view"]
        play_first_legal(client, table)  # a new change makes new pictures
        assert ann1.receive_json()["count"] == ann2.receive_json()["count"] == 2


def test_a_reconnecting_client_gets_what_it_missed(client: TestClient) -> None:
    table = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
    base = f"/api/games/{table.id}/live"
    with client.websocket_connect(f"{base}?token={table.tokens[0]}") as ws:
        seen = ws.receive_json()
    missed = [play_first_legal(client, table) for _ in range(5)]
    url = f"{base}?token={table.tokens[0]}&after={seen['count']}&undos={seen['undos']}"
    with client.websocket_connect(url) as ws:
        caught_up = ws.receive_json()
    assert caught_up["reset"] is False and caught_up["count"] == 5
    assert [a["notation"] for a in caught_up["actions"]] == [m["notation"] for m in missed]
    assert [e["text"] for e in caught_up["log"]] == [t for m in missed for t in m["log"]]
    # after a take-back the client's history no longer fits: it gets everything anew
    last = missed[-1]
    client.post(f"/api/games/{table.id}/undo", headers=table.h(last["seat"]),
                json={"after": 5})
    with client.websocket_connect(f"{base}?after=5&undos=0") as ws:
        anew = ws.receive_json()
    assert anew["reset"] is True and anew["count"] == 4 and anew["log_from"] == 0


def test_live_refuses_a_stranger_token(client: TestClient) -> None:
    table = create(client)
    other = create(client)
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect) as info, client.websocket_connect(
            f"/api/games/{table.id}/live?token={other.tokens[0]}") as ws:
        ws.receive_json()
    assert info.value.code == 4403


class Receiver:
    """A local webhook receiver; fails the first ``failures`` posts with a 500."""

    def __init__(self, failures: int = 0) -> None:
        self.bodies: list[dict[str, Any]] = []
        self.attempts = 0
        self.failures = failures
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers["content-length"])
                body = json.loads(self.rfile.read(length))
                outer.attempts += 1
                if outer.attempts <= outer.failures:
                    self.send_response(500)
                else:
                    outer.bodies.append(body)
                    self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()


def test_webhook_is_sent_when_a_seat_must_act_and_retried(tmp_path: Path) -> None:
    receiver = Receiver(failures=2)
    try:
        with client_for(tmp_path, webhook_backoff_s=0.05) as client:
            table = create(client, seats=[{"name": "Ann", "webhook": receiver.url},
                                          {"name": "Bob", "webhook": receiver.url}])
            first = wait_for(lambda: receiver.bodies)[0]
            seat = first["seat"]
            assert state(client, table, None)["to_act"] == [seat]
            assert first["game"] == table.id and first["name"] in first["content"]
            assert receiver.attempts == 3  # two failures, then delivered
            assert not any(tok in json.dumps(first) for tok in table.tokens)
            while state(client, table, None)["to_act"] == [seat]:
                play_first_legal(client, table)
            second = wait_for(lambda: len(receiver.bodies) > 1 and receiver.bodies)[1]
            assert second["seat"] != seat
            time.sleep(0.2)
            assert len(receiver.bodies) == 2  # once per turn, not once per action
    finally:
        receiver.close()


def test_a_dead_webhook_never_blocks_play(tmp_path: Path) -> None:
    with client_for(tmp_path, webhook_backoff_s=0.01, webhook_tries=2) as client:
        table = create(client, seats=[{"name": "Ann", "webhook": "http://127.0.0.1:9/x"},
                                      {"name": "Bob", "webhook": "http://127.0.0.1:9/x"}])
        started = time.monotonic()
        for _ in range(6):
            play_first_legal(client, table)
        assert time.monotonic() - started < 5
        notifier = client.app.state.notifier  # type: ignore[attr-defined]
        wait_for(lambda: notifier.failed >= 1)


class FailingBot(Bot):
    name = "test-failing"

    def __init__(self, seed: int) -> None:
        pass

    def choose(self, game: Game, seat: int) -> Action:
        raise RuntimeError("this bot always fails")


class SlowBot(Bot):
    name = "test-slow"

    def __init__(self, seed: int) -> None:
        pass

    def choose(self, game: Game, seat: int) -> Action:
        time.sleep(1.0)
        return self.options(game, seat)[0]


def test_a_failing_or_slow_bot_is_replaced_by_the_random_bot(tmp_path: Path) -> None:
    register_bot("test-failing", FailingBot)
    register_bot("test-slow", SlowBot)
    with client_for(tmp_path, bot_time_s=0.05) as client:
        table = create(client, seats=[{"name": "F", "bot": "test-failing"},
                                      {"name": "S", "bot": "test-slow"}], seed=2)
        wait_for(lambda: state(client, table, None)["count"] >= 20, timeout=60)
        runner = client.app.state.bots  # type: ignore[attr-defined]
        assert runner.fallbacks >= 20


RELEASE = threading.Event()


class StuckBot(Bot):
    name = "test-stuck"

    def __init__(self, seed: int) -> None:
        pass

    def choose(self, game: Game, seat: int) -> Action:
        RELEASE.wait()  # never returns while the test runs
        return self.options(game, seat)[0]


def test_a_bot_that_never_returns_costs_a_bounded_number_of_threads(tmp_path: Path) -> None:
    register_bot("test-stuck", StuckBot)
    RELEASE.clear()
    try:
        with client_for(tmp_path, bot_time_s=0.05) as client:
            runner = client.app.state.bots  # type: ignore[attr-defined]
            runner.max_abandoned = 3
            table = create(client, seats=[{"name": "A", "bot": "test-stuck"},
                                          {"name": "B", "bot": "test-stuck"}], seed=3)
            wait_for(lambda: state(client, table, None)["count"] >= 30, timeout=60)
            stuck = [t for t in threading.enumerate() if t.name == f"bot-think-{table.id}"]
            assert runner.abandoned() == 3 == len(stuck)
            assert runner.fallbacks >= 30
            RELEASE.set()  # the stuck bots return: their threads end and are counted out
            wait_for(lambda: runner.abandoned() == 0, timeout=10)
    finally:
        RELEASE.set()


def test_with_redis_the_rate_limit_is_shared_by_every_process(tmp_path: Path) -> None:
    import secrets

    import redis

    url = "redis://127.0.0.1:6379/0"
    try:
        redis.Redis.from_url(url, socket_timeout=2).ping()
    except redis.RedisError as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no Redis at {url}: {exc}")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    # a random bearer value is no seat's: it counts against the client's address (the
    # test client's), under a key prefix of this run's own (other runs share the Redis)
    headers = {"Authorization": f"Bearer {secrets.token_hex(16)}"}
    shared = {"rate_per_s": 0.1, "rate_burst": 6, "redis_url": url,
              "redis_prefix": f"boardroom-test-{secrets.token_hex(6)}"}
    with client_for(tmp_path / "a", **shared) as one, \
            client_for(tmp_path / "b", **shared) as two:
        # a window of 60 s holds 6 requests of this address, wherever they go (each
        # process alone would let its 5 through); start clear of a window's end
        if time.time() % 60 > 50:
            time.sleep(60 - time.time() % 60 + 0.1)
        codes = [(one if i % 2 else two).get("/api/health", headers=headers).status_code
                 for i in range(10)]
    assert codes == [200] * 6 + [429] * 4


def test_the_event_loop_makes_only_pictures_without_a_legal_list() -> None:
    import boardroom
    from boardroom.server.live_feed import live_body, quick_picture
    from boardroom.server.store import Entry, SeatInfo, Who

    game = boardroom.new_game("acquire", ["Ann", "Bob"], seed=1)
    entry = Entry("g", game, "play", 1, 0, "", [SeatInfo(i, n, "", None, None, True)
                                                 for i, n in enumerate(["Ann", "Bob"])],
                  [], [], None, 0.0)
    acting, waiting = game.to_act[0], 1 - game.to_act[0]
    assert quick_picture(entry, Who(None), 0, None)
    assert quick_picture(entry, Who(waiting), 0, None)
    assert not quick_picture(entry, Who(acting), 0, None)  # legal actions to work out
    first = live_body(entry, Who(acting), 0, None)  # made once (on a worker thread) ...
    assert quick_picture(entry, Who(acting), 0, None)  # ... then shared
    assert live_body(entry, Who(acting), 0, None) is first and first["legal"]


def test_wake_ups_merge_into_the_newest_version_or_a_database_read() -> None:
    import asyncio

    from boardroom.server.live import Hub

    async def main() -> None:
        hub = Hub()
        hub.bind(asyncio.get_running_loop())
        queue = hub.subscribe("g")
        hub._wake("g", 3)
        hub._wake("g", 5)
        assert await queue.get() == 5  # this process's changes: the cache is at 5
        hub._wake("g", 3)
        hub._wake("g", None)  # another process's change: read the database
        hub._wake("g", 7)
        assert await queue.get() is None
        assert queue.empty()

    asyncio.run(main())


def test_without_redis_the_rate_limit_counts_in_the_process(tmp_path: Path) -> None:
    url = "redis://127.0.0.1:1/0"  # nothing listens there
    headers = {"Authorization": "Bearer some-token"}
    with client_for(tmp_path, rate_per_s=1.0, rate_burst=3, redis_url=None) as plain:
        plain_codes = [plain.get("/api/health", headers=headers).status_code
                       for _ in range(5)]
    (tmp_path / "r").mkdir()
    with client_for(tmp_path / "r", rate_per_s=1.0, rate_burst=3, redis_url=url,
                    play_bots=False) as client:
        client.app.state.broadcaster.stop()  # type: ignore[attr-defined]
        started = time.monotonic()
        codes = [client.get("/api/health", headers=headers).status_code for _ in range(5)]
        assert time.monotonic() - started < 5  # one failed try, then no waiting on Redis
    assert codes[:3] == [200, 200, 200] and codes.count(429) >= 1
    assert plain_codes[:3] == [200, 200, 200] and plain_codes.count(429) >= 1


def test_the_asked_seats_picture_is_made_before_the_feed_wakes(client: TestClient) -> None:
    """``live_feed.prewarm``: after an action the picture of the seat asked now (for a client
    that saw the action before) is made by the acting thread, so the feed sends it from
    the event loop; nobody watching that seat here (a spectator, the other seat, or a
    feed on another process), nothing is made."""
    from boardroom.server.live_feed import picture_key, prewarm
    from boardroom.server.store import Change, Who

    store, hub = client.app.state.store, client.app.state.hub  # type: ignore[attr-defined]
    table = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
    play_first_legal(client, table)
    with store.game(table.id) as entry:
        entry.pictures.clear()
        change = Change(table.id, entry.version, entry.count, entry.to_act, (), entry.status)
        asked = entry.to_act[0]
    prewarm(store, hub, change)  # nobody watches
    with store.game(table.id) as entry:
        assert entry.pictures == {}
    for seat in (None, 1 - asked):
        queue = hub.subscribe(table.id, seat)
        try:
            prewarm(store, hub, change)
        finally:
            hub.unsubscribe(table.id, queue)
        with store.game(table.id) as entry:
            assert entry.pictures == {}, seat
    queue = hub.subscribe(table.id, asked)
    try:
        assert hub.seats_watching(table.id) == {asked}
        prewarm(store, hub, change)
    finally:
        hub.unsubscribe(table.id, queue)
    assert hub.seats_watching(table.id) == set()
    with store.game(table.id) as entry:
        key = picture_key(entry, Who(asked), entry.count - 1, entry.undos)
        assert list(entry.pictures) == [key]
        assert entry.pictures[key]["seat"] == asked and entry.pictures[key]["legal"]
