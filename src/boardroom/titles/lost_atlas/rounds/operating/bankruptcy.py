"""Bankruptcy (rulebook p.17 "Bankruptcy"): the president cannot raise the money for a
forced train purchase. The game ends (option ``bankruptcy="end"``, the default), or the
bankrupt's companies leave the game (``"continue"``, the rulebook's removal)."""

from __future__ import annotations

from boardroom.titles.lost_atlas.rounds import ending
from boardroom.titles.lost_atlas.rounds.points import POINTS, holder_account, seat_name
from boardroom.titles.lost_atlas.state import (
    BANK,
    LostAtlasState,
    company_account,
    player_account,
)


def bankrupt(state: LostAtlasState, seat: int, company: str, log: list[str]) -> None:
    """The president cannot pay for the forced purchase.

    ``bankruptcy="end"``: the game ends at once. ``"continue"`` (the rulebook's removal):
    every company the bankrupt player presides over leaves the game — its trains go to the
    pool, its hubs and suburb tokens leave the map, its treasury returns to the bank, the
    other players are paid the current price for each of its shares (simultaneously, no
    price drop) and its token leaves the stock track. The bankrupt player's cash returns
    to the bank and any other shares they hold go to the pool: holding nothing, they are
    out of the game — their seat remains, and in later Stock Rounds ``pass`` is the only
    action open to them; they never preside again.
    """
    name = seat_name(state, seat)
    corp_name = state.corps[company].name if company in state.corps else company
    log.append(f"{name} cannot raise the money for {corp_name}'s train and is bankrupt.")
    state.bankrupt.append(seat)
    if state.options.get("bankruptcy", "end") != "continue":
        ending.finish(state, f"{name} is bankrupt", log)
        return
    for gone in state.stock.operating_order():
        corp = state.corps[gone]
        if corp.shares.president != seat:
            continue
        price = state.price(gone)
        for other, count in sorted(corp.shares.players.items()):
            if other != seat:
                state.ledger.pay(BANK, holder_account(state, other), price * count)
        state.ledger.pay(company_account(gone), BANK, state.treasury(gone))
        state.pool.extend(corp.trains)
        state.board.remove_hubs(gone)
        state.board.suburbs = {h: c for h, c in state.board.suburbs.items() if c != gone}
        state.stock.remove(gone)
        del state.corps[gone]
        if gone in state.discards:
            state.discards.remove(gone)
        log.append(f"{corp.name} leaves the game; its shareholders receive {price} a share.")
    order = list(state.components.trains)
    state.pool.sort(key=order.index)
    state.ledger.pay(player_account(seat), BANK, state.cash(seat))
    for hook in POINTS.player_bankrupt:  # the Metropolitan takes back its shares
        hook(state, seat)
    for corp in state.corps.values():
        held = corp.shares.held(seat)
        if held:
            corp.shares.take(seat, held)
            corp.shares.pool += held
    log.append(f"{name} is out of the game.")
