"""Hubs and the other tokens on the board (rulebook p.13-14 "4. Optionally, place a hub
token", Company Details: Adaptive, Expansive, Suburban).

* A corporation (or Expansive) places an available hub, paying its printed cost, on an
  open and unreserved city spot it can trace a route to; never two of its hubs on one tile.
* Adaptive's home: any empty basic city spot (not a company home, mine or port, not a
  spot reserved for another company), with or without track, chosen at launch.
* Suburban's two suburb tokens: on basic city tiles it can reach where it has no hub
  (not a home, mine or port), one per tile, placed at any time of its Operating Round.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from boardroom.core.errors import IllegalAction, NotationError
from boardroom.core.title import Action
from boardroom.map.hexes import Hex
from boardroom.map.track import Reach, StopRef
from boardroom.titles.lost_atlas.board.board import CITY, Board
from boardroom.titles.lost_atlas.board.operator import OVERNIGHT, SUBURBAN, Operator
from boardroom.titles.lost_atlas.board.track_laying import reaches, trace_for, trace_search

SUBURB_TOKENS = 2


def _ref_text(ref: StopRef) -> str:
    (q, r), i = ref
    return f"{q},{r}" + (f"/{i}" if i else "")


def _parse_ref(word: str, text: str) -> StopRef:
    try:
        place, _, index = word.partition("/")
        q, r = (int(x) for x in place.split(","))
        return ((q, r), int(index) if index else 0)
    except ValueError:
        raise NotationError(f"{text!r}: expected a spot as Q,R or Q,R/STOP") from None


@dataclass(frozen=True, order=True)
class PlaceHub(Action):
    """Place a hub on a city spot. Notation ``hub 3,-1`` (stop 0) or ``hub 3,-1/1``.

    >>> str(PlaceHub(((3, -1), 1))), PlaceHub.parse("hub 3,-1/1") == PlaceHub(((3, -1), 1))
    ('hub 3,-1/1', True)
    """

    spot: StopRef

    def __str__(self) -> str:
        return f"hub {_ref_text(self.spot)}"

    @classmethod
    def parse(cls, text: str) -> PlaceHub:
        words = text.split()
        if len(words) != 2 or words[0] != "hub":
            raise NotationError(f"{text!r}: expected 'hub Q,R'")
        return cls(_parse_ref(words[1], text))


@dataclass(frozen=True, order=True)
class PlaceSuburb(Action):
    """Place a suburb token on a basic city tile. Notation ``suburb 3,-1``."""

    hex: Hex

    def __str__(self) -> str:
        return f"suburb {self.hex[0]},{self.hex[1]}"

    @classmethod
    def parse(cls, text: str) -> PlaceSuburb:
        words = text.split()
        if len(words) != 2 or words[0] != "suburb":
            raise NotationError(f"{text!r}: expected 'suburb Q,R'")
        return cls(_parse_ref(words[1], text)[0])


def check_hub(board: Board, op: Operator, spot: StopRef, cost: int,
              reach: Reach | None = None) -> IllegalAction | None:
    """May ``op`` place a hub costing ``cost`` on ``spot`` now? (``reach``: the company's
    trace, if the caller has it.)"""
    h, i = spot
    laid = board.track.laid.get(h)
    if laid is None or not 0 <= i < len(laid.tile.stops):
        return IllegalAction("lost_atlas.hub.city-spot", f"there is no city spot {_ref_text(spot)}")
    if laid.tile.stops[i].kind != "city":
        return IllegalAction("lost_atlas.hub.city-spot", "hubs go only on city spots")
    if _has_own_hub(board, op, h):
        return IllegalAction("lost_atlas.hub.one-per-tile",
                             f"{op.id} already has a hub on the tile at {h}")
    if board.free_slots(spot) <= 0:
        if spot in board.reserved:
            return IllegalAction("lost_atlas.hub.reserved",
                                 f"the last spot at {h} is reserved for "
                                 f"{board.reserved[spot]}, which has not launched")
        return IllegalAction("lost_atlas.hub.open-spot", f"no open spot is left at {h}")
    if not (spot in reach.stops if reach is not None else reaches(board, op, (spot,))):
        return IllegalAction("lost_atlas.hub.reach", f"{op.id} cannot trace a route to {h}")
    if cost > op.treasury:
        return IllegalAction("lost_atlas.hub.cost",
                             f"the hub costs {cost}; the treasury has {op.treasury}")
    return None


def legal_hub_spots(board: Board, op: Operator, cost: int) -> list[StopRef]:
    reach = trace_for(board, op)
    return [spot for spot in sorted(reach.stops) if check_hub(board, op, spot, cost, reach) is None]


def any_hub_spot(board: Board, op: Operator, cost: int) -> bool:
    """Whether :func:`legal_hub_spots` lists anything, tracing only until a first legal
    spot (the rules read the trace only as "is this spot reached?")."""
    search = trace_search(board, op)
    if not search.done:
        floor = search.floor
        if floor is not None and any(check_hub(board, op, spot, cost, floor) is None
                                     for spot in list(floor.stops)):
            return True
        reach = search.reach
        if any(check_hub(board, op, spot, cost, reach) is None for spot in list(reach.stops)):
            return True
        while (found := search.grow()) is not None:
            if any(spot in reach.stops and check_hub(board, op, spot, cost, reach) is None
                   for spot in board.stops_on(found)):
                return True
    return bool(legal_hub_spots(board, op, cost))


def is_basic_city(board: Board, h: Hex) -> bool:
    """A basic city hex: a city that is not a home, a mine, a port or a capital."""
    space = board.spaces.get(h)
    return (
        space is not None
        and space.terrain == CITY
        and space.home is None
        and space.printed is None
        and not space.capital
    )


def adaptive_homes(board: Board) -> list[StopRef]:
    """Where Adaptive may establish its home: a basic city with an empty, unreserved spot
    (a spot is one token slot, so a two-slot city holding one hub still has one)."""
    out: list[StopRef] = []
    for h in sorted(board.spaces):
        if not is_basic_city(board, h):
            continue
        out.extend(ref for ref in board.stops_on(h) if board.free_slots(ref) > 0)
    return out


def check_adaptive_home(board: Board, spot: StopRef) -> IllegalAction | None:
    if spot not in adaptive_homes(board):
        return IllegalAction("lost_atlas.ability.adaptive",
                             "Adaptive's home must be an empty, unreserved basic city spot "
                             "(no home, mine or port)")
    return None


def check_suburb(board: Board, op: Operator, h: Hex) -> IllegalAction | None:
    return _suburb_token_problem(board, op) or _suburb_city_problem(board, op, h)


def _suburb_token_problem(board: Board, op: Operator) -> IllegalAction | None:
    """The rules of a suburb that do not depend on the city: Suburban, a token left."""
    broken = _suburb_token_rule(board, op)
    if broken == _NOT_SUBURBAN:
        return IllegalAction("lost_atlas.ability.suburban", "only Suburban places suburb tokens")
    if broken == _NO_TOKEN:
        return IllegalAction("lost_atlas.ability.suburban-count",
                             f"{op.id} has placed both suburb tokens")
    return None


_NOT_SUBURBAN, _NO_TOKEN, _NOT_BASIC, _HAS_SUBURB, _OWN_HUB, _NOT_REACHED = range(1, 7)
"""Which suburb rule is broken (0: none), for the listing, which builds no refusal."""


def _suburb_token_rule(board: Board, op: Operator) -> int:
    if not op.has(SUBURBAN):
        return _NOT_SUBURBAN
    placed = sum(1 for owner in board.suburbs.values() if owner == op.id)
    return _NO_TOKEN if placed >= SUBURB_TOKENS else 0


def _suburb_city_rule(board: Board, op: Operator, h: Hex) -> int:
    if not is_basic_city(board, h):
        return _NOT_BASIC
    if h in board.suburbs:
        return _HAS_SUBURB
    if _has_own_hub(board, op, h):
        return _OWN_HUB
    if not reaches(board, op, board.stops_on(h)):
        return _NOT_REACHED
    return 0


def _has_own_hub(board: Board, op: Operator, h: Hex) -> bool:
    """Does ``op`` have a hub on one of the stops of ``h``'s tile?"""
    return any(op.id in board.hubs.get(ref, ()) for ref in board.stops_on(h))


def _suburb_city_problem(board: Board, op: Operator, h: Hex) -> IllegalAction | None:
    """The rules of a suburb on the city ``h``."""
    broken = _suburb_city_rule(board, op, h)
    if broken == _NOT_BASIC:
        return IllegalAction("lost_atlas.ability.suburban-city",
                             "suburbs go only on basic cities (no home, mine or port)")
    if broken == _HAS_SUBURB:
        return IllegalAction("lost_atlas.ability.suburban-one-per-tile",
                             f"{h} already has a suburb token")
    if broken == _OWN_HUB:
        return IllegalAction("lost_atlas.ability.suburban-city",
                             f"{op.id} has a hub at {h}: suburbs go where it has none")
    if broken == _NOT_REACHED:
        return IllegalAction("lost_atlas.ability.suburban-reach",
                             f"{op.id} cannot trace a route to {h}")
    return None


def legal_suburbs(board: Board, op: Operator) -> list[Hex]:
    """Every city a suburb token may go on now, sorted; remembered per board state
    under :func:`any_suburb`'s key (every step of the Suburban company's turn lists
    them, mostly on the same board)."""
    key = ("legal suburbs", *_suburb_key(board, op))
    found: tuple[Hex, ...] | None = board._reach_cache.get(key)
    if found is None:
        found = board._reach_cache[key] = tuple(iter_suburbs(board, op))
    return list(found)


def iter_suburbs(board: Board, op: Operator) -> Iterator[Hex]:
    """:func:`legal_suburbs`, lazily (so "is there any?" stops at the first)."""
    if _suburb_token_rule(board, op):  # asked once, not per city
        return
    for h in basic_cities(board):
        if not _suburb_city_rule(board, op, h):
            yield h


def any_suburb(board: Board, op: Operator) -> bool:
    """Whether :func:`legal_suburbs` lists anything; remembered per board state (its
    stamps and the suburbs'), which several steps of a turn ask about alike."""
    key = ("any suburb", *_suburb_key(board, op))
    found: bool | None = board._reach_cache.get(key)
    if found is None:
        found = board._reach_cache[key] = next(iter_suburbs(board, op), None) is not None
    return found


def _suburb_key(board: Board, op: Operator) -> tuple[object, ...]:
    """Everything the suburb rules read: the company and its abilities (Suburban,
    Overnight's trace), the board state (its stamps) and the suburbs."""
    return (op.id, op.has(SUBURBAN), op.has(OVERNIGHT), board.stamp_key(),
            board.suburbs.stamp)  # type: ignore[attr-defined]


def basic_cities(board: Board) -> list[Hex]:
    """Every basic city hex (:func:`is_basic_city`), sorted; remembered per map (the
    spaces' stamp)."""
    key = ("basic cities", board.spaces.stamp)  # type: ignore[attr-defined]
    found: list[Hex] | None = board._reach_cache.get(key)
    if found is None:
        found = board._reach_cache[key] = [h for h in sorted(board.spaces)
                                           if is_basic_city(board, h)]
    return found
