"""A heuristic Railways of the Lost Atlas bot: it plays a whole game sensibly.

The bot sees what a player at the table sees. In the Lost Atlas everything is public but
the order of the map stack (and of the undrawn Distant Destination cards): the board, the
tiles, the hubs, every company's treasury, trains and shareholders, the stock track, the
face-up train stack and the pool. It reads those facts through :class:`Public`, which
exposes nothing else (never the random generator nor the map builder), and evaluates its
choices with the title's own pure rule helpers (``routes.company_routes``,
``track_laying.trace_for``) on copies of the public board. Equal scores are broken by its
seeded :class:`~boardroom.core.rng.Rng`, so a bot with a given seed always plays the same
game; whatever it plays is one of ``game.legal_actions(seat)``.

What it does, by round (the constants below are the knobs):

* Map building: a random legal placement (its rng), like the random bot.
* Stock Round, in this order of preference:

  - sell the shares of a company whose expected worth over the next two Operating
    Rounds (dividends and price moves, from its best routes with the trains it has or
    can afford) falls by more than the one-step drop the sale itself costs the bot's
    remaining shares;
  - open an auction when a minor is available, at twice the highest printed launch
    price its cash allows, if that bid also pays for the train the minor will find
    (minors launched but not yet operated take the trains ahead of it) and two or more
    Operating Rounds are left;
  - buy the share with the best expected return over the next two Operating Rounds, as
    a fraction of its price, if it is positive (a little more from its own company's
    treasury; more if the purchase makes the company fully owned by players);
  - pass.

  In an auction it raises by the minimum step up to its value of the best available
  minor: twice the phase's highest launch price (what its two shares will be worth)
  plus a premium, between -40 and +40, for the stops within three hexes of the home
  over land (as track could reach them) and for the ability. The winner launches the
  minor with the best premium (Adaptive: at the best home).
* Operating Round:

  - leadoff: the best affordable train (revenue over its life less half its price);
  - shares: issue one only when the company has no train, lacks money for one, and
    the drop costs the president less than the money raised;
  - track: every legal lay is scored by the company's best route revenue with its
    trains, plus half the revenue of a train two stops longer, plus 0.3 times a
    "frontier" term (unreached cities and destinations near the open ends of its track),
    less half any terrain cost. Lays that only extend a dead end cannot change the
    routes and are scored by the frontier alone; the others (the twelve best by the
    frontier) are laid on a copy of the board and their routes computed. It lays the
    best if it beats not laying, else passes;
  - hubs and suburb tokens go where they add the most revenue (a hub only if that
    revenue over the coming rounds pays for it);
  - it runs the listed best routes and pays out, unless the company lacks the money for
    a train it will soon have to buy (it has none, or all its trains are about to rust)
    and the withheld money, which the president would otherwise have to put in, is
    worth more than the president's dividends and the price steps a payout gains;
  - trains: it buys the train whose revenue over its expected life (until the card that
    rusts it is expected off the stack, at most to the end of the game), plus half the
    price of the replacement it saves if all the company's trains would rust before the
    end, less what the rust it sets off costs the president's other companies, is at
    least 0.75 times its price (0.4 in the last three Operating Rounds, when treasury
    money is soon worth nothing). So it replaces trains before they rust and avoids
    trains about to rust when a better one is affordable. With no train it buys the
    best affordable one, asks one of its president's other companies for a spare, or
    makes the forced purchase, selling the shares it values least first;
  - it agrees to sell a train only for its printed price (half if it is about to rust)
    and only if the seller keeps a train; over the limit it discards its weakest train.
* Merger Round (green phase and later): it proposes, or accepts, the merger worth the
  most to it if positive: the change in its shares' worth at the merged price, plus its
  part of the major's revenue (both minors' trains up to the major's limit and their
  hubs together) against its parts of the two minors' revenues over the Operating
  Rounds left, plus a small bonus a round for what a major may do that a minor may not.
  It proposes only a merger the other minor's president would accept by the same
  measure (issue 16: it used to propose mergers scored by its own gain alone, which the
  other president, asked "accept or refuse", then refused every time — the proposal was
  legal and listed, but bound to fail). It chooses the first available major. With
  Hostile Mergers it proposes the same way (among the pairs it owns shares of) and
  votes for a merger worth more than nothing to it, against one worth less (abstaining
  at exactly nothing).

>>> import boardroom
>>> from boardroom.bots import make_bot
>>> make_bot("heuristic", seed=1).name
'heuristic'

The package, by job: :mod:`.knobs` (every weight and threshold), :mod:`.public` (what a
player may see, read into numbers), :mod:`.revenue` (route revenue and the frontier),
:mod:`.core` (the shared reckoning), and one module per round's play — :mod:`.stock`,
:mod:`.operating`, :mod:`.trains`, :mod:`.merger` — which :class:`HeuristicBot` joins.
"""

from __future__ import annotations

from boardroom.bots.base import Bot, register_bot
from boardroom.bots.lost_atlas_heuristic.merger import MergerPlay
from boardroom.bots.lost_atlas_heuristic.public import Public
from boardroom.bots.lost_atlas_heuristic.revenue import Frontier
from boardroom.bots.lost_atlas_heuristic.stock import StockPlay
from boardroom.core.game import Game
from boardroom.core.title import Action
from boardroom.titles.lost_atlas.rounds.trains import Discard
from boardroom.titles.lost_atlas.state import MAP, MERGER, OPERATING, STOCK

__all__ = ["Frontier", "HeuristicBot", "Public"]


class HeuristicBot(StockPlay, MergerPlay):
    """Plays Railways of the Lost Atlas by the rules of thumb in the module doc."""

    name = "heuristic"

    # -- entry --------------------------------------------------------------------------
    def choose(self, game: Game, seat: int) -> Action:
        actions = self.options(game, seat)
        if len(actions) == 1:
            return actions[0]
        if game.title.name == "congress":
            return self._congress_bot().choose(game, seat)
        if game.title.name != "lost_atlas":
            return actions[self.rng.below(len(actions))]
        pub = Public(game.state)
        if pub.round == MAP:
            return actions[self.rng.below(len(actions))]
        chosen = self._decide(pub, seat, actions)
        assert chosen in actions, f"the heuristic bot chose {chosen}, which is not legal"
        return chosen

    def _congress_bot(self) -> Bot:
        """Congress's own heuristic player, so that ``bot:heuristic`` plays it too."""
        if self._congress is None:
            from boardroom.bots.congress_heuristic import CongressBot

            self._congress = CongressBot(self.rng.next_u64())
        return self._congress

    def _decide(self, pub: Public, seat: int, actions: list[Action]) -> Action:
        first = actions[0]
        if isinstance(first, Discard):
            return self._discard(pub, actions)
        if pub.round == STOCK:
            return self._stock(pub, seat, actions)
        if pub.round == OPERATING:
            return self._operating(pub, seat, actions)
        if pub.round == MERGER:
            return self._merger(pub, seat, actions)
        return actions[self.rng.below(len(actions))]


register_bot("heuristic", HeuristicBot, "Lost Atlas: one-ply rules of thumb from routes, train "
             "lives and share returns (no lookahead)")
