"""The map building actions and their notation (../shared/rules/001 "Map Building").

=======================  ==========================================================
notation                 meaning
=======================  ==========================================================
``piece 3,-1 r2``        place the drawn map piece: its hex A on axial 3,-1, turned
                         two sixths clockwise about A
``capital 1,0``          place the drawn capital project's overlay on the city 1,0
``filler 2,2``           place a single blank hex on 2,2 (optional filler step)
``pass``                 place no more filler hexes for now
=======================  ==========================================================

>>> str(parse("piece 3,-1 r2")), parse("capital 1,0")
('piece 3,-1 r2', PlaceCapital(hex=(1, 0)))
"""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.core.errors import NotationError
from boardroom.core.title import Action
from boardroom.map.hexes import Hex
from boardroom.titles.lost_atlas.actions import Pass


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
