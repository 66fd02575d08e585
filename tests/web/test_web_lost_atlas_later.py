"""Later Lost Atlas decisions by clicking, on games brought there by bots and imported
into the server (``POST /api/games/import``): placing a hub on a highlighted spot, and a
merger consent (the other minor's president accepts a proposed merger)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import boardroom
from boardroom.bots.base import make_bot


def _bots_until(seed: int, prefix: str) -> dict[str, Any]:
    """The record of a two-player Short game played by heuristic bots until the seat to
    act may play an action starting with ``prefix``."""
    game = boardroom.new_game("lost_atlas", ["Ann", "Bob"], seed=seed,
                              options={"mode": "short"})
    bots = [make_bot("heuristic", seed=i) for i in range(2)]
    for _ in range(1500):
        if any(str(a).startswith(prefix) for a in game.legal_actions()):
            return game.to_record()
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    raise AssertionError(f"the bots never reached {prefix!r}")


def _import(base: str, record: dict[str, Any]) -> tuple[str, list[str]]:
    req = urllib.request.Request(base + "/api/games/import", json.dumps(
        {"record": record}).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as reply:
        created = json.loads(reply.read())
    return created["id"], [s["token"] for s in created["seats"]]


def _open_acting_seat(open_page: Any, record: dict[str, Any]) -> Any:
    w = open_page()
    game_id, tokens = _import(w.base, record)
    page = w.page
    # hotseat: this browser holds both seats and shows whoever must act
    page.goto(f"{w.base}/games/{game_id}#token={tokens[0]}")
    page.wait_for_selector("#map svg")
    page.goto(f"{w.base}/games/{game_id}#token={tokens[1]}")
    page.wait_for_selector("#map svg")
    page.goto(f"{w.base}/#/game/{game_id}")
    page.wait_for_selector("#map svg")
    page.wait_for_selector("body:not(.busy)")
    return w


def test_a_hub_placed_by_clicking_its_highlighted_hex(open_page: Any) -> None:
    record = _bots_until(5, "hub")
    w = _open_acting_seat(open_page, record)
    page = w.page
    hubs = [b.get_attribute("data-notation") for b in
            page.locator('button.action[data-notation^="hub"]').all()]
    assert hubs, "no hub button"
    hex_ = hubs[0].split(" ")[1].split("/")[0]
    page.locator("#map").scroll_into_view_if_needed()
    box = page.locator(f'#overlay [data-target="{hex_}"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector("#hex-panel h2")
    family = page.locator('button.family[data-family^="hub"]')
    if not page.locator("#confirm").count():
        family.first.click()
    page.wait_for_selector("#confirm")
    # the company's reach stays highlighted under the previewed hub
    assert page.locator("#reach polygon.reach").count() >= 1
    w.shot("lost-atlas-11-hub-preview")
    before = int(page.locator("#status").get_attribute("data-count"))
    page.click("#confirm")
    page.wait_for_function(
        f"document.querySelector('#status').dataset.count > {before}")
    assert any("hub" in line.lower() for line in page.locator("#log li").all_inner_texts())
    w.shot("lost-atlas-12-hub-placed")
    w.assert_clean()


def test_a_merger_consent_by_clicking_accept(open_page: Any) -> None:
    record = _bots_until(7, "accept")
    w = _open_acting_seat(open_page, record)
    page = w.page
    assert page.locator("#merger-info").count()
    w.shot("lost-atlas-13-merger-proposed")
    before = int(page.locator("#status").get_attribute("data-count"))
    page.click("#merger-accept")
    page.wait_for_function(
        f"document.querySelector('#status').dataset.count > {before}")
    page.wait_for_selector("body:not(.busy)")
    w.shot("lost-atlas-14-merger-accepted")
    w.assert_clean()


SEEDED_RANDOM = """(() => {
  let s = 12345;
  Math.random = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 4294967296;
  };
})();"""


def test_auto_build_the_rest_of_the_map_on_a_phone_screen(open_page: Any) -> None:
    w = open_page(width=390, height=844)
    req = urllib.request.Request(w.base + "/api/games", json.dumps(
        {"title": "lost_atlas", "options": {"mode": "short"}, "seed": 2,
         "seats": [{"name": "Ann"}, {"name": "Bob"}]}).encode(),
        {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as reply:
        created = json.loads(reply.read())
    page = w.page
    # the same random picks every run (the page draws them with Math.random)
    page.add_init_script(SEEDED_RANDOM)
    for seat in created["seats"]:
        page.goto(f"{w.base}/games/{created['id']}#token={seat['token']}")
        page.wait_for_selector("#map svg")
    page.goto(f"{w.base}/#/game/{created['id']}")
    page.wait_for_selector("#auto-build")
    page.wait_for_selector("body:not(.busy)")
    w.shot("lost-atlas-15-phone-map-building")
    page.click("#auto-build")
    # about 30 pieces, three requests each: seconds alone, far longer on a loaded machine
    page.wait_for_selector("#drawn-piece", state="detached", timeout=180_000)
    page.wait_for_selector("body:not(.busy)")
    assert page.locator("#la-info").inner_text().find("Stock Round") >= 0
    w.shot("lost-atlas-16-phone-map-built")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, f"the page is {width} px wide on a 390 px screen"
    w.assert_clean()
