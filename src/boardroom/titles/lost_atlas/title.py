"""Railways of the Lost Atlas as a Boardroom title: the rounds wired to the core contract.

Each round's rules live in its own module (``mapbuild``, ``stock_round``,
``operating_round``, ``merger_round``) with the same four functions — ``to_act``,
``legal``, ``check``, ``apply`` — and ``flow`` moves from one round to the next. The
variants reach the wiring only through the extension points (``rounds/points.py``) that
the one table of variants (``variants/table.py``) fills: their notation
(``parse_action``) and rounds of their own (``rounds``, the Solo Game's setup).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from boardroom.core.errors import IllegalAction, NotationError, OptionError
from boardroom.core.registry import register
from boardroom.core.title import JSON, Action, Result, Title
from boardroom.titles.lost_atlas import labels
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board import mapbuild
from boardroom.titles.lost_atlas.board.components import Components, load_components
from boardroom.titles.lost_atlas.board.track_laying import TileLay
from boardroom.titles.lost_atlas.rounds import (
    flow,
    merger_round,
    operating_round,
    stock_round,
    trains,
)
from boardroom.titles.lost_atlas.rounds.points import POINTS
from boardroom.titles.lost_atlas.state import (
    MAP,
    MERGER,
    OPERATING,
    OVER,
    RULES_V1,
    STOCK,
    LostAtlasState,
)
from boardroom.titles.lost_atlas.variants import table
from boardroom.titles.lost_atlas.view import view_state

table.install()  # the variants attach to the rounds' extension points

_ROUND_NOTATION: dict[str, Callable[[list[str], str], Action | None]] = {
    verb: module.parse
    for module in (stock_round, operating_round, merger_round) for verb in module.VERBS}
"""The rounds' readers by the first word of an action (each round reads its own verbs,
and refuses a malformed action with one of them rather than passing it on)."""

_MAP_ACTIONS = (
    mapbuild.PlacePiece, mapbuild.PlaceCapital, mapbuild.PlaceFiller, Pass)
_STOCK_ACTIONS = (
    stock_round.StartAuction, stock_round.Bid, stock_round.Launch, stock_round.Sell,
    stock_round.Buy, stock_round.Done, Pass)
"""The actions of the map building and of a Stock Round, as :meth:`LostAtlasTitle.check`
asks (tuples made once: a union written in the call is built again at every check)."""


class LostAtlasTitle(Title[LostAtlasState, Action]):
    name = "lost_atlas"
    display_name = "Railways of the Lost Atlas"
    rules_version = "2"
    legacy_rules_versions = (RULES_V1,)
    twin_actions = frozenset({TileLay, mapbuild.PlacePiece})
    min_players = 1  # the Solo Game only; every other mode asks for 2+ (flow.normalize_options)
    max_players = 5

    def __init__(self, components: Components | None = None) -> None:
        self._components = components

    @property
    def components(self) -> Components:
        if self._components is None:
            self._components = load_components()
        return self._components

    # -- setup --------------------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any],
                          players: Sequence[str]) -> dict[str, Any]:
        return flow.normalize_options(self.components, options, players)

    def setup(self, players: Sequence[str], seed: int,
              options: Mapping[str, Any]) -> tuple[LostAtlasState, list[str]]:
        return flow.setup(self.components, players, seed, options)

    def setup_under(self, players: Sequence[str], seed: int, options: Mapping[str, Any],
                    rules_version: str) -> tuple[LostAtlasState, list[str]]:
        """Rules version 1 (priority after an auction from its opener; a bankrupt player
        ranked by score), for records played under it."""
        if rules_version != RULES_V1:
            raise OptionError(f"{self.display_name} has no rules version {rules_version!r}")
        state, log = self.setup(players, seed, options)
        state.rules_version = rules_version
        return state, log

    def copy_state(self, state: LostAtlasState) -> LostAtlasState:
        return state.copy()

    def parse(self, text: str) -> Action:
        words = text.lower().split()
        if not words:
            raise NotationError("empty action")
        if words == ["pass"]:
            return Pass()
        if words[0] in ("piece", "capital", "filler"):
            return mapbuild.parse(text)
        if words[0] == "discard" and len(words) == 3:
            return trains.Discard(words[1], words[2])
        read = _ROUND_NOTATION.get(words[0])
        found = read(words, text) if read is not None else None
        if found is not None:
            return found
        for hook in POINTS.parse_action:  # the variants' notation (conglomerate, hq, vote...)
            chosen = hook(words, text)
            if chosen is not None:
                return chosen
        raise NotationError(f"{text!r} is not a Lost Atlas action")

    # -- who and what -------------------------------------------------------------
    def to_act(self, state: LostAtlasState) -> tuple[int, ...]:
        if state.round == OVER:
            return ()
        if state.discards:
            return (state.president(state.discards[0]),)
        if state.round == OPERATING:  # the most actions (no variant's round has its name)
            return (operating_round.to_act(state),)
        if (own := POINTS.rounds.get(state.round)) is not None:  # a variant's round
            return own.to_act(state)
        if state.round == MAP:
            assert state.builder is not None
            return state.builder.to_act()
        if state.round == STOCK:
            return (stock_round.to_act(state),)
        return (merger_round.to_act(state),)

    def legal_actions(self, state: LostAtlasState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.discards:
            corp = state.corps[state.discards[0]]
            return [trains.Discard(corp.id, t) for t in sorted(set(corp.trains))]
        if (own := POINTS.rounds.get(state.round)) is not None:
            return own.legal(state, seat)
        if state.round == MAP:
            assert state.builder is not None
            return list(state.builder.legal_actions(seat))
        if state.round == STOCK:
            return list(stock_round.legal(state, seat))
        module: Any = operating_round if state.round == OPERATING else merger_round
        return list(module.legal(state, seat))

    def check(self, state: LostAtlasState, action: Action, seat: int) -> IllegalAction | None:
        if state.round == OVER:
            return IllegalAction("core.game-over", "the game is over")
        if not state.discards and state.round == OPERATING:  # most actions: to_act's own
            acting = seat == operating_round.to_act(state)  # answer, without the tuple
        else:
            acting = seat in self.to_act(state)
        if not acting:
            return IllegalAction("core.not-your-decision",
                                 f"it is not {state.players[seat]}'s decision now")
        if state.discards:
            corp = state.corps[state.discards[0]]
            if not isinstance(action, trains.Discard) or action.company != corp.id:
                return IllegalAction("lost_atlas.trains.limit",
                                     f"{corp.name} is over its train limit and must put a "
                                     f"train in the pool first")
            if action.train not in corp.trains:
                return IllegalAction("lost_atlas.trains.limit",
                                     f"{corp.name} has no {action.train}-train")
            return None
        if state.round == OPERATING:  # first, as in to_act
            return operating_round.check(state, action, seat)
        if (own := POINTS.rounds.get(state.round)) is not None:
            return own.check(state, action, seat)
        if state.round == MAP:
            assert state.builder is not None
            if not isinstance(action, _MAP_ACTIONS):
                return IllegalAction("lost_atlas.map.wrong-step", "the map is being built")
            return state.builder.check(action, seat)
        if state.round == STOCK:
            if not isinstance(action, _STOCK_ACTIONS):
                return IllegalAction("lost_atlas.stock.turn",
                                     f"{action} is not a Stock Round action")
            return stock_round.check(state, action, seat)
        return merger_round.check(state, action, seat)

    def apply(self, state: LostAtlasState, action: Action, seat: int) -> list[str]:
        log: list[str] = []
        if state.discards:
            assert isinstance(action, trains.Discard)
            trains.discard(state, action.company, action.train, log)
            return log
        if state.round == OPERATING:  # first, as in to_act
            if operating_round.apply(state, action, seat, log):
                flow.after_operating(state, log)
            return log
        if (own := POINTS.rounds.get(state.round)) is not None:
            own.apply(state, action, seat, log)
            return log
        if state.round == MAP:
            builder = state.builder
            assert builder is not None
            log.extend(builder.apply(action, seat, checked=True))  # type: ignore[arg-type]
            if builder.is_done:
                flow.after_map(state, log)
            return log
        if state.round == STOCK:
            if stock_round.apply(state, action, seat, log):  # type: ignore[arg-type]
                flow.after_stock_round(state, log)
            return log
        if state.round == MERGER and merger_round.apply(state, action, seat, log):
            flow.after_merger(state, log)
        return log

    def chance_seen(self, state: LostAtlasState) -> tuple[int, ...]:
        """The generator's position (every shuffle and random pick moves it: the matrix
        dealt, the Solo Game's draws) and, while the map is built, how far the stack and
        the Distant Destination cards have been drawn (a map piece turned up is seen by
        every seat before the next one places it)."""
        builder = state.builder
        if builder is None:
            return (state.rng.state,)
        return (builder.rng.state, len(builder.stack), builder.restarts, len(builder.dd_deck))

    def listed(self, state: LostAtlasState, action: Action, seat: int) -> Action:
        """A tile lay or map piece turned to a symmetric twin of its listed rotation, as
        the listed one (``TileDef.listed_rotation``, ``MapBuilder.listed``)."""
        if isinstance(action, TileLay):
            tile = state.board.components.tiles.get(action.tile)
            if tile is not None:
                rotation = tile.listed_rotation(action.rotation)
                if rotation != action.rotation:
                    return TileLay(action.hex, action.tile, rotation)
        elif isinstance(action, mapbuild.PlacePiece) and state.builder is not None:
            return state.builder.listed(action)
        return action

    # -- reading ------------------------------------------------------------------
    def is_over(self, state: LostAtlasState) -> bool:
        return state.round == OVER

    def result(self, state: LostAtlasState) -> Result | None:
        return state.result

    def label(self, state: LostAtlasState, action: Action, seat: int) -> str:
        """What the action does, in words (``boardroom.titles.lost_atlas.labels``)."""
        return labels.label(state, action, seat)

    def view(self, state: LostAtlasState, seat: int | None) -> JSON:
        return view_state(state, seat, self.to_act(state))

    def invariants(self, state: LostAtlasState) -> None:
        state.ledger.check()
        for corp in state.corps.values():
            corp.shares.check()
        if state.builder is not None:
            state.builder.invariants()
        for company in state.corps:
            assert company in state.stock.positions, f"{company} is not on the stock track"


TITLE = LostAtlasTitle()
register(TITLE)
