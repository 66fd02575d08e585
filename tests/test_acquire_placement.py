"""Placing a tile (standard rules: placing, founding, growing; unplayable tiles).

Rule ids checked: acquire.place.own-tile, acquire.place.eighth-chain,
acquire.place.safe-merger, acquire.found.available, acquire.turn.sequence.
"""

from __future__ import annotations

from acquire_positions import (
    bank_shares,
    hand,
    held,
    on_board,
    play,
    position,
    refused,
    size,
    tile,
    tiles,
)
from boardroom.titles.acquire.actions import Found, Place
from boardroom.titles.acquire.stockcard import CHAINS

# Seven chains far apart; 3A would merge Tower (3) and Luxor (2); 5H is unincorporated.
ALL_SEVEN = {
    "Tower": ["1A", "2A", "1B"],
    "Luxor": ["4A", "5A"],
    "American": ["8A", "9A"],
    "Worldwide": ["11A", "12A"],
    "Festival": ["1E", "2E"],
    "Imperial": ["5E", "6E"],
    "Continental": ["9E", "10E"],
}


def test_placing_an_isolated_tile_leaves_it_unincorporated() -> None:
    game = position(hands={0: ["5E", "9I"]})
    play(game, "5E")
    assert on_board(game, "5E") == "lone"
    assert game.state.size == [0] * 7
    assert game.view(None)["board"] == {"5E": "lone"}
    assert game.view(None)["step"] == "buy"
    assert game.log[-1] == "Ann places 5E."


def test_growing_a_chain_absorbs_connected_unincorporated_tiles() -> None:
    game = position(chains={"Tower": ["1A", "2A"]}, lone=["4A", "4B"], hands={0: ["3A"]})
    play(game, "3A")
    assert size(game, "Tower") == 5
    assert [on_board(game, t) for t in ["1A", "2A", "3A", "4A", "4B"]] == ["Tower"] * 5
    assert game.log[-1] == "Ann places 3A, growing Tower to 5 tiles."
    assert game.view(None)["step"] == "buy"


def test_founding_a_chain_gives_the_founder_one_share() -> None:
    game = position(lone=["5E", "7E", "7F"], hands={0: ["6E"]})
    play(game, "6E")
    assert game.view(None)["step"] == "found"
    assert game.legal_actions() == [Found(c) for c in range(7)]
    play(game, "found American")
    assert size(game, "American") == 4
    assert [on_board(game, t) for t in ["5E", "6E", "7E", "7F"]] == ["American"] * 4
    assert held(game, 0, "American") == 1
    assert bank_shares(game, "American") == 24
    assert game.log[-1] == "Ann founds American with 6E and takes the founder's share."
    assert game.view(None)["step"] == "buy"


def test_founding_with_no_share_left_gives_no_founders_share() -> None:
    game = position(lone=["5E"], hands={0: ["6E"]},
                    shares={1: {"Tower": 13}, 2: {"Tower": 12}})
    play(game, "6E", "found Tower")
    assert size(game, "Tower") == 2
    assert held(game, 0, "Tower") == 0
    assert bank_shares(game, "Tower") == 0
    assert game.log[-1] == "Ann founds Tower with 6E but no share is left for the founder."


def test_founding_a_chain_already_on_the_board_is_refused() -> None:
    game = position(chains={"Tower": ["1A", "2A"]}, lone=["5E"], hands={0: ["6E"]})
    play(game, "6E")
    assert refused(game, "found Tower") == "acquire.found.available"
    assert Found(CHAINS.index("Tower")) not in game.legal_actions()
    assert len(game.legal_actions()) == 6


def test_the_founding_tile_is_the_one_that_was_placed_and_nothing_else_happens_first() -> None:
    game = position(lone=["5E"], hands={0: ["6E"]})
    play(game, "6E")
    assert refused(game, "pass") == "acquire.turn.sequence"
    assert refused(game, "keep") == "acquire.turn.sequence"


def test_eighth_chain_tile_is_refused_then_legal_once_a_chain_is_freed() -> None:
    game = position(chains=ALL_SEVEN, lone=["5H"],
                    hands={0: ["3A", "4H"], 1: ["5I", "12I"]})
    assert refused(game, "4H") == "acquire.place.eighth-chain"
    assert Place(tile("4H")) not in game.legal_actions()
    assert hand(game, 0) == ["3A", "4H"]
    # Ann merges Luxor into Tower: Luxor leaves the board.
    play(game, "3A")
    assert size(game, "Luxor") == 0
    play(game, "pass")
    assert game.to_act == (1,)
    assert Place(tile("5I")) in game.legal_actions()
    play(game, "5I")
    assert game.legal_actions() == [Found(CHAINS.index("Luxor"))]
    play(game, "found Luxor")
    assert size(game, "Luxor") == 2
    assert held(game, 1, "Luxor") == 1


def test_merging_two_safe_chains_is_refused() -> None:
    game = position(chains={"Tower": tiles("1A-11A"), "Luxor": tiles("1C-11C")},
                    hands={0: ["5B", "12E"]})
    assert refused(game, "5B") == "acquire.place.safe-merger"
    assert Place(tile("5B")) not in game.legal_actions()
    assert Place(tile("12E")) in game.legal_actions()
    assert hand(game, 0) == ["12E", "5B"]


def test_a_tile_not_in_hand_is_refused() -> None:
    game = position(hands={0: ["5E"], 1: ["7G"]})
    assert refused(game, "6E") == "acquire.place.own-tile"
    assert refused(game, "7G") == "acquire.place.own-tile"  # another player's tile
    assert on_board(game, "6E") is None


def test_placing_only_on_the_place_step() -> None:
    game = position(hands={0: ["5E", "9I"]})
    play(game, "5E")
    assert refused(game, "9I") == "acquire.turn.sequence"


def test_growing_a_safe_chain_is_allowed() -> None:
    game = position(chains={"Tower": tiles("1A-11A")}, hands={0: ["12A"]})
    play(game, "12A")
    assert size(game, "Tower") == 12
