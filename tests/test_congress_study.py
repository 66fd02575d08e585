"""The shipped Congress commands: the study of the designer's question and the benchmark
(tiny runs; the real runs are commands, not tests)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import boardroom
from boardroom.bench import congress as bench_congress
from boardroom.bench import congress_study as study
from boardroom.titles.congress.data import shipped_raw


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


def test_congress_study_command_on_a_users_data_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = shipped_raw()
    raw["game"]["second_link_factor"] = 3
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw))
    out = tmp_path / "figures.json"
    assert study.main(["--games", "1", "--only", "none/chooser", "--data", str(path),
                       "--json", str(out)]) == 0
    assert "1 games" in capsys.readouterr().out
    assert json.loads(out.read_text())["chaining=none special_dividend=chooser"]["games"] == 1
    assert study.main(["--games", "1", "--data", str(tmp_path / "missing.json")]) == 2


def test_congress_balance_bench_counts_positions_actions_and_liveness(
        capsys: pytest.CaptureFixture[str]) -> None:
    from boardroom.bench import congress_balance as balance

    tally = balance.run(3, 3, "medium", None, seed=0, options={})
    assert tally.games == 3 and abs(sum(tally.position_wins) - 3) < 1e-9
    assert abs(sum(tally.seat_wins) - 3) < 1e-9
    game, record = balance.play(3, 0, ["medium"] * 3, {})
    assert sorted(record.positions) == [0, 1, 2]
    assert record.positions[0] == game.state.first  # the first to act is position 1
    replay = boardroom.new_game("congress", ["P1", "P2", "P3"], seed=0)
    turn_steps = 0
    for action in game.record.actions:
        turn_steps += replay.state.step == "turn"
        replay.apply(action)
    assert len(record.turn_actions) == turn_steps
    assert balance.main(["--games", "2", "--players", "3", "--versus", "random"]) == 0
    out = capsys.readouterr().out
    assert "win share by turn position" in out and "random win share" in out
    assert balance.main(["--games", "1", "--bot", "nobody"]) == 2
