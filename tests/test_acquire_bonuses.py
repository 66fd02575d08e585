"""The bonus tie table of rules 003 ("Paying the bonuses"), every row, both modes.

Each case names its row. Prices are chosen so that the rounding of split amounts "up to
the next $100" matters ($300, $500, $700 shares), and the expected amounts are written
out by hand from the card: Classic primary/secondary = 10x/5x the price; Tycoon from the
card's columns ($300: 3,000/2,200/1,500, $500: 5,000/3,700/2,500, $600: 6,000/4,200/3,000,
$700: 7,000/5,000/3,500).

The last tests pay the same rows through real mergers, so the table is also checked where
the game uses it.
"""

from __future__ import annotations

import pytest

from acquire_positions import cash, play, position
from boardroom.core.game import Game
from boardroom.titles.acquire.bonuses import pay_bonuses, split

CLASSIC = [
    # only one stockholder: primary + secondary
    pytest.param(600, {"A": 5}, {"A": 9000}, id="one-stockholder"),
    pytest.param(700, {"A": 1}, {"A": 10500}, id="one-stockholder-700"),
    # two stockholders, no tie: primary, secondary
    pytest.param(500, {"A": 5, "B": 3}, {"A": 5000, "B": 2500}, id="primary-and-secondary"),
    # a third stockholder gets nothing in Classic
    pytest.param(300, {"A": 5, "B": 3, "C": 1}, {"A": 3000, "B": 1500},
                 id="third-gets-nothing"),
    # tie for primary: split primary + secondary (4,500 / 2 = 2,250 -> 2,300); no secondary
    pytest.param(300, {"A": 4, "B": 4, "C": 1}, {"A": 2300, "B": 2300},
                 id="tie-for-primary-300"),
    # 7,500 / 2 = 3,750 -> 3,800
    pytest.param(500, {"A": 4, "B": 4, "C": 3, "D": 2}, {"A": 3800, "B": 3800},
                 id="tie-for-primary-500"),
    # 3 tied: 10,500 / 3 = 3,500 (already round: stays)
    pytest.param(700, {"A": 3, "B": 3, "C": 3, "D": 1}, {"A": 3500, "B": 3500, "C": 3500},
                 id="three-tied-for-primary-700"),
    # 4 tied: 4,500 / 4 = 1,125 -> 1,200
    pytest.param(300, {"A": 2, "B": 2, "C": 2, "D": 2}, {k: 1200 for k in "ABCD"},
                 id="four-tied-for-primary-300"),
    # tie for secondary: split the secondary (1,500 / 2 = 750 -> 800)
    pytest.param(300, {"A": 5, "B": 2, "C": 2}, {"A": 3000, "B": 800, "C": 800},
                 id="tie-for-secondary-300"),
    # 3,500 / 3 = 1,166.67 -> 1,200
    pytest.param(700, {"A": 9, "B": 1, "C": 1, "D": 1},
                 {"A": 7000, "B": 1200, "C": 1200, "D": 1200}, id="tie-for-secondary-700"),
    # 2,500 / 2 = 1,250 -> 1,300
    pytest.param(500, {"A": 6, "B": 4, "C": 4, "D": 1}, {"A": 5000, "B": 1300, "C": 1300},
                 id="tie-for-secondary-500"),
    pytest.param(500, {}, {}, id="no-stockholder"),
    pytest.param(500, {"A": 0, "B": 2}, {"B": 7500}, id="no-shares-no-bonus"),
]

TYCOON = [
    # only one stockholder: primary + tertiary
    pytest.param(600, {"A": 5}, {"A": 9000}, id="one-stockholder"),
    pytest.param(300, {"A": 2}, {"A": 4500}, id="one-stockholder-300"),
    # only two stockholders: no tertiary paid
    pytest.param(600, {"A": 5, "B": 3}, {"A": 6000, "B": 4200}, id="only-two-stockholders"),
    # three stockholders, no tie: the card's three columns; a fourth gets nothing
    pytest.param(700, {"A": 5, "B": 3, "C": 2, "D": 1}, {"A": 7000, "B": 5000, "C": 3500},
                 id="primary-secondary-tertiary"),
    # tie for primary: split primary + secondary (8,700 / 2 = 4,350 -> 4,400);
    # the next player gets the tertiary
    pytest.param(500, {"A": 4, "B": 4, "C": 2, "D": 1}, {"A": 4400, "B": 4400, "C": 2500},
                 id="tie-for-primary-next-gets-tertiary"),
    # tie for primary with nobody below: only two stockholders, no tertiary
    pytest.param(700, {"A": 4, "B": 4}, {"A": 6000, "B": 6000},
                 id="tie-for-primary-only-two-stockholders"),
    # tie for primary, then a tie for the tertiary: 1,500 / 2 = 750 -> 800
    pytest.param(300, {"A": 4, "B": 4, "C": 2, "D": 2}, {"A": 2600, "B": 2600, "C": 800,
                                                          "D": 800},
                 id="tie-for-primary-then-tie-for-tertiary"),
    # 3 or more tied for primary: split all three (15,500 / 3 = 5,166.67 -> 5,200)
    pytest.param(700, {"A": 3, "B": 3, "C": 3, "D": 1}, {"A": 5200, "B": 5200, "C": 5200},
                 id="three-tied-for-primary-700"),
    # 6,700 / 3 = 2,233.33 -> 2,300
    pytest.param(300, {"A": 1, "B": 1, "C": 1}, {"A": 2300, "B": 2300, "C": 2300},
                 id="three-tied-for-primary-300"),
    # 11,200 / 4 = 2,800
    pytest.param(500, {"A": 2, "B": 2, "C": 2, "D": 2, "E": 1}, {k: 2800 for k in "ABCD"},
                 id="four-tied-for-primary-500"),
    # tie for secondary: split secondary + tertiary; nobody gets the tertiary
    # (6,200 / 2 = 3,100)
    pytest.param(500, {"A": 5, "B": 3, "C": 3, "D": 1}, {"A": 5000, "B": 3100, "C": 3100},
                 id="tie-for-secondary-500"),
    # 3,700 / 3 = 1,233.33 -> 1,300
    pytest.param(300, {"A": 5, "B": 2, "C": 2, "D": 2}, {"A": 3000, "B": 1300, "C": 1300,
                                                          "D": 1300},
                 id="tie-for-secondary-300"),
    # tie for tertiary: split the tertiary (3,500 / 3 = 1,166.67 -> 1,200)
    pytest.param(700, {"A": 6, "B": 4, "C": 2, "D": 2, "E": 2},
                 {"A": 7000, "B": 5000, "C": 1200, "D": 1200, "E": 1200},
                 id="tie-for-tertiary-700"),
    # 2,500 / 2 = 1,250 -> 1,300
    pytest.param(500, {"A": 6, "B": 4, "C": 2, "D": 2, "E": 1},
                 {"A": 5000, "B": 3700, "C": 1300, "D": 1300}, id="tie-for-tertiary-500"),
    pytest.param(500, {}, {}, id="no-stockholder"),
]


@pytest.mark.parametrize(("price", "holdings", "paid"), CLASSIC)
def test_tie_table_classic(price: int, holdings: dict[str, int], paid: dict[str, int]) -> None:
    assert pay_bonuses("classic", price, holdings) == paid


@pytest.mark.parametrize(("price", "holdings", "paid"), TYCOON)
def test_tie_table_tycoon(price: int, holdings: dict[str, int], paid: dict[str, int]) -> None:
    assert pay_bonuses("tycoon", price, holdings) == paid


@pytest.mark.parametrize(("amount", "ways", "part"), [
    (3000, 2, 1500),   # already a multiple of $100: unchanged
    (4500, 2, 2300),
    (4500, 3, 1500),
    (4500, 4, 1200),
    (1500, 2, 800),
    (7500, 2, 3800),
    (7500, 4, 1900),
    (3500, 3, 1200),
    (10500, 3, 3500),
    (15500, 3, 5200),
    (100, 3, 100),
    (3001, 1, 3100),
])
def test_split_amounts_round_up_to_the_next_100(amount: int, ways: int, part: int) -> None:
    assert split(amount, ways) == part


def test_holding_order_does_not_change_who_is_paid() -> None:
    one = pay_bonuses("tycoon", 500, {"A": 1, "B": 4, "C": 2, "D": 4})
    two = pay_bonuses("tycoon", 500, {"D": 4, "C": 2, "B": 4, "A": 1})
    assert one == two == {"B": 4400, "D": 4400, "C": 2500}


# -- the same rows paid by real mergers -------------------------------------------------
# Tower 1A-5A (5 tiles) takes over Luxor 7A-9A (3 tiles, $300) when 6A is placed; Ann
# (seat 0) places it and holds no Luxor.
def _merger(mode: str, players: int, luxor: dict[int, int]) -> Game:
    game = position(players, mode=mode,
                    chains={"Tower": ["1A", "2A", "3A", "4A", "5A"], "Luxor": ["7A", "8A", "9A"]},
                    hands={0: ["6A"]},
                    shares={seat: {"Luxor": n} for seat, n in luxor.items()})
    play(game, "6A")
    return game


def test_tie_for_primary_classic_in_a_merger() -> None:
    game = _merger("classic", 4, {1: 3, 2: 3, 3: 1})
    assert [cash(game, s) for s in range(4)] == [6000, 8300, 8300, 6000]


def test_tycoon_tie_for_primary_next_player_gets_tertiary_in_a_merger() -> None:
    game = _merger("tycoon", 4, {1: 3, 2: 3, 3: 1})
    # (3,000 + 2,200) / 2 = 2,600 each; the tertiary $1,500 to seat 3
    assert [cash(game, s) for s in range(4)] == [6000, 8600, 8600, 7500]


def test_tycoon_only_one_stockholder_in_a_merger() -> None:
    game = _merger("tycoon", 3, {2: 4})
    assert [cash(game, s) for s in range(3)] == [6000, 6000, 6000 + 3000 + 1500]


def test_tycoon_tie_for_secondary_in_a_merger() -> None:
    game = _merger("tycoon", 4, {1: 5, 2: 2, 3: 2})
    # (2,200 + 1,500) / 2 = 1,850 -> 1,900
    assert [cash(game, s) for s in range(4)] == [6000, 9000, 7900, 7900]
