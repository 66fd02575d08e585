"""A fixed place for every field of a seat's view: the observation of the titles without
a hand-written encoding (Lost Atlas, Congress, any new title).

The view is JSON. Each leaf has a *pattern*: its path with list positions (and map keys
that are numbers) written ``*`` and map coordinates (keys such as ``-1,4`` or ``-1,4/0``)
written ``<hex>``. A title's
layout (``rl/layouts/<title>.json``, made by ``python -m boardroom.rl.layout TITLE``
from random games) lists every pattern with room for as many list positions and the
coordinate grid it needs, so each leaf of a view has a slot of its own: no hashing, no
two fields in one place.

Values, each in (0, 1), so 0 means "absent" and nothing is clipped:

* a number ``x``: ``0.5 + 0.5 * x / (|x| + s)`` with ``s`` the pattern's scale (its
  largest value seen, at least 1): one-to-one, so two values never merge;
* a string, boolean or null: ``(k + 1) / (V + 2)`` with ``k`` its place in the
  pattern's vocabulary of ``V`` values (an unseen value ``(V + 1) / (V + 2)``).

A leaf the layout has no slot for (a new field, a list longer than seen, a hex off the
grid) goes to a small hashed overflow block and is counted in ``unplaced``; the test
suite plays random games and fails if any leaf is unplaced or if a change of the view
leaves the observation unchanged, and says to run the command again when a title's view
changes.

>>> layout = Layout.build([{"a": [1, 2], "m": {"0,1": {"t": "x"}}, "s": "on"}])
>>> sorted(layout.patterns)
['/a/*', '/m/<hex>/t', '/s']
>>> out = np.zeros(layout.size, np.float32)
>>> layout.encode({"a": [3], "m": {"0,1": {"t": "x"}}, "s": "on"}, out)
0
>>> int((out > 0).sum())
3
>>> layout.encode({"a": [3], "s": "off"}, out)  # a value never seen: counted
1
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

HEX = re.compile(r"^(-?\d+),(-?\d+)(?:/(\d+))?$")
POSITION = re.compile(r"^\d+$")
"""A map key that is a number (a seat, a price's place on the track): a position, ``*``."""
OVERFLOW = 64
"""Slots of the hashed block for leaves the layout does not place."""
ROOM = 2
"""Extra list positions and grid margin a layout reserves beyond what it saw."""


@dataclass
class Pattern:
    """One kind of leaf: its slots and how its values are written."""

    kind: str
    """"num" (numbers only), "cat" (words, booleans, null, coordinates) or "mix"."""
    lengths: list[int]
    """Room for each ``*`` of the path, in order."""
    hexes: int
    """How many ``<hex>`` the path holds (each takes a cell of the grid)."""
    scale: float = 1.0
    vocab: list[str] = field(default_factory=list)
    start: int = 0

    @property
    def size(self) -> int:
        n = 1
        for length in self.lengths:
            n *= length
        return n


def _token(value: Any) -> str:
    return json.dumps(value)


@dataclass
class Layout:
    patterns: dict[str, Pattern]
    grid: tuple[int, int, int, int, int]
    """q from, q count, r from, r count, cities per hex."""
    size: int = 0
    _vocab: dict[str, dict[str, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        at = 0
        cells = self.grid[1] * self.grid[3] * self.grid[4]
        for name in sorted(self.patterns):
            p = self.patterns[name]
            p.start = at
            at += p.size * cells ** p.hexes
            self._vocab[name] = {v: k for k, v in enumerate(p.vocab)}
        self.overflow = at
        self.size = at + OVERFLOW

    # -- writing an observation ------------------------------------------------------
    def encode(self, view: Any, out: npt.NDArray[np.float32]) -> int:
        """Write ``view`` into ``out`` (zeroed first); the number of leaves not placed."""
        out[:] = 0.0
        missed = [0]
        self._walk(view, "", [], [], out, missed)
        return missed[0]

    def _walk(self, value: Any, path: str, idx: list[int], cells: list[int],
              out: npt.NDArray[np.float32], missed: list[int]) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                m = HEX.match(str(key))
                if m:
                    cell = self._cell(m)
                    if cell is None:
                        self._overflow(f"{path}/{key}", out, missed)
                        continue
                    self._walk(item, f"{path}/<hex>", idx, [*cells, cell], out, missed)
                elif POSITION.match(str(key)):
                    self._walk(item, f"{path}/*", [*idx, int(key)], cells, out, missed)
                else:
                    self._walk(item, f"{path}/{key}", idx, cells, out, missed)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                self._walk(item, f"{path}/*", [*idx, i], cells, out, missed)
        else:
            self._leaf(value, path, idx, cells, out, missed)

    def _cell(self, m: re.Match[str]) -> int | None:
        q0, qn, r0, rn, cn = self.grid
        q, r, c = int(m.group(1)) - q0, int(m.group(2)) - r0, int(m.group(3) or 0)
        if not (0 <= q < qn and 0 <= r < rn and 0 <= c < cn):
            return None
        return (q * rn + r) * cn + c

    def _leaf(self, value: Any, path: str, idx: list[int], cells: list[int],
              out: npt.NDArray[np.float32], missed: list[int]) -> None:
        p = self.patterns.get(path)
        if p is None or len(idx) != len(p.lengths) or any(
                i >= n for i, n in zip(idx, p.lengths, strict=True)):
            self._overflow(f"{path}{idx}{cells}", out, missed)
            return
        slot = 0
        for i, n in zip(idx, p.lengths, strict=True):
            slot = slot * n + i
        per_cell = self.grid[1] * self.grid[3] * self.grid[4]
        for cell in cells:
            slot = slot * per_cell + cell
        out[p.start + slot] = self._value(p, path, value, missed)

    def _value(self, p: Pattern, path: str, value: Any, missed: list[int]) -> float:
        """A leaf's number: numbers in (1/2, 1) where the pattern also has other values,
        others below; a coordinate by its grid cell; a word by its vocabulary place."""
        if isinstance(value, int | float) and not isinstance(value, bool):
            x = float(value)
            v = 0.5 + 0.5 * x / (abs(x) + p.scale)
            return v if p.kind == "num" else 0.5 + 0.5 * v
        if isinstance(value, str) and (m := HEX.match(value)) and not self._vocab[path]:
            cell = self._cell(m)
            cells = self.grid[1] * self.grid[3] * self.grid[4]
            if cell is None:
                missed[0] += 1
                cell = cells
            v = (cell + 1) / (cells + 2)
        else:
            k = self._vocab[path].get(_token(value), len(p.vocab))
            if k == len(p.vocab):
                missed[0] += 1
            v = (k + 1) / (len(p.vocab) + 2)
        return v if p.kind == "cat" else 0.5 * v

    def _overflow(self, key: str, out: npt.NDArray[np.float32], missed: list[int]) -> None:
        missed[0] += 1
        slot = self.overflow + zlib.crc32(key.encode()) % OVERFLOW
        out[slot] = min(1.0, float(out[slot]) + 0.25)

    # -- making a layout ---------------------------------------------------------------
    @staticmethod
    def build(views: Iterable[Any]) -> Layout:
        """The layout with room for every leaf of ``views``."""
        seen: dict[str, dict[str, Any]] = {}
        grid = [0, 0, 0, 0, 0]  # q min, q max, r min, r max, city max
        first = [True]

        def note_hex(m: re.Match[str]) -> None:
            q, r, c = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
            if first[0]:
                grid[:] = [q, q, r, r, c]
                first[0] = False
            grid[0], grid[1] = min(grid[0], q), max(grid[1], q)
            grid[2], grid[3] = min(grid[2], r), max(grid[3], r)
            grid[4] = max(grid[4], c)

        def walk(value: Any, path: str, idx: list[int], hexes: int) -> None:
            if isinstance(value, dict):
                for key, item in value.items():
                    m = HEX.match(str(key))
                    if m:
                        note_hex(m)
                        walk(item, f"{path}/<hex>", idx, hexes + 1)
                    elif POSITION.match(str(key)):
                        walk(item, f"{path}/*", [*idx, int(key)], hexes)
                    else:
                        walk(item, f"{path}/{key}", idx, hexes)
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    walk(item, f"{path}/*", [*idx, i], hexes)
            else:
                entry = seen.setdefault(path, {"num": True, "lengths": [0] * len(idx),
                                               "hexes": hexes, "scale": 1.0,
                                               "vocab": set()})
                entry["lengths"] = [max(a, i + 1) for a, i in zip(entry["lengths"], idx,
                                                                   strict=True)]
                if isinstance(value, int | float) and not isinstance(value, bool):
                    entry["scale"] = max(entry["scale"], abs(float(value)))
                    entry["numbers"] = True
                elif isinstance(value, str) and (m := HEX.match(value)):
                    note_hex(m)  # a coordinate: written by its grid cell
                    entry["num"] = False
                    entry.setdefault("coords", set()).add(_token(value))
                else:
                    entry["num"] = False
                    entry["vocab"].add(_token(value))

        for view in views:
            walk(view, "", [], 0)
        patterns = {}
        for path, e in seen.items():
            kind = "num" if e["num"] else "mix" if e.get("numbers") else "cat"
            if e["vocab"] and e.get("coords"):  # coordinates among words: words all
                e["vocab"] |= e["coords"]
            patterns[path] = Pattern(kind,
                                     [n + ROOM for n in e["lengths"]], e["hexes"],
                                     e["scale"], sorted(e["vocab"]))
        q0, q1, r0, r1, c1 = grid
        return Layout(patterns, (q0 - ROOM, q1 - q0 + 1 + 2 * ROOM, r0 - ROOM,
                                 r1 - r0 + 1 + 2 * ROOM, c1 + 1))

    def to_json(self) -> dict[str, Any]:
        return {"grid": list(self.grid),
                "patterns": {name: {"kind": p.kind, "lengths": p.lengths, "hexes": p.hexes,
                                    "scale": p.scale, "vocab": p.vocab}
                             for name, p in sorted(self.patterns.items())}}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Layout:
        patterns = {name: Pattern(p["kind"], list(p["lengths"]), int(p["hexes"]),
                                  float(p["scale"]), list(p["vocab"]))
                    for name, p in data["patterns"].items()}
        g = data["grid"]
        return Layout(patterns, (int(g[0]), int(g[1]), int(g[2]), int(g[3]), int(g[4])))


def load(title: str) -> Layout:
    """The shipped layout of ``title``."""
    text = resources.files("boardroom.rl").joinpath(f"layouts/{title}.json").read_text(
        encoding="utf-8")
    return Layout.from_json(json.loads(text))


def sample_views(title: str, games: int, seed: int = 0) -> Iterable[Any]:
    """Every seat's view after every action of ``games`` random games with the default
    options, over every player count they allow."""
    from boardroom.bots import make_bot
    from boardroom.core.errors import OptionError
    from boardroom.core.game import Game
    from boardroom.core.registry import get_title

    t = get_title(title)
    counts = []
    for n in range(t.min_players, t.max_players + 1):
        try:
            Game(title, [f"player_{s}" for s in range(n)], seed=0)
        except OptionError:
            continue  # not a count the default options allow
        counts.append(n)
    for k in range(games):
        n = counts[k % len(counts)]
        game = Game(title, [f"player_{s}" for s in range(n)], seed=seed + k)
        bots = [make_bot("random", seed=(seed + k) * 8 + s) for s in range(n)]
        while True:
            for s in range(n):
                yield game.view(s)
            if game.is_over or len(game.record.actions) > 5000:
                break
            seat = game.to_act[0]
            game.apply(bots[seat].choose(game, seat), seat)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m boardroom.rl.layout",
                                description="Make a title's observation layout from the "
                                            "views of random games.")
    p.add_argument("title")
    p.add_argument("--games", type=int, default=60, help="random games (60)")
    p.add_argument("--seed", type=int, default=1_000_000,
                   help="seed of the first game (1,000,000: the tests play other seeds)")
    p.add_argument("--out", default=None, help="file (default: the shipped layout)")
    args = p.parse_args(argv)
    layout = Layout.build(sample_views(args.title, args.games, args.seed))
    text = json.dumps(layout.to_json(), indent=1, sort_keys=True) + "\n"
    shipped = resources.files("boardroom.rl").joinpath(f"layouts/{args.title}.json")
    path = args.out or str(shipped)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"{args.title}: {len(layout.patterns)} patterns, {layout.size} numbers -> {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
