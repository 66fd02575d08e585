"""``StampedDict``: every change gives a new stamp, a copy keeps it, and a board's
stamped dicts stay stamped whatever is assigned to them (the caches keyed on stamps
depend on it)."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from boardroom.core.stamped import StampedDict
from boardroom.titles.lost_atlas.board.board import ContentDict
from boardroom.titles.lost_atlas.board.sample_positions import midgame_board

CHANGES: list[Callable[[StampedDict[str, int]], Any]] = [
    lambda d: d.__setitem__("z", 9),
    lambda d: d.__delitem__("a"),
    lambda d: d.pop("a"),
    lambda d: d.pop("missing", None),
    lambda d: d.popitem(),
    lambda d: d.clear(),
    lambda d: d.setdefault("y", 3),
    lambda d: d.update(b=5),
    lambda d: d.__ior__({"c": 1}),
]


@pytest.mark.parametrize("change", CHANGES)
def test_every_change_gives_a_new_stamp(change: Callable[[StampedDict[str, int]], Any]) -> None:
    d: StampedDict[str, int] = StampedDict(a=1, b=2)
    twin = d.copy()
    assert twin.stamp is d.stamp and twin == d
    change(twin)
    assert twin.stamp is not d.stamp
    assert d == {"a": 1, "b": 2}


def test_pickled_and_deep_copied_dicts_get_stamps_nothing_else_has() -> None:
    d: StampedDict[str, int] = StampedDict(a=1)
    for other in (pickle.loads(pickle.dumps(d)), copy.deepcopy(d)):
        assert isinstance(other, StampedDict) and other == d
        assert other.stamp is not d.stamp


def test_a_board_keeps_its_dicts_stamped_and_its_copies_share_the_stamps() -> None:
    board, _, _ = midgame_board(1, lays_per_phase=(5,))
    twin = board.copy()
    assert twin.stamp_key() == board.stamp_key()
    twin.suburbs = {}  # a plain dict assigned is stamped
    assert isinstance(twin.suburbs, StampedDict)
    ref = next(iter(twin.hubs))
    twin.place_hub(ref, "someone")
    assert twin.stamp_key() != board.stamp_key()
    assert board.hubs[ref] != twin.hubs[ref]
    again = pickle.loads(pickle.dumps(board))  # a part-walked trace pickles as its answer
    assert again.tiles == board.tiles and again.stamp_key() != board.stamp_key()


def _fresh_digest(d: ContentDict[str, Any]) -> int:
    return ContentDict(dict(d)).digest


LIST_CHANGES: list[Callable[[ContentDict[str, Any]], Any]] = [
    *CHANGES,
    lambda d: d.__setitem__("a", [1, 2]),
    lambda d: d.__setitem__("a", 1),  # the same value again
]


@pytest.mark.parametrize("change", LIST_CHANGES)
def test_a_content_dict_keeps_its_digest_up_to_date(
        change: Callable[[ContentDict[str, Any]], Any]) -> None:
    d: ContentDict[str, Any] = ContentDict(a=1, b=2, c=[3, 4])
    twin = d.copy()
    assert twin.digest == d.digest and twin.stamp is d.stamp
    change(twin)
    assert twin.stamp is not d.stamp
    assert twin.digest == _fresh_digest(twin)
    assert d == {"a": 1, "b": 2, "c": [3, 4]} and d.digest == _fresh_digest(d)


def test_equal_content_has_an_equal_digest_whatever_the_history() -> None:
    one: ContentDict[str, Any] = ContentDict(a=1)
    one["b"] = [2]
    one["c"] = 3
    del one["c"]
    other: ContentDict[str, Any] = ContentDict()
    other["b"] = [2]
    other["a"] = 0
    other["a"] = 1
    assert one == other and one.digest == other.digest
    for again in (pickle.loads(pickle.dumps(one)), copy.deepcopy(one)):
        assert isinstance(again, ContentDict) and again.digest == one.digest


def test_a_board_keeps_digests_of_its_tiles_and_hubs() -> None:
    board, _, _ = midgame_board(1, lays_per_phase=(5,))
    assert isinstance(board.tiles, ContentDict) and isinstance(board.hubs, ContentDict)
    twin = board.copy()
    assert twin.content_digest() == board.content_digest()
    ref = next(iter(twin.hubs))
    twin.place_hub(ref, "someone")
    assert twin.content_digest() != board.content_digest()
    twin.remove_hubs("someone")
    assert twin.content_digest() == board.content_digest()
    assert twin.stamp_key() != board.stamp_key()  # another history, the same content
    twin.hubs = dict(twin.hubs)  # a plain dict assigned keeps a digest
    assert isinstance(twin.hubs, ContentDict)
    assert twin.content_digest() == board.content_digest()
    again = pickle.loads(pickle.dumps(board))
    assert again.content_digest()[2:] == (_fresh_digest(board.tiles),  # type: ignore[arg-type]
                                          _fresh_digest(board.hubs))  # type: ignore[arg-type]
