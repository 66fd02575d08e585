"""The route editor's engine side (boardroom.web.route_plan) and the read endpoints of the
drawn map piece, the routes and the reach (boardroom.web.api): each train's revenue is
the engine's, clicked stops are joined into a run the engine accepts, a route that breaks
a rule names it and offers no run, and nothing changes the game."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from la_games import bots_until, starting

import boardroom
from boardroom.core.game import Game
from boardroom.web import api
from boardroom.web.picture import map_picture, piece_pictures
from boardroom.web.route_plan import plan_routes


def _two_trains(actions: list[str]) -> bool:
    return any(a.startswith("run ") and " via " in a and len(a.split(" via ")[1].split()) >= 2
               and all(w.count(">") >= 2 for w in a.split(" via ")[1].split()) for a in actions)


@pytest.fixture(scope="module")
def running() -> Game:
    return bots_until(5, _two_trains)


def _best(game: Game) -> str:
    return next(str(a) for a in game.legal_actions() if str(a).startswith("run "))


def test_the_best_run_read_back_train_by_train(running: Game) -> None:
    best = _best(running)
    got = plan_routes(running, best.split(" via ")[1])
    assert got["error"] is None and got["notation"] == best
    revenues = [t["revenue"] for t in got["trains"]]
    assert len(revenues) == 2 and all(revenues) and sum(revenues) == int(best.split()[1])
    assert all(t["stops"] and len(t["points"]) >= 2 for t in got["trains"])


def test_clicked_stops_are_joined_into_a_run_the_engine_accepts(running: Game) -> None:
    best = plan_routes(running, _best(running).split(" via ")[1])
    stops = [">".join(s["ref"] for s in t["stops"]) for t in best["trains"]]
    swapped = plan_routes(running, f"{stops[1]} none")
    assert swapped["error"] is None, swapped
    seat = running.to_act[0]
    action = running.parse(swapped["notation"])
    assert running.title.check(running.state, action, seat) is None
    assert swapped["total"] == best["trains"][1]["revenue"]
    assert swapped["trains"][1]["revenue"] == 0


def test_a_route_breaking_a_rule_names_it_and_offers_no_run(running: Game) -> None:
    best = plan_routes(running, _best(running).split(" via ")[1])
    first = [s["ref"] for s in best["trains"][0]["stops"]]
    second = [s["ref"] for s in best["trains"][1]["stops"]]
    extra = next(r for r in first if r not in second)
    three = plan_routes(running, ">".join([extra, *second]) + " none")
    assert three["notation"] is None and three["rule"] == "lost_atlas.route.too-many-stops"
    assert three["trains"][0]["rule"] == "lost_atlas.route.too-many-stops"
    # stops only: the second train is joined on free track only, and there is none
    again = plan_routes(running, " ".join([">".join(second)] * 2))
    assert again["notation"] is None and again["trains"][1]["rule"] == "lost_atlas.route.no-track"
    # the same waypoints for both trains: the engine's rule on shared track
    word = _best(running).split(" via ")[1].split()[1]
    shared = plan_routes(running, f"{word} {word}")
    assert shared["notation"] is None and shared["rule"] == "lost_atlas.route.track-shared"
    far = plan_routes(running, f"{second[1]}>{first[-1]} none")  # passes another city
    assert far["notation"] is None and far["rule"].startswith("lost_atlas.route.")


def _client(game: Game) -> TestClient:
    app = FastAPI()
    api.install(app, lambda game_id, token: (game, 0 if token else None))
    return TestClient(app)


def test_the_routes_endpoint_changes_nothing_and_refuses_a_bad_plan(running: Game) -> None:
    before = running.to_record()
    client = _client(running)
    best = _best(running)
    reply = client.get("/api/games/g/routes", params={"plan": best.split(" via ")[1]})
    assert reply.status_code == 200 and reply.json()["notation"] == best
    stops = reply.json()["stops"]
    assert any(s["hub"] for s in stops) and all(len(s["xy"]) == 2 for s in stops)
    bad = client.get("/api/games/g/routes", params={"plan": "1,1"})  # one word, two trains
    assert bad.status_code == 422 and bad.json()["rule"] == "lost_atlas.route.train-count"
    assert client.get("/api/games/g/routes", params={"plan": "x>y none"}).json()["rule"] == \
        "web.route.notation"
    assert running.to_record() == before


def test_no_routes_outside_the_run_step() -> None:
    game = boardroom.new_game("lost_atlas", ["Ann", "Bob"], seed=1, options={"mode": "short"})
    reply = _client(game).get("/api/games/g/routes")
    assert reply.status_code == 422 and reply.json()["rule"] == "web.route.step"


def test_the_drawn_piece_in_six_rotations_then_none() -> None:
    game = boardroom.new_game("lost_atlas", ["Ann", "Bob"], seed=1, options={"mode": "short"})
    drawn: dict[str, Any] = _client(game).get("/api/games/g/piece").json()
    assert drawn["kind"] == "piece" and drawn["drawn"] == game.view(0)["map_building"]["drawn"]
    assert len(drawn["svgs"]) == 6 and len(set(drawn["svgs"])) > 1
    assert all(svg.count('class="hex"') == 3 for svg in drawn["svgs"])
    built = bots_until(5, starting("auction "))
    assert piece_pictures(built)["drawn"] is None


def test_the_reach_during_track_laying_only() -> None:
    laying = bots_until(5, starting("lay "), after=150)
    reach = map_picture(laying)["reach"]
    company = laying.view(None)["operating"]["company"]
    assert reach is not None and reach["company"] == company and len(reach["hexes"]) >= 3
    assert map_picture(bots_until(5, starting("auction ")))["reach"] is None


def test_a_hex_to_pass_picks_the_way_between_two_stops(running: Game) -> None:
    best = _best(running)
    word = best.split(" via ")[1].split()[0]  # Q,R>Q,R:E>...: its stops and crossed sides
    parts = word.split(">")
    first, last = parts[0], parts[-1]
    ends = {first.split("/")[0], last.split("/")[0]}
    # a hex the route passes with no stop of its own (one whose side it crosses)
    side_hex = next(p.split(":")[0] for p in parts if ":" in p and p.split(":")[0] not in ends)
    other = best.split(" via ")[1].split()[1]
    got = plan_routes(running, f"{first}>@{side_hex}>{last} {other}")
    assert got["error"] is None and got["notation"] == best
    nowhere = plan_routes(running, f"{first}>@40,40>{last} none")
    assert nowhere["trains"][0]["rule"] == "lost_atlas.route.no-track"
    assert "through 40,40" in nowhere["trains"][0]["error"]
    dangling = plan_routes(running, f"{first}>@{side_hex} none")
    assert dangling["trains"][0]["rule"] == "lost_atlas.route.open-end"
