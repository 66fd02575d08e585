"""Playing Lost Atlas through the main area of the browser table, as a person does: the
map, the drawn piece, the decision panels and the routes, never the side list of every
legal action nor a typed notation (the whole-game browser tests share these), and the
photographs of each kind of decision, wide and on a phone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

WIDE = {"width": 1400, "height": 1000}
PHONE = {"width": 390, "height": 844}


def idle(page: Any) -> None:
    page.wait_for_selector("body:not(.busy)")
    page.wait_for_selector("#map svg")


def count(page: Any) -> int:
    return int(page.locator("#status").get_attribute("data-count"))


def settled(page: Any) -> None:
    """The previews a panel waits for have come (no '…' left in the main area)."""
    page.wait_for_function(
        "![...document.querySelectorAll('#board-area .outcome')].some(e => e.textContent === '…')")


class Photographer:
    def __init__(self, w: Any, prefix: str = "la-panel") -> None:
        self.w = w
        self.prefix = prefix
        self.taken: list[str] = []

    def __call__(self, kind: str, panel: str) -> None:
        """Photograph the decision ``kind`` (once) with ``panel`` in view, wide and narrow."""
        if kind in self.taken:
            return
        self.taken.append(kind)
        page = self.w.page
        settled(page)
        for size, name in ((WIDE, "wide"), (PHONE, "phone")):
            page.set_viewport_size(size)
            page.evaluate(f"document.querySelector({panel!r})?.scrollIntoView({{block: 'start'}})")
            page.wait_for_timeout(100)
            page.screenshot(path=str(self.w_path(f"{self.prefix}-{kind}-{name}")))
            # the page never scrolls sideways
            if name == "phone" and page.locator("#actions").count():
                # the decision comes before the raw list of every legal action
                top = "getBoundingClientRect().top"
                assert page.evaluate(f"""document.querySelector({panel!r}).{top}
                    < document.querySelector('#actions').{top}"""), kind
            wide = page.evaluate("document.documentElement.scrollWidth")
            if wide > size["width"] + 1:  # name the elements that stick out
                out = page.evaluate(f"""[...document.querySelectorAll('body *')]
                    .filter(e => e.getBoundingClientRect().right > {size["width"] + 1})
                    .slice(-6).map(e => e.tagName + '#' + e.id + '.' + e.className)""")
                raise AssertionError((kind, name, wide, out))
        page.set_viewport_size(WIDE)

    def w_path(self, name: str) -> Any:
        from conftest import ARTIFACTS

        return ARTIFACTS / f"{name}.png"


def click(page: Any, selector: str) -> bool:
    el = page.locator(selector)
    if not el.count():
        return False
    before = count(page)
    el.first.click()
    idle(page)
    return count(page) != before or True


def place(page: Any, shoot: Any = None, kind: str = "") -> bool:
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
    idle(page)
    return True


@dataclass
class Play:
    """How the clicking person plays: ``pieces`` placed by hand so far (then auto-build),
    ``newest`` the train bought whenever offered ("" for the first one listed)."""

    pieces: int = 0
    newest: str = ""


def count_side_clicks(page: Any) -> None:
    """Count every click on a button of the side list (``window.__sideClicks``): the
    tests assert it stays 0."""
    page.evaluate("""document.addEventListener('click', (e) => {
        if (e.target.closest('aside.side') && e.target.closest('button'))
            window.__sideClicks = (window.__sideClicks || 0) + 1;
    }, true)""")


def _build_map(page: Any, shoot: Photographer, play: Play) -> bool:
    """A map piece or capital project: two placed by hand, then auto-build."""
    targets = page.locator("#overlay .target[data-target]").count()
    if page.locator("#piece-panel").count() and targets:
        shoot("map-piece", "#piece-panel")
        if play.pieces < 2:
            play.pieces += 1
            place(page)
            return True
    if page.locator("#capital-panel").count() and targets:
        shoot("capital-project", "#capital-panel")
    if page.locator("#auto-build").count():
        page.locator("#auto-build").click()
        page.wait_for_selector("#auto-build-stop")
        shoot("auto-build", "#la-info")
        page.wait_for_selector("#drawn-piece", state="detached", timeout=180_000)
        return True
    if place(page):
        return True
    page.wait_for_timeout(200)
    return True


def _stock(page: Any, shoot: Photographer) -> bool:
    """An auction, a launch or a Stock Round turn; False if none is shown."""
    if page.locator("#auction-panel #bid-submit").count():
        shoot("auction-bid", "#auction-panel")
        click(page, "#auction-pass")
        return True
    if page.locator("#auction-panel #auction-pass").count():
        click(page, "#auction-pass")
        return True
    if page.locator("#matrix-panel button[data-notation^='launch']").count():
        shoot("launch", "#matrix-panel")
        click(page, "#matrix-panel button[data-notation^='launch']")
        return True
    if page.locator("#auction-panel #auction-submit").count():
        shoot("stock-round", "#auction-panel")
        assert page.locator("#matrix-panel .minor-card.available").count() >= 1
        click(page, "#auction-submit")
        return True
    if page.locator("#stock-panel").count():
        if page.locator("#stock-choices").count():
            shoot("stock-buy-sell", "#stock-panel")
            assert "you then hold" in page.locator("#stock-choices").inner_text() or \
                "you keep" in page.locator("#stock-choices").inner_text()
        buy = page.locator("#stock-panel button[data-notation^='buy ']")
        if buy.count() and len(shoot.taken) % 3 == 0:
            click(page, "#stock-panel button[data-notation^='buy ']")
            return True
        if click(page, "#stock-panel button[data-notation='done']") or \
                click(page, "#stock-panel button[data-notation='pass']"):
            return True
    return False


def decide(page: Any, shoot: Photographer, play: Play) -> bool:
    """Make the decision the main area shows, by its panels, photographing its kind the
    first time; False when there was none to make (the bots act)."""
    if page.locator("#drawn-piece").count():
        return _build_map(page, shoot, play)
    if _stock(page, shoot):
        return True
    if page.locator("#offer-choices").count():  # a price box per train of another company
        shoot("train-offer-make", "#offer-choices")
    if page.locator("#train-choices").count():
        heading = page.locator("#operating-panel h2").inner_text()
        shoot("train-" + ("leadoff" if "leadoff" in heading else "buy"), "#operating-panel")
        newest = page.locator(f"#train-choices button[data-notation='train {play.newest}']")
        if play.newest and newest.count():
            settled(page)
            if "begins" in page.locator("#train-choices").inner_text():
                shoot("train-new-phase", "#operating-panel")  # the preview names the phase
            click(page, f"#train-choices button[data-notation='train {play.newest}']")
            return True
        click(page, "#train-choices button[data-notation]")
        return True
    if page.locator("#offer-terms").count():
        shoot("train-offer", "#operating-panel")
        click(page, "#operating-panel button[data-notation='agree']")
        return True
    if page.locator("#share-choices").count():
        shoot("issue-redeem", "#operating-panel")
        click(page, ".other-choices button[data-notation='pass']")
        return True
    if page.locator("#payout-choices").count():
        shoot("payout", "#operating-panel")
        text = page.locator("#payout-choices").inner_text()
        assert "+$" in text, text  # each holder's income
        click(page, "#payout-choices button[data-notation='payout']")
        return True
    if page.locator("#run-trains").count():
        shoot("routes", "#routes")
        click(page, "#run-trains")
        return True
    if page.locator("#merger-panel button").count():
        shoot("merger", "#merger-panel")
        if click(page, "#merger-accept") or click(page, "#merger-panel .majors button") or \
                click(page, "#merger-pass") or click(page, "#merger-refuse"):
            return True
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
            place(page, shoot, "track-preview")
            return True
        if kind == "track" and len(shoot.taken) % 2:
            place(page)
            return True
    if page.locator(".other-choices button[data-notation]").count():
        click(page, ".other-choices button[data-notation]")
        return True
    page.wait_for_timeout(150)  # the bots act
    return False
