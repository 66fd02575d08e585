"""Buying stock (standard rules: after placing, buy up to three shares of chains on the
board, from the bank's supply, at the current price, with the cash in hand).

Rule ids checked: acquire.buy.limit, acquire.buy.active-chain, acquire.buy.supply,
acquire.buy.cash.

Layout: Tower 1A-3A (3 tiles, $300) and Imperial 1C-11C (11 tiles, $900); Ann places
the isolated 12I and then buys.
"""

from __future__ import annotations

from typing import Any

from acquire_positions import bank_shares, cash, held, play, position, refused, tiles
from boardroom.core.game import Game
from boardroom.titles.acquire.actions import Buy

CHAINS_ON_BOARD = {"Tower": ["1A", "2A", "3A"], "Imperial": tiles("1C-11C")}


def at_buy_step(**kwargs: Any) -> Game:
    game = position(chains=CHAINS_ON_BOARD, hands={0: ["12I"]}, **kwargs)
    play(game, "12I")
    assert game.view(None)["step"] == "buy"
    return game


def test_buy_up_to_three_shares_at_the_price_by_size() -> None:
    game = at_buy_step()
    play(game, "buy Tower Imperial Imperial")
    assert cash(game, 0) == 6000 - 300 - 2 * 900
    assert (held(game, 0, "Tower"), held(game, 0, "Imperial")) == (1, 2)
    assert (bank_shares(game, "Tower"), bank_shares(game, "Imperial")) == (24, 23)
    assert "Ann buys 1 Tower at $300, 2 Imperial at $900." in game.log
    assert game.to_act == (1,)


def test_buying_more_than_three_shares_is_refused() -> None:
    game = at_buy_step()
    assert refused(game, "buy Tower Tower Tower Tower") == "acquire.buy.limit"
    assert refused(game, "buy Tower Tower Imperial Imperial") == "acquire.buy.limit"
    assert cash(game, 0) == 6000


def test_buying_a_chain_not_on_the_board_is_refused() -> None:
    game = at_buy_step()
    assert refused(game, "buy Luxor") == "acquire.buy.active-chain"
    assert refused(game, "buy Tower Continental") == "acquire.buy.active-chain"


def test_buying_more_than_the_bank_has_is_refused() -> None:
    game = at_buy_step(shares={1: {"Tower": 23}})
    assert refused(game, "buy Tower Tower Tower") == "acquire.buy.supply"
    play(game, "buy Tower Tower")
    assert held(game, 0, "Tower") == 2
    assert bank_shares(game, "Tower") == 0


def test_buying_more_than_the_cash_in_hand_is_refused() -> None:
    game = at_buy_step(cash={0: 1100})
    assert refused(game, "buy Tower Imperial") == "acquire.buy.cash"
    assert sorted(str(a) for a in game.legal_actions()) == [
        "buy Imperial", "buy Tower", "buy Tower Tower", "buy Tower Tower Tower", "pass"]
    play(game, "buy Tower Tower Tower")
    assert cash(game, 0) == 200


def test_spending_every_last_dollar_is_allowed() -> None:
    game = at_buy_step(cash={0: 1200})
    play(game, "buy Tower Imperial")
    assert cash(game, 0) == 0


def test_price_is_read_after_this_turns_tile_grew_the_chain() -> None:
    game = position(chains={"Tower": ["1A", "2A", "3A", "4A", "5A"]}, hands={0: ["6A"]})
    play(game, "6A")  # Tower 5 -> 6 tiles: $500 -> $600
    play(game, "buy Tower")
    assert cash(game, 0) == 5400


def test_passing_buys_nothing() -> None:
    game = at_buy_step()
    play(game, "pass")
    assert cash(game, 0) == 6000
    assert "Ann buys no stock." in game.log


def test_with_no_chain_on_the_board_only_pass_is_legal() -> None:
    game = position(hands={0: ["5E"]})
    play(game, "5E")
    assert game.legal_actions() == [Buy(())]


def test_listed_buys_are_exactly_the_combinations_the_buying_rules_accept() -> None:
    """The fast listing (acquire.buy.*) gives the same list, in the same order, as checking
    every combination of up to three shares with the rule checks, in random games."""
    import boardroom
    from boardroom.bots import make_bot
    from boardroom.titles.acquire import title as acquire_title

    checked = 0
    for seed in range(6):
        game = boardroom.new_game("acquire", ["A", "B", "C", "D"][: 2 + seed % 3], seed=seed)
        bots = [make_bot("random", seed=seed * 10 + s) for s in range(4)]
        while not game.is_over:
            state, seat = game.state, game.to_act[0]
            if state.step == "buy":
                slow = [Buy(c) for c in acquire_title._BUY_SETS
                        if acquire_title.TITLE._check_buy(state, seat, c) is None]
                assert acquire_title._legal_buys(state, seat) == slow
                checked += 1
            game.apply(bots[seat].choose(game, seat), seat)
    assert checked > 100
