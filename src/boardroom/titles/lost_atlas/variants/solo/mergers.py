"""The Conglomerate in the Merger Round: as each begins, with a spare hub it absorbs one
unlaunched minor whose home it reaches (hard: Tunneling in the first, reached or not).
"""

from __future__ import annotations

from boardroom.titles.lost_atlas.board.operator import TUNNELING
from boardroom.titles.lost_atlas.state import LostAtlasState
from boardroom.titles.lost_atlas.variants.solo.conglomerate import NAME, company, solo_state
from boardroom.titles.lost_atlas.variants.solo.setup import cards_of, claim_home, home_ref
from boardroom.titles.lost_atlas.variants.solo.track import conglomerate_reach


# -- the Merger Round ----------------------------------------------------------------------
def merger_round(state: LostAtlasState, log: list[str]) -> None:
    """With a spare hub, absorb one unlaunched minor whose home it reaches (the first in
    the matrix, column by column: PROVISIONAL); hard: Tunneling in the first Merger
    Round, reached or not."""
    cong = company(state)
    if cong is None:
        return
    solo = solo_state(state)
    solo.absorbed_in += 1
    corp = state.corps.get(cong)
    if corp is None or not corp.hub_costs:
        return
    unlaunched = [m for column in state.matrix for m in column]
    reached = conglomerate_reach(state).stops
    choice = None
    if solo.difficulty == "hard" and solo.absorbed_in == 1:
        choice = next((m for m in unlaunched
                       if state.components.minors[m].ability == TUNNELING
                       and home_ref(state, m) is not None), None)
    if choice is None:
        choice = next((m for m in unlaunched if home_ref(state, m) in reached), None)
    if choice is None:
        return
    absorb(state, choice, log)


def absorb(state: LostAtlasState, minor: str, log: list[str]) -> None:
    cong = company(state)
    assert cong is not None
    solo = solo_state(state)
    corp = state.corps[cong]
    ref = home_ref(state, minor)
    assert ref is not None
    corp.hub_costs.remove(max(corp.hub_costs))  # a spare hub; absorbing is free
    claim_home(state, minor, ref)
    for column in state.matrix:
        if minor in column:
            column.remove(minor)
    solo.minors.append(minor)
    solo.deck.extend(cards_of(state, minor))
    state.rng.shuffle(solo.deck)
    state.stock.move(cong, 1)
    log.append(f"The {NAME} absorbs {state.components.minors[minor].name}: a hub on its home, "
               f"its certificates into the action deck; the price rises to "
               f"{state.price(cong)}.")
