"""Hostile Mergers (option ``hostile_mergers``; rulebook "Variants > Hostile Mergers"): in
the Merger Round players, not minors, propose, and the shareholders decide by a vote.

Players take turns from the priority player clockwise; any player owning a share of
either minor proposes ``merge A B`` (``A`` must trace a route to a hub of ``B``, as in the
base game) or passes; the round ends when every player has passed in a row (a player with
nothing to propose is passed over, which counts as a pass). The shareholders then vote:
the proposer's shares vote for; the other players holding shares of either minor,
clockwise from the proposer, answer ``vote yes``, ``vote no`` or ``vote abstain`` with all
their shares; bank pool shares vote for where the merged price is above their minor's
price, against where it is below, and abstain where it is equal; treasury shares abstain.
More votes for than against wins (a tie fails); the vote closes as soon as the players not
yet asked can no longer change the result. A failed pair may not be proposed again this
round. Either way the turn passes to the player after the proposer. The priority marker
does not move. An approved merger goes on as the base game's agreed one (the new
president chooses the major, :func:`merger_round.agreed`).

The variant attaches to the Merger Round's ``merger_procedures`` point (its procedure
takes the ``propose`` step and adds the ``vote`` step) and to ``parse_action`` (the
``vote`` notation). Rule ids: ``lost_atlas.variant.hostile.step``, ``.holder``,
``.failed`` (and the base game's ``lost_atlas.merger.partner``, ``.connection``,
``.major``, which still apply).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from boardroom.core.errors import IllegalAction, NotationError
from boardroom.core.title import Action
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.rounds import merger_round
from boardroom.titles.lost_atlas.rounds.merger_round import (
    PROPOSE,
    RULE,
    MergerRound,
    Propose,
    available_majors,
    connected,
    merged_price,
)
from boardroom.titles.lost_atlas.rounds.points import Points
from boardroom.titles.lost_atlas.state import MINOR, LostAtlasState
from boardroom.titles.lost_atlas.variants.switches import HOSTILE_MERGERS, enabled

VOTE = "vote"
"""The Merger Round's step in which the shareholders vote on the proposal."""
HOSTILE = "lost_atlas.variant.hostile."
YES, NO, ABSTAIN = "yes", "no", "abstain"


@dataclass(frozen=True, slots=True)
class Vote(Action):
    """A shareholder's vote on the proposed merger, cast with all the player's shares of
    both minors. Notation ``vote yes``, ``vote no``, ``vote abstain``."""

    choice: str

    def __str__(self) -> str:
        return f"vote {self.choice}"

    def describe(self, state: object) -> str:
        """The label a person reads (``lost_atlas.labels``)."""
        return {YES: "Vote for the merger", NO: "Vote against the merger",
                ABSTAIN: "Abstain"}.get(self.choice, f"Vote {self.choice}")


def parse(words: list[str], text: str) -> Vote | None:
    """Read ``vote yes|no|abstain``, or None if the first word is not ``vote``."""
    if words[0] != "vote":
        return None
    if len(words) == 2 and words[1] in (YES, NO, ABSTAIN):
        return Vote(words[1])
    raise NotationError(f"{text!r} is not a vote (vote yes, vote no or vote abstain)")


# -- reading the position -----------------------------------------------------------------
def _mr(state: LostAtlasState) -> MergerRound:
    mr = state.mr
    assert isinstance(mr, MergerRound), "no Merger Round is in progress"
    return mr


def _name(state: LostAtlasState, company: str) -> str:
    return state.corps[company].name


def _minors(state: LostAtlasState) -> list[str]:
    return [c for c in state.stock.operating_order() if state.corps[c].kind == MINOR]


def mergeable_pairs(state: LostAtlasState) -> list[tuple[str, str]]:
    """Every ``(a, b)`` that ``merge a b`` may name now — ``a`` traces a route to a hub of
    ``b``, the pair has not failed this round and a major is available — in operating
    order of ``a``, then of ``b``."""
    if not available_majors(state):
        return []
    mr = state.mr
    failed = mr.refused if isinstance(mr, MergerRound) else set()
    minors = _minors(state)
    return [(a, b) for a in minors for b in minors
            if a != b and frozenset((a, b)) not in failed and connected(state, a, b)]


def _holds(state: LostAtlasState, seat: int, a: str, b: str) -> int:
    return state.corps[a].shares.held(seat) + state.corps[b].shares.held(seat)


def proposals(state: LostAtlasState, seat: int,
              pairs: list[tuple[str, str]] | None = None) -> list[tuple[str, str]]:
    """The pairs ``seat`` may propose (owning a share of either)."""
    found = mergeable_pairs(state) if pairs is None else pairs
    return [(a, b) for a, b in found if _holds(state, seat, a, b)]


def _shares(count: int) -> str:
    return f"{count} share{'s' if count != 1 else ''}"


def _proposal(mr: MergerRound) -> tuple[str, str]:
    assert mr.proposal is not None
    return mr.proposal


def pool_vote(state: LostAtlasState, minor: str, merged: int) -> str:
    """How the bank pool's shares of ``minor`` vote: for a rise, against a fall,
    abstain when the price stays."""
    price = state.price(minor)
    return YES if merged > price else NO if merged < price else ABSTAIN


def _pool_lines(state: LostAtlasState, a: str, b: str) -> list[str]:
    merged = merged_price(state, a, b)
    out = []
    for minor in (a, b):
        count = state.corps[minor].shares.pool
        if not count:
            continue
        vote = pool_vote(state, minor, merged)
        how = {YES: "vote for: the price would rise", NO: "vote against: the price "
               "would fall", ABSTAIN: "abstain: the price would stay"}[vote]
        if count == 1:
            how = how.replace("vote ", "votes ", 1).replace("abstain:", "abstains:", 1)
        out.append(f"{_name(state, minor)}'s {_shares(count)} in the bank pool {how} "
                   f"({state.price(minor)} to {merged}).")
    return out


def _ballot(state: LostAtlasState) -> ShareVote:
    procedure = _mr(state).procedure
    assert isinstance(procedure, ShareVote), "no Hostile Mergers vote in this round"
    return procedure


def tally(state: LostAtlasState) -> tuple[int, int, int]:
    """(votes for, votes against, shares of players not yet asked) on the proposed merger.
    Treasury shares and abstentions do not count."""
    mr, ballot = _mr(state), _ballot(state)
    a, b = _proposal(mr)
    merged = merged_price(state, a, b)
    count = {YES: 0, NO: 0, ABSTAIN: 0}
    for seat, choice in ballot.votes.items():
        count[choice] += _holds(state, seat, a, b)
    for minor in (a, b):
        count[pool_vote(state, minor, merged)] += state.corps[minor].shares.pool
    left = sum(_holds(state, seat, a, b) for seat in ballot.voters)
    return count[YES], count[NO], left


# -- the procedure ------------------------------------------------------------------------
@dataclass
class ShareVote:
    """The players' turns and the vote: the Merger Round's ``propose`` and ``vote`` steps
    under Hostile Mergers, and their sub-state."""

    turn: int
    """The player to propose or pass."""
    passes: int = 0
    """Consecutive passes (a proposal starts the count again)."""
    proposer: int | None = None
    """The player who proposed the merger being voted on."""
    voters: list[int] = field(default_factory=list)
    """Shareholders still to vote, the first is asked now."""
    votes: dict[int, str] = field(default_factory=dict)
    """Votes cast, by seat (the proposer's ``yes`` included)."""

    steps: ClassVar[tuple[str, ...]] = (PROPOSE, VOTE)
    """The Merger Round's steps this procedure decides."""

    def copy(self) -> ShareVote:
        return ShareVote(self.turn, self.passes, self.proposer, list(self.voters),
                         dict(self.votes))

    def begin(self, state: LostAtlasState, log: list[str]) -> None:
        log.append(f"Hostile Mergers: the players propose in turn, starting with "
                   f"{state.players[state.priority]}; the shareholders vote.")

    def someone_to_ask(self, state: LostAtlasState, log: list[str]) -> bool:
        """Pass over players with nothing to propose (each counts as a pass); False when
        every player has passed in a row or no merger can be proposed."""
        pairs = mergeable_pairs(state)
        n = state.seats()
        if not any(proposals(state, seat, pairs) for seat in range(n)):
            return False
        while self.passes < n:
            if proposals(state, self.turn, pairs):
                return True
            log.append(f"{state.players[self.turn]} owns no share of a pair that may merge "
                       f"and passes.")
            self.passes += 1
            self.turn = (self.turn + 1) % n
        return False

    def to_act(self, state: LostAtlasState) -> int:
        return self.turn if _mr(state).step == PROPOSE else self.voters[0]

    def legal(self, state: LostAtlasState, seat: int) -> list[Action]:
        if _mr(state).step == VOTE:
            return [Vote(YES), Vote(NO), Vote(ABSTAIN)]
        out: list[Action] = [Propose(a, b) for a, b in proposals(state, seat)]
        out.append(Pass())
        return out

    def check(self, state: LostAtlasState, action: Action, seat: int) -> IllegalAction | None:
        mr = _mr(state)
        if mr.step == VOTE:
            if not isinstance(action, Vote):
                return IllegalAction(HOSTILE + "step", "the shareholders vote on the "
                                     "proposed merger: vote yes, vote no or vote abstain")
            return None
        if isinstance(action, Pass):
            return None
        if not isinstance(action, Propose):
            return IllegalAction(HOSTILE + "step", f"{state.players[seat]} proposes a merger "
                                 f"or passes")
        a, b = state.corps.get(action.minor), state.corps.get(action.other)
        for corp, text in ((a, action.minor), (b, action.other)):
            if corp is None or corp.kind != MINOR:
                return IllegalAction(RULE + "partner", f"{text!r} is not a minor company")
        assert a is not None and b is not None
        if action.minor == action.other:
            return IllegalAction(RULE + "partner", "a minor company cannot merge with itself")
        if not _holds(state, seat, action.minor, action.other):
            return IllegalAction(HOSTILE + "holder",
                                 f"{state.players[seat]} owns no share of {a.name} or "
                                 f"{b.name}")
        if frozenset((action.minor, action.other)) in mr.refused:
            return IllegalAction(HOSTILE + "failed", f"the merger of {a.name} and {b.name} "
                                 f"was voted down this round")
        if not available_majors(state):
            return IllegalAction(RULE + "major", "no major corporation is available")
        if not connected(state, action.minor, action.other):
            return IllegalAction(RULE + "connection", f"{a.name} cannot trace a route to a "
                                 f"hub of {b.name}")
        return None

    def apply(self, state: LostAtlasState, action: Action, seat: int, log: list[str]) -> bool:
        mr = _mr(state)
        player = state.players[seat]
        n = state.seats()
        if isinstance(action, Pass):
            log.append(f"{player} passes.")
            self.passes += 1
            self.turn = (seat + 1) % n
            return merger_round.settle(state, log)
        if isinstance(action, Propose):
            a, b = action.minor, action.other
            mr.proposal, self.proposer = (a, b), seat
            self.votes = {seat: YES}
            self.voters = [(seat + k) % n for k in range(1, n)
                           if _holds(state, (seat + k) % n, a, b)]
            log.append(f"{player} proposes to merge {_name(state, a)} with "
                       f"{_name(state, b)}; the shareholders vote ({player}'s "
                       f"{_shares(_holds(state, seat, a, b))} for).")
            log.extend(_pool_lines(state, a, b))
            return self._count_votes(state, log)
        assert isinstance(action, Vote)
        self.votes[seat] = action.choice
        self.voters.pop(0)
        held = _shares(_holds(state, seat, *_proposal(mr)))
        verb = {YES: "votes for", NO: "votes against", ABSTAIN: "abstains"}[action.choice]
        log.append(f"{player} {verb} with {held}.")
        return self._count_votes(state, log)

    def _count_votes(self, state: LostAtlasState, log: list[str]) -> bool:
        """Close the vote once the shares not yet voted cannot change its result."""
        yes, no, left = tally(state)
        if no < yes - left or yes + left <= no:
            return self._result(state, yes, no, log)
        _mr(state).step = VOTE
        return False

    def _result(self, state: LostAtlasState, yes: int, no: int, log: list[str]) -> bool:
        mr = _mr(state)
        a, b = _proposal(mr)
        proposer = self.proposer
        assert proposer is not None
        self.turn, self.passes = (proposer + 1) % state.seats(), 0
        self.proposer, self.voters, self.votes = None, [], {}
        score = f"{yes} to {no}"
        if yes > no:
            log.append(f"The merger is approved, {score}.")
            merger_round.agreed(state, log)
            return False
        mr.refused.add(frozenset((a, b)))
        mr.proposal, mr.step = None, PROPOSE
        tie = " (a tie fails)" if yes == no else ""
        log.append(f"The merger is rejected, {score}{tie}: {_name(state, a)} and "
                   f"{_name(state, b)} may not merge this round.")
        return merger_round.settle(state, log)

    def describe(self, state: LostAtlasState) -> dict[str, Any]:
        """The players' turns and the vote for the view; while a vote is open, the shares
        for, against and not yet asked."""
        out: dict[str, Any] = {
            "turn": self.turn, "passes": self.passes, "proposer": self.proposer,
            "voters": list(self.voters),
            "votes": {str(s): v for s, v in sorted(self.votes.items())},
        }
        if _mr(state).proposal and self.proposer is not None:
            for_, against, left = tally(state)
            out["tally"] = {"for": for_, "against": against, "left": left}
        return out


# -- the extension points (see rounds/points.py and variants/table.py) ------------------------
def attach(points: Points) -> None:
    """The ``vote`` notation, and the players' turns and share vote in place of the base
    game's proposals when the option is on."""
    points.parse_action.append(parse)
    points.merger_procedures.append(
        lambda state: ShareVote(turn=state.priority)
        if enabled(state.options, HOSTILE_MERGERS) else None)
