"""The Solo Game's setup, after the map is built: one minor drawn at random, the player
names the second, and the Conglomerate is formed of the two (hubs on both homes, its
charter, its treasury, its action deck, the yellow track joining the homes, its start
price and difficulty).
"""

from __future__ import annotations

from boardroom.core.errors import IllegalAction
from boardroom.core.title import Action
from boardroom.map.track import StopRef
from boardroom.market.shares import Company
from boardroom.titles.lost_atlas.board.board import CITY
from boardroom.titles.lost_atlas.board.operator import ADAPTIVE
from boardroom.titles.lost_atlas.state import (
    BANK,
    MAJOR,
    STOCK,
    Corp,
    LostAtlasState,
    company_account,
)
from boardroom.titles.lost_atlas.variants.solo.conglomerate import (
    CONGLOMERATE,
    NAME,
    OPTION,
    PRESIDENT_CARD,
    RULE,
    SETUP,
    SHARE_CARD,
    VARIANT,
    ChooseConglomerate,
    SoloState,
    mode_rules,
    solo_state,
)
from boardroom.titles.lost_atlas.variants.solo.track import conglomerate_reach, lay_path


# -- setup ---------------------------------------------------------------------------------
def begin(state: LostAtlasState, log: list[str]) -> None:
    """The map is built: draw the first minor at random; the player names the second."""
    from boardroom.titles.lost_atlas.rounds import flow

    candidates = [m for m in flow.minors_in_game(state) if home_ref(state, m) is not None]
    drawn = candidates[state.rng.below(len(candidates))]
    state.variants[VARIANT] = SoloState(drawn=drawn)
    state.round = SETUP
    log.append(f"Solo Game: {state.components.minors[drawn].name} is drawn for the "
               f"{NAME}; {state.players[0]} chooses the second minor.")


def home_ref(state: LostAtlasState, minor: str) -> StopRef | None:
    """The reserved home spot of an unlaunched minor (Adaptive has none: PROVISIONAL, it
    never joins the Conglomerate)."""
    if state.components.minors[minor].ability == ADAPTIVE:
        return None
    for ref, owner in sorted(state.board.reserved.items()):
        if owner == minor:
            return ref
    return None


def partners(state: LostAtlasState) -> list[str]:
    """The minors the player may name now (filtered by ``solo_difficulty`` when some
    partner gives the wanted difficulty)."""
    from boardroom.titles.lost_atlas.rounds import flow

    solo = solo_state(state)
    out = [m for m in flow.minors_in_game(state)
           if m != solo.drawn and home_ref(state, m) is not None]
    wanted = state.options.get(OPTION, "any")
    if wanted == "any":
        return out
    fitting = [m for m in out if preview(state, m)[1] == wanted]
    return fitting or out


def preview(state: LostAtlasState, minor: str) -> tuple[int, str]:
    """(network value, difficulty) the Conglomerate would have with ``minor``."""
    trial = state.copy()
    _form(trial, minor, [])
    solo = solo_state(trial)
    return solo.network_value, solo.difficulty


def legal_setup(state: LostAtlasState, seat: int) -> list[Action]:
    if seat != 0:
        return []
    return [ChooseConglomerate(m) for m in partners(state)]


def check_setup(state: LostAtlasState, action: Action, seat: int) -> IllegalAction | None:
    if not isinstance(action, ChooseConglomerate):
        return IllegalAction(RULE + "setup", "first name the Conglomerate's second minor "
                             "('conglomerate <minor>')")
    choices = partners(state)
    if action.minor not in choices:
        return IllegalAction(RULE + "setup", f"{action.minor!r} cannot join the "
                             f"{NAME} now (choose one of {', '.join(choices)})")
    return None


def apply_setup(state: LostAtlasState, action: Action, log: list[str]) -> None:
    from boardroom.titles.lost_atlas.rounds import flow, stock_round

    assert isinstance(action, ChooseConglomerate)
    _form(state, action.minor, log)
    flow.deal_matrix(state, log)
    state.round = STOCK
    stock_round.start(state, log)


def _form(state: LostAtlasState, chosen: str, log: list[str]) -> None:
    """Form the Conglomerate from the drawn minor and ``chosen``."""
    rules_ = mode_rules(state)
    solo = solo_state(state)
    comp = state.components
    charter = comp.major_charter
    cong_id = next(iter(comp.majors))  # PROVISIONAL: the first major charter of the data
    solo.company = cong_id
    solo.minors = [solo.drawn, chosen]
    shares = Company(NAME, total=rules_.shares, president_shares=rules_.held_shares,
                     share_percent=charter.share_percent, max_percent=charter.max_percent)
    shares.president = CONGLOMERATE
    shares.players = {CONGLOMERATE: rules_.held_shares}
    shares.treasury = rules_.charter_shares  # under the charter, issued later
    shares.pool = rules_.pool_shares
    corp = Corp(id=cong_id, kind=MAJOR, name=NAME, abbreviation="CGL", abilities=frozenset(),
                shares=shares, hub_costs=list(rules_.hub_costs), operated=False,
                minors=(solo.drawn, chosen))
    state.corps[cong_id] = corp
    state.ledger.open(company_account(cong_id))
    state.ledger.pay(BANK, company_account(cong_id), rules_.treasury)
    names = " and ".join(comp.minors[m].name for m in solo.minors)
    log.append(f"The {NAME} is formed from {names}: treasury {rules_.treasury}, hubs on "
               f"both homes and {len(rules_.hub_costs)} on its charter.")
    for minor in solo.minors:
        ref = home_ref(state, minor)
        assert ref is not None
        claim_home(state, minor, ref)
    deck = [card for m in solo.minors for card in cards_of(state, m)]
    state.rng.shuffle(deck)
    solo.deck = deck
    # Initial network: yellow track joining the two homes.
    second = state.board.hubs_of(cong_id)
    target_hexes = {ref[0] for ref in second if _home_minor(state, ref) == chosen}
    start = [ref for ref in second if ref[0] not in target_hexes]
    laid = lay_path(state, start, target_hexes, limit=None, log=log, sources=start)
    if laid is None:
        log.append(f"No yellow track can join the two homes: the {NAME} starts with its "
                   f"two hubs only.")
    value = network_value(state)
    low, high = rules_.price_range
    held = min(max(value, low), high)
    price = min(state.stock.values, key=lambda v: (abs(v - held), v))
    state.stock.enter(cong_id, state.stock.index_of(price))
    solo.network_value = value
    solo.difficulty = ("easy" if value <= rules_.easy_max
                       else "medium" if value <= rules_.medium_max else "hard")
    log.append(f"The {NAME}'s network is worth {value} ({solo.difficulty}); its share price "
               f"is {price}. Action deck: {', '.join(solo.deck)}.")


def _home_minor(state: LostAtlasState, ref: StopRef) -> str | None:
    return state.board.spaces[ref[0]].home


def cards_of(state: LostAtlasState, minor: str) -> list[str]:
    charter = state.components.minor_charter
    return [f"{minor}:{PRESIDENT_CARD}"] + [f"{minor}:{SHARE_CARD}"] * charter.shares


def claim_home(state: LostAtlasState, minor: str, ref: StopRef) -> None:
    board = state.board
    board.reserved = {r: m for r, m in board.reserved.items() if m != minor}
    board.place_hub(ref, solo_state(state).company)


def network_value(state: LostAtlasState) -> int:
    """Total city revenue of the stops the Conglomerate reaches (Distant Destinations
    not counted: PROVISIONAL)."""
    board = state.board
    return sum(board.stop(ref).revenue for ref in sorted(conglomerate_reach(state).stops)
               if board.stop(ref).kind == CITY)
