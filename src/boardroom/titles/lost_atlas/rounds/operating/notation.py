"""The Operating Round's notation (rulebook p.12-17): the actions a company's turn is
made of, each a frozen dataclass whose ``str()`` is its text, and :func:`parse`, which
reads that text back (``parse(str(a)) == a``). The track, hub and suburb actions are the
board's (:mod:`boardroom.titles.lost_atlas.board.track_laying`,
:mod:`boardroom.titles.lost_atlas.board.hubs`); the rules each action keeps
are in the step modules beside this one."""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.core.errors import NotationError
from boardroom.core.title import Action
from boardroom.map.track import StopRef
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board import routes
from boardroom.titles.lost_atlas.board.hubs import PlaceHub, PlaceSuburb
from boardroom.titles.lost_atlas.board.track_laying import TileLay

STACK, POOL = "stack", "pool"
"""Where a bought train comes from: the top of the stack or the pool."""


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
