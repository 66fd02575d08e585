"""A merger of two companies: the merger rules of shared/rules/004, one function a rule.

A merger happens when a company connects to another active company's home station
(:func:`connect`). The active player decides which of the two is acquired and, under the
``chooser`` switch, which of them pays the Special Dividend (:func:`options`,
:func:`check_merge`). Then (:func:`resolve`): the Special Dividend; the acquired company's
unbuilt track markers join the acquirer's supply; each player's shares in the acquired
company are replaced 1:1 from the acquirer's bank pool, then its merger supply; the
acquired company's shares go face down into the acquirer's bank pool; its income is added
to the acquirer's and its marker leaves the income track (:func:`absorb`).
"""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.titles.congress import dividends
from boardroom.titles.congress.actions import Merge
from boardroom.titles.congress.state import (
    ACQUIRED,
    MERGE,
    POOL,
    SUPPLY,
    CongressState,
    MergerEvent,
    Pending,
    face_down,
    player,
    treasury,
)

CHOOSER = "chooser"
ACQUIRED_PAYS = "acquired"


def connect(state: CongressState, builder: int, target: int, log: list[str]) -> None:
    """Rule congress.merger.connect: a company connecting to another active company's home
    station merges with it; the active player decides how (step MERGE)."""
    state.pending = Pending(builder, target)
    state.step = MERGE
    state.actor = state.current
    log.append(f"{state.cid(builder)} and {state.cid(target)} merge: "
               f"{state.players[state.current]} decides which is acquired.")


def options(state: CongressState) -> list[Merge]:
    """Rule congress.merger.choose-acquired (and congress.merger.chooser-pays): the legal
    choices of the active player."""
    p = state.pending
    assert p is not None
    out = []
    for acquired, acquirer in ((p.target, p.builder), (p.builder, p.target)):
        a, b = state.cid(acquired), state.cid(acquirer)
        if state.special_dividend == CHOOSER:
            out.append(Merge(a, b, b))
            out.append(Merge(a, b, a))
        else:
            out.append(Merge(a, b))
    return out


def check_merge(state: CongressState, action: Merge) -> IllegalAction | None:
    p = state.pending
    assert p is not None
    sides = {state.cid(p.builder), state.cid(p.target)}
    if {action.acquired, action.acquirer} != sides or action.acquired == action.acquirer:
        return IllegalAction("congress.merger.choose-acquired",
                             f"this merger is between {' and '.join(sorted(sides))}: name "
                             f"one as acquired, the other as acquirer")
    if state.special_dividend == CHOOSER:
        if action.payer not in sides:
            return IllegalAction("congress.merger.chooser-pays",
                                 "under the chooser rule the active player names the side "
                                 "that pays the Special Dividend: add 'pay "
                                 f"{action.acquired}' or 'pay {action.acquirer}'")
    elif action.payer is not None:
        return IllegalAction("congress.merger.special-dividend",
                             "the acquired company pays the Special Dividend (option "
                             "special_dividend=acquired): leave 'pay' out")
    return None


def resolve(state: CongressState, acquired: int, acquirer: int, payer: int,
            log: list[str]) -> None:
    """The active player's merger, in the post's order: Special Dividend, then absorb."""
    seat = state.current
    held = (state.held(acquirer, seat), state.held(acquired, seat))
    others = [max((state.held(c, s) for s in range(len(state.players)) if s != seat),
                  default=0) for c in (acquirer, acquired)]
    log.append(f"{state.players[seat]} merges {state.cid(acquired)} into "
               f"{state.cid(acquirer)}; {state.cid(payer)} pays the Special Dividend.")
    dividends.special_dividend(state, payer, log)
    lost = absorb(state, acquirer, acquired, log)
    state.events.append(MergerEvent(state.turn, state.round, seat, "connect", acquirer,
                                    acquired, payer, held[0], held[1], lost, *others))
    state.pending = None


def absorb(state: CongressState, acquirer: int, acquired: int, log: list[str]) -> int:
    """Every step of one company acquired by another; the shares that found no
    replacement (the acquirer's pool and merger supply ran out)."""
    transfer_markers(state, acquirer, acquired, log)
    lost = replace_shares(state, acquirer, acquired, log)
    place_face_down(state, acquirer, acquired)
    add_income(state, acquirer, acquired, log)
    join_track(state, acquirer, acquired)
    return lost


def transfer_markers(state: CongressState, acquirer: int, acquired: int,
                     log: list[str]) -> None:
    """Rule congress.merger.markers: the acquired company's unbuilt track markers are added
    to the acquirer's supply."""
    moved = state.markers[acquired]
    state.markers[acquirer] += moved
    state.markers[acquired] = 0
    if moved:
        log.append(f"{state.cid(acquired)}'s {moved} unbuilt track markers join "
                   f"{state.cid(acquirer)}'s supply.")


def replace_shares(state: CongressState, acquirer: int, acquired: int,
                   log: list[str]) -> int:
    """Rule congress.merger.shares-replaced: each player's shares in the acquired company
    are replaced 1:1 with the acquirer's, from its bank pool first, then its merger supply.

    Players are served from the active player clockwise (Boardroom's order). When both run
    out the remaining shares are not replaced (the post is silent; provisional) and are
    counted as lost.
    """
    ledger = state.ledger
    new = state.cid(acquirer)
    old = state.cid(acquired)
    n = len(state.players)
    lost = 0
    parts = []
    for k in range(n):
        seat = (state.current + k) % n
        count = state.held(acquired, seat)
        if not count:
            continue
        from_pool = min(count, state.pool(acquirer))
        from_supply = min(count - from_pool, state.supply(acquirer))
        ledger.move_shares(new, POOL, player(seat), from_pool)
        ledger.move_shares(new, SUPPLY, player(seat), from_supply)
        short = count - from_pool - from_supply
        lost += short
        text = f"{state.players[seat]} {count} for {from_pool + from_supply}"
        if short:
            text += f" ({short} not replaced: {new} has no share left)"
        parts.append(text)
    if parts:
        log.append(f"{old} shares are replaced by {new} shares: {'; '.join(parts)}.")
    return lost


def place_face_down(state: CongressState, acquirer: int, acquired: int) -> None:
    """Rule congress.merger.face-down: the acquired company's shares are placed face down
    in the acquirer's bank pool (a component company). Boardroom moves all of them (the
    players', its pool's and its merger supply's) and with them any component shares that
    lay face down in the acquired company's pool."""
    ledger = state.ledger
    old = state.cid(acquired)
    here = face_down(state.cid(acquirer))
    for holder, count in list(ledger.shares[old].items()):
        if holder != here:
            ledger.move_shares(old, holder, here, count)
    there = face_down(old)
    for company in ledger.shares:
        count = ledger.shares[company].get(there, 0)
        if count:
            ledger.move_shares(company, there, here, count)


def add_income(state: CongressState, acquirer: int, acquired: int, log: list[str]) -> None:
    """Rule congress.merger.income: the acquired company's income is added to the
    acquirer's (up to the top of the income track) and its marker leaves the track. Its
    treasury goes to the acquirer too (the post is silent; provisional)."""
    top = state.data.rules.income_max
    state.income[acquirer] = min(top, state.income[acquirer] + state.income[acquired])
    state.income[acquired] = 0
    cash = state.ledger.cash[treasury(state.cid(acquired))]
    state.ledger.pay(treasury(state.cid(acquired)), treasury(state.cid(acquirer)), cash)
    state.status[acquired] = ACQUIRED
    log.append(f"{state.cid(acquirer)}'s income is now {state.income[acquirer]}; "
               f"{state.cid(acquired)} leaves the income track"
               + (f" and its treasury of {cash} joins {state.cid(acquirer)}'s." if cash
                  else "."))


def join_track(state: CongressState, acquirer: int, acquired: int) -> None:
    """Rule congress.merger.several-homes: the merged company owns both companies' track
    and has every home station of its component companies."""
    owner = state.owner
    for link, who in enumerate(owner):
        if who == acquired:
            owner[link] = acquirer
    state.network[acquirer] |= state.network[acquired]
    state.homes[acquirer] |= state.homes[acquired]
    state.network[acquired] = set()
    state.homes[acquired] = set()
