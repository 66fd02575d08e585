"""``boardroom tournament`` and ``boardroom bots``, the tournament's figures, and the
search benchmark (boardroom bench TITLE clone). Strength itself is measured by running the
tournament (docs/bots.md), never asserted here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import boardroom
from boardroom import tournament
from boardroom.bench import main as bench_main
from boardroom.cli.main import cli


def test_every_rotation_of_a_lineup_is_planned_and_seeds_repeat_per_rotation() -> None:
    plans = tournament.plan("acquire", ["hard", "greedy", "greedy"], 7, 10, {})
    assert [p.seed for p in plans] == [10, 10, 10, 11, 11, 11, 12]
    assert [p.seats.index("hard") for p in plans[:3]] == [0, 2, 1]


def test_summary_counts_wins_scores_and_ratings() -> None:
    plans = tournament.plan("acquire", ["random", "greedy"], 4, 3, {})
    outcomes = tournament.run(plans, workers=1)
    again = tournament.run(plans, workers=1)
    assert [o.record for o in outcomes] == [o.record for o in again]  # seeded
    summary = tournament.summarize("acquire", ["random", "greedy"], 3, {}, outcomes)
    figures = summary.bots
    assert figures["random"].seats == figures["greedy"].seats == 4
    assert figures["random"].wins + figures["greedy"].wins == pytest.approx(4)
    for out in outcomes:
        game = boardroom.load(out.record)  # every record replays to its result
        assert game.result is not None and game.result.scores == out.scores
    low, high = figures["greedy"].interval
    assert 0 <= low <= figures["greedy"].win_rate <= high <= 1
    assert (figures["greedy"].mu > figures["random"].mu) == (
        figures["greedy"].wins > figures["random"].wins)


def test_parallel_workers_give_the_same_games() -> None:
    plans = tournament.plan("acquire", ["random", "random", "greedy"], 3, 5, {})
    one = tournament.run(plans, workers=1)
    two = tournament.run(plans, workers=2)
    assert [o.record for o in one] == [o.record for o in two]


def test_tournament_command_prints_the_table_and_writes_replayable_records(
        tmp_path: Path) -> None:
    out = tmp_path / "runs"
    result = CliRunner().invoke(cli, ["tournament", "acquire", "medium", "easy", "--games", "2",
                                      "--seed", "4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "95% CI" in result.output and "medium" in result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 2 and summary["equal_player_win_rate"] == 0.5
    assert {b["bot"] for b in summary["bots"]} == {"medium", "easy"}
    replay = CliRunner().invoke(cli, ["replay", str(out / "game-0001.json")])
    assert replay.exit_code == 0 and "Medium 2" in replay.output


@pytest.mark.parametrize("args,words", [
    (["acquire", "nobody", "greedy"], "unknown bot"),
    (["acquire", "search:iters=0", "greedy"], "out of range"),
    (["acquire", "greedy"], "2 to 6 players"),
    (["chess", "random", "random"], "unknown title"),
])
def test_tournament_refuses_bad_lineups(args: list[str], words: str) -> None:
    result = CliRunner().invoke(cli, ["tournament", *args, "--games", "1"])
    assert result.exit_code == 2
    assert words in result.output and "Traceback" not in result.output


def test_bots_command_says_what_each_bot_is() -> None:
    result = CliRunner().invoke(cli, ["bots"])
    assert result.exit_code == 0
    lines = {line.split()[0]: line for line in result.output.splitlines()}
    assert {"easy", "medium", "hard", "search", "random", "greedy", "heuristic"} <= set(lines)
    assert "level 3 of 3" in lines["hard"] and "MCTS" in lines["search"]


@pytest.mark.parametrize("title", ["acquire", "lost_atlas"])
def test_bench_clone_runs(title: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main([title, "clone", "--games", "1", "--every", "40", "--steps", "200"]) == 0
    assert "steps per second" in capsys.readouterr().out


def test_bench_clone_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench_main(["acquire", "clone", "--steps", "0"])
    assert "at least 1" in capsys.readouterr().err


def test_a_stopped_or_extended_tournament_resumes_from_its_games(tmp_path: Path) -> None:
    """Each game is written as it ends (games.jsonl); --resume plays only the missing
    ones, and the sum equals one uninterrupted run of the same seeds."""
    def run(out: Path, games: int, *extra: str) -> dict[str, object]:
        result = CliRunner().invoke(cli, ["tournament", "acquire", "greedy", "random",
                                          "--games", str(games), "--seed", "7",
                                          "--out", str(out), *extra])
        assert result.exit_code == 0, result.output
        summary: dict[str, object] = json.loads((out / "summary.json").read_text())
        return summary

    whole = run(tmp_path / "whole", 6)
    part = tmp_path / "part"
    run(part, 4)
    assert len((part / tournament.GAMES_FILE).read_text().splitlines()) == 4
    refused = CliRunner().invoke(cli, ["tournament", "acquire", "greedy", "random",
                                       "--games", "6", "--seed", "7", "--out", str(part)])
    assert refused.exit_code != 0 and "--resume" in refused.output
    resumed = run(part, 6, "--resume")
    assert len((part / tournament.GAMES_FILE).read_text().splitlines()) == 6

    def results(s: dict[str, object]) -> list[tuple[object, ...]]:
        bots = s["bots"]
        assert isinstance(bots, list)
        return [(b["bot"], b["seats"], b["wins"], b["mean_score"]) for b in bots]

    assert results(resumed) == results(whole)
    for k in range(6):
        assert (part / f"game-{k:04d}.json").read_text() == \
            (tmp_path / "whole" / f"game-{k:04d}.json").read_text()
    other = CliRunner().invoke(cli, ["tournament", "acquire", "greedy", "random", "--games",
                                     "6", "--seed", "8", "--out", str(part), "--resume"])
    assert other.exit_code != 0 and "seed" in other.output
