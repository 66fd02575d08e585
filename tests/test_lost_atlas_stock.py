"""The Stock Round and its auctions (rulebook "Stock Round", Diagram 3)."""

from __future__ import annotations

import pytest

from boardroom.core.errors import IllegalAction
from boardroom.titles.lost_atlas.state import LostAtlasState
from lost_atlas_setup import TITLE, act, started


def diagram3_start() -> LostAtlasState:
    state = started(["P1", "P2"], mode="short", seed=3)
    state.matrix = [["expansive", "resourceful", "agricultural", "suburban"],
                    ["tunneling", "express", "northern_port", "eastern_mining"]]
    state.priority = 0
    assert state.sr is not None
    state.sr.turn = 0
    return state


def snapshot(state: LostAtlasState) -> object:
    return TITLE.view(state, None)


def test_diagram_3_auctions_prices_and_turn_order() -> None:
    state = diagram3_start()
    # (1) P1 opens at 140, P2 raises to 160, P1 passes; P2 launches Expansive at 80.
    act(state, "auction 140")
    assert TITLE.to_act(state) == (1,)
    act(state, "bid 160")
    act(state, "pass")
    assert TITLE.to_act(state) == (1,)  # the winner chooses
    act(state, "launch expansive")
    assert state.price("expansive") == 80
    assert state.stock.spaces[state.stock.index_of(80)] == ["expansive"]
    assert state.treasury("expansive") == 160
    assert state.cash(1) == 450 - 160
    # The auction began on P1's turn: P2 acts next.
    assert TITLE.to_act(state) == (1,)
    # (2) P2 opens at 160, P1 raises to 165, P2 passes; P1 launches Resourceful,
    # available now that Expansive left the bottom of its column.
    act(state, "auction 160")
    act(state, "bid 165")
    act(state, "pass")
    act(state, "launch resourceful")
    assert state.price("resourceful") == 80  # 165 / 2 rounded down to a printed value
    assert state.stock.spaces[state.stock.index_of(80)] == ["expansive", "resourceful"]
    # Initiated on P2's turn: P1 acts next.
    assert TITLE.to_act(state) == (0,)
    # (3) P1 opens at 140, P2 passes; Tunneling at the top of the 70 space.
    act(state, "auction 140")
    act(state, "pass")
    act(state, "launch tunneling")
    assert state.price("tunneling") == 70
    assert state.stock.spaces[state.stock.index_of(70)] == ["tunneling"]
    assert TITLE.to_act(state) == (1,)
    assert state.cash(0) == 450 - 165 - 140
    assert state.stock.operating_order() == ["expansive", "resourceful", "tunneling"]


def test_auction_minimum_bid_and_steps() -> None:
    state = diagram3_start()
    for text, rule in (("auction 115", "lost_atlas.auction.minimum"),
                       ("auction 122", "lost_atlas.auction.minimum"),
                       ("auction 455", "lost_atlas.auction.afford")):
        before = snapshot(state)
        with pytest.raises(IllegalAction) as err:
            act(state, text)
        assert err.value.rule == rule
        assert snapshot(state) == before
    act(state, "auction 120")
    with pytest.raises(IllegalAction) as err:
        act(state, "bid 122")
    assert err.value.rule == "lost_atlas.auction.bid"
    with pytest.raises(IllegalAction):
        act(state, "bid 120")
    act(state, "bid 125")


def test_auction_passer_is_out_and_last_bidder_wins() -> None:
    state = started(["A", "B", "C"], mode="short", seed=5)
    first = TITLE.to_act(state)[0]
    act(state, "auction 120")
    act(state, "bid 125")  # next player
    act(state, "pass")     # third player leaves
    # Back to the initiator, who may still bid.
    assert TITLE.to_act(state) == (first,)
    act(state, "pass")
    winner = (first + 1) % 3
    assert TITLE.to_act(state) == (winner,)
    assert state.auction is not None and state.auction.won


def test_only_the_bottom_of_each_column_is_available() -> None:
    state = diagram3_start()
    act(state, "auction 140")
    act(state, "pass")
    with pytest.raises(IllegalAction) as err:
        act(state, "launch resourceful")
    assert err.value.rule == "lost_atlas.auction.available"
    act(state, "launch expansive")
    assert state.matrix[0][0] == "resourceful"


def test_launch_price_window_of_the_yellow_phase() -> None:
    state = diagram3_start()
    act(state, "auction 300")  # half is 150, but yellow launches top out at 90
    act(state, "pass")
    act(state, "launch expansive")
    assert state.price("expansive") == 90


def test_shares_of_an_unoperated_minor_cannot_be_sold() -> None:
    state = diagram3_start()
    act(state, "auction 140")
    act(state, "pass")
    act(state, "launch expansive")
    act(state, "pass")  # P2
    with pytest.raises(IllegalAction) as err:
        act(state, "sell expansive 1")
    assert err.value.rule == "lost_atlas.stock.sell-unoperated"


def test_buy_from_treasury_pays_the_treasury_and_sixty_percent_limit() -> None:
    state = diagram3_start()
    act(state, "auction 140")
    act(state, "pass")
    act(state, "launch expansive")  # P1 president, 2 shares
    act(state, "pass")              # P2
    act(state, "buy expansive treasury")  # P1: 3 shares = 60%
    assert state.corps["expansive"].shares.held(0) == 3
    assert state.treasury("expansive") == 140 + 70
    act(state, "pass")              # P2
    with pytest.raises(IllegalAction) as err:
        act(state, "buy expansive treasury")
    assert err.value.rule == "lost_atlas.stock.sixty-percent"


def test_round_ends_when_all_pass_and_priority_follows_last_actor() -> None:
    state = diagram3_start()
    act(state, "auction 140")
    act(state, "pass")
    act(state, "launch expansive")  # P1's turn's action
    act(state, "pass")  # P2
    act(state, "pass")  # P1
    assert state.sr is None or state.round != "stock"
    assert state.priority == 1  # the player after P1, who took the last non-pass action


def test_legal_actions_are_exactly_the_accepted_ones_in_an_auction() -> None:
    state = diagram3_start()
    act(state, "auction 400")
    seat = TITLE.to_act(state)[0]
    legal = {str(a) for a in TITLE.legal_actions(state, seat)}
    assert legal == {"pass", "bid 405", "bid 410", "bid 415", "bid 420", "bid 425", "bid 430",
                     "bid 435", "bid 440", "bid 445", "bid 450"}


def test_a_player_may_sell_again_on_a_later_turn_of_the_same_round() -> None:
    """Sales happen once per *turn*: a later turn of the same round may sell again, but
    never buy back what was sold this round."""
    state = diagram3_start()
    for text in ("auction 140", "pass", "launch expansive",      # P1 launches Expansive
                 "auction 140", "pass", "launch tunneling",      # P2 launches Tunneling
                 "buy expansive treasury", "pass",               # P1 3 Expansive; P2
                 "buy tunneling treasury", "pass"):              # P1 1 Tunneling; P2
        act(state, text)
    state.corps["expansive"].operated = True
    state.corps["tunneling"].operated = True
    act(state, "sell tunneling 1")
    with pytest.raises(IllegalAction) as err:
        act(state, "sell tunneling 1")
    assert err.value.rule == "lost_atlas.stock.sell-once"
    act(state, "done")
    act(state, "pass")  # P2
    act(state, "sell expansive 1")  # a new turn: selling again is allowed
    assert state.corps["expansive"].shares.held(0) == 2
    with pytest.raises(IllegalAction) as err:
        act(state, "buy tunneling pool")
    assert err.value.rule == "lost_atlas.stock.buy-after-sale"


def test_a_sale_drops_the_price_one_step_per_company() -> None:
    state = diagram3_start()
    for text in ("auction 140", "pass", "launch expansive", "pass",
                 "buy expansive treasury", "pass"):
        act(state, text)
    state.corps["expansive"].operated = True
    act(state, "sell expansive 1")
    assert state.price("expansive") == 60  # 70 -> one step down, however many are sold
