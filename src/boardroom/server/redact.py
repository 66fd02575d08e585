"""Secrets out of the logs: every log line is written with its tokens replaced.

The live feed takes its token in the URL (``/api/games/ID/live?token=...``: a browser's
WebSocket cannot send an Authorization header), and uvicorn logs a WebSocket's URL at
``info`` (and every request's in its access log). :class:`RedactTokens` is a logging
filter that rewrites ``token=<value>`` (also ``admin_token=``, ``#token=``) and
``Bearer <value>`` in a record's message and its arguments before any handler writes
it; ``boardroom serve`` puts it on every handler it and uvicorn configure.

>>> redact('"WebSocket /api/games/abc/live?token=s3cr3t&after=2" [accepted]')
'"WebSocket /api/games/abc/live?token=[redacted]&after=2" [accepted]'
>>> redact("Authorization: Bearer abc.def-123")
'Authorization: Bearer [redacted]'
"""

from __future__ import annotations

import logging
import re
from typing import Any

TOKEN = re.compile(r"(token=)[^&\s\"'#;,)]+", re.IGNORECASE)
BEARER = re.compile(r"(bearer\s+)[A-Za-z0-9._~+/=-]+", re.IGNORECASE)
SHOWN = "[redacted]"


def redact(text: str) -> str:
    """``text`` with every token value replaced by ``[redacted]``."""
    return BEARER.sub(r"\1" + SHOWN, TOKEN.sub(r"\1" + SHOWN, text))


def _clean(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, bytes):
        return redact(value.decode("latin-1"))
    return value


class RedactTokens(logging.Filter):
    """Rewrites a record's message and arguments (kept a tuple of the same length, so
    uvicorn's access formatter, which unpacks them, still works)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_clean(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _clean(v) for k, v in record.args.items()}
        if record.exc_info and not record.exc_text:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        elif record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


LOGGERS = ("", "uvicorn", "uvicorn.error", "uvicorn.access", "boardroom")


def install(names: tuple[str, ...] = LOGGERS) -> None:
    """Put :class:`RedactTokens` on every handler of these loggers (call after uvicorn
    has configured its logging, and again if handlers are added)."""
    for name in names:
        for handler in logging.getLogger(name).handlers:
            if not any(isinstance(f, RedactTokens) for f in handler.filters):
                handler.addFilter(RedactTokens())
