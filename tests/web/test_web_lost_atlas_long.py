"""A Lost Atlas Long game (one person, two heuristic bots) created in the lobby and played
by clicking only the main area's panels (the helpers of ``la_clicks``: never the side
list, never a typed notation) until the first purple train is bought. Each kind of
decision the person meets is photographed at 1400x1000 and 390x844
(``test-artifacts/web/la-long-*.png``), and so is the table once the purple phase begins.

The bots are the heuristic ones: as fast as random (a few milliseconds a decision) and,
unlike random bots, they run and buy trains, so the Long game reaches the purple phase
(random bots end the six cycles in the green phase). The person buys the 5-train (the
first purple one) whenever the train panel offers it."""

from __future__ import annotations

import time
from typing import Any

from la_clicks import WIDE, Photographer, Play, count_side_clicks, decide, idle


def _phase(page: Any) -> str:
    text = page.locator("#la-info").inner_text()
    return next((w for w in ("yellow", "green", "purple", "grey") if f"{w} phase" in text), "")


def test_a_long_game_to_the_first_purple_train_by_the_main_area(open_page: Any) -> None:
    w = open_page(**WIDE)
    page = w.page
    shoot = Photographer(w, prefix="la-long")
    page.goto(w.base + "/")
    page.wait_for_selector("#create")
    page.select_option("#title", "lost_atlas")
    page.select_option("#mode", "long")
    page.locator(".seat-kind").nth(1).select_option("heuristic")
    page.click("#add-seat")
    page.locator(".seat-kind").nth(2).select_option("heuristic")
    page.fill("#seed", "1")
    page.click("#create")
    idle(page)
    assert "Long game" in page.locator("#la-info").inner_text()
    count_side_clicks(page)

    started = time.monotonic()
    play = Play(newest="5")
    decisions = 0
    while time.monotonic() < started + 480:
        idle(page)
        if _phase(page) == "purple" or page.locator("#final-scores").count():
            break
        made = decide(page, shoot, play)
        decisions += made
        if made and decisions % 25 == 0:
            print(f"{time.monotonic() - started:.0f} s: {decisions} decisions,",
                  page.locator("#la-info").inner_text().split("\n")[0], flush=True)
    seconds = time.monotonic() - started
    print(f"to the purple phase: {seconds:.0f} s, {decisions} decisions of the person,"
          f" photographed: {shoot.taken}")
    assert _phase(page) == "purple", "the first purple train was not bought in time"
    shoot("purple-phase", "#la-info")
    assert page.evaluate("window.__sideClicks || 0") == 0
    for kind in ("map-piece", "auto-build", "stock-round", "launch", "payout", "routes"):
        assert kind in shoot.taken, (kind, shoot.taken)
    w.assert_clean()
