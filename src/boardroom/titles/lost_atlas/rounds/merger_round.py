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

* the two minors form it (:mod:`.merger`: shares, stock track, hubs, money, trains);
* over the major's train limit the president puts one train of their choice in the bank
  pool (the ``discard`` step of this round);
* play continues with the next remaining minor in order; when every minor has had its
  chance, the round ends.

Who may merge with whom, the new president and the price are :mod:`.merger_partners`'s;
the actions and their notation :mod:`.merger_notation`'s, the round's sub-state
:mod:`.merger_state`'s. Their public names are importable from here too.

Notation: ``merge <minor> <other>`` (the proposing minor first), ``accept``, ``refuse``,
``major <major id>``, ``pass`` and ``discard <major> <train>``.

Readings where the rules are silent (see also the functions):

* A proposal made by a player who presides over both minors is accepted at once: the
  proposal is that president's consent for both companies.
* After a refusal the proposing minor keeps its turn and may propose another merger or
  pass. "That exact merger" is the pair, whichever minor proposes it.
* A minor with no possible partner when its turn comes (no connection, only refused
  pairs, no major left) is passed over; the round ends when no minor is left to ask.
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
  minor, ``variants/solo/``).
"""

from __future__ import annotations

from typing import Any

from boardroom.core.errors import IllegalAction
from boardroom.core.title import Action
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.rounds import trains
from boardroom.titles.lost_atlas.rounds.merger import merge
from boardroom.titles.lost_atlas.rounds.merger_notation import (
    VERBS,
    Accept,
    ChooseMajor,
    MergerAction,
    Propose,
    Refuse,
    parse,
)
from boardroom.titles.lost_atlas.rounds.merger_partners import (
    available_majors,
    connected,
    has_partner,
    merged_price,
    minors_in_order,
    name_of,
    new_president,
    partners,
)
from boardroom.titles.lost_atlas.rounds.merger_state import (
    ANSWER,
    CHOOSE,
    DISCARD,
    PROPOSE,
    RULE,
    MergerRound,
    mr_of,
)
from boardroom.titles.lost_atlas.rounds.points import POINTS, MergerInterlude, MergerProcedure
from boardroom.titles.lost_atlas.state import MINOR, LostAtlasState

__all__ = [
    "ANSWER",
    "CHOOSE",
    "DISCARD",
    "PROPOSE",
    "RULE",
    "VERBS",
    "Accept",
    "ChooseMajor",
    "MergerAction",
    "MergerRound",
    "Propose",
    "Refuse",
    "agreed",
    "apply",
    "available_majors",
    "check",
    "connected",
    "describe",
    "has_partner",
    "legal",
    "merge",
    "merged_price",
    "new_president",
    "parse",
    "partners",
    "settle",
    "start",
    "to_act",
]


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


def _round_name(number: int) -> str:
    return "Merger Round" if number == 1 else "second Merger Round"


def start(state: LostAtlasState, log: list[str], number: int = 1) -> None:
    """Begin the Merger Round (``number`` 2: Merger Mania!'s second one, which
    ``_close`` starts); ``state.mr`` stays None when no merger is possible."""
    state.mr = None
    name = _round_name(number)
    for hook in POINTS.merger_round_start:  # the Conglomerate may absorb a minor first
        hook(state, log)
    minors = minors_in_order(state)
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
    mr = mr_of(state)
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
    mr = mr_of(state)
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
    mr = mr_of(state)
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
                                 f"{name_of(state, mr.order[0])}'s president proposes a "
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
        return IllegalAction(RULE + "turn", f"it is {name_of(state, minor)}'s turn to propose")
    other = state.corps.get(action.other)
    if other is None or other.kind != MINOR or action.other == minor:
        return IllegalAction(RULE + "partner",
                             f"{action.other!r} is not another minor company")
    if frozenset((minor, action.other)) in mr.refused:
        return IllegalAction(RULE + "refused",
                             f"the merger of {name_of(state, minor)} and {other.name} was "
                             f"refused this round")
    if not available_majors(state):
        return IllegalAction(RULE + "major", "no major corporation is available")
    if not connected(state, minor, action.other):
        return IllegalAction(RULE + "connection",
                             f"{name_of(state, minor)} cannot trace a route to a hub of "
                             f"{other.name}")
    return None


def apply(state: LostAtlasState, action: Action, seat: int, log: list[str]) -> bool:
    """Apply a checked action; return True when the Merger Round is over."""
    mr = mr_of(state)
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
        log.append(f"{player} passes for {name_of(state, mr.order[0])}.")
        mr.order.pop(0)
        return settle(state, log)
    if isinstance(action, Propose):
        mr.proposal = (action.minor, action.other)
        log.append(f"{player} proposes to merge {name_of(state, action.minor)} with "
                   f"{name_of(state, action.other)}.")
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
        log.append(f"{player} refuses: {name_of(state, minor)} and {name_of(state, other)} may "
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
    mr = mr_of(state)
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
    return _close(state, log, f"The {_round_name(mr_of(state).number)} ends.")


def _someone_to_ask(state: LostAtlasState, log: list[str]) -> bool:
    """Pass over those who cannot propose; False when the round is over."""
    mr = mr_of(state)
    if mr.procedure is not None:
        return mr.procedure.someone_to_ask(state, log)
    while mr.order and not has_partner(state, mr.order[0]):
        minor = mr.order.pop(0)
        log.append(f"{name_of(state, minor)} has no possible merger partner.")
    return bool(mr.order)


def _close(state: LostAtlasState, log: list[str], text: str) -> bool:
    """End the round with ``text``; with Merger Mania! the first is followed by a
    second Merger Round. True when no Merger Round is left to play."""
    number = mr_of(state).number
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
    mr = mr_of(state)
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
