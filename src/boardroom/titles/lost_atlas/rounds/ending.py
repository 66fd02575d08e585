"""The end of the game: the final scores and the ranking (rulebook "End of Game")."""

from __future__ import annotations

from boardroom.core.title import Result
from boardroom.titles.lost_atlas.rounds.points import POINTS
from boardroom.titles.lost_atlas.state import OVER, RULES_V1, LostAtlasState

TIE_RULE = ("equal scores: the player presiding over the company that would act earliest "
            "in turn order wins; a bankrupt player ranks last")


def scores(state: LostAtlasState) -> tuple[int, ...]:
    """Cash plus the market value of every share held; treasuries do not count."""
    out = []
    for seat in range(state.seats()):
        value = state.cash(seat)
        for company, corp in state.corps.items():
            value += corp.shares.held(seat) * state.price(company)
        for hook in POINTS.share_value:  # the Landmarks' Metropolitan shares
            value += hook(state, seat)
        out.append(value)
    return tuple(out)


def finish(state: LostAtlasState, reason: str, log: list[str]) -> None:
    state.round = OVER
    state.end_reason = reason
    state.op = state.mr = state.sr = state.auction = None
    final = scores(state)
    for hook in POINTS.final_result:  # the Solo Game: the player against the Conglomerate
        if hook(state, final, reason, log):
            return
    order = state.stock.operating_order()

    def tiebreak(seat: int) -> int:
        for i, company in enumerate(order):
            if state.corps[company].shares.president == seat:
                return i
        return len(order)

    def last(seat: int) -> bool:
        """A bankrupt player cannot win: they rank below every solvent player (18xx
        convention; rules version 2), bankrupt players among themselves by score."""
        return seat in state.bankrupt and state.rules_version != RULES_V1

    def key(seat: int) -> tuple[bool, int, int]:
        return (last(seat), -final[seat], tiebreak(seat))

    seats = sorted(range(state.seats()), key=key)
    groups: list[tuple[int, ...]] = []
    for seat in seats:  # equal scores and neither presiding over a company: a shared place
        if groups and key(groups[-1][0]) == key(seat):
            groups[-1] += (seat,)
        else:
            groups.append((seat,))
    state.result = Result(scores=final, ranking=tuple(groups), tie_rule=TIE_RULE)
    log.append(f"The game ends: {reason}.")
    log.append("Final scores: " + ", ".join(f"{state.players[s]} {final[s]}" for s in seats)
               + ".")
