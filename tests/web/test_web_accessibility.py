"""Accessibility: axe-core (axe-playwright-python, its axe.min.js injected from the
package: no CDN) finds no serious or critical issue on the lobby, the Acquire table and
the Lost Atlas table (Stock Round with the minor matrix, an operating decision, the map);
and decisions are made by keyboard alone (Tab to the control, Enter)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from la_games import bots_until, count, import_game, open_seats, starting, wait_past


def _axe(page: Any) -> list[str]:
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        pytest.skip("axe-playwright-python is not installed (the dev extra has it)")
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    return [f"{v['id']} ({v['impact']}): {v['help']} -- "
            + "; ".join(n["target"][0] for n in v["nodes"][:4]) for v in bad]


def _tab_to(page: Any, selector: str, limit: int = 400) -> None:
    """Press Tab until the element matching ``selector`` has the focus."""
    for _ in range(limit):
        if page.evaluate(f"!!document.activeElement?.matches({json.dumps(selector)})"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def _acquire_game(base: str) -> tuple[str, list[str]]:
    req = urllib.request.Request(base + "/api/games", json.dumps(
        {"title": "acquire", "seed": 3, "seats": [{"name": "Ann"}, {"name": "Bob"}]}).encode(),
        {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as reply:
        created = json.loads(reply.read())
    return created["id"], [s["token"] for s in created["seats"]]


def test_the_lobby_has_no_serious_accessibility_issue(open_page: Any) -> None:
    w = open_page()
    w.page.goto(w.base + "/")
    w.page.wait_for_selector("#create")
    assert _axe(w.page) == []
    w.page.select_option("#title", "lost_atlas")
    assert _axe(w.page) == []
    w.assert_clean()


def test_the_acquire_table_by_axe_and_by_keyboard(open_page: Any) -> None:
    w = open_page()
    page = w.page
    game_id, tokens = _acquire_game(w.base)
    for token in tokens:
        page.goto(f"{w.base}/games/{game_id}#token={token}")
        page.wait_for_selector(".aq-board")
    page.goto(f"{w.base}/#/game/{game_id}")
    page.wait_for_selector(".hand .tile.playable")
    page.wait_for_selector("body:not(.busy)")
    assert _axe(page) == []
    # a tile placed by keyboard: Tab to a playable tile of the hand, Enter
    before = int(page.locator("#status").get_attribute("data-count"))
    _tab_to(page, ".hand .tile.playable")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('#status').dataset.count > {before}")
    # no chain on the board yet: the buy step has nothing to buy, so it is passed for the
    # player and said (issue 31 item 12), as the terminal does
    page.wait_for_selector("#refusal.note:not([hidden])")
    assert "nothing to buy" in page.locator("#refusal").inner_text()
    page.wait_for_function(f"document.querySelector('#status').dataset.count > {before + 1}")
    assert any("buys no stock" in line
               for line in page.locator("#log li").all_inner_texts())
    w.assert_clean()


def test_the_lost_atlas_stock_round_by_axe_and_by_keyboard(open_page: Any) -> None:
    game = bots_until(5, starting("auction "))
    w = open_page()
    page = w.page
    open_seats(w, *import_game(w.base, game))
    page.wait_for_selector("#matrix-panel .minor-card.available")
    assert _axe(page) == []
    # the matrix's minor shows its home on the map while it has the focus
    _tab_to(page, ".minor-card")
    home = page.locator("#overlay .home-mark")
    assert home.count() >= 1 or "chosen at launch" in page.locator(
        ".minor-card:focus").inner_text()
    before = count(page)
    _tab_to(page, "#auction-submit")
    page.keyboard.press("Enter")
    wait_past(page, before)
    w.assert_clean()


def test_a_lost_atlas_operating_decision_by_axe_and_by_keyboard(open_page: Any) -> None:
    game = bots_until(3, starting("payout"))
    w = open_page()
    page = w.page
    open_seats(w, *import_game(w.base, game))
    page.wait_for_selector("#payout-choices")
    page.wait_for_function(
        "![...document.querySelectorAll('#board-area .outcome')].some(e => e.textContent === '…')")
    assert _axe(page) == []
    before = count(page)
    _tab_to(page, "#payout-choices button[data-notation='payout']")
    page.keyboard.press("Enter")
    wait_past(page, before)
    w.assert_clean()


def test_a_tile_laid_by_keyboard(open_page: Any) -> None:
    game = bots_until(4, starting("lay "))
    w = open_page()
    page = w.page
    open_seats(w, *import_game(w.base, game))
    page.wait_for_selector(".target-hex")
    assert _axe(page) == []
    _tab_to(page, ".target-hex")
    page.keyboard.press("Enter")
    page.wait_for_selector("#hex-panel h2")
    if not page.locator("#confirm").count():
        _tab_to(page, "button.family")
        page.keyboard.press("Enter")
    page.wait_for_selector("#confirm")
    before = count(page)
    _tab_to(page, "#confirm")
    page.keyboard.press("Enter")
    wait_past(page, before)
    w.assert_clean()
