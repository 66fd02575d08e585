"""Secrets: game ids, seat and admin tokens (192 random bits), stored only as hashes.

>>> token = new_token()
>>> len(token) >= 32 and token_hash(token) != token
True
>>> matches(token, token_hash(token)), matches("guess", token_hash(token))
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """An unguessable token: 24 random bytes (192 bits), URL-safe text."""
    return secrets.token_urlsafe(24)


def new_game_id() -> str:
    """A game id: 9 random bytes, 12 URL-safe characters (public, but not guessable)."""
    return secrets.token_urlsafe(9)


def token_hash(token: str) -> str:
    """SHA-256 of the token. Tokens are random, so no salt or slow hash is needed."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def matches(token: str, digest: str) -> bool:
    return hmac.compare_digest(token_hash(token), digest)
