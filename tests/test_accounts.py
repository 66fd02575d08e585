"""Accounts (issue 27): sign up, in and out, passwords, sessions and CSRF, brute-force
limits, the admin role, seats held by accounts, open tables, my games, chat, ratings; on
SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text
from starlette.websockets import WebSocketDisconnect

from account_support import Member, bearer, play_to_the_end, sign_up, two_player_table
from boardroom.cli.main import cli
from boardroom.server import accounts as accounts_module
from boardroom.server.app import create_app
from boardroom.server.config import Settings
from server_support import create, fresh_pg_database, require_postgres

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
             ) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('db')}/boardroom.sqlite3"
        return
    with fresh_pg_database(require_postgres()) as url:
        yield url


@pytest.fixture(scope="module")
def lifespan(database: str) -> Iterator[TestClient]:
    """The client that runs the app's lifespan: live sockets must use its event loop."""
    # games of people with chosen seeds (known positions; the refusal is tested in
    # test_server_security.py), and dozens of accounts from one address (the sign-up limit
    # is tested on an app of its own below)
    settings = Settings(database, rate_per_s=0, allow_chosen_seeds=True, signups_per_hour=0)
    with TestClient(create_app(settings)) as client:
        yield client


@pytest.fixture(scope="module")
def app(lifespan: TestClient) -> Any:
    return lifespan.app


names = iter(f"user{i:03d}" for i in range(1000))


@pytest.fixture
def ann(app: Any) -> Member:
    return sign_up(app, f"ann{next(names)}")


@pytest.fixture
def bob(app: Any) -> Member:
    return sign_up(app, f"bob{next(names)}")


def every_text(url: str) -> str:
    """Every value of every table of the database, as one text."""
    engine = create_engine(url)
    out = []
    with engine.connect() as conn:
        for table in inspect(conn).get_table_names():
            for row in conn.execute(text(f'SELECT * FROM "{table}"')):
                out.append(repr(tuple(row)))
    engine.dispose()
    return "\n".join(out)


# -- accounts ----------------------------------------------------------------------------
def test_sign_up_sets_an_httponly_samesite_session_cookie(app: Any) -> None:
    client = TestClient(app)
    reply = client.post("/api/account/signup", json={"name": "Carol", "password": PASSWORD})
    assert reply.status_code == 200
    cookie = reply.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    me = client.get("/api/account/me").json()
    assert me["user"]["name"] == "Carol" and me["csrf"] == reply.json()["csrf"]
    assert TestClient(app).get("/api/account/me").json() == {"user": None, "csrf": None}
    taken = TestClient(app).post("/api/account/signup",
                                 json={"name": "carol", "password": PASSWORD})
    assert taken.status_code == 400 and "taken" in taken.json()["message"]
    for bad in ({"name": "x", "password": PASSWORD}, {"name": "<b>hi</b>", "password": PASSWORD},
                {"name": "Dora", "password": "short"}):
        refused = TestClient(app).post("/api/account/signup", json=bad)
        assert refused.status_code == 400, bad
    out = client.post("/api/account/signout", headers={"X-CSRF-Token": me["csrf"]})
    assert out.status_code == 200
    assert client.get("/api/account/me").json()["user"] is None


def test_passwords_are_never_stored_or_logged_in_clear(app: Any, database: str,
                                                        caplog: pytest.LogCaptureFixture
                                                        ) -> None:
    secret, wrong, newer = "Pw-one-of-a-kind-1", "Pw-wrong-guess-22", "Pw-the-next-one-333"
    with caplog.at_level(logging.DEBUG):
        member = sign_up(app, "Eve_secret", secret)
        TestClient(app).post("/api/account/signin",
                             json={"name": "Eve_secret", "password": wrong})
        TestClient(app).post("/api/account/signin",
                             json={"name": "Eve_secret", "password": secret})
        assert member.post("/api/account/password",
                           {"old": secret, "new": newer}).status_code == 200
        TestClient(app).post("/api/account/signup", json={"name": "x", "password": secret})
    stored = every_text(database)
    logged = caplog.text
    for password in (secret, wrong, newer):
        assert password not in stored and password not in logged
    assert "$argon2id$" in stored


def test_a_cookie_without_its_csrf_token_cannot_act(app: Any, ann: Member, bob: Member) -> None:
    table = ann.post("/api/tables", {"title": "acquire", "seats": [None, None]}).json()
    game = create(ann.client, seats=[{"name": "A"}, {"name": "B"}], seed=3)
    attempts = [
        ("put", "/api/account/settings", {"sound": False}),
        ("post", "/api/account/password", {"old": PASSWORD, "new": "another password"}),
        ("post", "/api/tables", {"title": "acquire", "seats": [None, None]}),
        ("post", f"/api/tables/{table['id']}/join", {}),
        ("post", f"/api/tables/{table['id']}/start", {}),
        ("post", "/api/account/claim", {"game_id": game.id, "token": game.tokens[0]}),
        ("post", f"/api/account/games/{table['id']}/tokens", {}),
        ("post", "/api/account/signout", {}),
    ]
    for headers in ({}, {"X-CSRF-Token": "guessed"}, {"X-CSRF-Token": ann.csrf}):
        who = bob if headers.get("X-CSRF-Token") != ann.csrf else None
        if who is None:
            continue  # Ann's token is not Bob's: tried below
        for method, path, body in attempts:
            reply = getattr(who.client, method)(path, json=body, headers=headers)
            assert reply.status_code == 403, (path, headers, reply.text)
            assert reply.json()["rule"] == "server.csrf"
    for method, path, body in attempts:  # another session's token does not fit either
        reply = getattr(bob.client, method)(path, json=body, headers={"X-CSRF-Token": ann.csrf})
        assert reply.status_code == 403, path
    # nothing changed: Bob is signed in with his settings and password, at no table
    me = bob.client.get("/api/account/me").json()["user"]
    assert me["settings"]["sound"] is True
    assert ann.client.get(f"/api/tables/{table['id']}").json()["free"] == 1
    assert TestClient(app).post("/api/account/signin", json={
        "name": bob.name, "password": PASSWORD}).status_code == 200
    assert bob.client.get("/api/account/games").json()["games"] == []
    # with the token, it works
    assert bob.client.put("/api/account/settings", json={"sound": False},
                          headers=bob.h).json()["sound"] is False


def test_another_sites_page_cannot_sign_the_browser_in(app: Any, bob: Member) -> None:
    """Login CSRF: a cross-site form cannot send the JSON body, and a request the browser
    marks as cross-site, or whose Origin is another host, is refused and sets no cookie."""
    creds = json.dumps({"name": bob.name, "password": PASSWORD})
    for path in ("/api/account/signin", "/api/account/signup"):
        client = TestClient(app)
        form = client.post(path, content=creds,
                           headers={"content-type": "application/x-www-form-urlencoded"})
        assert form.status_code == 400 and "set-cookie" not in form.headers
        for headers in ({"sec-fetch-site": "cross-site"}, {"origin": "https://evil.example"},
                        {"origin": "null"}, {"origin": "http://testserver.evil.example"}):
            reply = client.post(path, json={"name": bob.name, "password": PASSWORD},
                                headers=headers)
            assert reply.status_code == 403, (path, headers, reply.text)
            assert reply.json()["rule"] == "server.cross-site"
            assert "set-cookie" not in reply.headers
        assert client.get("/api/account/me").json()["user"] is None
    own = TestClient(app).post("/api/account/signin", json={
        "name": bob.name, "password": PASSWORD},
        headers={"origin": "http://testserver:8000", "sec-fetch-site": "same-origin"})
    assert own.status_code == 200


def test_sign_in_is_limited_per_account_and_per_address(app: Any) -> None:
    sign_up(app, "Mallory_target")
    client = TestClient(app, client=("192.0.2.7", 50000))  # an address of its own
    for _ in range(accounts_module.FAILS_PER_ACCOUNT):
        reply = client.post("/api/account/signin",
                            json={"name": "Mallory_target", "password": "guess guess"})
        assert reply.status_code == 401
    limited = client.post("/api/account/signin",
                          json={"name": "Mallory_target", "password": PASSWORD})
    assert limited.status_code == 429  # even the right password, for a while
    # per address: many accounts guessed from one address
    for i in range(accounts_module.FAILS_PER_ADDRESS):
        client.post("/api/account/signin", json={"name": f"nobody{i}", "password": "guess it"})
    sign_up(app, "Trent_fresh")
    blocked = client.post("/api/account/signin", json={"name": "Trent_fresh", "password": PASSWORD})
    assert blocked.status_code == 429 and "address" in blocked.json()["message"]
    elsewhere = TestClient(app, client=("192.0.2.8", 50000))
    assert elsewhere.post("/api/account/signin", json={"name": "Trent_fresh",
                                                       "password": PASSWORD}).status_code == 200


def test_sign_up_is_limited_per_address(tmp_path: Path) -> None:
    """Each account costs an Argon2 hash: one address makes ``signups_per_hour`` of them an
    hour, then 429 and no account; another address (behind a trusted proxy) still may."""
    settings = Settings(f"sqlite:///{tmp_path}/limit.sqlite3", rate_per_s=0,
                        signups_per_hour=2, trusted_proxies=("127.0.0.1",))
    with TestClient(create_app(settings), client=("127.0.0.1", 50000)) as client:
        for n in range(2):
            made = client.post("/api/account/signup", json={"name": f"many{n}",
                                                           "password": PASSWORD})
            assert made.status_code == 200, made.text
        refused = client.post("/api/account/signup", json={"name": "many2",
                                                          "password": PASSWORD})
        assert refused.status_code == 429, refused.text
        assert "accounts were made from this address" in refused.json()["message"]
        assert client.post("/api/account/signin", json={
            "name": "many2", "password": PASSWORD}).status_code == 401  # none was made
        other = client.post("/api/account/signup", json={"name": "many3", "password": PASSWORD},
                            headers={"X-Forwarded-For": "203.0.113.9"})
        assert other.status_code == 200, other.text


def test_changing_the_password_needs_the_old_one_and_ends_other_sessions(app: Any) -> None:
    first = sign_up(app, "Peggy_pw")
    other = TestClient(app)
    assert other.post("/api/account/signin", json={"name": "Peggy_pw", "password": PASSWORD}
                      ).status_code == 200
    assert first.post("/api/account/password", {"old": "not it at all", "new": "a new one 1"}
                      ).status_code == 403
    assert first.post("/api/account/password", {"old": PASSWORD, "new": "a new one 1"}
                      ).status_code == 200
    assert other.get("/api/account/me").json()["user"] is None
    assert first.client.get("/api/account/me").json()["user"]["name"] == "Peggy_pw"
    assert TestClient(app).post("/api/account/signin", json={
        "name": "Peggy_pw", "password": "a new one 1"}).status_code == 200


def test_make_admin_from_the_command_line(app: Any, database: str) -> None:
    member = sign_up(app, "Olivia_admin")
    result = CliRunner().invoke(cli, ["users", "make-admin", "olivia_admin",
                                      "--database", database])
    assert result.exit_code == 0, result.output
    assert "is an admin" in result.output
    assert member.client.get("/api/account/me").json()["user"]["admin"] is True
    missing = CliRunner().invoke(cli, ["users", "make-admin", "nobody_here",
                                       "--database", database])
    assert missing.exit_code != 0 and "no user" in missing.output


# -- open tables and my games --------------------------------------------------------------
def test_an_open_table_fills_starts_and_shows_in_my_games_waiting_first(
        app: Any, ann: Member, bob: Member) -> None:
    made = ann.post("/api/tables", {"title": "acquire", "name": "Friday", "seats": [None, None]})
    assert made.status_code == 200, made.text
    table = made.json()
    assert table["status"] == "open" and table["free"] == 1
    listed = TestClient(app).get("/api/tables").json()["tables"]
    assert table["id"] in [t["id"] for t in listed]
    assert ann.client.get("/api/account/games").json()["tables"][0]["id"] == table["id"]
    joined = bob.post(f"/api/tables/{table['id']}/join").json()
    assert joined["status"] == "started"
    game_id = joined["game_id"]
    assert table["id"] not in [t["id"] for t in TestClient(app).get("/api/tables").json()["tables"]]
    again = bob.post(f"/api/tables/{table['id']}/join")
    assert again.status_code == 403
    # a second game, where nobody is asked yet from Ann's side
    mine = ann.client.get("/api/account/games").json()
    theirs = bob.client.get("/api/account/games").json()
    game = mine["games"][0]
    assert game["id"] == game_id and game["players"][0]["name"] == ann.name
    waiting = [m for m in (mine, theirs) if m["waiting"] == 1]
    assert len(waiting) == 1
    assert waiting[0]["games"][0]["waiting_on_me"] is True
    # a game that waits on Ann sorts before one that does not
    other = two_player_table(ann, bob)
    tokens = {**ann.seat_tokens(other), **bob.seat_tokens(other)}
    seat = TestClient(app).get(f"/api/games/{other}").json()["to_act"][0]
    order = (ann if seat == 0 else bob).client.get("/api/account/games").json()["games"]
    assert order[0]["id"] == other and order[0]["waiting_on_me"]
    assert len(tokens) == 2


def test_the_creator_starts_early_or_fills_seats_with_bots_and_a_password_guards(
        app: Any, ann: Member, bob: Member) -> None:
    guarded = ann.post("/api/tables", {"title": "acquire", "seats": [None, None, None],
                                       "password": "let me in"}).json()
    assert guarded["password"] is True
    assert bob.post(f"/api/tables/{guarded['id']}/join", {"password": "no"}).status_code == 403
    assert bob.post(f"/api/tables/{guarded['id']}/start").status_code == 403  # not the creator
    joined = bob.post(f"/api/tables/{guarded['id']}/join", {"password": "let me in"}).json()
    assert joined["status"] == "open" and joined["free"] == 1
    started = ann.post(f"/api/tables/{guarded['id']}/start").json()
    assert started["status"] == "started" and len(started["seats"]) == 2
    lonely = ann.post("/api/tables", {"title": "acquire", "seats": [None, "random", None]}).json()
    assert ann.post(f"/api/tables/{lonely['id']}/bots", {"bot": "nobody"}).status_code == 400
    other_title = ann.post(f"/api/tables/{lonely['id']}/bots", {"bot": "heuristic"})
    assert other_title.status_code == 400 and other_title.json()["rule"] == "server.seat.bot"
    assert "'heuristic' does not play acquire" in other_title.json()["message"]
    seated = ann.post("/api/tables", {"title": "lost_atlas", "seats": [None, "greedy", None]})
    assert seated.status_code == 400 and "easy, hard, heuristic" in seated.json()["message"]
    filled = ann.post(f"/api/tables/{lonely['id']}/bots", {"bot": "random"}).json()
    assert filled["status"] == "started" and [s["bot"] for s in filled["seats"]] == [
        None, "random", "random"]
    bad = ann.post("/api/tables", {"title": "acquire", "seats": ["random", "random"]})
    assert bad.status_code == 400
    too_many = ann.post("/api/tables", {"title": "acquire", "seats": [None] * 9})
    assert too_many.status_code == 400


# -- one account is not another ----------------------------------------------------------
def test_one_account_cannot_act_for_read_the_hidden_view_of_or_chat_as_another(
        app: Any, ann: Member, bob: Member) -> None:
    game_id = two_player_table(ann, bob)
    ann_tokens, bob_tokens = ann.seat_tokens(game_id), bob.seat_tokens(game_id)
    assert list(ann_tokens) == [0] and list(bob_tokens) == [1]
    client = TestClient(app)
    ann_view = client.get(f"/api/games/{game_id}", headers=bearer(ann_tokens[0])).json()
    bob_view = client.get(f"/api/games/{game_id}", headers=bearer(bob_tokens[1])).json()
    assert ann_view["seat"] == 0 and bob_view["seat"] == 1
    assert ann_view["view"]["hand"] != bob_view["view"]["hand"]
    assert str(ann_view["view"]["hand"]) not in str(bob_view)
    seat = ann_view["to_act"][0]
    acting, other = (ann_view, bob_tokens[1]) if seat == 0 else (bob_view, ann_tokens[0])
    move = acting["legal"][0]["notation"]
    refused = client.post(f"/api/games/{game_id}/actions", headers=bearer(other),
                          json={"action": move, "after": 0})
    assert refused.status_code == 403
    said = client.post(f"/api/games/{game_id}/chat", headers=bearer(bob_tokens[1]),
                       json={"text": "hello"}).json()
    assert said["name"] == bob.name and said["seat"] == 1
    # Bob's session cannot get tokens for Ann's seat, and his cookie is not a seat
    assert list(bob.seat_tokens(game_id)) == [1]
    as_cookie = bob.client.post(f"/api/games/{game_id}/actions", headers=bob.h,
                                json={"action": move, "after": 0})
    assert as_cookie.status_code == 403
    # a delegate token dies with its session
    assert bob.post("/api/account/signout").status_code == 200
    assert client.get(f"/api/games/{game_id}", headers=bearer(bob_tokens[1])
                      ).status_code == 403
    # and a delegate of one game opens no other game
    elsewhere = two_player_table(ann, sign_up(app, f"cy{next(names)}"))
    assert client.get(f"/api/games/{elsewhere}", headers=bearer(ann_tokens[0])
                      ).status_code == 403


def test_a_seat_link_can_be_claimed_and_its_token_keeps_working(app: Any, ann: Member,
                                                                 bob: Member) -> None:
    game = create(ann.client, seats=[{"name": "Ann"}, {"name": "Bob"}], seed=5)
    assert ann.post("/api/account/claim", {"game_id": game.id, "token": "nope"}
                    ).status_code == 403
    claimed = ann.post("/api/account/claim", {"game_id": game.id, "token": game.tokens[0]})
    assert claimed.json() == {"game_id": game.id, "seat": 0}
    assert bob.post("/api/account/claim", {"game_id": game.id, "token": game.tokens[0]}
                    ).status_code == 403
    assert ann.client.get("/api/account/games").json()["games"][0]["id"] == game.id
    client = TestClient(app)
    for token in (game.tokens[0], ann.seat_tokens(game.id)[0]):
        assert client.get(f"/api/games/{game.id}", headers=bearer(token)).json()["seat"] == 0


# -- chat ----------------------------------------------------------------------------------
def test_chat_live_seats_write_spectators_read_limits_and_text(
        lifespan: TestClient, ann: Member, bob: Member) -> None:
    game_id = two_player_table(ann, bob)
    ann_token, bob_token = ann.seat_tokens(game_id)[0], bob.seat_tokens(game_id)[1]
    client = lifespan
    with client.websocket_connect(f"/api/games/{game_id}/live?token={bob_token}") as ws:
        assert ws.receive_json()["type"] == "state"
        with client.websocket_connect(f"/api/games/{game_id}/live?token={ann_token}") as mine:
            assert mine.receive_json()["type"] == "state"
            mine.send_json({"type": "chat", "text": "<img src=x onerror=alert(1)> hi\x00"})
            got = ws.receive_json()
            while got["type"] != "chat":
                got = ws.receive_json()
            line = got["lines"][-1]
            assert line["text"] == "<img src=x onerror=alert(1)> hi"  # kept as text
            assert line["name"] == ann.name and line["at_count"] == 0
            mine.send_json({"type": "chat", "text": "x" * 501})
            error = mine.receive_json()
            while error["type"] != "chat-error":
                error = mine.receive_json()
            assert "500" in error["message"]
    spectator = client.post(f"/api/games/{game_id}/chat", json={"text": "hi"})
    assert spectator.status_code == 403
    read = client.get(f"/api/games/{game_id}/chat").json()["lines"]
    assert [x["text"] for x in read] == ["<img src=x onerror=alert(1)> hi"]
    codes = [client.post(f"/api/games/{game_id}/chat", headers=bearer(bob_token),
                         json={"text": f"line {i}"}).status_code for i in range(8)]
    assert codes[:5] == [200] * 5 and 429 in codes[5:]
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(
            f"/api/games/{game_id}/live?token=stranger") as ws:
        ws.receive_json()


# -- ratings -------------------------------------------------------------------------------
def test_a_game_between_accounts_is_rated_and_bots_or_chosen_seeds_are_not(
        app: Any, ann: Member, bob: Member) -> None:
    game_id = two_player_table(ann, bob)
    tokens = {**ann.seat_tokens(game_id), **bob.seat_tokens(game_id)}
    end = play_to_the_end(ann.client, game_id, tokens)
    winners = end["result"]["winners"]
    board = TestClient(app).get("/api/ratings/acquire").json()["players"]
    rated = {p["name"]: p for p in board}
    assert rated[ann.name]["games"] == rated[bob.name]["games"] == 1
    winner = [ann, bob][winners[0]].name
    loser = [ann, bob][1 - winners[0]].name
    if len(winners) == 1:
        assert rated[winner]["rating"] > rated[loser]["rating"]
        assert rated[winner]["wins"] == 1 and rated[loser]["wins"] == 0
    else:  # a shared first place (the game's seed is not chosen: its cash can tie)
        assert rated[winner]["rating"] == rated[loser]["rating"]
        assert rated[winner]["wins"] == rated[loser]["wins"] == 1
    profile = TestClient(app).get(f"/api/users/{winner}").json()
    assert profile["games"] == 1 and profile["wins"] == 1
    assert profile["history"][0]["game_id"] == game_id
    # a chosen seed: claimed by both accounts, played to the end, not rated
    seeded = create(ann.client, seats=[{"name": "A"}, {"name": "B"}], seed=9)
    ann.post("/api/account/claim", {"game_id": seeded.id, "token": seeded.tokens[0]})
    bob.post("/api/account/claim", {"game_id": seeded.id, "token": seeded.tokens[1]})
    play_to_the_end(ann.client, seeded.id, dict(enumerate(seeded.tokens)))
    after = TestClient(app).get(f"/api/users/{ann.name}").json()
    assert len(after["history"]) == 1
    assert {g["id"]: g["unrated"] for g in after["recent"]}[seeded.id] == "the seed was chosen"
    assert TestClient(app).get("/api/ratings/nothing").status_code == 404
    assert TestClient(app).get("/api/users/nobody_at_all").status_code == 404


def test_a_game_with_a_bot_is_not_rated(app: Any, ann: Member) -> None:
    table = ann.post("/api/tables", {"title": "acquire", "seats": [None, "random"]}).json()
    assert table["status"] == "started"
    game_id = table["game_id"]
    tokens = ann.seat_tokens(game_id)
    play_to_the_end(ann.client, game_id, tokens, limit=5000)
    profile = TestClient(app).get(f"/api/users/{ann.name}").json()
    assert profile["history"] == [] and profile["recent"][0]["unrated"] == "a bot played"


def test_the_migration_makes_the_account_tables(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/fresh.sqlite3"
    create_app(Settings(url))
    engine = create_engine(url)
    tables = set(inspect(engine).get_table_names())
    engine.dispose()
    assert {"users", "sessions", "seat_accounts", "seat_delegates", "open_tables", "chat",
            "ratings", "rating_events", "rated_games"} <= tables
