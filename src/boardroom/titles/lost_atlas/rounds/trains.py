"""Trains, phases, rust and limits (rulebook "Rust Events", "Phase Changes", the train
table; summary 000 "Train phases and rust").

Whenever a train is bought from the stack or exported, two things are checked at once:
the first train of a new colour starts its phase (new tiles, new limits, a wider launch
window), and the first 4, 6 or 7/∞ rusts every 2, 3 or 4 (rusted trains leave the game;
Resourceful keeps its own for one more run, outside its limit). New limits apply at once:
a company over its limit puts a train of its choice in the pool (``state.discards``
lists the companies that must).
"""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.core.title import Action
from boardroom.titles.lost_atlas.board.operator import RESOURCEFUL, SPACIOUS
from boardroom.titles.lost_atlas.rounds.points import POINTS
from boardroom.titles.lost_atlas.state import MAJOR, LostAtlasState

GREY_BACK = "inf"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """A company over its train limit puts one train of its choice in the pool.
    Notation ``discard expansive 2``."""

    company: str
    train: str

    def __str__(self) -> str:
        return f"discard {self.company} {self.train}"


def stack_from(counts: dict[str, int], order: list[str]) -> list[str]:
    """The train stack, top first, cheapest first."""
    out: list[str] = []
    for train in order:
        out.extend([train] * counts.get(train, 0))
    return out


def top_choices(state: LostAtlasState) -> list[str]:
    """What the top card of the stack may be bought as (a 7 card: the 7 or the ∞)."""
    if not state.trains:
        return []
    top = state.trains[0]
    backs = [t.id for t in state.components.trains.values() if t.back_of == top]
    return [top, *backs]


def price(state: LostAtlasState, train: str) -> int:
    return state.components.trains[train].price


def limit(state: LostAtlasState, company: str) -> int:
    """How many (unrusted) trains ``company`` may own now."""
    # The phase's last limit whose trains have been bought rules; its first (never empty,
    # as the components check) rules until then.
    limits = state.components.phase(state.phase).limits
    corp = state.corps[company]
    bought = state.bought
    rule = limits[0]
    for later in limits:
        if not bought.isdisjoint(later.after):
            rule = later
    value = (rule.major or 0) if corp.kind == MAJOR else rule.minor
    if SPACIOUS in corp.abilities:
        value += 1
    return value


def gained(state: LostAtlasState, train: str, log: list[str]) -> None:
    """A train of type ``train`` was bought from the stack or exported: phase and rust."""
    first = train not in state.bought
    state.bought.add(train)
    if not first:
        return
    for phase in state.components.phases:
        if train in phase.opened_by and _rank(state, phase.id) > _rank(state, state.phase):
            state.phase = phase.id
            log.append(f"The {phase.id} phase begins.")
    for kind in state.components.trains.values():
        if train in kind.rusted_by:
            rust(state, kind.id, log)
    check_limits(state, log)


def _rank(state: LostAtlasState, phase: str) -> int:
    return [p.id for p in state.components.phases].index(phase)


def rust(state: LostAtlasState, train: str, log: list[str]) -> None:
    """Every ``train`` rusts: it leaves the game (Resourceful keeps its own one run more)."""
    count = 0
    for corp in state.corps.values():
        kept = [t for t in corp.trains if t != train]
        lost = len(corp.trains) - len(kept)
        if lost and RESOURCEFUL in corp.abilities:
            corp.rusted.extend([train] * lost)
        count += lost
        corp.trains = kept
    pooled = state.pool.count(train)
    state.pool = [t for t in state.pool if t != train]
    count += pooled
    if count:
        log.append(f"All {train}-trains rust ({count} leave the game).")


def check_limits(state: LostAtlasState, log: list[str]) -> None:
    """Queue every company over its new limit to discard a train of its choice."""
    for company in state.stock.operating_order():
        corp = state.corps[company]
        if len(corp.trains) > limit(state, company) and company not in state.discards:
            state.discards.append(company)
            log.append(f"{corp.name} is over its train limit and must put a train in the "
                       f"pool.")


def discard(state: LostAtlasState, company: str, train: str, log: list[str]) -> None:
    corp = state.corps[company]
    corp.trains.remove(train)
    state.pool.append(train)
    state.pool.sort(key=lambda t: list(state.components.trains).index(t))
    log.append(f"{corp.name} puts a {train}-train in the pool.")
    if len(corp.trains) <= limit(state, company):
        state.discards.remove(company)


def export(state: LostAtlasState, log: list[str]) -> None:
    """Export the top train (a 2 takes all remaining 2s); it counts as bought. With the
    Metropolitan (Landmarks) the exported trains go to it instead of leaving the game."""
    if not state.trains:
        log.append("No train is left to export.")
        return
    top = state.trains.pop(0)
    count = 1
    if top == "2":
        while state.trains and state.trains[0] == "2":
            state.trains.pop(0)
            count += 1
    log.append(f"{'All remaining 2-trains are' if count > 1 else f'A {top}-train is'} "
               f"exported.")
    for hook in POINTS.exported:  # the Landmarks' Metropolitan receives them
        hook(state, top, count, log)
    gained(state, top, log)
