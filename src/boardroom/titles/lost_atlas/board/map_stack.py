"""What a game's map stack is made of: the map building options, the players' names and
the Micro Games' piles (../shared/rules/001 "Map Building", and the variants "Different
Distant Destinations", "Short Game with Randomized Minors" and "Micro Games").

Readings where the rules are silent (provisional choices):

* Which capital projects a mode uses. The three are identical, so a mode that uses fewer
  takes the first ones in data order; Micro piles get one each as the mode says.
* Micro piles. Each kind (Distant Destination pieces, home pieces, projects, the rest) is
  shuffled with the rng and dealt in equal runs to the piles; pile 0 is then used (option
  ``micro_pile`` picks another). The other piles are boxed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardroom.core.errors import OptionError
from boardroom.core.rng import Rng
from boardroom.titles.lost_atlas.board.components import Components

StackItem = int | str
"""A map piece's printed number, or a capital project's id."""


OPTION_DEFAULTS: dict[str, Any] = {
    "different_destinations": False,
    "destination_card": None,
    "filler_hexes": False,
    "micro_pile": 0,
}
"""The options map building reads; ``destination_card`` None means the recommended card."""


def player_names(players: int | Sequence[str]) -> tuple[str, ...]:
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


@dataclass(frozen=True)
class ModeStack:
    """What :func:`mode_stack` deals: the seats' names, the checked options, the stack's
    pieces and projects, those left out (random removals, the other Micro piles), and the
    log's sentences about them."""

    mode_name: str
    names: tuple[str, ...]
    options: dict[str, Any]
    pieces: list[int]
    projects: list[str]
    removed: list[int]
    boxed: list[str]
    intro: list[str]


def mode_stack(
    components: Components,
    mode: str,
    players: int | Sequence[str],
    rng: Rng,
    options: Mapping[str, Any] | None = None,
) -> ModeStack:
    """The mode's stack, as dealt before it is shuffled, and the checked options.

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
    names = player_names(players)
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
    return ModeStack(m.name, names, opts, pieces, projects, removed, boxed, intro)
