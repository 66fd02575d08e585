"""The stock track, the phases and the trains of the component file: each table's model is
the component itself (frozen once read), its checks its validators.

An entry's own checks are its model's validators; what it says about other entries or
tables is checked by the ``check_*`` functions, which :class:`.ComponentFile` calls once
the tables they need are read.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Field, model_validator

from boardroom.map.tiles import COLOURS, colour_rank
from boardroom.titles.lost_atlas.board.component_base import (
    Array,
    Count,
    Fault,
    Names,
    Positive,
    Table,
    Text,
    as_int,
    name_table,
)


class StockTrack(Table):
    values: Array[Count]
    closes: Count
    """Position whose company is dissolved."""
    at_top: Literal["stay"]
    """What a rise past the last space does ("stay")."""
    min_bid: Positive
    bid_step: Positive
    launch: Annotated[dict[str, tuple[int, int]], name_table(Array[Count])]
    """Phase id -> lowest and highest launch price."""

    @model_validator(mode="after")
    def _rises(self) -> StockTrack:
        values = self.values
        if len(values) < 2:
            raise Fault(("values",), "needs at least two spaces")
        for i in range(1, len(values)):
            if values[i] <= values[i - 1]:
                raise Fault(("values", i), f"{values[i]} does not rise above {values[i - 1]}")
        if self.closes >= len(values):
            raise Fault(("closes",), f"position {self.closes} is not on the track")
        return self

    def launch_prices(self, phase: str) -> tuple[int, ...]:
        low, high = self.launch[phase]
        return tuple(v for v in self.values if low <= v <= high)

    def launch_price(self, bid: int, phase: str) -> int:
        """Half the bid, rounded down to a printed value inside the phase's window."""
        allowed = self.launch_prices(phase)
        fitting = [v for v in allowed if v <= bid // 2]
        return max(fitting) if fitting else allowed[0]


def check_launch(stock: StockTrack, phases: tuple[Phase, ...]) -> StockTrack:
    """Each phase's launch window, in the phases' order."""
    windows: dict[str, Any] = stock.launch
    launch: dict[str, tuple[int, int]] = {}
    for phase in phases:
        if phase.id not in windows:
            raise Fault(("launch",), f"missing key {phase.id!r}")
        window = windows[phase.id]
        at = ("launch", phase.id)
        if len(window) != 2:
            raise Fault(at, "expected [lowest, highest]")
        low, high = window
        for v in window:
            if v not in stock.values:
                raise Fault(at, f"{v} is not a value on the track")
        if low > high:
            raise Fault(at, f"{low} is above {high}")
        launch[phase.id] = (low, high)
    for key in windows:
        if key not in launch:
            raise Fault(("launch",), f"unknown key {key!r}")
    return stock.model_copy(update={"launch": launch})


class TrainLimit(Table):
    after: Names
    """The limit holds once one of these trains has been bought or exported."""
    minor: Count
    major: Count | None = None
    """None: no major can exist yet."""


class Phase(Table):
    id: Text
    opened_by: Names
    tile_colours: Names = Field(alias="tiles")
    limits: Array[TrainLimit]

    @model_validator(mode="after")
    def _colours(self) -> Phase:
        if self.id not in COLOURS:
            raise Fault((), f"a phase is a tile colour ({', '.join(COLOURS)})")
        for i, colour in enumerate(self.tile_colours):
            if colour not in COLOURS:
                raise Fault(("tiles", i), f"{colour!r} is not a tile colour")
        if self.id not in self.tile_colours:
            raise Fault(("tiles",), "must include the phase's own colour")
        if not self.limits:
            raise Fault(("limits",), "must not be empty")
        return self


def check_phases(phases: list[Phase]) -> tuple[Phase, ...]:
    """The phases follow the colours, each keeping the colours of the one before."""
    for i in range(1, len(phases)):
        if colour_rank(phases[i].id) <= colour_rank(phases[i - 1].id):
            raise Fault((i,), f"phases must follow the order {', '.join(COLOURS)}")
        if not set(phases[i - 1].tile_colours) <= set(phases[i].tile_colours):
            raise Fault((i, "tiles"), "drops a colour of the previous phase")
    return tuple(phases)


def _stops(value: object) -> object:
    return None if value == "unlimited" else as_int(value, minimum=1)


class Train(Table):
    id: Text
    name: Text
    stops: Annotated[int | None, BeforeValidator(_stops)]
    """A number of stops (at least 1); None: unlimited (the ∞-train; "unlimited")."""
    price: Positive
    colour: Text
    rusted_by: Names = ()
    back_of: Text | None = None
    """The train on the other face of the same card."""
    trade_in_price: Positive | None = None
    trade_in: Names = ()
    """Trains that may be traded in for ``trade_in_price`` (if not rusted); the file's
    "any_unrusted" names every train (:func:`any_unrusted`)."""

    @model_validator(mode="after")
    def _trade_in(self) -> Train:
        if "trade_in" in self.model_fields_set:
            if self.trade_in_price is None:
                raise Fault((), "trade_in needs a trade_in_price")
        elif self.trade_in_price is not None:
            raise Fault((), "trade_in_price needs trade_in")
        return self


def any_unrusted(trains: object) -> object:
    """The file's ``trade_in = "any_unrusted"`` read as the list of every train's id."""
    if not isinstance(trains, list):
        return trains
    ids = list(dict.fromkeys(t["id"] for t in trains if isinstance(t, dict)
                             and isinstance(t.get("id"), str) and t["id"].strip()))
    return [{**t, "trade_in": ids} if isinstance(t, dict) and t.get("trade_in") == "any_unrusted"
            else t for t in trains]


def check_trains(trains: list[Train], phases: tuple[Phase, ...] | None) -> dict[str, Train]:
    """What each train says of the phases and the other trains."""
    ids = [t.id for t in trains]
    phase_ids = [p.id for p in phases or ()]
    for n, t in enumerate(trains):
        if phases is not None and t.colour not in phase_ids:
            raise Fault((n, "colour"), f"{t.colour!r} is not a phase")
        for i, other in enumerate(t.rusted_by):
            if other not in ids:
                raise Fault((n, "rusted_by", i), f"no train {other!r}")
        if t.back_of is not None and (t.back_of not in ids or t.back_of == t.id):
            raise Fault((n, "back_of"), f"no other train {t.back_of!r}")
        for i, other in enumerate(t.trade_in):
            if other not in ids:
                raise Fault((n, "trade_in", i), f"no train {other!r}")
    out = {t.id: t for t in trains}
    for n, t in enumerate(trains):
        if t.back_of is not None and out[t.back_of].back_of is not None:
            raise Fault((n, "back_of"), f"{t.back_of!r} is itself a back face")
    for j, phase in enumerate(phases or ()):
        at: tuple[int | str, ...] = ("phases", j)
        for i, train_id in enumerate(phase.opened_by):
            if train_id not in out:
                raise Fault((*at, "opened_by", i), f"no train {train_id!r}", absolute=True)
            if out[train_id].colour != phase.id:
                raise Fault((*at, "opened_by", i), f"train {train_id!r} is "
                            f"{out[train_id].colour}, not {phase.id}", absolute=True)
        for k, limit in enumerate(phase.limits):
            for i, train_id in enumerate(limit.after):
                if train_id not in out:
                    raise Fault((*at, "limits", k, "after", i), f"no train {train_id!r}",
                                absolute=True)
    return out


class TrainPrinting(Table):
    """One printing of the train cards (``[train_printings.NAME]``)."""

    derived: ClassVar[frozenset[str]] = frozenset({"id"})

    id: str = ""
    """The printing's name in the file (its table's key)."""
    name: Text
    cards: Count
    counts: Annotated[dict[str, int], name_table(Count)]
    marked: Annotated[dict[str, int], name_table(Count)] = Field(default_factory=dict)
    """Cards marked "N+ players", left out with fewer than ``marked_min_players``."""
    marked_min_players: Positive = 1
    unlimited: Names = ()

    @model_validator(mode="after")
    def _cards(self) -> TrainPrinting:
        if sum(self.counts.values()) != self.cards:
            raise Fault(("counts",), f"{sum(self.counts.values())} cards, but cards = "
                        f"{self.cards}")
        for card, n in self.marked.items():
            if n > self.counts.get(card, 0):
                raise Fault(("marked", card), "more marked cards than cards")
        for i, card in enumerate(self.unlimited):
            if card not in self.counts:
                raise Fault(("unlimited", i), f"no count for {card!r}")
        return self


def _named_printings(printings: dict[str, TrainPrinting]) -> dict[str, TrainPrinting]:
    if not printings:
        raise Fault((), "must not be empty")
    return {key: p.model_copy(update={"id": key}) for key, p in printings.items()}


Printings = Annotated[dict[str, TrainPrinting], name_table(TrainPrinting, _named_printings)]


def check_printings(printings: dict[str, TrainPrinting], trains: dict[str, Train]) -> None:
    """Every printing counts train cards (front faces)."""
    cards = [tid for tid, tr in trains.items() if tr.back_of is None]
    for key, p in printings.items():
        for card in p.counts:
            if card not in cards:
                raise Fault((key, "counts", card), f"no train card {card!r}")
