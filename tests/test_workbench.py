"""The designer's workbench: ``boardroom simulate``, its statistics and its report."""

from __future__ import annotations

import csv
import json
import math
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import boardroom
from boardroom.cli.main import cli
from boardroom.core.measures import GameFacts
from boardroom.workbench import backends
from boardroom.workbench.analysis import analyse
from boardroom.workbench.inference import chi2_sf, paired, uniform_test, wilson
from boardroom.workbench.measures import measures_for
from boardroom.workbench.plan import Arm, Plan, arms_from
from boardroom.workbench.play import play_game
from boardroom.workbench.report import write_report


def acquire_plan(games: int = 6, bots: tuple[str, ...] = ("random",) * 3) -> Plan:
    return Plan("acquire", bots, games, arms_from({}, [("mode", ["classic", "tycoon"])]))


def test_rows_are_the_same_for_any_worker_count_and_run_twice() -> None:
    plan = acquire_plan()
    one = backends.run(plan, workers=1)
    assert one == backends.run(plan, workers=1)
    assert one == backends.run(plan, workers=2)
    assert [(r["arm"], r["game"]) for r in one] == [(a, k) for a in (0, 1) for k in range(6)]


def test_every_arm_plays_the_same_seeds() -> None:
    rows = backends.run(acquire_plan(games=3))
    seeds = {arm: [r["seed"] for r in rows if r["arm"] == arm] for arm in (0, 1)}
    assert seeds[0] == seeds[1] == [0, 1, 2]
    # the same seed deals the same opening tiles in both modes: the games start alike
    assert [r["record"]["actions"][0] for r in rows if r["arm"] == 0] == \
        [r["record"]["actions"][0] for r in rows if r["arm"] == 1]


def test_a_row_replays_to_the_same_result() -> None:
    row = play_game(acquire_plan(games=1), 1, 0)
    game = boardroom.load(row["record"])
    assert game.is_over and game.result is not None
    assert list(game.result.scores) == row["scores"]
    assert row["record"]["options"]["mode"] == "tycoon"
    assert row["actions"] == len(row["record"]["actions"])


def test_acquire_mergers_are_the_tiles_that_merge_chains() -> None:
    row = play_game(acquire_plan(games=1), 0, 0)
    game = boardroom.load(row["record"])
    merging = [e.index for e in game.log_entries if " merges " in e.text]
    assert len(row["mergers"]) == len(merging) > 0
    assert row["mergers"] == sorted(row["mergers"])
    assert row["extra"]["chains merged away"] >= len(row["mergers"])
    assert len(row["curves"]["mean share price ($)"]) == row["rounds"]


def test_lost_atlas_counts_the_majors_formed() -> None:
    plan = Plan("lost_atlas", ("random",) * 4, 6,
                [Arm("hostile", {"hostile_mergers": True})])
    rows = [play_game(plan, 0, k) for k in range(6)]
    assert any(r["mergers"] for r in rows)
    for row in rows:
        game = boardroom.load(row["record"])
        formed = sum(" merge into " in line for line in game.log)  # majors may be liquidated
        assert row["extra"]["majors formed"] == len(row["mergers"]) == formed
        ran = sum(int(a.split()[1]) for a in row["record"]["actions"] if a.startswith("run "))
        assert sum(row["curves"]["revenue run per Operating Round"]) == ran
        assert row["rounds"] == len(row["curves"]["mean share price"])
        launched = [a.split()[1] for a in row["record"]["actions"] if a.startswith("launch ")]
        assert sorted(m for seat in row["groups"]["minor launched"] for m in seat) == \
            sorted(set(launched))


def test_a_title_without_measures_gets_the_generic_statistics(monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    import importlib

    real = importlib.import_module

    def missing(name: str, *args: object) -> object:
        if name == "boardroom.titles.acquire.measures":
            raise ModuleNotFoundError(name=name)
        return real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib, "import_module", missing)
    game = boardroom.new_game("acquire", ["A", "B"], seed=1)
    tracker = measures_for("acquire").tracker(game)
    assert tracker.finish(game) == GameFacts()


def test_the_statistics_see_a_real_difference_and_no_false_one() -> None:
    greedy = Plan("acquire", ("greedy", "random"), 30, [Arm("a", {}), Arm("b", {})])
    analysis = analyse(greedy, backends.run(greedy))
    seat1 = next(m for m in analysis.metrics if m.name.startswith("seat 1"))
    est = seat1.estimate(0)
    assert est.low > 0.5, est  # the greedy bot beats random, and the interval says so
    assert analysis.seat_fairness[0] < 0.05
    same = seat1.versus_base(1)  # identical arms: exactly no difference
    assert same.mean == 0 and same.p == 1


def test_interval_and_test_arithmetic() -> None:
    low, high = wilson(0.0, 20)
    assert low == 0 and 0.15 < high < 0.17
    assert math.isclose(chi2_sf(5.991, 2), 0.05, abs_tol=1e-4)
    assert math.isclose(chi2_sf(18.307, 10), 0.05, abs_tol=1e-4)
    assert uniform_test([25, 25, 25, 25]) == 1.0
    assert uniform_test([70, 10, 10, 10]) < 1e-6
    d = paired([1.0, 2.0, 3.0, 4.0], [0.0, 1.0, 2.0, 2.0])
    assert d.mean == 1.25 and d.p < 0.001


def test_the_report_is_self_contained_and_reproducible(tmp_path: Path) -> None:
    plan = acquire_plan(games=8)
    analysis = analyse(plan, backends.run(plan))
    page = write_report(analysis, tmp_path / "a", "boardroom simulate acquire")
    again = write_report(analyse(plan, backends.run(plan, workers=2)), tmp_path / "b",
                         "boardroom simulate acquire")
    text = page.read_text(encoding="utf-8")
    assert text == again.read_text(encoding="utf-8")
    assert "http://" not in text and "https://" not in text and "<script" not in text
    assert text.count("data:image/png;base64,") >= 5
    for heading in ("Who wins", "Game length", "Mergers", "first chain founded",
                    "mean share price", "most extreme games"):
        assert heading in text
    with (tmp_path / "a" / "games.csv").open(encoding="utf-8") as f:
        lines = list(csv.DictReader(f))
    assert len(lines) == 16 and {line["arm_label"] for line in lines} == {"mode=classic",
                                                                           "mode=tycoon"}
    records = sorted((tmp_path / "a" / "records").iterdir())
    assert records
    for path in records:
        assert boardroom.load(json.loads(path.read_text(encoding="utf-8"))).is_over
        assert f"records/{path.name}" in text


def test_simulate_command_writes_the_report_and_says_where(tmp_path: Path) -> None:
    out = tmp_path / "rep"
    result = CliRunner().invoke(cli, ["simulate", "acquire", "--games", "4", "--bots",
                                      "random,greedy,random", "--compare", "mode=classic,tycoon",
                                      "--open", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    assert f"Report: {(out / 'report.html').resolve()}" in result.output
    assert "(greedy)" in result.output and "games/s" in result.output
    assert (out / "report.html").exists() and (out / "games.csv").exists()


@pytest.mark.parametrize(("args", "message"), [
    (["acquire", "--option", "mode=chess"], "mode"),
    (["acquire", "--compare", "mode="], "--compare takes KEY=VALUE1,VALUE2"),
    (["acquire", "--option", "mode=classic", "--compare", "mode=classic,tycoon"],
     "both set"),
    (["acquire", "--bots", "nobody"], "unknown bot"),
    (["acquire", "--bots", "random,random", "--players", "3"], "names 2 seats"),
    (["chess"], "unknown title"),
    (["acquire", "--address", "127.0.0.1:1"], "--backend ray"),
])
def test_simulate_refuses_bad_input_with_a_message(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", *args, "--games", "1", "--quiet"])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_ray_backend_gives_the_local_rows() -> None:
    """A local Ray (one CPU); its start-up is the cost of this test (about 5-10 s)."""
    pytest.importorskip("ray")
    plan = acquire_plan(games=3)
    start = time.perf_counter()
    on_ray = backends.run(plan, backend="ray", workers=1)
    print(f"ray backend: {time.perf_counter() - start:.1f} s")
    assert on_ray == backends.run(plan)


def test_congress_mergers_are_its_merger_events_and_chaining_is_compared() -> None:
    plan = Plan("congress", ("random",) * 4, 4,
                arms_from({}, [("chaining", ["none", "automatic"])]))
    rows = backends.run(plan)
    for row in rows:
        game = boardroom.load(row["record"])
        assert row["mergers"] == [e.round for e in game.state.events]
        assert row["end_reason"] == "the last General Dividend was paid"
        assert len(row["curves"]["active companies"]) == row["rounds"]
    analysis = analyse(plan, rows)
    names = {m.name for m in analysis.metrics}
    assert {"clustering (share in the busiest round)", "mergers per game",
            "mergers decided by the active player"} <= names
