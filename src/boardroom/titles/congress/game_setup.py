"""Congress's setup: the options, the opening cash and shares, and the first player.

Rules versions 2 and 3 (the months track) stack every marker on month 0 by cash (rule
congress.months.initial-order); rules version 1 (the first frame) draws a first player
from the seed. Each rules version plays its own data file (:data:`.data.SHIPPED`); a
user's data must carry the format version of the rules version it is played under.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardroom.core.errors import OptionError
from boardroom.core.ledger import Ledger
from boardroom.core.rng import Rng
from boardroom.titles.congress import months
from boardroom.titles.congress.data import CURRENT, Data, load_data, parse_text
from boardroom.titles.congress.state import (
    BANK,
    INACTIVE,
    POOL,
    SUPPLY,
    TURN,
    CongressState,
    player,
    treasury,
)

OPTIONS = {"chaining": ("none", "automatic"), "special_dividend": ("chooser", "acquired")}
"""The post's two switches; the first value of each is the default (the revised rules)."""


def normalize_options(options: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
    known = (*OPTIONS, "data")
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise OptionError(f"unknown Congress option(s): {', '.join(unknown)}; known: "
                          f"{', '.join(known)}")
    out: dict[str, Any] = {}
    for key, values in OPTIONS.items():
        value = options.get(key, values[0])
        if value not in values:
            raise OptionError(f"option {key} is one of {', '.join(values)}, not {value!r}")
        out[key] = value
    raw = options.get("data")
    if isinstance(raw, str):  # content, never a file name: no file is read here
        raw = parse_text(raw)
    if raw is not None and not isinstance(raw, dict):
        raise OptionError("option data is the data file's content: TOML text or its "
                          "JSON object")
    data = load_data(raw)
    if len(players) not in data.rules.players:
        counts = ", ".join(str(n) for n in data.rules.players)
        raise OptionError(f"Congress is for {counts} players, not {len(players)} "
                          f"[rule congress.setup.players]")
    if raw is not None:
        out["data"] = raw
    return out


def _data(options: Mapping[str, Any], version: int) -> Data:
    """The data a game of rules ``version`` plays: its shipped file, or the user's data of
    the same format version."""
    data = load_data(options.get("data"), version=version)
    if data.version != version:
        also = " (new games play rules version 3)" if version == CURRENT else ""
        raise OptionError(f"this data file has format version {data.version}, which belongs "
                          f"to Congress rules version {data.version}; rules version "
                          f"{version} needs version {version} data{also}")
    return data


def _state(data: Data, players: Sequence[str], options: Mapping[str, Any],
           first: int, start: list[int]) -> CongressState:
    """Each seat with its starting cash, every share in its pool or merger supply."""
    n = len(players)
    rules = data.rules
    cash = {player(s): start[s] for s in range(n)}
    cash[BANK] = rules.bank
    for co in data.companies:
        cash[treasury(co.id)] = 0
    ledger = Ledger(cash, overdraft={BANK})
    for co in data.companies:
        ledger.issue(co.id, POOL, co.pool + co.merger_supply)
        ledger.move_shares(co.id, POOL, SUPPLY, co.merger_supply)
        if co.pool == 0:
            ledger.shares[co.id].pop(POOL, None)
    k = len(data.companies)
    return CongressState(
        data=data, players=list(players), chaining=options["chaining"],
        special_dividend=options["special_dividend"], ledger=ledger,
        status=[INACTIVE] * k, income=[0] * k,
        markers=[co.markers for co in data.companies],
        network=[set() for _ in range(k)], homes=[set() for _ in range(k)],
        owner=[-1] * len(data.links), value=[c.value for c in data.cities],
        developed=[0] * len(data.cities), dev_left=rules.develop_markers,
        first=first, current=first, step=TURN, actor=first,
    )


def _payer_words(options: Mapping[str, Any]) -> str:
    return ("the side the active player chooses" if options["special_dividend"] == "chooser"
            else "the acquired company")


def setup_months(players: Sequence[str], seed: int, options: Mapping[str, Any],
                 version: int) -> tuple[CongressState, list[str]]:
    """Rules versions 2 and 3: the months track; the markers stacked by cash (rule
    congress.months.initial-order). Version 3 may give each opening position its own
    cash (rule congress.setup.position-cash): the positions are drawn by lot and dealt
    their cash, lower earlier, so that the stack by cash is the drawn order."""
    data = _data(options, version)
    n = len(players)
    start = data.rules.starting_cash[n]
    order = months.opening_order([start] * n, seed)
    graded = (data.rules.position_cash or {}).get(n)
    cash = [start] * n
    if graded is None:
        words = f"Everyone starts with {start}; every marker stands on month 0 of the " \
                f"months track, stacked by cash (equal cash drawn by lot)"
    else:
        for rank, seat in enumerate(order):
            cash[seat] = graded[rank]
        words = "The opening positions are drawn by lot and each is dealt its cash (" + \
            ", ".join(f"{players[seat]} {graded[rank]}" for rank, seat in enumerate(order)) + \
            "); every marker stands on month 0 of the months track, stacked by cash " \
            "(lower cash on top)"
    state = _state(data, players, options, order[0], cash)
    months.place_markers(state, order)
    log = [f"Congress: chaining {options['chaining']}, Special Dividend paid by "
           f"{_payer_words(options)}.",
           f"{words}: {', '.join(players[s] for s in order)}.",
           f"Round 1 begins (cut-off: month {months.cutoff(state)})."]
    return state, log


def setup_first_frame(players: Sequence[str], seed: int,
                      options: Mapping[str, Any]) -> tuple[CongressState, list[str]]:
    """Rules version 1 (the first frame), for its records: its own data file."""
    data = _data(options, 1)
    n = len(players)
    if n not in data.rules.players:
        raise OptionError(f"Congress rules version 1 is for 3-5 players, not {n} "
                          f"[rule congress.setup.players]")
    first = Rng(seed).below(n)
    state = _state(data, players, options, first, [data.rules.starting_cash[n]] * n)
    log = [f"Congress: chaining {options['chaining']}, Special Dividend paid by "
           f"{_payer_words(options)}.",
           f"Everyone starts with {data.rules.starting_cash[n]}; {players[first]} plays "
           f"first.",
           "Round 1 begins."]
    return state, log
