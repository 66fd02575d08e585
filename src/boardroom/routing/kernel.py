"""The compiled search (``_bnb.c``, built by ``pip install`` when a C compiler is there):
``_KernelSearch`` hands it the tables ``tables`` built, as flat arrays of native words, and
answers as ``search._Search`` does. It runs ``collect``, ``run_pair`` and ``run`` (with
its nested search, the block-cut bound and both memos), visiting the same nodes in the
same order: the same routes, total, proof and node count, so a budget stops it where it
stops the Python search (``tests/test_routing_kernel.py`` checks the two paths agree)."""

from __future__ import annotations

import sys
from array import array

from boardroom.routing.tables import BIG, Snap, Tables, snap_pieces
from boardroom.routing.trains import PAIR_CATALOGUE
from boardroom.routing.walk import _Outcome

try:
    from boardroom.routing import _bnb
except ImportError:  # pragma: no cover - built without a C compiler
    _bnb = None  # type: ignore[assignment]

KERNEL_BUILT = _bnb is not None
"""Whether the compiled search (``_bnb.c``, built by ``pip install``) is importable."""
KERNEL_MAX_STOPS = 500
"""The compiled search's arms hold at most this many stops; bigger graphs use Python."""
KERNEL_MAX_VERTICES = 512
"""Nor does it take more vertices (stops and junctions) than this."""


def fits(tables: Tables) -> bool:
    """Whether the compiled search takes these tables."""
    return (tables.ns <= KERNEL_MAX_STOPS
            and max(tables.graph.vertices, tables.n_relax) <= KERNEL_MAX_VERTICES)


_LITTLE = sys.byteorder == "little"
"""Whether the kernel's 64-bit words are little-endian (a bitset's bytes are then its own)."""


def _words(x: int, n: int) -> bytes:
    """A bitset as ``n`` native 64-bit words, least significant first (the kernel's)."""
    if _LITTLE:  # the words' bytes are then the number's, least significant first
        return (x & ((1 << (64 * n)) - 1)).to_bytes(8 * n, "little")
    low = (1 << 64) - 1
    return array("Q", [(x >> (64 * i)) & low for i in range(n)]).tobytes()


def _flat(snap: Snap) -> list[int]:
    out = [len(snap)]
    for anchor, top_arm, bot_arm in snap:
        out += [anchor, len(top_arm), *top_arm, len(bot_arm), *bot_arm]
    return out


def _unflat(flat: list[int]) -> Snap:
    out = []
    at = 1
    for _ in range(flat[0]):
        anchor, tl = flat[at], flat[at + 1]
        top_arm = tuple(flat[at + 2:at + 2 + tl])
        bl = flat[at + 2 + tl]
        bot_arm = tuple(flat[at + 3 + tl:at + 3 + tl + bl])
        out.append((anchor, top_arm, bot_arm))
        at += 3 + tl + bl
    return tuple(out)


class _KernelSearch:
    """``_Search`` with ``run`` and ``collect`` + ``run_pair`` (as ``pair``) compiled
    (``_bnb.c``): the same nodes in the same order, so the same answer and node count."""

    def __init__(self, tables: Tables, local: bool, budget: int | None, trains: int) -> None:
        assert _bnb is not None
        self.t = tables
        self.local = local
        self.budget = budget if budget is not None else -1
        self.nodes = 0
        t = tables
        ns, nv = t.ns, t.n_relax
        wv = max(1, (max(t.graph.vertices, nv, ns) + 63) // 64)
        wp = max(1, (max([m.bit_length() for m in t.move_pieces], default=0) + 63) // 64)
        self.wp = wp
        nm = len(t.move_pieces)
        mstart = [0]
        mlist: list[int] = []
        target = [0] * nm
        for v in range(ns):
            for _, w, mi in t.moves[v]:
                mlist.append(mi)
                target[mi] = w
            mstart.append(len(mlist))
        passes = t.move_passes if t.relax_junctions else (0,) * nm
        near_start = [0]
        near_val: list[int] = []
        near_bit: list[int] = []
        for v in range(nv):
            for value, ebit in t.ends_near[v]:
                near_val.append(value)
                near_bit.append(ebit.bit_length() - 1)
            near_start.append(len(near_val))

        def words(xs: tuple[int, ...] | list[int], n: int) -> bytes:
            return b"".join([_words(x, n) for x in xs])

        self.k = _bnb.Kernel(
            ns, t.nh, nv, nm, wp, wv, t.n_groups, t.pass_extra, int(t.transpose), int(local),
            trains,
            array("q", t.val).tobytes(), array("q", t.bon).tobytes(),
            array("i", t.kind).tobytes(), words(t.gvm, wv),
            array("i", mstart).tobytes(), array("i", mlist).tobytes(),
            array("i", target).tobytes(), words(t.move_pieces, wp), words(passes, wv),
            array("q", t.top).tobytes(), words(t.relax, wv), array("q", t.flow).tobytes(),
            array("q", t.stop_end).tobytes(), _words(t.end_mask, wv),
            array("i", near_start).tobytes(), array("q", near_val).tobytes(),
            array("i", near_bit).tobytes(),
        )

    def snap_pieces(self, snap: Snap) -> int:
        return snap_pieces(self.t, snap)

    def run(self, caps: list[int], alone: list[int], best: int, snap: Snap,
            start_used: int = 0, ceiling: int = BIG, pair_rest: bool = False) -> _Outcome:
        """``_Search.run``."""
        got, flat, complete, self.nodes = self.k.run(
            caps, alone, best, _flat(snap), _words(start_used, self.wp), ceiling,
            self.budget, self.nodes, PAIR_CATALOGUE if pair_rest and len(caps) == 3 else 0)
        return _Outcome(got, _unflat(flat), bool(complete))

    def pair(self, caps: list[int], alone: list[int], best: int, snap: Snap, floor: int,
             most: int) -> _Outcome:
        """``_Search.collect(caps[1], alone[1], floor, most)`` then ``run_pair`` on it (out
        of budget in either: the incumbent, not complete)."""
        got, flat, complete, self.nodes = self.k.pair(
            caps, alone, best, _flat(snap), floor, most, self.budget, self.nodes)
        return _Outcome(got, _unflat(flat), bool(complete))
