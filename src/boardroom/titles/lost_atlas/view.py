"""What a Lost Atlas player may see. Everything in the Lost Atlas is public except the
order of the map stack and of the Distant Destination cards not yet drawn."""

from __future__ import annotations

from typing import Any

from boardroom.core.title import JSON
from boardroom.titles.lost_atlas.state import OVER, LostAtlasState


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
        if corp.hq is not None:  # the Headquarters variant
            from boardroom.titles.lost_atlas.variants.headquarters import describe as describe_hq

            corps[company]["headquarters"] = describe_hq(corp.hq)
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
    mr = state.mr
    if mr is not None:
        view["merger"] = {
            "order": list(mr.order),
            "step": mr.step,
            "proposal": list(mr.proposal) if mr.proposal else None,
            "refused": sorted(sorted(pair) for pair in mr.refused),
            "chooser": mr.chooser,
            "number": mr.number,
        }
        if mr.hostile:  # Hostile Mergers: players' turns and the vote
            view["merger"].update(turn=mr.turn, passes=mr.passes, proposer=mr.proposer,
                                  voters=list(mr.voters),
                                  votes={str(s): v for s, v in sorted(mr.votes.items())})
            if mr.proposal and mr.proposer is not None:  # a vote is open: shares for/against
                from boardroom.titles.lost_atlas.rounds.merger_round import tally

                for_, against, left = tally(state)
                view["merger"]["tally"] = {"for": for_, "against": against, "left": left}
    from boardroom.titles.lost_atlas.variants import bank_break, landmarks

    if (bank := bank_break.bank_view(state)) is not None:  # the Bank Break variant
        view["bank"] = bank
        for s, player in enumerate(view["players"]):  # held against the certificate limit
            player["certificates"] = bank_break.certificates(state, s)
    if (metro := landmarks.describe(state)) is not None:  # the Metropolitan (Landmarks)
        view["metropolitan"] = metro
    if (conglomerate := _solo_view(state)) is not None:  # the Solo Game
        view["solo"] = conglomerate
    if state.result is not None:
        view["result"] = state.result.to_json()
        view["end_reason"] = state.end_reason
    if seat is not None:
        view["seat"] = seat
    return view


def _solo_view(state: LostAtlasState) -> dict[str, Any] | None:
    """The Solo Game's Conglomerate: its trains, its action deck (face up: the cards
    left, top first, and the used ones), its treasury, price, hubs and running score.
    None outside the Solo Game, and before the first minor is drawn."""
    from boardroom.titles.lost_atlas.variants import solo

    record = state.solo
    if not isinstance(record, solo.SoloState):
        return None
    out: dict[str, Any] = {
        "name": solo.NAME,
        "drawn": record.drawn,
        "company": record.company or None,
        "minors": list(record.minors),
        "trains": list(record.trains),
        "deck": list(record.deck),
        "next": record.deck[0] if record.deck else None,
        "discard": list(record.discard),
        "network_value": record.network_value,
        "difficulty": record.difficulty or None,
    }
    company = solo.company(state)
    if company is None or company not in state.corps:  # not formed yet
        return out
    corp = state.corps[company]
    train_size = solo.train_size(state)
    out.update(
        treasury=state.treasury(company),
        price=state.price(company),
        hubs=[f"{_hex(ref[0])}/{ref[1]}" for ref in sorted(state.board.hubs_of(company))],
        charter_hubs=list(corp.hub_costs),
        train_size=train_size,  # stops of its newest train; None: unlimited
        income=solo.revenue(state) if state.round != OVER else corp.last_revenue,
        shares_held={cid: c.shares.held(solo.CONGLOMERATE)
                     for cid, c in sorted(state.corps.items())
                     if c.shares.held(solo.CONGLOMERATE)},
        score=solo.conglomerate_score(state) if record.score is None else record.score,
    )
    return out
