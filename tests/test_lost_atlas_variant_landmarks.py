"""The Landmarks options (landmarks.py; provisional readings, docs/variants.md): Unions
Win! half pay-outs, Record Gains! triple jumps and the Metropolitan."""

from __future__ import annotations

from typing import Any

import pytest

import boardroom
from boardroom.bots import RandomBot
from boardroom.bots.lost_atlas_heuristic import HeuristicBot
from boardroom.titles.lost_atlas.rounds import flow, trains
from boardroom.titles.lost_atlas.rounds import operating_round as orr
from boardroom.titles.lost_atlas.state import BANK, LostAtlasState
from boardroom.titles.lost_atlas.variants import landmarks
from lost_atlas_games import (
    TITLE,
    act,
    give_trains,
    legal_texts,
    new_game,
    op,
    operating_game,
    pass_until,
    refuse,
    seat_to_act,
    set_stack,
)


def at_payout(revenue: int, **options: Any) -> tuple[LostAtlasState, str, int, int]:
    """The first minor (price 90; president 2 shares, another player 1, treasury 2) at
    its pay-out step having earned ``revenue``. Returns state, minor, president, holder."""
    state, (a, _b, _c) = operating_game([180, 160, 165], **options)
    state.corps[a].shares.treasury -= 1  # the position: another player holds one share
    holder = (state.president(a) + 1) % 3
    state.corps[a].shares.give(holder, 1)
    give_trains(state, a, "2")
    pass_until(state, orr.RUN)
    op(state).step, op(state).revenue = orr.PAYOUT, revenue  # the position: it earned this
    return state, a, state.president(a), holder


# -- notation --------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["half", "buy metropolitan treasury", "sell metropolitan 2"])
def test_notation_reads_back(text: str) -> None:
    assert str(TITLE.parse(text)) == text


# -- Unions Win! -----------------------------------------------------------------------------------
def test_half_pay_out_figures_and_price() -> None:
    state, a, president, holder = at_payout(310, unions_win=True)
    assert state.price(a) == 90
    assert legal_texts(state) == ["payout", "withhold", "half"]
    cash = (state.cash(president), state.cash(holder), state.treasury(a),
            state.ledger.cash[BANK])
    log = act(state, "half")
    # 155 paid out (31 a share of 20%), 155 kept; pool shares: none.
    assert state.cash(president) == cash[0] + 62
    assert state.cash(holder) == cash[1] + 31
    assert state.treasury(a) == cash[2] + 2 * 31 + 155
    assert state.ledger.cash[BANK] == cash[3] - 5 * 31 - 155
    assert (state.corps[a].last_revenue, state.corps[a].per_share) == (310, 31)
    assert state.price(a) == 100  # 155 >= 90: one step (a full pay-out: two)
    assert "pays half of 310" in log[0]


def test_half_of_an_odd_revenue_and_below_the_price() -> None:
    state, a, president, _holder = at_payout(75, unions_win=True)
    cash, treasury = state.cash(president), state.treasury(a)
    act(state, "half")  # 37 paid out (7 a share), 38 kept
    assert state.cash(president) == cash + 14
    assert state.treasury(a) == treasury + 2 * 7 + 38
    assert state.price(a) == 90  # below the price: to the bottom of its space


def test_half_pay_out_changes_the_outcome_against_a_full_one() -> None:
    full, a, president, _ = at_payout(310)
    act(full, "payout")
    half, a2, president2, _ = at_payout(310, unions_win=True)
    act(half, "half")
    assert (full.price(a), half.price(a2)) == (110, 100)
    assert full.cash(president) - half.cash(president2) == 124 - 62


def test_half_needs_the_option_and_a_refusal_changes_nothing() -> None:
    state, _a, _p, _h = at_payout(310)
    assert "half" not in legal_texts(state)
    refuse(state, "half", landmarks.UNIONS_RULE)
    state, _a, _p, _h = at_payout(310, unions_win=True)
    act(state, "payout")
    refuse(state, "half", "lost_atlas.or.step")


# -- Record Gains! ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("revenue", "base", "record"), [(270, 110, 120), (180, 110, 110),
                                                         (90, 100, 100), (60, 90, 90)])
def test_triple_jump_at_three_times_the_price(revenue: int, base: int, record: int) -> None:
    plain, a, _p, _h = at_payout(revenue)
    act(plain, "payout")
    jumped, a2, _p2, _h2 = at_payout(revenue, record_gains=True)
    act(jumped, "payout")
    assert (plain.price(a), jumped.price(a2)) == (base, record)


def test_record_gains_with_a_half_pay_out() -> None:
    state, a, _p, _h = at_payout(540, unions_win=True, record_gains=True)
    act(state, "half")  # 270 paid = 3 x 90
    assert state.price(a) == 120


# -- the Metropolitan ------------------------------------------------------------------------------
def metro_game(**options: Any) -> LostAtlasState:
    """A Long game's first Stock Round, the 2-trains of the stack already exported."""
    state = new_game(1, mode="long", **options)
    set_stack(state, "2", "2", "3", "3", "4")
    trains.export(state, [])
    return state


def test_exported_trains_go_to_the_metropolitan_and_still_count_as_bought() -> None:
    state = metro_game(metropolitan=True)
    assert landmarks.metropolitan(state).trains == ["2", "2"]
    assert landmarks.price(state) == 20
    log: list[str] = []
    trains.export(state, log)
    assert landmarks.metropolitan(state).trains == ["2", "2", "3"] and state.phase == "green"
    assert "3" in state.bought and landmarks.price(state) == 40
    assert any("Metropolitan" in line for line in log)
    assert TITLE.view(state, None)["metropolitan"]["price"] == 40
    base = metro_game()
    assert landmarks.metropolitan(base) is None and "metropolitan" not in TITLE.view(base, None)


def test_metropolitan_shares_are_bought_sold_and_scored() -> None:
    state = metro_game(metropolitan=True)
    seat = seat_to_act(state)
    assert "buy metropolitan treasury" in legal_texts(state)
    refuse(state, "buy metropolitan pool", "lost_atlas.stock.buy-source")
    cash = state.cash(seat)
    act(state, "buy metropolitan treasury")
    assert state.cash(seat) == cash - 20 and landmarks.held(state, seat) == 1
    assert flow.scores(state)[seat] == cash  # 20 of cash became a 20 share
    trains.export(state, [])
    trains.export(state, [])  # two 3-trains: (200 + 400) / 10 = 60
    assert flow.scores(state)[seat] == cash - 20 + 60
    while seat_to_act(state) != seat:
        act(state, "pass")
    act(state, "sell metropolitan 1")
    assert state.cash(seat) == cash - 20 + 60 and landmarks.held(state, seat) == 0
    refuse(state, "buy metropolitan treasury", "lost_atlas.stock.buy-after-sale")


def test_metropolitan_shares_change_the_final_scores() -> None:
    with_metro = metro_game(metropolitan=True)
    seat = seat_to_act(with_metro)
    act(with_metro, "buy metropolitan treasury")
    trains.export(with_metro, [])
    flow.finish(with_metro, "the test", [])
    base = metro_game()
    flow.finish(base, "the test", [])
    assert with_metro.result is not None and base.result is not None
    assert with_metro.result.scores[seat] == base.result.scores[seat] - 20 + 40


def test_metropolitan_needs_the_option_and_a_train() -> None:
    state = new_game(1, mode="long")
    refuse(state, "buy metropolitan treasury", "lost_atlas.stock.company")
    state = new_game(1, mode="long", metropolitan=True)
    refuse(state, "buy metropolitan treasury", landmarks.METRO_RULE)
    assert not any("metropolitan" in t for t in legal_texts(state))


def test_sixty_percent_of_the_metropolitan_at_most() -> None:
    state = metro_game(metropolitan=True)
    seat = seat_to_act(state)
    landmarks.metropolitan(state).players[seat] = landmarks.MAX_HELD  # the position
    refuse(state, "buy metropolitan treasury", "lost_atlas.stock.sixty-percent")


# -- whole games -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("options", "players", "seed"), [
    ({"unions_win": True}, 3, 1),
    ({"record_gains": True}, 4, 2),
    ({"metropolitan": True}, 3, 3),
    ({"unions_win": True, "record_gains": True, "metropolitan": True, "bank_break": True},
     4, 4),
])
def test_random_games_with_the_options_end_and_replay(options: dict[str, Any], players: int,
                                                       seed: int) -> None:
    game = boardroom.new_game("lost_atlas", [f"P{i}" for i in range(players)], seed=seed,
                              options={"mode": "long", **options})
    bot = RandomBot(seed)
    while not game.is_over:
        seat = game.to_act[0]
        actions = game.legal_actions(seat)
        for action in actions[:: max(1, len(actions) // 4)]:
            assert game.parse(str(action)) == action
        game.apply(bot.choose(game, seat))
        game.title.invariants(game.state)
    assert game.result is not None
    replayed = boardroom.load(game.to_record())
    assert replayed.log == game.log


def test_the_heuristic_bot_plays_the_landmarks_options_legally() -> None:
    game = boardroom.new_game("lost_atlas", ["A", "B", "C"], seed=5,
                              options={"mode": "short", "unions_win": True,
                                       "record_gains": True, "metropolitan": True})
    bots = [HeuristicBot(s) for s in range(3)]
    while not game.is_over:
        seat = game.to_act[0]
        action = bots[seat].choose(game, seat)
        assert action in game.legal_actions(seat)
        game.apply(action)
    assert game.result is not None
