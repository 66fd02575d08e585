"""A heuristic Railways of the Lost Atlas bot: it plays a whole game sensibly.

The bot sees what a player at the table sees. In the Lost Atlas everything is public but
the order of the map stack (and of the undrawn Distant Destination cards): the board, the
tiles, the hubs, every company's treasury, trains and shareholders, the stock track, the
face-up train stack and the pool. It reads those facts through :class:`Public`, which
exposes nothing else (never the random generator nor the map builder), and evaluates its
choices with the title's own pure rule helpers (``routes.company_routes``,
``track_laying.trace_for``) on copies of the public board. Equal scores are broken by its
seeded :class:`~boardroom.core.rng.Rng`, so a bot with a given seed always plays the same
game; whatever it plays is one of ``game.legal_actions(seat)``.

What it does, by round (the constants below are the knobs):

* Map building: a random legal placement (its rng), like the random bot.
* Stock Round, in this order of preference:

  - sell the shares of a company whose expected worth over the next two Operating
    Rounds (dividends and price moves, from its best routes with the trains it has or
    can afford) falls by more than the one-step drop the sale itself costs the bot's
    remaining shares;
  - open an auction when a minor is available, at twice the highest printed launch
    price its cash allows, if that bid also pays for the train the minor will find
    (minors launched but not yet operated take the trains ahead of it) and two or more
    Operating Rounds are left;
  - buy the share with the best expected return over the next two Operating Rounds, as
    a fraction of its price, if it is positive (a little more from its own company's
    treasury; more if the purchase makes the company fully owned by players);
  - pass.

  In an auction it raises by the minimum step up to its value of the best available
  minor: twice the phase's highest launch price (what its two shares will be worth)
  plus a premium, between -40 and +40, for the stops within three hexes of the home
  over land (as track could reach them) and for the ability. The winner launches the
  minor with the best premium (Adaptive: at the best home).
* Operating Round:

  - leadoff: the best affordable train (revenue over its life less half its price);
  - shares: issue one only when the company has no train, lacks money for one, and
    the drop costs the president less than the money raised;
  - track: every legal lay is scored by the company's best route revenue with its
    trains, plus half the revenue of a train two stops longer, plus 0.3 times a
    "frontier" term (unreached cities and destinations near the open ends of its track),
    less half any terrain cost. Lays that only extend a dead end cannot change the
    routes and are scored by the frontier alone; the others (the twelve best by the
    frontier) are laid on a copy of the board and their routes computed. It lays the
    best if it beats not laying, else passes;
  - hubs and suburb tokens go where they add the most revenue (a hub only if that
    revenue over the coming rounds pays for it);
  - it runs the listed best routes and pays out, unless the company lacks the money for
    a train it will soon have to buy (it has none, or all its trains are about to rust)
    and the withheld money, which the president would otherwise have to put in, is
    worth more than the president's dividends and the price steps a payout gains;
  - trains: it buys the train whose revenue over its expected life (until the card that
    rusts it is expected off the stack, at most to the end of the game), plus half the
    price of the replacement it saves if all the company's trains would rust before the
    end, less what the rust it sets off costs the president's other companies, is at
    least 0.75 times its price (0.4 in the last three Operating Rounds, when treasury
    money is soon worth nothing). So it replaces trains before they rust and avoids
    trains about to rust when a better one is affordable. With no train it buys the
    best affordable one, asks one of its president's other companies for a spare, or
    makes the forced purchase, selling the shares it values least first;
  - it agrees to sell a train only for its printed price (half if it is about to rust)
    and only if the seller keeps a train; over the limit it discards its weakest train.
* Merger Round (green phase and later): it proposes, or accepts, the merger worth the
  most to it if positive: the change in its shares' worth at the merged price, plus its
  part of the major's revenue (both minors' trains up to the major's limit and their
  hubs together) against its parts of the two minors' revenues over the Operating
  Rounds left, plus a small bonus a round for what a major may do that a minor may not.
  It proposes only a merger the other minor's president would accept by the same
  measure (issue 16: it used to propose mergers scored by its own gain alone, which the
  other president, asked "accept or refuse", then refused every time — the proposal was
  legal and listed, but bound to fail). It chooses the first available major. With
  Hostile Mergers it proposes the same way (among the pairs it owns shares of) and
  votes for a merger worth more than nothing to it, against one worth less (abstaining
  at exactly nothing).

>>> import boardroom
>>> from boardroom.bots import make_bot
>>> make_bot("heuristic", seed=1).name
'heuristic'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from boardroom.bots.base import Bot, register_bot
from boardroom.core.game import Game
from boardroom.core.rng import Rng
from boardroom.core.title import Action
from boardroom.map.hexes import Hex, distance, neighbour, opposite
from boardroom.map.tiles import TileDef
from boardroom.map.track import StopRef
from boardroom.market.stock_track import StockTrack
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board import routes
from boardroom.titles.lost_atlas.board.board import BORDER, DESTINATION, EMPTY_COLOUR, WATER, Board
from boardroom.titles.lost_atlas.board.components import Components
from boardroom.titles.lost_atlas.board.hubs import PlaceHub, PlaceSuburb, adaptive_homes
from boardroom.titles.lost_atlas.board.operator import (
    ADAPTIVE,
    AGRICULTURAL,
    BRIDGING,
    EASTERN_MINING,
    EXPANSIVE,
    EXPRESS,
    NORTHERN_PORT,
    OVERNIGHT,
    RESOURCEFUL,
    SPACIOUS,
    SUBURBAN,
    TUNNELING,
    Operator,
)
from boardroom.titles.lost_atlas.board.track_laying import TileLay, trace_for
from boardroom.titles.lost_atlas.rounds.merger_round import (
    Accept,
    ChooseMajor,
    Propose,
    Refuse,
)
from boardroom.titles.lost_atlas.rounds.operating_round import (
    HUB,
    LEADOFF,
    PAYOUT,
    POOL,
    RUN,
    SHARES,
    TRACK,
    TRAINS,
    Agree,
    BuyTrain,
    Decline,
    ForceTrain,
    Issue,
    Liquidate,
    OfferTrain,
    Payout,
    Run,
    Withhold,
)
from boardroom.titles.lost_atlas.rounds.stock_round import (
    Bid,
    Buy,
    Done,
    Launch,
    Sell,
    StartAuction,
)
from boardroom.titles.lost_atlas.rounds.trains import Discard
from boardroom.titles.lost_atlas.state import (
    MAJOR,
    MAP,
    MERGER,
    MINOR,
    OPERATING,
    STOCK,
    Auction,
    Corp,
    LostAtlasState,
    StockRound,
)
from boardroom.titles.lost_atlas.variants import bank_break, landmarks
from boardroom.titles.lost_atlas.variants.headquarters import TAX, KeepHQ, PlaceHQ
from boardroom.titles.lost_atlas.variants.hostile_mergers import ABSTAIN, NO, YES, Vote

# -- knobs ------------------------------------------------------------------------------------
FUTURE_WEIGHT = 0.5
"""Weight of the revenue a longer future train would earn, when scoring tile lays."""
FRONTIER_WEIGHT = 0.3
"""Weight of the frontier term (unreached stops near the ends of the track)."""
ALL_SIDES = frozenset(range(6))
FRONTIER_DECAY = (1.0, 0.5, 0.25, 0.1)
"""How much an unreached stop counts at distance 0, 1, 2, 3 from an open track end."""
LAY_MIN_GAIN = 0.5
"""A lay must raise the score by this much to be laid (otherwise the bot passes)."""
TERRAIN_WEIGHT = 0.5
"""Weight of a terrain cost against the score of a lay."""
MAX_LAYS_SCORED = 12
"""At most this many lays that may change the routes are scored with routes (the best
by the frontier term); the others are left out."""
HOME_DECAY = (0.0, 0.5, 0.3, 0.15)
"""How much a stop counts at distance 1, 2, 3 from a minor's home."""
HOME_PREMIUM_CAP = 40
"""The most the bot bids above (or below, for a poor one) twice the top launch price."""
HOME_POTENTIAL_PAR = 50
HOME_WEIGHT = 0.6
"""A home's premium is ``HOME_WEIGHT`` times how far its potential (the median of the
homes on random Long maps is about 50) is above ``HOME_POTENTIAL_PAR``."""
ABILITY_PREMIUM = {
    ADAPTIVE: 10, AGRICULTURAL: 10, BRIDGING: 0, EASTERN_MINING: 10, EXPANSIVE: 15,
    EXPRESS: 15, NORTHERN_PORT: 5, OVERNIGHT: 10, RESOURCEFUL: 10, SPACIOUS: 10,
    SUBURBAN: 10, TUNNELING: 5,
}
"""What each ability adds to a minor's value in an auction."""
OTHERS_PAY_OUT = 0.75
"""The chance the bot gives another president of paying out rather than withholding."""
BUY_MIN_RETURN = 0.0
"""A share is bought when its expected return over two Operating Rounds, as a fraction
of its price, is above this."""
OWN_TREASURY_BONUS = 0.05
"""Extra return for buying from the treasury of a company the bot presides over (the
money stays in its company)."""
SELL_MIN_GAIN = 0.1
"""A sale must be worth this fraction of the share price to be made."""
TRAIN_VALUE_RATIO = 0.75
"""An optional train is bought when its revenue over its life is this many times its
price."""
TRAIN_VALUE_RATIO_LATE = 0.4
LATE_ORS = 3
"""... and this many times once no more than ``LATE_ORS`` Operating Rounds are left
(money left in a treasury is worth nothing at the end)."""
NEED_SOON_ORS = 1.0
"""A company whose trains all rust within this many Operating Rounds needs a new one."""
STRAND_WEIGHT = 0.5
"""Weight of the price of the train a company must buy once all its trains rust."""
MUST_BUY_PRICE_WEIGHT = 0.5
"""When a train must be bought: maximise revenue over its life minus this times price."""
CARDS_PER_COMPANY_OR = 0.35
"""Trains taken from the stack per Operating Round, per company on the stock track."""
EXPORT_PER_OR = 0.5
"""The export takes one card a cycle: half a card per Operating Round."""
MERGER_BONUS_PER_OR = 5.0
"""What being a major (more hubs, a higher train limit) is worth per Operating Round."""


# -- what a player may see --------------------------------------------------------------------
class Public:
    """The public facts of a Lost Atlas position, read from the game state.

    Only what every player sees at the table is exposed here (the same facts
    ``game.view`` shows): the board and its tokens, the stock track, the companies, the
    players' cash and treasuries, the face-up train stack and the pool, the phase, the
    round and its public sub-state. The state's random generator and the map builder
    (the hidden order of the map stack) are never read.
    """

    def __init__(self, state: LostAtlasState) -> None:
        self.components: Components = state.components
        self.board: Board = state.board
        self.stock: StockTrack = state.stock
        self.corps: dict[str, Corp] = state.corps
        self.trains: list[str] = state.trains
        self.pool: list[str] = state.pool
        self.phase: str = state.phase
        self.bought: set[str] = state.bought
        self.cycle: int = state.cycle
        self.round: str = state.round
        self.or_number: int = state.or_number
        self.mode: str = state.mode
        self.options: dict[str, Any] = state.options
        self.destination_cards: dict[str, str] = state.destination_values
        self.matrix: list[list[str]] = state.matrix
        self.auction: Auction | None = state.auction
        self.sr: StockRound | None = state.sr
        self.op: Any = state.op
        self.mr: Any = state.mr
        self.discards: list[str] = state.discards
        self.seats: int = state.seats()
        self.bank_broken: bool = bank_break.depleted(state)
        self.metropolitan: Any = landmarks.metropolitan(state)
        self.metropolitan_price: int = landmarks.price(state)
        self._ledger = state.ledger
        self._dest_values: dict[str, int] | int | None = None

    def cash(self, seat: int) -> int:
        return self._ledger.cash[f"p{seat}"]

    def treasury(self, company: str) -> int:
        return self._ledger.cash[f"c:{company}"]

    def price(self, company: str) -> int:
        return self.stock.price(company)

    def president(self, company: str) -> int:
        seat = self.corps[company].shares.president
        assert seat is not None
        return seat

    @property
    def destination_values(self) -> dict[str, int] | int:
        if self._dest_values is None:
            self._dest_values = routes.destination_values(self.components, self.phase,
                                                          self.destination_cards)
        return self._dest_values

    # -- small readings ---------------------------------------------------------------------
    def stops_of(self, train: str) -> int | None:
        return self.components.trains[train].stops

    def train_price(self, train: str) -> int:
        return self.components.trains[train].price

    def last_cycle(self) -> int:
        if self.options.get("bank_break"):  # no cycle counter: guess two cycles more
            return self.cycle if self.bank_broken else max(self.cycle + 2, 6)
        return self.components.cycles[self.components.mode(self.mode).cycles]

    def ors_after_now(self) -> int:
        """Operating Rounds still to come after the current one (in an Operating Round)
        or after the current round (otherwise)."""
        cycles_after = self.last_cycle() - self.cycle
        if self.round == OPERATING:
            return cycles_after * 2 + (2 - self.or_number)
        if self.round == STOCK or self.round == MAP:
            return cycles_after * 2 + 2
        return cycles_after * 2

    def stack_choices(self) -> list[str]:
        """What the top of the stack may be bought as (a 7 card: the 7 or the ∞); once
        the stack is empty, the grey cards whose supply the printing makes unlimited."""
        comp = self.components
        if self.trains:
            top = self.trains[0]
        else:
            unlimited = comp.train_printings[comp.train_printing].unlimited
            if comp.mode(self.mode).trains is not None or not unlimited:
                return []
            top = unlimited[-1]
        return [top, *(t.id for t in comp.trains.values() if t.back_of == top)]

    def cheapest_train(self) -> int | None:
        prices = [self.train_price(t) for t in self.stack_choices()]
        prices += [self.train_price(t) for t in self.pool]
        return min(prices) if prices else None

    def purchase_rate(self) -> float:
        """Cards expected to leave the stack per Operating Round."""
        rate = max(1.0, CARDS_PER_COMPANY_OR * len(self.corps))
        if self.components.mode(self.mode).export:
            rate += EXPORT_PER_OR
        return rate

    def cards_before_rust(self, train: str, bought_now: str | None = None) -> int | None:
        """Stack cards above the first one that rusts ``train``; None if nothing left in
        the stack rusts it. ``bought_now``: a card taken from the top first."""
        kind = self.components.trains[train]
        if not kind.rusted_by:
            return None
        if bought_now is not None and bought_now in kind.rusted_by:
            return 0
        stack = self.trains[1:] if bought_now is not None else self.trains
        for index, card in enumerate(stack):
            backs = {card, *(t.id for t in self.components.trains.values()
                             if t.back_of == card)}
            if backs & set(kind.rusted_by):
                return index
        return None

    def life(self, train: str, bought_now: str | None = None) -> float:
        """Operating Rounds ``train`` is expected to keep running (inf: it never rusts)."""
        cards = self.cards_before_rust(train, bought_now)
        if cards is None:
            return math.inf
        return cards / self.purchase_rate()

    def replacement_price(self, trains: Sequence[str],
                          bought_now: str | None = None) -> int | None:
        """The price of the train a company owning ``trains`` will have to buy when the
        last of them rusts (the card that rusts it); None if one of them lasts."""
        if not trains:
            return self.cheapest_train()
        stack = self.trains[1:] if bought_now is not None else self.trains
        last = 0
        for train in trains:
            cards = self.cards_before_rust(train, bought_now)
            if cards is None:
                return None
            last = max(last, cards)
        if last >= len(stack):
            return None
        return self.train_price(stack[last])

    def limit_after(self, company: str, train: str | None) -> int:
        """The company's train limit once ``train`` (None: nothing) is bought."""
        comp = self.components
        bought = set(self.bought) | ({train} if train else set())
        phase_id = self.phase
        ranks = [p.id for p in comp.phases]
        if train is not None:
            for phase in comp.phases:
                if train in phase.opened_by and ranks.index(phase.id) > ranks.index(phase_id):
                    phase_id = phase.id
        phase = comp.phase(phase_id)
        corp = self.corps[company]
        value = 0
        for rule in phase.limits:
            if any(t in bought for t in rule.after) or rule is phase.limits[0]:
                value = (rule.major or 0) if corp.kind == MAJOR else rule.minor
        if SPACIOUS in corp.abilities:
            value += 1
        return value


# -- route revenue ----------------------------------------------------------------------------
def board_key(board: Board) -> tuple[object, ...]:
    """A signature of what routes depend on: tiles, hubs and suburbs."""
    return (frozenset(board.tiles.items()),
            frozenset((ref, tuple(owners)) for ref, owners in board.hubs.items()),
            frozenset(board.suburbs.items()))


def revenue(pub: Public, board: Board, company: str, stops: Sequence[int | None],
            abilities: frozenset[str]) -> int:
    """The best revenue of ``company`` running trains of these stops on ``board``."""
    if not stops:
        return 0
    result = routes.company_routes(board, company, list(stops), pub.phase,
                                   pub.destination_values, abilities,
                                   cut_throat=bool(pub.options.get("cut_throat_routes")))
    return result.total


def stop_value(pub: Public, board: Board, ref: StopRef) -> int:
    stop = board.stop(ref)
    if stop.kind != "destination":
        return stop.revenue
    values = pub.destination_values
    if isinstance(values, int):
        return values
    space = board.spaces.get(ref[0])
    dest = space.destination if space is not None else None
    return values.get(dest, 0) if dest is not None else 0


def targets(pub: Public, board: Board) -> list[tuple[StopRef, int]]:
    """Every stop on the board (cities, Distant Destinations) and its value now."""
    out = []
    for h, laid in board.track.laid.items():
        for i in range(len(laid.tile.stops)):
            out.append(((h, i), stop_value(pub, board, (h, i))))
    return out


FAR = 1 << 30
"""A distance beyond any map's (no open end)."""


class Frontier:
    """Unreached stops near the open ends of a company's track: each counts its value
    times :data:`FRONTIER_DECAY` of its distance to the nearest open end.

    Built once from a trace of the board; :meth:`after` estimates the term after a tile
    lay without tracing again: the lay's hex stops being an open end, the empty hexes its
    track points into become open ends, and its stops count as reached.
    """

    def __init__(self, pub: Public, board: Board, company: str,
                 abilities: frozenset[str]) -> None:
        self.board = board
        reach = trace_for(board, Operator(company, abilities))
        self.reach = reach
        self.reached = set(reach.stops)
        self.ends = {h for h in reach.entries if self.is_open(h)}
        self.targets = [(ref, value) for ref, value in targets(pub, board)
                        if value > 0 and ref not in self.reached]
        self._near: list[tuple[int, Hex | None, int]] | None = None

    def is_open(self, h: Hex) -> bool:
        """Could a yellow tile go on ``h`` (land with no track yet)?"""
        space = self.board.spaces.get(h)
        if space is None or space.terrain in (WATER, BORDER, DESTINATION):
            return False
        laid = self.board.track.laid.get(h)
        return laid is None or laid.tile.colour == EMPTY_COLOUR

    def value(self, ends: set[Hex] | None = None, reached: Hex | None = None) -> float:
        ends = self.ends if ends is None else ends
        if not ends:
            return 0.0
        far = len(FRONTIER_DECAY)
        total = 0.0
        for ref, value in self.targets:
            if ref[0] == reached:
                continue
            near = min(distance(ref[0], h) for h in ends)
            if near < far:
                total += value * FRONTIER_DECAY[near]
        return total

    def _nearest(self) -> list[tuple[int, Hex | None, int]]:
        """Per target: its distance to the nearest open end, that end, and its distance
        to the nearest other end (a large number where there is none)."""
        if self._near is None:
            self._near = []
            for ref, _ in self.targets:
                d1, h1, d2 = FAR, None, FAR
                for h in self.ends:
                    d = distance(ref[0], h)
                    if d < d1:
                        d1, h1, d2 = d, h, d1
                    elif d < d2:
                        d2 = d
                self._near.append((d1, h1, d2))
        return self._near

    def after(self, lay: TileLay, tile: TileDef) -> float:
        """:meth:`value` with the lay's hex no longer an open end and the empty hexes its
        track points into added (from each target's two nearest ends, without tracing or
        measuring every end again)."""
        added = [n for n in (neighbour(lay.hex, e) for e in tile.exits(lay.rotation))
                 if self.is_open(n)]
        reached = lay.hex if tile.stops else None
        far = len(FRONTIER_DECAY)
        total = 0.0
        for (ref, value), (d1, h1, d2) in zip(self.targets, self._nearest(), strict=True):
            if ref[0] == reached:
                continue
            near = d2 if h1 == lay.hex else d1
            for n in added:
                d = distance(ref[0], n)
                if d < near:
                    near = d
            if near < far:
                total += value * FRONTIER_DECAY[near]
        return total

    def connects(self, lay: TileLay, tile: TileDef) -> bool:
        """Might the lay change the company's routes (not only extend a dead end)? A
        city tile or an upgrade might; a plain yellow tile only if its track meets track
        at two or more of its sides."""
        if tile.stops:
            return True
        laid = self.board.track.laid.get(lay.hex)
        if laid is not None and laid.tile.colour != EMPTY_COLOUR:
            return True
        met = 0
        for e in tile.exits(lay.rotation):
            other = self.board.track.laid.get(neighbour(lay.hex, e))
            if other is not None and other.from_edge[opposite(e)]:
                met += 1
        return met >= 2


def track_sides(board: Board, h: Hex) -> frozenset[int]:
    """The sides of ``h`` track may use now: those of its tile's track if it has any (a
    printed or laid tile keeps them), any side of an empty hex or an untiled city."""
    laid = board.track.laid.get(h)
    if laid is not None and laid.tile.colour != EMPTY_COLOUR:
        exits = laid.tile.exits(laid.rotation)
        if exits:
            return exits
    return ALL_SIDES


def land_distances(board: Board, start: Hex, limit: int) -> dict[Hex, int]:
    """Steps from ``start`` to the hexes track could reach within ``limit``: never into
    water or border hexes or through a water side, only along the sides of existing
    track, into a Distant Destination only by an open side and never through one."""
    out = {start: 0}
    ring = [start]
    for d in range(1, limit + 1):
        following = []
        for h in ring:
            space = board.spaces[h]
            if h != start and space.terrain == DESTINATION:
                continue
            for e in sorted(track_sides(board, h) - space.water_edges):
                n = neighbour(h, e)
                other = board.spaces.get(n)
                if n in out or other is None or other.terrain in (WATER, BORDER):
                    continue
                back = opposite(e)
                if back in other.water_edges or back not in track_sides(board, n):
                    continue
                if other.terrain == DESTINATION and back not in other.open_edges:
                    continue
                out[n] = d
                following.append(n)
        ring = following
    return out


def home_potential(pub: Public, board: Board, home: StopRef) -> float:
    """The home's value plus the stops around it, each by :data:`HOME_DECAY` of its
    distance over land (:func:`land_distances`)."""
    total = float(stop_value(pub, board, home))
    near = land_distances(board, home[0], len(HOME_DECAY) - 1)
    for ref, value in targets(pub, board):
        d = near.get(ref[0], 0)
        if d > 0:
            total += value * HOME_DECAY[d]
    return total


# -- the bot ----------------------------------------------------------------------------------
class HeuristicBot(Bot):
    """Plays Railways of the Lost Atlas by the rules of thumb in the module doc."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self._revenue_cache: dict[tuple[object, ...], int] = {}
        self._cache_board: tuple[object, ...] | None = None
        self._congress: Bot | None = None

    # -- entry --------------------------------------------------------------------------
    def choose(self, game: Game, seat: int) -> Action:
        actions = self.options(game, seat)
        if len(actions) == 1:
            return actions[0]
        if game.title.name == "congress":
            return self._congress_bot().choose(game, seat)
        if game.title.name != "lost_atlas":
            return actions[self.rng.below(len(actions))]
        pub = Public(game.state)
        if pub.round == MAP:
            return actions[self.rng.below(len(actions))]
        chosen = self._decide(pub, seat, actions)
        assert chosen in actions, f"the heuristic bot chose {chosen}, which is not legal"
        return chosen

    def _congress_bot(self) -> Bot:
        """Congress's own heuristic player, so that ``bot:heuristic`` plays it too."""
        if self._congress is None:
            from boardroom.bots.congress_heuristic import CongressBot

            self._congress = CongressBot(self.rng.next_u64())
        return self._congress

    def _decide(self, pub: Public, seat: int, actions: list[Action]) -> Action:
        first = actions[0]
        if isinstance(first, Discard):
            return self._discard(pub, actions)
        if pub.round == STOCK:
            return self._stock(pub, seat, actions)
        if pub.round == OPERATING:
            return self._operating(pub, seat, actions)
        if pub.round == MERGER:
            return self._merger(pub, seat, actions)
        return actions[self.rng.below(len(actions))]

    def _best(self, scored: Iterable[tuple[float, Action]]) -> tuple[float, Action | None]:
        """The highest score and its action, equal scores broken by the rng."""
        items = list(scored)
        if not items:
            return -math.inf, None
        top = max(s for s, _ in items)
        best = [a for s, a in items if s >= top - 1e-9]
        return top, best[self.rng.below(len(best))]

    # -- revenue with a cache -------------------------------------------------------------
    def _revenue(self, pub: Public, company: str, stops: Sequence[int | None],
                 abilities: frozenset[str] | None = None) -> int:
        """Revenue on the public board, cached while the board is unchanged."""
        abil = pub.corps[company].abilities if abilities is None else abilities
        key = board_key(pub.board)
        if key != self._cache_board:
            self._cache_board = key
            self._revenue_cache = {}
        ckey = (company, tuple(sorted(stops, key=lambda s: -1 if s is None else s)), abil,
                pub.phase)
        found = self._revenue_cache.get(ckey)
        if found is None:
            found = revenue(pub, pub.board, company, stops, abil)
            self._revenue_cache[ckey] = found
        return found

    def _stops(self, pub: Public, trains: Iterable[str]) -> list[int | None]:
        return [pub.stops_of(t) for t in trains]

    # -- company outlook ------------------------------------------------------------------
    def _or_revenues(self, pub: Public, company: str) -> tuple[int, int]:
        """Expected revenue of ``company`` in the next two Operating Rounds."""
        corp = pub.corps[company]
        lives = {t: pub.life(t) for t in set(corp.trains)}
        first = list(corp.trains) + list(corp.rusted)
        second = [t for t in corp.trains if lives[t] > 1.0]
        r1 = self._revenue(pub, company, self._stops(pub, first)) if first else 0
        if not second:
            bought = self._best_affordable(pub, pub.treasury(company) + r1)
            second = [bought] if bought is not None else []
        r2 = self._revenue(pub, company, self._stops(pub, second)) if second else 0
        return r1, r2

    def _best_affordable(self, pub: Public, cash: int) -> str | None:
        """The longest train of the stack or the pool that ``cash`` pays for."""
        options = [t for t in pub.stack_choices() + list(pub.pool) if pub.train_price(t) <= cash]
        if not options:
            return None
        return max(options, key=lambda t: (pub.stops_of(t) or 99, -pub.train_price(t)))

    def _price_path(self, pub: Public, price: int, revenues: Sequence[int],
                    paid: bool) -> int:
        """The price after Operating Rounds with these revenues, paid out or withheld."""
        values = pub.stock.values
        index = values.index(price)
        for rev in revenues:
            current = values[index]
            if rev <= 0 or not paid:
                step = -1
            elif rev >= 2 * current:
                step = 2
            elif rev >= current:
                step = 1
            else:
                step = 0
            index = max(0, min(len(values) - 1, index + step))
        return values[index]

    def _share_return(self, pub: Public, seat: int, company: str) -> float:
        """Expected gain of holding one share over the next two Operating Rounds."""
        corp = pub.corps[company]
        price = pub.price(company)
        revs = self._or_revenues(pub, company)
        percent = corp.shares.share_percent
        p_pay = 1.0 if corp.shares.president == seat else OTHERS_PAY_OUT
        dividends = sum(r * percent // 100 for r in revs)
        paid = dividends + self._price_path(pub, price, revs, True) - price
        kept = self._price_path(pub, price, revs, False) - price
        return p_pay * paid + (1 - p_pay) * kept

    # -- Stock Round ----------------------------------------------------------------------
    def _stock(self, pub: Public, seat: int, actions: list[Action]) -> Action:
        if pub.auction is not None:
            if pub.auction.won:
                return self._launch(pub, actions)
            return self._bid(pub, seat, actions)
        sells = [a for a in actions if isinstance(a, Sell)]
        if sells and len(sells) == len(actions):  # Bank Break: over the certificate limit
            return self._forced_stock_sale(pub, seat, sells)
        if sells:
            score, sale = self._best_sale(pub, seat, sells)
            if sale is not None and score > 0:
                return sale
        starts = [a for a in actions if isinstance(a, StartAuction)]
        if starts:
            opening = self._opening_bid(pub, seat, starts)
            if opening is not None:
                return opening
        buys = [a for a in actions if isinstance(a, Buy)]
        if buys:
            score, buy = self._best_buy(pub, seat, buys)
            if buy is not None and score > BUY_MIN_RETURN:
                return buy
        for action in actions:
            if isinstance(action, Done | Pass):
                return action
        return actions[0]

    def _best_sale(self, pub: Public, seat: int, sells: list[Sell]) -> tuple[float, Action | None]:
        scored = []
        for sale in sells:
            if sale.company not in pub.corps:  # the Metropolitan: held for the final score
                continue
            gain, price = self._sale_gain(pub, seat, sale)
            if gain > SELL_MIN_GAIN * price * sale.count:
                scored.append((gain, sale))
        best = self._best(scored)
        return best

    def _sale_gain(self, pub: Public, seat: int, sale: Sell) -> tuple[float, int]:
        """What a sale gains (negative: loses) and the share price."""
        if sale.company not in pub.corps:  # the Metropolitan: its next export is lost
            return -self._metropolitan_gain(pub) * sale.count, pub.metropolitan_price
        corp = pub.corps[sale.company]
        price = pub.price(sale.company)
        expected = self._share_return(pub, seat, sale.company)
        dropped = self._step(pub, price, -1)
        kept = corp.shares.held(seat) - sale.count
        return -expected * sale.count - (price - dropped) * kept, price

    def _forced_stock_sale(self, pub: Public, seat: int, sells: list[Sell]) -> Action:
        """Over the certificate limit: one certificate at a time, the least costly."""
        ones = [s for s in sells if s.count == 1] or sells
        _, best = self._best((self._sale_gain(pub, seat, s)[0], s) for s in ones)
        assert best is not None
        return best

    def _metropolitan_gain(self, pub: Public) -> float:
        """A Metropolitan share's expected rise: a tenth of the next exported train."""
        if not pub.trains or pub.ors_after_now() < 2:
            return 0.0
        return pub.train_price(pub.trains[0]) / landmarks.SHARES

    def _step(self, pub: Public, price: int, steps: int) -> int:
        values = pub.stock.values
        index = max(0, min(len(values) - 1, values.index(price) + steps))
        return values[index]

    def _best_buy(self, pub: Public, seat: int, buys: list[Buy]) -> tuple[float, Action | None]:
        scored = []
        returns: dict[str, float] = {}
        for buy in buys:
            company = buy.company
            if company not in pub.corps:  # the Metropolitan
                scored.append((self._metropolitan_gain(pub) / pub.metropolitan_price, buy))
                continue
            corp = pub.corps[company]
            price = pub.price(company)
            if company not in returns:
                returns[company] = self._share_return(pub, seat, company) / price
            score = returns[company]
            if corp.shares.president == seat and buy.source != POOL:
                score += OWN_TREASURY_BONUS
            outside = corp.shares.treasury + corp.shares.pool
            if outside == 1:  # this purchase makes it fully owned by players: +1 step
                held = corp.shares.held(seat) + 1
                score += (self._step(pub, price, 1) - price) * held / price
            scored.append((score, buy))
        return self._best(scored)

    def _max_launch_price(self, pub: Public) -> int:
        return max(pub.components.stock_track.launch_prices(pub.phase))

    def _minor_premium(self, pub: Public, minor: str, home: StopRef | None = None) -> float:
        """What a minor is worth above its shares: its home's surroundings, its ability."""
        comp = pub.components
        ability = comp.minors[minor].ability
        if home is None:
            if ability == ADAPTIVE:
                homes = adaptive_homes(pub.board)
                potential = max((home_potential(pub, pub.board, h) for h in homes), default=0.0)
            else:
                refs = [r for r, m in pub.board.reserved.items() if m == minor]
                potential = home_potential(pub, pub.board, refs[0]) if refs else 0.0
        else:
            potential = home_potential(pub, pub.board, home)
        premium = (HOME_WEIGHT * (potential - HOME_POTENTIAL_PAR)
                   + ABILITY_PREMIUM.get(ability, 0))
        return max(-float(HOME_PREMIUM_CAP), min(float(HOME_PREMIUM_CAP), premium))

    def _auction_limit(self, pub: Public, seat: int) -> int:
        """The most the bot bids for the best available minor (0: not interested)."""
        available = [col[0] for col in pub.matrix if col]
        if not available:
            return 0
        cheapest = self._first_train_price(pub)
        premium = max(self._minor_premium(pub, m) for m in available)
        cap = 2 * self._max_launch_price(pub) + int(premium)
        if cap < cheapest:
            return 0
        if pub.ors_after_now() < 2:
            return 0
        return min(pub.cash(seat), cap)

    def _first_train_price(self, pub: Public) -> int:
        """What a minor launched now will pay for its first train: minors launched but
        not yet operated take the trains ahead of it (lasting pool trains first, then
        the stack from the top); an emptied stack sells the dearest card."""
        pending = sum(1 for c in pub.corps.values() if c.kind == MINOR and not c.operated)
        pool = sorted(pub.train_price(t) for t in pub.pool if pub.life(t) >= 2)
        if pending < len(pool):
            return pool[pending]
        pending -= len(pool)
        if pending < len(pub.trains):
            return pub.train_price(pub.trains[pending])
        return max(t.price for t in pub.components.trains.values() if t.back_of is None)

    def _opening_bid(self, pub: Public, seat: int,
                     starts: list[StartAuction]) -> Action | None:
        limit = self._auction_limit(pub, seat)
        if limit <= 0:
            return None
        cheapest = self._first_train_price(pub)
        bids = {a.bid: a for a in starts}
        prices = pub.components.stock_track.launch_prices(pub.phase)
        for price in sorted(prices, reverse=True):
            bid = 2 * price
            if bid <= limit and bid >= cheapest and bid in bids:
                return bids[bid]
        return None

    def _bid(self, pub: Public, seat: int, actions: list[Action]) -> Action:
        auction = pub.auction
        assert auction is not None
        limit = self._auction_limit(pub, seat)
        bids = sorted((a for a in actions if isinstance(a, Bid)), key=lambda a: a.amount)
        if bids and bids[0].amount <= limit:
            return bids[0]
        for action in actions:
            if isinstance(action, Pass):
                return action
        return actions[0]

    def _launch(self, pub: Public, actions: list[Action]) -> Action:
        scored = []
        for action in actions:
            if not isinstance(action, Launch):
                continue
            home = (action.home, 0) if action.home is not None else None
            scored.append((self._minor_premium(pub, action.minor, home), action))
        _, best = self._best(scored)
        return best if best is not None else actions[0]

    # -- Operating Round ----------------------------------------------------------------
    def _operating(self, pub: Public, seat: int, actions: list[Action]) -> Action:
        op = pub.op
        first = actions[0]
        if isinstance(first, Agree | Decline):
            return self._answer_offer(pub, actions)
        if isinstance(first, Liquidate):
            return self._liquidate(pub, seat, actions)
        company: str = op.company
        step: str = op.step
        if step == LEADOFF:
            return self._buy_train(pub, company, actions, leadoff=True)
        if step == SHARES:
            return self._shares(pub, seat, company, actions)
        if step == TRACK:
            return self._track(pub, company, actions)
        if step == HUB:
            return self._hub(pub, company, actions)
        if step == RUN:
            suburb = self._suburb(pub, company, actions)
            if suburb is not None:
                return suburb
            runs = [a for a in actions if isinstance(a, Run)]
            return runs[0] if runs else self._pass(actions)
        if step == PAYOUT:
            return self._payout(pub, seat, company, op.revenue, actions)
        if step == TRAINS:
            return self._buy_train(pub, company, actions, leadoff=False)
        return self._pass(actions)

    def _pass(self, actions: list[Action]) -> Action:
        for action in actions:
            if isinstance(action, Pass):
                return action
        plain = [a for a in actions if not isinstance(a, PlaceSuburb)]
        return plain[0] if plain else actions[0]

    def _answer_offer(self, pub: Public, actions: list[Action]) -> Action:
        offer = pub.op.offer
        agree = next(a for a in actions if isinstance(a, Agree))
        decline = next(a for a in actions if isinstance(a, Decline))
        seller = pub.corps[offer.seller]
        face = pub.train_price(offer.train)
        left = len(seller.trains) - 1
        soon = pub.life(offer.train) < 1.0
        if left >= 1 and (offer.price >= face or (soon and offer.price >= face // 2)):
            return agree
        return decline

    def _liquidate(self, pub: Public, seat: int, actions: list[Action]) -> Action:
        scored = []
        for action in actions:
            assert isinstance(action, Liquidate)
            corp = pub.corps[action.company]
            mine = corp.shares.president == seat
            scored.append((pub.price(action.company) - (1000 if mine else 0), action))
        _, best = self._best(scored)
        assert best is not None
        return best

    def _needed_cash(self, pub: Public, company: str) -> int:
        """Money the company lacks for a train it will have to buy soon (0: none): it has
        no train, or all of its trains are expected to rust before its next turn."""
        corp = pub.corps[company]
        if corp.trains:
            soon = min(NEED_SOON_ORS, float(pub.ors_after_now()))
            if max(pub.life(t) for t in corp.trains) > soon:
                return 0
        price = pub.replacement_price(corp.trains)
        if price is None:
            return 0
        return max(0, price - pub.treasury(company))

    def _shares(self, pub: Public, seat: int, company: str, actions: list[Action]) -> Action:
        issue = next((a for a in actions if isinstance(a, Issue)), None)
        corp = pub.corps[company]
        if issue is not None and not corp.trains:
            need = self._needed_cash(pub, company)
            price = pub.price(company)
            loss = corp.shares.held(seat) * (price - self._step(pub, price, -1))
            if need > 0 and loss < min(need, price):
                return issue
        return self._pass(actions)

    # track
    def _lay_stops(self, pub: Public, company: str) -> tuple[list[int | None], list[int | None]]:
        """The trains a lay is scored with: the company's now, and a longer future one."""
        corp = pub.corps[company]
        now = self._stops(pub, corp.trains) or self._stops(pub, corp.rusted)
        if not now:
            top = pub.stack_choices()
            now = [pub.stops_of(top[0]) if top else 2]
        if any(s is None for s in now):
            future: list[int | None] = [None]
        else:
            future = [max(s for s in now if s is not None) + 2]
        return now, future

    def _track(self, pub: Public, company: str, actions: list[Action]) -> Action:
        """Score every legal lay (module doc): lays that only extend a dead end keep the
        routes' revenue and are scored by the frontier alone; the others (at most
        :data:`MAX_LAYS_SCORED`, the best by frontier first) are laid on a copy of the
        board and their routes computed."""
        lays = [a for a in actions if isinstance(a, TileLay)]
        if not lays:
            return self._pass(actions)
        corp = pub.corps[company]
        abil = corp.abilities
        now, future = self._lay_stops(pub, company)
        base_routes = (self._revenue(pub, company, now)
                       + FUTURE_WEIGHT * self._revenue(pub, company, future))
        edge = Frontier(pub, pub.board, company, abil)
        base = base_routes + FRONTIER_WEIGHT * edge.value()
        tiles = pub.components.tiles
        quick = self._quick_lays(pub, corp, edge, lays)
        routed = sorted((q for q in quick if q[2]),
                        key=lambda q: (-q[0], q[1]))[:MAX_LAYS_SCORED]
        scored: list[tuple[float, Action]] = []
        for score, lay, _ in routed:
            board = pub.board.copy()
            board.lay_tile(lay.hex, tiles[lay.tile], lay.rotation)
            gained = (revenue(pub, board, company, now, abil)
                      + FUTURE_WEIGHT * revenue(pub, board, company, future, abil))
            scored.append((score + gained, lay))
        scored.extend((score + base_routes, lay) for score, lay, connects in quick
                      if not connects)
        top, best = self._best(scored)
        if best is not None and top > base + LAY_MIN_GAIN:
            return best
        return self._pass(actions)

    def _quick_lays(self, pub: Public, corp: Corp, edge: Frontier,
                    lays: list[TileLay]) -> list[tuple[float, TileLay, bool]]:
        """Each lay's frontier term less its terrain penalty, and whether it might change
        the routes (no route is computed)."""
        tiles = pub.components.tiles
        treasury = pub.treasury(corp.id)
        quick: list[tuple[float, TileLay, bool]] = []
        for lay in lays:
            tile = tiles[lay.tile]
            cost = self._lay_cost(pub, corp, lay)
            penalty = TERRAIN_WEIGHT * cost
            if cost > 0 and treasury - cost < 100:
                penalty *= 2
            score = FRONTIER_WEIGHT * edge.after(lay, tile) - penalty
            quick.append((score, lay, edge.connects(lay, tile)))
        return quick

    def quick_track(self, pub: Public, company: str, actions: list[Action]) -> Action:
        """A cheap track step for a search's rollouts: the lay with the best frontier term
        less terrain penalty (:meth:`_quick_lays`), no route computed; a lay that might
        change the routes gets :data:`LAY_MIN_GAIN` more, as the full step would usually
        find it some revenue. Passes unless the best beats the frontier now by
        :data:`LAY_MIN_GAIN`."""
        lays = [a for a in actions if isinstance(a, TileLay)]
        if not lays:
            return self._pass(actions)
        corp = pub.corps[company]
        edge = Frontier(pub, pub.board, company, corp.abilities)
        base = FRONTIER_WEIGHT * edge.value()
        scored: list[tuple[float, Action]] = [
            (score + (LAY_MIN_GAIN if connects else 0.0), lay)
            for score, lay, connects in self._quick_lays(pub, corp, edge, lays)]
        top, best = self._best(scored)
        if best is not None and top > base + LAY_MIN_GAIN:
            return best
        return self._pass(actions)

    def _lay_cost(self, pub: Public, corp: Corp, lay: TileLay) -> int:
        """Terrain cost of a lay, less Tunneling's reward (negative: it earns)."""
        board = pub.board
        laid = board.track.laid.get(lay.hex)
        if laid is not None and laid.tile.colour != EMPTY_COLOUR:
            return 0
        cost = board.spaces[lay.hex].cost
        if cost and TUNNELING in corp.abilities:
            return cost - 60
        return cost

    # hubs and suburbs
    def _hub(self, pub: Public, company: str, actions: list[Action]) -> Action:
        hq = self._headquarters(pub, company, actions)
        if hq is not None:
            return hq
        spots = [a for a in actions if isinstance(a, PlaceHub)]
        if not spots:
            return self._pass(actions)
        corp = pub.corps[company]
        cost = min(corp.hub_costs)
        now, future = self._lay_stops(pub, company)
        base_now = revenue(pub, pub.board, company, now, corp.abilities)
        base_future = revenue(pub, pub.board, company, future, corp.abilities)
        horizon = max(1, min(4, pub.ors_after_now() + 1))
        scored = []
        for hub in spots:
            board = pub.board.copy()
            board.place_hub(hub.spot, company)
            gain_now = revenue(pub, board, company, now, corp.abilities) - base_now
            gain_future = revenue(pub, board, company, future, corp.abilities) - base_future
            scored.append((gain_now * horizon + FUTURE_WEIGHT * gain_future * horizon, hub))
        value, best = self._best(scored)
        reserve = self._needed_cash(pub, company)
        if best is not None and value >= cost and (cost == 0 or reserve == 0):
            return best
        return self._pass(actions)

    def _headquarters(self, pub: Public, company: str,
                      actions: list[Action]) -> Action | None:
        """Headquarters variant: place it with a Tax Break on the spot whose printed value
        and route gain are the highest (at once: the 80 pays for a charter space); lay
        the tiles of a Land Grant or Commercial Zoning (from a random bot's choice) as
        in the track step."""
        if any(isinstance(a, TileLay) for a in actions) and (
                pub.round == MERGER or all(isinstance(a, TileLay | Pass) for a in actions)):
            return self._track(pub, company, actions)
        places = [a for a in actions if isinstance(a, PlaceHQ) and a.effect == TAX]
        if not places:
            keep = [a for a in actions if isinstance(a, KeepHQ)]
            return keep[0] if keep else None
        corp = pub.corps[company]
        stops = self._stops(pub, corp.trains) or [2]
        base = revenue(pub, pub.board, company, stops, corp.abilities)
        scored = []
        for action in places:
            board = pub.board
            if company not in board.hubs.get(action.spot, ()):
                board = board.copy()
                board.place_hub(action.spot, company)
            gain = revenue(pub, board, company, stops, corp.abilities) - base
            scored.append((gain + pub.board.stop(action.spot).revenue / 2, action))
        _, best = self._best(scored)
        return best

    def _suburb(self, pub: Public, company: str, actions: list[Action]) -> Action | None:
        options = [a for a in actions if isinstance(a, PlaceSuburb)]
        if not options:
            return None
        corp = pub.corps[company]
        stops = self._stops(pub, list(corp.trains) + list(corp.rusted))
        if not stops:
            return None
        base = revenue(pub, pub.board, company, stops, corp.abilities)
        scored = []
        for suburb in options:
            board = pub.board.copy()
            board.suburbs[suburb.hex] = company
            scored.append((revenue(pub, board, company, stops, corp.abilities) - base, suburb))
        gain, best = self._best(scored)
        return best if gain > 0 else None

    # payout
    def _payout(self, pub: Public, seat: int, company: str, earned: int,
                actions: list[Action]) -> Action:
        """Pay out, unless the company lacks money for a train it must soon buy and the
        bot's share of the payout (dividends and the price difference) is worth less to
        it than the money it would otherwise have to put in itself."""
        payout = next((a for a in actions if isinstance(a, Payout)), None)
        withhold = next((a for a in actions if isinstance(a, Withhold)), None)
        if payout is None or withhold is None:
            return self._pass(actions)
        need = self._needed_cash(pub, company)
        if need <= 0:
            return payout
        corp = pub.corps[company]
        price = pub.price(company)
        held = corp.shares.held(seat)
        per_share = earned * corp.shares.share_percent // 100
        paid = self._price_path(pub, price, [earned], True)
        kept = self._price_path(pub, price, [earned], False)
        if min(earned, need) > held * (per_share + paid - kept):
            return withhold
        return payout

    # trains
    def _stream(self, pub: Public, company: str, trains: Sequence[str], horizon: float,
                bought_now: str | None, abilities: frozenset[str] | None = None) -> float:
        """Revenue over the next ``horizon`` Operating Rounds of running ``trains``,
        dropping each when it is expected to rust."""
        if horizon <= 0 or not trains:
            return 0.0
        lives = {t: min(horizon, pub.life(t, bought_now)) for t in set(trains)}
        total = 0.0
        previous = 0.0
        for boundary in sorted(set(lives.values())):
            alive = [t for t in trains if lives[t] > previous]
            if alive and boundary > previous:
                stops = self._stops(pub, alive)
                total += (boundary - previous) * self._revenue(pub, company, stops, abilities)
            previous = boundary
        return total

    def _train_after(self, pub: Public, company: str, action: BuyTrain) -> list[str]:
        """The company's trains after the purchase (rusted ones gone, over the limit the
        weakest put away)."""
        corp = pub.corps[company]
        trains = list(corp.trains)
        if action.trade is not None:
            trains.remove(action.trade)
        bought_now = action.train if action.source != POOL else None
        if bought_now is not None and bought_now not in pub.bought:
            trains = [t for t in trains
                      if bought_now not in pub.components.trains[t].rusted_by]
        trains.append(action.train)
        limit = pub.limit_after(company, bought_now)
        trains.sort(key=lambda t: -(pub.stops_of(t) or 99))
        return trains[:max(limit, 1)]

    def _buy_train(self, pub: Public, company: str, actions: list[Action],
                   leadoff: bool) -> Action:
        corp = pub.corps[company]
        forced = [a for a in actions if isinstance(a, ForceTrain)]
        buys = [a for a in actions if isinstance(a, BuyTrain)]
        must = not corp.trains and (bool(forced) or bool(buys)) and not leadoff
        horizon = float(pub.ors_after_now()) + (1.0 if leadoff else 0.0)
        current = self._stream(pub, company, corp.trains, horizon, None)
        stranded = self._strand(pub, corp.trains, horizon, None)
        ratio = TRAIN_VALUE_RATIO if pub.ors_after_now() > LATE_ORS else TRAIN_VALUE_RATIO_LATE
        scored = []
        for buy in buys:
            bought_now = buy.train if buy.source != POOL else None
            after = self._train_after(pub, company, buy)
            value = self._stream(pub, company, after, horizon, bought_now) - current
            value -= self._rust_loss(pub, company, bought_now, horizon)
            value += STRAND_WEIGHT * (stranded - self._strand(pub, after, horizon, bought_now))
            cost = pub.train_price(buy.train)
            if buy.trade is not None:
                trade_price = pub.components.trains[buy.train].trade_in_price
                cost = trade_price if trade_price is not None else cost
            if must or leadoff or not corp.trains:
                scored.append((value - MUST_BUY_PRICE_WEIGHT * cost, buy))
            elif value >= ratio * cost:
                scored.append((value - cost, buy))
        _, best = self._best(scored)
        if best is not None:
            return best
        if not corp.trains and not leadoff:
            offer = self._own_offer(pub, company, actions)
            if offer is not None:
                return offer
            if forced:
                return forced[0]
        return self._pass(actions)

    def _strand(self, pub: Public, trains: Sequence[str], horizon: float,
                bought_now: str | None) -> float:
        """The price of the replacement the company must buy if all ``trains`` rust
        within the horizon (0 if one lasts or the game ends first)."""
        if trains and max(pub.life(t, bought_now) for t in trains) >= horizon:
            return 0.0
        price = pub.replacement_price(trains, bought_now)
        return float(price or 0)

    def _rust_loss(self, pub: Public, company: str, bought_now: str | None,
                   horizon: float) -> float:
        """What the rust a purchase from the stack sets off costs the buyer's president
        in the other companies they hold shares of: each company's lost revenue over the
        horizon times the president's part of it, relative to their part of the buyer."""
        if bought_now is None or bought_now in pub.bought:
            return 0.0
        kinds = pub.components.trains
        rusted = {t for t, kind in kinds.items() if bought_now in kind.rusted_by}
        if not rusted:
            return 0.0
        seat = pub.president(company)
        buyer = pub.corps[company].shares
        own = max(buyer.held(seat) * buyer.share_percent / 100, 0.2)
        loss = 0.0
        for other, corp in pub.corps.items():
            part = corp.shares.held(seat) * corp.shares.share_percent / 100
            if other == company or not part or not rusted & set(corp.trains):
                continue
            kept = [t for t in corp.trains if t not in rusted]
            lost = (self._stream(pub, other, corp.trains, horizon, None)
                    - self._stream(pub, other, kept, horizon, None))
            loss += lost * part / own
        return loss

    def _own_offer(self, pub: Public, company: str, actions: list[Action]) -> Action | None:
        """The smallest spare train of another company with the same president, at face
        value (or what the treasury has)."""
        president = pub.president(company)
        cash = pub.treasury(company)
        legal = {a for a in actions if isinstance(a, OfferTrain)}
        if not legal:
            return None
        candidates = []
        for other, corp in pub.corps.items():
            if other == company or corp.shares.president != president or len(corp.trains) < 2:
                continue
            for train in sorted(set(corp.trains)):
                price = max(1, min(cash, pub.train_price(train)))
                offer = OfferTrain(other, train, price)
                if offer in legal:
                    candidates.append((-float(pub.stops_of(train) or 99), offer))
        _, best = self._best(candidates)
        return best

    def _discard(self, pub: Public, actions: list[Action]) -> Action:
        scored = []
        for action in actions:
            assert isinstance(action, Discard)
            stops = pub.stops_of(action.train) or 99
            scored.append((-stops - min(pub.life(action.train), 50.0) / 100, action))
        _, best = self._best(scored)
        assert best is not None
        return best

    # -- Merger Round ---------------------------------------------------------------------
    def _merger(self, pub: Public, seat: int, actions: list[Action]) -> Action:
        first = actions[0]
        if pub.mr.major is not None and pub.mr.step == "headquarters":
            hq = self._headquarters(pub, pub.mr.major, actions)
            if hq is not None:
                return hq
        if isinstance(first, ChooseMajor):
            return first
        if isinstance(first, Accept | Refuse):
            accept = next(a for a in actions if isinstance(a, Accept))
            refuse = next(a for a in actions if isinstance(a, Refuse))
            minor, other = pub.mr.proposal
            return accept if self._merger_gain(pub, seat, minor, other) >= 0 else refuse
        if isinstance(first, Vote):  # Hostile Mergers: as it would accept or refuse
            minor, other = pub.mr.proposal
            gain = self._merger_gain(pub, seat, minor, other)
            choice = YES if gain > 0 else NO if gain < 0 else ABSTAIN
            return next(a for a in actions if isinstance(a, Vote) and a.choice == choice)
        scored = []
        for action in actions:
            if isinstance(action, Propose):
                if pub.mr.procedure is None and self._would_refuse(pub, seat, action.other,
                                                             action.minor):
                    continue
                scored.append((self._merger_gain(pub, seat, action.minor, action.other),
                               action))
        gain, best = self._best(scored)
        if best is not None and gain > 0:
            return best
        return self._pass(actions)

    def _would_refuse(self, pub: Public, seat: int, other: str, minor: str) -> bool:
        """Would ``other``'s president (another seat, judging as this bot does) refuse
        the merger of ``minor`` with ``other``?"""
        answerer = pub.corps[other].shares.president
        if answerer is None or answerer == seat:
            return False
        return self._merger_gain(pub, answerer, minor, other) < 0

    def _merged_price(self, pub: Public, a: str, b: str) -> int:
        average = (pub.price(a) + pub.price(b)) // 2
        return max(v for v in pub.stock.values if v <= average)

    def _merger_gain(self, pub: Public, seat: int, a: str, b: str) -> float:
        """The value to ``seat`` of merging minors ``a`` and ``b`` (see the module doc)."""
        ca, cb = pub.corps[a], pub.corps[b]
        held_a, held_b = ca.shares.held(seat), cb.shares.held(seat)
        if held_a + held_b == 0:
            return 0.0
        pa, pb = pub.price(a), pub.price(b)
        pm = self._merged_price(pub, a, b)
        immediate = (held_a + held_b) * pm - held_a * pa - held_b * pb
        rev_a = self._revenue(pub, a, self._stops(pub, ca.trains))
        rev_b = self._revenue(pub, b, self._stops(pub, cb.trains))
        board = pub.board.copy()
        for ref in list(board.hubs):
            board.hubs[ref] = [a if owner == b else owner for owner in board.hubs[ref]]
        for h, owner in list(board.suburbs.items()):
            if owner == b:
                board.suburbs[h] = a
        trains = sorted(ca.trains + cb.trains, key=lambda t: -(pub.stops_of(t) or 99))
        limit = self._major_limit(pub)
        abilities = ca.abilities | cb.abilities
        rev_m = revenue(pub, board, a, self._stops(pub, trains[:limit]), abilities)
        before = (held_a * ca.shares.share_percent * rev_a
                  + held_b * cb.shares.share_percent * rev_b) / 100
        after = (held_a + held_b) * 10 * rev_m / 100
        horizon = pub.ors_after_now()
        return immediate + horizon * (after - before + MERGER_BONUS_PER_OR)

    def _major_limit(self, pub: Public) -> int:
        phase = pub.components.phase(pub.phase)
        value = 0
        for rule in phase.limits:
            if any(t in pub.bought for t in rule.after) or rule is phase.limits[0]:
                value = rule.major or 0
        return max(1, value)


register_bot("heuristic", HeuristicBot, "Lost Atlas: one-ply rules of thumb from routes, train "
             "lives and share returns (no lookahead)")
