"""The browser table's extra read endpoints, beside the game server's own API.

The server (:mod:`boardroom.server`) includes :data:`router` when this module exists. The
endpoints here only *read*: what the lobby offers (titles, modes, options, bots), the
Lost Atlas map as SVG (now, as it was after any action, or with one legal action
previewed), and the table as it was after any action (history scrub). Acting stays with
the server's ``POST /api/games/{id}/actions``.

The router does not know how the server stores games. The server hands it one function,
``app.state.boardroom_game_access`` (see :data:`GameAccess`), that answers a game and the
seat a bearer token belongs to (None: a spectator); :func:`install` sets it.

Secrets stay secret: a seat sees its own view only, at any point of the history, and
nothing here returns a record or a seed.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from threading import Lock
from typing import Any

from fastapi import APIRouter, FastAPI, Header, HTTPException, Query, Request
from fastapi.responses import JSONResponse

from boardroom.core.errors import BoardroomError, IllegalAction
from boardroom.core.game import Game
from boardroom.web.congress_preview import preview as congress_preview
from boardroom.web.lobby import lobby_titles, lost_atlas_reference
from boardroom.web.networth import net_worth_series
from boardroom.web.outcome import OutcomeRefused, action_outcomes
from boardroom.web.picture import map_legend, map_picture, piece_pictures
from boardroom.web.route_plan import plan_routes

GameAccess = Callable[[str, str | None], tuple[Game, int | None]]
"""``access(game_id, bearer_token) -> (game, seat)``; seat None for a spectator. Raises
:class:`LookupError` for an unknown game and :class:`PermissionError` for a bad token."""

MAX_NOTATION = 400
"""The longest action notation a preview accepts (a Lost Atlas run with routes is long)."""

MAX_PLAN = 1000
"""The longest route plan the route editor may ask about."""

router = APIRouter(tags=["browser table"])


def install(app: FastAPI, access: GameAccess) -> None:
    """Give the router its way to the server's games and include it in ``app``."""
    app.state.boardroom_game_access = access
    app.include_router(router)


def _token(authorization: str | None) -> str | None:
    if not authorization:
        return None
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise HTTPException(401, "the Authorization header must be 'Bearer <seat token>'")
    return value.strip()


def _server_access(store: Any) -> GameAccess:
    """The way to the games of ``boardroom serve`` (:mod:`boardroom.server`): its store
    hands out a game under its lock, so the router takes a copy and reads that."""

    def access(game_id: str, token: str | None) -> tuple[Game, int | None]:
        with store.game(game_id) as entry:
            seat = store.who(entry, token).seat
            return entry.game.copy(), seat

    return access


def _game(request: Request, game_id: str, authorization: str | None) -> tuple[Game, int | None]:
    state = request.app.state
    access: GameAccess | None = getattr(state, "boardroom_game_access", None)
    if access is None and hasattr(getattr(state, "store", None), "who"):
        access = _server_access(state.store)
    if access is None:
        raise HTTPException(503, "this server has not given the browser table its games")
    try:
        return access(game_id, _token(authorization))
    except LookupError:
        raise HTTPException(404, f"there is no game {game_id!r}") from None
    except PermissionError:
        raise HTTPException(403, "that token is not a seat of this game") from None


class _History:
    """Games replayed to an earlier point, the latest few remembered.

    A point of the history is the same game whatever happens later (the record only
    grows, or loses its tail to an undo), so a replay is keyed by the game and the actions
    it holds. (Not by what makes the game alone: two games of one seed and one set of
    players differ in their options, a Short and a Long game say.)
    """

    def __init__(self, size: int = 16) -> None:
        self._games: OrderedDict[tuple[str, ...], Game] = OrderedDict()
        self._size = size
        self._lock = Lock()

    def at(self, game_id: str, game: Game, count: int) -> Game:
        actions = tuple(game.record.actions[:count])
        key = (game_id, str(count), *actions)
        with self._lock:
            if key in self._games:
                self._games.move_to_end(key)
                return self._games[key]
        past = game.copy()
        while len(past.record.actions) > count:
            past.record.actions.pop()
        past._restore(count)
        with self._lock:
            self._games[key] = past
            while len(self._games) > self._size:
                self._games.popitem(last=False)
        return past


_HISTORY = _History()


class _Maps:
    """Map pictures already drawn, the latest few remembered: a game's map after the
    same actions is the same drawing (the map is public: the same for every seat), so a
    confirmed preview is already drawn when the table asks for the new map."""

    def __init__(self, size: int = 64) -> None:
        self._maps: OrderedDict[tuple[str, ...], dict[str, Any]] = OrderedDict()
        self._size = size
        self._lock = Lock()

    def picture(self, game_id: str, game: Game) -> dict[str, Any]:
        actions = game.record.actions
        key = (game_id, str(len(actions)), str(hash(tuple(actions))))
        with self._lock:
            if key in self._maps:
                self._maps.move_to_end(key)
                return self._maps[key]
        drawn = {"count": len(actions), **map_picture(game)}
        with self._lock:
            self._maps[key] = drawn
            while len(self._maps) > self._size:
                self._maps.popitem(last=False)
        return drawn


_MAPS = _Maps()


def _at(game_id: str, game: Game, at: int | None) -> Game:
    count = len(game.record.actions)
    if at is None or at == count:
        return game
    if not 0 <= at <= count:
        raise _illegal("web.history.at",
                       f"the game has {count} actions; 'at' must be 0 to {count}")
    return _HISTORY.at(game_id, game, at)


def _refusal(exc: IllegalAction) -> JSONResponse:
    """The server's error shape for a refused action: ``{error: "illegal", message, rule}``."""
    return JSONResponse(status_code=422, content={
        "error": "illegal", "message": exc.message, "rule": exc.rule})


def _illegal(rule: str, message: str) -> HTTPException:
    """A 422 naming its rule; the server's handler answers ``{error: "illegal", message,
    rule}`` (an ``HTTPException`` whose detail is a dict: its keys join the body)."""
    return HTTPException(422, detail={"message": message, "rule": rule})


@router.get("/api/web/titles")
def titles() -> dict[str, Any]:
    """What the lobby offers: each title's player counts, modes, options and the bots."""
    return lobby_titles()


@router.get("/api/web/lost_atlas/reference")
def reference() -> dict[str, Any]:
    """The Lost Atlas facts the sheets print: stock values, trains, phases, abilities."""
    return lost_atlas_reference()


@router.get("/api/games/{game_id}/map", response_model=None)
def game_map(
    request: Request,
    game_id: str,
    at: int | None = Query(None, description="the map after this many actions"),
    preview: str | None = Query(None, max_length=MAX_NOTATION,
                                description="a legal action of this seat, drawn as if played"),
    after: int | None = Query(None, description="with preview: the count it was chosen at"),
    authorization: str | None = Header(None),
) -> dict[str, Any] | JSONResponse:
    """The Lost Atlas map as SVG with its hex geometry (``{svg, count, phase, hexes}``).

    With ``preview`` the map shows that action played (checked like a real one: an illegal
    one answers 422 with the rule and nothing changes); the game itself is untouched. With
    ``after`` too, a game that no longer has that many actions (another seat acted while
    the page previewed) answers 409 with the current ``count``, as an action does: the
    preview is of a position that has gone, not an illegal one.
    """
    game, seat = _game(request, game_id, authorization)
    if game.title.name != "lost_atlas":
        raise _illegal("web.map.title", f"{game.title.display_name} has no map to draw")
    past = _at(game_id, game, at)
    if preview is not None:
        if seat is None:
            raise HTTPException(403, "a spectator has no actions to preview")
        if past is not game:
            raise _illegal("web.map.preview-past",
                           "a preview is of the game as it stands, not of the past")
        count = len(game.record.actions)
        if after is not None and after != count:
            return JSONResponse(status_code=409, content={
                "error": "conflict", "count": count,
                "message": f"the game has {count} actions now; the preview was of {after}"})
        trial = game.copy()
        try:
            trial.apply(preview, seat)
        except IllegalAction as exc:
            return _refusal(exc)
        except BoardroomError as exc:
            raise _illegal("web.map.preview", str(exc)) from None
        past = trial
    return _MAPS.picture(game_id, past)


@router.get("/api/games/{game_id}/legend")
def legend(
    request: Request,
    game_id: str,
    authorization: str | None = Header(None),
) -> dict[str, Any]:
    """The map's legend, as the renderer draws it (``{svg}``); public, like the map."""
    game, _ = _game(request, game_id, authorization)
    if game.title.name != "lost_atlas":
        raise HTTPException(422, f"{game.title.display_name} has no map legend")
    return map_legend(game)


@router.get("/api/games/{game_id}/piece")
def drawn_piece(
    request: Request,
    game_id: str,
    authorization: str | None = Header(None),
) -> dict[str, Any]:
    """The drawn map piece on its own, in each of its six rotations (``{drawn, kind,
    svgs}``), drawn as the map draws it; public, like the map."""
    game, _ = _game(request, game_id, authorization)
    if game.title.name != "lost_atlas":
        raise _illegal("web.piece.title", f"{game.title.display_name} has no map pieces")
    return piece_pictures(game)


@router.get("/api/games/{game_id}/routes", response_model=None)
def route_plan(
    request: Request,
    game_id: str,
    plan: str = Query("", max_length=MAX_PLAN,
                      description="one word per train: its stops (Q,R/STOP) joined by '>', "
                                  "or a run's waypoints, or 'none'"),
    authorization: str | None = Header(None),
) -> dict[str, Any] | JSONResponse:
    """The operating company's routes of ``plan`` as the engine reads them: each train's
    stops and revenue, the rule a route breaks, and the ``run N via ...`` action to send
    (see :mod:`boardroom.web.route_plan`). Nothing changes."""
    game, _ = _game(request, game_id, authorization)
    try:
        return plan_routes(game, plan)
    except IllegalAction as exc:
        return _refusal(exc)


@router.get("/api/games/{game_id}/history/{count}")
def history(
    request: Request,
    game_id: str,
    count: int,
    authorization: str | None = Header(None),
) -> dict[str, Any]:
    """The table as this seat saw it after ``count`` actions: its view and the log so far."""
    game, seat = _game(request, game_id, authorization)
    past = _at(game_id, game, count)
    return {"count": count, "view": past.view(seat), "to_act": list(past.to_act),
            "log": [{"index": e.index, "text": e.text} for e in past.log_entries]}


@router.get("/api/games/{game_id}/log")
def indexed_log(
    request: Request,
    game_id: str,
    authorization: str | None = Header(None),
) -> dict[str, Any]:
    """The log with the action each sentence came from (-1: setup), for history scrub."""
    game, _ = _game(request, game_id, authorization)
    return {"count": len(game.record.actions),
            "entries": [{"index": e.index, "text": e.text} for e in game.log_entries]}


@router.get("/api/games/{game_id}/check")
def check(
    request: Request,
    game_id: str,
    action: str = Query(..., max_length=MAX_NOTATION),
    authorization: str | None = Header(None),
) -> dict[str, Any]:
    """Would this seat's action be legal now? ``{legal, rule, error}``: the page says why a
    tile in the hand cannot be played before anyone clicks it. Nothing changes."""
    game, seat = _game(request, game_id, authorization)
    if seat is None:
        raise HTTPException(403, "a spectator has no actions")
    try:
        act = game.parse(action)
    except IllegalAction as exc:
        return {"legal": False, "rule": exc.rule, "error": exc.message}
    error = (game.title.check(game.state, act, seat) if seat in game.to_act else
             IllegalAction("core.not-your-decision", f"{game.players[seat]} is not asked "
                           "to decide now"))
    if error is None:
        return {"legal": True, "rule": None, "error": None}
    return {"legal": False, "rule": error.rule, "error": error.message}


_OUTCOME_ACTIONS = Query(..., description="legal actions of this seat (repeat the parameter; "
                         "a step may be 'a; b')")


@router.get("/api/games/{game_id}/outcome", response_model=None)
def outcome(
    request: Request,
    game_id: str,
    action: list[str] = _OUTCOME_ACTIONS,
    after: int | None = Query(None, description="the count the actions were chosen at"),
    authorization: str | None = Header(None),
) -> dict[str, Any] | JSONResponse:
    """What each action would lead to (:mod:`boardroom.web.outcome`): the public numbers
    after it, played on a copy, for the decision panels' previews. Nothing changes. With
    ``after``, a game that has moved on answers 409 with its ``count``."""
    game, seat = _game(request, game_id, authorization)
    if seat is None:
        raise HTTPException(403, "a spectator has no actions to preview")
    if any(len(a) > MAX_NOTATION for a in action):
        raise HTTPException(422, f"an action is at most {MAX_NOTATION} characters")
    count = len(game.record.actions)
    if after is not None and after != count:
        return JSONResponse(status_code=409, content={
            "error": "conflict", "count": count,
            "message": f"the game has {count} actions now; the preview was of {after}"})
    try:
        return {"count": count, "outcomes": action_outcomes(game, seat, action)}
    except OutcomeRefused as exc:
        raise HTTPException(422, str(exc)) from None


@router.get("/api/games/{game_id}/preview")
def preview(
    request: Request,
    game_id: str,
    action: str = Query(..., max_length=MAX_NOTATION),
    authorization: str | None = Header(None),
) -> dict[str, Any]:
    """What this seat's Congress action would do (:mod:`boardroom.web.congress_preview`):
    cash, months, incomes and the log it would write, played on a copy. Nothing changes;
    an illegal action answers ``{legal: false, rule, error}``."""
    game, seat = _game(request, game_id, authorization)
    if seat is None:
        raise HTTPException(403, "a spectator has no actions")
    if game.title.name != "congress":
        raise HTTPException(404, "previews are made for Congress games only")
    return congress_preview(game, seat, action)


@router.get("/api/games/{game_id}/networth")
def net_worth(
    request: Request,
    game_id: str,
    authorization: str | None = Header(None),
) -> dict[str, Any]:
    """Each player's net worth (cash and shares at their price) over the game, for the
    chart; public information, the same for every seat."""
    game, _ = _game(request, game_id, authorization)
    return net_worth_series(game)
