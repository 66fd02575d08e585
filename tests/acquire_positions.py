"""Build Acquire positions for the rule tests.

A rule test needs a board that a seeded game would take hundreds of actions to reach. So
:func:`position` starts an ordinary seeded game and then rearranges its state to the
described position without breaking conservation:

* every one of the 108 tiles is moved, never created: from the bag, the hands and the
  opening tiles into the board, the hands, the bag or (when ``bag`` is given exactly) the
  discard pile;
* shares and cash move only through the state's :class:`~boardroom.core.ledger.Ledger`
  (bank to player and back), so the ledger's totals stay right;
* the turn is then started with the engine's own ``turn.start_turn``, and from there on
  the test plays only through the public ``game.apply``.

The position becomes the game's starting point for ``undo``. Its record still names the
seed only, so ``boardroom.load(game.to_record())`` does not reproduce a position; the
core contract tests use untouched games for that.

>>> game = position(chains={"Tower": tiles("1A-3A")}, hands={0: ["4A"]})
>>> size(game, "Tower"), game.to_act
(3, (0,))
>>> game.apply("4A")
>>> size(game, "Tower")
4
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import boardroom
from boardroom.core.errors import IllegalAction
from boardroom.core.game import Game
from boardroom.titles.acquire import turn
from boardroom.titles.acquire.board import COLUMNS, NEIGHBOURS, ROW_LETTERS, parse_tile, tile_name
from boardroom.titles.acquire.state import BANK, EMPTY, LONE, AcquireState, account
from boardroom.titles.acquire.stockcard import CHAINS, STARTING_CASH

PLAYER_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


def tile(name: str) -> int:
    """The tile called ``name``; a typo fails loudly instead of returning None."""
    index = parse_tile(name)
    if index is None:
        raise ValueError(f"no tile {name!r}")
    return index


def tiles(*specs: str) -> list[str]:
    """Tile names from specs: a single tile ("5D") or a rectangle by corners ("1A-4I").

    >>> tiles("1A-3B")
    ['1A', '2A', '3A', '1B', '2B', '3B']
    >>> len(tiles("1A-4I", "5A-5E"))
    41
    """
    out: list[str] = []
    for spec in specs:
        if "-" not in spec:
            out.append(tile_name(tile(spec)))
            continue
        first, last = (tile(part) for part in spec.split("-"))
        (r0, c0), (r1, c1) = divmod(first, COLUMNS), divmod(last, COLUMNS)
        for row in range(min(r0, r1), max(r0, r1) + 1):
            for col in range(min(c0, c1), max(c0, c1) + 1):
                out.append(f"{col + 1}{ROW_LETTERS[row]}")
    return out


def _connected(group: set[int]) -> bool:
    start = next(iter(group))
    seen = {start}
    stack = [start]
    while stack:
        for n in NEIGHBOURS[stack.pop()]:
            if n in group and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen == group


def position(
    players: int = 3,
    *,
    mode: str = "classic",
    seed: int = 1,
    chains: Mapping[str, Iterable[str]] | None = None,
    lone: Iterable[str] = (),
    hands: Mapping[int, Iterable[str]] | None = None,
    shares: Mapping[int, Mapping[str, int]] | None = None,
    cash: Mapping[int, int] | None = None,
    bag: Sequence[str] | None = None,
    draw_next: Sequence[str] = (),
    current: int = 0,
) -> Game:
    """A game of ``players`` set to the described position, ``current`` to play.

    ``chains`` maps chain names to their (connected) tiles; ``lone`` lists unincorporated
    tiles. ``hands`` gives whole hands by seat; seats left out get six tiles that touch
    nothing on the board. ``shares`` and ``cash`` set holdings by seat (cash defaults to
    the $6,000 start). ``draw_next`` puts tiles on top of the bag, first drawn first;
    ``bag``, if given, is the whole bag in drawing order and every other tile goes to the
    discard pile.
    """
    game = boardroom.new_game("acquire", PLAYER_NAMES[:players], seed=seed,
                              options={"mode": mode})
    state: AcquireState = game.state
    pool = list(reversed(state.bag)) + [t for hand in state.hands for t in hand]
    pool += [t for t, v in enumerate(state.board) if v != EMPTY]
    assert sorted(pool) == list(range(len(state.board)))
    used: set[int] = set()

    def take(name: str) -> int:
        index = tile(name)
        if index in used:
            raise ValueError(f"tile {name} is used twice in this position")
        used.add(index)
        return index

    state.board[:] = [EMPTY] * len(state.board)
    state.size[:] = [0] * len(CHAINS)
    for chain_name, chain_tiles in (chains or {}).items():
        chain = CHAINS.index(chain_name)
        group = {take(name) for name in chain_tiles}
        if len(group) < 2 or not _connected(group):
            raise ValueError(f"{chain_name} must be two or more connected tiles")
        for t in group:
            state.board[t] = chain
        state.size[chain] = len(group)
    for name in lone:
        state.board[take(name)] = LONE
    for t, v in enumerate(state.board):
        for n in NEIGHBOURS[t]:
            w = state.board[n]
            if EMPTY not in (v, w) and v != w:
                raise ValueError(f"{tile_name(t)} and {tile_name(n)} touch: not a position "
                                 f"the rules can reach")

    given = {seat: [take(name) for name in hand] for seat, hand in (hands or {}).items()}
    reserved = [take(name) for name in (bag if bag is not None else draw_next)]
    if bag is not None and draw_next:
        raise ValueError("give either the whole bag or the tiles drawn next")
    quiet = [t for t in pool if t not in used
             and all(state.board[n] == EMPTY for n in NEIGHBOURS[t])]
    for seat in range(players):
        if seat in given:
            state.hands[seat] = given[seat]
        else:
            state.hands[seat] = quiet[:6]
            del quiet[:6]
            used.update(state.hands[seat])
        assert len(state.hands[seat]) <= 6, "a hand holds at most six tiles"
    rest = [t for t in pool if t not in used]
    if bag is not None:
        state.bag = list(reversed(reserved))
        state.discards = rest
    else:
        state.bag = rest + list(reversed(reserved))
        state.discards = []

    ledger = state.ledger
    for seat, holding in (shares or {}).items():
        for chain_name, count in holding.items():
            ledger.move_shares(chain_name, BANK, account(seat), count)
    for seat in range(players):
        wanted = (cash or {}).get(seat, STARTING_CASH)
        have = ledger.cash[account(seat)]
        if wanted > have:
            ledger.pay(BANK, account(seat), wanted - have)
        else:
            ledger.pay(account(seat), BANK, have - wanted)

    state.current = current
    state.turn = 1
    state.merger = None
    state.result = None
    state.end_reason = ""
    log: list[str] = []
    turn.start_turn(state, log)
    game.title.invariants(state)
    # The position is where this game starts: undo comes back to it, not to the deal.
    game._lines, game._starts, game._entries = list(log), [], []
    game._checkpoints = {0: game.title.copy_state(state)}
    return game


# -- reading a game --------------------------------------------------------------------
def cash(game: Game, seat: int) -> int:
    return int(game.state.ledger.cash[account(seat)])


def held(game: Game, seat: int, chain: str) -> int:
    return int(game.state.ledger.holding(chain, account(seat)))


def bank_shares(game: Game, chain: str) -> int:
    return int(game.state.ledger.holding(chain, BANK))


def size(game: Game, chain: str) -> int:
    return int(game.state.size[CHAINS.index(chain)])


def on_board(game: Game, name: str) -> str | None:
    """What covers tile ``name``: a chain's name, "lone", or None when empty."""
    value = game.state.board[tile(name)]
    if value == EMPTY:
        return None
    return "lone" if value == LONE else CHAINS[value]


def hand(game: Game, seat: int) -> list[str]:
    return sorted(tile_name(t) for t in game.state.hands[seat])


def play(game: Game, *actions: str) -> Game:
    """Apply each action, in notation, for whoever must decide now."""
    for action in actions:
        game.apply(action)
    return game


def refused(game: Game, action: str, player: int | None = None) -> str:
    """Apply an action that must be refused; return the rule id it broke."""
    try:
        game.apply(action, player)
    except IllegalAction as err:
        return err.rule
    raise AssertionError(f"{action!r} was accepted")
