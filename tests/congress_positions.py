"""Congress positions for rule tests, built without breaking conservation.

A test starts a seeded game, then arranges it directly: companies started with shares in
players' hands (moved from the pool: no certificate is made), track laid (markers spent,
networks and incomes raised as building would), treasuries funded from the bank (the bank
is an overdraft account, so the cash total is unchanged). From there it plays only through
``game.apply``, and checks the title's invariants.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from boardroom import Game
from boardroom.titles.congress.state import (
    ACTIVE,
    BANK,
    POOL,
    TURN,
    CongressState,
    player,
    treasury,
)


def new(options: Mapping[str, Any] | None = None, players: int = 4, seed: int = 1,
        rules_version: str = "1") -> Game:
    """A seeded game; by default under rules version 1 (the first frame, whose small map
    the merger tests were written on: 004's rules are the same code in both versions)."""
    return Game("congress", ["Ann", "Bob", "Cy", "Di", "Ed"][:players], seed=seed,
                options=dict(options or {}), rules_version=rules_version)


def idx(game: Game, ident: str) -> int:
    data = game.state.data
    return data.company_index[ident] if ident in data.company_index else data.city_index[ident]


def activate(game: Game, company: str, holders: Mapping[int, int], cash: int = 60) -> None:
    """Start ``company`` at its home, with ``holders`` (seat -> shares) from its pool and
    ``cash`` in its treasury."""
    state: CongressState = game.state
    c = idx(game, company)
    home = state.data.companies[c].home
    state.status[c] = ACTIVE
    state.network[c] = {home}
    state.homes[c] = {home}
    state.income[c] = state.value[home]
    for seat, count in holders.items():
        state.ledger.move_shares(company, POOL, player(seat), count)
    state.ledger.pay(BANK, treasury(company), cash)


def lay(game: Game, company: str, cities: Sequence[str]) -> None:
    """Lay ``company``'s track along ``cities`` (the first already in its network)."""
    state: CongressState = game.state
    data = state.data
    c = idx(game, company)
    for a, b in itertools.pairwise(cities):
        link = data.link_between[frozenset((idx(game, a), idx(game, b)))]
        state.owner[link] = c
        state.markers[c] -= 1
        to = idx(game, b)
        state.network[c].add(to)
        state.income[c] += state.value[to]


def turn_of(game: Game, seat: int) -> None:
    state: CongressState = game.state
    state.current = state.actor = seat
    state.step = TURN


def ok(game: Game) -> None:
    game.title.invariants(game.state)


# -- rules version 2 (the designer's frame, the Great Britain map) -------------------------
def new2(players: int = 4, seed: int = 1, options: Mapping[str, Any] | None = None) -> Game:
    """A seeded game under rules version 2."""
    return new(options, players=players, seed=seed, rules_version="2")


def activate2(game: Game, company: str, holders: Mapping[int, int], cash: int = 60) -> None:
    """Version 2: start ``company`` at its home with income 0 (income comes from links),
    ``holders`` (seat -> shares) from its pool and ``cash`` in its treasury."""
    activate(game, company, holders, cash)
    game.state.income[idx(game, company)] = 0


def lay2(game: Game, company: str, cities: Sequence[str]) -> None:
    """Version 2: lay track along ``cities``; each link adds both ends' values."""
    state: CongressState = game.state
    data = state.data
    c = idx(game, company)
    for a, b in itertools.pairwise(cities):
        link = data.link_between[frozenset((idx(game, a), idx(game, b)))]
        state.owner[link] = c
        state.markers[c] -= 1
        state.network[c].add(idx(game, b))
        state.income[c] += state.value[idx(game, a)] + state.value[idx(game, b)]


def switched(game: Game) -> None:
    """Version 2: as if the 3rd General Dividend had been paid (round 4)."""
    state: CongressState = game.state
    state.dividends_paid = state.data.rules.switch_dividend
    state.round = state.dividends_paid + 1
    length = state.data.rules.round_months[len(state.players)]  # type: ignore[index]
    state.months = [m + state.dividends_paid * length for m in state.months]
