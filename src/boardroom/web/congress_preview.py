"""What a Congress action would do, worked out on a copy of the state, for the table's
previews: every player's cash and months, every company's income, treasury and status
before and after, and the sentences the action would log.

Congress hides nothing (its view is the same for every seat, docs/congress.md), and no
Congress action draws from the seed, so playing an action on a copy reveals nothing a
seat does not already see; the endpoint serves Congress only for that reason.

>>> import boardroom
>>> game = boardroom.new_game("congress", ["Ann", "Bob"], seed=1)
>>> seat = game.to_act[0]
>>> out = preview(game, seat, "auction LMR")
>>> out["legal"], out["log"][0].endswith("auctions a LMR share.")
(True, True)
>>> preview(game, seat, "bid 3")["legal"]
False
"""

from __future__ import annotations

from typing import Any

from boardroom.core.errors import IllegalAction
from boardroom.core.game import Game

TITLE = "congress"


def _snapshot(view: dict[str, Any]) -> dict[str, Any]:
    months = {m["player"]: m["month"] for m in view.get("months", {}).get("track", [])}
    return {
        "players": [{"name": p["name"], "cash": p["cash"], "months": months.get(p["name"]),
                     "shares": dict(p.get("shares", {}))} for p in view["players"]],
        "companies": {c["id"]: {"income": c["income"], "treasury": c["treasury"],
                                "status": c["status"], "markers": c["markers"]}
                      for c in view["companies"]},
        "cities": {c["id"]: c["value"] for c in view["cities"]},
    }


def preview(game: Game, seat: int, notation: str) -> dict[str, Any]:
    """``{legal, rule, error}`` and, for a legal action, ``players`` (each one's cash and
    months before and after), ``companies`` (those that change), ``cities`` (values that
    change) and ``log`` (the action's sentences). The game itself is not touched."""
    if game.title.name != TITLE:
        raise ValueError("previews are made for Congress only")
    try:
        action = game.parse(notation)
    except IllegalAction as exc:
        return {"legal": False, "rule": exc.rule, "error": exc.message}
    title = game.title
    state = game.state
    error = (title.check(state, action, seat) if seat in game.to_act else
             IllegalAction("core.not-your-decision",
                           f"{game.players[seat]} is not asked to decide now"))
    if error is not None:
        return {"legal": False, "rule": error.rule, "error": error.message}
    before = _snapshot(title.view(state, None))
    copy = title.copy_state(state)
    try:
        log = title.apply(copy, action, seat)
    except Exception:  # a bug in the rules: say so, never a traceback to the page
        return {"legal": False, "rule": "preview",
                "error": "this action could not be previewed; it can still be played"}
    after = _snapshot(title.view(copy, None))
    players = [{"name": b["name"], "cash": [b["cash"], a["cash"]],
                "months": [b["months"], a["months"]],
                "shares": [b["shares"], a["shares"]]}
               for b, a in zip(before["players"], after["players"], strict=True)]
    companies = {cid: {k: [old[k], after["companies"][cid][k]] for k in old}
                 for cid, old in before["companies"].items()
                 if old != after["companies"][cid]}
    cities = {cid: [value, after["cities"][cid]] for cid, value in before["cities"].items()
              if value != after["cities"][cid]}
    return {"legal": True, "rule": None, "error": None, "action": str(action),
            "label": title.label(state, action, seat), "players": players,
            "companies": companies, "cities": cities, "log": log}
