"""The months track (rules version 2): time decides who acts, rounds and the end.

From congress-facts.md ("Time and turn order"): every action costs months on a printed
months track and the player furthest behind in time acts next (a Thebes/Neuland time
track); Capitalise costs 3 months, paid by whoever wins the share; if nobody bids on a
Capitalised share the active player loses 3 months; the months in a round depend on the
number of players (five players get one more); a round has a cut-off, and players past it
may still bid. Initial turn order is by cash, lower cash earlier. General Dividends are
the round-end payouts; the game ends at the 6th.

Boardroom's readings (provisional, docs/congress.md): a round ends when every marker has
reached its cut-off (round x ``round_months``); months spent past a cut-off count in the
next round. Of markers on the same month the one that arrived later acts first (it lies on
top of the stack, as in Thebes). At the start all markers stand on month 0, stacked by
cash (the lowest cash on top); equal cash is ordered by a draw from the seed.
"""

from __future__ import annotations

from boardroom.core.rng import Rng
from boardroom.titles.congress import dividends, endgame
from boardroom.titles.congress.state import OVER, TURN, CongressState


def round_months(state: CongressState) -> int:
    rm = state.data.rules.round_months
    assert rm is not None
    return rm[len(state.players)]


def cutoff(state: CongressState) -> int:
    """Rule congress.months.cutoff: the month at which the current round ends."""
    return state.round * round_months(state)


def opening_order(cash: list[int], seed: int) -> list[int]:
    """Rule congress.months.initial-order: the seats in the order they first act; lower
    cash earlier, equal cash by a draw from the seed."""
    n = len(cash)
    lots = list(range(n))
    Rng(seed).shuffle(lots)
    return sorted(range(n), key=lambda s: (cash[s], lots[s]))


def place_markers(state: CongressState, order: list[int]) -> None:
    """All markers on month 0, stacked so that ``order[0]`` lies on top (acts first)."""
    n = len(state.players)
    state.months = [0] * n
    state.stamp = [0] * n
    for rank, seat in enumerate(order):
        state.stamp[seat] = n - rank
    state.clock = n


def charge(state: CongressState, seat: int, months: int, log: list[str], why: str) -> None:
    """Rule congress.months.cost: move ``seat``'s marker ``months`` on."""
    state.months[seat] += months
    state.clock += 1
    state.stamp[seat] = state.clock
    log.append(f"{state.players[seat]} spends {months} month{'s' if months != 1 else ''} "
               f"({why}): month {state.months[seat]}.")


def next_to_act(state: CongressState) -> int:
    """Rule congress.months.furthest-behind: the player furthest behind in time, before
    the round's cut-off (the later arrival first on a tie); -1 if all have reached it."""
    limit = cutoff(state)
    best = -1
    for seat, month in enumerate(state.months):
        if month >= limit:
            continue
        if best < 0 or month < state.months[best] or (
                month == state.months[best] and state.stamp[seat] > state.stamp[best]):
            best = seat
    return best


def end_turn(state: CongressState, log: list[str]) -> None:
    """The active player's turn is over: the player furthest behind acts next; when every
    marker has reached the cut-off the round ends with a General Dividend (rule
    congress.dividends.general), and the game ends at the last one (rule
    congress.end.sixth-dividend)."""
    state.step = TURN
    state.expanding = -1
    state.links_built = 0
    state.link_limit = 1
    state.free_link = -1
    state.auction = None
    state.pending = None
    state.turn += 1
    seat = next_to_act(state)
    while seat < 0:
        dividends.general_dividends(state, log)
        if state.dividends_paid == state.data.rules.switch_dividend:
            log.append("The switch: from now on the plurality holder may build two links "
                       "in an Expand, foreign links may be built and merger companies may "
                       "start.")
        if state.dividends_paid >= state.data.rules.general_dividends:
            endgame.finish(state, log)
            state.step = OVER
            state.actor = -1
            return
        state.round += 1
        log.append(f"Round {state.round} begins (cut-off: month {cutoff(state)}).")
        seat = next_to_act(state)
    state.current = state.actor = seat
