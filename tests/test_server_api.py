"""The game server's API through the test client, on SQLite and on PostgreSQL.

The PostgreSQL run needs the server at 127.0.0.1:5432 (trust auth, database test); without
it these tests fail when CI is set and are skipped (with the reason printed) elsewhere.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

import boardroom
from boardroom.server.app import create_app
from boardroom.server.config import Settings
from server_support import (
    Table,
    create,
    fresh_pg_database,
    play_first_legal,
    require_postgres,
    state,
    wait_for,
)


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
             ) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('db')}/boardroom.sqlite3"
        return
    with fresh_pg_database(require_postgres()) as url:
        yield url


def client_for(url: str, **settings: Any) -> TestClient:
    # these tests choose seeds for games of people (known positions); the refusal of a
    # chosen seed is tested in test_server_security.py
    settings.setdefault("allow_chosen_seeds", True)
    return TestClient(create_app(Settings(url, **settings)))


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with client_for(database) as c:
        yield c


# -- creating and reading ---------------------------------------------------------------
def test_create_answers_secret_tokens_stored_only_hashed(client: TestClient,
                                                         database: str) -> None:
    table = create(client)
    body = table.body
    assert [s["seat"] for s in body["seats"]] == [0, 1, 2]
    assert [s["name"] for s in body["seats"]] == ["Ann", "Bob", "Cy"]
    tokens = [*table.tokens, table.admin]
    assert len(set(tokens)) == 4
    assert all(len(tok) >= 32 for tok in tokens)  # 24 random bytes, URL-safe: 192 bits
    assert body["seats"][1]["url"] == f"/games/{table.id}#token={table.tokens[1]}"
    assert body["spectator_url"] == f"/games/{table.id}"
    engine = create_engine(database)
    with engine.connect() as conn:
        dump = json.dumps([list(map(str, r)) for r in conn.execute(text("SELECT * FROM seats"))]
                          + [list(map(str, r)) for r in conn.execute(text("SELECT * FROM games"))])
    engine.dispose()
    assert not any(tok in dump for tok in tokens)


def test_get_gives_the_seats_view_and_its_legal_actions(client: TestClient) -> None:
    table = create(client)
    spectator = state(client, table, None)
    seat = spectator["to_act"][0]
    mine = state(client, table, seat)
    assert mine["seat"] == seat and mine["count"] == 0 and mine["result"] is None
    game = boardroom.new_game("acquire", ["Ann", "Bob", "Cy"], seed=7)
    assert mine["view"] == json.loads(json.dumps(game.view(seat)))
    assert [a["notation"] for a in mine["legal"]] == [str(a) for a in game.legal_actions(seat)]
    assert all(a["label"] for a in mine["legal"])
    assert [e["text"] for e in mine["log"]] == game.log
    other = state(client, table, (seat + 1) % 3)
    assert other["legal"] == [] and other["to_act"] == [seat]
    assert spectator["legal"] == [] and spectator["seat"] is None
    assert spectator["view"] == json.loads(json.dumps(game.view(None)))


def test_list_games_shows_open_seats_and_status(client: TestClient) -> None:
    table = create(client, seats=[{"name": "Ann"}, {"name": "Bot", "bot": "random"}])
    state(client, table, 0)  # Ann opened her seat
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[table.id]["status"] in ("play", "over")
    assert listed[table.id]["seats"][1]["bot"] == "random"
    fresh = create(client)
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[fresh.id]["open_seats"] == [0, 1, 2]


def test_create_refuses_bad_input_with_a_message(client: TestClient) -> None:
    cases: list[dict[str, Any]] = [
        {"title": "chess", "seats": [{"name": "A"}, {"name": "B"}]},
        {"title": "acquire", "seats": [{"name": "A"}]},
        {"title": "acquire", "seats": [{"name": "A"}, {"name": "A"}]},
        {"title": "acquire", "seats": [{"name": "A"}, {"name": "B", "bot": "nobody"}]},
        {"title": "acquire", "seats": [{"name": "A"}, {"name": "B"}], "options": {"x": 1}},
        {"title": "acquire", "seats": [{"name": "A"}, {"name": "B", "webhook": "ftp://x"}]},
        {"title": "acquire", "seats": "nobody"},
        {"title": "acquire", "seats": [{"name": "A"}, {"name": "B"}], "surprise": 1},
    ]
    for body in cases:
        reply = client.post("/api/games", json=body)
        assert reply.status_code == 400, (body, reply.text)
        assert reply.json()["error"] == "bad-request" and reply.json()["message"]
    reply = client.post("/api/games", content=b"{not json", headers={
        "content-type": "application/json"})
    assert reply.status_code == 400 and "error" in reply.json()
    assert client.get("/api/games/nosuchgame").status_code == 404
    assert client.get("/api/games/nosuchgame").json()["error"] == "not-found"


# -- acting -----------------------------------------------------------------------------
def test_act_then_refusals_name_the_reason(client: TestClient) -> None:
    table = create(client)
    seat = state(client, table, None)["to_act"][0]
    mine = state(client, table, seat)
    first = mine["legal"][0]["notation"]
    url = f"/api/games/{table.id}/actions"
    reply = client.post(url, headers=table.h(seat), json={"action": first, "after": 0})
    assert reply.status_code == 200
    assert reply.json()["index"] == 0 and reply.json()["count"] == 1
    assert reply.json()["notation"] == first and reply.json()["log"]
    before = state(client, table, seat)
    # 409: the client has not seen the last action
    stale = client.post(url, headers=table.h(seat), json={"action": first, "after": 0})
    assert stale.status_code == 409 and stale.json()["count"] == 1
    # 403: not this seat's decision, or a spectator, or another game's token
    waiting = next(s for s in range(3) if s not in before["to_act"])
    nope = client.post(url, headers=table.h(waiting), json={"action": first, "after": 1})
    assert nope.status_code == 403 and "not asked" in nope.json()["message"]
    assert client.post(url, json={"action": first, "after": 1}).status_code == 403
    stranger = create(client)
    foreign = client.post(url, headers=stranger.h(0), json={"action": first, "after": 1})
    assert foreign.status_code == 403
    garbled = client.post(url, headers={"Authorization": "Basic abc"},
                          json={"action": first, "after": 1})
    assert garbled.status_code == 401
    # 422: illegal, naming the rule and the engine's sentence
    actor = before["to_act"][0]
    bad = client.post(url, headers=table.h(actor), json={"action": "buy Nothing", "after": 1})
    assert bad.status_code == 422
    assert bad.json()["rule"] and bad.json()["message"]
    again = client.post(url, headers=table.h(actor), json={"action": first, "after": 1})
    assert again.status_code == 422 and again.json()["rule"] != "notation"
    # every refusal left the game exactly as it was
    assert state(client, table, seat) == before


def test_the_same_key_is_applied_once_and_answered_the_same(client: TestClient) -> None:
    table = create(client)
    seat = state(client, table, None)["to_act"][0]
    move = state(client, table, seat)["legal"][0]["notation"]
    body = {"action": move, "after": 0, "key": "client-1-move-0"}
    url = f"/api/games/{table.id}/actions"
    one = client.post(url, headers=table.h(seat), json=body)
    two = client.post(url, headers=table.h(seat), json=body)
    assert one.status_code == two.status_code == 200
    assert one.json() == two.json()
    assert state(client, table, None)["count"] == 1


def test_notation_and_body_size_limits(database: str) -> None:
    with client_for(database, max_body=2000, max_notation=50) as c:
        table = create(c)
        seat = state(c, table, None)["to_act"][0]
        url = f"/api/games/{table.id}/actions"
        long = c.post(url, headers=table.h(seat), json={"action": "x" * 60, "after": 0})
        assert long.status_code == 400 and "50" in long.json()["message"]
        huge = c.post(url, headers=table.h(seat), json={"action": "x" * 5000, "after": 0})
        assert huge.status_code == 413 and huge.json()["error"] == "too-large"
        assert state(c, table, None)["count"] == 0


def test_rate_limit_per_token(database: str) -> None:
    with client_for(database, rate_per_s=1.0, rate_burst=5) as c:
        table = create(c)
        codes = [c.get(f"/api/games/{table.id}", headers=table.h(0)).status_code
                 for _ in range(8)]
        assert codes[:4] == [200] * 4 and 429 in codes
        assert c.get(f"/api/games/{table.id}", headers=table.h(1)).status_code == 200
        limited = c.get(f"/api/games/{table.id}", headers=table.h(0))
        assert limited.json()["error"] == "rate-limited"


# -- taking back ------------------------------------------------------------------------
def test_undo_own_last_action_straight_away(client: TestClient) -> None:
    table = create(client)
    first = play_first_legal(client, table)
    seat = first["seat"]
    reply = client.post(f"/api/games/{table.id}/undo", headers=table.h(seat), json={"after": 1})
    assert reply.status_code == 200 and reply.json()["undone"] is True
    after = state(client, table, seat)
    assert after["count"] == 0
    assert after["audit"] == [f"{['Ann', 'Bob', 'Cy'][seat]} took back: {first['notation']}"]
    assert after == {**state(client, table, seat)}
    # nothing of theirs left to take back
    nothing = client.post(f"/api/games/{table.id}/undo", headers=table.h(seat),
                          json={"after": 0})
    assert nothing.status_code == 422 and nothing.json()["rule"] == "server.undo.nothing"


def _play_until_other_seat_acted(client: TestClient, table: Table) -> tuple[int, int]:
    """Play until someone acted after seat s's last action; returns (s, count)."""
    first = play_first_legal(client, table)
    seat = first["seat"]
    while True:
        answer = play_first_legal(client, table)
        if answer["seat"] != seat:
            return seat, answer["count"]


def test_undo_after_others_acted_needs_everyone_elses_consent(client: TestClient) -> None:
    table = create(client)
    seat, count = _play_until_other_seat_acted(client, table)
    url = f"/api/games/{table.id}/undo"
    asked = client.post(url, headers=table.h(seat), json={"after": count})
    assert asked.status_code == 200 and asked.json()["undone"] is False
    request = asked.json()["request"]
    others = [s for s in range(3) if s != seat]
    assert sorted(request["waiting"]) == others
    assert state(client, table, others[0])["undo_request"]["id"] == request["id"]
    answer = f"{url}/{request['id']}"
    assert client.post(answer, headers=table.h(seat), json={"accept": True}).status_code == 403
    one = client.post(answer, headers=table.h(others[0]), json={"accept": True})
    assert one.json()["undone"] is False and one.json()["request"]["waiting"] == [others[1]]
    assert state(client, table, None)["count"] == count
    two = client.post(answer, headers=table.h(others[1]), json={"accept": True})
    assert two.status_code == 200 and two.json()["undone"] is True
    after = state(client, table, seat)
    assert after["count"] < count and after["undo_request"] is None
    assert after["audit"][-1].startswith(f"{['Ann', 'Bob', 'Cy'][seat]} took back: ")
    assert "accepted by" in after["audit"][-1]
    assert seat in after["to_act"]


def test_undo_request_declined_or_lapsed_changes_nothing(client: TestClient) -> None:
    table = create(client)
    seat, count = _play_until_other_seat_acted(client, table)
    url = f"/api/games/{table.id}/undo"
    request = client.post(url, headers=table.h(seat), json={"after": count}).json()["request"]
    other = next(s for s in range(3) if s != seat)
    no = client.post(f"{url}/{request['id']}", headers=table.h(other), json={"accept": False})
    assert no.status_code == 200 and no.json()["declined"] is True
    assert state(client, table, None)["count"] == count
    request = client.post(url, headers=table.h(seat), json={"after": count}).json()["request"]
    play_first_legal(client, table)  # the game moves on: the request lapses
    late = client.post(f"{url}/{request['id']}", headers=table.h(other), json={"accept": True})
    assert late.status_code in (404, 409)
    assert state(client, table, None)["count"] == count + 1


# -- secrets ----------------------------------------------------------------------------
SECRET_SEED = 8_675_309_123_457


def test_hidden_information_never_reaches_another_seat(client: TestClient) -> None:
    table = create(client, seed=SECRET_SEED)
    for _ in range(12):
        play_first_legal(client, table)
    game = boardroom.new_game("acquire", ["Ann", "Bob", "Cy"], seed=SECRET_SEED)
    record = client.get(f"/api/games/{table.id}/record", headers=table.admin_h).json()
    for action in record["actions"]:
        game.apply(action)
    hands = {seat: set(game.view(seat)["hand"]) for seat in range(3)}
    bag = game.state.bag if hasattr(game.state, "bag") else None
    for seat in (None, 0, 1, 2):
        reply = client.get(f"/api/games/{table.id}",
                           headers={} if seat is None else table.h(seat))
        body = reply.json()
        assert str(SECRET_SEED) not in reply.text and "seed" not in body["view"]
        if seat is not None:
            assert set(body["view"]["hand"]) == hands[seat]
        else:
            assert "hand" not in body["view"]
        for other, hand in hands.items():
            if other != seat:
                shown = json.dumps(body["view"].get("hand", []))
                assert not any(f'"{tile}"' in shown for tile in hand)
        if bag is not None:
            assert "bag" not in body["view"]
        # a running game's record is the admin's only, and never with the seed
        for token in ([] if seat is None else [table.tokens[seat]]):
            denied = client.get(f"/api/games/{table.id}/record",
                                headers={"Authorization": f"Bearer {token}"})
            assert denied.status_code == 403
    assert "seed" not in record and "digest" not in record and record["seed_hidden"] is True
    assert client.get(f"/api/games/{table.id}/record").status_code == 403
    with client.websocket_connect(f"/api/games/{table.id}/live?token={table.tokens[1]}") as ws:
        message = ws.receive_json()
        assert set(message["view"]["hand"]) == hands[1]
        assert str(SECRET_SEED) not in json.dumps(message)


def test_ended_game_record_is_public_and_replays(client: TestClient) -> None:
    table = create(client, seed=SECRET_SEED)
    for _ in range(5):
        play_first_legal(client, table)
    assert client.post(f"/api/games/{table.id}/end", headers=table.h(0)).status_code == 403
    assert client.post(f"/api/games/{table.id}/end", headers=table.admin_h).status_code == 200
    record = client.get(f"/api/games/{table.id}/record").json()
    assert record["seed"] == SECRET_SEED and len(record["actions"]) == 5
    assert boardroom.load(record).record.actions == record["actions"]
    seat = state(client, table, None)
    assert seat["status"] == "ended" and seat["to_act"] == []
    refused = client.post(f"/api/games/{table.id}/actions", headers=table.h(0),
                          json={"action": "1A", "after": 5})
    assert refused.status_code == 422 and refused.json()["rule"] == "core.game-over"


def test_import_a_record_starts_an_online_game(client: TestClient) -> None:
    game = boardroom.new_game("acquire", ["Ann", "Bob"], seed=11)
    for _ in range(9):
        game.apply(game.legal_actions()[0])
    reply = client.post("/api/games/import", json={"record": game.to_record()})
    assert reply.status_code == 200, reply.text
    body = reply.json()
    table = Table(body["id"], [s["token"] for s in body["seats"]], body["admin_token"])
    seat = game.to_act[0]
    mine = state(client, table, seat)
    assert mine["count"] == 9 and mine["view"] == json.loads(json.dumps(game.view(seat)))
    play_first_legal(client, table)
    corrupted = game.to_record()
    corrupted["actions"][3] = "12Z"
    corrupted.pop("digest", None)
    bad = client.post("/api/games/import", json={"record": corrupted})
    assert bad.status_code == 400 and "action 3" in bad.json()["message"]
    wrong = client.post("/api/games/import", json={"record": {"format": "nope"}})
    assert wrong.status_code == 400


def test_openapi_document(client: TestClient) -> None:
    doc = client.get("/api/openapi.json").json()
    for path in ("/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions",
                 "/api/games/{game_id}/record", "/api/games/{game_id}/undo"):
        assert path in doc["paths"]


# -- bots -------------------------------------------------------------------------------
def test_bots_finish_a_game(client: TestClient) -> None:
    table = create(client, seats=[{"name": "R1", "bot": "random"},
                                  {"name": "R2", "bot": "greedy"}], seed=3)
    final = wait_for(lambda: (s := state(client, table, None))["status"] == "over" and s,
                     timeout=60)
    assert final["result"]["winners"]
    record = client.get(f"/api/games/{table.id}/record").json()
    assert boardroom.load(record).is_over


def test_a_human_plays_against_a_bot_and_the_admin_hands_a_seat_to_a_bot(
        client: TestClient) -> None:
    table = create(client, seats=[{"name": "Ann"}, {"name": "Bot", "bot": "random"}], seed=5)
    for _ in range(6):
        body = wait_for(lambda: (s := state(client, table, 0))["to_act"] == [0] and s)
        move = body["legal"][0]["notation"]
        reply = client.post(f"/api/games/{table.id}/actions", headers=table.h(0),
                            json={"action": move, "after": body["count"]})
        assert reply.status_code in (200, 409)
    url = f"/api/games/{table.id}/seats/0/bot"
    assert client.post(url, headers=table.h(0), json={"bot": "random"}).status_code == 403
    assert client.post(url, headers=table.admin_h, json={"bot": "random"}).status_code == 200
    wait_for(lambda: state(client, table, None)["status"] == "over", timeout=60)
    assert state(client, table, 0)["legal"] == []


def test_a_seat_bot_that_does_not_play_the_title_is_refused_naming_its_bots(
        client: TestClient) -> None:
    for title, bot in (("acquire", "heuristic"), ("lost_atlas", "greedy"),
                       ("lost_atlas", "congress")):
        reply = client.post("/api/games", json={
            "title": title, "seats": [{"name": "A"}, {"name": "B"}, {"name": "C", "bot": bot}]})
        assert reply.status_code == 400, reply.text
        body = reply.json()
        assert body["rule"] == "server.seat.bot"
        assert f"{bot!r} does not play {title}" in body["message"]
        assert "random" in body["message"] and bot not in body["message"].split(":")[-1]
    table = create(client, title="lost_atlas", options={"mode": "short"},
                   seats=[{"name": "Ann"}, {"name": "Bob"}, {"name": "Bot", "bot": "random"}])
    before = state(client, table, None)
    url = f"/api/games/{table.id}/seats/0/bot"
    refused = client.post(url, headers=table.admin_h, json={"bot": "greedy"})
    assert refused.status_code == 400 and refused.json()["rule"] == "server.seat.bot"
    assert "heuristic" in refused.json()["message"]
    assert state(client, table, None) == before
    assert client.post(url, headers=table.admin_h, json={"bot": "heuristic"}).status_code == 200


def test_lost_atlas_is_played_through_the_api(client: TestClient) -> None:
    table = create(client, title="lost_atlas", options={"mode": "short"},
                   seats=[{"name": "Ann"}, {"name": "Bob"}, {"name": "Bot", "bot": "random"}])
    for _ in range(4):
        play_first_legal(client, table)
        wait_for(lambda: any(s in (0, 1) for s in state(client, table, None)["to_act"]))
    assert state(client, table, 0)["view"]
