"""Helpers for the account tests: a signed-in test client per user, a table two accounts
play, an Acquire game played to its end through the API."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from fastapi.testclient import TestClient


@dataclass
class Member:
    """One browser: a test client with its own cookie jar and the session's CSRF token."""

    client: TestClient
    name: str
    csrf: str

    @property
    def h(self) -> dict[str, str]:
        return {"X-CSRF-Token": self.csrf}

    def post(self, path: str, body: Any = None) -> Any:
        return self.client.post(path, json=body if body is not None else {}, headers=self.h)

    def seat_tokens(self, game_id: str) -> dict[int, str]:
        reply = self.post(f"/api/account/games/{game_id}/tokens")
        assert reply.status_code == 200, reply.text
        return {s["seat"]: s["token"] for s in reply.json()["seats"]}


def sign_up(app: Any, name: str, password: str = "correct horse battery") -> Member:
    client = TestClient(app)
    reply = client.post("/api/account/signup", json={"name": name, "password": password})
    assert reply.status_code == 200, reply.text
    return Member(client, name, reply.json()["csrf"])


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def two_player_table(ann: Member, bob: Member, title: str = "acquire") -> str:
    """Ann opens a two-seat table, Bob joins: the game's id."""
    made = ann.post("/api/tables", {"title": title, "seats": [None, None]})
    assert made.status_code == 200, made.text
    joined = bob.post(f"/api/tables/{made.json()['id']}/join")
    assert joined.status_code == 200, joined.text
    game_id: str = joined.json()["game_id"]
    assert game_id
    return game_id


def play_to_the_end(client: TestClient, game_id: str, tokens: dict[int, str],
                    limit: int = 2000) -> dict[str, Any]:
    """Each asked seat of ``tokens`` plays its first legal action, declaring the end when
    it may; the other seats are bots, waited for."""
    for _ in range(limit):
        seen = client.get(f"/api/games/{game_id}").json()
        if seen["status"] != "play":
            return dict(seen)
        seat = seen["to_act"][0]
        if seat not in tokens:
            time.sleep(0.01)
            continue
        mine = client.get(f"/api/games/{game_id}", headers=bearer(tokens[seat])).json()
        legal = mine["legal"]
        pick = next((x for x in legal if "end" in x["notation"].lower()), legal[0])
        reply = client.post(f"/api/games/{game_id}/actions", headers=bearer(tokens[seat]),
                            json={"action": pick["notation"], "after": mine["count"]})
        assert reply.status_code == 200, reply.text
    raise AssertionError("the game did not end")
