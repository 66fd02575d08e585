"""``--log-format json``: every log line a JSON object (JSON lines), for a log shipper.

Each line has ``time`` (UTC, ISO 8601 with milliseconds), ``level``, ``logger`` and
``message``; an access line (:mod:`boardroom.server.observe`) adds its fields
(``method``, ``path``, ``route``, ``status``, ``game``, ``ms``, ``query``) at the top
level; an error with a traceback adds ``exc`` (on the server's output only, never in an
answer). Tokens are never put in a log record by the server: the access log leaves out
headers, bodies and every query parameter but ``after``, ``undos`` and ``log_from``; and
both formats redact any ``token=...`` or ``Bearer ...`` a record of another library holds
(uvicorn logs each WebSocket's path with its query string at INFO).

>>> import logging
>>> record = logging.LogRecord("boardroom.access", logging.INFO, "", 0, "GET /x 200", (),
...                            None)
>>> record.fields = {"method": "GET", "status": 200}
>>> line = JsonFormatter().format(record)
>>> import json; body = json.loads(line)
>>> body["logger"], body["method"], body["status"], body["message"]
('boardroom.access', 'GET', 200, 'GET /x 200')
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from boardroom.server.redact import redact

LEVELS = ("debug", "info", "warning", "error")


class TextFormatter(logging.Formatter):
    """The plain format, tokens redacted."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class JsonFormatter(logging.Formatter):
    """One JSON object per record, tokens redacted."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(self._json(record))

    def _json(self, record: logging.LogRecord) -> str:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        body: dict[str, Any] = {
            "time": f"{stamp}.{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "pid": record.process,
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            for key, value in fields.items():
                body.setdefault(key, value)
        if record.exc_info:
            body["exc"] = self.formatException(record.exc_info)
        return json.dumps(body, default=str)


def configure(level: str, fmt: str) -> None:
    """The process's logging: ``fmt`` is ``text`` or ``json``; ``level`` one of
    :data:`LEVELS` for the server's loggers. The access log (one line per request) is on
    with ``json``, or with ``text`` at ``info`` and below."""
    handler = logging.StreamHandler()
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(TextFormatter(
            "%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    access = logging.getLogger("boardroom.access")
    access.setLevel(logging.INFO if fmt == "json" else level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers = []
        logger.propagate = True
