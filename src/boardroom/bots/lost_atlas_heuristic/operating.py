"""The heuristic bot in the Operating Round: the step's choice (shares, track, hubs,
suburbs, the Headquarters, the payout, trains through :mod:`.trains`), offers it is
asked to answer and the shares it sells in a forced purchase."""

from __future__ import annotations

from boardroom.bots.lost_atlas_heuristic.knobs import (
    FRONTIER_WEIGHT,
    FUTURE_WEIGHT,
    LAY_MIN_GAIN,
    MAX_LAYS_SCORED,
    NEED_SOON_ORS,
    TERRAIN_WEIGHT,
)
from boardroom.bots.lost_atlas_heuristic.public import Public
from boardroom.bots.lost_atlas_heuristic.revenue import Frontier, revenue
from boardroom.bots.lost_atlas_heuristic.trains import TrainPlay
from boardroom.core.title import Action
from boardroom.titles.lost_atlas.actions import Pass
from boardroom.titles.lost_atlas.board.board import EMPTY_COLOUR
from boardroom.titles.lost_atlas.board.hubs import PlaceHub, PlaceSuburb
from boardroom.titles.lost_atlas.board.operator import (
    TUNNELING,
)
from boardroom.titles.lost_atlas.board.track_laying import TileLay
from boardroom.titles.lost_atlas.rounds.operating_round import (
    HUB,
    LEADOFF,
    PAYOUT,
    RUN,
    SHARES,
    TRACK,
    TRAINS,
    Agree,
    Decline,
    Issue,
    Liquidate,
    Payout,
    Run,
    Withhold,
)
from boardroom.titles.lost_atlas.state import (
    MERGER,
    Corp,
)
from boardroom.titles.lost_atlas.variants.headquarters import TAX, KeepHQ, PlaceHQ


class OperatingPlay(TrainPlay):
    """The Operating Round's choices (see the module doc)."""

    # -- Operating Round ----------------------------------------------------------------
    def _operating(self, pub: Public, seat: int, actions: list[Action]) -> Action:
        op = pub.op
        first = actions[0]
        if isinstance(first, Agree | Decline):
            return self._answer_offer(pub, actions)
        if isinstance(first, Liquidate):
            return self._liquidate(pub, seat, actions)
        company: str = op.company
        step: str = op.step
        if step == LEADOFF:
            return self._buy_train(pub, company, actions, leadoff=True)
        if step == SHARES:
            return self._shares(pub, seat, company, actions)
        if step == TRACK:
            return self._track(pub, company, actions)
        if step == HUB:
            return self._hub(pub, company, actions)
        if step == RUN:
            suburb = self._suburb(pub, company, actions)
            if suburb is not None:
                return suburb
            runs = [a for a in actions if isinstance(a, Run)]
            return runs[0] if runs else self._pass(actions)
        if step == PAYOUT:
            return self._payout(pub, seat, company, op.revenue, actions)
        if step == TRAINS:
            return self._buy_train(pub, company, actions, leadoff=False)
        return self._pass(actions)

    def _answer_offer(self, pub: Public, actions: list[Action]) -> Action:
        offer = pub.op.offer
        agree = next(a for a in actions if isinstance(a, Agree))
        decline = next(a for a in actions if isinstance(a, Decline))
        seller = pub.corps[offer.seller]
        face = pub.train_price(offer.train)
        left = len(seller.trains) - 1
        soon = pub.life(offer.train) < 1.0
        if left >= 1 and (offer.price >= face or (soon and offer.price >= face // 2)):
            return agree
        return decline

    def _liquidate(self, pub: Public, seat: int, actions: list[Action]) -> Action:
        scored = []
        for action in actions:
            assert isinstance(action, Liquidate)
            corp = pub.corps[action.company]
            mine = corp.shares.president == seat
            scored.append((pub.price(action.company) - (1000 if mine else 0), action))
        _, best = self._best(scored)
        assert best is not None
        return best

    def _needed_cash(self, pub: Public, company: str) -> int:
        """Money the company lacks for a train it will have to buy soon (0: none): it has
        no train, or all of its trains are expected to rust before its next turn."""
        corp = pub.corps[company]
        if corp.trains:
            soon = min(NEED_SOON_ORS, float(pub.ors_after_now()))
            if max(pub.life(t) for t in corp.trains) > soon:
                return 0
        price = pub.replacement_price(corp.trains)
        if price is None:
            return 0
        return max(0, price - pub.treasury(company))

    def _shares(self, pub: Public, seat: int, company: str, actions: list[Action]) -> Action:
        issue = next((a for a in actions if isinstance(a, Issue)), None)
        corp = pub.corps[company]
        if issue is not None and not corp.trains:
            need = self._needed_cash(pub, company)
            price = pub.price(company)
            loss = corp.shares.held(seat) * (price - self._step(pub, price, -1))
            if need > 0 and loss < min(need, price):
                return issue
        return self._pass(actions)

    # track
    def _lay_stops(self, pub: Public, company: str) -> tuple[list[int | None], list[int | None]]:
        """The trains a lay is scored with: the company's now, and a longer future one."""
        corp = pub.corps[company]
        now = self._stops(pub, corp.trains) or self._stops(pub, corp.rusted)
        if not now:
            top = pub.stack_choices()
            now = [pub.stops_of(top[0]) if top else 2]
        if any(s is None for s in now):
            future: list[int | None] = [None]
        else:
            future = [max(s for s in now if s is not None) + 2]
        return now, future

    def _track(self, pub: Public, company: str, actions: list[Action]) -> Action:
        """Score every legal lay (module doc): lays that only extend a dead end keep the
        routes' revenue and are scored by the frontier alone; the others (at most
        :data:`MAX_LAYS_SCORED`, the best by frontier first) are laid on a copy of the
        board and their routes computed."""
        lays = [a for a in actions if isinstance(a, TileLay)]
        if not lays:
            return self._pass(actions)
        corp = pub.corps[company]
        abil = corp.abilities
        now, future = self._lay_stops(pub, company)
        base_routes = (self._revenue(pub, company, now)
                       + FUTURE_WEIGHT * self._revenue(pub, company, future))
        edge = Frontier(pub, pub.board, company, abil)
        base = base_routes + FRONTIER_WEIGHT * edge.value()
        tiles = pub.components.tiles
        quick = self._quick_lays(pub, corp, edge, lays)
        routed = sorted((q for q in quick if q[2]),
                        key=lambda q: (-q[0], q[1]))[:MAX_LAYS_SCORED]
        scored: list[tuple[float, Action]] = []
        for score, lay, _ in routed:
            board = pub.board.copy()
            board.lay_tile(lay.hex, tiles[lay.tile], lay.rotation)
            gained = (revenue(pub, board, company, now, abil)
                      + FUTURE_WEIGHT * revenue(pub, board, company, future, abil))
            scored.append((score + gained, lay))
        scored.extend((score + base_routes, lay) for score, lay, connects in quick
                      if not connects)
        top, best = self._best(scored)
        if best is not None and top > base + LAY_MIN_GAIN:
            return best
        return self._pass(actions)

    def _quick_lays(self, pub: Public, corp: Corp, edge: Frontier,
                    lays: list[TileLay]) -> list[tuple[float, TileLay, bool]]:
        """Each lay's frontier term less its terrain penalty, and whether it might change
        the routes (no route is computed)."""
        tiles = pub.components.tiles
        treasury = pub.treasury(corp.id)
        quick: list[tuple[float, TileLay, bool]] = []
        for lay in lays:
            tile = tiles[lay.tile]
            cost = self._lay_cost(pub, corp, lay)
            penalty = TERRAIN_WEIGHT * cost
            if cost > 0 and treasury - cost < 100:
                penalty *= 2
            score = FRONTIER_WEIGHT * edge.after(lay, tile) - penalty
            quick.append((score, lay, edge.connects(lay, tile)))
        return quick

    def quick_track(self, pub: Public, company: str, actions: list[Action]) -> Action:
        """A cheap track step for a search's rollouts: the lay with the best frontier term
        less terrain penalty (:meth:`_quick_lays`), no route computed; a lay that might
        change the routes gets :data:`LAY_MIN_GAIN` more, as the full step would usually
        find it some revenue. Passes unless the best beats the frontier now by
        :data:`LAY_MIN_GAIN`."""
        lays = [a for a in actions if isinstance(a, TileLay)]
        if not lays:
            return self._pass(actions)
        corp = pub.corps[company]
        edge = Frontier(pub, pub.board, company, corp.abilities)
        base = FRONTIER_WEIGHT * edge.value()
        scored: list[tuple[float, Action]] = [
            (score + (LAY_MIN_GAIN if connects else 0.0), lay)
            for score, lay, connects in self._quick_lays(pub, corp, edge, lays)]
        top, best = self._best(scored)
        if best is not None and top > base + LAY_MIN_GAIN:
            return best
        return self._pass(actions)

    def _lay_cost(self, pub: Public, corp: Corp, lay: TileLay) -> int:
        """Terrain cost of a lay, less Tunneling's reward (negative: it earns)."""
        board = pub.board
        laid = board.track.laid.get(lay.hex)
        if laid is not None and laid.tile.colour != EMPTY_COLOUR:
            return 0
        cost = board.spaces[lay.hex].cost
        if cost and TUNNELING in corp.abilities:
            return cost - 60
        return cost

    # hubs and suburbs
    def _hub(self, pub: Public, company: str, actions: list[Action]) -> Action:
        hq = self._headquarters(pub, company, actions)
        if hq is not None:
            return hq
        spots = [a for a in actions if isinstance(a, PlaceHub)]
        if not spots:
            return self._pass(actions)
        corp = pub.corps[company]
        cost = min(corp.hub_costs)
        now, future = self._lay_stops(pub, company)
        base_now = revenue(pub, pub.board, company, now, corp.abilities)
        base_future = revenue(pub, pub.board, company, future, corp.abilities)
        horizon = max(1, min(4, pub.ors_after_now() + 1))
        scored = []
        for hub in spots:
            board = pub.board.copy()
            board.place_hub(hub.spot, company)
            gain_now = revenue(pub, board, company, now, corp.abilities) - base_now
            gain_future = revenue(pub, board, company, future, corp.abilities) - base_future
            scored.append((gain_now * horizon + FUTURE_WEIGHT * gain_future * horizon, hub))
        value, best = self._best(scored)
        reserve = self._needed_cash(pub, company)
        if best is not None and value >= cost and (cost == 0 or reserve == 0):
            return best
        return self._pass(actions)

    def _headquarters(self, pub: Public, company: str,
                      actions: list[Action]) -> Action | None:
        """Headquarters variant: place it with a Tax Break on the spot whose printed value
        and route gain are the highest (at once: the 80 pays for a charter space); lay
        the tiles of a Land Grant or Commercial Zoning (from a random bot's choice) as
        in the track step."""
        if any(isinstance(a, TileLay) for a in actions) and (
                pub.round == MERGER or all(isinstance(a, TileLay | Pass) for a in actions)):
            return self._track(pub, company, actions)
        places = [a for a in actions if isinstance(a, PlaceHQ) and a.effect == TAX]
        if not places:
            keep = [a for a in actions if isinstance(a, KeepHQ)]
            return keep[0] if keep else None
        corp = pub.corps[company]
        stops = self._stops(pub, corp.trains) or [2]
        base = revenue(pub, pub.board, company, stops, corp.abilities)
        scored = []
        for action in places:
            board = pub.board
            if company not in board.hubs.get(action.spot, ()):
                board = board.copy()
                board.place_hub(action.spot, company)
            gain = revenue(pub, board, company, stops, corp.abilities) - base
            scored.append((gain + pub.board.stop(action.spot).revenue / 2, action))
        _, best = self._best(scored)
        return best

    def _suburb(self, pub: Public, company: str, actions: list[Action]) -> Action | None:
        options = [a for a in actions if isinstance(a, PlaceSuburb)]
        if not options:
            return None
        corp = pub.corps[company]
        stops = self._stops(pub, list(corp.trains) + list(corp.rusted))
        if not stops:
            return None
        base = revenue(pub, pub.board, company, stops, corp.abilities)
        scored = []
        for suburb in options:
            board = pub.board.copy()
            board.suburbs[suburb.hex] = company
            scored.append((revenue(pub, board, company, stops, corp.abilities) - base, suburb))
        gain, best = self._best(scored)
        return best if gain > 0 else None

    # payout
    def _payout(self, pub: Public, seat: int, company: str, earned: int,
                actions: list[Action]) -> Action:
        """Pay out, unless the company lacks money for a train it must soon buy and the
        bot's share of the payout (dividends and the price difference) is worth less to
        it than the money it would otherwise have to put in itself."""
        payout = next((a for a in actions if isinstance(a, Payout)), None)
        withhold = next((a for a in actions if isinstance(a, Withhold)), None)
        if payout is None or withhold is None:
            return self._pass(actions)
        need = self._needed_cash(pub, company)
        if need <= 0:
            return payout
        corp = pub.corps[company]
        price = pub.price(company)
        held = corp.shares.held(seat)
        per_share = earned * corp.shares.share_percent // 100
        paid = self._price_path(pub, price, [earned], True)
        kept = self._price_path(pub, price, [earned], False)
        if min(earned, need) > held * (per_share + paid - kept):
            return withhold
        return payout
