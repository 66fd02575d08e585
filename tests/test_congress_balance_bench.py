"""The Congress balance bench's processes and progress lines (``--workers``, ``--progress``)."""

from __future__ import annotations

import pytest

from boardroom.bench import congress_balance as balance


def test_workers_give_the_same_figures_and_progress_lines_count_the_first_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    alone = balance.run(3, 3, "medium", "easy", seed=5, options={}, progress=2)
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and lines[0].startswith("  after 2 games")
    first_two = balance.run(2, 3, "medium", "easy", seed=5, options={})
    assert f"easy win share {balance._ci(first_two.versus_wins, 2)}" in lines[0]
    shared = balance.run(3, 3, "medium", "easy", seed=5, options={}, workers=2)
    for tally in (alone, shared):
        assert tally.games == 3 and tally.cpu > 0
    assert (shared.position_wins, shared.seat_wins, shared.actions, shared.versus_wins) == (
        alone.position_wins, alone.seat_wins, alone.actions, alone.versus_wins)
    with pytest.raises(SystemExit):
        balance.main(["--games", "1", "--workers", "0"])
