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
    d = paired([1.0, 2.0, 3.0, 4.0, 5.0], [0.0, 1.0, 2.0, 2.0, 4.0])
    assert d.mean == 1.2 and d.p < 0.001


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


# -- issue 29: the workbench tells the truth about balance ---------------------------
def _fake_rows(games: int, seats: int, winner_position: int) -> list[dict[str, object]]:
    """Games where the first player rotates over the seats and the seat at
    ``winner_position`` always wins."""
    rows: list[dict[str, object]] = []
    for k in range(games):
        positions = [(s - k) % seats for s in range(seats)]
        winner = positions.index(winner_position)
        rows.append({"arm": 0, "game": k, "seed": k, "actions": 100, "rounds": 10,
                     "end_reason": "done", "round_unit": "rounds",
                     "scores": [10 if s == winner else 5 for s in range(seats)],
                     "ranking": [[winner]], "winners": [winner], "positions": positions,
                     "action_kinds": {}, "mergers": [], "curves": {}, "groups": {},
                     "extra": {}, "record": {}})
    return rows


def test_fairness_is_by_turn_position_not_only_by_seat() -> None:
    plan = Plan("congress", ("random",) * 3, 300, [Arm("base", {})])
    analysis = analyse(plan, _fake_rows(300, 3, 1))  # the second to act always wins
    x, df, p = analysis.position_fairness[0]
    assert analysis.position_wins[0] == [0.0, 300.0, 0.0]
    assert (x, df) == (600.0, 2) and p < 1e-100
    assert analysis.seat_fairness[0] == 1.0  # by seat it looks perfectly fair
    second = next(m for m in analysis.metrics if m.name == "position 2 wins")
    assert second.estimate(0).low > 0.98
    score = next(m for m in analysis.metrics if m.name == "position 2 score")
    assert score.estimate(0).mean == 10


@pytest.mark.parametrize("title", ["acquire", "congress", "lost_atlas"])
def test_each_title_defines_turn_position_as_who_acts_first(title: str) -> None:
    from boardroom.workbench.measures import turn_positions

    for seed in range(3):
        game = boardroom.new_game(title, ["A", "B", "C"], seed=seed)
        positions = turn_positions(measures_for(title), game)
        assert positions is not None and sorted(positions) == [0, 1, 2]
        first = positions.index(0)
        if title == "lost_atlas":  # the priority deal: the first Stock Round's first turn
            from boardroom.bots import make_bot

            bot = make_bot("random", seed=seed)
            while game.state.round != "stock":
                game.apply(bot.choose(game, game.to_act[0]), game.to_act[0])
        assert list(game.to_act) == [first]
        row = play_game(Plan(title, ("random",) * 3, 1, [Arm("b", {})], seed=seed), 0, 0)
        assert row["positions"] == positions


def test_intervals_respect_the_range_and_small_n_says_so() -> None:
    from boardroom.workbench.analysis import Metric
    from boardroom.workbench.inference import mean_ci

    clustering = Metric("Mergers", "clustering", False,
                        [[1.0, 0.5, 1.0, 1.0, 1.0, 1.0, 0.5, 1.0]], share=True)
    est = clustering.estimate(0)
    assert 0.0 <= est.low <= est.mean <= est.high <= 1.0
    assert est == clustering.estimate(0)  # the bootstrap is seeded
    assert mean_ci([0.5]).text() == "0.500 (n=1: n too small)"
    assert "n too small" in paired([1.0, 2.0], [0.0, 0.0]).text()


def test_conditional_measures_show_n_per_arm_and_paired() -> None:
    plan = Plan("acquire", ("random",) * 2, 8, [Arm("a", {}), Arm("b", {})])
    analysis = analyse(plan, backends.run(plan))
    first = next(m for m in analysis.metrics if m.name.startswith("first merger"))
    assert first.conditional
    n = first.estimate(0).n
    assert f"n={n}" in first.estimate(0).text(True)
    paired_n = sum(1 for a, b in zip(first.values[1], first.values[0], strict=True)
                   if not (math.isnan(a) or math.isnan(b)))
    assert first.versus_base(1).n == paired_n
    assert f"n={paired_n}" in first.versus_base(1).text(True)


def test_out_alone_writes_the_report_and_a_narrow_pipe_stacks_the_arms(tmp_path: Path
                                                                        ) -> None:
    out = tmp_path / "rep"
    result = CliRunner().invoke(cli, ["simulate", "congress", "--games", "3", "--players",
                                      "3", "--compare", "chaining=none,automatic",
                                      "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    assert (out / "report.html").exists() and "Report:" in result.output
    assert "chaining=automatic" in result.output and "…" not in result.output
    assert "turn-position fairness" in result.output
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "Who wins: by turn position" in page and "Turn position: the first player" in page


def test_a_missing_pyarrow_is_said_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                        ) -> None:
    from boardroom.workbench import report

    monkeypatch.setattr(report, "parquet_available", lambda: False)
    monkeypatch.setattr(report, "write_parquet", lambda *args: False)
    result = CliRunner().invoke(cli, ["simulate", "acquire", "--games", "2", "--players",
                                      "2", "--out", str(tmp_path / "r"), "--quiet"])
    assert result.exit_code == 0, result.output
    assert result.output.count("pyarrow is not installed") == 1
    assert "pyarrow is not installed" in (tmp_path / "r" / "report.html").read_text("utf-8")


def test_mergers_by_round_start_at_round_one() -> None:
    from boardroom.workbench.report import merger_axis

    plan = acquire_plan(games=3)
    analysis = analyse(plan, backends.run(plan))
    xs = merger_axis(analysis)
    assert xs[0] == 1 and xs[-1] == max(m for arm in analysis.merger_rounds for m in arm)


def test_balance_counts_dead_turns_and_usage_from_the_games() -> None:
    from boardroom.workbench import balance

    b = balance.measure("acquire", ("random",) * 2, 3, seed=5)
    rows = [r for arm in b.analysis.rows for r in arm]
    dead = decisions = 0
    for row in rows:
        game = boardroom.load(row["record"])
        replay = boardroom.new_game("acquire", game.players, seed=row["seed"],
                                    options=row["record"]["options"])
        for text in row["record"]["actions"]:
            seat = replay.to_act[0]
            legal = replay.legal_actions(seat)
            decisions += 1
            dead += sum(str(a) not in ("pass", "done") for a in legal) <= 1
            replay.apply(replay.title.parse(text), seat)
    assert b.decisions == decisions and round(b.dead.mean * decisions) == dead
    assert sum(u.share for u in b.usage) == pytest.approx(1.0)
    assert {u.kind for u in b.usage} >= {"Place", "Buy"}
    assert b.lengths["actions"].low <= b.lengths["actions"].median <= b.lengths["actions"].high


def test_balance_command_prints_the_designer_questions() -> None:
    result = CliRunner().invoke(cli, ["balance", "acquire", "--games", "3", "--players", "2",
                                      "--match", "0", "--quiet"])
    assert result.exit_code == 0, result.output
    for heading in ("First-player advantage", "Equal positions: χ²", "Dead turns",
                    "Action usage", "Game length spread"):
        assert heading in result.output


def test_the_win_rate_legend_sits_beside_the_bars() -> None:
    from boardroom.workbench.report import seats_figure

    plan = acquire_plan(games=3)
    fig = seats_figure(analyse(plan, backends.run(plan)))
    fig.canvas.draw()
    ax = fig.axes[0]
    legend = ax.get_legend().get_window_extent()
    assert legend.x0 >= ax.get_window_extent().x1  # right of the plotting area
    import matplotlib.pyplot as plt

    plt.close(fig)


def test_a_share_difference_stays_within_its_range() -> None:
    from boardroom.workbench.analysis import Metric

    m = Metric("Who wins", "w", True, [[0.0] * 5, [1.0, 1.0, 1.0, 1.0, 0.0]])
    d = m.versus_base(1)
    assert -1.0 <= d.low <= d.high <= 1.0


@pytest.mark.parametrize(("args", "message"), [
    (["chess"], "unknown title"),
    (["acquire", "--bots", "nobody"], "unknown bot"),
    (["acquire", "--option", "mode=chess"], "mode"),
])
def test_balance_refuses_bad_input_with_a_message(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["balance", *args, "--games", "1", "--match", "0",
                                      "--quiet"])
    assert result.exit_code == 2, result.output
    assert message in result.output
