"""Step 3, track (rulebook p.13 "Operating Round" step 3; "Phase Changes"): up to two
yellow tiles or one upgrade, each a ``lay`` action, with the tile colours of the phase
the company's turn began in. The laying rules themselves (Agricultural's yellow after
its upgrade, Bridging's bridges, mountain costs, Tunneling's 60 from the bank) are the
board's: :mod:`boardroom.titles.lost_atlas.board.track_laying`."""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.lost_atlas.board import track_laying
from boardroom.titles.lost_atlas.board.track_laying import TileLay
from boardroom.titles.lost_atlas.rounds.operating.notation import OperatingAction
from boardroom.titles.lost_atlas.rounds.operating.turn import (
    OperatingRound,
    operator_for,
)
from boardroom.titles.lost_atlas.state import BANK, LostAtlasState, company_account


def colours(state: LostAtlasState) -> tuple[str, ...]:
    """Tile colours the operating company may lay: those of the phase its turn began in."""
    op = state.op
    phase = op.phase if isinstance(op, OperatingRound) and op.phase else state.phase
    return state.components.phase(phase).tile_colours


def options(state: LostAtlasState, op: OperatingRound) -> list[OperatingAction]:
    """Every tile the company may lay now (a new list: the caller adds to it)."""
    return list(track_laying.legal_lays(state.board, operator_for(state, op.company),
                                        colours(state), op.budget))


def has_option(state: LostAtlasState, op: OperatingRound) -> bool:
    """Whether the company may lay any tile now (stopping at the first)."""
    return track_laying.any_lay(state.board, operator_for(state, op.company),
                                colours(state), op.budget)


def check(state: LostAtlasState, op: OperatingRound, action: TileLay) -> IllegalAction | None:
    return track_laying.check_lay(state.board, operator_for(state, op.company),
                                  colours(state), op.budget, action)


def lay(state: LostAtlasState, op: OperatingRound, action: TileLay, log: list[str]) -> None:
    """Lay the tile: its cost to the bank, any income from the bank."""
    company = op.company
    corp = state.corps[company]
    result = track_laying.lay(state.board, operator_for(state, company), op.budget, action)
    state.ledger.pay(company_account(company), BANK, result.cost)
    state.ledger.pay(BANK, company_account(company), result.income)
    log.append(result.sentence.replace(f"{company} ", f"{corp.name} ", 1))
