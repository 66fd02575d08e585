"""The designer's question, measured: bot games in every switch combination.

::

    boardroom bench congress study                 # 1,000 games a combination
    boardroom bench congress study --games 200 --json out.json
    python -m boardroom.bench.congress_study       # the same

Game ``k`` of every combination uses seed ``--seed + k`` and heuristic bots seeded
``k * 8 + seat``, so the figures are reproducible exactly (``--time-limit`` stops a
combination early; the report then says how many games it ran, and rerunning with that
``--games`` gives the same figures). For each of the four combinations of ``chaining``
and ``special_dividend`` it reports:

* **Flurries** — mergers (one company acquired by another; a merger company acquiring a
  company connected to its home counts as one too) per game and per player turn; how
  many mergers a turn that has one holds; the share of mergers that happen in a turn with
  two or more; the clustering across turns: how much likelier a merger turn is right
  after a merger turn than in general (lift), and the share of a game's mergers inside
  its busiest "round-long" window of turns (as many turns as players: one turn each,
  which on rules version 2's months track is a fraction of a round).
* **Steering the Special Dividend** — over the mergers the active player decides (two
  active companies connecting): how often they hold stock in both, one or neither side;
  when they hold more in one side, how often the payer is that side; how often the payer
  is the acquirer (only the chooser rule allows it: "merge foreign companies into a
  company in which they hold more stock, thus getting the Special Dividend where they
  want it"); and how often the active player is then a minor holder of the acquired
  company (another player holds more of it).

The figures describe heuristic bots on the rules version a new game plays (version 3, the
frame of congress-facts.md with Boardroom's provisional values; docs/congress.md), not the
designer's game.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import boardroom
from boardroom.bots import make_bot
from boardroom.titles.congress.data import read_file
from boardroom.titles.congress.state import ACTIVE, CongressState, MergerEvent

COMBINATIONS = [("none", "chooser"), ("none", "acquired"),
                ("automatic", "chooser"), ("automatic", "acquired")]


@dataclass
class Tally:
    """Everything counted over the games of one combination."""

    games: int = 0
    turns: int = 0
    actions: int = 0
    mergers: int = 0
    start_mergers: int = 0
    merger_turns: int = 0
    per_turn: Counter[int] = field(default_factory=Counter)
    in_multi_turns: int = 0
    follow_pairs: int = 0
    follow_hits: int = 0
    window_share: list[float] = field(default_factory=list)
    decided_turns: int = 0
    decided_follow_pairs: int = 0
    decided_follow_hits: int = 0
    decided_gaps: list[int] = field(default_factory=list)
    first_merger_turn: list[int] = field(default_factory=list)
    companies_left: list[int] = field(default_factory=list)
    lost_shares: int = 0
    decided: int = 0
    held_both: int = 0
    held_one: int = 0
    held_none: int = 0
    unequal: int = 0
    payer_is_larger: int = 0
    payer_is_acquirer: int = 0
    steer_minor: int = 0
    seconds: float = 0.0


def play(seed: int, players: int, chaining: str, dividend: str, bot: str,
         data: dict[str, Any] | None = None) -> tuple[CongressState, int]:
    """One bot game to the end: its final state and its number of actions."""
    names = [f"P{s + 1}" for s in range(players)]
    options: dict[str, Any] = {"chaining": chaining, "special_dividend": dividend}
    if data is not None:
        options["data"] = data
    game = boardroom.new_game("congress", names, seed=seed, options=options)
    bots = [make_bot(bot, seed=seed * 8 + s) for s in range(players)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    return game.state, len(game.record.actions)


def count(tally: Tally, state: CongressState, actions: int, players: int) -> None:
    turns = state.turn - 1
    events: list[MergerEvent] = state.events
    tally.games += 1
    tally.turns += turns
    tally.actions += actions
    tally.mergers += len(events)
    tally.start_mergers += sum(1 for e in events if e.kind == "start")
    tally.companies_left.append(sum(1 for s in state.status if s == ACTIVE))
    tally.lost_shares += sum(e.lost for e in events)
    by_turn = Counter(e.turn for e in events)
    tally.merger_turns += len(by_turn)
    for k in by_turn.values():
        tally.per_turn[k] += 1
        if k >= 2:
            tally.in_multi_turns += k
    marked = [t in by_turn for t in range(1, turns + 1)]
    for before, after in itertools.pairwise(marked):
        if before:
            tally.follow_pairs += 1
            tally.follow_hits += after
    decided = sorted({e.turn for e in events if e.kind == "connect"})
    tally.decided_turns += len(decided)
    tally.decided_gaps.extend(b - a for a, b in itertools.pairwise(decided))
    hit = set(decided)
    for t in decided:
        if t < turns:
            tally.decided_follow_pairs += 1
            tally.decided_follow_hits += (t + 1) in hit
    if events:
        tally.first_merger_turn.append(min(by_turn))
        best = max(sum(by_turn.get(t, 0) for t in range(start, start + players))
                   for start in range(1, turns + 1))
        tally.window_share.append(best / len(events))
    for e in events:
        if e.kind != "connect":
            continue
        tally.decided += 1
        a, b = e.held_acquirer, e.held_acquired
        if a and b:
            tally.held_both += 1
        elif a or b:
            tally.held_one += 1
        else:
            tally.held_none += 1
        if a != b:
            tally.unequal += 1
            larger = e.acquirer if a > b else e.acquired
            tally.payer_is_larger += e.payer == larger
        if e.payer == e.acquirer:
            tally.payer_is_acquirer += 1
            if a > b and e.others_acquired > b:
                tally.steer_minor += 1


def run(games: int, players: int, chaining: str, dividend: str, bot: str, seed: int,
        time_limit: float | None, data: dict[str, Any] | None = None) -> Tally:
    tally = Tally()
    start = time.perf_counter()
    for k in range(games):
        if time_limit is not None and time.perf_counter() - start > time_limit:
            break
        state, actions = play(seed + k, players, chaining, dividend, bot, data)
        count(tally, state, actions, players)
    tally.seconds = time.perf_counter() - start
    return tally


def _pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def figures(t: Tally) -> dict[str, Any]:
    """The reported figures of one combination (also the JSON output)."""
    base = t.merger_turns / t.turns if t.turns else 0.0
    follow = t.follow_hits / t.follow_pairs if t.follow_pairs else 0.0
    return {
        "games": t.games,
        "seconds": round(t.seconds, 1),
        "mean_actions_per_game": round(t.actions / t.games, 1) if t.games else 0,
        "mergers_per_game": round(t.mergers / t.games, 2) if t.games else 0,
        "of_which_by_starting_a_merger_company": t.start_mergers,
        "mergers_per_turn": round(t.mergers / t.turns, 4) if t.turns else 0,
        "turns_with_a_merger": round(base, 4),
        "mergers_per_merger_turn": round(t.mergers / t.merger_turns, 2)
        if t.merger_turns else 0,
        "merger_turns_by_count": dict(sorted(t.per_turn.items())),
        "share_of_mergers_in_turns_with_2_or_more": round(t.in_multi_turns / t.mergers, 3)
        if t.mergers else 0,
        "p_merger_turn_after_a_merger_turn": round(follow, 3),
        "clustering_lift": round(follow / base, 2) if base else 0,
        "share_of_mergers_in_the_busiest_round": round(statistics.fmean(t.window_share), 3)
        if t.window_share else 0,
        "decided_merger_turns": t.decided_turns,
        "decided_clustering_lift": round(
            (t.decided_follow_hits / t.decided_follow_pairs) / (t.decided_turns / t.turns), 2)
        if t.decided_follow_pairs and t.decided_turns else 0,
        "turns_between_decided_mergers_median": statistics.median(t.decided_gaps)
        if t.decided_gaps else None,
        "turns_between_decided_mergers_share_within_a_round": round(
            sum(1 for g in t.decided_gaps if g <= 4) / len(t.decided_gaps), 3)
        if t.decided_gaps else 0,
        "first_merger_turn_median": statistics.median(t.first_merger_turn)
        if t.first_merger_turn else None,
        "active_companies_at_the_end_mean": round(statistics.fmean(t.companies_left), 2)
        if t.companies_left else 0,
        "shares_not_replaced": t.lost_shares,
        "decided_mergers": t.decided,
        "active_player_holds_both_one_neither": [t.held_both, t.held_one, t.held_none],
        "holds_more_in_one_side": t.unequal,
        "payer_is_the_side_with_more_of_their_stock": t.payer_is_larger,
        "payer_is_the_acquirer": t.payer_is_acquirer,
        "minor_holder_of_the_acquired_steers_dividend_to_acquirer": t.steer_minor,
    }


def report(name: str, f: dict[str, Any]) -> list[str]:
    lines = [f"== {name}: {f['games']} games ({f['seconds']} s, "
             f"{f['mean_actions_per_game']} actions a game)"]
    lines.append(f"  mergers: {f['mergers_per_game']} a game "
                 f"({f['of_which_by_starting_a_merger_company']} of all by starting a merger "
                 f"company), {f['mergers_per_turn']} a player turn")
    lines.append(f"  turns with a merger: {100 * f['turns_with_a_merger']:.1f}%; "
                 f"{f['mergers_per_merger_turn']} mergers in such a turn; by count "
                 f"{f['merger_turns_by_count']}")
    lines.append(f"  flurry in one turn: {100 * f['share_of_mergers_in_turns_with_2_or_more']:.1f}"
                 f"% of mergers come in a turn with 2+")
    lines.append(f"  clustering: P(merger turn | previous turn had one) "
                 f"{f['p_merger_turn_after_a_merger_turn']} = {f['clustering_lift']}x the base "
                 f"rate; busiest round-long window holds "
                 f"{100 * f['share_of_mergers_in_the_busiest_round']:.1f}% of a game's mergers; "
                 f"first merger at turn {f['first_merger_turn_median']} (median)")
    lines.append(f"  decided mergers (a link reaching a home): in {f['decided_merger_turns']} "
                 f"turns; the next turn has one too {f['decided_clustering_lift']}x the base "
                 f"rate; {f['turns_between_decided_mergers_median']} turns apart (median), "
                 f"{100 * f['turns_between_decided_mergers_share_within_a_round']:.1f}% within "
                 f"4 turns of the previous one")
    lines.append(f"  end: {f['active_companies_at_the_end_mean']} active companies on average; "
                 f"{f['shares_not_replaced']} shares found no replacement")
    d = f["decided_mergers"]
    both, one, none = f["active_player_holds_both_one_neither"]
    lines.append(f"  decided mergers: {d}; the active player holds stock in both sides "
                 f"{_pct(both, d)}, one {_pct(one, d)}, neither {_pct(none, d)}")
    u = f["holds_more_in_one_side"]
    lines.append(f"  holds more in one side: {u} ({_pct(u, d)}); the payer is that side in "
                 f"{f['payer_is_the_side_with_more_of_their_stock']} ({_pct(f['payer_is_the_side_with_more_of_their_stock'], u)})")  # noqa: E501
    lines.append(f"  payer is the acquirer: {f['payer_is_the_acquirer']} "
                 f"({_pct(f['payer_is_the_acquirer'], d)}); by a minor holder of the acquired "
                 f"company: {f['minor_holder_of_the_acquired_steers_dividend_to_acquirer']}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="boardroom bench congress study",
                                description="Bot games per switch combination: merger "
                                            "flurries and Special Dividend steering.")
    p.add_argument("--games", type=int, default=1000, help="games per combination (1000)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bot", default="heuristic", help="bot on every seat (heuristic)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    p.add_argument("--time-limit", type=float, default=None,
                   help="stop a combination after this many seconds (reports how many ran)")
    p.add_argument("--only", default=None, help="one combination, e.g. none/chooser")
    p.add_argument("--json", default=None, help="also write the figures to this file")
    p.add_argument("--data", default=None,
                   help="a Congress data file (TOML or JSON) to play on instead of the "
                        "shipped one")
    args = p.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.games < 1:
        p.error("--games must be at least 1")
    combos = COMBINATIONS
    if args.only:
        combos = [c for c in COMBINATIONS if "/".join(c) == args.only]
        if not combos:
            p.error("--only is one of " + ", ".join("/".join(c) for c in COMBINATIONS))
    out: dict[str, Any] = {}
    try:
        data = read_file(args.data) if args.data else None
        for chaining, dividend in combos:
            name = f"chaining={chaining} special_dividend={dividend}"
            tally = run(args.games, args.players, chaining, dividend, args.bot, args.seed,
                        args.time_limit, data)
            out[name] = figures(tally)
            for line in report(name, out[name]):
                print(line, flush=True)
    except boardroom.BoardroomError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
