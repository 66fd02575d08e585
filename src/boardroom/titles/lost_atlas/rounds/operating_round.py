"""The Operating Round (rulebook p.12-17 "Operating Round" steps 1-8, "Rust Events",
"Phase Changes", "Forced Train Purchase", "Bankruptcy"; summaries 002 and 000; Company
Details).

Companies operate in descending share price, top to bottom within a space. The next
company is recomputed from the stock track after every turn, among the companies that
have not operated in this round, so a token that dropped cannot act twice. A turn goes
through these steps in order; the optional ones are skipped with ``pass``, and a step
with nothing to choose is skipped without asking:

1. ``leadoff`` — a minor's first Operating Round only: one train from the top of the
   stack or from the pool at its printed price, paid from the treasury; it runs this turn.
2. ``shares`` — issue one treasury share to the pool (the treasury receives the price,
   the price drops a step; the pool holds at most half the shares) or redeem one pool
   share (the treasury pays the price to the bank; no price change).
3. ``track`` — up to two yellow tiles or one upgrade (Agricultural: a yellow after its
   upgrade; Bridging's bridges; mountain costs to the bank; Tunneling's 60 from the bank),
   each a ``lay`` action; ``pass`` moves on.
4. ``hub`` — a major (or Expansive) places its cheapest charter hub, paying its cost.
   (Headquarters variant: or its kept headquarters, ``hq Q,R EFFECT``, then any Land
   Grant or Commercial Zoning lays; the headquarters pays at the start of the turn. The
   rules are in ``headquarters.py``.)
5. ``run`` — the company runs its trains (Resourceful's rusted ones once more, then they
   leave the game): the legal action listed is ``run N via ...``, the best total of its
   routes and those routes (so a record shows what ran, and replaying it checks the
   routes instead of searching again); ``run N`` alone means "the best routes" and is
   accepted when N is the best total; the president may instead give routes of their
   own (``run N via ...``, checked rule by rule by :mod:`routes`). A company with no
   train earns 0 and drops a step (so does one whose trains earn 0).
6. ``payout`` — ``payout``: each share earns its percentage (minor 20%, major 10%) from
   the bank, the company's own treasury shares paid to its treasury, pool shares to
   nobody; +1 step if the revenue is at least the price, +2 if at least twice, otherwise
   the token moves to the bottom of its space. ``withhold``: all to the treasury, -1 step.
7. ``trains`` — buy from the top of the stack (a grey card as 7 or ∞, or ∞ for 800
   trading in a train), any pool train at its printed price, or another company's train
   for at least 1 with its president's consent (an ``agree``/``decline`` question), as
   many as the limit and the treasury allow; a company without a train must buy one.
   A stack purchase may start a phase, rust trains and put companies over their limit
   (``state.discards``, which the title asks for first).
8. The company's token is flipped (it has operated) and the next company acts.

Forced train purchase: a company with no train whose treasury cannot pay for any train of
the stack or the pool must buy the cheapest of them (a grey card as a 7): ``force T``.
The treasury pays first, then the president; if still short, the president sells shares
one at a time (``liquidate C``), under the selling rules and never a share of the
operating company that would hand over its presidency or push its pool over half; once
the purchase is paid every company sold drops one step (one a share with the Cut-Throat
stock option). If nothing more can be sold, the president is bankrupt: the game ends
(option ``bankruptcy="end"``, the default) or the bankrupt's companies leave the game
(``"continue"``; see :func:`_bankrupt`).

Readings where the rules are silent (each is a choice, listed in the module's report):

* the per-share amount is rounded down; a remainder stays in the bank;
* the payout's price change compares the whole revenue with the share price;
* a company whose trains earn 0 is treated like one with no train (0, one step down);
* trading a train in for the ∞ removes it from the game ("to the bank", not the pool) and
  needs no free slot, as the count of trains does not grow; only the stack's ∞ is
  offered for a trade-in, and an ∞ is not traded in for another;
* a turn ends by itself once the company has nothing left to decide (for instance when
  a purchase fills its last slot and no trade-in is possible);
* a train offer to a company with the same president is accepted at once; a refused
  offer may be made again during the turn only at a higher price;
* a forced purchase may choose between equally cheap trains of the stack and the pool;
  the president keeps whatever the sales raise beyond the price;
* the grey cards' supply is unlimited: once the stack is empty, a 7/∞ card is still for
  sale (rulebook note under "Train purchasing") in games whose printing says so;
* a minor that has not yet operated cannot have its shares sold in a forced purchase
  either (the Stock Round rule).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boardroom.core.errors import IllegalAction, NotationError
from boardroom.core.title import Action
from boardroom.map.hexes import Hex
from boardroom.map.track import Reach, StopRef
from boardroom.routing import Route, RouteError, validate
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board import hubs, routes, track_laying
from boardroom.titles.lost_atlas.board.hubs import PlaceHub, PlaceSuburb
from boardroom.titles.lost_atlas.board.operator import EXPANSIVE, SUBURBAN, Operator
from boardroom.titles.lost_atlas.board.track_laying import LayBudget, TileLay
from boardroom.titles.lost_atlas.rounds import dissolution, ending, stock_round
from boardroom.titles.lost_atlas.rounds import trains as train_rules
from boardroom.titles.lost_atlas.rounds.points import (
    POINTS,
    holder_account,
    interlude,
    money_moved,
    seat_name,
)
from boardroom.titles.lost_atlas.state import (
    BANK,
    MAJOR,
    MINOR,
    OVER,
    LostAtlasState,
    company_account,
    player_account,
)

LEADOFF, SHARES, TRACK, HUB, RUN, PAYOUT, TRAINS = (
    "leadoff", "shares", "track", "hub", "run", "payout", "trains",
)
STEPS = (LEADOFF, SHARES, TRACK, HUB, RUN, PAYOUT, TRAINS)
PASS_WORDS = {LEADOFF: "buys no leadoff train", SHARES: "neither issues nor redeems a share",
              TRACK: "lays no more track", HUB: "places no hub", TRAINS: "buys no more trains"}
"""The log's words for a company that passes a step."""
STACK, POOL = "stack", "pool"
ROUTE_NODE_BUDGET: int | None = None
"""Search nodes allowed to the route search (None: search to the proven optimum)."""


# -- actions ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BuyTrain(Action):
    """Buy a train from the top of the stack (``train 3``; the ∞ for 800 trading in a
    4-train: ``train inf trade 4``) or from the pool (``train 3 pool``)."""

    train: str
    source: str = STACK
    trade: str | None = None

    def __str__(self) -> str:
        if self.source == POOL:
            return f"train {self.train} pool"
        if self.trade is not None:
            return f"train {self.train} trade {self.trade}"
        return f"train {self.train}"


@dataclass(frozen=True, slots=True)
class OfferTrain(Action):
    """Offer ``price`` for one of ``seller``'s ``train`` trains; its president agrees or
    declines. Notation ``train 3 from tunneling 150``."""

    seller: str
    train: str
    price: int

    def __str__(self) -> str:
        return f"train {self.train} from {self.seller} {self.price}"


@dataclass(frozen=True, slots=True)
class Agree(Action):
    """The selling company's president accepts the offer. Notation ``agree``."""

    def __str__(self) -> str:
        return "agree"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """The selling company's president refuses the offer. Notation ``decline``."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Issue(Action):
    """Issue one treasury share to the pool. Notation ``issue``."""

    def __str__(self) -> str:
        return "issue"


@dataclass(frozen=True, slots=True)
class Redeem(Action):
    """Redeem one share from the pool into the treasury. Notation ``redeem``."""

    def __str__(self) -> str:
        return "redeem"


Waypoint = StopRef | routes.Side
"""A point a submitted route passes: a stop, or a hex side it crosses."""


def _waypoint_text(point: Waypoint) -> str:
    if isinstance(point, routes.Side):
        return f"{point.hex[0]},{point.hex[1]}:{point.edge}"
    (q, r), i = point
    return f"{q},{r}" + (f"/{i}" if i else "")


def _parse_route(word: str, text: str) -> tuple[Waypoint, ...]:
    """One train's route of a ``run ... via`` (``none``: the train stays idle)."""
    if word == "none":
        return ()
    return tuple([_parse_waypoint(point, text) for point in word.split(">")])


def _parse_waypoint(word: str, text: str) -> Waypoint:
    try:
        place, side, edge = word.partition(":")
        if side:
            q_text, r_text = place.split(",")  # not two numbers: ValueError, as int's
            number = int(edge)
            if not 0 <= number < 6:
                raise NotationError(f"{text!r}: {word!r} names hex side {number}; a hex "
                                    f"has sides 0 to 5")
            return routes.Side((int(q_text), int(r_text)), number)
        place, _, index = word.partition("/")
        q_text, r_text = place.split(",")
        return ((int(q_text), int(r_text)), int(index) if index else 0)
    except ValueError:
        raise NotationError(f"{text!r}: {word!r} is not a stop (Q,R or Q,R/STOP) or a hex "
                            f"side (Q,R:EDGE)") from None


@dataclass(frozen=True, slots=True)
class Run(Action):
    """Run the trains, earning ``revenue``: on the best routes (``run 310``), or on the
    routes the president gives, one word per train in the company's train order (its
    rusted Resourceful trains last), each the stops and crossed hex sides joined by ``>``,
    ``none`` for a train left idle: ``run 90 via 0,0>0,0:3>0,-1 0,0``."""

    revenue: int
    routes: tuple[tuple[Waypoint, ...], ...] | None = None

    def __str__(self) -> str:
        if self.routes is None:
            return f"run {self.revenue}"
        words = [">".join([_waypoint_text(p) for p in route]) or "none"
                 for route in self.routes]
        return f"run {self.revenue} via " + " ".join(words)


@dataclass(frozen=True, slots=True)
class Payout(Action):
    """Pay the revenue out to the shareholders. Notation ``payout``."""

    def __str__(self) -> str:
        return "payout"


@dataclass(frozen=True, slots=True)
class Withhold(Action):
    """Keep the revenue in the treasury. Notation ``withhold``."""

    def __str__(self) -> str:
        return "withhold"


@dataclass(frozen=True, slots=True)
class ForceTrain(Action):
    """Forced purchase of the cheapest train (treasury, then president's cash and share
    sales). Notation ``force 2`` (the stack) or ``force 2 pool``."""

    train: str
    source: str = STACK

    def __str__(self) -> str:
        return f"force {self.train}" + (" pool" if self.source == POOL else "")


@dataclass(frozen=True, slots=True)
class Liquidate(Action):
    """During a forced purchase the president sells one share of ``company`` to the pool.
    Notation ``liquidate expansive``."""

    company: str

    def __str__(self) -> str:
        return f"liquidate {self.company}"


OperatingAction = (BuyTrain | OfferTrain | Agree | Decline | Issue | Redeem | Run | Payout
                   | Withhold | ForceTrain | Liquidate | TileLay | PlaceHub | PlaceSuburb
                   | Pass | Action)
"""The round's actions; ``Action``: a variant's (``points.step_actions``, ``interludes``)."""

AnyAction = Action | TileLay | PlaceHub | PlaceSuburb
"""What the title may hand to :func:`check` and :func:`apply` (any round's action)."""

VERBS = ("train", "agree", "decline", "issue", "redeem", "run", "payout", "withhold",
         "force", "liquidate", "lay", "hub", "suburb")


_SIMPLE: dict[str, OperatingAction] = {"agree": Agree(), "decline": Decline(),
                                       "issue": Issue(), "redeem": Redeem(),
                                       "payout": Payout(), "withhold": Withhold()}
"""The one-word actions (frozen values, shared rather than made at every parse)."""
_ISSUE, _REDEEM = Issue(), Redeem()


def parse(words: list[str], text: str) -> OperatingAction | None:
    """Read an Operating Round action, or None if the first word is not one of ours."""
    head, rest = words[0], words[1:]
    if head == "lay":  # the tile's id as written (ids have capitals)
        return TileLay.parse(" ".join(["lay", *text.split()[1:]]))
    if head == "hub":
        return PlaceHub.parse(" ".join(["hub", *rest]))
    if head == "suburb":
        return PlaceSuburb.parse(" ".join(["suburb", *rest]))
    if head in _SIMPLE and not rest:
        return _SIMPLE[head]
    try:
        if head == "train":
            if len(rest) == 1:
                return BuyTrain(rest[0])
            if len(rest) == 2 and rest[1] == POOL:
                return BuyTrain(rest[0], POOL)
            if len(rest) == 3 and rest[1] == "trade":
                return BuyTrain(rest[0], STACK, rest[2])
            if len(rest) == 4 and rest[1] == "from":
                return OfferTrain(rest[2], rest[0], int(rest[3]))
        if head == "run" and len(rest) == 1:
            return Run(int(rest[0]))
        if head == "run" and len(rest) >= 3 and rest[1] == "via":
            return Run(int(rest[0]), tuple([_parse_route(word, text) for word in rest[2:]]))
        if head == "force" and len(rest) == 1:
            return ForceTrain(rest[0])
        if head == "force" and len(rest) == 2 and rest[1] == POOL:
            return ForceTrain(rest[0], POOL)
        if head == "liquidate" and len(rest) == 1:
            return Liquidate(rest[0])
    except ValueError:
        raise NotationError(f"{text!r}: a number is malformed") from None
    if head in VERBS:
        raise NotationError(f"{text!r} is not an Operating Round action")
    return None


# -- the round's sub-state -------------------------------------------------------------------
@dataclass
class Offer:
    """An offer for another company's train, waiting for its president's answer."""

    seller: str
    train: str
    price: int


@dataclass
class Forced:
    """A forced train purchase waiting for the president's share sales."""

    train: str
    source: str
    sold: dict[str, int] = field(default_factory=dict)
    """Shares sold so far, by company (their prices drop once the sales are over)."""

    def copy(self) -> Forced:
        return Forced(self.train, self.source, dict(self.sold))


@dataclass
class OperatingRound:
    company: str
    """The company operating now."""
    step: str = LEADOFF
    done: list[str] = field(default_factory=list)
    """Companies that have operated in this round (their tokens are flipped)."""
    budget: LayBudget = field(default_factory=LayBudget)
    revenue: int = 0
    offer: Offer | None = None
    refused: dict[tuple[str, str], int] = field(default_factory=dict)
    """(seller, train) -> the highest refused offer this turn."""
    forced: Forced | None = None
    phase: str = ""
    """The phase when this company's turn began: a new phase's tiles are available only
    to the next company to act (rulebook "Phase Changes")."""
    last_operator: Operator | None = field(default=None, init=False, repr=False,
                                           compare=False)
    """The :class:`Operator` :func:`_operator` built last, handed out again while its
    company's abilities, treasury and kind are unchanged (an action's check and legal
    listings ask for it many times, and building a frozen dataclass costs several times
    re-checking one). A derived reading: neither compared nor shown."""

    def copy(self) -> OperatingRound:
        # Set field by field rather than through ``__init__``: a search copies it at
        # every step.
        new = object.__new__(OperatingRound)
        new.company = self.company
        new.step = self.step
        new.done = self.done.copy()
        new.budget = self.budget.copy()
        new.revenue = self.revenue
        offer = self.offer
        new.offer = Offer(offer.seller, offer.train, offer.price) if offer is not None else None
        new.refused = self.refused.copy()
        new.forced = self.forced.copy() if self.forced is not None else None
        new.phase = self.phase
        new.last_operator = self.last_operator
        return new


def _op(state: LostAtlasState) -> OperatingRound:
    op = state.op
    assert isinstance(op, OperatingRound), "no Operating Round is under way"
    return op


# -- small readings ----------------------------------------------------------------------------
def _operator(state: LostAtlasState, company: str) -> Operator:
    corp = state.corps[company]
    treasury = state.treasury(company)
    is_major = corp.kind == MAJOR
    op = state.op
    if not isinstance(op, OperatingRound):
        return Operator(company, corp.abilities, treasury, is_major)
    known = op.last_operator
    if (known is None or known.id != company or known.treasury != treasury
            or known.abilities is not corp.abilities or known.is_major != is_major):
        known = op.last_operator = Operator(company, corp.abilities, treasury, is_major)
    return known


def _colours(state: LostAtlasState) -> tuple[str, ...]:
    """Tile colours the operating company may lay: those of the phase its turn began in."""
    op = state.op
    phase = op.phase if isinstance(op, OperatingRound) and op.phase else state.phase
    return state.components.phase(phase).tile_colours


def _room(state: LostAtlasState, company: str) -> int:
    return train_rules.limit(state, company) - len(state.corps[company].trains)


def _price(state: LostAtlasState, train: str) -> int:
    return train_rules.price(state, train)


def _stack_choices(state: LostAtlasState) -> list[str]:
    """What the top of the stack may be bought as. An emptied stack still sells the
    grey cards where the printing calls their supply unlimited."""
    choices = train_rules.top_choices(state)
    if choices:
        return choices
    comp = state.components
    if comp.mode(state.mode).trains is not None:
        return []
    unlimited = comp.train_printings[comp.train_printing].unlimited
    if not unlimited:
        return []
    card = unlimited[-1]
    return [card, *(t.id for t in comp.trains.values() if t.back_of == card)]


def _pool_choices(state: LostAtlasState) -> list[str]:
    return sorted(set(state.pool), key=lambda t: list(state.components.trains).index(t))


def _trade_ins(state: LostAtlasState, company: str, train: str) -> list[str]:
    kind = state.components.trains[train]
    if kind.trade_in_price is None:
        return []
    owned = set(state.corps[company].trains)
    return [t for t in state.components.trains
            if t in owned and t in kind.trade_in and t != train]


def _cheapest(state: LostAtlasState) -> list[tuple[str, str]]:
    """The cheapest trains between the pool and the stack (a grey card as a 7), as
    (train, source)."""
    options: list[tuple[str, str]] = []
    stack = _stack_choices(state)
    if stack:
        options.append((stack[0], STACK))
    options.extend((t, POOL) for t in _pool_choices(state))
    if not options:
        return []
    low = min(_price(state, t) for t, _ in options)
    return [o for o in options if _price(state, o[0]) == low]


def _affordable_purchase(state: LostAtlasState, company: str) -> bool:
    """Can the treasury pay for some train of the stack or the pool?"""
    cash = state.treasury(company)
    for t in _stack_choices(state):
        if _price(state, t) <= cash:
            return True
    for t in state.pool:  # noqa: SIM110 (plain loops: asked at most settles)
        if _price(state, t) <= cash:
            return True
    return False


def _leadoff_applies(state: LostAtlasState, company: str) -> bool:
    corp = state.corps[company]
    return corp.kind == MINOR and not corp.operated


def _hub_cost(state: LostAtlasState, company: str) -> int | None:
    """The cost of the hub the company may place now, or None if it has none to place."""
    corp = state.corps[company]
    if not corp.hub_costs or not (corp.kind == MAJOR or EXPANSIVE in corp.abilities):
        return None
    return min(corp.hub_costs)


def _route_trains(state: LostAtlasState, company: str) -> list[int | None]:
    corp = state.corps[company]
    return [state.components.trains[t].stops for t in corp.trains + corp.rusted]


Runs = tuple[tuple[Waypoint, ...], ...]


def best_runs(state: LostAtlasState, company: str) -> tuple[int, Runs]:
    """The company's best total and routes now (one waypoint tuple per train).

    A pure function of the board, the trains and the rules, so it is remembered with the
    board's other derived results (``Board._reach_cache``, shared by the copies of one
    game's board and keyed by everything the answer reads): a bot asking for the legal
    actions and the check of the action it then plays solve once."""
    trains = _route_trains(state, company)
    if not trains:
        return 0, ()
    board = state.board
    corp = state.corps[company]
    values = routes.destination_values(state.components, state.phase,
                                       state.destination_values)
    cut = bool(state.options.get("cut_throat_routes"))
    rules = (company, tuple(trains), state.phase,
             values if isinstance(values, int) else tuple(sorted(values.items())),
             corp.abilities, cut)
    cache = board._reach_cache
    fast = ("best runs by stamps", *rules, board.suburbs.stamp,  # type: ignore[attr-defined]
            board.stamp_key())
    found: tuple[int, Runs] | None = cache.get(fast)
    if found is not None:
        return found
    key = ("best runs", *rules, frozenset(board.suburbs.items()), board.trace_key())
    found = cache.get(key)
    if found is None:
        found = routes.best_waypoints(board, company, trains, state.phase, values,
                                      corp.abilities, cut_throat=cut,
                                      node_budget=ROUTE_NODE_BUDGET)
        cache[key] = found
    cache[fast] = found
    return found


def best_revenue(state: LostAtlasState) -> int:
    """The best revenue of the operating company's routes now."""
    return best_runs(state, _op(state).company)[0]


def _name(state: LostAtlasState, seat: int) -> str:
    return seat_name(state, seat)  # a player, or the Solo Game's Conglomerate


# -- the round --------------------------------------------------------------------------------
def start(state: LostAtlasState, log: list[str]) -> None:
    """Begin an Operating Round: the first company in stock order takes its turn."""
    log.append(f"Operating Round {state.cycle}.{state.or_number} begins.")
    first = _next_company(state, [])
    if first is None:
        state.op = None
        log.append("No company operates.")
        return
    state.op = OperatingRound(company=first)
    _begin_turn(state, log)
    if _settle(state, log):
        _close(state, log)


def _next_company(state: LostAtlasState, done: list[str]) -> str | None:
    for company in state.stock.operating_order():
        if company not in done:
            return company
    return None


def _begin_turn(state: LostAtlasState, log: list[str]) -> None:
    op = _op(state)
    corp = state.corps[op.company]
    op.step = LEADOFF
    op.budget = LayBudget()
    op.revenue = 0
    op.offer = None
    op.refused = {}
    op.forced = None
    op.phase = state.phase
    seat = state.president(op.company)
    log.append(f"{corp.name} operates ({_name(state, seat)} presides; treasury "
               f"{state.treasury(op.company)}).")
    for hook in POINTS.start_of_turn:  # the Headquarters pays its holder
        hook(state, op.company, log)


def to_act(state: LostAtlasState) -> int:
    op: OperatingRound = state.op  # asked at every action: no _op call
    if op.offer is not None:
        return state.president(op.offer.seller)
    return state.president(op.company)


def _step_options(state: LostAtlasState) -> list[OperatingAction]:
    """The operating company's choices in its current step (not pass, not suburbs),
    the variants' extra ones (``points.step_options``) last."""
    out = _rulebook_step_options(state)
    if POINTS.step_options:
        op = _op(state)
        for hook in POINTS.step_options:  # the Headquarters' placement, Unions Win!'s half
            out.extend(hook(state, op.company, op.step))
    return out


def _rulebook_step_options(state: LostAtlasState) -> list[OperatingAction]:
    op = _op(state)
    company = op.company
    corp = state.corps[company]
    cash = state.treasury(company)
    out: list[OperatingAction] = []
    if op.step == LEADOFF:
        if not _leadoff_applies(state, company) or _room(state, company) <= 0:
            return []
        out.extend(BuyTrain(t) for t in _stack_choices(state) if _price(state, t) <= cash)
        out.extend(BuyTrain(t, POOL) for t in _pool_choices(state) if _price(state, t) <= cash)
        return out
    if op.step == SHARES:
        for action in (_ISSUE, _REDEEM):
            if not _shares_rule(state, action):
                out.append(action)
        return out
    if op.step == TRACK:
        out.extend(track_laying.legal_lays(state.board, _operator(state, company),
                                           _colours(state), op.budget))
        return out
    if op.step == HUB:
        cost = _hub_cost(state, company)
        if cost is not None:
            out.extend(PlaceHub(spot) for spot in
                       hubs.legal_hub_spots(state.board, _operator(state, company), cost))
        return out
    if op.step == RUN:
        if _route_trains(state, company):
            total, runs = best_runs(state, company)
            out.append(Run(total, runs))
        return out
    if op.step == PAYOUT:
        if op.revenue > 0:
            out.extend([Payout(), Withhold()])
        return out
    # TRAINS
    room = _room(state, company)
    if room > 0:
        for t in _stack_choices(state):
            if _price(state, t) <= cash:
                out.append(BuyTrain(t))
        for t in _pool_choices(state):
            if _price(state, t) <= cash:
                out.append(BuyTrain(t, POOL))
    for t in _stack_choices(state):
        trade_price = state.components.trains[t].trade_in_price
        if trade_price is not None and trade_price <= cash:
            out.extend(BuyTrain(t, STACK, old) for old in _trade_ins(state, company, t))
    if room > 0 and cash >= 1:
        for seller in state.stock.operating_order():
            if seller == company:
                continue
            for t in sorted(set(state.corps[seller].trains),
                            key=lambda x: list(state.components.trains).index(x)):
                low = op.refused.get((seller, t), 0) + 1
                out.extend(_offers(seller, t, cash)[low:cash + 1])
    if not corp.trains and not _affordable_purchase(state, company):
        out.extend(ForceTrain(t, source) for t, source in _cheapest(state))
    return out


_OFFERS: dict[tuple[str, str], list[OfferTrain]] = {}
"""Shared (immutable) offers by seller and train, indexed by price (0 unused): a treasury
may make hundreds of offers, and listing them then costs a slice, not hundreds of
constructions."""


def _offers(seller: str, train: str, cash: int) -> list[OfferTrain]:
    """``_offers(s, t, c)[p]`` is ``OfferTrain(s, t, p)`` for every ``p <= c``."""
    made = _OFFERS.setdefault((seller, train), [OfferTrain(seller, train, 0)])
    if len(made) <= cash:
        made.extend(OfferTrain(seller, train, p) for p in range(len(made), cash + 1))
    return made


def _has_step_options(state: LostAtlasState, op: OperatingRound) -> bool:
    """Whether the current step (of ``op``, the round under way) offers anything: what
    :func:`_step_options` would list, asked of the same rules without listing it (track
    lays and train offers are the long lists), the variants' step options last."""
    if op.step == RUN:  # the run is listed when it has trains (no need to solve here)
        return bool(_route_trains(state, op.company))
    if op.step == TRACK:
        return track_laying.any_lay(state.board, _operator(state, op.company),
                                    _colours(state), op.budget)
    if _rulebook_has_option(state, op):
        return True
    for hook in POINTS.step_options:  # noqa: SIM110 (no generator: asked at every settle)
        if hook(state, op.company, op.step):
            return True
    return False


def _rulebook_has_option(state: LostAtlasState, op: OperatingRound) -> bool:
    """Whether :func:`_rulebook_step_options` lists anything in the leadoff, shares, hub,
    payout or trains step (the same rules, in the same step, no action built)."""
    company = op.company
    step = op.step
    if step == LEADOFF:
        return (_leadoff_applies(state, company) and _room(state, company) > 0
                and _affordable_purchase(state, company))
    if step == SHARES:
        return not _shares_rule(state, _ISSUE) or not _shares_rule(state, _REDEEM)
    if step == HUB:
        cost = _hub_cost(state, company)
        return cost is not None and hubs.any_hub_spot(state.board, _operator(state, company),
                                                      cost)
    if step == PAYOUT:
        return op.revenue > 0  # pay out or withhold
    assert step == TRAINS, step
    cash = state.treasury(company)
    room = _room(state, company)
    if room > 0:
        if _affordable_purchase(state, company):  # from the stack or the pool
            return True
        if cash >= 1:  # an offer to another company (plain loops: a generator over
            # every company's trains cost more than the test it makes)
            refused, corps = op.refused, state.corps
            for seller in state.stock.operating_order():
                if seller != company:
                    for t in corps[seller].trains:
                        if refused.get((seller, t), 0) + 1 <= cash:
                            return True
    trains = state.components.trains
    for t in _stack_choices(state):  # a trade-in
        trade_price = trains[t].trade_in_price
        if trade_price is not None and trade_price <= cash and _trade_ins(state, company, t):
            return True
    # a forced purchase (no train, none affordable)
    return (not state.corps[company].trains and not _affordable_purchase(state, company)
            and bool(_cheapest(state)))


def _has_suburb_options(state: LostAtlasState, op: OperatingRound) -> bool:
    """Whether :func:`_suburb_options` lists anything (stopping at the first)."""
    if SUBURBAN not in state.corps[op.company].abilities:
        return False
    return hubs.any_suburb(state.board, _operator(state, op.company))


def _suburb_options(state: LostAtlasState) -> list[PlaceSuburb]:
    op = _op(state)
    if SUBURBAN not in state.corps[op.company].abilities:
        return []
    return [PlaceSuburb(h) for h in hubs.legal_suburbs(state.board,
                                                       _operator(state, op.company))]


def _may_pass(state: LostAtlasState) -> IllegalAction | None:
    op = _op(state)
    company = op.company
    if op.step == RUN:
        return IllegalAction("lost_atlas.or.run", "the company runs its trains now")
    if op.step == PAYOUT:
        return IllegalAction("lost_atlas.or.payout", "pay the revenue out or withhold it")
    if op.step == TRAINS and not state.corps[company].trains and (
            _affordable_purchase(state, company) or _cheapest(state)):
        return IllegalAction("lost_atlas.trains.must-buy",
                                 f"{state.corps[company].name} owns no train and must buy one")
    return None


def legal(state: LostAtlasState, seat: int) -> list[OperatingAction]:
    if state.op is None or seat != to_act(state):
        return []
    op = _op(state)
    if op.offer is not None:
        return [Agree(), Decline()]
    if op.forced is not None:
        seat = state.president(op.company)
        return [Liquidate(c) for c in sorted(state.corps)
                if _forced_sale_problem(state, seat, c) is None]
    inserted = interlude(state, op.company)
    if inserted is not None:  # the Headquarters' Land Grant or Commercial Zoning
        return list(inserted.legal(state, op.company))
    out = _step_options(state)
    out.extend(_suburb_options(state))
    if _may_pass(state) is None:
        out.append(Pass())
    return out


# -- checking -----------------------------------------------------------------------------
_ANSWERS = (Agree, Decline)
_SHARE_ACTIONS = (Issue, Redeem)
_PAYOUTS = (Payout, Withhold)
"""Action classes :func:`check` and :func:`apply` ask for together, as tuples made once
(a union written in the call is built again at every action)."""


def check(state: LostAtlasState, action: AnyAction, seat: int) -> IllegalAction | None:
    """The rule ``action`` of ``seat`` breaks now, or None. That ``seat`` is the one
    to act (``core.not-your-decision``) the title has checked already (``Title.check``,
    as for the Stock Round)."""
    if state.op is None:
        return IllegalAction("lost_atlas.or.turn", "no company is operating")
    op = _op(state)
    if op.offer is not None:
        if isinstance(action, _ANSWERS):
            return None
        seller = state.corps[op.offer.seller].name
        return IllegalAction("lost_atlas.trains.offer",
                             f"{seller}'s president must agree to or decline the offer")
    if op.forced is not None:
        if not isinstance(action, Liquidate):
            return IllegalAction("lost_atlas.trains.forced-sale",
                                 "the president sells shares one at a time until the "
                                 "forced purchase is paid")
        return _forced_sale_problem(state, seat, action.company)
    inserted = interlude(state, op.company)
    if inserted is not None:
        return inserted.check(state, op.company, action)
    if isinstance(action, _ANSWERS):
        return IllegalAction("lost_atlas.trains.offer", "no offer is waiting for an answer")
    if isinstance(action, Liquidate):
        return IllegalAction("lost_atlas.trains.forced-sale",
                             "shares are sold in the Operating Round only for a forced "
                             "train purchase")
    if isinstance(action, PlaceSuburb):
        if SUBURBAN not in state.corps[op.company].abilities:
            return IllegalAction("lost_atlas.ability.suburban",
                                 "only Suburban places suburb tokens")
        return hubs.check_suburb(state.board, _operator(state, op.company), action.hex)
    if isinstance(action, Pass):
        return _may_pass(state)
    wrong = _wrong_step(state, action)
    if wrong is not None:
        return wrong
    if isinstance(action, _SHARE_ACTIONS):
        return _check_shares(state, action)
    added = POINTS.step_actions.get(type(action))
    if added is not None:  # a variant's action (the Headquarters, Unions Win!)
        return added.check(state, op.company, action)
    if isinstance(action, TileLay):
        return track_laying.check_lay(state.board, _operator(state, op.company),
                                      _colours(state), op.budget, action)
    if isinstance(action, PlaceHub):
        cost = _hub_cost(state, op.company)
        if cost is None:
            return IllegalAction("lost_atlas.hub.none",
                                 f"{state.corps[op.company].name} has no hub to place")
        return hubs.check_hub(state.board, _operator(state, op.company), action.spot, cost)
    if isinstance(action, Run):
        if action.routes is not None:
            return _check_submitted(state, action)
        best = best_revenue(state)
        if action.revenue != best:
            return IllegalAction("lost_atlas.or.run",
                                 f"the best routes earn {best}, not {action.revenue}")
        return None
    if isinstance(action, _PAYOUTS):
        return None
    if isinstance(action, BuyTrain):
        return _check_buy(state, action)
    if isinstance(action, OfferTrain):
        return _check_offer(state, action)
    if isinstance(action, ForceTrain):
        return _check_force(state, action)
    return IllegalAction("lost_atlas.or.step", f"{action} is not an Operating Round action")


_STEP_OF: dict[type, tuple[str, ...]] = {
    Issue: (SHARES,), Redeem: (SHARES,), TileLay: (TRACK,), PlaceHub: (HUB,), Run: (RUN,),
    Payout: (PAYOUT,), Withhold: (PAYOUT,),
    BuyTrain: (LEADOFF, TRAINS),
    OfferTrain: (TRAINS,), ForceTrain: (TRAINS,),
}


def _wrong_step(state: LostAtlasState, action: AnyAction) -> IllegalAction | None:
    op = _op(state)
    steps = _STEP_OF.get(type(action))
    if steps is None and (added := POINTS.step_actions.get(type(action))) is not None:
        steps = added.steps
    if steps is None:
        return IllegalAction("lost_atlas.or.step", f"{action} is not an Operating Round action")
    if op.step in steps:
        return None
    if isinstance(action, BuyTrain) and op.step != LEADOFF and STEPS.index(op.step) < STEPS.index(
            TRAINS):
        return IllegalAction("lost_atlas.or.step",
                             f"trains are bought after running (now: the {op.step} step)")
    if STEPS.index(steps[-1]) < STEPS.index(op.step):
        return IllegalAction("lost_atlas.or.step",
                             f"the {steps[-1]} step is over (now: the {op.step} step)")
    return IllegalAction("lost_atlas.or.step",
                         f"the {op.step} step comes first (pass to skip it)")


def _network(state: LostAtlasState, company: str,
             only: set[Hex] | None = None) -> routes.Network:
    values = routes.destination_values(state.components, state.phase,
                                       state.destination_values)
    return routes.build_network(state.board, company, _route_trains(state, company), values,
                                state.corps[company].abilities,
                                cut_throat=bool(state.options.get("cut_throat_routes")),
                                only=only)


def operating_network(state: LostAtlasState) -> tuple[str, routes.Network] | None:
    """The operating company and its routing problem on the whole map, the one a
    president's own routes are checked on (the browser's route editor joins the stops a
    president clicks on it); None when no company is at its run step."""
    op = state.op
    if not isinstance(op, OperatingRound) or op.step != RUN or op.company not in state.corps:
        return None
    return op.company, _network(state, op.company)


def operating_reach(state: LostAtlasState) -> tuple[str, Reach] | None:
    """The operating company and where it can trace a route now (the hexes its track
    laying and hub placing reach), for the browser to highlight; None outside an
    Operating Round."""
    op = state.op
    if not isinstance(op, OperatingRound) or op.company not in state.corps:
        return None
    return op.company, track_laying.trace_for(state.board, _operator(state, op.company))


def _check_submitted(state: LostAtlasState, action: Run) -> IllegalAction | None:
    """The president's own routes: each a legal route, no track shared, and the revenue
    claimed what they earn.

    Routes that keep every rule are accepted by a walk of the board's tiles
    (``routes.submitted_revenue``), with no network built; anything else is checked on
    the networks (:func:`_check_submitted_on_network`), which name the rule broken."""
    op = _op(state)
    assert action.routes is not None
    trains = _route_trains(state, op.company)
    if len(action.routes) != len(trains):
        return IllegalAction(f"{routes.RULE}.train-count",
                             f"one route per train: {len(trains)} trains, "
                             f"{len(action.routes)} routes")
    values = routes.destination_values(state.components, state.phase,
                                       state.destination_values)
    earned = routes.submitted_revenue(state.board, op.company, trains, values,
                                      state.corps[op.company].abilities, action.routes,
                                      cut_throat=bool(state.options.get("cut_throat_routes")))
    if earned is None:
        return _check_submitted_on_network(state, action)
    if earned != action.revenue:
        return IllegalAction("lost_atlas.or.run",
                             f"these routes earn {earned}, not {action.revenue}")
    return None


def _check_submitted_on_network(state: LostAtlasState, action: Run) -> IllegalAction | None:
    """:func:`_check_submitted` on the routing networks: the routes' own hexes, then,
    to name the rule a refused route breaks, the whole map (``_check_submitted`` has
    already checked one route per train)."""
    op = _op(state)
    assert action.routes is not None
    # A route's legality and revenue are read off the hexes it passes, so the routes are
    # legal on the hexes they name exactly when they are on the whole map; the whole map
    # is built only to name the rule a refused route breaks.
    built: list[Route] | None = None
    for scope in ("route", "map"):
        net = _network(state, op.company,
                       only=routes.waypoint_hexes(action.routes) if scope == "route" else None)
        try:
            built = routes.routes_from_waypoints(net, action.routes)
        except RouteError as err:
            if scope != "map":
                continue
            return err
        problem = validate(net.problem, built, routes.RULE, derived=True)  # by route_of
        if problem is None:
            break
        if scope == "map":
            return problem
    assert built is not None
    earned = sum(route.revenue for route in built)
    if earned != action.revenue:
        return IllegalAction("lost_atlas.or.run",
                             f"these routes earn {earned}, not {action.revenue}")
    return None


def _check_shares(state: LostAtlasState, action: Issue | Redeem) -> IllegalAction | None:
    op = _op(state)
    broken = _shares_rule(state, action)
    if not broken:
        return None
    corp = state.corps[op.company]
    if broken == _NO_TREASURY_SHARE:
        return IllegalAction("lost_atlas.or.issue", f"{corp.name} has no treasury share")
    if broken == _POOL_FULL:
        return IllegalAction("lost_atlas.or.pool-limit",
                             "no more than 50% of a company's shares may be in the pool")
    if broken == _NO_POOL_SHARE:
        return IllegalAction("lost_atlas.or.redeem", f"the pool has no {corp.name} share")
    return IllegalAction("lost_atlas.or.redeem",
                         f"redeeming costs {state.price(op.company)}; the treasury has "
                         f"{state.treasury(op.company)}")


_NO_TREASURY_SHARE, _POOL_FULL, _NO_POOL_SHARE, _CANNOT_PAY = range(1, 5)
"""Which share rule an issue or a redemption breaks (0: none), for the listing, which
builds no refusal."""


def _shares_rule(state: LostAtlasState, action: Issue | Redeem) -> int:
    company = _op(state).company
    shares = state.corps[company].shares
    if isinstance(action, Issue):
        if shares.treasury <= 0:
            return _NO_TREASURY_SHARE
        return _POOL_FULL if shares.pool + 1 > shares.pool_limit else 0
    if shares.pool <= 0:
        return _NO_POOL_SHARE
    return _CANNOT_PAY if state.price(company) > state.treasury(company) else 0


def _check_buy(state: LostAtlasState, action: BuyTrain) -> IllegalAction | None:
    op = _op(state)
    company = op.company
    corp = state.corps[company]
    cash = state.treasury(company)
    if action.train not in state.components.trains:
        return IllegalAction("lost_atlas.trains.source", f"there is no {action.train}-train")
    if op.step == LEADOFF:
        if not _leadoff_applies(state, company):
            return IllegalAction("lost_atlas.or.leadoff",
                                 "only a minor in its first Operating Round buys a leadoff "
                                 "train")
        if action.trade is not None:
            return IllegalAction("lost_atlas.or.leadoff",
                                 "a leadoff train is bought at its printed price")
    if action.source == POOL:
        if action.train not in state.pool:
            return IllegalAction("lost_atlas.trains.source",
                                 f"the pool has no {action.train}-train")
        cost = _price(state, action.train)
    else:
        choices = _stack_choices(state)
        if action.train not in choices:
            top = " or ".join(choices) or "nothing"
            return IllegalAction("lost_atlas.trains.source",
                                 f"only the top of the stack is for sale: {top}")
        cost = _price(state, action.train)
        if action.trade is not None:
            kind = state.components.trains[action.train]
            if kind.trade_in_price is None:
                return IllegalAction("lost_atlas.trains.trade-in",
                                     f"no train is traded in for a {action.train}-train")
            if action.trade not in _trade_ins(state, company, action.train):
                return IllegalAction("lost_atlas.trains.trade-in",
                                     f"{corp.name} has no unrusted {action.trade}-train to "
                                     f"trade in")
            cost = kind.trade_in_price
    if action.trade is None and _room(state, company) <= 0:
        return IllegalAction("lost_atlas.trains.limit",
                             f"{corp.name} is at its train limit "
                             f"({train_rules.limit(state, company)})")
    if cost > cash:
        return IllegalAction("lost_atlas.trains.afford",
                             f"the train costs {cost}; the treasury has {cash}")
    return None


def _check_offer(state: LostAtlasState, action: OfferTrain) -> IllegalAction | None:
    op = _op(state)
    company = op.company
    seller = state.corps.get(action.seller)
    if seller is None or action.seller == company:
        return IllegalAction("lost_atlas.trains.source",
                             f"{action.seller!r} is not another company")
    if action.train not in seller.trains:
        return IllegalAction("lost_atlas.trains.source",
                             f"{seller.name} has no {action.train}-train to sell (rusted "
                             f"trains cannot be sold)")
    if _room(state, company) <= 0:
        return IllegalAction("lost_atlas.trains.limit",
                             f"{state.corps[company].name} is at its train limit")
    if action.price < 1:
        return IllegalAction("lost_atlas.trains.offer-price",
                             "a train from another company costs at least 1")
    if action.price > state.treasury(company):
        return IllegalAction("lost_atlas.trains.afford",
                             f"the treasury has {state.treasury(company)}")
    refused = op.refused.get((action.seller, action.train))
    if refused is not None and action.price <= refused:
        return IllegalAction("lost_atlas.trains.offer-refused",
                             f"{seller.name} refused {refused} for its {action.train}-train "
                             f"this turn; offer more")
    return None


def _check_force(state: LostAtlasState, action: ForceTrain) -> IllegalAction | None:
    op = _op(state)
    corp = state.corps[op.company]
    if corp.trains:
        return IllegalAction("lost_atlas.trains.forced",
                             "only a company with no train makes a forced purchase")
    if _affordable_purchase(state, op.company):
        return IllegalAction("lost_atlas.trains.forced",
                             "the treasury can pay for a train: no forced purchase")
    cheapest = _cheapest(state)
    if (action.train, action.source) not in cheapest:
        shown = ", ".join(str(ForceTrain(t, s)) for t, s in cheapest) or "none"
        return IllegalAction("lost_atlas.trains.forced-cheapest",
                             f"a forced purchase takes the cheapest train of the pool and "
                             f"the stack ({shown})")
    return None


def _forced_sale_problem(state: LostAtlasState, seat: int,
                         company: str) -> IllegalAction | None:
    op = _op(state)
    corp = state.corps.get(company)
    if corp is None:
        return stock_round.not_in_play(state, company)
    shares = corp.shares
    if shares.held(seat) < 1:
        return IllegalAction("lost_atlas.stock.sell-holding",
                             f"{_name(state, seat)} holds no {corp.name} share")
    if corp.kind == MINOR and not corp.operated:
        return IllegalAction("lost_atlas.stock.sell-unoperated",
                             f"{corp.name} has not operated yet; its shares cannot be sold")
    problem = shares.sale_problem(seat, 1, state.seats())
    if problem == "pool-limit":
        return IllegalAction("lost_atlas.stock.pool-limit",
                             "no more than 50% of a company's shares may be in the pool")
    if problem == "president":
        return IllegalAction("lost_atlas.stock.sell-president",
                             "the sale would leave the company without a president")
    if company == op.company:
        after = shares.copy()
        after.take(seat, 1)
        after.pool += 1
        if after.new_president(state.seats()) != seat:
            return IllegalAction("lost_atlas.trains.forced-presidency",
                                 "a forced sale may not hand over the operating company's "
                                 "presidency")
    return None


# -- applying -----------------------------------------------------------------------------------
def apply(state: LostAtlasState, action: AnyAction, seat: int, log: list[str]) -> bool:
    """Apply a checked action; return True when the whole Operating Round is over."""
    op = _op(state)
    company = op.company
    corp = state.corps[company]
    inserted = interlude(state, company)
    if inserted is not None:  # a Land Grant or Commercial Zoning lay or stop
        inserted.apply(state, company, action, log)
        if interlude(state, company) is None:
            _next_step(state, log)
        return _settle(state, log) and _close(state, log)
    if isinstance(action, _ANSWERS):
        _answer(state, isinstance(action, Agree), log)
    elif isinstance(action, Liquidate):
        _liquidate(state, action.company, log)
        if state.round == OVER:
            return False
    elif isinstance(action, PlaceSuburb):
        state.board.suburbs[action.hex] = company
        corp.suburbs = max(0, corp.suburbs - 1)
        log.append(f"{corp.name} places a suburb token at {action.hex[0]},{action.hex[1]}.")
        return _settle(state, log) and _close(state, log)
    elif isinstance(action, Pass):
        log.append(f"{corp.name} {PASS_WORDS.get(op.step, f'passes ({op.step})')}.")
        if op.step == TRAINS:
            if _end_turn(state, log):
                return _close(state, log)
        else:
            _next_step(state, log)
    elif isinstance(action, Issue):
        _issue(state, company, log)
        _next_step(state, log)
    elif isinstance(action, Redeem):
        price = state.price(company)
        state.ledger.pay(company_account(company), BANK, price)
        corp.shares.pool -= 1
        corp.shares.treasury += 1
        log.append(f"{corp.name} redeems a share from the pool for {price}.")
        _next_step(state, log)
    elif isinstance(action, TileLay):
        result = track_laying.lay(state.board, _operator(state, company), op.budget, action)
        state.ledger.pay(company_account(company), BANK, result.cost)
        state.ledger.pay(BANK, company_account(company), result.income)
        log.append(result.sentence.replace(f"{company} ", f"{corp.name} ", 1))
    elif isinstance(action, PlaceHub):
        cost = _hub_cost(state, company)
        assert cost is not None
        corp.hub_costs.remove(cost)
        state.ledger.pay(company_account(company), BANK, cost)
        state.board.place_hub(action.spot, company)
        (q, r), i = action.spot
        log.append(f"{corp.name} places a hub at {q},{r}" + (f"/{i}" if i else "")
                   + f" for {cost}.")
        _next_step(state, log)
    elif (added := POINTS.step_actions.get(type(action))) is not None:
        if added.apply(state, company, action, log):  # the variant's action ends the step
            _next_step(state, log)
    elif isinstance(action, Run):
        op.revenue = action.revenue
        ran = len(corp.trains) + len(corp.rusted)
        chosen = " on the president's routes" if action.routes is not None else ""
        log.append(f"{corp.name} runs {ran} train{'s' if ran != 1 else ''}{chosen} for "
                   f"{action.revenue}.")
        if corp.rusted:
            log.append(f"{corp.name}'s rusted {', '.join(corp.rusted)}-train"
                       f"{'s leave' if len(corp.rusted) > 1 else ' leaves'} the game after "
                       f"{'their' if len(corp.rusted) > 1 else 'its'} last run.")
            corp.rusted = []
        _next_step(state, log)
    elif isinstance(action, Payout):
        _pay_out(state, company, op.revenue, log)
        _next_step(state, log)
    elif isinstance(action, Withhold):
        _withhold(state, company, op.revenue, log)
        _next_step(state, log)
    elif isinstance(action, BuyTrain):
        _buy(state, company, action, log)
        if op.step == LEADOFF:
            _next_step(state, log)
    elif isinstance(action, OfferTrain):
        if state.president(action.seller) == state.president(company):
            _sell_between(state, action.seller, company, action.train, action.price, log)
        else:
            op.offer = Offer(action.seller, action.train, action.price)
            seller_name = state.corps[action.seller].name
            log.append(f"{corp.name} offers {seller_name} {action.price} for a "
                       f"{action.train}-train; "
                       f"{_name(state, state.president(action.seller))} decides.")
    elif isinstance(action, ForceTrain):
        _force(state, action, log)
        if state.round == OVER:
            return False
    return _settle(state, log) and _close(state, log)


def _close(state: LostAtlasState, log: list[str]) -> bool:
    log.append(f"Operating Round {state.cycle}.{state.or_number} ends.")
    state.op = None
    return True


def _next_step(state: LostAtlasState, log: list[str]) -> None:
    op = _op(state)
    if op.step == TRAINS:
        return
    op.step = STEPS[STEPS.index(op.step) + 1]


def _settle(state: LostAtlasState, log: list[str]) -> bool:
    """Move past steps with nothing to decide (doing what they do without a choice);
    end turns and begin the next. True when no company is left to operate.

    The questions about the company's turn as a whole (is it still there, does a variant
    play it, is an offer, a forced purchase or a variant's interlude pending) are asked
    again after anything happened, but not when only the step moved on: nothing they
    read has changed then."""
    stepped = False  # only the step moved on since the company's questions were asked
    while True:
        op = _op(state)
        if not stepped:
            if state.round == OVER:
                return False
            if op.company not in state.corps:  # dissolved or removed during its turn
                if _end_turn(state, log, flip=False):
                    return True
                continue
            if _automated_turn(state, op.company, log):  # the Solo Game's Conglomerate
                if state.round == OVER or _end_turn(state, log):
                    return state.round != OVER
                continue
            if op.offer is not None or op.forced is not None:
                return False
            if interlude(state, op.company) is not None:
                return False
        stepped = False
        if op.step == RUN and not _route_trains(state, op.company):
            _no_revenue(state, op.company, "has no train", log)
            op.step = TRAINS
            continue
        if op.step == PAYOUT and op.revenue <= 0:
            _no_revenue(state, op.company, "earns nothing", log)
            op.step = TRAINS
            continue
        if _has_step_options(state, op) or _has_suburb_options(state, op):
            return False
        corp = state.corps[op.company]
        if op.step == TRAINS:
            if not corp.trains and _may_pass(state) is None:
                log.append(f"{corp.name} owns no train and none can be bought.")
            if _end_turn(state, log):
                return True
            continue
        _next_step(state, log)
        stepped = True


def _automated_turn(state: LostAtlasState, company: str, log: list[str]) -> bool:
    """True if a variant played ``company``'s whole turn itself."""
    for hook in POINTS.automated_turn:  # noqa: SIM110 (no generator: asked at every settle)
        if hook(state, company, log):
            return True
    return False


def _end_turn(state: LostAtlasState, log: list[str], flip: bool = True) -> bool:
    """The company's token is flipped; the next company begins. True if none is left."""
    op = _op(state)
    op.done.append(op.company)
    corp = state.corps.get(op.company)
    if flip and corp is not None:
        corp.operated = True
    nxt = _next_company(state, op.done)
    if nxt is None:
        return True
    op.company = nxt
    _begin_turn(state, log)
    return False


# -- money and shares ------------------------------------------------------------------------
def _issue(state: LostAtlasState, company: str, log: list[str]) -> None:
    corp = state.corps[company]
    price = state.price(company)
    corp.shares.treasury -= 1
    corp.shares.pool += 1
    state.ledger.pay(BANK, company_account(company), price)
    state.stock.move(company, -1)
    log.append(f"{corp.name} issues a share for {price}; its price drops to "
               f"{state.price(company)}.")
    dissolution.check_dissolution(state, company, log)


def _pay_out(state: LostAtlasState, company: str, revenue: int, log: list[str]) -> None:
    corp = state.corps[company]
    shares = corp.shares
    per_share = revenue * shares.share_percent // 100
    for seat, count in sorted(shares.players.items()):  # the Conglomerate too (solo)
        state.ledger.pay(BANK, holder_account(state, seat), per_share * count)
    state.ledger.pay(BANK, company_account(company), per_share * shares.treasury)
    price = state.price(company)
    move_after_pay_out(state, company, revenue, price)
    corp.last_revenue = revenue
    corp.per_share = per_share
    moved = state.price(company)
    how = (f"its price rises to {moved}" if moved != price
           else "its price stays; the token moves to the bottom of its space")
    log.append(f"{corp.name} pays out {revenue}: {per_share} a share; {how}.")
    money_moved(state, log)


def payout_steps(state: LostAtlasState, paid: int, price: int) -> int:
    """Steps up after paying ``paid`` out at ``price`` (0: to the bottom of the space);
    a variant may change them (``points.payout_steps``: Record Gains!)."""
    if paid >= 2 * price:
        steps = 2
    elif paid >= price:
        steps = 1
    else:
        steps = 0
    for hook in POINTS.payout_steps:
        steps = hook(state, paid, price, steps)
    return steps


def move_after_pay_out(state: LostAtlasState, company: str, paid: int, price: int) -> None:
    steps = payout_steps(state, paid, price)
    if steps:
        state.stock.move(company, steps)
    else:
        state.stock.to_bottom(company)


def _withhold(state: LostAtlasState, company: str, revenue: int, log: list[str]) -> None:
    corp = state.corps[company]
    state.ledger.pay(BANK, company_account(company), revenue)
    state.stock.move(company, -1)
    corp.last_revenue = revenue
    corp.per_share = 0
    log.append(f"{corp.name} withholds {revenue}; its price drops to {state.price(company)}.")
    dissolution.check_dissolution(state, company, log)
    money_moved(state, log)


def _no_revenue(state: LostAtlasState, company: str, why: str, log: list[str]) -> None:
    corp = state.corps[company]
    state.stock.move(company, -1)
    corp.last_revenue = 0
    corp.per_share = 0
    log.append(f"{corp.name} {why}: revenue 0; its price drops to {state.price(company)}.")
    dissolution.check_dissolution(state, company, log)


# -- trains ----------------------------------------------------------------------------------------
def _buy(state: LostAtlasState, company: str, action: BuyTrain, log: list[str]) -> None:
    corp = state.corps[company]
    if action.source == POOL:
        cost = _price(state, action.train)
        state.pool.remove(action.train)
        state.ledger.pay(company_account(company), BANK, cost)
        corp.trains.append(action.train)
        log.append(f"{corp.name} buys a {action.train}-train from the pool for {cost}.")
        return
    cost = _price(state, action.train)
    if action.trade is not None:
        trade_price = state.components.trains[action.train].trade_in_price
        assert trade_price is not None
        cost = trade_price
        corp.trains.remove(action.trade)
    _take_from_stack(state, company, action.train, cost, log,
                     f" trading in a {action.trade}-train" if action.trade else "")


def _take_from_stack(state: LostAtlasState, company: str, train: str, cost: int,
                     log: list[str], extra: str = "", payers: list[tuple[str, int]] | None = None
                     ) -> None:
    corp = state.corps[company]
    if state.trains:
        state.trains.pop(0)
    for account, amount in payers or [(company_account(company), cost)]:
        state.ledger.pay(account, BANK, amount)
    corp.trains.append(train)
    log.append(f"{corp.name} buys a {train}-train for {cost}{extra}.")
    train_rules.gained(state, train, log)


def _sell_between(state: LostAtlasState, seller: str, buyer: str, train: str, price: int,
                  log: list[str]) -> None:
    state.corps[seller].trains.remove(train)
    state.corps[buyer].trains.append(train)
    state.ledger.pay(company_account(buyer), company_account(seller), price)
    log.append(f"{state.corps[buyer].name} buys a {train}-train from "
               f"{state.corps[seller].name} for {price}.")


def _answer(state: LostAtlasState, agreed: bool, log: list[str]) -> None:
    op = _op(state)
    offer = op.offer
    assert offer is not None
    op.offer = None
    name = _name(state, state.president(offer.seller))
    if agreed:
        log.append(f"{name} agrees.")
        _sell_between(state, offer.seller, op.company, offer.train, offer.price, log)
    else:
        key = (offer.seller, offer.train)
        op.refused[key] = max(op.refused.get(key, 0), offer.price)
        log.append(f"{name} declines the offer of {offer.price} for "
                   f"{state.corps[offer.seller].name}'s {offer.train}-train.")


# -- forced purchase and bankruptcy ----------------------------------------------------------------
def _force(state: LostAtlasState, action: ForceTrain, log: list[str]) -> None:
    op = _op(state)
    corp = state.corps[op.company]
    seat = state.president(op.company)
    cost = _price(state, action.train)
    log.append(f"{corp.name} must buy the {action.train}-train from the {action.source} for "
               f"{cost}; its treasury has {state.treasury(op.company)} and "
               f"{_name(state, seat)} must help.")
    op.forced = Forced(action.train, action.source)
    _forced_progress(state, log)


def _liquidate(state: LostAtlasState, company: str, log: list[str]) -> None:
    op = _op(state)
    forced = op.forced
    assert forced is not None
    seat = state.president(op.company)
    corp = state.corps[company]
    price = state.price(company)
    corp.shares.take(seat, 1)
    corp.shares.pool += 1
    state.ledger.pay(BANK, player_account(seat), price)
    forced.sold[company] = forced.sold.get(company, 0) + 1
    log.append(f"{_name(state, seat)} sells a {corp.name} share for {price}.")
    new = corp.shares.update_president(state.seats())
    if new is not None:
        log.append(f"{_name(state, new)} becomes president of {corp.name}.")
    _forced_progress(state, log)


def _forced_progress(state: LostAtlasState, log: list[str]) -> None:
    """Pay for the forced purchase if the money is there; declare bankruptcy if it cannot
    be and no share can be sold any more; otherwise wait for the next sale."""
    op = _op(state)
    forced = op.forced
    assert forced is not None
    company = op.company
    seat = state.president(company)
    cost = _price(state, forced.train)
    treasury = state.treasury(company)
    if treasury + state.cash(seat) >= cost:
        op.forced = None
        from_president = cost - treasury
        payers = [(company_account(company), treasury), (player_account(seat), from_president)]
        log.append(f"{_name(state, seat)} contributes {from_president}.")
        if forced.source == POOL:
            state.pool.remove(forced.train)
            for account, amount in payers:
                state.ledger.pay(account, BANK, amount)
            state.corps[company].trains.append(forced.train)
            log.append(f"{state.corps[company].name} buys a {forced.train}-train from the pool "
                       f"for {cost}.")
        else:
            _take_from_stack(state, company, forced.train, cost, log, payers=payers)
        _forced_drops(state, forced, log)
        return
    if any(_forced_sale_problem(state, seat, c) is None for c in state.corps):
        return
    op.forced = None
    _forced_drops(state, forced, log)
    _bankrupt(state, seat, company, log)


def _forced_drops(state: LostAtlasState, forced: Forced, log: list[str]) -> None:
    per_share = bool(state.options.get("cut_throat_stock"))
    for company in state.stock.operating_order():
        count = forced.sold.get(company, 0)
        if not count:
            continue
        state.stock.move(company, -(count if per_share else 1))
        log.append(f"{state.corps[company].name}'s price drops to {state.price(company)}.")
    for company in list(forced.sold):
        dissolution.check_dissolution(state, company, log)


def _bankrupt(state: LostAtlasState, seat: int, company: str, log: list[str]) -> None:
    """The president cannot pay for the forced purchase.

    ``bankruptcy="end"``: the game ends at once. ``"continue"`` (the rulebook's removal):
    every company the bankrupt player presides over leaves the game — its trains go to the
    pool, its hubs and suburb tokens leave the map, its treasury returns to the bank, the
    other players are paid the current price for each of its shares (simultaneously, no
    price drop) and its token leaves the stock track. The bankrupt player's cash returns
    to the bank and any other shares they hold go to the pool: holding nothing, they are
    out of the game — their seat remains, and in later Stock Rounds ``pass`` is the only
    action open to them; they never preside again.
    """
    name = _name(state, seat)
    corp_name = state.corps[company].name if company in state.corps else company
    log.append(f"{name} cannot raise the money for {corp_name}'s train and is bankrupt.")
    state.bankrupt.append(seat)
    if state.options.get("bankruptcy", "end") != "continue":
        ending.finish(state, f"{name} is bankrupt", log)
        return
    for gone in state.stock.operating_order():
        corp = state.corps[gone]
        if corp.shares.president != seat:
            continue
        price = state.price(gone)
        for other, count in sorted(corp.shares.players.items()):
            if other != seat:
                state.ledger.pay(BANK, holder_account(state, other), price * count)
        state.ledger.pay(company_account(gone), BANK, state.treasury(gone))
        state.pool.extend(corp.trains)
        state.board.remove_hubs(gone)
        state.board.suburbs = {h: c for h, c in state.board.suburbs.items() if c != gone}
        state.stock.remove(gone)
        del state.corps[gone]
        if gone in state.discards:
            state.discards.remove(gone)
        log.append(f"{corp.name} leaves the game; its shareholders receive {price} a share.")
    order = list(state.components.trains)
    state.pool.sort(key=order.index)
    state.ledger.pay(player_account(seat), BANK, state.cash(seat))
    for hook in POINTS.player_bankrupt:  # the Metropolitan takes back its shares
        hook(state, seat)
    for corp in state.corps.values():
        held = corp.shares.held(seat)
        if held:
            corp.shares.take(seat, held)
            corp.shares.pool += held
    log.append(f"{name} is out of the game.")


# -- reading ------------------------------------------------------------------------------------
def describe(state: LostAtlasState) -> dict[str, object] | None:
    """The Operating Round's public state as JSON values (for the title's view)."""
    op = state.op
    if not isinstance(op, OperatingRound):
        return None
    out: dict[str, object] = {
        "company": op.company,
        "step": op.step,
        "operated": list(op.done),
        "yellow_laid": op.budget.yellow,
        "upgrades_laid": op.budget.upgrades,
        "revenue": op.revenue,
        "refused_offers": [[seller, train, price]
                           for (seller, train), price in sorted(op.refused.items())],
    }
    if op.step == RUN and op.company in state.corps and op.company not in state.discards:
        out["best_revenue"] = best_revenue(state)
    if op.offer is not None:
        out["offer"] = {"seller": op.offer.seller, "train": op.offer.train,
                        "price": op.offer.price}
    if op.forced is not None:
        out["forced"] = {"train": op.forced.train, "source": op.forced.source,
                         "sold": dict(sorted(op.forced.sold.items()))}
    return out
