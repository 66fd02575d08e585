"""The Lost Atlas table's own controls, clicked in Chromium: the drawn map piece shown
(drawn as the map draws it) and turned before any hex is clicked, its legal positions
highlighted per rotation; the route editor (the president clicks each train's stops,
the engine counts every train's revenue or names the rule a route breaks, the run
is played); the operating company's reach during track laying; the auction's bid
control; Hostile Mergers' vote with the numbers, for the voter and for a player who
waits; merger proposals. Games past map building are brought there by bots and
imported (``la_games``)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from la_games import bots_until, click_svg, count, import_game, open_seats, starting, wait_past


def _new_game(base: str, seed: int) -> tuple[str, list[str]]:
    req = urllib.request.Request(base + "/api/games", json.dumps(
        {"title": "lost_atlas", "options": {"mode": "short"}, "seed": seed,
         "seats": [{"name": "Ann"}, {"name": "Bob"}]}).encode(),
        {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as reply:
        created = json.loads(reply.read())
    return created["id"], [s["token"] for s in created["seats"]]


def _visible_targets(page: Any) -> list[str]:
    return [t.get_attribute("data-target") or "" for t in page.locator("#overlay .target").all()]


def test_the_drawn_piece_is_drawn_turned_and_placed_by_clicking(open_page: Any) -> None:
    w = open_page()
    page = w.page
    open_seats(w, *_new_game(w.base, 2))
    # the first piece goes anywhere: place it, so the second has positions around it
    click_svg(page, page.locator("#overlay .target").first)
    page.click("#confirm")
    wait_past(page, 0)
    drawn = page.locator("#piece-drawing svg")
    assert drawn.count() == 1 and drawn.locator("polygon.hex").count() == 3  # a tri-hex piece
    assert page.locator("#piece-drawing .anchor-label").text_content() == "A"
    w.shot("lost-atlas-controls-01-drawn-piece")
    rotation = page.locator("#piece-drawing").get_attribute("data-rotation")
    shown = _visible_targets(page)
    legal = [b.get_attribute("data-notation") or ""
             for b in page.locator("button.action").all()]
    legal += [o.get_attribute("value") or ""
              for o in page.locator("select.big-choice option").all()]
    assert shown and all(f"piece {hx} r{rotation}" in legal for hx in shown)
    picture = page.locator("#piece-drawing").inner_html()
    page.click("#piece-rotate")
    page.wait_for_selector(f'#piece-drawing:not([data-rotation="{rotation}"])')
    turned = page.locator("#piece-drawing").get_attribute("data-rotation")
    assert page.locator("#piece-drawing").inner_html() != picture
    assert all(f"piece {hx} r{turned}" in legal for hx in _visible_targets(page))
    w.shot("lost-atlas-controls-02-drawn-piece-turned")
    click_svg(page, page.locator("#overlay .target").first)
    page.wait_for_selector("#confirm")
    note = page.locator("#preview-note").inner_text()  # the action's label, or its notation
    assert f"rotated {turned}" in note or f" r{turned}" in note
    w.shot("lost-atlas-controls-03-drawn-piece-previewed")
    page.click("#confirm")
    wait_past(page, 1)
    assert any(f"r{turned}" in line or "places" in line for line in
               page.locator("#log li").all_inner_texts())
    w.assert_clean()


def _two_trains(actions: list[str]) -> bool:
    for a in actions:
        if a.startswith("run ") and " via " in a:
            words = a.split(" via ")[1].split()
            if len(words) >= 2 and all(word.count(">") >= 2 for word in words):
                return True
    return False


def _click_stop(page: Any, ref: str) -> None:
    before = page.locator("#route-legend").inner_text()
    click_svg(page, page.locator(f'#overlay .stop-target[data-stop="{ref}"]'))
    page.wait_for_function("t => document.querySelector('#route-legend').innerText != t",
                           arg=before)


def test_routes_each_trains_revenue_and_routes_picked_by_clicking_stops(open_page: Any) -> None:
    game = bots_until(5, _two_trains)
    w = open_page()
    page = w.page
    game_id, tokens = import_game(w.base, game)
    open_seats(w, game_id, tokens)
    best = next(str(a) for a in game.legal_actions() if str(a).startswith("run "))
    total = int(best.split()[1])
    rows = page.locator("#route-legend li")
    assert rows.count() == 2 and page.locator("#overlay .route").count() == 2
    revenues = [int(r.replace("$", "")) for r in page.locator(".train-revenue").all_inner_texts()]
    assert sum(revenues) == total and all(revenues)  # each train's own, the engine's sum
    page.locator("#routes").scroll_into_view_if_needed()
    w.shot("lost-atlas-controls-04-best-routes-per-train")

    page.click("#routes-edit")
    page.wait_for_selector("#run-mine")
    first, second = ([s.split(" ")[0] for s in
                      rows.nth(i).locator(".train-stops").inner_text().split(" → ")]
                     for i in (0, 1))
    # the second train stays in the yard; the first runs between the second's stops
    page.click('#route-legend button[data-clear="1"]')
    page.wait_for_selector('#route-legend li[data-train="1"] >> text=does not run')
    page.click('#route-legend button[data-clear="0"]')
    page.wait_for_selector('#route-legend li[data-train="0"] >> text=does not run')
    # a third city first (the other train's): more than a 2-train counts, so the engine
    # names the rule and there is no run to send
    extra = next(ref for ref in first if ref not in second)
    for ref in [extra, *second]:
        _click_stop(page, ref)
    assert "too-many-stops" in page.locator('#route-legend li[data-train="0"]').inner_text()
    assert page.locator("#run-mine").is_disabled()
    page.locator("#routes").scroll_into_view_if_needed()
    w.shot("lost-atlas-controls-05-route-refused")
    _click_stop(page, extra)  # clicked again: off the route
    mine = int(page.locator('#route-legend li[data-train="0"] .train-revenue').inner_text()
               .replace("$", ""))
    assert 0 < mine < total
    assert page.locator("#run-mine").is_enabled()
    assert f"${mine}" in page.locator("#route-total").inner_text()
    # a click on a hex of track between the two cities: the route must pass it (the way
    # to choose one of two lines); this one is on the way already, so the run stands
    word = best.split(" via ")[1].split()[1]
    ends = {second[0].split("/")[0], second[-1].split("/")[0]}
    via = next(p.split(":")[0] for p in word.split(">") if ":" in p and p.split(":")[0] not in ends)
    click_svg(page, page.locator(f'#map svg polygon.hex[data-hex="{via}"]'))
    page.wait_for_selector(f'#overlay .route-via[data-via="{via}"]')
    page.wait_for_selector("body:not(.busy)")
    assert page.locator("#run-mine").is_enabled()
    assert f"${mine}" in page.locator("#route-total").inner_text()
    page.locator("#map").scroll_into_view_if_needed()
    w.shot("lost-atlas-controls-06-own-route")
    before = count(page)
    page.click("#run-mine")
    wait_past(page, before)
    assert any(str(mine) in line for line in page.locator("#log li").all_inner_texts()[-4:])
    w.assert_clean()


def test_the_operating_companys_reach_is_highlighted_while_laying_track(open_page: Any) -> None:
    game = bots_until(5, starting("lay "), after=150)
    w = open_page()
    page = w.page
    open_seats(w, *import_game(w.base, game))
    reach = page.locator("#reach polygon.reach")
    assert reach.count() >= 3  # its hubs' hexes and the track they run along
    company = page.locator("#reach").get_attribute("data-company")
    assert company in page.locator("#la-info").inner_text().lower()
    assert "can trace routes" in page.locator("#reach-key").inner_text()
    page.locator("#map").scroll_into_view_if_needed()
    w.shot("lost-atlas-controls-07-reach")
    w.assert_clean()


def test_a_bid_with_the_auction_control(open_page: Any) -> None:
    game = bots_until(5, starting("bid "))
    bids = sorted(int(str(a).split()[1]) for a in game.legal_actions()
                  if str(a).startswith("bid "))
    w = open_page()
    page = w.page
    open_seats(w, *import_game(w.base, game))
    amount = page.locator("#bid-amount")
    assert int(amount.get_attribute("min")) == bids[0]
    assert int(amount.get_attribute("max")) == bids[-1]
    assert int(amount.input_value()) == bids[0]
    page.click("#bid-plus")
    page.click("#bid-plus")
    assert int(amount.input_value()) == bids[2]
    page.click("#bid-minus")
    assert page.locator("#bid-submit").inner_text() == f"Bid ${bids[1]}"
    assert page.locator("#auction-pass").count() == 1
    w.shot("lost-atlas-controls-08-bid-control")
    before = count(page)
    page.click("#bid-submit")
    wait_past(page, before)
    assert f"${bids[1]}" in page.locator("#auction-panel").inner_text()
    w.shot("lost-atlas-controls-09-bid-placed")
    w.assert_clean()


def test_a_hostile_mergers_vote_for_the_voter_and_for_who_waits(open_page: Any) -> None:
    game = bots_until(1, starting("vote "), players=3, options={"hostile_mergers": True})
    voter = game.to_act[0]
    other = next(s for s in range(3) if s != voter)
    voter_page, other_page = open_page(), open_page()
    game_id, tokens = import_game(voter_page.base, game)
    open_seats(voter_page, game_id, [tokens[voter]])
    open_seats(other_page, game_id, [tokens[other]])
    page = voter_page.page
    tally = page.locator("#vote-tally").inner_text()
    assert "For" in tally and "Against" in tally
    assert page.locator("#voters li.awaited").count() >= 1
    assert page.locator("#vote-yes").count() and page.locator("#vote-no").count()
    voter_page.shot("lost-atlas-controls-10-vote-voter")
    waiting = other_page.page.locator("#merger-panel")
    assert not other_page.page.locator("#vote-yes").count()
    assert game.players[voter] in waiting.locator("#merger-waiting").inner_text()
    other_page.shot("lost-atlas-controls-11-vote-others-wait")
    before = count(page)
    page.click("#vote-no")
    wait_past(page, before)
    voter_page.shot("lost-atlas-controls-12-voted")
    voter_page.assert_clean()
    other_page.assert_clean()


def test_a_merger_proposed_with_its_control(open_page: Any) -> None:
    game = bots_until(7, starting("merge "))
    w = open_page()
    page = w.page
    open_seats(w, *import_game(w.base, game))
    rows = page.locator("#merger-proposals button[data-notation^='merge']")
    assert rows.count() >= 1
    w.shot("lost-atlas-controls-13-merger-proposals")
    before = count(page)
    rows.first.click()
    wait_past(page, before)
    assert page.locator("#merger-proposal").count() or page.locator("#log li").count()
    w.shot("lost-atlas-controls-14-merger-proposed")
    w.assert_clean()


def test_the_route_editor_and_the_bid_control_fit_a_phone(open_page: Any) -> None:
    for game, name, ready in ((bots_until(5, _two_trains), "routes", "#routes-edit"),
                              (bots_until(5, starting("bid ")), "bid", "#bid-submit")):
        w = open_page(width=390, height=844)
        page = w.page
        open_seats(w, *import_game(w.base, game))
        page.wait_for_selector(ready)
        if name == "routes":
            page.click("#routes-edit")
            page.wait_for_selector("#run-mine")
            page.locator("#routes").scroll_into_view_if_needed()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 400, f"the page is {width} px wide on a 390 px screen"
        w.shot(f"lost-atlas-controls-15-phone-{name}")
        w.assert_clean()
