"""The opening (standard rules, setup): everyone draws a tile and places it; the tile
closest to 1A (the number first, then the letter) plays first; everyone draws six tiles;
play goes clockwise from the first player. Components: 108 tiles, $6,000 each, 25
shares of each chain in the bank.
"""

from __future__ import annotations

import re

import pytest

import boardroom
from acquire_positions import tile
from boardroom.titles.acquire.board import NAMES, distance_key
from boardroom.titles.acquire.stockcard import CHAINS

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def opening_tiles(game: boardroom.Game) -> list[str]:
    found = [re.fullmatch(r"\w+ draws (\w+) for the order of play and places it\.", line)
             for line in game.log]
    return [m.group(1) for m in found if m]


def test_closest_to_1a_reads_the_number_first_then_the_letter() -> None:
    ordered = sorted(["2A", "1I", "12A", "1A", "3B", "3A", "10C"],
                     key=lambda n: distance_key(tile(n)))
    assert ordered == ["1A", "1I", "2A", "3A", "3B", "10C", "12A"]


def test_lower_number_beats_an_earlier_letter() -> None:
    # seed 1: Ann 6A, Bob 1F, Cy 11I, Dee 12C -> 1F is closest to 1A
    game = boardroom.new_game("acquire", PLAYERS[:4], seed=1)
    assert opening_tiles(game) == ["6A", "1F", "11I", "12C"]
    assert game.to_act == (1,)
    assert next(line for line in game.log if "closest to 1A" in line).startswith("Bob")


def test_same_number_the_earlier_letter_goes_first() -> None:
    # seed 22: Ann 3B, Bob 4H, Cy 4B, Dee 3A -> 3A beats 3B
    game = boardroom.new_game("acquire", PLAYERS[:4], seed=22)
    assert opening_tiles(game) == ["3B", "4H", "4B", "3A"]
    assert game.to_act == (3,)
    assert game.view(None)["current"] == 3


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 5, 99])
def test_opening_tiles_placed_six_each_and_first_player_by_rule(players: int, seed: int) -> None:
    game = boardroom.new_game("acquire", PLAYERS[:players], seed=seed)
    drawn = opening_tiles(game)
    assert len(drawn) == players
    assert game.view(None)["board"] == {name: "lone" for name in drawn}
    first = min(range(players), key=lambda s: (int(drawn[s][:-1]), drawn[s][-1]))
    assert game.to_act == (first,)
    assert game.view(None)["step"] == "place"
    for seat in range(players):
        assert len(game.view(seat)["hand"]) == 6
    assert game.view(None)["tiles_left"] == 108 - players - 6 * players
    assert "Everyone draws six tiles." in game.log
    view = game.view(None)
    assert [p["cash"] for p in view["players"]] == [6000] * players
    assert [c["bank_shares"] for c in view["chains"]] == [25] * len(CHAINS)
    assert all(c["size"] == 0 for c in view["chains"])
    game.title.invariants(game.state)


def test_all_108_tiles_named_1a_to_12i() -> None:
    assert len(NAMES) == 108
    assert (NAMES[0], NAMES[11], NAMES[12], NAMES[107]) == ("1A", "12A", "1B", "12I")


def test_adjacent_opening_tiles_stay_unincorporated() -> None:
    # seed 4, three players: 11H, 9F, 12H; 11H and 12H touch but found nothing
    game = boardroom.new_game("acquire", PLAYERS[:3], seed=4)
    assert opening_tiles(game) == ["11H", "9F", "12H"]
    assert game.view(None)["board"] == {"11H": "lone", "9F": "lone", "12H": "lone"}
    assert game.state.size == [0] * 7


def test_play_goes_clockwise_from_the_first_player() -> None:
    game = boardroom.new_game("acquire", PLAYERS[:4], seed=22)
    order = []
    for _ in range(5):
        seat = game.to_act[0]
        order.append(seat)
        while game.to_act == (seat,) and not game.is_over:
            game.apply(game.legal_actions()[0])
    assert order == [3, 0, 1, 2, 3]
