"""The turn frame (standard rules: place, buy, draw; unplayable tiles) and the engine's
readings where the rules are silent (turn.py: an exhausted supply, nobody able to play).

Rule ids checked: acquire.turn.sequence, acquire.place.safe-merger.
"""

from __future__ import annotations

from typing import Any

from acquire_positions import cash, hand, play, position, refused, tiles
from boardroom.core.game import Game
from boardroom.titles.acquire.board import parse_tile

SIX_ISOLATED = ["1I", "3I", "5I", "7I", "9I", "11I"]


def test_draw_back_to_six_after_buying() -> None:
    game = position(hands={0: SIX_ISOLATED}, draw_next=["12A"])
    left = game.view(None)["tiles_left"]
    play(game, "1I")
    assert len(hand(game, 0)) == 5
    play(game, "pass")
    assert hand(game, 0) == sorted(["3I", "5I", "7I", "9I", "11I", "12A"])
    assert game.view(None)["tiles_left"] == left - 1
    assert "Ann draws a tile." in game.log


def test_turn_passes_clockwise() -> None:
    game = position(current=2, hands={0: ["3I"], 1: ["5I"], 2: ["1I", "9I"]}, bag=[])
    seen = []
    for tile in ["1I", "3I", "5I", "9I"]:
        seen.append(game.to_act[0])
        play(game, tile, "pass")
    assert seen == [2, 0, 1, 2]
    assert game.view(None)["turn"] == 5


# Two safe chains: any tile of row B between them is permanently unplayable.
SAFE_PAIR = {"Tower": tiles("1A-11A"), "Luxor": tiles("1C-11C")}


def test_permanently_unplayable_tile_is_discarded_and_replaced_at_the_draw() -> None:
    game = position(chains=SAFE_PAIR,
                    hands={0: ["5B", "12I", "12G", "1E", "3E", "5E"], 1: ["7B", "9I"]},
                    draw_next=["7E", "6B", "9E"])
    assert refused(game, "5B") == "acquire.place.safe-merger"
    play(game, "12I")
    assert "5B" in hand(game, 0)  # kept until the draw
    play(game, "pass")
    # the draw: 7E fills the hand; 5B is swapped for 6B, itself dead, swapped for 9E
    assert hand(game, 0) == sorted(["12G", "1E", "3E", "5E", "7E", "9E"])
    assert game.view(None)["discards"] == ["5B", "6B"]
    assert game.log[-3:] == [
        "Ann draws a tile.",
        "Ann discards 5B, which can never be placed, and draws a replacement.",
        "Ann discards 6B, which can never be placed, and draws a replacement.",
    ]
    # another player's dead tile waits for that player's own draw
    assert "7B" in hand(game, 1)


def test_dead_tile_stays_in_hand_when_the_bag_runs_out() -> None:
    game = position(chains=SAFE_PAIR, hands={0: ["5B", "12I", "12G", "1E", "3E", "5E"]},
                    bag=["7E", "6B"])
    play(game, "12I", "pass")
    # 7E fills the hand; 5B is swapped for 6B, the last tile: 6B cannot be swapped
    assert hand(game, 0) == sorted(["12G", "1E", "3E", "5E", "7E", "6B"])
    assert game.view(None)["discards"][-1] == "5B"
    assert game.view(None)["tiles_left"] == 0


def test_hand_without_a_playable_tile_skips_placing_but_may_buy() -> None:
    seven = {
        "Tower": ["1A", "2A", "1B"], "Luxor": ["4A", "5A"], "American": ["8A", "9A"],
        "Worldwide": ["11A", "12A"], "Festival": ["1E", "2E"], "Imperial": ["5E", "6E"],
        "Continental": ["9E", "10E"],
    }
    game = position(chains=seven, lone=["5H"], hands={0: ["4H", "6H"]})
    assert game.view(None)["step"] == "buy"
    assert game.to_act == (0,)
    assert "Ann has no tile that can be placed." in game.log
    assert refused(game, "4H") == "acquire.turn.sequence"
    play(game, "buy Tower")
    assert cash(game, 0) == 6000 - 300
    # temporarily unplayable tiles stay in hand; the hand is filled to six
    ann = hand(game, 0)
    assert len(ann) == 6
    assert {"4H", "6H"} <= set(ann)
    assert game.view(None)["discards"] == []


def test_supply_exhausted_nobody_draws_and_play_goes_on() -> None:
    game = position(hands={0: ["5E"]}, bag=[])
    play(game, "5E", "pass")
    assert hand(game, 0) == []
    assert not game.is_over
    assert game.to_act == (1,)
    assert game.view(None)["step"] == "place"


# A board where every tile but a few is unplayable: all seven chains are on it, Tower and
# Luxor are safe, and the tiles around the unincorporated 2H, 5H and 8H could only found
# an eighth chain.
STUCK_CHAINS = {
    **SAFE_PAIR,
    "American": ["1E", "2E"], "Worldwide": ["4E", "5E"], "Festival": ["7E", "8E"],
    "Imperial": ["10E", "11E"], "Continental": ["12H", "12I"],
}
STUCK_LONE = ["2H", "5H", "8H"]
EIGHTH = ["1H", "3H", "2G", "2I", "4H", "6H", "5G", "5I", "7H", "9H", "8G", "8I"]


def stuck(**kwargs: Any) -> Game:
    return position(2, chains=STUCK_CHAINS, lone=STUCK_LONE, **kwargs)


def test_the_stuck_board_tiles_are_eighth_chain_tiles() -> None:
    game = stuck(hands={0: ["11G", *EIGHTH[:5]], 1: EIGHTH[5:11]})
    for name in EIGHTH[:5]:
        assert refused(game, name) == "acquire.place.eighth-chain"
    assert [str(a) for a in game.legal_actions()] == ["11G"]


def test_game_ends_when_nobody_can_place_and_the_bag_is_empty() -> None:
    game = stuck(hands={0: ["11G", *EIGHTH[:5]], 1: EIGHTH[5:11]}, bag=[EIGHTH[11]])
    play(game, "11G", "pass")
    assert game.is_over
    assert game.to_act == ()
    assert game.view(None)["end_reason"] == ("no player can place a tile and no draw can "
                                             "change that")
    assert ("The game ends: no player can place a tile and no draw can change that."
            in game.log)
    assert game.result is not None
    assert game.result.scores == (6000, 6000)


def test_game_ends_when_nobody_can_place_and_no_dead_tile_can_be_swapped() -> None:
    game = stuck(hands={0: ["11G", *EIGHTH[:5]], 1: EIGHTH[5:11]}, draw_next=[EIGHTH[11]])
    play(game, "11G", "pass")
    assert game.view(None)["tiles_left"] > 0
    assert game.is_over
    assert refused(game, "pass") == "core.game-over"


def test_game_goes_on_while_a_dead_tile_can_still_be_swapped() -> None:
    game = stuck(hands={0: ["11G", *EIGHTH[:5]], 1: ["5B", *EIGHTH[5:10]]},
                 draw_next=[EIGHTH[10], "12F"])
    play(game, "11G", "pass")
    assert not game.is_over
    assert game.to_act == (1,)
    assert game.view(None)["step"] == "buy"
    assert "Bob has no tile that can be placed." in game.log
    play(game, "pass")
    assert game.view(None)["discards"] == ["5B"]
    assert "12F" in hand(game, 1)
    # Ann still has nothing to place, but Bob now has: Ann skips to buying
    assert game.to_act == (0,)
    assert game.view(None)["step"] == "buy"
    play(game, "pass")
    assert game.to_act == (1,)
    assert game.view(None)["step"] == "place"
    assert [a for a in game.legal_actions() if str(a) == "12F"]
    assert parse_tile("12F") in game.state.hands[1]
