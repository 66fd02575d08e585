"""The Lost Atlas view and its terminal rendering for the Solo Game and the variants:
the Conglomerate (trains, action deck, treasury, price, hubs, running score), Hostile
Mergers votes, Bank Break, Headquarters and the Metropolitan.

Each record is a seeded bot game stopped at the first position showing what is tested,
written to a file and shown with ``boardroom show`` (as the CLI does for ``play``)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from rich.console import Console

from boardroom.bots import make_bot
from boardroom.cli.lost_atlas_view import render
from boardroom.cli.main import cli
from boardroom.core.game import Game, new_game
from boardroom.titles.lost_atlas.variants import bank_break, solo
from boardroom.titles.lost_atlas.view import view_state

View = dict[str, Any]


def play_until(mode: str, options: dict[str, Any], seed: int, players: int, bot: str,
               stop: Callable[[View], bool]) -> Game:
    """Bots play until ``stop`` holds for the public view (the game must get there)."""
    game = new_game("lost_atlas", [f"P{i + 1}" for i in range(players)], seed=seed,
                    options={"mode": mode, **options})
    bots = [make_bot(bot, seed * 8 + s) for s in range(players)]
    for _ in range(5000):
        if stop(game.view(None)):
            return game
        assert not game.is_over, "the game ended before the position was reached"
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    raise AssertionError("the position was not reached")


def show(game: Game, tmp_path: Path, *extra: str) -> str:
    path = tmp_path / "game.json"
    game.record.write(path)
    result = CliRunner().invoke(cli, ["show", str(path), *extra], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    return result.output


def rendered(view: View) -> str:
    console = Console(width=160, record=True, color_system=None)
    with console.capture() as capture:
        console.print(render(view))
    return capture.get()


def public(game: Game, seat: int) -> View:
    """The view of ``seat`` without the seat number."""
    view = game.view(seat)
    assert view["seat"] == seat
    return {k: v for k, v in view.items() if k != "seat"}


def same_for_everyone(game: Game) -> None:
    """Nothing here is private: every seat and a spectator see the same view."""
    spectator = game.view(None)
    for seat in range(len(game.players)):
        assert public(game, seat) == spectator


# -- the Solo Game ---------------------------------------------------------------------------
def test_solo_view_shows_the_conglomerate(tmp_path: Path) -> None:
    game = play_until("solo", {}, 3, 1, "random",
                      lambda v: v["round"] == "operating" and v["cycle"] == 2)
    state = game.state
    record = solo.record(state)
    company = record.company
    view = game.view(0)["solo"]
    assert view["company"] == company and view["name"] == "Conglomerate"
    assert view["minors"] == record.minors and view["trains"] == record.trains
    assert view["trains"]  # it has bought trains by now
    assert view["deck"] == record.deck and view["next"] == record.deck[0]
    assert view["discard"] == record.discard
    assert view["treasury"] == state.treasury(company)
    assert view["price"] == state.price(company)
    assert view["hubs"] == sorted(f"{h[0]},{h[1]}/{i}" for (h, i) in
                                  state.board.hubs_of(company))
    assert view["charter_hubs"] == state.corps[company].hub_costs
    assert view["score"] == solo.conglomerate_score(state)
    assert view["income"] == solo.revenue(state)
    assert view["shares_held"][company] == 2  # its president's certificate
    same_for_everyone(game)  # the deck is face up

    out = show(game, tmp_path)
    assert "The Conglomerate (solo)" in out
    assert f"Treasury      {view['treasury']}" in out
    assert f"Price         {view['price']}" in out
    assert f"Trains        {' '.join(view['trains'])}" in out
    assert f"Next card     {view['next'].replace(':', ' ')}" in out
    assert f"{len(view['deck'])} left: " in out
    assert ", ".join(view["hubs"]) in out
    assert f"Score         {view['score']}" in out
    assert f"Income        {view['income']}" in out
    # The Companies table shows its own pile of trains, not the empty company list.
    row = next(line for line in out.splitlines() if line.strip().startswith("Conglomerate"))
    assert " ".join(view["trains"]) in row


def test_solo_setup_shows_the_drawn_minor(tmp_path: Path) -> None:
    game = play_until("solo", {}, 3, 1, "random", lambda v: v["round"] == solo.SETUP)
    view = game.view(0)["solo"]
    assert view["company"] is None and view["drawn"] == solo.record(game.state).drawn
    assert view["deck"] == [] and "treasury" not in view and "score" not in view
    out = show(game, tmp_path)
    assert "Solo Game setup" in out
    assert f"{view['drawn']} drawn" in out


def test_solo_final_score_is_the_one_the_result_names() -> None:
    game = play_until("solo", {}, 3, 1, "random", lambda v: v["round"] == "over")
    view = game.view(0)
    score = view["solo"]["score"]
    assert score == solo.record(game.state).score
    assert f"({score})" in view["result"]["tie_rule"]
    assert f"Score         {score}" in rendered(view)


def test_a_lost_solo_game_still_lists_the_players_score(tmp_path: Path) -> None:
    """The player beaten by the Conglomerate has no place, but the score is shown."""
    game = play_until("solo", {}, 3, 1, "random", lambda v: v["round"] == "over")
    assert game.result is not None and game.result.winners == ()
    out = show(game, tmp_path)
    rows = [line.replace("│", " ").split() for line in out.splitlines() if "│" in line]
    assert ["-", "P1", f"{game.result.scores[0]:,}"] in rows
    assert "No player wins" in out


def test_no_solo_entry_outside_the_solo_game() -> None:
    game = new_game("lost_atlas", ["A", "B", "C"], seed=1, options={"mode": "short"})
    assert "solo" not in game.view(None)
    assert all("certificates" not in p for p in game.view(None)["players"])  # Bank Break only
    assert "Conglomerate" not in rendered(game.view(None))


# -- Hostile Mergers -------------------------------------------------------------------------
def test_hostile_vote_is_shown(tmp_path: Path) -> None:
    game = play_until("short", {"hostile_mergers": True}, 2, 3, "heuristic",
                      lambda v: "merger" in v and bool(v["merger"].get("voters")))
    merger = game.view(None)["merger"]
    proposer = merger["proposer"]
    assert merger["votes"] == {str(proposer): "yes"}
    assert merger["tally"]["for"] > 0 and merger["tally"]["left"] > 0
    same_for_everyone(game)
    names = game.players
    companies = game.view(None)["companies"]
    a, b = (companies[c]["name"] for c in merger["proposal"])
    out = show(game, tmp_path, "--as", names[merger["voters"][0]])
    assert f"Proposal: {a} with {b}, proposed by {names[proposer]}" in out
    assert f"Votes cast: {names[proposer]} yes — shares {merger['tally']['for']} for" in out
    assert "Still to vote: " + ", ".join(names[s] for s in merger["voters"]) in out


# -- Bank Break ------------------------------------------------------------------------------
def test_bank_break_shows_the_bank_and_certificates(tmp_path: Path) -> None:
    game = play_until("long", {"bank_break": True}, 3, 4, "random",
                      lambda v: sum(p.get("certificates", 0) for p in v["players"]) >= 3)
    view = game.view(None)
    bank = view["bank"]
    limit = bank["certificate_limit"]
    assert isinstance(limit, int)
    assert [p["certificates"] for p in view["players"]] == [
        bank_break.certificates(game.state, seat) for seat in range(len(game.players))]
    same_for_everyone(game)
    out = show(game, tmp_path)
    assert f"Bank: {bank['cash']}, reserve {bank['reserve']}; certificate limit {limit}" in out
    assert "Certificates" in out
    for seat, player in enumerate(game.players):
        row = next(line for line in out.splitlines() if f" {player} " in line
                   and line.strip().split()[-1].endswith(f"/{limit}"))
        assert row.split()[-1] == f"{view['players'][seat]['certificates']}/{limit}"


def test_bank_broken_and_over_the_limit_are_rendered() -> None:
    game = play_until("long", {"bank_break": True}, 3, 4, "random",
                      lambda v: v["round"] == "stock" and v["cycle"] == 1)
    view = copy.deepcopy(game.view(None))
    view["bank"].update(depleted=True, cash=0)
    view["players"][0]["certificates"] = view["bank"]["certificate_limit"] + 1
    out = rendered(view)
    assert "the bank is broken" in out
    assert f"{view['bank']['certificate_limit'] + 1}/{view['bank']['certificate_limit']} over!" \
        in out


# -- Headquarters ----------------------------------------------------------------------------
def test_headquarters_of_each_major_are_shown(tmp_path: Path) -> None:
    game = play_until("short", {"headquarters": True}, 2, 3, "heuristic",
                      lambda v: any(c.get("headquarters", {}).get("status") == "placed"
                                    for c in v["companies"].values()))
    majors = {c["name"]: c["headquarters"] for c in game.view(None)["companies"].values()
              if "headquarters" in c}
    assert majors
    out = show(game, tmp_path)
    for name, hq in majors.items():
        if hq["status"] == "placed":
            assert f"Headquarters of {name}: at {hq['spot']}" in out
        else:
            assert f"Headquarters of {name}: " in out


def test_headquarters_states_render() -> None:
    game = new_game("lost_atlas", ["A", "B", "C"], seed=1, options={"mode": "short"})
    view = copy.deepcopy(game.view(None))
    base = {"name": "X", "kind": "major", "price": 100, "treasury": 0, "trains": [],
            "rusted": [], "president": 0, "shares": {"0": 2}, "treasury_shares": 0,
            "pool_shares": 0, "abilities": [], "hub_costs": [], "operated": False,
            "last_revenue": 0}
    view["companies"] = {
        "a": {**base, "name": "Alpha", "headquarters": {"status": "decide"}},
        "b": {**base, "name": "Beta", "headquarters": {"status": "charter", "cost": 80}},
        "c": {**base, "name": "Gamma", "headquarters": {
            "status": "placed", "spot": "1,2/0", "effect": "land", "laid": ["1,3", "2,3"]}},
    }
    view["stock_track"] = {}
    out = rendered(view)
    assert "Headquarters of Alpha: to be decided" in out
    assert "Headquarters of Beta: on the charter (cost 80)" in out
    assert "Headquarters of Gamma: at 1,2/0, Land Grant (laid 1,3 2,3)" in out


# -- the Metropolitan ------------------------------------------------------------------------
def test_metropolitan_is_shown(tmp_path: Path) -> None:
    game = play_until("short", {"metropolitan": True}, 1, 3, "heuristic",
                      lambda v: "metropolitan" in v)
    metro = game.view(None)["metropolitan"]
    assert metro["trains"] and metro["price"] > 0
    same_for_everyone(game)
    out = show(game, tmp_path)
    assert f"Metropolitan: price {metro['price']}, trains {' '.join(metro['trains'])}" in out
    assert f"{metro['unsold']} unsold" in out
    view = copy.deepcopy(game.view(None))
    view["metropolitan"]["shares"] = {"1": 3}
    assert f"shares {game.players[1]} 3" in rendered(view)


# -- hidden information ----------------------------------------------------------------------
def test_map_building_hides_the_stack_and_the_destination_cards() -> None:
    """Only the drawn piece and the number left are shown; undrawn Distant Destination
    cards are not in the view (Different Distant Destinations deals them face down)."""
    game = new_game("lost_atlas", ["A", "B", "C"], seed=5,
                    options={"mode": "short", "different_destinations": True})
    state = game.state
    assert state.builder is not None
    view = game.view(0)
    assert set(view["map_building"]) == {"drawn", "left"}
    assert view["map_building"]["left"] == len(state.builder.stack)
    assert view["destination_cards"] == {}
    assert len(state.builder.stack) > 1 and len(state.builder.dd_deck) > 1
    # Another order of the undrawn pieces and cards gives the same view.
    other = state.copy()
    assert other.builder is not None
    other.builder.stack.reverse()
    other.builder.dd_deck.reverse()
    assert other.builder.stack != state.builder.stack
    assert view_state(other, 0, tuple(game.to_act)) == view
    assert json.loads(json.dumps(view)) == view
    same_for_everyone(game)
