"""Step 4, the hub (rulebook p.13 "Operating Round" step 4): a major (or Expansive)
places its cheapest charter hub, paying its cost; and Suburban's suburb tokens, placed
in any step of its turn. Where a hub or a suburb may go is the board's rule
(:mod:`boardroom.titles.lost_atlas.board.hubs`). (The Headquarters variant adds its own
placement to this step through ``points.step_options``; see ``headquarters.py``.)"""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.lost_atlas.board import hubs
from boardroom.titles.lost_atlas.board.hubs import PlaceHub, PlaceSuburb
from boardroom.titles.lost_atlas.board.operator import EXPANSIVE, SUBURBAN
from boardroom.titles.lost_atlas.rounds.operating.notation import OperatingAction
from boardroom.titles.lost_atlas.rounds.operating.turn import (
    OperatingRound,
    operating,
    operator_for,
)
from boardroom.titles.lost_atlas.state import BANK, MAJOR, LostAtlasState, company_account


def hub_cost(state: LostAtlasState, company: str) -> int | None:
    """The cost of the hub the company may place now, or None if it has none to place."""
    corp = state.corps[company]
    if not corp.hub_costs or not (corp.kind == MAJOR or EXPANSIVE in corp.abilities):
        return None
    return min(corp.hub_costs)


def options(state: LostAtlasState, op: OperatingRound) -> list[OperatingAction]:
    """Every spot the company's hub may go now."""
    cost = hub_cost(state, op.company)
    if cost is None:
        return []
    return [PlaceHub(spot) for spot in
            hubs.legal_hub_spots(state.board, operator_for(state, op.company), cost)]


def has_option(state: LostAtlasState, op: OperatingRound) -> bool:
    """Whether :func:`options` lists anything (stopping at the first spot)."""
    cost = hub_cost(state, op.company)
    return cost is not None and hubs.any_hub_spot(state.board,
                                                  operator_for(state, op.company), cost)


def check(state: LostAtlasState, op: OperatingRound, action: PlaceHub) -> IllegalAction | None:
    cost = hub_cost(state, op.company)
    if cost is None:
        return IllegalAction("lost_atlas.hub.none",
                             f"{state.corps[op.company].name} has no hub to place")
    return hubs.check_hub(state.board, operator_for(state, op.company), action.spot, cost)


def place(state: LostAtlasState, company: str, action: PlaceHub, log: list[str]) -> None:
    """Place the cheapest charter hub, its cost to the bank."""
    corp = state.corps[company]
    cost = hub_cost(state, company)
    assert cost is not None
    corp.hub_costs.remove(cost)
    state.ledger.pay(company_account(company), BANK, cost)
    state.board.place_hub(action.spot, company)
    (q, r), i = action.spot
    log.append(f"{corp.name} places a hub at {q},{r}" + (f"/{i}" if i else "")
               + f" for {cost}.")


# -- Suburban's suburb tokens (in any step) ------------------------------------------------
def has_suburb_options(state: LostAtlasState, op: OperatingRound) -> bool:
    """Whether :func:`suburb_options` lists anything (stopping at the first)."""
    if SUBURBAN not in state.corps[op.company].abilities:
        return False
    return hubs.any_suburb(state.board, operator_for(state, op.company))


def suburb_options(state: LostAtlasState) -> list[PlaceSuburb]:
    op = operating(state)
    if SUBURBAN not in state.corps[op.company].abilities:
        return []
    return [PlaceSuburb(h) for h in hubs.legal_suburbs(state.board,
                                                       operator_for(state, op.company))]


def check_suburb(state: LostAtlasState, op: OperatingRound,
                 action: PlaceSuburb) -> IllegalAction | None:
    if SUBURBAN not in state.corps[op.company].abilities:
        return IllegalAction("lost_atlas.ability.suburban",
                             "only Suburban places suburb tokens")
    return hubs.check_suburb(state.board, operator_for(state, op.company), action.hex)


def place_suburb(state: LostAtlasState, company: str, action: PlaceSuburb,
                 log: list[str]) -> None:
    corp = state.corps[company]
    state.board.suburbs[action.hex] = company
    corp.suburbs = max(0, corp.suburbs - 1)
    log.append(f"{corp.name} places a suburb token at {action.hex[0]},{action.hex[1]}.")
