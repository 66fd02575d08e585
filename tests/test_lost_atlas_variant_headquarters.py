"""The Headquarters variant (option ``headquarters``; rulebook "Variants > Headquarters").

Rule ids: lost_atlas.variant.hq.decide, merger-spot, none, effect, land-count,
land-yellow, zoning-count, zoning-near, zoning-different, zoning-upgrade (and the hub
placement rules ``lost_atlas.hub.*`` for a headquarters placed later).

Positions are made as in the Merger Round tests: random legal map building, the map
replaced by a small exact board with the minors' homes, real Stock Round auctions, track
laid by the minors themselves (each lay checked), trains and phase set by hand; then
the Merger Round and the Operating Rounds run through the title.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

import pytest

import boardroom
from boardroom.bots import RandomBot, make_bot
from boardroom.core.errors import IllegalAction
from boardroom.core.game import Game
from boardroom.core.rng import Rng
from boardroom.map.hexes import Hex
from boardroom.titles.lost_atlas.board.hubs import check_suburb
from boardroom.titles.lost_atlas.board.operator import SUBURBAN, Operator
from boardroom.titles.lost_atlas.board.track_laying import LayBudget, TileLay, check_lay, lay
from boardroom.titles.lost_atlas.rounds import flow, merger_round
from boardroom.titles.lost_atlas.rounds import operating_round as orr
from boardroom.titles.lost_atlas.state import MERGER, OPERATING, STOCK, LostAtlasState
from boardroom.titles.lost_atlas.variants import headquarters
from boardroom.titles.lost_atlas.variants.headquarters import Headquarters
from lost_atlas_boards import build, region, turned
from lost_atlas_games import TITLE, act, connect, legal_texts, op, pass_until, refuse
from lost_atlas_setup import started

HQ = "lost_atlas.variant.hq."
PLAYERS = ["Ann", "Bob", "Cy"]
ANN, BOB = 0, 1
GREEN = ("yellow", "green")


# -- positions ----------------------------------------------------------------------------
def launched(minors: list[str], extra: dict[Hex, object] | None = None,
             cities: Iterable[Hex] = (), option: bool = True) -> LostAtlasState:
    """Ann launches ``minors`` (homes down column 0 at rows 0, 2, ...) on an exact board
    (land at q -2..4, r -2..12), bidding 160, 140, 120..."""
    state = started(PLAYERS, mode="short", seed=1, headquarters=option)
    spec: dict[Hex, object] = dict(region(range(-2, 5), range(-2, 13)))
    spec.update({(0, 2 * i): ("home", m) for i, m in enumerate(minors)})
    spec.update({h: "city" for h in cities})
    spec.update(extra or {})
    state.board = build(spec)  # type: ignore[arg-type]
    state.matrix = [[m] for m in minors]
    for i, minor in enumerate(minors):
        while TITLE.to_act(state) != (ANN,):
            act(state, "pass")
        act(state, f"auction {160 - 20 * i}")
        while state.auction is not None and not state.auction.won:
            act(state, "pass")
        act(state, f"launch {minor}")
    return state


def to_merger(state: LostAtlasState) -> None:
    """The second Operating Round ends in the green phase: the Merger Round begins."""
    state.sr = state.auction = None
    state.phase = "green"
    state.bought = {"2", "3"}
    state.trains = state.trains[state.trains.index("3") + 1:]
    for corp in state.corps.values():
        corp.operated = True
    state.round, state.or_number = OPERATING, 2
    flow.after_operating(state, [])
    assert state.round == MERGER


def pair(option: bool = True, minors: tuple[str, str] = ("expansive", "express"),
         extra: dict[Hex, object] | None = None) -> LostAtlasState:
    """Ann's two minors at (0,0) and (0,2), a basic city at (0,4), straight track from
    row 0 to row 4; the Merger Round begins and Ann merges them into Union."""
    state = launched(list(minors), extra=extra, cities=[(0, 4)], option=option)
    connect(state, minors[0], range(0, 3))
    connect(state, minors[1], range(2, 5))
    to_merger(state)
    act(state, f"merge {minors[0]} {minors[1]}")
    act(state, "major union")
    return state


def to_operating(state: LostAtlasState, trains: tuple[str, ...] = ("3",)) -> list[str]:
    """The Stock Round after the merger passes by; the Operating Round begins (the
    companies get ``trains`` by hand first). Returns the log of its start."""
    assert state.round == STOCK
    for corp in state.corps.values():
        corp.trains = list(trains)
    log: list[str] = []
    while state.round == STOCK:
        log = act(state, "pass")
    assert state.round == OPERATING
    return log


def hq_of(state: LostAtlasState, company: str = "union") -> Headquarters:
    hq = headquarters.of(state, company)
    assert hq is not None
    return hq


# -- notation -----------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["hq 3,-1 tax", "hq 3,-1/1 land", "hq 0,2 zoning",
                                  "hq later"])
def test_notation_reads_back(text: str) -> None:
    action = TITLE.parse(text)
    assert str(action) == text
    assert isinstance(action, headquarters.PlaceHQ | headquarters.KeepHQ)


@pytest.mark.parametrize("text", ["hq", "hq 3,-1", "hq 3,-1 bribe", "hq x,1 tax",
                                  "hq later now"])
def test_bad_notation(text: str) -> None:
    with pytest.raises(IllegalAction) as err:
        TITLE.parse(text)
    assert err.value.rule == "notation"


# -- at a merger --------------------------------------------------------------------------
def test_the_option_off_changes_nothing() -> None:
    state = pair(option=False)
    assert state.round == STOCK  # no headquarters step: the round went on
    assert headquarters.of(state, "union") is None
    assert "headquarters" not in TITLE.view(state, None)["companies"]["union"]  # type: ignore[index]


def test_placed_at_a_merger_with_a_tax_break() -> None:
    state = pair()
    assert state.round == MERGER and headquarters.of(state, "union") == Headquarters("decide")
    assert TITLE.to_act(state) == (ANN,)
    assert legal_texts(state) == [f"hq {h} {e}" for h in ("0,0", "0,2")
                                  for e in ("tax", "land", "zoning")] + ["hq later"]
    # A refused decision changes nothing.
    refuse(state, "hq 0,4 tax", HQ + "merger-spot")  # a city without a Union hub
    refuse(state, "pass", HQ + "decide")
    refuse(state, "hub 0,4", HQ + "decide")
    before = state.treasury("union")
    hubs = sorted(state.board.hubs_of("union"))
    log = act(state, "hq 0,2 tax")
    assert log[:3] == ["Union's headquarters replaces its hub at 0,2.",
                       "Union chooses Tax Break.", "Union receives 80."]
    assert state.treasury("union") == before + 80
    assert sorted(state.board.hubs_of("union")) == hubs  # one hub token, now the HQ
    assert hq_of(state) == Headquarters("placed", spot=((0, 2), 0))
    assert state.corps["union"].hub_costs == [40, 60, 60]
    view = TITLE.view(state, None)["companies"]["union"]  # type: ignore[index]
    assert view["headquarters"] == {"status": "placed", "spot": "0,2"}
    assert state.round == STOCK  # no minor left: the Merger Round is over


def test_the_option_changes_the_outcome() -> None:
    """The same merger with and without the option: the Tax Break and the payments."""
    base, variant = pair(option=False), pair()
    act(variant, "hq 0,0 tax")
    assert variant.treasury("union") == base.treasury("union") + 80
    to_operating(base)
    log = to_operating(variant)
    assert "Union's headquarters at 0,0 pays 10 to its treasury." in log
    assert variant.treasury("union") == base.treasury("union") + 90


def test_the_payment_is_half_the_printed_value_each_turn() -> None:
    state = pair()
    act(state, "hq 0,2 tax")
    assert headquarters.payment(state, "union") == 10  # tile 57: 20
    start = state.treasury("union")
    log = to_operating(state)
    assert log[-2:] == ["Union operates (Ann presides; treasury " f"{start}).",
                        "Union's headquarters at 0,2 pays 10 to its treasury."]
    assert state.treasury("union") == start + 10
    # The second Operating Round: paid again at the start of the turn.
    pass_until(state, orr.TRAINS)
    treasury = state.treasury("union")
    log = act(state, "pass")
    assert "Union's headquarters at 0,2 pays 10 to its treasury." in log
    assert state.treasury("union") == treasury + 10
    assert state.or_number == 2


def test_kept_on_the_charter_and_placed_later_by_the_hub_rules() -> None:
    # Express and Suburban merge; Suburban's suburb token stands at (0,4). The
    # headquarters is kept on the charter, then placed at (0,4) in the hub step.
    state = launched(["express", "suburban"], cities=[(0, 4)])
    connect(state, "express", range(0, 3))
    connect(state, "suburban", range(2, 5))
    sub = Operator("suburban", frozenset({SUBURBAN}), 0)
    assert check_suburb(state.board, sub, (0, 4)) is None
    state.board.suburbs[(0, 4)] = "suburban"  # placed in an Operating Round
    to_merger(state)
    act(state, "merge express suburban")
    act(state, "major union")
    log = act(state, "hq later")
    assert log[0] == ("Ann keeps Union's headquarters on the charter, in place of a hub "
                      "costing 60.")
    assert state.corps["union"].hub_costs == [60]
    assert hq_of(state) == Headquarters("charter", cost=60)
    assert len(state.board.hubs_of("union")) == 2
    to_operating(state)
    assert op(state).company == "union"
    pass_until(state, orr.HUB)
    assert legal_texts(state) == ["hub 0,4", "hq 0,4 tax", "hq 0,4 land", "hq 0,4 zoning",
                                  "pass"]
    refuse(state, "hq 0,2 tax", "lost_atlas.hub.one-per-tile")
    refuse(state, "hq 0,9 tax", "lost_atlas.hub.city-spot")
    refuse(state, "hq later", "lost_atlas.or.step")
    treasury = state.treasury("union")
    log = act(state, "hq 0,4 tax")
    assert log[:3] == ["Union places its headquarters at 0,4 for 60.",
                       "Union chooses Tax Break.", "Union receives 80."]
    assert state.treasury("union") == treasury - 60 + 80
    assert state.board.hubs[((0, 4), 0)] == ["union"]
    assert op(state).step == orr.RUN  # one hub token in the hub step
    assert state.corps["union"].hub_costs == [60]
    # A headquarters counts as a hub for routes; the suburb adds 10 to Union's trains
    # there, but the payment reads only the printed 20.
    assert state.board.suburbs[(0, 4)] == "union"
    assert headquarters.payment(state, "union") == 10
    pass_until(state, orr.TRAINS)
    log = act(state, "pass")
    assert "Union's headquarters at 0,4 pays 10 to its treasury." in log
    refuse(state, "hq 0,4 tax", "lost_atlas.or.step")


def test_a_major_with_its_headquarters_placed_has_none_to_place() -> None:
    state = pair()
    act(state, "hq 0,0 tax")
    to_operating(state)
    pass_until(state, orr.HUB)
    assert not any(t.startswith("hq ") for t in legal_texts(state))
    refuse(state, "hq 0,4 tax", HQ + "none")


# -- Land Grant ---------------------------------------------------------------------------
def test_land_grant_four_yellow_tiles_one_at_a_time() -> None:
    state = pair(extra={(0, 7): "mountain"})
    act(state, "hq 0,0 land")
    assert hq_of(state).effect == "land"
    texts = legal_texts(state)
    assert texts[-1] == "pass"
    assert "lay 9 0,5 r0" in texts and "lay 9 0,-1 r0" in texts
    assert all(t.startswith("lay ") for t in texts[:-1])
    # Not an upgrade, nor a tile that is not yellow, nor out of reach.
    refuse(state, "lay 23 0,1 r0", HQ + "land-yellow")
    refuse(state, "lay 14 0,4 r0", HQ + "land-yellow")
    refuse(state, "lay 9 0,6 r0", "lost_atlas.track.reach-new-track")
    refuse(state, "hq later", HQ + "effect")
    treasury = state.treasury("union")
    act(state, "lay 9 0,5 r0")
    act(state, "lay 9 0,6 r0")  # reached through the tile just laid
    act(state, "lay 9 0,7 r0")  # a mountain: 40 from the treasury
    assert state.treasury("union") == treasury - 40
    assert hq_of(state).laid == ((0, 5), (0, 6), (0, 7))
    assert state.round == MERGER
    log = act(state, "lay 9 0,8 r0")
    assert "Union's Land Grant is over (4 tiles)." in log
    assert hq_of(state) == Headquarters("placed", spot=((0, 0), 0))
    assert state.round == STOCK  # the Merger Round went on and ended
    # A fifth tile: the grant is spent.
    refuse(state, "lay 9 0,9 r0", "lost_atlas.stock.turn")
    spent = Headquarters("placed", spot=((0, 0), 0), effect="land",
                         laid=((0, 5), (0, 6), (0, 7), (0, 8)))
    state.corps["union"].variants[headquarters.VARIANT] = spent
    problem = headquarters.check_grant(state, "union", TileLay((0, 9), "9", 0))
    assert problem is not None and problem.rule == HQ + "land-count"


def test_land_grant_may_stop_early() -> None:
    state = pair()
    act(state, "hq 0,0 land")
    act(state, "lay 9 0,5 r0")
    log = act(state, "pass")
    assert log[:2] == ["Union stops its Land Grant.", "Union's Land Grant is over (1 tile)."]
    assert state.round == STOCK and not headquarters.busy(state, "union")


def test_land_grant_in_the_hub_step_then_the_turn_goes_on() -> None:
    state = pair()
    act(state, "hq later")
    to_operating(state)
    pass_until(state, orr.HUB)
    act(state, "hq 0,4 land")
    assert op(state).step == orr.HUB and headquarters.busy(state, "union")
    refuse(state, "run 0", HQ + "effect")
    refuse(state, "lay 23 0,1 r0", HQ + "land-yellow")
    for r in (5, 6, 7):
        act(state, f"lay 9 0,{r} r0")
    log = act(state, "lay 9 0,-1 r0")
    assert "Union's Land Grant is over (4 tiles)." in log
    assert op(state).step == orr.RUN
    assert op(state).budget == LayBudget()  # not the turn's own lays


# -- Commercial Zoning --------------------------------------------------------------------
def zoning_position() -> LostAtlasState:
    """Union's headquarters at (0,2) with Commercial Zoning, in the green phase; (0,1)
    was upgraded to the green straight 23; (1,1), next to the HQ, holds a straight no
    company reaches."""
    state = pair()
    oper = Operator("union", frozenset(), 10_000)
    green = TileLay((0, 1), "23", turned("23", {0, 3, 4}))
    assert check_lay(state.board, oper, GREEN, LayBudget(), green) is None
    lay(state.board, oper, LayBudget(), green)
    comps = state.board.components
    state.board.lay_tile((1, 1), comps.tiles["9"], 0)
    act(state, "hq 0,2 zoning")
    return state


def test_commercial_zoning_beyond_the_phase_and_without_connection() -> None:
    state = zoning_position()
    assert hq_of(state).effect == "zoning"
    texts = legal_texts(state)
    assert {t.split()[2] for t in texts[:-1]} == {"0,1", "0,2", "0,3", "1,1"}
    assert "lay 45 0,1 r0" in texts  # purple in the green phase
    # Under the normal rules neither is allowed: the phase, then the route.
    oper = Operator("union", frozenset(), 10_000, True)
    purple = TileLay((0, 1), "45", 0)
    problem = check_lay(state.board, oper, GREEN, LayBudget(), purple)
    assert problem is not None and problem.rule == "lost_atlas.track.phase-colour"
    far = TileLay((1, 1), "23", turned("23", {0, 3, 4}))
    problem = check_lay(state.board, oper, GREEN, LayBudget(), far)
    assert problem is not None and problem.rule == "lost_atlas.track.reach-new-track"
    # Refusals: too far, an empty hex, a bad upgrade.
    refuse(state, "lay 14 0,4 r0", HQ + "zoning-near")
    refuse(state, "lay 9 -1,2 r0", HQ + "zoning-upgrade")
    refuse(state, "lay 41 0,2 r0", "lost_atlas.track.upgrade-chart")
    act(state, str(purple))
    assert state.board.tile_at((0, 1))[0].id == "45"  # type: ignore[index]
    assert state.round == MERGER
    refuse(state, "lay 42 0,1 r0", HQ + "zoning-different")
    log = act(state, str(far))
    assert "Union's Commercial Zoning is over (2 tiles)." in log
    assert state.board.tile_at((1, 1))[0].id == "23"  # type: ignore[index]
    assert state.round == STOCK
    # A third upgrade: the zoning is spent.
    refuse(state, "lay 14 0,2 r0", "lost_atlas.stock.turn")
    state.corps["union"].variants[headquarters.VARIANT] = Headquarters(
        "placed", spot=((0, 2), 0), effect="zoning", laid=((0, 1), (1, 1)))
    problem = headquarters.check_zoning(state, "union", TileLay((0, 2), "14", 0))
    assert problem is not None and problem.rule == HQ + "zoning-count"


def test_zoning_the_headquarters_city_raises_its_payment() -> None:
    state = zoning_position()
    city = [t for t in legal_texts(state) if t.startswith("lay 14 0,2")]
    assert city
    act(state, city[0])
    act(state, "pass")
    assert headquarters.payment(state, "union") == 15  # tile 14: 30
    log = to_operating(state)
    assert "Union's headquarters at 0,2 pays 15 to its treasury." in log


# -- whole games ----------------------------------------------------------------------------
def snapshot(game: Game) -> str:
    return json.dumps([game.view(None), game.to_record()], sort_keys=True)


@pytest.mark.parametrize(("mode", "players", "seed"),
                         [("short", 3, 1), ("short", 3, 9), ("long", 4, 2), ("long", 4, 5)])
def test_random_games_to_the_end(mode: str, players: int, seed: int) -> None:
    game = boardroom.new_game("lost_atlas", [f"P{i}" for i in range(players)], seed=seed,
                              options={"mode": mode, "headquarters": True})
    bot = RandomBot(seed)
    steps = 0
    while not game.is_over:
        seat = game.to_act[0]
        actions = game.legal_actions(seat)
        assert actions
        if steps % 3 == 0:
            for action in actions[:: max(1, len(actions) // 5)]:
                assert game.parse(str(action)) == action
                assert game.is_legal(action), action
        game.apply(bot.choose(game, seat))
        game.title.invariants(game.state)
        steps += 1
        assert steps < 5000
    assert game.result is not None
    replayed = boardroom.load(game.to_record())
    assert snapshot(replayed) == snapshot(game)


def test_heuristic_games_with_random_headquarters_choices() -> None:
    """Heuristic players whose headquarters decisions and effect lays are random: every
    path is played in whole games, which replay to the same end."""
    seen: set[str] = set()
    for seed in (2, 4, 5):
        game = boardroom.new_game("lost_atlas", ["P0", "P1", "P2"], seed=seed,
                                  options={"mode": "short", "headquarters": True})
        bots = [make_bot("heuristic", seed=seed + i) for i in range(3)]
        rng = Rng(seed)
        while not game.is_over:
            seat = game.to_act[0]
            actions = game.legal_actions(seat)
            state = game.state
            assert isinstance(state, LostAtlasState)
            deciding = any(isinstance(a, headquarters.PlaceHQ | headquarters.KeepHQ)
                           for a in actions)
            if deciding or any(headquarters.busy(state, c) for c in state.corps):
                game.apply(actions[rng.below(len(actions))])
            else:
                game.apply(bots[seat].choose(game, seat))
            game.title.invariants(game.state)
        assert game.result is not None
        seen.update(line for line in game.log if "headquarters" in line)
        assert snapshot(boardroom.load(game.to_record())) == snapshot(game)
    assert any("pays" in line for line in seen)


def test_the_heuristic_places_its_headquarters_with_a_tax_break() -> None:
    state = pair()
    game = boardroom.new_game("lost_atlas", PLAYERS, seed=1,
                              options={"mode": "short", "headquarters": True})
    game._state = state  # a position made by hand, asked of the bot directly
    choice = make_bot("heuristic", seed=1).choose(game, ANN)
    assert isinstance(choice, headquarters.PlaceHQ) and choice.effect == "tax"
    assert isinstance(state.mr, merger_round.MergerRound) and state.mr.step == "headquarters"
