"""The Solo Game: one player against the automated Conglomerate (facts sheet §7.1, from
TP-SOLO's summary of the Solo Mode rulebook v09.01; modes ``solo`` and ``solo_random``).

Every rule of the Conglomerate lives here; it attaches to the rounds' and the title's
extension points (:func:`attach`; ``rounds/points.py``), the rounds never name it.
The Conglomerate is a major that is player and company at once, with one treasury (its
company account). It has no seat: it holds shares as the holder :data:`CONGLOMERATE`,
acts automatically inside the flow, logs every action, and draws every random choice
from ``state.rng`` (so a record replays exactly).

The rules as implemented (``docs/variants.md`` "Solo game" lists them with every
provisional reading; ``PROVISIONAL`` below marks the readings in the code):

* Setup. After the map is built, one minor on the map is drawn at random; the player
  names the second with ``conglomerate <minor>`` (option ``solo_difficulty`` may restrict
  that choice to partners giving the wanted difficulty). The Conglomerate is formed on
  the first major charter of the data: a hub on each home, 2 charter hubs costing 60,
  the president's certificate (2 shares) held by itself, 3 single shares under the
  charter, 1 in the bank pool, 450 in its treasury. Its action deck is the two minors'
  certificates (a president's and three singles each), shuffled face up. Yellow track
  joining the two homes is laid at once (:func:`plan_path`); the start price is the
  total city revenue of that network held within 60–90 (the nearest printed value), and
  the network value sets the difficulty (<= 60 easy, <= 90 medium, above hard). The
  other six minors are dealt into 2 columns of 3.
* Operating Rounds. On its turn (by price, as any company) the Conglomerate: issues one
  under-charter share to the pool in OR1 of cycles 1–3 (it gains the price, the price
  drops one space); buys the current train paying the difference to its last train
  (trains in its own pile: no limit, never rust, the stack and phases move as for any
  purchase); acts from its deck (single share: lay up to two yellow tiles toward the
  nearest target; president's certificate: place a charter hub on the best reachable
  city, else as a single share); medium/hard: places a hub on a reachable capital in
  OR1 of cycle 1; then earns N = train size x hubs on the map best stop values it
  reaches, hub cities counted twice, always paid out.
* Stock Rounds (at the end of each, after the player has passed): it sells any share it
  holds of a player company priced above the phase's top launch price, then buys one
  share of each player company it lacks (minors from the treasury, else the pool;
  majors from the pool) that it can afford and would not sell at once.
* Merger Rounds (as each begins): with a spare hub it absorbs one unlaunched minor whose
  home it reaches (hard: Tunneling in the first Merger Round, reached or not): hub on
  the home, the minor's certificates shuffled into its deck, price up one space.
* End: no export; after cycle 4 it scores treasury + shares held, the player cash +
  shares; the player wins only with the higher score.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from boardroom.core.errors import IllegalAction, NotationError, OptionError
from boardroom.core.title import Action, Result
from boardroom.map.hexes import Hex, neighbour, opposite
from boardroom.map.track import Reach, StopRef
from boardroom.market.shares import Company
from boardroom.titles.lost_atlas.board import routes, track_laying
from boardroom.titles.lost_atlas.board.board import (
    BLANK,
    CITY,
    DESTINATION,
    EMPTY_COLOUR,
    MOUNTAIN,
    Board,
)
from boardroom.titles.lost_atlas.board.components import Components
from boardroom.titles.lost_atlas.board.components import Conglomerate as ConglomerateRules
from boardroom.titles.lost_atlas.board.operator import ADAPTIVE, TUNNELING, Operator
from boardroom.titles.lost_atlas.rounds.points import Points, VariantRound
from boardroom.titles.lost_atlas.state import (
    BANK,
    MAJOR,
    MINOR,
    OVER,
    STOCK,
    Corp,
    LostAtlasState,
    company_account,
    declare_variant_state,
    player_account,
)

VARIANT = "solo"
"""Its name in the table of variants: the key of its state in ``state.variants``."""
CONGLOMERATE = -2
"""The share holder number of the Conglomerate (the bank pool is -1, players 0, 1...)."""
SETUP = "solo_setup"
"""The round in which the player names the Conglomerate's second minor."""
NAME = "Conglomerate"
RULE = "lost_atlas.solo."
DIFFICULTIES = ("easy", "medium", "hard")
OPTION = "solo_difficulty"
OPTION_VALUES = ("any", *DIFFICULTIES)
PRESIDENT_CARD, SHARE_CARD = "president", "share"
MAX_BASIC_TILES = 2
"""A basic action lays up to two yellow tiles (TP-SOLO)."""


@dataclass
class SoloState:
    """The Conglomerate's own records (``state.variants["solo"]``, see :func:`record`)."""

    drawn: str
    """The minor drawn at random at setup."""
    company: str = ""
    """Its major charter id, once formed."""
    minors: list[str] = field(default_factory=list)
    """The minors it was formed from and those it absorbed."""
    trains: list[str] = field(default_factory=list)
    """Its trains, oldest first (never rust, no limit, not in the company's ``trains``)."""
    deck: list[str] = field(default_factory=list)
    """The action deck, top first: ``<minor>:president`` or ``<minor>:share``."""
    discard: list[str] = field(default_factory=list)
    network_value: int = 0
    difficulty: str = ""
    absorbed_in: int = 0
    """Merger Rounds seen (hard: Tunneling goes in the first)."""
    score: int | None = None
    """Its final score, once the game is over."""

    def copy(self) -> SoloState:
        return SoloState(self.drawn, self.company, list(self.minors), list(self.trains),
                         list(self.deck), list(self.discard), self.network_value,
                         self.difficulty, self.absorbed_in, self.score)


declare_variant_state(VARIANT, SoloState.copy)


def record(state: LostAtlasState) -> SoloState | None:
    """The Conglomerate's own records; None outside the Solo Game and before the first
    minor is drawn."""
    found = state.variants.get(VARIANT)
    assert found is None or isinstance(found, SoloState)
    return found


@dataclass(frozen=True, slots=True)
class ChooseConglomerate(Action):
    """The player names the minor that joins the drawn one in the Conglomerate.
    Notation ``conglomerate <minor>``."""

    minor: str

    def __str__(self) -> str:
        return f"conglomerate {self.minor}"

    def describe(self, state: LostAtlasState) -> str:
        """The label a person reads (``lost_atlas.labels``)."""
        card = state.components.minors.get(self.minor)
        return f"{card.name if card else self.minor} joins the Conglomerate"


def parse(words: list[str], text: str) -> ChooseConglomerate | None:
    if words[0] != "conglomerate":
        return None
    if len(words) != 2:
        raise NotationError(f"{text!r}: expected 'conglomerate <minor>'")
    return ChooseConglomerate(words[1])


# -- reading -------------------------------------------------------------------------------
def rules(state: LostAtlasState) -> ConglomerateRules | None:
    return state.components.mode(state.mode).conglomerate


def active(state: LostAtlasState) -> bool:
    """Is this a Solo Game?"""
    return rules(state) is not None


def _rules(state: LostAtlasState) -> ConglomerateRules:
    found = rules(state)
    assert found is not None, "not a Solo Game"
    return found


def _solo(state: LostAtlasState) -> SoloState:
    solo = record(state)
    assert solo is not None, "no Conglomerate in this game"
    return solo


def choosing(state: LostAtlasState) -> bool:
    return state.round == SETUP


def company(state: LostAtlasState) -> str | None:
    """The Conglomerate's company id, or None (not solo, or not formed yet)."""
    solo = record(state)
    return solo.company or None if solo is not None else None


def is_conglomerate(state: LostAtlasState, company_id: str) -> bool:
    """Is ``company_id`` the Conglomerate's company? (:func:`company`, read in place: asked
    at every step of every Operating Round)"""
    solo = state.variants.get(VARIANT)
    return solo is not None and bool(company_id) and solo.company == company_id


def taken_minors(state: LostAtlasState) -> list[str]:
    """Minors inside the Conglomerate (kept out of the matrix)."""
    solo = record(state)
    return list(solo.minors) if solo is not None else []


def seat_name(state: LostAtlasState, seat: int) -> str:
    return NAME if seat == CONGLOMERATE else state.players[seat]


def account(state: LostAtlasState, holder: int) -> str:
    """The ledger account of a share holder: a player's purse or the Conglomerate's
    treasury."""
    if holder == CONGLOMERATE:
        cong = company(state)
        assert cong is not None
        return company_account(cong)
    return player_account(holder)


def normalize_option(options: dict[str, Any], solo_mode: bool) -> None:
    """Check ``solo_difficulty`` (only meaningful in a solo mode)."""
    value = options.setdefault(OPTION, "any")
    if value not in OPTION_VALUES:
        raise OptionError(f"option {OPTION} is one of {', '.join(OPTION_VALUES)}")
    if value != "any" and not solo_mode:
        raise OptionError(f"option {OPTION} is for the Solo Game (mode solo)")


# -- setup ---------------------------------------------------------------------------------
def begin(state: LostAtlasState, log: list[str]) -> None:
    """The map is built: draw the first minor at random; the player names the second."""
    from boardroom.titles.lost_atlas.rounds import flow

    candidates = [m for m in flow.minors_in_game(state) if _home_ref(state, m) is not None]
    drawn = candidates[state.rng.below(len(candidates))]
    state.variants[VARIANT] = SoloState(drawn=drawn)
    state.round = SETUP
    log.append(f"Solo Game: {state.components.minors[drawn].name} is drawn for the "
               f"{NAME}; {state.players[0]} chooses the second minor.")


def _home_ref(state: LostAtlasState, minor: str) -> StopRef | None:
    """The reserved home spot of an unlaunched minor (Adaptive has none: PROVISIONAL, it
    never joins the Conglomerate)."""
    if state.components.minors[minor].ability == ADAPTIVE:
        return None
    for ref, owner in sorted(state.board.reserved.items()):
        if owner == minor:
            return ref
    return None


def partners(state: LostAtlasState) -> list[str]:
    """The minors the player may name now (filtered by ``solo_difficulty`` when some
    partner gives the wanted difficulty)."""
    from boardroom.titles.lost_atlas.rounds import flow

    solo = _solo(state)
    out = [m for m in flow.minors_in_game(state)
           if m != solo.drawn and _home_ref(state, m) is not None]
    wanted = state.options.get(OPTION, "any")
    if wanted == "any":
        return out
    fitting = [m for m in out if preview(state, m)[1] == wanted]
    return fitting or out


def preview(state: LostAtlasState, minor: str) -> tuple[int, str]:
    """(network value, difficulty) the Conglomerate would have with ``minor``."""
    trial = state.copy()
    _form(trial, minor, [])
    solo = _solo(trial)
    return solo.network_value, solo.difficulty


def legal_setup(state: LostAtlasState, seat: int) -> list[Action]:
    if seat != 0:
        return []
    return [ChooseConglomerate(m) for m in partners(state)]


def check_setup(state: LostAtlasState, action: Action, seat: int) -> IllegalAction | None:
    if not isinstance(action, ChooseConglomerate):
        return IllegalAction(RULE + "setup", "first name the Conglomerate's second minor "
                             "('conglomerate <minor>')")
    choices = partners(state)
    if action.minor not in choices:
        return IllegalAction(RULE + "setup", f"{action.minor!r} cannot join the "
                             f"{NAME} now (choose one of {', '.join(choices)})")
    return None


def apply_setup(state: LostAtlasState, action: Action, log: list[str]) -> None:
    from boardroom.titles.lost_atlas.rounds import flow, stock_round

    assert isinstance(action, ChooseConglomerate)
    _form(state, action.minor, log)
    flow.deal_matrix(state, log)
    state.round = STOCK
    stock_round.start(state, log)


def _form(state: LostAtlasState, chosen: str, log: list[str]) -> None:
    """Form the Conglomerate from the drawn minor and ``chosen``."""
    rules_ = _rules(state)
    solo = _solo(state)
    comp = state.components
    charter = comp.major_charter
    cong_id = next(iter(comp.majors))  # PROVISIONAL: the first major charter of the data
    solo.company = cong_id
    solo.minors = [solo.drawn, chosen]
    shares = Company(NAME, total=rules_.shares, president_shares=rules_.held_shares,
                     share_percent=charter.share_percent, max_percent=charter.max_percent)
    shares.president = CONGLOMERATE
    shares.players = {CONGLOMERATE: rules_.held_shares}
    shares.treasury = rules_.charter_shares  # under the charter, issued later
    shares.pool = rules_.pool_shares
    corp = Corp(id=cong_id, kind=MAJOR, name=NAME, abbreviation="CGL", abilities=frozenset(),
                shares=shares, hub_costs=list(rules_.hub_costs), operated=False,
                minors=(solo.drawn, chosen))
    state.corps[cong_id] = corp
    state.ledger.open(company_account(cong_id))
    state.ledger.pay(BANK, company_account(cong_id), rules_.treasury)
    names = " and ".join(comp.minors[m].name for m in solo.minors)
    log.append(f"The {NAME} is formed from {names}: treasury {rules_.treasury}, hubs on "
               f"both homes and {len(rules_.hub_costs)} on its charter.")
    for minor in solo.minors:
        ref = _home_ref(state, minor)
        assert ref is not None
        _claim_home(state, minor, ref)
    deck = [card for m in solo.minors for card in _cards(state, m)]
    state.rng.shuffle(deck)
    solo.deck = deck
    # Initial network: yellow track joining the two homes.
    second = state.board.hubs_of(cong_id)
    target_hexes = {ref[0] for ref in second if _home_minor(state, ref) == chosen}
    start = [ref for ref in second if ref[0] not in target_hexes]
    laid = _lay_path(state, start, target_hexes, limit=None, log=log, sources=start)
    if laid is None:
        log.append(f"No yellow track can join the two homes: the {NAME} starts with its "
                   f"two hubs only.")
    value = network_value(state)
    low, high = rules_.price_range
    held = min(max(value, low), high)
    price = min(state.stock.values, key=lambda v: (abs(v - held), v))
    state.stock.enter(cong_id, state.stock.index_of(price))
    solo.network_value = value
    solo.difficulty = ("easy" if value <= rules_.easy_max
                       else "medium" if value <= rules_.medium_max else "hard")
    log.append(f"The {NAME}'s network is worth {value} ({solo.difficulty}); its share price "
               f"is {price}. Action deck: {', '.join(solo.deck)}.")


def _home_minor(state: LostAtlasState, ref: StopRef) -> str | None:
    return state.board.spaces[ref[0]].home


def _cards(state: LostAtlasState, minor: str) -> list[str]:
    charter = state.components.minor_charter
    return [f"{minor}:{PRESIDENT_CARD}"] + [f"{minor}:{SHARE_CARD}"] * charter.shares


def _claim_home(state: LostAtlasState, minor: str, ref: StopRef) -> None:
    board = state.board
    board.reserved = {r: m for r, m in board.reserved.items() if m != minor}
    board.place_hub(ref, _solo(state).company)


def network_value(state: LostAtlasState) -> int:
    """Total city revenue of the stops the Conglomerate reaches (Distant Destinations
    not counted: PROVISIONAL)."""
    board = state.board
    return sum(board.stop(ref).revenue for ref in sorted(_reach(state).stops)
               if board.stop(ref).kind == CITY)


# -- the board -----------------------------------------------------------------------------
def _operator(state: LostAtlasState) -> Operator:
    cong = company(state)
    assert cong is not None
    return Operator(cong, frozenset(), state.treasury(cong), True)


def _reach(state: LostAtlasState) -> Reach:
    return track_laying.trace_for(state.board, _operator(state))


def _yellow_able(board: Board, h: Hex, through: bool) -> bool:
    """May a first (yellow) tile go on ``h``? ``through``: as a hex the path passes
    (not a home of an unlaunched minor)."""
    space = board.spaces.get(h)
    if space is None:
        return False
    if space.terrain in (BLANK, MOUNTAIN):
        return h not in board.track.laid
    if space.terrain == CITY and space.printed is None:
        current = board.tile_at(h)
        if current is not None and current[0].colour != EMPTY_COLOUR:
            return False
        return not (through and any(ref[0] == h for ref in board.reserved))
    return False


Step = tuple[Hex, int | None, int | None]
"""A hex of a planned path: (hex, entry edge, exit edge); None where the tile is an end."""


def plan_path(board: Board, op: Operator, reach: Reach, starts: list[StopRef],
              targets: set[Hex]) -> list[Step] | None:
    """The cheapest chain of yellow lays from the network to a target hex.

    Fixed rule (PROVISIONAL): fewest new tiles, then least terrain cost, then the
    smallest hexes and edges (Dijkstra with deterministic tie-breaks). A path may start
    at an untiled city of the network (``starts``) or from an open track end, may pass
    through untiled basic cities (city tiles), never through a reserved home, and ends
    in a target: an untiled city (a city tile is laid there), a tile whose track meets
    the path, or a Distant Destination side."""
    Node = tuple[Hex, int | None]
    heap: list[tuple[int, Hex, int, tuple[tuple[int, ...], ...], list[Step]]] = []
    seen: set[Node] = set()
    for h, edges in sorted(reach.entries.items()):
        if _yellow_able(board, h, through=h not in targets):
            for e in sorted(edges):
                if h in targets:
                    return [(h, e, None)]
                first: list[Step] = [(h, e, None)]
                heapq.heappush(heap, (100 + board.spaces[h].cost, h, e, _order(first), first))
    for ref in sorted(starts):
        h = ref[0]
        if _yellow_able(board, h, through=False):
            begin: list[Step] = [(h, None, None)]
            heapq.heappush(heap, (100 + board.spaces[h].cost, h, -1, _order(begin), begin))
    while heap:
        cost, h, entry, _, path = heapq.heappop(heap)
        node: Node = (h, None if entry < 0 else entry)
        if node in seen:
            continue
        seen.add(node)
        for out in range(6):
            if out == node[1]:
                continue
            if track_laying.exit_problem(board, h, frozenset({out}), op) is not None:
                continue
            n = neighbour(h, out)
            step = (h, node[1], out)
            steps = [*path[:-1], step]
            back = opposite(out)
            if n in targets:
                space = board.spaces[n]
                if space.terrain == DESTINATION:
                    return steps
                if _yellow_able(board, n, through=False):
                    return [*steps, (n, back, None)]
                current = board.tile_at(n)
                if current is not None and back in current[0].exits(current[1]):
                    return steps
                continue
            if _yellow_able(board, n, through=True) and (n, back) not in seen:
                longer: list[Step] = [*steps, (n, back, None)]
                heapq.heappush(heap, (cost + 100 + board.spaces[n].cost, n, back,
                                      _order(longer), longer))
    return None


def _order(path: list[Step]) -> tuple[tuple[int, ...], ...]:
    """A path as the heap's last tie-break: its hexes and edges, an end (None) as -1.

    Two paths of equal cost to the same hex and edge used to be compared as lists, and a
    start city's ``None`` entry against another path's edge raised TypeError. This key
    orders them as the list comparison did wherever it worked (-1 sorts below every
    edge), and equal keys mean equal paths, so the path itself is never compared.
    """
    return tuple((h[0], h[1], -1 if e is None else e, -1 if o is None else o)
                 for h, e, o in path)


def _tile_for(board: Board, op: Operator, step: Step) -> track_laying.TileLay | None:
    """The first yellow tile (data order, then rotation) that fits a step and is legal."""
    h, entry, out = step
    needed = {e for e in (entry, out) if e is not None}
    for tile_id in track_laying.first_tiles(board, h, op):
        if board.supply.get(tile_id, 0) <= 0:
            continue
        tile = board.components.tiles[tile_id]
        for rotation in tile.distinct_rotations():
            exits = tile.exits(rotation)
            if not needed <= exits or (len(needed) == 2 and exits != needed):
                continue
            lay = track_laying.TileLay(h, tile_id, rotation)
            if track_laying.check_lay(board, op, ("yellow",), track_laying.LayBudget(),
                                      lay) is None:
                return lay
    return None


def _lay_path(state: LostAtlasState, starts: list[StopRef], targets: set[Hex],
              limit: int | None, log: list[str],
              sources: list[StopRef] | None = None) -> int | None:
    """Plan and lay (up to ``limit``) yellow tiles toward ``targets``; the number laid,
    or None if no path exists. ``sources``: trace only from these hubs (the initial
    network grows from the drawn minor's home)."""
    board = state.board
    cong = company(state)
    assert cong is not None
    reach = _reach(state) if sources is None else board.track.trace(
        sources, lambda ref: board.blocks(ref, cong))
    path = plan_path(board, _operator(state), reach, starts, targets)
    if path is None:
        return None
    laid = 0
    for step in path:
        if limit is not None and laid >= limit:
            break
        op = _operator(state)
        lay = _tile_for(board, op, step)
        if lay is None:
            break
        result = track_laying.lay(board, op, track_laying.LayBudget(), lay)
        if result.cost:
            state.ledger.pay(company_account(cong), BANK, result.cost)
        if result.income:
            state.ledger.pay(BANK, company_account(cong), result.income)
        log.append(f"The {NAME} lays {lay.tile} on {lay.hex[0]},{lay.hex[1]} (r{lay.rotation})"
                   + (f", paying {result.cost}" if result.cost else "") + ".")
        laid += 1
    return laid


# -- the Operating Round -----------------------------------------------------------------
def operate(state: LostAtlasState, log: list[str]) -> None:
    """The Conglomerate's whole Operating Round turn."""
    rules_ = _rules(state)
    cong = company(state)
    assert cong is not None
    if state.or_number == 1 and state.cycle in rules_.issue_cycles:
        issue(state, log)
    buy_train(state, log)
    act(state, log)
    if (state.cycle == 1 and state.or_number == 1
            and _solo(state).difficulty in ("medium", "hard")):
        _place_hub(state, capital_only=True, log=log)
    pay(state, log)


def issue(state: LostAtlasState, log: list[str]) -> None:
    """Issue one under-charter share to the pool: the treasury gains the price, the
    price drops one space (the pool limit does not stop it: PROVISIONAL)."""
    from boardroom.titles.lost_atlas.rounds import flow

    cong = company(state)
    assert cong is not None
    shares = state.corps[cong].shares
    if shares.treasury <= 0:
        return
    price = state.price(cong)
    shares.treasury -= 1
    shares.pool += 1
    state.ledger.pay(BANK, company_account(cong), price)
    state.stock.move(cong, -1)
    log.append(f"The {NAME} issues a share to the pool for {price}; its price drops to "
               f"{state.price(cong)}.")
    flow.check_dissolution(state, cong, log)


def current_train(state: LostAtlasState) -> str | None:
    """The train on offer now: the top of the stack (a grey card as its 7 face), or the
    unlimited grey card once the stack is empty."""
    from boardroom.titles.lost_atlas.rounds.operating.train_market import stack_choices

    choices = stack_choices(state)
    return choices[0] if choices else None


def train_cost(state: LostAtlasState, train: str) -> int:
    """The difference between ``train`` and its last train (the full price for the
    first: PROVISIONAL); never below 0."""
    comp = state.components
    trains = _solo(state).trains
    last = comp.trains[trains[-1]].price if trains else 0
    return max(0, comp.trains[train].price - last)


def buy_train(state: LostAtlasState, log: list[str]) -> None:
    """Buy the current train paying the difference to the last one; it takes the card
    off the stack (phases and rust follow as for any purchase), keeps every train (no
    limit) and its trains never rust."""
    from boardroom.titles.lost_atlas.rounds import trains as train_rules

    cong = company(state)
    assert cong is not None
    train = current_train(state)
    if train is None:
        return
    cost = train_cost(state, train)
    if cost > state.treasury(cong):
        log.append(f"The {NAME} cannot pay {cost} for a {train}-train and buys none.")
        return
    if state.trains:
        state.trains.pop(0)
    state.ledger.pay(company_account(cong), BANK, cost)
    _solo(state).trains.append(train)
    log.append(f"The {NAME} buys a {train}-train for {cost}.")
    train_rules.gained(state, train, log)


def train_size(state: LostAtlasState) -> int | None:
    """Stops of its newest train (None: the ∞, unlimited); 0 without a train."""
    trains = _solo(state).trains
    if not trains:
        return 0
    return state.components.trains[trains[-1]].stops


def act(state: LostAtlasState, log: list[str]) -> None:
    """Flip the top card of the action deck (a used deck is reshuffled: PROVISIONAL).
    A single share: a basic action; a president's certificate: place a charter hub,
    else a basic action (PROVISIONAL reading of 'special action')."""
    solo = _solo(state)
    if not solo.deck:
        solo.deck, solo.discard = solo.discard, []
        state.rng.shuffle(solo.deck)
    if not solo.deck:
        return
    card = solo.deck.pop(0)
    solo.discard.append(card)
    log.append(f"The {NAME} turns over {card}.")
    if card.endswith(PRESIDENT_CARD) and _place_hub(state, capital_only=False, log=log):
        return
    basic_action(state, log)


def targets(state: LostAtlasState) -> list[set[Hex]]:
    """Targets of a basic action, by priority: capitals, unlaunched minors' homes,
    Distant Destinations, basic cities (those it does not reach yet)."""
    board = state.board
    reached = {ref[0] for ref in _reach(state).stops}
    capitals, homes, dests, cities = set(), set(), set(), set()
    for h, space in board.spaces.items():
        if h in reached:
            continue
        if space.terrain == DESTINATION:
            dests.add(h)
        elif space.terrain == CITY:
            if space.capital:
                capitals.add(h)
            elif any(ref[0] == h for ref in board.reserved):
                homes.add(h)
            else:
                cities.add(h)
    return [capitals, homes, dests, cities]


def basic_action(state: LostAtlasState, log: list[str]) -> None:
    """Lay up to two yellow tiles toward the nearest target of the highest priority."""
    cong = company(state)
    assert cong is not None
    hubs = state.board.hubs_of(cong)
    for group in targets(state):
        if group and _lay_path(state, hubs, group, MAX_BASIC_TILES, log):
            return
    log.append(f"The {NAME} lays no track.")


def _place_hub(state: LostAtlasState, capital_only: bool, log: list[str]) -> bool:
    """Place its cheapest charter hub on the best city spot it reaches with a free slot:
    a capital first, then the highest revenue (then the smallest hex)."""
    from boardroom.titles.lost_atlas.board import hubs

    cong = company(state)
    assert cong is not None
    corp = state.corps[cong]
    if not corp.hub_costs:
        return False
    cost = min(corp.hub_costs)
    op = _operator(state)
    board = state.board
    spots = hubs.legal_hub_spots(board, op, cost)
    if capital_only:
        spots = [s for s in spots if board.spaces[s[0]].capital]
    if not spots:
        return False
    spot = min(spots, key=lambda s: (not board.spaces[s[0]].capital, -board.stop(s).revenue, s))
    corp.hub_costs.remove(cost)
    state.ledger.pay(company_account(cong), BANK, cost)
    board.place_hub(spot, cong)
    log.append(f"The {NAME} places a hub at {spot[0][0]},{spot[0][1]} for {cost}.")
    return True


def income(values: list[tuple[int, bool]], count: int | None) -> int:
    """The sum of the ``count`` best values (None: all), a hub city counted twice (it
    takes two of the count).

    >>> income([(20, True), (40, False), (20, True), (30, False)], 4)
    110
    """
    items = sorted((v for v, hub in values for _ in range(2 if hub else 1)), reverse=True)
    return sum(items if count is None else items[:count])


def stop_values(state: LostAtlasState) -> list[tuple[int, bool]]:
    """(value, has its hub) of every stop the Conglomerate reaches."""
    cong = company(state)
    assert cong is not None
    board = state.board
    dd = routes.destination_values(state.components, state.phase, state.destination_values)
    out = []
    for ref in sorted(_reach(state).stops):
        stop = board.stop(ref)
        if stop.kind == DESTINATION:
            dest = board.spaces[ref[0]].destination or ""
            value = dd if isinstance(dd, int) else dd.get(dest, 0)
        else:
            value = stop.revenue
        out.append((value, cong in board.hubs.get(ref, ())))
    return out


def revenue(state: LostAtlasState) -> int:
    """N = train size x its hubs on the map; the N best values it reaches."""
    cong = company(state)
    assert cong is not None
    size = train_size(state)
    if size == 0:
        return 0
    hubs = len(state.board.hubs_of(cong))
    return income(stop_values(state), None if size is None else size * hubs)


def pay(state: LostAtlasState, log: list[str]) -> None:
    """Always paid out: its own shares pay its treasury, the player's pay the player,
    the under-charter shares pay the treasury (as any treasury share does), pool
    shares pay nobody."""
    from boardroom.titles.lost_atlas.rounds.operating.payout import no_revenue, pay_out

    cong = company(state)
    assert cong is not None
    amount = revenue(state)
    if amount <= 0:
        no_revenue(state, cong, "earns nothing", log)
        return
    pay_out(state, cong, amount, log)


# -- the Stock Round -----------------------------------------------------------------------
def sell_threshold(state: LostAtlasState) -> int:
    """The phase's top launch price: it sells shares priced above it."""
    return max(state.components.stock_track.launch[state.phase])


def check_player_share_deal(state: LostAtlasState, company_id: str, source: str | None
                            ) -> IllegalAction | None:
    """The player may buy Conglomerate shares only from the pool, and may sell them only
    once it has operated."""
    if not is_conglomerate(state, company_id):
        return None
    if source is not None and source != "pool":
        return IllegalAction(RULE + "buy-pool", f"the {NAME}'s shares are bought only "
                             "from the bank pool")
    if source is None and not state.corps[company_id].operated:
        return IllegalAction(RULE + "sell-unoperated", f"the {NAME} has not operated yet")
    return None


def stock_round(state: LostAtlasState, log: list[str]) -> None:
    """Its Stock Round, after the player's: sell, then buy (in operating order)."""
    from boardroom.titles.lost_atlas.rounds import flow

    cong = company(state)
    if cong is None:
        return
    top = sell_threshold(state)
    sold: set[str] = set()
    for cid in state.stock.operating_order():
        corp = state.corps.get(cid)
        if corp is None or cid == cong:
            continue
        held = corp.shares.held(CONGLOMERATE)
        if held and state.price(cid) > top and corp.shares.pool + held <= corp.shares.pool_limit:
            price = state.price(cid)
            corp.shares.take(CONGLOMERATE, held)
            corp.shares.pool += held
            state.ledger.pay(BANK, company_account(cong), price * held)
            state.stock.move(cid, -1)
            sold.add(cid)
            log.append(f"The {NAME} sells {held} {corp.name} at {price}; the price drops to "
                       f"{state.price(cid)}.")
            flow.check_dissolution(state, cid, log)
    for cid in state.stock.operating_order():
        corp = state.corps.get(cid)
        if corp is None or cid == cong or cid in sold or corp.shares.held(CONGLOMERATE):
            continue
        if corp.shares.president is None or corp.shares.president < 0:
            continue
        price = state.price(cid)
        if price > top or price > state.treasury(cong):
            continue
        shares = corp.shares
        if corp.kind == MINOR and shares.treasury > 0:
            shares.treasury -= 1
            state.ledger.pay(company_account(cong), company_account(cid), price)
            source = "treasury"
        elif shares.pool > 0:
            shares.pool -= 1
            state.ledger.pay(company_account(cong), BANK, price)
            source = "pool"
        else:
            continue
        shares.give(CONGLOMERATE, 1)
        log.append(f"The {NAME} buys a {corp.name} share from the {source} for {price}.")


# -- the Merger Round ----------------------------------------------------------------------
def merger_round(state: LostAtlasState, log: list[str]) -> None:
    """With a spare hub, absorb one unlaunched minor whose home it reaches (the first in
    the matrix, column by column: PROVISIONAL); hard: Tunneling in the first Merger
    Round, reached or not."""
    cong = company(state)
    if cong is None:
        return
    solo = _solo(state)
    solo.absorbed_in += 1
    corp = state.corps.get(cong)
    if corp is None or not corp.hub_costs:
        return
    unlaunched = [m for column in state.matrix for m in column]
    reached = _reach(state).stops
    choice = None
    if solo.difficulty == "hard" and solo.absorbed_in == 1:
        choice = next((m for m in unlaunched
                       if state.components.minors[m].ability == TUNNELING
                       and _home_ref(state, m) is not None), None)
    if choice is None:
        choice = next((m for m in unlaunched if _home_ref(state, m) in reached), None)
    if choice is None:
        return
    absorb(state, choice, log)


def absorb(state: LostAtlasState, minor: str, log: list[str]) -> None:
    cong = company(state)
    assert cong is not None
    solo = _solo(state)
    corp = state.corps[cong]
    ref = _home_ref(state, minor)
    assert ref is not None
    corp.hub_costs.remove(max(corp.hub_costs))  # a spare hub; absorbing is free
    _claim_home(state, minor, ref)
    for column in state.matrix:
        if minor in column:
            column.remove(minor)
    solo.minors.append(minor)
    solo.deck.extend(_cards(state, minor))
    state.rng.shuffle(solo.deck)
    state.stock.move(cong, 1)
    log.append(f"The {NAME} absorbs {state.components.minors[minor].name}: a hub on its home, "
               f"its certificates into the action deck; the price rises to "
               f"{state.price(cong)}.")


# -- the end -------------------------------------------------------------------------------
def conglomerate_score(state: LostAtlasState) -> int:
    """Treasury plus the market value of the shares it holds (its own included)."""
    cong = company(state)
    if cong is None or cong not in state.corps:
        return 0
    value = state.treasury(cong)
    for cid, corp in state.corps.items():
        value += corp.shares.held(CONGLOMERATE) * state.price(cid)
    return value


TIE_RULE = "Solo: the player wins only with a score higher than the Conglomerate's"


def result(state: LostAtlasState, player_score: int) -> tuple[Result, str]:
    """The Result (the only seat ranks only if it beats the Conglomerate) and a log line."""
    theirs = conglomerate_score(state)
    _solo(state).score = theirs
    won = player_score > theirs
    outcome = Result(scores=(player_score,), ranking=((0,),) if won else (),
                     tie_rule=f"{TIE_RULE} ({theirs})")
    who = state.players[0] if won else f"the {NAME}"
    return outcome, (f"Final scores: {state.players[0]} {player_score}, the {NAME} {theirs}: "
                     f"{who} wins.")


# -- the extension points (see rounds/points.py and variants/table.py) ------------------------
def _begin_after_map(state: LostAtlasState, log: list[str]) -> bool:
    if not active(state):
        return False
    begin(state, log)  # the player names the Conglomerate's second minor first
    return True


def _final_result(state: LostAtlasState, final: tuple[int, ...], reason: str,
                  log: list[str]) -> bool:
    if not active(state):
        return False
    state.result, line = result(state, final[0])  # the player against the Conglomerate
    log.extend([f"The game ends: {reason}.", line])
    return True


def _operate_itself(state: LostAtlasState, company_id: str, log: list[str]) -> bool:
    if not is_conglomerate(state, company_id):
        return False
    operate(state, log)
    return True


def check_map(components: Components, options: Mapping[str, Any], homes: set[str]) -> None:
    """A custom map for a Solo Game needs two minors' homes (not Adaptive's) on it: the
    Conglomerate is formed of two reserved homes."""
    if components.mode(options["mode"]).conglomerate is None:
        return
    adaptive = {m.id for m in components.minors.values() if m.ability == ADAPTIVE}
    if len(homes - adaptive) < 2:
        raise OptionError("option map: the Solo Game forms the Conglomerate of two "
                          "minors with homes on the map (not Adaptive); this map shows "
                          f"{len(homes - adaptive)} [rule lost_atlas.solo.setup]")


def _hex(h: tuple[int, int]) -> str:
    return f"{h[0]},{h[1]}"


def describe(state: LostAtlasState) -> dict[str, Any] | None:
    """The Solo Game's Conglomerate for the view: its trains, its action deck (face up:
    the cards left, top first, and the used ones), its treasury, price, hubs and running
    score. None outside the Solo Game, and before the first minor is drawn."""
    solo = record(state)
    if solo is None:
        return None
    out: dict[str, Any] = {
        "name": NAME,
        "drawn": solo.drawn,
        "company": solo.company or None,
        "minors": list(solo.minors),
        "trains": list(solo.trains),
        "deck": list(solo.deck),
        "next": solo.deck[0] if solo.deck else None,
        "discard": list(solo.discard),
        "network_value": solo.network_value,
        "difficulty": solo.difficulty or None,
    }
    cong = company(state)
    if cong is None or cong not in state.corps:  # not formed yet
        return out
    corp = state.corps[cong]
    out.update(
        treasury=state.treasury(cong),
        price=state.price(cong),
        hubs=[f"{_hex(ref[0])}/{ref[1]}" for ref in sorted(state.board.hubs_of(cong))],
        charter_hubs=list(corp.hub_costs),
        train_size=train_size(state),  # stops of its newest train; None: unlimited
        income=revenue(state) if state.round != OVER else corp.last_revenue,
        shares_held={cid: c.shares.held(CONGLOMERATE)
                     for cid, c in sorted(state.corps.items())
                     if c.shares.held(CONGLOMERATE)},
        score=conglomerate_score(state) if solo.score is None else solo.score,
    )
    return out


def _view_section(state: LostAtlasState, view: dict[str, Any]) -> None:
    if (conglomerate := describe(state)) is not None:
        view["solo"] = conglomerate


SETUP_ROUND = VariantRound(
    to_act=lambda state: (0,), legal=legal_setup, check=check_setup,
    apply=lambda state, action, seat, log: apply_setup(state, action, log))
"""The Solo Game's setup (round :data:`SETUP`): the player names the second minor."""


def attach(points: Points) -> None:
    """The Solo Game: its option, its setup after the map, the Conglomerate as a seat and
    share holder with its own turns in every round, and the result against its score."""
    points.options[OPTION] = "any"
    points.check_options.append(
        lambda options, mode: normalize_option(options, mode.conglomerate is not None))
    points.check_map.append(check_map)
    points.parse_action.append(parse)
    points.rounds[SETUP] = SETUP_ROUND
    points.view_sections.append(_view_section)
    points.map_built.append(_begin_after_map)
    points.taken_minors.append(taken_minors)
    points.final_result.append(_final_result)
    points.check_share_deal.append(
        lambda state, company_id, source: check_player_share_deal(state, company_id, source)
        if active(state) else None)
    points.presides_itself.append(is_conglomerate)
    points.stock_round_end.append(
        lambda state, log: stock_round(state, log) if active(state) else None)
    points.seat_name.append(lambda state, seat: NAME if seat == CONGLOMERATE else None)
    points.holder_account.append(
        lambda state, holder: account(state, holder) if holder == CONGLOMERATE else None)
    points.automated_turn.append(_operate_itself)
    points.merger_round_start.append(
        lambda state, log: merger_round(state, log) if active(state) else None)
