"""A company whose share price reaches 0 is dissolved (rulebook "Stock Price Movement")."""

from __future__ import annotations

from boardroom.titles.lost_atlas.state import BANK, LostAtlasState, company_account


def check_dissolution(state: LostAtlasState, company: str, log: list[str]) -> None:
    """A company whose price reaches 0 is dissolved: shares gone, treasury to the bank,
    trains to the pool, hubs off the map."""
    corp = state.corps.get(company)
    if corp is None or not state.stock.at_zero(company):
        return
    state.ledger.pay(company_account(company), BANK, state.treasury(company))
    state.ledger.close(company_account(company))
    state.pool.extend(corp.trains)
    state.board.remove_hubs(company)
    state.stock.remove(company)
    del state.corps[company]
    if company in state.discards:
        state.discards.remove(company)
    log.append(f"{corp.name}'s price reaches 0: it is dissolved.")
