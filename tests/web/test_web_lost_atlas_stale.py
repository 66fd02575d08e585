"""A preview still on its way when the player confirms: on a slow (loaded) server the
rotated piece's preview can reach the server after the action it previews, when that
action is no longer legal, and the server refuses it (422, a console error). The page
drops the previews of a position it is leaving when it acts (the flaky 422 of
``test_a_lost_atlas_short_game_by_clicking``). The delay is the page's own fetch held
back in the browser, so the order is the same every run."""

from __future__ import annotations

from typing import Any

from la_games import click_svg, count, open_seats, wait_past
from test_web_lost_atlas_controls import _new_game

# every map preview the page asks for leaves 600 ms late, as from a loaded machine
SLOW_PREVIEWS = """(() => {
  const send = window.fetch;
  window.slowPreviews = 0;  // previews held back or on their way
  window.fetch = (url, options) => {
    if (!/\\/map\\?preview=/.test(String(url))) return send(url, options);
    window.slowPreviews += 1;
    return new Promise((wait) => setTimeout(wait, 600)).then(() => send(url, options))
      .finally(() => { window.slowPreviews -= 1; });
  };
})()"""


def test_confirming_before_the_rotated_preview_comes_sends_no_stale_preview(
        open_page: Any) -> None:
    w = open_page()
    page = w.page
    page.add_init_script(SLOW_PREVIEWS)
    open_seats(w, *_new_game(w.base, 2))
    click_svg(page, page.locator("#overlay .target").first)
    page.wait_for_selector("#confirm")
    assert page.locator("#rotate").count() == 1, "the first piece has several rotations here"
    page.click("#rotate")      # its preview leaves in 600 ms
    page.click("#confirm")     # confirmed at once: the rotation chosen is played
    wait_past(page, 0)
    assert count(page) == 1
    page.wait_for_function("window.slowPreviews === 0")  # each answered, refused or dropped
    assert not page.locator("text=could not be drawn").count()
    w.assert_clean()           # no refused (422) preview of the position left behind
