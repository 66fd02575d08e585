"""The Landmarks expansion's events and the Metropolitan, as options (summaries 002 and
000; facts sheet §7.2). Only their names and one-line effects are known, so every detail
below is a provisional reading, chosen to be small, coherent and deterministic; each is
listed in ``docs/variants.md``.

**Unions Win!** (option ``unions_win``: "allows half pay-outs"). At the pay-out step a
company may also ``half``: half the revenue, rounded down, is paid out as in a pay-out
(each share its percentage of that half, rounded down; the company's own treasury shares
to its treasury, pool shares to nobody), and the other half (the rounded-up half) goes to
the treasury. The price moves as for a pay-out of the paid half: +1 step if it is at least
the price, +2 if at least twice (+3 with Record Gains!), otherwise the token goes to the
bottom of its space (rule ``lost_atlas.landmarks.unions-win`` without the option).

**Record Gains!** (option ``record_gains``: "a triple jump"). A pay-out of at least three
times the share price moves the price up three steps (the base game: +1 at least the
price, +2 at least twice).

**The Metropolitan** (option ``metropolitan``: "exported trains go to it; its shares
count in final scores like any others"). A company with no map presence that never
operates and is not on the stock track. It exists from the first export: every exported
train goes to it instead of leaving the game (the export still counts as a purchase for
phases and rust); its trains never run, rust or leave. It has 10 single-share
certificates; the price of a share is the printed price of all its trains divided by 10,
rounded down. In a Stock Round a player may buy one of its unsold shares as their turn's
purchase (``buy metropolitan treasury``; the money goes to the bank; at most 6 shares, the
60% rule; not while it holds no train; not after selling it in the same round) or sell
any number back to it (``sell metropolitan N``; money from the bank, no price change, no
pool limit). It pays no dividends and has no president. Its shares count in the final
score at that price, and each is a certificate for the Bank Break limit. A player leaving
the game bankrupt (``bankruptcy="continue"``) hands their shares back to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardroom.core.errors import IllegalAction, NotationError
from boardroom.core.title import Action
from boardroom.titles.lost_atlas.rounds.operating_round import PAYOUT
from boardroom.titles.lost_atlas.rounds.points import Points, StepAction, money_moved
from boardroom.titles.lost_atlas.state import (
    BANK,
    LostAtlasState,
    company_account,
    declare_variant_state,
    player_account,
)
from boardroom.titles.lost_atlas.variants import solo
from boardroom.titles.lost_atlas.variants import switches as variants

VARIANT = "landmarks"
"""Its name in the table of variants: the key of its state in ``state.variants`` (the
Metropolitan, once it exists)."""
METROPOLITAN = "metropolitan"
"""The Metropolitan's id in the Stock Round notation."""
SHARES = 10
MAX_HELD = 6
UNIONS_RULE = "lost_atlas.landmarks.unions-win"
METRO_RULE = "lost_atlas.landmarks.metropolitan"


# -- Unions Win! ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HalfPayout(Action):
    """Unions Win!: pay half the revenue out, keep the other half. Notation ``half``."""

    def __str__(self) -> str:
        return "half"

    def describe(self, state: object) -> str:
        """The label a person reads (``lost_atlas.labels``)."""
        return "Pay half the revenue out, keep half"


def half_allowed(state: LostAtlasState) -> bool:
    return variants.enabled(state.options, variants.UNIONS_WIN)


def check_half(state: LostAtlasState) -> IllegalAction | None:
    if not half_allowed(state):
        return IllegalAction(UNIONS_RULE, "half pay-outs need the Unions Win! event "
                                          "(option unions_win)")
    return None


def half_split(revenue: int) -> tuple[int, int]:
    """(paid out, kept): the paid half is rounded down."""
    paid = revenue // 2
    return paid, revenue - paid


def half_pay_out(state: LostAtlasState, company: str, revenue: int, log: list[str]) -> None:
    corp = state.corps[company]
    shares = corp.shares
    paid, kept = half_split(revenue)
    per_share = paid * shares.share_percent // 100
    for seat, count in sorted(shares.players.items()):  # solo.account: the Conglomerate too
        state.ledger.pay(BANK, solo.account(state, seat), per_share * count)
    state.ledger.pay(BANK, company_account(company), per_share * shares.treasury + kept)
    price = state.price(company)
    move_after_pay_out(state, company, paid, price)
    corp.last_revenue = revenue
    corp.per_share = per_share
    moved = state.price(company)
    how = (f"its price rises to {moved}" if moved != price
           else "its price stays; the token moves to the bottom of its space")
    log.append(f"{corp.name} pays half of {revenue}: {paid} paid out, {per_share} a share, "
               f"and {kept} kept in the treasury; {how}.")


# -- Record Gains! -------------------------------------------------------------------------------
def payout_steps(state: LostAtlasState, paid: int, price: int) -> int:
    """Steps up after paying ``paid`` out at ``price`` (0: to the bottom of the space)."""
    if variants.enabled(state.options, variants.RECORD_GAINS) and paid >= 3 * price:
        return 3
    if paid >= 2 * price:
        return 2
    if paid >= price:
        return 1
    return 0


def move_after_pay_out(state: LostAtlasState, company: str, paid: int, price: int) -> None:
    steps = payout_steps(state, paid, price)
    if steps:
        state.stock.move(company, steps)
    else:
        state.stock.to_bottom(company)


# -- the Metropolitan ------------------------------------------------------------------------------
@dataclass
class Metropolitan:
    trains: list[str] = field(default_factory=list)
    """Exported trains, in the order they arrived."""
    players: dict[int, int] = field(default_factory=dict)
    """Shares held by each seat."""

    def copy(self) -> Metropolitan:
        return Metropolitan(list(self.trains), dict(self.players))

    @property
    def unsold(self) -> int:
        return SHARES - sum(self.players.values())


declare_variant_state(VARIANT, Metropolitan.copy)


def metropolitan_active(state: LostAtlasState) -> bool:
    return variants.enabled(state.options, variants.METROPOLITAN)


def metropolitan(state: LostAtlasState) -> Metropolitan | None:
    """The Metropolitan, None until the first export brings it (or without it)."""
    metro = state.variants.get(VARIANT)
    assert metro is None or isinstance(metro, Metropolitan)
    return metro


def receive_export(state: LostAtlasState, train: str, count: int, log: list[str]) -> None:
    """Exported trains go to the Metropolitan (it exists from the first export)."""
    if not metropolitan_active(state) or count <= 0:
        return
    metro = metropolitan(state)
    if metro is None:
        metro = Metropolitan()
        state.variants[VARIANT] = metro
    metro.trains.extend([train] * count)
    log.append(f"The exported train{'s go' if count > 1 else ' goes'} to the Metropolitan: "
               f"a share is now worth {price(state)}.")


def price(state: LostAtlasState) -> int:
    """A Metropolitan share: the printed price of its trains over 10, rounded down."""
    metro = metropolitan(state)
    if metro is None:
        return 0
    return sum(state.components.trains[t].price for t in metro.trains) // SHARES


def held(state: LostAtlasState, seat: int) -> int:
    metro = metropolitan(state)
    return metro.players.get(seat, 0) if metro is not None else 0


def share_value(state: LostAtlasState, seat: int) -> int:
    """What ``seat``'s Metropolitan shares add to the final score."""
    return held(state, seat) * price(state)


def stock_candidates(state: LostAtlasState, seat: int) -> list[tuple[str, int]]:
    """The Metropolitan's Stock Round actions worth checking: ('sell', n) / ('buy', 0)."""
    metro = metropolitan(state)
    if metro is None:
        return []
    out: list[tuple[str, int]] = [("sell", n) for n in range(1, held(state, seat) + 1)]
    out.append(("buy", 0))
    return out


def check_sell(state: LostAtlasState, count: int, seat: int) -> IllegalAction | None:
    if metropolitan(state) is None:
        return IllegalAction(METRO_RULE, "the Metropolitan does not exist (it comes with "
                                         "the first export, option metropolitan)")
    if count <= 0 or count > held(state, seat):
        return IllegalAction("lost_atlas.stock.sell-holding",
                             f"{state.players[seat]} holds {held(state, seat)} "
                             f"Metropolitan shares")
    return None


def check_buy(state: LostAtlasState, seat: int, source: str,
              sold: set[str]) -> IllegalAction | None:
    metro = metropolitan(state)
    if metro is None:
        return IllegalAction(METRO_RULE, "the Metropolitan does not exist (it comes with "
                                         "the first export, option metropolitan)")
    if source != "treasury" or metro.unsold <= 0:
        return IllegalAction("lost_atlas.stock.buy-source",
                             "Metropolitan shares are bought from the Metropolitan itself "
                             "('buy metropolitan treasury') while it has some left")
    if METROPOLITAN in sold:
        return IllegalAction("lost_atlas.stock.buy-after-sale",
                             f"{state.players[seat]} sold the Metropolitan this round")
    if held(state, seat) + 1 > MAX_HELD:
        return IllegalAction("lost_atlas.stock.sixty-percent",
                             "no player may own more than 60%")
    value = price(state)
    if value <= 0:
        return IllegalAction(METRO_RULE, "the Metropolitan holds no train: its shares are "
                                         "worth nothing yet")
    if value > state.cash(seat):
        return IllegalAction("lost_atlas.stock.afford",
                             f"{state.players[seat]} cannot pay {value}")
    return None


def buy(state: LostAtlasState, seat: int, log: list[str]) -> None:
    metro = metropolitan(state)
    assert metro is not None
    value = price(state)
    state.ledger.pay(player_account(seat), BANK, value)
    metro.players[seat] = metro.players.get(seat, 0) + 1
    log.append(f"{state.players[seat]} buys a Metropolitan share for {value}.")


def sell(state: LostAtlasState, seat: int, count: int, log: list[str]) -> None:
    metro = metropolitan(state)
    assert metro is not None
    value = price(state)
    left = metro.players[seat] - count
    if left:
        metro.players[seat] = left
    else:
        del metro.players[seat]
    state.ledger.pay(BANK, player_account(seat), value * count)
    log.append(f"{state.players[seat]} sells {count} Metropolitan share"
               f"{'s' if count > 1 else ''} back to it at {value}.")


def forfeit(state: LostAtlasState, seat: int) -> None:
    """A bankrupt player leaving the game returns their shares to the Metropolitan."""
    metro = metropolitan(state)
    if metro is not None:
        metro.players.pop(seat, None)


def describe(state: LostAtlasState) -> dict[str, object] | None:
    metro = metropolitan(state)
    if metro is None:
        return None
    return {"trains": list(metro.trains), "price": price(state), "unsold": metro.unsold,
            "shares": {str(s): n for s, n in sorted(metro.players.items())}}


# -- the extension points (see rounds/points.py and variants/table.py) ------------------------
class _MetropolitanShares:
    """The Metropolitan's shares in the Stock Round (``sell metropolitan N``, ``buy
    metropolitan treasury``)."""

    company = METROPOLITAN

    def active(self, state: LostAtlasState) -> bool:
        return metropolitan_active(state)

    def candidates(self, state: LostAtlasState, seat: int) -> list[tuple[str, int]]:
        return stock_candidates(state, seat)

    def check_sell(self, state: LostAtlasState, count: int, seat: int) -> IllegalAction | None:
        return check_sell(state, count, seat)

    def check_buy(self, state: LostAtlasState, seat: int, source: str,
                  sold: set[str]) -> IllegalAction | None:
        return check_buy(state, seat, source, sold)

    def sell(self, state: LostAtlasState, seat: int, count: int, log: list[str]) -> None:
        sell(state, seat, count, log)

    def buy(self, state: LostAtlasState, seat: int, log: list[str]) -> None:
        buy(state, seat, log)


def _half_in_payout_step(state: LostAtlasState, company: str, action: HalfPayout,
                         log: list[str]) -> bool:
    half_pay_out(state, company, state.op.revenue, log)
    money_moved(state, log)  # Bank Break notes the bank running out
    return True


def _record_gains(state: LostAtlasState, paid: int, price: int, steps: int) -> int:
    if variants.enabled(state.options, variants.RECORD_GAINS) and paid >= 3 * price:
        return 3
    return steps


def _parse_half(words: list[str], text: str) -> HalfPayout | None:
    """Unions Win!'s ``half`` (None for any other word)."""
    if words[0] != "half":
        return None
    if len(words) > 1:
        raise NotationError(f"{text!r} is not an Operating Round action")
    return HalfPayout()


def attach(points: Points) -> None:
    """The Landmarks events and module: Unions Win!'s half pay-out, Record Gains!'s third
    step, Merger Mania!'s second Merger Round, and the Metropolitan (exports, its shares in
    the Stock Round and the score, a bankrupt player's shares)."""
    points.parse_action.append(_parse_half)
    points.step_options.append(
        lambda state, company, step: [HalfPayout()]
        if step == PAYOUT and state.op.revenue > 0 and half_allowed(state) else [])
    points.step_actions[HalfPayout] = StepAction(
        (PAYOUT,), lambda state, company, action: check_half(state), _half_in_payout_step)
    points.payout_steps.append(_record_gains)
    points.extra_merger_round.append(
        lambda state, number: "Merger Mania!: a second Merger Round follows."
        if variants.enabled(state.options, variants.MERGER_MANIA) else None)
    points.exported.append(receive_export)
    points.other_shares.append(_MetropolitanShares())
    points.share_value.append(share_value)
    points.player_bankrupt.append(forfeit)
    points.view_sections.append(_view_section)


def _view_section(state: LostAtlasState, view: dict[str, Any]) -> None:
    if (metro := describe(state)) is not None:  # the Metropolitan, once it exists
        view["metropolitan"] = metro
