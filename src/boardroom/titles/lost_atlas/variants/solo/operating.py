"""The Conglomerate's Operating Round turn: it issues a share (OR1 of cycles 1–3), buys
the current train paying the difference, acts from its deck (yellow track toward the
nearest target, or a charter hub), places a hub on a capital (medium and hard), and earns
its N best stop values, always paid out.
"""

from __future__ import annotations

from boardroom.map.hexes import Hex
from boardroom.titles.lost_atlas.board import routes
from boardroom.titles.lost_atlas.board.board import CITY, DESTINATION
from boardroom.titles.lost_atlas.state import BANK, LostAtlasState, company_account
from boardroom.titles.lost_atlas.variants.solo.conglomerate import (
    MAX_BASIC_TILES,
    NAME,
    PRESIDENT_CARD,
    company,
    mode_rules,
    solo_state,
)
from boardroom.titles.lost_atlas.variants.solo.track import (
    conglomerate_operator,
    conglomerate_reach,
    lay_path,
)


# -- the Operating Round -----------------------------------------------------------------
def operate(state: LostAtlasState, log: list[str]) -> None:
    """The Conglomerate's whole Operating Round turn."""
    rules_ = mode_rules(state)
    cong = company(state)
    assert cong is not None
    if state.or_number == 1 and state.cycle in rules_.issue_cycles:
        issue(state, log)
    buy_train(state, log)
    act(state, log)
    if (state.cycle == 1 and state.or_number == 1
            and solo_state(state).difficulty in ("medium", "hard")):
        _place_hub(state, capital_only=True, log=log)
    pay(state, log)


def issue(state: LostAtlasState, log: list[str]) -> None:
    """Issue one under-charter share to the pool: the treasury gains the price, the
    price drops one space (the pool limit does not stop it: PROVISIONAL)."""
    from boardroom.titles.lost_atlas.rounds import flow

    cong = company(state)
    assert cong is not None
    shares = state.corps[cong].shares
    if shares.treasury <= 0:
        return
    price = state.price(cong)
    shares.treasury -= 1
    shares.pool += 1
    state.ledger.pay(BANK, company_account(cong), price)
    state.stock.move(cong, -1)
    log.append(f"The {NAME} issues a share to the pool for {price}; its price drops to "
               f"{state.price(cong)}.")
    flow.check_dissolution(state, cong, log)


def current_train(state: LostAtlasState) -> str | None:
    """The train on offer now: the top of the stack (a grey card as its 7 face), or the
    unlimited grey card once the stack is empty."""
    from boardroom.titles.lost_atlas.rounds.operating.train_market import stack_choices

    choices = stack_choices(state)
    return choices[0] if choices else None


def train_cost(state: LostAtlasState, train: str) -> int:
    """The difference between ``train`` and its last train (the full price for the
    first: PROVISIONAL); never below 0."""
    comp = state.components
    trains = solo_state(state).trains
    last = comp.trains[trains[-1]].price if trains else 0
    return max(0, comp.trains[train].price - last)


def buy_train(state: LostAtlasState, log: list[str]) -> None:
    """Buy the current train paying the difference to the last one; it takes the card
    off the stack (phases and rust follow as for any purchase), keeps every train (no
    limit) and its trains never rust."""
    from boardroom.titles.lost_atlas.rounds import trains as train_rules

    cong = company(state)
    assert cong is not None
    train = current_train(state)
    if train is None:
        return
    cost = train_cost(state, train)
    if cost > state.treasury(cong):
        log.append(f"The {NAME} cannot pay {cost} for a {train}-train and buys none.")
        return
    if state.trains:
        state.trains.pop(0)
    state.ledger.pay(company_account(cong), BANK, cost)
    solo_state(state).trains.append(train)
    log.append(f"The {NAME} buys a {train}-train for {cost}.")
    train_rules.gained(state, train, log)


def train_size(state: LostAtlasState) -> int | None:
    """Stops of its newest train (None: the ∞, unlimited); 0 without a train."""
    trains = solo_state(state).trains
    if not trains:
        return 0
    return state.components.trains[trains[-1]].stops


def act(state: LostAtlasState, log: list[str]) -> None:
    """Flip the top card of the action deck (a used deck is reshuffled: PROVISIONAL).
    A single share: a basic action; a president's certificate: place a charter hub,
    else a basic action (PROVISIONAL reading of 'special action')."""
    solo = solo_state(state)
    if not solo.deck:
        solo.deck, solo.discard = solo.discard, []
        state.rng.shuffle(solo.deck)
    if not solo.deck:
        return
    card = solo.deck.pop(0)
    solo.discard.append(card)
    log.append(f"The {NAME} turns over {card}.")
    if card.endswith(PRESIDENT_CARD) and _place_hub(state, capital_only=False, log=log):
        return
    basic_action(state, log)


def targets(state: LostAtlasState) -> list[set[Hex]]:
    """Targets of a basic action, by priority: capitals, unlaunched minors' homes,
    Distant Destinations, basic cities (those it does not reach yet)."""
    board = state.board
    reached = {ref[0] for ref in conglomerate_reach(state).stops}
    capitals, homes, dests, cities = set(), set(), set(), set()
    for h, space in board.spaces.items():
        if h in reached:
            continue
        if space.terrain == DESTINATION:
            dests.add(h)
        elif space.terrain == CITY:
            if space.capital:
                capitals.add(h)
            elif any(ref[0] == h for ref in board.reserved):
                homes.add(h)
            else:
                cities.add(h)
    return [capitals, homes, dests, cities]


def basic_action(state: LostAtlasState, log: list[str]) -> None:
    """Lay up to two yellow tiles toward the nearest target of the highest priority."""
    cong = company(state)
    assert cong is not None
    hubs = state.board.hubs_of(cong)
    for group in targets(state):
        if group and lay_path(state, hubs, group, MAX_BASIC_TILES, log):
            return
    log.append(f"The {NAME} lays no track.")


def _place_hub(state: LostAtlasState, capital_only: bool, log: list[str]) -> bool:
    """Place its cheapest charter hub on the best city spot it reaches with a free slot:
    a capital first, then the highest revenue (then the smallest hex)."""
    from boardroom.titles.lost_atlas.board import hubs

    cong = company(state)
    assert cong is not None
    corp = state.corps[cong]
    if not corp.hub_costs:
        return False
    cost = min(corp.hub_costs)
    op = conglomerate_operator(state)
    board = state.board
    spots = hubs.legal_hub_spots(board, op, cost)
    if capital_only:
        spots = [s for s in spots if board.spaces[s[0]].capital]
    if not spots:
        return False
    spot = min(spots, key=lambda s: (not board.spaces[s[0]].capital, -board.stop(s).revenue, s))
    corp.hub_costs.remove(cost)
    state.ledger.pay(company_account(cong), BANK, cost)
    board.place_hub(spot, cong)
    log.append(f"The {NAME} places a hub at {spot[0][0]},{spot[0][1]} for {cost}.")
    return True


def income(values: list[tuple[int, bool]], count: int | None) -> int:
    """The sum of the ``count`` best values (None: all), a hub city counted twice (it
    takes two of the count).

    >>> income([(20, True), (40, False), (20, True), (30, False)], 4)
    110
    """
    items = sorted((v for v, hub in values for _ in range(2 if hub else 1)), reverse=True)
    return sum(items if count is None else items[:count])


def stop_values(state: LostAtlasState) -> list[tuple[int, bool]]:
    """(value, has its hub) of every stop the Conglomerate reaches."""
    cong = company(state)
    assert cong is not None
    board = state.board
    dd = routes.destination_values(state.components, state.phase, state.destination_values)
    out = []
    for ref in sorted(conglomerate_reach(state).stops):
        stop = board.stop(ref)
        if stop.kind == DESTINATION:
            dest = board.spaces[ref[0]].destination or ""
            value = dd if isinstance(dd, int) else dd.get(dest, 0)
        else:
            value = stop.revenue
        out.append((value, cong in board.hubs.get(ref, ())))
    return out


def revenue(state: LostAtlasState) -> int:
    """N = train size x its hubs on the map; the N best values it reaches."""
    cong = company(state)
    assert cong is not None
    size = train_size(state)
    if size == 0:
        return 0
    hubs = len(state.board.hubs_of(cong))
    return income(stop_values(state), None if size is None else size * hubs)


def pay(state: LostAtlasState, log: list[str]) -> None:
    """Always paid out: its own shares pay its treasury, the player's pay the player,
    the under-charter shares pay the treasury (as any treasury share does), pool
    shares pay nobody."""
    from boardroom.titles.lost_atlas.rounds.operating.payout import no_revenue, pay_out

    cong = company(state)
    assert cong is not None
    amount = revenue(state)
    if amount <= 0:
        no_revenue(state, cong, "earns nothing", log)
        return
    pay_out(state, cong, amount, log)
