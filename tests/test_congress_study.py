"""The shipped Congress commands: the study of the designer's question and the benchmark
(tiny runs; the real runs are commands, not tests)."""

from __future__ import annotations

from boardroom.bench import congress as bench_congress
from boardroom.bench import congress_study as study


def test_congress_study_counts_agree_with_the_games() -> None:
    tally = study.run(2, 4, "none", "chooser", "heuristic", seed=0, time_limit=None)
    figures = study.figures(tally)
    assert figures["games"] == 2
    states = [study.play(k, 4, "none", "chooser", "heuristic")[0] for k in range(2)]
    events = [e for s in states for e in s.events]
    assert tally.mergers == len(events)
    assert tally.decided == sum(1 for e in events if e.kind == "connect")
    assert sum(figures["active_player_holds_both_one_neither"]) == tally.decided
    assert sum(k * n for k, n in figures["merger_turns_by_count"].items()) == tally.mergers
    assert study.report("x", figures)[0].startswith("== x: 2 games")


def test_congress_study_acquired_switch_never_lets_the_acquirer_pay() -> None:
    tally = study.run(2, 4, "automatic", "acquired", "heuristic", seed=5, time_limit=None)
    assert tally.decided > 0 and tally.payer_is_acquirer == 0


def test_congress_bench_runs_and_reports_the_targets() -> None:
    figures = bench_congress.run(1, 4, "random", {"chaining": "none",
                                                  "special_dividend": "chooser"})
    lines = bench_congress.report(figures, 4, "random", {"chaining": "none"})
    assert "target: under 50 ms" in lines[2] and "0.05 ms" in lines[4]
