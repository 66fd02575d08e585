"""Generic 18xx market rules: the ordered stock track and certificates with presidency."""

from __future__ import annotations

from boardroom.market.shares import Company
from boardroom.market.stock_track import StockTrack

VALUES = (0, 10, 20, 60, 70, 80, 90)


def minor() -> Company:
    return Company("Expansive", total=5, president_shares=2, share_percent=20, max_percent=60)


def major() -> Company:
    return Company("Union", total=10, president_shares=2, share_percent=10, max_percent=60)


def test_stock_track_new_tokens_go_below_those_already_in_the_space() -> None:
    track = StockTrack(VALUES)
    track.enter("A", 5)
    track.enter("B", 5)
    assert track.spaces[5] == ["A", "B"]
    track.enter("C", 4)
    track.move("C", 1)
    assert track.spaces[5] == ["A", "B", "C"]


def test_stock_track_operating_order_is_price_then_top_to_bottom() -> None:
    track = StockTrack(VALUES)
    track.enter("low", 3)
    track.enter("top", 5)
    track.enter("under", 5)
    assert track.operating_order() == ["top", "under", "low"]
    assert track.rank("top") < track.rank("under") < track.rank("low")


def test_stock_track_payout_keeping_price_moves_token_to_the_bottom() -> None:
    track = StockTrack(VALUES)
    track.enter("A", 5)
    track.enter("B", 5)
    track.to_bottom("A")
    assert track.spaces[5] == ["B", "A"]
    assert track.price("A") == 80


def test_stock_track_moves_stop_at_both_ends() -> None:
    track = StockTrack(VALUES)
    track.enter("A", 6)
    assert track.move("A", 2) == 6
    track.enter("B", 1)
    assert track.move("B", -3) == 0
    assert track.at_zero("B")
    assert not track.at_zero("A")


def test_stock_track_zero_steps_keeps_the_place_in_the_space() -> None:
    track = StockTrack(VALUES)
    track.enter("A", 5)
    track.enter("B", 5)
    track.move("A", 0)
    assert track.spaces[5] == ["A", "B"]


def test_launch_gives_the_certificate_and_puts_the_rest_in_the_treasury() -> None:
    c = minor()
    c.launch(president=1)
    assert (c.president, c.held(1), c.treasury, c.pool) == (1, 2, 3, 0)
    c.check()


def test_sixty_percent_limit_in_shares() -> None:
    assert minor().max_shares == 3  # the certificate plus one single
    assert major().max_shares == 6  # the certificate plus four singles


def test_pool_may_hold_at_most_half() -> None:
    c = minor()
    c.launch(0)
    c.give(1, 2)
    c.treasury -= 2
    c.give(2, 1)
    c.treasury -= 1
    assert c.pool_limit == 2
    assert c.sale_problem(1, 2, seats=3) is None
    c.take(1, 2)
    c.pool += 2
    assert c.sale_problem(2, 1, seats=3) == "pool-limit"


def test_president_may_not_sell_leaving_no_president() -> None:
    c = minor()
    c.launch(0)
    c.give(1, 1)
    c.treasury -= 1
    # Nobody else holds two shares: the certificate cannot go.
    assert c.sale_problem(0, 1, seats=2) == "president"
    c.give(1, 1)
    c.treasury -= 1
    # Now seat 1 holds 2 and would have more than seat 0's remaining 1: allowed.
    assert c.sale_problem(0, 1, seats=2) is None


def test_presidency_moves_to_whoever_holds_more() -> None:
    c = major()
    c.launch(0)
    c.give(1, 3)
    c.treasury -= 3
    assert c.update_president(seats=3) == 1
    assert c.president == 1


def test_presidency_tie_goes_to_next_tied_player_clockwise_from_the_loser() -> None:
    c = Company("Big", total=12, president_shares=2, share_percent=10, max_percent=60)
    c.launch(1)
    # Seats 0, 2 and 3 each hold 3; seat 1 (president) holds 2.
    for seat in (0, 2, 3):
        c.give(seat, 3)
    c.treasury -= 9
    c.check()
    assert c.new_president(seats=4) == 2  # clockwise from seat 1: 2 comes before 3 and 0


def test_presidency_stays_on_a_tie_with_the_president() -> None:
    c = major()
    c.launch(0)
    c.give(1, 2)
    c.treasury -= 2
    assert c.update_president(seats=2) is None
    assert c.president == 0


def test_certificates_count_the_presidents_as_one() -> None:
    c = major()
    c.launch(0)
    c.give(0, 3)
    c.treasury -= 3
    assert c.certificates(0) == 4
    assert c.fully_player_owned() is False
