"""My games: every game an account holds a seat in, those waiting on it first.

Order: games in play that wait on one of the account's seats, then the other games in
play, then finished ones; newest move first within each group. Whose turn it is comes from
the game itself (the store's cache, rebuilt from the record when needed).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from sqlalchemy import Engine, select

from boardroom.server import account_tables as a
from boardroom.server import tables as t
from boardroom.server.open_tables import OpenTables
from boardroom.server.sessions import SignedIn
from boardroom.server.store import PLAY, GameStore

LIMIT = 200
"""Games listed at most (the newest moves)."""


def my_games(engine: Engine, store: GameStore, user_id: int) -> list[dict[str, Any]]:
    with engine.connect() as conn:
        held: dict[str, list[int]] = {}
        for game_id, seat in conn.execute(
                select(a.seat_accounts.c.game_id, a.seat_accounts.c.seat)
                .where(a.seat_accounts.c.user_id == user_id)):
            held.setdefault(game_id, []).append(int(seat))
        if not held:
            return []
        rows = conn.execute(select(t.games.c.id, t.games.c.updated_at)
                            .where(t.games.c.id.in_(list(held)))
                            .order_by(t.games.c.updated_at.desc()).limit(LIMIT)).all()
    out = []
    for row in rows:
        with store.game(row.id) as entry:
            mine = sorted(held[row.id])
            to_act = list(entry.to_act)
            result = entry.game.result
            out.append({
                "id": entry.id, "title": entry.game.record.title,
                "title_name": entry.game.title.display_name, "status": entry.status,
                "count": entry.count, "my_seats": mine,
                "players": [{"seat": s.seat, "name": s.name, "bot": s.bot}
                            for s in entry.seats],
                "to_act": [entry.seats[s].name for s in to_act],
                "waiting_on_me": entry.status == PLAY and any(s in to_act for s in mine),
                "winners": [entry.seats[s].name for s in result.winners]
                if result is not None else [],
                "updated_at": row.updated_at, "url": f"/#/play/{entry.id}",
            })
    group = {True: 0, False: 1}
    out.sort(key=lambda g: (group[g["waiting_on_me"]] if g["status"] == PLAY else 2,
                            -g["updated_at"]))
    return out


def install_routes(engine: Engine, store: GameStore, tables: OpenTables) -> APIRouter:
    router = APIRouter(tags=["accounts"])

    @router.get("/api/account/games")
    def games(session: SignedIn) -> dict[str, Any]:
        """The account's games (waiting on it first), how many wait on it, and the open
        tables it sits at that have not started."""
        listed = my_games(engine, store, session.user.id)
        return {"waiting": sum(1 for g in listed if g["waiting_on_me"]), "games": listed,
                "tables": tables.sitting(session.user.id)}

    return router
