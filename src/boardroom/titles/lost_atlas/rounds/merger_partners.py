"""Who may merge with whom, who presides over the major and at what price it enters
(rulebook "Merger Round", Diagram 9).

* The partner is another minor to one of whose hubs the minor can trace a route
  (Overnight passes full cities), in a pair not refused this round, while a major is
  still available.
* The new president owns the most shares of the two minors (tie: the president of the
  minor earlier in operating order). Where the rules are silent, a tie between players
  neither of whom presides over either minor goes to the first of them clockwise from
  the president of the minor earlier in operating order.
* Price: the average of the two prices, rounded down, then (the rules are silent) down
  to the highest printed value of the stock track not above it.
"""

from __future__ import annotations

from collections.abc import Iterator

from boardroom.titles.lost_atlas.board.operator import Operator
from boardroom.titles.lost_atlas.board.track_laying import reaches
from boardroom.titles.lost_atlas.rounds.merger_state import MergerRound
from boardroom.titles.lost_atlas.state import MINOR, LostAtlasState


def name_of(state: LostAtlasState, company: str) -> str:
    return state.corps[company].name


def minors_in_order(state: LostAtlasState) -> list[str]:
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
    for other in minors_in_order(state):
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
