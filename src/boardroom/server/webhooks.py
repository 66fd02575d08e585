""""Your turn" notifications: a JSON POST (Discord and Slack style) to a seat's webhook.

Sent once when a seat becomes asked to act; delivered on a worker thread with a bounded
number of tries and a growing pause between them, so a dead receiver never blocks play.
The body carries no token: ``{"content": ..., "text": ..., "game", "seat", "name",
"count", "url"}``.
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from boardroom.server.config import Settings
from boardroom.server.store import PLAY, Change, GameStore

log = logging.getLogger("boardroom.server.webhooks")


class Notifier:
    def __init__(self, store: GameStore, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="webhook")
        self.sent = 0
        self.failed = 0

    def on_change(self, change: Change) -> None:
        if not change.local or change.status != PLAY:
            return
        newly = [s for s in change.to_act if s not in change.before]
        if not newly:
            return
        with self.store.game(change.game_id) as entry:
            jobs = []
            for seat in newly:
                info = entry.seats[seat]
                if info.webhook is None or info.bot is not None:
                    continue
                jobs.append((info.webhook, self.payload(entry.id, entry.game.title.display_name,
                                                        seat, info.name, change.count)))
        for url, body in jobs:
            self._pool.submit(self.deliver, url, body)

    def payload(self, game_id: str, title: str, seat: int, name: str,
                count: int) -> dict[str, Any]:
        url = f"{self.settings.public_url}/games/{game_id}"
        message = f"{name}, it is your turn in {title} (game {game_id}, action {count + 1})."
        return {"content": message, "text": message, "game": game_id, "seat": seat,
                "name": name, "count": count, "url": url}

    def deliver(self, url: str, body: dict[str, Any]) -> bool:
        s = self.settings
        pause = s.webhook_backoff_s
        for attempt in range(1, s.webhook_tries + 1):
            try:
                reply = httpx.post(url, json=body, timeout=s.webhook_timeout_s)
                if reply.status_code < 300:
                    self.sent += 1
                    return True
                log.warning("webhook %s answered %s (try %d of %d)", url, reply.status_code,
                            attempt, s.webhook_tries)
            except httpx.HTTPError as exc:
                log.warning("webhook %s failed: %s (try %d of %d)", url, exc, attempt,
                            s.webhook_tries)
            if attempt < s.webhook_tries:
                time.sleep(pause)
                pause *= 2
        self.failed += 1
        return False

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
