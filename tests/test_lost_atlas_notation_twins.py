"""Lost Atlas notation that said one thing two ways, or said what no board has (issue 26,
items 13 and 14): a run's hex side outside 0 to 5, and a tile or map piece turned to a
symmetric twin of a listed rotation.

Rule ids checked: notation, lost_atlas.map.rotation.
"""

from __future__ import annotations

import json

import pytest

import boardroom
from boardroom.bots import make_bot
from boardroom.core.errors import IllegalAction, RecordError
from boardroom.map.tiles import TileDef
from boardroom.titles.lost_atlas.board.mapbuild import PlacePiece
from boardroom.titles.lost_atlas.board.track_laying import TileLay


def heuristic_until(game: boardroom.Game, stop: object, limit: int = 600) -> None:
    """Play the heuristic bot until ``stop(game, legal)`` holds for the seat to act."""
    bot = make_bot("heuristic", 0)
    for _ in range(limit):
        seat = game.to_act[0]
        if stop(game, game.legal_actions(seat)):  # type: ignore[operator]
            return
        game.apply(bot.choose(game, seat), seat)
    raise AssertionError("the position was not reached")


def at_first_run() -> tuple[boardroom.Game, int]:
    """The issue's position: Short, three players, seed 511, heuristic play to the first
    run step."""
    game = boardroom.new_game("lost_atlas", ["A", "B", "C"], seed=511,
                              options={"mode": "short"})
    heuristic_until(game, lambda g, legal: any(str(a).startswith("run") for a in legal))
    return game, game.to_act[0]


@pytest.mark.parametrize("side", ["6", "7", "-1", "-7", "40"])
def test_a_run_through_a_hex_side_outside_0_to_5_is_refused_by_notation(side: str) -> None:
    game, seat = at_first_run()
    text = f"run 40 via 4,2>4,2:{side}>4,3"
    before = json.dumps(game.view(seat), sort_keys=True)
    assert game.is_legal(text, seat) is False
    with pytest.raises(IllegalAction) as refused:
        game.apply(text, seat)
    assert refused.value.rule == "notation"
    assert f"hex side {int(side)}" in refused.value.message
    assert json.dumps(game.view(seat), sort_keys=True) == before


def test_a_record_holding_a_run_through_side_6_raises_record_error() -> None:
    game, _ = at_first_run()
    record = game.to_record()
    record["actions"].append("run 40 via 4,2>4,2:6>4,3")
    record.pop("digest", None)
    with pytest.raises(RecordError, match="hex side 6"):
        boardroom.load(record)


def test_tile_listed_rotation_is_the_first_twin() -> None:
    straight = TileDef("9", "yellow", paths=((0, 3),))
    assert [straight.listed_rotation(r) for r in range(6)] == [0, 1, 2, 0, 1, 2]
    curve = TileDef("7", "yellow", paths=((0, 1),))
    assert [curve.listed_rotation(r) for r in range(6)] == list(range(6))


def _twins(game: boardroom.Game, legal: list[object]) -> list[object]:
    """Legal actions of the seat to act that are not listed: rotations of a listed tile
    lay, and placements of the drawn piece near a listed one."""
    seat = game.to_act[0]
    listed = set(legal)
    found: list[object] = []
    for a in legal:
        if isinstance(a, TileLay):
            tries: list[object] = [TileLay(a.hex, a.tile, r) for r in range(6)]
        elif isinstance(a, PlacePiece):
            tries = [PlacePiece((a.anchor[0] + dq, a.anchor[1] + dr), r)
                     for r in range(6) for dq in (-1, 0, 1) for dr in (-1, 0, 1)]
        else:
            continue
        found.extend(t for t in tries if t not in listed and game.is_legal(t, seat))  # type: ignore[arg-type]
    return found


@pytest.mark.parametrize("kind", [PlacePiece, TileLay])
def test_a_symmetric_twin_is_recorded_and_shown_as_the_listed_action(kind: type) -> None:
    game = boardroom.new_game("lost_atlas", ["A", "B", "C"], seed=0, options={"mode": "short"})
    heuristic_until(game, lambda g, legal: any(isinstance(t, kind) for t in _twins(g, legal)))
    seat = game.to_act[0]
    legal = game.legal_actions(seat)
    twin = next(t for t in _twins(game, legal) if isinstance(t, kind))
    typed = game.copy()
    typed.apply(str(twin), seat)
    recorded = typed.record.actions[-1]
    assert recorded != str(twin), "the twin is recorded as the listed action"
    assert game.parse(recorded) in legal
    listed = game.copy()
    listed.apply(recorded, seat)
    assert listed.record.actions == typed.record.actions
    for viewer in (None, 0, 1, 2):
        assert typed.view(viewer) == listed.view(viewer)
    assert typed.log == listed.log
    # the object form too, and the record replays to the same game
    built = game.copy()
    built.apply(twin, seat)  # type: ignore[arg-type]
    assert built.record.actions == typed.record.actions
    assert boardroom.load(typed.to_record()).view(None) == typed.view(None)


def test_a_record_holding_a_twin_replays_as_it_is_written() -> None:
    # a game is its record: load keeps the record's own notation (a record made before
    # twins were recorded as listed still loads to itself); only a new action is listed
    game = boardroom.new_game("lost_atlas", ["A", "B", "C"], seed=0, options={"mode": "short"})
    heuristic_until(game, lambda g, legal: any(isinstance(t, TileLay) for t in _twins(g, legal)))
    seat = game.to_act[0]
    twin = next(t for t in _twins(game, game.legal_actions(seat)) if isinstance(t, TileLay))
    record = game.to_record()
    record["actions"].append(str(twin))
    record.pop("digest")
    loaded = boardroom.load(record)
    assert loaded.record.actions == record["actions"]
