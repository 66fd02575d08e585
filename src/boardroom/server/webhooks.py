""""Your turn" notifications: a JSON POST (Discord and Slack style) to a seat's webhook.

Sent once when a seat becomes asked to act; delivered on a worker thread with a bounded
number of tries and a growing pause between them, so a dead receiver never blocks play.
The body carries no token: ``{"content": ..., "text": ..., "game", "seat", "name",
"count", "url"}``. Unless ``--allow-private-webhooks``, a hook reaches public internet
addresses only, checked on the addresses it connects to (:mod:`boardroom.server.netguard`);
redirects are not followed.
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import urlsplit

import httpx

from boardroom.server.config import Settings
from boardroom.server.netguard import (
    Resolver,
    WebhookRefused,
    check_url,
    resolve,
    webhook_client,
)
from boardroom.server.store import PLAY, Change, Entry, GameStore

log = logging.getLogger("boardroom.server.webhooks")


def shown(url: str) -> str:
    """The part of a webhook URL a log may show: its scheme and host (the path of a
    Discord or Slack hook is its secret).

    >>> shown("https://discord.com/api/webhooks/123/s3cret")
    'https://discord.com/...'
    """
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}/..."


class Notifier:
    def __init__(self, store: GameStore, settings: Settings,
                 resolver: Resolver = resolve) -> None:
        self.store = store
        self.settings = settings
        self.resolver = resolver
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="webhook")
        self.sent = 0
        self.failed = 0

    def on_change(self, change: Change) -> None:
        if not change.local or change.status != PLAY:
            return
        newly = [s for s in change.to_act if s not in change.before]
        if not newly:
            return
        # the game as the change left it, without waiting (a listener may run on the event
        # loop, server/quick_act.py); if its lock is busy, looked at on the pool instead
        with self.store.game_now(change.game_id, change.version) as entry:
            if entry is not None:
                self._send(entry, newly, change.count)
                return
        self._pool.submit(self._later, change, newly)

    def _later(self, change: Change, newly: list[int]) -> None:
        with self.store.game_at(change.game_id, change.version) as entry:
            self._send(entry, newly, change.count)

    def _send(self, entry: Entry, newly: list[int], count: int) -> None:
        for seat in newly:
            info = entry.seats[seat]
            if info.webhook is None or info.bot is not None:
                continue
            self._pool.submit(self.deliver, info.webhook, self.payload(
                entry.id, entry.game.title.display_name, seat, info.name, count))

    def payload(self, game_id: str, title: str, seat: int, name: str,
                count: int) -> dict[str, Any]:
        url = f"{self.settings.public_url}/games/{game_id}"
        message = f"{name}, it is your turn in {title} (game {game_id}, action {count + 1})."
        return {"content": message, "text": message, "game": game_id, "seat": seat,
                "name": name, "count": count, "url": url}

    def deliver(self, url: str, body: dict[str, Any]) -> bool:
        s = self.settings
        pause = s.webhook_backoff_s
        if not s.allow_private_webhooks:
            try:  # checked again now (the name may resolve elsewhere than at creation)
                check_url(url, self.resolver)
            except WebhookRefused as exc:
                log.warning("webhook to %s not sent: %s", shown(url), exc)
                self.failed += 1
                return False
        with webhook_client(s.webhook_timeout_s, s.allow_private_webhooks,
                            self.resolver) as client:
            return self._deliver(client, url, body, pause)

    def _deliver(self, client: httpx.Client, url: str, body: dict[str, Any],
                 pause: float) -> bool:
        s = self.settings
        for attempt in range(1, s.webhook_tries + 1):
            try:
                reply = client.post(url, json=body)
                if reply.status_code < 300:
                    self.sent += 1
                    return True
                log.warning("webhook to %s answered %s (try %d of %d)", shown(url),
                            reply.status_code, attempt, s.webhook_tries)
            except httpx.HTTPError as exc:
                log.warning("webhook to %s failed: %s (try %d of %d)", shown(url), exc,
                            attempt, s.webhook_tries)
            if attempt < s.webhook_tries:
                time.sleep(pause)
                pause *= 2
        self.failed += 1
        return False

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
