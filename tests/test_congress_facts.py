"""Congress rules version 2: every fact of shared/rules/congress-facts.md that Boardroom
implements, one test (at least) per fact, named after it (``test_fact_...``); the facts
Boardroom departs from are listed in docs/congress.md with the reason. Old records of
rules version 1 replay under the old frame (the last tests)."""

from __future__ import annotations

import itertools

import pytest

import boardroom
from boardroom import Game, IllegalAction
from boardroom.bots import make_bot
from boardroom.titles.congress import months
from boardroom.titles.congress.data import CITY, PORT, load_data
from boardroom.titles.congress.state import (
    ACQUIRED,
    ACTIVE,
    AUCTION,
    EXPAND_MORE,
    FREE_LINK,
    INACTIVE,
    MERGE,
    OVER,
    START,
    TURN,
)
from congress_positions import activate2, idx, lay2, new2, ok, switched, turn_of


def refused(game: Game, text: str, seat: int, rule: str) -> None:
    before = game.to_record()
    with pytest.raises(IllegalAction) as err:
        game.apply(text, seat)
    assert err.value.rule == rule, err.value
    assert game.to_record() == before


def neighbours(data: object, city: str) -> set[str]:
    d = load_data()
    k = d.city_index[city]
    return {d.cities[d.links[link].other(k)].id for link in d.links_at[k]}


# -- the map and the pieces ---------------------------------------------------------------
def test_fact_map_is_great_britain_with_dead_ends_thurso_and_penzance() -> None:
    data = load_data()
    names = {c.name for c in data.cities}
    assert {"Thurso", "Penzance", "London", "Liverpool", "Edinburgh", "Swansea"} <= names
    for dead_end in ("THU", "PNZ"):
        assert len(data.links_at[data.city_index[dead_end]]) == 1


def test_fact_london_is_the_most_valuable_location() -> None:
    data = load_data()
    london = data.cities[data.city_index["LON"]].value
    assert all(c.value < london for c in data.cities if c.id != "LON")


def test_fact_liverpool_and_london_have_several_ports() -> None:
    data = load_data()
    for city in ("LIV", "LON"):
        ports = [p for p in neighbours(data, city)
                 if data.cities[data.city_index[p]].kind == PORT]
        assert len(ports) >= 2, city


def test_fact_foreign_ports_carry_values_and_cost_about_40_percent_more() -> None:
    data = load_data()
    for ln in data.links:
        foreign = PORT in (data.cities[ln.a].kind, data.cities[ln.b].kind)
        assert ln.cost == (14 if foreign else 10)
    assert all(c.value > 0 for c in data.cities if c.kind == PORT)


def test_fact_the_graph_is_roughly_circular_so_home_stations_sit_near_each_other() -> None:
    data = load_data()
    ring = ["LON", "RDG", "BRS", "GLO", "BHM", "CRE", "MAN", "LDS", "YRK", "HUL", "LIN",
            "PBO", "CAM", "LON"]
    for a, b in itertools.pairwise(ring):
        assert frozenset((data.city_index[a], data.city_index[b])) in data.link_between
    # every home station is within three links of another company's home station
    homes = {co.home for co in data.companies}
    for home in homes:
        seen, frontier = {home}, {home}
        for _ in range(3):
            frontier = {data.links[k].other(c) for c in frontier for k in data.links_at[c]}
            seen |= frontier
        assert (seen & homes) - {home}, data.cities[home].name


def test_fact_the_companies_and_home_stations_named_in_april_2008() -> None:
    data = load_data()
    homes = {co.id: (co.kind, data.cities[co.home].name) for co in data.companies}
    assert homes == {
        "EUR": ("founding", "Ipswich"), "BGR": ("founding", "Bristol"),
        "LSR": ("founding", "York"), "LMR": ("founding", "Liverpool"),
        "LBSC": ("founding", "Brighton"), "CR": ("merger", "Edinburgh"),
        "GWR": ("merger", "Exeter"),  # the list's (the designer called it a slip)
        "NER": ("merger", "Sheffield"), "LNWR": ("merger", "Birmingham"),
        "SWR": ("merger", "Swansea")}


def test_fact_share_counts_and_track_markers_within_the_designers_guesses() -> None:
    for co in load_data().companies:
        shares = co.pool if co.kind == "founding" else co.merger_supply
        assert (3 <= shares <= 5) if co.kind == "founding" else (8 <= shares <= 10)
        assert 30 <= co.markers <= 40


def test_fact_every_value_the_facts_do_not_give_is_marked_provisional() -> None:
    marked = {where for where, _ in load_data().provisional}
    for key in ("months", "round_months", "starting_cash", "develop_step", "develop_cost",
                "income_max", "second_link_factor", "share_value_per_city"):
        assert f"game.{key}" in marked, key
    assert {"map.values", "map.cities", "map.ports", "links"} <= marked


# -- players, cash, order -----------------------------------------------------------------
def test_fact_starting_cash_45_and_two_to_five_players() -> None:
    for n in (2, 3, 4, 5):
        game = new2(players=n)
        assert all(game.state.cash(s) == 45 for s in range(n))
    with pytest.raises(boardroom.OptionError):
        boardroom.new_game("congress", list("ABCDEF"))


def test_fact_initial_turn_order_is_by_cash_lower_first() -> None:
    assert months.opening_order([50, 30, 40], seed=0) == [1, 2, 0]
    order = months.opening_order([45] * 4, seed=3)  # equal cash: a draw from the seed
    assert sorted(order) == [0, 1, 2, 3] and order == months.opening_order([45] * 4, 3)
    game = new2(seed=3)
    assert game.state.first == order[0] and game.to_act == (order[0],)


# -- the months track ---------------------------------------------------------------------
def test_fact_the_player_furthest_behind_in_time_acts_next() -> None:
    game = new2()
    s = game.state
    s.months = [4, 2, 7, 2]
    s.stamp = [1, 5, 2, 3]  # Bob arrived at month 2 after Di: he lies on top
    assert months.next_to_act(s) == 1
    s.stamp = [1, 3, 2, 5]
    assert months.next_to_act(s) == 3


def test_fact_expand_costs_2_months_and_develop_1() -> None:
    game = new2()
    activate2(game, "LMR", {0: 1, 1: 1})
    lay2(game, "LMR", ["LIV", "MAN"])
    turn_of(game, 0)
    game.apply("expand LMR MAN-LDS", 0)
    assert game.state.months[0] == 2
    turn_of(game, 1)
    game.apply("develop LIV-MAN", 1)
    assert game.state.months[1] == 1
    ok(game)


def test_fact_capitalise_costs_3_months_paid_by_the_winner() -> None:
    game = new2()
    seat = game.to_act[0]
    other = (seat + 1) % 4
    game.apply("auction LMR", seat)
    game.apply("pass", seat)
    game.apply("bid 6", other)
    for k in (2, 3):
        game.apply("pass", (seat + k) % 4)
    s = game.state
    assert s.months[other] == 3 and s.months[seat] == 0
    assert s.ledger.cash["co:LMR"] == 6 and s.held(idx(game, "LMR"), other) == 1
    ok(game)


def test_fact_no_bid_on_a_capitalised_share_costs_the_active_player_3_months() -> None:
    game = new2()
    seat = game.to_act[0]
    game.apply("auction LMR", seat)
    for k in range(4):
        game.apply("pass", (seat + k) % 4)
    assert game.state.months[seat] == 3 and game.state.status[idx(game, "LMR")] == INACTIVE


def test_fact_five_players_get_one_more_month_a_round() -> None:
    lengths = {n: months.round_months(new2(players=n).state) for n in (3, 4, 5)}
    assert lengths[5] == lengths[4] + 1 and lengths[3] == lengths[4]


def test_fact_a_round_has_a_cutoff_and_players_past_it_may_still_bid() -> None:
    game = new2()
    s = game.state
    cut = months.cutoff(s)
    s.months = [cut, cut + 1, 0, cut]
    turn_of(game, 2)
    game.apply("auction LMR", 2)
    game.apply("pass", 2)
    game.apply("bid 5", 3)  # past the cut-off: may bid
    game.apply("pass", 0)
    game.apply("pass", 1)
    assert s.held(idx(game, "LMR"), 3) == 1 and s.months[3] == cut + 3
    game.apply(game.legal_actions(3)[0], 3)  # Di lays the free link
    assert game.to_act == (2,)  # only Cy is before the cut-off
    ok(game)


def test_fact_general_dividends_are_round_end_payouts_rounded_down() -> None:
    game = new2()
    activate2(game, "LMR", {0: 2, 1: 1})
    lay2(game, "LMR", ["LIV", "MAN"])  # income 10, 3 issued shares: 3 a share
    s = game.state
    cut = months.cutoff(s)
    s.months = [cut, cut, cut, cut - 1]
    before = [s.cash(k) for k in range(4)]
    turn_of(game, 3)
    game.apply("develop LIV-MAN", 3)  # LMR's income 10 -> 12: 4 a share
    assert s.dividends_paid == 1 and s.round == 2
    assert [s.cash(k) - before[k] for k in range(4)] == [8, 4, 0, -2]  # Di paid 2
    s.income[idx(game, "LMR")] = 11  # 11 / 3 rounds down to 3
    assert boardroom.titles.congress.dividends.per_share(s, idx(game, "LMR")) == 3


def test_fact_actions_are_compulsory() -> None:
    game = new2()
    seat = game.to_act[0]
    refused(game, "pass", seat, "congress.turn.compulsory")
    assert all(str(a) != "pass" for a in game.legal_actions(seat))


# -- Capitalise ---------------------------------------------------------------------------
def test_fact_capitalise_the_price_goes_to_the_treasury_minimum_5_for_a_new_share() -> None:
    game = new2()
    seat = game.to_act[0]
    game.apply("auction EUR", seat)
    refused(game, "bid 4", seat, "congress.auction.bid-higher")
    game.apply("bid 9", seat)
    for k in (1, 2, 3):
        game.apply("pass", (seat + k) % 4)
    assert game.state.ledger.cash["co:EUR"] == 9 and game.state.cash(seat) == 36


def test_fact_a_founding_share_first_auctioned_builds_one_free_link() -> None:
    game = new2()
    seat = game.to_act[0]
    game.apply("auction LSR", seat)
    game.apply("bid 5", seat)
    for k in (1, 2, 3):
        game.apply("pass", (seat + k) % 4)
    s = game.state
    assert s.step == FREE_LINK and game.to_act == (seat,)
    legal = {str(a) for a in game.legal_actions(seat)}
    assert legal == {"expand LSR YRK-HUL", "expand LSR YRK-LDS", "expand LSR YRK-NCL"}
    game.apply("expand LSR YRK-LDS", seat)
    lsr = idx(game, "LSR")
    assert s.ledger.cash["co:LSR"] == 5 and s.income[lsr] == 3 + 4 and s.step == TURN
    assert s.months[seat] == 3  # the free link costs no time
    ok(game)


def test_fact_a_port_forces_a_capitalise() -> None:
    game = new2()
    activate2(game, "LMR", {0: 1})
    switched(game)
    turn_of(game, 0)
    game.apply("expand LMR LIV-AME", 0)
    s = game.state
    assert s.step == AUCTION and s.auction is not None and s.auction.kind == "port"
    assert s.ledger.cash["co:LMR"] == 60 - 14
    ok(game)


# -- Expand -------------------------------------------------------------------------------
def test_fact_expand_a_shareholder_builds_paid_from_the_treasury_to_the_bank() -> None:
    game = new2()
    activate2(game, "LMR", {0: 1}, cash=30)
    turn_of(game, 1)
    refused(game, "expand LMR LIV-MAN", 1, "congress.expand.shareholder")
    turn_of(game, 0)
    bank = game.state.ledger.cash["bank"]
    game.apply("expand LMR LIV-MAN", 0)
    assert game.state.ledger.cash["co:LMR"] == 20 and game.state.ledger.cash["bank"] == bank + 10


def test_fact_expand_a_link_raises_income_by_both_ends_values() -> None:
    game = new2()
    activate2(game, "LMR", {0: 1})
    turn_of(game, 0)
    game.apply("expand LMR LIV-MAN", 0)
    assert game.state.income[idx(game, "LMR")] == 5 + 5


def test_fact_expand_one_company_per_link() -> None:
    game = new2()
    activate2(game, "LMR", {0: 1})
    activate2(game, "LSR", {0: 1})
    lay2(game, "LSR", ["YRK", "LDS", "MAN"])
    lay2(game, "LMR", ["LIV", "MAN"])
    turn_of(game, 0)
    refused(game, "expand LMR MAN-LDS", 0, "congress.expand.link")
    assert "expand LMR MAN-LDS" not in {str(a) for a in game.legal_actions(0)}


def test_fact_expand_no_company_builds_more_than_three_links_from_one_city() -> None:
    game = new2()
    activate2(game, "LBSC", {0: 1})  # London: 7 land links and 2 foreign
    lay2(game, "LBSC", ["BTN", "LON", "RDG"])
    lay2(game, "LBSC", ["LON", "CAM"])
    turn_of(game, 0)
    refused(game, "expand LBSC LON-IPS", 0, "congress.expand.three-links")


def test_fact_expand_not_all_the_links_of_a_city_with_more_than_two() -> None:
    game = new2()
    activate2(game, "LMR", {0: 1})  # Chester: LIV, HLY, CRE
    lay2(game, "LMR", ["LIV", "CHE", "HLY"])
    turn_of(game, 0)
    refused(game, "expand LMR CHE-CRE", 0, "congress.expand.not-all-links")
    game2 = new2()
    activate2(game2, "LMR", {0: 1})  # Penzance has one link: a company may build it
    lay2(game2, "LMR", ["LIV", "CHE"])
    game2.state.network[idx(game2, "LMR")].add(idx(game2, "PLY"))
    turn_of(game2, 0)
    assert "expand LMR PLY-PNZ" in {str(a) for a in game2.legal_actions(0)}


def test_fact_expand_before_the_3rd_dividend_one_link_a_turn_for_10() -> None:
    game = new2()
    activate2(game, "LMR", {0: 3})
    turn_of(game, 0)
    game.apply("expand LMR LIV-MAN", 0)
    s = game.state
    assert s.step == TURN and s.ledger.cash["co:LMR"] == 50


def test_fact_expand_after_the_3rd_dividend_the_plurality_holder_builds_two_for_30() -> None:
    game = new2()
    activate2(game, "LMR", {0: 2, 1: 1})
    switched(game)
    turn_of(game, 0)
    game.apply("expand LMR LIV-MAN", 0)
    s = game.state
    assert s.step == EXPAND_MORE
    game.apply("expand LMR MAN-LDS", 0)
    assert s.ledger.cash["co:LMR"] == 60 - 30 and s.step != EXPAND_MORE
    assert s.months[0] == 36 + 2  # one Expand: 2 months
    turn_of(game, 1)  # not the plurality holder: one link
    game.apply("expand LMR LIV-PRE", 1)
    assert s.step == TURN
    ok(game)


def test_fact_expand_first_link_touches_the_home_station() -> None:
    game = new2()
    activate2(game, "LMR", {0: 1})
    turn_of(game, 0)
    legal = [a for a in game.legal_actions(0) if str(a).startswith("expand")]
    assert legal and all(str(a).split()[2].startswith("LIV-") for a in legal)


def test_fact_track_may_be_built_to_the_home_of_a_company_not_yet_operating() -> None:
    game = new2()
    activate2(game, "LMR", {0: 1})
    turn_of(game, 0)
    game.apply("expand LMR LIV-CHE", 0)  # not a home
    turn_of(game, 0)
    activate2(game, "LBSC", {0: 1})
    lay2(game, "LBSC", ["BTN", "SOU"])
    turn_of(game, 0)
    game.apply("expand LBSC SOU-EXE", 0)  # Exeter: the Great Western's, not started
    s = game.state
    assert idx(game, "EXE") in s.network[idx(game, "LBSC")] and not s.events
    # and an unstarted founding company whose home is reached can no longer start
    lay2(game, "LBSC", ["BTN", "LON", "IPS"])
    turn_of(game, 1)
    refused(game, "auction EUR", 1, "congress.capitalise.home-taken")


def test_fact_before_the_3rd_dividend_no_link_to_an_active_companys_home() -> None:
    game = new2()
    activate2(game, "LMR", {0: 1})
    activate2(game, "LSR", {1: 1})
    lay2(game, "LMR", ["LIV", "MAN", "LDS"])
    turn_of(game, 0)
    refused(game, "expand LMR LDS-YRK", 0, "congress.expand.no-early-merger")
    refused(game, "expand LMR LIV-DUB", 0, "congress.expand.foreign-links")


# -- Develop ------------------------------------------------------------------------------
def test_fact_develop_two_locations_connected_by_the_same_company() -> None:
    game = new2()
    activate2(game, "LMR", {0: 1})
    lay2(game, "LMR", ["LIV", "MAN", "LDS"])  # income (5+5) + (5+4) = 19
    turn_of(game, 1)
    refused(game, "develop LIV-PRE", 1, "congress.develop.two-locations")
    refused(game, "develop MAN", 1, "notation")
    game.apply("develop MAN-LDS", 1)
    s = game.state
    assert s.value[idx(game, "MAN")] == 6 and s.value[idx(game, "LDS")] == 5
    assert s.income[idx(game, "LMR")] == 19 + 2 + 1  # MAN has two LMR links, LDS one
    ok(game)


# -- the switch, mergers, the end ---------------------------------------------------------
def test_fact_the_3rd_dividend_switches_merger_company_shares_and_mergers() -> None:
    game = new2()
    activate2(game, "LMR", {0: 2})
    activate2(game, "LSR", {1: 1})
    lay2(game, "LMR", ["LIV", "MAN", "LDS"])
    turn_of(game, 0)
    assert not any(str(a).endswith(("CR", "GWR", "NER", "LNWR", "SWR"))
                   for a in game.legal_actions(0) if str(a).startswith("auction"))
    switched(game)
    turn_of(game, 0)
    game.apply("expand LMR LDS-YRK", 0)  # York: LSR's home, after the switch a merger
    s = game.state
    assert s.step == MERGE
    game.apply("merge LSR into LMR pay LMR", 0)
    assert s.status[idx(game, "LSR")] == ACQUIRED and s.step == START
    game.apply("start NER", 0)  # Sheffield, unconnected: a merger-company share on offer
    assert s.step == AUCTION and s.status[idx(game, "NER")] == ACTIVE
    ok(game)


def test_fact_an_acquired_companys_track_becomes_the_acquirers() -> None:
    game = new2()
    activate2(game, "LMR", {0: 2})
    activate2(game, "LSR", {1: 1})
    lay2(game, "LMR", ["LIV", "MAN", "LDS"])
    lay2(game, "LSR", ["YRK", "HUL"])
    switched(game)
    turn_of(game, 0)
    game.apply("expand LMR LDS-YRK", 0)
    game.apply("merge LSR into LMR pay LMR", 0)
    s = game.state
    hul = s.data.link_between[frozenset((idx(game, "YRK"), idx(game, "HUL")))]
    assert s.owner[hul] == idx(game, "LMR")
    ok(game)


def test_fact_the_game_ends_at_the_6th_dividend_with_treasury_payout_and_city_value() -> None:
    game = new2()
    activate2(game, "LMR", {0: 2, 1: 1}, cash=31)
    lay2(game, "LMR", ["LIV", "MAN", "LDS"])  # income 19, 3 cities
    s = game.state
    s.dividends_paid = 5
    s.round = 6
    cut = months.cutoff(s)
    s.months = [cut, cut, cut, cut - 1]
    before = [s.cash(k) for k in range(4)]
    turn_of(game, 3)
    game.apply("develop LIV-MAN", 3)  # income 19 -> 22: 7 a share at the 6th dividend
    assert s.step == OVER and game.is_over
    # dividend 7 + treasury 31 // 3 = 10 + 3 cities = 20 a share
    assert [s.cash(k) - before[k] for k in range(4)] == [40, 20, 0, -2]  # Di paid 2
    assert s.ledger.cash["co:LMR"] == 1
    assert game.result is not None and game.result.scores == tuple(s.cash(k) for k in range(4))


# -- versions -----------------------------------------------------------------------------
def test_new_games_play_rules_version_3_and_version_1_records_replay() -> None:
    game = boardroom.new_game("congress", ["A", "B", "C"], seed=4)
    assert game.record.rules_version == "3" and game.state.data.version == 3
    assert game.view(None)["rules_version"] == "3"
    old = Game("congress", ["A", "B", "C"], seed=4, rules_version="1")
    bots = [make_bot("random", seed=s) for s in range(3)]
    while not old.is_over:
        seat = old.to_act[0]
        old.apply(bots[seat].choose(old, seat), seat)
    again = boardroom.load(old.to_record())
    assert again.record.rules_version == "1" and again.is_over
    assert again.result == old.result and again.state.data.version == 1
    assert {c.kind for c in again.state.data.cities} == {CITY}


# -- Boardroom's readings where the facts are silent (docs/congress.md) --------------------
def test_reading_a_link_may_close_a_loop_inside_the_network() -> None:
    game = new2()
    activate2(game, "LMR", {0: 1})
    lay2(game, "LMR", ["LIV", "MAN", "PRE"])
    turn_of(game, 0)
    legal = {str(a) for a in game.legal_actions(0)}
    assert "expand LMR PRE-LIV" in legal and "expand LMR LIV-PRE" not in legal  # listed once
    game.apply("expand LMR LIV-PRE", 0)  # either direction is accepted
    assert game.state.income[idx(game, "LMR")] == 10 + 7 + 7
    ok(game)


def test_reading_after_the_switch_a_merger_supply_share_may_be_capitalised() -> None:
    game = new2()
    activate2(game, "LMR", {0: 5})  # the pool is empty
    turn_of(game, 0)
    refused(game, "auction LMR", 0, "congress.capitalise.share")
    switched(game)
    turn_of(game, 0)
    game.apply("auction LMR", 0)
    s = game.state
    assert s.auction is not None and s.auction.source == "supply"


def test_the_version_2_view_carries_what_a_table_needs() -> None:
    import json

    game = new2()
    activate2(game, "LMR", {0: 1})
    lay2(game, "LMR", ["LIV", "MAN"])
    view = game.view(1)
    assert view == json.loads(json.dumps(view)) and view == game.view(None) | {"seat": 1}
    assert view["rules_version"] == "2" and view["switch"] == {"dividend": 3, "passed": False}
    london = next(c for c in view["cities"] if c["id"] == "LON")
    assert {"x", "y", "kind", "value", "links"} <= set(london)
    link = next(k for k in view["links"] if {k["a"], k["b"]} == {"LIV", "MAN"})
    assert link["owner"] == "LMR" and link["cost"] == 10 and link["income"] == 10
    assert [m["month"] for m in view["months"]["track"]] == [0, 0, 0, 0]
    assert view["months"]["cutoff"] == 12 and view["months"]["costs"]["capitalise"] == 3
    assert view["income_track"]["markers"] == [{"company": "LMR", "income": 10}]
