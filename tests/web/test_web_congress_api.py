"""The Congress table's server side: the lobby's Congress entry (its options as the title
declares them, only the bots that play it) and the preview endpoint (an action played on
a copy: what every player and company would get; it changes nothing, refuses what is not
legal with the rule, and serves only Congress)."""

from __future__ import annotations

from typing import Any

from contract_server import make_app
from fastapi.testclient import TestClient

import boardroom
from boardroom.bots import make_bot
from boardroom.core.game import Game
from boardroom.titles.congress.title import OPTIONS
from boardroom.web.congress_preview import preview


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _create(client: TestClient, title: str, options: dict[str, Any]) -> tuple[str, Any]:
    body = {"title": title, "options": options, "seed": 4,
            "seats": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]}
    reply = client.post("/api/games", json=body)
    assert reply.status_code in (200, 201), reply.text
    created = reply.json()
    return created["id"], created["seats"]


def test_the_lobby_offers_congress_with_its_options_and_only_its_bots() -> None:
    menu = TestClient(make_app()).get("/api/web/titles").json()
    congress = next(t for t in menu["titles"] if t["name"] == "congress")
    assert congress["modes"] == []
    options = {o["key"]: o for o in congress["options"]}
    assert set(options) == set(OPTIONS)
    for key, values in OPTIONS.items():
        assert options[key]["choices"] == list(values) and options[key]["default"] == values[0]
        assert set(options[key]["choice_labels"]) == set(values)
    assert "greedy" not in congress["bots"] and "random" in congress["bots"]
    game = boardroom.new_game("congress", ["A", "B", "C"], seed=2)
    for name in congress["bots"]:
        if name in ("hard", "search"):
            continue  # the slow levels: the same search as easy and medium, more iterations
        seat = game.to_act[0]
        assert make_bot(name, seed=1).choose(game, seat) in game.legal_actions(seat), name


def test_a_preview_changes_nothing_and_refuses_what_is_not_legal() -> None:
    client = TestClient(make_app())
    game_id, seats = _create(client, "congress", {})
    first = client.get(f"/api/games/{game_id}", headers=_auth(seats[0]["token"])).json()
    token = seats[first["to_act"][0]]["token"]
    state = client.get(f"/api/games/{game_id}", headers=_auth(token)).json()
    notation = state["legal"][0]["notation"]
    url = f"/api/games/{game_id}/preview"
    shown = client.get(url, headers=_auth(token), params={"action": notation}).json()
    assert shown["legal"] and shown["action"] == notation and shown["log"]
    assert [p["name"] for p in shown["players"]] == ["Ann", "Bob", "Cy"]
    refused = client.get(url, headers=_auth(token), params={"action": "bid 1"}).json()
    assert refused["legal"] is False and refused["rule"] and refused["error"]
    garbled = client.get(url, headers=_auth(token), params={"action": "fly LMR"}).json()
    assert garbled["legal"] is False and garbled["rule"] == "notation"
    other = seats[(first["to_act"][0] + 1) % 3]["token"]
    not_asked = client.get(url, headers=_auth(other), params={"action": notation}).json()
    assert not_asked["rule"] == "core.not-your-decision"
    assert client.get(url, params={"action": notation}).status_code == 403
    after = client.get(f"/api/games/{game_id}", headers=_auth(token)).json()
    assert after["count"] == state["count"] and after["view"] == state["view"]
    acquire_id, acquire_seats = _create(client, "acquire", {"mode": "classic"})
    answer = client.get(f"/api/games/{acquire_id}/preview",
                        headers=_auth(acquire_seats[0]["token"]), params={"action": "1A"})
    assert answer.status_code == 404


def _to_a_merger(seed: int, options: dict[str, Any] | None = None) -> Game:
    game = boardroom.new_game("congress", ["Ann", "Bob", "Cy"], seed=seed, options=options)
    bots = [make_bot("random", seed=seed * 10 + s) for s in range(3)]
    while not game.is_over:
        if game.state.step == "merge":
            return game
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    raise AssertionError(f"no merger in the game of seed {seed}")


def test_the_merger_preview_gives_each_holders_special_dividend_as_played() -> None:
    # rule congress.merger.chooser-pays: every choice of acquired and payer is previewed,
    # and the preview's cash is what playing that choice pays each player
    game = _to_a_merger(3)
    seat = game.to_act[0]
    options = [str(a) for a in game.legal_actions(seat)]
    assert len(options) == 4 and all(" pay " in o for o in options)
    gains = set()
    for notation in options:
        shown = preview(game, seat, notation)
        played = game.copy()
        played.apply(played.parse(notation), seat)
        assert [p["cash"][1] for p in shown["players"]] == \
            [p["cash"] for p in played.view(None)["players"]], notation
        gains.add(tuple(p["cash"][1] - p["cash"][0] for p in shown["players"]))
        assert any("Special Dividend" in line for line in shown["log"]), shown["log"]
    assert len(gains) > 1  # the payer's choice changes who is paid
    assert game.state.step == "merge" and [str(a) for a in game.legal_actions(seat)] == options


def test_under_the_acquired_rule_the_preview_pays_the_acquired_companys_holders() -> None:
    # rule congress.merger.special-dividend: two choices, no payer named; the preview's
    # cash is what playing it pays
    for seed in range(1, 30):
        try:
            game = _to_a_merger(seed, {"special_dividend": "acquired"})
        except AssertionError:
            continue
        break
    else:
        raise AssertionError("no merger in 29 games")
    seat = game.to_act[0]
    options = [str(a) for a in game.legal_actions(seat)]
    assert len(options) == 2 and not any(" pay " in o for o in options)
    for notation in options:
        shown = preview(game, seat, notation)
        played = game.copy()
        played.apply(played.parse(notation), seat)
        assert [p["cash"][1] for p in shown["players"]] == \
            [p["cash"] for p in played.view(None)["players"]], notation
