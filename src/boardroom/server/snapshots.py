"""A seat's (or a spectator's) picture of a game: the body of ``GET /api/games/{id}``."""

from __future__ import annotations

from typing import Any

from boardroom.server.entries import ENDED, Entry, Who


def request_json(entry: Entry) -> dict[str, Any] | None:
    req = entry.request
    if req is None:
        return None
    return {
        "id": req.id, "seat": req.seat, "name": entry.seats[req.seat].name,
        "actions": entry.game.record.actions[req.first_index:],
        "accepted": list(req.accepted),
        "draws": req.draws,
        "waiting": [s for s in entry.humans() if s != req.seat and s not in req.accepted],
    }


def snapshot_of(entry: Entry, who: Who, log_from: int = 0,
                setup: bool | None = None) -> dict[str, Any]:
    """A seat's (or the spectator's) picture of the game; no other seat's secrets.

    The log holds the sentences of actions ``log_from`` on, and the setup's sentences
    when ``setup`` (by default: when ``log_from`` is 0).
    """
    with_setup = log_from == 0 if setup is None else setup
    game = entry.game
    seat = who.seat
    to_act = entry.to_act
    legal: list[dict[str, str]] = []
    if seat is not None and seat in to_act and entry.seats[seat].bot is None:
        legal = [{"notation": str(a), "label": game.label(a, seat)}
                 for a in game.legal_actions(seat)]
    result = game.result
    return {
        "id": entry.id,
        "title": game.record.title,
        "seat": seat,
        "view": game.view(seat),
        "to_act": list(to_act),
        "legal": legal,
        "log": [{"index": e.index, "text": e.text}
                for e in game.log_since(log_from, setup=with_setup)],
        "count": entry.count,
        "result": None if result is None or entry.status == ENDED else result.to_json(),
        "status": entry.status,
        "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in entry.seats],
        "audit": list(entry.audit),
        "undo_request": request_json(entry),
        "undos": entry.undos,
        "seed_chosen": entry.seed_chosen,
    }
