"""Lost Atlas game positions for the Operating Round tests.

A game starts with :func:`new_game` (the title's own setup, then map building by random
legal choices), minors are launched by real Stock Round actions (:func:`launch`: an
auction the current player opens and everyone else passes), and :func:`to_operating`
ends the Stock Round so the first Operating Round begins. From there the tests play
actions by their notation with :func:`act`, and a refused action is asked for with
:func:`refuse`, which also proves the refusal changed nothing.

A few setters put a position in place where real play would take long (cash, prices,
trains, the stack); they move money through the ledger so the totals stay right.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from boardroom.core.errors import IllegalAction
from boardroom.core.rng import Rng
from boardroom.titles.lost_atlas.rounds import operating_round as orr
from boardroom.titles.lost_atlas.rounds import stock_round
from boardroom.titles.lost_atlas.state import (
    BANK,
    LostAtlasState,
    company_account,
    player_account,
)
from boardroom.titles.lost_atlas.title import LostAtlasTitle

TITLE = LostAtlasTitle()
PLAYERS = ["Ann", "Ben", "Cat"]


def new_game(seed: int = 1, players: list[str] | None = None, mode: str = "short",
             **options: Any) -> LostAtlasState:
    """A game whose map is built by random legal choices: the first Stock Round begins."""
    names = players or PLAYERS
    opts = TITLE.normalize_options({"mode": mode, **options}, names)
    state, _ = TITLE.setup(names, seed, opts)
    rng = Rng(seed * 7 + 3)
    while state.round == "map":
        seat = TITLE.to_act(state)[0]
        actions = TITLE.legal_actions(state, seat)
        TITLE.apply(state, actions[rng.below(len(actions))], seat)
    assert state.round == "stock"
    return state


def seat_to_act(state: LostAtlasState) -> int:
    return TITLE.to_act(state)[0]


def act(state: LostAtlasState, text: str) -> list[str]:
    """Play ``text`` for whoever must decide now; fail the test if it is refused."""
    seat = seat_to_act(state)
    action = TITLE.parse(text)
    assert str(action) == text or TITLE.parse(str(action)) == action
    error = TITLE.check(state, action, seat)
    if error is not None:
        raise AssertionError(f"{text!r} refused: {error}")
    log = TITLE.apply(state, action, seat)
    TITLE.invariants(state)
    return log


def snapshot(state: LostAtlasState) -> tuple[object, ...]:
    """Everything a refused action must leave alone."""
    op = state.op.copy() if state.op is not None else None
    return (TITLE.view(state, None), op, list(state.trains), list(state.pool),
            dict(state.ledger.cash), {c: (list(k.trains), list(k.rusted), k.operated)
                                      for c, k in state.corps.items()})


def refuse(state: LostAtlasState, text: str, rule: str | None = None,
           seat: int | None = None) -> IllegalAction:
    """``text`` must be refused (naming ``rule`` if given) and change nothing."""
    who = seat_to_act(state) if seat is None else seat
    action = TITLE.parse(text)
    before = snapshot(state)
    error = TITLE.check(state, action, who)
    assert error is not None, f"{text!r} was allowed"
    if rule is not None:
        assert error.rule == rule, f"{text!r}: {error.rule} ({error.message}), not {rule}"
    assert snapshot(state) == before, f"checking {text!r} changed the state"
    assert action not in TITLE.legal_actions(state, who)
    return error


def legal_texts(state: LostAtlasState) -> list[str]:
    """The legal actions as text; the listed run as its total only (``run 40``: the
    routes it carries are checked where a test asks, see :func:`listed_run`)."""
    return [str(a).split(" via ")[0] for a in TITLE.legal_actions(state, seat_to_act(state))]


def listed_run(state: LostAtlasState) -> str:
    """The run action the Operating Round lists, in full (``run N via ...``)."""
    return next(str(a) for a in TITLE.legal_actions(state, seat_to_act(state))
                if str(a).startswith("run "))


# -- the Stock Round ---------------------------------------------------------------------------
def launch(state: LostAtlasState, bid: int, minor: str | None = None) -> str:
    """The player to act opens an auction at ``bid``, everyone else passes, and the winner
    launches ``minor`` (default: the first available one). Returns the minor's id."""
    assert state.round == "stock" and state.auction is None
    act(state, f"auction {bid}")
    while state.auction is not None and not state.auction.won:
        act(state, "pass")
    available = stock_round.available_minors(state)
    choice = minor if minor is not None else sorted(available)[0]
    options = [a for a in TITLE.legal_actions(state, seat_to_act(state))
               if isinstance(a, stock_round.Launch) and a.minor == choice]
    assert options, f"{choice} is not available ({available})"
    act(state, str(options[0]))
    return choice


def to_operating(state: LostAtlasState) -> None:
    """Everyone passes until the Stock Round ends (the Operating Round then starts)."""
    while state.round == "stock":
        act(state, "pass")


def operating_game(bids: list[int], seed: int = 1, **options: Any) -> tuple[LostAtlasState,
                                                                            list[str]]:
    """A game in its first Operating Round with one minor launched per bid, in order."""
    state = new_game(seed, **options)
    minors = [launch(state, bid) for bid in bids]
    to_operating(state)
    return state, minors


# -- setters for positions ----------------------------------------------------------------------
def set_cash(state: LostAtlasState, account: str, amount: int) -> None:
    """Give an account (``p0``, ``c:expansive``...) exactly ``amount``, from/to the bank."""
    have = state.ledger.cash.get(account, 0)
    if amount > have:
        state.ledger.pay(BANK, account, amount - have)
    else:
        state.ledger.pay(account, BANK, have - amount)


def set_treasury(state: LostAtlasState, company: str, amount: int) -> None:
    set_cash(state, company_account(company), amount)


def set_player_cash(state: LostAtlasState, seat: int, amount: int) -> None:
    set_cash(state, player_account(seat), amount)


def set_price(state: LostAtlasState, company: str, price: int) -> None:
    """Move a token to ``price`` (below any tokens already there)."""
    state.stock.remove(company)
    state.stock.enter(company, state.stock.index_of(price))


def give_trains(state: LostAtlasState, company: str, *trains: str) -> None:
    state.corps[company].trains.extend(trains)


def set_stack(state: LostAtlasState, *trains: str) -> None:
    state.trains = list(trains)


def op(state: LostAtlasState) -> orr.OperatingRound:
    assert isinstance(state.op, orr.OperatingRound)
    return state.op


def pass_until(state: LostAtlasState, step: str) -> None:
    """Skip the optional steps of the operating company until it reaches ``step``."""
    while op(state).step != step:
        current = op(state).step
        if current == orr.RUN:
            texts = [t for t in legal_texts(state) if t.startswith("run ")]
            act(state, texts[0])
        elif current == orr.PAYOUT:
            act(state, "withhold")
        else:
            act(state, "pass")


def finish_turn(state: LostAtlasState) -> None:
    """Play the operating company's turn to its end without buying (it owns a train)."""
    company = op(state).company
    pass_until(state, orr.TRAINS)
    if state.op is not None and op(state).company == company:
        act(state, "pass")


# -- exact positions ---------------------------------------------------------------------------
def launch_unopposed(state: LostAtlasState, launches: Iterable[tuple[int, str, int]]) -> None:
    """The ``(seat, minor, bid)`` auctions of a first Stock Round, each won unopposed
    through the title (the matrix is set to those minors first)."""
    launches = list(launches)
    state.matrix = [[minor] for _, minor, _ in launches]
    for seat, minor, bid in launches:
        while TITLE.to_act(state) != (seat,):
            act(state, "pass")
        act(state, f"auction {bid}")
        while state.auction is not None and not state.auction.won:
            act(state, "pass")
        act(state, f"launch {minor}")


def connect(state: LostAtlasState, company: str, rows: Iterable[int], q: int = 0,
            colours: tuple[str, ...] = ("yellow",)) -> None:
    """``company`` lays straight track down column ``q`` over ``rows`` (a city takes the
    straight city 57), each lay checked; hexes already holding track are skipped."""
    from boardroom.titles.lost_atlas.board.operator import Operator
    from boardroom.titles.lost_atlas.board.track_laying import LayBudget, TileLay, check_lay, lay
    from lost_atlas_boards import turned

    corp = state.corps[company]
    who = Operator(company, corp.abilities, 10_000)
    for r in rows:
        h = (q, r)
        current = state.board.tile_at(h)
        if current is not None and current[0].colour != "empty":
            continue
        tile = "57" if state.board.spaces[h].is_city else "9"
        the_lay = TileLay(h, tile, turned(tile, {0, 3}))
        assert check_lay(state.board, who, colours, LayBudget(), the_lay) is None, the_lay
        lay(state.board, who, LayBudget(), the_lay)
