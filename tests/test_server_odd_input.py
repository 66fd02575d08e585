"""Odd input to the game server gets a 400 or 422 with a message, never a 500 (issue 26,
item 7 and the option fuzz): every option of every title with values of the wrong kind,
lone surrogates, NULs, huge and nested values, sent to ``POST /api/games`` and inside a
record to ``POST /api/games/import``; and what only PostgreSQL refuses (a NUL in an
idempotency key or a webhook, a seed longer than the column).

Rule ids checked: none (request validation; see docs/server.md "Errors").
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from boardroom.core.registry import get_title
from boardroom.server.app import create_app
from boardroom.server.config import Settings
from server_support import create, fresh_pg_database, require_postgres, state

SEATS = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def client(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[TestClient]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('db')}/odd.sqlite3"
        with TestClient(create_app(Settings(url, rate_per_s=0, allow_chosen_seeds=True)),
                        raise_server_exceptions=False) as c:
            yield c
        return
    with fresh_pg_database(require_postgres()) as url, \
            TestClient(create_app(Settings(url, rate_per_s=0, allow_chosen_seeds=True)),
                       raise_server_exceptions=False) as c:
        yield c


def declared_options(title: str) -> list[str]:
    """Every option name the title declares (read from its option tables)."""
    get_title(title)  # the Lost Atlas variants register their options on import
    if title == "acquire":
        return ["mode"]
    if title == "congress":
        from boardroom.titles.congress.title import OPTIONS

        return [*OPTIONS, "data"]
    from boardroom.titles.lost_atlas.board import mapbuild
    from boardroom.titles.lost_atlas.rounds.flow import GAME_OPTIONS
    from boardroom.titles.lost_atlas.rounds.points import POINTS

    return sorted({*GAME_OPTIONS, *mapbuild.OPTION_DEFAULTS, *POINTS.options})


def nested(depth: int) -> Any:
    value: Any = "short"
    for i in range(depth):
        value = [value] if i % 2 else {"mode": value}
    return value


ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1.5, 2**64, -(10**40), "", "x", "short", "classic", "end",
    "\ud800", "\udfff\ud800", "a\u0000b", "x" * 5000, [], ["short"], [None, 1], {},
    {"a": 1}, {"\ud800": "\udfff"}, {"mode": "short"}, nested(6), nested(60),
]
"""Values of every JSON kind: wrong types, lists and dicts where a name belongs, lone
surrogates, a NUL, a huge string and ints, nested ones."""

ODD_KEYS = ["\ud800", "mode\udfff", "\u0000", "x" * 300]


def cases() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for title in ("acquire", "lost_atlas", "congress"):
        for name in declared_options(title):
            out.extend((title, {name: value}) for value in ODD_VALUES)
        out.extend((title, {key: 1}) for key in ODD_KEYS)
        out.append((title, {"mode": ["short"], "\ud800": {"\ud800": []}}))
    return out


def post(client: TestClient, url: str, body: Any) -> Any:
    """Send ``body`` as JSON text as a client would (lone surrogates as ``\\ud800``)."""
    return client.post(url, content=json.dumps(body).encode(),
                       headers={"content-type": "application/json"})


def refused_or_made(reply: Any, what: str) -> None:
    assert reply.status_code in (200, 400, 422), f"{what}: {reply.status_code} {reply.text}"
    if reply.status_code != 200:
        body = reply.json()
        assert body["error"] and body["message"], f"{what}: no message: {reply.text}"


def test_every_option_of_every_title_with_odd_values_gets_no_500(client: TestClient) -> None:
    for title, options in cases():
        what = f"{title} {ascii(options)[:80]}"
        reply = post(client, "/api/games", {"title": title, "seats": SEATS,
                                            "options": options})
        refused_or_made(reply, "create " + what)
        record = {"format": "boardroom-record", "version": 1, "title": title,
                  "rules_version": get_title(title).rules_version, "options": options,
                  "players": [s["name"] for s in SEATS], "seed": 3, "actions": []}
        reply = post(client, "/api/games/import", {"record": record})
        refused_or_made(reply, "import " + what)


def test_named_odd_options_answer_400_with_the_option_named(client: TestClient) -> None:
    for title, options, says in [
        ("acquire", {"\ud800": 1}, "option name"),
        ("congress", {"\udfff": "x"}, "option name"),
        ("lost_atlas", {"mode": ["short"]}, "unknown mode"),
        ("lost_atlas", {"mode": {"a": 1}}, "unknown mode"),
        ("lost_atlas", {"destination_card": ["x"]}, "no destination card"),
    ]:
        reply = post(client, "/api/games", {"title": title, "seats": SEATS,
                                            "options": options})
        assert reply.status_code == 400, reply.text
        assert says in reply.json()["message"]
        record = {"format": "boardroom-record", "version": 1, "title": title,
                  "rules_version": get_title(title).rules_version, "options": options,
                  "players": ["Ann", "Bob", "Cy"], "seed": 3, "actions": []}
        reply = post(client, "/api/games/import", {"record": record})
        assert reply.status_code == 400, reply.text
        assert says in reply.json()["message"]


def test_a_nul_in_a_key_or_webhook_and_a_46_digit_seed_are_refused(
        client: TestClient) -> None:
    table = create(client)
    seat = state(client, table, None)["to_act"][0]
    move = state(client, table, seat)["legal"][0]["notation"]
    for key in ("a\u0000b", "\ud800"):
        reply = client.post(f"/api/games/{table.id}/actions", headers={
            **table.h(seat), "content-type": "application/json"}, content=json.dumps(
                {"action": move, "after": 0, "key": key}).encode())
        assert reply.status_code == 400, reply.text
        assert "key" in reply.json()["message"]
    assert state(client, table, None)["count"] == 0
    reply = client.post("/api/games", json={"title": "acquire", "seats": [
        {"name": "Ann", "webhook": "https://example.org/\u0000"}, {"name": "Bob"}]})
    assert reply.status_code == 400, reply.text
    record = {"format": "boardroom-record", "version": 1, "title": "acquire",
              "rules_version": get_title("acquire").rules_version, "options": {},
              "players": ["Ann", "Bob"], "seed": 10**45, "actions": []}
    reply = post(client, "/api/games/import", {"record": record})
    assert reply.status_code == 400, reply.text
    assert "seed" in reply.json()["message"]
    reply = post(client, "/api/games", {"title": "acquire", "seats": SEATS, "seed": 10**45})
    assert reply.status_code == 400, reply.text
