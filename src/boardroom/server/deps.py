"""What other routers may use (the browser table's ``boardroom.web.api`` router, say).

``store(request)`` gives the :class:`~boardroom.server.store.GameStore`; ``who(...)``
resolves the request's bearer token for a game. Read a game while holding its lock::

    from fastapi import APIRouter
    from boardroom.server.deps import Games, Token

    router = APIRouter()

    @router.get("/api/games/{game_id}/picture")
    def picture(game_id: str, games: Games, token: Token) -> dict:
        with games.game(game_id) as entry:
            who = games.who(entry, token)       # 403 for a stranger's token
            view = entry.game.view(who.seat)    # only what that seat may see
        ...

Errors raised as :class:`~boardroom.server.errors.ApiError` become the server's JSON errors.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from boardroom.server.errors import Unauthorized
from boardroom.server.store import GameStore, Who


async def store(request: Request) -> GameStore:
    """The app's game store (a FastAPI dependency; ``async`` only so that FastAPI runs it
    on the event loop instead of handing it to a worker thread: it never waits)."""
    games: GameStore = request.app.state.store
    return games


async def bearer(request: Request) -> str | None:
    """The token of ``Authorization: Bearer <token>``, or None without the header (run on
    the event loop, as :func:`store`)."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("the Authorization header must be 'Bearer <token>'")
    return token.strip()


def who(games: GameStore, game_id: str, token: str | None) -> Who:
    """Which seat (or the admin, or a spectator) ``token`` speaks for in ``game_id``."""
    with games.game(game_id) as entry:
        return games.who(entry, token)


Games = Annotated[GameStore, Depends(store)]
"""A route parameter ``games: Games`` receives the store."""
Token = Annotated[str | None, Depends(bearer)]
"""A route parameter ``token: Token`` receives the bearer token (or None)."""
