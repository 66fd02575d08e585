"""Actions over the live socket (``server/socket_actions.py``): the POST's answer, after
the commit, through the same ``GameStore.act``; refusals name the rule, change nothing and
are counted; the body's caps are the POST's; the rate limit counts socket actions; the
other seat still gets only its own view.

Rule ids checked: core.not-your-decision (through the socket; the rule's own tests are
the engine's).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from boardroom.server.app import create_app
from boardroom.server.config import Settings
from server_support import create, state


def client_for(tmp_path: Path, **settings: Any) -> TestClient:
    settings.setdefault("allow_chosen_seeds", True)
    return TestClient(create_app(Settings(f"sqlite:///{tmp_path}/s.sqlite3", **settings)))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path, rate_per_s=0) as c:
        yield c


def answer_of(ws: Any) -> dict[str, Any]:
    """The next ``acted``/``refused`` message (live pictures before it are skipped)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message.get("type") in ("acted", "refused"):
            return message


def test_a_seat_acts_on_its_socket_and_the_other_seat_sees_its_own_view(
        client: TestClient) -> None:
    table = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
    base = f"/api/games/{table.id}/live"
    seat = state(client, table, None)["to_act"][0]
    other = 1 - seat
    with client.websocket_connect(f"{base}?token={table.tokens[seat]}") as mine, \
            client.websocket_connect(f"{base}?token={table.tokens[other]}") as theirs:
        first = mine.receive_json()
        theirs.receive_json()
        move = first["legal"][0]["notation"]
        mine.send_json({"type": "act", "action": move, "after": 0, "id": 1, "key": "k1"})
        acted = answer_of(mine)
        assert acted["type"] == "acted" and acted["id"] == 1
        assert {k: acted[k] for k in ("index", "count", "notation", "seat")} == {
            "index": 0, "count": 1, "notation": move, "seat": seat}
        assert state(client, table, None)["count"] == 1  # committed before the answer
        seen = theirs.receive_json()
        assert seen["count"] == 1 and seen["seat"] == other
        assert seen["view"] == state(client, table, other)["view"]
        # the key answers a retry as the POST's does, and the POST sees the same key
        mine.send_json({"type": "act", "action": move, "after": 0, "id": 2, "key": "k1"})
        again = answer_of(mine)
        assert again["type"] == "acted" and again["count"] == 1 and again["id"] == 2
        retry = client.post(f"/api/games/{table.id}/actions", headers=table.h(seat),
                            json={"action": move, "after": 0, "key": "k1"})
        assert retry.status_code == 200 and retry.json()["index"] == 0


def test_a_refusal_names_its_rule_changes_nothing_and_is_counted(client: TestClient) -> None:
    table = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
    base = f"/api/games/{table.id}/live"
    seat = state(client, table, None)["to_act"][0]
    waiting = 1 - seat
    move = state(client, table, seat)["legal"][0]["notation"]
    with client.websocket_connect(f"{base}?token={table.tokens[waiting]}") as ws, \
            client.websocket_connect(base) as watcher:
        ws.receive_json()
        watcher.receive_json()
        ws.send_json({"type": "act", "action": move, "after": 0, "id": "a"})
        refused = answer_of(ws)
        assert refused["type"] == "refused" and refused["id"] == "a"
        assert refused["status"] == 403 and refused["rule"] == "core.not-your-decision"
        ws.send_json({"type": "act", "action": move, "after": -1, "id": [1]})
        bad = answer_of(ws)
        assert bad["status"] == 400 and bad["id"] is None and "after" in bad["message"]
        ws.send_json({"type": "act", "action": "x" * 100_001, "after": 0})
        assert answer_of(ws)["status"] == 400  # the POST's cap on the notation
        watcher.send_json({"type": "act", "action": move, "after": 0})
        spectator = answer_of(watcher)
        assert spectator["status"] == 403 and "seat's token" in spectator["message"]
    assert state(client, table, None)["count"] == 0
    metrics = client.get("/metrics").text
    assert 'boardroom_refusals_total{rule="core.not-your-decision"} 1.0' in metrics
    assert 'method="WS",route="/api/games/{game_id}/live act",status="403"' in metrics


def test_socket_actions_take_from_the_seats_rate_limit(tmp_path: Path) -> None:
    with client_for(tmp_path, rate_per_s=0.001, rate_burst=4) as client:
        table = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])  # 1 request
        seat = state(client, table, None)["to_act"][0]  # 2 (no token: the address's)
        waiting = 1 - seat
        with client.websocket_connect(
                f"/api/games/{table.id}/live?token={table.tokens[waiting]}") as ws:
            ws.receive_json()
            codes = []
            for i in range(5):
                ws.send_json({"type": "act", "action": "nothing", "after": 0, "id": i})
                codes.append(answer_of(ws)["status"])
        assert 429 in codes and codes[-1] == 429, codes


def test_the_answer_carries_the_new_picture_once(client: TestClient) -> None:
    """An ``acted`` answer carries the seat's new live picture (``state``), so the socket
    is not sent it again: its next message is the picture of the next change."""
    table = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
    base = f"/api/games/{table.id}/live"
    seat = state(client, table, None)["to_act"][0]
    with client.websocket_connect(f"{base}?token={table.tokens[seat]}") as mine:
        first = mine.receive_json()
        move = first["legal"][0]["notation"]
        mine.send_json({"type": "act", "action": move, "after": 0, "id": 1})
        # the answer carries the new picture, unless the socket's push sent it first (it
        # may, when it wakes before the answer is made): either way, once
        pictures = []
        while True:
            message = mine.receive_json()
            if message["type"] == "acted":
                break
            pictures.append(message)
        assert message["count"] == 1
        if "state" in message:
            pictures.append(message["state"])
        assert len(pictures) == 1
        picture = pictures[0]
        assert picture["type"] == "state" and picture["count"] == 1
        assert picture["view"] == state(client, table, seat)["view"]
        assert [a["notation"] for a in picture["actions"]] == [move]
        nxt = state(client, table, None)["to_act"][0]
        move2 = state(client, table, nxt)["legal"][0]["notation"]
        posted = client.post(f"/api/games/{table.id}/actions", headers=table.h(nxt),
                             json={"action": move2, "after": 1})
        assert posted.status_code == 200
        following = mine.receive_json()
        assert following["type"] == "state" and following["count"] == 2
