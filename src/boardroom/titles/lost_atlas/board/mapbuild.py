"""Map building, the Lost Atlas's first phase: players take turns placing the tri-hex map
pieces of a shuffled stack until the map is complete (../shared/rules/001 "Map Building",
Diagram 1, and the variants "Different Distant Destinations", "Short Game with Randomized
Minors" and "Micro Games").

:class:`MapBuilder` is a self-contained state machine with the shape of the engine's
title contract (``to_act`` / ``legal_actions`` / ``check`` / ``apply`` / ``parse``), so the
Lost Atlas title can embed it as its opening phase. Its actions and their notation are
in :mod:`.map_notation`; the rules it shares with map files in :mod:`.placement_rules`;
the stack a mode deals in :mod:`.map_stack`; where a piece fits in
:mod:`.piece_geometry`. Their public names are importable from here too.

>>> from boardroom.core.rng import Rng
>>> from boardroom.titles.lost_atlas.board.components import load_components
>>> b = auto_build(load_components(), "short", 3, Rng(7))
>>> b.is_done, len(b.board.pieces) == load_components().mode_pile_size("short")
(True, True)

Readings where the rules are silent (each is a provisional choice, documented here):

* Turns. Each flip of the stack is a turn: after a piece or a capital overlay is placed,
  the next player clockwise (seat + 1) draws. A project that goes to the bottom of the
  stack does not end the turn: the same player draws again ("a new map tile is drawn").
* Unplaceable projects. When a drawn project has no target it goes to the bottom of the
  stack. Whether a target exists depends only on the map, so once nothing but projects is
  left and the drawn one has no target, none of them ever can: they are set aside
  (returned to the box unplaced, listed in :attr:`MapBuilder.set_aside`) and map building
  ends. This resolves them in the sense of "until ... all project tiles have been
  resolved".
* Restart. A drawn piece with no legal placement at all is the "impossible to place"
  case: every placed piece and every project goes back, the same stack (the same pieces
  and projects; random removals and the Micro pile stay as dealt) is reshuffled, the
  Distant Destination cards are reshuffled too, and a new first player is chosen at
  random, as at the start. :attr:`MapBuilder.restarts` counts these. A stack that can
  never be completed (possible only with a hand-made stack) raises
  :class:`MapBuildError` after :data:`MAX_RESTARTS` restarts instead of looping.
* Different Distant Destinations: the deck is the cards with printed values (the blank
  card is for players' own values and is left out); each destination of a drawn DD piece
  takes the top card before placement.
* Filler step (option ``filler_hexes``): after the last piece, starting with the player
  after the last one to place, each player in turn places one single blank hex (on an
  empty hex that shares an edge with the map and no edge with a black border hex) or
  passes; it ends when every player has passed in a row or no single hexes are left.
  The number of single hexes is the data's single-hex overlays' count (12).
* Duplicates. :meth:`MapBuilder.legal_actions` offers every placement that gives a
  different map (:mod:`.piece_geometry`). :meth:`MapBuilder.check` still accepts
  the other, equivalent rotations, and :meth:`MapBuilder.listed` turns them into the
  listed one, which the game records (the same record and view either way).
"""


from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardroom.core.errors import BoardroomError, IllegalAction, OptionError
from boardroom.core.rng import Rng
from boardroom.map.hexes import Hex
from boardroom.map.pieces import Placement, check_placement
from boardroom.titles.lost_atlas.board.board import BLANK, Board, Space, piece_shape
from boardroom.titles.lost_atlas.board.components import Components
from boardroom.titles.lost_atlas.board.map_build_state import MapBuildState
from boardroom.titles.lost_atlas.board.map_notation import (
    MapAction,
    PassFiller,
    PlaceCapital,
    PlaceFiller,
    PlacePiece,
    hex_text,
    parse,
    parse_hex,
)
from boardroom.titles.lost_atlas.board.map_stack import (
    OPTION_DEFAULTS,
    StackItem,
    mode_stack,
    normalize_options,
    player_names,
)
from boardroom.titles.lost_atlas.board.piece_geometry import iter_placements, listed_turns
from boardroom.titles.lost_atlas.board.placement_rules import (
    RULE_CAPITAL_TARGET,
    RULE_FIRST_PIECE,
    RULE_NO_FILLERS,
    RULE_NOT_YOUR_TURN,
    RULE_ROTATION,
    RULE_WRONG_STEP,
    capital_problem,
    capital_targets,
    placement_message,
    placement_rule,
    single_hex_problem,
)

__all__ = [
    "MAX_RESTARTS",
    "OPTION_DEFAULTS",
    "RULE_CAPITAL_TARGET",
    "MapAction",
    "MapBuildError",
    "MapBuilder",
    "PassFiller",
    "PlaceCapital",
    "PlaceFiller",
    "PlacePiece",
    "StackItem",
    "auto_build",
    "capital_problem",
    "capital_targets",
    "finish_randomly",
    "hex_text",
    "normalize_options",
    "parse",
    "parse_hex",
    "placement_message",
    "placement_rule",
    "single_hex_problem",
]


MAX_RESTARTS = 100
"""Restarts after which a stack is declared impossible (only a hand-made one can be)."""


class MapBuildError(BoardroomError):
    """A stack that cannot make a map (only a hand-made stack can be one)."""


@dataclass
class MapBuilder(MapBuildState):
    """The map building phase of one game. Build one with :meth:`start` (a mode's stack)
    or :meth:`from_stack` (a hand-made stack, for tests and custom setups)."""

    # -- construction ----------------------------------------------------------
    @classmethod
    def start(
        cls,
        components: Components,
        mode: str,
        players: int | Sequence[str],
        rng: Rng,
        options: Mapping[str, Any] | None = None,
    ) -> MapBuilder:
        """Make the mode's stack (:func:`mode_stack`), shuffle it, choose the first player
        and draw."""
        stack = mode_stack(components, mode, players, rng, options)
        builder = cls(
            components=components,
            mode=mode,
            names=stack.names,
            rng=rng,
            options=stack.options,
            composition=(*sorted(stack.pieces), *sorted(stack.projects)),
            removed_pieces=tuple(sorted(stack.removed)),
            boxed_projects=tuple(sorted(stack.boxed)),
        )
        builder.log.append(
            f"Map building ({stack.mode_name}): {len(stack.pieces)} map pieces and "
            f"{len(stack.projects)} capital projects in the stack."
        )
        builder.log.extend(stack.intro)
        builder._deal(shuffle=True)
        return builder

    @classmethod
    def from_stack(
        cls,
        components: Components,
        items: Sequence[StackItem],
        players: int | Sequence[str],
        rng: Rng,
        options: Mapping[str, Any] | None = None,
        shuffle: bool = False,
        first_seat: int | None = None,
    ) -> MapBuilder:
        """A builder over a hand-made stack, top first (shuffled only if ``shuffle``).

        The first player is ``first_seat``, or random when None. A restart reshuffles
        the stack with the rng whatever ``shuffle`` says.
        """
        names = player_names(players)
        if not names:
            raise OptionError("map building needs at least one player")
        for item in items:
            if isinstance(item, str):
                if item not in components.capital_projects:
                    raise OptionError(f"no capital project {item!r}")
            elif item not in components.map_pieces:
                raise OptionError(f"no map piece {item!r}")
        if first_seat is not None and not 0 <= first_seat < len(names):
            raise OptionError(f"no seat {first_seat}")
        builder = cls(
            components=components,
            mode="custom",
            names=names,
            rng=rng,
            options=normalize_options(components, options, piles=1),
            composition=tuple(items),
        )
        builder.log.append(f"Map building: a stack of {len(items)} items.")
        builder._deal(shuffle=shuffle, first_seat=first_seat)
        return builder

    def legal_actions(self, seat: int | None = None) -> list[MapAction]:
        """Every legal action of ``seat`` (default: the seat to act), in a stable order."""
        if self.is_done or (seat is not None and seat != self.seat):
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def listed(self, action: MapAction) -> MapAction:
        """The listed placement that makes the very same map as ``action``: a piece turned
        onto itself (all blank, or symmetric content) is listed at its first such
        rotation, and :meth:`check` accepts the others, which are recorded as the listed
        one (rule ``lost_atlas.map.rotation``). Any other action is returned as it is."""
        if (not isinstance(action, PlacePiece) or not isinstance(self.current, int)
                or not 0 <= action.rotation < 6):
            return action
        rotation, (dq, dr) = listed_turns(
            self.components.map_pieces[self.current])[action.rotation]
        if rotation == action.rotation or (not self._placed and (dq, dr) != (0, 0)):
            return action  # the first piece stays on 0,0: there a shift is another map
        return PlacePiece((action.anchor[0] + dq, action.anchor[1] + dr), rotation)

    def check(self, action: MapAction, seat: int) -> IllegalAction | None:
        """The rule ``action`` by ``seat`` breaks now, or None. Changes nothing."""
        if self.is_done:
            return IllegalAction(RULE_WRONG_STEP, "map building is over")
        if seat != self.seat:
            return IllegalAction(RULE_NOT_YOUR_TURN, f"it is {self.names[self.seat]}'s turn")
        if isinstance(action, PlacePiece):
            return self._check_piece(action)
        if isinstance(action, PlaceCapital):
            if self.step != "pieces" or not isinstance(self.current, str):
                return IllegalAction(RULE_WRONG_STEP, "no capital project is drawn")
            problem = capital_problem(self.board, action.hex)
            if problem is not None:
                return IllegalAction(
                    RULE_CAPITAL_TARGET,
                    f"the capital overlay goes on a basic city that is not a minor's home "
                    f"nor a capital: {problem}",
                )
            return None
        if isinstance(action, PlaceFiller | PassFiller):
            if self.step != "filler":
                return IllegalAction(RULE_WRONG_STEP, "this is not the filler step")
            if isinstance(action, PassFiller):
                return None
            if self.fillers_left <= 0:
                return IllegalAction(RULE_NO_FILLERS, "no single blank hexes are left")
            found = single_hex_problem(self._placed, action.hex)
            if found is not None:
                return IllegalAction(*found)
            return None
        return IllegalAction(RULE_WRONG_STEP, f"{action!r} is not a map building action")

    def _check_piece(self, action: PlacePiece) -> IllegalAction | None:
        if self.step != "pieces" or not isinstance(self.current, int):
            return IllegalAction(RULE_WRONG_STEP, "no map piece is drawn")
        if not 0 <= action.rotation < 6:
            return IllegalAction(RULE_ROTATION, "a rotation is 0 to 5 sixths of a turn")
        if not self._placed and action.anchor != (0, 0):
            return IllegalAction(RULE_FIRST_PIECE, "the first map piece goes in the centre, 0,0")
        piece = self.components.map_pieces[self.current]
        min_shared = self.components.map_rules.min_shared_edges
        raw = check_placement(
            piece_shape(piece), self._placed, action.anchor, action.rotation, min_shared
        )
        if raw is not None:
            return IllegalAction(placement_rule(raw), placement_message(raw, min_shared))
        return None

    # -- acting ----------------------------------------------------------------
    def apply(self, action: MapAction, seat: int, checked: bool = False) -> list[str]:
        """Perform a legal action and the automatic events after it; return the new log
        sentences. An illegal action raises :class:`IllegalAction` and changes nothing.
        ``checked``: the caller has just checked it (:meth:`check` is not asked again)."""
        problem = None if checked else self.check(action, seat)
        if problem is not None:
            raise problem
        start = len(self.log)
        name = self.names[seat]
        self._legal = None
        if isinstance(action, PlacePiece):
            assert isinstance(self.current, int)
            number = self.current
            self._add_piece(number, action.anchor, action.rotation)
            self.log.append(
                f"{name} places map piece {number} at {hex_text(action.anchor)} "
                f"turned {action.rotation}."
            )
            self.current = None
            self.seat = (seat + 1) % self.players
            self._advance()
        elif isinstance(action, PlaceCapital):
            assert isinstance(self.current, str)
            project = self.components.capital_projects[self.current]
            self.board.make_capital(action.hex)
            self.capitals.append((project.id, action.hex))
            self.log.append(
                f"{name} places the capital overlay {project.overlay} on {hex_text(action.hex)}."
            )
            self.current = None
            self.seat = (seat + 1) % self.players
            self._advance()
        elif isinstance(action, PlaceFiller):
            self.board.add_space(Space(hex=action.hex, terrain=BLANK, piece=0))
            self._add_cells([action.hex], [False])
            self.fillers.append(action.hex)
            self.fillers_left -= 1
            self.passes = 0
            self.log.append(f"{name} places a single blank hex on {hex_text(action.hex)}.")
            self.seat = (seat + 1) % self.players
            if self.fillers_left == 0:
                self._finish("All the single blank hexes are placed.")
        else:
            self.passes += 1
            self.log.append(f"{name} passes.")
            self.seat = (seat + 1) % self.players
            if self.passes >= self.players:
                self._finish("Every player has passed in a row.")
        return self.log[start:]

    # -- internals -------------------------------------------------------------
    def _deal(self, shuffle: bool, first_seat: int | None = None) -> None:
        """(Re)start: empty map, Distant Destination deck, stack, first player, first draw."""
        self.board = Board.empty(self.components)
        self._placed, self._adj, self._blocked = {}, {}, set()
        self.capitals, self.set_aside, self.fillers = [], [], []
        self.dd_pairs = {}
        self.dd_deck = []
        self.step = "pieces"
        self.current = None
        self._legal = None
        if self.options["different_destinations"]:
            self.dd_deck = [c.id for c in self.components.destination_cards.values()
                            if c.values is not None]
            needed = sum(len(self.components.map_pieces[i].destinations)
                         for i in self.composition if isinstance(i, int))
            if needed > len(self.dd_deck):
                raise OptionError(
                    f"Different Distant Destinations needs {needed} cards; "
                    f"only {len(self.dd_deck)} have values"
                )
            self.rng.shuffle(self.dd_deck)
        self.stack = list(self.composition)
        if shuffle:
            self.rng.shuffle(self.stack)
        self.first_seat = self.rng.below(self.players) if first_seat is None else first_seat
        self.seat = self.first_seat
        if not self.options["different_destinations"] and self.restarts == 0:
            card = self.components.destination_cards[self.destination_card]
            if any(self.components.map_pieces[i].destinations
                   for i in self.composition if isinstance(i, int)):
                self.log.append(f"Every Distant Destination pays by the {card.name} card.")
        self.log.append(f"{self.names[self.seat]} places the first map piece.")
        self._advance()

    def _advance(self) -> None:
        """Draw until a decision is needed, resolving the automatic events."""
        while self.step == "pieces":
            if self.current is None:
                if not self.stack:
                    self._end_pieces()
                    return
                self.current = self.stack.pop(0)
                self._on_draw(self.current)
            item = self.current
            if isinstance(item, str):
                if capital_targets(self.board):
                    return
                if all(isinstance(i, str) for i in self.stack):
                    aside = [item, *(i for i in self.stack if isinstance(i, str))]
                    self.set_aside.extend(aside)
                    self.stack = []
                    self.current = None
                    self.log.append(
                        "Only capital projects remain and no basic city can take an overlay: "
                        f"{', '.join(aside)} {'is' if len(aside) == 1 else 'are'} set aside."
                    )
                    continue
                self.stack.append(item)
                self.current = None
                self.log.append(
                    f"No basic city can take the capital overlay: capital project {item} "
                    "goes to the bottom of the stack."
                )
                continue
            if self._any_placement(item):  # listed when asked (a replay never asks)
                return
            self.restarts += 1
            if self.restarts > MAX_RESTARTS:
                raise MapBuildError(
                    f"map piece {item} cannot be placed and {MAX_RESTARTS} restarts "
                    "have not completed the map"
                )
            self.log.append(
                f"Map piece {item} cannot be placed anywhere: the map pieces are collected "
                f"and map building restarts (restart {self.restarts})."
            )
            self._deal(shuffle=True)
            return

    def _on_draw(self, item: StackItem) -> None:
        name = self.names[self.seat]
        if isinstance(item, str):
            self.log.append(f"{name} draws capital project {item}.")
            return
        self.log.append(f"{name} draws map piece {item}.")
        if not self.options["different_destinations"]:
            return
        for dest in self.components.map_pieces[item].destinations:
            card = self.dd_deck.pop(0)
            self.dd_pairs[dest] = card
            self.log.append(
                f"Distant Destination {dest} is paired with the "
                f"{self.components.destination_cards[card].name} card."
            )

    def _end_pieces(self) -> None:
        self.current = None
        self.log.append(
            f"All map pieces are placed: {len(self.board.pieces)} pieces, "
            f"{len(self.capitals)} capitals."
        )
        total = sum(o.count for o in self.components.overlays.values() if o.kind == "single_hex")
        if self.options["filler_hexes"] and total > 0:
            self.step = "filler"
            self.fillers_left = total
            self.passes = 0
            self.log.append(
                f"Filler step: in turn, players may place one of the {total} single blank "
                f"hexes or pass; {self.names[self.seat]} starts."
            )
        else:
            self.step = "done"

    def _finish(self, why: str) -> None:
        self.step = "done"
        self.log.append(f"{why} Map building is over.")

    def _compute_legal(self) -> list[MapAction]:
        if self.step == "filler":
            out: list[MapAction] = []
            if self.fillers_left > 0:
                out.extend(PlaceFiller(h) for h in sorted(self._adj) if h not in self._blocked)
            out.append(PassFiller())
            return out
        if self.step != "pieces" or self.current is None:
            return []
        if isinstance(self.current, str):
            return [PlaceCapital(h) for h in capital_targets(self.board)]
        return [PlacePiece(p.anchor, p.rotation) for p in self.placements(self.current)]

    def placements(self, number: int) -> list[Placement]:
        """Every placement of piece ``number`` on the current map, one per distinct map.

        The same rules as :func:`boardroom.map.pieces.legal_placements`, computed from the
        counts of edges each empty hex shares with the map (kept up to date as hexes are
        added), the rotations grouped by the cells they cover, and the piece's own
        self-symmetric rotations removed once per piece.
        """
        return [Placement(anchor, rotation)
                for anchor, rotation in sorted(self._iter_placements(number))]

    def _any_placement(self, number: int) -> bool:
        """Whether :meth:`placements` lists anything (stopping at the first)."""
        return next(self._iter_placements(number), None) is not None

    def _iter_placements(self, number: int) -> Iterator[tuple[Hex, int]]:
        """:meth:`placements` as (anchor, rotation) pairs, unsorted
        (:func:`iter_placements`, newest empty hexes first)."""
        return iter_placements(self.components.map_pieces[number], self._placed, self._adj,
                               self._blocked, self.components.map_rules.min_shared_edges)


def auto_build(
    components: Components,
    mode: str,
    players: int | Sequence[str],
    rng: Rng,
    options: Mapping[str, Any] | None = None,
) -> MapBuilder:
    """The quick "auto" build: every decision a uniformly random legal action, drawn from
    the same rng as the shuffles (so one seed gives one map)."""
    builder = MapBuilder.start(components, mode, players, rng, options)
    return finish_randomly(builder)


def finish_randomly(builder: MapBuilder) -> MapBuilder:
    """Play every remaining decision of ``builder`` at random (its own rng)."""
    while not builder.is_done:
        seat = builder.seat
        actions = builder.legal_actions(seat)
        builder.apply(actions[builder.rng.below(len(actions))], seat)
    return builder
