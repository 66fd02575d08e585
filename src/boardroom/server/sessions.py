"""Cookie sessions for FastAPI routes, with CSRF protection.

The session cookie (:data:`COOKIE`) is HttpOnly and SameSite=Lax (Secure when the server's
public address is https). A request it authorises that changes anything (every method but
GET, HEAD and OPTIONS) must also carry the session's CSRF token in the :data:`CSRF_HEADER`
header, which another site's page can neither read nor set; without it the answer is 403
and nothing changes. The token comes with ``GET /api/account/me`` and the sign-in answer.

Signing in and signing up are guarded against *login CSRF* (another site signing the
browser in to an account of its choosing) twice: their body is JSON only, which a
cross-site form cannot send and a cross-site ``fetch`` cannot send without a CORS
pre-flight that this server never grants; and :func:`same_site_request` refuses a
request the browser marks as cross-site (``Sec-Fetch-Site``) or whose ``Origin`` is
another host than the one it was sent to.

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


def same_site_request(request: Request) -> None:
    """Refuse (403, rule ``server.cross-site``) a request another site's page made: one
    the browser marks ``Sec-Fetch-Site: cross-site``, or whose ``Origin`` names another
    host than the ``Host`` it was sent to (or the ``--public-url``'s). Programs send
    neither header and pass.

    A reverse proxy must pass the ``Host`` header on (docs/deploy.md's samples do)."""
    if request.headers.get("sec-fetch-site", "").lower() == "cross-site":
        raise Forbidden("this request came from another site's page", rule="server.cross-site")
    origin = request.headers.get("origin")
    if origin is not None and _hostname(origin.partition("://")[2]) not in _own_hosts(request):
        raise Forbidden("this request came from another site's page", rule="server.cross-site")


def _hostname(authority: str) -> str:
    """The host name of an ``Origin``'s or ``Host``'s authority, without the port (nginx's
    ``$host`` drops it); a bracketed IPv6 address keeps its brackets.

    >>> _hostname("Example.org:8000/"), _hostname("[::1]:8000")
    ('example.org', '[::1]')
    """
    authority = authority.split("/", 1)[0].lower()
    if authority.startswith("["):
        return authority.split("]", 1)[0] + "]"
    return authority.split(":", 1)[0]


def _own_hosts(request: Request) -> set[str]:
    """The names this server answers to: the request's ``Host`` and the public address's."""
    hosts = {_hostname(request.headers.get("host", ""))}
    public = request.app.state.settings.public_url
    if public:
        hosts.add(_hostname(public.partition("://")[2]))
    return hosts - {""}


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
SameSite = Depends(same_site_request)
