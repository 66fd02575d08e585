"""The minors' abilities acting in game positions (rulebook "Company Details"; summary 000
"Minor company abilities"): Overnight, Bridging, Agricultural, Express, Tunneling,
Eastern Mining, Northern Port, Resourceful and Spacious inside a major made by a Merger
Round.

The board-rule and route tests (test_lost_atlas_track.py, test_lost_atlas_routes.py)
ask the rule functions on small boards. Here every position is a game started through
the title (``lost_atlas_setup.started``): its built map is replaced by a small exact
board holding the minors' printed homes (``lost_atlas_boards``), the minors are launched
by real Stock Round auctions, and the Operating Round is played through the title's
``legal_actions``/``check``/``apply``. Track the Operating Round did not lay in the test
is laid by the minor itself with ``track_laying.lay`` (each lay checked), as
test_lost_atlas_merger.py does. Every other setter says what it stands for.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from boardroom.map.hexes import Hex
from boardroom.titles.lost_atlas.board.operator import BRIDGING, OVERNIGHT, SPACIOUS
from boardroom.titles.lost_atlas.rounds import flow, merger_round
from boardroom.titles.lost_atlas.rounds import operating_round as orr
from boardroom.titles.lost_atlas.rounds import trains as train_rules
from boardroom.titles.lost_atlas.state import (
    BANK,
    MAJOR,
    MERGER,
    OPERATING,
    STOCK,
    LostAtlasState,
)
from lost_atlas_boards import build, region
from lost_atlas_games import (
    TITLE,
    act,
    connect,
    finish_turn,
    give_trains,
    launch_unopposed,
    legal_texts,
    op,
    pass_until,
    refuse,
    seat_to_act,
    set_stack,
)
from lost_atlas_setup import started

PLAYERS = ["Ann", "Bob", "Cy"]
ANN, BOB, CY = 0, 1, 2


# -- positions ---------------------------------------------------------------------------
def game(launches: Iterable[tuple[int, str, int]], spec: dict[Hex, object],
         mode: str = "long", players: list[str] | None = None) -> LostAtlasState:
    """A game in its first Stock Round on the exact board ``spec`` after the
    ``(seat, minor, bid)`` auctions, each won unopposed through the title."""
    state = started(players or PLAYERS, mode=mode, seed=1)
    state.board = build(spec)  # type: ignore[arg-type]
    launch_unopposed(state, launches)
    return state


def land(rows: Iterable[int] = range(-3, 11)) -> dict[Hex, object]:
    spec: dict[Hex, object] = dict(region(range(-2, 3), rows))
    return spec


def to_operating(state: LostAtlasState) -> None:
    while state.round == STOCK:
        act(state, "pass")
    assert state.round == OPERATING


def runs(state: LostAtlasState) -> list[str]:
    return [t for t in legal_texts(state) if t.startswith("run ")]


def south(*rows: int) -> str:
    """Waypoints of a route straight down column 0 from ``rows[0]`` to ``rows[-1]``,
    naming every stop in ``rows`` and every side crossed."""
    words = [f"0,{rows[0]}"]
    for r in range(rows[0], rows[-1]):
        words.append(f"0,{r}:0")
        if r + 1 in rows:
            words.append(f"0,{r + 1}")
    return ">".join(words)


# -- Overnight ---------------------------------------------------------------------------
@pytest.mark.parametrize(("runner", "blocker", "best"),
                         [("overnight", "agricultural", 60), ("agricultural", "overnight", 40)])
def test_overnight_runs_through_a_full_city_without_counting_it(
        runner: str, blocker: str, best: int) -> None:
    """lost_atlas.route.blocked-city: the runner's home (0,0), the other minor's full
    one-slot home (0,2), basic cities (0,4) and (0,6). A 3-train: Overnight passes the
    full city (in its route, not counted, no revenue) and reaches both cities beyond;
    another company stops there (home 20 + the full city 20)."""
    spec = land()
    spec.update({(0, 0): ("home", runner), (0, 2): ("home", blocker),
                 (0, 4): "city", (0, 6): "city"})
    state = game([(ANN, runner, 180), (BOB, blocker, 160)], spec)
    connect(state, runner, range(0, 3))
    connect(state, blocker, range(2, 7))  # beyond its own home
    to_operating(state)
    assert op(state).company == runner
    assert state.board.blocks(((0, 2), 0), runner, overnight=False)
    give_trains(state, runner, "3")  # the position: a 3-train already bought
    act(state, "pass")  # no leadoff train
    pass_until(state, orr.RUN)
    assert runs(state) == [f"run {best}"]
    through = south(0, 2, 4, 6)
    if runner == OVERNIGHT:
        # The full city lies on the route but is not one of the three stops.
        refuse(state, f"run 80 via {through}", "lost_atlas.or.run")
        before = state.treasury(runner)
        act(state, f"run 60 via {through}")
        act(state, "withhold")
        assert state.treasury(runner) == before + 60
    else:
        refuse(state, f"run 60 via {through}", "lost_atlas.route.blocked-city")
        act(state, f"run 40 via {south(0, 2)}")
        act(state, "withhold")
    assert state.corps[runner].last_revenue == best


# -- Bridging ----------------------------------------------------------------------------
def test_bridging_lays_a_bridge_over_water_in_its_turn_and_runs_across() -> None:
    """lost_atlas.ability.bridging: Bridging's printed home (0,0) faces the water (0,-1)
    with its exit 3; beyond it the basic city (0,-2). In its turn Bridging lays the
    straight bridge 721 (a yellow lay, free) and the city tile; its 2-train then runs
    home 30 + city 20. Another minor beside the same water is offered no bridge."""
    spec = land()
    spec.update({(0, 0): ("home", "bridging"), (0, -1): "water", (0, -2): "city",
                 (2, 0): ("home", "agricultural"), (2, -1): "water"})
    state = game([(ANN, "bridging", 180), (BOB, "agricultural", 160)], spec)
    to_operating(state)
    assert op(state).company == "bridging"
    act(state, "train 2")  # the leadoff train
    act(state, "pass")  # shares
    assert op(state).step == orr.TRACK
    lays = [t for t in legal_texts(state) if t.startswith("lay ")]
    bridges = [t for t in lays if t.split()[1] in ("721", "722", "723")]
    assert bridges and all(t.split()[2] == "0,-1" for t in bridges)
    assert "lay 721 0,-1 r0" in bridges
    before = state.treasury("bridging")
    act(state, "lay 721 0,-1 r0")
    assert state.treasury("bridging") == before
    assert op(state).budget.yellow == 1
    assert state.board.tile_at((0, -1)) is not None
    act(state, "lay 57 0,-2 r0")
    pass_until(state, orr.RUN)
    assert runs(state) == ["run 50"]
    act(state, "run 50")
    act(state, "withhold")
    act(state, "pass")
    # Agricultural (no Bridging) beside water: no bridge, and no track into the water.
    assert op(state).company == "agricultural"
    act(state, "train 2")
    act(state, "pass")
    lays = [t for t in legal_texts(state) if t.startswith("lay ")]
    assert lays and not any(t.split()[1] in ("721", "722", "723") for t in lays)
    refuse(state, "lay 721 2,-1 r0", "lost_atlas.track.yellow-terrain")


# -- Agricultural ------------------------------------------------------------------------
@pytest.mark.parametrize(("minor", "yellow_after"), [("agricultural", True),
                                                      ("express", False)])
def test_agricultural_lays_a_yellow_tile_after_its_upgrade_in_its_turn(
        minor: str, yellow_after: bool) -> None:
    """lost_atlas.track.lay-count: in green, the minor upgrades its home city 57 to a
    green city; Agricultural may then lay one yellow tile, another minor's track step
    is over."""
    spec = land()
    spec.update({(0, 0): ("home", minor), (0, 2): "city"})
    state = game([(ANN, minor, 180)], spec, mode="short")
    connect(state, minor, range(0, 3))
    # The position: the first 3 has been bought (the green phase).
    state.phase, state.bought = "green", {"2", "3"}
    set_stack(state, "3", "3", "4")
    to_operating(state)
    give_trains(state, minor, "3")
    pass_until(state, orr.TRACK)  # the leadoff 3 (200) is beyond the treasury (180)
    upgrades = [t for t in legal_texts(state)
                if t.startswith("lay ") and t.split()[2] == "0,0"]
    assert upgrades
    act(state, upgrades[0])
    green = state.board.tile_at((0, 0))
    assert green is not None and green[0].colour == "green"
    if yellow_after:
        assert op(state).step == orr.TRACK
        lays = [t for t in legal_texts(state) if t.startswith("lay ")]
        colours = {state.components.tiles[t.split()[1]].colour for t in lays}
        assert colours == {"yellow"}
        act(state, lays[0])
        assert (op(state).budget.upgrades, op(state).budget.yellow) == (1, 1)
        assert op(state).step != orr.TRACK  # and no second yellow tile
    else:
        assert op(state).step != orr.TRACK
        assert (op(state).budget.upgrades, op(state).budget.yellow) == (1, 0)


# -- Express -----------------------------------------------------------------------------
def test_express_gets_an_extra_stop_only_while_it_owns_one_train() -> None:
    """Express's home (0,4) between basic cities (0,0), (0,2), (0,6), (0,8). Its one
    2-train (the leadoff train) runs three stops, 60; a second 2-train bought in the same
    turn takes the extra stop away: the next Operating Round it earns 40 + 40."""
    spec = land()
    spec.update({(0, 4): ("home", "express"), (0, 0): "city", (0, 2): "city",
                 (0, 6): "city", (0, 8): "city"})
    state = game([(ANN, "express", 180)], spec, mode="short")
    connect(state, "express", [4, 3, 2, 1, 0, 5, 6, 7, 8])
    to_operating(state)
    act(state, "train 2")
    assert state.treasury("express") == 80
    pass_until(state, orr.RUN)
    assert runs(state) == ["run 60"]
    refuse(state, f"run 80 via {south(2, 4, 6, 8)}", "lost_atlas.route.too-many-stops")
    act(state, f"run 60 via {south(2, 4, 6)}")
    act(state, "withhold")
    assert state.treasury("express") == 140
    act(state, "train 2")
    assert state.corps["express"].trains == ["2", "2"]
    assert state.or_number == 2 and op(state).company == "express"
    pass_until(state, orr.RUN)
    assert runs(state) == ["run 80"]
    refuse(state, f"run 100 via {south(2, 4, 6)} none", "lost_atlas.route.too-many-stops")


# -- Tunneling ---------------------------------------------------------------------------
def test_tunneling_is_paid_60_for_its_mountain_home_and_a_mountain_in_its_turn() -> None:
    """Tunneling's home (piece 8) is a city on a mountain: its first tile costs 40 and
    earns 60 from the bank; so does the mountain (0,1). Another minor pays 40 for a
    mountain and earns nothing."""
    spec = land()
    spec.update({(0, 0): ("home", "tunneling"), (0, 1): "mountain",
                 (2, 0): ("home", "agricultural"), (2, 1): "mountain"})
    state = game([(ANN, "tunneling", 180), (BOB, "agricultural", 160)], spec)
    to_operating(state)
    act(state, "train 2")
    act(state, "pass")
    assert state.treasury("tunneling") == 80
    bank = state.ledger.cash[BANK]
    act(state, "lay 57 0,0 r0")
    log = act(state, "lay 9 0,1 r0")
    assert state.treasury("tunneling") == 80 + 2 * 20
    # the log says who earns the 60 (issue 16: "digs a tunnel for 60" read as a cost)
    assert any("paying 40 and digs a tunnel: the company earns 60" in line for line in log)
    assert state.ledger.cash[BANK] == bank - 40
    finish_turn(state)
    assert op(state).company == "agricultural"
    act(state, "train 2")
    act(state, "pass")
    home = [t for t in legal_texts(state) if t.startswith("lay ") and " 2,0 " in t]
    act(state, home[0])
    before = state.treasury("agricultural")
    act(state, "lay 9 2,1 r0")
    assert state.treasury("agricultural") == before - 40


# -- Eastern Mining and Northern Port -------------------------------------------------------
@pytest.mark.parametrize(("kind", "minor", "best"), [("mine", "eastern_mining", 50),
                                                      ("port", "northern_port", 30)])
def test_mine_counts_both_stops_the_port_only_one_half(kind: str, minor: str,
                                                         best: int) -> None:
    """With no track laid, the leadoff 2-train runs on the home tile alone: the mine's
    two linked stops count (30 + 20); the port's halves are not joined and one train uses
    only one of them (30, never 60)."""
    spec = land()
    spec[(0, 0)] = kind
    state = game([(ANN, minor, 180)], spec, mode="short")
    [(h, stop)] = state.board.hubs_of(minor)
    assert (h, stop) == ((0, 0), 0)
    to_operating(state)
    act(state, "train 2")
    pass_until(state, orr.RUN)
    assert runs(state) == [f"run {best}"]
    refuse(state, f"run {best + 10}", "lost_atlas.or.run")
    act(state, f"run {best}")
    act(state, "payout")
    assert state.corps[minor].last_revenue == best
    assert state.corps[minor].per_share == best // 5


# -- Resourceful ----------------------------------------------------------------------------
def test_resourceful_runs_its_rusted_train_once_then_must_buy() -> None:
    """The real Resourceful minor (0,0) with a 2-train, a city at (0,2). Agricultural
    (elsewhere) buys the first 4: every 2 rusts, Resourceful's is kept apart for one more
    run. It cannot be sold (an offer for it is refused) and uses no slot."""
    spec = land()
    spec.update({(0, 0): ("home", "resourceful"), (0, 2): "city",
                 (2, 6): ("home", "agricultural")})
    state = game([(ANN, "resourceful", 180), (BOB, "agricultural", 300)], spec,
                 mode="short")
    connect(state, "resourceful", range(0, 3))
    to_operating(state)
    assert op(state).company == "resourceful"
    act(state, "train 2")
    finish_turn(state)
    assert op(state).company == "agricultural"
    set_stack(state, "4", "4", "4")  # the position: the 2s and 3s are sold out
    state.bought.add("3")
    state.phase = "green"
    act(state, "train 4")  # the leadoff train is the first 4
    assert state.corps["resourceful"].trains == []
    assert state.corps["resourceful"].rusted == ["2"]
    assert train_rules.limit(state, "resourceful") == 2
    state.ledger.pay(BANK, "c:agricultural", 300)  # the position: money for a train
    pass_until(state, orr.TRAINS)
    assert "train 4" in legal_texts(state)
    assert not any(t.startswith("train 2 from") for t in legal_texts(state))
    refuse(state, "train 2 from resourceful 10", "lost_atlas.trains.source")
    act(state, "pass")
    # Second Operating Round: Resourceful runs the rusted 2 once more (20 + 20).
    while op(state).company != "resourceful":
        finish_turn(state)
    pass_until(state, orr.RUN)
    assert runs(state) == ["run 40"]
    log = act(state, "run 40")
    assert any("leaves the game after its last run" in line for line in log)
    assert state.corps["resourceful"].rusted == []
    act(state, "withhold")
    refuse(state, "pass", "lost_atlas.trains.must-buy")


# -- Spacious inside a major ----------------------------------------------------------------
def to_merger(state: LostAtlasState, bought: tuple[str, ...]) -> None:
    """The second Operating Round of the cycle ends with these trains bought: the flow
    starts the Merger Round (as test_lost_atlas_merger.py does)."""
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


@pytest.mark.parametrize(("bought", "limit", "discards"),
                         [(("2", "3"), 5, 0), (("2", "3", "4"), 4, 1)])
def test_spacious_gives_a_major_made_by_a_merger_one_more_slot(
        bought: tuple[str, ...], limit: int, discards: int) -> None:
    """Spacious (three 3s, its own limit 2 + 1) merges with Agricultural (two 3s): the
    major's green limit 4 (3 after the first 4) is one higher, so five trains fit before
    the first 4 and one goes to the pool after it."""
    spec = land()
    spec.update({(0, 0): ("home", "spacious"), (0, 2): ("home", "agricultural")})
    state = game([(ANN, "spacious", 180), (BOB, "agricultural", 160)], spec)
    connect(state, "spacious", range(0, 3), colours=("yellow", "green"))
    state.corps["spacious"].trains = ["3", "3", "3"]  # the position: bought earlier
    state.corps["agricultural"].trains = ["3", "3"]
    to_merger(state, bought)
    act(state, "merge spacious agricultural")
    act(state, "accept")
    assert TITLE.to_act(state) == (ANN,)
    act(state, "major union")
    union = state.corps["union"]
    assert union.kind == MAJOR and SPACIOUS in union.abilities
    assert train_rules.limit(state, "union") == limit
    if discards:
        mr = state.mr
        assert isinstance(mr, merger_round.MergerRound) and mr.step == merger_round.DISCARD
        assert legal_texts(state) == ["discard union 3"]
        act(state, "discard union 3")
    assert len(union.trains) == limit
    assert state.pool == ["3"] * discards
    assert state.round == STOCK
    TITLE.invariants(state)


def test_bridging_and_overnight_minors_exist_only_in_the_long_game() -> None:
    """The abilities above that belong to minors out of the Short Game were played in
    the Long Game; the Short Game's matrix never holds them."""
    state = started(PLAYERS, mode="short", seed=3)
    dealt = {m for column in state.matrix for m in column}
    assert not dealt & {BRIDGING, OVERNIGHT, SPACIOUS, "adaptive"}
    assert seat_to_act(state) == state.priority
