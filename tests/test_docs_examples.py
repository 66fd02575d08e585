"""The Python examples of the README and of docs/playing.md run as pasted (issue 16
item 13: the README's example used to place a tile nobody held)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("name", ["README.md", "docs/playing.md"])
def test_every_python_example_runs_as_pasted(name: str) -> None:
    blocks = python_blocks(ROOT / name)
    assert blocks, f"{name} has no Python example"
    for block in blocks:
        exec(compile(block, name, "exec"), {})


def test_the_players_guide_covers_each_title_bot_and_minor() -> None:
    from boardroom.bots.base import bot_names
    from boardroom.titles.lost_atlas.board.components import load_components

    guide = (ROOT / "docs/playing.md").read_text(encoding="utf-8")
    for bot in bot_names():
        assert f"`{bot}`" in guide, bot
    for minor in load_components().minors.values():
        assert f"| {minor.name} |" in guide, minor.name
    for train in ("| 2 |", "| 3 |", "| 4 |", "| 5 |", "| 6 |", "| 7 |", "| ∞ |"):
        assert train in guide
    assert "play acquire" in guide and "play lost_atlas" in guide
