"""The Lost Atlas Operating Round (rulebook "Operating Round" steps 1-8, "Rust Events",
"Phase Changes", "Forced Train Purchase", "Bankruptcy"; Diagram 8)."""

from __future__ import annotations

from typing import Any

import pytest

from boardroom.core.rng import Rng
from boardroom.market.shares import Company
from boardroom.titles.lost_atlas.rounds import operating_round as orr
from boardroom.titles.lost_atlas.rounds.operating import track
from boardroom.titles.lost_atlas.state import MAJOR, LostAtlasState
from lost_atlas_games import (
    TITLE,
    act,
    finish_turn,
    give_trains,
    launch,
    legal_texts,
    listed_run,
    new_game,
    op,
    operating_game,
    pass_until,
    refuse,
    seat_to_act,
    set_player_cash,
    set_price,
    set_stack,
    set_treasury,
    to_operating,
)


def price_index(state: LostAtlasState, price: int) -> int:
    return state.stock.index_of(price)


def three_minors(seed: int = 1, **options: object) -> tuple[LostAtlasState, list[str]]:
    """Three minors of three players at 90, 80 and 80 (the second above the third)."""
    return operating_game([180, 160, 165], seed, **options)


# -- notation ----------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "train 2", "train 3 pool", "train inf trade 4", "train 3 from tunneling 150", "agree",
    "decline", "issue", "redeem", "run 310", "payout", "withhold", "force 2",
    "force 3 pool", "liquidate expansive", "lay 8 3,-1 r2", "hub 3,-1/1", "suburb 3,-1",
    "run 90 via 0,0>0,0:3>0,-1/1 none -2,3",
])
def test_notation_reads_back(text: str) -> None:
    action = TITLE.parse(text)
    assert str(action) == text
    assert TITLE.parse(str(action)) == action


def test_unknown_operating_words_are_notation_errors() -> None:
    from boardroom.core.errors import NotationError

    for text in ("train", "run many", "force", "train 3 from x", "issue 2",
                 "run 90 via 0,0>x", "run 90 via 0,0:a"):
        with pytest.raises(NotationError):
            TITLE.parse(text)


# -- order -------------------------------------------------------------------------------------
def test_operating_order_by_price_then_top_to_bottom_and_a_dropped_token_waits() -> None:
    state, (a, b, c) = three_minors()
    assert [state.price(x) for x in (a, b, c)] == [90, 80, 80]
    assert state.stock.spaces[price_index(state, 80)] == [b, c]
    for company in (a, b, c):
        give_trains(state, company, "2")
    seen = []
    # a withholds and drops to 80, below b and c: it must not operate again.
    seen.append(op(state).company)
    pass_until(state, orr.PAYOUT)
    act(state, "withhold")
    assert state.price(a) == 80
    assert state.stock.spaces[price_index(state, 80)] == [b, c, a]
    act(state, "pass")
    while state.or_number == 1:
        seen.append(op(state).company)
        finish_turn(state)
    assert seen == [a, b, c]
    assert all(state.corps[x].operated for x in (a, b, c))
    # The second Operating Round starts afresh in the new order.
    assert state.or_number == 2
    assert op(state).done == []
    assert op(state).company == state.stock.operating_order()[0]


# -- 1. leadoff train ----------------------------------------------------------------------------
def test_leadoff_train_only_first_round_and_only_stack_or_pool() -> None:
    state, (a, b, _c) = three_minors()
    give_trains(state, b, "2")
    assert op(state).company == a and op(state).step == orr.LEADOFF
    assert legal_texts(state) == ["train 2", "pass"]
    state.pool = ["3"]
    set_treasury(state, a, 400)
    assert legal_texts(state) == ["train 2", "train 3 pool", "pass"]
    refuse(state, f"train 2 from {b} 50", "lost_atlas.or.step")
    refuse(state, "train 3", "lost_atlas.trains.source")
    stack = len(state.trains)
    act(state, "train 3 pool")
    assert state.corps[a].trains == ["3"] and state.pool == []
    assert state.treasury(a) == 200 and len(state.trains) == stack
    assert op(state).step != orr.LEADOFF
    # It runs this turn.
    pass_until(state, orr.RUN)
    runs = [t for t in legal_texts(state) if t.startswith("run ")]
    assert len(runs) == 1 and int(runs[0].split()[1]) > 0
    refuse(state, "run 1", "lost_atlas.or.run")
    act(state, runs[0])
    act(state, "withhold")
    act(state, "pass")
    while state.or_number == 1:
        if not state.corps[op(state).company].trains:
            pass_until(state, orr.TRAINS)
            act(state, "train 2")
        finish_turn(state)
    # Second Operating Round: no leadoff step any more.
    while op(state).company != a:
        finish_turn(state)
    assert op(state).step != orr.LEADOFF
    refuse(state, "train 2", "lost_atlas.or.step")


def test_leadoff_needs_the_treasury() -> None:
    state, (a, _b, _c) = three_minors()
    set_treasury(state, a, 99)
    assert legal_texts(state) == ["pass"]
    refuse(state, "train 2", "lost_atlas.trains.afford")


# -- 2. issue and redeem -------------------------------------------------------------------------
def test_issue_and_redeem() -> None:
    state, (a, b, c) = three_minors()
    for company in (a, b, c):
        give_trains(state, company, "2")
    act(state, "pass")  # no leadoff
    assert op(state).step == orr.SHARES
    refuse(state, "redeem", "lost_atlas.or.redeem")
    before = state.treasury(a)
    act(state, "issue")
    shares = state.corps[a].shares
    assert (shares.treasury, shares.pool) == (2, 1)
    assert state.treasury(a) == before + 90 and state.price(a) == 80
    assert op(state).step == orr.TRACK
    refuse(state, "issue", "lost_atlas.or.step")
    finish_turn(state)
    # b redeems a pool share at its price, which does not change.
    assert op(state).company == b
    state.corps[b].shares.treasury -= 1
    state.corps[b].shares.pool += 1
    act(state, "pass")
    before = state.treasury(b)
    act(state, "redeem")
    assert state.corps[b].shares.pool == 0 and state.corps[b].shares.treasury == 3
    assert state.treasury(b) == before - 80 and state.price(b) == 80
    finish_turn(state)
    # c: the pool may hold at most half the shares (2 of 5); redeeming needs the money.
    shares = state.corps[c].shares
    shares.treasury, shares.pool = 1, 2
    act(state, "pass")
    refuse(state, "issue", "lost_atlas.or.pool-limit")
    set_treasury(state, c, 79)
    refuse(state, "redeem", "lost_atlas.or.redeem")


# -- 3/4. track and hubs ---------------------------------------------------------------------
@pytest.mark.parametrize(("ability", "change"), [("expansive", -40), ("tunneling", 20)])
def test_track_pays_the_mountain_and_tunneling_earns_60(ability: str, change: int) -> None:
    state, (a, _b, _c) = three_minors(seed=1)
    state.corps[a].abilities = frozenset({ability})
    give_trains(state, a, "2")
    act(state, "pass")
    act(state, "pass")
    assert op(state).step == orr.TRACK
    act(state, next(t for t in legal_texts(state) if t.startswith("lay ")))
    mountain = "lay 7 7,-4 r2"
    assert mountain in legal_texts(state)
    before, bank = state.treasury(a), state.ledger.cash["bank"]
    act(state, mountain)
    assert state.treasury(a) == before + change
    assert state.ledger.cash["bank"] == bank - change
    assert op(state).step != orr.TRACK  # two yellow tiles: the step is over
    refuse(state, "lay 7 7,-4 r3", "lost_atlas.or.step")


def test_expansive_places_its_hub_for_40() -> None:
    state = new_game(5)
    a = launch(state, 180, "expansive")
    to_operating(state)
    give_trains(state, a, "2")
    act(state, "pass")
    act(state, "pass")
    while op(state).step == orr.TRACK:
        act(state, next(t for t in legal_texts(state) if t.startswith("lay ")))
    assert op(state).step == orr.HUB
    assert legal_texts(state) == ["hub -1,-3", "pass"]
    before = state.treasury(a)
    act(state, "hub -1,-3")
    assert state.treasury(a) == before - 40 and state.corps[a].hub_costs == []
    assert ((-1, -3), 0) in state.board.hubs_of(a)
    assert op(state).step == orr.RUN


# -- 5/6. running and earnings ---------------------------------------------------------------------
def test_the_president_may_run_routes_of_their_own() -> None:
    state, (a, _b, _c) = three_minors(seed=4)
    give_trains(state, a, "2")
    act(state, "pass")
    act(state, "pass")
    while op(state).step == orr.TRACK:
        act(state, next(t for t in legal_texts(state) if t.startswith("lay ")))
    pass_until(state, orr.RUN)
    assert state.board.hubs_of(a) == [((-1, -6), 0)]
    assert legal_texts(state) == ["run 40"]  # home (20) to the next city (20)
    best = "run 40 via -1,-6>-1,-6:3>-1,-7"
    assert listed_run(state) == best  # the listed run carries its routes
    assert TITLE.check(state, TITLE.parse(best), seat_to_act(state)) is None
    refuse(state, "run 30 via -1,-6", "lost_atlas.or.run")
    refuse(state, "run 20 via -1,-7", "lost_atlas.route.hub")
    refuse(state, "run 40 via -1,-6 -1,-6", "lost_atlas.route.train-count")
    refuse(state, "run 40 via -1,-6>-1,-6:2>-1,-7", "lost_atlas.route.no-track")
    act(state, "run 20 via -1,-6")  # a local run, the president's choice
    assert op(state).revenue == 20 and op(state).step == orr.PAYOUT


def _at_payout(state: LostAtlasState, revenue: int) -> None:
    pass_until(state, orr.PAYOUT)
    op(state).revenue = revenue  # the position: this company's routes earned ``revenue``


def test_payout_moves_the_price_by_the_revenue() -> None:
    state, (a, b, c) = three_minors()
    for company in (a, b, c):
        give_trains(state, company, "2")
    set_price(state, b, 90)  # a and b at 90, a on top; c alone at 80
    assert state.stock.spaces[price_index(state, 90)] == [a, b]
    _at_payout(state, 50)  # below the price: the token goes to the bottom of its space
    act(state, "payout")
    assert state.price(a) == 90
    assert state.stock.spaces[price_index(state, 90)] == [b, a]
    act(state, "pass")
    assert op(state).company == b
    _at_payout(state, 90)  # equal to the price: one step up
    act(state, "payout")
    assert state.price(b) == 100
    act(state, "pass")
    assert op(state).company == c
    _at_payout(state, 160)  # twice the price: two steps up
    act(state, "payout")
    assert state.price(c) == 100


def test_diagram_8_pays_62_a_share_and_nothing_to_the_pool() -> None:
    state = new_game(1)
    a = launch(state, 180)
    holder = seat_to_act(state)
    act(state, f"buy {a} treasury")
    to_operating(state)
    president = state.president(a)
    give_trains(state, a, "4", "4")
    act(state, "pass")
    act(state, "issue")  # one share in the pool, one left in the treasury
    shares = state.corps[a].shares
    assert (shares.held(president), shares.held(holder), shares.treasury, shares.pool) == (
        2, 1, 1, 1)
    _at_payout(state, 310)
    cash = {s: state.cash(s) for s in range(3)}
    treasury, bank = state.treasury(a), state.ledger.cash["bank"]
    act(state, "payout")
    assert state.cash(president) == cash[president] + 124
    assert state.cash(holder) == cash[holder] + 62
    assert state.treasury(a) == treasury + 62
    assert state.ledger.cash["bank"] == bank - 248  # the pool share earns nothing
    assert (state.corps[a].last_revenue, state.corps[a].per_share) == (310, 62)
    assert state.price(a) == 100  # 310 >= 2 x 80: two steps


def test_major_shares_earn_ten_percent() -> None:
    state, (a, _b, _c) = three_minors()
    give_trains(state, a, "3")
    corp = state.corps[a]
    president = corp.shares.president
    assert president is not None
    other = (president + 1) % 3
    corp.kind = MAJOR
    corp.shares = Company("Major", total=10, president_shares=2, share_percent=10,
                          max_percent=60, president=president,
                          players={president: 2, other: 3}, treasury=3, pool=2)
    _at_payout(state, 310)
    before = (state.cash(president), state.cash(other), state.treasury(a))
    act(state, "payout")
    assert (state.cash(president), state.cash(other), state.treasury(a)) == (
        before[0] + 62, before[1] + 93, before[2] + 93)
    assert corp.per_share == 31


def test_withhold_and_no_train() -> None:
    state, (a, b, _c) = three_minors()
    give_trains(state, a, "2")
    _at_payout(state, 70)
    before = state.treasury(a)
    act(state, "withhold")
    assert state.treasury(a) == before + 70 and state.price(a) == 80
    assert (state.corps[a].last_revenue, state.corps[a].per_share) == (70, 0)
    act(state, "pass")
    # b has no train: it earns 0 and drops a step, then must buy.
    assert op(state).company == b
    act(state, "pass")  # no leadoff
    log: list[str] = []
    while op(state).step != orr.TRAINS:
        log += act(state, "pass")
    assert any("has no train" in line for line in log)
    assert state.price(b) == 70 and state.corps[b].last_revenue == 0


def test_company_at_price_zero_is_dissolved() -> None:
    state, (a, b, _c) = three_minors()
    give_trains(state, a, "2")
    set_price(state, a, 10)  # the position: a, operating now, is worth 10
    act(state, "pass")
    act(state, "issue")  # 10 -> 0
    assert a not in state.corps and a not in state.stock.positions
    assert "2" in state.pool and not state.board.hubs_of(a)
    assert op(state).company == b


# -- 7. buying trains ------------------------------------------------------------------------------
def test_buy_from_stack_pool_and_another_company_with_consent() -> None:
    state, (a, b, c) = three_minors()
    give_trains(state, b, "2")
    give_trains(state, c, "3")
    set_treasury(state, a, 500)
    act(state, "pass")
    pass_until(state, orr.TRAINS)
    texts = legal_texts(state)
    assert "pass" not in texts  # a owns no train: it must buy
    assert "train 2" in texts and f"train 2 from {b} 1" in texts
    assert f"train 3 from {c} 500" in texts and f"train 3 from {c} 501" not in texts
    refuse(state, "pass", "lost_atlas.trains.must-buy")
    refuse(state, f"train 2 from {b} 0", "lost_atlas.trains.offer-price")
    refuse(state, f"train 3 from {b} 50", "lost_atlas.trains.source")
    act(state, "train 2")
    assert state.corps[a].trains == ["2"] and state.treasury(a) == 400
    # An offer: b's president decides.
    act(state, f"train 2 from {b} 60")
    assert seat_to_act(state) == state.president(b) != state.president(a)
    assert legal_texts(state) == ["agree", "decline"]
    refuse(state, "pass", "lost_atlas.trains.offer")
    act(state, "decline")
    assert seat_to_act(state) == state.president(a)
    refuse(state, f"train 2 from {b} 60", "lost_atlas.trains.offer-refused")
    act(state, f"train 2 from {b} 61")
    seller_before = state.treasury(b)
    act(state, "agree")
    assert state.corps[a].trains == ["2", "2"] and state.corps[b].trains == []
    assert state.treasury(b) == seller_before + 61 and state.treasury(a) == 339
    # At its limit (2) a has nothing left to decide: its turn is over.
    assert op(state).company == b and state.corps[a].operated
    # b sold its only train: it buys one from the pool at the printed price.
    state.pool = ["3"]
    set_treasury(state, b, 250)
    pass_until(state, orr.TRAINS)
    act(state, "train 3 pool")
    assert state.corps[b].trains == ["3"] and state.pool == [] and state.treasury(b) == 50


def test_offer_between_companies_of_one_president_needs_no_answer() -> None:
    state = new_game(1)
    a = launch(state, 150)
    act(state, "pass")
    act(state, "pass")
    b = launch(state, 120)
    to_operating(state)
    assert state.president(a) == state.president(b)
    give_trains(state, b, "2", "2")
    assert op(state).company == a
    pass_until(state, orr.TRAINS)
    act(state, f"train 2 from {b} 1")
    assert state.corps[a].trains == ["2"] and state.corps[b].trains == ["2"]
    assert op(state).offer is None


def test_infinity_for_1000_or_800_trading_in_and_grey_rust() -> None:
    state, (a, b, _c) = three_minors()
    state.phase = "purple"
    state.bought = {"2", "3", "4", "5"}
    set_stack(state, "7", "7", "7")
    give_trains(state, a, "5")
    give_trains(state, b, "4")
    set_treasury(state, a, 1000)
    act(state, "pass")
    pass_until(state, orr.TRAINS)
    set_treasury(state, a, 1000)  # again, after the withheld revenue
    texts = legal_texts(state)
    assert "train inf trade 5" in texts and "train 7" not in texts  # minor limit 1: full
    refuse(state, "train inf", "lost_atlas.trains.limit")
    refuse(state, "train inf trade 4", "lost_atlas.trains.trade-in")
    log = act(state, "train inf trade 5")
    assert state.corps[a].trains == ["inf"] and state.treasury(a) == 200
    assert "5" not in state.pool  # traded in: out of the game
    assert state.phase == "grey" and state.corps[b].trains == []
    assert any("4-trains rust" in line for line in log)
    assert state.trains == ["7", "7"]
    # a is full and trades no ∞ for an ∞: its turn is over.
    assert op(state).company == b
    # b owns nothing now and buys the ∞ at full price.
    set_treasury(state, b, 1200)
    pass_until(state, orr.TRAINS)
    assert {"train 7", "train inf"} <= set(legal_texts(state))
    act(state, "train inf")
    assert state.corps[b].trains == ["inf"] and state.treasury(b) == 200


def test_phase_changes_and_rust_on_the_first_3_4_5_6_7() -> None:
    state, (a, b, _c) = three_minors()
    state.corps[a].abilities = frozenset({"spacious"})  # room for one more, always
    give_trains(state, b, "2", "3")
    set_treasury(state, a, 5000)
    act(state, "pass")
    pass_until(state, orr.TRAINS)
    expected = [("3", "green", ["2", "3"]), ("4", "green", ["3"]),
                ("5", "purple", ["3"]), ("6", "purple", []), ("7", "grey", [])]
    for train, phase, b_trains in expected:
        state.corps[a].trains = []
        if train == "7":
            give_trains(state, b, "4")
        set_stack(state, train, train)
        act(state, f"train {train}")
        assert state.phase == phase, train
        assert state.corps[b].trains == b_trains, train
        assert state.corps[a].trains == [train]


def test_resourceful_rusted_trains_run_once_more() -> None:
    state, (a, b, _c) = three_minors()
    state.corps[b].abilities = frozenset({"resourceful"})
    give_trains(state, b, "2")
    set_stack(state, "4", "4")
    set_treasury(state, a, 300)
    act(state, "pass")
    pass_until(state, orr.TRAINS)
    act(state, "train 4")
    assert state.corps[b].trains == [] and state.corps[b].rusted == ["2"]
    act(state, "pass")
    assert op(state).company == b
    pass_until(state, orr.RUN)
    runs = [t for t in legal_texts(state) if t.startswith("run ")]
    assert runs and int(runs[0].split()[1]) > 0
    act(state, runs[0])
    assert state.corps[b].rusted == []
    act(state, "withhold")
    refuse(state, "pass", "lost_atlas.trains.must-buy")


def test_over_the_limit_after_a_phase_change_discards_first() -> None:
    state, (a, b, _c) = three_minors()
    state.phase = "green"
    state.bought = {"2", "3", "4"}
    give_trains(state, a, "4")
    give_trains(state, b, "3", "4")
    set_stack(state, "5", "5")
    act(state, "pass")
    pass_until(state, orr.TRAINS)
    set_treasury(state, a, 450)
    act(state, "train 5")
    assert state.phase == "purple"
    assert state.discards == [a, b] or state.discards == [b, a]
    first = state.discards[0]
    assert seat_to_act(state) == state.president(first)
    texts = legal_texts(state)
    assert texts == [f"discard {first} {t}" for t in sorted(set(state.corps[first].trains))]
    refuse(state, "pass", "lost_atlas.trains.limit")
    for company in list(state.discards):
        act(state, f"discard {company} 4")
    assert state.discards == []
    assert sorted(state.pool) == ["4", "4"]
    assert state.corps[a].trains == ["5"] and state.corps[b].trains == ["3"]
    # a, full, had nothing more to decide: b operates (with its one train left).
    assert op(state).company == b and seat_to_act(state) == state.president(b)


# -- forced purchase and bankruptcy -------------------------------------------------------------
def _forced_position(**options: Any) -> tuple[LostAtlasState, str, str, int]:
    """a (70) owns no train; its president also holds one share of b (90), which
    operates first and so has operated; a third player holds a share of a; the stack's
    top is a 4-train (300). Returns the state, a, b and the third player's seat."""
    state = new_game(1, **options)
    president = seat_to_act(state)
    a = launch(state, 140)
    b = launch(state, 180)
    holder = seat_to_act(state)
    act(state, f"buy {a} treasury")
    to_operating(state)
    shares = state.corps[b].shares  # the position: a's president owns a share of b
    shares.treasury -= 1
    shares.give(president, 1)
    give_trains(state, b, "2")
    assert op(state).company == b
    finish_turn(state)
    assert op(state).company == a and state.corps[b].operated
    set_stack(state, "4", "4")
    return state, a, b, holder


def test_forced_purchase_president_pays_the_rest() -> None:
    state, a, _b, _holder = _forced_position()
    president = state.president(a)
    set_treasury(state, a, 120)
    set_player_cash(state, president, 200)
    pass_until(state, orr.TRAINS)
    assert legal_texts(state)[-1] == "force 4"
    assert "pass" not in legal_texts(state)
    refuse(state, "force 4 pool", "lost_atlas.trains.forced-cheapest")
    act(state, "force 4")
    assert state.corps[a].trains == ["4"]
    assert state.treasury(a) == 0 and state.cash(president) == 20


def test_forced_purchase_sells_shares_then_drops_once() -> None:
    state, a, b, holder = _forced_position()
    president = state.president(a)
    set_treasury(state, a, 100)
    set_player_cash(state, president, 150)
    b_price = state.price(b)
    pass_until(state, orr.TRAINS)
    refuse(state, "force 2", "lost_atlas.trains.forced-cheapest")
    act(state, "force 4")
    assert op(state).forced is not None
    assert legal_texts(state) == [f"liquidate {b}"]
    refuse(state, f"liquidate {a}", "lost_atlas.stock.sell-unoperated")
    state.corps[a].operated = True  # even had a operated, its presidency may not go:
    refuse(state, f"liquidate {a}", "lost_atlas.stock.sell-president")
    shares = state.corps[a].shares
    shares.treasury -= 1
    shares.give(holder, 1)  # ... the holder (2 shares) would take it over
    refuse(state, f"liquidate {a}", "lost_atlas.trains.forced-presidency")
    refuse(state, "pass", "lost_atlas.trains.forced-sale")
    act(state, f"liquidate {b}")
    assert state.corps[a].trains == ["4"]
    assert state.cash(president) == 150 + b_price - 200
    assert state.price(b) == state.stock.values[state.stock.index_of(b_price) - 1]


def test_forced_purchase_bankruptcy_ends_the_game() -> None:
    state, a, b, _holder = _forced_position()
    president = state.president(a)
    set_treasury(state, a, 0)
    set_player_cash(state, president, 0)
    pass_until(state, orr.TRAINS)
    act(state, "force 4")
    log = act(state, f"liquidate {b}")
    assert state.round == "over" and "bankrupt" in state.end_reason
    assert any("bankrupt" in line for line in log)
    assert TITLE.to_act(state) == ()


def test_forced_purchase_bankruptcy_continue_removes_the_companies() -> None:
    state, a, b, holder = _forced_position(bankruptcy="continue")
    president = state.president(a)
    set_treasury(state, a, 0)
    set_player_cash(state, president, 0)
    pass_until(state, orr.TRAINS)
    act(state, "force 4")
    a_price = state.price(a)
    holder_cash = state.cash(holder)
    act(state, f"liquidate {b}")
    assert state.round == "operating"
    assert a not in state.corps and a not in state.stock.positions
    assert not state.board.hubs_of(a)
    assert state.cash(holder) == holder_cash + a_price
    assert state.cash(president) == 0
    assert all(corp.shares.held(president) == 0 for corp in state.corps.values())
    assert state.op is None or op(state).company != a


# -- legal actions are legal -----------------------------------------------------------------------
def test_random_operating_rounds_keep_every_rule() -> None:
    """Random legal play through a few cycles: every legal action passes check and reads
    back; a refused action (legal elsewhere) changes nothing; the books balance."""
    for seed in (3, 4):
        state = new_game(seed)
        rng = Rng(seed)
        for bid in (180, 160, 140):
            launch(state, bid)
        to_operating(state)
        steps = 0
        while state.round != "over" and state.cycle <= 2 and steps < 600:
            steps += 1
            seat = seat_to_act(state)
            actions = TITLE.legal_actions(state, seat)
            assert actions
            plain = [x for x in actions if not isinstance(x, orr.OfferTrain)]
            pick = plain or actions
            action = pick[rng.below(len(pick))]
            assert TITLE.check(state, action, seat) is None, action
            assert TITLE.parse(str(action)) == action
            if state.round == "operating" and state.op is not None and not state.discards:
                for probe in ("withhold", "issue", "train 7", "redeem", "run 5"):
                    parsed = TITLE.parse(probe)
                    if parsed not in actions:
                        refuse(state, probe, seat=seat)
            TITLE.apply(state, action, seat)
            TITLE.invariants(state)
        assert state.round == "over" or state.cycle > 2 or steps == 600


def test_a_new_phases_tiles_wait_for_the_next_company() -> None:
    """Rulebook "Phase Changes": tiles of the new phase are available to the next company
    to act. A minor whose leadoff train opens green may not lay green tiles this turn."""
    state, _ = operating_game([240, 130])
    first = op(state).company
    set_stack(state, "3", "3", "3", "4")
    state.bought.add("2")
    act(state, "train 3")  # the leadoff train is the first 3: green begins
    assert state.phase == "green"
    pass_until(state, orr.TRACK)
    lays = [t for t in legal_texts(state) if t.startswith("lay ")]
    green = {t.id for t in state.components.tiles.values() if t.colour == "green"}
    assert not any(text.split()[1] in green for text in lays)
    finish_turn(state)
    if state.op is not None and op(state).company != first:
        assert track.colours(state) == state.components.phase("green").tile_colours


@pytest.mark.parametrize(("bot", "mode", "options"), [
    ("random", "short", {}),
    ("random", "long", {"bank_break": True, "merger_mania": True, "unions_win": True}),
    ("heuristic", "short", {"headquarters": True, "hostile_mergers": True}),
    ("random", "short", {"cut_throat_routes": True, "metropolitan": True}),
    ("heuristic", "long", {}),
])
def test_whether_a_step_offers_anything_is_what_its_listing_says(
        bot: str, mode: str, options: dict[str, object], monkeypatch: Any) -> None:
    # The settle asks _has_step_options (the rules asked directly, no action built) to
    # decide whether a step waits for the company or is passed over; every time it asks in
    # seeded games, the answer must be whether the step's listing has anything, or a step
    # with a choice would be skipped (or one without waited on).
    import boardroom
    from boardroom.bots import make_bot

    asked = orr._has_step_options
    answers = {True: 0, False: 0}

    def checked(state: LostAtlasState, op_now: Any) -> bool:
        answer = asked(state, op_now)
        assert answer == bool(orr._step_options(state)), (op_now.company, op_now.step)
        answers[answer] += 1
        return answer

    monkeypatch.setattr(orr, "_has_step_options", checked)
    for seed in range(2):
        game = boardroom.new_game("lost_atlas", ["A", "B", "C"], seed=seed,
                                  options={"mode": mode, **options})
        bots = [make_bot(bot, seed=seed * 8 + s) for s in range(3)]
        while not game.is_over:
            seat = game.to_act[0]
            game.apply(bots[seat].choose(game, seat), seat)
    assert answers[True] > 20 and answers[False] > 20, answers
