"""The Bank Break variant (option ``bank_break``; rulebook "Variants: Bank Break"; facts
sheet §5.3): an 8,000 bank ends the game instead of the cycle counter.

Every Bank Break rule lives here; the rounds ask these functions at a few hooks:

* **setup** (:func:`split_bank`): the bank holds 8,000 *before* the starting capital
  is handed out, so its account starts at 8,000 minus the players' cash; the rest of the
  money (24,500 - 8,000) is set aside in the ``reserve`` account. Long Game setup only
  (:func:`check_options`).
* **depletion** (:func:`note_depletion`): the bank is depleted as soon as its account is
  at 0 or below (it could not pay in full). From then on payments continue with the money
  set aside (the whole reserve joins the bank at once). The check runs after each
  pay-out step and each share sale, and at the end of every round, so a payment of any
  kind (an issue, Tunneling's 60, a buy-out...) is caught by the end of its round at the
  latest: the ledger (:class:`WatchedLedger`) remembers that the bank ran out even if
  money flowed back before the check. Once depleted the bank stays depleted.
* **the end** (:func:`game_over`): the game ends when the current set of Operating
  Rounds is finished — at the end of Operating Round 2 of the cycle in which the bank
  ran out (Stock Round, OR 1 or OR 2). That Operating Round 2 is followed by no Merger
  Round and no export. A bank that runs out in a Merger Round ends the game after the
  next cycle's two Operating Rounds. There is no end by cycle count; as a safeguard
  against a game that never drains the bank (not a rule), the game ends after
  :data:`MAX_CYCLES` cycles. Final scores as usual (cash plus shares at market price).
* **bankruptcy** ends the game at once: the option ``bankruptcy="continue"`` is refused.
* **certificate limit** (3 players 16, 4 players 12, 5 players 10): every certificate a
  player holds counts one — a president's certificate is one certificate, as in 18xx;
  minors', majors' and the Metropolitan's shares alike. No purchase may put a player
  over the limit (rule ``lost_atlas.bank_break.certificate-limit``): a share bought in the
  Stock Round (counted after any presidency change it causes), and the president's
  certificate of a minor, so a player at the limit may neither open an auction nor bid.
  A player over the limit (after a merger or a presidency change) must sell, at their
  first Stock Round turn, before anything else, until at the limit (rule
  ``lost_atlas.bank_break.forced-sale``): only sales are legal then. If no sale is
  possible (or none is left under the selling rules) the turn goes on normally.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardroom.core.errors import IllegalAction, OptionError
from boardroom.core.ledger import Ledger
from boardroom.titles.lost_atlas.board.components import Components
from boardroom.titles.lost_atlas.rounds.points import Points
from boardroom.titles.lost_atlas.state import BANK, MERGER, LostAtlasState, declare_variant_state
from boardroom.titles.lost_atlas.variants import switches as variants

VARIANT = "bank_break"
"""Its name in the table of variants: the key of its state in ``state.variants`` (True
once the bank is depleted, absent before)."""
declare_variant_state(VARIANT)  # a bool: immutable

RESERVE = "reserve"
"""The ledger account of the money set aside."""
MAX_CYCLES = 15
"""A safeguard, not a rule: a Bank Break game that never drains the bank ends after
this many cycles (the Long Game has 6)."""
END_REASON = "the bank is depleted and the set of Operating Rounds is finished"
LIMIT_RULE = "lost_atlas.bank_break.certificate-limit"
FORCED_RULE = "lost_atlas.bank_break.forced-sale"
MODE_RULE = "lost_atlas.bank_break.setup"


def active(state: LostAtlasState) -> bool:
    return variants.enabled(state.options, variants.BANK_BREAK)


# -- setup -------------------------------------------------------------------------------------
def check_options(options: Mapping[str, Any]) -> None:
    """Bank Break follows the Long Game setup and ends the game on a bankruptcy."""
    if not variants.enabled(options, variants.BANK_BREAK):
        return
    if options.get("mode") != "long":
        raise OptionError(f"option bank_break follows the Long Game setup (mode long), not "
                          f"mode {options.get('mode')} [rule {MODE_RULE}]")
    if options.get("bankruptcy", "end") != "end":
        raise OptionError(f"with option bank_break a bankruptcy ends the game: option "
                          f"bankruptcy must be 'end' [rule {MODE_RULE}]")


def split_bank(components: Components, options: Mapping[str, Any],
               accounts: dict[str, int]) -> None:
    """Bank Break: the bank is 8,000 before the starting capital is handed out; the rest
    of the money is set aside in the reserve. ``accounts`` holds the base game's."""
    if not variants.enabled(options, variants.BANK_BREAK):
        return
    whole = components.money.bank
    handed_out = whole - accounts[BANK]
    accounts[BANK] = components.money.bank_break.bank - handed_out
    accounts[RESERVE] = whole - components.money.bank_break.bank


class WatchedLedger(Ledger):
    """Bank Break's ledger: it remembers that the bank ran out (its account at 0 or
    below after a payment from it), so a bank refilled before the next check (a train
    bought after an issue, say) was depleted all the same."""

    __slots__ = ("bank_ran_out",)

    def __init__(self, cash: Mapping[str, int]) -> None:
        super().__init__(cash, overdraft={BANK})
        self.bank_ran_out = False

    def pay(self, src: str, dst: str, amount: int) -> None:
        super().pay(src, dst, amount)
        if src == BANK and self.cash[BANK] <= 0:
            self.bank_ran_out = True

    def copy(self) -> WatchedLedger:
        base = super().copy()
        new = WatchedLedger.__new__(WatchedLedger)
        for slot in Ledger.__slots__:
            setattr(new, slot, getattr(base, slot))
        new.bank_ran_out = self.bank_ran_out
        return new


def make_ledger(options: Mapping[str, Any], accounts: dict[str, int]) -> Ledger:
    """The game's ledger (the bank may be overdrawn); watched with Bank Break."""
    if variants.enabled(options, variants.BANK_BREAK):
        return WatchedLedger(accounts)
    return Ledger(accounts, overdraft={BANK})


# -- depletion and the end -----------------------------------------------------------------------
def depleted(state: LostAtlasState) -> bool:
    """Has the 8,000 bank run out? Then the game ends after this set of Operating Rounds."""
    return bool(state.variants.get(VARIANT, False))


def ran_out(state: LostAtlasState) -> bool:
    """Is the bank's account at 0 or below now, or was it at any moment before?"""
    ledger = state.ledger
    return ledger.cash[BANK] <= 0 or (isinstance(ledger, WatchedLedger)
                                      and ledger.bank_ran_out)


def note_depletion(state: LostAtlasState, log: list[str]) -> None:
    """Mark the bank depleted the first time its account is (or was) at 0 or below; the
    money set aside then joins it."""
    if not active(state) or depleted(state) or not ran_out(state):
        return
    state.variants[VARIANT] = True
    reserve = state.ledger.cash.get(RESERVE, 0)
    state.ledger.pay(RESERVE, BANK, reserve)
    when = "the next cycle's" if state.round == MERGER else "this cycle's"
    log.append(f"The bank is depleted: the {reserve} set aside is brought in, and the game "
               f"ends after {when} Operating Rounds.")


def game_over(state: LostAtlasState) -> bool:
    """At the end of an Operating Round 2: does the game end now?"""
    return active(state) and depleted(state) and state.or_number == 2


def bank_view(state: LostAtlasState) -> dict[str, object] | None:
    if not active(state):
        return None
    return {"cash": state.ledger.cash[BANK], "reserve": state.ledger.cash.get(RESERVE, 0),
            "depleted": depleted(state), "certificate_limit": certificate_limit(state)}


# -- the certificate limit -------------------------------------------------------------------------
def certificate_limit(state: LostAtlasState) -> int | None:
    """The limit for this player count, or None without Bank Break."""
    if not active(state):
        return None
    return state.components.money.bank_break.certificate_limits[state.seats()]


def certificates(state: LostAtlasState, seat: int) -> int:
    """Certificates ``seat`` holds: a president's certificate counts one."""
    from boardroom.titles.lost_atlas.variants import landmarks

    count = sum(corp.shares.certificates(seat) for corp in state.corps.values())
    return count + landmarks.held(state, seat)


def over_limit(state: LostAtlasState, seat: int) -> bool:
    limit = certificate_limit(state)
    return limit is not None and certificates(state, seat) > limit


def check_buy(state: LostAtlasState, company: str, seat: int) -> IllegalAction | None:
    """May ``seat`` buy one more share of ``company`` (counted after any presidency change
    the purchase causes)?"""
    limit = certificate_limit(state)
    if limit is None:
        return None
    now = certificates(state, seat)
    corp = state.corps.get(company)
    if corp is None:  # the Metropolitan: one more single certificate
        after = now + 1
    else:
        shares = corp.shares.copy()
        shares.give(seat, 1)
        shares.update_president(state.seats())
        after = now - corp.shares.certificates(seat) + shares.certificates(seat)
    if after > limit:
        return IllegalAction(LIMIT_RULE, f"{state.players[seat]} holds {now} certificates; "
                                         f"the limit is {limit}")
    return None


def check_new_certificate(state: LostAtlasState, seat: int) -> IllegalAction | None:
    """May ``seat`` open or join an auction (whose winner takes a president's
    certificate)?"""
    limit = certificate_limit(state)
    if limit is None:
        return None
    now = certificates(state, seat)
    if now + 1 > limit:
        return IllegalAction(LIMIT_RULE, f"{state.players[seat]} holds {now} certificates; "
                                         f"the limit is {limit}, so no minor may be won")
    return None


def must_sell(state: LostAtlasState, seat: int) -> bool:
    """Is ``seat`` over the limit with a sale open to them (their turn: sales first)?"""
    return over_limit(state, seat) and bool(forced_sales(state, seat))


def forced_sales(state: LostAtlasState, seat: int) -> list[Any]:
    """The sales ``seat`` may make now under the Stock Round's selling rules."""
    from boardroom.titles.lost_atlas.rounds import stock_round
    from boardroom.titles.lost_atlas.variants import landmarks

    out: list[Any] = []
    held = {c: corp.shares.held(seat) for c, corp in sorted(state.corps.items())}
    if landmarks.held(state, seat):
        held[landmarks.METROPOLITAN] = landmarks.held(state, seat)
    for company, count in held.items():
        for n in range(1, count + 1):
            sale = stock_round.Sell(company, n)
            if stock_round._check_sell(state, sale, seat) is None:
                out.append(sale)
    return out


def check_forced(state: LostAtlasState, action: Any, seat: int) -> IllegalAction | None:
    """While ``seat`` must sell, any other Stock Round action is refused."""
    from boardroom.titles.lost_atlas.rounds import stock_round

    if isinstance(action, stock_round.Sell) or not must_sell(state, seat):
        return None
    limit = certificate_limit(state)
    return IllegalAction(FORCED_RULE, f"{state.players[seat]} holds "
                                      f"{certificates(state, seat)} certificates, over the "
                                      f"limit of {limit}, and must sell shares first")


# -- the extension points (see rounds/points.py and variants/table.py) ------------------------
def attach(points: Points) -> None:
    """Bank Break: the reserve and the watched ledger, the certificate limit and its forced
    sales, the depletion notice, and the end by the bank instead of the cycle counter."""
    points.check_options.append(lambda options, mode: check_options(options))
    points.split_bank.append(split_bank)
    points.make_ledger.append(_make_ledger)
    points.money_moved.append(note_depletion)
    points.game_end.append(lambda state: END_REASON if game_over(state) else None)
    points.last_cycle.append(lambda state, last: MAX_CYCLES if active(state) else last)
    points.check_new_certificate.append(check_new_certificate)
    points.forced_stock_actions.append(_forced_sales)
    points.check_stock_action.append(check_forced)
    points.check_buy.append(check_buy)
    points.view_sections.append(_view_section)


def _view_section(state: LostAtlasState, view: dict[str, Any]) -> None:
    """The bank, its reserve and the certificate limit; each player's certificates held
    against the limit."""
    if (bank := bank_view(state)) is None:
        return
    view["bank"] = bank
    for seat, player in enumerate(view["players"]):
        player["certificates"] = certificates(state, seat)


def _make_ledger(options: Mapping[str, Any], accounts: dict[str, int]) -> Ledger | None:
    return make_ledger(options, accounts) if variants.enabled(options, variants.BANK_BREAK) \
        else None


def _forced_sales(state: LostAtlasState, seat: int) -> list[Any] | None:
    return forced_sales(state, seat) if must_sell(state, seat) else None
