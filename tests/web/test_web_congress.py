"""A whole Congress game played by clicking: one person (Ann, by her seat link) against
two random bots, from the lobby to the final scores; the seed is the first whose game
brings Ann every decision kind, found by playing the same policy on the engine
(congress_policy). Expand is played by clicking links on the map, Develop by clicking two
linked locations, Capitalise with the bid control, a merger in its table of choices; each
decision kind is photographed once (1400x1000, and the table once at 390x844). Every click
is accepted (a refusal would be a console error), and the page never scrolls sideways."""

from __future__ import annotations

import time
from typing import Any

from congress_policy import MAX_BID, a_seed

DRAWN_LEGAL = ("(window.__cg_by || {})"
               "[document.querySelector('#status')?.dataset.count] || []")
"""The legal list of the count the table shows (kept by the page's init script)."""
SHOTS = {"turn": "congress-03-turn", "capitalise": "congress-04-bid",
         "free-link": "congress-05-free-link", "expand": "congress-06-expand-preview",
         "develop-first": "congress-07-develop-first-city",
         "develop": "congress-08-develop-preview", "expand-more": "congress-09-second-link",
         "merge": "congress-10-merger", "start": "congress-11-start-merger-company",
         "all-started": "congress-12-all-started", "pass": "congress-13-pass"}


def _no_sideways(page: Any) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    if wide > inner:
        culprits = page.evaluate("""(w) => [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > w + 1)
          .slice(0, 8).map((e) => e.tagName + '#' + e.id + '.' + e.className)""", inner)
        raise AssertionError(f"the page scrolls sideways: {wide} > {inner}: {culprits}")


class Player:
    """Ann's clicks: a simple policy (merge when a link can, else Expand, Develop now and
    then, else Capitalise), every choice made in the main area."""

    def __init__(self, w: Any, on_a_link_turn: Any) -> None:
        self.w = w
        self.on_a_link_turn = on_a_link_turn
        self.page = w.page
        self.shot: set[str] = set()
        self.seen: set[str] = set()
        self.turns = 0

    def first(self, kind: str) -> None:
        self.seen.add(kind)
        if kind not in self.shot:
            self.shot.add(kind)
            _no_sideways(self.page)
            self.w.shot(SHOTS[kind])

    def click_link(self, prefer_merger: bool = True) -> None:
        page = self.page
        links = page.locator("[data-expand]")
        assert links.count(), "a link step without a highlighted link"
        pick = links.first
        if prefer_merger:
            # the link whose Expand's label says it reaches a home station: a merger
            for key in [x.get_attribute("data-expand") for x in links.all()]:
                if self.merger_links.get(key):
                    pick = page.locator(f'[data-expand="{key}"]')
                    break
        pick.click()
        page.wait_for_selector("#cg-expand-choice .cg-preview.ready")

    @property
    def merger_links(self) -> dict[str, bool]:
        # read from the API's legal list (notation + label), as the table does
        out: dict[str, bool] = {}
        data = self.page.evaluate(DRAWN_LEGAL)
        for a in data:
            words = a["notation"].split()
            if words[0] == "expand" and "merger" in (a.get("label") or ""):
                a_, b_ = sorted(words[2].split("-"))
                out[f"{a_}-{b_}"] = True
        return out

    def decide(self) -> str | None:
        page = self.page
        page.wait_for_selector("body:not(.busy)")
        if page.locator("#final-scores").count():
            return "over"
        box = page.locator("#decide")
        if not box.count():
            return None
        step = box.get_attribute("data-step")
        if step in (None, "wait"):
            return None
        if step == "auction":
            self.first("capitalise")
            value = int(page.locator("#cg-bid-input").input_value() or 0) if \
                page.locator("#cg-bid-input").count() else 0
            if page.locator("#cg-bid").count() and value <= MAX_BID:
                page.click("#cg-bid-up")
                page.click("#cg-bid-down")
                page.click("#cg-bid")
            else:
                page.click("#cg-bid-pass")
            return "capitalise"
        if step == "merge":
            page.wait_for_selector("#cg-merge tbody tr.ready")
            self.first("merge")
            page.locator(".cg-merge-do").first.click()
            return "merge"
        if step == "start":
            page.wait_for_selector("#decide .cg-preview.ready")
            self.first("start")
            page.locator(".cg-start").first.click()
            return "start"
        if step == "free-link":
            self.click_link()
            self.first("free-link")
            page.locator(".cg-confirm").first.click()
            return "free-link"
        if step == "expand-more":
            if page.locator("[data-expand]").count() and self.turns % 2 == 0:
                self.click_link()
                self.first("expand-more")
                page.locator(".cg-confirm").first.click()
            else:
                self.first("expand-more")
                page.click("#cg-done")
            return "expand-more"
        if step == "all-started":
            self.first("all-started")
            page.click("#cg-pass")
            return "all-started"
        # a turn
        self.turns += 1
        self.first("turn")
        if page.locator("#cg-pass").count():
            self.first("pass")
            page.click("#cg-pass")
            return "pass"
        develop = page.locator('[data-develop="start"]')
        expand = page.locator("[data-expand]")
        if expand.count():
            self.on_a_link_turn()
        if expand.count() and (self.merger_links or not develop.count() or self.turns % 3):
            self.click_link()
            self.first("expand")
            page.locator(".cg-confirm").first.click()
            return "expand"
        if develop.count():
            # the location with the most partners (one partner is chosen at once)
            mates: dict[str, int] = {}
            for a in page.evaluate(DRAWN_LEGAL):
                words = a["notation"].split()
                if words[0] == "develop" and "-" in words[-1]:
                    for city in words[-1].split("-"):
                        mates[city] = mates.get(city, 0) + 1
            best = max(mates, key=lambda c: mates[c]) if mates else None
            target = page.locator(f'[data-city="{best}"][data-develop="start"] .cg-node')
            if not best or not target.count():
                target = page.locator('[data-develop="start"] .cg-node').first
            target.click()
            if page.locator('[data-develop="partner"]').count():
                self.first("develop-first")
                page.locator('[data-develop="partner"] .cg-node').first.click()
            page.wait_for_selector("#cg-develop-choice .cg-preview.ready")
            self.first("develop")
            page.locator(".cg-confirm").first.click()
            return "develop"
        auctions = page.locator(".cg-auction")
        assert auctions.count(), "a turn with nothing to click"
        auctions.first.click()
        return "auction"


def test_a_whole_congress_game_by_clicking(open_page: Any) -> None:
    seed, expected = a_seed()
    host = open_page()
    page = host.page
    page.goto(host.base + "/")
    page.wait_for_selector("#create")
    page.select_option("#title", "congress")
    # Congress's own options, no mode, and only the bots that play Congress
    assert page.locator("#mode").is_hidden()
    assert page.locator("#opt-chaining option").count() == 2
    assert page.locator("#opt-special_dividend option").count() == 2
    offered = page.locator(".seat-kind").first.locator("option").all_inner_texts()
    assert "bot: greedy" not in offered and "bot: congress" in offered, offered
    kinds = page.locator(".seat-kind")
    assert kinds.count() == 3
    kinds.nth(1).select_option("random")
    kinds.nth(2).select_option("random")
    page.fill("#seed", str(seed))
    page.check("#links")
    host.shot("congress-01-lobby")
    page.click("#create")
    page.wait_for_selector(".seat-link")
    links = [a.get_attribute("href") for a in page.locator(".seat-link").all()]
    assert len(links) == 1

    # the legal lists the table may draw from, by count, where the test's policy reads
    # the one of the count drawn (DRAWN_LEGAL): from the game's GETs and from the live
    # pictures the table draws without one (whichever came last may not be the one drawn)
    page.add_init_script("""
      window.__cg_by = {};
      const keep = (d) => { window.__cg_by[d.count] = d.legal || []; };
      const f = window.fetch;
      window.fetch = async (...args) => {
        const r = await f(...args);
        try {
          if (String(args[0]).match(/^\\/api\\/games\\/[^/?]+$/)) {
            r.clone().json().then((d) => { keep(d); });
          }
        } catch (e) {}
        return r;
      };
      const Socket = window.WebSocket;
      window.WebSocket = class extends Socket {
        constructor(...args) {
          super(...args);
          this.addEventListener("message", (ev) => {
            try {
              const d = JSON.parse(ev.data);
              if (d.type === "state") keep(d);
            } catch (e) {}
          });
        }
      };""")
    page.goto(links[0])
    page.wait_for_selector("#cg-map svg")
    assert page.locator("#where").inner_text() == "Congress"
    assert page.locator("#me").inner_text() == "Ann"
    assert page.locator("#cg-map [data-city]").count() >= 40
    host.shot("congress-02-table")
    _no_sideways(page)

    phone_done = []

    def on_the_phone() -> None:
        # Ann's turn with a link to build, on a phone: the decision above the map, a link
        # clicked there and its preview
        if phone_done:
            return
        phone_done.append(True)
        phone = open_page(390, 844)
        phone.page.goto(links[0])
        phone.page.wait_for_selector('#decide[data-step="turn"]')
        phone.page.locator("[data-expand]").first.click()
        phone.page.wait_for_selector("#cg-expand-choice .cg-preview.ready")
        _no_sideways(phone.page)
        phone.shot("congress-14-phone")
        phone.page.close()

    ann = Player(host, on_the_phone)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        acted = ann.decide()
        if acted == "over":
            break
        if acted is None:
            page.wait_for_timeout(120)  # the bots play; live updates bring it here
            continue
        assert page.locator("#refusal").is_hidden(), page.locator("#refusal").inner_text()
    page.wait_for_selector("#final-scores", timeout=10_000)
    _no_sideways(page)
    host.shot("congress-15-final-scores")
    assert page.locator("#final-scores li").count() == 3
    assert phone_done, ann.seen
    # the history: a log line shows the table as it was then, drawn the same way
    page.locator("#log li").nth(40).click()
    page.wait_for_selector("#back-to-now")
    page.wait_for_selector("#cg-map svg")
    assert page.locator("#status .scrub").count() == 1
    host.shot("congress-16-history")
    page.click("#back-to-now")
    page.wait_for_selector("#final-scores")
    # the clicks played the game the engine's run of the same policy played
    assert ann.seen == expected, (seed, ann.seen, expected)
    host.assert_clean()
