"""Lost Atlas game-flow rules that had no test of their own (docs/rules-coverage.md,
"Game-flow rules not yet covered by a test"): setup refusals, the Stock Round refusals
and presidency changes, the end of a Stock Round, Operating Round ids never named by a
test, a major's hub, Spacious, Suburban, Eastern Mining and Northern Port in play, and
the core contract ids through the Game API.

Each rule has a legal case and, where a player can break it, an illegal one naming the
exact rule id. Positions are real games (``lost_atlas_games``); where a setter puts a
position in place it says so.
"""

from __future__ import annotations

import pytest

import boardroom
from boardroom.core.errors import IllegalAction, OptionError
from boardroom.market.shares import Company
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.rounds import operating_round as orr
from boardroom.titles.lost_atlas.rounds import stock_round
from boardroom.titles.lost_atlas.rounds import trains as train_rules
from boardroom.titles.lost_atlas.state import BANK, MAJOR, LostAtlasState
from lost_atlas_games import (
    TITLE,
    act,
    give_trains,
    launch,
    legal_texts,
    new_game,
    op,
    pass_until,
    refuse,
    seat_to_act,
    set_player_cash,
    set_stack,
    set_treasury,
    to_operating,
)

PLAYERS3 = ["Ann", "Ben", "Cat"]


def put_first(state: LostAtlasState, minor: str) -> None:
    """The position: ``minor`` is at the bottom of its matrix column (available)."""
    for column in state.matrix:
        if minor in column:
            column.remove(minor)
            column.insert(0, minor)
            return
    raise AssertionError(f"{minor} is not in this game")


# -- setup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("mode", "good", "bad"), [
    ("long", [3, 4, 5], [2]),
    ("short", [2, 3, 4], [5]),
    ("short_random", [2, 3, 4], [5]),
    ("micro_3p", [3], [2, 4]),
    ("micro_2p", [2], [3]),
])
def test_setup_player_count_by_mode(mode: str, good: list[int], bad: list[int]) -> None:
    names = ["P1", "P2", "P3", "P4", "P5"]
    for n in good:
        assert TITLE.normalize_options({"mode": mode}, names[:n])["mode"] == mode
    for n in bad:
        with pytest.raises(OptionError) as err:
            TITLE.normalize_options({"mode": mode}, names[:n])
        assert "[rule lost_atlas.setup.players]" in str(err.value)
        with pytest.raises(OptionError) as err:
            boardroom.new_game("lost_atlas", names[:n], seed=1, options={"mode": mode})
        assert "lost_atlas.setup.players" in str(err.value)


def test_setup_options_unknown_or_out_of_range_are_refused() -> None:
    ok = TITLE.normalize_options({"mode": "short", "cut_throat_stock": True,
                                  "cut_throat_routes": False, "bankruptcy": "continue"},
                                 PLAYERS3)
    assert (ok["cut_throat_stock"], ok["bankruptcy"]) == (True, "continue")
    for options, words in (({"mode": "short", "colour": "red"}, "unknown"),
                           ({"mode": "short", "cut_throat_stock": "yes"}, "cut_throat_stock"),
                           ({"mode": "short", "cut_throat_routes": 1}, "cut_throat_routes"),
                           ({"mode": "short", "bankruptcy": "sometimes"}, "bankruptcy")):
        with pytest.raises(OptionError) as err:
            TITLE.normalize_options(options, PLAYERS3)
        assert words in str(err.value)


# -- the Stock Round: refusals -------------------------------------------------------------------
def shareholders() -> tuple[LostAtlasState, str, int, int, int]:
    """A (president, 3 shares), B (1) and C (0) of minor ``a`` at 90, one share left in
    its treasury; C has launched a second minor at 60; ``a`` is marked as operated (the
    position); A to act, nobody having passed since C's launch."""
    state = new_game(1)
    first = seat_to_act(state)
    a = launch(state, 180)
    second = seat_to_act(state)
    act(state, f"buy {a} treasury")
    third = seat_to_act(state)
    act(state, "pass")
    act(state, f"buy {a} treasury")
    act(state, "pass")
    launch(state, 120)  # C
    assert seat_to_act(state) == first
    assert state.sr is not None and state.sr.passes == 0
    assert state.corps[a].shares.players == {first: 3, second: 1}
    state.corps[a].operated = True
    return state, a, first, second, third


def test_stock_turn_a_sellers_turn_ends_with_a_buy_or_done() -> None:
    state, a, first, _second, _third = shareholders()
    refuse(state, "done", "lost_atlas.stock.turn")  # nothing sold: 'done' means nothing
    act(state, f"sell {a} 1")
    assert seat_to_act(state) == first  # still A's turn
    refuse(state, "pass", "lost_atlas.stock.turn")
    refuse(state, "auction 120", "lost_atlas.stock.turn")
    refuse(state, "issue", "lost_atlas.stock.turn")  # an Operating Round action
    assert "done" in legal_texts(state) and "pass" not in legal_texts(state)
    act(state, "done")
    assert seat_to_act(state) == (first + 1) % 3


def test_stock_company_must_exist() -> None:
    state, a, _first, _second, _third = shareholders()
    refuse(state, "sell nowhere 1", "lost_atlas.stock.company")
    refuse(state, "buy nowhere treasury", "lost_atlas.stock.company")
    act(state, f"sell {a} 1")
    act(state, "done")


def test_stock_sell_holding_not_more_than_held() -> None:
    state, a, _first, second, _third = shareholders()
    act(state, "pass")  # A
    assert seat_to_act(state) == second
    refuse(state, f"sell {a} 2", "lost_atlas.stock.sell-holding")
    refuse(state, f"sell {a} 0", "lost_atlas.stock.sell-holding")
    assert legal_texts(state).count(f"sell {a} 1") == 1
    act(state, f"sell {a} 1")
    assert state.corps[a].shares.held(second) == 0 and state.corps[a].shares.pool == 1


def test_stock_buy_source_treasury_or_pool_must_hold_a_share() -> None:
    state, a, first, _second, _third = shareholders()
    refuse(state, f"buy {a} pool", "lost_atlas.stock.buy-source")  # the pool is empty
    act(state, "pass")
    act(state, f"buy {a} treasury")  # B takes the last treasury share
    act(state, "pass")
    assert seat_to_act(state) == first and state.corps[a].shares.treasury == 0
    act(state, f"sell {a} 1")  # A sells one: the pool has one now
    act(state, "done")
    refuse(state, f"buy {a} treasury", "lost_atlas.stock.buy-source")


def test_buying_from_the_pool_pays_the_bank() -> None:
    state, a, _first, _second, third = shareholders()
    act(state, f"sell {a} 1")  # A: 3 -> 2, one share in the pool
    act(state, "done")
    act(state, "pass")  # B
    assert seat_to_act(state) == third
    price = state.price(a)
    cash, bank, treasury = state.cash(third), state.ledger.cash[BANK], state.treasury(a)
    act(state, f"buy {a} pool")
    assert state.corps[a].shares.pool == 0 and state.corps[a].shares.held(third) == 1
    assert state.cash(third) == cash - price
    assert state.ledger.cash[BANK] == bank + price
    assert state.treasury(a) == treasury  # not the treasury


def test_stock_afford_the_price_of_a_share() -> None:
    state, a, _first, second, _third = shareholders()
    act(state, "pass")  # A
    assert seat_to_act(state) == second
    price = state.price(a)
    set_player_cash(state, second, price - 1)
    refuse(state, f"buy {a} treasury", "lost_atlas.stock.afford")
    set_player_cash(state, second, price)  # exactly the price is enough
    act(state, f"buy {a} treasury")
    assert state.cash(second) == 0


def test_stock_pool_limit_through_a_sale() -> None:
    state, a, first, second, _third = shareholders()
    shares = state.corps[a].shares
    shares.treasury -= 1  # the position: the last treasury share lies in the pool
    shares.pool += 1
    act(state, "pass")  # A
    assert seat_to_act(state) == second
    act(state, f"sell {a} 1")  # the pool holds 2 of 5: the most it may
    act(state, "done")
    act(state, "pass")  # C
    assert seat_to_act(state) == first
    refuse(state, f"sell {a} 1", "lost_atlas.stock.pool-limit")
    assert not any(t.startswith("sell ") for t in legal_texts(state))


def test_stock_sell_president_never_leaves_a_company_without_a_president() -> None:
    state = new_game(1)
    first = seat_to_act(state)
    a = launch(state, 180)
    second = seat_to_act(state)
    act(state, f"buy {a} treasury")  # B 1
    act(state, f"buy {a} treasury")  # C 1
    state.corps[a].operated = True
    assert seat_to_act(state) == first
    # Nobody else holds two shares: A may sell neither one nor both.
    refuse(state, f"sell {a} 1", "lost_atlas.stock.sell-president")
    refuse(state, f"sell {a} 2", "lost_atlas.stock.sell-president")
    act(state, "pass")
    act(state, f"buy {a} treasury")  # B now holds 2
    act(state, "pass")
    assert seat_to_act(state) == first
    act(state, f"sell {a} 1")  # B (2) holds more than A (1): the certificate moves
    assert state.corps[a].shares.president == second
    assert state.corps[a].shares.players == {first: 1, second: 2, (second + 1) % 3: 1}


# -- the Stock Round: presidency and prices ------------------------------------------------------
def test_presidency_moves_on_a_stock_round_purchase_not_on_a_tie() -> None:
    state = new_game(1)
    first = seat_to_act(state)
    a = launch(state, 180)
    second = seat_to_act(state)
    for _ in range(2):
        act(state, f"buy {a} treasury")  # B
        act(state, "pass")  # C
        act(state, "pass")  # A
    assert state.corps[a].shares.players == {first: 2, second: 2}
    assert state.corps[a].shares.president == first  # a tie keeps the president
    log = act(state, f"buy {a} treasury")  # B: 3 > 2
    assert state.corps[a].shares.president == second
    assert any("becomes president" in line for line in log)
    assert state.corps[a].shares.certificates(second) == 2  # the certificate and a single


def test_presidency_tie_on_a_sale_goes_clockwise_from_the_seller() -> None:
    """Four players; a major (the position: its shares set by hand) whose president,
    seat 2, sells down to one share while seats 0 and 3 hold two each: seat 3 is the
    next tied player clockwise from seat 2."""
    state = new_game(1, players=["P0", "P1", "P2", "P3"])
    a = launch(state, 180)
    corp = state.corps[a]
    corp.kind = MAJOR
    corp.shares = Company("Major", total=10, president_shares=2, share_percent=10,
                          max_percent=60, president=2, players={0: 2, 1: 1, 2: 3, 3: 2},
                          treasury=2, pool=0)
    assert state.sr is not None
    state.sr.turn = 2
    price = state.price(a)
    refuse(state, f"sell {a} 4", "lost_atlas.stock.sell-holding")
    log = act(state, f"sell {a} 2")
    assert corp.shares.president == 3
    assert any("P3 becomes president" in line for line in log)
    assert state.price(a) == state.stock.values[state.stock.index_of(price) - 1]


def test_cut_throat_stock_drops_a_step_per_share_sold() -> None:
    state = new_game(1, cut_throat_stock=True)
    a = launch(state, 180)
    act(state, f"buy {a} treasury")
    act(state, "pass")
    act(state, "pass")
    act(state, f"buy {a} treasury")  # B holds 2
    act(state, "pass")
    act(state, "pass")
    state.corps[a].operated = True
    values = state.stock.values
    start = state.stock.index_of(state.price(a))
    act(state, f"sell {a} 2")
    assert state.price(a) == values[start - 2]


def test_fully_player_owned_company_rises_at_the_end_of_the_stock_round() -> None:
    state = new_game(1)
    a = launch(state, 180)  # A
    act(state, f"buy {a} treasury")  # B
    b = launch(state, 140)  # C
    act(state, f"buy {a} treasury")  # A
    act(state, "pass")  # B
    act(state, f"buy {a} treasury")  # C: every share of a is with the players
    assert state.corps[a].shares.fully_player_owned()
    assert not state.corps[b].shares.fully_player_owned()
    a_price, b_price = state.price(a), state.price(b)
    log: list[str] = []
    while state.round == "stock":
        log += act(state, "pass")
    assert state.price(a) == state.stock.values[state.stock.index_of(a_price) + 1]
    assert state.price(b) == b_price
    assert any("fully owned by players" in line for line in log)


def test_no_minor_launched_in_the_first_stock_round_restarts_it() -> None:
    state = new_game(1)
    priority = state.priority
    minors = sorted(m for column in state.matrix for m in column)
    log: list[str] = []
    for _ in range(3):
        log += act(state, "pass")
    assert state.round == "stock" and state.cycle == 1
    assert any("dealt again" in line for line in log)
    assert sorted(m for column in state.matrix for m in column) == minors
    assert state.priority == priority and seat_to_act(state) == priority
    assert state.sr is not None and state.sr.passes == 0
    # Once a minor is launched, everyone passing ends the round.
    launch(state, 120)
    to_operating(state)
    assert state.round == "operating"


# -- the Operating Round: ids never named ---------------------------------------------------------
def test_or_leadoff_at_printed_price_only() -> None:
    state = new_game(1)
    a = launch(state, 180)
    to_operating(state)
    assert op(state).company == a and op(state).step == orr.LEADOFF
    refuse(state, "train 2 trade 2", "lost_atlas.or.leadoff")
    act(state, "train 2")
    assert state.corps[a].trains == ["2"]


def test_or_leadoff_only_for_a_minor() -> None:
    """The position: the operating company is turned into a major at its leadoff step."""
    state = new_game(1)
    a = launch(state, 180)
    to_operating(state)
    state.corps[a].kind = MAJOR
    refuse(state, "train 2", "lost_atlas.or.leadoff")
    act(state, "pass")
    assert op(state).step != orr.LEADOFF


def test_or_issue_needs_a_treasury_share() -> None:
    state, a, _first, _second, _third = shareholders()
    shares = state.corps[a].shares
    shares.treasury -= 1  # the position: the last treasury share lies in the pool
    shares.pool += 1
    to_operating(state)
    give_trains(state, a, "2")
    assert op(state).company == a  # operated (the position): no leadoff step
    assert op(state).step == orr.SHARES
    assert legal_texts(state)[0] == "redeem"
    refuse(state, "issue", "lost_atlas.or.issue")
    act(state, "redeem")
    assert shares.treasury == 1 and shares.pool == 0


def test_or_run_and_payout_cannot_be_passed() -> None:
    state = new_game(1)
    a = launch(state, 180)
    to_operating(state)
    give_trains(state, a, "2")
    pass_until(state, orr.RUN)
    refuse(state, "pass", "lost_atlas.or.run")
    run = next(t for t in legal_texts(state) if t.startswith("run "))
    act(state, run)
    assert op(state).step == orr.PAYOUT
    refuse(state, "pass", "lost_atlas.or.payout")
    assert legal_texts(state) == ["payout", "withhold"]
    act(state, "payout")
    assert op(state).step == orr.TRAINS


def test_or_turn_no_company_is_operating() -> None:
    """``lost_atlas.or.turn`` is the module's own guard: the title sends Operating Round
    checks only while a company operates, so it is asked of the module directly."""
    state = new_game(1)
    error = orr.check(state, orr.Payout(), seat_to_act(state))
    assert error is not None and error.rule == "lost_atlas.or.turn"
    launch(state, 180)
    to_operating(state)
    assert orr.check(state, Pass(), seat_to_act(state)) is None


def test_trains_forced_only_without_a_train_and_without_the_money() -> None:
    state = new_game(1)
    a = launch(state, 180)
    to_operating(state)
    president = state.president(a)
    pass_until(state, orr.TRAINS)
    assert state.treasury(a) >= 100
    refuse(state, "force 2", "lost_atlas.trains.forced")  # the treasury can pay
    set_treasury(state, a, 0)
    set_player_cash(state, president, 150)
    assert legal_texts(state) == ["force 2"]
    act(state, "force 2")
    assert state.corps[a].trains == ["2"] and state.cash(president) == 50


def test_trains_forced_refused_to_a_company_that_owns_a_train() -> None:
    state = new_game(1)
    a = launch(state, 180)
    to_operating(state)
    give_trains(state, a, "2")
    pass_until(state, orr.TRAINS)
    set_treasury(state, a, 0)
    refuse(state, "force 2", "lost_atlas.trains.forced")
    act(state, "pass")


# -- hubs ---------------------------------------------------------------------------------------
def suburban_game(*, ability: bool = True) -> tuple[LostAtlasState, str, str]:
    """Seed 1: Suburban (home 3,-4) and a second minor; Suburban operates first and lays
    a city tile on its home and on the basic city 2,-3."""
    state = new_game(1)
    put_first(state, "suburban")
    a = launch(state, 180, "suburban")
    b = launch(state, 120)
    to_operating(state)
    if not ability:
        state.corps[a].abilities = frozenset()
    give_trains(state, a, "2")
    give_trains(state, b, "2")
    assert op(state).company == a and state.board.hubs_of(a) == [((3, -4), 0)]
    act(state, "pass")  # leadoff
    act(state, "pass")  # shares
    act(state, "lay 5 3,-4 r0")
    act(state, "lay 5 2,-3 r3")
    return state, a, b


def test_major_places_a_charter_hub_for_60() -> None:
    """The position: the minor is turned into a green-phase major with the charter's two
    hubs at 60 (Suburban's ability removed, so only hubs are in question)."""
    state = new_game(1)
    put_first(state, "suburban")
    a = launch(state, 180, "suburban")
    to_operating(state)
    corp = state.corps[a]
    corp.kind = MAJOR
    corp.abilities = frozenset()
    corp.hub_costs = list(state.components.major_charter.hub_costs)
    state.phase = "green"
    state.bought = {"2", "3"}
    give_trains(state, a, "3")
    act(state, "pass")  # leadoff: not for a major
    act(state, "pass")  # shares
    act(state, "lay 5 3,-4 r0")
    act(state, "lay 5 2,-3 r3")
    assert op(state).step == orr.HUB
    assert legal_texts(state) == ["hub 2,-3", "pass"]
    refuse(state, "hub 3,-4", "lost_atlas.hub.one-per-tile")
    before, bank = state.treasury(a), state.ledger.cash[BANK]
    act(state, "hub 2,-3")
    assert state.treasury(a) == before - 60 and state.ledger.cash[BANK] == bank + 60
    assert corp.hub_costs == [60]
    assert ((2, -3), 0) in state.board.hubs_of(a)
    assert op(state).step == orr.RUN


def test_hub_none_for_a_minor_without_a_hub_to_place() -> None:
    state, a, _b = suburban_game()
    act(state, "pass")  # the track step (only suburbs are left in it)
    assert op(state).step == orr.HUB  # Suburban may place a suburb here
    refuse(state, "hub 2,-3", "lost_atlas.hub.none")
    assert legal_texts(state) == ["suburb 2,-3", "pass"]
    act(state, "pass")
    assert op(state).step == orr.RUN and not state.board.hubs_of(a)[1:]


# -- abilities in play --------------------------------------------------------------------------
def test_suburban_places_a_suburb_in_its_turn_and_the_run_is_recomputed() -> None:
    state, a, b = suburban_game()
    pass_until(state, orr.RUN)
    assert legal_texts(state) == ["run 40", "suburb 2,-3"]  # home 20 + the city 20
    act(state, "suburb 2,-3")
    assert state.board.suburbs == {(2, -3): a} and state.corps[a].suburbs == 1
    assert op(state).step == orr.RUN
    assert [t for t in legal_texts(state) if t.startswith("run ")] == ["run 50"]
    refuse(state, "run 40", "lost_atlas.or.run")
    refuse(state, "suburb 2,-3", "lost_atlas.ability.suburban-one-per-tile")
    act(state, "run 50")
    act(state, "withhold")
    act(state, "pass")
    # The other minor may not place a suburb.
    assert op(state).company == b
    refuse(state, "suburb 2,-3", "lost_atlas.ability.suburban")


def test_spacious_has_one_more_train_slot() -> None:
    state = new_game(1, mode="long")
    put_first(state, "spacious")
    a = launch(state, 180, "spacious")
    b = launch(state, 160)
    to_operating(state)
    assert train_rules.limit(state, a) == 3 and train_rules.limit(state, b) == 2
    give_trains(state, a, "2", "2")
    give_trains(state, b, "2")
    assert op(state).company == a
    assert "train 2" in legal_texts(state)  # a third train, even as the leadoff
    act(state, "pass")
    pass_until(state, orr.TRAINS)
    set_treasury(state, a, 500)
    assert "train 2" in legal_texts(state)
    give_trains(state, a, "2")  # the position: a third train already
    refuse(state, "train 2", "lost_atlas.trains.limit")
    state.corps[a].trains.pop()
    act(state, "train 2")
    assert state.corps[a].trains == ["2", "2", "2"]
    assert op(state).company == b  # full: nothing left to decide, the turn is over
    pass_until(state, orr.TRAINS)
    set_treasury(state, b, 500)
    give_trains(state, b, "2")  # the position: an ordinary minor with two trains
    refuse(state, "train 2", "lost_atlas.trains.limit")
    # Inside a major the extra slot is added to the major's limit (green: 4).
    state.phase, state.bought = "green", {"2", "3"}
    state.corps[a].kind = MAJOR
    assert train_rules.limit(state, a) == 5


@pytest.mark.parametrize(("minor", "symbol"), [("eastern_mining", "mine"),
                                               ("northern_port", "port")])
def test_mine_and_port_minors_launch_onto_their_home_tiles(minor: str, symbol: str) -> None:
    state = new_game(1)
    put_first(state, minor)
    before = {ref for ref, owner in state.board.reserved.items() if owner == minor}
    assert len(before) == 1
    launch(state, 150, minor)
    [(hex_, stop)] = state.board.hubs_of(minor)
    printed = state.board.spaces[hex_].printed
    assert printed is not None and printed.symbol == symbol
    assert before == {(hex_, stop)}
    assert not any(owner == minor for owner in state.board.reserved.values())


# -- the core contract through the Game API -----------------------------------------------------
def game_in_stock_round() -> boardroom.Game:
    game = boardroom.new_game("lost_atlas", PLAYERS3, seed=1, options={"mode": "short"})
    while game.state.round == "map":
        game.apply(game.legal_actions()[0])
    return game


def test_core_not_your_decision_in_the_lost_atlas() -> None:
    game = game_in_stock_round()
    [seat] = game.to_act
    other = (seat + 1) % 3
    with pytest.raises(IllegalAction) as err:
        game.apply("pass", player=other)
    assert err.value.rule == "core.not-your-decision"
    error = TITLE.check(game.state, Pass(), other)
    assert error is not None and error.rule == "core.not-your-decision"
    assert game.to_act == (seat,)
    done = len(game.record.actions)
    game.apply("pass", player=seat)
    assert len(game.record.actions) == done + 1
    assert game.to_act == (other,)


def test_core_game_over_in_the_lost_atlas() -> None:
    game = game_in_stock_round()
    game.apply("auction 120")
    game.apply("pass")
    game.apply("pass")
    game.apply(next(a for a in game.legal_actions()
                    if isinstance(a, stock_round.Launch)))
    for _ in range(3):
        game.apply("pass")
    state = game.state
    company = op(state).company
    president = state.president(company)
    # The position: no money anywhere and a 4-train on top; bankruptcy ends the game.
    set_treasury(state, company, 0)
    set_player_cash(state, president, 0)
    set_stack(state, "4", "4")
    while op(state).step != orr.TRAINS:
        game.apply("pass")
    game.apply("force 4")
    assert game.is_over and game.to_act == ()
    with pytest.raises(IllegalAction) as err:
        game.apply("pass")
    assert err.value.rule == "core.game-over"
    with pytest.raises(IllegalAction) as err:
        game.apply("pass", player=president)
    assert err.value.rule == "core.not-your-decision"
    error = TITLE.check(state, Pass(), president)
    assert error is not None and error.rule == "core.game-over"
