"""The Merger Round: pairs of minors combine into major corporations (rulebook "Merger
Round" with Diagram 9, Company Details; summary 000 "Mergers"; components §5.2).

It follows the two Operating Rounds once the first green train has been bought or
exported (``flow.after_operating`` decides that). In descending price — operating order,
fixed as the round starts — each minor's president proposes a merger with another minor
to one of whose hubs the minor can trace a route (Overnight passes full cities), or
passes. The other minor's president accepts or refuses; a refused pair may not be
proposed again this round. On agreement the player owning the most shares of the two
minors (tie: the president of the minor earlier in operating order) chooses an available
major, and:

* every minor share becomes one major share where it lies (players, treasuries, pool);
  the new president holds the president's certificate, the other minor president's
  certificate becomes two single shares;
* the major's token enters the stock track at the average of the two prices rounded down
  to a printed value, below any tokens already there; the minors' tokens leave;
* each minor hub on the map becomes a major hub; where two stand on one tile, one stays
  and the other returns to the charter on a FREE spot (cost 0); the charter's two
  bought hubs (data: ``major_charter.hub_costs``) and Expansive's unplaced extra hub
  (keeping its 40) join the charter; suburb tokens stay, now the major's;
* treasuries and trains combine; over the major's train limit the president puts one
  train of their choice in the bank pool (the ``discard`` step of this round);
* the major keeps both minors' abilities, counts as having operated, and the minors are
  gone. Play continues with the next remaining minor in order; when every minor has had
  its chance, the round ends.

Notation: ``merge <minor> <other>`` (the proposing minor first), ``accept``, ``refuse``,
``major <major id>``, ``pass`` and ``discard <major> <train>``.

Readings where the rules are silent (see also the functions):

* A proposal made by a player who presides over both minors is accepted at once: the
  proposal is that president's consent for both companies.
* After a refusal the proposing minor keeps its turn and may propose another merger or
  pass. "That exact merger" is the pair, whichever minor proposes it.
* A minor with no possible partner when its turn comes (no connection, only refused
  pairs, no major left) is passed over; the round ends when no minor is left to ask.
* Price: the average of the two prices, rounded down, then down to the highest printed
  value of the stock track not above it.
* Presidency tie between players neither of whom presides over either minor: the first
  of them clockwise from the president of the minor earlier in operating order.
* Where two hubs share a tile the hub on the lower stop (then the one placed first)
  stays. The major's hub tokens are the charter's four plus Expansive's extra token,
  converted (it counts whether on the map or on its 40 spot); tokens left unused return
  to the box.
* The major starts with no revenue on the earnings chart (``last_revenue`` 0).

Variants change the round only through the extension points (``points.py``):

* ``merger_procedures``: a variant's own proposing and deciding (Hostile Mergers' player
  turns and share vote, ``variants/hostile_mergers.py``) takes the ``propose`` step and
  steps of its own; it hands an agreed merger back (:func:`agreed`) and a finished turn
  (:func:`settle`).
* ``merger_interludes``: decisions inserted once the new president has chosen the major,
  as a step of their own, before the discard step or the round goes on (the
  Headquarters' placement, ``variants/headquarters.py``).
* ``extra_merger_round``: another Merger Round follows the first (Merger Mania!,
  ``variants/landmarks.py``); pairs refused in the first may be proposed again.
* ``merger_round_start``: before the proposals (the Solo Game's Conglomerate absorbs a
  minor, ``variants/solo.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from boardroom.core.errors import IllegalAction, NotationError
from boardroom.core.title import Action
from boardroom.map.hexes import Hex
from boardroom.map.track import StopRef
from boardroom.market.shares import Company
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board.operator import Operator
from boardroom.titles.lost_atlas.board.track_laying import reaches
from boardroom.titles.lost_atlas.rounds import trains
from boardroom.titles.lost_atlas.rounds.points import POINTS, MergerInterlude, MergerProcedure
from boardroom.titles.lost_atlas.state import (
    MAJOR,
    MINOR,
    Corp,
    LostAtlasState,
    company_account,
)

PROPOSE, ANSWER, CHOOSE, DISCARD = "propose", "answer", "choose", "discard"
"""The base game's steps; a variant's inserted decisions after a merger are a step named
by the variant (``MergerInterlude.step``), a variant's procedure may add steps of its own
(``MergerProcedure.steps``)."""
RULE = "lost_atlas.merger."


# -- actions ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Propose(Action):
    """The acting minor's president proposes to merge it with ``other``.
    Notation ``merge expansive express``."""

    minor: str
    other: str

    def __str__(self) -> str:
        return f"merge {self.minor} {self.other}"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """The other minor's president agrees to the proposed merger."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class Refuse(Action):
    """The other minor's president declines: the pair may not be proposed again."""

    def __str__(self) -> str:
        return "refuse"


@dataclass(frozen=True, slots=True)
class ChooseMajor(Action):
    """The new president chooses the major the two minors form. Notation
    ``major union``."""

    major: str

    def __str__(self) -> str:
        return f"major {self.major}"


MergerAction = Propose | Accept | Refuse | ChooseMajor | Pass | trains.Discard | Action
"""The round's actions; ``Action``: a variant's (``points.merger_procedures``,
``merger_interludes``)."""
VERBS = ("merge", "accept", "refuse", "major")


def parse(words: list[str], text: str) -> MergerAction | None:
    """Read a Merger Round action, or None if the first word is not one of ours."""
    head, rest = words[0], words[1:]
    if head == "merge" and len(rest) == 2:
        return Propose(rest[0], rest[1])
    if head == "accept" and not rest:
        return Accept()
    if head == "refuse" and not rest:
        return Refuse()
    if head == "major" and len(rest) == 1:
        return ChooseMajor(rest[0])
    if head in VERBS:
        raise NotationError(f"{text!r} is not a Merger Round action (merge MINOR OTHER, "
                            f"accept, refuse, major MAJOR)")
    return None


# -- the round's sub-state ----------------------------------------------------------------
@dataclass
class MergerRound:
    order: list[str]
    """Minors still to have their chance, in operating order; the first is asked now."""
    refused: set[frozenset[str]] = field(default_factory=set)
    """Pairs refused this round."""
    step: str = PROPOSE
    proposal: tuple[str, str] | None = None
    """(proposing minor, other minor) while the merger is being settled."""
    chooser: int | None = None
    """The new president, who chooses the major."""
    major: str | None = None
    """The major just formed, over its train limit (the discard step)."""
    number: int = 1
    """1, or 2 for the second Merger Round of Merger Mania!"""
    procedure: MergerProcedure | None = None
    """A variant's own proposing and deciding for this round, with its sub-state
    (``points.merger_procedures``); None: the base game's."""
    interlude: int = -1
    """Which of ``points.merger_interludes`` is deciding in its step; -1: none."""

    def copy(self) -> MergerRound:
        return MergerRound(list(self.order), set(self.refused), self.step, self.proposal,
                           self.chooser, self.major, self.number,
                           self.procedure.copy() if self.procedure is not None else None,
                           self.interlude)


def _interlude(mr: MergerRound) -> MergerInterlude | None:
    """The variant whose inserted decisions are the step now, if any."""
    if mr.interlude < 0:
        return None
    inserted = POINTS.merger_interludes[mr.interlude]
    return inserted if mr.step == inserted.step else None


def _procedure(mr: MergerRound) -> MergerProcedure | None:
    """The variant's procedure if it decides the step now."""
    procedure = mr.procedure
    return procedure if procedure is not None and mr.step in procedure.steps else None


def _mr(state: LostAtlasState) -> MergerRound:
    mr = state.mr
    assert isinstance(mr, MergerRound), "no Merger Round is in progress"
    return mr


# -- reading the position -----------------------------------------------------------------
def _name(state: LostAtlasState, company: str) -> str:
    return state.corps[company].name


def _minors(state: LostAtlasState) -> list[str]:
    """The minors on the stock track, in operating order."""
    return [c for c in state.stock.operating_order() if state.corps[c].kind == MINOR]


def available_majors(state: LostAtlasState) -> list[str]:
    """Majors not formed (and not on the table) now, in data order."""
    return [m for m in state.components.majors if m not in state.corps]


def connected(state: LostAtlasState, minor: str, other: str) -> bool:
    """Can ``minor`` trace a route to at least one of ``other``'s hubs? (Overnight may
    pass full cities: the trace knows the ability.)"""
    return reaches(state.board, _tracer(state, minor), state.board.hubs_of(other))


def _tracer(state: LostAtlasState, minor: str) -> Operator:
    """``minor`` as the trace of :func:`connected` knows it."""
    corp = state.corps[minor]
    return Operator(minor, corp.abilities, state.treasury(minor))


def partners(state: LostAtlasState, minor: str) -> list[str]:
    """The minors ``minor`` may propose a merger with now, in operating order."""
    return list(_iter_partners(state, minor))


def has_partner(state: LostAtlasState, minor: str) -> bool:
    """Whether :func:`partners` lists anything (tracing only until a first partner)."""
    return next(_iter_partners(state, minor), None) is not None


def _iter_partners(state: LostAtlasState, minor: str) -> Iterator[str]:
    if not available_majors(state):
        return
    mr = state.mr
    refused = mr.refused if isinstance(mr, MergerRound) else set()
    tracer: Operator | None = None  # built once, when a first pair is traced
    for other in _minors(state):
        if other != minor and frozenset((minor, other)) not in refused:
            if tracer is None:
                tracer = _tracer(state, minor)
            if reaches(state.board, tracer, state.board.hubs_of(other)):  # connected()
                yield other


def new_president(state: LostAtlasState, minor: str, other: str) -> int:
    """The player owning the most shares of the two minors; on a tie the president of
    the minor earlier in operating order (then of the other minor, then the first tied
    player clockwise from the earlier minor's president)."""
    first, second = sorted((minor, other), key=state.stock.rank)
    totals: dict[int, int] = {}
    for company in (first, second):
        for seat, count in state.corps[company].shares.players.items():
            totals[seat] = totals.get(seat, 0) + count
    best = max(totals.values())
    tied = [seat for seat, count in totals.items() if count == best]
    if len(tied) == 1:
        return tied[0]
    for company in (first, second):
        seat = state.president(company)
        if seat in tied:
            return seat
    start = state.president(first)
    n = state.seats()
    return next((start + k) % n for k in range(1, n + 1) if (start + k) % n in tied)


def merged_price(state: LostAtlasState, minor: str, other: str) -> int:
    """The average of the two prices rounded down, to the highest printed value of the
    stock track not above it."""
    average = (state.price(minor) + state.price(other)) // 2
    return max(v for v in state.stock.values if v <= average)


# -- the round ----------------------------------------------------------------------------
def _round_name(number: int) -> str:
    return "Merger Round" if number == 1 else "second Merger Round"


def start(state: LostAtlasState, log: list[str], number: int = 1) -> None:
    """Begin the Merger Round (``number`` 2: Merger Mania!'s second one, which
    ``_close`` starts); ``state.mr`` stays None when no merger is possible."""
    state.mr = None
    name = _round_name(number)
    for hook in POINTS.merger_round_start:  # the Conglomerate may absorb a minor first
        hook(state, log)
    minors = _minors(state)
    if len(minors) < 2:
        log.append(f"There is no {name}: fewer than two minor companies remain.")
        return
    procedure = next((found for hook in POINTS.merger_procedures
                      if (found := hook(state)) is not None), None)
    state.mr = MergerRound(order=minors, number=number, procedure=procedure)
    log.append(f"The {name} begins.")
    if procedure is not None:
        procedure.begin(state, log)
    if not _someone_to_ask(state, log):
        _close(state, log, f"No merger is possible: the {name} ends.")


def to_act(state: LostAtlasState) -> int:
    mr = _mr(state)
    if (procedure := _procedure(mr)) is not None:
        return procedure.to_act(state)
    if mr.step == PROPOSE:
        return state.president(mr.order[0])
    if mr.step == ANSWER:
        assert mr.proposal is not None
        return state.president(mr.proposal[1])
    if mr.step == CHOOSE:
        assert mr.chooser is not None
        return mr.chooser
    assert mr.major is not None
    return state.president(mr.major)


def legal(state: LostAtlasState, seat: int) -> list[MergerAction]:
    if state.mr is None or seat != to_act(state):
        return []
    mr = _mr(state)
    if (procedure := _procedure(mr)) is not None:
        return procedure.legal(state, seat)
    if mr.step == PROPOSE:
        minor = mr.order[0]
        out: list[MergerAction] = [Propose(minor, other) for other in partners(state, minor)]
        out.append(Pass())
        return out
    if mr.step == ANSWER:
        return [Accept(), Refuse()]
    if mr.step == CHOOSE:
        return [ChooseMajor(m) for m in available_majors(state)]
    assert mr.major is not None
    if (inserted := _interlude(mr)) is not None:
        return inserted.legal(state, mr.major)
    return [trains.Discard(mr.major, t) for t in sorted(set(state.corps[mr.major].trains))]


_ANSWERS = (Accept, Refuse)
"""The answers to a proposed merger, as a tuple made once (a union written in the call
is built again at every check)."""


def check(state: LostAtlasState, action: Action, seat: int) -> IllegalAction | None:
    if state.mr is None:
        return IllegalAction(RULE + "step", "no Merger Round is in progress")
    mr = _mr(state)
    if seat != to_act(state):
        return IllegalAction(RULE + "turn", f"it is not {state.players[seat]}'s decision")
    if (inserted := _interlude(mr)) is not None:
        assert mr.major is not None
        return inserted.check(state, mr.major, action)
    if (procedure := _procedure(mr)) is not None:
        return procedure.check(state, action, seat)
    if mr.step == PROPOSE:
        if isinstance(action, Pass):
            return None
        if not isinstance(action, Propose):
            return IllegalAction(RULE + "step",
                                 f"{_name(state, mr.order[0])}'s president proposes a "
                                 f"merger or passes")
        return _check_proposal(state, mr, action)
    if mr.step == ANSWER:
        if not isinstance(action, _ANSWERS):
            return IllegalAction(RULE + "step", "the proposed merger is accepted or refused")
        return None
    if mr.step == CHOOSE:
        if not isinstance(action, ChooseMajor):
            return IllegalAction(RULE + "step", "the new president chooses a major")
        if action.major not in available_majors(state):
            return IllegalAction(RULE + "major", f"{action.major!r} is not an available major "
                                 f"(available: {', '.join(available_majors(state))})")
        return None
    assert mr.major is not None
    corp = state.corps[mr.major]
    if not isinstance(action, trains.Discard) or action.company != mr.major:
        return IllegalAction(RULE + "discard",
                             f"{corp.name} is over its train limit: its president puts a "
                             f"train in the bank pool")
    if action.train not in corp.trains:
        return IllegalAction(RULE + "discard", f"{corp.name} has no {action.train}-train")
    return None


def _check_proposal(state: LostAtlasState, mr: MergerRound,
                    action: Propose) -> IllegalAction | None:
    minor = mr.order[0]
    if action.minor != minor:
        return IllegalAction(RULE + "turn", f"it is {_name(state, minor)}'s turn to propose")
    other = state.corps.get(action.other)
    if other is None or other.kind != MINOR or action.other == minor:
        return IllegalAction(RULE + "partner",
                             f"{action.other!r} is not another minor company")
    if frozenset((minor, action.other)) in mr.refused:
        return IllegalAction(RULE + "refused",
                             f"the merger of {_name(state, minor)} and {other.name} was "
                             f"refused this round")
    if not available_majors(state):
        return IllegalAction(RULE + "major", "no major corporation is available")
    if not connected(state, minor, action.other):
        return IllegalAction(RULE + "connection",
                             f"{_name(state, minor)} cannot trace a route to a hub of "
                             f"{other.name}")
    return None


def apply(state: LostAtlasState, action: Action, seat: int, log: list[str]) -> bool:
    """Apply a checked action; return True when the Merger Round is over."""
    mr = _mr(state)
    player = state.players[seat]
    if (inserted := _interlude(mr)) is not None:
        assert mr.major is not None
        if not inserted.apply(state, mr.major, action, log):
            return False
        mr.interlude = -1
        return _formed(state, mr, mr.major, log)
    if (procedure := _procedure(mr)) is not None:
        return procedure.apply(state, action, seat, log)
    if isinstance(action, Pass):
        log.append(f"{player} passes for {_name(state, mr.order[0])}.")
        mr.order.pop(0)
        return settle(state, log)
    if isinstance(action, Propose):
        mr.proposal = (action.minor, action.other)
        log.append(f"{player} proposes to merge {_name(state, action.minor)} with "
                   f"{_name(state, action.other)}.")
        if state.president(action.other) == seat:
            log.append(f"{player} presides over both and agrees.")
            agreed(state, log)
        else:
            mr.step = ANSWER
        return False
    if isinstance(action, Accept):
        log.append(f"{player} accepts.")
        agreed(state, log)
        return False
    if isinstance(action, Refuse):
        assert mr.proposal is not None
        minor, other = mr.proposal
        mr.refused.add(frozenset(mr.proposal))
        log.append(f"{player} refuses: {_name(state, minor)} and {_name(state, other)} may "
                   f"not merge this round.")
        mr.proposal = None
        mr.step = PROPOSE
        return settle(state, log)
    if isinstance(action, ChooseMajor):
        major = merge(state, action.major, log)
        mr.proposal = mr.chooser = None
        for index, inserted in enumerate(POINTS.merger_interludes):  # the Headquarters
            if inserted.offer(state, major, log):
                mr.step, mr.major, mr.interlude = inserted.step, major, index
                return False
        return _formed(state, mr, major, log)
    assert isinstance(action, trains.Discard) and mr.major is not None
    if action.company not in state.discards:
        state.discards.append(action.company)
    trains.discard(state, action.company, action.train, log)
    if action.company in state.discards:  # still over the limit: another train goes
        state.discards.remove(action.company)
        return False
    mr.step, mr.major = PROPOSE, None
    return settle(state, log)


def _formed(state: LostAtlasState, mr: MergerRound, major: str, log: list[str]) -> bool:
    """The new major is formed (and its headquarters settled): over its train limit its
    president discards, otherwise the round goes on."""
    if len(state.corps[major].trains) > trains.limit(state, major):
        mr.step, mr.major = DISCARD, major
        log.append(f"{state.corps[major].name} is over its train limit of "
                   f"{trains.limit(state, major)}: "
                   f"{state.players[state.president(major)]} puts a train in the bank pool.")
        return False
    mr.step, mr.major = PROPOSE, None
    return settle(state, log)


def agreed(state: LostAtlasState, log: list[str]) -> None:
    """The proposed merger (``proposal``) is agreed: the new president chooses the major."""
    mr = _mr(state)
    assert mr.proposal is not None
    chooser = new_president(state, *mr.proposal)
    mr.step, mr.chooser = CHOOSE, chooser
    log.append(f"{state.players[chooser]} will preside over the new corporation and "
               f"chooses it.")


def settle(state: LostAtlasState, log: list[str]) -> bool:
    """Pass over the minors (a variant's procedure: its proposers) that cannot propose;
    True (and the round closed) if none is left."""
    if _someone_to_ask(state, log):
        return False
    return _close(state, log, f"The {_round_name(_mr(state).number)} ends.")


def _someone_to_ask(state: LostAtlasState, log: list[str]) -> bool:
    """Pass over those who cannot propose; False when the round is over."""
    mr = _mr(state)
    if mr.procedure is not None:
        return mr.procedure.someone_to_ask(state, log)
    while mr.order and not has_partner(state, mr.order[0]):
        minor = mr.order.pop(0)
        log.append(f"{_name(state, minor)} has no possible merger partner.")
    return bool(mr.order)


def _close(state: LostAtlasState, log: list[str], text: str) -> bool:
    """End the round with ``text``; with Merger Mania! the first is followed by a
    second Merger Round. True when no Merger Round is left to play."""
    number = _mr(state).number
    state.mr = None
    log.append(text)
    if number == 1:
        for hook in POINTS.extra_merger_round:  # Merger Mania!
            if (line := hook(state, number)) is not None:
                log.append(line)
                start(state, log, 2)
                break
    return state.mr is None


def describe(state: LostAtlasState) -> dict[str, Any]:
    """The round's public sub-state for the view (a variant's procedure adds its own)."""
    mr = _mr(state)
    out: dict[str, Any] = {
        "order": list(mr.order),
        "step": mr.step,
        "proposal": list(mr.proposal) if mr.proposal else None,
        "refused": sorted(sorted(pair) for pair in mr.refused),
        "chooser": mr.chooser,
        "number": mr.number,
    }
    if mr.procedure is not None:
        out.update(mr.procedure.describe(state))
    return out


# -- the merger ---------------------------------------------------------------------------
def merge(state: LostAtlasState, major_id: str, log: list[str]) -> str:
    """Form ``major_id`` from the two minors of the agreed proposal; returns its id."""
    mr = _mr(state)
    assert mr.proposal is not None and mr.chooser is not None
    first, second = sorted(mr.proposal, key=state.stock.rank)
    minors = (state.corps[first], state.corps[second])
    comp = state.components
    charter = comp.major_charter
    major_def = comp.majors[major_id]
    shares = Company(major_def.name, total=charter.shares + charter.president_shares,
                     president_shares=charter.president_shares,
                     share_percent=charter.share_percent, max_percent=charter.max_percent)
    for minor in minors:
        for seat, count in minor.shares.players.items():
            shares.give(seat, count)
        shares.treasury += minor.shares.treasury
        shares.pool += minor.shares.pool
    shares.president = mr.chooser
    held = sum(shares.players.values()) + shares.treasury + shares.pool
    assert held == shares.total, f"{held} minor shares do not make {shares.total} major shares"
    corp = Corp(id=major_id, kind=MAJOR, name=major_def.name,
                abbreviation=major_def.name[:3].upper(),
                abilities=minors[0].abilities | minors[1].abilities, shares=shares,
                trains=minors[0].trains + minors[1].trains,
                rusted=minors[0].rusted + minors[1].rusted,
                operated=True, minors=(first, second),
                suburbs=minors[0].suburbs + minors[1].suburbs)
    price = merged_price(state, first, second)
    names = f"{minors[0].name} and {minors[1].name}"
    log.append(f"{names} merge into {corp.name}; {state.players[mr.chooser]} is its "
               f"president. Each minor share becomes a {corp.name} share.")
    # Stock track: the minors leave, the major enters below any token already there.
    state.stock.remove(first)
    state.stock.remove(second)
    state.stock.enter(major_id, state.stock.index_of(price))
    log.append(f"{corp.name}'s share price is {price}.")
    # Money.
    account = company_account(major_id)
    state.ledger.open(account)
    for minor in minors:
        state.ledger.pay(company_account(minor.id), account, state.treasury(minor.id))
        state.ledger.close(company_account(minor.id))
    # Hubs and suburbs.
    corp.hub_costs = _hubs(state, corp, minors, log)
    for h, owner in list(state.board.suburbs.items()):
        if owner in (first, second):
            state.board.suburbs[h] = major_id
    state.corps[major_id] = corp
    for minor in minors:
        del state.corps[minor.id]
        if minor.id in state.discards:
            state.discards.remove(minor.id)
    mr.order = [m for m in mr.order if m not in (first, second)]
    order = list(comp.trains)
    corp.trains.sort(key=order.index)
    what = f"the trains {', '.join(corp.trains)}" if corp.trains else "no train"
    log.append(f"{corp.name}'s treasury holds {state.treasury(major_id)}; it owns {what}.")
    return major_id


def _hubs(state: LostAtlasState, major: Corp, minors: tuple[Corp, Corp],
          log: list[str]) -> list[int]:
    """Replace the minors' hubs on the map; return the major's charter hub costs."""
    board = state.board
    ids = {m.id for m in minors}
    kept: dict[Hex, StopRef] = {}
    doubled = 0
    for ref in sorted(board.hubs):
        owners: list[str] = []
        for owner in board.hubs[ref]:
            if owner not in ids:
                owners.append(owner)
            elif ref[0] in kept:
                doubled += 1
            else:
                kept[ref[0]] = ref
                owners.append(major.id)
        if owners:
            board.hubs[ref] = owners
        else:
            del board.hubs[ref]
    if kept:
        where = ", ".join(f"{h[0]},{h[1]}" for h in sorted(kept))
        log.append(f"{major.name}'s hubs replace the minors' hubs at {where}.")
    if doubled:
        log.append(f"{doubled} hub{'s' if doubled > 1 else ''} on a tile already holding "
                   f"one return{'' if doubled > 1 else 's'} to {major.name}'s charter on a "
                   f"free spot.")
    costs = [0] * doubled
    for minor in minors:
        costs.extend(minor.hub_costs)  # Expansive's unplaced extra hub keeps its cost
    charter = state.components.major_charter
    costs.extend(charter.hub_costs)
    tokens = charter.hubs + sum(state.components.minors[m.id].hubs - 1 for m in minors)
    spare = tokens - len(kept) - len(costs)
    while spare < 0 and costs:
        costs.remove(max(costs))
        spare += 1
    costs.sort()
    shown = ", ".join("free" if c == 0 else str(c) for c in costs)
    log.append(f"{major.name}'s charter holds hubs costing {shown or 'nothing'}."
               + (f" {spare} spare hub{'s' if spare > 1 else ''} return{'' if spare > 1 else 's'} "
                  f"to the box." if spare > 0 else ""))
    return costs
