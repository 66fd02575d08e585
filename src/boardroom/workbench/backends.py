"""Where the games of a plan are played: here (one or more worker processes) or on a
Ray cluster. Each game is a pure function of the plan and its seeds, and the rows are
put back in (arm, game) order, so every backend and worker count gives the same rows.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from boardroom.core.errors import OptionError
from boardroom.workbench.plan import Plan
from boardroom.workbench.play import Row, play_chunk

Progress = Callable[[int], None]
"""Called with the number of games just finished."""

BACKENDS = ("local", "ray")


def tasks(plan: Plan, chunk: int) -> list[list[tuple[int, int]]]:
    """The games in chunks, seed by seed with every arm of a seed together (so a
    partial run has played every arm about equally).

    >>> from boardroom.workbench.plan import Arm
    >>> plan = Plan("acquire", ("random",) * 2, games=3, arms=[Arm("a", {}), Arm("b", {})])
    >>> tasks(plan, 4)
    [[(0, 0), (1, 0), (0, 1), (1, 1)], [(0, 2), (1, 2)]]
    """
    every = [(arm, k) for k in range(plan.games) for arm in range(len(plan.arms))]
    return [every[i:i + chunk] for i in range(0, len(every), chunk)]


def chunk_size(plan: Plan, workers: int) -> int:
    """Small enough for a smooth progress bar and even load, big enough to amortise."""
    total = plan.games * len(plan.arms)
    return max(1, min(16, total // (workers * 8) or 1))


def ordered(rows: list[Row]) -> list[Row]:
    return sorted(rows, key=lambda r: (r["arm"], r["game"]))


def run_local(plan: Plan, workers: int = 1, progress: Progress | None = None) -> list[Row]:
    """Play the plan in this process (``workers == 1``) or in worker processes."""
    if workers < 1:
        raise OptionError("--workers must be at least 1")
    chunks = tasks(plan, chunk_size(plan, workers))
    rows: list[Row] = []
    if workers == 1:
        for chunk in chunks:
            rows.extend(play_chunk(plan, chunk))
            if progress:
                progress(len(chunk))
        return ordered(rows)
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = [pool.submit(play_chunk, plan, chunk) for chunk in chunks]
        for future in as_completed(futures):
            done = future.result()
            rows.extend(done)
            if progress:
                progress(len(done))
    return ordered(rows)


def run_ray(plan: Plan, address: str | None = None, workers: int | None = None,
            progress: Progress | None = None) -> list[Row]:
    """Play the plan on Ray: the cluster at ``address`` or, without one, a local Ray
    with ``workers`` CPUs."""
    try:
        import ray
    except ImportError as exc:
        raise OptionError("the Ray backend needs Ray: pip install 'boardroom[ray]'") from exc
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers or 1, log_to_driver=False, include_dashboard=False)
        started = True
    try:
        remote = ray.remote(play_chunk)
        chunks = tasks(plan, chunk_size(plan, workers or 1))
        pending = [remote.remote(plan, chunk) for chunk in chunks]
        rows: list[Row] = []
        for done in _ray_results(ray, pending):
            rows.extend(done)
            if progress:
                progress(len(done))
        return ordered(rows)
    finally:
        if started:
            ray.shutdown()


def _ray_results(ray: Any, pending: list[Any]) -> Iterator[list[Row]]:
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            yield ray.get(ref)


def run(plan: Plan, backend: str = "local", workers: int = 1, address: str | None = None,
        progress: Progress | None = None) -> list[Row]:
    """Play every game of ``plan`` on ``backend``; the rows in (arm, game) order."""
    if backend == "local":
        if address:
            raise OptionError("--address is for the Ray backend (--backend ray)")
        return run_local(plan, workers, progress)
    if backend == "ray":
        return run_ray(plan, address, workers, progress)
    raise OptionError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
