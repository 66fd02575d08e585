"""A copied Lost Atlas state is independent of the original (what search bots and undo
rely on), and the board's copy, which sets its fields directly, knows every field."""

from __future__ import annotations

import dataclasses
import json

import boardroom
from boardroom.bots import make_bot
from boardroom.core.rng import Rng
from boardroom.titles.lost_atlas.board.board import Board
from boardroom.titles.lost_atlas.state import Corp, LostAtlasState


def test_the_board_copy_knows_every_field() -> None:
    assert [f.name for f in dataclasses.fields(Board)] == [
        "components", "spaces", "track", "tiles", "supply", "hubs", "reserved", "suburbs",
        "pieces", "_pseudo", "_reach_cache"]


def test_the_state_and_company_copies_know_every_field() -> None:
    """They set their fields one by one (not through ``__init__``): a new field is
    missing from the copies until its copy is written there (update these lists then)."""
    assert [f.name for f in dataclasses.fields(LostAtlasState)] == [
        "components", "players", "mode", "options", "rng", "ledger", "builder", "board",
        "stock", "corps", "matrix", "trains", "pool", "phase", "bought", "discards",
        "cycle", "round", "or_number", "priority", "destination_values", "auction", "sr",
        "op", "mr", "end_reason", "result", "variants", "rules_version", "bankrupt"]
    assert [f.name for f in dataclasses.fields(Corp)] == [
        "id", "kind", "name", "abbreviation", "abilities", "shares", "trains", "rusted",
        "hub_costs", "operated", "last_revenue", "per_share", "minors", "suburbs",
        "variants"]


def _snapshot(game: boardroom.Game, state: LostAtlasState) -> str:
    return json.dumps(game.title.view(state, None), sort_keys=True, default=str)


def test_playing_on_a_copy_leaves_the_original_as_it_was() -> None:
    game = boardroom.new_game("lost_atlas", ["A", "B", "C"], seed=3, options={"mode": "short"})
    bots = [make_bot("heuristic", seed=s) for s in range(3)]
    rng = Rng(9)
    t = game.title
    checked = 0
    while not game.is_over:
        seat = game.to_act[0]
        if len(game.record.actions) % 25 == 0 and game.state.round != "map":
            before = _snapshot(game, game.state)
            state = t.copy_state(game.state)
            for _ in range(8):
                if t.is_over(state):
                    break
                s = t.to_act(state)[0]
                legal = t.legal_actions(state, s)
                t.apply(state, legal[rng.below(len(legal))], s)
            assert _snapshot(game, game.state) == before
            checked += 1
        game.apply(bots[seat].choose(game, seat), seat)
    assert checked > 5
