"""Creating a game: the seats, options and seed checked, the first rows written."""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, insert

from boardroom.bots.base import seat_refusal
from boardroom.core.errors import BoardroomError, IllegalAction, RecordError
from boardroom.core.game import Game
from boardroom.core.record import Record
from boardroom.server import tables as t
from boardroom.server.entries import (
    OVER,
    PLAY,
    SEED_DIGITS,
    Change,
    Created,
    Entry,
    SeatInfo,
    SeatSpec,
    printable,
)
from boardroom.server.errors import (
    BadRequest,
    TooLarge,
)
from boardroom.server.game_cache import GameCache
from boardroom.server.netguard import WebhookRefused, check_url
from boardroom.server.tokens import new_game_id, new_token, token_hash


class Creating(GameCache):
    """Creating a game: the seats, options and seed checked, the first rows written."""

    def _check_seats(self, title: str, specs: Sequence[SeatSpec]) -> None:
        """Each seat's name, bot (one that plays ``title``) and webhook are acceptable."""
        s = self.settings
        if not 1 <= len(specs) <= s.max_seats:
            raise BadRequest(f"a game has 1 to {s.max_seats} seats, not {len(specs)}")
        for spec in specs:
            if not spec.name.strip() or len(spec.name) > s.max_name:
                raise BadRequest(f"a seat's name has 1 to {s.max_name} characters")
            refusal = None if spec.bot is None else seat_refusal(spec.bot, title)
            if refusal is not None:
                raise BadRequest(refusal, rule="server.seat.bot")
            if spec.webhook is not None and (
                    not spec.webhook.startswith(("http://", "https://"))
                    or len(spec.webhook) > 2000 or not printable(spec.webhook)):
                raise BadRequest("a webhook is an http:// or https:// URL")
            if spec.webhook is not None and not s.allow_private_webhooks:
                try:
                    check_url(spec.webhook)
                except WebhookRefused as exc:
                    raise BadRequest(str(exc), rule="server.webhook.public") from exc

    def _check_options(self, options: dict[str, Any]) -> None:
        """Each option value is at most ``max_option`` bytes of JSON (before any title
        reads it)."""
        limit = self.settings.max_option
        for key, value in options.items():
            if len(str(key)) > 64:
                raise BadRequest("an option's name has at most 64 characters")
            if len(json.dumps(value)) > limit:
                raise TooLarge(f"option {key!r} is limited to {limit} bytes")

    def _check_seed(self, chosen: bool, specs: Sequence[SeatSpec], over: bool) -> None:
        """A chosen seed lets its chooser compute every draw: refused for a game still to
        be played by more than one person, unless ``--allow-chosen-seeds``."""
        humans = sum(1 for spec in specs if spec.bot is None)
        if chosen and humans > 1 and not over and not self.settings.allow_chosen_seeds:
            raise BadRequest(
                "a chosen seed lets whoever chose it compute every draw, so this server "
                "draws the seed itself for a game with more than one person (leave out "
                "'seed', or seat bots); boardroom serve --allow-chosen-seeds accepts it",
                rule="server.seed.chosen")

    def create(self, title: str, options: dict[str, Any], seed: int | None,
               specs: Sequence[SeatSpec]) -> Created:
        self._check_seats(title, specs)
        self._check_options(options)
        chosen = seed is not None
        self._check_seed(chosen, specs, over=False)
        if seed is None:
            seed = secrets.randbelow(2**63)
        try:
            game = Game(title, [s.name for s in specs], seed, options)
        except BoardroomError as exc:
            raise BadRequest(str(exc)) from exc
        return self._insert(game, specs, [], seed_chosen=chosen)

    def import_record(self, data: Any, specs: Sequence[SeatSpec] | None) -> Created:
        """Start an online game from a record file: its actions are replayed and kept."""
        options = data.get("options") if isinstance(data, dict) else None
        if isinstance(options, dict):
            self._check_options(options)
        try:
            record = Record.from_json(data)
            game = Game(record.title, record.players, record.seed, record.options)
        except BoardroomError as exc:
            raise BadRequest(f"record cannot start a game: {exc}") from exc
        if len(str(record.seed)) > SEED_DIGITS:
            raise BadRequest(f"record cannot start a game: its seed has more than "
                             f"{SEED_DIGITS} characters (the server keeps seeds up to that)")
        if specs is None:
            specs = [SeatSpec(name) for name in record.players]
        self._check_seats(record.title, specs)
        if [s.name for s in specs] != record.players:
            raise BadRequest("the seats must be the record's players, in order: "
                             + ", ".join(record.players))
        actors = []
        for index, text in enumerate(record.actions):
            if len(text) > self.settings.max_notation:
                raise BadRequest(f"action {index} is longer than {self.settings.max_notation}")
            seats = game.to_act
            try:
                game.apply(text)
            except IllegalAction as exc:
                raise BadRequest(
                    str(RecordError(f"action {index} ({text!r}) cannot be replayed: {exc}"))
                ) from exc
            actors.append(seats[0])
        # the record's seed is known to whoever sends it
        self._check_seed(True, specs, over=game.is_over)
        return self._insert(game, specs, actors, seed_chosen=True)

    def _insert(self, game: Game, specs: Sequence[SeatSpec], actors: list[int],
                seed_chosen: bool = False) -> Created:
        game_id = new_game_id()
        tokens = [new_token() for _ in specs]
        admin = new_token()
        now = time.time()
        record = game.record
        status = OVER if game.is_over else PLAY
        def work(conn: Connection) -> None:
            conn.execute(insert(t.games).values(
                id=game_id, title=record.title, rules_version=record.rules_version,
                options=record.options, players=record.players, seed=str(record.seed),
                admin_hash=token_hash(admin), status=status, count=len(record.actions),
                version=1, undos=0, created_at=now, updated_at=now, seed_chosen=seed_chosen))
            conn.execute(insert(t.seats), [
                {"game_id": game_id, "seat": i, "name": s.name, "token_hash": token_hash(tok),
                 "bot": s.bot, "webhook": s.webhook, "claimed": False}
                for i, (s, tok) in enumerate(zip(specs, tokens, strict=True))])
            if record.actions:
                conn.execute(insert(t.actions), [
                    {"game_id": game_id, "idx": i, "notation": a, "seat": seat,
                     "by_bot": False, "created_at": now}
                    for i, (a, seat) in enumerate(zip(record.actions, actors, strict=True))])

        self._write(work)
        for digest in (token_hash(admin), *map(token_hash, tokens)):
            self._learn(digest)
        entry = Entry(game_id, game, status, 1, 0, token_hash(admin),
                      [SeatInfo(i, s.name, token_hash(tok), s.bot, s.webhook, False)
                       for i, (s, tok) in enumerate(zip(specs, tokens, strict=True))],
                      list(actors), [], None, now, seed_chosen=seed_chosen)
        self._remember(entry)
        self._fire(Change(game_id, 1, entry.count, entry.to_act, (), status))
        return Created(game_id, tokens, admin, [s.name for s in specs], [s.bot for s in specs])
