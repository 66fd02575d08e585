"""The ASGI application: routes, error bodies, the live feed's route, the front end (the
live feed itself: :mod:`.live_feed`).

>>> from boardroom.server.config import Settings
>>> app = create_app(Settings("sqlite://"))
>>> app.openapi_url
'/api/openapi.json'
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.resources
import importlib.util
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import anyio.to_thread
from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from boardroom.bots.base import bot_names
from boardroom.core.registry import get_title, title_names
from boardroom.server import health, metrics, observe
from boardroom.server import schemas as s
from boardroom.server.bots import BotRunner
from boardroom.server.clients import parse_networks
from boardroom.server.community import install as install_community
from boardroom.server.config import Settings, normalize_url
from boardroom.server.db import make_engine, migrate
from boardroom.server.deps import Games, Token, who
from boardroom.server.errors import ApiError, encodable, validation_message
from boardroom.server.limits import BodyLimit, RateLimit
from boardroom.server.live import Broadcaster, Hub, PostgresBroadcaster, RedisBroadcaster
from boardroom.server.live_feed import Feed, Sent, prewarm, remote_change
from boardroom.server.shutdown import Drain, drain_on_signal
from boardroom.server.store import (
    Created,
    GameStore,
    SeatSpec,
)
from boardroom.server.webhooks import Notifier

log = logging.getLogger("boardroom.server")

THREADS = 256
"""Worker threads for requests (each waits on its game's lock or the database)."""

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": s.ErrorOut} for code in (400, 401, 403, 404, 409, 413, 422, 429)
}


CODES = {400: "bad-request", 401: "unauthorized", 403: "forbidden", 404: "not-found",
         405: "method-not-allowed", 409: "conflict", 413: "too-large", 422: "illegal",
         429: "rate-limited", 503: "unavailable"}
"""The ``error`` code of each status (the same for every error of that status)."""


def http_error_body(status: int, detail: Any) -> dict[str, Any]:
    """The error shape for a Starlette/FastAPI ``HTTPException``: ``{"error": CODE,
    "message": SENTENCE}``; a dict detail (``{"message", "rule", ...}``) joins the body.

    >>> http_error_body(404, "Not Found")
    {'error': 'not-found', 'message': 'Not Found'}
    >>> http_error_body(422, {"message": "no map", "rule": "web.map.title"})
    {'error': 'illegal', 'message': 'no map', 'rule': 'web.map.title'}
    """
    body: dict[str, Any] = {"error": CODES.get(status, "http-error")}
    if isinstance(detail, dict):
        body.update(detail)
        body["message"] = str(detail.get("message", CODES.get(status, "error")))
    else:
        body["message"] = str(detail)
    return body


def created_out(created: Created, settings: Settings) -> s.CreatedOut:
    base = settings.public_url
    return s.CreatedOut(
        id=created.id,
        seats=[s.SeatOut(seat=i, name=name, bot=bot, token=token,
                         url=f"{base}/games/{created.id}#token={token}")
               for i, (name, bot, token) in enumerate(
                   zip(created.names, created.bots, created.tokens, strict=True))],
        spectator_url=f"{base}/games/{created.id}",
        admin_token=created.admin_token,
    )


def make_broadcaster(settings: Settings) -> Broadcaster:
    if settings.redis_url:
        return RedisBroadcaster(settings.redis_url)
    url = normalize_url(settings.database_url)
    if url.startswith("postgresql"):
        return PostgresBroadcaster(url)
    return Broadcaster()


def create_app(settings: Settings) -> FastAPI:
    """The server for ``settings``; the database is migrated here, before it serves."""
    engine = make_engine(settings.database_url)
    migrate(engine)
    games = GameStore(engine, settings)
    hub = Hub()
    broadcaster = make_broadcaster(settings)
    notifier = Notifier(games, settings)
    runner = BotRunner(games, settings.bot_time_s)
    games.listeners.append(lambda change: prewarm(games, hub, change))
    games.listeners.append(hub.on_change)
    broadcaster.attach(games, lambda game_id, version: remote_change(games, hub, game_id,
                                                                     version))
    if settings.play_bots:
        games.listeners.append(runner.on_change)
    games.listeners.append(notifier.on_change)
    drain = Drain()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.bind(asyncio.get_running_loop())
        drain.bind()
        drain_on_signal(drain, asyncio.get_running_loop())
        # requests wait on the database in worker threads: allow one per concurrent client
        anyio.to_thread.current_default_thread_limiter().total_tokens = THREADS
        broadcaster.start()
        if settings.play_bots:
            for game_id in await run_in_threadpool(games.games_waiting_for_bots):
                runner.kick(game_id)
        try:
            yield
        finally:
            broadcaster.stop()
            runner.close()
            notifier.close()
            app.state.community.close()
            games.close()

    app = FastAPI(
        title="Boardroom", version="1", lifespan=lifespan,
        openapi_url="/api/openapi.json", docs_url="/api/docs", redoc_url=None,
        description="Play Boardroom's games online: seats, live updates, bots. "
                    "See docs/server.md.",
    )
    app.state.settings = settings
    app.state.store = games
    app.state.hub = hub
    app.state.bots = runner
    app.state.notifier = notifier
    app.state.broadcaster = broadcaster
    app.state.drain = drain
    app.state.metrics = metrics.Metrics(games, hub, runner, drain)
    app.include_router(health.router)
    app.include_router(metrics.router)
    install_community(app, engine, games, hub, broadcaster, notifier, settings)
    add_error_handlers(app)
    add_routes(app)
    add_live(app)
    add_front_end(app)
    app.add_middleware(BodyLimit, limit=settings.max_body, import_limit=settings.max_import)
    app.add_middleware(RateLimit, per_s=settings.rate_per_s, burst=settings.rate_burst,
                       redis_url=settings.redis_url,
                       trusted=parse_networks(settings.trusted_proxies),
                       known=games.known_token, redis_prefix=settings.redis_prefix)
    app.add_middleware(observe.Observe, metrics=app.state.metrics)
    return app


def add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        if isinstance(exc.extra.get("rule"), str):
            request.app.state.store.stats.bump("refused", exc.extra["rule"])
        return JSONResponse(encodable(exc.body()), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(encodable({"error": "bad-request",
                                       "message": validation_message(exc.errors())}),
                            status_code=400)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse(encodable(http_error_body(exc.status_code, exc.detail)),
                            status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def crash(request: Request, exc: Exception) -> JSONResponse:
        log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
        return JSONResponse({"error": "internal", "message": "the server failed; it was logged"},
                            status_code=500)


def add_routes(app: FastAPI) -> None:
    settings: Settings = app.state.settings

    @app.get("/api/titles", response_model=s.CatalogOut, tags=["server"])
    def catalog() -> s.CatalogOut:
        """The titles the server plays and the bots that can take a seat."""
        titles = []
        for name in title_names():
            title = get_title(name)
            titles.append(s.TitleOut(name=name, display_name=title.display_name,
                                     min_players=title.min_players,
                                     max_players=title.max_players))
        return s.CatalogOut(titles=titles, bots=bot_names())

    @app.post("/api/games", response_model=s.CreatedOut, responses=ERRORS, tags=["games"])
    def create(body: s.CreateGame, games: Games) -> s.CreatedOut:
        """Create a game. The answer holds every seat's secret token, once."""
        specs = [SeatSpec(x.name, x.bot, x.webhook) for x in body.seats]
        created = games.create(body.title, body.options, body.seed, specs)
        return created_out(created, settings)

    @app.post("/api/games/import", response_model=s.CreatedOut, responses=ERRORS,
              tags=["games"])
    def import_record(body: s.ImportGame, games: Games) -> s.CreatedOut:
        """Start an online game from a record file (its actions are replayed and checked)."""
        specs = None if body.seats is None else [
            SeatSpec(x.name, x.bot, x.webhook) for x in body.seats]
        created = games.import_record(body.record, specs)
        return created_out(created, settings)

    @app.get("/api/games", response_model=s.GameList, tags=["games"])
    def list_games(games: Games) -> s.GameList:
        """Games, newest change first: open seats, in play, finished."""
        return s.GameList.model_validate({"games": games.list_games()})

    @app.get("/api/games/{game_id}", response_model=s.GameOut, responses=ERRORS,
             tags=["games"])
    def get_game(game_id: str, games: Games, token: Token,
                 log_from: int = 0) -> dict[str, Any]:
        """The game as the token's seat sees it (no token: as a spectator), with that
        seat's legal actions. ``log_from``: only the log of actions from that index on."""
        return games.snapshot(game_id, token, max(0, log_from))

    @app.post("/api/games/{game_id}/actions", response_model=s.ActionOut, responses=ERRORS,
              tags=["play"])
    async def post_action(game_id: str, body: s.ActionIn, games: Games,
                          token: Token) -> dict[str, Any]:
        """Play an action if the game has exactly ``after`` actions (else 409), the seat
        must act (else 403) and the rules allow it (else 422 naming the rule)."""
        # the quick path where it applies (server/quick_act.py), else act on a worker thread
        answer, _ = await games.act_soon(game_id, token, body.action, body.after, body.key)
        return answer

    @app.post("/api/games/{game_id}/undo", response_model=s.UndoOut, responses=ERRORS,
              tags=["play"])
    def undo(game_id: str, body: s.UndoIn, games: Games,
             token: Token) -> dict[str, Any]:
        """Take back your last action (and those after it, with the others' consent)."""
        return games.undo(game_id, token, body.after)

    @app.post("/api/games/{game_id}/undo/{request_id}", response_model=s.UndoOut,
              responses=ERRORS, tags=["play"])
    def answer_undo(game_id: str, request_id: int, body: s.AnswerIn,
                    games: Games,
                    token: Token) -> dict[str, Any]:
        """Accept or decline another seat's take-back request."""
        return games.answer_undo(game_id, token, request_id, body.accept)

    @app.get("/api/games/{game_id}/record", responses=ERRORS, tags=["games"])
    def record(game_id: str, games: Games,
               token: Token) -> dict[str, Any]:
        """The record: anyone's once over; while running only the admin's, seed left out."""
        return games.record(game_id, token)

    @app.post("/api/games/{game_id}/seats/{seat}/bot", response_model=s.Done,
              responses=ERRORS, tags=["admin"])
    def set_bot(game_id: str, seat: int, body: s.BotIn, games: Games,
                token: Token) -> s.Done:
        """Admin: a bot takes over a seat whose player left (null: the player again)."""
        games.set_bot(game_id, token, seat, body.bot)
        return s.Done()

    @app.post("/api/games/{game_id}/end", response_model=s.Done, responses=ERRORS,
              tags=["admin"])
    def end(game_id: str, games: Games,
            token: Token) -> s.Done:
        """Admin: end the game now; no more actions, and its record becomes public."""
        games.end(game_id, token)
        return s.Done()


def add_live(app: FastAPI) -> None:
    games: GameStore = app.state.store
    hub: Hub = app.state.hub
    stopping: Drain = app.state.drain
    community = app.state.community
    metrics_of: metrics.Metrics = app.state.metrics

    @app.websocket("/api/games/{game_id}/live")
    async def live(ws: WebSocket, game_id: str, token: str | None = None, after: int = 0,
                   undos: int | None = None, chat_after: int = 0) -> None:
        """Live updates: a ``state`` message now and after every change. Reconnect with
        ``after`` (the count last seen) and ``undos`` to get only what was missed. Chat
        (issue 27): ``chat`` messages with the lines after id ``chat_after``; a seat sends
        ``{"type": "chat", "text": ...}``. A seat may send its actions here too,
        ``{"type": "act", "action", "after", "key", "id"}``, answered ``acted`` or
        ``refused`` (:mod:`boardroom.server.socket_actions`)."""
        # refusals after the handshake, as close codes a client can read (a refused
        # handshake is only an HTTP 403 to a browser): 4404 no such game, 4403 a token
        # of no seat of this game (4000 + the status of the same refusal over HTTP)
        await ws.accept()
        try:
            viewer = await run_in_threadpool(who, games, game_id, token or None)
        except ApiError as exc:
            await ws.close(code=4000 + exc.status,
                           reason=exc.message.encode()[:120].decode(errors="ignore"))
            return
        queue = hub.subscribe(game_id, viewer.seat)
        community.presence.enter(game_id, viewer.seat)
        feed = Feed(ws, games, community.chat, metrics_of, game_id, viewer, token or None,
                    Sent(max(0, after), undos), max(0, chat_after))
        tasks = [asyncio.create_task(feed.push(queue)), asyncio.create_task(feed.drain()),
                 asyncio.create_task(stopping.close_on_drain(ws))]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            hub.unsubscribe(game_id, queue)
            community.presence.leave(game_id, viewer.seat)
            for task in tasks:
                task.cancel()
            for task in tasks:
                with suppress(asyncio.CancelledError, Exception):
                    await task
            with suppress(Exception):
                await ws.close()


def static_folder() -> Path | None:
    """``boardroom/web/static`` when the browser table is installed, else None."""
    if importlib.util.find_spec("boardroom.web") is None:
        return None
    folder = Path(str(importlib.resources.files("boardroom.web"))) / "static"
    return folder if (folder / "index.html").is_file() else None


def add_front_end(app: FastAPI) -> None:
    """The browser table: its router (``boardroom.web.api.router``) and its static files."""
    try:
        module = importlib.import_module("boardroom.web.api")
    except ModuleNotFoundError as exc:
        if exc.name not in ("boardroom.web", "boardroom.web.api"):
            raise
    else:
        app.include_router(module.router)
    folder = static_folder()
    if folder is None:
        return
    index = folder / "index.html"
    app.mount("/static", StaticFiles(directory=folder), name="static")

    @app.get("/", include_in_schema=False)
    def front() -> FileResponse:
        return FileResponse(index)

    @app.get("/games/{game_id}", include_in_schema=False)
    def table(game_id: str) -> FileResponse:
        return FileResponse(index)
