"""The generic encoding, for any title: actions and views hashed into fixed sizes.

An action's index is a stable hash (CRC-32) of a key made from its notation, inside a
block reserved for its first word (its verb), so equal notations always share an index
and different verbs never collide; legal actions that share an index are told apart by
the environment's second level (:mod:`boardroom.rl.aec`). The observation is the seat's
view (the JSON the title shows that seat, nothing more) written by the title's layout
(:mod:`boardroom.rl.layout`: every field its own place) where the title ships one;
without one it is hashed: each number at path ``p`` adds its squashed value at
``hash(p)``, each string or boolean ``v`` adds 1 at ``hash(p=v)``, clipped to 1 (fields
may share a place there).

>>> enc = HashedEncoding({"pass": 1}, default_block=64, blocks=4)
>>> enc.action_size
257
>>> enc.index_of("pass") == enc.index_of("pass"), enc.index_of("bid 5") < 256
(True, True)
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from boardroom.rl.layout import Layout, load

if TYPE_CHECKING:
    import numpy.typing as npt

    from boardroom.core.game import Game
    from boardroom.core.title import Action

OBSERVATION = 1024
SCALE = math.log1p(100_000)


def crc(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


class HashedEncoding:
    """Verb blocks: ``fixed`` verbs get the sizes given (1 for a verb without argument),
    every other verb shares ``blocks`` blocks of ``default_block`` indices by the hash of
    the verb. ``keys`` may coarsen a verb's notation before hashing (say, price bands)."""

    def __init__(self, fixed: Mapping[str, int], default_block: int = 256, blocks: int = 8,
                 keys: Mapping[str, Callable[[list[str]], str]] | None = None,
                 observation_size: int = OBSERVATION, layout: Layout | None = None) -> None:
        self.offsets: dict[str, tuple[int, int]] = {}
        at = 0
        for verb, size in fixed.items():
            self.offsets[verb] = (at, size)
            at += size
        self.shared = at
        self.default_block = default_block
        self.blocks = blocks
        self.action_size = at + default_block * blocks
        self.keys = dict(keys or {})
        self.layout = layout
        self.observation_size = layout.size if layout is not None else observation_size
        self.unplaced = 0
        """Leaves of views the layout had no place for, over every observation so far."""
        self._cache: dict[str, int] = {}

    def index_of(self, notation: str) -> int:
        found = self._cache.get(notation)
        if found is not None:
            return found
        words = notation.split()
        verb = words[0].lower() if words else ""
        key_fn = self.keys.get(verb)
        key = key_fn(words) if key_fn else " ".join(words[1:])
        if verb in self.offsets:
            start, size = self.offsets[verb]
            index = start + (crc(key) % size if size > 1 else 0)
        else:
            block = crc(verb) % self.blocks
            index = self.shared + block * self.default_block + crc(notation) % self.default_block
        if len(self._cache) < 200_000:
            self._cache[notation] = index
        return index

    def action_index(self, action: Action) -> int:
        return self.index_of(str(action))

    def observe(self, game: Game, seat: int, out: npt.NDArray[np.float32]) -> None:
        self.encode_view(game.view(seat), out)

    def encode_view(self, view: Any, out: npt.NDArray[np.float32]) -> None:
        """Write a seat's view into ``out``."""
        if self.layout is not None:
            self.unplaced += self.layout.encode(view, out)
            return
        out[:] = 0.0
        add_view(view, "", out, self.observation_size)
        np.clip(out, 0.0, 1.0, out=out)


def add_view(value: Any, path: str, out: npt.NDArray[np.float32], size: int) -> None:
    """Add a JSON value's hashed features into ``out``."""
    if isinstance(value, dict):
        for key, item in value.items():
            add_view(item, f"{path}/{key}", out, size)
    elif isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):  # a set of names
            for v in value:
                out[crc(f"{path}={v}") % size] += 1.0
            out[crc(f"{path}#") % size] += min(1.0, len(value) / 32)
        else:
            for i, item in enumerate(value):
                add_view(item, f"{path}/{i}", out, size)
    elif isinstance(value, bool | str) or value is None:
        out[crc(f"{path}={value}") % size] += 1.0
    elif isinstance(value, int | float):
        x = float(value)
        out[crc(path) % size] += math.copysign(math.log1p(abs(x)) / SCALE, x) * 0.5 + 0.5


def title_layout(title: str) -> Layout | None:
    """The title's shipped observation layout, if it has one."""
    try:
        return load(title)
    except FileNotFoundError:
        return None


def make_encoding(title: str, players: int) -> HashedEncoding:
    return HashedEncoding({"pass": 1}, layout=title_layout(title))
