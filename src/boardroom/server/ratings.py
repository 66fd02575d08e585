"""Ratings per title (openskill's Plackett-Luce model), profiles and leaderboards.

A game is rated when it ends by the rules (not ended by its admin) and every seat is held
by a different account: a game with a bot, a seat nobody's account holds, or a chosen
seed (whose deal may be known beforehand) is marked unrated, with the reason, in
``rated_games``. That row is written in the same transaction as the new ratings, under the
game's primary key, so a game is rated once even when several processes see it end.

The rating shown is openskill's *ordinal* (mu - 3 sigma): it starts at 0 and grows as the
model grows sure of a player's strength.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from fastapi import APIRouter
from openskill.models import PlackettLuce
from sqlalchemy import Connection, Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from boardroom.core.registry import get_title, title_names
from boardroom.server import account_tables as a
from boardroom.server import tables as t
from boardroom.server.errors import NotFound
from boardroom.server.mygames import my_games
from boardroom.server.store import OVER, Change, GameStore

log = logging.getLogger("boardroom.server.ratings")
MODEL = PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    """The shown rating: mu - 3 sigma (0 for a new player).

    >>> round(ordinal(25.0, 25 / 3), 6)
    0.0
    """
    return mu - 3 * sigma


def seed_chosen(conn: Connection, game_id: str) -> bool:
    """Whether the seed of ``game_id`` came from its creator or a record (issue 26's flag on
    the game's row): such a game is not rated."""
    return bool(conn.execute(select(t.games.c.seed_chosen)
                             .where(t.games.c.id == game_id)).scalar_one_or_none())


class Ratings:
    def __init__(self, engine: Engine, store: GameStore) -> None:
        self.engine = engine
        self.store = store

    def on_change(self, change: Change) -> None:
        if change.local and change.status == OVER:
            self.rate(change.game_id)

    def rate(self, game_id: str) -> str:
        """Rate the finished game once; answers why it was not rated ("" when it was)."""
        with self.store.game(game_id) as entry:
            result = entry.game.result
            title = entry.game.record.title
            bots = any(s.bot is not None for s in entry.seats)
            seats = len(entry.seats)
            status = entry.status
        if status != OVER or result is None:
            return "the game is not over"
        with self.engine.connect() as conn:
            holders = dict(conn.execute(
                select(a.seat_accounts.c.seat, a.seat_accounts.c.user_id)
                .where(a.seat_accounts.c.game_id == game_id)).all())
            chosen = seed_chosen(conn, game_id)
        reason = ""
        if bots:
            reason = "a bot played"
        elif chosen:
            reason = "the seed was chosen"
        elif len(holders) < seats:
            reason = "a seat was played without an account"
        elif len(set(holders.values())) < seats:
            reason = "one account held several seats"
        now = time.time()
        try:
            def work(conn: Connection) -> Any:
                conn.execute(insert(a.rated_games).values(
                    game_id=game_id, rated=not reason, reason=reason or "rated", at=now))
                if not reason:
                    self._update(conn, game_id, title, holders, result.ranking, now)
            self.store.transactions.run(work)
        except IntegrityError:
            return "rated already"
        return reason

    def _update(self, conn: Connection, game_id: str, title: str, holders: dict[int, int],
                ranking: Any, now: float) -> None:
        place = {seat: rank + 1 for rank, group in enumerate(ranking) for seat in group}
        order = sorted(holders)
        old: dict[int, Any] = {}
        for seat in order:
            row = conn.execute(select(a.ratings).where(
                a.ratings.c.user_id == holders[seat], a.ratings.c.title == title)).first()
            old[seat] = row
        teams = [[MODEL.rating() if old[s] is None else
                  MODEL.rating(mu=old[s].mu, sigma=old[s].sigma)] for s in order]
        new = MODEL.rate(teams, ranks=[place[s] for s in order])
        for seat, team in zip(order, new, strict=True):
            mu, sigma = float(team[0].mu), float(team[0].sigma)
            won = int(place[seat] == 1)
            uid = holders[seat]
            if old[seat] is None:
                conn.execute(insert(a.ratings).values(
                    user_id=uid, title=title, mu=mu, sigma=sigma, games=1, wins=won,
                    updated_at=now))
            else:
                conn.execute(update(a.ratings).where(
                    a.ratings.c.user_id == uid, a.ratings.c.title == title).values(
                    mu=mu, sigma=sigma, games=old[seat].games + 1,
                    wins=old[seat].wins + won, updated_at=now))
            conn.execute(insert(a.rating_events).values(
                user_id=uid, title=title, game_id=game_id, mu=mu, sigma=sigma,
                ordinal=ordinal(mu, sigma), place=place[seat], at=now))

    def leaderboard(self, title: str, limit: int = 100) -> list[dict[str, Any]]:
        if title not in title_names():
            raise NotFound(f"no title {title!r}")
        with self.engine.connect() as conn:
            rows = conn.execute(select(a.ratings, a.users.c.name)
                                .join(a.users, a.users.c.id == a.ratings.c.user_id)
                                .where(a.ratings.c.title == title)).all()
        board = [{"name": r.name, "rating": round(ordinal(r.mu, r.sigma), 2),
                  "mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "games": r.games,
                  "wins": r.wins} for r in rows]
        board.sort(key=lambda x: (-x["rating"], x["name"]))
        for i, line in enumerate(board[:limit]):
            line["place"] = i + 1
        return board[:limit]

    def profile(self, name: str) -> dict[str, Any]:
        from boardroom.server.accounts import name_key

        with self.engine.connect() as conn:
            user = conn.execute(select(a.users.c.id, a.users.c.name)
                                .where(a.users.c.name_key == name_key(name))).first()
            if user is None:
                raise NotFound(f"no user {name!r}")
            rows = conn.execute(select(a.ratings).where(a.ratings.c.user_id == user.id)).all()
            events = conn.execute(select(a.rating_events)
                                  .where(a.rating_events.c.user_id == user.id)
                                  .order_by(a.rating_events.c.at, a.rating_events.c.id)).all()
            unrated = dict(conn.execute(select(a.rated_games.c.game_id, a.rated_games.c.reason)
                                        .where(a.rated_games.c.rated.is_(False))).all())
        games = my_games(self.engine, self.store, user.id)
        finished = [g for g in games if g["status"] != "play"]
        wins = sum(1 for g in finished if any(
            p["name"] in g["winners"] for p in g["players"] if p["seat"] in g["my_seats"]))
        return {
            "name": user.name, "games": len(finished), "wins": wins,
            "playing": len(games) - len(finished),
            "ratings": [{"title": r.title, "title_name": get_title(r.title).display_name,
                         "rating": round(ordinal(r.mu, r.sigma), 2), "games": r.games,
                         "wins": r.wins} for r in rows],
            "history": [{"title": e.title, "game_id": e.game_id,
                         "rating": round(e.ordinal, 2), "place": e.place, "at": e.at}
                        for e in events],
            "recent": [{"id": g["id"], "title_name": g["title_name"], "status": g["status"],
                        "players": [p["name"] for p in g["players"]],
                        "winners": g["winners"],
                        "unrated": unrated.get(g["id"])} for g in finished[:20]],
        }


def install_routes(ratings: Ratings) -> APIRouter:
    router = APIRouter(tags=["ratings"])

    @router.get("/api/users/{name}")
    def profile(name: str) -> dict[str, Any]:
        """A player's profile: games played and won, ratings per title, rating history."""
        return ratings.profile(name)

    @router.get("/api/ratings/{title}")
    def leaderboard(title: str) -> dict[str, Any]:
        """The title's leaderboard, best rating first."""
        return {"title": title, "players": ratings.leaderboard(title)}

    return router
