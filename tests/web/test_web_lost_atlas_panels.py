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

WIDE = {"width": 1400, "height": 1000}
PHONE = {"width": 390, "height": 844}


def _idle(page: Any) -> None:
    page.wait_for_selector("body:not(.busy)")
    page.wait_for_selector("#map svg")


def _count(page: Any) -> int:
    return int(page.locator("#status").get_attribute("data-count"))


def _settled(page: Any) -> None:
    """The previews a panel waits for have come (no '…' left in the main area)."""
    page.wait_for_function(
        "![...document.querySelectorAll('#board-area .outcome')].some(e => e.textContent === '…')")


class Photographer:
    def __init__(self, w: Any) -> None:
        self.w = w
        self.taken: list[str] = []

    def __call__(self, kind: str, panel: str) -> None:
        """Photograph the decision ``kind`` (once) with ``panel`` in view, wide and narrow."""
        if kind in self.taken:
            return
        self.taken.append(kind)
        page = self.w.page
        _settled(page)
        for size, name in ((WIDE, "wide"), (PHONE, "phone")):
            page.set_viewport_size(size)
            page.evaluate(f"document.querySelector({panel!r})?.scrollIntoView({{block: 'start'}})")
            page.wait_for_timeout(100)
            page.screenshot(path=str(self.w_path(f"la-panel-{kind}-{name}")))
            # the page never scrolls sideways
            if name == "phone" and page.locator("#actions").count():
                # the decision comes before the raw list of every legal action
                top = "getBoundingClientRect().top"
                assert page.evaluate(f"""document.querySelector({panel!r}).{top}
                    < document.querySelector('#actions').{top}"""), kind
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= size["width"] + 1, (kind, name, wide)
        page.set_viewport_size(WIDE)

    def w_path(self, name: str) -> Any:
        from conftest import ARTIFACTS

        return ARTIFACTS / f"{name}.png"


def _click(page: Any, selector: str) -> bool:
    el = page.locator(selector)
    if not el.count():
        return False
    before = _count(page)
    el.first.click()
    _idle(page)
    return _count(page) != before or True


def _place(page: Any, shoot: Any = None, kind: str = "") -> bool:
    """Click the first highlighted hex, choose its first kind, and confirm (photographed
    as ``kind`` with the preview shown)."""
    target = page.locator("#overlay .target[data-target]")
    if not target.count():
        return False
    page.locator("#map").scroll_into_view_if_needed()
    box = target.first.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector("#hex-panel h2")
    if not page.locator("#confirm").count():
        page.locator("button.family").first.click()
    page.wait_for_selector("#confirm")
    if shoot is not None:
        page.wait_for_selector("#preview-note")
        shoot(kind, "#map")
    page.click("#confirm")
    _idle(page)
    return True


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
    _idle(page)

    # the side list is never used: a click on it is counted and must stay 0
    page.evaluate("""document.addEventListener('click', (e) => {
        if (e.target.closest('aside.side') && e.target.closest('button'))
            window.__sideClicks = (window.__sideClicks || 0) + 1;
    }, true)""")

    deadline = time.monotonic() + 420
    pieces = 0
    while time.monotonic() < deadline:
        _idle(page)
        if page.locator("#final-scores").count():
            break
        if page.locator("#drawn-piece").count():
            targets = page.locator("#overlay .target[data-target]").count()
            if page.locator("#piece-panel").count() and targets:
                shoot("map-piece", "#piece-panel")
                if pieces < 2:
                    pieces += 1
                    _place(page)
                    continue
            if page.locator("#capital-panel").count() and targets:
                shoot("capital-project", "#capital-panel")
            if page.locator("#auto-build").count():
                page.locator("#auto-build").click()
                page.wait_for_selector("#auto-build-stop")
                shoot("auto-build", "#la-info")
                page.wait_for_selector("#drawn-piece", state="detached", timeout=180_000)
                continue
            if _place(page):
                continue
            page.wait_for_timeout(200)
            continue
        if page.locator("#auction-panel #bid-submit").count():
            shoot("auction-bid", "#auction-panel")
            _click(page, "#auction-pass")
            continue
        if page.locator("#auction-panel #auction-pass").count():
            _click(page, "#auction-pass")
            continue
        if page.locator("#matrix-panel button[data-notation^='launch']").count():
            shoot("launch", "#matrix-panel")
            _click(page, "#matrix-panel button[data-notation^='launch']")
            continue
        if page.locator("#auction-panel #auction-submit").count():
            shoot("stock-round", "#auction-panel")
            assert page.locator("#matrix-panel .minor-card.available").count() >= 1
            _click(page, "#auction-submit")
            continue
        if page.locator("#stock-panel").count():
            if page.locator("#stock-choices").count():
                shoot("stock-buy-sell", "#stock-panel")
                assert "you then hold" in page.locator("#stock-choices").inner_text() or \
                    "you keep" in page.locator("#stock-choices").inner_text()
            buy = page.locator("#stock-panel button[data-notation^='buy ']")
            if buy.count() and len(shoot.taken) % 3 == 0:
                _click(page, "#stock-panel button[data-notation^='buy ']")
                continue
            if _click(page, "#stock-panel button[data-notation='done']") or \
                    _click(page, "#stock-panel button[data-notation='pass']"):
                continue
        if page.locator("#train-choices").count():
            heading = page.locator("#operating-panel h2").inner_text()
            shoot("train-" + ("leadoff" if "leadoff" in heading else "buy"), "#operating-panel")
            _click(page, "#train-choices button[data-notation]")
            continue
        if page.locator("#offer-terms").count():
            shoot("train-offer", "#operating-panel")
            _click(page, "#operating-panel button[data-notation='agree']")
            continue
        if page.locator("#share-choices").count():
            shoot("issue-redeem", "#operating-panel")
            _click(page, ".other-choices button[data-notation='pass']")
            continue
        if page.locator("#payout-choices").count():
            shoot("payout", "#operating-panel")
            text = page.locator("#payout-choices").inner_text()
            assert "+$" in text, text  # each holder's income
            _click(page, "#payout-choices button[data-notation='payout']")
            continue
        if page.locator("#run-trains").count():
            shoot("routes", "#routes")
            _click(page, "#run-trains")
            continue
        if page.locator("#merger-panel button").count():
            shoot("merger", "#merger-panel")
            if _click(page, "#merger-accept") or _click(page, "#merger-panel .majors button") or \
                    _click(page, "#merger-pass") or _click(page, "#merger-refuse"):
                continue
        if page.locator("#overlay .target[data-target]").count() and \
                page.locator(".other-choices").count():
            heading = page.locator(".la-decide h2").first.inner_text()
            kind = "track" if "lay track" in heading else "map-step"
            shoot(kind, "#map")
            if kind == "track" and "map-legend" not in shoot.taken:
                # the coordinates written on every hex, and the legend of every symbol
                page.click("#coords-toggle")
                page.wait_for_selector("#coords text")
                page.click("#map-legend summary")
                page.wait_for_selector(".legend-svg svg g.legend")
                shoot("map-legend", "#map-legend")
                page.click("#map-legend summary")
                page.click("#coords-toggle")
                _place(page, shoot, "track-preview")
                continue
            if kind == "track" and len(shoot.taken) % 2:
                _place(page)
                continue
        if page.locator(".other-choices button[data-notation]").count():
            _click(page, ".other-choices button[data-notation]")
            continue
        page.wait_for_timeout(150)  # the bots act
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
    _settled(page)
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
    before = _count(page)
    page.click("#merger-accept")
    page.wait_for_function(f"document.querySelector('#status').dataset.count > {before}")
    w.assert_clean()
