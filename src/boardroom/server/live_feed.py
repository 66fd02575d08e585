"""One live socket (``WS /api/games/{id}/live``): its pictures, and what its client sends.

The pictures: :func:`live_body` makes a seat's live message (its view, legal actions and
labels, the actions and log it missed), cached per game version and viewer in the
:class:`~boardroom.server.entries.Entry`; :func:`live_message` makes it on the event loop
when that can neither wait nor take long, else on a worker thread; :func:`prewarm` and
:func:`remote_change` make the asked seats' pictures on the thread that made (or heard of)
a change, before the feeds wake. A :class:`Feed` is one connection: its push of a
picture after every change, and its reader of the client's messages (actions,
:mod:`.socket_actions`; chat), which share :class:`Sent` so a picture goes once, in order.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import orjson
from fastapi import WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from boardroom.server.chat import Chat
from boardroom.server.live import Hub
from boardroom.server.metrics import Metrics
from boardroom.server.socket_actions import ACT, act_on_socket
from boardroom.server.store import Change, Entry, GameStore, Who, snapshot_of


def picture_key(entry: Entry, viewer: Who, after: int,
                undos: int | None) -> tuple[Any, ...]:
    """What a live message depends on: the game's state, who sees it, from which action."""
    fits = undos is not None and undos == entry.undos and after <= entry.count
    log_from = after if fits else 0
    return (entry.version, entry.count, entry.undos, entry.status, viewer, log_from, fits)


def quick_picture(entry: Entry, viewer: Who, after: int, undos: int | None) -> bool:
    """Whether the live message costs no more than a fraction of a millisecond: it was
    made already, or it lists no legal actions (working those out can take milliseconds:
    12 ms for some Lost Atlas positions, 8 ms for Congress; not for the event loop)."""
    if picture_key(entry, viewer, after, undos) in entry.pictures:
        return True
    seat = viewer.seat
    return seat is None or seat not in entry.to_act or entry.seats[seat].bot is not None


def live_body(entry: Entry, viewer: Who, after: int, undos: int | None) -> dict[str, Any]:
    """One live message: the seat's picture, with what it missed since ``after`` (hold
    the game's lock)."""
    key = picture_key(entry, viewer, after, undos)
    log_from, fits = key[5], key[6]
    cached = entry.pictures.get(key)
    if cached is not None:
        return cached
    if entry.pictures and next(iter(entry.pictures))[:4] != key[:4]:
        entry.pictures.clear()  # the game changed since those were made
    body = snapshot_of(entry, viewer, log_from, setup=not fits)
    record = entry.game.record.actions
    body["actions"] = [{"index": i, "notation": record[i], "seat": entry.actors[i]}
                       for i in range(log_from, len(record))]
    body["type"] = "state"
    body["reset"] = not fits
    body["log_from"] = log_from
    if len(entry.pictures) < 64:
        entry.pictures[key] = body
    return body


def live_text(body: dict[str, Any]) -> str:
    """A live message as the text frame sent: orjson, a sixth of ``json.dumps``'s CPU for
    a live picture (4 against 23 us for an Acquire seat's 2 KB; issue 30's profile), with
    the standard library as the fallback for what orjson refuses (integers past 64 bits)."""
    try:
        return orjson.dumps(body, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(body, separators=(",", ":"), ensure_ascii=False)


def live_state(games: GameStore, game_id: str, viewer: Who, after: int,
               undos: int | None, at_least: int | None = None) -> tuple[dict[str, Any], int]:
    """:func:`live_body` of the current game, and the game's version it shows (it may
    wait: run it on a worker thread); ``at_least``: the version this process's change
    that woke the feed brought it to."""
    with games.game_at(game_id, at_least) as entry:
        return live_body(entry, viewer, after, undos), entry.version


def prewarm(games: GameStore, hub: Hub, change: Change) -> None:
    """After this process's change, still on the thread that made it, the pictures of the
    seats asked now are made for the live feed (a store listener that runs before the
    hub wakes the feed). Such a picture lists legal actions, so the feed would make it on
    a worker thread: a hand-off to a thread and back per action (about 0.1 ms of CPU);
    made here, the feed finds it made and sends it from the event loop. Made for a client
    that saw the action before (``after`` = the count before it), the usual case; any
    other finds no picture and has its own made as before. Nothing is made for a seat
    with no live connection to this process (with several processes, its feed may be on
    another), or if the game's lock is taken (never waited for)."""
    if not change.local or change.count < 1:
        return
    watching = hub.seats_watching(change.game_id)
    if not watching.intersection(change.to_act):
        return
    with games.game_now(change.game_id, change.version) as entry:
        if entry is None or entry.version != change.version:
            return
        _make_asked(entry, watching, change.count - 1)


def _make_asked(entry: Entry, watching: set[int], after: int) -> None:
    """The pictures of the human seats asked now that watch here, from ``after``."""
    for seat in entry.to_act:
        if seat in watching and entry.seats[seat].bot is None:
            live_body(entry, Who(seat), after, entry.undos)


def remote_change(games: GameStore, hub: Hub, game_id: str, version: int | None) -> None:
    """Another process changed the game (on the broadcaster's thread): as :func:`prewarm`,
    when the notice brought the cached game to ``version`` itself, the asked seats'
    pictures are made here before the feeds wake, so they are sent from the event loop."""
    watching = hub.seats_watching(game_id) if version is not None else set()
    if watching:
        with games.game_now(game_id, version) as entry:
            if entry is not None and entry.version == version and entry.count:
                _make_asked(entry, watching, entry.count - 1)
    hub.changed(game_id, version)


async def live_message(games: GameStore, game_id: str, viewer: Who, after: int,
                       undos: int | None, at_least: int | None = None
                       ) -> tuple[dict[str, Any], int]:
    """The live message and the game's version it shows, made on the event loop when
    that can neither wait nor take long (the game cached, current and not locked, a
    :func:`quick_picture`), else on a worker thread."""
    with games.game_now(game_id, at_least) as entry:
        if entry is not None and quick_picture(entry, viewer, after, undos):
            return live_body(entry, viewer, after, undos), entry.version
    return await run_in_threadpool(live_state, games, game_id, viewer, after, undos,
                                   at_least)


@dataclass
class Sent:
    """What one live socket's client was sent last: the picture, the game's version it
    showed, and the count and take-backs it was made from (its push and its replies to
    actions share this, under one lock, so a picture goes once and never out of order)."""

    count: int
    undos: int | None
    version: int = -1
    body: dict[str, Any] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def current(self, version: int | None) -> bool:
        """Whether the client has a picture of ``version`` or later (None: unknown)."""
        return version is not None and self.version >= version

    def saw(self, body: dict[str, Any], version: int) -> None:
        self.body, self.version = body, version
        self.count, self.undos = body["count"], body["undos"]


def socket_message(raw: str) -> dict[str, Any] | None:
    """A client's message on the live socket as a JSON object (None: not one).

    >>> socket_message('{"type": "act"}'), socket_message("[1]"), socket_message("{")
    ({'type': 'act'}, None, None)
    """
    try:
        message = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    return message if isinstance(message, dict) else None


class Feed:
    """One live connection of ``viewer`` to ``game_id``: :meth:`push` sends a picture now
    and after every change; :meth:`drain` reads the client's messages."""

    def __init__(self, ws: WebSocket, games: GameStore, chat: Chat, metrics: Metrics,
                 game_id: str, viewer: Who, token: str | None, sent: Sent,
                 chat_after: int) -> None:
        self.ws, self.games, self.chat, self.metrics = ws, games, chat, metrics
        self.game_id, self.viewer, self.token = game_id, viewer, token
        self.sent = sent
        self.said = chat_after

    async def push(self, queue: asyncio.Queue[int | None]) -> None:
        """A picture now and after every wake-up (``queue``: the hub's), and new chat."""
        sent, ws = self.sent, self.ws
        at_least: int | None = None  # the first picture reads the database
        while True:
            async with sent.lock:
                if not sent.current(at_least):  # else an action's answer carried it
                    body, version = await live_message(self.games, self.game_id, self.viewer,
                                                       sent.count, sent.undos, at_least)
                    if body is not sent.body:  # a wake-up for chat alone: the same
                        await ws.send_text(live_text(body))
                    sent.saw(body, version)
            lines = await self.chat.news(self.game_id, self.said, at_least is None)
            if lines:
                self.said = lines[-1]["id"]
                await ws.send_json({"type": "chat", "lines": lines})
            at_least = await queue.get()

    async def drain(self) -> None:
        """The client's messages until it goes: actions, answered; chat lines."""
        try:
            while True:
                raw = await self.ws.receive_text()
                message = socket_message(raw)
                if message is not None and message.get("type") == ACT:
                    await self.act(message)
                    continue
                reply = await self.chat.from_socket(self.game_id, self.viewer, raw)
                if reply is not None:
                    await self.ws.send_text(live_text(reply))
        except WebSocketDisconnect:
            return

    async def act(self, message: dict[str, Any]) -> None:
        """An ``act`` message's answer, with the seat's new picture in it (one frame)."""
        reply, version = await act_on_socket(
            self.games, self.metrics, self.ws.scope.get("boardroom.rate_limit"),
            self.ws.scope, self.game_id, self.token, message)
        sent = self.sent
        async with sent.lock:
            if reply["type"] == "acted" and not sent.current(version):
                body, shown = await live_message(self.games, self.game_id, self.viewer,
                                                 sent.count, sent.undos, version)
                if body is not sent.body:
                    reply["state"] = body
                sent.saw(body, shown)
            await self.ws.send_text(live_text(reply))
