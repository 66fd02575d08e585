"""What independent testing found in Railways of the Lost Atlas (issue 16): the Solo Game
on a custom map, the Conglomerate's path planner, unchecked action objects, and the rule
readings decided in docs/rules-coverage.md.

Rule ids checked: lost_atlas.solo.setup, lost_atlas.variant.custom-map, notation.
"""

from __future__ import annotations

import json

import pytest

import boardroom
from boardroom.bots import RandomBot
from boardroom.core.errors import OptionError
from boardroom.core.rng import Rng
from boardroom.titles.lost_atlas.board.components import load_components
from boardroom.titles.lost_atlas.board.mapbuild import auto_build
from boardroom.titles.lost_atlas.board.mapfile import (
    MapEditor,
    MapFileError,
    spec_from_builder,
    spec_to_json,
)
from boardroom.titles.lost_atlas.variants import solo
from test_lost_atlas_custom_map import small_map

COMPONENTS = load_components()


def play_out(game: boardroom.Game, seed: int, limit: int = 4000) -> int:
    bot = RandomBot(seed)
    steps = 0
    while not game.is_over:
        game.apply(bot.choose(game, game.to_act[0]))
        game.title.invariants(game.state)
        steps += 1
        assert steps < limit, "a random game must end"
    return steps


def place_somewhere(editor: MapEditor, number: int) -> None:
    for q in range(-4, 5):
        for r in range(-4, 5):
            for rot in range(6):
                try:
                    editor.add_piece(number, (q, r), rot)
                except MapFileError:
                    continue
                return
    raise AssertionError(number)


# -- 1. the Solo Game on a custom map ------------------------------------------------
@pytest.mark.parametrize("mode", ["solo", "solo_random"])
def test_solo_game_on_a_custom_map_forms_the_conglomerate_and_ends(mode: str) -> None:
    """rule lost_atlas.variant.custom-map with lost_atlas.solo.setup: the map replaces map
    building only; the Conglomerate is still formed and the game plays to its end."""
    spec = spec_to_json(spec_from_builder(auto_build(COMPONENTS, mode, 1, Rng(4))))
    game = boardroom.new_game("lost_atlas", ["Ann"], seed=4, options={"mode": mode, "map": spec})
    assert game.state.round == "solo_setup"
    assert solo.record(game.state) is not None and solo.record(game.state).drawn
    play_out(game, 4)
    assert game.result is not None
    assert solo.record(game.state).score is not None
    again = boardroom.load(json.loads(json.dumps(game.to_record())))
    assert again.view(None) == game.view(None)


def test_solo_game_on_the_small_custom_map() -> None:
    game = boardroom.new_game("lost_atlas", ["Ann"], seed=2,
                              options={"mode": "solo", "map": small_map()})
    assert game.state.round == "solo_setup"
    play_out(game, 2)
    assert game.result is not None


def test_solo_game_refuses_a_map_without_two_homes_for_the_conglomerate() -> None:
    editor = MapEditor(COMPONENTS, name="One Home")
    editor.add_piece(1, (0, 0), 0)
    place_somewhere(editor, 21)  # Adaptive's piece: a home, but not a reserved one
    spec = editor.to_json()
    boardroom.new_game("lost_atlas", ["A", "B", "C"], seed=1, options={"map": spec})
    with pytest.raises(OptionError, match=r"Solo Game forms the Conglomerate"):
        boardroom.new_game("lost_atlas", ["Ann"], seed=1, options={"mode": "solo", "map": spec})


# -- 2. the Conglomerate's path planner --------------------------------------------------
def test_path_planner_tie_between_a_start_city_and_an_entry_does_not_crash() -> None:
    """An untiled city that is both a start (entry edge None) and reached through an edge
    gives two paths of equal cost to the same neighbour; the heap compared them as lists,
    None against an int, and raised TypeError (seeds 1583, 1610, 5545 in the soak)."""
    from boardroom.map.track import Reach
    from boardroom.titles.lost_atlas.variants import solo

    game = boardroom.new_game("lost_atlas", ["you"], seed=1, options={"mode": "solo"})
    bot = RandomBot(1)
    while game.state.round == "map":
        game.apply(bot.choose(game, 0))
    game.apply(game.legal_actions()[0])
    state = game.state
    board = state.board
    cities = [h for h, _ in sorted(board.spaces.items())
              if solo.track._yellow_able(board, h, through=False)
              and not any(ref[0] == h for ref in board.reserved)]
    start = cities[0]
    reach = Reach(stops=set(), entries={start: {0}})
    near = {h for h in cities[1:] if h != start}
    path = solo.plan_path(board, solo.conglomerate_operator(state), reach, [(start, 0)], near)
    again = solo.plan_path(board, solo.conglomerate_operator(state), reach, [(start, 0)], near)
    assert path == again  # deterministic tie-breaks


SOLO_OPTIONS: list[dict[str, object]] = [
    {"mode": "solo", "headquarters": True},
    {"mode": "solo_random", "unions_win": True},
    {"mode": "solo", "cut_throat_stock": True},
    {"mode": "solo", "cut_throat_routes": True},
    {"mode": "solo", "hostile_mergers": True},
    {"mode": "solo", "merger_mania": True, "record_gains": True},
    {"mode": "solo_random", "different_destinations": True, "destination_card": "card-3"},
    {"mode": "solo", "solo_difficulty": "hard", "bankruptcy": "continue"},
    {"mode": "solo_random", "headquarters": True, "cut_throat_stock": True,
     "cut_throat_routes": True, "hostile_mergers": True, "merger_mania": True,
     "unions_win": True, "record_gains": True},
]


@pytest.mark.parametrize(("seed", "options"), [
    (1583, {"mode": "solo", "headquarters": True}),
    (1610, {"mode": "solo_random", "unions_win": True}),
    (5545, {"mode": "solo", "cut_throat_stock": True}),
])
def test_the_soak_cases_play_to_the_end(seed: int, options: dict[str, object]) -> None:
    game = boardroom.new_game("lost_atlas", ["you"], seed=seed, options=options)
    play_out(game, seed)
    assert game.result is not None


def test_solo_soak_every_option() -> None:
    """A few hundred seeded random solo games over every solo option (about 20-40 s on
    one core): none may crash, break an invariant or fail to end."""
    games = 0
    for seed in range(240):
        options = SOLO_OPTIONS[seed % len(SOLO_OPTIONS)]
        game = boardroom.new_game("lost_atlas", ["you"], seed=10_000 + seed, options=options)
        bot = RandomBot(seed)
        steps = 0
        while not game.is_over:
            game.apply(bot.choose(game, 0))
            steps += 1
            assert steps < 4000
        game.title.invariants(game.state)
        assert game.result is not None
        games += 1
    assert games == 240


# -- 3, 4. notation and action objects -----------------------------------------------------
@pytest.mark.parametrize("text", ["piece 1,1 r²", "piece 1,1 r١", "piece ²,1 r0"])
def test_unicode_digits_in_lost_atlas_notation_are_a_notation_error(text: str) -> None:
    from boardroom.core.errors import NotationError

    game = boardroom.new_game("lost_atlas", ["A", "B", "C"], seed=1)
    with pytest.raises(NotationError):
        game.parse(text)
    data = game.to_record()
    del data["digest"]
    data["actions"] = [text]
    with pytest.raises(boardroom.RecordError, match="action 0"):
        boardroom.load(data)


def test_invariants_catch_a_negative_pool_or_treasury_holding() -> None:
    from boardroom.market.shares import Company

    company = Company("expansive", total=10, president_shares=2, share_percent=10,
                      max_percent=60)
    company.launch(0)
    company.check()
    company.pool = -1
    company.treasury += 1
    with pytest.raises(AssertionError, match="negative pool"):
        company.check()


def lost_atlas_at(round_name: str, seed: int = 3, **options: object) -> boardroom.Game:
    game = boardroom.new_game("lost_atlas", ["A", "B", "C"], seed=seed,
                              options={"mode": "short", **options})
    bot = RandomBot(seed)
    while game.state.round != round_name:
        game.apply(bot.choose(game, game.to_act[0]))
    return game


def test_hand_built_lost_atlas_objects_are_refused_with_a_rule() -> None:
    from boardroom.core.errors import IllegalAction
    from boardroom.titles.lost_atlas.board.mapbuild import PlaceFiller, PlacePiece
    from boardroom.titles.lost_atlas.rounds.stock_round import Buy
    from boardroom.titles.lost_atlas.variants.headquarters import PlaceHQ
    from boardroom.titles.lost_atlas.variants.hostile_mergers import Vote

    game = boardroom.new_game("lost_atlas", ["A", "B", "C"], seed=1,
                              options={"filler_hexes": True})
    legal = game.legal_actions()[0]
    assert isinstance(legal, PlacePiece)
    objects: list[object] = [
        PlacePiece((*legal.anchor, 0, 1), legal.rotation),  # type: ignore[arg-type]
        PlaceFiller((0, 0, 1)),  # type: ignore[arg-type]
        Buy("expansive", source="nope"),
        Vote(choice="nope"),
        PlaceHQ(((0, 0), 0), effect="taxx"),
    ]
    before = json.dumps(game.to_record())
    for action in objects:
        with pytest.raises(IllegalAction) as info:
            game.apply(action)  # type: ignore[arg-type]
        assert info.value.rule == "notation", action
        assert not game.is_legal(action)  # type: ignore[arg-type]
    assert json.dumps(game.to_record()) == before
    game.apply(legal)


def test_pool_purchase_with_a_made_up_source_cannot_drive_the_pool_negative() -> None:
    from boardroom.core.errors import IllegalAction
    from boardroom.titles.lost_atlas.rounds.stock_round import Buy

    game = lost_atlas_at("stock")
    for _ in range(400):
        if game.state.round != "stock" or game.is_over:
            break
        seat = game.to_act[0]
        buys = [a for a in game.legal_actions(seat) if isinstance(a, Buy)]
        if buys:
            before = json.dumps(game.to_record())
            with pytest.raises(IllegalAction):
                game.apply(Buy(buys[0].company, source="nope"), seat)
            assert json.dumps(game.to_record()) == before
            game.title.invariants(game.state)
            return
        game.apply(game.legal_actions(seat)[0], seat)
    pytest.skip("no buy offered in this game")


# -- 7. the priority after an auction ---------------------------------------------------------
def _issue_example(rules_version: str | None = None) -> boardroom.Game:
    """Seed 11, Short Game, 3 players: A opens at 120, B bids 125, C and A pass, B
    launches, then three passes end the Stock Round."""
    game = boardroom.new_game("lost_atlas", ["A", "B", "C"], seed=11, options={"mode": "short"})
    while game.state.round != "stock":
        game.apply(game.legal_actions()[0])
    actions = [*game.record.actions, "auction 120", "bid 125", "pass", "pass",
               "launch eastern_mining", "pass", "pass", "pass"]
    record = {**game.to_record(), "actions": actions}
    del record["digest"]
    if rules_version is not None:
        record["rules_version"] = rules_version
    return boardroom.load(record)


def test_priority_after_an_auction_goes_clockwise_from_its_winner() -> None:
    """Rulebook: "the player clockwise from the player who took the last non-pass action
    takes the Priority Player Marker"; the last non-pass actions of an auction are the
    winner's (the winning bid, the launch), so B's left-hand neighbour C takes it."""
    game = _issue_example()
    assert game.state.round == "operating"
    assert "B launches Eastern Mining for 125: share price 60." in game.log
    assert game.state.priority == 2


def test_rules_version_1_records_keep_the_priority_after_the_opener() -> None:
    game = _issue_example("1")
    assert game.record.rules_version == "1"
    assert game.state.priority == 1


# -- 8. a bankrupt player cannot win -------------------------------------------------------
def test_a_bankrupt_player_ranks_last_even_with_the_highest_score() -> None:
    from boardroom.titles.lost_atlas.rounds import flow

    game = lost_atlas_at("operating", seed=5)
    state = game.title.copy_state(game.state)
    scores = flow.scores(state)
    richest = max(range(3), key=lambda s: scores[s])
    state.bankrupt.append(richest)
    flow.finish(state, f"{state.players[richest]} is bankrupt", [])
    assert state.result is not None
    assert state.result.ranking[-1] == (richest,)
    assert richest not in state.result.winners
    assert "bankrupt player ranks last" in state.result.tie_rule
    old = game.title.copy_state(game.state)
    old.rules_version = "1"
    old.bankrupt.append(richest)
    flow.finish(old, "bankrupt", [])
    assert old.result is not None and richest in old.result.ranking[0]


# -- 12. messages -------------------------------------------------------------------------
def test_buying_a_minor_not_yet_launched_says_so() -> None:
    from boardroom.core.errors import IllegalAction

    game = lost_atlas_at("stock")
    available = [column[0] for column in game.state.matrix if column]
    assert available
    with pytest.raises(IllegalAction) as info:
        game.apply(f"buy {available[0]} treasury")
    assert info.value.rule == "lost_atlas.stock.company"
    assert "has not been launched: open an auction for it first" in info.value.message
    with pytest.raises(IllegalAction) as info:
        game.apply("buy union treasury")
    assert "has not been formed" in info.value.message
    with pytest.raises(IllegalAction) as info:
        game.apply("buy nothing_like_it pool")
    assert "there is no company 'nothing_like_it'" in info.value.message


def test_route_without_a_hub_says_what_the_route_lacks() -> None:
    """The refusal names what the submitted route lacks, not the rule's wording alone."""
    from boardroom.routing.problem import Route
    from boardroom.routing.validate import validate
    from test_routing import line

    problem = line([20, 30, 40], trains=(2,))
    err = validate(problem, [Route((1, 2), (1,), (1, 2), 2, 70)], prefix="lost_atlas.route")
    assert err is not None and err.rule == "lost_atlas.route.hub"
    assert "none of this route's stops has one of the company's hubs" in str(err)


def test_heuristic_bots_propose_no_merger_the_partner_refuses() -> None:
    """Seed 1, Short Game, three heuristic bots: the proposer used to score a merger by
    its own gain alone; the partner's president, judging by its own, refused it
    ("... may not merge this round"). The proposal was legal, so it was listed; the bot
    now proposes only what the partner would accept."""
    from boardroom.bots import make_bot

    game = boardroom.new_game("lost_atlas", ["A", "B", "C"], seed=1, options={"mode": "short"})
    bots = [make_bot("heuristic", 10 + s) for s in range(3)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    refusals = [line for line in game.log if " refuses: " in line]
    assert refusals == []
