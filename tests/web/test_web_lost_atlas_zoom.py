"""The Lost Atlas map's +/- buttons zoom around the cursor's last place over the map (or
the hex being previewed), not the middle of the view; and at 1280x800 the previewed
hex stays in sight, above the sticky Rotate/Confirm panel, when the player rotates the
tile and zooms (``test-artifacts/web/la-zoom-*.png``)."""

from __future__ import annotations

from typing import Any

from la_games import bots_until, click_svg, import_game, open_seats, starting

LAPTOP = {"width": 1280, "height": 800}

# the map's point (viewBox units) under a point given as fractions of the map's frame
_UNDER = """([fx, fy]) => {
  const el = document.querySelector('#map svg'), r = el.getBoundingClientRect();
  const pt = el.createSVGPoint(); pt.x = r.left + fx * r.width; pt.y = r.top + fy * r.height;
  const p = pt.matrixTransform(el.getScreenCTM().inverse()); return [p.x, p.y];
}"""


def _width(page: Any) -> float:
    return float(page.locator("#map svg").get_attribute("viewBox").split()[2])


def _close(a: list[float], b: list[float], tolerance: float) -> bool:
    return abs(a[0] - b[0]) <= tolerance and abs(a[1] - b[1]) <= tolerance


def _in_sight(page: Any, hex_box: dict[str, float]) -> None:
    """The box is inside the window and above the sticky panel of Rotate and Confirm."""
    panel = page.locator("#hex-panel").bounding_box()
    assert hex_box["y"] >= 0 and hex_box["x"] >= 0, hex_box
    assert hex_box["x"] + hex_box["width"] <= LAPTOP["width"], hex_box
    assert hex_box["y"] + hex_box["height"] <= panel["y"] + 1, (hex_box, panel)


def test_the_zoom_buttons_zoom_around_the_cursors_last_place(open_page: Any) -> None:
    game = bots_until(5, starting("lay "), after=150)
    w = open_page(**LAPTOP)
    page = w.page
    open_seats(w, *import_game(w.base, game))
    page.locator("#map").scroll_into_view_if_needed()
    box = page.locator("#map svg").bounding_box()
    at = [0.25, 0.3]
    page.mouse.move(box["x"] + at[0] * box["width"], box["y"] + at[1] * box["height"])
    under, middle = page.evaluate(_UNDER, at), page.evaluate(_UNDER, [0.5, 0.5])
    before = _width(page)
    page.click("#zoom-in")
    assert _width(page) < before * 0.85  # it zoomed in
    assert _close(page.evaluate(_UNDER, at), under, before * 0.005)  # the cursor's point stays
    assert not _close(page.evaluate(_UNDER, [0.5, 0.5]), middle, before * 0.02)  # not the middle
    page.click("#zoom-out")
    assert abs(_width(page) - before) < 0.01 * before
    assert _close(page.evaluate(_UNDER, at), under, before * 0.005)
    w.assert_clean()


def test_at_1280x800_the_previewed_hex_stays_in_sight_through_rotate_and_zoom(
        open_page: Any) -> None:
    game = bots_until(5, starting("lay "), after=150)
    w = open_page(**LAPTOP)
    page = w.page
    open_seats(w, *import_game(w.base, game))
    click_svg(page, page.locator("#overlay .target[data-target]").first)
    page.wait_for_selector("#hex-panel h2")
    if not page.locator("#confirm").count():
        page.locator("button.family").first.click()
    page.wait_for_selector("#confirm")
    selected = "#overlay .target.selected"
    page.screenshot(path=str(w_path("la-zoom-preview-1280")))
    _in_sight(page, page.locator(selected).bounding_box())
    if page.locator("#rotate").count():
        page.click("#rotate")
        page.wait_for_function(  # the redraw with the next rotation is done
            "document.querySelector('#rotate')?.textContent.startsWith('Rotate (2/')")
        page.wait_for_selector("body:not(.busy)")
        page.wait_for_selector(selected)
        _in_sight(page, page.locator(selected).bounding_box())
    # + and − keep the previewed hex where it is on the screen
    page.wait_for_selector(selected)
    here = page.locator(selected).bounding_box()
    page.click("#zoom-in")
    there = page.locator(selected).bounding_box()
    middle = [here["x"] + here["width"] / 2, here["y"] + here["height"] / 2]
    assert _close([there["x"] + there["width"] / 2, there["y"] + there["height"] / 2], middle, 3)
    assert there["width"] > here["width"] * 1.15
    _in_sight(page, there)
    page.screenshot(path=str(w_path("la-zoom-preview-1280-zoomed")))
    # the confirm button itself is in the window too
    confirm = page.locator("#confirm").bounding_box()
    assert confirm["y"] >= 0 and confirm["y"] + confirm["height"] <= LAPTOP["height"], confirm
    w.assert_clean()


def w_path(name: str) -> Any:
    from conftest import ARTIFACTS

    return ARTIFACTS / f"{name}.png"
