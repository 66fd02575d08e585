"""The map in building (:class:`MapBuildState`): what map building knows at each moment,
the stack as dealt, the map so far and the empty hexes beside it, whose turn it is, the
log; its copy, what a viewer reads, and the check that the map obeys every placement
rule. :class:`.mapbuild.MapBuilder` plays the turns on it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Self

from boardroom.core.rng import Rng
from boardroom.map.hexes import DIRECTIONS, Hex
from boardroom.map.pieces import check_placement, place_hexes
from boardroom.titles.lost_atlas.board.board import CITY, Board, piece_shape
from boardroom.titles.lost_atlas.board.components import Components
from boardroom.titles.lost_atlas.board.map_notation import MapAction
from boardroom.titles.lost_atlas.board.map_stack import StackItem
from boardroom.titles.lost_atlas.board.placement_rules import single_hex_problem


@dataclass
class MapBuildState:
    """The map in building: the stack as dealt, what is on the map and beside it, whose
    turn it is, and the log; its copy, its reading and its checks. The turns
    themselves are :class:`MapBuilder`'s."""

    components: Components
    mode: str
    names: tuple[str, ...]
    rng: Rng
    options: dict[str, Any]
    composition: tuple[StackItem, ...]
    """What the stack is made of (restarts reshuffle exactly this)."""
    removed_pieces: tuple[int, ...] = ()
    """Pieces of the mode not in this stack: random removals, the other Micro piles."""
    boxed_projects: tuple[str, ...] = ()
    board: Board = field(init=False)
    stack: list[StackItem] = field(default_factory=list)
    """The undrawn items, top first."""
    current: StackItem | None = None
    """The drawn item waiting to be placed (None once the pieces are all placed)."""
    seat: int = 0
    """Whose turn it is (also during the filler step)."""
    first_seat: int = 0
    step: str = "pieces"
    """"pieces", "filler" or "done"."""
    capitals: list[tuple[str, Hex]] = field(default_factory=list)
    """Capital overlays placed: (project id, hex)."""
    set_aside: list[str] = field(default_factory=list)
    fillers: list[Hex] = field(default_factory=list)
    fillers_left: int = 0
    passes: int = 0
    restarts: int = 0
    dd_deck: list[str] = field(default_factory=list)
    dd_pairs: dict[str, str] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    """Every sentence so far (:meth:`apply` returns the new ones)."""
    _placed: dict[Hex, bool] = field(default_factory=dict)
    _adj: dict[Hex, int] = field(default_factory=dict)
    """Empty hexes next to the map -> how many edges they share with it."""
    _blocked: set[Hex] = field(default_factory=set)
    """Empty hexes next to a black border hex."""
    _legal: list[MapAction] | None = None

    def __post_init__(self) -> None:
        self.board = Board.empty(self.components)

    def copy(self) -> Self:
        other = type(self)(
            components=self.components,
            mode=self.mode,
            names=self.names,
            rng=self.rng.copy(),
            options=dict(self.options),
            composition=self.composition,
            removed_pieces=self.removed_pieces,
            boxed_projects=self.boxed_projects,
            stack=list(self.stack),
            current=self.current,
            seat=self.seat,
            first_seat=self.first_seat,
            step=self.step,
            capitals=list(self.capitals),
            set_aside=list(self.set_aside),
            fillers=list(self.fillers),
            fillers_left=self.fillers_left,
            passes=self.passes,
            restarts=self.restarts,
            dd_deck=list(self.dd_deck),
            dd_pairs=dict(self.dd_pairs),
            log=list(self.log),
            _placed=dict(self._placed),
            _adj=dict(self._adj),
            _blocked=set(self._blocked),
            _legal=self._legal,
        )
        other.board = self.board.copy()
        return other

    # -- reading ---------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def is_done(self) -> bool:
        return self.step == "done"

    def to_act(self) -> tuple[int, ...]:
        """The seat that must decide now (empty once map building is over)."""
        return () if self.is_done else (self.seat,)

    @property
    def destination_card(self) -> str:
        """The card of every Distant Destination in the base game."""
        return str(self.options["destination_card"])

    @property
    def destination_cards(self) -> dict[str, str]:
        """Distant Destination id -> revenue card id, for those drawn so far (with
        Different Distant Destinations) or those on the map (the base game's one card)."""
        if self.options["different_destinations"]:
            return dict(self.dd_pairs)
        dests = {s.destination for s in self.board.spaces.values() if s.destination}
        return {d: self.destination_card for d in sorted(d for d in dests if d)}

    # -- summary ---------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """A JSON-able account of the build (what a viewer or a log header shows)."""
        qs = [h[0] for h in self.board.spaces] or [0]
        rs = [h[1] for h in self.board.spaces] or [0]
        return {
            "mode": self.mode,
            "step": self.step,
            "players": list(self.names),
            "first_player": self.names[self.first_seat],
            "pieces_placed": len(self.board.pieces),
            "pieces_in_stack": sum(isinstance(i, int) for i in self.composition),
            "hexes": len(self.board.spaces),
            "extent": {"q": [min(qs), max(qs)], "r": [min(rs), max(rs)]},
            "capitals": [[p, list(h)] for p, h in self.capitals],
            "set_aside": list(self.set_aside),
            "fillers": [list(h) for h in self.fillers],
            "destination_cards": self.destination_cards,
            "removed_pieces": list(self.removed_pieces),
            "restarts": self.restarts,
        }

    def invariants(self) -> None:
        """Raise AssertionError if the map breaks a placement rule (re-checked from the
        pieces in the order they were placed)."""
        placed: dict[Hex, bool] = {}
        min_shared = self.components.map_rules.min_shared_edges
        for number, anchor, rotation in self.board.pieces:
            shape = piece_shape(self.components.map_pieces[number])
            raw = check_placement(shape, placed, anchor, rotation, min_shared)
            assert raw is None, f"piece {number} at {anchor} r{rotation}: {raw}"
            for cell, border in zip(place_hexes(shape, anchor, rotation), shape.border,
                                    strict=True):
                placed[cell] = border
        for h in self.fillers:
            assert single_hex_problem(placed, h) is None, f"filler {h}"
            placed[h] = False
        assert placed == self._placed == self.board.border_map()
        for _, h in self.capitals:
            space = self.board.spaces[h]
            assert space.capital and space.terrain == CITY and space.home is None

    def _add_piece(self, number: int, anchor: Hex, rotation: int) -> None:
        piece = self.components.map_pieces[number]
        cells = self.board.add_piece(piece, anchor, rotation)
        self._add_cells(cells, piece_shape(piece).border)

    def _add_cells(self, cells: Iterable[Hex], border: Iterable[bool]) -> None:
        placed, adj, blocked = self._placed, self._adj, self._blocked
        for cell, is_border in zip(cells, border, strict=True):
            placed[cell] = is_border
            adj.pop(cell, None)
            blocked.discard(cell)
        for cell in cells:
            is_border = placed[cell]
            q, r = cell
            for dq, dr in DIRECTIONS:
                n = (q + dq, r + dr)
                if n in placed:
                    continue
                adj[n] = adj.get(n, 0) + 1
                if is_border:
                    blocked.add(n)

