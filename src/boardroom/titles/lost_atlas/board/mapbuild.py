"""Map building, the Lost Atlas's first phase: players take turns placing the tri-hex map
pieces of a shuffled stack until the map is complete (../shared/rules/001 "Map Building",
Diagram 1, and the variants "Different Distant Destinations", "Short Game with Randomized
Minors" and "Micro Games").

:class:`MapBuilder` is a self-contained state machine with the shape of the engine's
title contract (``to_act`` / ``legal_actions`` / ``check`` / ``apply`` / ``parse``), so the
Lost Atlas title can embed it as its opening phase. Its actions and their notation:

=======================  ==========================================================
notation                 meaning
=======================  ==========================================================
``piece 3,-1 r2``        place the drawn map piece: its hex A on axial 3,-1, turned
                         two sixths clockwise about A
``capital 1,0``          place the drawn capital project's overlay on the city 1,0
``filler 2,2``           place a single blank hex on 2,2 (optional filler step)
``pass``                 place no more filler hexes for now
=======================  ==========================================================

>>> from boardroom.core.rng import Rng
>>> from boardroom.titles.lost_atlas.board.components import load_components
>>> b = auto_build(load_components(), "short", 3, Rng(7))
>>> b.is_done, len(b.board.pieces) == load_components().mode_pile_size("short")
(True, True)
>>> str(parse("piece 3,-1 r2")), parse("capital 1,0")
('piece 3,-1 r2', PlaceCapital(hex=(1, 0)))

Readings where the rules are silent (each is a provisional choice, documented here):

* Turns. Each flip of the stack is a turn: after a piece or a capital overlay is placed,
  the next player clockwise (seat + 1) draws. A project that goes to the bottom of the
  stack does not end the turn: the same player draws again ("a new map tile is drawn").
* Capital target. A basic city hex already on the map that is not a minor's home and not
  already a capital (the data file's provisional ``instruction`` / ``target``). Piece 21's
  cities count as basic cities. Placing the overlay is compulsory when a target exists.
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
* Which capital projects a mode uses. The three are identical, so a mode that uses fewer
  takes the first ones in data order; Micro piles get one each as the mode says.
* Micro piles. Each kind (Distant Destination pieces, home pieces, projects, the rest) is
  shuffled with the rng and dealt in equal runs to the piles; pile 0 is then used (option
  ``micro_pile`` picks another). The other piles are boxed.
* Different Distant Destinations: the deck is the cards with printed values (the blank
  card is for players' own values and is left out); each destination of a drawn DD piece
  takes the top card before placement.
* Filler step (option ``filler_hexes``): after the last piece, starting with the player
  after the last one to place, each player in turn places one single blank hex (on an
  empty hex that shares an edge with the map and no edge with a black border hex) or
  passes; it ends when every player has passed in a row or no single hexes are left.
  The number of single hexes is the data's single-hex overlays' count (12).
* Duplicates. :meth:`MapBuilder.legal_actions` offers every placement that gives a
  different map; when turning a piece onto itself gives the identical map (piece 12, all
  blank), only the smallest rotation is listed. :meth:`MapBuilder.check` still accepts
  the other, equivalent rotations, and :meth:`MapBuilder.listed` turns them into the
  listed one, which the game records (the same record and view either way).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from boardroom.core.errors import BoardroomError, IllegalAction, NotationError, OptionError
from boardroom.core.rng import Rng
from boardroom.core.title import Action
from boardroom.map.hexes import DIRECTIONS, Hex, neighbours, rotate_about, rotate_edge
from boardroom.map.pieces import Placement, check_placement, place_hexes
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board.board import BLANK, CITY, Board, Space, piece_shape
from boardroom.titles.lost_atlas.board.components import Components, MapHex, MapPiece

StackItem = int | str
"""A map piece's printed number, or a capital project's id."""

MAX_RESTARTS = 100
"""Restarts after which a stack is declared impossible (only a hand-made one can be)."""

RULE_PREFIX = "lost_atlas.map."
RULE_OVERLAP = "lost_atlas.map.overlap"
RULE_BORDER = "lost_atlas.map.border"
RULE_SHARED_EDGES = "lost_atlas.map.shared-edges"
RULE_FIRST_PIECE = "lost_atlas.map.first-piece"
RULE_ROTATION = "lost_atlas.map.rotation"
RULE_CAPITAL_TARGET = "lost_atlas.map.capital-target"
RULE_FILLER_ADJACENT = "lost_atlas.map.filler-adjacent"
RULE_NO_FILLERS = "lost_atlas.map.no-fillers"
RULE_NOT_YOUR_TURN = "lost_atlas.map.not-your-turn"
RULE_WRONG_STEP = "lost_atlas.map.wrong-step"

_PIECE_RULES = {
    "map.build.overlap": RULE_OVERLAP,
    "map.build.border": RULE_BORDER,
    "map.build.shared-edges": RULE_SHARED_EDGES,
}

OPTION_DEFAULTS: dict[str, Any] = {
    "different_destinations": False,
    "destination_card": None,
    "filler_hexes": False,
    "micro_pile": 0,
}
"""The options map building reads; ``destination_card`` None means the recommended card."""


class MapBuildError(BoardroomError):
    """A stack that cannot make a map (only a hand-made stack can be one)."""


# --------------------------------------------------------------------------- actions


def hex_text(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


@dataclass(frozen=True, slots=True)
class PlacePiece(Action):
    """Put the drawn piece's hex A on ``anchor``, turned ``rotation`` sixths clockwise."""

    anchor: Hex
    rotation: int

    def __str__(self) -> str:
        return f"piece {hex_text(self.anchor)} r{self.rotation}"


@dataclass(frozen=True, slots=True)
class PlaceCapital(Action):
    """Put the drawn capital project's overlay on the basic city ``hex``."""

    hex: Hex

    def __str__(self) -> str:
        return f"capital {hex_text(self.hex)}"


@dataclass(frozen=True, slots=True)
class PlaceFiller(Action):
    """Put a single blank hex on the empty ``hex`` (filler step)."""

    hex: Hex

    def __str__(self) -> str:
        return f"filler {hex_text(self.hex)}"




PassFiller = Pass
"""Place no filler hex this turn (the title-wide pass)."""


MapAction = PlacePiece | PlaceCapital | PlaceFiller | PassFiller


def parse_hex(word: str, text: str = "") -> Hex:
    """Read ``q,r`` (two integers, either may be negative)."""
    parts = word.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        return (int(parts[0]), int(parts[1]))
    except ValueError:
        raise NotationError(f"{text or word!r}: {word!r} is not a hex (write q,r)") from None


def parse(text: str) -> MapAction:
    """Read a map building action's notation (case does not matter).

    >>> parse("PIECE 0,0 R5")
    PlacePiece(anchor=(0, 0), rotation=5)
    """
    words = text.strip().lower().split()
    if not words:
        raise NotationError("empty action")
    head, rest = words[0], words[1:]
    if head == "pass" and not rest:
        return PassFiller()
    if head == "piece" and len(rest) == 2:
        anchor = parse_hex(rest[0], text)
        turn = rest[1]
        if not (turn.startswith("r") and turn[1:].isascii() and turn[1:].isdigit()):
            raise NotationError(f"{text!r}: {turn!r} is not a rotation (write r0 to r5)")
        return PlacePiece(anchor, int(turn[1:]))
    if head == "capital" and len(rest) == 1:
        return PlaceCapital(parse_hex(rest[0], text))
    if head == "filler" and len(rest) == 1:
        return PlaceFiller(parse_hex(rest[0], text))
    raise NotationError(
        f"{text!r} is not a map building action (piece q,r rN / capital q,r / filler q,r / pass)"
    )


# --------------------------------------------------------------------------- shared rules


def placement_rule(raw: str) -> str:
    """The Lost Atlas rule id of a generic ``pieces.check_placement`` rule id."""
    return _PIECE_RULES.get(raw, RULE_PREFIX + raw.rsplit(".", 1)[-1])


def placement_message(raw: str, min_shared: int) -> str:
    if raw == "map.build.overlap":
        return "the piece would overlap a hex already on the map"
    if raw == "map.build.border":
        return "no hex may share an edge with a black border hex"
    return f"the piece must share at least {min_shared} edges with the map"


def capital_problem(board: Board, h: Hex) -> str | None:
    """Why a capital overlay may not go on ``h`` (None: it may)."""
    space = board.spaces.get(h)
    if space is None:
        return f"{hex_text(h)} is not on the map"
    if space.terrain != CITY:
        return f"{hex_text(h)} is not a city ({space.terrain})"
    if space.home is not None:
        return f"{hex_text(h)} is a minor's home"
    if space.capital:
        return f"{hex_text(h)} is already a capital"
    return None


def capital_targets(board: Board) -> list[Hex]:
    return sorted(h for h in board.spaces if capital_problem(board, h) is None)


def single_hex_problem(placed: Mapping[Hex, bool], h: Hex) -> tuple[str, str] | None:
    """Why a single hex may not go on ``h`` next to the map: (rule, message), or None."""
    if h in placed:
        return RULE_OVERLAP, f"{hex_text(h)} is already on the map"
    touching = [placed[n] for n in neighbours(h) if n in placed]
    if not touching:
        return RULE_FILLER_ADJACENT, f"{hex_text(h)} shares no edge with the map"
    if any(touching):
        return RULE_BORDER, f"{hex_text(h)} would share an edge with a black border hex"
    return None


# --------------------------------------------------------------------------- piece geometry


@dataclass(frozen=True)
class _Orientation:
    rotation: int
    anchor: Hex
    """The anchor relative to the translation of the group's normalised cells."""
    border: tuple[Hex, ...]
    """Border cells relative to the translation."""


@dataclass(frozen=True)
class _Group:
    """Rotations of a piece that cover the same normalised cell set."""

    cells: tuple[Hex, ...]
    orientations: tuple[_Orientation, ...]
    """One per distinct map: rotations giving identical content are listed once."""


def _content(mh: MapHex, rotation: int) -> tuple[object, ...]:
    track = mh.track.id if mh.track is not None else None
    return (
        mh.terrain, mh.home, mh.mountain, mh.cost, track, rotation if track else None,
        mh.home_stop, mh.destination,
        frozenset(rotate_edge(e, rotation) for e in mh.open_edges),
        frozenset(rotate_edge(e, rotation) for e in mh.water_edges),
    )


_GEOMETRY: dict[int, tuple[MapPiece, tuple[_Group, ...]]] = {}


def _geometry(piece: MapPiece) -> tuple[_Group, ...]:
    """The piece's placements up to translation, grouped by the cells they cover
    (computed once per piece object)."""
    cached = _GEOMETRY.get(id(piece))
    if cached is not None and cached[0] is piece:
        return cached[1]
    groups = _compute_geometry(piece)
    _GEOMETRY[id(piece)] = (piece, groups)
    return groups


def _compute_geometry(piece: MapPiece) -> tuple[_Group, ...]:
    shape = piece_shape(piece)
    order = {"A": 0, "B": 1, "C": 2}
    hexes = sorted(piece.hexes, key=lambda h: order[h.pos])
    groups: dict[tuple[Hex, ...], list[tuple[int, Hex, tuple[Hex, ...], object]]] = {}
    for rotation in range(6):
        cells = [rotate_about(off, (0, 0), rotation) for off in shape.offsets]
        t0 = min(cells)
        rel = [(c[0] - t0[0], c[1] - t0[1]) for c in cells]
        content: object = frozenset(
            (c, _content(mh, rotation)) for c, mh in zip(rel, hexes, strict=True)
        )
        border = tuple(c for c, b in zip(rel, shape.border, strict=True) if b)
        anchor = (-t0[0], -t0[1])
        groups.setdefault(tuple(sorted(rel)), []).append((rotation, anchor, border, content))
    out = []
    for norm, members in groups.items():
        seen: set[object] = set()
        kept = []
        for rotation, anchor, border, content in members:
            if content in seen:
                continue
            seen.add(content)
            kept.append(_Orientation(rotation, anchor, border))
        out.append(_Group(norm, tuple(kept)))
    return tuple(out)


def _listed_turns(piece: MapPiece) -> dict[int, tuple[int, Hex]]:
    """For each rotation of ``piece``, the listed rotation (:func:`_compute_geometry`
    keeps the first of those covering the same cells with the same content) and how far
    its anchor lies from this rotation's for the two to make the very same map."""
    cached = _LISTED.get(id(piece))
    if cached is not None and cached[0] is piece:
        return cached[1]
    shape = piece_shape(piece)
    order = {"A": 0, "B": 1, "C": 2}
    hexes = sorted(piece.hexes, key=lambda h: order[h.pos])
    seen: dict[object, tuple[int, Hex]] = {}
    turns: dict[int, tuple[int, Hex]] = {}
    for rotation in range(6):
        cells = [rotate_about(off, (0, 0), rotation) for off in shape.offsets]
        t0 = min(cells)
        rel = [(c[0] - t0[0], c[1] - t0[1]) for c in cells]
        content = (tuple(sorted(rel)), frozenset(
            (c, _content(mh, rotation)) for c, mh in zip(rel, hexes, strict=True)))
        first, first_t0 = seen.setdefault(content, (rotation, t0))
        turns[rotation] = (first, (t0[0] - first_t0[0], t0[1] - first_t0[1]))
    _LISTED[id(piece)] = (piece, turns)
    return turns


_LISTED: dict[int, tuple[MapPiece, dict[int, tuple[int, Hex]]]] = {}


# --------------------------------------------------------------------------- the builder


@dataclass
class MapBuilder:
    """The map building phase of one game. Build one with :meth:`start` (a mode's stack)
    or :meth:`from_stack` (a hand-made stack, for tests and custom setups)."""

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
        """Make the mode's stack, shuffle it, choose the first player and draw.

        Long: every piece and the mode's capital projects. Short: the Short Game removals.
        ``short_random``: the 12 home pieces (1-11 and 21) are shuffled and 4 removed face
        down, besides the mode's other removals. Micro (``micro_3p`` / ``micro_2p``): the
        pieces are split into the mode's 2 / 3 piles, each with its Distant Destination
        piece, home pieces, capital project and an equal share of the rest, every kind
        dealt from an rng shuffle; pile 0 (option ``micro_pile``) is used. The rng is used
        in this order: random removals, pile split, Distant Destination deck, stack, first
        player.
        """
        m = components.mode(mode)
        names = _names(players)
        if len(names) not in m.players:
            allowed = ", ".join(map(str, m.players))
            raise OptionError(f"{m.name} is for {allowed} players, not {len(names)}")
        opts = normalize_options(components, options, piles=m.piles)
        counts = components.mode_pieces(mode)
        pieces = [n for n in sorted(counts) for _ in range(counts[n])]
        projects: list[str] = sorted(components.capital_projects)[: m.capital_projects]
        removed: list[int] = []
        boxed = sorted(set(components.capital_projects) - set(projects))
        intro: list[str] = []
        if m.random_removed_homes:
            homes = [n for n in pieces if components.map_pieces[n].is_home_piece]
            rng.shuffle(homes)
            for n in homes[: m.random_removed_homes]:
                pieces.remove(n)
                removed.append(n)
            intro.append(f"{m.random_removed_homes} home map pieces are removed face down.")
        if m.piles > 1:
            assert m.pile is not None
            piles = _split_piles(components, pieces, projects, m.piles,
                                 (m.pile.destinations, m.pile.homes, m.pile.capital_projects),
                                 rng)
            for i, (p_pieces, p_projects) in enumerate(piles):
                if i != opts["micro_pile"]:
                    removed.extend(p_pieces)
                    boxed.extend(p_projects)
            pieces, projects = piles[opts["micro_pile"]]
            intro.append(
                f"The map tiles are split into {m.piles} piles; pile {opts['micro_pile'] + 1} "
                f"is used ({len(pieces)} map pieces, {len(projects)} capital projects)."
            )
        builder = cls(
            components=components,
            mode=mode,
            names=names,
            rng=rng,
            options=opts,
            composition=(*sorted(pieces), *sorted(projects)),
            removed_pieces=tuple(sorted(removed)),
            boxed_projects=tuple(sorted(boxed)),
        )
        builder.log.append(
            f"Map building ({m.name}): {len(pieces)} map pieces and {len(projects)} capital "
            "projects in the stack."
        )
        builder.log.extend(intro)
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
        names = _names(players)
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

    def copy(self) -> MapBuilder:
        other = MapBuilder(
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
        rotation, (dq, dr) = _listed_turns(
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
        """:meth:`placements` as (anchor, rotation) pairs, unsorted.

        The empty hexes beside the map are tried newest first: those next to the last
        pieces lie on the open edge of the map, where a piece fits, while the older ones
        are mostly hemmed in; so an "any?" (:meth:`_any_placement`, asked after every
        piece) meets a first fit sooner. The placements found are the same in any order."""
        geom = _geometry(self.components.map_pieces[number])
        if not self._placed:
            for g in geom:
                for o in g.orientations:
                    yield (0, 0), o.rotation
            return
        placed, adj, blocked = self._placed, self._adj, self._blocked
        min_shared = self.components.map_rules.min_shared_edges
        for group in geom:
            cells = group.cells
            seen: set[Hex] = set()  # each spot once, met lazily (an "any?" stops early)
            for fq, fr in reversed(adj):  # (nothing changes adj while this runs)
                for oq, orr in cells:
                    tq, tr = spot = (fq - oq, fr - orr)
                    if spot in seen:
                        continue
                    seen.add(spot)
                    shared = 0
                    for cq, cr in cells:
                        c = (tq + cq, tr + cr)
                        if c in placed or c in blocked:
                            break
                        shared += adj.get(c, 0)
                    else:
                        if shared < min_shared:
                            continue
                        for o in group.orientations:
                            for bq, br in o.border:
                                if (tq + bq, tr + br) in adj:
                                    break
                            else:
                                yield (tq + o.anchor[0], tr + o.anchor[1]), o.rotation


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int):
        if players < 1:
            raise OptionError("map building needs at least one player")
        return tuple(f"Player {i + 1}" for i in range(players))
    return tuple(players)


def normalize_options(
    components: Components, options: Mapping[str, Any] | None, piles: int = 1
) -> dict[str, Any]:
    """Fill in the map building options' defaults and check them."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTION_DEFAULTS))
    if unknown:
        raise OptionError(f"unknown map building option(s): {', '.join(unknown)}")
    out = {**OPTION_DEFAULTS, **options}
    for key in ("different_destinations", "filler_hexes"):
        if not isinstance(out[key], bool):
            raise OptionError(f"option {key} is true or false, not {out[key]!r}")
    card = out["destination_card"]
    if card is None:
        recommended = [c.id for c in components.destination_cards.values() if c.recommended]
        card = recommended[0] if recommended else next(iter(components.destination_cards))
    if not isinstance(card, str) or card not in components.destination_cards:
        raise OptionError(
            f"no destination card {card!r} (known: {', '.join(components.destination_cards)})"
        )
    out["destination_card"] = card
    pile = out["micro_pile"]
    if isinstance(pile, bool) or not isinstance(pile, int) or not 0 <= pile < piles:
        raise OptionError(f"option micro_pile is a pile number from 0 to {piles - 1}")
    return out


def _split_piles(
    components: Components,
    pieces: list[int],
    projects: list[str],
    piles: int,
    each: tuple[int, int, int],
    rng: Rng,
) -> list[tuple[list[int], list[str]]]:
    """Deal the pieces and projects into ``piles`` piles: ``each`` = (DD pieces, home
    pieces, projects) per pile, then an equal share of the rest; every kind shuffled."""
    dests = [n for n in pieces if components.map_pieces[n].destinations]
    homes = [n for n in pieces
             if components.map_pieces[n].is_home_piece and n not in dests]
    rest = [n for n in pieces if n not in dests and n not in homes]
    kinds = [dests, homes, rest]
    project_list = list(projects)
    for kind in kinds:
        rng.shuffle(kind)
    rng.shuffle(project_list)
    n_dest, n_home, n_proj = each
    share = len(rest) // piles
    out: list[tuple[list[int], list[str]]] = []
    for i in range(piles):
        pile = (dests[i * n_dest:(i + 1) * n_dest] + homes[i * n_home:(i + 1) * n_home]
                + rest[i * share:(i + 1) * share])
        out.append((pile, project_list[i * n_proj:(i + 1) * n_proj]))
    return out


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
