"""A whole Lost Atlas Short game (one person, two random bots) played to the end by
clicking only the panels of the main area: the map, the drawn piece, the decision panels
(auction, the minor matrix, a Stock Round turn, the operating company's step with its
previews, a merger) and the routes; never the side list of every legal action, never a
typed notation. Each kind of decision is photographed once at 1400x1000 and at 390x844
(``test-artifacts/web/la-panel-*.png``); the previews the panels promise are asserted
(the engine's numbers, from ``GET /api/games/{id}/outcome``)."""

from __future__ import annotations

import time
from typing import Any

from la_clicks import (
    PHONE,
    WIDE,
    Photographer,
    Play,
    count,
    count_side_clicks,
    decide,
    idle,
    settled,
)


def test_a_short_game_to_the_end_by_the_main_area(open_page: Any) -> None:
    w = open_page(**WIDE)
    page = w.page
    shoot = Photographer(w)
    page.goto(w.base + "/")
    page.wait_for_selector("#create")
    page.select_option("#title", "lost_atlas")
    # the bot menu offers only the bots that play the Lost Atlas
    offered = page.locator(".seat-kind").first.locator("option").all_inner_texts()
    assert "bot: greedy" not in offered and "bot: congress" not in offered
    assert "bot: heuristic" in offered
    page.locator(".seat-kind").nth(1).select_option("random")
    page.click("#add-seat")
    page.locator(".seat-kind").nth(2).select_option("random")
    page.fill("#seed", "7")
    page.click("#create")
    idle(page)

    # the side list is never used: a click on it is counted and must stay 0
    count_side_clicks(page)
    deadline = time.monotonic() + 420
    play = Play()
    while time.monotonic() < deadline:
        idle(page)
        if page.locator("#final-scores").count():
            break
        decide(page, shoot, play)
    assert page.locator("#final-scores").count(), "the game did not end in time"
    shoot("game-over", "#final-scores")
    assert page.evaluate("window.__sideClicks || 0") == 0
    undo = page.locator("#undo")
    assert undo.is_disabled() and "over" in (undo.get_attribute("title") or "")
    print("photographed:", shoot.taken)
    for kind in ("map-piece", "stock-round", "auction-bid", "launch", "train-leadoff", "payout",
                 "routes"):
        assert kind in shoot.taken, (kind, shoot.taken)
    w.assert_clean()


def test_a_merger_consent_previews_the_major(open_page: Any) -> None:
    """The other minor's president sees, before consenting, who will preside, the new
    price, the shares each holder ends with and the majors to choose from (the engine's
    outcome of accepting and of the first major chosen)."""
    from la_games import bots_until, import_game, open_seats, starting

    game = bots_until(7, starting("accept"))
    w = open_page(**WIDE)
    page = w.page
    open_seats(w, *import_game(w.base, game))
    page.wait_for_selector("#consent-preview")
    settled(page)
    text = page.locator("#consent-preview").inner_text()
    assert "becomes the president" in text and "new price" in text and "shares after" in text, text
    shoot = Photographer(w)
    shoot("merger-consent", "#merger-panel")
    # the sheets on a phone: a card per company, every holding in view, nothing sideways
    shoot("sheets", "#companies")
    page.set_viewport_size(PHONE)
    cell = page.locator("#companies tbody tr").first.locator("td").nth(6)  # a player's holding
    box = cell.bounding_box()
    if box is not None and cell.inner_text():
        assert box["x"] + box["width"] <= PHONE["width"], box
    page.set_viewport_size(WIDE)
    before = count(page)
    page.click("#merger-accept")
    page.wait_for_function(f"document.querySelector('#status').dataset.count > {before}")
    w.assert_clean()
