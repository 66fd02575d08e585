"""The server's collector settings (boardroom.server.heap; issue 30's tail at 1,000 games)."""

import gc

from boardroom.server.heap import THRESHOLDS, settle_start_up


def test_start_up_is_frozen_and_full_collections_made_rare() -> None:
    before = gc.get_threshold()
    try:
        settle_start_up()
        assert gc.get_threshold() == THRESHOLDS
        assert gc.get_freeze_count() > 0
        assert THRESHOLDS[0] > before[0]  # the young generation larger than CPython's
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
