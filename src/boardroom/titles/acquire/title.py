"""Acquire as a Boardroom title: setup, who decides, legality, and applying actions.

The rules themselves live in the modules named after them (placement, merger, payouts,
stock buying here in :meth:`AcquireTitle._check_buy`, turn, endgame); this module wires
them to the core contract.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

from boardroom.core.errors import IllegalAction, OptionError
from boardroom.core.ledger import Ledger
from boardroom.core.registry import register
from boardroom.core.rng import Rng
from boardroom.core.title import JSON, Result, Title
from boardroom.titles.acquire import labels, merger, turn
from boardroom.titles.acquire.actions import (
    AcquireAction,
    Buy,
    Dispose,
    End,
    Found,
    NextAcquired,
    Place,
    Survivor,
    parse,
)
from boardroom.titles.acquire.board import NAMES, TILE_COUNT, distance_key, tile_name
from boardroom.titles.acquire.endgame import (
    IMMEDIATE_END,
    declarer_finishes_turn,
    finish,
    may_declare_end,
)
from boardroom.titles.acquire.placement import (
    EIGHTH_CHAIN,
    FOUNDS,
    GROWS,
    ISOLATED,
    MERGES,
    SAFE_MERGER,
    UNPLAYABLE,
    absorb,
    classify,
    touching_chains,
    unplayable_possible,
)
from boardroom.titles.acquire.state import (
    BANK,
    BUY,
    DISPOSE,
    EMPTY,
    FOUND,
    LONE,
    NEXT,
    OVER,
    PLACE,
    SURVIVOR,
    AcquireState,
    account,
)
from boardroom.titles.acquire.stockcard import (
    CHAINS,
    HAND_SIZE,
    MAX_BUY,
    SHARES_PER_CHAIN,
    STARTING_CASH,
    bonuses,
    chain_price,
)

MODES = ("classic", "tycoon")
BANK_CASH = 1_000_000
"""The bank's opening balance: bookkeeping only, since Acquire's bank never runs out."""

_BUY_SETS: tuple[tuple[int, ...], ...] = tuple(
    combo for k in range(MAX_BUY + 1) for combo in combinations_with_replacement(range(7), k)
)

_BUYS: dict[tuple[int, ...], Buy] = {combo: Buy(combo) for combo in _BUY_SETS}
"""One shared (immutable) action per combination, so listing them allocates nothing."""

# Likewise one shared action per tile, chain and (sell, trade) pair.
_PLACES = tuple(Place(t) for t in range(TILE_COUNT))
_FOUNDS = tuple(Found(c) for c in range(len(CHAINS)))
_SURVIVORS = tuple(Survivor(c) for c in range(len(CHAINS)))
_NEXTS = tuple(NextAcquired(c) for c in range(len(CHAINS)))
_DISPOSES = tuple(tuple(Dispose(sell, trade) for sell in range(SHARES_PER_CHAIN + 1))
                  for trade in range(SHARES_PER_CHAIN + 1))
"""``_DISPOSES[trade][sell]``."""
_END = End()


@cache
def _buys_of(chains: tuple[int, ...]) -> tuple[Buy, ...]:
    """Every Buy of up to three shares of ``chains`` (ascending), in ``_BUY_SETS`` order."""
    return tuple(_BUYS[combo] for combo in _BUY_SETS if set(combo) <= set(chains))


def _legal_buys(state: AcquireState, seat: int) -> list[AcquireAction]:
    """The Buy actions :meth:`AcquireTitle._check_buy` accepts, in ``_BUY_SETS`` order.

    The same rules (acquire.buy.*), read once per chain instead of once per combination:
    only chains on the board with shares left and a price the buyer can pay take part,
    each at most as many times as the bank has shares and the buyer has cash for one
    chain alone (its room). When every such chain has room for three shares and the
    buyer can pay for three of the dearest, every combination of them is legal;
    otherwise the combinations are generated with the limits checked, in the order
    filtering ``_BUY_SETS`` gives.
    """
    ledger = state.ledger
    cash = ledger.cash[account(seat)]
    price = [0] * 7
    room = [0] * 7
    usable = []
    for c, n in enumerate(state.size):
        if n:
            p = chain_price(c, n)
            left = ledger.holding(CHAINS[c], BANK)
            if left and p <= cash:
                price[c], room[c] = p, min(left, MAX_BUY, cash // p)
                usable.append(c)
    # (the chains left out have room 0, so all usable ones have room for three when
    # as many rooms are three as there are usable chains)
    if MAX_BUY * max(price) <= cash and room.count(MAX_BUY) == len(usable):
        return list(_buys_of(tuple(usable)))
    buys = _BUYS
    out: list[AcquireAction] = [buys[()]]
    out.extend(buys[(a,)] for a in usable)
    pairs = []  # (a, b, b's place in usable, cost)
    for i, a in enumerate(usable):
        for j in range(i, len(usable)):
            b = usable[j]
            cost = price[a] + price[b]
            if (a != b or room[a] >= 2) and cost <= cash:
                pairs.append((a, b, j, cost))
    out.extend(buys[(a, b)] for a, b, _, _ in pairs)
    for a, b, j, cost in pairs:
        left = cash - cost
        for c in usable[j:]:
            # c == b takes a third share of b if a is b too, else a second
            if price[c] <= left and (c != b or room[b] >= 2 + (a == b)):
                out.append(buys[(a, b, c)])
    return out


_STEP_WORDS = {
    PLACE: "place a tile",
    FOUND: "name the chain being founded",
    SURVIVOR: "choose the surviving chain",
    NEXT: "choose which acquired chain is handled next",
    DISPOSE: "keep, sell or trade acquired stock",
    BUY: "buy stock (or pass)",
}


def _malformed(action: AcquireAction) -> IllegalAction | None:
    """Refuse tiles and chains that do not exist (only the Python API can build them)."""
    if isinstance(action, Place) and not 0 <= action.tile < TILE_COUNT:
        return IllegalAction("notation", f"there is no tile number {action.tile}")
    chains: tuple[int, ...] = ()
    if isinstance(action, Found | Survivor | NextAcquired):
        chains = (action.chain,)
    elif isinstance(action, Buy):
        chains = action.chains
    if any(not 0 <= c < len(CHAINS) for c in chains):
        return IllegalAction("notation", f"there is no chain number outside 0-{len(CHAINS) - 1}")
    if isinstance(action, Dispose) and (action.sell < 0 or action.trade < 0):
        return IllegalAction("notation", "share counts cannot be negative")
    return None


def _wrong_step(state: AcquireState) -> IllegalAction:
    who = state.players[state.actor]
    return IllegalAction("acquire.turn.sequence",
                         f"{who} must {_STEP_WORDS[state.step]} now")


class AcquireTitle(Title[AcquireState, AcquireAction]):
    name = "acquire"
    display_name = "Acquire"
    rules_version = "2"
    legacy_rules_versions = (IMMEDIATE_END,)
    light_turns = True
    min_players = 2
    max_players = 6

    # -- setup ----------------------------------------------------------------
    def normalize_options(
        self, options: Mapping[str, Any], players: Sequence[str]
    ) -> dict[str, Any]:
        unknown = set(options) - {"mode"}
        if unknown:
            raise OptionError(f"unknown Acquire option(s): {', '.join(sorted(unknown))}; "
                              f"known: mode")
        mode = options.get("mode", "classic")
        if mode not in MODES:
            raise OptionError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        if len(players) == 2 and mode != "classic":
            raise OptionError("the two-player game is played in Classic mode "
                              "[rule acquire.two-player.classic]")
        return {"mode": mode}

    def setup(self, players: Sequence[str], seed: int,
              options: Mapping[str, Any]) -> tuple[AcquireState, list[str]]:
        rng = Rng(seed)
        bag = list(range(TILE_COUNT))
        rng.shuffle(bag)
        n = len(players)
        cash = {account(s): STARTING_CASH for s in range(n)}
        cash[BANK] = BANK_CASH
        ledger = Ledger(cash, overdraft={BANK})
        for chain in CHAINS:
            ledger.issue(chain, BANK, SHARES_PER_CHAIN)
        state = AcquireState(
            players=list(players), mode=options["mode"], bank_holder=(n == 2),
            board=[EMPTY] * TILE_COUNT, size=[0] * 7, hands=[[] for _ in range(n)],
            bag=bag, discards=[], rng=rng, ledger=ledger, current=0, step=PLACE, actor=0,
        )
        log: list[str] = []
        opening = []
        for seat in range(n):
            tile = bag.pop()
            opening.append(tile)
            state.board[tile] = LONE
            log.append(f"{players[seat]} draws {tile_name(tile)} for the order of play "
                       f"and places it.")
        first = min(range(n), key=lambda s: distance_key(opening[s]))
        log.append(f"{players[first]} drew the tile closest to 1A and plays first.")
        for k in range(n):
            seat = (first + k) % n
            for _ in range(HAND_SIZE):
                turn.draw(state, seat)
        log.append("Everyone draws six tiles.")
        state.current = first
        turn.start_turn(state, log)
        return state, log

    def setup_under(self, players: Sequence[str], seed: int, options: Mapping[str, Any],
                    rules_version: str) -> tuple[AcquireState, list[str]]:
        """Rules version 1 (declaring the end ends the game at once), for old records."""
        if rules_version != IMMEDIATE_END:
            raise OptionError(f"Acquire has no rules version {rules_version!r}")
        state, log = self.setup(players, seed, options)
        state.rules_version = rules_version
        return state, log

    def copy_state(self, state: AcquireState) -> AcquireState:
        return state.copy()

    def parse(self, text: str) -> AcquireAction:
        return parse(text)

    # -- who and what ---------------------------------------------------------
    def to_act(self, state: AcquireState) -> tuple[int, ...]:
        return () if state.step == OVER else (state.actor,)

    def legal_actions(self, state: AcquireState, seat: int) -> list[AcquireAction]:
        if state.step == OVER or seat != state.actor:
            return []
        step = state.step
        out: list[AcquireAction]
        # Placing and buying, the decisions of every turn, are tested for first.
        if step == PLACE:
            board, size = state.board, state.size
            tiles = sorted(state.hands[seat])
            if unplayable_possible(size):
                tiles = [t for t in tiles if classify(board, size, t) not in UNPLAYABLE]
            out = [_PLACES[t] for t in tiles]
            if not state.end_declared and may_declare_end(size):
                out.append(_END)
        elif step == BUY:
            out = _legal_buys(state, seat)
            if not state.end_declared and may_declare_end(state.size):
                out.append(_END)
        elif step == FOUND:
            size = state.size
            out = [_FOUNDS[c] for c in range(7) if size[c] == 0]
        elif step == SURVIVOR:
            m = state.merger
            assert m is not None
            out = [_SURVIVORS[c] for c in merger.largest(m.chains, m.sizes)]
        elif step == NEXT:
            m = state.merger
            assert m is not None
            out = [_NEXTS[c] for c in merger.largest(m.pending, m.sizes)]
        else:
            assert step == DISPOSE, step
            m = state.merger
            assert m is not None
            held = state.ledger.holding(CHAINS[m.acquired], account(seat))
            out = []
            for trade in range(0, merger.trade_limit(state, held) + 1, 2):
                out.extend(_DISPOSES[trade][:held - trade + 1])
        return out

    def check(self, state: AcquireState, action: AcquireAction, seat: int) -> IllegalAction | None:
        if state.step == OVER:
            return IllegalAction("core.game-over", "the game is over")
        if seat != state.actor:
            return IllegalAction("core.not-your-decision",
                                 f"it is {state.players[state.actor]}'s decision, "
                                 f"not {state.players[seat]}'s")
        malformed = _malformed(action)
        if malformed is not None:
            return malformed
        step = state.step
        if isinstance(action, End):
            if step not in (PLACE, BUY):
                return _wrong_step(state)
            if state.end_declared:
                return IllegalAction("acquire.end.declare",
                                     "the end is already declared: finish the turn")
            if not may_declare_end(state.size):
                return IllegalAction("acquire.end.declare",
                                     "the game may end only when a chain has 41+ tiles "
                                     "or every chain on the board is safe")
            return None
        if isinstance(action, Place):
            if step != PLACE:
                return _wrong_step(state)
            return self._check_place(state, seat, action.tile)
        if isinstance(action, Found):
            if step != FOUND:
                return _wrong_step(state)
            if state.size[action.chain]:
                return IllegalAction("acquire.found.available",
                                     f"{CHAINS[action.chain]} is already on the board")
            return None
        if isinstance(action, Survivor | NextAcquired):
            wanted = SURVIVOR if isinstance(action, Survivor) else NEXT
            if step != wanted:
                return _wrong_step(state)
            m = state.merger
            assert m is not None
            pool = m.chains if wanted == SURVIVOR else m.pending
            if action.chain not in merger.largest(pool, m.sizes):
                rule = ("acquire.merge.survivor" if wanted == SURVIVOR
                        else "acquire.merge.largest-first")
                what = "survive" if wanted == SURVIVOR else "be handled next"
                return IllegalAction(rule, f"{CHAINS[action.chain]} is not among the largest "
                                     f"chains of this merger and cannot {what}")
            return None
        if isinstance(action, Dispose):
            if step != DISPOSE:
                return _wrong_step(state)
            return self._check_dispose(state, seat, action)
        if isinstance(action, Buy):
            if step != BUY:
                return _wrong_step(state)
            return self._check_buy(state, seat, action.chains)
        return IllegalAction("notation", f"{action!r} is not an Acquire action")

    def _check_place(self, state: AcquireState, seat: int, tile: int) -> IllegalAction | None:
        if tile not in state.hands[seat]:
            return IllegalAction("acquire.place.own-tile",
                                 f"{tile_name(tile)} is not in {state.players[seat]}'s hand")
        kind = classify(state.board, state.size, tile)
        if kind == EIGHTH_CHAIN:
            return IllegalAction("acquire.place.eighth-chain",
                                 f"{tile_name(tile)} would found an eighth chain while all "
                                 f"seven are on the board")
        if kind == SAFE_MERGER:
            return IllegalAction("acquire.place.safe-merger",
                                 f"{tile_name(tile)} would merge two safe chains")
        return None

    def _check_dispose(self, state: AcquireState, seat: int,
                       action: Dispose) -> IllegalAction | None:
        m = state.merger
        assert m is not None
        held = state.ledger.holding(CHAINS[m.acquired], account(seat))
        if action.sell < 0 or action.trade < 0 or action.sell + action.trade > held:
            return IllegalAction("acquire.dispose.holding",
                                 f"{state.players[seat]} holds only {held} "
                                 f"{CHAINS[m.acquired]}")
        if action.trade % 2:
            return IllegalAction("acquire.dispose.trade-pairs",
                                 "acquired stock trades two for one: trade an even number")
        if action.trade > merger.trade_limit(state, held):
            return IllegalAction("acquire.dispose.trade-supply",
                                 f"only {state.ledger.holding(CHAINS[m.survivor], BANK)} "
                                 f"{CHAINS[m.survivor]} shares are left to trade for")
        return None

    def _check_buy(self, state: AcquireState, seat: int,
                   chains: tuple[int, ...]) -> IllegalAction | None:
        if len(chains) > MAX_BUY:
            return IllegalAction("acquire.buy.limit", "at most three shares a turn")
        cost = 0
        ledger = state.ledger
        for chain in set(chains):
            if not state.size[chain]:
                return IllegalAction("acquire.buy.active-chain",
                                     f"{CHAINS[chain]} is not on the board")
            if chains.count(chain) > ledger.holding(CHAINS[chain], BANK):
                return IllegalAction("acquire.buy.supply",
                                     f"not enough {CHAINS[chain]} shares left in the bank")
            cost += chains.count(chain) * chain_price(chain, state.size[chain])
        if cost > ledger.cash[account(seat)]:
            return IllegalAction("acquire.buy.cash",
                                 f"{state.players[seat]} cannot pay ${cost:,}")
        return None

    # -- doing ----------------------------------------------------------------
    def apply(self, state: AcquireState, action: AcquireAction, seat: int) -> list[str]:
        log: list[str] = []
        who = state.players[seat]
        # Placing and buying, the two actions of every turn, are tested for first.
        if isinstance(action, Place):
            self._place(state, seat, action.tile, log)
        elif isinstance(action, Buy):
            self._buy(state, seat, action.chains, log)
            if state.end_declared:
                finish(state, f"{state.players[state.current]} declared it", log)
            else:
                turn.end_turn(state, log)
        elif isinstance(action, Found):
            tile = state.placed
            absorb(state.board, state.size, tile, action.chain)
            name = CHAINS[action.chain]
            if state.ledger.holding(name, BANK):
                state.ledger.move_shares(name, BANK, account(seat), 1)
                bonus = "and takes the founder's share"
            else:
                bonus = "but no share is left for the founder"
            log.append(f"{who} founds {name} with {tile_name(tile)} {bonus}.")
            state.step = BUY
        elif isinstance(action, Survivor):
            merger.choose_survivor(state, action.chain, log)
        elif isinstance(action, NextAcquired):
            merger.acquire(state, action.chain, log)
        elif isinstance(action, Dispose):
            merger.dispose(state, action.sell, action.trade, log)
        elif isinstance(action, End):
            if declarer_finishes_turn(state):
                state.end_declared = True
                log.append(f"{who} declares the game over; it ends when {who}'s turn does.")
            else:
                log.append(f"{who} declares the game over.")
                finish(state, f"{who} declared it", log)
        return log

    def _place(self, state: AcquireState, seat: int, tile: int, log: list[str]) -> None:
        state.hands[seat].remove(tile)
        state.placed = tile
        who = state.players[seat]
        kind = classify(state.board, state.size, tile)
        if kind == ISOLATED:
            state.board[tile] = LONE
            log.append(f"{who} places {tile_name(tile)}.")
            state.step = BUY
        elif kind == GROWS:
            chain = touching_chains(state.board, tile)[0][0]
            absorb(state.board, state.size, tile, chain)
            log.append(f"{who} places {tile_name(tile)}, growing {CHAINS[chain]} to "
                       f"{state.size[chain]} tiles.")
            state.step = BUY
        elif kind == FOUNDS:
            state.board[tile] = LONE
            log.append(f"{who} places {tile_name(tile)}, founding a new chain.")
            state.step = FOUND
        elif kind == MERGES:
            state.board[tile] = LONE
            chains = touching_chains(state.board, tile)[0]
            merger.start(state, tile, chains, log)
        else:  # pragma: no cover - check() refuses these
            raise AssertionError(kind)

    def _buy(self, state: AcquireState, seat: int, chains: tuple[int, ...],
             log: list[str]) -> None:
        who = state.players[seat]
        if not chains:
            log.append(f"{who} buys no stock.")
            return
        parts = []
        ledger, buyer = state.ledger, account(seat)
        for chain in sorted(set(chains)):
            count = chains.count(chain)
            price = chain_price(chain, state.size[chain])
            name = CHAINS[chain]
            ledger.move_shares(name, BANK, buyer, count)
            ledger.pay(buyer, BANK, count * price)
            parts.append(f"{count} {name} at ${price:,}")
        log.append(f"{who} buys {', '.join(parts)}.")

    # -- reading --------------------------------------------------------------
    def is_over(self, state: AcquireState) -> bool:
        return state.step == OVER

    def result(self, state: AcquireState) -> Result | None:
        return state.result

    def chance_seen(self, state: AcquireState) -> int:
        """Tiles left in the bag: every draw (a hand refilled, a dead tile replaced, the
        two-player bank's draw) shows a seat a tile, and only a draw takes one out."""
        return len(state.bag)

    def label(self, state: AcquireState, action: AcquireAction, seat: int) -> str:
        """What the action does, in words (``boardroom.titles.acquire.labels``)."""
        return labels.label(state, action, seat)

    def view(self, state: AcquireState, seat: int | None) -> JSON:
        ledger = state.ledger
        chains = []
        for c, name in enumerate(CHAINS):
            size = state.size[c]
            price = chain_price(c, size)
            chains.append({
                "name": name,
                "size": size,
                "price": price,
                "safe": size >= 11,
                "bank_shares": ledger.holding(name, BANK),
                "bonuses": list(bonuses(state.mode, price)) if size else None,  # type: ignore[arg-type]
            })
        players = []
        for s, name in enumerate(state.players):
            holder = account(s)  # each holding read once (a live picture's view per seat)
            players.append({
                "name": name,
                "cash": ledger.cash[holder],
                "shares": {c: n for c in CHAINS if (n := ledger.holding(c, holder))},
                "hand_size": len(state.hands[s]),
            })
        board = {}
        for t, v in enumerate(state.board):
            if v != EMPTY:
                board[NAMES[t]] = "lone" if v == LONE else CHAINS[v]
        view: dict[str, Any] = {
            "title": self.name,
            "mode": state.mode,
            "turn": state.turn,
            "current": state.current,
            "to_act": list(self.to_act(state)),
            "step": state.step,
            "board": board,
            "chains": chains,
            "players": players,
            "tiles_left": len(state.bag),
            "discards": [NAMES[t] for t in state.discards],
            "placed": NAMES[state.placed] if state.placed >= 0 else None,
            "end_may_be_declared": may_declare_end(state.size) and not state.end_declared,
            "end_declared": state.end_declared,
        }
        m = state.merger
        if m is not None:
            view["merger"] = merger.merger_view(m)
            if m.acquired >= 0 and m.survivor >= 0:
                view["merger"]["sale_price"] = chain_price(m.acquired, m.sizes[m.acquired])
                view["merger"]["survivor_shares_left"] = ledger.holding(CHAINS[m.survivor],
                                                                        BANK)
        if seat is not None:
            view["seat"] = seat
            view["hand"] = [NAMES[t] for t in sorted(state.hands[seat])]
        if state.result is not None:
            view["result"] = state.result.to_json()
            view["end_reason"] = state.end_reason
        return view

    def invariants(self, state: AcquireState) -> None:
        state.ledger.check()
        placed = [t for t, v in enumerate(state.board) if v != EMPTY]
        everywhere = placed + state.bag + state.discards + [t for h in state.hands for t in h]
        assert sorted(everywhere) == list(range(TILE_COUNT)), "tiles created or lost"
        for c in range(7):
            assert state.board.count(c) == state.size[c], f"{CHAINS[c]} size is off"
            if state.size[c]:
                assert state.size[c] >= 2
        for hand in state.hands:
            assert len(hand) <= HAND_SIZE


TITLE = AcquireTitle()
register(TITLE)
