"""What trains are for sale and at what price (rulebook p.16 "Train purchasing"; "Forced
Train Purchase"): the top of the stack (a grey card as 7 or ∞; the grey cards' supply
unlimited once the stack is empty, where the printing says so), the pool, the trade-ins
for the ∞, the train limit's room, and the cheapest train a forced purchase takes. The
leadoff, the trains step and the forced purchase all read them here."""

from __future__ import annotations

from boardroom.titles.lost_atlas.rounds import trains as train_rules
from boardroom.titles.lost_atlas.rounds.operating.notation import POOL, STACK
from boardroom.titles.lost_atlas.state import LostAtlasState


def room(state: LostAtlasState, company: str) -> int:
    return train_rules.limit(state, company) - len(state.corps[company].trains)


def price(state: LostAtlasState, train: str) -> int:
    return train_rules.price(state, train)


def stack_choices(state: LostAtlasState) -> list[str]:
    """What the top of the stack may be bought as. An emptied stack still sells the
    grey cards where the printing calls their supply unlimited."""
    choices = train_rules.top_choices(state)
    if choices:
        return choices
    comp = state.components
    if comp.mode(state.mode).trains is not None:
        return []
    unlimited = comp.train_printings[comp.train_printing].unlimited
    if not unlimited:
        return []
    card = unlimited[-1]
    return [card, *(t.id for t in comp.trains.values() if t.back_of == card)]


def pool_choices(state: LostAtlasState) -> list[str]:
    return sorted(set(state.pool), key=lambda t: list(state.components.trains).index(t))


def trade_ins(state: LostAtlasState, company: str, train: str) -> list[str]:
    kind = state.components.trains[train]
    if kind.trade_in_price is None:
        return []
    owned = set(state.corps[company].trains)
    return [t for t in state.components.trains
            if t in owned and t in kind.trade_in and t != train]


def cheapest(state: LostAtlasState) -> list[tuple[str, str]]:
    """The cheapest trains between the pool and the stack (a grey card as a 7), as
    (train, source)."""
    options: list[tuple[str, str]] = []
    stack = stack_choices(state)
    if stack:
        options.append((stack[0], STACK))
    options.extend((t, POOL) for t in pool_choices(state))
    if not options:
        return []
    low = min(price(state, t) for t, _ in options)
    return [o for o in options if price(state, o[0]) == low]


def affordable_purchase(state: LostAtlasState, company: str) -> bool:
    """Can the treasury pay for some train of the stack or the pool?"""
    cash = state.treasury(company)
    return (any(price(state, t) <= cash for t in stack_choices(state))
            or any(price(state, t) <= cash for t in state.pool))
