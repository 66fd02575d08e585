"""Acting: one action's transaction (who, the turn, the rules, the write, the keys)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from boardroom.core.errors import IllegalAction
from boardroom.server import tables as t
from boardroom.server.entries import OVER, PLAY, SENT, Appended, Auth, Change, Entry, valid_key
from boardroom.server.errors import (
    BadRequest,
    Conflict,
    Forbidden,
    Illegal,
)
from boardroom.server.game_cache import GameCache


class Acting(GameCache):
    """Acting: one action's transaction (who, the turn, the rules, the write, the keys)."""

    def act(self, game_id: str, auth: Auth, notation: str, after: int, key: str | None = None,
            by_bot: bool = False) -> dict[str, Any]:
        """Append one action for the asker's seat if the game has exactly ``after`` actions.

        The answer (and, with a ``key``, the answer to every retry) is
        ``{index, count, notation, seat, log}``. A refusal names its rule and changes
        nothing: the action is checked before it is applied, and a failed write drops the
        cached game (it is read again from the database).
        """
        if len(notation) > self.settings.max_notation:
            raise BadRequest(f"an action's notation has at most {self.settings.max_notation} "
                             "characters")
        with self._lock(game_id):
            entry = self._current(game_id)
            seat = self._auth(entry, auth).seat
            if seat is None:
                raise Forbidden("only a seat's token can act (this is a spectator's or "
                                "admin's)")
            if key is not None:
                stored = self._keyed(game_id, seat, key)
                if stored is not None:
                    return self._retry(entry, stored, notation, after)
            before = self._turn_of(entry, seat, after, by_bot)
            answer = self._play(entry, notation, seat)
            status = OVER if entry.game.is_over else PLAY
            try:
                version = self._write(self._append(entry, answer, status, notation, key,
                                                   by_bot))
            except (Conflict, IntegrityError) as exc:
                return self._lost_race(game_id, seat, key, notation, after, exc)
            except BaseException:
                self._forget(game_id)
                raise
            entry.actors.append(seat)
            entry.version, entry.status = version, status
            entry.request = None  # the game moved on: an open take-back request lapsed
            self.stats.bump("actions", entry.game.record.title)
            change = Change(game_id, version, answer["count"], entry.to_act, before, status,
                            bots=any(s.bot is not None for s in entry.seats),
                            appended=Appended(answer["index"], answer["notation"], seat,
                                              status, entry.undos))
        self._fire(change)
        return answer

    @staticmethod
    def _turn_of(entry: Entry, seat: int, after: int, by_bot: bool) -> tuple[int, ...]:
        """The seats asked now, if ``seat`` may act at count ``after``; else the refusal."""
        if entry.status != PLAY:
            raise Illegal("core.game-over", "the game is over" if entry.status == OVER
                          else "the game was ended by its admin")
        if entry.seats[seat].bot is not None and not by_bot:
            raise Forbidden(f"seat {seat} is played by the {entry.seats[seat].bot} bot now")
        if after != entry.count:
            raise Conflict(entry.count)
        before = entry.game.to_act
        if seat not in before:
            names = ", ".join(entry.seats[s].name for s in before) or "nobody"
            raise Forbidden(f"{entry.seats[seat].name} is not asked to decide now "
                            f"(waiting for {names})", rule="core.not-your-decision")
        return before

    @staticmethod
    def _play(entry: Entry, notation: str, seat: int) -> dict[str, Any]:
        """Parse, check and apply the action to the cached game; the answer to send once
        it is committed. A refusal changes nothing (the check comes before the apply)."""
        count = entry.count
        try:  # parsed here, not by the game, which remembers each text it reads
            action = entry.game.parse(notation)
        except IllegalAction as exc:
            raise Illegal(exc.rule, exc.message) from exc
        error = entry.game.title.check(entry.game.state, action, seat)
        if error is not None:
            raise Illegal(error.rule, error.message)
        try:
            entry.game.apply(action, seat)
        except IllegalAction as exc:  # a title whose check missed something
            raise Illegal(exc.rule, exc.message) from exc
        text = entry.game.record.actions[-1]  # the listed twin of a symmetric turn
        return {"index": count, "count": count + 1, "notation": text, "seat": seat,
                "log": entry.game.sentences_of(count)}

    def _append(self, entry: Entry, answer: dict[str, Any], status: str, notation: str,
                key: str | None, by_bot: bool) -> Callable[[Connection], int]:
        """The append's unit of work: the version bump, the action's row, its key's
        answer, the lapse of an open take-back request."""
        game_id, count, seat = entry.id, answer["index"], answer["seat"]
        lapses = entry.request is not None

        appended = Appended(count, answer["notation"], seat, status, entry.undos)

        def append(conn: Connection) -> int:
            version = self._bump(conn, entry, appended)
            self.sql.insert_action(conn, game_id, count, answer["notation"], seat, by_bot,
                                   time.time())
            if key is not None:
                conn.execute(insert(t.action_keys).values(
                    game_id=game_id, seat=seat, key=key,
                    response={**answer, SENT: notation}))
            if lapses:  # the game moves on: the request lapses
                conn.execute(update(t.undo_requests).where(
                    t.undo_requests.c.game_id == game_id,
                    t.undo_requests.c.status == "open").values(status="lapsed"))
            return version

        return append

    def _lost_race(self, game_id: str, seat: int, key: str | None, notation: str,
                   after: int, exc: Exception) -> dict[str, Any]:
        """Another writer appended first. If it was this very request (the same key sent
        twice at once, to two processes), its answer is this one's; else a 409."""
        self._forget(game_id)
        stored = None if key is None else self._keyed(game_id, seat, key)
        if stored is not None:
            return self._retry(self._current(game_id), stored, notation, after)
        raise Conflict(self._current(game_id).count,
                       "another action was appended first; fetch the game again") from exc

    def _retry(self, entry: Entry, stored: dict[str, Any], notation: str,
               after: int) -> dict[str, Any]:
        """The first answer to a key, for a retry of the very same request (the same
        action at the same count); a key sent with another action is refused."""
        sent = stored.pop(SENT, None)
        same = after == stored["index"] and notation in (sent, stored["notation"])
        if not same:
            try:
                same = (after == stored["index"]
                        and str(entry.game.parse(notation)) in (sent, stored["notation"]))
            except IllegalAction:
                same = False
        if not same:
            raise Conflict(entry.count, f"this key was used for {stored['notation']} (action "
                                        f"{stored['index']}); a new action needs a new key")
        return stored

    def _keyed(self, game_id: str, seat: int, key: str) -> dict[str, Any] | None:
        if not valid_key(key):
            raise BadRequest("a key has 1 to 128 printable characters (no control "
                             "characters, no lone surrogates)")
        with self.engine.connect() as conn:
            row = conn.execute(select(t.action_keys.c.response).where(
                t.action_keys.c.game_id == game_id, t.action_keys.c.seat == seat,
                t.action_keys.c.key == key)).first()
        return None if row is None else dict(row.response)
