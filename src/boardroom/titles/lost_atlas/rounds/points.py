"""The extension points of the Lost Atlas rounds: where a variant changes the base game.

The rounds (:mod:`.flow`, :mod:`.stock_round`, :mod:`.operating_round`,
:mod:`.merger_round`, :mod:`.trains`) import no variant, nor does the title's wiring
(``title.py``, ``view.py``) but for the table. Where the rulebook's variants and modules
change a rule, the round (or the wiring: a variant's notation, a round of its own, its
part of the view) asks one of the named points below; a variant
module attaches its functions to the points it needs in its ``attach(points)``, and
:mod:`boardroom.titles.lost_atlas.variants.table` lists the variants whose ``attach`` the
title runs once (:func:`install`). With nothing attached, every point answers as the
rulebook's base game does, so the rounds read as the rulebook reads.

Each point is a list: the attached functions are asked in the order of the table. A
"refusal" point returns the first refusal (an :class:`IllegalAction`) any of them gives;
an "answer" point the first answer that is not None; a "notice" point calls them all.

    >>> points = Points()
    >>> points.seat_name.append(lambda state, seat: "the Bank" if seat < 0 else None)
    >>> [hook.__name__ for hook in points.seat_name]
    ['<lambda>']

The points, what they are for and which variants use them are listed in
``docs/architecture.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from boardroom.core.errors import IllegalAction
from boardroom.core.ledger import Ledger
from boardroom.core.title import Action
from boardroom.titles.lost_atlas.board.components import Components, Mode
from boardroom.titles.lost_atlas.state import (
    MAP,
    MERGER,
    OPERATING,
    STOCK,
    LostAtlasState,
    player_account,
)

State = LostAtlasState
Log = list[str]
Refusal = IllegalAction | None


class OtherShares(Protocol):
    """Shares of something that is not a company of the game (the Landmarks module's
    Metropolitan), traded in the Stock Round under its own rules."""

    company: str
    """Its id in the Stock Round notation (``sell ID N``, ``buy ID treasury``)."""

    def active(self, state: State) -> bool: ...
    def candidates(self, state: State, seat: int) -> list[tuple[str, int]]: ...
    def check_sell(self, state: State, count: int, seat: int) -> Refusal: ...
    def check_buy(self, state: State, seat: int, source: str, sold: set[str]) -> Refusal: ...
    def sell(self, state: State, seat: int, count: int, log: Log) -> None: ...
    def buy(self, state: State, seat: int, log: Log) -> None: ...


@dataclass(frozen=True)
class Interlude:
    """Decisions a variant inserts into a company's turn (the Headquarters' effects):
    while ``busy``, the round hands legality, checking and applying to it. (Plain
    functions, not methods: ``busy`` is asked at every step of every turn.)"""

    busy: Callable[[State, str], bool]
    legal: Callable[[State, str], list[Action]]
    check: Callable[[State, str, Action], Refusal]
    apply: Callable[[State, str, Action, Log], None]


class MergerInterlude(Protocol):
    """Decisions a variant inserts after a major forms (the Headquarters' placement), as
    a step of the Merger Round named ``step``."""

    step: str

    def offer(self, state: State, major: str, log: Log) -> bool: ...
    def legal(self, state: State, major: str) -> list[Action]: ...
    def check(self, state: State, major: str, action: Action) -> Refusal: ...
    def apply(self, state: State, major: str, action: Action, log: Log) -> bool: ...


class MergerProcedure(Protocol):
    """A variant's own way of proposing and deciding mergers (Hostile Mergers' player
    turns and share vote), in place of the base game's proposal by each minor's president
    and the other president's answer. It is also the procedure's sub-state, kept in the
    Merger Round's sub-state and copied with it. While the round's step is one of
    ``steps``, the round hands who acts, legality, checking and applying to it; it hands
    an agreed merger back with :func:`merger_round.agreed` and a turn that is over with
    :func:`merger_round.settle`."""

    @property
    def steps(self) -> tuple[str, ...]: ...
    def copy(self) -> MergerProcedure: ...
    def begin(self, state: State, log: Log) -> None: ...
    def someone_to_ask(self, state: State, log: Log) -> bool: ...
    def to_act(self, state: State) -> int: ...
    def legal(self, state: State, seat: int) -> list[Action]: ...
    def check(self, state: State, action: Action, seat: int) -> Refusal: ...
    def apply(self, state: State, action: Action, seat: int, log: Log) -> bool: ...
    def describe(self, state: State) -> dict[str, Any]: ...


@dataclass(frozen=True)
class VariantRound:
    """A round of a variant's own, outside the base game's order of play (the Solo Game's
    setup, where the player chooses the Conglomerate's first minor): while
    ``state.round`` is its name, the title hands it who acts, legality, checking and
    applying. Its ``apply`` moves the game on to the base game's next round itself."""

    to_act: Callable[[State], tuple[int, ...]]
    legal: Callable[[State, int], list[Action]]
    check: Callable[[State, Action, int], Refusal]
    apply: Callable[[State, Action, int, Log], None]


@dataclass(frozen=True)
class StepAction:
    """An Operating Round action a variant adds at some steps (Unions Win!'s half
    pay-out, the Headquarters' placement): its steps, its check, and its effect, which
    returns True when the step is over."""

    steps: tuple[str, ...]
    check: Callable[[State, str, Any], Refusal]
    apply: Callable[[State, str, Any, Log], bool]


@dataclass
class Points:
    """Every extension point of the rounds, each a list of the attached functions."""

    # -- setup and the flow (flow.py) --------------------------------------------------
    options: dict[str, Any] = field(default_factory=dict)
    """Option names (and defaults) the variants add to the title's."""
    check_options: list[Callable[[dict[str, Any], Mode], None]] = field(default_factory=list)
    """Normalize (in place) or refuse (OptionError) the variants' options."""
    check_map: list[Callable[[Components, Mapping[str, Any], set[str]], None]] = field(
        default_factory=list)
    """Refuse (OptionError) a custom map, given the minors with a home on it, that the
    chosen options cannot be played on (the Solo Game needs two homes for its
    Conglomerate)."""
    split_bank: list[Callable[[Components, Mapping[str, Any], dict[str, int]], None]] = field(
        default_factory=list)
    """Change the opening accounts (Bank Break's reserve)."""
    make_ledger: list[Callable[[Mapping[str, Any], dict[str, int]], Ledger | None]] = field(
        default_factory=list)
    """A ledger of the variant's own instead of the base one (answer)."""
    map_built: list[Callable[[State, Log], bool]] = field(default_factory=list)
    """After map building: True if the variant takes over before the matrix is dealt."""
    taken_minors: list[Callable[[State], Iterable[str]]] = field(default_factory=list)
    """Minors kept out of the matrix."""
    money_moved: list[Callable[[State, Log], None]] = field(default_factory=list)
    """Notice: money left the bank (after pay-outs, sales, at the end of rounds)."""
    game_end: list[Callable[[State], str | None]] = field(default_factory=list)
    """After an Operating Round 2: a reason to end the game now (answer)."""
    last_cycle: list[Callable[[State, int], int]] = field(default_factory=list)
    """The last cycle of the game, given the base game's."""
    share_value: list[Callable[[State, int], int]] = field(default_factory=list)
    """Score a seat gets from holdings the companies do not show (added up)."""
    final_result: list[Callable[[State, tuple[int, ...], str, Log], bool]] = field(
        default_factory=list)
    """The game's result instead of the ranking by score: True if the variant set it."""
    # -- the Stock Round (stock_round.py) ----------------------------------------------
    check_new_certificate: list[Callable[[State, int], Refusal]] = field(default_factory=list)
    """May this seat take one more certificate (bid, start an auction)? (refusal)"""
    forced_stock_actions: list[Callable[[State, int], list[Any] | None]] = field(
        default_factory=list)
    """The only legal Stock Round actions of a seat, if a variant forces them (answer)."""
    check_stock_action: list[Callable[[State, Any, int], Refusal]] = field(
        default_factory=list)
    """A refusal of any Stock Round action, before the base checks."""
    other_shares: list[OtherShares] = field(default_factory=list)
    """Shares of something that is not a company (the Metropolitan)."""
    check_share_deal: list[Callable[[State, str, str | None], Refusal]] = field(
        default_factory=list)
    """A player's sale (source None) or purchase of a company's share (refusal)."""
    check_buy: list[Callable[[State, str, int], Refusal]] = field(default_factory=list)
    """A purchase the base rules allow (refusal; Bank Break's certificate limit)."""
    presides_itself: list[Callable[[State, str], bool]] = field(default_factory=list)
    """A company without a player president (the Conglomerate)."""
    stock_round_end: list[Callable[[State, Log], None]] = field(default_factory=list)
    """Notice: the players' Stock Round is over, before the price rises."""
    # -- the Operating Round (operating_round.py) --------------------------------------
    seat_name: list[Callable[[State, int], str | None]] = field(default_factory=list)
    """What a seat is called when it is not a player (answer)."""
    holder_account: list[Callable[[State, int], str | None]] = field(default_factory=list)
    """The account paid for a share holder that is not a player (answer)."""
    start_of_turn: list[Callable[[State, str, Log], None]] = field(default_factory=list)
    """Notice: a company's Operating Round turn begins."""
    automated_turn: list[Callable[[State, str, Log], bool]] = field(default_factory=list)
    """True if the variant played this company's whole turn itself (the Conglomerate)."""
    interludes: list[Interlude] = field(default_factory=list)
    """Decisions inserted into a company's turn (the Headquarters' effects)."""
    step_options: list[Callable[[State, str, str], list[Any]]] = field(default_factory=list)
    """Extra actions offered at a step: (state, company, step)."""
    step_actions: dict[type, StepAction] = field(default_factory=dict)
    """The variants' Operating Round actions by type: their steps, check and effect."""
    payout_steps: list[Callable[[State, int, int, int], int]] = field(default_factory=list)
    """What a share is worth after a pay-out: the price steps up, given the base game's
    steps (Record Gains!)."""
    player_bankrupt: list[Callable[[State, int], None]] = field(default_factory=list)
    """Notice: a bankrupt player leaves the game (``bankruptcy = "continue"``)."""
    # -- the Merger Round and trains (merger_round.py, trains.py) ---------------------
    merger_round_start: list[Callable[[State, Log], None]] = field(default_factory=list)
    """Notice: a Merger Round begins, before the players' proposals."""
    merger_procedures: list[Callable[[State], MergerProcedure | None]] = field(
        default_factory=list)
    """A procedure of the variant's own for this Merger Round's proposals (answer; Hostile
    Mergers' player turns and share vote)."""
    merger_interludes: list[MergerInterlude] = field(default_factory=list)
    """Decisions inserted after a major forms (the Headquarters' placement)."""
    extra_merger_round: list[Callable[[State, int], str | None]] = field(default_factory=list)
    """The line announcing another Merger Round after Merger Round ``number``, if one
    follows (answer; Merger Mania!)."""
    exported: list[Callable[[State, str, int, Log], None]] = field(default_factory=list)
    """Notice: ``count`` trains of a type were exported at the end of a cycle."""
    # -- the title's wiring (title.py, view.py) --------------------------------------
    parse_action: list[Callable[[list[str], str], Action | None]] = field(
        default_factory=list)
    """Read a variant's action from its notation, given the words and the text (answer;
    asked for an action whose first word is none of the rounds' verbs)."""
    rounds: dict[str, VariantRound] = field(default_factory=dict)
    """Rounds of a variant's own by their ``state.round`` name (the Solo Game's setup)."""
    company_view: list[Callable[[State, str], dict[str, Any] | None]] = field(
        default_factory=list)
    """Fields a variant adds to a company's entry in the view (the Headquarters)."""
    view_sections: list[Callable[[State, dict[str, Any]], None]] = field(
        default_factory=list)
    """Sections a variant adds to the view, given the view so far (Bank Break's bank and
    certificate counts, the Metropolitan, the Solo Game's Conglomerate)."""


POINTS = Points()
"""The points the rounds ask; :func:`install` fills them from the table of variants."""

_installed: list[str] = []


def install(variants: Iterable[tuple[str, Callable[[Points], None]]]) -> None:
    """Attach every variant of the table to :data:`POINTS` (once; later calls do nothing)."""
    if _installed:
        return
    for name, attach in variants:
        attach(POINTS)
        _installed.append(name)
    # the title sends the rulebook's rounds their actions before it asks for a variant's
    # round, so a variant's round may not take one of their names
    shadowed = set(POINTS.rounds) & {MAP, STOCK, OPERATING, MERGER}
    if shadowed:
        raise ValueError(f"a variant's round takes a rulebook round's name: {sorted(shadowed)}")


def installed() -> tuple[str, ...]:
    """The names of the attached variants, in table order."""
    return tuple(_installed)


# -- asking the points (the helpers the rounds call) -------------------------------------------
def first_refusal(hooks: Iterable[Callable[..., Refusal]], *args: Any) -> Refusal:
    for hook in hooks:
        refused = hook(*args)
        if refused is not None:
            return refused
    return None


def money_moved(state: State, log: Log) -> None:
    for hook in POINTS.money_moved:
        hook(state, log)


def seat_name(state: State, seat: int) -> str:
    """A player's name, or what a variant calls a seat that is no player."""
    for hook in POINTS.seat_name:
        name = hook(state, seat)
        if name is not None:
            return name
    return state.players[seat]


def holder_account(state: State, seat: int) -> str:
    """The ledger account of a share holder: a player's purse unless a variant says."""
    for hook in POINTS.holder_account:
        account = hook(state, seat)
        if account is not None:
            return account
    return player_account(seat)


def presides_itself(state: State, company: str) -> bool:
    return any(hook(state, company) for hook in POINTS.presides_itself)


def interlude(state: State, company: str) -> Interlude | None:
    """The variant whose inserted decisions are pending for ``company``, if any."""
    for hook in POINTS.interludes:
        if hook.busy(state, company):
            return hook
    return None


def other_shares(state: State, company: str) -> OtherShares | None:
    """The handler of ``company`` if it is an active non-company share (the Metropolitan)."""
    for shares in POINTS.other_shares:
        if shares.company == company and shares.active(state):
            return shares
    return None
