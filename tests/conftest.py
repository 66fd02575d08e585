"""Suite-wide fixtures."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardroom.bots import base


@pytest.fixture(autouse=True)
def _bots_registered_by_a_test_stay_in_that_test() -> Iterator[None]:
    """A test may register bots of its own (a failing, a slow, a stuck bot); they are
    forgotten after it, so later tests (and the doctests that list every bot) see only
    the project's bots. Bots of the project's own modules, registered when first used,
    stay (their modules are imported once)."""
    before = set(base._BOTS)
    yield
    for name in set(base._BOTS) - before:
        if not getattr(base._BOTS[name], "__module__", "").startswith("boardroom."):
            for table in (base._BOTS, base._DESCRIPTIONS, base._WITH_OPTIONS):
                table.pop(name, None)  # type: ignore[attr-defined]
