"""Bot seats, played in the background by the server.

When a change leaves a bot seat to act, :class:`BotRunner` plays it on a worker thread: the
bot decides on a copy of the game within ``bot_time_s``; a bot that raises or runs out of
time is logged and the random bot decides that one decision instead, so the game never
hangs. The action goes through the same append as a person's (a 409 just means someone
else moved first; the runner looks again).

Each decision thinks on a thread of its own. One that runs out of time is abandoned: the
game goes on without it, and the thread ends when the bot returns (Python cannot stop a
thread). Abandoned threads still running are counted; while :data:`MAX_ABANDONED` of
them are, no new thread is started and the random bot decides at once (logged), so a bot
that never returns costs at most that many threads, never the other games' bots.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout

from boardroom.bots.base import RandomBot, make_bot
from boardroom.core.game import Game
from boardroom.core.title import Action
from boardroom.server.errors import ApiError, Conflict
from boardroom.server.store import PLAY, Change, GameStore, Who

log = logging.getLogger("boardroom.server.bots")

MAX_MOVES_PER_TURN = 10_000
"""A guard: one run of the loop plays at most this many bot actions, then yields."""

MAX_ABANDONED = 8
"""Timed-out bot threads that may still be running before bots decide by random at once."""


def bot_seed(game_seed: int, seat: int, count: int) -> int:
    """The seed a bot gets for one decision: from the game's seed, the seat and the count.

    >>> bot_seed(7, 1, 10) == bot_seed(7, 1, 10) != bot_seed(7, 2, 10)
    True
    """
    return (game_seed * 1_000_003 + seat * 10_007 + count) % (2**63)


class BotRunner:
    """Plays every bot seat that must act, one game at a time per game."""

    def __init__(self, store: GameStore, time_s: float, workers: int = 2) -> None:
        self.store = store
        self.time_s = time_s
        self._games = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bot-game")
        self.max_abandoned = MAX_ABANDONED
        self._abandoned: set[threading.Thread] = set()
        self._pending: set[str] = set()
        self._again: set[str] = set()
        self._lock = threading.Lock()
        self.fallbacks = 0
        self.closed = False

    def on_change(self, change: Change) -> None:
        if change.local and change.status == PLAY and change.bots:
            self.kick(change.game_id)

    def kick(self, game_id: str) -> None:
        if self.closed:
            return
        with self._lock:
            if game_id in self._pending:
                self._again.add(game_id)
                return
            self._pending.add(game_id)
        self._games.submit(self._play, game_id)

    def close(self) -> None:
        self.closed = True
        self._games.shutdown(wait=False, cancel_futures=True)

    def _play(self, game_id: str) -> None:
        try:
            for _ in range(MAX_MOVES_PER_TURN):
                if self.closed or not self._move(game_id):
                    break
        except Exception:
            log.exception("bot loop of game %s failed", game_id)
        finally:
            with self._lock:
                self._pending.discard(game_id)
                again = game_id in self._again
                self._again.discard(game_id)
            if again:
                self.kick(game_id)

    def _move(self, game_id: str) -> bool:
        """Play one bot action if a bot must act; False when none must."""
        with self.store.game(game_id) as entry:
            if entry.status != PLAY:
                return False
            bots = [s for s in entry.to_act if entry.seats[s].bot is not None]
            if not bots:
                return False
            seat = bots[0]
            name = entry.seats[seat].bot or "random"
            game = entry.game.copy()
            count = entry.count
        seed = bot_seed(game.record.seed, seat, count)
        action = self._decide(name, seed, game, seat, game_id)
        try:
            self.store.act(game_id, Who(seat), str(action), count, by_bot=True)
        except Conflict:
            pass  # someone else moved first; look again
        except ApiError as exc:
            log.error("bot %s of game %s chose a refused action %s: %s", name, game_id,
                      action, exc.message)
            fallback = RandomBot(seed).choose(game, seat)
            self.store.act(game_id, Who(seat), str(fallback), count, by_bot=True)
        return True

    def abandoned(self) -> int:
        """Timed-out bot threads still running."""
        with self._lock:
            self._abandoned = {t for t in self._abandoned if t.is_alive()}
            return len(self._abandoned)

    def _decide(self, name: str, seed: int, game: Game, seat: int, game_id: str) -> Action:
        self.store.stats.bump("bot_decisions", name)
        if self.abandoned() >= self.max_abandoned:
            log.error("%d bot threads ran out of time and have not returned; the random bot "
                      "decides for %s in game %s", self.max_abandoned, name, game_id)
            self.fallbacks += 1
            return RandomBot(seed).choose(game, seat)
        answer: Future[Action] = Future()

        def think() -> None:
            try:
                answer.set_result(make_bot(name, seed).choose(game.copy(), seat))
            except BaseException as exc:  # handed to the waiting thread, logged there
                answer.set_exception(exc)

        thread = threading.Thread(target=think, name=f"bot-think-{game_id}", daemon=True)
        thread.start()
        try:
            return answer.result(timeout=self.time_s)
        except FutureTimeout:
            with self._lock:
                self._abandoned.add(thread)
            self.store.stats.bump("bot_timeouts", name)
            log.warning("bot %s of game %s took over %.1f s; the random bot decides (its "
                        "thread is abandoned until it returns)", name, game_id, self.time_s)
        except Exception:
            log.exception("bot %s of game %s failed; the random bot decides", name, game_id)
            self.store.stats.bump("bot_failures", name)
        self.fallbacks += 1
        return RandomBot(seed).choose(game, seat)
