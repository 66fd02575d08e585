"""The Conglomerate in the Stock Round: after the player has passed it sells the shares
priced above the phase's top launch price, then buys one share of each player company it
lacks; and the player's own deals in its shares.
"""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.lost_atlas.state import BANK, MINOR, LostAtlasState, company_account
from boardroom.titles.lost_atlas.variants.solo.conglomerate import (
    CONGLOMERATE,
    NAME,
    RULE,
    company,
    is_conglomerate,
)


# -- the Stock Round -----------------------------------------------------------------------
def sell_threshold(state: LostAtlasState) -> int:
    """The phase's top launch price: it sells shares priced above it."""
    return max(state.components.stock_track.launch[state.phase])


def check_player_share_deal(state: LostAtlasState, company_id: str, source: str | None
                            ) -> IllegalAction | None:
    """The player may buy Conglomerate shares only from the pool, and may sell them only
    once it has operated."""
    if not is_conglomerate(state, company_id):
        return None
    if source is not None and source != "pool":
        return IllegalAction(RULE + "buy-pool", f"the {NAME}'s shares are bought only "
                             "from the bank pool")
    if source is None and not state.corps[company_id].operated:
        return IllegalAction(RULE + "sell-unoperated", f"the {NAME} has not operated yet")
    return None


def stock_round(state: LostAtlasState, log: list[str]) -> None:
    """Its Stock Round, after the player's: sell, then buy (in operating order)."""
    from boardroom.titles.lost_atlas.rounds import flow

    cong = company(state)
    if cong is None:
        return
    top = sell_threshold(state)
    sold: set[str] = set()
    for cid in state.stock.operating_order():
        corp = state.corps.get(cid)
        if corp is None or cid == cong:
            continue
        held = corp.shares.held(CONGLOMERATE)
        if held and state.price(cid) > top and corp.shares.pool + held <= corp.shares.pool_limit:
            price = state.price(cid)
            corp.shares.take(CONGLOMERATE, held)
            corp.shares.pool += held
            state.ledger.pay(BANK, company_account(cong), price * held)
            state.stock.move(cid, -1)
            sold.add(cid)
            log.append(f"The {NAME} sells {held} {corp.name} at {price}; the price drops to "
                       f"{state.price(cid)}.")
            flow.check_dissolution(state, cid, log)
    for cid in state.stock.operating_order():
        corp = state.corps.get(cid)
        if corp is None or cid == cong or cid in sold or corp.shares.held(CONGLOMERATE):
            continue
        if corp.shares.president is None or corp.shares.president < 0:
            continue
        price = state.price(cid)
        if price > top or price > state.treasury(cong):
            continue
        shares = corp.shares
        if corp.kind == MINOR and shares.treasury > 0:
            shares.treasury -= 1
            state.ledger.pay(company_account(cong), company_account(cid), price)
            source = "treasury"
        elif shares.pool > 0:
            shares.pool -= 1
            state.ledger.pay(company_account(cong), BANK, price)
            source = "pool"
        else:
            continue
        shares.give(CONGLOMERATE, 1)
        log.append(f"The {NAME} buys a {corp.name} share from the {source} for {price}.")
