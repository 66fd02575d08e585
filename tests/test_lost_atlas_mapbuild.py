"""Lost Atlas map building: the placement rules, every mode's stack, the automatic events
(projects to the bottom, restarts), Different Distant Destinations, the filler step, the
notation, and map files."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from boardroom.bench.lost_atlas_board import main as bench_main
from boardroom.core.errors import IllegalAction, NotationError, OptionError
from boardroom.core.rng import Rng
from boardroom.map.hexes import Hex, neighbours
from boardroom.map.pieces import legal_placements, place_hexes, shared_edges
from boardroom.titles.lost_atlas.board.board import Board, piece_shape
from boardroom.titles.lost_atlas.board.components import Components, load_components
from boardroom.titles.lost_atlas.board.mapbuild import (
    MAX_RESTARTS,
    MapBuilder,
    MapBuildError,
    PassFiller,
    PlaceCapital,
    PlaceFiller,
    PlacePiece,
    auto_build,
    finish_randomly,
    parse,
)
from boardroom.titles.lost_atlas.board.mapfile import (
    MapEditor,
    MapFileError,
    MapSpec,
    PieceEntry,
    dumps,
    load_map,
    loads,
    save_map,
    spec_from_builder,
    spec_to_json,
)

MODES = [("long", 4), ("short", 3), ("short_random", 2), ("micro_3p", 3), ("micro_2p", 2)]
SEEDS = range(30)


@pytest.fixture(scope="module")
def c() -> Components:
    return load_components()


def builder(c: Components, stack: list[int | str], players: int = 2) -> MapBuilder:
    return MapBuilder.from_stack(c, stack, ["Ann", "Bob", "Cy"][:players], Rng(1), first_seat=0)


def snapshot(b: MapBuilder) -> tuple[Any, ...]:
    return (list(b.stack), b.current, b.seat, b.step, list(b.board.pieces),
            dict(b.board.spaces), dict(b.board.tiles), list(b.capitals), list(b.fillers),
            b.fillers_left, b.passes, b.restarts, list(b.log), b.rng.state, dict(b.dd_pairs),
            b.legal_actions())


def content(board: Board) -> dict[Hex, tuple[Any, ...]]:
    """What the map shows on every hex (what two identical maps share)."""
    return {h: (s.terrain, s.home, s.destination, s.open_edges, s.water_edges, s.capital,
                s.printed.id if s.printed else None)
            for h, s in board.spaces.items()}


def verify_map(c: Components, b: MapBuilder) -> None:
    """Re-check the finished map from scratch, without the code under test."""
    placed: dict[Hex, int] = {}  # hex -> index of its piece
    border: set[Hex] = set()
    for i, (number, anchor, rotation) in enumerate(b.board.pieces):
        shape = piece_shape(c.map_pieces[number])
        cells = place_hexes(shape, anchor, rotation)
        assert not any(cell in placed for cell in cells), f"piece {i} overlaps"
        if i == 0:
            assert anchor == (0, 0)
        else:
            shared = sum(1 for cell in cells for n in neighbours(cell) if n in placed)
            assert shared >= 3, f"piece {i} ({number}) shares only {shared} edges"
        for cell in cells:
            placed[cell] = i
        border.update(cell for cell, bd in zip(cells, shape.border, strict=True) if bd)
    for h in b.fillers:
        assert h not in placed and any(n in placed for n in neighbours(h))
        placed[h] = -1
    for h in border:
        for n in neighbours(h):
            assert n not in placed or placed[n] == placed[h], f"border {h} touches {n}"
    for _, h in b.capitals:
        space = b.board.spaces[h]
        assert space.capital and space.terrain == "city" and space.home is None
    assert sum(s.capital for s in b.board.spaces.values()) == len(b.capitals)
    assert set(b.board.spaces) == set(placed)


# --------------------------------------------------------------------------- placement rules


def test_first_piece_goes_on_the_centre_in_any_rotation(c: Components) -> None:
    b = builder(c, [16, 12])
    assert {a.rotation for a in b.legal_actions() if isinstance(a, PlacePiece)} == set(range(6))
    assert all(a == PlacePiece((0, 0), a.rotation) for a in b.legal_actions())
    err = b.check(PlacePiece((2, 1), 0), 0)
    assert err is not None and err.rule == "lost_atlas.map.first-piece"
    err = b.check(PlacePiece((0, 0), 6), 0)
    assert err is not None and err.rule == "lost_atlas.map.rotation"
    assert b.check(PlacePiece((0, 0), 3), 0) is None


def test_rule_overlap(c: Components) -> None:
    b = builder(c, [16, 12])
    b.apply(PlacePiece((0, 0), 0), 0)
    err = b.check(PlacePiece((0, 0), 3), 1)
    assert err is not None and err.rule == "lost_atlas.map.overlap"
    assert b.check(PlacePiece((1, 1), 1), 1) is None


def test_rule_border_the_maps_border_hex(c: Components) -> None:
    b = builder(c, [23, 12])  # 23's hex A is a black border hex, placed on 0,0
    b.apply(PlacePiece((0, 0), 0), 0)
    assert b.board.spaces[(0, 0)].terrain == "border"
    err = b.check(PlacePiece((-2, 0), 0), 1)
    assert err is not None and err.rule == "lost_atlas.map.border"
    assert b.check(PlacePiece((1, 1), 1), 1) is None


def test_rule_border_the_new_pieces_border_hex(c: Components) -> None:
    b = builder(c, [12, 23])
    b.apply(PlacePiece((0, 0), 0), 0)
    err = b.check(PlacePiece((-1, 0), 1), 1)
    assert err is not None and err.rule == "lost_atlas.map.border"
    assert b.check(PlacePiece((1, 2), 3), 1) is None


def test_rule_shared_edges(c: Components) -> None:
    b = builder(c, [16, 12])
    b.apply(PlacePiece((0, 0), 0), 0)
    cells = place_hexes(piece_shape(c.map_pieces[12]), (2, -1), 0)
    assert shared_edges(cells, b.board.border_map()) == 2
    err = b.check(PlacePiece((2, -1), 0), 1)
    assert err is not None and err.rule == "lost_atlas.map.shared-edges"
    far = b.check(PlacePiece((5, 5), 0), 1)
    assert far is not None and far.rule == "lost_atlas.map.shared-edges"
    assert b.check(PlacePiece((1, 1), 1), 1) is None  # 3 shared edges


def test_rule_not_your_turn_and_wrong_step(c: Components) -> None:
    b = builder(c, [16, "project-1"])
    err = b.check(PlacePiece((0, 0), 0), 1)
    assert err is not None and err.rule == "lost_atlas.map.not-your-turn"
    for action in (PlaceCapital((0, 0)), PlaceFiller((0, 0)), PassFiller()):
        err = b.check(action, 0)
        assert err is not None and err.rule == "lost_atlas.map.wrong-step"
    b.apply(PlacePiece((0, 0), 0), 0)
    assert b.current == "project-1"
    err = b.check(PlacePiece((1, 1), 1), 1)
    assert err is not None and err.rule == "lost_atlas.map.wrong-step"


def test_rule_capital_target(c: Components) -> None:
    # 3: A basic city, B Agricultural's home, C blank. 16: A basic city.
    b = builder(c, [3, 16, "project-1", "project-2"])
    b.apply(PlacePiece((0, 0), 0), 0)
    b.apply(b.legal_actions()[0], 1)
    assert b.current == "project-1" and b.to_act() == (0,)
    cities = {h for h, s in b.board.spaces.items() if s.terrain == "city" and s.home is None}
    assert {a.hex for a in b.legal_actions() if isinstance(a, PlaceCapital)} == cities
    for bad in [(1, 0), (0, 1), (9, 9)]:  # a home, a blank hex, off the map
        err = b.check(PlaceCapital(bad), 0)
        assert err is not None and err.rule == "lost_atlas.map.capital-target"
    assert b.check(PlaceCapital((0, 0)), 0) is None
    log = b.apply(PlaceCapital((0, 0)), 0)
    assert log[0] == "Ann places the capital overlay capital-1 on 0,0."
    assert b.board.spaces[(0, 0)].capital and b.current == "project-2"
    err = b.check(PlaceCapital((0, 0)), 1)  # already a capital
    assert err is not None and err.rule == "lost_atlas.map.capital-target"
    b.apply(b.legal_actions()[0], 1)
    assert b.is_done and len(b.capitals) == 2
    verify_map(c, b)


def test_placements_match_the_generic_rules(c: Components) -> None:
    """The fast enumeration gives exactly the maps pieces.legal_placements gives."""
    for seed in range(4):
        b = MapBuilder.start(c, "long", 4, Rng(seed))
        while not b.is_done:
            if isinstance(b.current, int):
                piece = c.map_pieces[b.current]
                shape = piece_shape(piece)
                generic = legal_placements(shape, b.board.border_map(),
                                           c.map_rules.min_shared_edges)
                mine = b.placements(b.current)
                assert set(mine) <= set(generic)

                def result(anchor: Hex, rotation: int, number: int = b.current) -> Any:
                    board = Board.empty(c)
                    board.add_piece(c.map_pieces[number], anchor, rotation)
                    return frozenset(content(board).items())

                generic_maps = {result(p.anchor, p.rotation) for p in generic}
                mine_maps = [result(p.anchor, p.rotation) for p in mine]
                assert len(mine_maps) == len(set(mine_maps)) == len(generic_maps)
                assert set(mine_maps) == generic_maps
            actions = b.legal_actions()
            b.apply(actions[b.rng.below(len(actions))], b.seat)


def test_symmetric_piece_is_offered_once_per_map(c: Components) -> None:
    b = builder(c, [12, 16, 12])
    first = b.legal_actions()  # piece 12: all blank, so r0 = r2 = r4 and r1 = r3 = r5
    assert first == [PlacePiece((0, 0), 0), PlacePiece((0, 0), 1)]
    assert b.check(PlacePiece((0, 0), 2), 0) is None  # an equivalent rotation is legal
    b.apply(PlacePiece((0, 0), 0), 0)
    b.apply(b.legal_actions()[0], 1)
    actions = b.legal_actions()
    cells = [frozenset(place_hexes(piece_shape(c.map_pieces[12]), a.anchor, a.rotation))
             for a in actions if isinstance(a, PlacePiece)]
    assert len(cells) == len(set(cells))
    generic = legal_placements(piece_shape(c.map_pieces[12]), b.board.border_map())
    assert len(generic) == 3 * len(cells)
    # A piece with three different hexes keeps all three turns of each spot.
    c16 = builder(c, [12, 16])
    c16.apply(PlacePiece((0, 0), 0), 0)
    generic16 = legal_placements(piece_shape(c.map_pieces[16]), c16.board.border_map())
    assert len(c16.legal_actions()) == len(generic16)


# --------------------------------------------------------------------------- modes


@pytest.mark.parametrize(("mode", "players"), MODES)
def test_auto_build_makes_a_legal_map_in_every_mode(c: Components, mode: str,
                                                     players: int) -> None:
    m = c.mode(mode)
    projects_per_game = m.pile.capital_projects if m.pile else m.capital_projects
    for seed in SEEDS:
        b = auto_build(c, mode, players, Rng(seed))
        assert b.is_done and b.to_act() == () and b.legal_actions() == []
        verify_map(c, b)
        b.invariants()
        numbers = [n for n, _, _ in b.board.pieces]
        assert len(numbers) == c.mode_pile_size(mode)
        assert Counter(numbers) == Counter(i for i in b.composition if isinstance(i, int))
        projects = [i for i in b.composition if isinstance(i, str)]
        assert len(projects) == projects_per_game
        assert sorted([p for p, _ in b.capitals] + b.set_aside) == sorted(projects)
        assert b.summary()["pieces_placed"] == len(numbers)


def test_long_and_short_stacks(c: Components) -> None:
    b = MapBuilder.start(c, "long", 3, Rng(5))
    assert Counter(i for i in b.composition if isinstance(i, int)) == Counter(
        {n: p.copies for n, p in c.map_pieces.items()})
    assert len([i for i in b.composition if isinstance(i, int)]) == 33
    assert len([i for i in b.composition if isinstance(i, str)]) == 3
    s = MapBuilder.start(c, "short", 2, Rng(5))
    pieces = Counter(i for i in s.composition if isinstance(i, int))
    assert sum(pieces.values()) == 25
    assert not {9, 10, 11, 21, 26} & set(pieces)
    assert pieces[12] == pieces[13] == pieces[14] == 1
    assert len([i for i in s.composition if isinstance(i, str)]) == 2


def test_short_random_removes_four_home_pieces(c: Components) -> None:
    homes = {n for n, p in c.map_pieces.items() if p.is_home_piece}
    assert homes == {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 21}
    removed_sets = set()
    for seed in range(10):
        b = MapBuilder.start(c, "short_random", 3, Rng(seed))
        pieces = Counter(i for i in b.composition if isinstance(i, int))
        assert len(b.removed_pieces) == 4 and set(b.removed_pieces) <= homes
        assert homes - set(pieces) == set(b.removed_pieces)
        assert 26 not in pieces and pieces[12] == pieces[13] == pieces[14] == 1
        assert sum(pieces.values()) == 25
        assert len([i for i in b.composition if isinstance(i, str)]) == 2
        removed_sets.add(b.removed_pieces)
    assert len(removed_sets) > 5  # random, not fixed


@pytest.mark.parametrize(("mode", "homes", "size"), [("micro_3p", 6, 16), ("micro_2p", 4, 11)])
def test_micro_piles(c: Components, mode: str, homes: int, size: int) -> None:
    chosen = set()
    for seed in range(10):
        b = MapBuilder.start(c, mode, 3 if mode == "micro_3p" else 2, Rng(seed))
        pieces = [i for i in b.composition if isinstance(i, int)]
        assert len(pieces) == size == c.mode_pile_size(mode)
        assert sum(1 for n in pieces if c.map_pieces[n].destinations) == 1
        assert sum(1 for n in pieces if c.map_pieces[n].is_home_piece) == homes
        assert len([i for i in b.composition if isinstance(i, str)]) == 1
        assert 26 not in pieces or mode == "micro_2p"
        everything = Counter(pieces) + Counter(b.removed_pieces)
        assert everything == Counter(c.mode_pieces(mode))
        chosen.add(tuple(sorted(pieces)))
    assert len(chosen) > 5
    other = MapBuilder.start(c, mode, 3 if mode == "micro_3p" else 2, Rng(0),
                             {"micro_pile": 1})
    first = MapBuilder.start(c, mode, 3 if mode == "micro_3p" else 2, Rng(0))
    assert set(other.composition) & set(first.composition) != set(first.composition)


def test_options_and_players_are_checked(c: Components) -> None:
    with pytest.raises(OptionError):
        MapBuilder.start(c, "long", 2, Rng(0))
    with pytest.raises(OptionError):
        MapBuilder.start(c, "nonsense", 3, Rng(0))
    with pytest.raises(OptionError):
        MapBuilder.start(c, "long", 3, Rng(0), {"fillers": True})
    with pytest.raises(OptionError):
        MapBuilder.start(c, "long", 3, Rng(0), {"destination_card": "gold"})
    with pytest.raises(OptionError):
        MapBuilder.start(c, "micro_2p", 2, Rng(0), {"micro_pile": 3})
    with pytest.raises(OptionError):
        MapBuilder.start(c, "long", 3, Rng(0), {"filler_hexes": "yes"})


def test_determinism(c: Components) -> None:
    for mode, players in MODES:
        a = auto_build(c, mode, players, Rng(11), {"filler_hexes": True})
        b = auto_build(c, mode, players, Rng(11), {"filler_hexes": True})
        assert a.board.pieces == b.board.pieces and a.log == b.log
        assert a.capitals == b.capitals and a.fillers == b.fillers
    maps = {tuple(auto_build(c, "long", 4, Rng(s)).board.pieces) for s in range(5)}
    assert len(maps) == 5


def test_first_player_is_random_and_turns_go_clockwise(c: Components) -> None:
    firsts = {MapBuilder.start(c, "long", 5, Rng(s)).first_seat for s in range(40)}
    assert firsts == set(range(5))
    b = MapBuilder.start(c, "long", 4, Rng(3))
    seats = []
    while not b.is_done and b.restarts == 0:
        seats.append(b.seat)
        b.apply(b.legal_actions()[0], b.seat)
    assert all(s2 == (s1 + 1) % 4 for s1, s2 in pairwise(seats))


def test_refused_action_changes_nothing(c: Components) -> None:
    b = MapBuilder.start(c, "long", 3, Rng(2))
    b.apply(b.legal_actions()[0], b.seat)
    before = snapshot(b)
    for action, seat in [(PlacePiece((0, 0), 0), b.seat), (PlacePiece((40, 40), 0), b.seat),
                         (b.legal_actions()[0], (b.seat + 1) % 3), (PassFiller(), b.seat)]:
        with pytest.raises(IllegalAction):
            b.apply(action, seat)
        assert snapshot(b) == before


def test_copy_is_independent(c: Components) -> None:
    b = MapBuilder.start(c, "short", 3, Rng(4))
    twin = b.copy()
    before = snapshot(twin)
    finish_randomly(b)
    assert snapshot(twin) == before
    finish_randomly(twin)
    assert twin.board.pieces == b.board.pieces


# --------------------------------------------------------------------------- automatic events


def test_project_goes_to_the_bottom_when_no_city_can_take_it(c: Components) -> None:
    b = builder(c, ["project-1", 12, 16])
    assert b.log[-3:] == [
        "Ann draws capital project project-1.",
        "No basic city can take the capital overlay: capital project project-1 goes to the "
        "bottom of the stack.",
        "Ann draws map piece 12.",
    ]
    assert b.current == 12 and b.stack == [16, "project-1"] and b.to_act() == (0,)
    b.apply(PlacePiece((0, 0), 0), 0)  # all blank: still no city
    b.apply(PlacePiece((1, 1), 1), 1)  # 16 brings a basic city
    assert b.current == "project-1" and b.to_act() == (0,)
    city = next(h for h, s in b.board.spaces.items() if s.terrain == "city")
    b.apply(PlaceCapital(city), 0)
    assert b.is_done and b.capitals == [("project-1", city)]


def test_projects_that_can_never_be_placed_are_set_aside(c: Components) -> None:
    b = builder(c, ["project-1", "project-2", 12])
    assert b.stack == ["project-1", "project-2"] and b.current == 12
    log = b.apply(PlacePiece((0, 0), 0), 0)
    assert log[-2].startswith("Only capital projects remain")
    assert "project-1, project-2 are set aside" in log[-2]
    assert b.is_done and b.set_aside == ["project-1", "project-2"] and not b.capitals


def test_restart_when_a_piece_cannot_be_placed(c: Components) -> None:
    b = builder(c, [23, 27, 28, 26, 16])
    for seat, action in enumerate([PlacePiece((0, 0), 3), PlacePiece((-1, -2), 0),
                                   PlacePiece((2, -3), 2)]):
        b.apply(action, seat % 2)
    assert b.current == 26 and b.restarts == 0
    log = b.apply(PlacePiece((-3, 1), 5), 1)
    assert "Ann draws map piece 16." in log
    assert ("Map piece 16 cannot be placed anywhere: the map pieces are collected and map "
            "building restarts (restart 1).") in log
    assert b.restarts == 1
    assert len(b.board.pieces) == 0 and b.current is not None
    assert sorted([*b.stack, b.current]) == [16, 23, 26, 27, 28]
    finish_randomly(b)
    assert b.is_done and len(b.board.pieces) == 5
    verify_map(c, b)
    assert b.summary()["restarts"] == b.restarts >= 1


def test_real_stacks_restart_too(c: Components) -> None:
    """A few seeds need a restart with the full rules; the map still comes out legal."""
    restarted = [b for b in (auto_build(c, "long", 3, Rng(s)) for s in range(160, 200))
                 if b.restarts]
    assert restarted
    for b in restarted:
        verify_map(c, b)


def test_an_impossible_stack_stops_with_an_error(c: Components) -> None:
    strict = replace(c, map_rules=c.map_rules.model_copy(update={"min_shared_edges": 4}))
    b = MapBuilder.from_stack(strict, [12, 16], 2, Rng(0), first_seat=0)
    b.apply(PlacePiece((0, 0), 0), 0)  # 16 cannot share 4 edges with one tri-hex
    assert b.restarts == 1 and not b.board.pieces
    with pytest.raises(MapBuildError):
        finish_randomly(b)
    assert b.restarts == MAX_RESTARTS + 1


# --------------------------------------------------------------------------- destination cards


def test_base_game_uses_one_card_for_every_destination(c: Components) -> None:
    b = auto_build(c, "long", 3, Rng(8))
    assert b.destination_cards == {"DD26": "recommended", "DD27": "recommended",
                                   "DD28": "recommended"}
    b = auto_build(c, "long", 3, Rng(8), {"destination_card": "card-3"})
    assert set(b.destination_cards.values()) == {"card-3"}


def test_different_distant_destinations_pairs_a_card_per_destination(c: Components) -> None:
    pairings = set()
    for seed in range(12):
        b = auto_build(c, "long", 4, Rng(seed), {"different_destinations": True})
        cards = b.destination_cards
        assert set(cards) == {"DD26", "DD27", "DD28"}
        assert len(set(cards.values())) == 3 and "blank" not in cards.values()
        for dest, card in cards.items():
            name = c.destination_cards[card].name
            assert f"Distant Destination {dest} is paired with the {name} card." in b.log
        pairings.add(tuple(sorted(cards.items())))
    assert len(pairings) > 1


def test_cards_are_paired_when_the_piece_is_drawn(c: Components) -> None:
    b = MapBuilder.from_stack(c, [16, 27], 2, Rng(3), {"different_destinations": True},
                              first_seat=0)
    assert b.destination_cards == {}
    b.apply(PlacePiece((0, 0), 0), 0)
    assert b.current == 27 and list(b.destination_cards) == ["DD27"]


# --------------------------------------------------------------------------- filler step


def test_filler_step(c: Components) -> None:
    b = builder(c, [16, 12], players=3)
    b2 = MapBuilder.from_stack(c, [16, 12], ["Ann", "Bob", "Cy"], Rng(1),
                               {"filler_hexes": True}, first_seat=0)
    b.apply(PlacePiece((0, 0), 0), 0)
    b.apply(PlacePiece((1, 1), 1), 1)
    assert b.is_done  # no filler step without the option
    b2.apply(PlacePiece((0, 0), 0), 0)
    b2.apply(PlacePiece((1, 1), 1), 1)
    assert b2.step == "filler" and b2.to_act() == (2,) and b2.fillers_left == 12
    actions = b2.legal_actions()
    assert actions[-1] == PassFiller()
    err = b2.check(PlaceFiller((0, 0)), 2)
    assert err is not None and err.rule == "lost_atlas.map.overlap"
    err = b2.check(PlaceFiller((7, 7)), 2)
    assert err is not None and err.rule == "lost_atlas.map.filler-adjacent"
    assert b2.apply(PlaceFiller((-1, 0)), 2) == ["Cy places a single blank hex on -1,0."]
    assert b2.board.spaces[(-1, 0)].terrain == "blank" and b2.board.spaces[(-1, 0)].piece == 0
    b2.apply(PassFiller(), 0)
    b2.apply(PassFiller(), 1)
    b2.apply(PlaceFiller((-1, 1)), 2)  # a placement breaks the run of passes
    assert not b2.is_done
    for seat in (0, 1, 2):
        b2.apply(PassFiller(), seat)
    assert b2.is_done and b2.fillers == [(-1, 0), (-1, 1)]
    verify_map(c, b2)


def test_filler_never_touches_a_border_hex(c: Components) -> None:
    b = MapBuilder.from_stack(c, [23], 2, Rng(1), {"filler_hexes": True}, first_seat=0)
    b.apply(PlacePiece((0, 0), 0), 0)
    err = b.check(PlaceFiller((-1, 0)), 1)  # next to 23's border hex on 0,0
    assert err is not None and err.rule == "lost_atlas.map.border"
    offered = {a.hex for a in b.legal_actions() if isinstance(a, PlaceFiller)}
    assert offered and not any((0, 0) in neighbours(h) for h in offered)


def test_filler_step_ends_when_the_hexes_run_out(c: Components) -> None:
    for seed in range(10):
        b = auto_build(c, "micro_2p", 2, Rng(seed), {"filler_hexes": True})
        verify_map(c, b)
        assert len(b.fillers) + b.fillers_left == 12
        assert b.log[-1].endswith("Map building is over.")


# --------------------------------------------------------------------------- notation


def test_notation_round_trip(c: Components) -> None:
    b = MapBuilder.start(c, "long", 3, Rng(6), {"filler_hexes": True})
    seen = set()
    while not b.is_done:
        for action in b.legal_actions():
            assert parse(str(action)) == action
            seen.add(type(action))
        actions = b.legal_actions()
        b.apply(actions[b.rng.below(len(actions))], b.seat)
    assert seen == {PlacePiece, PlaceCapital, PlaceFiller, PassFiller}
    assert str(PlacePiece((3, -1), 2)) == "piece 3,-1 r2"
    assert parse("  Capital -2,5 ") == PlaceCapital((-2, 5))
    for bad in ["", "piece 3 r2", "piece 3,-1 2", "piece a,b r1", "capital", "fill 1,1",
                "pass now", "piece 1,2,3 r0"]:
        with pytest.raises(NotationError):
            parse(bad)


def test_log_sentences_name_the_player(c: Components) -> None:
    b = MapBuilder.from_stack(c, [12, 16], ["Ann", "Bob"], Rng(1), first_seat=1)
    assert b.log[-2:] == ["Bob places the first map piece.", "Bob draws map piece 12."]
    assert b.apply(PlacePiece((0, 0), 0), 1) == ["Bob places map piece 12 at 0,0 turned 0.",
                                                  "Ann draws map piece 16."]


# --------------------------------------------------------------------------- map files


def test_map_file_round_trip(c: Components, tmp_path: Path) -> None:
    for seed, options in [(1, {}), (2, {"different_destinations": True, "filler_hexes": True})]:
        b = auto_build(c, "long", 4, Rng(seed), options)
        spec = spec_from_builder(b, name=f"seed {seed}")
        path = tmp_path / f"map{seed}.json"
        save_map(spec, path)
        loaded = load_map(c, path)
        assert loaded.spec == spec
        assert loaded.board.pieces == b.board.pieces
        assert content(loaded.board) == content(b.board)
        assert loaded.board.tiles == b.board.tiles
        assert loaded.destination_cards == b.destination_cards
        assert json.loads(path.read_text())["format"] == "boardroom.lost_atlas.map"


def _good(c: Components) -> dict[str, Any]:
    return spec_to_json(spec_from_builder(auto_build(c, "short", 3, Rng(3))))


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["pieces"].append({"number": 99, "anchor": [9, 9], "rotation": 0}),
     "pieces[25] (piece 99 at 9,9 turned 0): there is no map piece 99"),
    (lambda d: d["pieces"].append({"number": 21, "anchor": d["pieces"][3]["anchor"],
                                   "rotation": 0}), "lost_atlas.map.overlap"),
    (lambda d: d["pieces"].append({"number": 9, "anchor": [30, 30], "rotation": 0}),
     "pieces[25] (piece 9 at 30,30 turned 0): the piece must share at least 3 edges"),
    (lambda d: d["pieces"][1].update(rotation=7), "pieces[1] (piece"),
    (lambda d: d["pieces"][1].update(colour=7), "pieces[1]: unknown key(s) colour"),
    (lambda d: d["pieces"][1].update(anchor=[0]), "pieces[1].anchor"),
    (lambda d: d.update(capitals=[[50, 50]]), "capitals[0]: 50,50 is not on the map"),
    (lambda d: d.update(fillers=[[40, 40]]), "lost_atlas.map.filler-adjacent"),
    (lambda d: d.update(overlays=[{"overlay": "blank-city", "face": "water", "hex": [0, 0]}]),
     "overlays[0] (blank-city water on 0,0): its faces are blank and city"),
    (lambda d: d.update(destination_cards={"DD99": "recommended"}), "DD99"),
    (lambda d: d.update(destination_card="gold"), "destination_card: no card 'gold'"),
    (lambda d: d.update(format="other"), "format"),
    (lambda d: d.update(extra=1), "unknown key(s) extra"),
    (lambda d: d.pop("pieces"), "pieces: missing"),
])
def test_bad_map_files(c: Components, change: Any, message: str) -> None:
    data = _good(c)
    assert len(data["pieces"]) == 25
    change(data)
    with pytest.raises(MapFileError) as exc:
        loads(c, json.dumps(data), "bad.json")
    assert message in str(exc.value)
    assert str(exc.value).startswith("bad.json: ")


def test_map_file_border_rule_names_the_piece(c: Components) -> None:
    spec = MapSpec(pieces=(PieceEntry(23, (0, 0), 0), PieceEntry(12, (-2, 0), 0)))
    with pytest.raises(MapFileError, match=r"pieces\[1\].*lost_atlas.map.border"):
        loads(c, dumps(spec))
    with pytest.raises(MapFileError, match="not valid JSON"):
        loads(c, "{")
    with pytest.raises(MapFileError, match="cannot read"):
        load_map(c, "/nonexistent/map.json")
    too_many = MapSpec(pieces=(PieceEntry(1, (0, 0), 0), PieceEntry(1, (9, 9), 0)),
                       free_placement=True)
    with pytest.raises(MapFileError, match="only 1 copy of piece 1"):
        loads(c, dumps(too_many))


def test_free_placement_allows_any_position_but_no_overlap(c: Components) -> None:
    spec = MapSpec(pieces=(PieceEntry(23, (0, 0), 0), PieceEntry(12, (-2, 0), 0),
                           PieceEntry(16, (10, 10), 4)), free_placement=True,
                   fillers=((20, 20),))
    loaded = loads(c, dumps(spec))
    assert len(loaded.board.pieces) == 3 and (20, 20) in loaded.board.spaces
    clash = replace(spec, pieces=(*spec.pieces, PieceEntry(13, (10, 10), 0)))
    with pytest.raises(MapFileError, match=r"pieces\[3\].*overlaps"):
        loads(c, dumps(clash))


def test_map_editor(c: Components) -> None:
    ed = MapEditor(c)
    ed.add_piece(3, (0, 0), 0)
    ed.add_piece(16, (1, 1), 1)
    ed.add_piece(27, (-2, 1), 5)
    with pytest.raises(MapFileError, match=r"lost_atlas\.map\.shared-edges"):
        ed.add_piece(12, (10, 10), 0)
    assert len(ed.spec.pieces) == 3
    ed.add_capital((0, 0))
    with pytest.raises(MapFileError, match="minor's home"):
        ed.add_capital((1, 0))
    ed.add_overlay("blank-mountain", "mountain", (2, 2))
    assert ed.board.spaces[(2, 2)].terrain == "mountain"
    assert ed.board.spaces[(2, 2)].cost == c.map_rules.mountain_cost
    with pytest.raises(MapFileError, match=r"lost_atlas\.map\.border"):
        ed.add_overlay("blank-city", "city", (-2, 2))  # next to 27's border hex
    ed.add_overlay("blank-city", "city", (0, -1))
    assert ed.board.tile_at((0, -1)) is not None  # a city face is an untiled city
    ed.set_destination_card("card-2", "DD27")
    assert ed.destination_cards == {"DD27": "card-2"}
    data = ed.to_json()
    assert [p["number"] for p in data["pieces"]] == [3, 16, 27]
    assert loads(c, json.dumps(data)).board.spaces == ed.board.spaces
    with pytest.raises(MapFileError):
        ed.remove_piece((0, 0))  # 16 would then be the first piece and 27 too far
    ed.add_piece(13, (2, -1), 0)
    assert ed.remove_piece((2, -1)) == PieceEntry(13, (2, -1), 0)
    assert [p.number for p in ed.spec.pieces] == [3, 16, 27]
    assert MapEditor.from_spec(c, ed.spec).to_json() == ed.to_json()


def test_map_editor_refuses_a_removal_that_breaks_the_map(c: Components) -> None:
    ed = MapEditor(c)
    ed.add_piece(16, (0, 0), 0)
    ed.add_piece(12, (1, 1), 1)
    ed.add_filler((2, 2))
    before = ed.to_json()
    with pytest.raises(MapFileError):
        ed.remove_piece((1, 1))  # the filler would no longer touch the map
    assert ed.to_json() == before
    with pytest.raises(MapFileError, match="no map piece covers"):
        ed.remove_piece((2, 2))
    free = MapEditor(c, free_placement=True)
    free.add_piece(16, (0, 0), 0)
    free.add_piece(12, (5, 5), 0)
    assert free.remove_piece((5, 5)) == PieceEntry(12, (5, 5), 0)
    assert [p.number for p in free.spec.pieces] == [16]


# --------------------------------------------------------------------------- benchmark


def test_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["mapbuild", "--builds", "3", "--mode", "micro_2p"]) == 0
    out = capsys.readouterr().out
    assert "median" in out and "p90" in out
