"""The account routes: ``/api/account/...`` (sign up, in, out, password, settings, seats)
and the public profile and leaderboard reads (``/api/users/...``, ``/api/ratings/...``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from boardroom.server.accounts import Accounts, User, csrf_of
from boardroom.server.clients import client_address, parse_networks
from boardroom.server.errors import BadRequest
from boardroom.server.netguard import WebhookRefused, check_url
from boardroom.server.sessions import (
    COOKIE,
    AccountsDep,
    MaybeSession,
    SameSite,
    SignedIn,
    clear_cookie,
    set_cookie,
)

router = APIRouter(tags=["accounts"])


class Credentials(BaseModel):
    name: str = Field(max_length=40)
    password: str = Field(max_length=200)


class NewPassword(BaseModel):
    old: str = Field(max_length=200)
    new: str = Field(max_length=200)


class SettingsIn(BaseModel):
    sound: bool | None = None
    desktop: bool | None = None
    email: Annotated[str, Field(max_length=200)] | None = None
    email_mode: Literal["off", "away", "always"] | None = None
    email_minutes: Annotated[int, Field(ge=0, le=24 * 60)] | None = None
    webhook_url: Annotated[str, Field(max_length=2000)] | None = None
    webhook_format: Literal["discord", "slack", "raw"] | None = None


class ClaimIn(BaseModel):
    game_id: str = Field(max_length=32)
    token: str = Field(max_length=128)


def user_json(user: User, private: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {"id": user.id, "name": user.name, "admin": user.is_admin}
    if private:
        out["settings"] = user.settings
    return out


def address(request: Request, accounts: Accounts) -> str:
    """The client's address, as the rate limit reads it (``X-Forwarded-For`` only from a
    ``--trusted-proxy``), so that clients behind one proxy are not counted as one."""
    trusted = parse_networks(accounts.store.settings.trusted_proxies)
    return client_address(request.scope, trusted)


def signed_in(request: Request, response: Response, user: User, token: str) -> dict[str, Any]:
    set_cookie(request, response, token)
    return {"user": user_json(user), "csrf": csrf_of(token)}


@router.post("/api/account/signup", dependencies=[SameSite])
def sign_up(body: Credentials, request: Request, response: Response,
            accounts: AccountsDep) -> dict[str, Any]:
    """Make an account and sign in (sets the session cookie; answers the CSRF token)."""
    user = accounts.sign_up(body.name, body.password, address(request, accounts))
    token, _ = accounts.start_session(user.id)
    return signed_in(request, response, user, token)


@router.post("/api/account/signin", dependencies=[SameSite])
def sign_in(body: Credentials, request: Request, response: Response,
            accounts: AccountsDep) -> dict[str, Any]:
    """Sign in (401 for a wrong name or password; 429 after too many wrong tries)."""
    user, token, _ = accounts.sign_in(body.name, body.password, address(request, accounts))
    return signed_in(request, response, user, token)


@router.post("/api/account/signout")
def sign_out(session: SignedIn, response: Response, accounts: AccountsDep) -> dict[str, Any]:
    accounts.sign_out(session)
    clear_cookie(response)
    return {"done": True}


@router.get("/api/account/me")
def me(request: Request, session: MaybeSession) -> dict[str, Any]:
    """The signed-in user and the session's CSRF token, or ``{"user": null}``."""
    if session is None:
        return {"user": None, "csrf": None}
    return {"user": user_json(session.user), "csrf": csrf_of(request.cookies[COOKIE])}


@router.post("/api/account/password")
def change_password(body: NewPassword, session: SignedIn,
                    accounts: AccountsDep) -> dict[str, Any]:
    """Change the password (needs the old one); the account's other sessions end."""
    accounts.change_password(session, body.old, body.new)
    return {"done": True}


@router.get("/api/account/settings")
def get_settings(session: SignedIn) -> dict[str, Any]:
    return session.user.settings


@router.put("/api/account/settings")
def put_settings(body: SettingsIn, session: SignedIn, accounts: AccountsDep) -> dict[str, Any]:
    """Turn notifications (see :data:`~boardroom.server.accounts.DEFAULT_SETTINGS`)."""
    given = body.model_dump(exclude_none=True)
    url = given.get("webhook_url", "")
    if url and not url.startswith(("http://", "https://")):
        raise BadRequest("a webhook is an http:// or https:// URL")
    if url and not accounts.store.settings.allow_private_webhooks:
        try:  # the seat webhooks' rule (docs/server.md): public addresses only
            check_url(url)
        except WebhookRefused as exc:
            raise BadRequest(str(exc), rule="server.webhook.public") from exc
    email = given.get("email", "")
    if email and ("@" not in email or any(c in email for c in "\r\n ,;<>")):
        raise BadRequest("that is not an e-mail address")
    return accounts.save_settings(session.user, given)


@router.post("/api/account/claim")
def claim(body: ClaimIn, session: SignedIn, accounts: AccountsDep) -> dict[str, Any]:
    """The seat a seat link opens becomes this account's (the link keeps working)."""
    seat = accounts.claim(session, body.game_id, body.token)
    return {"game_id": body.game_id, "seat": seat}


@router.post("/api/account/games/{game_id}/tokens")
def seat_tokens(game_id: str, session: SignedIn, accounts: AccountsDep) -> dict[str, Any]:
    """A bearer token for each seat of the game this account holds, valid while this
    session lives (the browser plays with them as with seat links)."""
    return {"seats": [{"seat": seat, "token": token}
                      for seat, token in accounts.delegates(session, game_id)]}

