"""Congress's actions and their notation.

=================================  ======================================================
notation                           meaning
=================================  ======================================================
``auction LMR``                    Capitalise: put a share of LMR up for auction
``bid 7``                          bid 7 for the share on offer
``pass``                           pass (in an auction; or the whole turn; or, once every
                                   merger company has started, the rest of the turn)
``expand LMR LIV-WIG``             Expand: LMR builds the link from Liverpool to Wigan
``done``                           end an Expand before its last link
``develop MAN``                    Develop (rules version 1): raise Manchester's value
``develop LIV-MAN``                Develop (rules version 2): raise both ends of a link
``merge MSL into LMR``             a merger: MSL is acquired by LMR (the acquired pays)
``merge MSL into LMR pay LMR``     ... and LMR pays the Special Dividend (chooser rule)
``start LYR``                      start the merger company LYR
=================================  ======================================================

Company and city ids are those of the game's data file (upper case); the notation reads
them in any case.

>>> parse("merge msl into lmr pay lmr")
Merge(acquired='MSL', acquirer='LMR', payer='LMR')
>>> str(parse("expand lmr liv-wig"))
'expand LMR LIV-WIG'
>>> all(str(parse(t)) == t for t in ["auction LMR", "bid 7", "pass", "done", "start LYR"])
True
"""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.core.errors import NotationError
from boardroom.core.title import Action


@dataclass(frozen=True, slots=True)
class Nominate(Action):
    company: str

    def __str__(self) -> str:
        return f"auction {self.company}"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Expand(Action):
    company: str
    frm: str
    to: str

    def __str__(self) -> str:
        return f"expand {self.company} {self.frm}-{self.to}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Develop(Action):
    city: str

    def __str__(self) -> str:
        return f"develop {self.city}"


@dataclass(frozen=True, slots=True)
class DevelopLink(Action):
    """Rules version 2: develop the two locations at the ends of one company's link."""

    frm: str
    to: str

    def __str__(self) -> str:
        return f"develop {self.frm}-{self.to}"


@dataclass(frozen=True, slots=True)
class Merge(Action):
    acquired: str
    acquirer: str
    payer: str | None = None
    """Only under the chooser rule: the side that pays the Special Dividend."""

    def __str__(self) -> str:
        text = f"merge {self.acquired} into {self.acquirer}"
        return text if self.payer is None else f"{text} pay {self.payer}"


@dataclass(frozen=True, slots=True)
class Start(Action):
    company: str

    def __str__(self) -> str:
        return f"start {self.company}"


CongressAction = (Nominate | Bid | Pass | Expand | Done | Develop | DevelopLink | Merge
                  | Start)

PASS = Pass()
DONE = Done()
_CACHE: dict[str, CongressAction] = {}


def _ident(word: str, text: str) -> str:
    if not word.replace("_", "").isalnum():
        raise NotationError(f"{text!r}: {word!r} is not an id")
    return word.upper()


def parse(text: str) -> CongressAction:
    """Read a Congress action's notation (case does not matter)."""
    action = _CACHE.get(text)
    if action is None:
        action = _parse(text)
        if len(_CACHE) > 50_000:
            _CACHE.clear()
        _CACHE[text] = action
    return action


def _parse(text: str) -> CongressAction:
    words = text.strip().split()
    if not words:
        raise NotationError("empty action")
    head = words[0].lower()
    rest = words[1:]
    if head in ("pass", "done") and not rest:
        return PASS if head == "pass" else DONE
    if head == "bid" and len(rest) == 1:
        if not rest[0].isdigit():
            raise NotationError(f"{text!r}: {rest[0]!r} is not a whole number")
        return Bid(int(rest[0]))
    if head == "develop" and len(rest) == 1 and "-" in rest[0]:
        cities = rest[0].split("-")
        if len(cities) != 2:
            raise NotationError(f"{text!r}: two locations are written A-B, e.g. LIV-MAN")
        return DevelopLink(_ident(cities[0], text), _ident(cities[1], text))
    if head in ("auction", "develop", "start") and len(rest) == 1:
        ident = _ident(rest[0], text)
        if head == "auction":
            return Nominate(ident)
        return Develop(ident) if head == "develop" else Start(ident)
    if head == "expand" and len(rest) == 2:
        cities = rest[1].split("-")
        if len(cities) != 2:
            raise NotationError(f"{text!r}: a link is written FROM-TO, e.g. LIV-WIG")
        return Expand(_ident(rest[0], text), _ident(cities[0], text), _ident(cities[1], text))
    if head == "merge" and len(rest) in (3, 5) and rest[1].lower() == "into":
        payer = None
        if len(rest) == 5:
            if rest[3].lower() != "pay":
                raise NotationError(f"{text!r}: expected 'merge A into B [pay A|B]'")
            payer = _ident(rest[4], text)
        return Merge(_ident(rest[0], text), _ident(rest[2], text), payer)
    raise NotationError(f"{text!r} is not a Congress action (auction CO, bid N, pass, "
                        f"expand CO FROM-TO, done, develop CITY or A-B, merge A into B [pay A|B], "
                        f"start CO)")
