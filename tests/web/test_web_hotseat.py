"""Hotseat (issue 27): between two people's seats at one browser a "pass the device" screen
hides the table, so the next player's tiles are not on screen until they click."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout


def test_the_pass_screen_hides_the_next_players_tiles_until_they_click(open_page: Any) -> None:
    w = open_page(pass_screen=True)
    page = w.page
    page.goto(w.base + "/")
    page.wait_for_selector("#create")
    page.locator(".seat .remove").nth(2).click()  # Ann and Bob, no bot
    page.click("#create")
    page.wait_for_selector(".aq-board")
    first = page.locator("#me").inner_text()
    hand = page.locator(".hand").inner_text()
    tile = page.locator(".hand .tile.playable").first.get_attribute("data-tile")
    page.click(f'.aq-board .cell.playable[data-tile="{tile}"]')
    for _ in range(40):  # the rest of the turn (a chain to found, shares to buy)
        page.wait_for_selector("body:not(.busy)")
        if page.locator("#pass-screen").count():
            break
        # a refresh may redraw the table between the look and the click: look again then
        try:
            if page.locator("#decide button.chain").count():
                page.locator("#decide button.chain").first.click(timeout=3000)
            elif page.locator("#buy-confirm").count():
                page.click("#buy-confirm", timeout=3000)
        except PlaywrightTimeout:
            continue
        page.wait_for_timeout(200)
    screen = page.wait_for_selector("#pass-screen")
    other = "Bob" if first == "Ann" else "Ann"
    assert f"Pass the device to {other}" in screen.inner_text()
    assert page.locator(".hand").count() == 0 and page.locator(".aq-board").count() == 0
    w.shot("hotseat-01-pass-the-device")
    page.wait_for_timeout(1500)  # polling does not draw the table behind the screen
    assert page.locator("#pass-screen").count() == 1
    page.click("#pass-ready")
    page.wait_for_selector(".aq-board")
    assert page.locator("#me").inner_text() == other
    assert page.locator(".hand").inner_text() != hand
    w.shot("hotseat-02-next-player")
    w.assert_clean()
