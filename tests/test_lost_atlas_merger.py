"""The Merger Round (rulebook "Merger Round" with Diagram 9, Company Details; summary 000
"Mergers"; components §5.2).

Rule ids: lost_atlas.merger.turn, step, partner, refused, connection, major, discard.

Positions are made as a game makes them: random legal map building, then real Stock
Round auctions, buys and sells through the title. Three things are set by hand, as the
Operating Round (not played here) would have left them: the map is replaced by a small
exact board (``lost_atlas_boards``) holding the launched minors' homes, track is laid with
``track_laying.lay`` by the minors themselves (each lay checked), and the trains, the
phase and "has operated" are set. The Merger Round then starts through ``flow`` after the
second Operating Round, and every decision goes through the title.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from boardroom.core.errors import IllegalAction
from boardroom.map.hexes import Hex
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board.hubs import check_hub, check_suburb
from boardroom.titles.lost_atlas.board.operator import EXPANSIVE, OVERNIGHT, SUBURBAN, Operator
from boardroom.titles.lost_atlas.board.track_laying import LayBudget, TileLay, check_lay, lay
from boardroom.titles.lost_atlas.rounds import flow, merger_round, trains
from boardroom.titles.lost_atlas.state import (
    BANK,
    MAJOR,
    MERGER,
    OPERATING,
    STOCK,
    LostAtlasState,
    company_account,
)
from lost_atlas_boards import build, region, turned
from lost_atlas_games import connect, launch_unopposed
from lost_atlas_setup import TITLE, act, started

R = "lost_atlas.merger."
PLAYERS = ["Ann", "Bob", "Cy"]
ANN, BOB, CY = 0, 1, 2
GREEN = ("yellow", "green")


# -- building positions -------------------------------------------------------------------
def turn(state: LostAtlasState, seat: int, *texts: str) -> None:
    """The other players pass in the Stock Round until ``seat`` acts, then ``texts``."""
    while TITLE.to_act(state) != (seat,):
        act(state, "pass")
    for text in texts:
        act(state, text)


def launched(launches: Iterable[tuple[int, str, int]], homes: dict[Hex, str],
             mode: str = "short", players: list[str] | None = None,
             cities: Iterable[Hex] = (), seed: int = 1) -> LostAtlasState:
    """A game in its first Stock Round on an exact board (land at q -2..4, r -2..12,
    with the given homes and basic cities), after ``(seat, minor, bid)`` auctions won
    unopposed."""
    state = started(players or PLAYERS, mode=mode, seed=seed)
    spec: dict[Hex, object] = dict(region(range(-2, 5), range(-2, 13)))
    spec.update({h: ("home", minor) for h, minor in homes.items()})
    spec.update({h: "city" for h in cities})
    state.board = build(spec)  # type: ignore[arg-type]
    launch_unopposed(state, launches)
    return state


def operated(state: LostAtlasState) -> None:
    """As if every company had run in an Operating Round (its shares may be sold)."""
    for corp in state.corps.values():
        corp.operated = True


def to_merger(state: LostAtlasState, bought: tuple[str, ...] = ("2", "3"),
              phase: str = "green") -> list[str]:
    """The second Operating Round of the cycle ends (trains already set): the flow
    starts the Merger Round."""
    state.sr = state.auction = None
    state.phase = phase
    state.bought = set(bought)
    # The stack as those purchases left it: everything above the first copy of the
    # newest train bought is gone.
    cut = max(state.trains.index(t) for t in bought)
    state.trains = state.trains[cut + 1:]
    operated(state)
    state.round, state.or_number = OPERATING, 2
    log: list[str] = []
    flow.after_operating(state, log)
    return log


def legal_texts(state: LostAtlasState) -> list[str]:
    seat = TITLE.to_act(state)[0]
    return [str(a) for a in TITLE.legal_actions(state, seat)]


def refused(state: LostAtlasState, text: str) -> str:
    """The rule id ``text`` breaks now (the state must not change)."""
    before = TITLE.view(state, None)
    with pytest.raises(IllegalAction) as err:
        act(state, text)
    assert TITLE.view(state, None) == before
    return err.value.rule


def line(*launches: tuple[int, str, int], cities: int = 0, wide: bool = False,
         mode: str = "short", players: list[str] | None = None) -> LostAtlasState:
    """The minors' homes down column 0 at rows 0, 2, 4... then ``cities`` basic cities;
    each minor lays the track from its home to the next city (the last one to the end).
    ``wide``: the homes between the ends are upgraded to two-slot green cities (tile 14),
    so routes pass them."""
    minors = [minor for _, minor, _ in launches]
    homes = {(0, 2 * i): minor for i, minor in enumerate(minors)}
    extra = [(0, 2 * (len(minors) + j)) for j in range(cities)]
    state = launched(launches, homes, mode=mode, players=players, cities=extra)
    last = 2 * (len(minors) + cities - 1)
    for i, minor in enumerate(minors):
        end = 2 * i + 2 if i < len(minors) - 1 else last
        connect(state, minor, range(2 * i, end + 1))
    if wide:
        for i, minor in enumerate(minors[1:-1], start=1):
            widen(state, minor, (0, 2 * i))
    return state


def widen(state: LostAtlasState, company: str, h: Hex) -> None:
    """``company`` upgrades the straight city on ``h`` to the two-slot green city 14."""
    op = Operator(company, state.corps[company].abilities, 10_000)
    upgrade = TileLay(h, "14", turned("14", {0, 1, 3, 4}))
    assert check_lay(state.board, op, GREEN, LayBudget(), upgrade) is None
    lay(state.board, op, LayBudget(), upgrade)


def merge_first(state: LostAtlasState, major: str = "union") -> list[str]:
    """The minor asked now proposes to its first partner, which accepts; the new
    president chooses ``major``. Returns the log of the choice."""
    mr = state.mr
    assert isinstance(mr, merger_round.MergerRound)
    minor = mr.order[0]
    other = merger_round.partners(state, minor)[0]
    act(state, f"merge {minor} {other}")
    if isinstance(state.mr, merger_round.MergerRound) and state.mr.step == merger_round.ANSWER:
        act(state, "accept")
    return act(state, f"major {major}")


# -- notation -----------------------------------------------------------------------------
def test_notation_reads_back() -> None:
    for action in (merger_round.Propose("expansive", "express"), merger_round.Accept(),
                   merger_round.Refuse(), merger_round.ChooseMajor("union"), Pass(),
                   trains.Discard("union", "3")):
        assert TITLE.parse(str(action)) == action
    assert str(merger_round.Propose("expansive", "express")) == "merge expansive express"
    for text in ("merge expansive", "accept now", "major"):
        with pytest.raises(IllegalAction) as err:
            TITLE.parse(text)
        assert err.value.rule == "notation"


# -- the round's order and its end ----------------------------------------------------------
def test_no_merger_round_with_one_minor() -> None:
    state = line((ANN, "expansive", 160))
    log = to_merger(state)
    assert "There is no Merger Round: fewer than two minor companies remain." in log
    assert state.round == STOCK and state.cycle == 2 and state.mr is None


def test_minors_are_asked_in_descending_price_and_the_round_ends() -> None:
    # Expansive 80, Express 90, Resourceful 70: Express is asked first, then Expansive,
    # then Resourceful. When all have passed the round ends and a train is exported.
    state = line((ANN, "expansive", 160), (BOB, "express", 180), (CY, "resourceful", 140),
                 wide=True)
    log = to_merger(state)
    assert "The Merger Round begins." in log
    assert state.round == MERGER
    assert TITLE.to_act(state) == (BOB,)
    assert legal_texts(state) == ["merge express expansive", "merge express resourceful",
                                  "pass"]
    assert act(state, "pass") == ["Bob passes for Express."]
    assert TITLE.to_act(state) == (ANN,)
    assert legal_texts(state) == ["merge expansive express", "merge expansive resourceful",
                                  "pass"]
    act(state, "pass")
    assert TITLE.to_act(state) == (CY,)
    stack = list(state.trains)
    log = act(state, "pass")
    assert "The Merger Round ends." in log
    assert state.round == STOCK and state.mr is None and state.cycle == 2
    assert state.trains == stack[1:]  # the export follows the Merger Round


def test_a_minor_without_partner_is_passed_over() -> None:
    # Tunneling (first, at 90) stands apart with no track: it is not asked.
    state = launched([(ANN, "expansive", 160), (BOB, "express", 140),
                      (CY, "tunneling", 180)],
                     {(0, 0): "expansive", (0, 2): "express", (3, 6): "tunneling"})
    connect(state, "expansive", range(0, 3))
    log = to_merger(state)
    assert "Tunneling has no possible merger partner." in log
    assert TITLE.to_act(state) == (ANN,)
    act(state, "pass")
    act(state, "pass")
    assert state.round == STOCK


# -- shares and presidency ----------------------------------------------------------------
def shares_position() -> LostAtlasState:
    """Expansive: Ann 2 (president), Cy 1, treasury 1, pool 1.
    Express: Bob 2 (president), Ann 1, treasury 2."""
    state = line((ANN, "expansive", 160), (BOB, "express", 180))
    operated(state)
    turn(state, CY, "buy expansive treasury")
    turn(state, CY, "buy expansive treasury")
    turn(state, ANN, "buy express treasury")
    turn(state, CY, "sell expansive 1", "done")
    return state


def test_shares_convert_where_they_lie_and_the_largest_holder_presides() -> None:
    state = shares_position()
    exp, xpr = state.corps["expansive"].shares, state.corps["express"].shares
    assert (exp.players, exp.treasury, exp.pool) == ({ANN: 2, CY: 1}, 1, 1)
    assert (xpr.players, xpr.treasury, xpr.pool) == ({BOB: 2, ANN: 1}, 2, 0)
    to_merger(state)
    assert state.stock.operating_order() == ["express", "expansive"]  # 90, then 70
    assert TITLE.to_act(state) == (BOB,)
    log = act(state, "merge express expansive")
    assert log == ["Bob proposes to merge Express with Expansive."]
    assert TITLE.to_act(state) == (ANN,)  # Expansive's president answers
    assert legal_texts(state) == ["accept", "refuse"]
    assert refused(state, "pass") == R + "step"
    act(state, "accept")
    # Ann owns 3 of the 10 shares, Bob 2, Cy 1: Ann presides and chooses the major.
    assert TITLE.to_act(state) == (ANN,)
    assert legal_texts(state) == [f"major {m}" for m in state.components.majors]
    act(state, "major union")
    union = state.corps["union"]
    assert union.kind == MAJOR and union.minors == ("express", "expansive")
    assert union.name == "Union"
    shares = union.shares
    assert shares.total == 10 and shares.president_shares == 2 and shares.share_percent == 10
    assert shares.players == {ANN: 3, BOB: 2, CY: 1}
    assert (shares.treasury, shares.pool) == (3, 1)
    assert shares.president == ANN
    assert shares.certificates(ANN) == 2  # the president's certificate and a single
    assert shares.certificates(BOB) == 2  # Express's certificate became two singles
    assert "expansive" not in state.corps and "express" not in state.corps
    assert state.round == STOCK  # no minor left: the round is over
    TITLE.invariants(state)


@pytest.mark.parametrize(("expansive_bid", "express_bid", "president"),
                         [(160, 180, BOB), (180, 160, ANN)])
def test_presidency_tie_goes_to_the_earlier_minors_president(
        expansive_bid: int, express_bid: int, president: int) -> None:
    # Ann and Bob own two shares each: the president of the minor that operates first.
    state = line((ANN, "expansive", expansive_bid), (BOB, "express", express_bid))
    to_merger(state)
    proposer = TITLE.to_act(state)[0]
    act(state, "merge express expansive" if proposer == BOB else "merge expansive express")
    act(state, "accept")
    assert TITLE.to_act(state) == (president,)
    act(state, "major system")
    assert state.corps["system"].shares.president == president
    assert state.corps["system"].shares.players == {ANN: 2, BOB: 2}
    TITLE.invariants(state)


def test_a_third_player_with_most_shares_presides() -> None:
    # Cy owns 2 Expansive and 1 Express shares (3) against Ann's and Bob's 2.
    state = line((ANN, "expansive", 180), (BOB, "express", 160))
    turn(state, CY, "buy expansive treasury")
    turn(state, CY, "buy expansive treasury")
    turn(state, CY, "buy express treasury")
    to_merger(state)
    assert merger_round.new_president(state, "expansive", "express") == CY
    act(state, "merge expansive express")
    act(state, "accept")
    assert TITLE.to_act(state) == (CY,)
    act(state, "major federation")
    assert state.corps["federation"].shares.president == CY
    assert state.corps["federation"].shares.players == {ANN: 2, BOB: 2, CY: 3}


def test_one_president_of_both_agrees_by_proposing() -> None:
    state = line((ANN, "expansive", 160), (ANN, "express", 140))
    to_merger(state)
    log = act(state, "merge expansive express")
    assert log[-2:] == ["Ann presides over both and agrees.",
                        "Ann will preside over the new corporation and chooses it."]
    assert TITLE.to_act(state) == (ANN,)
    assert refused(state, "accept") == R + "step"
    assert refused(state, "major atlantis") == R + "major"
    act(state, "major union")
    assert state.corps["union"].shares.players == {ANN: 4}


# -- refusals and connections -------------------------------------------------------------
def test_a_refused_merger_may_not_be_proposed_again_this_round() -> None:
    # Express (0,0), Expansive (0,2, widened), Resourceful (0,4): all connected.
    state = line((BOB, "express", 160), (ANN, "expansive", 180), (CY, "resourceful", 140),
                 wide=True)
    to_merger(state)
    assert TITLE.to_act(state) == (ANN,)
    act(state, "merge expansive express")
    assert TITLE.to_act(state) == (BOB,)
    log = act(state, "refuse")
    assert log == ["Bob refuses: Expansive and Express may not merge this round."]
    # Ann keeps Expansive's turn: Express is no longer offered, Resourceful still is.
    assert TITLE.to_act(state) == (ANN,)
    assert legal_texts(state) == ["merge expansive resourceful", "pass"]
    assert refused(state, "merge expansive express") == R + "refused"
    act(state, "pass")
    # Express's turn: the same pair, proposed the other way round, is refused too.
    assert TITLE.to_act(state) == (BOB,)
    assert refused(state, "merge express expansive") == R + "refused"
    assert legal_texts(state) == ["merge express resourceful", "pass"]
    act(state, "pass")
    assert legal_texts(state) == ["merge resourceful expansive", "merge resourceful express",
                                  "pass"]
    act(state, "pass")
    assert state.round == STOCK
    # The next Merger Round forgets the refusal.
    state.sr = None
    state.round, state.or_number = OPERATING, 2
    flow.after_operating(state, [])
    assert "merge expansive express" in legal_texts(state)


def test_a_refusal_leaving_no_partner_ends_the_minors_turn() -> None:
    state = line((ANN, "expansive", 180), (BOB, "express", 160))
    to_merger(state)
    act(state, "merge expansive express")
    log = act(state, "refuse")
    assert "Expansive has no possible merger partner." in log
    assert "Express has no possible merger partner." in log
    assert "The Merger Round ends." in log
    assert state.round == STOCK


def test_an_unconnected_pair_may_not_merge() -> None:
    # Expansive's track stops short of Express's home; Express reaches Resourceful.
    state = launched([(ANN, "expansive", 180), (BOB, "express", 160),
                      (CY, "resourceful", 140)],
                     {(0, 0): "expansive", (0, 4): "express", (0, 8): "resourceful"})
    connect(state, "expansive", range(0, 2))
    connect(state, "express", range(4, 9))
    log = to_merger(state)
    assert "Expansive has no possible merger partner." in log
    assert not merger_round.connected(state, "expansive", "express")
    assert not merger_round.connected(state, "express", "expansive")
    assert TITLE.to_act(state) == (BOB,)
    assert legal_texts(state) == ["merge express resourceful", "pass"]
    assert refused(state, "merge express expansive") == R + "connection"
    assert refused(state, "merge express express") == R + "partner"
    assert refused(state, "merge express tunneling") == R + "partner"
    assert refused(state, "merge expansive express") == R + "turn"
    assert refused(state, "major union") == R + "step"
    assert refused(state, "discard express 2") == R + "step"


@pytest.mark.parametrize(("minor", "can"), [("agricultural", False), ("overnight", True)])
def test_overnight_traces_through_a_full_city_to_merge(minor: str, can: bool) -> None:
    # Long Game. Express's full home (0,2) stands between (0,0) and Resourceful (0,4):
    # Agricultural cannot trace past it; Overnight may skip the full city.
    state = line((ANN, minor, 180), (BOB, "express", 160), (CY, "resourceful", 140),
                 mode="long")
    to_merger(state)
    assert TITLE.to_act(state) == (ANN,)
    assert merger_round.connected(state, minor, "express")
    assert (f"merge {minor} resourceful" in legal_texts(state)) is can
    if not can:
        assert refused(state, f"merge {minor} resourceful") == R + "connection"
        return
    act(state, f"merge {minor} resourceful")
    act(state, "accept")
    act(state, "major experiment")
    major = state.corps["experiment"]
    assert major.abilities == frozenset({OVERNIGHT, "resourceful"})
    assert major.shares.president == ANN  # two shares each: Overnight operated first


# -- price --------------------------------------------------------------------------------
@pytest.mark.parametrize(("prices", "expected"),
                         [((70, 90), 80), ((60, 70), 60), ((80, 90), 80),
                          ((120, 135), 120), ((100, 135), 110), ((300, 500), 400)])
def test_price_is_the_average_rounded_down_to_a_printed_value(
        prices: tuple[int, int], expected: int) -> None:
    state = line((ANN, "expansive", 180), (BOB, "express", 160))
    for minor, price in zip(("expansive", "express"), prices, strict=True):
        state.stock.remove(minor)
        state.stock.enter(minor, state.stock.index_of(price))
    assert merger_round.merged_price(state, "expansive", "express") == expected
    to_merger(state)
    log = merge_first(state)
    assert f"Union's share price is {expected}." in log
    assert state.price("union") == expected
    assert "expansive" not in state.stock.positions and "express" not in state.stock.positions


def test_the_major_enters_below_tokens_already_in_its_space() -> None:
    # Expansive 70 and Express 90 make 80, where Resourceful already stands.
    state = line((ANN, "expansive", 140), (BOB, "express", 180), (CY, "resourceful", 160))
    to_merger(state)
    act(state, "merge express expansive")
    act(state, "accept")
    act(state, "major international")
    assert state.stock.spaces[state.stock.index_of(80)] == ["resourceful", "international"]
    assert state.stock.operating_order() == ["resourceful", "international"]


# -- hubs ---------------------------------------------------------------------------------
def test_hubs_are_replaced_and_the_charter_holds_the_two_bought_hubs() -> None:
    state = line((ANN, "agricultural", 160), (BOB, "express", 180), (CY, "resourceful", 140))
    to_merger(state)
    log = merge_first(state)
    assert "Union's hubs replace the minors' hubs at 0,0, 0,2." in log
    assert "Union's charter holds hubs costing 60, 60." in log
    assert state.board.hubs[((0, 0), 0)] == ["union"]
    assert state.board.hubs[((0, 2), 0)] == ["union"]
    assert state.board.hubs[((0, 4), 0)] == ["resourceful"]  # another company's stays
    assert state.corps["union"].hub_costs == [60, 60]
    assert state.board.hubs_of("agricultural") == state.board.hubs_of("express") == []


def expansive_extra_hub(state: LostAtlasState, spot: tuple[Hex, int]) -> None:
    """Expansive places its extra hub in an Operating Round (checked, paying 40)."""
    corp = state.corps["expansive"]
    op = Operator("expansive", corp.abilities, state.treasury("expansive"))
    assert check_hub(state.board, op, spot, 40) is None
    state.board.place_hub(spot, "expansive")
    corp.hub_costs.remove(40)
    state.ledger.pay(company_account("expansive"), BANK, 40)


def test_two_hubs_on_one_tile_one_returns_to_a_free_spot() -> None:
    # Express's home is upgraded to a two-slot green city; Expansive puts its extra hub
    # there. Merged, one hub stays on that tile and the other goes to a FREE spot.
    state = line((ANN, "expansive", 160), (BOB, "express", 180))
    widen(state, "express", (0, 2))
    expansive_extra_hub(state, ((0, 2), 0))
    assert state.board.hubs[((0, 2), 0)] == ["express", "expansive"]
    to_merger(state)
    log = merge_first(state)
    assert "1 hub on a tile already holding one returns to Union's charter on a free spot." in log
    assert state.board.hubs[((0, 2), 0)] == ["union"]
    assert state.board.hubs[((0, 0), 0)] == ["union"]
    assert state.corps["union"].hub_costs == [0, 60, 60]
    assert len(state.board.hubs_of("union")) == 2


def test_expansive_extra_hub_on_a_third_tile_becomes_a_major_hub() -> None:
    state = line((BOB, "express", 180), (ANN, "expansive", 160), cities=1)
    expansive_extra_hub(state, ((0, 4), 0))
    to_merger(state)
    merge_first(state)
    assert sorted(state.board.hubs_of("union")) == [((0, 0), 0), ((0, 2), 0), ((0, 4), 0)]
    assert state.corps["union"].hub_costs == [60, 60]


def test_expansive_unused_extra_hub_keeps_its_40() -> None:
    state = line((ANN, "expansive", 160), (BOB, "express", 180))
    assert state.corps["expansive"].hub_costs == [40]
    to_merger(state)
    log = merge_first(state)
    assert "Union's charter holds hubs costing 40, 60, 60." in log
    assert state.corps["union"].hub_costs == [40, 60, 60]
    assert len(state.board.hubs_of("union")) == 2


# -- treasuries, trains, abilities --------------------------------------------------------
def test_treasuries_and_trains_combine() -> None:
    state = line((ANN, "expansive", 160), (BOB, "express", 180))
    state.corps["expansive"].trains = ["3"]
    state.corps["express"].trains = ["2", "3"]
    money = state.treasury("expansive") + state.treasury("express")
    assert money == 160 + 180
    to_merger(state)
    log = merge_first(state)
    union = state.corps["union"]
    assert "Union's treasury holds 340; it owns the trains 2, 3, 3." in log
    assert state.treasury("union") == money
    assert company_account("expansive") not in state.ledger.cash
    assert company_account("express") not in state.ledger.cash
    assert union.trains == ["2", "3", "3"]
    assert union.operated
    assert state.round == STOCK  # no minor left: the round ended, the flow moved on
    TITLE.invariants(state)


def test_over_the_train_limit_the_president_puts_a_train_in_the_pool() -> None:
    # After the first 4 the major limit is 3; four trains come together.
    state = line((ANN, "expansive", 160), (BOB, "express", 180), (CY, "resourceful", 140))
    state.corps["expansive"].trains = ["3", "4"]
    state.corps["express"].trains = ["3", "4"]
    state.corps["resourceful"].trains = ["4"]
    to_merger(state, bought=("2", "3", "4"))
    act(state, "merge express expansive")
    act(state, "accept")
    log = act(state, "major union")
    assert log[-1] == "Union is over its train limit of 3: Bob puts a train in the bank pool."
    assert state.round == MERGER
    assert TITLE.to_act(state) == (BOB,)  # Bob presides (the tie rule: Express first)
    assert legal_texts(state) == ["discard union 3", "discard union 4"]
    assert refused(state, "pass") == R + "discard"
    assert refused(state, "discard union 5") == R + "discard"
    assert refused(state, "discard resourceful 4") == R + "discard"
    log = act(state, "discard union 3")
    assert log[0] == "Union puts a 3-train in the pool."
    assert sorted(state.corps["union"].trains) == ["3", "4", "4"]
    assert state.pool == ["3"] and state.discards == []
    # Resourceful is the only minor left: the round ends after the discard.
    assert "The Merger Round ends." in log
    assert state.round == STOCK
    TITLE.invariants(state)


def test_the_major_keeps_both_abilities_and_the_suburb_tokens() -> None:
    state = line((BOB, "expansive", 180), (ANN, "suburban", 160), cities=2)
    sub = Operator("suburban", frozenset({SUBURBAN}), 0)
    assert check_suburb(state.board, sub, (0, 4)) is None
    state.board.suburbs[(0, 4)] = "suburban"  # placed in an Operating Round
    state.corps["suburban"].suburbs -= 1
    to_merger(state)
    merge_first(state, "consortium")
    major = state.corps["consortium"]
    assert major.abilities == frozenset({SUBURBAN, EXPANSIVE})
    assert major.minors == ("expansive", "suburban")
    assert state.board.suburbs == {(0, 4): "consortium"}
    assert major.suburbs == 1
    assert major.hub_costs == [40, 60, 60]
    # The major places the last suburb token as Suburban would, and no third.
    op = Operator("consortium", major.abilities, 0, is_major=True)
    assert check_suburb(state.board, op, (0, 6)) is None
    state.board.suburbs[(0, 6)] = "consortium"
    problem = check_suburb(state.board, op, (0, 6))
    assert problem is not None


def test_no_major_left_means_no_proposal() -> None:
    state = line((ANN, "expansive", 160), (BOB, "express", 180))
    for major in state.components.majors:
        state.corps[major] = state.corps["expansive"].copy()  # stand-ins for formed majors
    assert merger_round.available_majors(state) == []
    assert merger_round.partners(state, "express") == []


# -- the flow after a merger ----------------------------------------------------------------
def test_a_merger_in_a_short_game_then_the_flow() -> None:
    state = line((ANN, "expansive", 160), (BOB, "express", 180), (CY, "resourceful", 140))
    to_merger(state, bought=("2", "3"))
    stack = list(state.trains)
    assert stack[0] == "3"
    merge_first(state)
    # Resourceful, the only minor left, has nobody to merge with: the round ends, a
    # train is exported and the second cycle's Stock Round begins.
    assert state.round == STOCK and state.cycle == 2 and state.mr is None
    assert state.trains == stack[1:]
    assert state.sr is not None
    # The major's shares trade in the Stock Round.
    turn(state, CY, "buy union treasury")
    assert state.corps["union"].shares.held(CY) == 1
    # The last cycle: no merger is possible, the game ends; the major's shares count.
    state.cycle = 4
    state.round, state.or_number, state.sr = OPERATING, 2, None
    log: list[str] = []
    flow.after_operating(state, log)
    assert state.round == "over" and state.result is not None
    assert state.result.scores[CY] == (state.cash(CY) + state.price("union")
                                       + 2 * state.price("resourceful"))
