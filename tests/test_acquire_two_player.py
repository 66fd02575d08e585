"""The two-player rule (rules 003, "Two players").

Play Classic mode; at every bonus payout (mergers and the end) the bank is a third
stockholder holding the number of a drawn tile; bonuses it wins stay in the bank; the
tile is shuffled back.

To make the bank's draw certain, the bag is made of tiles of one number only (every
other tile goes to the discard pile, which the position helper does lawfully).
Rule id checked: acquire.two-player.classic (in the OptionError message).
"""

from __future__ import annotations

import re

import pytest

import boardroom
from acquire_positions import cash, play, position, tiles
from boardroom import OptionError
from boardroom.titles.acquire.state import BANK
from boardroom.titles.acquire.title import BANK_CASH

NINES = tiles("9B-9I")  # 9A is part of Luxor
TWELVES = tiles("12A-12I")
TOWER41 = tiles("1A-4I", "5A-5E")


def two_player_merger(luxor: dict[int, int]) -> boardroom.Game:
    game = position(2, chains={"Tower": tiles("1A-5A"), "Luxor": tiles("7A-9A")},
                    hands={0: ["6A"]}, bag=NINES,
                    shares={seat: {"Luxor": n} for seat, n in luxor.items()})
    play(game, "6A")
    return game


def bank_cash(game: boardroom.Game) -> int:
    return int(game.state.ledger.cash[BANK])


def test_two_players_must_play_classic_mode() -> None:
    with pytest.raises(OptionError, match="Classic") as info:
        boardroom.new_game("acquire", ["Ann", "Bob"], options={"mode": "tycoon"})
    assert "acquire.two-player.classic" in str(info.value)
    game = boardroom.new_game("acquire", ["Ann", "Bob"])
    assert game.record.options == {"mode": "classic"}
    assert game.state.bank_holder
    assert not boardroom.new_game("acquire", ["Ann", "Bob", "Cy"]).state.bank_holder


def test_two_player_bank_is_a_stockholder_and_keeps_what_it_wins() -> None:
    game = two_player_merger({0: 4, 1: 10})
    # Luxor at 3: $300. Bob 10 (primary $3,000), bank 9 (secondary $1,500, kept), Ann 4.
    assert [cash(game, 0), cash(game, 1)] == [6000, 9000]
    assert bank_cash(game) == BANK_CASH - 3000
    draw = [line for line in game.log if line.startswith("The bank draws")]
    assert len(draw) == 1
    assert re.fullmatch(r"The bank draws 9[B-I] and holds 9 Luxor shares for the bonuses\.",
                        draw[0])
    assert "The bank wins a $1,500 Luxor bonus and keeps it." in game.log


def test_two_player_bank_winning_primary_keeps_it() -> None:
    game = two_player_merger({0: 3, 1: 2})
    assert [cash(game, 0), cash(game, 1)] == [6000 + 1500, 6000]
    assert bank_cash(game) == BANK_CASH - 1500
    assert "The bank wins a $3,000 Luxor bonus and keeps it." in game.log


def test_two_player_tie_with_the_bank_splits_and_rounds_up() -> None:
    game = two_player_merger({0: 9})
    # Ann and the bank tie for primary: ($3,000 + $1,500) / 2 = $2,250 -> $2,300 each
    assert cash(game, 0) == 6000 + 2300
    assert bank_cash(game) == BANK_CASH - 2300
    assert "The bank wins a $2,300 Luxor bonus and keeps it." in game.log


def test_two_player_holdings_may_pass_25_with_the_bank() -> None:
    game = two_player_merger({0: 20, 1: 5})
    assert [cash(game, 0), cash(game, 1)] == [9000, 6000]


def test_two_player_bank_tile_is_shuffled_back() -> None:
    game = two_player_merger({0: 4})
    assert game.view(None)["tiles_left"] == len(NINES)
    assert sorted(game.state.bag) == sorted(position(2, bag=NINES).state.bag)


def test_two_player_bank_is_a_stockholder_at_the_end() -> None:
    game = position(2, chains={"Tower": TOWER41, "Imperial": ["7G", "8G"]},
                    hands={0: ["10I"]}, bag=TWELVES,
                    shares={0: {"Tower": 10, "Imperial": 13}, 1: {"Tower": 2}})
    play(game, "end", "10I", "pass")
    assert game.is_over
    draws = [line for line in game.log if line.startswith("The bank draws")]
    assert [re.sub(r"12[A-I]", "12?", line) for line in draws] == [
        "The bank draws 12? and holds 12 Tower shares for the bonuses.",
        "The bank draws 12? and holds 12 Imperial shares for the bonuses.",
    ]
    # Tower 41 ($1,000): bank primary (kept), Ann secondary $5,000, Bob nothing.
    # Imperial 2 ($400): Ann 13 beats the bank's 12: primary $4,000; bank secondary.
    # Sales: Ann 10 x $1,000 + 13 x $400; Bob 2 x $1,000.
    assert [cash(game, 0), cash(game, 1)] == [6000 + 5000 + 4000 + 10000 + 5200,
                                              6000 + 2000]
    assert game.result is not None
    assert game.result.scores == (30200, 8000)


def test_two_player_bank_reads_a_number_when_the_bag_is_empty() -> None:
    game = position(2, chains={"Tower": TOWER41}, hands={0: ["10I"]}, bag=[],
                    shares={0: {"Tower": 13}})
    expected = game.state.rng.copy().below(12) + 1
    play(game, "end", "10I", "pass")
    assert (f"The bank reads {expected} (no tiles left to draw) and holds {expected} "
            f"Tower shares for the bonuses.") in game.log
    # Ann 13 beats any number 1-12: primary $10,000; the bank keeps the secondary.
    assert cash(game, 0) == 6000 + 10000 + 13 * 1000
    assert cash(game, 1) == 6000
    assert "The bank wins a $5,000 Tower bonus and keeps it." in game.log


def test_more_than_two_players_have_no_bank_stockholder() -> None:
    game = position(3, chains={"Tower": tiles("1A-5A"), "Luxor": tiles("7A-9A")},
                    hands={0: ["6A"]}, shares={1: {"Luxor": 2}})
    play(game, "6A")
    assert not [line for line in game.log if line.startswith("The bank")]
    assert cash(game, 1) == 6000 + 4500
