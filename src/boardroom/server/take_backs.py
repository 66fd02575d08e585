"""Take-backs: at once, or a request every other human seat must accept."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

from boardroom.server import tables as t
from boardroom.server.entries import PLAY, Auth, Change, Entry, UndoRequest
from boardroom.server.errors import (
    Conflict,
    Forbidden,
    Illegal,
    NotFound,
)
from boardroom.server.game_cache import GameCache
from boardroom.server.snapshots import request_json


class TakeBacks(GameCache):
    """Take-backs: at once, or a request every other human seat must accept."""

    def undo(self, game_id: str, auth: Auth, after: int) -> dict[str, Any]:
        """Take back the seat's own last action, and every action since.

        Straight away while nobody has acted since and chance showed nothing since (or
        no other human is seated); else a request every other human seat must accept:
        a take-back that would un-draw a hidden draw (Acquire's tile, the Lost Atlas's
        next map piece) needs the others' consent even at once (docs/server.md
        "Take-backs and hidden draws").
        """
        with self._lock(game_id):
            entry = self._current(game_id)
            seat = self._auth(entry, auth).seat
            if seat is None:
                raise Forbidden("only a seat's token can take back its action")
            if entry.status != PLAY:
                raise Illegal("server.undo.game-over", "a finished game cannot be taken back")
            if after != entry.count:
                raise Conflict(entry.count)
            mine = [i for i, s in enumerate(entry.actors) if s == seat]
            if not mine:
                raise Illegal("server.undo.nothing", "you have no action to take back")
            first = mine[-1]
            others = [s for s in entry.humans() if s != seat]
            draws = bool(others) and entry.game.reveals_since(first)
            if (first == entry.count - 1 and not draws) or not others:
                change = self._take_back(entry, seat, first, [])
                result = {"undone": True, "count": change.count, "audit": entry.audit[-1]}
            else:
                if entry.request is not None:
                    raise Illegal("server.undo.pending", "a take-back is already waiting for "
                                                         "an answer")
                def ask(conn: Connection) -> tuple[int, int]:
                    version = self._bump(conn, entry)
                    rid = conn.execute(insert(t.undo_requests).values(
                        game_id=game_id, seat=seat, first_index=first, at_count=entry.count,
                        accepted=[], status="open", created_at=time.time())
                    ).inserted_primary_key
                    return version, int(rid[0]) if rid else 0

                version, rid = self._write(ask)
                entry.version = version
                entry.request = UndoRequest(rid, seat, first, entry.count, [], draws)
                change = Change(game_id, version, entry.count, entry.to_act, entry.to_act,
                                entry.status)
                result = {"undone": False, "request": request_json(entry)}
        self._fire(change)
        return result

    def answer_undo(self, game_id: str, auth: Auth, request_id: int,
                    accept: bool) -> dict[str, Any]:
        with self._lock(game_id):
            entry = self._current(game_id)
            seat = self._auth(entry, auth).seat
            if seat is None:
                raise Forbidden("only a seat's token can answer a take-back request")
            req = entry.request
            if req is None or req.id != request_id:
                raise NotFound(f"no open take-back request {request_id}")
            if req.at_count != entry.count:
                raise Conflict(entry.count, "the game moved on; the request lapsed")
            if seat == req.seat or seat not in entry.humans():
                raise Forbidden("only the other human seats answer this request")
            if not accept:
                def decline(conn: Connection) -> int:
                    version = self._bump(conn, entry)
                    conn.execute(update(t.undo_requests).where(t.undo_requests.c.id == req.id)
                                 .values(status="declined"))
                    return version

                version = self._write(decline)
                entry.version, entry.request = version, None
                result: dict[str, Any] = {"undone": False, "declined": True}
                change = Change(game_id, version, entry.count, entry.to_act, entry.to_act,
                                entry.status)
            else:
                accepted = sorted({*req.accepted, seat})
                waiting = [s for s in entry.humans() if s != req.seat and s not in accepted]
                if waiting:
                    def accept_one(conn: Connection) -> int:
                        version = self._bump(conn, entry)
                        conn.execute(update(t.undo_requests)
                                     .where(t.undo_requests.c.id == req.id)
                                     .values(accepted=accepted))
                        return version

                    version = self._write(accept_one)
                    entry.version = version
                    req.accepted = accepted
                    result = {"undone": False, "request": request_json(entry)}
                    change = Change(game_id, version, entry.count, entry.to_act, entry.to_act,
                                    entry.status)
                else:
                    change = self._take_back(entry, req.seat, req.first_index, accepted, req.id)
                    result = {"undone": True, "count": change.count, "audit": entry.audit[-1]}
        self._fire(change)
        return result

    def _take_back(self, entry: Entry, seat: int, first: int, consent: list[int],
                   request_id: int | None = None) -> Change:
        count = entry.count
        taken = entry.game.record.actions[first:]
        name = entry.seats[seat].name
        text = f"{name} took back: {', '.join(taken)}"
        if entry.game.reveals_since(first):  # what it was, the audit does not say
            text += (" (a hidden draw was taken back with it; whoever saw what it drew "
                     "knows it still)")
        if consent:
            text += " (accepted by " + ", ".join(entry.seats[s].name for s in consent) + ")"
        before = entry.to_act
        def take(conn: Connection) -> int:
            version = self._bump(conn, entry, count=first, undos=entry.undos + 1)
            conn.execute(delete(t.actions).where(t.actions.c.game_id == entry.id,
                                                 t.actions.c.idx >= first))
            # a key of a taken-back action answers for nothing any more
            gone = [(r.seat, r.key) for r in conn.execute(
                select(t.action_keys.c.seat, t.action_keys.c.key, t.action_keys.c.response)
                .where(t.action_keys.c.game_id == entry.id)) if r.response["index"] >= first]
            for key_seat, key in gone:
                conn.execute(delete(t.action_keys).where(
                    t.action_keys.c.game_id == entry.id, t.action_keys.c.seat == key_seat,
                    t.action_keys.c.key == key))
            conn.execute(update(t.undo_requests).where(
                t.undo_requests.c.game_id == entry.id, t.undo_requests.c.status == "open",
                t.undo_requests.c.id != (request_id or 0)).values(status="lapsed"))
            conn.execute(insert(t.undone).values(
                game_id=entry.id, seat=seat, first_index=first, actions=taken,
                consent=consent, text=text, created_at=time.time()))
            if request_id is not None:
                conn.execute(update(t.undo_requests)
                             .where(t.undo_requests.c.id == request_id)
                             .values(status="done", accepted=consent))
            return version

        try:
            version = self._write(take)
        except Conflict:
            self._forget(entry.id)
            raise
        for _ in range(count - first):
            entry.game.undo()
        del entry.actors[first:]
        entry.version, entry.undos = version, entry.undos + 1
        entry.audit.append(text)
        entry.request = None
        return Change(entry.id, version, entry.count, entry.to_act, before, entry.status)
