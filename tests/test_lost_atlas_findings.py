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
    assert game.state.solo is not None and game.state.solo.drawn
    play_out(game, 4)
    assert game.result is not None
    assert game.state.solo.score is not None
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
              if solo._yellow_able(board, h, through=False)
              and not any(ref[0] == h for ref in board.reserved)]
    start = cities[0]
    reach = Reach(stops=set(), entries={start: {0}})
    near = {h for h in cities[1:] if h != start}
    path = solo.plan_path(board, solo._operator(state), reach, [(start, 0)], near)
    again = solo.plan_path(board, solo._operator(state), reach, [(start, 0)], near)
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
