"""Congress as a Boardroom title: setup, who decides, legality, applying actions, views.

The rules live in the modules named after them: :mod:`.merger` and
:mod:`.merger_company` (the post, shared/rules/004), :mod:`.capitalise`,
:mod:`.expand`, :mod:`.develop`, :mod:`.dividends` and :mod:`.flow` (Boardroom's
provisional frame around it, docs/congress.md). This module wires them to the core.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardroom.core.errors import IllegalAction, OptionError
from boardroom.core.ledger import Ledger
from boardroom.core.registry import register
from boardroom.core.rng import Rng
from boardroom.core.title import JSON, Result, Title
from boardroom.titles.congress import (
    capitalise,
    develop,
    expand,
    flow,
    merger,
    merger_company,
    months,
    turns,
)
from boardroom.titles.congress.actions import (
    DONE,
    PASS,
    Bid,
    CongressAction,
    Develop,
    DevelopLink,
    Done,
    Expand,
    Merge,
    Nominate,
    Pass,
    Start,
    parse,
)
from boardroom.titles.congress.data import Data, load_data, parse_text
from boardroom.titles.congress.state import (
    ACQUIRED,
    ACTIVE,
    ALL_STARTED,
    AUCTION,
    BANK,
    CAPITALISE,
    EXPAND_MORE,
    FREE_LINK,
    INACTIVE,
    MERGE,
    OVER,
    POOL,
    PORT_AUCTION,
    START,
    SUPPLY,
    TURN,
    CongressState,
    face_down,
    player,
    treasury,
)

OPTIONS = {"chaining": ("none", "automatic"), "special_dividend": ("chooser", "acquired")}
"""The post's two switches; the first value of each is the default (the revised rules)."""

_STEP_WORDS = {
    TURN: "take a turn (auction, expand, develop or pass)",
    EXPAND_MORE: "build another link with the same company or say done",
    AUCTION: "bid or pass",
    MERGE: "decide the merger",
    START: "start a merger company",
    ALL_STARTED: "pass or auction a pool share",
    FREE_LINK: "lay the free link",
}
_BIDS: list[Bid] = [Bid(k) for k in range(1000)]
STATUS_WORDS = {INACTIVE: "inactive", ACTIVE: "active", ACQUIRED: "component"}


def _bid(k: int) -> Bid:
    return _BIDS[k] if k < len(_BIDS) else Bid(k)


def _wrong_step(state: CongressState) -> IllegalAction:
    return IllegalAction("congress.turn.sequence",
                         f"{state.players[state.actor]} must {_STEP_WORDS[state.step]} now")


class CongressTitle(Title[CongressState, CongressAction]):
    name = "congress"
    display_name = "Congress"
    rules_version = "2"
    legacy_rules_versions = ("1",)
    """Version 2: the designer's frame (congress-facts.md: the Great Britain map, the months
    track); version 1: the first invented frame, for its records (docs/congress.md)."""
    min_players = 2
    max_players = 6

    # -- setup ----------------------------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any],
                          players: Sequence[str]) -> dict[str, Any]:
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

    def setup(self, players: Sequence[str], seed: int,
              options: Mapping[str, Any]) -> tuple[CongressState, list[str]]:
        """Rules version 2: the months track; the markers stacked by cash (rule
        congress.months.initial-order)."""
        data: Data = load_data(options.get("data"))
        if data.version != 2:
            raise OptionError("this data file has format version 1, which belongs to Congress "
                              "rules version 1; rules version 2 needs version 2 data")
        n = len(players)
        rules = data.rules
        cash = {player(s): rules.starting_cash[n] for s in range(n)}
        cash[BANK] = rules.bank
        for co in data.companies:
            cash[treasury(co.id)] = 0
        ledger = Ledger(cash, overdraft={BANK})
        for co in data.companies:
            ledger.issue(co.id, POOL, co.pool + co.merger_supply)
            ledger.move_shares(co.id, POOL, SUPPLY, co.merger_supply)
            if co.pool == 0:
                ledger.shares[co.id].pop(POOL, None)
        order = months.opening_order([rules.starting_cash[n]] * n, seed)
        k = len(data.companies)
        state = CongressState(
            data=data, players=list(players), chaining=options["chaining"],
            special_dividend=options["special_dividend"], ledger=ledger,
            status=[INACTIVE] * k, income=[0] * k,
            markers=[co.markers for co in data.companies],
            network=[set() for _ in range(k)], homes=[set() for _ in range(k)],
            owner=[-1] * len(data.links), value=[c.value for c in data.cities],
            developed=[0] * len(data.cities), dev_left=rules.develop_markers,
            first=order[0], current=order[0], step=TURN, actor=order[0],
        )
        months.place_markers(state, order)
        payer = ("the side the active player chooses" if options["special_dividend"] ==
                 "chooser" else "the acquired company")
        log = [f"Congress: chaining {options['chaining']}, Special Dividend paid by {payer}.",
               f"Everyone starts with {rules.starting_cash[n]}; every marker stands on month "
               f"0 of the months track, stacked by cash (equal cash drawn by lot): "
               f"{', '.join(players[s] for s in order)}.",
               f"Round 1 begins (cut-off: month {months.cutoff(state)})."]
        return state, log

    def setup_under(self, players: Sequence[str], seed: int, options: Mapping[str, Any],
                    rules_version: str) -> tuple[CongressState, list[str]]:
        """Rules version 1 (the first frame), for its records: its own data file."""
        if rules_version != "1":
            raise OptionError(f"Congress has no rules version {rules_version!r}")
        raw = options.get("data")
        data: Data = load_data(raw, version=1)
        if data.version != 1:
            raise OptionError("Congress rules version 1 needs data of format version 1")
        n = len(players)
        if n not in data.rules.players:
            raise OptionError(f"Congress rules version 1 is for 3-5 players, not {n} "
                              f"[rule congress.setup.players]")
        rules = data.rules
        cash = {player(s): rules.starting_cash[n] for s in range(n)}
        cash[BANK] = rules.bank
        for co in data.companies:
            cash[treasury(co.id)] = 0
        ledger = Ledger(cash, overdraft={BANK})
        for co in data.companies:
            ledger.issue(co.id, POOL, co.pool + co.merger_supply)
            ledger.move_shares(co.id, POOL, SUPPLY, co.merger_supply)
            if co.pool == 0:
                ledger.shares[co.id].pop(POOL, None)
        first = Rng(seed).below(n)
        k = len(data.companies)
        state = CongressState(
            data=data, players=list(players), chaining=options["chaining"],
            special_dividend=options["special_dividend"], ledger=ledger,
            status=[INACTIVE] * k, income=[0] * k,
            markers=[co.markers for co in data.companies],
            network=[set() for _ in range(k)], homes=[set() for _ in range(k)],
            owner=[-1] * len(data.links), value=[c.value for c in data.cities],
            developed=[0] * len(data.cities), dev_left=rules.develop_markers,
            first=first, current=first, step=TURN, actor=first,
        )
        log = [f"Congress: chaining {options['chaining']}, Special Dividend paid by "
               f"{'the side the active player chooses' if options['special_dividend'] == 'chooser' else 'the acquired company'}.",  # noqa: E501
               f"Everyone starts with {rules.starting_cash[n]}; {players[first]} plays first.",
               "Round 1 begins."]
        return state, log

    def copy_state(self, state: CongressState) -> CongressState:
        return state.copy()

    def parse(self, text: str) -> CongressAction:
        return parse(text)

    # -- who and what ---------------------------------------------------------------------
    def to_act(self, state: CongressState) -> tuple[int, ...]:
        if state.step == OVER:
            return ()
        if state.step == AUCTION:
            assert state.auction is not None
            return (state.auction.order[0],)
        return (state.actor,)

    def legal_actions(self, state: CongressState, seat: int) -> list[CongressAction]:
        if state.step == OVER or seat not in self.to_act(state):
            return []
        step = state.step
        data = state.data
        cos = data.companies
        out: list[CongressAction] = []
        if state.version == 2 and step in turns.STEPS:
            return turns.legal(state, seat)
        if step == TURN:
            out.extend(Nominate(co.id) for c, co in enumerate(cos)
                       if capitalise.may_offer(state, c))
            for c, co in enumerate(cos):
                if expand.may_expand(state, seat, c):
                    out.extend(Expand(co.id, data.cities[f].id, data.cities[t].id)
                               for _, f, t in expand.links(state, c))
            out.extend(Develop(city.id) for k, city in enumerate(data.cities)
                       if develop.check(state, seat, k) is None)
            out.append(PASS)
        elif step == EXPAND_MORE:
            c = state.expanding
            out.extend(Expand(cos[c].id, data.cities[f].id, data.cities[t].id)
                       for _, f, t in expand.links(state, c))
            out.append(DONE)
        elif step == AUCTION:
            floor = capitalise.bid_floor(state)
            out.extend(_bid(k) for k in range(floor, state.cash(seat) + 1))
            out.append(PASS)
        elif step == MERGE:
            out.extend(merger.options(state))
        elif step == START:
            out.extend(Start(cos[c].id) for c in merger_company.inactive(state))
        elif step == ALL_STARTED:
            out.extend(Nominate(co.id) for c, co in enumerate(cos)
                       if state.status[c] == ACTIVE and state.pool(c) > 0)
            out.append(PASS)
        return out

    def check(self, state: CongressState, action: CongressAction,
              seat: int) -> IllegalAction | None:
        step = state.step
        if step == OVER:
            return IllegalAction("core.game-over", "the game is over")
        deciding = state.auction.order[0] if step == AUCTION and state.auction else state.actor
        if seat != deciding:
            return IllegalAction("core.not-your-decision",
                                 f"it is {state.players[self.to_act(state)[0]]}'s decision, "
                                 f"not {state.players[seat]}'s")
        data = state.data
        if state.version == 2 and step in turns.STEPS:
            return turns.check(state, action, seat)
        if isinstance(action, DevelopLink):
            return IllegalAction("notation", "rules version 1 develops one city: "
                                 "develop CITY") if state.version == 1 else _wrong_step(state)
        if isinstance(action, Pass):
            return None if step in (TURN, AUCTION, ALL_STARTED) else _wrong_step(state)
        if isinstance(action, Bid):
            if step != AUCTION:
                return _wrong_step(state)
            return capitalise.check_bid(state, seat, action.amount)
        if isinstance(action, Done):
            return None if step == EXPAND_MORE else _wrong_step(state)
        if isinstance(action, Nominate | Start | Expand):
            company = data.company_index.get(action.company)
            if company is None:
                return IllegalAction("notation", f"there is no company {action.company} "
                                     f"({', '.join(data.company_index)})")
            if isinstance(action, Nominate):
                if step == TURN:
                    return capitalise.check_offer(state, company)
                if step == ALL_STARTED:
                    return merger_company.all_started_offer(state, company)
                return _wrong_step(state)
            if isinstance(action, Start):
                if step != START:
                    return _wrong_step(state)
                return merger_company.check_start(state, company)
            if step not in (TURN, EXPAND_MORE):
                return _wrong_step(state)
            if step == EXPAND_MORE and company != state.expanding:
                return IllegalAction("congress.expand.same-company",
                                     f"this Expand is {state.cid(state.expanding)}'s")
            frm = data.city_index.get(action.frm)
            to = data.city_index.get(action.to)
            if frm is None or to is None:
                return IllegalAction("notation", f"there is no city "
                                     f"{action.frm if frm is None else action.to}")
            if step == EXPAND_MORE and state.links_built >= data.rules.links_per_expand:
                return IllegalAction("congress.expand.limit", "no more links this turn")
            return expand.check(state, seat, company, frm, to)
        if isinstance(action, Develop):
            if step != TURN:
                return _wrong_step(state)
            city = data.city_index.get(action.city)
            if city is None:
                return IllegalAction("notation", f"there is no city {action.city}")
            return develop.check(state, seat, city)
        if isinstance(action, Merge):
            if step != MERGE:
                return _wrong_step(state)
            return merger.check_merge(state, action)
        return IllegalAction("notation", f"{action!r} is not a Congress action")

    # -- doing ----------------------------------------------------------------------------
    def apply(self, state: CongressState, action: CongressAction, seat: int) -> list[str]:
        log: list[str] = []
        data = state.data
        step = state.step
        if state.version == 2 and step in turns.STEPS:
            turns.apply(state, action, seat, log)
            return log
        if isinstance(action, Pass):
            if step == AUCTION:
                if capitalise.pass_(state, seat, log):
                    self._auction_over(state, log)
                else:
                    self._next_bidder(state)
            else:
                log.append(f"{state.players[seat]} passes.")
                flow.end_turn(state, log)
        elif isinstance(action, Bid):
            if capitalise.bid(state, seat, action.amount, log):
                self._auction_over(state, log)
            else:
                self._next_bidder(state)
        elif isinstance(action, Nominate):
            company = data.company_index[action.company]
            capitalise.open_auction(state, company, POOL, seat, CAPITALISE)
            state.step = AUCTION
            self._next_bidder(state)
            log.append(f"{state.players[seat]} auctions a {action.company} share.")
        elif isinstance(action, Expand):
            self._expand(state, seat, action, log)
        elif isinstance(action, Done):
            log.append(f"{state.players[seat]} ends the Expand.")
            flow.end_turn(state, log)
        elif isinstance(action, Develop):
            develop.develop(state, seat, data.city_index[action.city], log)
            flow.end_turn(state, log)
        elif isinstance(action, Merge):
            acquired = data.company_index[action.acquired]
            acquirer = data.company_index[action.acquirer]
            payer = acquired if action.payer is None else data.company_index[action.payer]
            merger.resolve(state, acquired, acquirer, payer, log)
            merger_company.after_merger(state, state.current, log)
        elif isinstance(action, Start):
            merger_company.start(state, seat, data.company_index[action.company], log)
        return log

    def _next_bidder(self, state: CongressState) -> None:
        assert state.auction is not None
        state.actor = state.auction.order[0]

    def _auction_over(self, state: CongressState, log: list[str]) -> None:
        a = state.auction
        assert a is not None
        if a.kind in (CAPITALISE, PORT_AUCTION):
            capitalise.settle_capitalise(state, log)
            if state.step != FREE_LINK:
                flow.end_turn(state, log)
        else:
            merger_company.settle(state, log)

    def _expand(self, state: CongressState, seat: int, action: Expand,
                log: list[str]) -> None:
        data = state.data
        company = data.company_index[action.company]
        frm, to = data.city_index[action.frm], data.city_index[action.to]
        if state.step == TURN:
            state.links_built = 0
        target = expand.build(state, seat, company, frm, to, log)
        if target >= 0:
            state.expanding = -1
            merger.connect(state, company, target, log)
            return
        if state.links_built < data.rules.links_per_expand and expand.links(state, company):
            state.step = EXPAND_MORE
            state.expanding = company
            state.actor = seat
        else:
            flow.end_turn(state, log)

    def chance_seen(self, state: CongressState) -> None:
        """Congress has no chance after its setup (the seed picks only the first player),
        so no take-back un-draws anything."""
        return None

    def label(self, state: CongressState, action: CongressAction, seat: int) -> str:
        """A sentence for a menu: what the action does, with names and amounts.

        >>> import boardroom
        >>> game = boardroom.new_game("congress", ["A", "B", "C"], seed=1)
        >>> game.title.label(game.state, parse("auction LMR"), game.to_act[0])[:73]
        'Auction a share of Liverpool & Manchester (LMR), starting it at Liverpool'
        """
        data = state.data
        if state.version == 2:
            text = self._label_2(state, action, seat)
            if text:
                return text
        if isinstance(action, Nominate | Start | Expand):
            c = data.company_index.get(action.company)
            if c is None:
                return str(action)
            co = data.companies[c]
            if isinstance(action, Nominate):
                start = (f", starting it at {data.cities[co.home].name}"
                         if state.status[c] == INACTIVE else "")
                return f"Auction a share of {co.name} ({co.id}){start}"
            if isinstance(action, Start):
                return f"Start {co.name} ({co.id}) at {data.cities[co.home].name}"
            frm, to = data.city_index.get(action.frm), data.city_index.get(action.to)
            link = data.link_between.get(frozenset((frm, to))) if frm is not None and \
                to is not None else None
            if link is None or to is None or frm is None:
                return str(action)
            where = f"{data.cities[frm].name}-{data.cities[to].name}"
            target = expand.home_company(state, to)
            gain = (f"reaching {state.cid(target)}'s home station: a merger" if target >= 0
                    else f"income +{state.value[to]}")
            return f"{co.id} builds {where} for {data.links[link].cost} ({gain})"
        if isinstance(action, Develop):
            city = data.city_index.get(action.city)
            if city is None:
                return str(action)
            return (f"Develop {data.cities[city].name} for {data.rules.develop_cost} "
                    f"(value {state.value[city]} -> "
                    f"{state.value[city] + data.rules.develop_step})")
        if isinstance(action, Merge):
            payer = action.payer or action.acquired
            return (f"{action.acquired} is acquired by {action.acquirer}; {payer} pays the "
                    f"Special Dividend")
        if isinstance(action, Bid):
            return f"Bid {action.amount}"
        if isinstance(action, Done):
            return "End the Expand here"
        if isinstance(action, Pass):
            if state.step == AUCTION:
                return "Pass (out of this auction)"
            return "Pass on the rest of the turn" if state.step == ALL_STARTED else \
                "Pass the turn"
        return str(action)

    def _label_2(self, state: CongressState, action: CongressAction, seat: int) -> str:
        """Rules version 2's sentences: prices in money and months, income previews."""
        data = state.data
        rules = data.rules
        if isinstance(action, Expand):
            c = data.company_index.get(action.company)
            frm, to = data.city_index.get(action.frm), data.city_index.get(action.to)
            if c is None or frm is None or to is None:
                return ""
            link = data.link_between.get(frozenset((frm, to)))
            if link is None:
                return ""
            free = state.step == FREE_LINK
            second = state.step == EXPAND_MORE
            cost = 0 if free else expand.link_cost(state, link, second)
            gain = state.value[frm] + state.value[to]
            target = expand.home_company(state, to, besides=c)
            where = f"{data.cities[frm].name}-{data.cities[to].name}"
            price = "as its free link" if free else (
                f"for {cost}" + ("" if second else f", {rules.cost_of('expand')} months"))
            merge = f"; reaches {state.cid(target)}'s home station: a merger" \
                if target >= 0 else ""
            return (f"{data.companies[c].id} builds {where} {price} (income "
                    f"{state.income[c]} -> {min(rules.income_max, state.income[c] + gain)}"
                    f"{merge})")
        if isinstance(action, DevelopLink):
            frm, to = data.city_index.get(action.frm), data.city_index.get(action.to)
            if frm is None or to is None:
                return ""
            gains = [f"{state.cid(c)} +{g}" for c, st in enumerate(state.status)
                     if st == ACTIVE and (g := develop.income_gain(state, c, (frm, to)))]
            return (f"Develop {data.cities[frm].name} and {data.cities[to].name} "
                    f"({rules.cost_of('develop')} month; values {state.value[frm]} -> "
                    f"{state.value[frm] + rules.develop_step}, {state.value[to]} -> "
                    f"{state.value[to] + rules.develop_step}; income "
                    f"{', '.join(gains) or 'unchanged'})")
        if isinstance(action, Nominate) and state.step == TURN:
            c = data.company_index.get(action.company)
            if c is None:
                return ""
            co = data.companies[c]
            start = (f", starting it at {data.cities[co.home].name} with a free link"
                     if state.status[c] == INACTIVE else "")
            return (f"Auction a share of {co.name} ({co.id}){start}; the winner pays "
                    f"{rules.cost_of('capitalise')} months, or you do if nobody bids")
        if isinstance(action, Pass) and state.step == TURN:
            return f"Pass ({rules.cost_of('pass')} month: no action is possible)"
        return ""

    # -- reading --------------------------------------------------------------------------
    def is_over(self, state: CongressState) -> bool:
        return state.step == OVER

    def result(self, state: CongressState) -> Result | None:
        return state.result

    def view(self, state: CongressState, seat: int | None) -> JSON:
        """Everything in Congress is public; every seat and a spectator see the same."""
        data = state.data
        ledger = state.ledger
        n = len(state.players)
        companies = []
        for c, co in enumerate(data.companies):
            held = ledger.shares[co.id]
            components = {other: count for other, h in ledger.shares.items()
                          if (count := h.get(face_down(co.id), 0))}
            companies.append({
                "id": co.id, "name": co.name, "kind": co.kind,
                "status": STATUS_WORDS[state.status[c]],
                "homes": sorted(data.cities[h].id for h in state.homes[c]) or
                [data.cities[co.home].id],
                "income": state.income[c],
                "treasury": ledger.cash[treasury(co.id)],
                "markers": state.markers[c],
                "pool": held.get(POOL, 0), "merger_supply": held.get(SUPPLY, 0),
                "issued": state.issued(c),
                "holders": {state.players[s]: held[player(s)] for s in range(n)
                            if held.get(player(s))},
                "face_down": components,
                "cities": sorted(data.cities[k].id for k in state.network[c]),
            })
        view: dict[str, Any] = {
            "title": self.name,
            "options": {"chaining": state.chaining,
                        "special_dividend": state.special_dividend},
            "round": state.round, "turn": state.turn,
            "general_dividends": [state.dividends_paid, data.rules.general_dividends],
            "next_dividend_round": (state.dividends_paid + 1) * data.rules.rounds_per_dividend,
            "current": state.current, "first": state.first,
            "to_act": list(self.to_act(state)), "step": state.step,
            "players": [{"name": name, "cash": state.cash(s),
                         "shares": {co.id: ledger.shares[co.id][player(s)]
                                    for co in data.companies
                                    if ledger.shares[co.id].get(player(s))}}
                        for s, name in enumerate(state.players)],
            "companies": companies,
            "cities": [{"id": city.id, "name": city.name, "value": state.value[k],
                        "developed": state.developed[k],
                        "home_of": data.companies[data.home_of[k]].id
                        if k in data.home_of else None}
                       for k, city in enumerate(data.cities)],
            "links": [{"link": data.link_name(k), "cost": ln.cost,
                       "owner": state.cid(state.owner[k]) if state.owner[k] >= 0 else None}
                      for k, ln in enumerate(data.links)],
            "development_markers_left": state.dev_left,
            "mergers": [{"turn": e.turn, "round": e.round, "kind": e.kind,
                         "acquirer": state.cid(e.acquirer), "acquired": state.cid(e.acquired),
                         "payer": state.cid(e.payer) if e.payer >= 0 else None}
                        for e in state.events],
        }
        if state.version == 2:
            self._view_2(state, view)
        if state.step == EXPAND_MORE:
            view["expanding"] = state.cid(state.expanding)
            view["links_built"] = state.links_built
        a = state.auction
        if a is not None:
            view["auction"] = {"company": state.cid(a.company), "from": a.source,
                               "kind": a.kind, "auctioneer": state.players[a.auctioneer],
                               "high": a.high,
                               "high_bidder": state.players[a.high_bidder]
                               if a.high_bidder >= 0 else None,
                               "bidding": [state.players[s] for s in a.order]}
        if state.pending is not None:
            view["merger"] = {"builder": state.cid(state.pending.builder),
                              "target": state.cid(state.pending.target)}
        if seat is not None:
            view["seat"] = seat
        if state.result is not None:
            view["result"] = state.result.to_json()
        return view

    def _view_2(self, state: CongressState, view: dict[str, Any]) -> None:
        """Rules version 2's additions: the map's geometry, the months track, the switch,
        and every link's owner, cost and the income it would add (for a table)."""
        data = state.data
        rules = data.rules
        view["rules_version"] = "2"
        for k, city in enumerate(data.cities):
            entry = view["cities"][k]
            entry.update(kind=city.kind, x=city.x, y=city.y,
                         links=len(data.links_at[k]))
        for k, ln in enumerate(data.links):
            entry = view["links"][k]
            entry.update(a=data.cities[ln.a].id, b=data.cities[ln.b].id,
                         foreign=data.cities[ln.a].kind == "port" or
                         data.cities[ln.b].kind == "port",
                         income=state.value[ln.a] + state.value[ln.b])
        n = len(state.players)
        view["months"] = {
            "track": [{"player": state.players[s], "month": state.months[s],
                       "stamp": state.stamp[s]} for s in range(n)],
            "cutoff": months.cutoff(state),
            "round_months": months.round_months(state),
            "costs": dict(rules.months or {}),
            "next": months.next_to_act(state) if state.step != OVER else -1,
        }
        view["switch"] = {"dividend": rules.switch_dividend, "passed": state.switched}
        view["income_track"] = {"max": rules.income_max,
                                "markers": [{"company": state.cid(c),
                                             "income": state.income[c]}
                                            for c, st in enumerate(state.status)
                                            if st == ACTIVE]}
        if state.step == FREE_LINK:
            view["free_link"] = state.cid(state.free_link)

    def invariants(self, state: CongressState) -> None:
        """Money and shares conserved, every share in exactly one place, the map and the
        income track consistent with the companies."""
        ledger = state.ledger
        ledger.check()
        data = state.data
        n = len(state.players)
        places = {player(s) for s in range(n)} | {POOL, SUPPLY}
        for c, co in enumerate(data.companies):
            held = ledger.shares[co.id]
            assert sum(held.values()) == co.pool + co.merger_supply, f"{co.id} shares"
            status = state.status[c]
            for holder in held:
                if holder.startswith("down:"):
                    parent = data.company_index[holder[5:]]
                    assert status == ACQUIRED, f"{co.id} face down but not acquired"
                    assert state.status[parent] == ACTIVE, f"{co.id} under an inactive parent"
                else:
                    assert holder in places, f"{co.id} share at {holder}"
                    assert status != ACQUIRED, f"{co.id} acquired but its shares are out"
            if status == INACTIVE:
                assert not state.network[c] and state.income[c] == 0
                assert ledger.cash[treasury(co.id)] == 0
                assert set(held) <= {POOL, SUPPLY}, f"inactive {co.id} has holders"
            elif status == ACTIVE:
                assert 0 <= state.income[c] <= data.rules.income_max, f"{co.id} income"
                assert state.homes[c] and state.homes[c] <= state.network[c]
            else:
                assert state.income[c] == 0 and state.markers[c] == 0
                assert ledger.cash[treasury(co.id)] == 0
                assert not state.network[c]
        built = sum(1 for o in state.owner if o >= 0)
        assert built + sum(state.markers) == sum(co.markers for co in data.companies), \
            "track markers created or lost"
        for link, owner in enumerate(state.owner):
            if owner >= 0:
                assert state.status[owner] == ACTIVE, "track of a company that is gone"
                ln = data.links[link]
                assert ln.a in state.network[owner] and ln.b in state.network[owner]
        for k, city in enumerate(data.cities):
            assert state.value[k] == city.value + state.developed[k] * data.rules.develop_step
        assert state.dev_left + sum(state.developed) == data.rules.develop_markers
        homes = [h for hs in state.homes for h in hs]
        assert len(homes) == len(set(homes)), "a home station in two companies"
        if state.version == 2:
            top = data.rules.income_max
            value = state.value
            for c, status in enumerate(state.status):
                if status == ACTIVE:
                    earned = sum(value[data.links[k].a] + value[data.links[k].b]
                                 for k, o in enumerate(state.owner) if o == c)
                    assert state.income[c] == min(top, earned), f"{state.cid(c)} income"
            assert len(state.months) == n and min(state.months) >= 0


TITLE = CongressTitle()
register(TITLE)
