"""A simple greedy Acquire bot: it looks one decision ahead and takes the best one.

The bot sees what a person at the table sees: ``game.view(seat)`` (the board, the chains,
everyone's cash and shares, its own hand) and nothing else, never another player's tiles
nor the order of the bag. It rebuilds the board from the view and scores every legal
action with the title's own pure helpers (``placement.classify``, ``stockcard.chain_price``,
``bonuses.pay_bonuses``), then plays the best one. Equal scores are broken by its seeded
:class:`~boardroom.core.rng.Rng`, so a bot with a given seed always plays the same game.

The yardstick for most decisions is an *estimated net worth* per player (see
:func:`worths`): cash, plus every share at its price, plus the majority bonuses each player
would collect if every chain paid out now, discounted because a majority can still be
lost. A decision is scored by how much it raises the bot's worth above the average of
its opponents' worths. That one measure already says what a player of Acquire is told:

* placing: mergers pay the acquired chain's bonuses at once (so a merger where the bot
  holds the acquired chain's majority turns a discounted bonus into cash), founding a
  chain hands the bot a free share and a sole majority, growing a chain it leads raises
  its shares and bonus, and growing an opponent's chain mostly helps the opponent;
* founding: the chain with the highest price tier (and, among equals, one where the
  bot kept stock from an earlier merger) is worth most;
* buying: a share that wins, ties or keeps a majority raises the bot's expected bonus;
  cheap, small chains are expected to grow, and spending below a cash reserve costs;
* disposing: selling, trading 2-for-1 and keeping are valued separately (see
  :meth:`GreedyBot._dispose_score`);
* ending: it declares the end when, paid out now, it would have the most cash.

>>> import boardroom
>>> from boardroom.bots import make_bot
>>> game = boardroom.new_game("acquire", ["Ann", "Bob", "Cy"], seed=3)
>>> bots = [make_bot("greedy", seed=s) for s in range(3)]
>>> while not game.is_over:
...     seat = game.to_act[0]
...     game.apply(bots[seat].choose(game, seat), seat)
>>> game.result is not None
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from boardroom.bots.base import Bot, register_bot
from boardroom.core.game import Game
from boardroom.core.rng import Rng
from boardroom.core.title import Action
from boardroom.titles.acquire.actions import (
    Buy,
    Dispose,
    End,
    Found,
    NextAcquired,
    Place,
    Survivor,
)
from boardroom.titles.acquire.board import TILE_COUNT, parse_tile
from boardroom.titles.acquire.bonuses import pay_bonuses
from boardroom.titles.acquire.placement import (
    FOUNDS,
    GROWS,
    MERGES,
    absorb,
    classify,
    relabel,
    touching_chains,
)
from boardroom.titles.acquire.state import BANK, EMPTY, LONE, AcquireState, account
from boardroom.titles.acquire.stockcard import CHAINS, SAFE_SIZE, TIER, Mode, chain_price

_CHAIN_INDEX = {name: index for index, name in enumerate(CHAINS)}

BANK_SEAT = -1
"""The two-player bank stockholder's key in bonus tables."""
BANK_EXPECTED_HOLDING = 6
"""What the two-player bank is assumed to hold: a tile's number averages 6.5."""

UNSAFE_BONUS_WEIGHT = 0.5
"""How much of an unsafe chain's current bonus a holder is expected to keep."""
SAFE_BONUS_WEIGHT = 0.75
"""The same for a safe chain: it can no longer be acquired, but stock can still shift."""

EARLY_RESERVE = 1200
LATE_RESERVE = 300
LATE_TILES = 20
"""Cash the bot keeps back when buying: more while over LATE_TILES tiles are undrawn."""

KEEP_TILES = 30
"""Kept stock of an acquired chain is worth keeping only while this many tiles remain."""


def bonus_weight(size: int) -> float:
    """The share of an unpaid bonus counted in a player's worth (see the module doc)."""
    return SAFE_BONUS_WEIGHT if size >= SAFE_SIZE else UNSAFE_BONUS_WEIGHT


def growth(size: int) -> float:
    """Expected rise of a share's price, as a fraction of it: small chains grow fast.

    >>> growth(2) > growth(8) > growth(20) > growth(41)
    True
    """
    if size <= 5:
        return 0.25
    if size < SAFE_SIZE:
        return 0.12
    if size < 31:
        return 0.05
    return 0.0


@dataclass
class Table:
    """The public position as the bot sees it: rebuilt from ``game.view(seat)``.

    ``shares[s][c]`` is seat ``s``'s holding of chain ``c``; ``board`` uses the title's
    cell values (EMPTY, LONE or a chain index) so the placement helpers can read it.
    """

    seat: int
    mode: Mode
    board: list[int]
    size: list[int]
    bank: list[int]
    cash: list[int]
    shares: list[list[int]]
    hand: list[int]
    tiles_left: int

    @property
    def players(self) -> int:
        return len(self.cash)

    @classmethod
    def from_view(cls, view: Any, seat: int) -> Table:
        board = [EMPTY] * TILE_COUNT
        for name, value in view["board"].items():
            tile = parse_tile(name)
            assert tile is not None
            board[tile] = LONE if value == "lone" else _CHAIN_INDEX[value]
        chains = view["chains"]
        shares = []
        for player in view["players"]:
            held = [0] * len(CHAINS)
            for name, count in player["shares"].items():
                held[_CHAIN_INDEX[name]] = count
            shares.append(held)
        hand = []
        for name in view.get("hand", []):
            tile = parse_tile(name)
            assert tile is not None
            hand.append(tile)
        return cls(
            seat=seat,
            mode=cast(Mode, view["mode"]),
            board=board,
            size=[c["size"] for c in chains],
            bank=[c["bank_shares"] for c in chains],
            cash=[p["cash"] for p in view["players"]],
            shares=shares,
            hand=hand,
            tiles_left=view["tiles_left"],
        )

    @classmethod
    def from_state(cls, state: AcquireState, seat: int) -> Table:
        """The same table as ``from_view(view(state, seat), seat)``, read straight from the
        state's public parts and ``seat``'s own rack (the search bots' fast path)."""
        ledger = state.ledger
        accounts = [account(s) for s in range(len(state.players))]
        shares = [[ledger.holding(name, a) for name in CHAINS] for a in accounts]
        return cls(
            seat=seat,
            mode=cast(Mode, state.mode),
            board=list(state.board),
            size=list(state.size),
            bank=[ledger.holding(name, BANK) for name in CHAINS],
            cash=[ledger.cash[a] for a in accounts],
            shares=shares,
            hand=sorted(state.hands[seat]),
            tiles_left=len(state.bag),
        )

    def reserve(self) -> int:
        return EARLY_RESERVE if self.tiles_left > LATE_TILES else LATE_RESERVE

    def bonuses(self, chain: int, size: int, shares: Sequence[Sequence[int]]) -> dict[int, int]:
        """What each seat would be paid for ``chain`` at ``size`` with these holdings.

        Remembered by (mode, chain, size, holdings): the search bots ask the same
        questions many thousands of times. Callers must not change the returned dict.
        """
        counts = tuple(held[chain] for held in shares)
        key = (self.mode, chain, size, counts)
        paid = _BONUS_CACHE.get(key)
        if paid is None:
            holdings = {s: n for s, n in enumerate(counts) if n}
            if self.players == 2:
                holdings[BANK_SEAT] = BANK_EXPECTED_HOLDING
            paid = pay_bonuses(self.mode, chain_price(chain, size), holdings)
            paid.pop(BANK_SEAT, None)
            if len(_BONUS_CACHE) >= BONUS_CACHE_SIZE:
                _BONUS_CACHE.clear()
            _BONUS_CACHE[key] = paid
        return paid


BONUS_CACHE_SIZE = 200_000
_BONUS_CACHE: dict[tuple[str, int, int, tuple[int, ...]], dict[int, int]] = {}


def worths(table: Table, size: Sequence[int], shares: Sequence[Sequence[int]],
           cash: Sequence[int], weight: Callable[[int], float] = bonus_weight) -> list[float]:
    """Each seat's estimated net worth: cash, shares at price, weighted bonuses."""
    out = [float(c) for c in cash]
    for chain in range(len(CHAINS)):
        s = size[chain]
        if not s:
            continue
        price = chain_price(chain, s)
        for seat, held in enumerate(shares):
            out[seat] += held[chain] * price
        w = weight(s)
        for seat, amount in table.bonuses(chain, s, shares).items():
            out[seat] += w * amount
    return out


def relative(values: Sequence[float], seat: int) -> float:
    """How far ``seat`` is above the average of the others."""
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - sum(others) / len(others)


class GreedyBot(Bot):
    """Plays the legal action with the best one-step score (module doc); seeded ties."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, seat: int) -> Action:
        actions = self.options(game, seat)
        if len(actions) == 1:
            return actions[0]
        view = game.view(seat)
        table = Table.from_view(view, seat)
        ends = [a for a in actions if isinstance(a, End)]
        if ends and self._ahead_at_end(table):
            return ends[0]
        choices = [a for a in actions if not isinstance(a, End)] or actions
        step = view["step"]
        if step == "buy":
            scores = self._buy_scores(table, choices)
        elif step == "dispose":
            scores = [self._dispose_score(table, view["merger"], a) for a in choices]
        elif step == "next":
            scores = [float(table.shares[seat][cast(NextAcquired, a).chain]) for a in choices]
        else:
            base = relative(worths(table, table.size, table.shares, table.cash), seat)
            scores = [self._position_score(table, view, a) - base for a in choices]
        top = max(scores)
        best = [a for a, s in zip(choices, scores, strict=True) if s >= top - 1e-6]
        return best[self.rng.below(len(best))]

    def scored(self, view: Any, seat: int, actions: Sequence[Action],
               table: Table | None = None) -> list[tuple[float, Action]]:
        """Every action with the score :meth:`choose` gives it (higher is better); an End
        the bot would declare scores infinity. For the search bots' priors. ``view`` needs
        only its "step", "placed" and "merger" entries when ``table`` is given."""
        if len(actions) == 1:
            return [(0.0, actions[0])]
        if table is None:
            table = Table.from_view(view, seat)
        out: list[tuple[float, Action]] = []
        ends = [a for a in actions if isinstance(a, End)]
        choices = [a for a in actions if not isinstance(a, End)] or list(actions)
        if ends:
            out.append((math.inf if self._ahead_at_end(table) else -math.inf, ends[0]))
            if choices == list(actions):
                return out
        step = view["step"]
        if step == "buy":
            scores = self._buy_scores(table, choices)
        elif step == "dispose":
            scores = [self._dispose_score(table, view["merger"], a) for a in choices]
        elif step == "next":
            scores = [float(table.shares[seat][cast(NextAcquired, a).chain]) for a in choices]
        else:
            base = relative(worths(table, table.size, table.shares, table.cash), seat)
            scores = [self._position_score(table, view, a) - base for a in choices]
        out.extend(zip(scores, choices, strict=True))
        return out

    # -- ending ---------------------------------------------------------------
    @staticmethod
    def _ahead_at_end(table: Table) -> bool:
        """Would the bot have strictly the most cash if the game ended now?"""
        final = worths(table, table.size, table.shares, table.cash, weight=lambda _: 1.0)
        me = final[table.seat]
        return all(me > v for s, v in enumerate(final) if s != table.seat)

    # -- placing, founding, choosing the survivor ---------------------------------
    def _position_score(self, table: Table, view: Any, action: Action) -> float:
        """The bot's relative worth after ``action`` (a Place, Found or Survivor)."""
        board, size = list(table.board), list(table.size)
        if isinstance(action, Place):
            tile = action.tile
            kind = classify(board, size, tile)
            if kind == GROWS:
                absorb(board, size, tile, touching_chains(board, tile)[0][0])
                return self._evaluate(table, size, table.shares, table.cash)
            board[tile] = LONE
            if kind == FOUNDS:
                return max(self._found(table, board, size, tile, c)
                           for c in range(len(CHAINS)) if not size[c])
            if kind == MERGES:
                chains = touching_chains(board, tile)[0]
                top = max(size[c] for c in chains)
                return max(self._merge(table, board, size, tile, chains, s)
                           for s in chains if size[s] == top)
            return self._evaluate(table, size, table.shares, table.cash)
        placed = parse_tile(view["placed"])
        assert placed is not None
        if isinstance(action, Found):
            return self._found(table, board, size, placed, action.chain)
        if isinstance(action, Survivor):
            chains = [_CHAIN_INDEX[c] for c in view["merger"]["chains"]]
            return self._merge(table, board, size, placed, chains, action.chain)
        raise AssertionError(f"unexpected action {action!r}")  # pragma: no cover

    def _evaluate(self, table: Table, size: Sequence[int], shares: Sequence[Sequence[int]],
                  cash: Sequence[int]) -> float:
        return relative(worths(table, size, shares, cash), table.seat)

    def _found(self, table: Table, board: list[int], size: list[int], tile: int,
               chain: int) -> float:
        """Founding ``chain`` with ``tile``: the founder's share, then a small tier bonus
        so that, other things equal, the most expensive chain is founded."""
        board, size = list(board), list(size)
        absorb(board, size, tile, chain)
        shares = [list(h) for h in table.shares]
        if table.bank[chain]:
            shares[table.seat][chain] += 1
        return self._evaluate(table, size, shares, table.cash) + TIER[chain]

    def _merge(self, table: Table, board: list[int], size: list[int], tile: int,
               chains: Sequence[int], survivor: int) -> float:
        """A merger into ``survivor``: every acquired chain pays its bonuses in cash now,
        and its holders are assumed to sell at its price (worth-neutral)."""
        board, size = list(board), list(size)
        shares = [list(h) for h in table.shares]
        cash = list(table.cash)
        for chain in chains:
            if chain == survivor:
                continue
            for seat, amount in table.bonuses(chain, size[chain], shares).items():
                cash[seat] += amount
            price = chain_price(chain, size[chain])
            for seat, held in enumerate(shares):
                cash[seat] += held[chain] * price
                held[chain] = 0
            relabel(board, size, chain, survivor)
        absorb(board, size, tile, survivor)
        return self._evaluate(table, size, shares, cash)

    # -- buying ---------------------------------------------------------------
    def _buy_scores(self, table: Table, choices: Sequence[Action]) -> list[float]:
        """Score every Buy by summing a per-chain gain table, minus a reserve penalty.

        A share costs its price and is worth its price, so buying is neutral except for
        (a) the change in the bot's weighted bonus compared with its opponents' (winning,
        tying or defending a majority), and (b) the expected growth of the price, larger
        for small chains and for chains the bot's own tiles can grow. Cash left below
        :meth:`Table.reserve` costs a dollar per dollar.
        """
        me = table.seat
        base = relative(worths(table, table.size, table.shares, table.cash), me)
        growable = {touching_chains(table.board, t)[0][0] for t in table.hand
                    if classify(table.board, table.size, t) == GROWS}
        gain: dict[tuple[int, int], float] = {}
        for chain in range(len(CHAINS)):
            s = table.size[chain]
            if not s:
                continue
            price = chain_price(chain, s)
            rate = growth(s) + (0.1 if chain in growable else 0.0)
            for k in range(1, 4):
                shares = [list(h) for h in table.shares]
                shares[me][chain] += k
                cash = list(table.cash)
                cash[me] -= k * price
                after = relative(worths(table, table.size, shares, cash), me)
                gain[(chain, k)] = after - base + k * price * rate
        reserve = table.reserve()
        scores = []
        for action in choices:
            chains = cast(Buy, action).chains
            score = 0.0
            cost = 0
            for chain in set(chains):
                k = chains.count(chain)
                score += gain[(chain, k)]
                cost += k * chain_price(chain, table.size[chain])
            left = table.cash[me] - cost
            if chains and left < reserve:
                score -= min(reserve - left, cost)
            scores.append(score)
        return scores

    # -- disposing ------------------------------------------------------------
    def _dispose_score(self, table: Table, merger: Any, action: Action) -> float:
        """Value of selling, trading and keeping acquired stock, in dollars.

        * sold shares are worth their price (a little more when cash is short);
        * traded pairs are worth one survivor share at its price after the merger, plus
          the bonus it may win, so trading wins when the survivor is valuable, and is
          impossible when the survivor's tray is empty;
        * kept shares are worth little, unless the chain may well be founded again and
          then favour the bot: plenty of tiles left, cash at the reserve, and the bot
          holding more of it than anyone else. Then keeping beats selling.
        """
        assert isinstance(action, Dispose)
        me = table.seat
        acquired = _CHAIN_INDEX[merger["acquired"]]
        survivor = _CHAIN_INDEX[merger["survivor"]]
        sizes = merger["sizes"]
        price = chain_price(acquired, sizes[merger["acquired"]])
        held = table.shares[me][acquired]
        kept = held - action.sell - action.trade
        short = table.cash[me] < table.reserve()
        score = action.sell * price * (1.15 if short else 1.0)
        if action.trade:
            after = sum(sizes.values()) + 1
            only = [0] * len(CHAINS)
            only[survivor] = after
            shares = [list(h) for h in table.shares]
            before = relative(worths(table, only, shares, table.cash), me)
            shares[me][survivor] += action.trade // 2
            gained = relative(worths(table, only, shares, table.cash), me)
            survivor_price = chain_price(survivor, after)
            score += gained - before + (action.trade // 2) * survivor_price * growth(after)
        others = max((h[acquired] for s, h in enumerate(table.shares) if s != me), default=0)
        hopeful = table.tiles_left >= KEEP_TILES and not short and held > others
        score += kept * price * (1.1 if hopeful else 0.4)
        return score


register_bot("greedy", GreedyBot, "Acquire: one-ply; the action that most raises its estimated "
             "net worth above its opponents' (no lookahead)")
