"""A take-back never un-draws a hidden draw behind the others' backs (issue 26, item 2;
docs/server.md "Take-backs and hidden draws"): the engine says which actions let chance
show something (``Title.chance_seen``, ``Game.reveals_since``), and the server, the
terminal's hotseat and ``Game.undo(draws=False)`` ask the other people first.

Rule ids checked: core.undo.hidden-draw.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import boardroom
from boardroom.bots import make_bot
from boardroom.cli.main import cli
from boardroom.core.errors import IllegalAction
from boardroom.server.app import create_app
from boardroom.server.config import Settings
from server_support import Table, create, state


# -- the engine ------------------------------------------------------------------------
def test_acquire_the_draw_after_a_turn_is_a_reveal_and_the_tile_is_not() -> None:
    game = boardroom.new_game("acquire", ["Ann", "Bob", "Cy"], seed=7)
    game.apply("4A")  # Cy places a tile: nothing drawn
    assert game.reveals_since(0) is False
    game.apply("pass")  # Cy buys nothing and draws a tile
    assert game.reveals_since(1) is True and game.reveals_since(0) is True
    assert game.reveals_since(2) is False


def test_lost_atlas_a_placed_map_piece_turns_up_the_next() -> None:
    game = boardroom.new_game("lost_atlas", ["Ann", "Bob", "Cy"], seed=3,
                              options={"mode": "short"})
    seat = game.to_act[0]
    game.apply(game.legal_actions(seat)[0], seat)
    assert game.view(None)["map_building"]["drawn"] is not None  # the next piece, shown
    assert game.reveals_since(0) is True


def test_congress_has_no_chance_after_setup() -> None:
    game = boardroom.new_game("congress", ["Ann", "Bob", "Cy"], seed=3)
    bot = make_bot("random", 2)
    for _ in range(80):
        seat = game.to_act[0]
        game.apply(bot.choose(game, seat), seat)
    assert game.reveals_since(0) is False


def test_game_undo_with_draws_false_refuses_an_undraw_and_changes_nothing() -> None:
    game = boardroom.new_game("acquire", ["Ann", "Bob", "Cy"], seed=7)
    game.apply("4A")
    game.apply("pass")
    views = [game.view(s) for s in (None, 0, 1, 2)]
    with pytest.raises(IllegalAction) as refused:
        game.undo(draws=False)
    assert refused.value.rule == "core.undo.hidden-draw"
    assert [game.view(s) for s in (None, 0, 1, 2)] == views
    assert game.record.actions == ["4A", "pass"]
    game.undo()  # the default takes back anything: the API's holder sees the bag anyway
    game.undo(draws=False)  # the tile itself drew nothing
    assert game.record.actions == []


# -- the server ------------------------------------------------------------------------
@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path}/draws.sqlite3"
    with TestClient(create_app(Settings(url, rate_per_s=0, allow_chosen_seeds=True))) as c:
        yield c


def act(client: TestClient, table: Table, seat: int, action: str, after: int) -> Any:
    reply = client.post(f"/api/games/{table.id}/actions", headers=table.h(seat),
                        json={"action": action, "after": after})
    assert reply.status_code == 200, reply.text
    return reply.json()


def pictures(client: TestClient, table: Table) -> list[Any]:
    """What every seat and the spectator see, may do and read in the log (the take-back
    request itself left out)."""
    out = []
    for seat in (None, 0, 1, 2):
        body = state(client, table, seat)
        out.append((body["view"], body["legal"], body["to_act"], body["count"], body["log"]))
    return out


def test_a_take_back_of_a_draw_at_once_asks_the_others_and_a_refusal_changes_nothing(
        client: TestClient) -> None:
    table = create(client)
    drawer = state(client, table, None)["to_act"][0]
    tile = state(client, table, drawer)["legal"][0]["notation"]
    act(client, table, drawer, tile, 0)
    hand_before = state(client, table, drawer)["view"]["hand"]
    act(client, table, drawer, "pass", 1)  # ends the turn: the drawer draws a tile
    drawn = [t for t in state(client, table, drawer)["view"]["hand"] if t not in hand_before]
    assert len(drawn) == 1
    before = pictures(client, table)
    ask = client.post(f"/api/games/{table.id}/undo", headers=table.h(drawer),
                      json={"after": 2})
    assert ask.status_code == 200, ask.text
    assert ask.json()["undone"] is False, "nobody acted since, but a tile was drawn"
    request = ask.json()["request"]
    assert request["draws"] is True and request["actions"] == ["pass"]
    assert pictures(client, table) == before
    others = [s for s in (0, 1, 2) if s != drawer]
    no = client.post(f"/api/games/{table.id}/undo/{request['id']}",
                     headers=table.h(others[0]), json={"accept": False})
    assert no.status_code == 200 and no.json()["declined"] is True
    assert pictures(client, table) == before  # a refused take-back changes nothing
    assert state(client, table, None)["audit"] == []
    # asked again, and both others agree: taken back, and the audit says a draw went
    ask = client.post(f"/api/games/{table.id}/undo", headers=table.h(drawer),
                      json={"after": 2}).json()
    for seat in others:
        answer = client.post(f"/api/games/{table.id}/undo/{ask['request']['id']}",
                             headers=table.h(seat), json={"accept": True}).json()
    assert answer["undone"] is True and answer["count"] == 1
    audit = state(client, table, others[0])["audit"][-1]
    assert "took back: pass" in audit and "hidden draw was taken back" in audit
    assert drawn[0] not in audit  # which tile it was stays the drawer's secret


def test_a_take_back_without_a_draw_is_still_at_once(client: TestClient) -> None:
    table = create(client)
    seat = state(client, table, None)["to_act"][0]
    tile = state(client, table, seat)["legal"][0]["notation"]
    act(client, table, seat, tile, 0)
    undo = client.post(f"/api/games/{table.id}/undo", headers=table.h(seat),
                       json={"after": 1}).json()
    assert undo["undone"] is True and "hidden draw" not in undo["audit"]


def test_lost_atlas_a_map_piece_take_back_asks_the_others(client: TestClient) -> None:
    table = create(client, "lost_atlas", options={"mode": "short"})
    seat = state(client, table, None)["to_act"][0]
    piece = state(client, table, seat)["legal"][0]["notation"]
    act(client, table, seat, piece, 0)
    nxt = state(client, table, None)["to_act"][0]

    def seen() -> list[Any]:
        preview = client.get(f"/api/games/{table.id}/map", headers=table.h(nxt), params={
            "preview": state(client, table, nxt)["legal"][0]["notation"], "after": 1})
        assert preview.status_code == 200, preview.text
        return [*pictures(client, table), preview.json(),
                client.get(f"/api/games/{table.id}/piece").json()]

    before = seen()
    ask = client.post(f"/api/games/{table.id}/undo", headers=table.h(seat),
                      json={"after": 1}).json()
    assert ask["undone"] is False and ask["request"]["draws"] is True
    assert seen() == before
    no = client.post(f"/api/games/{table.id}/undo/{ask['request']['id']}",
                     headers=table.h(nxt), json={"accept": False})
    assert no.status_code == 200 and no.json()["declined"] is True
    assert seen() == before  # views, legal actions, the map preview, the drawn piece


def test_alone_with_bots_a_draw_is_taken_back_at_once(client: TestClient) -> None:
    table = create(client, seats=[{"name": "Ann"}, {"name": "Bot", "bot": "random"}],
                   seed=5)
    body = state(client, table, 0)
    while 0 not in body["to_act"]:  # the bot may open
        body = state(client, table, 0)
    count = body["count"]
    act(client, table, 0, body["legal"][0]["notation"], count)
    body = state(client, table, 0)
    if body["to_act"] == [0]:  # Ann buys next (she may instead have been passed for)
        act(client, table, 0, "pass", body["count"])
    undo = client.post(f"/api/games/{table.id}/undo", headers=table.h(0),
                       json={"after": state(client, table, 0)["count"]})
    for _ in range(20):  # the bot answered meanwhile (maybe more than once): ask again
        if undo.status_code != 409:
            break
        undo = client.post(f"/api/games/{table.id}/undo", headers=table.h(0),
                           json={"after": undo.json()["count"]})
    assert undo.status_code == 200, undo.text
    assert undo.json()["undone"] is True  # no other person to ask


# -- the terminal's hotseat ------------------------------------------------------------
def test_hotseat_undo_of_a_draw_asks_the_other_person(tmp_path: Path) -> None:
    save = tmp_path / "hot.json"
    runner = CliRunner()
    # Ann plays her first tile (nothing to buy: the pass is played for her, and she
    # draws); Bob, to act, types undo: it goes back to Ann's decision, past her draw
    result = runner.invoke(cli, ["play", "--players", "Ann,Bob", "--seed", "5",
                                 "--save", str(save)], input="1\nundo\nno\n")
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "takes back a hidden draw" in result.output
    assert "Bob: do you agree?" in result.output
    assert "Not taken back" in result.output
    kept = boardroom.load(save.read_text()).record.actions
    assert len(kept) == 2
    result = runner.invoke(cli, ["play", "--load", str(save), "--save", str(save)],
                           input="undo\nyes\n")
    assert "Took back 2 actions" in result.output
    assert boardroom.load(save.read_text()).record.actions == []
