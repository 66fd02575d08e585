"""Each player's net worth over the game, for the table's chart: cash plus every share
held at its current price, after each action (sampled to at most :data:`POINTS` points).

Net worth is public in both titles (cash and holdings are on the table), so every seat
and spectators get the same series.

>>> import boardroom
>>> game = boardroom.new_game("acquire", ["Ann", "Bob"], seed=1)
>>> series = net_worth_series(game)
>>> series["counts"], series["worth"]
([0], [[6000, 6000]])
"""

from __future__ import annotations

from typing import Any

from boardroom.core.game import Game

POINTS = 120
"""The most points a series holds; a longer game is sampled evenly (the last always in)."""


def _acquire(state: Any) -> list[int]:
    from boardroom.titles.acquire.state import account
    from boardroom.titles.acquire.stockcard import CHAINS, chain_price

    ledger = state.ledger
    out = []
    for seat in range(len(state.players)):
        worth = ledger.cash[account(seat)]
        for c, name in enumerate(CHAINS):
            if state.size[c]:
                worth += ledger.holding(name, account(seat)) * chain_price(c, state.size[c])
        out.append(worth)
    return out


def _lost_atlas(state: Any) -> list[int]:
    out = []
    for seat in range(len(state.players)):
        worth = state.cash(seat)
        for company, corp in state.corps.items():
            worth += corp.shares.held(seat) * state.price(company)
        out.append(worth)
    return out


def _congress(state: Any) -> list[int]:
    # a Congress score is cash alone: shares are worth nothing at the end (docs/congress.md)
    return [state.cash(seat) for seat in range(len(state.players))]


WORTH = {"acquire": _acquire, "lost_atlas": _lost_atlas, "congress": _congress}


def _operating_round(state: Any) -> str | None:
    """The Lost Atlas Operating Round as the log names it ("2.1": cycle 2, its first)."""
    if getattr(state, "round", None) != "operating":
        return None
    return f"{state.cycle}.{state.or_number}"


def net_worth_series(game: Game) -> dict[str, Any]:
    """``{players, counts, worth}``: ``worth[i]`` is every seat's net worth after
    ``counts[i]`` actions. The Lost Atlas adds ``rounds`` (its Operating Rounds, "1.1",
    "1.2"...) and ``revenues``: each company's run per Operating Round, ``{company:
    {round: [revenue, "payout" | "withhold" | ...]}}`` (the companies sheet's history,
    as 18xx.games' spreadsheet shows it)."""
    worth_of = WORTH.get(game.title.name)
    if worth_of is None:
        return {"players": game.players, "counts": [], "worth": []}
    actions = list(game.record.actions)
    step = max(1, -(-len(actions) // POINTS))
    wanted = set(range(0, len(actions) + 1, step)) | {len(actions)}
    replay = Game(game.record.title, game.record.players, game.record.seed, game.record.options)
    counts, worth = [0], [worth_of(replay.state)]
    rounds: list[str] = []
    revenues: dict[str, dict[str, list[Any]]] = {}
    ran: list[Any] | None = None
    for index, action in enumerate(actions):
        word = str(action).split(" ", 1)[0]
        if ran is not None and word in ("payout", "withhold", "half"):
            ran.append(word)
        ran = None
        if game.title.name == "lost_atlas" and word == "run":
            label = _operating_round(replay.state)
            company = getattr(getattr(replay.state, "op", None), "company", None)
            if label is not None and isinstance(company, str):
                if label not in rounds:
                    rounds.append(label)
                ran = [int(str(action).split()[1])]
                revenues.setdefault(company, {})[label] = ran
        replay.apply(action, replay.to_act[0])  # as the core replays a record
        if index + 1 in wanted:
            counts.append(index + 1)
            worth.append(worth_of(replay.state))
    out: dict[str, Any] = {"players": game.players, "counts": counts, "worth": worth}
    if game.title.name == "lost_atlas":
        out.update(rounds=rounds, revenues=revenues)
    return out

