"""Turn notifications of accounts (issue 27): e-mail through a real SMTP server on loopback
(aiosmtpd), sent at once ("always") or only when the user is away from the game's page;
webhooks in Discord, Slack and raw form."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from email import message_from_bytes
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from account_support import Member, sign_up, two_player_table
from boardroom.server.app import create_app
from boardroom.server.config import Settings
from boardroom.server.notify import Presence, Smtp, webhook_body
from server_support import wait_for
from test_server_live import Receiver


class Inbox:
    """aiosmtpd handler: keeps every message it is given."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append((envelope.rcpt_tos, message_from_bytes(envelope.content)))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, str]]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, f"smtp://127.0.0.1:{port}?from=turns@boardroom.test"
    finally:
        controller.stop()


def settings_of(member: Member, **prefs: Any) -> None:
    reply = member.client.put("/api/account/settings", json=prefs, headers=member.h)
    assert reply.status_code == 200, reply.text


def test_turn_e_mail_always_and_when_away_through_a_real_smtp_server(
        tmp_path: Path, smtp: tuple[Inbox, str]) -> None:
    inbox, url = smtp
    app = create_app(Settings(f"sqlite:///{tmp_path}/db.sqlite3", rate_per_s=0, smtp_url=url,
                              public_url="http://boardroom.test"))
    with TestClient(app) as lifespan:
        ann, bob = sign_up(app, "ann_mail"), sign_up(app, "bob_mail")
        settings_of(ann, email="ann@example.org", email_mode="always")
        settings_of(bob, email="bob@example.org", email_mode="away", email_minutes=10)
        game_id = two_player_table(ann, bob)
        first = lifespan.get(f"/api/games/{game_id}").json()["to_act"][0]
        member = [ann, bob][first]
        wait_for(lambda: inbox.messages, timeout=20)
        to, message = inbox.messages[0]
        assert to == [f"{member.name.split('_')[0]}@example.org"]
        assert message["From"] == "turns@boardroom.test"
        body = message.get_payload(decode=True).decode()
        assert "your turn in Acquire" in body and f"http://boardroom.test/#/play/{game_id}" in body
        tokens = {**ann.seat_tokens(game_id), **bob.seat_tokens(game_id)}
        assert not any(tok in body for tok in tokens.values())
        # Bob on the game's page (a live connection of his seat): no mail while he is there
        with lifespan.websocket_connect(f"/api/games/{game_id}/live?token={tokens[1]}") as ws:
            ws.receive_json()
            count = len(inbox.messages)
            while lifespan.get(f"/api/games/{game_id}").json()["to_act"] != [1]:
                seat = lifespan.get(f"/api/games/{game_id}").json()["to_act"][0]
                mine = lifespan.get(f"/api/games/{game_id}",
                                    headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
                done = lifespan.post(f"/api/games/{game_id}/actions",
                                     headers={"Authorization": f"Bearer {tokens[seat]}"},
                                     json={"action": mine["legal"][0]["notation"],
                                           "after": mine["count"]})
                assert done.status_code == 200
            time.sleep(1.0)
            assert not [m for m in inbox.messages[count:] if m[0] == ["bob@example.org"]]


def test_presence_counts_connections_and_time_away() -> None:
    presence = Presence()
    assert presence.away_s("g", 0) == float("inf")
    presence.enter("g", 0)
    presence.enter("g", 0)
    presence.leave("g", 0)
    assert presence.away_s("g", 0) == 0.0
    presence.leave("g", 0)
    assert 0 <= presence.away_s("g", 0) < 5


def test_webhooks_in_discord_slack_and_raw_formats(tmp_path: Path) -> None:
    receiver = Receiver()
    try:
        # the receiver listens on 127.0.0.1: private webhooks allowed here (the refusal
        # is tested in test_server_security.py and below)
        app = create_app(Settings(f"sqlite:///{tmp_path}/db.sqlite3", rate_per_s=0,
                                  allow_private_webhooks=True))
        with TestClient(app) as lifespan:
            ann, bob = sign_up(app, "ann_hook"), sign_up(app, "bob_hook")
            settings_of(ann, webhook_url=receiver.url + "?who=ann", webhook_format="discord")
            settings_of(bob, webhook_url=receiver.url + "?who=bob", webhook_format="slack")
            game_id = two_player_table(ann, bob)
            first = lifespan.get(f"/api/games/{game_id}").json()["to_act"][0]
            body = wait_for(lambda: receiver.bodies, timeout=20)[0]
            key = "content" if first == 0 else "text"
            assert list(body) == [key] and "your turn in Acquire" in body[key]
    finally:
        receiver.close()
    raw = webhook_body("raw", "hi", {"game": "g", "seat": 1})
    assert raw == {"game": "g", "seat": 1}
    assert Smtp.parse("smtps://u:p%40ss@mail.test").password == "p@ss"
    with pytest.raises(ValueError):
        Smtp.parse("http://mail.test")


def test_an_account_webhook_to_an_internal_address_is_refused(tmp_path: Path) -> None:
    """The seat webhooks' rule holds for an account's turn webhook too (issue 26 item 4):
    loopback, private and metadata addresses are refused when saved, and nothing changes."""
    app = create_app(Settings(f"sqlite:///{tmp_path}/db.sqlite3", rate_per_s=0))
    with TestClient(app):
        ann = sign_up(app, "ann_guard")
        for url in ("http://127.0.0.1:9/hook", "http://10.0.0.7/hook",
                    "http://169.254.169.254/latest", "http://[::1]/hook"):
            reply = ann.client.put("/api/account/settings", json={"webhook_url": url},
                                   headers=ann.h)
            assert reply.status_code == 400, reply.text
            assert reply.json()["rule"] == "server.webhook.public"
        assert ann.client.get("/api/account/settings").json()["webhook_url"] == ""
