"""Games kept by the server: :class:`GameStore`, every change to a game, by job.

The database is the truth; the store caches each game in play (:mod:`.game_cache`) and
checks the game's ``version`` row before every use, so a change made by another server
process is picked up. Its jobs are modules of their own:

* :mod:`.entries`: what is kept of a game (:class:`Entry`), a change (:class:`Change`), who
  asks (:class:`Who`);
* :mod:`.game_cache`: the cache, the locks, tokens, and the version bump every write makes;
* :mod:`.creating`: a new game or an imported record;
* :mod:`.acting`: one action's transaction;
* :mod:`.quick_act`: the same on the event loop, for the common case;
* :mod:`.take_backs`: take-backs and their requests;
* :mod:`.snapshots`: what a seat or spectator sees;
* this module: the admin's changes and the readings, and the store that joins them.

Appending action N is one transaction: it raises the game's version only if it is still the
version the action was checked against, and inserts the action under the primary key
``(game_id, idx)``. Two writers (threads or processes) can therefore never both append
action N: the second gets a 409 with the current count. Only after the commit is the action
applied to the cache and acknowledged.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, select, update

from boardroom.bots.base import seat_refusal
from boardroom.server import tables as t
from boardroom.server.creating import Creating
from boardroom.server.entries import (
    ENDED,
    OVER,
    PLAY,
    SENT,
    Appended,
    Auth,
    Change,
    Created,
    Entry,
    Listener,
    SeatInfo,
    SeatResolver,
    SeatSpec,
    TxHook,
    UndoRequest,
    Who,
    printable,
)
from boardroom.server.errors import BadRequest, Forbidden, Illegal, NotFound
from boardroom.server.quick_act import QuickActs
from boardroom.server.snapshots import request_json, snapshot_of
from boardroom.server.take_backs import TakeBacks

__all__ = [
    "ENDED", "OVER", "PLAY", "SENT", "Appended", "Auth", "Change", "Created", "Entry", "GameStore",
    "Listener", "SeatInfo", "SeatResolver", "SeatSpec", "TxHook", "UndoRequest", "Who",
    "printable", "request_json", "snapshot_of",
]


class GameStore(QuickActs, TakeBacks, Creating):
    """Every game of one server process. Thread-safe: one lock per game."""

    # -- the admin ------------------------------------------------------------
    def set_bot(self, game_id: str, auth: Auth, seat: int, bot: str | None) -> None:
        """The admin hands seat ``seat`` to a bot (or, with None, back to its token)."""
        with self._lock(game_id):
            entry = self._current(game_id)
            if not self._auth(entry, auth).admin:
                raise Forbidden("only the game's admin token can change a seat")
            refusal = None if bot is None else seat_refusal(bot, entry.game.record.title)
            if refusal is not None:
                raise BadRequest(refusal, rule="server.seat.bot")
            if not 0 <= seat < len(entry.seats):
                raise NotFound(f"no seat {seat}")
            if bot is None and entry.seats[seat].bot is not None and entry.seed_chosen:
                # a person taking a bot's seat must not make a chosen seed's game one of
                # several people (the admin chose the seed)
                people = [SeatSpec(i.name, None if i.seat == seat else i.bot)
                          for i in entry.seats]
                self._check_seed(True, people, over=entry.status != PLAY)
            def hand_over(conn: Connection) -> int:
                version = self._bump(conn, entry)
                conn.execute(update(t.seats).where(t.seats.c.game_id == game_id,
                                                   t.seats.c.seat == seat).values(bot=bot))
                return version

            version = self._write(hand_over)
            entry.version = version
            entry.seats[seat].bot = bot
            # the seat counts as newly asked, so a bot that now holds it is started
            change = Change(game_id, version, entry.count, entry.to_act, (), entry.status)
        self._fire(change)

    def end(self, game_id: str, auth: Auth) -> None:
        """The admin ends a game before its end: no more actions, the record is public."""
        with self._lock(game_id):
            entry = self._current(game_id)
            if not self._auth(entry, auth).admin:
                raise Forbidden("only the game's admin token can end the game")
            if entry.status != PLAY:
                raise Illegal("core.game-over", "the game is already over")
            before = entry.to_act
            version = self._write(lambda conn: self._bump(conn, entry, status=ENDED))
            entry.version, entry.status = version, ENDED
            change = Change(game_id, version, entry.count, (), before, ENDED)
        self._fire(change)

    # -- reading --------------------------------------------------------------
    def snapshot(self, game_id: str, auth: Auth, log_from: int = 0) -> dict[str, Any]:
        """What the asker may see now: the body of ``GET /api/games/{id}``."""
        with self._lock(game_id):
            entry = self._current(game_id)
            return snapshot_of(entry, self._auth(entry, auth), log_from)

    def record(self, game_id: str, auth: Auth) -> dict[str, Any]:
        """The record: anyone's once the game is over; while it runs only the admin's, and
        then without the seed (it decides the draws)."""
        with self._lock(game_id):
            entry = self._current(game_id)
            who = self._auth(entry, auth)
            record = entry.game.to_record()
        if entry.status != PLAY:
            return record
        if not who.admin:
            raise Forbidden("the record of a running game is only for its admin token")
        del record["seed"]
        record.pop("digest", None)  # it covers the seed: a small seed could be found from it
        record["seed_hidden"] = True
        return record

    def list_games(self, limit: int = 200) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(t.games).order_by(t.games.c.updated_at.desc())
                                .limit(limit)).all()
            ids = [r.id for r in rows]
            seats: dict[str, list[Any]] = {i: [] for i in ids}
            if ids:
                for s in conn.execute(select(t.seats).where(t.seats.c.game_id.in_(ids))
                                      .order_by(t.seats.c.seat)):
                    seats[s.game_id].append(s)
        out = []
        for r in rows:
            open_seats = [s.seat for s in seats[r.id] if s.bot is None and not s.claimed]
            out.append({
                "id": r.id, "title": r.title, "status": r.status, "count": r._mapping["count"],
                "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in seats[r.id]],
                "open_seats": open_seats if r.status == PLAY else [],
                "seed_chosen": bool(r.seed_chosen),
                "created_at": r.created_at, "updated_at": r.updated_at,
            })
        return out

    def games_waiting_for_bots(self) -> list[str]:
        """Games in play with a bot seat (checked on start, so no bot's turn is forgotten)."""
        with self.engine.connect() as conn:
            return list(conn.execute(
                select(t.games.c.id).where(t.games.c.status == PLAY)
                .where(t.games.c.id.in_(select(t.seats.c.game_id)
                                        .where(t.seats.c.bot.is_not(None))))).scalars())
