"""``solve``: the branch and bound of ``search``; with ``relax``, the positions it does not
finish within ``search.HARD_AFTER`` nodes are handed to the packing relaxation of
``packing`` (the linear-programming bound over routes and a search over the routes its
reduced costs leave).

Without ``relax`` (the default, and what the game uses) the answer is the branch and
bound's. With it, positions the branch and bound proves within ``HARD_AFTER`` nodes
(every position of the bot-play corpus) get exactly the same answer; the others get the
packing's: the same total and, among equal totals, the first optimal packing in the
packing's own order (the same on every machine). See docs/routing.md.
"""

from __future__ import annotations

from boardroom.routing.problem import RouteProblem, RouteResult
from boardroom.routing.search import _Search, solve_with
from boardroom.routing.tables import Snap


def _hard(search: _Search, caps: list[int], alone: list[int], best: int, snap: Snap
          ) -> tuple[int, Snap, bool] | None:
    # Imported here: only ``relax`` needs scipy, so a checkout whose environment predates
    # that dependency still routes.
    from boardroom.routing import packing

    try:
        return packing.solve_packing(search, caps, alone, best, snap)
    except packing.TooMany:
        return None


def solve(problem: RouteProblem, node_budget: int | None = None,
          relax: bool = False) -> RouteResult:
    """The company's best routes: one per train, the total, whether it is proven optimal
    (False only when ``node_budget`` search nodes ran out first) and the nodes visited;
    ``relax``: hand the hard positions to the packing relaxation (see the module text)."""
    return solve_with(problem, node_budget, _hard if relax else None)
