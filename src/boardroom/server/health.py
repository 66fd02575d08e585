"""Liveness and readiness, for a load balancer or an orchestrator.

* ``GET /api/health`` — liveness: the process answers (no database work), 200
  ``{"status": "ok"}``.
* ``GET /api/ready`` — readiness: a query on the database (``SELECT 1`` on a pooled
  connection, with the database's own time-outs) answers, and the server is not shutting
  down: 200 ``{"status": "ready", "database": "ok"}``; otherwise 503 with
  ``{"error": "not-ready", "message": ...}`` (the reason, never a password or a
  traceback).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import text
from starlette.concurrency import run_in_threadpool

from boardroom.server.store import GameStore

log = logging.getLogger("boardroom.server")

router = APIRouter(tags=["server"])


@router.get("/api/health")
async def health() -> dict[str, str]:
    """Liveness: the process is up and its event loop answers."""
    return {"status": "ok"}


def database_answers(store: GameStore) -> None:
    with store.engine.connect() as conn:
        conn.execute(text("SELECT 1")).scalar_one()


@router.get("/api/ready", responses={503: {"description": "not ready"}})
async def ready(request: Request) -> Any:
    """Readiness: the database answers a query and the server is not shutting down."""
    if request.app.state.drain.draining:
        return not_ready("the server is shutting down")
    try:
        await run_in_threadpool(database_answers, request.app.state.store)
    except Exception as exc:
        log.error("readiness: the database does not answer: %s", type(exc).__name__)
        return not_ready(f"the database does not answer ({type(exc).__name__})")
    return {"status": "ready", "database": "ok"}


def not_ready(message: str) -> JSONResponse:
    return JSONResponse({"error": "not-ready", "message": message}, status_code=503)
