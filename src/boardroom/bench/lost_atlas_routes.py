"""The route benchmark: time to the proven optimum on late-game Lost Atlas positions, and
the same instances solved by an independent exact CP-SAT model (optional OR-Tools).

::

    boardroom bench lost_atlas routes                                # the bot-play corpus
    boardroom bench lost_atlas routes --corpus benchmarks/routes-stress   # the stress corpus
    boardroom bench lost_atlas routes --no-cpsat                     # ours only
    boardroom bench lost_atlas routes generate                       # remake the bot corpus
    boardroom bench lost_atlas routes generate --source random-play --corpus DIR

**The corpus** (``benchmarks/routes/*.json``, the issue's "late-game positions made by
bot play") comes from complete seeded Long games played by the ``heuristic`` bot on
every seat (:func:`make_bot_positions`): 3, 4 and 5 players, with and without the Bank
Break variant (which plays on past the sixth cycle). The board at the start of each of
the last two Operating Rounds in the purple or grey phase is kept; each company with a
hub on the map becomes an instance with two trains, an ∞-train and one drawn from 5, 6, 7
and ∞ (the bots rarely own an ∞ themselves), Distant Destinations at the game's card
for that phase. The bots never reached the grey phase in these games, so every position
is purple.

**The stress corpus** (``benchmarks/routes-stress/*.json``) is made by seeded random
legal play (``generate --source random-play``, :func:`make_position`), far denser than
any bot game: every company lays track every round in four phases, so the networks are
large and loop everywhere. It was the corpus before the bots existed and is kept as the
hard case:

1. the Long game map is built by ``mapbuild.auto_build`` (5 players);
2. every minor on the map launches at its home (Adaptive on a random legal home);
3. operating rounds in phase order — yellow, green, purple, then grey for a grey map —
   in each of which every company, in a random order, lays up to two yellow tiles or one
   upgrade: hexes, tiles and rotations are drawn at random and kept when
   ``track_laying.check_lay`` accepts them (a few tries per lay, so this is not a uniform
   draw over all legal lays, but every lay is legal). The reach it is given comes from
   :func:`quick_reach`, a fast search that finds a subset of what the rules' tracing finds
   (which takes seconds on late maps), so a lay it accepts is legal;
4. after the green rounds, minors merge in random pairs into 3-5 majors (their hubs become
   the major's, one per tile; abilities are kept); each major then places up to two more
   hubs on random spots meeting ``hubs.check_hub``'s conditions, and Suburban's suburbs
   on random cities meeting ``hubs.check_suburb``'s (reach again by :func:`quick_reach`);
5. each major gets an ∞-train and a second train drawn from 5, 6, 7 and ∞ (2 trains: the
   major limit in the purple and grey phases), Distant Destinations at the recommended
   card's grey value.

A position file records the map pieces as placed, the capitals, the filler hexes, every
laid tile, the hubs, reservations and suburbs, the phase, and the instances (company,
abilities, trains, Distant Destination value) with the optimum found when it was made.

**The run** rebuilds each board, then for each instance times
:func:`boardroom.titles.lost_atlas.board.routes.company_routes` (the board turned into a problem,
reduced and searched to the proven optimum) and CP-SAT's solve of the same problem (the
hexes the company reaches, as ``company_routes`` builds it; one worker; building the
problem and the model not timed), checks that the totals agree, and prints p50 / p99 and
the speed ratio against the targets: proven optimum everywhere, p99 under 100 ms, at
least 10 times faster than CP-SAT.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from boardroom.core.errors import IllegalAction
from boardroom.core.rng import Rng
from boardroom.map.hexes import Hex, neighbour, opposite
from boardroom.map.track import EDGE, STOP, Reach, StopRef
from boardroom.routing import cpsat, search
from boardroom.routing.solver import _hard
from boardroom.stats import percentile
from boardroom.titles.lost_atlas.board.board import BLANK, Board, Space
from boardroom.titles.lost_atlas.board.components import Components, load_components
from boardroom.titles.lost_atlas.board.hubs import SUBURB_TOKENS, adaptive_homes, is_basic_city
from boardroom.titles.lost_atlas.board.mapbuild import auto_build
from boardroom.titles.lost_atlas.board.operator import ADAPTIVE, OVERNIGHT, SUBURBAN, Operator
from boardroom.titles.lost_atlas.board.routes import build_network, company_routes
from boardroom.titles.lost_atlas.board.track_laying import (
    LayBudget,
    TileLay,
    check_lay,
    first_tiles,
    is_yellow_lay,
    lay,
)

FORMAT = "boardroom.lost_atlas.route_position"
VERSION = 1
PHASE_COLOURS = {
    "yellow": ("yellow",),
    "green": ("yellow", "green"),
    "purple": ("yellow", "green", "purple"),
    "grey": ("yellow", "green", "purple", "grey"),
}
TREASURY = 10_000
"""Companies in the generator never run out of money (terrain costs do not shape play)."""
LAY_TRIES = 40
DENSE_ROUNDS = (6, 6, 10, 10)
"""Operating rounds per phase for the dense corpus: the map fills by the purple phase and
the rest are upgrades."""


def quick_reach(board: Board, op: Operator) -> Reach:
    """Where ``op`` can trace a route, found quickly and never too far.

    ``TrackMap.trace`` (the rules' tracing) follows every trail that uses no hex side or
    city twice; on a late-game map that can take seconds. This keeps one trail per place
    (the first found, breadth first) and extends it only where it uses nothing twice, so
    everything it reaches the rules' tracing reaches too — it may miss a place only another
    trail gets to. Lays, hubs and suburbs checked against it are therefore legal.
    """
    overnight = op.has(OVERNIGHT)
    laid = board.track.laid
    reach = Reach()
    ids: dict[object, int] = {}

    def bit(key: object) -> int:
        found = ids.get(key)
        if found is None:
            found = ids[key] = len(ids)
        return 1 << found

    seen: set[tuple[int, Hex, int]] = set()
    work: deque[tuple[int, Hex, int, int, bool]] = deque()
    for h, i in sorted(board.hubs_of(op.id)):
        work.append((STOP, h, i, bit(("stop", h, i)), True))
    while work:
        kind, h, k, used, is_start = work.popleft()
        if (kind, h, k) in seen:
            continue
        seen.add((kind, h, k))
        tile = laid.get(h)
        if kind == STOP:
            reach.stops.add((h, k))
            if not is_start and board.blocks((h, k), op.id, overnight):
                continue
            if tile is None or k >= len(tile.from_stop):
                continue
            targets = tile.from_stop[k]
        else:
            reach.entries.setdefault(h, set()).add(k)
            if tile is None:
                continue
            targets = tile.from_edge[k]
        for target, value in targets:
            if target == EDGE:
                n = neighbour(h, value)
                piece = bit(("side", min((h, value), (n, opposite(value)))))
                if not used & piece:
                    work.append((EDGE, n, opposite(value), used | piece, False))
            else:
                piece = bit(("stop", h, value))
                if not used & piece:
                    work.append((STOP, h, value, used | piece, False))
    return reach


def _random_lay(board: Board, op: Operator, colours: tuple[str, ...], budget: LayBudget,
                rng: Rng) -> TileLay | None:
    """A random lay that ``check_lay`` accepts with :func:`quick_reach` (None when a few
    tries find none)."""
    reach = quick_reach(board, op)
    candidates = sorted(set(reach.entries) | {ref[0] for ref in reach.stops})
    candidates = [h for h in candidates if h in board.spaces]
    if not candidates:
        return None
    tiles = board.components.tiles
    for _ in range(LAY_TRIES):
        h = candidates[rng.below(len(candidates))]
        if is_yellow_lay(board, h):
            options = first_tiles(board, h, op)
        else:
            current = board.tile_at(h)
            options = current[0].upgrades if current is not None else ()
        options = tuple(t for t in options if t in tiles and board.supply.get(t, 0) > 0
                        and tiles[t].colour in colours)
        if not options:
            continue
        tile = tiles[options[rng.below(len(options))]]
        rotations = tile.distinct_rotations()
        start = rng.below(len(rotations))
        for i in range(len(rotations)):
            candidate = TileLay(h, tile.id, rotations[(start + i) % len(rotations)])
            if check_lay(board, op, colours, budget, candidate, reach) is None:
                return candidate
    return None


def _random_hub_spot(board: Board, op: Operator, rng: Rng) -> StopRef | None:
    """A random open, unreserved city spot ``op`` reaches, on a tile where it has no hub
    (the conditions of ``hubs.check_hub``, with :func:`quick_reach`)."""
    spots = []
    for ref in sorted(quick_reach(board, op).stops):
        h = ref[0]
        if board.stop(ref).kind != "city" or board.free_slots(ref) <= 0:
            continue
        if any(op.id in board.hubs.get(r, ()) for r in board.stops_on(h)):
            continue
        spots.append(ref)
    return spots[rng.below(len(spots))] if spots else None


def _random_suburb(board: Board, op: Operator, rng: Rng) -> Hex | None:
    """A random basic city ``op`` reaches with no suburb and no hub of its own (the
    conditions of ``hubs.check_suburb``, with :func:`quick_reach`)."""
    if sum(1 for owner in board.suburbs.values() if owner == op.id) >= SUBURB_TOKENS:
        return None
    reached = {ref[0] for ref in quick_reach(board, op).stops}
    places = [h for h in sorted(reached)
              if is_basic_city(board, h) and h not in board.suburbs
              and not any(op.id in board.hubs.get(r, ()) for r in board.stops_on(h))]
    return places[rng.below(len(places))] if places else None


def _operate(board: Board, ops: dict[str, Operator], colours: tuple[str, ...], rounds: int,
             rng: Rng) -> None:
    for _ in range(rounds):
        order = sorted(ops)
        rng.shuffle(order)
        for cid in order:
            op = ops[cid]
            budget = LayBudget()
            for _ in range(2):
                choice = _random_lay(board, op, colours, budget, rng)
                if choice is None:
                    break
                lay(board, op, budget, choice)


def _merge(board: Board, major: str, minors: tuple[str, str]) -> None:
    """The minors' hubs become the major's (one per tile; the other goes back)."""
    tiles_with_hub: set[Hex] = set()
    for ref in sorted(board.hubs):
        owners = board.hubs[ref]
        mine = [c for c in owners if c in minors]
        if not mine:
            continue
        others = [c for c in owners if c not in minors]
        if ref[0] in tiles_with_hub:
            new = others
        else:
            new = [*others, major]
            tiles_with_hub.add(ref[0])
        if new:
            board.hubs[ref] = new
        else:
            del board.hubs[ref]
    for h in sorted(board.suburbs):
        if board.suburbs[h] in minors:
            board.suburbs[h] = major


def make_position(components: Components, seed: int, final_phase: str = "grey",
                  rounds: tuple[int, int, int, int] = (4, 4, 4, 4),
                  dense: bool = False) -> dict[str, Any]:
    """A seeded late-game position as its JSON dict (see the module text); ``dense``:
    the dense corpus's (:data:`DENSE_ROUNDS` and three trains, see the module text)."""
    if dense:
        rounds = DENSE_ROUNDS
    rng = Rng(seed)
    builder = auto_build(components, "long", 5, rng)
    board = builder.board
    homes = sorted(board.reserved.items())
    minors = sorted({m for _, m in homes} | ({ADAPTIVE} if ADAPTIVE in components.minors
                                              else set()))
    for ref, minor in homes:
        board.launch_home(minor, ref)
    if ADAPTIVE in minors:
        spots = adaptive_homes(board)
        if spots:
            board.launch_home(ADAPTIVE, spots[rng.below(len(spots))])
        else:
            minors.remove(ADAPTIVE)
    ops = {m: Operator(m, frozenset({m}), TREASURY) for m in minors}
    _operate(board, ops, PHASE_COLOURS["yellow"], rounds[0], rng)
    _operate(board, ops, PHASE_COLOURS["green"], rounds[1], rng)

    # Mergers: random pairs of minors become majors.
    pool = list(minors)
    rng.shuffle(pool)
    majors: dict[str, Operator] = {}
    n_majors = 3 + rng.below(3)
    for k in range(n_majors):
        if len(pool) < 2:
            break
        a, b = pool.pop(), pool.pop()
        major = f"major{k + 1}"
        _merge(board, major, (a, b))
        majors[major] = Operator(major, frozenset({a, b}), TREASURY, is_major=True)
    ops = {m: ops[m] for m in pool}
    ops.update(majors)
    for cid in sorted(majors):
        for _ in range(2):
            spot = _random_hub_spot(board, majors[cid], rng)
            if spot is not None:
                board.place_hub(spot, cid)
    for cid, op in sorted(ops.items()):
        if op.has(SUBURBAN):
            for _ in range(2):
                place = _random_suburb(board, op, rng)
                if place is not None:
                    board.suburbs[place] = cid
    _operate(board, ops, PHASE_COLOURS["purple"], rounds[2], rng)
    if final_phase == "grey":
        _operate(board, ops, PHASE_COLOURS["grey"], rounds[3], rng)

    values = components.destination_cards["recommended"].values
    assert values is not None
    instances = []
    for cid in sorted(majors):
        if not board.hubs_of(cid):
            continue
        trains: list[int | None]
        if dense:
            trains = [None, None, (5, 6, 7)[rng.below(3)]]
        else:
            trains = [None, (5, 6, 7, None)[rng.below(4)]]
        instances.append({
            "company": cid,
            "abilities": sorted(majors[cid].abilities),
            "trains": trains,
            "destination_values": values["grey"],
        })
    return {**position_json(board), "format": FORMAT, "version": VERSION, "seed": seed,
            "phase": "grey", "map": final_phase, "instances": instances}


BOT_GAMES: tuple[tuple[int, int, bool], ...] = tuple(
    (seed, players, bank_break)
    for seed, players in ((1, 3), (2, 4), (3, 5), (4, 3), (5, 4), (6, 5), (7, 4), (8, 4))
    for bank_break in (False, True)
)
"""(seed, players, Bank Break) of the heuristic-bot games the bot corpus comes from."""
SNAPSHOTS = 2
"""Boards kept per game: the starts of its last Operating Rounds in purple or grey."""


def make_bot_positions(components: Components, seed: int, players: int,
                       bank_break: bool) -> list[dict[str, Any]]:
    """Late-game positions of one complete heuristic-bot Long game (see the module text)."""
    from boardroom.bots import make_bot
    from boardroom.core.game import new_game
    from boardroom.titles.lost_atlas.board.routes import destination_values
    from boardroom.titles.lost_atlas.state import OPERATING, LostAtlasState

    game = new_game("lost_atlas", [f"P{s + 1}" for s in range(players)], seed=seed,
                    options={"mode": "long", "bank_break": bank_break})
    bots = [make_bot("heuristic", seed * 8 + s) for s in range(players)]
    kept: list[LostAtlasState] = []
    last: tuple[int, int] | None = None
    while not game.is_over:
        state = game.state
        if (state.round == OPERATING and state.phase in ("purple", "grey")
                and (state.cycle, state.or_number) != last):
            last = (state.cycle, state.or_number)
            kept = [*kept[-(SNAPSHOTS - 1):], state.copy()] if SNAPSHOTS > 1 else [state.copy()]
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    rng = Rng(seed * 1000 + players)
    out = []
    for state in kept:
        value = destination_values(components, state.phase, state.destination_values)
        if not isinstance(value, int):  # one card for every destination in the base game
            value = max(value.values(), default=0)
        instances = []
        for cid, corp in sorted(state.corps.items()):
            if not state.board.hubs_of(cid):
                continue
            second: int | None = (5, 6, 7, None)[rng.below(4)]
            instances.append({
                "company": cid,
                "abilities": sorted(corp.abilities),
                "trains": [None, second],
                "destination_values": value,
            })
        out.append({**position_json(state.board), "format": FORMAT, "version": VERSION,
                    "seed": seed, "phase": state.phase, "map": "bots",
                    "game": {"players": players, "bank_break": bank_break,
                             "cycle": state.cycle, "operating_round": state.or_number},
                    "instances": instances})
    return out


def _hex(value: Any) -> Hex:
    return (int(value[0]), int(value[1]))


def position_json(board: Board) -> dict[str, Any]:
    """The board as JSON-able data (pieces, capitals, fillers, tiles, tokens)."""
    tiles = board.components.tiles
    return {
        "pieces": [[n, list(a), r] for n, a, r in board.pieces],
        "capitals": [list(h) for h in sorted(board.spaces) if board.spaces[h].capital],
        "fillers": [list(h) for h in sorted(board.spaces) if board.spaces[h].piece == 0],
        "tiles": [[list(h), tid, rot] for h, (tid, rot) in sorted(board.tiles.items())
                  if tid in tiles],
        "hubs": [[list(h), i, list(owners)] for (h, i), owners in sorted(board.hubs.items())],
        "reserved": [[list(h), i, m] for (h, i), m in sorted(board.reserved.items())],
        "suburbs": [[list(h), c] for h, c in sorted(board.suburbs.items())],
    }


def board_from_json(components: Components, data: dict[str, Any]) -> Board:
    """Rebuild the board a position describes."""
    board = Board.empty(components)
    for number, anchor, rotation in data["pieces"]:
        board.add_piece(components.map_pieces[int(number)], _hex(anchor), int(rotation))
    for h in data["capitals"]:
        board.make_capital(_hex(h))
    for h in data["fillers"]:
        board.add_space(Space(hex=_hex(h), terrain=BLANK, piece=0))
    for h, tile_id, rotation in data["tiles"]:
        tile = components.tiles.get(tile_id)
        if tile is None:
            raise IllegalAction("lost_atlas.position", f"unknown tile {tile_id!r}")
        board.lay_tile(_hex(h), tile, int(rotation))
    hubs: dict[StopRef, list[str]] = {}
    for h, i, owners in data["hubs"]:
        hubs[(_hex(h), int(i))] = [str(o) for o in owners]
    board.hubs = hubs
    board.reserved = {(_hex(h), int(i)): str(m) for h, i, m in data["reserved"]}
    board.suburbs = {_hex(h): str(c) for h, c in data["suburbs"]}
    return board


# --------------------------------------------------------------------------- the run

TARGET_P99_S = 0.100
TARGET_RATIO = 10.0


@dataclass(frozen=True)
class Targets:
    """What a corpus's figures are held to (None: no target)."""

    p99_s: float | None
    max_s: float | None
    ratio: float


TARGETS = {
    "routes": Targets(TARGET_P99_S, None, TARGET_RATIO),
    "routes-stress": Targets(1.0, 3.0, 5.0),
    "routes-dense": Targets(None, 5.0, 5.0),
}
"""Per corpus folder name: the bot corpus's, the stress corpus's and the dense corpus's
targets (issue 15). Another folder is held to the bot corpus's."""
DEFAULT_CORPUS = Path(__file__).resolve().parents[3] / "benchmarks" / "routes"


def corpus_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


def _trains(raw: Sequence[Any]) -> list[int | None]:
    return [None if x is None else int(x) for x in raw]


def _solve_instance(board: Board, inst: dict[str, Any], repeat: int,
                    phase: str = "grey", node_budget: int | None = None,
                    cpu: bool = False, relax: bool = False) -> tuple[int, bool, int, float]:
    """(total, proven, nodes, best seconds) of company_routes, timed ``repeat`` times
    (once when a run takes over a second); ``node_budget`` as company_routes takes it;
    ``cpu``: processor time instead of wall time; ``relax``: as company_routes takes it."""
    clock = time.process_time if cpu else time.perf_counter
    best_s = float("inf")
    total, proven, nodes = 0, False, 0
    for _ in range(repeat):
        start = clock()
        result = company_routes(board, inst["company"], _trains(inst["trains"]), phase,
                                int(inst["destination_values"]),
                                frozenset(inst["abilities"]), node_budget=node_budget,
                                relax=relax)
        elapsed = clock() - start
        best_s = min(best_s, elapsed)
        total, proven, nodes = result.total, result.proven, result.nodes
        if elapsed > 1.0:
            break
    return total, proven, nodes, best_s


def train_class(trains: Sequence[Any]) -> str:
    """The instance class the figures are split by: how many ∞-trains and others."""
    infinite = sum(1 for t in trains if t is None)
    parts = ["∞"] * infinite + (["numbered"] if len(trains) > infinite else [])
    return " + ".join(parts) if parts else "none"


def run_corpus(folder: Path, use_cpsat: bool, repeat: int, console: Console,
               verbose: bool = False, node_budget: int | None = None,
               cpsat_limit: float | None = None, cpu: bool = False,
               relax: bool = False) -> int:
    components = load_components()
    files = corpus_files(folder)
    if not files:
        console.print(f"[red]no positions in {folder}[/red]")
        return 2
    if use_cpsat and not cpsat.available():
        console.print("[yellow]OR-Tools is not installed: CP-SAT is skipped "
                      "(pip install 'ortools>=9').[/yellow]")
        use_cpsat = False
    ours: list[float] = []
    theirs: list[float] = []
    classes: list[str] = []
    ratios: list[float] = []
    disagree: list[str] = []
    undecided: list[str] = []
    """Where ours or CP-SAT (or both) did not prove its answer."""
    unproven: list[str] = []
    cp_unproven: list[str] = []
    detail = Table(title="instances")
    for col in ("position", "company", "trains", "total", "nodes", "ours ms", "CP-SAT ms"):
        detail.add_column(col, justify="right")
    for path in files:
        data = json.loads(path.read_text())
        board = board_from_json(components, data)
        for inst in data["instances"]:
            name = f"{path.stem}:{inst['company']}"
            total, proven, nodes, seconds = _solve_instance(board, inst, repeat,
                                                            data.get("phase", "grey"),
                                                            node_budget, cpu, relax)
            ours.append(seconds)
            classes.append(train_class(inst["trains"]))
            if not proven:
                unproven.append(name)
            expected = inst.get("total")
            if expected is not None and expected != total:
                disagree.append(f"{name}: ours {total}, recorded {expected}")
            cp_ms = ""
            if use_cpsat:
                # The very problem ours solves: the hexes the company reaches.
                net = build_network(board, inst["company"], _trains(inst["trains"]),
                                    int(inst["destination_values"]),
                                    frozenset(inst["abilities"]), reach_only=True)
                res = cpsat.solve_cpsat(net.problem, time_limit=cpsat_limit)
                cp_s = res.cpu_seconds if cpu else res.seconds
                theirs.append(cp_s)
                if not res.optimal:
                    cp_unproven.append(name)
                ratios.append(cp_s / max(seconds, 1e-9))
                cp_ms = f"{cp_s * 1000:.1f}"
                if res.optimal and proven and res.total != total:
                    disagree.append(f"{name}: ours {total}, CP-SAT {res.total}")
                elif not (res.optimal and proven):
                    undecided.append(f"{name}: ours {total}"
                                     f"{'' if proven else ' (not proven)'}, CP-SAT "
                                     f"{res.total}{'' if res.optimal else ' (not proven)'}")
            trains = ",".join("∞" if t is None else str(t) for t in inst["trains"])
            detail.add_row(path.stem, inst["company"], trains, str(total), str(nodes),
                           f"{seconds * 1000:.1f}", cp_ms)
            if verbose:
                console.print(f"{name} {trains}: {total}{'' if proven else ' (not proven)'}, "
                              f"{nodes} nodes, {seconds * 1000:.1f} ms"
                              f"{f', CP-SAT {cp_ms} ms' if cp_ms else ''}")
    if verbose:
        console.print(detail)
    table = Table(title=f"Lost Atlas routes: {len(ours)} instances, {len(files)} positions")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("target", justify="right")
    table.add_column("")

    def verdict(ok: bool) -> str:
        return "[green]met[/green]" if ok else "[red]missed[/red]"

    target = TARGETS.get(folder.resolve().name, TARGETS["routes"])
    p99 = percentile(ours, 0.99)
    table.add_row("proven optimum", f"{len(ours) - len(unproven)} / {len(ours)}", "all",
                  verdict(not unproven))
    table.add_row("clock", "processor time" if cpu else "wall time", "", "")
    table.add_row("search", "compiled kernel (routing/_bnb.c)"
                  if search.uses_kernel(None, _hard if relax else None) else "pure Python",
                  "", "")
    if relax:
        table.add_row("solver", "branch and bound, then the packing relaxation", "", "")
    if node_budget is not None:
        table.add_row("node budget", f"{node_budget:,}", "", "")
    table.add_row("ours p50", f"{percentile(ours, 0.5) * 1000:.1f} ms", "", "")
    if target.p99_s is None:
        table.add_row("ours p99", f"{p99 * 1000:.1f} ms", "", "")
    else:
        table.add_row("ours p99", f"{p99 * 1000:.1f} ms", f"< {target.p99_s * 1000:.0f} ms",
                      verdict(p99 < target.p99_s))
    if target.max_s is None:
        table.add_row("ours max", f"{max(ours) * 1000:.1f} ms", "", "")
    else:
        table.add_row("ours max", f"{max(ours) * 1000:.1f} ms",
                      f"< {target.max_s * 1000:.0f} ms", verdict(max(ours) < target.max_s))
    table.add_row("ours total", f"{sum(ours):.2f} s", "", "")
    names = sorted(set(classes), key=classes.index)
    for name in names:
        part = [x for x, c in zip(ours, classes, strict=True) if c == name]
        if part:
            table.add_row(f"ours {name} ({len(part)}): p50 / p99",
                          f"{percentile(part, 0.5) * 1000:.1f} / "
                          f"{percentile(part, 0.99) * 1000:.1f} ms", "", "")
    if use_cpsat:
        table.add_row("CP-SAT p50", f"{percentile(theirs, 0.5) * 1000:.1f} ms", "", "")
        table.add_row("CP-SAT p99", f"{percentile(theirs, 0.99) * 1000:.1f} ms", "", "")
        table.add_row("CP-SAT proven optimum", f"{len(theirs) - len(cp_unproven)} / "
                      f"{len(theirs)}", "", "")
        table.add_row("CP-SAT total", f"{sum(theirs):.2f} s", "", "")
        for name in names:
            part = [x for x, c in zip(theirs, classes, strict=True) if c == name]
            if part:
                table.add_row(f"CP-SAT {name}: p50 / p99",
                              f"{percentile(part, 0.5) * 1000:.1f} / "
                              f"{percentile(part, 0.99) * 1000:.1f} ms", "", "")
        ratio = sum(theirs) / sum(ours)
        table.add_row("speed ratio (total time)", f"{ratio:.1f}x", f">= {target.ratio:.0f}x",
                      verdict(ratio >= target.ratio))
        table.add_row("speed ratio (median per instance)",
                      f"{statistics.median(ratios):.1f}x", "", "")
        fast = sum(1 for r in ratios if r >= TARGET_RATIO)
        table.add_row(f"instances at least {TARGET_RATIO:.0f}x faster", f"{fast} / {len(ratios)}",
                      "", "")
        both = len(ours) - len(undecided) - len(disagree)
        table.add_row("totals agree, both proven", f"{both} / {len(ours)}", "all",
                      verdict(not disagree and not undecided))
    console.print(table)
    for line in disagree:
        console.print(f"[red]disagree[/red] {line}")
    for line in undecided:
        console.print(f"[yellow]not both proven[/yellow] {line}")
    return 1 if disagree or unproven else 0


def _record_totals(components: Components, data: dict[str, Any],
                   node_budget: int | None = None) -> None:
    """Each instance's optimum as ``total``; where ``node_budget`` nodes do not prove it,
    the best found as ``best_found`` and no ``total``."""
    board = board_from_json(components, data)
    for inst in data["instances"]:
        result = company_routes(board, inst["company"], _trains(inst["trains"]),
                                data.get("phase", "grey"), int(inst["destination_values"]),
                                frozenset(inst["abilities"]), node_budget=node_budget)
        if result.proven:
            inst["total"] = result.total
        else:
            inst["best_found"] = result.total


def generate(folder: Path, seeds: Sequence[int], maps: Sequence[str], console: Console,
             dense: bool = False, node_budget: int | None = None) -> int:
    """The stress corpus (or with ``dense`` the dense one): positions of seeded random
    legal play."""
    components = load_components()
    folder.mkdir(parents=True, exist_ok=True)
    for seed in seeds:
        for final in maps:
            start = time.perf_counter()
            data = make_position(components, seed, final, dense=dense)
            _record_totals(components, data, node_budget)
            path = folder / f"{'dense' if dense else 'long'}_{final}_{seed:03d}.json"
            path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
            console.print(f"{path.name}: {len(data['tiles'])} tiles, "
                          f"{len(data['instances'])} instances, "
                          f"{time.perf_counter() - start:.1f} s")
    return 0


def generate_from_bots(folder: Path, console: Console) -> int:
    """The bot corpus: positions of the heuristic-bot games in :data:`BOT_GAMES`."""
    components = load_components()
    folder.mkdir(parents=True, exist_ok=True)
    for seed, players, bank_break in BOT_GAMES:
        start = time.perf_counter()
        positions = make_bot_positions(components, seed, players, bank_break)
        for data in positions:
            _record_totals(components, data)
            game = data["game"]
            kind = "bankbreak" if bank_break else "long"
            path = folder / (f"bots_{kind}_{players}p_{seed:03d}_"
                             f"c{game['cycle']}or{game['operating_round']}.json")
            path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
            console.print(f"{path.name}: {len(data['tiles'])} tiles, "
                          f"{len(data['instances'])} instances, phase {data['phase']}, "
                          f"{time.perf_counter() - start:.1f} s")
    return 0


def _seed_list(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="boardroom bench lost_atlas routes",
        description="Time Lost Atlas route optimisation on late-game positions "
                    "(and CP-SAT on the same instances).")
    p.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS,
                   help="folder of position files (default: benchmarks/routes, the "
                        "bot-play corpus; benchmarks/routes-stress is the dense one)")
    p.add_argument("--no-cpsat", action="store_true", help="do not run CP-SAT")
    p.add_argument("--repeat", type=int, default=3,
                   help="time each instance this many times and keep the best (default 3)")
    p.add_argument("--verbose", action="store_true", help="print every instance")
    p.add_argument("--node-budget", type=int, default=None,
                   help="stop each search after this many nodes (its answer is then "
                        "counted as not proven); default: search to the proof")
    p.add_argument("--cpsat-limit", type=float, default=None,
                   help="seconds CP-SAT may take per instance (default: no limit)")
    p.add_argument("--cpu", action="store_true",
                   help="time both solvers by processor time, not wall time (for a busy "
                        "machine, where other work inflates wall times)")
    p.add_argument("--relax", action="store_true",
                   help="hand positions the branch and bound has not finished within "
                        "routing.search.HARD_AFTER nodes to the packing relaxation "
                        "(routing.packing; the game does not)")
    sub = p.add_subparsers(dest="command")
    gen = sub.add_parser("generate", help="make position files (into --corpus)")
    gen.add_argument("--corpus", type=Path, default=argparse.SUPPRESS,
                     help="the folder to write (also accepted before 'generate')")
    gen.add_argument("--source", choices=("bots", "random-play"), default="bots",
                     help="heuristic-bot games (the default corpus) or seeded random "
                          "legal play (the stress corpus)")
    gen.add_argument("--seeds", default="1-12",
                     help="random-play seeds, e.g. 1-12 or 3,5 (default 1-12)")
    gen.add_argument("--maps", default="purple,grey",
                     help="random-play final map colours, purple and/or grey "
                          "(default both)")
    gen.add_argument("--dense", action="store_true",
                     help="random play: the dense corpus (more rounds, three trains: "
                          "two ∞ and a 5, 6 or 7)")
    gen.add_argument("--record-budget", type=int, default=None,
                     help="node budget for the recorded optima (unproven ones are "
                          "recorded as best_found)")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark (or make the corpus); returns the process exit status."""
    args = parser().parse_args(argv)
    console = Console()
    if args.command == "generate":
        if args.source == "bots":
            return generate_from_bots(args.corpus, console)
        maps = [m for m in args.maps.split(",") if m]
        return generate(args.corpus, _seed_list(args.seeds), maps, console, args.dense,
                        args.record_budget)
    if args.repeat < 1:
        console.print("[red]--repeat must be at least 1[/red]")
        return 2
    if args.node_budget is not None and args.node_budget < 1:
        console.print("[red]--node-budget must be at least 1[/red]")
        return 2
    return run_corpus(args.corpus, not args.no_cpsat, args.repeat, console, args.verbose,
                      args.node_budget, args.cpsat_limit, args.cpu, args.relax)


if __name__ == "__main__":
    raise SystemExit(main())
