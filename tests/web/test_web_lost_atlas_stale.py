"""A preview still on its way when the player confirms: on a slow (loaded) server the
rotated piece's preview can reach the server after the action it previews, when that
action is no longer legal, and the server refuses it (422, a console error). The page
drops the previews of a position it is leaving when it acts (the flaky 422 of
``test_a_lost_atlas_short_game_by_clicking``). The delay is the page's own fetch held
back in the browser, so the order is the same every run.

The game can also move on under the page (another seat or a bot acts): a preview the page
asked for at the old count is answered 409 and the page fetches the table again without
a message, and an action sent at the old count gets a neutral note, not a refusal. Here
the test plays that other action through the API while the page's live updates (its
WebSocket and polls) are switched off, so the page cannot have seen it."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
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


# the page learns of no change by itself: no WebSocket, and polls skip (document.hidden);
# map previews wait while window.holdPreviews is set
UNAWARE = """(() => {
  window.WebSocket = undefined;
  Object.defineProperty(Document.prototype, "hidden", {configurable: true, get: () => true});
  const send = window.fetch;
  window.holdPreviews = false;
  window.heldPreviews = 0;
  window.fetch = (url, options) => {
    if (!window.holdPreviews || !/\\/map\\?preview=/.test(String(url))) return send(url, options);
    window.heldPreviews += 1;
    return new Promise((go) => {
      const wait = setInterval(() => {
        if (!window.holdPreviews) { clearInterval(wait); go(); }
      }, 20);
    }).then(() => send(url, options)).finally(() => { window.heldPreviews -= 1; });
  };
})()"""


def _get(base: str, path: str, token: str) -> Any:
    req = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=30) as reply:
        return json.loads(reply.read())


def _svg_hexes(svg: str) -> set[str]:
    return {part.split('"', 1)[0] for part in svg.split(' data-hex="')[1:]}


def _someone_else_acts(base: str, game_id: str, tokens: list[str],
                       unlike: set[str] | None = None) -> int:
    """The seat to act plays its first legal action behind the page's back (with
    ``unlike``, the first whose map does not draw all of those hexes); the new count."""
    state = _get(base, f"/api/games/{game_id}", tokens[0])
    token = tokens[state["to_act"][0]]
    state = _get(base, f"/api/games/{game_id}", token)

    def drawn(notation: str) -> set[str]:
        query = urllib.parse.urlencode({"preview": notation, "after": state["count"]})
        return _svg_hexes(_get(base, f"/api/games/{game_id}/map?{query}", token)["svg"])

    action = next(a["notation"] for a in state["legal"]
                  if unlike is None or not unlike <= drawn(a["notation"]))
    req = urllib.request.Request(base + f"/api/games/{game_id}/actions", json.dumps(
        {"action": action, "after": state["count"]}).encode(),
        {"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=30) as reply:
        return int(json.loads(reply.read())["count"])


# every table swapped in from now on: the hexes its map draws (the hexes a preview adds
# are those of the piece it places) and whether a note or refusal is shown
WATCH_MAPS = """(() => {
  window.mapsDrawn = [];
  const shown = document.querySelector("#map svg");  // the table drawn already: not counted
  const look = () => {
    const svg = document.querySelector("#map svg");
    if (!svg || svg === shown) return;
    const hexes = [...svg.querySelectorAll("polygon.hex[data-hex]")].map((p) => p.dataset.hex);
    const said = !!document.querySelector("#refusal:not([hidden])");
    const last = window.mapsDrawn[window.mapsDrawn.length - 1];
    if (last && last.svg === svg && last.said === said) return;
    window.mapsDrawn.push({svg, hexes, said});
  };
  new MutationObserver(look).observe(document.body,
    {childList: true, subtree: true, attributes: true});
})()"""


def _map_hexes(page: Any) -> set[str]:
    return set(page.eval_on_selector_all(
        "#map svg polygon.hex[data-hex]", "ps => ps.map((p) => p.dataset.hex)"))


def _only_status(errors: list[str], status: int) -> None:
    # Chromium logs a refused request's status itself; that line alone is expected
    assert errors and all(f"status of {status}" in e for e in errors), errors


def test_a_preview_after_the_game_moved_on_refetches_the_table_silently(open_page: Any) -> None:
    w = open_page()
    page = w.page
    page.add_init_script(UNAWARE)
    game_id, tokens = _new_game(w.base, 2)
    open_seats(w, game_id, tokens)
    click_svg(page, page.locator("#overlay .target").first)
    page.wait_for_selector("#confirm")
    assert page.locator("#rotate").count() == 1, "the first piece has several rotations here"
    page.evaluate("window.holdPreviews = true")
    page.click("#rotate")      # its preview (after=0) waits in the browser
    page.wait_for_function("window.heldPreviews === 1")
    assert _someone_else_acts(w.base, game_id, tokens) == 1
    page.evaluate("window.holdPreviews = false")  # it reaches a game with 1 action: 409
    wait_past(page, 0)
    assert count(page) == 1
    assert page.locator("#refusal").is_hidden()  # no message: the player did nothing wrong
    assert not page.locator("text=could not be drawn").count()
    _only_status(w.errors, 409)
    del w.errors[:]
    w.assert_clean()


def test_an_action_after_the_game_moved_on_gets_a_note_not_a_refusal(open_page: Any) -> None:
    w = open_page()
    page = w.page
    page.add_init_script(UNAWARE)
    game_id, tokens = _new_game(w.base, 2)
    open_seats(w, game_id, tokens)
    before = _map_hexes(page)
    click_svg(page, page.locator("#overlay .target").first)
    page.wait_for_selector("#confirm")
    page.wait_for_function(
        f"document.querySelectorAll('#map svg polygon.hex').length > {len(before)}")
    previewed = _map_hexes(page) - before   # the hexes of the piece the preview places
    assert previewed
    # the other action places the piece otherwise (another rotation or spot)
    assert _someone_else_acts(w.base, game_id, tokens, unlike=previewed) == 1
    real = _svg_hexes(_get(w.base, f"/api/games/{game_id}/map", tokens[0])["svg"])
    unplayed = previewed - real            # drawn by the preview only, not by the game now
    assert unplayed, "the other action places its piece elsewhere"
    page.evaluate(WATCH_MAPS)
    page.click("#confirm")     # sent with after=0: 409
    page.wait_for_selector("#refusal:not([hidden])")
    page.wait_for_selector("body:not(.busy)")
    note = page.locator("#refusal").inner_text()
    assert "changed before your action arrived (now 1 action)" in note, note
    assert "nothing was played" in note and "refused" not in note, note
    assert count(page) == 1    # the table shown is the game as it is now
    # no table drawn since the Confirm shows the unplayed action's preview, not even the
    # first one the note comes with: the map is the game's map at 1 action
    drawn = page.evaluate("window.mapsDrawn.map((m) => ({hexes: m.hexes, said: m.said}))")
    assert any(m["said"] for m in drawn), drawn
    assert all(not unplayed & set(m["hexes"]) for m in drawn), (unplayed, drawn)
    assert _map_hexes(page) == real
    _only_status(w.errors, 409)
    del w.errors[:]
    w.assert_clean()


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
