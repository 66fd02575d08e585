"""How the Solo Game attaches to the rounds' and the title's extension points
(``rounds/points.py``, listed in ``variants/table.py``): its option, its setup round
after the map, the Conglomerate's own turns, its section of the view, its map check and
the result against its score (:func:`attach`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardroom.core.errors import OptionError
from boardroom.titles.lost_atlas.board.components import Components
from boardroom.titles.lost_atlas.board.operator import ADAPTIVE
from boardroom.titles.lost_atlas.rounds.points import Points, VariantRound
from boardroom.titles.lost_atlas.state import OVER, LostAtlasState
from boardroom.titles.lost_atlas.variants.solo.conglomerate import (
    CONGLOMERATE,
    NAME,
    OPTION,
    SETUP,
    account,
    active,
    company,
    is_conglomerate,
    normalize_option,
    parse,
    record,
    taken_minors,
)
from boardroom.titles.lost_atlas.variants.solo.ending import conglomerate_score, result
from boardroom.titles.lost_atlas.variants.solo.mergers import merger_round
from boardroom.titles.lost_atlas.variants.solo.operating import operate, revenue, train_size
from boardroom.titles.lost_atlas.variants.solo.setup import (
    apply_setup,
    begin,
    check_setup,
    legal_setup,
)
from boardroom.titles.lost_atlas.variants.solo.stock import check_player_share_deal, stock_round


# -- the extension points (see rounds/points.py and variants/table.py) ------------------------
def _begin_after_map(state: LostAtlasState, log: list[str]) -> bool:
    if not active(state):
        return False
    begin(state, log)  # the player names the Conglomerate's second minor first
    return True


def _final_result(state: LostAtlasState, final: tuple[int, ...], reason: str,
                  log: list[str]) -> bool:
    if not active(state):
        return False
    state.result, line = result(state, final[0])  # the player against the Conglomerate
    log.extend([f"The game ends: {reason}.", line])
    return True


def _operate_itself(state: LostAtlasState, company_id: str, log: list[str]) -> bool:
    if not is_conglomerate(state, company_id):
        return False
    operate(state, log)
    return True


def check_map(components: Components, options: Mapping[str, Any], homes: set[str]) -> None:
    """A custom map for a Solo Game needs two minors' homes (not Adaptive's) on it: the
    Conglomerate is formed of two reserved homes."""
    if components.mode(options["mode"]).conglomerate is None:
        return
    adaptive = {m.id for m in components.minors.values() if m.ability == ADAPTIVE}
    if len(homes - adaptive) < 2:
        raise OptionError("option map: the Solo Game forms the Conglomerate of two "
                          "minors with homes on the map (not Adaptive); this map shows "
                          f"{len(homes - adaptive)} [rule lost_atlas.solo.setup]")


def _hex(h: tuple[int, int]) -> str:
    return f"{h[0]},{h[1]}"


def describe(state: LostAtlasState) -> dict[str, Any] | None:
    """The Solo Game's Conglomerate for the view: its trains, its action deck (face up:
    the cards left, top first, and the used ones), its treasury, price, hubs and running
    score. None outside the Solo Game, and before the first minor is drawn."""
    solo = record(state)
    if solo is None:
        return None
    out: dict[str, Any] = {
        "name": NAME,
        "drawn": solo.drawn,
        "company": solo.company or None,
        "minors": list(solo.minors),
        "trains": list(solo.trains),
        "deck": list(solo.deck),
        "next": solo.deck[0] if solo.deck else None,
        "discard": list(solo.discard),
        "network_value": solo.network_value,
        "difficulty": solo.difficulty or None,
    }
    cong = company(state)
    if cong is None or cong not in state.corps:  # not formed yet
        return out
    corp = state.corps[cong]
    out.update(
        treasury=state.treasury(cong),
        price=state.price(cong),
        hubs=[f"{_hex(ref[0])}/{ref[1]}" for ref in sorted(state.board.hubs_of(cong))],
        charter_hubs=list(corp.hub_costs),
        train_size=train_size(state),  # stops of its newest train; None: unlimited
        income=revenue(state) if state.round != OVER else corp.last_revenue,
        shares_held={cid: c.shares.held(CONGLOMERATE)
                     for cid, c in sorted(state.corps.items())
                     if c.shares.held(CONGLOMERATE)},
        score=conglomerate_score(state) if solo.score is None else solo.score,
    )
    return out


def _view_section(state: LostAtlasState, view: dict[str, Any]) -> None:
    if (conglomerate := describe(state)) is not None:
        view["solo"] = conglomerate


SETUP_ROUND = VariantRound(
    to_act=lambda state: (0,), legal=legal_setup, check=check_setup,
    apply=lambda state, action, seat, log: apply_setup(state, action, log))
"""The Solo Game's setup (round :data:`SETUP`): the player names the second minor."""


def attach(points: Points) -> None:
    """The Solo Game: its option, its setup after the map, the Conglomerate as a seat and
    share holder with its own turns in every round, and the result against its score."""
    points.options[OPTION] = "any"
    points.check_options.append(
        lambda options, mode: normalize_option(options, mode.conglomerate is not None))
    points.check_map.append(check_map)
    points.parse_action.append(parse)
    points.rounds[SETUP] = SETUP_ROUND
    points.view_sections.append(_view_section)
    points.map_built.append(_begin_after_map)
    points.taken_minors.append(taken_minors)
    points.final_result.append(_final_result)
    points.check_share_deal.append(
        lambda state, company_id, source: check_player_share_deal(state, company_id, source)
        if active(state) else None)
    points.presides_itself.append(is_conglomerate)
    points.stock_round_end.append(
        lambda state, log: stock_round(state, log) if active(state) else None)
    points.seat_name.append(lambda state, seat: NAME if seat == CONGLOMERATE else None)
    points.holder_account.append(
        lambda state, holder: account(state, holder) if holder == CONGLOMERATE else None)
    points.automated_turn.append(_operate_itself)
    points.merger_round_start.append(
        lambda state, log: merger_round(state, log) if active(state) else None)
