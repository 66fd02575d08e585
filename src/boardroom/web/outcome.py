"""What a Lost Atlas decision would lead to, for the table's decision panels: each legal
action of this seat played on a copy of the game, and the public numbers after it (every
player's cash; every company's price, stock-track space, treasury, shares, president,
pool and trains; the phase and the trains left). The panel shows the difference from now
(a payout's income per holder and price move, a share's price after, a presidency that
changes hands, a merger's new president and price) as the engine computes it, not as the
page guesses it.

Secrets stay secret: nothing here is hidden before the action and public after it except
what the action itself reveals; so previews are refused while the map is built (placing a
piece draws the next, hidden one) and for any title but the Lost Atlas (an Acquire tile
placement draws from the bag). The game itself is untouched.

>>> import boardroom
>>> game = boardroom.new_game("lost_atlas", ["Ann", "Bob"], seed=1, options={"mode": "short"})
>>> action_outcomes(game, 0, ["pass"])
Traceback (most recent call last):
...
boardroom.web.outcome.OutcomeRefused: no outcome is previewed while the map is built: \
the next map piece is hidden
"""

from __future__ import annotations

from typing import Any

from boardroom.core.errors import BoardroomError, IllegalAction
from boardroom.core.game import Game

MAX_ACTIONS = 12
"""The most actions one request may preview."""

MAX_STEPS = 3
"""The most steps one previewed sequence may hold (``"accept; major union"``)."""

MAX_NEXT = 40
"""The most of the next seat's legal actions an outcome lists."""


class OutcomeRefused(Exception):
    """This game or this moment offers no outcome preview (the sentence says why)."""


def _summary(game: Game, seat: int) -> dict[str, Any]:
    view = game.view(seat)
    spaces = {company: int(space) for space, tokens in view["stock_track"].items()
              for company in tokens}
    companies = {
        cid: {"name": c["name"], "kind": c["kind"], "price": c["price"],
              "space": spaces.get(cid), "treasury": c["treasury"], "shares": c["shares"],
              "president": c["president"], "pool_shares": c["pool_shares"],
              "treasury_shares": c["treasury_shares"], "trains": c["trains"]}
        for cid, c in view["companies"].items()}
    return {"players": [{"cash": p["cash"]} for p in view["players"]],
            "companies": companies, "phase": view["phase"], "round": view["round"],
            "trains": {"top": view["trains"]["top"], "stack": view["trains"]["stack"],
                       "pool": view["trains"]["pool"]},
            "merger": view.get("merger"), "to_act": list(game.to_act),
            # what the next seat to act may then do (public: the state is public), so a
            # panel can preview a two-step decision ("accept; major union")
            "next": [str(a) for a in game.legal_actions(game.to_act[0])][:MAX_NEXT]
            if game.to_act else []}


def action_outcomes(game: Game, seat: int, notations: list[str]) -> list[dict[str, Any]]:
    """Each notation played by ``seat`` on a copy: ``{action, legal, after}`` (or the
    refusal's ``rule`` and ``error``). A notation may be a short sequence joined by
    ``;``: its first step is ``seat``'s, each later one is played by whoever must act
    then. Raises :class:`OutcomeRefused` where no preview is offered."""
    if game.title.name != "lost_atlas":
        raise OutcomeRefused(f"{game.title.display_name} offers no outcome preview "
                             "(a tile placement draws from the hidden bag)")
    if getattr(game.state, "builder", None) is not None:
        raise OutcomeRefused("no outcome is previewed while the map is built: the next "
                             "map piece is hidden")
    if len(notations) > MAX_ACTIONS:
        raise OutcomeRefused(f"at most {MAX_ACTIONS} actions are previewed at once")
    out: list[dict[str, Any]] = []
    for notation in notations:
        steps = [part.strip() for part in notation.split(";") if part.strip()]
        if not steps or len(steps) > MAX_STEPS:
            raise OutcomeRefused(f"a previewed sequence holds 1 to {MAX_STEPS} actions")
        trial = game.copy()
        try:
            for i, step in enumerate(steps):
                if i and not trial.to_act:
                    raise IllegalAction("core.game-over", "nobody acts after "
                                        f"{'; '.join(steps[:i])}")
                trial.apply(step, seat if i == 0 else trial.to_act[0])
        except IllegalAction as exc:
            out.append({"action": notation, "legal": False, "rule": exc.rule,
                        "error": exc.message})
            continue
        except BoardroomError as exc:
            out.append({"action": notation, "legal": False, "rule": None, "error": str(exc)})
            continue
        out.append({"action": notation, "legal": True, "after": _summary(trial, seat)})
    return out
