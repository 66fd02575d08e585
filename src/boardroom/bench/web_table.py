"""Benchmark of the browser table (a shipped command, not a timed test).

    boardroom bench web table [--lays 10] [--loads 5] [--clicks 10] [--seed 5]

Starts ``boardroom serve`` on a free port of 127.0.0.1 with a fresh data folder, drives
Debian's Chromium (``/usr/bin/chromium``, or ``--chromium PATH``) through Playwright and
prints:

* first load: from navigation to a Lost Atlas table with its map drawn, and to the lobby;
* click to redrawn table for a tile lay: from the click on Confirm of a previewed lay to
  the table showing the new action count with the new map (measured inside the page with
  ``performance.now()``), each lay then taken back with Undo and laid again;
* click to redrawn table for a bid (the auction panel's Bid) and for a payout (the
  operating panel's Pay out), each taken back with Undo and made again.

Targets (issues 11 and 31): tile lay, bid and payout under 150 ms, first load under 1 s, on
localhost.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

CONFIRM_AND_WAIT = """async (selector) => {
  const before = document.querySelector('#status').dataset.count;
  const t0 = performance.now();
  document.querySelector(selector || '#confirm').click();
  while (true) {
    await new Promise(requestAnimationFrame);
    const s = document.querySelector('#status');
    if (s && s.dataset.count !== before && !document.body.classList.contains('busy')
        && document.querySelector('#map svg')) return performance.now() - t0;
    if (performance.now() - t0 > 10000) return -1;
  }
}"""


def _post(base: str, path: str, body: Any, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + path, json.dumps(body).encode(), headers)
    with urllib.request.urlopen(req, timeout=30) as reply:
        return json.loads(reply.read())


def _get(base: str, path: str, token: str) -> Any:
    req = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=30) as reply:
        return json.loads(reply.read())


def _to_decision(base: str, game_id: str, tokens: list[str], wanted: str,
                 prefer: tuple[str, ...] = ("launch", "piece", "capital", "filler", "auction",
                                            "pass", "done", "payout")) -> str:
    """Play by the API (map building, the first auctions...) until a seat may play an
    action starting with ``wanted``; answer that seat's token."""
    for _ in range(600):
        snap = _get(base, f"/api/games/{game_id}", tokens[0])
        seat = snap["to_act"][0]
        mine = _get(base, f"/api/games/{game_id}", tokens[seat])
        legal = [a["notation"] for a in mine["legal"]]
        if any(n.startswith(wanted) for n in legal):
            return str(tokens[seat])
        pick = next((n for p in prefer for n in legal if n.startswith(p)), legal[0])
        _post(base, f"/api/games/{game_id}/actions", {"action": pick, "after": mine["count"]},
              tokens[seat])
    raise RuntimeError(f"no {wanted!r} reached")


def _to_first_lay(base: str, game_id: str, tokens: list[str]) -> str:
    """The seat that may first lay track (its token)."""
    return _to_decision(base, game_id, tokens, "lay ")


def _new_game(base: str, seed: int) -> tuple[str, list[str]]:
    created = _post(base, "/api/games", {"title": "lost_atlas", "seed": seed,
                                         "options": {"mode": "short"},
                                         "seats": [{"name": "Ann"}, {"name": "Bob"}]})
    return created["id"], [s["token"] for s in created["seats"]]


def _clicks(browser: Any, url: str, button: str, times: int) -> list[float]:
    """Click ``button`` (the page's own control) ``times`` times, each to the redrawn
    table, each taken back with Undo."""
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    page.goto(url)
    page.wait_for_selector("#map svg")
    out: list[float] = []
    for _ in range(times):
        page.wait_for_selector("body:not(.busy)")
        page.wait_for_selector(button)
        out.append(float(page.evaluate(CONFIRM_AND_WAIT, button)))
        count = page.locator("#status").get_attribute("data-count")
        page.click("#undo")
        page.wait_for_function(
            f"document.querySelector('#status').dataset.count == {int(count or 1) - 1}")
    page.context.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="boardroom bench web table",
                                     description="the browser table: first load and "
                                     "click-to-redraw of a tile lay (Chromium)")
    parser.add_argument("--seed", type=int, default=5, help="the Lost Atlas game's seed")
    parser.add_argument("--lays", type=int, default=10)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=10, help="bids and payouts measured")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    import socket

    from playwright.sync_api import sync_playwright

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = tempfile.mkdtemp(prefix="boardroom-bench-web-")
    server = subprocess.Popen(
        [str(Path(sys.executable).with_name("boardroom")), "serve", "--port", str(port),
         "--data", data, "--allow-chosen-seeds"],  # seeded games of people: the same positions
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(base + "/api/web/titles", timeout=1).read()
                break
            except OSError:
                time.sleep(0.2)
        game_id, tokens = _new_game(base, args.seed)
        token = _to_first_lay(base, game_id, tokens)
        url = f"{base}/games/{game_id}#token={token}"
        bid_id, bid_tokens = _new_game(base, args.seed)
        bid_url = f"{base}/games/{bid_id}#token={_to_decision(base, bid_id, bid_tokens, 'bid ')}"
        pay_id, pay_tokens = _new_game(base, args.seed)
        pay_token = _to_decision(base, pay_id, pay_tokens, "payout",
                                 ("launch", "piece", "capital", "filler", "auction", "train",
                                  "run", "pass", "done"))
        pay_url = f"{base}/games/{pay_id}#token={pay_token}"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
            loads, lobby = [], []
            for _ in range(args.loads):
                page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
                t0 = time.perf_counter()
                page.goto(url)
                page.wait_for_selector("#map svg")
                loads.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                page.goto(base + "/")
                page.wait_for_selector("#create")
                lobby.append((time.perf_counter() - t0) * 1000)
                page.context.close()
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            page.goto(url)
            page.wait_for_selector("#map svg")
            lays: list[float] = []
            for _ in range(args.lays):
                page.wait_for_selector("body:not(.busy)")
                target = page.locator("#overlay [data-target]").first
                box = target.bounding_box()
                assert box is not None
                page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                if not page.locator("#confirm").count():
                    page.locator("button.family").first.click()
                page.wait_for_selector("#confirm")
                page.wait_for_selector("#preview-note")
                lays.append(float(page.evaluate(CONFIRM_AND_WAIT)))
                count = page.locator("#status").get_attribute("data-count")
                page.click("#undo")
                page.wait_for_function(
                    f"document.querySelector('#status').dataset.count == {int(count or 1) - 1}")
            bids = _clicks(browser, bid_url, "#bid-submit", args.clicks)
            payouts = _clicks(browser, pay_url, "#payout-choices button[data-notation='payout']",
                              args.clicks)
            browser.close()
    finally:
        server.terminate()
        server.wait(10)

    def line(name: str, values: list[float], target: float) -> str:
        ok = "meets" if statistics.median(values) < target else "MISSES"
        return (f"{name}: median {statistics.median(values):.0f} ms, max {max(values):.0f} ms "
                f"over {len(values)} ({ok} the {target:.0f} ms target)")

    print(line("first load, Lost Atlas table with its map", loads, 1000))
    print(line("first load, lobby", lobby, 1000))
    print(line("tile lay, click Confirm to redrawn table", lays, 150))
    print(line("bid, click Bid to redrawn table", bids, 150))
    print(line("payout, click Pay out to redrawn table", payouts, 150))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
