"""The quick accept of a president's submitted routes (``routes.submitted_revenue``, a
walk of the board's tiles with no network built) against the routing networks that
name the rules (``operating_round._check_submitted_on_network``).

The walk may only say yes where the networks say yes, with the same revenue; where it
says nothing the networks decide, so a refusal is always theirs. Asked at every run
step of seeded bot games (Long and Short, Cut-Throat routes, the variants' companies),
for the best routes and for routes made wrong on purpose: cut short, reversed, looped
back, run by two trains at once, moved to another company, turned into local routes.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import boardroom
from boardroom.bots import make_bot
from boardroom.map.track import StopRef
from boardroom.titles.lost_atlas.board import routes
from boardroom.titles.lost_atlas.rounds import operating_round as orr
from boardroom.titles.lost_atlas.rounds.operating import run as or_run
from boardroom.titles.lost_atlas.state import LostAtlasState

Routes = tuple[tuple[routes.Waypoint, ...], ...]


def _variants(best: Routes, hubs: list[StopRef], stops: list[StopRef]) -> Iterator[Routes]:
    """Submissions near ``best``: most of them break a rule."""
    yield best
    n = len(best)
    for k, route in enumerate(best):
        def with_route(new: tuple[routes.Waypoint, ...], k: int = k) -> Routes:
            return (*best[:k], new, *best[k + 1:])

        if route:
            yield with_route(route[:-1])
            yield with_route(route[1:])
            yield with_route(tuple(reversed(route)))
            yield with_route(route + route[-1:])
            yield with_route(route + tuple(reversed(route[:-1])))
            yield with_route(route[:1])
            yield with_route(())
            if n > 1:
                yield tuple(route for _ in range(n))
        for spot in hubs[:2] + stops[:3]:
            yield with_route((spot,))
    if n > 1:
        yield best[1:] + best[:1]


def _positions(mode: str, options: dict[str, object], bot: str,
               seed: int) -> Iterator[LostAtlasState]:
    """Every run step of one seeded bot game."""
    names = ["P1", "P2", "P3", "P4"]
    game = boardroom.new_game("lost_atlas", names, seed=seed,
                              options={"mode": mode, **options})
    bots = [make_bot(bot, seed=seed * 8 + s) for s in range(len(names))]
    while not game.is_over:
        state = game.state
        op = state.op
        if isinstance(op, orr.OperatingRound) and op.step == orr.RUN and op.offer is None:
            yield state
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)


def _walk(state: LostAtlasState, company: str, submitted: Routes) -> int | None:
    values = routes.destination_values(state.components, state.phase,
                                       state.destination_values)
    return routes.submitted_revenue(state.board, company, or_run.route_trains(state, company),
                                    values, state.corps[company].abilities, submitted,
                                    cut_throat=bool(state.options.get("cut_throat_routes")))


def test_the_walk_accepts_only_what_the_networks_accept() -> None:
    asked = accepted = best_seen = 0
    for mode, options, bot, seed in [("long", {}, "heuristic", 3),
                                     ("short", {"cut_throat_routes": True}, "heuristic", 4),
                                     ("short", {"headquarters": True}, "random", 5),
                                     ("long", {"hostile_mergers": True}, "random", 6)]:
        for state in itertools.islice(_positions(mode, options, bot, seed), 0, None, 3):
            op = state.op
            assert isinstance(op, orr.OperatingRound)
            company = op.company
            if not or_run.route_trains(state, company):
                continue
            total, best = orr.best_runs(state, company)
            board = state.board
            hubs = sorted(board.hubs_of(company))
            stops = sorted(ref for ref in board.hubs if ref not in hubs)
            others = [c for c in sorted(state.corps) if c != company]
            for submitted in _variants(best, hubs, stops):
                earned = _walk(state, company, submitted)
                asked += 1
                if submitted is best:
                    best_seen += 1
                    assert earned == total, (mode, seed, company, best)
                if earned is None:
                    continue
                accepted += 1
                run = orr.Run(earned, submitted)
                assert or_run.check_submitted_on_network(state, run) is None, (
                    mode, seed, company, str(run))
                wrong = orr.Run(earned + 10, submitted)
                refusal = or_run.check_submitted(state, wrong)
                assert refusal is not None
                assert refusal.rule == "lost_atlas.or.run"
                assert str(refusal) == str(or_run.check_submitted_on_network(state, wrong))
            for other in others[:2]:  # another company's hubs and trains
                if len(or_run.route_trains(state, other)) == len(best):
                    earned = _walk(state, other, best)
                    if earned is not None:
                        op.company = other
                        try:
                            assert or_run.check_submitted_on_network(
                                state, orr.Run(earned, best)) is None
                        finally:
                            op.company = company
    assert best_seen > 20 and accepted > best_seen and asked > 5 * accepted // 2


def test_a_refused_submission_names_the_networks_rule() -> None:
    state = next(itertools.islice(_positions("long", {}, "heuristic", 3), 8, None))
    op = state.op
    assert isinstance(op, orr.OperatingRound)
    total, best = orr.best_runs(state, op.company)
    for submitted in _variants(best, [], []):
        if _walk(state, op.company, submitted) is None:
            run = orr.Run(total, submitted)
            found = or_run.check_submitted(state, run)
            expected = or_run.check_submitted_on_network(state, run)
            assert (found is None) == (expected is None)
            if found is not None and expected is not None:
                assert (found.rule, found.message) == (expected.rule, expected.message)
