"""A dict that knows when it changed, so results derived from it can be remembered.

Every change (``d[k] = v``, ``del``, ``pop``, ``update``, ...) gives a
:class:`StampedDict` a new *stamp*, an object no other content ever had; a copy made
with :meth:`StampedDict.copy` keeps the stamp (it holds the same content until one of
the two changes). So two stamped dicts with the same stamp hold the same content, and a
cache keyed on stamps never answers for content that changed; comparing stamps costs
nothing, where comparing content costs a walk over it.

A value that is itself mutable (a list) must be replaced, not changed in place, for the
stamp to see the change.

Stamps are plain ``object()`` instances: unique while alive (a key holding one keeps it
alive), and a pickled or deep-copied dict gets stamps that nothing else has.

>>> d = StampedDict(a=1)
>>> first = d.stamp
>>> d.copy().stamp is first
True
>>> d["b"] = 2
>>> d.stamp is first, d == {"a": 1, "b": 2}
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class StampedDict(dict[K, V]):
    """A dict whose ``stamp`` changes whenever its content does (see the module)."""

    __slots__ = ("stamp",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.stamp = object()

    def copy(self) -> StampedDict[K, V]:
        """A copy with the same stamp (the same content, until one of them changes)."""
        new: StampedDict[K, V] = StampedDict.__new__(StampedDict)
        dict.update(new, self)
        new.stamp = self.stamp
        return new

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        self.stamp = object()

    def __delitem__(self, key: K) -> None:
        super().__delitem__(key)
        self.stamp = object()

    def pop(self, key: K, *default: Any) -> Any:
        self.stamp = object()
        return super().pop(key, *default)

    def popitem(self) -> tuple[K, V]:
        self.stamp = object()
        return super().popitem()

    def clear(self) -> None:
        super().clear()
        self.stamp = object()

    def setdefault(self, key: K, default: Any = None) -> Any:
        self.stamp = object()
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        super().update(*args, **kwargs)
        self.stamp = object()

    def __ior__(self, other: Mapping[K, V] | Iterable[tuple[K, V]]) -> StampedDict[K, V]:  # type: ignore[override,misc]
        super().update(other)
        self.stamp = object()
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (StampedDict, (dict(self),))
