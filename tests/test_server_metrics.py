"""``GET /metrics`` (Prometheus text format), ``/api/health`` and ``/api/ready``, through
the test client on SQLite: each series moves with what the server did."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import create_engine

from boardroom.bots.base import Bot, register_bot
from boardroom.core.game import Game
from boardroom.core.title import Action
from boardroom.server.app import create_app
from boardroom.server.config import Settings
from server_support import create, play_first_legal, state, wait_for


def client_for(tmp_path: Path, **settings: Any) -> TestClient:
    settings.setdefault("allow_chosen_seeds", True)  # seeded games of people (known play)
    return TestClient(create_app(Settings(f"sqlite:///{tmp_path}/m.sqlite3", **settings)))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path, rate_per_s=0) as c:
        yield c


def scrape(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics``, by name and labels."""
    reply = client.get("/metrics")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("text/plain")
    samples = {}
    for family in text_string_to_metric_families(reply.text):
        for sample in family.samples:
            samples[sample.name, tuple(sorted(sample.labels.items()))] = sample.value
    return samples


def value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str,
          **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_actions_refusals_latency_sockets_cache_and_writes_are_counted(
        client: TestClient) -> None:
    before = scrape(client)
    assert value(before, "boardroom_actions_total", title="acquire") == 0
    assert value(before, "boardroom_draining") == 0
    assert value(before, "process_cpu_seconds_total") > 0
    table = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
    for _ in range(5):
        play_first_legal(client, table)
    seat = state(client, table, None)["to_act"][0]
    url = f"/api/games/{table.id}/actions"
    bad = client.post(url, headers=table.h(seat), json={"action": "zz", "after": 5})
    assert bad.status_code == 422 and bad.json()["rule"] == "notation"
    late = client.post(url, headers=table.h(1 - seat), json={"action": "zz", "after": 5})
    assert late.status_code == 403 and late.json()["rule"] == "core.not-your-decision"
    assert client.post(url, headers=table.h(seat),
                       json={"action": "zz", "after": 0}).status_code == 409
    with client.websocket_connect(f"/api/games/{table.id}/live?token={table.tokens[0]}") \
            as ws:
        assert ws.receive_json()["count"] == 5
        live = scrape(client)
        assert value(live, "boardroom_live_sockets") == 1
    after = scrape(client)
    assert value(after, "boardroom_actions_total", title="acquire") == 5
    assert value(after, "boardroom_refusals_total", rule="notation") == 1
    assert value(after, "boardroom_refusals_total", rule="core.not-your-decision") == 1
    assert value(after, "boardroom_request_seconds_count", method="POST",
                 route="/api/games/{game_id}/actions", status="200") == 5
    assert value(after, "boardroom_request_seconds_count", method="POST",
                 route="/api/games/{game_id}/actions", status="422") == 1
    assert value(after, "boardroom_request_seconds_count", method="POST",
                 route="/api/games/{game_id}/actions", status="409") == 1
    # the raw path (with the game's id) is never a label: the route's template is
    assert not any(table.id in str(labels) for _, labels in after)
    assert value(after, "boardroom_games_cached") == 1
    # the game's creation, a seat's claim (its token's first use) and five actions
    assert value(after, "boardroom_db_writes_total") >= 7
    assert 1 <= value(after, "boardroom_db_write_batches_total") <= value(
        after, "boardroom_db_writes_total")
    wait_for(lambda: value(scrape(client), "boardroom_live_sockets") == 0, timeout=10)


NAPS = [0.3, 0.3]
"""The napping bot's first two decisions take these seconds (the others none)."""


class NappingBot(Bot):
    """Slow on its first two decisions only (past a bot time of 0.05 s)."""

    name = "test-napping"

    def __init__(self, seed: int) -> None:
        pass

    def choose(self, game: Game, seat: int) -> Action:
        if NAPS:
            time.sleep(NAPS.pop())
        return self.options(game, seat)[0]


def test_bot_decisions_and_time_outs_are_counted(tmp_path: Path) -> None:
    register_bot("test-napping", NappingBot)
    with client_for(tmp_path, bot_time_s=0.05) as client:
        table = create(client, seats=[{"name": "R", "bot": "random"},
                                      {"name": "N", "bot": "test-napping"}], seed=3)
        wait_for(lambda: state(client, table, None)["count"] >= 10, timeout=60)
        samples = scrape(client)
        random_ = value(samples, "boardroom_bot_decisions_total", bot="random")
        napping = value(samples, "boardroom_bot_decisions_total", bot="test-napping")
        assert random_ >= 4 and napping >= 4
        assert value(samples, "boardroom_bot_timeouts_total", bot="test-napping") == 2
        assert value(samples, "boardroom_bot_timeouts_total", bot="random") == 0
        assert value(samples, "boardroom_actions_total", title="acquire") >= 10


def test_health_is_liveness_and_ready_touches_the_database(client: TestClient) -> None:
    assert client.get("/api/health").json() == {"status": "ok"}
    assert client.get("/api/ready").json() == {"status": "ready", "database": "ok"}
    store = client.app.state.store  # type: ignore[attr-defined]
    working = store.engine
    store.engine = create_engine("sqlite:////nonexistent-folder/nothing/here.sqlite3")
    try:
        down = client.get("/api/ready")
        assert down.status_code == 503
        assert down.json()["error"] == "not-ready"
        assert "Traceback" not in down.text and "nonexistent" not in down.text
        assert client.get("/api/health").status_code == 200  # alive, not ready
    finally:
        store.engine = working
    assert client.get("/api/ready").status_code == 200
    drain = client.app.state.drain  # type: ignore[attr-defined]
    drain.draining = True
    stopping = client.get("/api/ready")
    assert stopping.status_code == 503 and "shutting down" in stopping.json()["message"]
    assert value(scrape(client), "boardroom_draining") == 1
    drain.draining = False


def test_the_bench_measures_the_servers_cpu_by_part(capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    """``boardroom bench server --cpu-parts``: its servers run with BOARDROOM_CPU_PARTS=1
    and the bench prints each part's CPU per action over the timed play."""
    from boardroom.bench import main

    # enough actions that each busy thread spends whole clock ticks (/proc counts 10 ms
    # ticks: 8 actions could all fall inside one and leave every thread at 0)
    assert main(["server", "--backend", "sqlite", "--games", "4", "--actions", "20",
                 "--think", "0", "--cpu-parts"]) == 0
    out = capsys.readouterr().out
    assert "where the server's CPU goes" in out
    (act,) = [line for line in out.splitlines() if "an action: parse, check" in line]
    cells = [c.strip() for c in act.split("│") if c.strip()]
    assert float(cells[1]) > 0 and cells[3] == "1.00"  # one act call per action
    (pictures,) = [line for line in out.splitlines() if "live pictures" in line]
    assert float([c.strip() for c in pictures.split("│") if c.strip()][3]) >= 1.0
    assert "by thread: " in out and "MainThread" in out
