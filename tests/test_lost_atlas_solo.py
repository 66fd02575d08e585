"""The Solo Game against the Conglomerate (facts sheet §7.1; solo.py; docs/variants.md).

Games are built through the public API: ``new_game("lost_atlas", ["you"],
options={"mode": "solo"})``; the map is built by a seeded random bot, then the player
names the Conglomerate's second minor.
"""

from __future__ import annotations

import pytest

import boardroom
from boardroom.bots import make_bot
from boardroom.core.errors import IllegalAction, OptionError
from boardroom.core.game import Game
from boardroom.map.track import Reach
from boardroom.titles.lost_atlas.rounds import trains as train_rules
from boardroom.titles.lost_atlas.state import OVER, STOCK, LostAtlasState, company_account
from boardroom.titles.lost_atlas.variants import solo


def built(seed: int = 1, mode: str = "solo", **options: object) -> Game:
    """A solo game whose map is built (the player must now name the second minor)."""
    game = boardroom.new_game("lost_atlas", ["you"], seed=seed,
                              options={"mode": mode, **options})
    bot = make_bot("random", seed=seed)
    while game.state.round == "map":
        game.apply(bot.choose(game, 0))
    assert game.state.round == solo.SETUP
    return game


def formed(seed: int = 1, minor: str | None = None) -> Game:
    game = built(seed)
    game.apply(f"conglomerate {minor}" if minor else game.legal_actions()[0])
    return game


def cong(state: LostAtlasState) -> str:
    found = solo.company(state)
    assert found is not None
    return found


def test_one_player_only_in_solo() -> None:
    with pytest.raises(OptionError):
        boardroom.new_game("lost_atlas", ["you"], options={"mode": "short"})
    with pytest.raises(OptionError):
        boardroom.new_game("lost_atlas", ["a", "b"], options={"mode": "solo"})
    with pytest.raises(OptionError):
        boardroom.new_game("lost_atlas", ["a", "b"],
                           options={"mode": "short", "solo_difficulty": "hard"})


def test_setup_figures() -> None:
    game = formed(1)
    state = game.state
    cid = cong(state)
    corp = state.corps[cid]
    assert state.round == STOCK and game.to_act == (0,)
    paid = sum(40 for line in game.log if line.startswith("The Conglomerate lays")
               and "paying 40" in line)
    assert state.treasury(cid) == 450 - paid
    shares = corp.shares
    assert shares.president == solo.CONGLOMERATE
    assert shares.held(solo.CONGLOMERATE) == 2
    assert shares.treasury == 3  # under the charter
    assert shares.pool == 1
    assert corp.hub_costs == [60, 60]
    assert len(state.board.hubs_of(cid)) == 2
    assert 60 <= state.price(cid) <= 90
    assert state.cash(0) == 450
    assert [len(column) for column in state.matrix] == [3, 3]
    in_matrix = {m for column in state.matrix for m in column}
    assert not in_matrix & set(solo.record(state).minors)
    assert sorted(solo.record(state).deck) == sorted(
        [f"{m}:president" for m in solo.record(state).minors]
        + [f"{m}:share" for m in solo.record(state).minors for _ in range(3)])
    # seed 1: Tunneling drawn, Agricultural chosen; network 20 + 40 (capital) + 20.
    assert solo.record(state).minors == ["tunneling", "agricultural"]
    assert solo.record(state).network_value == 80 and solo.record(state).difficulty == "medium"
    assert state.price(cid) == 80


def test_start_price_is_held_within_60_90() -> None:
    for seed in (2, 3, 4):
        state = formed(seed).state
        price = state.price(cong(state))
        value = solo.record(state).network_value
        assert 60 <= price <= 90
        if 60 <= value <= 90:
            assert price == value


def test_difficulty_option_restricts_the_choice() -> None:
    game = built(1, solo_difficulty="easy")
    for action in game.legal_actions():
        assert isinstance(action, solo.ChooseConglomerate)
        _value, level = solo.preview(game.state, action.minor)
        assert level == "easy" or len(game.legal_actions()) == 6


def test_refused_action_leaves_the_state_identical() -> None:
    game = built(1)
    before = (game.view(None), solo.record(game.state.copy()), list(game.record.actions))
    drawn = solo.record(game.state).drawn
    with pytest.raises(IllegalAction) as err:
        game.apply(f"conglomerate {drawn}")
    assert err.value.rule == "lost_atlas.solo.setup"
    assert (game.view(None), solo.record(game.state), list(game.record.actions)) == before
    game.apply(game.legal_actions()[0])
    snapshot = game.view(None)
    with pytest.raises(IllegalAction) as err:
        game.apply(f"buy {cong(game.state)} treasury")
    assert err.value.rule == "lost_atlas.solo.buy-pool"
    assert game.view(None) == snapshot


def test_income_formula_hand_checked() -> None:
    assert solo.income([(20, True), (40, False), (20, True), (30, False)], 4) == 110
    assert solo.income([(20, True), (40, False)], None) == 80
    state = formed(1).state
    # seed 1: it reaches its two hub cities (20 each, counted twice) and a capital (40).
    assert sorted(solo.stop_values(state)) == [(20, True), (20, True), (40, False)]
    assert solo.revenue(state) == 0  # no train yet
    solo.record(state).trains = ["2"]  # N = 2 stops x 2 hubs = 4: 40 + 20 + 20 + 20
    assert solo.revenue(state) == 100
    solo.record(state).trains = ["2", "3"]  # N = 6: everything, 40 + 4 x 20
    assert solo.revenue(state) == 120


def test_pay_out_goes_to_its_treasury_and_the_player() -> None:
    game = formed(1)
    state = game.state
    cid = cong(state)
    corp = state.corps[cid]
    corp.shares.pool -= 1
    corp.shares.give(0, 1)  # the player holds the pool share
    solo.record(state).trains = ["2"]
    treasury, cash = state.treasury(cid), state.cash(0)
    log: list[str] = []
    solo.pay(state, log)
    # 100 revenue, 10 a share: 2 held + 3 under the charter to the treasury, 1 to the player.
    assert state.treasury(cid) == treasury + 50
    assert state.cash(0) == cash + 10
    assert state.price(cid) == 90  # revenue >= price: one space up


def test_train_purchase_pays_the_difference_and_never_rusts() -> None:
    state = formed(1).state
    cid = cong(state)
    log: list[str] = []
    treasury, stack = state.treasury(cid), len(state.trains)
    solo.buy_train(state, log)
    assert solo.record(state).trains == ["2"] and state.treasury(cid) == treasury - 100
    solo.buy_train(state, log)  # another 2: the difference is 0
    assert solo.record(state).trains == ["2", "2"] and state.treasury(cid) == treasury - 100
    assert len(state.trains) == stack - 2
    while state.trains[0] == "2":
        state.trains.pop(0)
    solo.buy_train(state, log)  # a 3 after a 2: 200 - 100
    assert solo.record(state).trains[-1] == "3" and state.treasury(cid) == treasury - 200
    assert state.phase == "green"
    train_rules.rust(state, "2", log)
    assert solo.record(state).trains == ["2", "2", "3"]  # never rusts, no limit
    train_rules.check_limits(state, log)
    assert cid not in state.discards


def test_stock_round_buys_and_sells() -> None:
    game = formed(1)
    state = game.state
    cid = cong(state)
    assert cid not in state.matrix[0]
    game.apply("auction 160")
    minor = state.matrix[0][0]
    game.apply(f"launch {minor}")
    price = state.price(minor)
    game.apply("pass")  # the Stock Round ends; the Conglomerate buys (then operates)
    assert state.corps[minor].shares.held(solo.CONGLOMERATE) == 1
    assert (f"The Conglomerate buys a {state.corps[minor].name} share from the treasury "
            f"for {price}.") in game.log
    # Priced above the phase's top launch price (90 in yellow): it sells.
    state.stock.move(minor, 3)
    high = state.price(minor)
    assert high > 90
    log: list[str] = []
    before = state.treasury(cid)
    solo.stock_round(state, log)
    assert state.corps[minor].shares.held(solo.CONGLOMERATE) == 0
    assert state.treasury(cid) == before + high
    assert state.price(minor) < high
    assert not any("buys" in line for line in log)  # not bought back above the threshold


def test_issue_in_or1_of_cycles_1_to_3() -> None:
    state = formed(1).state
    cid = cong(state)
    price, treasury = state.price(cid), state.treasury(cid)
    log: list[str] = []
    solo.issue(state, log)
    shares = state.corps[cid].shares
    assert (shares.treasury, shares.pool) == (2, 2)
    assert state.treasury(cid) == treasury + price
    assert state.price(cid) < price


def test_merger_round_absorbs_a_connected_minor(monkeypatch: pytest.MonkeyPatch) -> None:
    state = formed(1).state
    cid = cong(state)
    minor = state.matrix[1][1]
    home = next(ref for ref, m in state.board.reserved.items() if m == minor)
    real = solo.conglomerate_reach

    def reach(s: LostAtlasState) -> Reach:
        found = real(s)
        return Reach(stops=set(found.stops) | {home}, entries=found.entries)

    monkeypatch.setattr(solo.mergers, "conglomerate_reach", reach)  # where the round asks
    price = state.price(cid)
    deck = len(solo.record(state).deck)
    log: list[str] = []
    solo.merger_round(state, log)
    assert minor in solo.record(state).minors
    assert all(minor not in column for column in state.matrix)
    assert cid in state.board.hubs.get(home, [])
    assert home not in state.board.reserved
    assert state.corps[cid].hub_costs == [60]
    assert len(solo.record(state).deck) == deck + 4
    assert state.price(cid) > price
    # no spare hub: nothing more is absorbed
    state.corps[cid].hub_costs = []
    other = state.matrix[0][0]
    log = []
    solo.merger_round(state, log)
    assert other not in solo.record(state).minors and not log


def play_out(seed: int, kind: str) -> Game:
    game = boardroom.new_game("lost_atlas", ["you"], seed=seed, options={"mode": "solo"})
    bot = make_bot(kind, seed=seed)
    for _ in range(3000):
        if game.is_over:
            break
        game.apply(bot.choose(game, game.to_act[0]))
        game.title.invariants(game.state)
    assert game.is_over
    return game


@pytest.mark.parametrize(("seed", "kind"), [(1, "random"), (2, "random"), (1, "heuristic"),
                                            (2, "heuristic")])
def test_bots_play_solo_to_the_end(seed: int, kind: str) -> None:
    game = play_out(seed, kind)
    state = game.state
    assert state.round == OVER and state.cycle == 4
    assert state.end_reason == "the 4 cycles are over"
    assert not any("exported" in line for line in game.log)  # no export in solo
    result = game.result
    assert result is not None and len(result.scores) == 1
    theirs = solo.conglomerate_score(state)
    assert solo.record(state).score == theirs
    cid = cong(state)
    assert theirs == state.treasury(cid) + sum(
        corp.shares.held(solo.CONGLOMERATE) * state.price(c) for c, corp in state.corps.items())
    mine = state.cash(0) + sum(corp.shares.held(0) * state.price(c)
                               for c, corp in state.corps.items())
    assert result.scores == (mine,)
    assert result.winners == ((0,) if mine > theirs else ())
    assert game.log[-1].startswith(f"Final scores: you {mine}, the Conglomerate {theirs}")
    replayed = boardroom.load(game.to_record())
    assert replayed.view(None) == game.view(None)


def test_conglomerate_turns_are_logged_and_automatic() -> None:
    game = play_out(3, "random")
    log = game.log
    assert any(line.startswith("The Conglomerate buys a 2-train") for line in log)
    assert any(line.startswith("The Conglomerate turns over") for line in log)
    assert any(line.startswith("The Conglomerate issues a share") for line in log)
    assert any(line.startswith("Conglomerate pays out") for line in log)
    assert company_account(cong(game.state)) in game.state.ledger.cash
