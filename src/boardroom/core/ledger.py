"""The one place where money and share certificates move.

Every transfer of cash or of certificates in every title goes through a :class:`Ledger`,
so conservation can be checked after every action: the cash total and each company's
certificate count never change, whatever happens (bank included).

>>> ledger = Ledger({"bank": 1000, "Ann": 0}, overdraft={"bank"})
>>> ledger.pay("bank", "Ann", 300)
>>> ledger.cash["Ann"], ledger.total_cash()
(300, 1000)
>>> ledger.issue("Tower", "bank", 25)
>>> ledger.move_shares("Tower", "bank", "Ann", 2)
>>> ledger.holding("Tower", "Ann"), ledger.holding("Tower", "bank")
(2, 23)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


class LedgerError(AssertionError):
    """A transfer that would create or destroy money or certificates."""


class Ledger:
    """Cash balances by account and certificates by company and holder.

    Accounts are plain strings chosen by the title (``"bank"``, ``"p0"``, a company's
    treasury...). Accounts named in ``overdraft`` may go below zero: Acquire's bank, for
    one, never runs out, so its balance is only bookkeeping.
    """

    __slots__ = ("_cash_total", "_share_totals", "cash", "overdraft", "shares")

    def __init__(self, cash: Mapping[str, int], overdraft: Iterable[str] = ()) -> None:
        self.cash: dict[str, int] = dict(cash)
        self.overdraft: frozenset[str] = frozenset(overdraft)
        self.shares: dict[str, dict[str, int]] = {}
        self._cash_total = sum(self.cash.values())
        self._share_totals: dict[str, int] = {}

    # -- cash -----------------------------------------------------------------
    def open(self, account: str) -> None:
        """Open an empty account (a company's treasury as it launches)."""
        self.cash.setdefault(account, 0)

    def close(self, account: str) -> None:
        """Close an account that has been emptied."""
        if self.cash.get(account, 0) != 0:
            raise LedgerError(f"{account} still holds {self.cash[account]}")
        self.cash.pop(account, None)

    def pay(self, src: str, dst: str, amount: int) -> None:
        """Move ``amount`` from ``src`` to ``dst``."""
        if amount < 0:
            raise LedgerError(f"negative payment {amount} from {src} to {dst}")
        if amount == 0:
            return
        cash = self.cash
        if src not in self.overdraft and cash[src] < amount:
            raise LedgerError(f"{src} cannot pay {amount}: has {cash[src]}")
        cash[src] -= amount
        cash[dst] += amount

    def total_cash(self) -> int:
        return sum(self.cash.values())

    # -- certificates ---------------------------------------------------------
    def issue(self, company: str, holder: str, count: int) -> None:
        """Create a company's certificates once, at setup."""
        if company in self.shares:
            raise LedgerError(f"{company} already has certificates")
        self.shares[company] = {holder: count}
        self._share_totals[company] = count

    def move_shares(self, company: str, src: str, dst: str, count: int) -> None:
        if count < 0:
            raise LedgerError(f"negative share move {count} of {company}")
        if count == 0:
            return
        held = self.shares[company]
        have = held.get(src, 0)
        if have < count:
            raise LedgerError(f"{src} holds {have} {company}, cannot give {count}")
        if have == count:
            del held[src]
        else:
            held[src] = have - count
        held[dst] = held.get(dst, 0) + count

    def holding(self, company: str, holder: str) -> int:
        return self.shares[company].get(holder, 0)

    def holders(self, company: str) -> dict[str, int]:
        """Every holder of ``company`` with a positive count."""
        return dict(self.shares[company])

    # -- checks ---------------------------------------------------------------
    def check(self) -> None:
        """Raise :class:`LedgerError` if money or certificates were created or lost."""
        total = self.total_cash()
        if total != self._cash_total:
            raise LedgerError(f"cash total is {total}, should be {self._cash_total}")
        for company, held in self.shares.items():
            if any(n <= 0 for n in held.values()):
                raise LedgerError(f"{company} has a non-positive holding: {held}")
            count = sum(held.values())
            if count != self._share_totals[company]:
                raise LedgerError(
                    f"{company} has {count} certificates, should be {self._share_totals[company]}"
                )
        for account, amount in self.cash.items():
            if amount < 0 and account not in self.overdraft:
                raise LedgerError(f"{account} is overdrawn: {amount}")

    def copy(self) -> Ledger:
        new = Ledger.__new__(Ledger)
        new.cash = self.cash.copy()
        new.overdraft = self.overdraft
        new.shares = {c: h.copy() for c, h in self.shares.items()}
        new._cash_total = self._cash_total
        new._share_totals = self._share_totals
        return new
