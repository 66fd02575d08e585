"""A game in progress: its record, its state, its log.

>>> import boardroom
>>> game = boardroom.new_game("acquire", ["Ann", "Bob", "Cy"], seed=7)
>>> seat = game.to_act[0]
>>> action = game.legal_actions()[0]
>>> game.apply(action)
>>> len(game.record.actions)
1
>>> game.undo()
>>> len(game.record.actions)
0
"""

from __future__ import annotations

import gc
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardroom.core.errors import IllegalAction, NotationError, OptionError, RecordError
from boardroom.core.record import Record
from boardroom.core.registry import get_title
from boardroom.core.title import JSON, Action, Result, Title

CHECKPOINT_EVERY = 32
"""Undo restores the state copied after the last multiple of this many actions and
replays from there."""


@dataclass(frozen=True)
class LogEntry:
    """One sentence of the game log. ``index`` is the action that caused it (-1: setup)."""

    index: int
    text: str


class Game:
    """A game of any title; the same contract for all of them.

    Build one with :func:`boardroom.new_game` or :func:`boardroom.load`.
    """

    def __init__(
        self,
        title: str,
        players: Sequence[str],
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        rules_version: str | None = None,
    ) -> None:
        self.title: Title[Any, Any] = get_title(title)
        players = list(players)
        t = self.title
        version = t.rules_version if rules_version is None else rules_version
        if version != t.rules_version and version not in t.legacy_rules_versions:
            raise OptionError(f"{t.display_name} has no rules version {version!r}; "
                              f"it plays {t.rules_version!r}"
                              + "".join(f" and reads {v!r}" for v in t.legacy_rules_versions))
        if not t.min_players <= len(players) <= t.max_players:
            raise OptionError(
                f"{t.display_name} takes {t.min_players} to {t.max_players} players, "
                f"not {len(players)}"
            )
        if len(set(players)) != len(players) or not all(p.strip() for p in players):
            raise OptionError("player names must be distinct and not empty")
        for name in players:
            if not _printable_name(name):
                raise OptionError(f"player name {name!r} is not printable text "
                                  f"(no control characters, no lone surrogates)")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError("the seed must be an int")
        normalized = _normalized_options(t, options, players)
        self.record = Record(t.name, version, normalized, players, seed, [])
        if version == t.rules_version:
            state, setup_log = t.setup(players, seed, normalized)
        else:
            state, setup_log = t.setup_under(players, seed, normalized, version)
        self._state: Any = state
        # The log is kept as its sentences and, per action, where its sentences begin
        # (the setup's come first); the LogEntry objects are made only when asked for
        # (:attr:`log_entries`), not for every sentence of every replayed action.
        self._lines: list[str] = list(setup_log)
        self._starts: list[int] = []
        self._entries: list[LogEntry] = []
        """The entries made so far (a prefix of the log), kept for the next ask."""
        self._checkpoints: dict[int, Any] = {0: t.copy_state(state)}
        self._notation: dict[str, tuple[Action, str]] = {}
        """What each text this game was given reads as, and that action's notation
        (:meth:`_read`)."""

    # -- reading --------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return list(self.record.players)

    @property
    def state(self) -> Any:
        """The title's full state (secret information included). Do not mutate it."""
        return self._state

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats (indices into :attr:`players`) that must decide now."""
        return self.title.to_act(self._state)

    @property
    def is_over(self) -> bool:
        return self.title.is_over(self._state)

    @property
    def result(self) -> Result | None:
        """Scores and ranking once the game is over, else None."""
        return self.title.result(self._state)

    @property
    def log(self) -> list[str]:
        return list(self._lines)

    @property
    def log_entries(self) -> list[LogEntry]:
        return list(self._filled_entries())

    def log_since(self, first: int, setup: bool = False) -> list[LogEntry]:
        """The :attr:`log_entries` of the actions from index ``first`` on, after the
        setup's own entries (index -1) when ``setup``: a slice, not a scan of the log.

        >>> import boardroom
        >>> game = boardroom.new_game("acquire", ["Ann", "Bob"], seed=1)
        >>> for _ in range(3): game.apply(game.legal_actions()[0])
        >>> game.log_since(1) == [e for e in game.log_entries if e.index >= 1]
        True
        >>> game.log_since(2, setup=True) == [e for e in game.log_entries
        ...                                   if e.index >= 2 or e.index < 0]
        True
        """
        entries, starts = self._filled_entries(), self._starts
        start = starts[max(0, first)] if first < len(starts) else len(entries)
        if not setup:
            return entries[start:]
        setup_end = starts[0] if starts else len(entries)
        return entries[:min(setup_end, start)] + entries[start:]

    def _filled_entries(self) -> list[LogEntry]:
        """The log's entries, made for the lines added since the last call (the list
        itself: do not change it)."""
        entries, starts = self._entries, self._starts
        for position in range(len(entries), len(self._lines)):
            # the last action whose sentences begin at or before this one (-1: setup)
            index = bisect_right(starts, position) - 1
            entries.append(LogEntry(index, self._lines[position]))
        return entries

    def view(self, player: int | None) -> JSON:
        """What seat ``player`` may see; ``None`` for a spectator."""
        if player is not None and not 0 <= player < len(self.record.players):
            raise OptionError(f"no seat {player}")
        return self.title.view(self._state, player)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal action of ``player``, or of everyone who must decide now."""
        seats = self.to_act if player is None else (player,)
        actions: list[Action] = []
        for seat in seats:
            actions.extend(self.title.legal_actions(self._state, seat))
        return actions

    def label(self, action: Action, player: int) -> str:
        """What a person reads for ``action`` of ``player`` (the title's label, else notation).

        >>> import boardroom
        >>> game = boardroom.new_game("acquire", ["Ann", "Bob"], seed=1)
        >>> act = game.legal_actions()[0]
        >>> game.label(act, game.to_act[0]) != ""
        True
        """
        return self.title.label(self._state, action, player)

    def parse(self, text: str) -> Action:
        return self.title.parse(text)  # type: ignore[no-any-return]

    def is_legal(self, action: Action | str, player: int | None = None) -> bool:
        try:
            act, _, seat = self._resolve(action, player)
        except IllegalAction:
            return False
        return self.title.check(self._state, act, seat) is None

    def sentences_of(self, index: int) -> list[str]:
        """The log sentences action ``index`` wrote (the texts of its :attr:`log_entries`).

        >>> import boardroom
        >>> game = boardroom.new_game("acquire", ["Ann", "Bob"], seed=1)
        >>> game.apply(game.legal_actions()[0])
        >>> game.sentences_of(0) == [e.text for e in game.log_entries if e.index == 0]
        True
        """
        if not 0 <= index < len(self.record.actions):
            raise OptionError(f"the game has {len(self.record.actions)} actions; no action {index}")
        starts = self._starts
        end = starts[index + 1] if index + 1 < len(starts) else len(self._lines)
        return self._lines[starts[index]:end]

    # -- changing -------------------------------------------------------------
    def apply(self, action: Action | str, player: int | None = None) -> None:
        """Play ``action`` (an Action or its notation) for ``player``.

        With no player, the one seat that must decide now acts. An illegal action raises
        :class:`IllegalAction` naming the rule it breaks, and nothing changes.
        """
        self._apply(action, player, True)

    def _apply(self, action: Action | str, player: int | None, checkpoint: bool,
               listed: bool = True) -> None:
        """:meth:`apply`; ``checkpoint``: copy the state for undo if the action count is
        a multiple of :data:`CHECKPOINT_EVERY` (a replay copies only the last one);
        ``listed``: record a symmetric twin as the listed action (:meth:`Title.listed`;
        a replay keeps the record's own notation, so a game is its record)."""
        act, notation, seat = self._resolve(action, player)
        error = self.title.check(self._state, act, seat)
        if error is not None:
            raise error
        if listed and type(act) in self.title.twin_actions:
            shown = self.title.listed(self._state, act, seat)
            if shown != act:
                act, notation = shown, str(shown)
        index = len(self.record.actions)
        try:
            sentences = self.title.apply(self._state, act, seat)
        except Exception:
            self._restore(index)
            raise
        self.record.actions.append(notation)
        self._starts.append(len(self._lines))
        self._lines.extend(sentences)
        count = index + 1
        if checkpoint and count % CHECKPOINT_EVERY == 0:
            self._checkpoints[count] = self.title.copy_state(self._state)

    def undo(self, *, draws: bool = True) -> None:
        """Take back the last action.

        The Python API takes back whatever it is asked: whoever holds a :class:`Game`
        holds its whole state, the bag's order included, so there is nothing to keep
        from them. ``draws=False`` refuses (rule ``core.undo.hidden-draw``, nothing
        changes) a take-back that would un-draw what chance showed after the action
        (:meth:`reveals_since`): a program that plays for several people asks them
        first, as the server and the terminal do.
        """
        if not self.record.actions:
            raise IllegalAction("core.undo", "there is no action to take back")
        count = len(self.record.actions)
        if not draws and self.reveals_since(count - 1):
            raise IllegalAction(
                "core.undo.hidden-draw",
                f"taking back {self.record.actions[-1]} would un-draw what chance showed "
                f"after it; the other players must agree first")
        self.record.actions.pop()
        self._restore(count - 1)

    def reveals_since(self, first: int) -> bool:
        """Whether chance showed something (a drawn tile, the next map piece, a shuffle)
        during the actions from index ``first`` on: what taking them back would un-draw
        (:meth:`Title.chance_seen` before them and now differ).

        >>> import boardroom
        >>> game = boardroom.new_game("acquire", ["Ann", "Bob", "Cy"], seed=7)
        >>> game.apply("4A"); game.apply("pass")  # Cy places 4A, buys nothing, draws
        >>> game.reveals_since(1), game.reveals_since(0), game.reveals_since(2)
        (True, True, False)
        >>> game.reveals_since(1) == game.reveals_since(1)  # asking changes nothing
        True
        """
        count = len(self.record.actions)
        if not 0 <= first <= count:
            raise OptionError(f"the game has {count} actions; first must be 0 to {count}")
        if first == count:
            return False
        past = self.copy()
        del past.record.actions[first:]
        past._restore(first)
        return bool(self.title.chance_seen(past._state) != self.title.chance_seen(self._state))

    def _restore(self, count: int) -> None:
        """Rebuild the state after the first ``count`` actions of the record: from the
        last checkpoint at or before it, taking the checkpoints on the way that a replay
        (:func:`load`) skipped."""
        checkpoints = self._checkpoints
        base = max(k for k in checkpoints if k <= count)
        for k in [k for k in checkpoints if k > count]:
            del checkpoints[k]
        self._state = self.title.copy_state(checkpoints[base])
        if base < len(self._starts):
            del self._lines[self._starts[base]:]
            del self._starts[base:]
            del self._entries[len(self._lines):]
        for index in range(base, count):
            act = self._read(self.record.actions[index])[0]
            seats = self.title.to_act(self._state)
            sentences = self.title.apply(self._state, act, seats[0])
            self._starts.append(len(self._lines))
            self._lines.extend(sentences)
            if (index + 1) % CHECKPOINT_EVERY == 0 and index + 1 not in checkpoints:
                checkpoints[index + 1] = self.title.copy_state(self._state)

    def _resolve(self, action: Action | str,
                 player: int | None) -> tuple[Action, str, int]:
        """The action, its notation (what the record keeps) and the seat that acts."""
        if isinstance(action, str):  # a text read before is looked up here, without a call
            known = self._notation.get(action)
            act, notation = known if known is not None else self._read(action)
        else:
            act, notation = self._canonical(action)
        seats = self.title.to_act(self._state)
        if player is None:
            if not seats:
                raise IllegalAction("core.game-over", "the game is over")
            if len(seats) > 1:
                raise IllegalAction(
                    "core.which-player", "several players must decide now; say which one acts"
                )
            return act, notation, seats[0]
        if player not in seats:
            names = ", ".join(self.record.players[s] for s in seats) or "nobody"
            raise IllegalAction(
                "core.not-your-decision",
                f"{self.record.players[player]} is not asked to decide now (waiting for {names})",
            )
        return act, notation, player

    def _read(self, text: str) -> tuple[Action, str]:
        """The action ``text`` says, and its notation (``str`` of it), remembered for this
        game and its copies: a game's actions repeat (every pass, a company's same routes
        round after round), and a replay would otherwise spend much of its notation work
        reading and writing the same text again. A title's ``parse`` depends on the text
        alone, and actions are immutable values, so the remembered one is the one parse
        would make; a text that does not read is not remembered (it raises each time)."""
        known = self._notation.get(text)
        if known is None:
            act = self.title.parse(text)
            known = self._notation[text] = (act, str(act))
        return known

    def _canonical(self, action: Action) -> tuple[Action, str]:
        """An action object built in Python is accepted only if its notation reads back
        as the very same object: ``parse(str(action)) == action``.

        Every action ``legal_actions`` lists passes; a hand-built object with a value the
        notation cannot say (a share source that does not exist, a hex with four
        coordinates, chains out of order, a vote nobody can cast) is refused here with the
        notation rule, before the title's rules see it, so the record always reproduces
        the game.
        """
        if not isinstance(action, Action):
            raise IllegalAction("notation", f"{action!r} is not an action")
        try:
            text = str(action)
            back = self._read(text)[0]
        except NotationError as exc:
            raise IllegalAction("notation", f"{action!r} has no notation that reads back: "
                                f"{exc.message}") from exc
        except Exception as exc:  # a hand-built object whose values str() cannot show
            raise IllegalAction("notation", f"{action!r} is not a well-formed action "
                                f"({type(exc).__name__})") from exc
        if back != action:
            raise IllegalAction("notation", f"{action!r} is not a well-formed action: its "
                                f"notation {text!r} reads back as {back!r}")
        return action, text

    # -- the record -----------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        return self.record.to_json()

    def copy(self) -> Game:
        new = Game.__new__(Game)
        new.title = self.title
        r = self.record
        new.record = Record(r.title, r.rules_version, dict(r.options), list(r.players), r.seed,
                            list(r.actions))
        new._state = self.title.copy_state(self._state)
        new._lines = list(self._lines)
        new._starts = list(self._starts)
        new._entries = list(self._entries)
        new._checkpoints = dict(self._checkpoints)
        new._notation = self._notation  # what a text reads as is the same in every copy
        return new


def _normalized_options(title: Title[Any, Any], options: Mapping[str, Any] | None,
                        players: Sequence[str]) -> dict[str, Any]:
    """The title's options filled in and checked. Option names must be printable text
    (an error message names them); a value of a kind the title's check did not expect
    (a list where a name belongs, say) is an :class:`OptionError` too, never a crash."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise OptionError(f"the options are a JSON object of option names and values, "
                          f"not {type(options).__name__}")
    for key in options:
        if not isinstance(key, str) or not _printable_name(key):
            raise OptionError(f"option name {key!r} is not printable text (no control "
                              f"characters, no lone surrogates)")
    try:
        return title.normalize_options(options, players)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError,
            RecursionError) as exc:
        names = ", ".join(repr(k[:40]) for k in sorted(options)[:10]) or "none"
        raise OptionError(f"a {title.display_name} option has a value of the wrong kind "
                          f"(options given: {names}; {type(exc).__name__})") from exc


def _printable_name(name: str) -> bool:
    """A name every terminal, file and page can show: UTF-8 text, no control characters."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return name.isprintable()


def new_game(
    title: str,
    players: Sequence[str],
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Game:
    """Start a game.

    >>> game = new_game("acquire", ["Ann", "Bob", "Cy"], seed=7, options={"mode": "tycoon"})
    >>> game.record.options["mode"]
    'tycoon'
    """
    return Game(title, players, seed=seed, options=options)


def load(record: Record | Mapping[str, Any] | str) -> Game:
    """Replay a record (a :class:`Record`, its JSON dict, or JSON text) into a game.

    Every action is checked as it is replayed; a corrupted record raises
    :class:`RecordError` naming the first action that does not fit.

    The cyclic garbage collector is paused while the game is set up and its actions are
    replayed (reference
    counting still frees nearly everything at once; the few cycles a replay leaves, about
    twenty objects an action in a Lost Atlas game, are collected when it is switched back
    on): a Long game's replay otherwise spends about 5% of its instructions in collections
    that find almost nothing (and setting up the game, which makes thousands of objects,
    set off about 25 more a game). It is switched back on only if it was on.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _replay(record)
    finally:
        if collecting:
            gc.enable()


def _replay(record: Record | Mapping[str, Any] | str) -> Game:
    """:func:`load`, the collector paused."""
    if isinstance(record, str):
        rec = Record.loads(record)
    elif isinstance(record, Record):
        rec = record
    else:
        rec = Record.from_json(dict(record))
    try:
        title = get_title(rec.title)
    except Exception as exc:
        raise RecordError(f"record cannot start a game: {exc}") from exc
    known = (title.rules_version, *title.legacy_rules_versions)
    if rec.rules_version not in known:
        raise RecordError(
            f"record was played under rules version {rec.rules_version!r}; "
            f"this Boardroom plays {title.display_name} under "
            f"{' or '.join(repr(v) for v in known)}"
        )
    try:
        game = Game(rec.title, rec.players, rec.seed, rec.options, rec.rules_version)
    except Exception as exc:
        raise RecordError(f"record cannot start a game: {exc}") from exc
    # Of the checkpoints only the last one before the end is taken: an undo needs no
    # other, and one further back takes those it passes as it replays (Game._restore).
    last = (len(rec.actions) - 1) // CHECKPOINT_EVERY * CHECKPOINT_EVERY
    for index, text in enumerate(rec.actions):
        try:
            game._apply(text, None, index + 1 == last, False)
        except IllegalAction as exc:
            raise RecordError(
                f"action {index} ({text!r}) cannot be replayed: {exc}") from exc
    return game
