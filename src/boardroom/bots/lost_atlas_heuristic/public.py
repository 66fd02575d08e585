"""What a player may see, read for the heuristic bot: the public state's numbers (cash,
treasuries, prices, presidents, the destinations' values), the train stack and how long
a train will live, and the train limits to come."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from boardroom.bots.lost_atlas_heuristic.knobs import CARDS_PER_COMPANY_OR, EXPORT_PER_OR
from boardroom.market.stock_track import StockTrack
from boardroom.titles.lost_atlas.board import routes
from boardroom.titles.lost_atlas.board.board import Board
from boardroom.titles.lost_atlas.board.components import Components
from boardroom.titles.lost_atlas.board.operator import (
    SPACIOUS,
)
from boardroom.titles.lost_atlas.state import (
    MAJOR,
    MAP,
    OPERATING,
    STOCK,
    Auction,
    Corp,
    LostAtlasState,
    StockRound,
)
from boardroom.titles.lost_atlas.variants import bank_break, landmarks


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
