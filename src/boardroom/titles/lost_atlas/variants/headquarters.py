"""The Headquarters variant (option ``headquarters``; rulebook "Variants > Headquarters",
facts sheet §5.4).

A major corporation's headquarters is one of its hub tokens (a major token stacked on a
token of each of its minors): a hub of the major in every respect — routes, blocking,
one hub of a company per tile — that also

* pays the treasury, from the bank, half the **printed** value of its city stop (the
  value printed on the tile now under it, rounded down; Distant Destination cards and
  Suburban's +10 do not count) at the start of each of the major's Operating Round
  turns (:func:`start_of_turn`);
* when placed, gives one initial effect the president chooses: ``tax`` (Tax Break: 80
  from the bank), ``land`` (Land Grant: up to four yellow tiles, one at a time, each by
  the normal placement rules — reach through the new track, terrain, terrain costs
  paid, Tunneling's 60 — stopping early with ``pass``) or ``zoning`` (Commercial
  Zoning: up to two upgrades of different tiles on the headquarters' hex and the six
  around it; no route to them is needed and the phase's colours do not limit them, but
  each must be an upgrade the tile chart allows — next colour, same symbol, existing
  track kept, no track into water or off the map — from the supply).

Where it comes from (the flow, notation ``hq Q,R[/STOP] tax|land|zoning`` and
``hq later``):

* At a merger, once the new president has chosen the major (and before any train over
  the limit is discarded), the president puts the headquarters on one of the major's
  hubs on the map — the hubs that replaced the minors' hubs — (``hq 0,2 tax``) or keeps
  it on the charter (``hq later``). A Land Grant or Commercial Zoning chosen there is
  used at once, in the Merger Round, before the round goes on.
* Kept on the charter, it takes the place of the charter's most expensive hub (the
  major has four tokens: two replaced the minors' hubs, the headquarters is the third),
  and is placed later in an Operating Round's hub step, instead of a charter hub, by the
  hub placement rules: an open, unreserved city spot the major can trace a route to, on
  a tile without another of its hubs, paying the printed cost of the charter space it
  took (``hq 3,-1 land``). Its effect is then used at once, in that hub step.

Readings (provisional where the rules are silent; see docs/variants.md):

* the spot is chosen at the merger among the major's hubs (never a third company's);
  one headquarters per major, placed once, never moved;
* the payment uses the current tile's printed value of the headquarters' stop (an
  upgrade raises it); an untiled city pays half of its pseudo tile's value;
* a Land Grant's lays do not count against the turn's normal lays (in an Operating Round
  the track step is over by the hub step anyway); bridges are not yellow tiles;
* Commercial Zoning may use any colour (green, purple, grey) whatever the phase;
* an effect with nothing left that it could lay ends by itself.

Rule ids: ``lost_atlas.variant.hq.<...>`` (see :data:`RULE`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from boardroom.core.errors import IllegalAction, NotationError
from boardroom.core.title import Action
from boardroom.map.hexes import Hex, neighbours
from boardroom.map.track import StopRef
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board import hubs, track_laying
from boardroom.titles.lost_atlas.board.operator import Operator
from boardroom.titles.lost_atlas.board.track_laying import LayBudget, TileLay
from boardroom.titles.lost_atlas.rounds.operating_round import HUB
from boardroom.titles.lost_atlas.rounds.points import Interlude, Points, StepAction
from boardroom.titles.lost_atlas.state import (
    BANK,
    MAJOR,
    LostAtlasState,
    company_account,
    declare_variant_state,
)
from boardroom.titles.lost_atlas.variants import switches as variants

VARIANT = "headquarters"
"""Its name in the table of variants: the key of a major's headquarters in its
``Corp.variants``."""

RULE = "lost_atlas.variant.hq."
TAX, LAND, ZONING = "tax", "land", "zoning"
EFFECTS = (TAX, LAND, ZONING)
TAX_BREAK = 80
LAND_GRANT_TILES = 4
ZONING_UPGRADES = 2
ALL_COLOURS = ("yellow", "green", "purple", "grey")
DECIDE, CHARTER, PLACED = "decide", "charter", "placed"
EFFECT_NAMES = {TAX: "Tax Break", LAND: "Land Grant", ZONING: "Commercial Zoning"}


@dataclass(frozen=True)
class Headquarters:
    """A major's headquarters (immutable: a change makes a new record)."""

    status: str
    """DECIDE (the merger's choice is pending), CHARTER (kept) or PLACED."""
    spot: StopRef | None = None
    cost: int = 0
    """While on the charter: the printed cost of the charter space it took."""
    effect: str = ""
    """LAND or ZONING while that initial effect is being used; "" otherwise."""
    laid: tuple[Hex, ...] = ()
    """Hexes laid on or upgraded by the effect being used."""


declare_variant_state(VARIANT)  # a Headquarters is immutable: copies share it


# -- actions ------------------------------------------------------------------------------
def _ref_text(ref: StopRef) -> str:
    (q, r), i = ref
    return f"{q},{r}" + (f"/{i}" if i else "")


@dataclass(frozen=True, slots=True)
class PlaceHQ(Action):
    """Place the headquarters on ``spot`` and choose its initial ``effect``. Notation
    ``hq 3,-1 tax``, ``hq 3,-1/1 land``, ``hq 0,2 zoning``."""

    spot: StopRef
    effect: str

    def __str__(self) -> str:
        return f"hq {_ref_text(self.spot)} {self.effect}"

    def describe(self, state: object) -> str:
        """The label a person reads (``lost_atlas.labels``)."""
        (q, r), stop = self.spot
        city = f" (city {stop + 1})" if stop else ""
        return f"Place the headquarters at {q},{r}{city} ({self.effect})"


@dataclass(frozen=True, slots=True)
class KeepHQ(Action):
    """At a merger: keep the headquarters on the charter. Notation ``hq later``."""

    def __str__(self) -> str:
        return "hq later"

    def describe(self, state: object) -> str:
        """The label a person reads (``lost_atlas.labels``)."""
        return "Keep the headquarters on the charter for now"


HQAction = PlaceHQ | KeepHQ
EffectAction = TileLay | Pass


def parse(words: list[str], text: str) -> HQAction:
    """Read ``hq later`` or ``hq Q,R[/STOP] EFFECT``."""
    rest = words[1:]
    if rest == ["later"]:
        return KeepHQ()
    if len(rest) == 2 and rest[1] in EFFECTS:
        try:
            place, _, index = rest[0].partition("/")
            q, r = (int(x) for x in place.split(","))
            return PlaceHQ(((q, r), int(index) if index else 0), rest[1])
        except ValueError:
            pass
    raise NotationError(f"{text!r}: expected 'hq Q,R[/STOP] tax|land|zoning' or 'hq later'")


# -- reading ------------------------------------------------------------------------------
def enabled(state: LostAtlasState) -> bool:
    return variants.enabled(state.options, variants.HEADQUARTERS)


def of(state: LostAtlasState, company: str) -> Headquarters | None:
    corp = state.corps.get(company)
    if corp is None:
        return None
    hq = corp.variants.get(VARIANT)
    assert hq is None or isinstance(hq, Headquarters)
    return hq


def busy(state: LostAtlasState, company: str) -> bool:
    """Is ``company`` using a Land Grant or Commercial Zoning now? (:func:`of`, read in
    place: asked at every step of every Operating Round)"""
    corp = state.corps.get(company)
    hq = corp.variants.get(VARIANT) if corp is not None else None
    return hq is not None and bool(hq.effect)


def payment(state: LostAtlasState, company: str) -> int:
    """Half the printed value of the headquarters' city, rounded down (0 if not placed)."""
    hq = of(state, company)
    if hq is None or hq.status != PLACED or hq.spot is None:
        return 0
    if hq.spot[0] not in state.board.track.laid:
        return 0
    return state.board.stop(hq.spot).revenue // 2


def _operator(state: LostAtlasState, company: str) -> Operator:
    corp = state.corps[company]
    return Operator(company, corp.abilities, state.treasury(company), corp.kind == MAJOR)


def _set(state: LostAtlasState, company: str, hq: Headquarters | None) -> None:
    held = state.corps[company].variants
    if hq is None:
        held.pop(VARIANT, None)
    else:
        held[VARIANT] = hq


def _name(state: LostAtlasState, company: str) -> str:
    return state.corps[company].name


# -- the start of a turn ------------------------------------------------------------------
def start_of_turn(state: LostAtlasState, company: str, log: list[str]) -> None:
    """The headquarters pays its half of the city's printed value to the treasury."""
    amount = payment(state, company)
    if amount <= 0:
        return
    state.ledger.pay(BANK, company_account(company), amount)
    hq = of(state, company)
    assert hq is not None and hq.spot is not None
    log.append(f"{_name(state, company)}'s headquarters at {_ref_text(hq.spot)} pays "
               f"{amount} to its treasury.")


# -- at a merger ----------------------------------------------------------------------------
def offer_at_merger(state: LostAtlasState, major: str, log: list[str]) -> bool:
    """With the option on, the new major's president decides about its headquarters
    (True: the Merger Round waits for that decision)."""
    if not enabled(state):
        return False
    _set(state, major, Headquarters(DECIDE))
    log.append(f"{state.players[state.president(major)]} places {_name(state, major)}'s "
               f"headquarters on one of its hubs or keeps it on the charter.")
    return True


def merger_legal(state: LostAtlasState, major: str) -> list[Action]:
    if busy(state, major):
        return list(effect_legal(state, major))
    out: list[Action] = [PlaceHQ(spot, effect) for spot in sorted(state.board.hubs_of(major))
                         for effect in EFFECTS]
    out.append(KeepHQ())
    return out


def merger_check(state: LostAtlasState, major: str, action: Action) -> IllegalAction | None:
    if busy(state, major):
        return check_effect(state, major, action)
    if isinstance(action, KeepHQ):
        return None
    if not isinstance(action, PlaceHQ):
        return IllegalAction(RULE + "decide",
                             f"{_name(state, major)}'s president places its headquarters "
                             f"(hq Q,R EFFECT) or keeps it on the charter (hq later)")
    if action.spot not in state.board.hubs_of(major):
        shown = ", ".join(_ref_text(s) for s in sorted(state.board.hubs_of(major)))
        return IllegalAction(RULE + "merger-spot",
                             f"at the merger the headquarters replaces one of "
                             f"{_name(state, major)}'s hubs ({shown})")
    return None


def merger_apply(state: LostAtlasState, major: str, action: Action, log: list[str]) -> bool:
    """Apply a checked decision or effect lay; True once the headquarters business of
    the merger is over."""
    if busy(state, major):
        apply_effect(state, major, action, log)
        return not busy(state, major)
    corp = state.corps[major]
    player = state.players[state.president(major)]
    if isinstance(action, KeepHQ):
        cost = max(corp.hub_costs) if corp.hub_costs else 0
        if corp.hub_costs:
            corp.hub_costs.remove(cost)
        _set(state, major, Headquarters(CHARTER, cost=cost))
        log.append(f"{player} keeps {corp.name}'s headquarters on the charter, in place of "
                   f"a hub costing {cost}.")
        return True
    assert isinstance(action, PlaceHQ)
    _set(state, major, Headquarters(PLACED, spot=action.spot))
    log.append(f"{corp.name}'s headquarters replaces its hub at {_ref_text(action.spot)}.")
    _start_effect(state, major, action.effect, log)
    return not busy(state, major)


# -- in an Operating Round's hub step ------------------------------------------------------------
def hub_options(state: LostAtlasState, company: str) -> list[PlaceHQ]:
    """Where the operating major may place its kept headquarters now, with each effect."""
    hq = of(state, company)
    if hq is None or hq.status != CHARTER:
        return []
    spots = hubs.legal_hub_spots(state.board, _operator(state, company), hq.cost)
    return [PlaceHQ(spot, effect) for spot in spots for effect in EFFECTS]


def check_place(state: LostAtlasState, company: str, action: PlaceHQ) -> IllegalAction | None:
    hq = of(state, company)
    if hq is None or hq.status != CHARTER:
        return IllegalAction(RULE + "none",
                             f"{_name(state, company)} has no headquarters on its charter")
    return hubs.check_hub(state.board, _operator(state, company), action.spot, hq.cost)


def place(state: LostAtlasState, company: str, action: PlaceHQ, log: list[str]) -> None:
    """Place the kept headquarters (checked), paying its charter space's cost."""
    hq = of(state, company)
    assert hq is not None
    state.ledger.pay(company_account(company), BANK, hq.cost)
    state.board.place_hub(action.spot, company)
    _set(state, company, Headquarters(PLACED, spot=action.spot))
    log.append(f"{_name(state, company)} places its headquarters at {_ref_text(action.spot)}"
               f" for {hq.cost}.")
    _start_effect(state, company, action.effect, log)


# -- the initial effects -------------------------------------------------------------------------
def _start_effect(state: LostAtlasState, company: str, effect: str, log: list[str]) -> None:
    name = _name(state, company)
    log.append(f"{name} chooses {EFFECT_NAMES[effect]}.")
    if effect == TAX:
        state.ledger.pay(BANK, company_account(company), TAX_BREAK)
        log.append(f"{name} receives {TAX_BREAK}.")
        return
    hq = of(state, company)
    assert hq is not None
    _set(state, company, replace(hq, effect=effect, laid=()))
    _settle_effect(state, company, log)


def _settle_effect(state: LostAtlasState, company: str, log: list[str]) -> None:
    """End the effect when nothing more can be laid with it."""
    if next(_effect_lays(state, company), None) is None:
        _end_effect(state, company, log)


def _end_effect(state: LostAtlasState, company: str, log: list[str]) -> None:
    hq = of(state, company)
    assert hq is not None and hq.effect
    log.append(f"{_name(state, company)}'s {EFFECT_NAMES[hq.effect]} is over "
               f"({len(hq.laid)} tile{'s' if len(hq.laid) != 1 else ''}).")
    _set(state, company, replace(hq, effect="", laid=()))


def _zone(hq: Headquarters) -> list[Hex]:
    assert hq.spot is not None
    centre = hq.spot[0]
    return [centre, *neighbours(centre)]


def _effect_lays(state: LostAtlasState, company: str) -> Iterator[TileLay]:
    hq = of(state, company)
    if hq is None or not hq.effect:
        return
    board = state.board
    if hq.effect == LAND:
        if len(hq.laid) >= LAND_GRANT_TILES:
            return
        op = _operator(state, company)
        tiles = board.components.tiles
        # With only yellow allowed, every lay listed is a first tile (bridges excepted).
        for lay in track_laying.iter_lays(board, op, ("yellow",), LayBudget()):
            if tiles[lay.tile].colour == "yellow":
                yield lay
        return
    if len(hq.laid) >= ZONING_UPGRADES:
        return
    for h in sorted(_zone(hq)):
        current = board.tile_at(h)
        if h not in board.spaces or current is None or track_laying.is_yellow_lay(board, h):
            continue
        for tile_id in current[0].upgrades:
            tile = board.components.tiles.get(tile_id)
            if tile is None or board.supply.get(tile_id, 0) <= 0:
                continue
            for rotation in tile.distinct_rotations():
                lay = TileLay(h, tile_id, rotation)
                if check_zoning(state, company, lay) is None:
                    yield lay


def effect_legal(state: LostAtlasState, company: str) -> list[EffectAction]:
    return [*sorted(_effect_lays(state, company)), Pass()]


def check_grant(state: LostAtlasState, company: str, lay: TileLay) -> IllegalAction | None:
    """A Land Grant lay: a yellow tile on an empty hex, by the normal placement rules."""
    hq = of(state, company)
    board = state.board
    if hq is None or hq.effect != LAND:
        return IllegalAction(RULE + "effect", f"{_name(state, company)} has no Land Grant "
                             f"to use")
    if len(hq.laid) >= LAND_GRANT_TILES:
        return IllegalAction(RULE + "land-count",
                             f"a Land Grant lays at most {LAND_GRANT_TILES} yellow tiles")
    tile = board.components.tiles.get(lay.tile)
    if (lay.hex in board.spaces and not track_laying.is_yellow_lay(board, lay.hex)) or (
            tile is not None and tile.colour != "yellow"):
        return IllegalAction(RULE + "land-yellow",
                             "a Land Grant lays only yellow tiles, on hexes without track")
    return track_laying.check_lay(board, _operator(state, company), ("yellow",), LayBudget(),
                                  lay)


def check_zoning(state: LostAtlasState, company: str, lay: TileLay) -> IllegalAction | None:
    """A Commercial Zoning upgrade: on the headquarters' hex or next to it, a different
    tile each time, no route needed, any colour; otherwise a legal upgrade."""
    hq = of(state, company)
    board = state.board
    if hq is None or hq.effect != ZONING:
        return IllegalAction(RULE + "effect", f"{_name(state, company)} has no Commercial "
                             f"Zoning to use")
    if len(hq.laid) >= ZONING_UPGRADES:
        return IllegalAction(RULE + "zoning-count",
                             f"Commercial Zoning upgrades at most {ZONING_UPGRADES} tiles")
    if lay.hex not in _zone(hq):
        return IllegalAction(RULE + "zoning-near",
                             f"Commercial Zoning upgrades only the headquarters' tile and the "
                             f"tiles next to it, not {lay.hex}")
    if lay.hex in hq.laid:
        return IllegalAction(RULE + "zoning-different",
                             f"Commercial Zoning upgrades two different tiles; {lay.hex} "
                             f"was upgraded already")
    if lay.hex in board.spaces and track_laying.is_yellow_lay(board, lay.hex):
        return IllegalAction(RULE + "zoning-upgrade",
                             f"Commercial Zoning only upgrades tiles; {lay.hex} has none")
    return track_laying.check_lay(board, _operator(state, company), ALL_COLOURS, LayBudget(),
                                  lay, connected=False)


def check_effect(state: LostAtlasState, company: str, action: Action) -> IllegalAction | None:
    hq = of(state, company)
    assert hq is not None and hq.effect
    if isinstance(action, Pass):
        return None
    if not isinstance(action, TileLay):
        return IllegalAction(RULE + "effect",
                             f"{_name(state, company)} is using its {EFFECT_NAMES[hq.effect]}"
                             f": lay a tile or pass to stop")
    if hq.effect == LAND:
        return check_grant(state, company, action)
    return check_zoning(state, company, action)


def apply_effect(state: LostAtlasState, company: str, action: Action, log: list[str]) -> None:
    """Apply a checked effect lay or the ``pass`` that stops the effect."""
    hq = of(state, company)
    assert hq is not None and hq.effect
    if isinstance(action, Pass):
        log.append(f"{_name(state, company)} stops its {EFFECT_NAMES[hq.effect]}.")
        _end_effect(state, company, log)
        return
    assert isinstance(action, TileLay)
    result = track_laying.lay(state.board, _operator(state, company), LayBudget(), action)
    state.ledger.pay(company_account(company), BANK, result.cost)
    state.ledger.pay(BANK, company_account(company), result.income)
    log.append(result.sentence.replace(f"{company} ", f"{_name(state, company)} ", 1))
    _set(state, company, replace(hq, laid=(*hq.laid, action.hex)))
    _settle_effect(state, company, log)


def describe(hq: Headquarters | None) -> dict[str, object] | None:
    """The headquarters as JSON values (for the view)."""
    if hq is None:
        return None
    out: dict[str, object] = {"status": hq.status}
    if hq.spot is not None:
        out["spot"] = _ref_text(hq.spot)
    if hq.status == CHARTER:
        out["cost"] = hq.cost
    if hq.effect:
        out["effect"] = hq.effect
        out["laid"] = [f"{h[0]},{h[1]}" for h in hq.laid]
    return out


# -- the extension points (see rounds/points.py and variants/table.py) ------------------------
class _AtMerger:
    """The new major's headquarters decision, and its effect, in the Merger Round."""

    step = "headquarters"
    """The Merger Round's step while the decision is open."""

    def offer(self, state: LostAtlasState, major: str, log: list[str]) -> bool:
        return offer_at_merger(state, major, log)

    def legal(self, state: LostAtlasState, major: str) -> list[Action]:
        return merger_legal(state, major)

    def check(self, state: LostAtlasState, major: str, action: Action) -> IllegalAction | None:
        return merger_check(state, major, action)

    def apply(self, state: LostAtlasState, major: str, action: Action, log: list[str]) -> bool:
        return merger_apply(state, major, action, log)


def _place_in_hub_step(state: LostAtlasState, company: str, action: PlaceHQ,
                       log: list[str]) -> bool:
    place(state, company, action, log)
    return not busy(state, company)  # the hub step ends unless an effect is under way


def attach(points: Points) -> None:
    """Headquarters: its notation, its payment at the start of a turn, its placement in
    the hub step, the effects inserted into the turn, and the decision at a merger."""
    points.parse_action.append(lambda words, text: parse(words, text) if words[0] == "hq"
                               else None)
    points.start_of_turn.append(start_of_turn)
    points.interludes.append(Interlude(  # a Land Grant or Commercial Zoning under way
        busy, lambda state, company: list(effect_legal(state, company)), check_effect,
        apply_effect))
    points.step_options.append(lambda state, company, step: list(hub_options(state, company))
                               if step == HUB else [])
    points.step_actions[PlaceHQ] = StepAction((HUB,), check_place, _place_in_hub_step)
    points.merger_interludes.append(_AtMerger())
    points.company_view.append(
        lambda state, company: {"headquarters": describe(hq)}
        if (hq := of(state, company)) is not None else None)
