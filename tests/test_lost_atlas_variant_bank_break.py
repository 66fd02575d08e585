"""The Bank Break variant (option ``bank_break``; rulebook "Variants: Bank Break"): an
8,000 bank ends the game, a certificate limit, bankruptcy ends the game (bank_break.py)."""

from __future__ import annotations

from typing import Any

import pytest

import boardroom
from boardroom.bots import RandomBot
from boardroom.core.errors import OptionError
from boardroom.titles.lost_atlas.rounds import flow
from boardroom.titles.lost_atlas.rounds import operating_round as orr
from boardroom.titles.lost_atlas.rounds.operating import train_market
from boardroom.titles.lost_atlas.state import BANK, LostAtlasState
from boardroom.titles.lost_atlas.variants import bank_break
from lost_atlas_games import (
    TITLE,
    act,
    give_trains,
    launch,
    legal_texts,
    new_game,
    op,
    pass_until,
    refuse,
    seat_to_act,
    set_player_cash,
    set_stack,
    set_treasury,
    to_operating,
)

BB = {"mode": "long", "bank_break": True}


def long_game(seed: int = 1, players: int = 3, **options: Any) -> LostAtlasState:
    return new_game(seed, players=["Ann", "Ben", "Cat", "Dee", "Eve"][:players], **{
        "mode": "long", **options})


def play_company_turn(state: LostAtlasState, pay: str = "payout", revenue: int = 100) -> None:
    """The operating company runs for ``revenue`` (the position), ``pay``s and passes."""
    company = op(state).company
    pass_until(state, orr.RUN)
    op(state).step, op(state).revenue = orr.PAYOUT, revenue  # the position: it earned this
    act(state, pay)
    if state.op is not None and op(state).company == company and state.round == "operating":
        act(state, "pass")


def operating(bank_break_on: bool, seed: int = 1) -> tuple[LostAtlasState, list[str]]:
    """Three minors with a 2-train each, in Operating Round 1.1 of a Long game."""
    options = {"bank_break": True} if bank_break_on else {}
    state = long_game(seed, **options)
    minors = [launch(state, bid) for bid in (180, 160, 140)]
    to_operating(state)
    for minor in minors:
        give_trains(state, minor, "2")
    return state, minors


# -- setup ----------------------------------------------------------------------------------------
def test_the_bank_is_8000_before_the_starting_capital_and_the_rest_is_set_aside() -> None:
    state = long_game(1, 4, bank_break=True)
    cash = state.cash(0)
    assert cash == 275
    assert state.ledger.cash[BANK] == 8000 - 4 * 275
    assert state.ledger.cash[bank_break.RESERVE] == 24500 - 8000
    assert state.ledger.total_cash() == 24500
    assert TITLE.view(state, None)["bank"] == {"cash": 6900, "reserve": 16500,
                                               "depleted": False, "certificate_limit": 12}
    base = long_game(1, 4)
    assert base.ledger.cash[BANK] == 24500 - 4 * 275 and "bank" not in TITLE.view(base, None)


@pytest.mark.parametrize("options", [{"mode": "short", "bank_break": True},
                                     {**BB, "bankruptcy": "continue"}])
def test_long_game_only_and_bankruptcy_always_ends_it(options: dict[str, Any]) -> None:
    with pytest.raises(OptionError, match="bank_break"):
        TITLE.normalize_options(options, ["A", "B", "C"])
    assert TITLE.normalize_options(BB, ["A", "B", "C"])["bankruptcy"] == "end"


def test_certificate_limits_by_player_count() -> None:
    for players, limit in ((3, 16), (4, 12), (5, 10)):
        state = long_game(2, players, bank_break=True)
        assert bank_break.certificate_limit(state) == limit
    assert bank_break.certificate_limit(long_game(2, 3)) is None


# -- the bank runs out ----------------------------------------------------------------------------
def test_depleted_bank_finishes_the_set_of_operating_rounds_then_final_scores() -> None:
    state, _minors = operating(True)
    state.ledger.pay(BANK, bank_break.RESERVE, state.ledger.cash[BANK] - 30)  # bank: 30
    reserve = state.ledger.cash[bank_break.RESERVE]
    first = op(state).company
    pass_until(state, orr.RUN)
    op(state).step, op(state).revenue = orr.PAYOUT, 100  # the position: it earned 100
    log = act(state, "payout")  # 20 a share: 40 to the president, 60 to the treasury
    assert bank_break.depleted(state) and state.round == "operating" and state.or_number == 1
    assert any("The bank is depleted" in line for line in log)
    assert state.ledger.cash[bank_break.RESERVE] == 0
    assert state.ledger.cash[BANK] == 30 - 100 + reserve  # payments go on from the reserve
    assert state.corps[first].per_share == 20
    act(state, "pass")
    while state.or_number == 1:
        play_company_turn(state)
    assert state.round == "operating" and state.or_number == 2  # the set goes on
    while state.round == "operating":
        play_company_turn(state)
    assert state.round == "over" and state.end_reason == bank_break.END_REASON
    assert state.mr is None and state.cycle == 1  # no Merger Round, no export after it
    assert state.result is not None
    assert state.result.scores == flow.scores(state)
    assert TITLE.to_act(state) == ()


def test_the_same_game_without_bank_break_goes_on() -> None:
    state, _minors = operating(False)
    while state.round == "operating":
        play_company_turn(state)
    assert state.round == "stock" and state.cycle == 2 and not bank_break.depleted(state)


def test_depletion_in_or2_ends_the_game_after_it_and_money_flowing_back_does_not_undo_it() -> None:
    state, _minors = operating(True)
    while state.or_number == 1:
        play_company_turn(state)
    state.ledger.pay(BANK, bank_break.RESERVE, state.ledger.cash[BANK] - 10)
    play_company_turn(state)
    assert bank_break.depleted(state) and state.ledger.cash[BANK] > 0  # the reserve came in
    while state.round == "operating":
        play_company_turn(state, "withhold")
    assert state.round == "over" and state.cycle == 1


def test_depletion_in_a_merger_round_waits_for_the_next_cycles_operating_rounds() -> None:
    state, _minors = operating(True)
    state.round = "merger"  # the position: the bank runs out during a Merger Round
    state.ledger.pay(BANK, bank_break.RESERVE, state.ledger.cash[BANK])
    log: list[str] = []
    bank_break.note_depletion(state, log)
    assert bank_break.depleted(state) and "the next cycle's" in log[0]
    state.or_number = 1
    assert not bank_break.game_over(state)
    state.or_number = 2
    assert bank_break.game_over(state)


def test_no_end_by_cycle_count_but_a_safeguard() -> None:
    for options, over in (({}, True), ({"bank_break": True}, False)):
        state = long_game(3, **options)
        state.cycle = 6  # the position: the 6th cycle's rounds are over
        flow.end_cycle(state, [])
        assert (state.round == "over") is over
        if not over:
            assert state.cycle == 7 and state.round == "stock"
    state = long_game(3, bank_break=True)
    state.cycle = bank_break.MAX_CYCLES
    flow.end_cycle(state, [])
    assert state.round == "over"


def test_an_empty_stack_still_sells_grey_trains_in_late_cycles() -> None:
    state, _minors = operating(True)
    set_stack(state)
    assert train_market.stack_choices(state) == ["7", "inf"]


# -- bankruptcy -----------------------------------------------------------------------------------
def test_bankruptcy_ends_the_game_with_final_scores() -> None:
    state = long_game(1, bank_break=True)
    president = seat_to_act(state)
    a = launch(state, 140)
    b = launch(state, 180)
    to_operating(state)
    shares = state.corps[b].shares  # the position: a's president owns a share of b
    shares.treasury -= 1
    shares.give(president, 1)
    give_trains(state, b, "2")
    assert op(state).company == b
    play_company_turn(state, "withhold")
    assert op(state).company == a
    set_stack(state, "4", "4")
    set_treasury(state, a, 0)
    set_player_cash(state, president, 0)
    pass_until(state, orr.TRAINS)
    act(state, "force 4")
    act(state, f"liquidate {b}")
    assert state.round == "over" and "bankrupt" in state.end_reason
    assert state.result is not None and state.result.scores == flow.scores(state)


# -- the certificate limit ------------------------------------------------------------------------
def five_at_the_limit() -> tuple[LostAtlasState, int, list[str]]:
    """Five players (limit 10), six minors; the first player to launch also launches the
    sixth and holds exactly 10 certificates: the president's certificate and a single
    share of the first minor (2), the president's certificate of the sixth (1), two single
    shares of minors 2-4 (6) and one of minor 5 (1). Every minor has operated."""
    state = long_game(4, 5, bank_break=True)
    holder = seat_to_act(state)
    minors = [launch(state, 120) for _ in range(5)]
    set_player_cash(state, holder, 400)
    assert seat_to_act(state) == holder
    minors.append(launch(state, 120))
    for minor, count in zip(minors, (1, 2, 2, 2, 1, 0), strict=True):
        shares = state.corps[minor].shares
        shares.treasury -= count
        shares.give(holder, count)
        state.corps[minor].operated = True
    assert bank_break.certificates(state, holder) == 10
    return state, holder, minors


def test_no_purchase_over_the_limit() -> None:
    state, holder, minors = five_at_the_limit()
    while seat_to_act(state) != holder:
        act(state, "pass")
    set_player_cash(state, holder, 1000)
    for minor in (minors[4], minors[5]):
        refuse(state, f"buy {minor} treasury", bank_break.LIMIT_RULE)
    refuse(state, "auction 120", bank_break.LIMIT_RULE)
    assert not any(t.startswith("auction") for t in legal_texts(state))
    # A purchase that hands the holder a presidency adds no certificate (3 shares: the
    # president's certificate and one single, for two singles): allowed.
    assert f"buy {minors[1]} treasury" in legal_texts(state)
    # Without Bank Break the refused purchase is fine.
    state.options = {**state.options, "bank_break": False}
    assert TITLE.check(state, TITLE.parse(f"buy {minors[4]} treasury"), holder) is None


def test_a_player_at_the_limit_may_not_bid_for_a_minor() -> None:
    state, holder, _minors = five_at_the_limit()
    while seat_to_act(state) == holder:
        act(state, "pass")
    for seat in range(5):
        set_player_cash(state, seat, 500)
    act(state, "auction 120")
    while seat_to_act(state) != holder:
        act(state, "pass")
    assert state.auction is not None and not state.auction.won
    refuse(state, "bid 125", bank_break.LIMIT_RULE)
    assert legal_texts(state) == ["pass"]


def test_over_the_limit_sells_first_until_at_the_limit() -> None:
    state, holder, minors = five_at_the_limit()
    shares = state.corps[minors[4]].shares  # the position: one certificate too many
    shares.treasury -= 1
    shares.give(holder, 1)
    assert bank_break.certificates(state, holder) == 11
    while seat_to_act(state) != holder:
        act(state, "pass")
    texts = legal_texts(state)
    assert texts and all(t.startswith("sell ") for t in texts)
    refuse(state, "pass", bank_break.FORCED_RULE)
    refuse(state, "auction 120", bank_break.FORCED_RULE)
    cash = state.cash(holder)
    price = state.price(minors[2])
    act(state, f"sell {minors[2]} 1")
    assert state.cash(holder) == cash + price
    assert bank_break.certificates(state, holder) == 10
    assert "done" in legal_texts(state)  # at the limit: the turn goes on as usual
    act(state, "done")
    assert seat_to_act(state) != holder


def test_a_presidents_certificate_counts_one() -> None:
    state, holder, minors = five_at_the_limit()
    corp = state.corps[minors[0]]
    assert corp.shares.held(holder) == 3 and corp.shares.certificates(holder) == 2


# -- whole games -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 5)])
def test_random_games_end_and_replay(players: int, seed: int) -> None:
    game = boardroom.new_game("lost_atlas", [f"P{i}" for i in range(players)], seed=seed,
                              options=BB)
    bot = RandomBot(seed)
    while not game.is_over:
        game.apply(bot.choose(game, game.to_act[0]))
        game.title.invariants(game.state)
        limit = bank_break.certificate_limit(game.state)
        assert limit is not None
    assert game.result is not None
    assert game.state.ledger.total_cash() == 24500
    replayed = boardroom.load(game.to_record())
    assert replayed.log == game.log


def test_the_heuristic_bot_sells_one_certificate_at_a_time_when_over_the_limit() -> None:
    from boardroom.bots.lost_atlas_heuristic import HeuristicBot, Public
    from boardroom.titles.lost_atlas.rounds.stock_round import Sell

    state, holder, minors = five_at_the_limit()
    shares = state.corps[minors[4]].shares
    shares.treasury -= 1
    shares.give(holder, 1)
    while seat_to_act(state) != holder:
        act(state, "pass")
    choice = HeuristicBot(0)._decide(Public(state), holder, TITLE.legal_actions(state, holder))
    assert isinstance(choice, Sell) and choice.count == 1
