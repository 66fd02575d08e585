"""The stockholder info card (rules 003, "The stockholder info card"), table-driven.

The card is transcribed below exactly as printed in 003: each row gives the size bracket
of the cheap column (Tower, Luxor), the middle column (American, Worldwide, Festival) and
the expensive column (Imperial, Continental), then the price and the three Tycoon bonuses.
Every bracket is checked at both of its ends, for every chain of every tier, in both
modes, through the engine's card (``chain_price``/``bonuses``) and through the bonus
payout that uses it.
"""

from __future__ import annotations

import pytest

from acquire_positions import position, size
from boardroom.titles.acquire.bonuses import pay_bonuses
from boardroom.titles.acquire.stockcard import (
    CHAINS,
    END_SIZE,
    HAND_SIZE,
    MAX_BUY,
    SAFE_SIZE,
    SHARES_PER_CHAIN,
    STARTING_CASH,
    TIER,
    bonuses,
    chain_price,
)

BIG = 108  # no chain can be larger than the board
Bracket = tuple[int, int] | None
# (cheap sizes, middle sizes, expensive sizes, price, primary, secondary, tertiary)
CARD: list[tuple[Bracket, Bracket, Bracket, int, int, int, int]] = [
    ((2, 2), None, None, 200, 2000, 1500, 1000),
    ((3, 3), (2, 2), None, 300, 3000, 2200, 1500),
    ((4, 4), (3, 3), (2, 2), 400, 4000, 3000, 2000),
    ((5, 5), (4, 4), (3, 3), 500, 5000, 3700, 2500),
    ((6, 10), (5, 5), (4, 4), 600, 6000, 4200, 3000),
    ((11, 20), (6, 10), (5, 5), 700, 7000, 5000, 3500),
    ((21, 30), (11, 20), (6, 10), 800, 8000, 5700, 4000),
    ((31, 40), (21, 30), (11, 20), 900, 9000, 6200, 4500),
    ((41, BIG), (31, 40), (21, 30), 1000, 10000, 7000, 5000),
    (None, (41, BIG), (31, 40), 1100, 11000, 7700, 5500),
    (None, None, (41, BIG), 1200, 12000, 8200, 6000),
]
TIER_CHAINS = {
    0: ("Tower", "Luxor"),
    1: ("American", "Worldwide", "Festival"),
    2: ("Imperial", "Continental"),
}

CASES = [
    pytest.param(chain, n, row[3], row[4:], id=f"{chain}-{n}")
    for row in CARD
    for tier, bracket in enumerate((row[0], row[1], row[2]))
    if bracket is not None
    for chain in TIER_CHAINS[tier]
    for n in sorted(set(bracket))
]


def test_card_transcription_covers_every_size_of_every_tier() -> None:
    for tier in range(3):
        brackets = [(row[0], row[1], row[2])[tier] for row in CARD]
        covered = sorted(n for b in brackets if b is not None for n in range(b[0], b[1] + 1))
        assert covered == list(range(2, BIG + 1))


@pytest.mark.parametrize(("chain", "n", "price", "tycoon"), CASES)
def test_stockcard_price_by_chain_and_size(chain: str, n: int, price: int,
                                           tycoon: tuple[int, int, int]) -> None:
    assert chain_price(CHAINS.index(chain), n) == price


@pytest.mark.parametrize(("chain", "n", "price", "tycoon"), CASES)
def test_stockcard_classic_bonuses_are_ten_and_five_times_the_price(
        chain: str, n: int, price: int, tycoon: tuple[int, int, int]) -> None:
    share_price = chain_price(CHAINS.index(chain), n)
    assert bonuses("classic", share_price) == (10 * price, 5 * price, 0)
    # Paid out: the largest holder gets primary, the next secondary, the third nothing.
    assert pay_bonuses("classic", share_price, {"A": 3, "B": 2, "C": 1}) == {
        "A": 10 * price, "B": 5 * price}


@pytest.mark.parametrize(("chain", "n", "price", "tycoon"), CASES)
def test_stockcard_tycoon_bonuses_are_the_cards_columns(
        chain: str, n: int, price: int, tycoon: tuple[int, int, int]) -> None:
    share_price = chain_price(CHAINS.index(chain), n)
    assert bonuses("tycoon", share_price) == tycoon
    primary, secondary, tertiary = tycoon
    assert pay_bonuses("tycoon", share_price, {"A": 3, "B": 2, "C": 1}) == {
        "A": primary, "B": secondary, "C": tertiary}


def test_stockcard_classic_example_from_the_rules() -> None:
    # 003: "a $700 share pays $7,000 and $3,500"
    assert bonuses("classic", 700) == (7000, 3500, 0)


@pytest.mark.parametrize("chain", CHAINS)
def test_stockcard_chain_off_the_board_has_no_price(chain: str) -> None:
    assert chain_price(CHAINS.index(chain), 0) == 0


def test_components_seven_chains_in_three_tiers() -> None:
    assert len(CHAINS) == 7
    for tier, names in TIER_CHAINS.items():
        assert tuple(c for c in CHAINS if TIER[CHAINS.index(c)] == tier) == names


def test_components_numbers_of_the_standard_game() -> None:
    assert (SHARES_PER_CHAIN, STARTING_CASH, HAND_SIZE, MAX_BUY) == (25, 6000, 6, 3)
    assert (SAFE_SIZE, END_SIZE) == (11, 41)


def test_stockcard_price_shown_in_the_view_follows_size() -> None:
    game = position(chains={"Continental": ["1A", "2A", "3A", "4A", "5A"],
                            "Tower": ["1C", "2C"]})
    chains = {c["name"]: c for c in game.view(None)["chains"]}
    assert size(game, "Continental") == 5
    assert chains["Continental"]["price"] == 700
    assert chains["Tower"]["price"] == 200
    assert chains["Luxor"]["price"] == 0
    assert chains["Tower"]["bank_shares"] == 25
