"""Issue 30: the browser table draws the live socket's pictures themselves. A seat's own
action is drawn from the picture its socket brings, with no GET of the game after the
POST (the spectator's test checks another seat's change the same way); the page's GETs
of the game are held unanswered meanwhile, so a table that fetched would wait."""

from __future__ import annotations

from typing import Any

import httpx


def test_a_seats_own_action_is_drawn_from_its_live_picture(open_page: Any,
                                                           server: str) -> None:
    made = httpx.post(server + "/api/games", json={
        "title": "acquire", "seed": 5, "seats": [{"name": "Ann"}, {"name": "Bob"}]}).json()
    game = made["id"]
    seat = httpx.get(f"{server}/api/games/{game}").json()["to_act"][0]
    token = made["seats"][seat]["token"]
    w = open_page()
    page = w.page
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    page.goto(f"{server}/games/{game}#token={token}")
    page.wait_for_selector('#status[data-count="0"]')
    page.wait_for_selector("body:not(.busy)")
    tile = page.locator(".aq-board .cell.playable").first
    for _ in range(100):  # the live socket is open: its first picture came
        if frames:
            break
        page.wait_for_timeout(100)
    assert frames, "no live picture"
    held: list[Any] = []
    game_url = f"{server}/api/games/{game}"
    page.route(game_url, lambda route: held.append(route) if route.request.method == "GET"
               else route.continue_())
    tile.click()
    page.wait_for_selector('#status[data-count="1"]')
    page.unroute(game_url)
    for route in held:
        route.continue_()
    page.wait_for_selector("body:not(.busy)")
    w.assert_clean()
