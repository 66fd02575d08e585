"""Issue 26, item 12 (and 6): the spectator's link ``/games/{id}`` opens that game's table
(not the lobby), its live socket opens without a token (no empty ``?token=``) and the
table follows the game live, drawing a change from the live picture with no GET (issue
30); a game whose seed was chosen says so on the table."""

from __future__ import annotations

import json
from typing import Any

import httpx


def _made(server: str, **extra: Any) -> dict[str, Any]:
    reply = httpx.post(server + "/api/games", json={
        "title": "acquire", "seats": [{"name": "Ann"}, {"name": "Bob"}], **extra})
    assert reply.status_code == 200, reply.text
    body: dict[str, Any] = reply.json()
    return body


def _until(page: Any, check: Any, tries: int = 100) -> None:
    """Wait (letting the page's events run) until ``check()`` holds."""
    for _ in range(tries):
        if check():
            return
        page.wait_for_timeout(100)
    raise AssertionError("timed out waiting")


def _play_one(server: str, made: dict[str, Any]) -> None:
    game = made["id"]
    seat = httpx.get(f"{server}/api/games/{game}").json()["to_act"][0]
    auth = {"Authorization": "Bearer " + made["seats"][seat]["token"]}
    mine = httpx.get(f"{server}/api/games/{game}", headers=auth).json()
    done = httpx.post(f"{server}/api/games/{game}/actions", headers=auth,
                      json={"action": mine["legal"][0]["notation"], "after": 0})
    assert done.status_code == 200, done.text


def test_the_spectator_link_opens_the_game_and_follows_it_live(open_page: Any,
                                                                server: str) -> None:
    made = _made(server)
    assert made["spectator_url"] == f"/games/{made['id']}"
    w = open_page()
    page = w.page
    sockets: list[Any] = []
    frames: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        sockets.append(ws)
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    page.goto(server + made["spectator_url"])
    page.wait_for_selector('#status[data-count="0"]')
    assert "Spectating" in page.inner_text("#status")
    assert page.locator("form.lobby").count() == 0  # the table, not the lobby
    assert sockets, "the table opened no live socket"
    live = sockets[0]
    assert live.url.endswith(f"/api/games/{made['id']}/live"), live.url  # no ?token=
    _until(page, lambda: frames)
    assert frames[0]["type"] == "state" and frames[0]["seat"] is None
    # the change is drawn from the live picture itself: the page's GETs of the game are
    # held unanswered until it is drawn (a table that fetched the game would wait here)
    held: list[Any] = []
    game_url = f"{server}/api/games/{made['id']}"
    page.route(game_url, lambda route: held.append(route) if route.request.method == "GET"
               else route.continue_())
    _play_one(server, made)
    page.wait_for_selector('#status[data-count="1"]')
    page.unroute(game_url)
    for route in held:
        route.continue_()
    _until(page, lambda: any(f.get("count") == 1 for f in frames))  # pushed by the socket
    assert not live.is_closed()  # ... which stays open (no refusal, no polling fallback)
    w.shot("spectator-live")
    w.assert_clean()


def test_a_chosen_seed_is_shown_on_the_table(open_page: Any, server: str) -> None:
    made = _made(server, seed=11)  # the browser tests' server allows chosen seeds
    w = open_page()
    w.page.goto(server + made["seats"][0]["url"])
    note = w.page.wait_for_selector("#seed-chosen")
    assert "chose its seed" in note.inner_text() and "never rated" in note.inner_text()
    w.shot("seed-chosen-note")
    drawn = _made(server)
    w.page.goto(server + drawn["spectator_url"])
    w.page.wait_for_selector('#status[data-count="0"]')
    assert w.page.locator("#seed-chosen").count() == 0
    w.assert_clean()


def test_the_lobby_says_what_a_chosen_seed_means(open_page: Any, server: str) -> None:
    w = open_page()
    w.page.goto(server + "/")
    note = w.page.wait_for_selector("#seed-note")
    assert "work out every draw" in note.inner_text()
    w.shot("lobby-seed-note")
    w.assert_clean()
