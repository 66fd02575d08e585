"""The decision panels' previews (``GET /api/games/{id}/outcome``, boardroom.web.outcome):
each is the engine's own outcome of a legal action played on a copy (a payout's income
per holder and price move, a share bought with the presidency after it), an illegal one
names its rule, the game is untouched, and nothing hidden is previewed (map building,
Acquire's bag)."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from la_games import bots_until, starting

import boardroom
from boardroom.core.game import Game
from boardroom.web import api


def _client(game: Game, seat: int) -> TestClient:
    app = FastAPI()
    api.install(app, lambda game_id, token: (game, seat if token else None))
    return TestClient(app)


def _ask(client: TestClient, *actions: str, after: int | None = None) -> dict:
    params: dict = {"action": list(actions)}
    if after is not None:
        params["after"] = after
    reply = client.get("/api/games/g/outcome", params=params,
                       headers={"Authorization": "Bearer t"})
    return {"status": reply.status_code, **reply.json()}


@pytest.fixture(scope="module")
def paying() -> Game:
    return bots_until(3, starting("payout"))


def test_a_payout_preview_is_the_engines_payout(paying: Game) -> None:
    seat = paying.to_act[0]
    before = paying.to_record()
    got = _ask(_client(paying, seat), "payout", "withhold")
    assert got["status"] == 200 and got["count"] == len(paying.record.actions)
    by = {o["action"]: o for o in got["outcomes"]}
    # the same as playing it for real
    real = paying.copy()
    real.apply("payout", seat)
    view = real.view(seat)
    assert [p["cash"] for p in by["payout"]["after"]["players"]] == \
        [p["cash"] for p in view["players"]]
    company = paying.view(seat)["operating"]["company"]
    assert by["payout"]["after"]["companies"][company]["price"] == \
        view["companies"][company]["price"]
    # withholding pays no player
    assert [p["cash"] for p in by["withhold"]["after"]["players"]] == \
        [p["cash"] for p in paying.view(seat)["players"]]
    assert paying.to_record() == before


def test_an_illegal_action_names_its_rule_and_a_stale_count_is_a_conflict(paying: Game) -> None:
    seat = paying.to_act[0]
    client = _client(paying, seat)
    got = _ask(client, "redeem")
    assert got["status"] == 200
    refused = got["outcomes"][0]
    assert refused["legal"] is False and refused["rule"]
    stale = _ask(client, "payout", after=len(paying.record.actions) - 1)
    assert stale["status"] == 409 and stale["count"] == len(paying.record.actions)


def test_no_preview_while_the_map_is_built_nor_for_acquire() -> None:
    building = boardroom.new_game("lost_atlas", ["Ann", "Bob"], seed=1,
                                  options={"mode": "short"})
    seat = building.to_act[0]
    first = str(building.legal_actions(seat)[0])
    got = _ask(_client(building, seat), first)
    assert got["status"] == 422 and "hidden" in got["detail"]
    acquire = boardroom.new_game("acquire", ["Ann", "Bob"], seed=1)
    seat = acquire.to_act[0]
    got = _ask(_client(acquire, seat), str(acquire.legal_actions(seat)[0]))
    assert got["status"] == 422 and "bag" in got["detail"]


def test_a_spectator_previews_nothing(paying: Game) -> None:
    app = FastAPI()
    api.install(app, lambda game_id, token: (paying, None))
    reply = TestClient(app).get("/api/games/g/outcome", params={"action": "payout"})
    assert reply.status_code == 403


def test_the_companies_sheet_history_has_each_run_and_its_payout(paying: Game) -> None:
    from boardroom.web.networth import net_worth_series

    seat = paying.to_act[0]
    view = paying.view(seat)
    company, revenue = view["operating"]["company"], view["operating"]["revenue"]
    label = f"{view['cycle']}.{view['operating_round']}"
    after = paying.copy()
    after.apply("withhold", seat)
    series = net_worth_series(after)
    assert label in series["rounds"]
    assert series["revenues"][company][label] == [revenue, "withhold"]
