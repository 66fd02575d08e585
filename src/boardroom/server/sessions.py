"""Cookie sessions for FastAPI routes, with CSRF protection.

The session cookie (:data:`COOKIE`) is HttpOnly and SameSite=Lax (Secure when the server's
public address is https). A request it authorises that changes anything (every method but
GET, HEAD and OPTIONS) must also carry the session's CSRF token in the :data:`CSRF_HEADER`
header, which another site's page can neither read nor set; without it the answer is 403
and nothing changes. The token comes with ``GET /api/account/me`` and the sign-in answer.

Games themselves are still played with bearer tokens (a seat's own, or an account's
delegate token for its seat), which a browser never sends on its own: no CSRF there.
"""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import Depends, Request, Response
from starlette.concurrency import run_in_threadpool

from boardroom.server.accounts import SESSION_S, Accounts, Session
from boardroom.server.errors import Forbidden, Unauthorized
from boardroom.server.tokens import token_hash

COOKIE = "boardroom_session"
CSRF_HEADER = "x-csrf-token"
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})


def accounts_of(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


def set_cookie(request: Request, response: Response, token: str) -> None:
    secure = request.app.state.settings.public_url.startswith("https://")
    response.set_cookie(COOKIE, token, max_age=int(SESSION_S), httponly=True, samesite="lax",
                        secure=secure, path="/")


def clear_cookie(response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")


def csrf_ok(request: Request, session: Session) -> bool:
    given = request.headers.get(CSRF_HEADER, "")
    return bool(given) and len(given) <= 128 and hmac.compare_digest(
        token_hash(given), session.csrf_hash)


async def optional_session(request: Request) -> Session | None:
    """The request's session (None without a live one). A state-changing request the
    cookie authorises must carry the CSRF header; else 403."""
    token = request.cookies.get(COOKIE)
    if not token:
        return None
    session = await run_in_threadpool(accounts_of(request).session, token)
    if session is not None and request.method not in SAFE and not csrf_ok(request, session):
        raise Forbidden("this request needs the session's CSRF token (the X-CSRF-Token "
                        "header); reload the page", rule="server.csrf")
    return session


async def required_session(
        session: Annotated[Session | None, Depends(optional_session)]) -> Session:
    if session is None:
        raise Unauthorized("sign in first")
    return session


MaybeSession = Annotated[Session | None, Depends(optional_session)]
SignedIn = Annotated[Session, Depends(required_session)]
AccountsDep = Annotated[Accounts, Depends(accounts_of)]
