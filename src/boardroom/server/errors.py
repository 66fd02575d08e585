"""The errors the server answers with: each becomes a JSON body, never a traceback.

>>> err = Conflict(5)
>>> err.status, err.body()["count"]
(409, 5)
"""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An error a client gets as ``{"error": code, "message": ..., **extra}``."""

    status = 400
    code = "bad-request"

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message, **self.extra}


class BadRequest(ApiError):
    status = 400
    code = "bad-request"


class Unauthorized(ApiError):
    status = 401
    code = "unauthorized"


class Forbidden(ApiError):
    status = 403
    code = "forbidden"


class NotFound(ApiError):
    status = 404
    code = "not-found"


class Conflict(ApiError):
    """The game does not have the number of actions the client said (``after``)."""

    status = 409
    code = "conflict"

    def __init__(self, count: int, message: str | None = None) -> None:
        super().__init__(message or f"the game has {count} actions now", count=count)


class TooLarge(ApiError):
    status = 413
    code = "too-large"


class Illegal(ApiError):
    """An action (or take-back) the rules refuse; names the rule."""

    status = 422
    code = "illegal"

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message, rule=rule)


class RateLimited(ApiError):
    status = 429
    code = "rate-limited"


def encodable(value: Any) -> Any:
    """``value`` with every string made UTF-8 encodable: a lone surrogate a client sent
    (an option name, a key) is written as its escape, ``\\ud800``, so the error body that
    echoes it can be sent at all."""
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {encodable(k): encodable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [encodable(v) for v in value]
    return value


def validation_message(errors: Any) -> str:
    """The sentence of a body that failed its model: its first five problems, each
    ``where: what`` (the same for the POST and for an action sent on the live socket).

    >>> validation_message([{"loc": ("body", "after"), "msg": "too small"}])
    'after: too small'
    """
    problems = []
    for err in list(errors)[:5]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        problems.append(f"{where or 'body'}: {err.get('msg', 'invalid')}")
    return "; ".join(problems)
