"""Mergers (rules 003, "How a merger works" and "After the bonuses: keep, sell or trade").

Rule ids checked: acquire.merge.survivor, acquire.merge.largest-first,
acquire.dispose.holding, acquire.dispose.trade-pairs, acquire.dispose.trade-supply,
acquire.turn.sequence, core.not-your-decision.

The usual layout: Tower 1A-5A (5 tiles) and Luxor 7A-9A (3 tiles, $300 a share before
the merger; $400 if the placed tile were wrongly counted), 6A between them.
"""

from __future__ import annotations

from typing import Any

from acquire_positions import (
    bank_shares,
    cash,
    held,
    on_board,
    play,
    position,
    refused,
    size,
    tiles,
)
from boardroom.core.game import Game
from boardroom.titles.acquire.actions import Dispose, NextAcquired, Survivor
from boardroom.titles.acquire.stockcard import CHAINS

TOWER5 = ["1A", "2A", "3A", "4A", "5A"]
LUXOR3 = ["7A", "8A", "9A"]


def two_chain(**kwargs: Any) -> Game:
    kwargs.setdefault("hands", {0: ["6A"]})
    return position(chains={"Tower": TOWER5, "Luxor": LUXOR3}, **kwargs)


def test_two_chain_merger_larger_survives_and_bonuses_use_pre_merger_size() -> None:
    game = two_chain(shares={1: {"Luxor": 4}, 2: {"Luxor": 2}})
    play(game, "6A")
    # Luxor at 3 tiles: $300 a share, primary $3,000, secondary $1,500
    assert [cash(game, s) for s in range(3)] == [6000, 9000, 7500]
    assert game.view(None)["merger"]["survivor"] == "Tower"
    assert game.view(None)["merger"]["acquired"] == "Luxor"
    assert "Ann's 6A merges Tower (5) and Luxor (3)." in game.log
    assert "Tower acquires Luxor." in game.log
    assert "Bob receives a $3,000 Luxor bonus." in game.log


def test_keep_sell_and_trade_two_for_one_at_the_pre_merger_price() -> None:
    game = two_chain(shares={1: {"Luxor": 4}, 2: {"Luxor": 2}})
    play(game, "6A", "sell 2 trade 2", "keep")
    # Bob: $3,000 bonus + 2 x $300; Cy: $1,500 bonus, keeps 2
    assert [cash(game, s) for s in range(3)] == [6000, 9600, 7500]
    assert (held(game, 1, "Luxor"), held(game, 1, "Tower")) == (0, 1)
    assert (held(game, 2, "Luxor"), held(game, 2, "Tower")) == (2, 0)
    assert (bank_shares(game, "Luxor"), bank_shares(game, "Tower")) == (23, 24)
    bob = next(line for line in game.log if line.startswith("Bob sells"))
    assert "sells 2 Luxor for $600" in bob
    assert "trades 2 Luxor for 1 Tower" in bob
    assert game.log[-2:] == ["Cy keeps 2 Luxor.", "Tower now has 9 tiles."]


def test_sale_price_is_the_acquired_chains_price_before_the_merger() -> None:
    # Luxor 3 tiles -> $300; with the placed tile it would be 4 ($400), and the
    # survivor afterwards has 9 ($600).
    game = two_chain(shares={1: {"Luxor": 5}})
    play(game, "6A", "sell 5")
    assert cash(game, 1) == 6000 + 4500 + 1500


def test_all_tiles_join_the_survivor() -> None:
    game = two_chain(lone=["6B", "6C"])
    play(game, "6A")
    assert size(game, "Tower") == 5 + 3 + 1 + 2
    assert size(game, "Luxor") == 0
    merged = [*TOWER5, "6A", *LUXOR3, "6B", "6C"]
    assert {t: on_board(game, t) for t in merged} == {t: "Tower" for t in merged}
    assert game.view(None)["step"] == "buy"
    assert game.to_act == (0,)
    assert "Nobody holds Luxor: no bonuses are paid." in game.log


def test_size_tie_the_mergemaker_chooses_the_survivor() -> None:
    game = position(chains={"Tower": ["1A", "2A", "3A"], "Luxor": ["5A", "6A", "7A"]},
                    hands={0: ["4A"]}, shares={1: {"Tower": 2}})
    play(game, "4A")
    assert game.view(None)["step"] == "survivor"
    assert game.to_act == (0,)
    assert game.legal_actions() == [Survivor(0), Survivor(1)]
    assert refused(game, "pass") == "acquire.turn.sequence"
    play(game, "survivor Luxor")
    # Tower is acquired at 3 tiles ($300): Bob alone gets $3,000 + $1,500
    assert cash(game, 1) == 10500
    play(game, "trade 2")
    assert held(game, 1, "Luxor") == 1
    assert size(game, "Luxor") == 7
    assert size(game, "Tower") == 0


def test_survivor_must_be_one_of_the_largest_chains() -> None:
    game = position(chains={"Tower": tiles("1E-4E"), "Luxor": tiles("6E-9E"),
                            "American": ["5F", "5G"]},
                    hands={0: ["5E"]})
    play(game, "5E")
    assert game.legal_actions() == [Survivor(0), Survivor(1)]
    assert refused(game, "survivor American") == "acquire.merge.survivor"
    play(game, "survivor Tower")
    # Luxor (4) is handled before American (2) without asking.
    assert game.log.index("Tower acquires Luxor.") < game.log.index("Tower acquires American.")
    assert size(game, "Tower") == 4 + 4 + 2 + 1


# Four chains meet at 5E: Worldwide 6E-10E (5) survives; Tower 2E-4E (3, $300) and
# Festival 5B-5D (3, $400) tie; Imperial 5F-5G (2, $400) comes last.
FOUR = {
    "Worldwide": tiles("6E-10E"),
    "Tower": tiles("2E-4E"),
    "Festival": tiles("5B-5D"),
    "Imperial": ["5F", "5G"],
}


def test_multi_chain_merger_largest_survives_others_largest_first_mergemaker_orders_ties(
) -> None:
    game = position(chains=FOUR, hands={0: ["5E"]},
                    shares={0: {"Worldwide": 2},
                            1: {"Tower": 2, "Imperial": 1},
                            2: {"Festival": 3, "Imperial": 1}})
    play(game, "5E")
    assert game.view(None)["merger"]["survivor"] == "Worldwide"
    assert game.view(None)["step"] == "next"
    assert game.to_act == (0,)
    tower, festival = CHAINS.index("Tower"), CHAINS.index("Festival")
    assert set(game.legal_actions()) == {NextAcquired(tower), NextAcquired(festival)}
    assert refused(game, "next Imperial") == "acquire.merge.largest-first"

    play(game, "next Festival")
    # Festival at 3: $400 -> Cy alone: $4,000 + $2,000
    assert [cash(game, s) for s in range(3)] == [6000, 6000, 12000]
    assert game.to_act == (2,)
    play(game, "sell 3")
    assert cash(game, 2) == 12000 + 1200
    # Tower at 3: $300 -> Bob alone: $3,000 + $1,500; handled without asking
    assert cash(game, 1) == 10500
    assert game.to_act == (1,)
    play(game, "keep")
    # Imperial at 2: $400 -> Bob and Cy tie: ($4,000 + $2,000) / 2 each
    assert [cash(game, s) for s in range(3)] == [6000, 13500, 16200]
    assert game.to_act == (1,)
    play(game, "keep")
    assert game.to_act == (2,)
    play(game, "keep")
    assert game.view(None)["step"] == "buy"
    assert game.to_act == (0,)
    # the survivor's stock paid nothing
    assert cash(game, 0) == 6000
    assert size(game, "Worldwide") == 5 + 3 + 3 + 2 + 1
    assert [size(game, c) for c in ("Tower", "Festival", "Imperial")] == [0, 0, 0]
    order = [line for line in game.log if " acquires " in line]
    assert order == ["Worldwide acquires Festival.", "Worldwide acquires Tower.",
                     "Worldwide acquires Imperial."]


def test_merger_into_a_safe_chain() -> None:
    game = position(chains={"Tower": tiles("1A-11A"), "Luxor": tiles("1C-4C")},
                    hands={0: ["1B"]}, shares={1: {"Luxor": 3}, 2: {"Luxor": 3}})
    play(game, "1B")
    # no survivor choice: the safe chain survives; Luxor at 4 ($400), Bob and Cy tie
    assert game.view(None)["merger"]["survivor"] == "Tower"
    assert [cash(game, s) for s in range(3)] == [6000, 9000, 9000]
    play(game, "keep", "keep")
    assert size(game, "Tower") == 16


def test_disposal_starts_with_the_mergemaker_and_goes_clockwise() -> None:
    game = two_chain(players=4, current=2, hands={2: ["6A"]},
                     shares={1: {"Luxor": 2}, 2: {"Luxor": 3}, 3: {"Luxor": 1}})
    assert game.to_act == (2,)
    play(game, "6A")
    seen = []
    while game.view(None)["step"] == "dispose":
        seen.append(game.to_act[0])
        assert game.view(None)["current"] == 2
        play(game, "keep")
    # seat 0 holds no Luxor and is not asked
    assert seen == [2, 3, 1]
    assert game.to_act == (2,)


def test_a_stockholder_decides_out_of_turn_and_nobody_else_may() -> None:
    game = two_chain(shares={1: {"Luxor": 2}})
    play(game, "6A")
    assert game.to_act == (1,)
    assert game.view(None)["current"] == 0
    assert game.legal_actions(0) == []
    assert refused(game, "keep", player=0) == "core.not-your-decision"
    game.apply("keep", player=1)
    assert game.to_act == (0,)


def test_trade_is_limited_by_the_survivors_shares_left() -> None:
    game = two_chain(shares={1: {"Luxor": 6}, 2: {"Tower": 24}})
    play(game, "6A")
    assert bank_shares(game, "Tower") == 1
    assert refused(game, "trade 4") == "acquire.dispose.trade-supply"
    assert refused(game, "trade 3") == "acquire.dispose.trade-pairs"
    assert refused(game, "sell 5 trade 2") == "acquire.dispose.holding"
    assert refused(game, "sell 7") == "acquire.dispose.holding"
    legal = game.legal_actions()
    assert {a.trade for a in legal if isinstance(a, Dispose)} == {0, 2}
    assert len(legal) == 7 + 5
    play(game, "sell 1 trade 2")
    assert (held(game, 1, "Luxor"), held(game, 1, "Tower")) == (3, 1)
    assert bank_shares(game, "Tower") == 0
    assert cash(game, 1) == 6000 + 4500 + 300
    assert "Bob sells 1 Luxor for $300, trades 2 Luxor for 1 Tower and keeps 3 Luxor." in game.log


def test_no_trade_when_the_survivor_has_no_shares_left() -> None:
    game = two_chain(shares={1: {"Luxor": 4}, 2: {"Tower": 25}})
    play(game, "6A")
    assert refused(game, "trade 2") == "acquire.dispose.trade-supply"
    assert all(a.trade == 0 for a in game.legal_actions() if isinstance(a, Dispose))


def test_trade_within_supply_gives_one_survivor_share_per_two() -> None:
    game = two_chain(shares={1: {"Luxor": 7}})
    play(game, "6A", "trade 6")
    assert (held(game, 1, "Luxor"), held(game, 1, "Tower")) == (1, 3)
    assert (bank_shares(game, "Luxor"), bank_shares(game, "Tower")) == (24, 22)


def test_after_a_merger_the_survivor_has_its_new_price_and_the_acquired_cannot_be_bought(
) -> None:
    game = two_chain()
    play(game, "6A")
    assert refused(game, "buy Luxor") == "acquire.buy.active-chain"
    play(game, "buy Tower")  # Tower 9 tiles: $600
    assert cash(game, 0) == 5400


def test_kept_shares_count_again_when_the_chain_is_founded_again() -> None:
    game = two_chain(hands={0: ["6A"], 1: ["12C"]}, lone=["11C"], shares={2: {"Luxor": 2}})
    play(game, "6A", "keep", "pass", "12C", "found Luxor")
    assert (held(game, 1, "Luxor"), held(game, 2, "Luxor")) == (1, 2)
    assert bank_shares(game, "Luxor") == 22
    assert game.view(None)["chains"][1]["price"] == 200
