"""The Operating Round (rulebook p.12-17 "Operating Round" steps 1-8, "Rust Events",
"Phase Changes", "Forced Train Purchase", "Bankruptcy"; summaries 002 and 000; Company
Details).

This module is the round: whose turn it is, the order of the steps, and the dispatch of
``legal``, ``check`` and ``apply`` to the step. Each step's rules are one module of
:mod:`boardroom.titles.lost_atlas.rounds.operating`, named for its step (``leadoff``,
``shares``, ``track``, ``hub``, ``run``, ``payout``, ``train_purchase``,
``forced_purchase``, ``bankruptcy``); the notation is ``operating/notation.py``.

Companies operate in descending share price, top to bottom within a space. The next
company is recomputed from the stock track after every turn, among the companies that
have not operated in this round, so a token that dropped cannot act twice. A turn goes
through these steps in order; the optional ones are skipped with ``pass``, and a step
with nothing to choose is skipped without asking:

1. ``leadoff`` — a minor's first Operating Round only: one train from the top of the
   stack or from the pool at its printed price, paid from the treasury; it runs this turn.
2. ``shares`` — issue one treasury share to the pool (the treasury receives the price,
   the price drops a step; the pool holds at most half the shares) or redeem one pool
   share (the treasury pays the price to the bank; no price change).
3. ``track`` — up to two yellow tiles or one upgrade (Agricultural: a yellow after its
   upgrade; Bridging's bridges; mountain costs to the bank; Tunneling's 60 from the bank),
   each a ``lay`` action; ``pass`` moves on.
4. ``hub`` — a major (or Expansive) places its cheapest charter hub, paying its cost.
   (Headquarters variant: or its kept headquarters, ``hq Q,R EFFECT``, then any Land
   Grant or Commercial Zoning lays; the headquarters pays at the start of the turn. The
   rules are in ``headquarters.py``.)
5. ``run`` — the company runs its trains (Resourceful's rusted ones once more, then they
   leave the game): the legal action listed is ``run N via ...``, the best total of its
   routes and those routes (so a record shows what ran, and replaying it checks the
   routes instead of searching again); ``run N`` alone means "the best routes" and is
   accepted when N is the best total; the president may instead give routes of their
   own (``run N via ...``, checked rule by rule by :mod:`routes`). A company with no
   train earns 0 and drops a step (so does one whose trains earn 0).
6. ``payout`` — ``payout``: each share earns its percentage (minor 20%, major 10%) from
   the bank, the company's own treasury shares paid to its treasury, pool shares to
   nobody; +1 step if the revenue is at least the price, +2 if at least twice, otherwise
   the token moves to the bottom of its space. ``withhold``: all to the treasury, -1 step.
7. ``trains`` — buy from the top of the stack (a grey card as 7 or ∞, or ∞ for 800
   trading in a train), any pool train at its printed price, or another company's train
   for at least 1 with its president's consent (an ``agree``/``decline`` question), as
   many as the limit and the treasury allow; a company without a train must buy one.
   A stack purchase may start a phase, rust trains and put companies over their limit
   (``state.discards``, which the title asks for first).
8. The company's token is flipped (it has operated) and the next company acts.

Forced train purchase: a company with no train whose treasury cannot pay for any train of
the stack or the pool must buy the cheapest of them (a grey card as a 7): ``force T``.
The treasury pays first, then the president; if still short, the president sells shares
one at a time (``liquidate C``), under the selling rules and never a share of the
operating company that would hand over its presidency or push its pool over half; once
the purchase is paid every company sold drops one step (one a share with the Cut-Throat
stock option). If nothing more can be sold, the president is bankrupt: the game ends
(option ``bankruptcy="end"``, the default) or the bankrupt's companies leave the game
(``"continue"``; see :func:`.operating.bankruptcy.bankrupt`).

Readings where the rules are silent (each is a choice, listed in the module's report):

* the per-share amount is rounded down; a remainder stays in the bank;
* the payout's price change compares the whole revenue with the share price;
* a company whose trains earn 0 is treated like one with no train (0, one step down);
* trading a train in for the ∞ removes it from the game ("to the bank", not the pool) and
  needs no free slot, as the count of trains does not grow; only the stack's ∞ is
  offered for a trade-in, and an ∞ is not traded in for another;
* a turn ends by itself once the company has nothing left to decide (for instance when
  a purchase fills its last slot and no trade-in is possible);
* a train offer to a company with the same president is accepted at once; a refused
  offer may be made again during the turn only at a higher price;
* a forced purchase may choose between equally cheap trains of the stack and the pool;
  the president keeps whatever the sales raise beyond the price;
* the grey cards' supply is unlimited: once the stack is empty, a 7/∞ card is still for
  sale (rulebook note under "Train purchasing") in games whose printing says so;
* a minor that has not yet operated cannot have its shares sold in a forced purchase
  either (the Stock Round rule).
"""
from __future__ import annotations

from collections.abc import Callable

from boardroom.core.errors import IllegalAction
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board.hubs import PlaceHub, PlaceSuburb
from boardroom.titles.lost_atlas.board.track_laying import LayBudget, TileLay
from boardroom.titles.lost_atlas.rounds.operating import (
    forced_purchase,
    hub,
    leadoff,
    payout,
    run,
    shares,
    track,
    train_purchase,
)
from boardroom.titles.lost_atlas.rounds.operating.forced_purchase import forced_sale_problem
from boardroom.titles.lost_atlas.rounds.operating.hub import (
    has_suburb_options,
    suburb_options,
)
from boardroom.titles.lost_atlas.rounds.operating.notation import (
    POOL,
    STACK,
    VERBS,
    Agree,
    AnyAction,
    BuyTrain,
    Decline,
    ForceTrain,
    Issue,
    Liquidate,
    OfferTrain,
    OperatingAction,
    Payout,
    Redeem,
    Run,
    Waypoint,
    Withhold,
    parse,
)
from boardroom.titles.lost_atlas.rounds.operating.payout import move_after_pay_out, payout_steps
from boardroom.titles.lost_atlas.rounds.operating.run import (
    Runs,
    best_revenue,
    best_runs,
    operating_network,
    operating_reach,
    route_trains,
)
from boardroom.titles.lost_atlas.rounds.operating.train_market import (
    affordable_purchase,
    cheapest,
)
from boardroom.titles.lost_atlas.rounds.operating.turn import (
    HUB,
    LEADOFF,
    PASS_WORDS,
    PAYOUT,
    RUN,
    SHARES,
    STEPS,
    TRACK,
    TRAINS,
    Forced,
    Offer,
    OperatingRound,
    operating,
)
from boardroom.titles.lost_atlas.rounds.points import POINTS, interlude, seat_name
from boardroom.titles.lost_atlas.state import OVER, LostAtlasState

__all__ = [  # the round's names other layers use (notation, steps, route readings)
    "HUB", "LEADOFF", "PAYOUT", "POOL", "RUN", "SHARES", "STACK", "STEPS", "TRACK",
    "TRAINS", "VERBS", "Agree", "AnyAction", "BuyTrain", "Decline", "ForceTrain", "Forced",
    "Issue", "Liquidate", "Offer", "OfferTrain", "OperatingAction", "OperatingRound",
    "Payout", "Redeem", "Run", "Runs", "Waypoint", "Withhold", "apply", "best_revenue",
    "best_runs", "check", "describe", "legal", "move_after_pay_out", "operating_network",
    "operating_reach", "parse", "payout_steps", "start", "to_act",
]


# -- the round --------------------------------------------------------------------------------
def start(state: LostAtlasState, log: list[str]) -> None:
    """Begin an Operating Round: the first company in stock order takes its turn."""
    log.append(f"Operating Round {state.cycle}.{state.or_number} begins.")
    first = _next_company(state, [])
    if first is None:
        state.op = None
        log.append("No company operates.")
        return
    state.op = OperatingRound(company=first)
    _begin_turn(state, log)
    if _settle(state, log):
        _close(state, log)


def _next_company(state: LostAtlasState, done: list[str]) -> str | None:
    for company in state.stock.operating_order():
        if company not in done:
            return company
    return None


def _begin_turn(state: LostAtlasState, log: list[str]) -> None:
    op = operating(state)
    corp = state.corps[op.company]
    op.step = LEADOFF
    op.budget = LayBudget()
    op.revenue = 0
    op.offer = None
    op.refused = {}
    op.forced = None
    op.phase = state.phase
    seat = state.president(op.company)
    log.append(f"{corp.name} operates ({seat_name(state, seat)} presides; treasury "
               f"{state.treasury(op.company)}).")
    for hook in POINTS.start_of_turn:  # the Headquarters pays its holder
        hook(state, op.company, log)


def to_act(state: LostAtlasState) -> int:
    op: OperatingRound = state.op  # asked at every action: no operating call
    if op.offer is not None:
        return state.president(op.offer.seller)
    return state.president(op.company)


def _step_options(state: LostAtlasState) -> list[OperatingAction]:
    """The operating company's choices in its current step (not pass, not suburbs),
    the variants' extra ones (``points.step_options``) last."""
    out = _rulebook_step_options(state)
    if POINTS.step_options:
        op = operating(state)
        for hook in POINTS.step_options:  # the Headquarters' placement, Unions Win!'s half
            out.extend(hook(state, op.company, op.step))
    return out


_STEP_OPTIONS: dict[str, Callable[[LostAtlasState, OperatingRound],
                                  list[OperatingAction]]] = {
    LEADOFF: leadoff.options, SHARES: shares.options, TRACK: track.options,
    HUB: hub.options, RUN: run.options, PAYOUT: payout.options,
    TRAINS: train_purchase.options,
}
"""Each step's listing of the operating company's choices (the step module's rules)."""

_STEP_HAS_OPTION: dict[str, Callable[[LostAtlasState, OperatingRound], bool]] = {
    LEADOFF: leadoff.has_option, SHARES: shares.has_option, HUB: hub.has_option,
    PAYOUT: payout.has_option, TRAINS: train_purchase.has_option,
}
"""Whether a step's listing has anything, asked without listing it (the run and the
track step are answered by :func:`_has_step_options` itself)."""


def _rulebook_step_options(state: LostAtlasState) -> list[OperatingAction]:
    op = operating(state)
    return _STEP_OPTIONS[op.step](state, op)



def _has_step_options(state: LostAtlasState, op: OperatingRound) -> bool:
    """Whether the current step (of ``op``, the round under way) offers anything: what
    :func:`_step_options` would list, asked of the same rules without listing it (track
    lays and train offers are the long lists), the variants' step options last."""
    if op.step == RUN:  # the run is listed when it has trains (no need to solve here)
        return bool(route_trains(state, op.company))
    if op.step == TRACK:
        return track.has_option(state, op)
    return (_STEP_HAS_OPTION[op.step](state, op)
            or any(hook(state, op.company, op.step) for hook in POINTS.step_options))


def _may_pass(state: LostAtlasState) -> IllegalAction | None:
    op = operating(state)
    company = op.company
    if op.step == RUN:
        return IllegalAction("lost_atlas.or.run", "the company runs its trains now")
    if op.step == PAYOUT:
        return IllegalAction("lost_atlas.or.payout", "pay the revenue out or withhold it")
    if op.step == TRAINS and not state.corps[company].trains and (
            affordable_purchase(state, company) or cheapest(state)):
        return IllegalAction("lost_atlas.trains.must-buy",
                                 f"{state.corps[company].name} owns no train and must buy one")
    return None


def legal(state: LostAtlasState, seat: int) -> list[OperatingAction]:
    if state.op is None or seat != to_act(state):
        return []
    op = operating(state)
    if op.offer is not None:
        return [Agree(), Decline()]
    if op.forced is not None:
        seat = state.president(op.company)
        return [Liquidate(c) for c in sorted(state.corps)
                if forced_sale_problem(state, seat, c) is None]
    inserted = interlude(state, op.company)
    if inserted is not None:  # the Headquarters' Land Grant or Commercial Zoning
        return list(inserted.legal(state, op.company))
    out = _step_options(state)
    out.extend(suburb_options(state))
    if _may_pass(state) is None:
        out.append(Pass())
    return out


# -- checking -----------------------------------------------------------------------------
_ANSWERS = (Agree, Decline)
_SHARE_ACTIONS = (Issue, Redeem)
_PAYOUTS = (Payout, Withhold)
"""Action classes :func:`check` and :func:`apply` ask for together, as tuples made once
(a union written in the call is built again at every action)."""




def check(state: LostAtlasState, action: AnyAction, seat: int) -> IllegalAction | None:
    """The rule ``action`` of ``seat`` breaks now, or None. That ``seat`` is the one
    to act (``core.not-your-decision``) the title has checked already (``Title.check``,
    as for the Stock Round). A question waiting (an offer, a forced purchase's sales, a
    variant's interlude) comes first, then the step; each step's own rules are its
    module's."""
    if state.op is None:
        return IllegalAction("lost_atlas.or.turn", "no company is operating")
    op = operating(state)
    if op.offer is not None:
        if isinstance(action, _ANSWERS):
            return None
        seller = state.corps[op.offer.seller].name
        return IllegalAction("lost_atlas.trains.offer",
                             f"{seller}'s president must agree to or decline the offer")
    if op.forced is not None:
        if not isinstance(action, Liquidate):
            return IllegalAction("lost_atlas.trains.forced-sale",
                                 "the president sells shares one at a time until the "
                                 "forced purchase is paid")
        return forced_sale_problem(state, seat, action.company)
    inserted = interlude(state, op.company)
    if inserted is not None:
        return inserted.check(state, op.company, action)
    if isinstance(action, _ANSWERS):
        return IllegalAction("lost_atlas.trains.offer", "no offer is waiting for an answer")
    if isinstance(action, Liquidate):
        return IllegalAction("lost_atlas.trains.forced-sale",
                             "shares are sold in the Operating Round only for a forced "
                             "train purchase")
    if isinstance(action, PlaceSuburb):
        return hub.check_suburb(state, op, action)
    if isinstance(action, Pass):
        return _may_pass(state)
    wrong = _wrong_step(state, action)
    if wrong is not None:
        return wrong
    if isinstance(action, _SHARE_ACTIONS):
        return shares.check_shares(state, action)
    added = POINTS.step_actions.get(type(action))
    if added is not None:  # a variant's action (the Headquarters, Unions Win!)
        return added.check(state, op.company, action)
    if isinstance(action, TileLay):
        return track.check(state, op, action)
    if isinstance(action, PlaceHub):
        return hub.check(state, op, action)
    if isinstance(action, Run):
        return run.check(state, action)
    if isinstance(action, _PAYOUTS):
        return payout.check(state, action)
    if isinstance(action, BuyTrain):
        return train_purchase.check_buy(state, action)
    if isinstance(action, OfferTrain):
        return train_purchase.check_offer(state, action)
    if isinstance(action, ForceTrain):
        return forced_purchase.check_force(state, action)
    return IllegalAction("lost_atlas.or.step", f"{action} is not an Operating Round action")


_STEP_OF: dict[type, tuple[str, ...]] = {
    Issue: (SHARES,), Redeem: (SHARES,), TileLay: (TRACK,), PlaceHub: (HUB,), Run: (RUN,),
    Payout: (PAYOUT,), Withhold: (PAYOUT,),
    BuyTrain: (LEADOFF, TRAINS),
    OfferTrain: (TRAINS,), ForceTrain: (TRAINS,),
}


def _wrong_step(state: LostAtlasState, action: AnyAction) -> IllegalAction | None:
    op = operating(state)
    steps = _STEP_OF.get(type(action))
    if steps is None and (added := POINTS.step_actions.get(type(action))) is not None:
        steps = added.steps
    if steps is None:
        return IllegalAction("lost_atlas.or.step", f"{action} is not an Operating Round action")
    if op.step in steps:
        return None
    if isinstance(action, BuyTrain) and op.step != LEADOFF and STEPS.index(op.step) < STEPS.index(
            TRAINS):
        return IllegalAction("lost_atlas.or.step",
                             f"trains are bought after running (now: the {op.step} step)")
    if STEPS.index(steps[-1]) < STEPS.index(op.step):
        return IllegalAction("lost_atlas.or.step",
                             f"the {steps[-1]} step is over (now: the {op.step} step)")
    return IllegalAction("lost_atlas.or.step",
                         f"the {op.step} step comes first (pass to skip it)")


# -- applying -----------------------------------------------------------------------------------
def apply(state: LostAtlasState, action: AnyAction, seat: int, log: list[str]) -> bool:
    """Apply a checked action; return True when the whole Operating Round is over. Each
    step's action is applied by its module; the step then moves on (the track and trains
    steps, and a variant's action that says so, stay for more)."""
    op = operating(state)
    company = op.company
    inserted = interlude(state, company)
    if inserted is not None:  # a Land Grant or Commercial Zoning lay or stop
        inserted.apply(state, company, action, log)
        if interlude(state, company) is None:
            _next_step(state, log)
        return _settle(state, log) and _close(state, log)
    if isinstance(action, _ANSWERS):
        train_purchase.answer(state, isinstance(action, Agree), log)
    elif isinstance(action, Liquidate):
        forced_purchase.liquidate(state, action.company, log)
        if state.round == OVER:
            return False
    elif isinstance(action, PlaceSuburb):
        hub.place_suburb(state, company, action, log)
        return _settle(state, log) and _close(state, log)
    elif isinstance(action, Pass):
        log.append(f"{state.corps[company].name} "
                   f"{PASS_WORDS.get(op.step, f'passes ({op.step})')}.")
        if op.step == TRAINS:
            if _end_turn(state, log):
                return _close(state, log)
        else:
            _next_step(state, log)
    elif isinstance(action, Issue):
        shares.issue(state, company, log)
        _next_step(state, log)
    elif isinstance(action, Redeem):
        shares.redeem(state, company, log)
        _next_step(state, log)
    elif isinstance(action, TileLay):
        track.lay(state, op, action, log)
    elif isinstance(action, PlaceHub):
        hub.place(state, company, action, log)
        _next_step(state, log)
    elif (added := POINTS.step_actions.get(type(action))) is not None:
        if added.apply(state, company, action, log):  # the variant's action ends the step
            _next_step(state, log)
    elif isinstance(action, Run):
        run.run_trains(state, op, action, log)
        _next_step(state, log)
    elif isinstance(action, Payout):
        payout.pay_out(state, company, op.revenue, log)
        _next_step(state, log)
    elif isinstance(action, Withhold):
        payout.withhold(state, company, op.revenue, log)
        _next_step(state, log)
    elif isinstance(action, BuyTrain):
        train_purchase.buy(state, company, action, log)
        if op.step == LEADOFF:
            _next_step(state, log)
    elif isinstance(action, OfferTrain):
        train_purchase.offer(state, company, action, log)
    elif isinstance(action, ForceTrain):
        forced_purchase.force(state, action, log)
        if state.round == OVER:
            return False
    return _settle(state, log) and _close(state, log)


def _close(state: LostAtlasState, log: list[str]) -> bool:
    log.append(f"Operating Round {state.cycle}.{state.or_number} ends.")
    state.op = None
    return True


def _next_step(state: LostAtlasState, log: list[str]) -> None:
    op = operating(state)
    if op.step == TRAINS:
        return
    op.step = STEPS[STEPS.index(op.step) + 1]


def _settle(state: LostAtlasState, log: list[str]) -> bool:
    """Move past steps with nothing to decide (doing what they do without a choice);
    end turns and begin the next. True when no company is left to operate.

    The questions about the company's turn as a whole (is it still there, does a variant
    play it, is an offer, a forced purchase or a variant's interlude pending) are asked
    again after anything happened, but not when only the step moved on: nothing they
    read has changed then."""
    stepped = False  # only the step moved on since the company's questions were asked
    while True:
        op = operating(state)
        if not stepped:
            if state.round == OVER:
                return False
            if op.company not in state.corps:  # dissolved or removed during its turn
                if _end_turn(state, log, flip=False):
                    return True
                continue
            if _automated_turn(state, op.company, log):  # the Solo Game's Conglomerate
                if state.round == OVER or _end_turn(state, log):
                    return state.round != OVER
                continue
            if op.offer is not None or op.forced is not None:
                return False
            if interlude(state, op.company) is not None:
                return False
        stepped = False
        if op.step == RUN and not route_trains(state, op.company):
            payout.no_revenue(state, op.company, "has no train", log)
            op.step = TRAINS
            continue
        if op.step == PAYOUT and op.revenue <= 0:
            payout.no_revenue(state, op.company, "earns nothing", log)
            op.step = TRAINS
            continue
        if _has_step_options(state, op) or has_suburb_options(state, op):
            return False
        corp = state.corps[op.company]
        if op.step == TRAINS:
            if not corp.trains and _may_pass(state) is None:
                log.append(f"{corp.name} owns no train and none can be bought.")
            if _end_turn(state, log):
                return True
            continue
        _next_step(state, log)
        stepped = True


def _automated_turn(state: LostAtlasState, company: str, log: list[str]) -> bool:
    """True if a variant played ``company``'s whole turn itself."""
    return any(hook(state, company, log) for hook in POINTS.automated_turn)


def _end_turn(state: LostAtlasState, log: list[str], flip: bool = True) -> bool:
    """The company's token is flipped; the next company begins. True if none is left."""
    op = operating(state)
    op.done.append(op.company)
    corp = state.corps.get(op.company)
    if flip and corp is not None:
        corp.operated = True
    nxt = _next_company(state, op.done)
    if nxt is None:
        return True
    op.company = nxt
    _begin_turn(state, log)
    return False


# -- reading ------------------------------------------------------------------------------------
def describe(state: LostAtlasState) -> dict[str, object] | None:
    """The Operating Round's public state as JSON values (for the title's view)."""
    op = state.op
    if not isinstance(op, OperatingRound):
        return None
    out: dict[str, object] = {
        "company": op.company,
        "step": op.step,
        "operated": list(op.done),
        "yellow_laid": op.budget.yellow,
        "upgrades_laid": op.budget.upgrades,
        "revenue": op.revenue,
        "refused_offers": [[seller, train, price]
                           for (seller, train), price in sorted(op.refused.items())],
    }
    if op.step == RUN and op.company in state.corps and op.company not in state.discards:
        out["best_revenue"] = best_revenue(state)
    if op.offer is not None:
        out["offer"] = {"seller": op.offer.seller, "train": op.offer.train,
                        "price": op.offer.price}
    if op.forced is not None:
        out["forced"] = {"train": op.forced.train, "source": op.forced.source,
                         "sold": dict(sorted(op.forced.sold.items()))}
    return out
