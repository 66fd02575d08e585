"""The Solo Game's Conglomerate: its constants, its own records (:class:`SoloState`,
kept in ``state.variants["solo"]``), the player's one action (``conglomerate <minor>``),
and the readings every part of the variant asks (is this a Solo Game? which company is
the Conglomerate? whose account pays for a share holder?).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardroom.core.errors import NotationError, OptionError
from boardroom.core.title import Action
from boardroom.titles.lost_atlas.board.components import Conglomerate as ConglomerateRules
from boardroom.titles.lost_atlas.state import (
    LostAtlasState,
    company_account,
    declare_variant_state,
    player_account,
)

VARIANT = "solo"
"""Its name in the table of variants: the key of its state in ``state.variants``."""
CONGLOMERATE = -2
"""The share holder number of the Conglomerate (the bank pool is -1, players 0, 1...)."""
SETUP = "solo_setup"
"""The round in which the player names the Conglomerate's second minor."""
NAME = "Conglomerate"
RULE = "lost_atlas.solo."
DIFFICULTIES = ("easy", "medium", "hard")
OPTION = "solo_difficulty"
OPTION_VALUES = ("any", *DIFFICULTIES)
PRESIDENT_CARD, SHARE_CARD = "president", "share"
MAX_BASIC_TILES = 2
"""A basic action lays up to two yellow tiles (TP-SOLO)."""


@dataclass
class SoloState:
    """The Conglomerate's own records (``state.variants["solo"]``, see :func:`record`)."""

    drawn: str
    """The minor drawn at random at setup."""
    company: str = ""
    """Its major charter id, once formed."""
    minors: list[str] = field(default_factory=list)
    """The minors it was formed from and those it absorbed."""
    trains: list[str] = field(default_factory=list)
    """Its trains, oldest first (never rust, no limit, not in the company's ``trains``)."""
    deck: list[str] = field(default_factory=list)
    """The action deck, top first: ``<minor>:president`` or ``<minor>:share``."""
    discard: list[str] = field(default_factory=list)
    network_value: int = 0
    difficulty: str = ""
    absorbed_in: int = 0
    """Merger Rounds seen (hard: Tunneling goes in the first)."""
    score: int | None = None
    """Its final score, once the game is over."""

    def copy(self) -> SoloState:
        return SoloState(self.drawn, self.company, list(self.minors), list(self.trains),
                         list(self.deck), list(self.discard), self.network_value,
                         self.difficulty, self.absorbed_in, self.score)


declare_variant_state(VARIANT, SoloState.copy)


def record(state: LostAtlasState) -> SoloState | None:
    """The Conglomerate's own records; None outside the Solo Game and before the first
    minor is drawn."""
    found = state.variants.get(VARIANT)
    assert found is None or isinstance(found, SoloState)
    return found


@dataclass(frozen=True, slots=True)
class ChooseConglomerate(Action):
    """The player names the minor that joins the drawn one in the Conglomerate.
    Notation ``conglomerate <minor>``."""

    minor: str

    def __str__(self) -> str:
        return f"conglomerate {self.minor}"

    def describe(self, state: LostAtlasState) -> str:
        """The label a person reads (``lost_atlas.labels``)."""
        card = state.components.minors.get(self.minor)
        return f"{card.name if card else self.minor} joins the Conglomerate"


def parse(words: list[str], text: str) -> ChooseConglomerate | None:
    if words[0] != "conglomerate":
        return None
    if len(words) != 2:
        raise NotationError(f"{text!r}: expected 'conglomerate <minor>'")
    return ChooseConglomerate(words[1])


# -- reading -------------------------------------------------------------------------------
def rules(state: LostAtlasState) -> ConglomerateRules | None:
    return state.components.mode(state.mode).conglomerate


def active(state: LostAtlasState) -> bool:
    """Is this a Solo Game?"""
    return rules(state) is not None


def mode_rules(state: LostAtlasState) -> ConglomerateRules:
    found = rules(state)
    assert found is not None, "not a Solo Game"
    return found


def solo_state(state: LostAtlasState) -> SoloState:
    solo = record(state)
    assert solo is not None, "no Conglomerate in this game"
    return solo


def choosing(state: LostAtlasState) -> bool:
    return state.round == SETUP


def company(state: LostAtlasState) -> str | None:
    """The Conglomerate's company id, or None (not solo, or not formed yet)."""
    solo = record(state)
    return solo.company or None if solo is not None else None


def is_conglomerate(state: LostAtlasState, company_id: str) -> bool:
    """Is ``company_id`` the Conglomerate's company? (:func:`company`, read in place: asked
    at every step of every Operating Round)"""
    solo = state.variants.get(VARIANT)
    return solo is not None and bool(company_id) and solo.company == company_id


def taken_minors(state: LostAtlasState) -> list[str]:
    """Minors inside the Conglomerate (kept out of the matrix)."""
    solo = record(state)
    return list(solo.minors) if solo is not None else []


def seat_name(state: LostAtlasState, seat: int) -> str:
    return NAME if seat == CONGLOMERATE else state.players[seat]


def account(state: LostAtlasState, holder: int) -> str:
    """The ledger account of a share holder: a player's purse or the Conglomerate's
    treasury."""
    if holder == CONGLOMERATE:
        cong = company(state)
        assert cong is not None
        return company_account(cong)
    return player_account(holder)


def normalize_option(options: dict[str, Any], solo_mode: bool) -> None:
    """Check ``solo_difficulty`` (only meaningful in a solo mode)."""
    value = options.setdefault(OPTION, "any")
    if value not in OPTION_VALUES:
        raise OptionError(f"option {OPTION} is one of {', '.join(OPTION_VALUES)}")
    if value != "any" and not solo_mode:
        raise OptionError(f"option {OPTION} is for the Solo Game (mode solo)")
