"""The end of a Solo Game: the Conglomerate's score (treasury and shares held), and the
player wins only with a higher one.
"""

from __future__ import annotations

from boardroom.core.title import Result
from boardroom.titles.lost_atlas.state import LostAtlasState
from boardroom.titles.lost_atlas.variants.solo.conglomerate import (
    CONGLOMERATE,
    NAME,
    company,
    solo_state,
)


# -- the end -------------------------------------------------------------------------------
def conglomerate_score(state: LostAtlasState) -> int:
    """Treasury plus the market value of the shares it holds (its own included)."""
    cong = company(state)
    if cong is None or cong not in state.corps:
        return 0
    value = state.treasury(cong)
    for cid, corp in state.corps.items():
        value += corp.shares.held(CONGLOMERATE) * state.price(cid)
    return value


TIE_RULE = "Solo: the player wins only with a score higher than the Conglomerate's"


def result(state: LostAtlasState, player_score: int) -> tuple[Result, str]:
    """The Result (the only seat ranks only if it beats the Conglomerate) and a log line."""
    theirs = conglomerate_score(state)
    solo_state(state).score = theirs
    won = player_score > theirs
    outcome = Result(scores=(player_score,), ranking=((0,),) if won else (),
                     tie_rule=f"{TIE_RULE} ({theirs})")
    who = state.players[0] if won else f"the {NAME}"
    return outcome, (f"Final scores: {state.players[0]} {player_score}, the {NAME} {theirs}: "
                     f"{who} wins.")
