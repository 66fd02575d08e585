"""What a Lost Atlas player may see. Everything in the Lost Atlas is public except the
order of the map stack and of the Distant Destination cards not yet drawn.

The base game's sections are built here and by the rounds (``operating_round.describe``,
``merger_round.describe``); a variant adds fields to a company (``points.company_view``)
and sections of its own (``points.view_sections``)."""

from __future__ import annotations

from typing import Any

from boardroom.core.title import JSON
from boardroom.titles.lost_atlas.rounds.points import POINTS
from boardroom.titles.lost_atlas.state import LostAtlasState


def _hex(h: tuple[int, int]) -> str:
    return f"{h[0]},{h[1]}"


def view_state(state: LostAtlasState, seat: int | None, to_act: tuple[int, ...]) -> JSON:
    board = state.board
    tiles = {_hex(h): {"tile": t, "rotation": r} for h, (t, r) in sorted(board.tiles.items())}
    hubs = {f"{_hex(ref[0])}/{ref[1]}": list(owners)
            for ref, owners in sorted(board.hubs.items())}
    reserved = {f"{_hex(ref[0])}/{ref[1]}": minor for ref, minor in sorted(board.reserved.items())}
    corps: dict[str, Any] = {}
    for company, corp in sorted(state.corps.items()):
        shares = corp.shares
        corps[company] = {
            "name": corp.name,
            "kind": corp.kind,
            "price": state.price(company),
            "treasury": state.treasury(company),
            "trains": list(corp.trains),
            "rusted": list(corp.rusted),
            "president": shares.president,
            "shares": {str(s): n for s, n in sorted(shares.players.items())},
            "treasury_shares": shares.treasury,
            "pool_shares": shares.pool,
            "abilities": sorted(corp.abilities),
            "hub_costs": list(corp.hub_costs),
            "operated": corp.operated,
            "last_revenue": corp.last_revenue,
        }
        for hook in POINTS.company_view:  # the Headquarters
            if (extra := hook(state, company)) is not None:
                corps[company].update(extra)
    view: dict[str, Any] = {
        "title": "lost_atlas",
        "mode": state.mode,
        "round": state.round,
        "cycle": state.cycle,
        "operating_round": state.or_number,
        "phase": state.phase,
        "to_act": list(to_act),
        "priority": state.priority,
        "players": [{"name": name, "cash": state.cash(s)} for s, name in enumerate(state.players)],
        "companies": corps,
        "stock_track": {str(i): list(tokens) for i, tokens in sorted(state.stock.spaces.items())},
        "matrix": [list(column) for column in state.matrix],
        "trains": {"stack": len(state.trains), "top": state.trains[0] if state.trains else None,
                   "pool": list(state.pool)},
        "map": {"pieces": [[n, _hex(a), r] for n, a, r in board.pieces],
                "tiles": tiles, "hubs": hubs, "reserved": reserved,
                "suburbs": {_hex(h): c for h, c in sorted(board.suburbs.items())}},
        "destination_cards": dict(sorted(state.destination_values.items())),
        "discards": list(state.discards),
    }
    if state.builder is not None:
        view["map_building"] = {"drawn": state.builder.current,
                                "left": len(state.builder.stack)}
    if state.auction is not None:
        a = state.auction
        view["auction"] = {"initiator": a.initiator, "bid": a.bid, "leader": a.leader,
                           "active": list(a.active), "won": a.won}
    if state.round == "operating":
        from boardroom.titles.lost_atlas.rounds.operating_round import describe

        view["operating"] = describe(state)
    if state.mr is not None:
        from boardroom.titles.lost_atlas.rounds.merger_round import describe as describe_mr

        view["merger"] = describe_mr(state)
    for section in POINTS.view_sections:  # the variants' own (the bank, the Metropolitan...)
        section(state, view)
    if state.result is not None:
        view["result"] = state.result.to_json()
        view["end_reason"] = state.end_reason
    if seat is not None:
        view["seat"] = seat
    return view

