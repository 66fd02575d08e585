"""The browser table's read endpoints (boardroom.web.api) against the in-memory stand-in
of the game server: the lobby menu, the map, a preview that changes nothing, a refused
preview naming the rule, history, the indexed log, the legality check, bad requests."""

from __future__ import annotations

from typing import Any

from contract_server import make_app
from fastapi.testclient import TestClient


def _game(client: TestClient, title: str, options: dict[str, Any]) -> tuple[str, str]:
    body = {"title": title, "options": options, "seed": 3,
            "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    created = client.post("/api/games", json=body).json()
    return created["id"], created["seats"]


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_lobby_menu_lists_titles_modes_options_and_bots() -> None:
    menu = TestClient(make_app()).get("/api/web/titles").json()
    atlas = next(t for t in menu["titles"] if t["name"] == "lost_atlas")
    assert {"short", "long", "solo"} <= {m["id"] for m in atlas["modes"]}
    assert "hostile_mergers" in {o["key"] for o in atlas["options"]}
    assert "heuristic" in menu["bots"] and "greedy" in menu["bots"]


def test_map_preview_changes_nothing_and_a_refused_preview_names_the_rule() -> None:
    client = TestClient(make_app())
    game_id, seats = _game(client, "lost_atlas", {"mode": "short"})
    state = client.get(f"/api/games/{game_id}", headers=_auth(seats[0]["token"])).json()
    seat = state["to_act"][0]
    token = seats[seat]["token"]
    state = client.get(f"/api/games/{game_id}", headers=_auth(token)).json()
    legal = state["legal"]
    now = client.get(f"/api/games/{game_id}/map", headers=_auth(token)).json()
    assert now["svg"].startswith("<svg") and now["count"] == state["count"]
    preview = client.get(f"/api/games/{game_id}/map", headers=_auth(token),
                         params={"preview": legal[0]["notation"]}).json()
    assert preview["count"] == state["count"] + 1 and preview["svg"] != now["svg"]
    refused = client.get(f"/api/games/{game_id}/map", headers=_auth(token),
                         params={"preview": "piece 40,40 r0"})
    assert refused.status_code == 422 and refused.json()["rule"].startswith("lost_atlas")
    after = client.get(f"/api/games/{game_id}", headers=_auth(token)).json()
    assert after["count"] == state["count"] and after["view"] == state["view"]
    assert client.get(f"/api/games/{game_id}/map", headers=_auth(token)).json() == now


def test_a_preview_of_a_position_that_has_gone_answers_409_with_the_count() -> None:
    # the page sends the count it previews at (after): once the game has moved on (another
    # seat or a bot acted meanwhile) the answer is 409 with the current count, as for an
    # action, not a 422 refusal; an illegal preview at the current count is still a 422
    client = TestClient(make_app())
    game_id, seats = _game(client, "lost_atlas", {"mode": "short"})
    seat = client.get(f"/api/games/{game_id}", headers=_auth(seats[0]["token"])).json()["to_act"][0]
    token = seats[seat]["token"]
    state = client.get(f"/api/games/{game_id}", headers=_auth(token)).json()
    first = state["legal"][0]["notation"]
    now = client.get(f"/api/games/{game_id}/map", headers=_auth(token),
                     params={"preview": first, "after": state["count"]})
    assert now.status_code == 200 and now.json()["count"] == state["count"] + 1
    assert client.post(f"/api/games/{game_id}/actions", headers=_auth(token),
                       json={"action": first, "after": state["count"]}).status_code == 200
    moved = client.get(f"/api/games/{game_id}", headers=_auth(seats[0]["token"])).json()
    token = seats[moved["to_act"][0]]["token"]
    legal = client.get(f"/api/games/{game_id}", headers=_auth(token)).json()["legal"]
    gone = client.get(f"/api/games/{game_id}/map", headers=_auth(token),
                      params={"preview": legal[0]["notation"], "after": state["count"]})
    assert gone.status_code == 409 and gone.json()["count"] == moved["count"] == state["count"] + 1
    fresh = client.get(f"/api/games/{game_id}/map", headers=_auth(token),
                       params={"preview": legal[0]["notation"], "after": moved["count"]})
    assert fresh.status_code == 200
    illegal = client.get(f"/api/games/{game_id}/map", headers=_auth(token),
                         params={"preview": "piece 40,40 r0", "after": moved["count"]})
    assert illegal.status_code == 422 and illegal.json()["rule"].startswith("lost_atlas")
    after = client.get(f"/api/games/{game_id}", headers=_auth(token)).json()
    assert after["count"] == moved["count"]  # previews changed nothing


def test_history_log_and_check() -> None:
    client = TestClient(make_app())
    game_id, seats = _game(client, "acquire", {"mode": "classic"})
    first = client.get(f"/api/games/{game_id}", headers=_auth(seats[0]["token"])).json()
    seat = first["to_act"][0]
    token = seats[seat]["token"]
    legal = client.get(f"/api/games/{game_id}", headers=_auth(token)).json()["legal"]
    tile = legal[0]["notation"]
    assert client.get(f"/api/games/{game_id}/check", headers=_auth(token),
                      params={"action": tile}).json()["legal"] is True
    wrong = client.get(f"/api/games/{game_id}/check", headers=_auth(token),
                       params={"action": "buy Tower"}).json()
    assert wrong == {"legal": False, "rule": "acquire.turn.sequence",
                     "error": wrong["error"]} and wrong["error"]
    hand = first["view"]["hand"] if seat == 0 else None
    assert client.post(f"/api/games/{game_id}/actions", headers=_auth(token),
                       json={"action": tile, "after": 0}).status_code == 200
    past = client.get(f"/api/games/{game_id}/history/0", headers=_auth(seats[0]["token"]))
    assert past.status_code == 200 and past.json()["count"] == 0
    if hand is not None:
        assert past.json()["view"]["hand"] == hand  # the seat's own tiles, as they were
    assert "hand" not in client.get(f"/api/games/{game_id}/history/0").json()["view"]
    log = client.get(f"/api/games/{game_id}/log").json()
    assert log["entries"][0]["index"] == -1 and log["entries"][-1]["index"] >= 0
    assert client.get(f"/api/games/{game_id}/history/99").status_code == 422
    assert client.get(f"/api/games/{game_id}/map").status_code == 422  # Acquire has no map


def test_bad_requests_are_clear() -> None:
    client = TestClient(make_app())
    assert client.get("/api/games/nope/map").status_code == 404
    game_id, _ = _game(client, "lost_atlas", {"mode": "short"})
    assert client.get(f"/api/games/{game_id}/map", headers=_auth("x")).status_code == 403
    spectator = client.get(f"/api/games/{game_id}/map", params={"preview": "pass"})
    assert spectator.status_code == 403
    assert client.get(f"/api/games/{game_id}/map",
                      headers={"Authorization": "Basic x"}).status_code == 401
