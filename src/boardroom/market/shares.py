"""Share certificates, holdings and presidency — generic 18xx rules.

A company has ``total`` shares; its president's certificate counts as
``president_shares`` of them. Shares lie with players (by seat), in the company's
treasury, or in the bank pool. Rules (../shared/rules/001 "Sell Share(s) and/or Purchase
a Share"):

* a president who would hold fewer shares than the certificate needs, with nobody able to
  take over, would leave the company without a president: not allowed;
* when another player holds more shares than the president, the presidency moves at once
  to the player with the most; on a tie, to the next tied player clockwise from the
  player losing it (the certificate is exchanged for singles);
* the pool may hold at most half the shares; a player at most ``max_percent``.

>>> c = Company("Expansive", total=5, president_shares=2, share_percent=20, max_percent=60)
>>> c.launch(president=0)
>>> c.held(0), c.treasury
(2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field

POOL = -1
"""The holder number of the bank pool."""


@dataclass
class Company:
    name: str
    total: int
    president_shares: int
    share_percent: int
    max_percent: int
    president: int | None = None
    players: dict[int, int] = field(default_factory=dict)
    """Shares held by each seat (the president's count includes the certificate)."""
    treasury: int = 0
    pool: int = 0

    def copy(self) -> Company:
        # Set field by field rather than through ``__init__``: a search copies every
        # company at every step.
        new = object.__new__(Company)
        new.name = self.name
        new.total = self.total
        new.president_shares = self.president_shares
        new.share_percent = self.share_percent
        new.max_percent = self.max_percent
        new.president = self.president
        new.players = self.players.copy()
        new.treasury = self.treasury
        new.pool = self.pool
        return new

    # -- reading ----------------------------------------------------------------
    def held(self, seat: int) -> int:
        return self.players.get(seat, 0)

    @property
    def max_shares(self) -> int:
        """Most shares one player may hold (60%: the certificate plus singles)."""
        return self.max_percent // self.share_percent

    @property
    def pool_limit(self) -> int:
        """Most shares the bank pool may hold (50%)."""
        return self.total // 2

    def fully_player_owned(self) -> bool:
        return sum(self.players.values()) == self.total

    def certificates(self, seat: int) -> int:
        """Certificates a seat holds: the president's counts as one."""
        n = self.held(seat)
        if seat == self.president and n >= self.president_shares:
            return n - self.president_shares + 1
        return n

    def check(self) -> None:
        held = sum(self.players.values()) + self.treasury + self.pool
        assert held == self.total, f"{self.name}: {held} shares, should be {self.total}"
        assert all(n > 0 for n in self.players.values()), f"{self.name}: empty holding"
        assert self.treasury >= 0, f"{self.name}: negative treasury holding {self.treasury}"
        assert self.pool >= 0, f"{self.name}: negative pool holding {self.pool}"
        if self.president is not None:
            assert self.held(self.president) >= self.president_shares, (
                f"{self.name}: the president holds less than the certificate"
            )

    # -- moving -----------------------------------------------------------------
    def launch(self, president: int) -> None:
        """The president takes the certificate; the other shares go to the treasury."""
        self.president = president
        self.players = {president: self.president_shares}
        self.treasury = self.total - self.president_shares
        self.pool = 0

    def give(self, seat: int, count: int) -> None:
        self.players[seat] = self.players.get(seat, 0) + count

    def take(self, seat: int, count: int) -> None:
        left = self.players.get(seat, 0) - count
        if left < 0:
            raise ValueError(f"seat {seat} holds too few {self.name} shares")
        if left:
            self.players[seat] = left
        else:
            self.players.pop(seat, None)

    def sale_problem(self, seat: int, count: int, seats: int) -> str | None:
        """Why ``seat`` may not sell ``count`` shares to the pool now (a reason), or None."""
        if count <= 0 or count > self.held(seat):
            return "holding"
        if self.pool + count > self.pool_limit:
            return "pool-limit"
        if seat == self.president:
            left = self.held(seat) - count
            if left < self.president_shares:
                others = [s for s in range(seats) if s != seat]
                best = max((self.held(s) for s in others), default=0)
                if best < self.president_shares or best <= left:
                    return "president"
        return None

    def new_president(self, seats: int) -> int | None:
        """Who should be president now (applying the clockwise tie rule), or None."""
        current = self.president
        if current is None:
            return None
        mine = self.held(current)
        best = max(self.players.values(), default=0)
        if best <= mine:
            return current
        for k in range(1, seats + 1):
            seat = (current + k) % seats
            if self.held(seat) == best:
                return seat
        return current

    def update_president(self, seats: int) -> int | None:
        """Move the presidency if another player now holds more; return the new
        president if it changed."""
        new = self.new_president(seats)
        if new is not None and new != self.president:
            self.president = new
            return new
        return None
