"""Lost Atlas games brought to a decision by bots and imported into the server
(``POST /api/games/import``), opened in a browser that holds the seats it is given."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from typing import Any

import boardroom
from boardroom.bots.base import make_bot
from boardroom.core.game import Game

NAMES = ("Ann", "Bob", "Cy")


def bots_until(seed: int, wanted: Callable[[list[str]], bool], players: int = 2,
               options: dict[str, Any] | None = None, after: int = 0) -> Game:
    """A Short game played by heuristic bots until the seat to act has legal actions
    that ``wanted`` accepts (once ``after`` actions have been played)."""
    game = boardroom.new_game("lost_atlas", list(NAMES[:players]), seed=seed,
                              options={"mode": "short", **(options or {})})
    bots = [make_bot("heuristic", seed=i) for i in range(players)]
    for _ in range(3000):
        if not game.to_act:
            break
        if len(game.record.actions) >= after and wanted([str(a) for a in game.legal_actions()]):
            return game
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    raise AssertionError("the bots never reached the decision wanted")


def starting(prefix: str) -> Callable[[list[str]], bool]:
    return lambda actions: any(a.startswith(prefix) for a in actions)


def import_game(base: str, game: Game) -> tuple[str, list[str]]:
    req = urllib.request.Request(base + "/api/games/import", json.dumps(
        {"record": game.to_record()}).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as reply:
        created = json.loads(reply.read())
    return created["id"], [s["token"] for s in created["seats"]]


def open_seats(w: Any, game_id: str, tokens: list[str]) -> None:
    """This browser holds ``tokens`` (hotseat: the table shows whoever must act among
    them); with one token it is that seat's own link."""
    page = w.page
    if len(tokens) == 1:
        page.goto(f"{w.base}/games/{game_id}#token={tokens[0]}")
    else:
        for token in tokens:
            page.goto(f"{w.base}/games/{game_id}#token={token}")
            page.wait_for_selector("#map svg")
        page.goto(f"{w.base}/#/game/{game_id}")
    page.wait_for_selector("#map svg")
    page.wait_for_selector("body:not(.busy)")


def count(page: Any) -> int:
    return int(page.locator("#status").get_attribute("data-count"))


def wait_past(page: Any, before: int) -> None:
    page.wait_for_function(f"document.querySelector('#status').dataset.count > {before}")
    page.wait_for_selector("body:not(.busy)")
    page.wait_for_selector("#map svg")


def click_svg(page: Any, target: Any) -> None:
    page.locator("#map").scroll_into_view_if_needed()
    box = target.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
