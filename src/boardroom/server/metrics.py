"""``GET /metrics``: the server's counts in the Prometheus text format (prometheus-client).

Each app has a registry of its own (a test makes many apps in one process). What the
server counts as it works (:mod:`boardroom.server.stats`, the writer's batches, the hub's
sockets, the cache) is read when the endpoint is scraped, by :class:`ServerCollector`;
the request latencies are a prometheus-client :class:`~prometheus_client.Histogram`
filled by :class:`boardroom.server.observe.Observe`.

The series (every name starts ``boardroom_``):

============================== ======== ===================================================
``actions_total{title}``       counter  actions appended (people's and bots')
``refusals_total{rule}``       counter  requests refused naming a rule (422, and the 403
                                        ``core.not-your-decision``)
``request_seconds{...}``       histo.   HTTP requests by method, route template and status
``live_sockets``               gauge    WebSocket clients connected to live updates
``games_cached``               gauge    games held in memory
``bot_decisions_total{bot}``   counter  decisions taken by bot seats
``bot_timeouts_total{bot}``    counter  decisions past ``--bot-time`` (the random bot decided)
``bot_failures_total{bot}``    counter  bots that raised (the random bot decided)
``bot_threads_abandoned``      gauge    timed-out bot threads still running
``db_write_batches_total``     counter  database transactions that committed writes
``db_writes_total``            counter  units of work written (SQLite: several per batch)
``draining``                   gauge    1 once the server is shutting down
============================== ======== ===================================================

and prometheus-client's own ``process_*`` series (CPU seconds, memory, open files).
With ``--workers N`` each worker answers for itself (a scrape reaches one of them): to
see every process, run them as separate ``boardroom serve`` processes on their own
ports and scrape each (docs/deploy.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fastapi import APIRouter, Request, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from boardroom.server import cpu_parts

if TYPE_CHECKING:
    from boardroom.server.bots import BotRunner
    from boardroom.server.live import Hub
    from boardroom.server.shutdown import Drain
    from boardroom.server.store import GameStore

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
                   10.0)
"""Seconds: fine below 100 ms, where the targets are."""


class ServerCollector(Collector):
    """Reads the server's own counts at each scrape."""

    def __init__(self, store: GameStore, hub: Hub, bots: BotRunner, drain: Drain) -> None:
        self.store = store
        self.hub = hub
        self.bots = bots
        self.drain = drain

    def collect(self) -> Iterator[Metric]:
        stats = self.store.stats
        yield labelled_counter("boardroom_actions", "Actions appended.", "title",
                               stats.by_label("actions"))
        yield labelled_counter("boardroom_refusals", "Requests refused naming a rule.",
                               "rule", stats.by_label("refused"))
        for kind, text in (("decisions", "Decisions taken by bot seats."),
                           ("timeouts", "Bot decisions past the bot time (random decided)."),
                           ("failures", "Bot decisions that raised (random decided).")):
            yield labelled_counter(f"boardroom_bot_{kind}", text, "bot",
                                   stats.by_label(f"bot_{kind}"))
        transactions = self.store.transactions
        yield CounterMetricFamily("boardroom_db_write_batches",
                                  "Database transactions that committed writes.",
                                  value=transactions.batches)
        yield CounterMetricFamily("boardroom_db_writes",
                                  "Units of work written (several per batch on SQLite).",
                                  value=transactions.writes)
        yield GaugeMetricFamily("boardroom_live_sockets",
                                "WebSocket clients connected to live updates.",
                                value=self.hub.sockets())
        yield GaugeMetricFamily("boardroom_games_cached", "Games held in memory.",
                                value=self.store.cached())
        yield GaugeMetricFamily("boardroom_bot_threads_abandoned",
                                "Timed-out bot threads still running.",
                                value=self.bots.abandoned())
        yield GaugeMetricFamily("boardroom_draining", "1 once the server is shutting down.",
                                value=1 if self.drain.draining else 0)


def labelled_counter(name: str, text: str, label: str,
                     counts: dict[str, int]) -> CounterMetricFamily:
    family = CounterMetricFamily(name, text, labels=[label])
    for value, count in sorted(counts.items()):
        family.add_metric([value], count)
    return family


class Metrics:
    """One app's registry: the collector above, the latency histogram, process figures."""

    def __init__(self, store: GameStore, hub: Hub, bots: BotRunner, drain: Drain) -> None:
        self.registry = CollectorRegistry()
        self.registry.register(ServerCollector(store, hub, bots, drain))
        if cpu_parts.enabled():  # profiling only (BOARDROOM_CPU_PARTS=1)
            cpu_parts.install()
            self.registry.register(cpu_parts.PartsCollector())
        ProcessCollector(registry=self.registry)
        PlatformCollector(registry=self.registry)
        self.latency = Histogram(
            "boardroom_request_seconds", "HTTP requests: seconds from arrival to the last "
            "byte of the answer.", ["method", "route", "status"], buckets=LATENCY_BUCKETS,
            registry=self.registry)

    def observe(self, method: str, route: str, status: int, seconds: float) -> None:
        self.latency.labels(method, route, str(status)).observe(seconds)

    def render(self) -> bytes:
        return generate_latest(self.registry)


router = APIRouter()


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    """The Prometheus text format (version 0.0.4)."""
    found: Metrics = request.app.state.metrics
    return Response(found.render(), media_type=CONTENT_TYPE_LATEST)
