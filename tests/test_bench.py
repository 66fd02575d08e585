"""``boardroom bench TITLE WHAT``: every benchmark is reachable and has its own --help."""

from __future__ import annotations

import pytest

from boardroom.bench import BENCHMARKS, main, resolve


def test_the_list_names_every_benchmark(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for title, table in BENCHMARKS.items():
        for what in table:
            assert f"{title} {what}" in out


@pytest.mark.parametrize(("title", "what"), [(t, w) for t, table in BENCHMARKS.items()
                                             for w in table])
def test_each_benchmark_has_its_help(title: str, what: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main([title, what, "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: boardroom bench")
    assert "--seed" in out or "--corpus" in out


def test_games_is_the_default_and_unknown_names_are_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    found = resolve(["lost_atlas", "--games", "2"])
    assert not isinstance(found, str)
    assert found[0] is BENCHMARKS["lost_atlas"]["games"]
    assert main(["lost_atlas", "trains"]) == 2
    assert "unknown lost_atlas benchmark 'trains'" in capsys.readouterr().err
    assert main([]) == 2


def test_the_lost_atlas_games_bench_times_by_processor_time_when_asked(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lost_atlas", "games", "--games", "1", "--mode", "micro_2p", "--players", "2",
                 "--cpu", "--replays", "2"]) == 0
    out = capsys.readouterr().out
    assert "(processor time, fastest of 2 replays)" in out
    assert "replay:" in out and "ms per action" in out
    with pytest.raises(SystemExit):
        main(["lost_atlas", "games", "--replays", "0"])


def test_the_pace_probe_times_the_same_work_at_each_pause(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``bench server pace``: a row per pause asked, each a positive CPU time, and a
    bad pause is a usage error, not a traceback."""
    assert main(["server", "pace", "--calls", "3", "--pauses", "0,2"]) == 0
    out = capsys.readouterr().out
    assert "0 ms" in out and "2 ms" in out and "1.0x" in out
    with pytest.raises(SystemExit) as info:
        main(["server", "pace", "--pauses", "soon"])
    assert info.value.code == 2
    assert "--pauses takes numbers" in capsys.readouterr().err
