"""The block-cut bound: the most a simple path from an open end of a route collects in
what the route has not visited. Why it bounds (a path that leaves a biconnected block
through a cut vertex never comes back) is invariant 4 of docs/routing.md, "The search's
invariants"; ``_bnb.c``'s ``chain`` is the same computation."""

from __future__ import annotations

from boardroom.routing.tables import Tables


def chain(t: Tables, x: int, allowed: int, two: bool) -> int:
    """The most a simple path (two, if ``two``) from ``x`` collects in ``allowed`` in the
    relaxation graph (``t.relax``)."""
    ends_near = t.ends_near
    root = _root_blocks(t, x, allowed)
    ones = [one for one, _ in root]
    for value, ebit in ends_near[x]:
        if ebit & allowed:
            ones.append(value)
    if not ones:
        return 0
    ones.sort(reverse=True)
    if not two:
        return ones[0]
    result = ones[0] + (ones[1] if len(ones) > 1 else 0)
    for _, both in root:
        if both > result:
            result = both
    return result


def _root_blocks(t: Tables, x: int, allowed: int) -> list[tuple[int, int]]:
    """Per block at ``x``: the best chain from ``x`` through it (one path), and the best
    two paths through it. Tarjan's biconnected components from x (iterative; num 0 =
    not yet seen); the blocks come out children first, so each block's best continuation
    through a cut vertex below it (``best_at``) is known when the block is scored. (The
    scoring is inline: it runs once a block, the bound's innermost loop.)"""
    sadj = t.relax
    inner = (allowed & ~t.end_mask) | (1 << x)
    num = [0] * t.n_relax
    low = [0] * t.n_relax
    num[x] = low[x] = 1
    counter = 2
    at = [x]
    todo = [sadj[x] & inner]
    vstack: list[int] = []
    best_at: dict[int, int] = {}
    root: list[tuple[int, int]] = []
    flow, ends_near, stop_end = t.flow, t.ends_near, t.stop_end
    while at:
        rest = todo[-1]
        u = at[-1]
        if rest:
            bit = rest & -rest
            todo[-1] = rest ^ bit
            w = bit.bit_length() - 1
            nw = num[w]
            if not nw:
                num[w] = low[w] = counter
                counter += 1
                vstack.append(w)
                at.append(w)
                todo.append(sadj[w] & inner)
            elif nw < low[u]:
                low[u] = nw
            continue
        at.pop()
        todo.pop()
        if not at:
            break
        p = at[-1]
        lu = low[u]
        if lu < low[p]:
            low[p] = lu
        if lu < num[p]:
            continue
        # A block below the cut vertex p, popped off vstack: its flow plus the best way
        # to end in or below it (one path), and the second best way (for two).
        total = e1 = e2 = 0
        while True:
            y = vstack.pop()
            total += flow[y]
            c = best_at.get(y, 0)
            if stop_end[y] > c:
                c = stop_end[y]
            for value, ebit in ends_near[y]:
                if ebit & allowed:
                    if value > c:
                        c = value
                    break
            if c > e1:
                e1, e2 = c, e1
            elif c > e2:
                e2 = c
            if y == u:
                break
        one = total + e1
        if p == x:
            root.append((one, one + e2))
        if one > best_at.get(p, 0):
            best_at[p] = one
    return root

