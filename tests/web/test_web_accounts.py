"""Issue 27 in the browser: two people sign up in two browser contexts, one opens a table
with a free seat, the other finds it in "Open games" and joins; they chat and play Acquire
to the end by clicking. Each sees "my games" put the game that waits on them first and the
tab title and icon mark it; afterwards the leaderboard and the profiles show both. A
spectator context follows the game from the spectator link, over its tokenless live
socket."""

from __future__ import annotations

import secrets
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from test_web_acquire import _decide

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: server_support
from server_support import fresh_pg_database, require_postgres, start_server

PASSWORD = "a long enough password"


def sign_up(w: Any, name: str) -> None:
    page = w.page
    page.goto(w.base + "/#/signup")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_selector("#nav-me")
    assert page.locator("#nav-me").inner_text() == name


def marker(w: Any) -> int:
    return int(w.page.evaluate("document.body.dataset.waiting || '0'"))


def test_two_accounts_open_join_chat_and_play_acquire_to_the_end(open_page: Any) -> None:
    the_flow(open_page(), open_page(), open_page(), "accounts")


def test_the_same_flow_on_postgresql_with_two_server_processes(open_page: Any) -> None:
    """Ann's browser talks to one ``boardroom serve``, Bob's and the spectator's to
    another; both processes share one PostgreSQL database (live updates and chat cross
    between them by LISTEN/NOTIFY)."""
    with fresh_pg_database(require_postgres()) as url:
        one = start_server("--database", url, "--allow-private-webhooks")
        two = start_server("--database", url, "--allow-private-webhooks")
        try:
            ann, bob, watcher = open_page(), open_page(), open_page()
            ann.base, bob.base, watcher.base = one.url, two.url, two.url
            the_flow(ann, bob, watcher, "accounts-pg")
        finally:
            one.stop()
            two.stop()


def the_flow(ann: Any, bob: Any, watcher: Any, prefix: str) -> None:
    """The whole issue-27 flow; ``prefix`` names the screenshots."""
    tag = secrets.token_hex(3)
    ann_name, bob_name = f"ann{tag}", f"bob{tag}"
    hosts = {urlsplit(w.base).netloc for w in (ann, bob, watcher)}
    sign_up(ann, ann_name)
    ann.page.wait_for_selector("#no-games")
    ann.shot(f"{prefix}-01-my-games-empty")
    sign_up(bob, bob_name)

    # Ann opens a table for two: her seat and a free one
    ann.page.goto(ann.base + "/#/open")
    ann.page.wait_for_selector("#open-table-form")
    ann.page.fill("#ot-name", f"Friday {tag}")
    ann.page.fill("#ot-seats", "2")
    ann.page.dispatch_event("#ot-seats", "input")
    ann.shot(f"{prefix}-02-open-a-table")
    ann.page.click("#ot-create")
    ann.page.wait_for_selector("#table-seats")
    assert "free" in ann.page.locator("#table-seats").inner_text()
    ann.shot(f"{prefix}-03-table-waiting")

    # Bob finds it among the open games and joins: the game starts
    bob.page.goto(bob.base + "/#/open")
    row = bob.page.locator(f'.open-table:has-text("Friday {tag}")')
    row.wait_for()
    bob.shot(f"{prefix}-04-open-games")
    row.locator(".see-table").click()
    bob.page.click("#join-table")
    bob.page.wait_for_selector(".aq-board")
    ann.page.wait_for_selector(".aq-board", timeout=20_000)  # her table page follows
    game_url = bob.page.url
    game_id = game_url.rsplit("/", 1)[1]
    assert bob.page.locator("#me").inner_text() == bob_name
    assert ann.page.locator("#me").inner_text() == ann_name

    # a spectator follows the game from the spectator link
    watcher.page.goto(watcher.base + f"/games/{game_id}")
    watcher.page.wait_for_selector(".aq-board")

    # chat, live, as text (markup stays text)
    ann.page.fill("#chat-input", "hello <b>Bob</b>")
    ann.page.press("#chat-input", "Enter")
    bob.page.wait_for_selector('#chat-lines li:has-text("hello <b>Bob</b>")')
    assert bob.page.locator("#chat-lines b").count() == 0
    bob.page.fill("#chat-input", "hi Ann, good luck")
    bob.page.click("#chat-send")
    ann.page.wait_for_selector('#chat-lines li:has-text("good luck")')
    watcher.page.wait_for_selector('#chat-lines li:has-text("good luck")', timeout=15_000)
    assert watcher.page.locator("#chat-read-only").is_visible()  # spectators read only
    assert not watcher.page.locator("#chat-input").is_visible()
    ann.shot(f"{prefix}-05-table-with-chat")

    # my games: the game waiting on a player is first, and their tab is marked
    waiting = ann if ann.page.locator("#waiting").inner_text() == ann_name else bob
    idle = bob if waiting is ann else ann
    for w in (waiting, idle):
        w.page.goto(w.base + "/#/")
        w.page.wait_for_selector("#my-games")
    first = waiting.page.locator("#my-games tbody tr").first
    assert "Waiting on you" in first.inner_text() and "acting" in first.get_attribute("class")
    assert "In play" in idle.page.locator("#my-games tbody tr").first.inner_text()
    waiting.page.wait_for_function("document.title === '(1) Boardroom'")
    assert idle.page.title() == "Boardroom"
    assert "svg" in (waiting.page.get_attribute('link[rel="icon"]', "href") or "")
    waiting.shot(f"{prefix}-06-my-games-waiting-first")
    idle.shot(f"{prefix}-06b-my-games-not-waiting")

    # play it out by clicking, each at their own table
    for w in (ann, bob):
        w.page.goto(w.base + f"/#/play/{game_id}")
        w.page.wait_for_selector(".aq-board")
    before = watcher.page.locator("#status").get_attribute("data-count")
    seen: set[str] = set()
    shot: set[str] = {"place", "chain", "dispose", "buy", "end"}  # photographed elsewhere
    marks: dict[str, set[int]] = {ann_name: set(), bob_name: set()}
    deadline = time.monotonic() + 420
    while time.monotonic() < deadline:
        if ann.page.locator("#final-scores").count():
            break
        acted = None
        for w, name in ((ann, ann_name), (bob, bob_name)):
            def first_wait(w: Any = w, name: str = name) -> None:
                # the first time the game waits on this player, let the page's poll (every
                # 8 s) see it before the click ends it: a quick turn can fall between polls.
                # Asked only once the page shows the decision with no action in flight, so
                # a decision that is just ending is not taken for one that waits.
                if 1 not in marks[name]:
                    w.page.wait_for_function("document.body.dataset.waiting === '1'",
                                             timeout=20_000)
                    marks[name].add(marker(w))
            acted = _decide(w, shot, first_wait)
            if acted:
                seen.add(acted)
                break
        if acted is None:
            ann.page.wait_for_timeout(150)
        for w, name in ((ann, ann_name), (bob, bob_name)):
            marks[name].add(marker(w))  # the tab marker, as the page's poll last set it
    ann.page.wait_for_selector("#final-scores", timeout=10_000)
    bob.page.wait_for_selector("#final-scores", timeout=10_000)
    # once the game is over it waits on nobody: both tabs lose the mark (the page's poll
    # may not have caught a player's unmarked moments in a quick game)
    for w, name in ((ann, ann_name), (bob, bob_name)):
        w.page.wait_for_function("(document.body.dataset.waiting || '0') === '0'",
                                 timeout=20_000)
        marks[name].add(marker(w))
    # each tab was marked while the game waited on its player, and unmarked otherwise
    assert marks[ann_name] >= {0, 1} and marks[bob_name] >= {0, 1}, marks
    watcher.page.wait_for_selector("#final-scores", timeout=15_000)
    assert watcher.page.locator("#status").get_attribute("data-count") != before
    ann.shot(f"{prefix}-07-final-scores")
    watcher.shot(f"{prefix}-07b-spectator-final")

    # the ratings: both on the leaderboard, each profile with a chart
    ann.page.goto(ann.base + "/#/leaderboard/acquire")
    ann.page.wait_for_selector("#leaderboard-table")
    board = ann.page.locator("#leaderboard-table").inner_text()
    assert ann_name in board and bob_name in board
    ann.shot(f"{prefix}-08-leaderboard")
    bob.page.goto(bob.base + f"/#/profile/{bob_name}")
    bob.page.wait_for_selector("#rating-chart")
    assert "1 game played" in bob.page.locator("#profile-counts").inner_text()
    bob.shot(f"{prefix}-09-profile")
    bob.page.goto(bob.base + "/#/settings")
    bob.page.wait_for_selector("#settings-form")
    # a hook on this machine (the server under test allows private webhooks; a name would
    # need DNS, and the rule's refusals are tested in test_notify.py)
    bob.page.fill("#set-webhook", "http://127.0.0.1:9/api/webhooks/1")
    bob.page.click("#save-settings")
    bob.page.wait_for_selector("#settings-said:has-text('Saved')")
    bob.shot(f"{prefix}-10-settings")
    for w in (ann, bob, watcher):
        w.foreign[:] = [u for u in w.foreign if urlsplit(u).netloc not in hosts]
        w.assert_clean()
