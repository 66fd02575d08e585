"""The merger rules of shared/rules/004, one test (at least) per rule, named after it.

Positions come from ``tests/congress_positions.py``. The map is the shipped (invented)
one: LMR's home is Liverpool (LIV, value 5), MSL's Manchester (MAN, 6), the merger company
LYR's Bolton (BOL, 3); Warrington (WAR) and Wigan (WIG) are worth 2.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardroom import Game, IllegalAction
from boardroom.titles.congress.actions import Merge, Nominate, Pass, Start
from boardroom.titles.congress.data import shipped_raw
from boardroom.titles.congress.state import (
    ACQUIRED,
    ACTIVE,
    ALL_STARTED,
    AUCTION,
    MERGE,
    POOL,
    START,
    SUPPLY,
    TURN,
    face_down,
    player,
    treasury,
)
from congress_positions import activate, idx, lay, new, ok, turn_of


def two_companies(options: dict[str, Any] | None = None, via_bolton: bool = False) -> Game:
    """LMR (Ann 2, Bob 1) has track Liverpool-Warrington; MSL (Bob 2, Cy 1) is at
    Manchester; it is Ann's turn. With ``via_bolton`` LMR also reaches Bolton, LYR's home."""
    game = new(options)
    activate(game, "LMR", {0: 2, 1: 1})
    activate(game, "MSL", {1: 2, 2: 1})
    lay(game, "LMR", ["LIV", "WAR"])
    if via_bolton:
        lay(game, "LMR", ["LIV", "WIG", "BOL"])
    turn_of(game, 0)
    ok(game)
    return game


def merged(options: dict[str, Any] | None = None, via_bolton: bool = False,
           choice: str | None = None) -> Game:
    game = two_companies(options, via_bolton)
    game.apply("expand LMR WAR-MAN", 0)
    chooser = (options or {}).get("special_dividend", "chooser") == "chooser"
    game.apply(choice or ("merge MSL into LMR pay MSL" if chooser else "merge MSL into LMR"), 0)
    ok(game)
    return game


def cash(game: Game) -> list[int]:
    return [game.state.cash(s) for s in range(4)]


def test_congress_merger_connect_to_an_active_home_station_merges() -> None:
    game = two_companies()
    game.apply("expand LMR WAR-MAN", 0)
    assert game.state.step == MERGE and game.to_act == (0,)
    assert game.view(None)["merger"] == {"builder": "LMR", "target": "MSL"}
    ok(game)


def test_congress_merger_connect_only_at_a_home_station() -> None:
    game = two_companies()
    lay(game, "MSL", ["MAN", "STO"])  # Stockport is in MSL's network but not a home
    game.apply("expand LMR WAR-MAN", 0)
    assert game.state.step == MERGE
    other = two_companies()
    lay(other, "MSL", ["MAN", "BOL"])
    other.apply("expand LMR LIV-WIG", 0)
    other.apply("expand LMR WIG-BOL", 0)  # Bolton: MSL's track, LYR's (inactive) home
    assert other.state.step == TURN and not other.state.events
    ok(other)


def test_congress_merger_choose_acquired_either_way_and_nothing_else() -> None:
    game = two_companies({"special_dividend": "acquired"})
    game.apply("expand LMR WAR-MAN", 0)
    assert set(game.legal_actions(0)) == {Merge("MSL", "LMR"), Merge("LMR", "MSL")}
    before = (game.view(None), game.to_record())
    for bad in ("merge LMR into LNR", "merge MSL into MSL", "start LYR", "pass"):
        with pytest.raises(IllegalAction) as err:
            game.apply(bad, 0)
        assert err.value.rule in ("congress.merger.choose-acquired", "congress.turn.sequence")
    assert (game.view(None), game.to_record()) == before
    game.apply("merge LMR into MSL", 0)
    assert game.state.status[idx(game, "LMR")] == ACQUIRED
    assert game.state.status[idx(game, "MSL")] == ACTIVE
    ok(game)


def test_congress_merger_special_dividend_the_acquired_pays_before_the_exchange() -> None:
    game = two_companies({"special_dividend": "acquired"})
    game.apply("expand LMR WAR-MAN", 0)
    with pytest.raises(IllegalAction) as err:
        game.apply("merge MSL into LMR pay LMR", 0)
    assert err.value.rule == "congress.merger.special-dividend"
    start = cash(game)
    game.apply("merge MSL into LMR", 0)
    # MSL: income 6, 3 issued shares -> 2 a share, to Bob (2) and Cy (1), paid by the bank
    assert [c - s for c, s in zip(cash(game), start, strict=True)] == [0, 4, 2, 0]
    assert game.state.events[-1].payer == idx(game, "MSL")
    ok(game)


@pytest.mark.parametrize("payer", ["LMR", "MSL"])
def test_congress_merger_chooser_pays_the_active_player_names_the_side(payer: str) -> None:
    game = two_companies({"special_dividend": "chooser"})
    game.apply("expand LMR WAR-MAN", 0)
    assert len(game.legal_actions(0)) == 4
    with pytest.raises(IllegalAction) as err:
        game.apply("merge MSL into LMR", 0)
    assert err.value.rule == "congress.merger.chooser-pays"
    start = cash(game)
    game.apply(f"merge MSL into LMR pay {payer}", 0)
    gained = [c - s for c, s in zip(cash(game), start, strict=True)]
    if payer == "LMR":  # income 5+2 = 7 over 3 shares: 2 each, Ann 2 shares, Bob 1
        assert gained == [4, 2, 0, 0]
    else:
        assert gained == [0, 4, 2, 0]
    assert game.state.events[-1].payer == idx(game, payer)
    assert game.state.events[-1].held_acquirer == 2 and game.state.events[-1].held_acquired == 0
    ok(game)


def test_congress_merger_markers_join_the_acquirers_supply() -> None:
    game = merged()
    s = game.state
    assert s.markers[idx(game, "LMR")] == 8 - 2 + 8
    assert s.markers[idx(game, "MSL")] == 0


def test_congress_merger_shares_replaced_from_the_pool_then_the_merger_supply() -> None:
    game = merged()
    s = game.state
    lmr = s.ledger.shares["LMR"]
    # LMR had 2 left in its pool: Bob (first after Ann) takes both, Cy one from the supply
    assert lmr[player(1)] == 1 + 2 and lmr[player(2)] == 1
    assert POOL not in lmr and lmr[SUPPLY] == 4


def test_congress_merger_shares_replaced_as_far_as_the_supply_goes() -> None:
    raw = shipped_raw(1)
    for co in raw["companies"]:
        if co["id"] == "LMR":
            co["pool"], co["merger_supply"] = 3, 0
    game = new({"data": raw})
    activate(game, "LMR", {0: 3})
    activate(game, "MSL", {1: 2})
    lay(game, "LMR", ["LIV", "WAR"])
    turn_of(game, 0)
    game.apply("expand LMR WAR-MAN", 0)
    game.apply("merge MSL into LMR pay LMR", 0)
    assert game.state.held(idx(game, "LMR"), 1) == 0
    assert game.state.events[-1].lost == 2
    assert any("not replaced" in line for line in game.log)
    ok(game)


def test_congress_merger_face_down_in_the_acquirers_pool() -> None:
    game = merged()
    msl = game.state.ledger.shares["MSL"]
    assert msl == {face_down("LMR"): 10}
    lmr_view = next(c for c in game.view(None)["companies"] if c["id"] == "LMR")
    assert lmr_view["face_down"] == {"MSL": 10}
    assert next(c for c in game.view(None)["companies"]
                if c["id"] == "MSL")["status"] == "component"


def test_congress_merger_face_down_components_follow_a_second_merger() -> None:
    game = merged(via_bolton=True)
    game.apply("start LYR", 0)  # LYR acquires LMR (its track reaches Bolton)
    ledger = game.state.ledger
    assert ledger.shares["MSL"] == {face_down("LYR"): 10}
    assert ledger.shares["LMR"] == {face_down("LYR"): 10}
    ok(game)


def test_congress_merger_income_added_and_the_acquired_marker_removed() -> None:
    game = two_companies()
    game.apply("expand LMR WAR-MAN", 0)
    s = game.state
    before = s.ledger.cash[treasury("LMR")] + s.ledger.cash[treasury("MSL")]
    game.apply("merge MSL into LMR pay MSL", 0)
    assert s.income[idx(game, "LMR")] == 7 + 6
    assert s.income[idx(game, "MSL")] == 0
    assert s.ledger.cash[treasury("LMR")] == before and s.ledger.cash[treasury("MSL")] == 0
    assert "MSL leaves the income track" in " ".join(game.log)


def test_congress_merger_several_homes_a_merged_company_keeps_both() -> None:
    game = merged()
    lmr = next(c for c in game.view(None)["companies"] if c["id"] == "LMR")
    assert lmr["homes"] == ["LIV", "MAN"]
    game.apply("start LYR", 0)
    for seat in range(4):  # nobody bids for LYR: Ann's turn ends
        game.apply("pass", (seat) % 4)
    assert game.state.current == 1 and game.state.step == TURN
    activate(game, "SRR", {1: 1})
    lay(game, "SRR", ["SHE", "STO"])
    game.apply("expand SRR STO-MAN", 1)  # Manchester: now one of LMR's home stations
    assert game.state.step == MERGE
    assert game.view(None)["merger"] == {"builder": "SRR", "target": "LMR"}
    ok(game)


def test_congress_merger_start_company_the_active_player_selects_one() -> None:
    game = merged()
    assert game.state.step == START and game.to_act == (0,)
    assert set(game.legal_actions(0)) == {Start("LYR"), Start("MID"), Start("NER")}
    with pytest.raises(IllegalAction) as err:
        game.apply("start LNR", 0)
    assert err.value.rule == "congress.merger.start-company"


def test_congress_merger_start_acquires_companies_connected_to_its_home() -> None:
    game = merged(via_bolton=True)
    s = game.state
    income = s.income[idx(game, "LMR")]
    game.apply("start LYR", 0)
    assert s.status[idx(game, "LMR")] == ACQUIRED
    assert s.income[idx(game, "LYR")] == income
    assert s.homes[idx(game, "LYR")] == {idx(game, c) for c in ("BOL", "LIV", "MAN")}
    # every LMR share held (Ann 2, Bob 3, Cy 1) replaced from LYR's merger supply
    assert [s.held(idx(game, "LYR"), p) for p in range(4)] == [2, 3, 1, 0]
    assert s.supply(idx(game, "LYR")) == 12 - 6
    assert s.events[-1].kind == "start"
    ok(game)


def test_congress_merger_start_auction_from_the_pool_else_the_merger_supply() -> None:
    game = merged()
    game.apply("start LYR", 0)
    a = game.state.auction
    assert game.state.step == AUCTION and a is not None
    assert a.source == SUPPLY and a.auctioneer == 0 and game.to_act == (0,)
    raw = shipped_raw(1)
    for co in raw["companies"]:
        if co["id"] == "LYR":
            co["pool"] = 1
    other = new({"data": raw})
    activate(other, "LMR", {0: 2, 1: 1})
    activate(other, "MSL", {1: 2, 2: 1})
    lay(other, "LMR", ["LIV", "WAR"])
    turn_of(other, 0)
    other.apply("expand LMR WAR-MAN", 0)
    other.apply("merge MSL into LMR pay MSL", 0)
    other.apply("start LYR", 0)
    assert other.state.auction is not None and other.state.auction.source == POOL
    ok(other)


@pytest.mark.parametrize("connected", [True, False])
def test_congress_merger_start_dividend_when_its_home_was_connected(connected: bool) -> None:
    game = merged(via_bolton=connected)
    game.apply("start LYR", 0)
    game.apply("bid 5", 0)
    start = cash(game)
    for seat in (1, 2, 3):
        game.apply("pass", seat)
    gained = [c - s for c, s in zip(cash(game), start, strict=True)]
    if connected:
        # LYR: income 5+2+2+3+6 = 18; Ann 2+1 (the auctioned share), Bob 3, Cy 1 -> 7
        # issued, 18 // 7 = 2 a share; Ann also paid her bid of 5 into LYR's treasury
        assert gained == [3 * 2 - 5, 3 * 2, 2, 0]
    else:
        assert gained == [-5, 0, 0, 0]
    assert game.state.step == TURN and game.state.current == 1
    ok(game)


@pytest.mark.parametrize("chaining", ["automatic", "none"])
def test_congress_merger_chaining_the_winner_starts_the_next(chaining: str) -> None:
    game = merged({"chaining": chaining})
    game.apply("start LYR", 0)
    game.apply("pass", 0)
    game.apply("bid 4", 1)
    game.apply("pass", 2)
    game.apply("pass", 3)
    if chaining == "automatic":
        assert game.state.step == START and game.to_act == (1,)
        assert set(game.legal_actions(1)) == {Start("MID"), Start("NER")}
        game.apply("start MID", 1)
        assert game.state.auction is not None and game.state.auction.auctioneer == 1
        for seat in (1, 2, 3, 0):
            game.apply("pass", seat)  # no bid: the chain stops, Ann's turn ends
        assert game.state.step == TURN and game.state.current == 1
    else:
        assert game.state.step == TURN and game.state.current == 1
    ok(game)


def test_congress_merger_no_bid_the_auctioneer_discards_and_is_paid() -> None:
    game = merged(via_bolton=True)
    game.apply("start LYR", 0)
    start = cash(game)
    for seat in range(4):
        game.apply("pass", seat)
    s = game.state
    lyr = idx(game, "LYR")
    assert s.pool(lyr) == 1 and s.supply(lyr) == 12 - 6 - 1
    gained = [c - s0 for c, s0 in zip(cash(game), start, strict=True)]
    # no-bid: 18 // (6 issued + the auctioned share) = 2 to Ann; then the Special
    # Dividend, 18 // 6 = 3 a share (Ann 2, Bob 3, Cy 1)
    assert gained == [2 + 6, 9, 3, 0]
    assert any("Nobody bids" in line for line in game.log)
    ok(game)


def test_congress_merger_all_started_pass_or_auction_a_pool_share() -> None:
    game = two_companies()
    for company in ("LYR", "MID", "NER"):
        activate(game, company, {}, cash=0)
    ok(game)
    game.apply("expand LMR WAR-MAN", 0)
    game.apply("merge MSL into LMR pay MSL", 0)
    assert game.state.step == ALL_STARTED
    legal = set(game.legal_actions(0))
    assert legal == {Pass()}  # LMR's pool is empty after the exchange; nothing else is up
    activate(game, "LNR", {3: 1})
    assert set(game.legal_actions(0)) == {Pass(), Nominate("LNR")}
    with pytest.raises(IllegalAction) as err:
        game.apply("auction LMR", 0)
    assert err.value.rule == "congress.merger.all-started"
    game.apply("auction LNR", 0)
    assert game.state.auction is not None and game.state.auction.kind == "capitalise"
    for seat in range(4):
        game.apply("pass", seat)
    assert game.state.step == TURN and game.state.current == 1
    ok(game)
