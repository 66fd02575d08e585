"""The company acting on the board, as the board rules need to know it."""

from __future__ import annotations

from dataclasses import dataclass

ADAPTIVE = "adaptive"
AGRICULTURAL = "agricultural"
BRIDGING = "bridging"
EASTERN_MINING = "eastern_mining"
EXPANSIVE = "expansive"
EXPRESS = "express"
NORTHERN_PORT = "northern_port"
OVERNIGHT = "overnight"
RESOURCEFUL = "resourceful"
SPACIOUS = "spacious"
SUBURBAN = "suburban"
TUNNELING = "tunneling"


@dataclass(frozen=True, slots=True)
class Operator:
    """A minor or major operating now: its id, the abilities it holds (a major keeps
    those of both its minors), its treasury, and whether it is a major."""

    id: str
    abilities: frozenset[str] = frozenset()
    treasury: int = 0
    is_major: bool = False

    def has(self, ability: str) -> bool:
        return ability in self.abilities
