"""The end of the game (standard rules: ending the game and final scoring; endgame.py).

Rule ids checked: acquire.end.declare, acquire.turn.sequence, core.game-over.
"""

from __future__ import annotations

from acquire_positions import cash, hand, held, play, position, refused, tiles
from boardroom.core.game import Game
from boardroom.titles.acquire.actions import End

TOWER40 = tiles("1A-4I", "5A-5D")
TOWER41 = [*TOWER40, "5E"]
SAFE11 = {"Tower": tiles("1A-11A"), "Luxor": tiles("1C-11C")}


def test_end_declaration_refused_before_a_chain_has_41_tiles() -> None:
    game = position(chains={"Tower": TOWER40, "Luxor": tiles("7G-11G")},
                    hands={0: ["12I", "10I"]})
    assert not game.view(None)["end_may_be_declared"]
    assert refused(game, "end") == "acquire.end.declare"
    assert End() not in game.legal_actions()
    play(game, "12I")
    assert refused(game, "end") == "acquire.end.declare"
    assert End() not in game.legal_actions()


def declare_end(game: Game) -> Game:
    """Declare the end, then finish the turn as normal: place a tile if one is to be
    placed, buy nothing; the game ends as the turn does."""
    play(game, "end")
    if game.view(None)["step"] == "place":
        play(game, str(next(a for a in game.legal_actions() if str(a) != "end")))
    return play(game, "pass")


def test_end_may_be_declared_at_the_place_step_with_a_41_tile_chain() -> None:
    game = position(chains={"Tower": TOWER41}, hands={0: ["12I"]})
    assert game.view(None)["end_may_be_declared"]
    assert End() in game.legal_actions()
    play(game, "end")
    assert not game.is_over
    assert "Ann declares the game over; it ends when Ann's turn does." in game.log
    play(game, "12I", "pass")
    assert game.is_over
    assert game.view(None)["end_reason"] == "Ann declared it"


def test_end_may_be_declared_at_the_buy_step_once_the_tile_made_41() -> None:
    game = position(chains={"Tower": TOWER40, "Luxor": ["7G", "8G"]}, hands={0: ["5E"]})
    assert refused(game, "end") == "acquire.end.declare"
    play(game, "5E")
    assert End() in game.legal_actions()
    declare_end(game)
    assert game.is_over


def test_end_may_be_declared_when_every_chain_on_the_board_is_safe() -> None:
    game = position(chains=SAFE11, hands={0: ["12I"]})
    assert End() in game.legal_actions()
    declare_end(game)
    assert game.is_over


def test_the_declarer_finishes_the_turn_and_may_still_buy() -> None:
    """Standard rules: after announcing the end, "that player finishes their turn as
    normal, then the game ends" — the declarer still buys up to three shares."""
    game = position(chains={"Tower": TOWER41, "Luxor": ["7G", "8G"]}, hands={0: ["12I"]})
    play(game, "end")
    assert End() not in game.legal_actions()
    assert refused(game, "end") == "acquire.end.declare"
    play(game, "12I")
    assert game.view(None)["step"] == "buy"
    assert "buy Luxor Luxor Luxor" in [str(a) for a in game.legal_actions()]
    assert End() not in game.legal_actions()
    hand_before = hand(game, 0)
    play(game, "buy Luxor Luxor Luxor")
    assert game.is_over
    assert "Ann buys 3 Luxor at $200." in game.log
    assert hand(game, 0) == hand_before  # the game ends before the draw
    assert "Ann receives a $3,000 Luxor bonus." in game.log  # bought, then paid out
    assert game.result is not None


def test_declaring_at_the_buy_step_still_lets_the_declarer_buy() -> None:
    game = position(chains={"Tower": TOWER40, "Luxor": ["7G", "8G"]}, hands={0: ["5E"]})
    play(game, "5E", "end")
    assert not game.is_over
    assert game.view(None)["end_declared"]
    play(game, "buy Tower")
    assert game.is_over
    assert "Ann buys 1 Tower at $1,000." in game.log


def test_rules_version_1_records_still_end_at_once() -> None:
    """A record played under rules version 1 (declaring ended the game at once, with no
    buy) replays under that version's reading."""
    import boardroom
    from boardroom.titles.acquire.title import TITLE

    game = boardroom.new_game("acquire", ["Ann", "Bob", "Cy"], seed=4)
    while not TITLE.legal_actions(game.state, game.to_act[0]) or End() not in \
            game.legal_actions():
        game.apply(game.legal_actions()[-1] if game.view(None)["step"] == "buy"
                   else game.legal_actions()[0])
        if game.is_over:
            raise AssertionError("seed 4 never reached a declarable end")
    actions = [*game.record.actions, "end"]
    old = {**game.to_record(), "rules_version": "1", "actions": actions}
    del old["digest"]
    replayed = boardroom.load(old)
    assert replayed.is_over and replayed.record.rules_version == "1"
    assert replayed.log[-1].startswith("Final cash")
    new = {**old, "rules_version": "2"}
    assert not boardroom.load(new).is_over


def test_end_refused_while_one_chain_on_the_board_is_not_safe() -> None:
    game = position(chains={"Tower": tiles("1A-11A"), "Luxor": tiles("1C-10C")},
                    hands={0: ["12I"]})
    assert refused(game, "end") == "acquire.end.declare"


def test_end_refused_with_no_chain_on_the_board() -> None:
    game = position(hands={0: ["12I"]})
    assert refused(game, "end") == "acquire.end.declare"


def test_end_refused_in_the_middle_of_a_merger_or_a_founding() -> None:
    game = position(chains={"Tower": TOWER41, "Luxor": ["7A", "8A"]},
                    hands={0: ["6A"]}, lone=["12H"], shares={1: {"Luxor": 1}})
    play(game, "6A")
    assert game.view(None)["step"] == "dispose"
    assert refused(game, "end") == "acquire.turn.sequence"
    game = position(chains={"Tower": TOWER41}, lone=["12H"], hands={0: ["12I"]})
    play(game, "12I")
    assert refused(game, "end") == "acquire.turn.sequence"


# Tower 41 ($1,000) and Imperial 7G-8G (2 tiles, $400) are on the board; Luxor is not.
FINAL = {"Tower": TOWER41, "Imperial": ["7G", "8G"]}
FINAL_SHARES = {0: {"Tower": 5}, 1: {"Tower": 3, "Imperial": 2},
                2: {"Imperial": 2, "Luxor": 5}}


def test_final_scoring_pays_bonuses_then_sells_at_price_classic() -> None:
    game = position(chains=FINAL, hands={0: ["12I"]}, shares=FINAL_SHARES)
    declare_end(game)
    # Tower: Ann $10,000, Bob $5,000. Imperial tie: ($4,000 + $2,000) / 2 each.
    # Sales: Ann 5 x $1,000; Bob 3 x $1,000 + 2 x $400; Cy 2 x $400; Luxor: nothing.
    assert [cash(game, s) for s in range(3)] == [21000, 17800, 9800]
    assert game.result is not None
    assert game.result.scores == (21000, 17800, 9800)
    assert game.result.ranking == ((0,), (1,), (2,))
    assert game.result.winners == (0,)
    assert "Ann sells 5 Tower at $1,000 for $5,000." in game.log
    assert game.log[-1] == "Final cash: Ann $21,000, Bob $17,800, Cy $9,800."


def test_defunct_chains_shares_are_worth_nothing_at_the_end() -> None:
    game = position(chains=FINAL, hands={0: ["12I"]}, shares=FINAL_SHARES)
    declare_end(game)
    assert held(game, 2, "Luxor") == 5
    assert not [line for line in game.log if "Luxor" in line]
    assert (held(game, 0, "Tower"), held(game, 1, "Imperial")) == (0, 0)


def test_final_scoring_tycoon() -> None:
    shares = {0: {"Tower": 5}, 1: {"Tower": 3, "Imperial": 2},
              2: {"Tower": 1, "Imperial": 2}}
    game = position(mode="tycoon", chains=FINAL, hands={0: ["12I"]}, shares=shares)
    declare_end(game)
    # Tower $1,000: $10,000 / $7,000 / $5,000. Imperial $400: Bob and Cy tie for primary,
    # only two stockholders: ($4,000 + $3,000) / 2 = $3,500 each, no tertiary.
    assert [cash(game, s) for s in range(3)] == [
        6000 + 10000 + 5000,
        6000 + 7000 + 3500 + 3000 + 800,
        6000 + 5000 + 3500 + 1000 + 800,
    ]


def test_ranking_equal_cash_shares_the_place() -> None:
    game = position(chains={"Tower": TOWER41}, hands={0: ["12I"]},
                    cash={0: 7000, 1: 5000, 2: 7000})
    declare_end(game)
    assert game.result is not None
    assert game.result.ranking == ((0, 2), (1,))
    assert game.result.winners == (0, 2)
    assert game.result.tie_rule == "players with equal cash share the place"
    assert game.view(None)["result"] == {
        "scores": [7000, 5000, 7000], "ranking": [[0, 2], [1]], "winners": [0, 2],
        "tie_rule": "players with equal cash share the place"}
    assert "Nobody holds Tower: no bonuses are paid." in game.log


def test_nothing_can_be_played_after_the_end() -> None:
    game = position(chains={"Tower": TOWER41}, hands={0: ["12I"]})
    declare_end(game)
    assert game.to_act == ()
    assert game.legal_actions() == []
    assert refused(game, "12I", player=0) == "core.not-your-decision"
    assert refused(game, "pass") == "core.game-over"
