"""The picture's palette and lettering: terrain and tile colours, the companies'
colours and abbreviations, black or white text on a colour, the font."""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardroom.titles.lost_atlas.board.components import Components


FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"


INK = "#1f1f1f"


TABLE = "#f3eee0"


GRID = "#6b6b5e"


TERRAIN_FILL = {
    "blank": "#dfe8c3",
    "city": "#dfe8c3",
    "mountain": "#e3d9b8",
    "water": "#8fc3e6",
    "border": "#2b2b2b",
    "destination": "#b6473a",
}


TILE_FILL = {
    "yellow": "#f3d448",
    "green": "#79b95a",
    "purple": "#a883c8",
    "grey": "#b9b9b9",
    "blue": "#5ea9dd",
}
"""Fill of each tile colour; the Lost Atlas's "brown" tiles are purple."""


TILE_NAMES = {
    "yellow": "Yellow tile",
    "green": "Green tile",
    "purple": "Purple tile (brown)",
    "grey": "Grey tile",
    "blue": "Bridge (blue)",
}


MOUNTAIN_FILL, MOUNTAIN_EDGE = "#9a6a3c", "#5e3c1c"


WATER_EDGE = "#3f8fc9"


DD_HATCH = "#8f3328"


HIGHLIGHT = "#ffd54a"


COMPANY_COLOURS = {
    "adaptive": "#8e44ad",
    "agricultural": "#5f8a1c",
    "bridging": "#1f6fb2",
    "eastern_mining": "#6d4c41",
    "expansive": "#d35400",
    "express": "#c0392b",
    "northern_port": "#17365d",
    "overnight": "#34346e",
    "resourceful": "#b7950b",
    "spacious": "#138d75",
    "suburban": "#d63384",
    "tunneling": "#4d4d4d",
    "consortium": "#111111",
    "union": "#0b5394",
    "system": "#2f6b1a",
    "international": "#990000",
    "federation": "#7f6000",
    "experiment": "#5b3f9a",
}


_FALLBACK_COLOURS = ("#2e86c1", "#af601a", "#7d3c98", "#148f77", "#b03a2e", "#1a5276")


def _luminance(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour``."""
    return INK if _luminance(colour) > 0.5 else "#ffffff"


def company_colour(company: str) -> str:
    if company in COMPANY_COLOURS:
        return COMPANY_COLOURS[company]
    return _FALLBACK_COLOURS[zlib.crc32(company.encode()) % len(_FALLBACK_COLOURS)]


def abbreviation(components: Components, company: str) -> str:
    """A minor's printed abbreviation; a major's first three letters."""
    minor = components.minors.get(company)
    if minor is not None:
        return minor.abbreviation
    major = components.majors.get(company)
    name = major.name if major is not None else company
    return name.replace("_", "")[:3].upper()


def default_card_values(components: Components) -> dict[str, int]:
    """The revenue card the rulebook recommends (else the first with values)."""
    cards = [c for c in components.destination_cards.values() if c.values is not None]
    chosen = next((c for c in cards if c.recommended), cards[0] if cards else None)
    return dict(chosen.values) if chosen is not None and chosen.values is not None else {}
