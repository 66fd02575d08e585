"""Congress's game state: everything replaying a record rebuilds.

Share certificates live in the :class:`~boardroom.core.ledger.Ledger`, one company per
ledger entry, each certificate in exactly one place:

* ``p0``, ``p1``... a player's hand;
* ``pool`` the company's own bank pool, face up (available to Capitalise);
* ``supply`` the company's merger supply (rules 004: used only by mergers and merger
  auctions);
* ``down:X`` face down in the bank pool of company ``X``: a component company's shares
  (rules 004, "so that it may be clearly seen that it is now a component-company").

Cash accounts: the players (``p0``...), each company's treasury (``co:X``) and the bank.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boardroom.core.ledger import Ledger
from boardroom.core.title import Result
from boardroom.titles.congress.data import Data

BANK = "bank"
POOL = "pool"
SUPPLY = "supply"

# company status
INACTIVE = 0
ACTIVE = 1
ACQUIRED = 2
"""An acquired company is a component company: gone from the map and the income track."""

# steps: who is asked what now
TURN = "turn"
EXPAND_MORE = "expand-more"
AUCTION = "auction"
MERGE = "merge"
START = "start"
ALL_STARTED = "all-started"
FREE_LINK = "free-link"
"""Rules version 2: the winner of a founding company's first share lays its free link."""
OVER = "over"

# auction kinds
CAPITALISE = "capitalise"
MERGER_AUCTION = "merger"
PORT_AUCTION = "port"
"""Rules version 2: the Capitalise a foreign link forces."""


def player(seat: int) -> str:
    """A seat's ledger account and share-holder name."""
    return f"p{seat}"


def treasury(company_id: str) -> str:
    return f"co:{company_id}"


def face_down(company_id: str) -> str:
    """Where component shares lie: face down in ``company_id``'s bank pool."""
    return f"down:{company_id}"


@dataclass(slots=True)
class Auction:
    """A share on offer. ``order`` lists the seats still bidding, the next to decide first."""

    company: int
    source: str
    """Where the share comes from: POOL or SUPPLY."""
    auctioneer: int
    kind: str
    order: list[int]
    high: int = 0
    high_bidder: int = -1

    def copy(self) -> Auction:
        return Auction(self.company, self.source, self.auctioneer, self.kind,
                       list(self.order), self.high, self.high_bidder)


@dataclass(slots=True)
class Pending:
    """A merger of two active companies waiting for the active player's choice."""

    builder: int
    """The company whose link connected."""
    target: int
    """The company whose home station it connected to."""


@dataclass(frozen=True, slots=True)
class MergerEvent:
    """One company acquired by another, for the log, the views and the study."""

    turn: int
    round: int
    seat: int
    """The active player."""
    kind: str
    """"connect" (two active companies, the active player chose) or "start" (a merger
    company acquiring a company connected to its home station)."""
    acquirer: int
    acquired: int
    payer: int
    """The company that paid the Special Dividend, -1 if none was paid for it."""
    held_acquirer: int
    held_acquired: int
    """The active player's shares in each side just before the merger."""
    lost: int = 0
    """Shares of the acquired company that could not be replaced (supply exhausted)."""
    others_acquirer: int = 0
    others_acquired: int = 0
    """The largest holding of any other player in each side just before the merger."""


@dataclass(slots=True)
class CongressState:
    data: Data
    players: list[str]
    chaining: str
    special_dividend: str
    ledger: Ledger
    status: list[int]
    income: list[int]
    markers: list[int]
    network: list[set[int]]
    """The cities each company's track reaches (its home stations included)."""
    homes: list[set[int]]
    owner: list[int]
    """The company whose track is on each link, -1 if unbuilt."""
    value: list[int]
    """Each city's value now (printed value plus developments)."""
    developed: list[int]
    dev_left: int
    first: int
    current: int
    """The active player."""
    step: str
    actor: int
    round: int = 1
    turn: int = 1
    dividends_paid: int = 0
    expanding: int = -1
    """The company of the Expand under way (EXPAND_MORE), -1 otherwise."""
    links_built: int = 0
    auction: Auction | None = None
    pending: Pending | None = None
    starting: int = -1
    """The merger company whose share is being auctioned, -1 otherwise."""
    home_connected: bool = False
    events: list[MergerEvent] = field(default_factory=list)
    result: Result | None = None
    # rules version 2: the months track
    months: list[int] = field(default_factory=list)
    """Each player's marker on the months track (version 2; empty in version 1)."""
    stamp: list[int] = field(default_factory=list)
    """When each marker last moved (a counter): of two markers on one month, the one that
    arrived later acts first (it lies on top)."""
    clock: int = 0
    link_limit: int = 1
    """Links the Expand under way may build (version 2: 1, or 2 for the plurality holder
    after the switch)."""
    free_link: int = -1
    """The company whose free link is to be laid (step FREE_LINK), -1 otherwise."""

    @property
    def version(self) -> int:
        """The frame the rules version plays on: 1 (the first frame) or 2 (the months
        track: rules versions 2 and 3, which differ in their data file only)."""
        return 1 if self.data.version == 1 else 2

    @property
    def rules_version(self) -> int:
        """The rules version itself (1, 2 or 3): its data file's format version."""
        return self.data.version

    @property
    def switched(self) -> bool:
        """Version 2: the switch General Dividend (the 3rd) has been paid."""
        return self.dividends_paid >= self.data.rules.switch_dividend

    def copy(self) -> CongressState:
        return CongressState(
            data=self.data, players=self.players, chaining=self.chaining,
            special_dividend=self.special_dividend, ledger=self.ledger.copy(),
            status=list(self.status), income=list(self.income), markers=list(self.markers),
            network=[set(n) for n in self.network], homes=[set(h) for h in self.homes],
            owner=list(self.owner), value=list(self.value), developed=list(self.developed),
            dev_left=self.dev_left, first=self.first, current=self.current, step=self.step,
            actor=self.actor, round=self.round, turn=self.turn,
            dividends_paid=self.dividends_paid, expanding=self.expanding,
            links_built=self.links_built,
            auction=self.auction.copy() if self.auction else None,
            pending=Pending(self.pending.builder, self.pending.target) if self.pending
            else None,
            starting=self.starting, home_connected=self.home_connected,
            events=list(self.events), result=self.result,
            months=list(self.months), stamp=list(self.stamp), clock=self.clock,
            link_limit=self.link_limit, free_link=self.free_link,
        )

    # -- small reads ----------------------------------------------------------------------
    def cid(self, company: int) -> str:
        return self.data.companies[company].id

    def held(self, company: int, seat: int) -> int:
        return self.ledger.shares[self.data.companies[company].id].get(_ACCOUNTS[seat], 0)

    def issued(self, company: int) -> int:
        """Shares held by players (Boardroom's reading of "issued shares")."""
        held = self.ledger.shares[self.data.companies[company].id]
        total = 0
        for seat in range(len(self.players)):
            total += held.get(_ACCOUNTS[seat], 0)
        return total

    def pool(self, company: int) -> int:
        return self.ledger.shares[self.cid(company)].get(POOL, 0)

    def supply(self, company: int) -> int:
        return self.ledger.shares[self.cid(company)].get(SUPPLY, 0)

    def cash(self, seat: int) -> int:
        return self.ledger.cash[_ACCOUNTS[seat]]


_ACCOUNTS = tuple(player(s) for s in range(16))
"""The seats' account names, made once."""
