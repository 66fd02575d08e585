"""The heuristic bot in the Merger Round: which merger to propose or agree to (the
gain in share value against the limit of majors), and its votes."""

from __future__ import annotations

from boardroom.bots.lost_atlas_heuristic.knobs import (
    MERGER_BONUS_PER_OR,
)
from boardroom.bots.lost_atlas_heuristic.operating import OperatingPlay
from boardroom.bots.lost_atlas_heuristic.public import Public
from boardroom.bots.lost_atlas_heuristic.revenue import revenue
from boardroom.core.title import Action
from boardroom.titles.lost_atlas.rounds.merger_round import (
    Accept,
    ChooseMajor,
    Propose,
    Refuse,
)
from boardroom.titles.lost_atlas.variants.hostile_mergers import ABSTAIN, NO, YES, Vote


class MergerPlay(OperatingPlay):
    """The Merger Round's choices (see the module doc)."""

    # -- Merger Round ---------------------------------------------------------------------
    def _merger(self, pub: Public, seat: int, actions: list[Action]) -> Action:
        first = actions[0]
        if pub.mr.major is not None and pub.mr.step == "headquarters":
            hq = self._headquarters(pub, pub.mr.major, actions)
            if hq is not None:
                return hq
        if isinstance(first, ChooseMajor):
            return first
        if isinstance(first, Accept | Refuse):
            accept = next(a for a in actions if isinstance(a, Accept))
            refuse = next(a for a in actions if isinstance(a, Refuse))
            minor, other = pub.mr.proposal
            return accept if self._merger_gain(pub, seat, minor, other) >= 0 else refuse
        if isinstance(first, Vote):  # Hostile Mergers: as it would accept or refuse
            minor, other = pub.mr.proposal
            gain = self._merger_gain(pub, seat, minor, other)
            choice = YES if gain > 0 else NO if gain < 0 else ABSTAIN
            return next(a for a in actions if isinstance(a, Vote) and a.choice == choice)
        scored = []
        for action in actions:
            if isinstance(action, Propose):
                if pub.mr.procedure is None and self._would_refuse(pub, seat, action.other,
                                                             action.minor):
                    continue
                scored.append((self._merger_gain(pub, seat, action.minor, action.other),
                               action))
        gain, best = self._best(scored)
        if best is not None and gain > 0:
            return best
        return self._pass(actions)

    def _would_refuse(self, pub: Public, seat: int, other: str, minor: str) -> bool:
        """Would ``other``'s president (another seat, judging as this bot does) refuse
        the merger of ``minor`` with ``other``?"""
        answerer = pub.corps[other].shares.president
        if answerer is None or answerer == seat:
            return False
        return self._merger_gain(pub, answerer, minor, other) < 0

    def _merged_price(self, pub: Public, a: str, b: str) -> int:
        average = (pub.price(a) + pub.price(b)) // 2
        return max(v for v in pub.stock.values if v <= average)

    def _merger_gain(self, pub: Public, seat: int, a: str, b: str) -> float:
        """The value to ``seat`` of merging minors ``a`` and ``b`` (see the module doc)."""
        ca, cb = pub.corps[a], pub.corps[b]
        held_a, held_b = ca.shares.held(seat), cb.shares.held(seat)
        if held_a + held_b == 0:
            return 0.0
        pa, pb = pub.price(a), pub.price(b)
        pm = self._merged_price(pub, a, b)
        immediate = (held_a + held_b) * pm - held_a * pa - held_b * pb
        rev_a = self._revenue(pub, a, self._stops(pub, ca.trains))
        rev_b = self._revenue(pub, b, self._stops(pub, cb.trains))
        board = pub.board.copy()
        for ref in list(board.hubs):
            board.hubs[ref] = [a if owner == b else owner for owner in board.hubs[ref]]
        for h, owner in list(board.suburbs.items()):
            if owner == b:
                board.suburbs[h] = a
        trains = sorted(ca.trains + cb.trains, key=lambda t: -(pub.stops_of(t) or 99))
        limit = self._major_limit(pub)
        abilities = ca.abilities | cb.abilities
        rev_m = revenue(pub, board, a, self._stops(pub, trains[:limit]), abilities)
        before = (held_a * ca.shares.share_percent * rev_a
                  + held_b * cb.shares.share_percent * rev_b) / 100
        after = (held_a + held_b) * 10 * rev_m / 100
        horizon = pub.ors_after_now()
        return immediate + horizon * (after - before + MERGER_BONUS_PER_OR)

    def _major_limit(self, pub: Public) -> int:
        phase = pub.components.phase(pub.phase)
        value = 0
        for rule in phase.limits:
            if any(t in pub.bought for t in rule.after) or rule is phase.limits[0]:
                value = rule.major or 0
        return max(1, value)
