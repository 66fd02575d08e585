"""Lost Atlas game-flow rules that docs/rules-coverage.md listed as untested ("Game-flow
rules not yet covered by a test"): setup, the Stock Round, dissolution, the Operating
Round's train rules, forced purchases, bankruptcy and the Merger Round's details.

Positions are games started through the title (``lost_atlas_games.new_game`` on a
randomly built map, or ``lost_atlas_setup.started`` with a small exact board for the
Merger Round, as test_lost_atlas_merger.py does) and driven through the title's actions.
Where a setter puts a position in place (cash, a price, trains, the stack) the line says
what it stands for.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from boardroom.map.hexes import Hex
from boardroom.titles.lost_atlas.board.operator import Operator
from boardroom.titles.lost_atlas.board.track_laying import LayBudget, TileLay, check_lay, lay
from boardroom.titles.lost_atlas.rounds import flow, merger_round
from boardroom.titles.lost_atlas.rounds import operating_round as orr
from boardroom.titles.lost_atlas.rounds import trains as train_rules
from boardroom.titles.lost_atlas.rounds.operating import train_market
from boardroom.titles.lost_atlas.state import (
    BANK,
    MERGER,
    OPERATING,
    STOCK,
    LostAtlasState,
    company_account,
)
from lost_atlas_boards import build, region, turned
from lost_atlas_games import (
    TITLE,
    act,
    finish_turn,
    give_trains,
    launch,
    launch_unopposed,
    legal_texts,
    new_game,
    op,
    operating_game,
    pass_until,
    refuse,
    seat_to_act,
    set_player_cash,
    set_price,
    set_stack,
    set_treasury,
    to_operating,
)
from lost_atlas_setup import started


def play_out(state: LostAtlasState) -> list[str]:
    """Every company runs its trains, withholds and buys nothing until the Operating
    Rounds end."""
    log: list[str] = []
    while state.round == OPERATING:
        step = op(state).step
        if step == orr.RUN:
            log += act(state, legal_texts(state)[0])
        elif step == orr.PAYOUT:
            log += act(state, "withhold")
        else:
            log += act(state, "pass")
    return log


def step_below(state: LostAtlasState, price: int, steps: int = 1) -> int:
    return state.stock.values[state.stock.index_of(price) - steps]


# -- setup ---------------------------------------------------------------------------------
def test_setup_priority_player_is_random_and_named_and_the_stack_is_cheapest_first() -> None:
    """flow.setup: a random priority player (every seat is drawn for some seed, the same
    seed draws the same seat), named in the log, who begins the first Stock Round; the
    stack is the mode's trains, top first, cheapest first."""
    names = ["Ann", "Ben", "Cat"]
    opts = TITLE.normalize_options({"mode": "long"}, names)
    seen = set()
    for seed in range(1, 16):
        state, log = TITLE.setup(names, seed, opts)
        again, _ = TITLE.setup(names, seed, opts)
        assert again.priority == state.priority
        assert f"{names[state.priority]} is the priority player." in log
        seen.add(state.priority)
        order = list(state.components.trains)
        counts = state.components.train_stack("long", 3)
        assert sorted(state.trains, key=order.index) == state.trains
        assert {t: state.trains.count(t) for t in counts} == counts
        assert state.trains[0] == "2"
        prices = [state.components.trains[t].price for t in state.trains]
        assert prices == sorted(prices)
    assert seen == {0, 1, 2}
    state = new_game(4)
    assert state.sr is not None and state.sr.turn == state.priority == seat_to_act(state)


@pytest.mark.parametrize(("mode", "players", "columns"),
                         [("long", 3, [4, 4, 4]), ("short", 3, [4, 4]),
                          ("micro_3p", 3, [3, 3])])
def test_setup_the_matrix_deals_the_modes_minors(mode: str, players: int,
                                                 columns: list[int]) -> None:
    """flow.minors_in_game, flow.deal_matrix: Long, all twelve; Short, the Short Game's
    eight; Micro, exactly the minors whose homes are on the built map (Adaptive when
    piece 21 is); shuffled into the columns (the same seed deals the same matrix,
    another seed another one)."""
    names = ["Ann", "Ben", "Cat", "Dan"][:players]
    comp = TITLE.components
    deals = []
    for seed in (1, 2, 3):
        state = started(names, mode=mode, seed=seed)
        assert [len(c) for c in state.matrix] == columns
        dealt = [m for column in state.matrix for m in column]
        assert len(set(dealt)) == len(dealt)
        if mode == "long":
            expected = set(comp.minors)
        elif mode == "short":
            expected = {m.id for m in comp.minors.values() if m.short_game}
        else:
            homes = set(state.board.reserved.values())
            adaptive = any(p[0] == 21 for p in state.board.pieces)
            expected = homes | ({"adaptive"} if adaptive else set())
        assert set(dealt) == expected
        assert started(names, mode=mode, seed=seed).matrix == state.matrix
        deals.append(state.matrix)
    assert deals[0] != deals[1] or deals[1] != deals[2]
    if mode == "short":
        assert not {"adaptive", "bridging", "overnight", "spacious"} & set(dealt)


# -- the Stock Round ----------------------------------------------------------------------
def test_priority_stays_put_when_nobody_acts_in_a_later_stock_round() -> None:
    """stock_round.finish: the priority passes to the player after the last one to act;
    in the second Stock Round nobody acts, so it stays where it was."""
    state = new_game(1)
    first = seat_to_act(state)
    a = launch(state, 180)
    to_operating(state)
    assert state.priority == (first + 1) % 3  # the initiator acted last
    priority = state.priority
    give_trains(state, a, "2")  # the position: the leadoff train
    while state.round == OPERATING:
        finish_turn(state)
    assert state.round == STOCK and state.cycle == 2
    assert seat_to_act(state) == priority
    for _ in range(3):
        act(state, "pass")
    assert state.round == OPERATING and state.priority == priority
    while state.round == OPERATING:
        finish_turn(state)
    assert state.cycle == 3 and seat_to_act(state) == priority


def test_selling_two_companies_in_one_turn_drops_each_one_step() -> None:
    """lost_atlas.stock.sell-once: one turn may sell several companies, each once; each
    company sold drops one step."""
    state = new_game(1)
    a = launch(state, 180)
    b = launch(state, 160)
    seller = seat_to_act(state)
    act(state, f"buy {a} treasury")
    act(state, "pass")
    act(state, "pass")
    act(state, f"buy {b} treasury")
    state.corps[a].operated = state.corps[b].operated = True  # as after an Operating Round
    while seat_to_act(state) != seller:
        act(state, "pass")
    pa, pb, cash = state.price(a), state.price(b), state.cash(seller)
    act(state, f"sell {a} 1")
    assert state.price(a) == step_below(state, pa)
    act(state, f"sell {b} 1")
    refuse(state, f"sell {a} 1", "lost_atlas.stock.sell-once")
    refuse(state, "pass", "lost_atlas.stock.turn")
    assert (state.price(a), state.price(b)) == (step_below(state, pa), step_below(state, pb))
    assert state.cash(seller) == cash + pa + pb
    act(state, "done")
    assert seat_to_act(state) == (seller + 1) % 3


def test_no_auction_once_every_minor_is_launched() -> None:
    """lost_atlas.auction.available: four players launch the Short Game's eight minors
    at 120 each; then no auction may be opened."""
    state = new_game(2, players=["Ann", "Ben", "Cat", "Dan"])
    for _ in range(8):
        launch(state, 120)
    assert all(not column for column in state.matrix)
    assert len(state.corps) == 8
    assert not any(t.startswith("auction") for t in legal_texts(state))
    refuse(state, "auction 120", "lost_atlas.auction.available")
    act(state, "pass")


def test_the_auction_winner_must_launch() -> None:
    """lost_atlas.auction.choose: once the auction is won, the winner's only actions are
    launches; passing, bidding or buying is refused."""
    state = new_game(1)
    act(state, "auction 150")
    act(state, "pass")
    act(state, "pass")
    assert state.auction is not None and state.auction.won
    texts = legal_texts(state)
    assert texts and all(t.startswith("launch ") for t in texts)
    for text in ("pass", "bid 155", "auction 120", "done"):
        refuse(state, text, "lost_atlas.auction.choose")
    act(state, texts[0])
    assert state.auction is None


@pytest.mark.parametrize(("phase", "price"), [("yellow", 90), ("green", 110),
                                              ("purple", 135), ("grey", 135)])
def test_a_launch_in_a_later_phase_uses_its_window(phase: str, price: int) -> None:
    """Launch price: half the bid (140) rounded down into the phase's window (yellow
    60-90, green 60-110, purple and grey 60-135), launched through the Stock Round."""
    state = new_game(1, players=["Ann", "Ben"])
    state.phase = phase  # the position: a later Stock Round of this phase
    minor = launch(state, 280)
    assert state.price(minor) == price
    assert state.treasury(minor) == 280


# -- dissolution at 0 -----------------------------------------------------------------------
def dissolution_position() -> tuple[LostAtlasState, str, str, int]:
    """a and b launched; a third player (``holder``) owns one share of each; a, worth 10
    (the position), owns a 2-train; both have operated."""
    state = new_game(1)
    a = launch(state, 180)
    b = launch(state, 160)
    holder = seat_to_act(state)
    act(state, f"buy {a} treasury")
    act(state, "pass")
    act(state, "pass")
    act(state, f"buy {b} treasury")
    give_trains(state, a, "2")
    set_price(state, a, 10)
    state.corps[a].operated = state.corps[b].operated = True
    return state, a, b, holder


def assert_dissolved(state: LostAtlasState, company: str, pooled: list[str]) -> None:
    """Gone from the companies, the stock track, the ledger and the map; its trains in
    the pool."""
    assert company not in state.corps and company not in state.stock.positions
    assert company_account(company) not in state.ledger.cash
    assert not state.board.hubs_of(company)
    assert state.pool == pooled
    TITLE.invariants(state)


def test_a_sale_to_zero_dissolves_the_company() -> None:
    state, a, _b, holder = dissolution_position()
    while seat_to_act(state) != holder:
        act(state, "pass")
    bank, cash, treasury = state.ledger.cash[BANK], state.cash(holder), state.treasury(a)
    log = act(state, f"sell {a} 1")
    assert f"{state.components.minors[a].name}'s price reaches 0: it is dissolved." in log
    assert_dissolved(state, a, ["2"])
    assert state.cash(holder) == cash + 10
    assert state.ledger.cash[BANK] == bank - 10 + treasury
    act(state, "done")


@pytest.mark.parametrize("how", ["withhold", "no train"])
def test_a_withhold_or_no_revenue_at_10_dissolves_the_company(how: str) -> None:
    """flow.check_dissolution after a withhold, and after a turn without a train (revenue
    0, one step down): the company at 10 reaches 0 and is dissolved."""
    state, a, b, _holder = dissolution_position()
    to_operating(state)
    give_trains(state, b, "2")
    assert op(state).company == b  # 80 above 10
    finish_turn(state)
    assert op(state).company == a
    log: list[str] = []
    if how == "withhold":
        pass_until(state, orr.RUN)
        log += act(state, legal_texts(state)[0])
        log += act(state, "withhold")
        assert any("withholds" in line and "drops to 0" in line for line in log)
    else:
        state.corps[a].trains = []  # the position: it sold its train to another company
        while a in state.corps:
            log += act(state, "pass")
        assert any("has no train: revenue 0; its price drops to 0." in line for line in log)
    assert any("it is dissolved" in line for line in log)
    assert_dissolved(state, a, ["2"] if how == "withhold" else [])


def test_forced_sales_at_10_dissolve_the_company_sold() -> None:
    """A forced purchase: the president's only share to sell is one of b, worth 10; the
    drop after the purchase takes b to 0 and dissolves it."""
    state = new_game(1)
    president = seat_to_act(state)
    a = launch(state, 140)
    b = launch(state, 180)
    to_operating(state)
    shares = state.corps[b].shares  # the position: a's president owns a share of b
    shares.treasury -= 1
    shares.give(president, 1)
    give_trains(state, b, "2")
    finish_turn(state)
    assert op(state).company == a
    set_price(state, b, 10)
    set_stack(state, "4", "4")
    set_treasury(state, a, 100)
    set_player_cash(state, president, 195)
    pass_until(state, orr.TRAINS)
    act(state, "force 4")
    log = act(state, f"liquidate {b}")
    assert state.corps[a].trains == ["4"] and state.cash(president) == 5
    assert any("it is dissolved" in line for line in log)
    assert b not in state.corps and b not in state.stock.positions


# -- the Operating Round ------------------------------------------------------------------
def test_trains_that_earn_nothing_are_treated_as_no_train() -> None:
    """Cut-throat routes: a local route earns nothing, so an untracked minor's train
    earns 0: no payout choice, revenue 0 and one step down."""
    state, (a, _b) = operating_game([180, 160], cut_throat_routes=True)
    give_trains(state, a, "2")
    act(state, "pass")
    price = state.price(a)
    log: list[str] = []
    while op(state).step != orr.RUN:
        log += act(state, "pass")
    assert legal_texts(state) == ["run 0"]
    log = act(state, "run 0")
    assert any("earns nothing: revenue 0" in line for line in log)
    assert op(state).step == orr.TRAINS
    assert state.price(a) == step_below(state, price)
    assert (state.corps[a].last_revenue, state.corps[a].per_share) == (0, 0)


def test_the_per_share_amount_is_rounded_down() -> None:
    """_pay_out: 20% of 95 is 19 a share (the remainder stays in the bank). With the
    shipped data every revenue is a multiple of 10, so the revenue is set."""
    state, (a, _b) = operating_game([180, 160])
    give_trains(state, a, "2")
    president = state.president(a)
    pass_until(state, orr.PAYOUT)
    op(state).revenue = 95  # the position: routes worth 95
    cash, treasury, bank = state.cash(president), state.treasury(a), state.ledger.cash[BANK]
    act(state, "payout")
    assert state.corps[a].per_share == 19
    assert state.cash(president) == cash + 38
    assert state.treasury(a) == treasury + 3 * 19
    assert state.ledger.cash[BANK] == bank - 95
    assert state.price(a) == 100  # 95 >= 90: one step up


def test_an_offer_at_the_train_limit_is_refused_and_rusted_trains_cannot_be_traded() -> None:
    """lost_atlas.trains.limit in _check_offer: a minor at its limit (1 in purple) stays in
    its trains step only for the ∞ trade-in; an offer for another company's train is
    refused. lost_atlas.trains.trade-in: a Resourceful rusted 4 cannot be traded in."""
    state, (a, b) = operating_game([180, 160])
    state.phase, state.bought = "purple", {"2", "3", "4", "5"}  # the position
    set_stack(state, "7", "7")
    give_trains(state, a, "5")
    give_trains(state, b, "5")
    act(state, "pass")
    set_treasury(state, a, 800)  # the position: the money for the trade-in
    pass_until(state, orr.TRAINS)
    assert legal_texts(state) == ["train inf trade 5", "pass"]
    refuse(state, f"train 5 from {b} 100", "lost_atlas.trains.limit")
    refuse(state, "train 7", "lost_atlas.trains.limit")
    state.corps[a].abilities = frozenset({"resourceful"})
    state.corps[a].rusted = ["4"]  # the position: Resourceful keeps a rusted 4
    refuse(state, "train inf trade 4", "lost_atlas.trains.trade-in")
    treasury = state.treasury(a)
    act(state, "train inf trade 5")
    assert state.corps[a].trains == ["inf"] and state.treasury(a) == treasury - 800


def test_the_grey_supply_is_unlimited_once_the_stack_is_empty() -> None:
    """_stack_choices: the revised printing's 7/∞ supply never runs out: with the stack
    empty a company still buys a 7 or an ∞ (and the stack stays empty)."""
    state, (a, _b) = operating_game([180, 160])
    state.phase, state.bought = "grey", {"2", "3", "4", "5", "6", "7"}  # the position
    set_stack(state)
    give_trains(state, a, "7")
    state.corps[a].kind = "major"  # the position: a major (limit 2) with room
    act(state, "pass")
    set_treasury(state, a, 1000)
    pass_until(state, orr.TRAINS)
    set_treasury(state, a, 1000)  # again, after the withheld revenue
    texts = legal_texts(state)
    assert "train 7" in texts and "train inf" in texts
    act(state, "train 7")
    assert state.corps[a].trains == ["7", "7"] and state.trains == []
    assert state.treasury(a) == 1000 - state.components.trains["7"].price


def test_no_unlimited_supply_in_a_micro_game() -> None:
    state, (a, _b) = operating_game([180, 160], players=["A", "B", "C"], mode="micro_3p")
    set_stack(state)
    assert train_market.stack_choices(state) == []
    assert not any(t.startswith("train ") for t in legal_texts(state))
    log = play_out(state)
    assert "Expansive owns no train and none can be bought." in log or any(
        "owns no train and none can be bought." in line for line in log)
    assert state.corps[a].trains == [] and state.round == STOCK


def test_an_export_from_an_empty_stack_exports_nothing() -> None:
    state = new_game(1)
    a = launch(state, 180)
    to_operating(state)
    give_trains(state, a, "2")
    finish_turn(state)  # the first Operating Round
    set_stack(state)  # the position: the stack is empty
    log = play_out(state)
    assert "No train is left to export." in log
    assert state.trains == [] and state.cycle == 2 and state.round == STOCK


# -- forced purchases ---------------------------------------------------------------------
def forced(**options: Any) -> tuple[LostAtlasState, str, str, int]:
    """a (70) owns no train and its treasury cannot pay for one; its president owns two
    shares of b (90, operated); returns the state, a, b and a's president."""
    state = new_game(1, **options)
    president = seat_to_act(state)
    a = launch(state, 140)
    b = launch(state, 180)
    to_operating(state)
    shares = state.corps[b].shares  # the position: a's president owns two b shares
    shares.treasury -= 2
    shares.give(president, 2)
    give_trains(state, b, "2")
    finish_turn(state)
    assert op(state).company == a
    set_treasury(state, a, 50)
    set_player_cash(state, president, 0)
    return state, a, b, president


def forces(state: LostAtlasState) -> list[str]:
    return [t for t in legal_texts(state) if t.startswith("force")]


def test_a_forced_purchase_from_the_pool_when_it_is_cheapest() -> None:
    state, a, _b, president = forced()
    state.pool = ["3"]  # the position: a 3 in the pool, a 4 on the stack
    set_stack(state, "4", "4")
    set_player_cash(state, president, 200)
    pass_until(state, orr.TRAINS)
    assert forces(state) == ["force 3 pool"]
    refuse(state, "force 4", "lost_atlas.trains.forced-cheapest")
    act(state, "force 3 pool")
    assert state.corps[a].trains == ["3"] and state.pool == [] and state.trains == ["4", "4"]
    assert state.treasury(a) == 0 and state.cash(president) == 200 - 150


def test_a_forced_purchase_between_equally_cheap_trains_is_the_presidents_choice() -> None:
    state, a, _b, president = forced()
    state.pool = ["4"]
    set_stack(state, "4", "5")
    set_player_cash(state, president, 300)
    pass_until(state, orr.TRAINS)
    assert forces(state) == ["force 4", "force 4 pool"]
    act(state, "force 4 pool")
    assert state.corps[a].trains == ["4"] and state.pool == [] and state.trains == ["4", "5"]
    assert state.cash(president) == 300 - 250


def test_a_forced_purchase_of_a_grey_card_is_a_7() -> None:
    state, a, _b, president = forced()
    state.phase, state.bought = "purple", {"2", "3", "4", "5", "6"}
    set_stack(state, "7")
    set_player_cash(state, president, 1000)
    pass_until(state, orr.TRAINS)
    assert forces(state) == ["force 7"]
    refuse(state, "force inf", "lost_atlas.trains.forced-cheapest")
    act(state, "force 7")
    assert state.corps[a].trains == ["7"] and state.phase == "grey"


@pytest.mark.parametrize(("cut_throat", "steps"), [(False, 1), (True, 2)])
def test_forced_sales_drop_once_or_a_step_a_share_with_cut_throat_stock(
        cut_throat: bool, steps: int) -> None:
    state, a, b, president = forced(cut_throat_stock=cut_throat)
    set_stack(state, "4", "4")
    price = state.price(b)
    set_player_cash(state, president, 250 - 2 * price)  # two sales pay for the 4
    pass_until(state, orr.TRAINS)
    act(state, "force 4")
    act(state, f"liquidate {b}")
    assert op(state).forced is not None
    act(state, f"liquidate {b}")
    assert state.corps[a].trains == ["4"] and state.cash(president) == 0
    assert state.price(b) == step_below(state, price, steps)


def test_a_bankrupt_player_only_passes_afterwards() -> None:
    """bankruptcy="continue": the bankrupt player, holding nothing, is still seated; in
    the next Stock Round ``pass`` is their only action, and they preside over nothing."""
    state, a, b, president = forced(bankruptcy="continue")
    set_stack(state, "4", "4")
    set_treasury(state, a, 0)
    pass_until(state, orr.TRAINS)
    act(state, "force 4")
    act(state, f"liquidate {b}")
    act(state, f"liquidate {b}")
    assert a not in state.corps and state.cash(president) == 0
    assert all(corp.shares.held(president) == 0 for corp in state.corps.values())
    play_out(state)
    assert state.round == STOCK
    for _ in range(3):
        seat = seat_to_act(state)
        if seat == president:
            assert legal_texts(state) == ["pass"]
            refuse(state, "auction 120", "lost_atlas.auction.afford")
        act(state, "pass")
    assert all(corp.shares.president != president for corp in state.corps.values())


# -- the Merger Round ---------------------------------------------------------------------
def merger_game(launches: Iterable[tuple[int, str, int]], homes: dict[Hex, object],
                players: list[str], buys: Iterable[tuple[int, str]] = ()) -> LostAtlasState:
    """A Short Game on an exact board (homes down column 0), minors launched and shares
    bought through the Stock Round, then the Merger Round through the flow."""
    state = started(players, mode="short", seed=1)
    spec: dict[Hex, object] = dict(region(range(-2, 3), range(-2, 9)))
    spec.update(homes)
    state.board = build(spec)  # type: ignore[arg-type]
    launch_unopposed(state, launches)
    for seat, company in buys:
        while TITLE.to_act(state) != (seat,):
            act(state, "pass")
        act(state, f"buy {company} treasury")
    return state


def lay_line(state: LostAtlasState, company: str, rows: Iterable[int],
             colours: tuple[str, ...] = ("yellow", "green")) -> None:
    corp = state.corps[company]
    who = Operator(company, corp.abilities, 10_000, corp.kind == "major")
    for r in rows:
        h = (0, r)
        current = state.board.tile_at(h)
        if current is not None and current[0].colour != "empty":
            continue
        tile = "57" if state.board.spaces[h].is_city else "9"
        the_lay = TileLay(h, tile, turned(tile, {0, 3}))
        assert check_lay(state.board, who, colours, LayBudget(), the_lay) is None, the_lay
        lay(state.board, who, LayBudget(), the_lay)


def start_merger(state: LostAtlasState, bought: tuple[str, ...] = ("2", "3")) -> None:
    state.sr = state.auction = None
    state.phase = "green"
    state.bought = set(bought)
    cut = max(state.trains.index(t) for t in bought)
    state.trains = state.trains[cut + 1:]
    for corp in state.corps.values():
        corp.operated = True
    state.round, state.or_number = OPERATING, 2
    flow.after_operating(state, [])
    assert state.round == MERGER


@pytest.mark.parametrize(("first_bid", "president"), [(180, 1), (140, 3)])
def test_merger_presidency_tie_between_players_presiding_over_neither(
        first_bid: int, president: int) -> None:
    """Ann presides over Expansive, Cat over Express; Ben and Dan own three shares of the
    two each, Ann and Cat two. The first of Ben and Dan clockwise from the president of
    the minor earlier in operating order presides: from Ann (Expansive first) Ben, from
    Cat (Express first) Dan."""
    state = merger_game(
        [(0, "expansive", first_bid), (2, "express", 160)],
        {(0, 0): ("home", "expansive"), (0, 2): ("home", "express")},
        ["Ann", "Ben", "Cat", "Dan"],
        [(1, "expansive"), (3, "expansive"), (1, "express"), (3, "express"),
         (1, "expansive"), (3, "express")])
    lay_line(state, "expansive", range(0, 3))
    start_merger(state)
    totals = {s: state.corps["expansive"].shares.held(s) + state.corps["express"].shares.held(s)
              for s in range(4)}
    assert totals == {0: 2, 1: 3, 2: 2, 3: 3}
    assert merger_round.new_president(state, "expansive", "express") == president
    proposer = TITLE.to_act(state)[0]
    first = "expansive" if proposer == 0 else "express"
    other = "express" if first == "expansive" else "expansive"
    act(state, f"merge {first} {other}")
    act(state, "accept")
    assert TITLE.to_act(state) == (president,)
    act(state, "major union")
    assert state.corps["union"].shares.president == president
    assert state.corps["union"].shares.held(president) == 3
    TITLE.invariants(state)


def test_merger_hubs_on_two_stops_of_one_tile_the_lower_stop_stays() -> None:
    """The mine has two stops. Expansive's extra hub stands on stop 1 (placed first: the
    position), Eastern Mining's home hub on stop 0. Merged, the hub on the lower stop
    stays and the other returns to the charter on a free spot."""
    state = started(["Ann", "Ben", "Cat"], mode="short", seed=1)
    spec: dict[Hex, object] = dict(region(range(-2, 3), range(-2, 9)))
    spec.update({(0, 0): "mine", (0, 4): ("home", "expansive")})
    state.board = build(spec)  # type: ignore[arg-type]
    state.board.place_hub(((0, 0), 1), "expansive")  # placed before the mine's home hub
    state.matrix = [["expansive"], ["eastern_mining"]]
    act(state, "auction 180")
    while state.auction is not None and not state.auction.won:
        act(state, "pass")
    first = state.auction.turn if state.auction else 0
    act(state, "launch expansive")
    act(state, "auction 160")
    while state.auction is not None and not state.auction.won:
        act(state, "pass")
    act(state, "launch eastern_mining")
    state.corps["expansive"].hub_costs = []  # the extra hub is the one on the mine
    assert state.board.hubs[((0, 0), 1)] == ["expansive"]
    assert state.board.hubs[((0, 0), 0)] == ["eastern_mining"]
    start_merger(state)
    assert merger_round.connected(state, "expansive", "eastern_mining")
    assert TITLE.to_act(state) == (first,)
    act(state, "merge expansive eastern_mining")
    if state.mr.step == merger_round.ANSWER:
        act(state, "accept")
    log = act(state, "major union")
    assert "1 hub on a tile already holding one returns to Union's charter on a free spot." in log
    assert state.board.hubs[((0, 0), 0)] == ["union"]
    assert ((0, 0), 1) not in state.board.hubs
    assert sorted(state.board.hubs_of("union")) == [((0, 0), 0), ((0, 4), 0)]
    assert state.corps["union"].hub_costs == [0, 60, 60]


def two_hub_merger() -> LostAtlasState:
    """Expansive (0,0) and Express (0,2, widened to the two-slot green 14, where
    Expansive's extra hub stands too) merge into Union; a basic city at (0,4) lies on
    the track."""
    state = merger_game([(0, "expansive", 160), (1, "express", 180)],
                        {(0, 0): ("home", "expansive"), (0, 2): ("home", "express"),
                         (0, 4): "city"}, ["Ann", "Bob", "Cy"])
    lay_line(state, "expansive", range(0, 3))
    lay_line(state, "express", range(2, 5))
    who = Operator("express", state.corps["express"].abilities, 10_000)
    upgrade = TileLay((0, 2), "14", turned("14", {0, 1, 3, 4}))
    assert check_lay(state.board, who, ("yellow", "green"), LayBudget(), upgrade) is None
    lay(state.board, who, LayBudget(), upgrade)
    state.board.place_hub(((0, 2), 0), "expansive")  # its extra hub, placed for 40
    state.corps["expansive"].hub_costs = []
    state.ledger.pay(company_account("expansive"), BANK, 40)
    state.corps["expansive"].last_revenue = 60  # as its last Operating Round left it
    state.corps["express"].last_revenue = 90
    start_merger(state)
    act(state, "merge express expansive")
    act(state, "accept")
    act(state, "major union")
    return state


def test_the_major_starts_with_an_empty_earnings_entry() -> None:
    state = two_hub_merger()
    union = state.corps["union"]
    assert (union.last_revenue, union.per_share) == (0, 0)
    assert union.operated and union.hub_costs == [0, 60, 60]
    assert state.round == STOCK


def test_a_major_from_a_merger_places_its_free_hub_before_its_60s() -> None:
    """The hub the merger returned to Union's charter costs 0 and is placed first, in
    Union's Operating Round turn (not a leadoff: a major)."""
    state = two_hub_merger()
    to_operating(state)
    while op(state).company != "union":
        finish_turn(state)
    give_trains(state, "union", "3")
    pass_until(state, orr.HUB)
    assert legal_texts(state) == ["hub 0,4", "pass"]
    before, bank = state.treasury("union"), state.ledger.cash[BANK]
    log = act(state, "hub 0,4")
    assert "Union places a hub at 0,4 for 0." in log
    assert state.treasury("union") == before and state.ledger.cash[BANK] == bank
    assert state.corps["union"].hub_costs == [60, 60]
    assert op(state).step == orr.RUN


def test_a_second_discard_after_a_merger() -> None:
    """merger_round.apply (Discard): a major still over its limit after one train is in
    the pool discards another. With legal minors (at most 2 trains each, or 3 with
    Spacious) a merger is at most one over; the minors' trains are set to reach it."""
    state = merger_game([(0, "expansive", 160), (1, "express", 180)],
                        {(0, 0): ("home", "expansive"), (0, 2): ("home", "express")},
                        ["Ann", "Bob", "Cy"])
    lay_line(state, "expansive", range(0, 3))
    state.corps["expansive"].trains = ["3", "3", "4"]  # the position
    state.corps["express"].trains = ["3", "4"]
    start_merger(state, ("2", "3", "4"))
    act(state, "merge express expansive")
    act(state, "accept")
    act(state, "major union")
    assert train_rules.limit(state, "union") == 3
    president = TITLE.to_act(state)
    act(state, "discard union 3")
    assert state.round == MERGER and TITLE.to_act(state) == president
    assert legal_texts(state) == ["discard union 3", "discard union 4"]
    log = act(state, "discard union 4")
    assert sorted(state.corps["union"].trains) == ["3", "3", "4"]
    assert state.pool == ["3", "4"] and state.discards == []
    assert "The Merger Round ends." in log and state.round == STOCK


def test_offer_prices_are_listed_one_action_each() -> None:
    """The core contract lists every legal action: each offer price 1..treasury for each
    of another company's trains is its own action (recorded here as it stands)."""
    state, (a, b) = operating_game([180, 160])
    give_trains(state, b, "2")
    pass_until(state, orr.TRAINS)
    treasury = state.treasury(a)
    offers = [t for t in legal_texts(state) if t.startswith(f"train 2 from {b} ")]
    assert len(offers) == treasury
    assert offers[0] == f"train 2 from {b} 1" and offers[-1] == f"train 2 from {b} {treasury}"
