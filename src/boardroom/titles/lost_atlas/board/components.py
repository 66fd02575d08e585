"""The Railways of the Lost Atlas component data: load it, check it, expose it.

The data live in ``data/components.toml`` beside this module; docs/lost-atlas-components.md
describes the format, so a user can supply a whole file of their own (the rulebook's
Custom and Pre-Made Maps variant) to the same :func:`load_components`. Every entry is
read by the pydantic models of :mod:`.component_schema`, which are the components
themselves (frozen once read): their fields are the file's keys and their validators the
checks, of an entry's own keys and of what it says about other entries. Anything wrong
raises :class:`ComponentError` with the entry named, e.g.
``tiles[id="23"].paths[1]: edge 7 is not 0-5``.

Values that are choices rather than facts carry a ``provisional`` reason in the file;
:func:`provisional_values` lists them all, and conflicting values kept for later are in
``Components.alternatives``.

>>> c = load_components()
>>> len(c.tiles), sum(t.count or 0 for t in c.tiles.values()), len(c.map_pieces)
(54, 135, 28)
>>> c.stock_track.launch_price(165, "yellow")
80
>>> c.train_stack("short", 4)
{'2': 6, '3': 5, '4': 3, '5': 2, '6': 2, '7': 7}
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from boardroom.core.errors import OptionError
from boardroom.map.tiles import TileDef
from boardroom.titles.lost_atlas.board.component_base import ComponentError
from boardroom.titles.lost_atlas.board.component_companies import (
    BankBreak,
    CharterShares,
    Conglomerate,
    DestinationCard,
    Major,
    MajorCharter,
    Minor,
    Mode,
    Money,
    Pile,
)
from boardroom.titles.lost_atlas.board.component_map import (
    POSE,
    PRINTED,
    CapitalProject,
    MapHex,
    MapPiece,
    MapRules,
    Overlay,
    next_colour,
    upgrade_problem,
)
from boardroom.titles.lost_atlas.board.component_meta import Alternative, read_meta
from boardroom.titles.lost_atlas.board.component_schema import ComponentFile, validate
from boardroom.titles.lost_atlas.board.component_trains import (
    Phase,
    StockTrack,
    Train,
    TrainLimit,
    TrainPrinting,
)

__all__ = [
    "POSE",
    "PRINTED",
    "Alternative",
    "BankBreak",
    "CapitalProject",
    "CharterShares",
    "ComponentError",
    "Components",
    "Conglomerate",
    "DestinationCard",
    "Major",
    "MajorCharter",
    "MapHex",
    "MapPiece",
    "MapRules",
    "Minor",
    "Mode",
    "Money",
    "Overlay",
    "Phase",
    "Pile",
    "StockTrack",
    "Train",
    "TrainLimit",
    "TrainPrinting",
    "load_components",
    "next_colour",
    "provisional_markdown",
    "provisional_values",
    "upgrade_problem",
]

FORMAT = "lost-atlas-components"
VERSION = 1


@dataclass(frozen=True)
class Components:
    """The read tables, each entry under its id (the models themselves, the tiles as the
    engine's :class:`~boardroom.map.tiles.TileDef`), with the file's provisional values
    and alternatives and where it came from."""

    stock_track: StockTrack
    phases: tuple[Phase, ...]
    trains: dict[str, Train]
    train_printings: dict[str, TrainPrinting]
    train_printing: str
    tiles: dict[str, TileDef]
    printed_tiles: dict[str, TileDef]
    map_rules: MapRules
    map_pieces: dict[int, MapPiece]
    capital_projects: dict[str, CapitalProject]
    overlays: dict[str, Overlay]
    modes: dict[str, Mode]
    minor_charter: CharterShares
    minors: dict[str, Minor]
    major_charter: MajorCharter
    majors: dict[str, Major]
    destination_cards: dict[str, DestinationCard]
    money: Money
    cycles: dict[str, int]
    provisional: tuple[tuple[str, str], ...] = ()
    alternatives: tuple[Alternative, ...] = ()
    source: str = ""
    _phase_of: dict[str, Phase] = field(default_factory=dict, init=False, compare=False,
                                        repr=False)

    def __post_init__(self) -> None:
        self._phase_of.update((p.id, p) for p in self.phases)

    def phase(self, phase_id: str) -> Phase:
        """A phase by its id (a dict: the rounds ask often, and a model's attribute is
        slower to read than a dataclass's)."""
        return self._phase_of[phase_id]

    def tile(self, tile_id: str) -> TileDef:
        """A supply tile or a printed one."""
        if tile_id in self.tiles:
            return self.tiles[tile_id]
        return self.printed_tiles[tile_id]

    def mode(self, mode_id: str) -> Mode:
        if not isinstance(mode_id, str) or mode_id not in self.modes:
            raise OptionError(f"unknown mode {mode_id!r} (known: {', '.join(self.modes)})")
        return self.modes[mode_id]

    def _mode_players(self, mode_id: str, players: int) -> Mode:
        mode = self.mode(mode_id)
        if players not in mode.players:
            allowed = ", ".join(map(str, mode.players))
            raise OptionError(f"{mode.name} is for {allowed} players, not {players}")
        return mode

    def train_stack(
        self, mode_id: str, players: int, printing: str | None = None
    ) -> dict[str, int]:
        """Cards of each train type in the stack at the start of a game."""
        mode = self._mode_players(mode_id, players)
        if mode.trains is not None:
            return dict(mode.trains)
        chosen = self.train_printings[printing or self.train_printing]
        stack = {}
        for card, count in chosen.counts.items():
            if players < chosen.marked_min_players:
                count -= chosen.marked.get(card, 0)
            keep = mode.remove_one_of_each_except
            if keep is not None and card not in keep:
                count = max(0, count - 1)
            stack[card] = count
        return stack

    def starting_cash(self, mode_id: str, players: int) -> int:
        mode = self._mode_players(mode_id, players)
        return self.money.starting_cash[mode.starting_cash][players]

    def mode_pieces(self, mode_id: str) -> dict[int, int]:
        """Piece number -> copies in the mode's stack, before random removals and piles."""
        mode = self.mode(mode_id)
        out = {}
        for number, piece in self.map_pieces.items():
            copies = piece.short_copies if mode.pieces == "short_copies" else piece.copies
            copies -= mode.removed_pieces.get(number, 0)
            if copies > 0:
                out[number] = copies
        return out

    def mode_pile_size(self, mode_id: str) -> int:
        """Map pieces in the stack one game uses (one pile in Micro games)."""
        mode = self.mode(mode_id)
        total = sum(self.mode_pieces(mode_id).values()) - mode.random_removed_homes
        return total // mode.piles


def provisional_values(components: Components) -> list[tuple[str, str]]:
    """Every value the data file marks provisional: (path, reason), in reading order."""
    return list(components.provisional)


def provisional_markdown(components: Components) -> str:
    """The provisional values as a Markdown list (docs/lost-atlas-components.md)."""
    return "".join(f"- `{path}` — {reason}\n" for path, reason in components.provisional)


def load_components(path: str | Path | None = None) -> Components:
    """Read and check a component file; None reads the one shipped with Boardroom."""
    if path is None:
        source = "lost_atlas/data/components.toml"
        resource = resources.files("boardroom.titles.lost_atlas").joinpath("data/components.toml")
        data = resource.read_bytes()
    else:
        source = str(path)
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            raise ComponentError(f"{source}: cannot read: {exc.strerror or exc}") from exc
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ComponentError(f"{source}: not UTF-8 text: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(f"{source}: not valid TOML: {exc}") from exc
    fmt, version = raw.get("format"), raw.get("version")
    if fmt != FORMAT:  # another kind of file altogether: say so before anything else
        raise ComponentError(f"format: {fmt!r} is not {FORMAT!r}")
    if version != VERSION:
        raise ComponentError(f"version: {version} is not supported (this reader knows {VERSION})")
    try:
        _, tables = validate(raw)
    except ValueError as exc:
        raise ComponentError(str(exc)) from None
    provisional, alternatives = read_meta(raw, ComponentFile)
    return Components(
        stock_track=tables["stock_track"],
        phases=tables["phases"],
        trains=tables["trains"],
        train_printings=tables["train_printings"],
        train_printing=raw["train_printing"],
        tiles=tables["tiles"],
        printed_tiles=tables["printed"],
        map_rules=tables["map"],
        map_pieces=tables["map_pieces"],
        capital_projects=tables["capital_projects"],
        overlays=tables["overlays"],
        modes=tables["modes"],
        minor_charter=tables["minor_charter"],
        minors=tables["minors"],
        major_charter=tables["major_charter"],
        majors=tables["majors"],
        destination_cards=tables["destination_cards"],
        money=tables["money"],
        cycles=tables["cycles"],
        provisional=provisional,
        alternatives=alternatives,
        source=source,
    )
