"""A stand-in for the game server of issue 10, in memory, for the browser table's tests.

It answers the paths and shapes of the server's API contract (create, read, act, undo)
and nothing more: no database, bots play inside the request, and the live connection
only says that the count changed. The browser tests run against the real
``boardroom serve`` when it is installed; this double lets the read endpoints of
:mod:`boardroom.web.api` and the page be tested without it.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from fastapi import FastAPI, Header, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel

import boardroom
from boardroom.bots.base import Bot, make_bot
from boardroom.core.errors import BoardroomError, IllegalAction
from boardroom.core.game import Game
from boardroom.web import api


class SeatIn(BaseModel):
    name: str
    bot: str | None = None


class CreateIn(BaseModel):
    title: str
    options: dict[str, Any] = {}
    seed: int | None = None
    seats: list[SeatIn]


class ActIn(BaseModel):
    action: str
    after: int
    key: str | None = None


@dataclass
class Stored:
    game: Game
    tokens: dict[str, int]
    bots: dict[int, Bot] = field(default_factory=dict)


def make_app() -> FastAPI:
    app = FastAPI()
    games: dict[str, Stored] = {}

    def access(game_id: str, token: str | None) -> tuple[Game, int | None]:
        stored = games.get(game_id)
        if stored is None:
            raise LookupError(game_id)
        if token is None:
            return stored.game, None
        if token not in stored.tokens:
            raise PermissionError(token)
        return stored.game, stored.tokens[token]

    def seat_of(game_id: str, authorization: str | None) -> tuple[Stored, int | None]:
        token = authorization.split(" ", 1)[1] if authorization else None
        try:
            _, seat = access(game_id, token)
        except LookupError:
            raise HTTPException(404, "no such game") from None
        except PermissionError:
            raise HTTPException(403, "bad token") from None
        return games[game_id], seat

    def run_bots(stored: Stored) -> None:
        game = stored.game
        while not game.is_over and game.to_act and game.to_act[0] in stored.bots:
            seat = game.to_act[0]
            game.apply(stored.bots[seat].choose(game, seat), seat)

    @app.post("/api/games")
    def create(body: CreateIn) -> dict[str, Any]:
        try:
            game = boardroom.new_game(body.title, [s.name for s in body.seats],
                                      seed=body.seed or 1, options=body.options)
        except BoardroomError as exc:
            raise HTTPException(422, str(exc)) from None
        game_id = secrets.token_hex(4)
        stored = Stored(game, {})
        seats = []
        for i, s in enumerate(body.seats):
            token = secrets.token_urlsafe(16)
            stored.tokens[token] = i
            if s.bot:
                stored.bots[i] = make_bot(s.bot, seed=i)
            seats.append({"seat": i, "name": s.name, "token": token,
                          "url": f"/#/game/{game_id}?token={token}"})
        games[game_id] = stored
        run_bots(stored)
        return {"id": game_id, "seats": seats, "spectator_url": f"/#/game/{game_id}",
                "admin_token": secrets.token_urlsafe(16)}

    @app.get("/api/games/{game_id}")
    def read(game_id: str, authorization: str | None = Header(None)) -> dict[str, Any]:
        stored, seat = seat_of(game_id, authorization)
        game = stored.game
        legal = ([{"notation": str(a), "label": str(a)} for a in game.legal_actions(seat)]
                 if seat is not None and seat in game.to_act else [])
        result = game.result
        return {"view": game.view(seat), "to_act": list(game.to_act), "legal": legal,
                "log": [{"index": e.index, "text": e.text} for e in game.log_entries],
                "count": len(game.record.actions),
                "result": result.to_json() if result else None,
                "players": game.players}

    @app.post("/api/games/{game_id}/actions", response_model=None)
    def act(game_id: str, body: ActIn,
            authorization: str | None = Header(None)) -> dict[str, Any] | JSONResponse:
        stored, seat = seat_of(game_id, authorization)
        game = stored.game
        if body.after != len(game.record.actions):
            return JSONResponse(status_code=409, content={
                "error": "the game has moved on", "count": len(game.record.actions)})
        if seat is None or seat not in game.to_act:
            return JSONResponse(status_code=403, content={
                "error": "not your decision", "rule": "core.not-your-decision"})
        try:
            game.apply(body.action, seat)
        except IllegalAction as exc:
            return JSONResponse(status_code=422, content={
                "error": exc.message, "rule": exc.rule})
        run_bots(stored)
        return {"count": len(game.record.actions)}

    @app.post("/api/games/{game_id}/undo", response_model=None)
    def undo(game_id: str, authorization: str | None = Header(None)) -> dict[str, Any]:
        stored, _ = seat_of(game_id, authorization)
        stored.game.undo()
        return {"count": len(stored.game.record.actions)}

    @app.websocket("/api/games/{game_id}/live")
    async def live(ws: WebSocket, game_id: str) -> None:
        # a message whenever the count changes (the real server pushes the new view)
        if game_id not in games:
            await ws.close(code=4404)
            return
        await ws.accept()
        seen = -1
        try:
            while True:
                count = len(games[game_id].game.record.actions)
                if count != seen:
                    seen = count
                    await ws.send_json({"type": "state", "count": count})
                await asyncio.sleep(0.1)
        except (WebSocketDisconnect, RuntimeError):
            return

    api.install(app, access)
    static = resources.files("boardroom.web") / "static"
    app.mount("/static", StaticFiles(directory=str(static)), name="static")

    @app.get("/")
    def index() -> FileResponse:
        return FileResponse(str(static / "index.html"))

    return app
