"""The companies, the destination cards, the money and the game modes of the component
file, as frozen models checked by their validators.

A mode is checked against the tables read before it (map pieces, projects, minors, trains,
money, cycles), which :class:`.ComponentFile` puts in the validation context.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Field, ValidationInfo, model_validator

from boardroom.titles.lost_atlas.board.component_base import (
    Array,
    Count,
    Fault,
    Names,
    Parsed,
    Positive,
    Table,
    Text,
    as_int,
    name_table,
    player_counts,
)
from boardroom.titles.lost_atlas.board.component_map import MapPiece, context


# -- companies -------------------------------------------------------------------------------
class CharterShares(Table):
    president_percent: Positive
    president_shares: Positive
    share_percent: Positive
    shares: Count
    """Ordinary certificates besides the president's."""
    max_percent: Positive

    @model_validator(mode="after")
    def _hundred(self) -> CharterShares:
        if self.president_percent != self.president_shares * self.share_percent:
            raise Fault((), "the president's percent is not its shares' percent")
        total = self.president_percent + self.shares * self.share_percent
        if total != 100:
            raise Fault((), f"certificates make {total} %, not 100 %")
        return self


class MajorCharter(CharterShares):
    hubs: Positive
    free_hubs: Count
    hub_costs: Array[Count]

    @model_validator(mode="after")
    def _hubs(self) -> MajorCharter:
        if self.free_hubs + len(self.hub_costs) != self.hubs:
            raise Fault(("hub_costs",), f"{self.free_hubs} free hubs and {len(self.hub_costs)} "
                        f"costs are not {self.hubs} hubs")
        return self


def _home_piece(value: object) -> object:
    return None if value == "launch" else as_int(value, minimum=1)


class Minor(Table):
    id: Text
    name: Text
    abbreviation: Text
    home_piece: Annotated[int | None, BeforeValidator(_home_piece)]
    """A map piece number; None: chosen at launch (Adaptive; "launch")."""
    hubs: Positive
    extra_hub_cost: Count | None = None
    ability: Text
    ability_text: Text
    short_game: bool

    @model_validator(mode="after")
    def _hub_cost(self) -> Minor:
        if (self.extra_hub_cost is None) != (self.hubs == 1):
            raise Fault((), "extra_hub_cost is given exactly when hubs > 1")
        return self


def check_minors(minors: list[Minor]) -> dict[str, Minor]:
    abilities: set[str] = set()
    for n, minor in enumerate(minors):
        if minor.ability in abilities:
            raise Fault((n, "ability"), f"{minor.ability!r} is another minor's ability")
        abilities.add(minor.ability)
    return {m.id: m for m in minors}


class Major(Table):
    id: Text
    name: Text
    alt_name: Text | None = None


def check_majors(majors: list[Major]) -> dict[str, Major]:
    names: set[str] = set()
    for n, major in enumerate(majors):
        for name, key in ((major.name, "name"), (major.alt_name, "alt_name")):
            if name is not None and name in names:
                raise Fault((n, key), f"{name!r} names another major")
        names.update(name for name in (major.name, major.alt_name) if name is not None)
    return {m.id: m for m in majors}


class DestinationCard(Table):
    id: Text
    name: Text
    blank: bool = False
    recommended: bool = False
    values: Annotated[dict[str, int] | None, name_table(Count)] = None
    """Phase id -> revenue (in the phases' order); None for the blank card."""

    @model_validator(mode="after")
    def _blank(self) -> DestinationCard:
        if self.blank and self.values is not None:
            raise Fault(("values",), "a blank card has no values")
        if not self.blank and self.values is None:
            raise Fault((), "missing key 'values'")
        return self


def check_cards(cards: list[DestinationCard], phase_ids: list[str]
                ) -> dict[str, DestinationCard]:
    """Each card's values name the phases, in their order; one card at most recommended."""
    out: dict[str, DestinationCard] = {}
    for n, card in enumerate(cards):
        given = card.values
        if given is not None:
            for p in phase_ids:
                if p not in given:
                    raise Fault((n, "values"), f"missing key {p!r}")
            for key in given:
                if key not in phase_ids:
                    raise Fault((n, "values"), f"unknown key {key!r}")
            card = card.model_copy(update={"values": {p: given[p] for p in phase_ids}})
        out[card.id] = card
    if sum(c.recommended for c in out.values()) > 1:
        raise Fault((), "more than one card is recommended")
    return out


# -- money -----------------------------------------------------------------------------------
PlayerCounts = Annotated[dict[int, int], name_table(Positive, player_counts)]
"""Player count -> a number (``3 = 16``)."""


class BankBreak(Table):
    bank: Positive
    removed: Text
    certificate_limits: PlayerCounts


class Money(Table):
    bank: Positive
    bank_cards: Positive
    starting_cash: Annotated[dict[str, dict[int, int]], name_table(PlayerCounts)]
    """Schedule name -> player count -> cash each."""
    bank_break: BankBreak

    @model_validator(mode="after")
    def _break(self) -> Money:
        if self.bank_break.bank > self.bank:
            raise Fault(("bank_break", "bank"), "more than the whole bank")
        return self


# -- modes -----------------------------------------------------------------------------------
class Pile(Table):
    destinations: Count
    homes: Count
    capital_projects: Count


def _low_high(value: tuple[int, ...]) -> tuple[int, int]:
    if len(value) != 2 or value[0] > value[1]:
        raise Fault((), "expected [lowest, highest]")
    return value[0], value[1]


class Conglomerate(Table):
    """The Solo Game's Conglomerate at setup (facts sheet §7.1; rules in ``variants/solo/``)."""

    minors: Positive
    treasury: Count
    held_shares: Positive
    """Shares (the president's certificate) the Conglomerate holds itself."""
    charter_shares: Count
    """Single shares under the charter, issued one per OR1 of ``issue_cycles``."""
    pool_shares: Count
    hub_costs: Array[Count]
    price_range: Annotated[tuple[int, int], Parsed(Array[Positive], _low_high)]
    easy_max: Count
    medium_max: Count
    issue_cycles: Array[Positive]

    @model_validator(mode="after")
    def _levels(self) -> Conglomerate:
        if self.easy_max > self.medium_max:
            raise Fault(("easy_max",), "above medium_max")
        return self

    @property
    def shares(self) -> int:
        """Shares in play: held + under the charter + pool."""
        return self.held_shares + self.charter_shares + self.pool_shares


class Mode(Table):
    """A game mode (``[modes.ID]``): players, the map stack, minors, trains, money."""

    derived: ClassVar[frozenset[str]] = frozenset({"id"})

    id: str = ""
    """The mode's name in the file (its table's key)."""
    name: Text
    players: Array[Positive]
    cycles: Text
    starting_cash: Text
    pieces: Literal["copies", "short_copies"] = "copies"
    removed_pieces: Annotated[dict[int, int], name_table(Positive)] = Field(default_factory=dict)
    """Piece number -> copies taken out of the stack."""
    random_removed_homes: Count = 0
    capital_projects: Count
    piles: Positive = 1
    pile: Pile | None = None
    minors: Literal["all", "short_game", "on_map"]
    minor_columns: Array[Positive]
    conglomerate: Conglomerate | None = None
    """The Solo Game's automated opponent (facts sheet §7.1); None in the other modes."""
    trains: Annotated[dict[str, int] | None, name_table(Count)] = None
    remove_one_of_each_except: Names | None = None
    export: bool

    @model_validator(mode="after")
    def _against_the_file(self, info: ValidationInfo) -> Mode:
        if not self.players:
            raise Fault(("players",), "must not be empty")
        tables = [context(info, k) for k in ("map_pieces", "capital_projects", "minors",
                                              "trains", "money", "cycles")]
        if any(t is None for t in tables):
            return self  # a table before the modes was refused: that error comes first
        pieces, projects, minors, trains, money, cycles = tables
        if self.cycles not in cycles:
            raise Fault(("cycles",), f"no [cycles] entry {self.cycles!r}")
        cash = self.starting_cash
        if cash not in money.starting_cash:
            raise Fault(("starting_cash",), f"no starting cash schedule {cash!r}")
        for n in self.players:
            if n not in money.starting_cash[cash]:
                raise Fault(("players",), f"{cash!r} gives no cash for {n} players")
        removed = self._removed(pieces)
        stack = self._stack(pieces, removed)
        home_pieces = sum(n for num, n in stack.items() if pieces[num].is_home_piece)
        if self.random_removed_homes > home_pieces:
            raise Fault(("random_removed_homes",), f"only {home_pieces} home pieces")
        if self.capital_projects > len(projects):
            raise Fault(("capital_projects",), f"only {len(projects)} projects exist")
        self._piles(pieces, stack, home_pieces)
        self._minors(minors, home_pieces)
        self._trains(trains)
        return self.model_copy(update={"removed_pieces": removed})

    def _removed(self, pieces: dict[int, MapPiece]) -> dict[int, int]:
        removed: dict[int, int] = {}
        for key, n in self.removed_pieces.items():
            text = str(key)
            number = int(text) if (text.isascii() and text.isdigit()) else -1
            if number not in pieces:
                raise Fault(("removed_pieces", text), f"no map piece {text!r}")
            removed[number] = n
        return removed

    def _stack(self, pieces: dict[int, MapPiece], removed: dict[int, int]) -> dict[int, int]:
        stack: dict[int, int] = {}
        for number, piece in pieces.items():
            have = piece.short_copies if self.pieces == "short_copies" else piece.copies
            if removed.get(number, 0) > have:
                raise Fault(("removed_pieces", str(number)), f"only {have} copies to remove")
            if have - removed.get(number, 0) > 0:
                stack[number] = have - removed.get(number, 0)
        return stack

    def _piles(self, pieces: dict[int, MapPiece], stack: dict[int, int],
               home_pieces: int) -> None:
        piles, pile, random_homes = self.piles, self.pile, self.random_removed_homes
        if pile is None:
            if piles > 1:
                raise Fault((), "piles need a pile table")
            return
        dd_pieces = sum(n for num, n in stack.items() if pieces[num].destinations)
        rest = sum(stack.values()) - random_homes - home_pieces - dd_pieces
        checks = (
            ("destinations", dd_pieces, pile.destinations),
            ("homes", home_pieces - random_homes, pile.homes),
            ("capital_projects", self.capital_projects, pile.capital_projects),
        )
        for key, have, each in checks:
            if have != piles * each:
                raise Fault(("pile", key),
                            f"{have} to share among {piles} piles, not {each} each")
        if rest % piles:
            raise Fault(("piles",), f"{rest} other pieces do not split evenly")

    def _minors(self, minors: dict[str, Minor], home_pieces: int) -> None:
        if self.minors == "all":
            n_minors = len(minors)
        elif self.minors == "short_game":
            n_minors = sum(m.short_game for m in minors.values())
        elif self.pile is not None:
            n_minors = self.pile.homes
        else:
            n_minors = home_pieces - self.random_removed_homes
        if self.conglomerate is not None:
            n_minors -= self.conglomerate.minors
        columns = self.minor_columns
        if sum(columns) != n_minors:
            raise Fault(("minor_columns",), f"{sum(columns)} places for {n_minors} minors")

    def _trains(self, trains: dict[str, Any]) -> None:
        for key in self.trains or ():
            if key not in trains or trains[key].back_of is not None:
                raise Fault(("trains", key), f"no train card {key!r}")
        keep = self.remove_one_of_each_except
        for i, key in enumerate(keep or ()):
            if key not in trains:
                raise Fault(("remove_one_of_each_except", i), f"no train {key!r}")
        if self.trains is not None and keep is not None:
            raise Fault((), "a fixed train stack takes no removal rule")


def _named_modes(modes: dict[str, Mode]) -> dict[str, Mode]:
    if not modes:
        raise Fault((), "must not be empty")
    return {key: m.model_copy(update={"id": key}) for key, m in modes.items()}


Modes = Annotated[dict[str, Mode], name_table(Mode, _named_modes)]
