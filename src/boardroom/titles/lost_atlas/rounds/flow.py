"""The order of play: setup, map building, then cycles of a Stock Round, two Operating
Rounds, a Merger Round (once the first green train is out) and a train export, for the
mode's number of cycles; then the final score (rulebook "Setup", "Export a Train",
"Advance the Round and Cycle Counters", "End of Game").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardroom.core.errors import OptionError
from boardroom.core.ledger import Ledger
from boardroom.core.rng import Rng
from boardroom.market.stock_track import StockTrack
from boardroom.titles.lost_atlas.board import mapbuild
from boardroom.titles.lost_atlas.board.components import Components
from boardroom.titles.lost_atlas.rounds import merger_round, operating_round, stock_round, trains
from boardroom.titles.lost_atlas.rounds.dissolution import check_dissolution
from boardroom.titles.lost_atlas.rounds.ending import TIE_RULE, finish, scores
from boardroom.titles.lost_atlas.rounds.matrix import deal_matrix, minors_at_home, minors_in_game
from boardroom.titles.lost_atlas.rounds.points import POINTS, money_moved
from boardroom.titles.lost_atlas.state import (
    BANK,
    MAP,
    MERGER,
    OPERATING,
    OVER,
    STOCK,
    LostAtlasState,
    player_account,
)

__all__ = [  # the rules that moved to their own modules, still reachable as flow.NAME
    "TIE_RULE", "check_dissolution", "deal_matrix", "finish", "minors_at_home",
    "minors_in_game", "scores",
]

GAME_OPTIONS = {
    "mode": "long",
    "cut_throat_routes": False,
    "cut_throat_stock": False,
    "bankruptcy": "end",
    "map": None,
}
"""Options of the Lost Atlas title and their defaults (map building options are added)."""


def normalize_options(components: Components, options: Mapping[str, Any],
                      players: Sequence[str]) -> dict[str, Any]:
    known = set(GAME_OPTIONS) | set(mapbuild.OPTION_DEFAULTS) | set(POINTS.options)
    unknown = sorted(set(options) - known)
    if unknown:
        raise OptionError(f"unknown Lost Atlas option(s): {', '.join(unknown)}; known: "
                          f"{', '.join(sorted(known))}")
    out = {**GAME_OPTIONS, **dict(options)}
    mode = components.mode(out["mode"])
    if len(players) not in mode.players:
        counts = ", ".join(str(n) for n in mode.players)
        raise OptionError(f"the {mode.name} is for {counts} players, not {len(players)} "
                          f"[rule lost_atlas.setup.players]")
    for key in ("cut_throat_routes", "cut_throat_stock"):
        if not isinstance(out[key], bool):
            raise OptionError(f"option {key} is true or false")
    if out["bankruptcy"] not in ("end", "continue"):
        raise OptionError("option bankruptcy is 'end' (the default) or 'continue'")
    for hook in POINTS.check_options:  # the variants' switches, in the table's order
        hook(out, mode)
    if out["map"] is not None:
        _check_map_option(components, out)
    map_options = {k: out[k] for k in mapbuild.OPTION_DEFAULTS if k in out}
    out.update(mapbuild.normalize_options(components, map_options, mode.piles))
    return out


MIN_MAP_HOMES = 2
"""A game on a custom map needs at least this many minors' homes on it (the rules are
silent; with fewer nothing could launch, or nothing could ever merge)."""


def _check_map_option(components: Components, options: Mapping[str, Any]) -> None:
    """A custom or pre-made map (rulebook "Custom and Pre-Made Maps"): the option holds
    the map file's JSON object itself, so the record alone replays the game."""
    for key in ("different_destinations", "filler_hexes"):
        if options.get(key):
            raise OptionError(f"option {key} belongs to map building; with option map the "
                              "map file sets the destination cards and single hexes")
    homes = minors_at_home(_load_map(components, options).board)
    if len(homes) < MIN_MAP_HOMES:  # reading: a game needs minors to launch and merge
        raise OptionError(f"option map: the map shows {len(homes)} minor home(s); a game "
                          f"needs at least {MIN_MAP_HOMES} [rule lost_atlas.variant.custom-map]")
    for hook in POINTS.check_map:  # the Solo Game needs two homes for its Conglomerate
        hook(components, options, homes)


def _load_map(components: Components, options: Mapping[str, Any]) -> Any:
    """The checked map of option ``map`` (a ``mapfile.LoadedMap``); a bad one is an
    OptionError naming the entry."""
    from boardroom.titles.lost_atlas.board import mapfile

    try:
        return mapfile.build(components, mapfile.spec_from_json(options["map"], "option map"),
                             "option map")
    except mapfile.MapFileError as exc:
        raise OptionError(str(exc)) from exc


def setup(components: Components, players: Sequence[str], seed: int,
          options: Mapping[str, Any]) -> tuple[LostAtlasState, list[str]]:
    """Starting capital, the train stack, a random priority player, then map building."""
    mode = components.mode(options["mode"])
    n = len(players)
    rng = Rng(seed)
    cash = components.starting_cash(mode.id, n)
    accounts = {player_account(s): cash for s in range(n)}
    accounts[BANK] = components.money.bank - cash * n
    for split in POINTS.split_bank:  # Bank Break sets money aside in a reserve
        split(components, options, accounts)
    ledger = next((made for hook in POINTS.make_ledger
                   if (made := hook(options, accounts)) is not None), None)
    if ledger is None:
        ledger = Ledger(accounts, overdraft={BANK})
    counts = components.train_stack(mode.id, n)
    stack = trains.stack_from(counts, [t for t in components.trains if t in counts])
    priority = rng.below(n)
    if options.get("map") is not None:
        return _setup_on_map(components, players, options, rng, ledger, stack, priority)
    builder_options = {k: options[k] for k in mapbuild.OPTION_DEFAULTS if k in options}
    builder = mapbuild.MapBuilder.start(components, mode.id, list(players), rng,
                                       builder_options)
    state = LostAtlasState(
        components=components, players=list(players), mode=mode.id, options=dict(options),
        rng=rng, ledger=ledger, builder=builder, board=builder.board,
        stock=StockTrack(components.stock_track.values), corps={}, matrix=[],
        trains=stack, priority=priority, round=MAP,
    )
    log = [f"Each player receives {cash}.",
           f"{players[priority]} is the priority player.",
           "Map building begins."]
    log.extend(builder.log)
    if builder.is_done:
        after_map(state, log)
    return state, log


def _setup_on_map(components: Components, players: Sequence[str],
                  options: Mapping[str, Any], rng: Rng, ledger: Ledger, stack: list[str],
                  priority: int) -> tuple[LostAtlasState, list[str]]:
    """Setup with a fixed map: no map building; only the minors whose homes the map
    shows (Adaptive with map piece 21) are dealt into the matrix."""
    loaded = _load_map(components, options)
    state = LostAtlasState(
        components=components, players=list(players), mode=options["mode"],
        options=dict(options), rng=rng, ledger=ledger, builder=None, board=loaded.board,
        stock=StockTrack(components.stock_track.values), corps={}, matrix=[],
        trains=stack, priority=priority, round=MAP,
        destination_values=dict(loaded.destination_cards),
    )
    cash = state.cash(0)
    name = f" {loaded.spec.name!r}" if loaded.spec.name else ""
    log = [f"Each player receives {cash}.",
           f"{players[priority]} is the priority player.",
           f"The map{name} is laid out from the chosen map file."]
    for hook in POINTS.map_built:  # the Solo Game forms the Conglomerate on any map too
        if hook(state, log):
            return state, log
    deal_matrix(state, log)
    state.round = STOCK
    stock_round.start(state, log)
    return state, log


def after_map(state: LostAtlasState, log: list[str]) -> None:
    """The map is built: deal the minors into the matrix and start the first Stock Round."""
    builder = state.builder
    assert builder is not None
    state.board = builder.board
    state.rng = builder.rng
    state.destination_values = dict(builder.destination_cards)
    state.builder = None
    for hook in POINTS.map_built:  # the Solo Game: the Conglomerate's second minor first
        if hook(state, log):
            return
    deal_matrix(state, log)
    state.round = STOCK
    stock_round.start(state, log)


def after_stock_round(state: LostAtlasState, log: list[str]) -> None:
    money_moved(state, log)
    if not stock_round.finish(state, log):
        return
    start_operating(state, 1, log)


def start_operating(state: LostAtlasState, number: int, log: list[str]) -> None:
    state.round = OPERATING
    state.or_number = number
    operating_round.start(state, log)
    if state.op is None and state.round == OPERATING:
        after_operating(state, log)


def after_operating(state: LostAtlasState, log: list[str]) -> None:
    if state.round == OVER:
        return
    money_moved(state, log)
    if state.or_number == 1:
        start_operating(state, 2, log)
        return
    for hook in POINTS.game_end:  # Bank Break: the bank is depleted
        reason = hook(state)
        if reason is not None:
            finish(state, reason, log)
            return
    if state.phase != "yellow":  # the first green train has been bought or exported
        state.round = MERGER
        merger_round.start(state, log)
        if state.mr is None and state.round == MERGER:
            after_merger(state, log)
        return
    end_cycle(state, log)


def after_merger(state: LostAtlasState, log: list[str]) -> None:
    money_moved(state, log)
    end_cycle(state, log)


def end_cycle(state: LostAtlasState, log: list[str]) -> None:
    """Export (not in Micro, not after the last cycle), then the next cycle or the end."""
    last = state.components.cycles[state.components.mode(state.mode).cycles]
    for hook in POINTS.last_cycle:  # Bank Break: no cycle counter, the bank ends the game
        last = hook(state, last)
    if state.cycle >= last:
        finish(state, f"the {last} cycles are over", log)
        return
    if state.components.mode(state.mode).export:
        trains.export(state, log)
    state.cycle += 1
    state.round = STOCK
    stock_round.start(state, log)


