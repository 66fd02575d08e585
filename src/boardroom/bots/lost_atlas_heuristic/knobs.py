"""The heuristic bot's knobs: the weights and thresholds its rules of thumb use (see
the package's docstring for what each rule does). Tuned by hand against the bench's
games; none is a rule of the game."""

from __future__ import annotations

from boardroom.titles.lost_atlas.board.operator import (
    ADAPTIVE,
    AGRICULTURAL,
    BRIDGING,
    EASTERN_MINING,
    EXPANSIVE,
    EXPRESS,
    NORTHERN_PORT,
    OVERNIGHT,
    RESOURCEFUL,
    SPACIOUS,
    SUBURBAN,
    TUNNELING,
)

# -- knobs ------------------------------------------------------------------------------------
FUTURE_WEIGHT = 0.5
"""Weight of the revenue a longer future train would earn, when scoring tile lays."""


FRONTIER_WEIGHT = 0.3
"""Weight of the frontier term (unreached stops near the ends of the track)."""


ALL_SIDES = frozenset(range(6))


FRONTIER_DECAY = (1.0, 0.5, 0.25, 0.1)
"""How much an unreached stop counts at distance 0, 1, 2, 3 from an open track end."""


LAY_MIN_GAIN = 0.5
"""A lay must raise the score by this much to be laid (otherwise the bot passes)."""


TERRAIN_WEIGHT = 0.5
"""Weight of a terrain cost against the score of a lay."""


MAX_LAYS_SCORED = 12
"""At most this many lays that may change the routes are scored with routes (the best
by the frontier term); the others are left out."""


HOME_DECAY = (0.0, 0.5, 0.3, 0.15)
"""How much a stop counts at distance 1, 2, 3 from a minor's home."""


HOME_PREMIUM_CAP = 40
"""The most the bot bids above (or below, for a poor one) twice the top launch price."""


HOME_POTENTIAL_PAR = 50


HOME_WEIGHT = 0.6
"""A home's premium is ``HOME_WEIGHT`` times how far its potential (the median of the
homes on random Long maps is about 50) is above ``HOME_POTENTIAL_PAR``."""


ABILITY_PREMIUM = {
    ADAPTIVE: 10, AGRICULTURAL: 10, BRIDGING: 0, EASTERN_MINING: 10, EXPANSIVE: 15,
    EXPRESS: 15, NORTHERN_PORT: 5, OVERNIGHT: 10, RESOURCEFUL: 10, SPACIOUS: 10,
    SUBURBAN: 10, TUNNELING: 5,
}
"""What each ability adds to a minor's value in an auction."""


OTHERS_PAY_OUT = 0.75
"""The chance the bot gives another president of paying out rather than withholding."""


BUY_MIN_RETURN = 0.0
"""A share is bought when its expected return over two Operating Rounds, as a fraction
of its price, is above this."""


OWN_TREASURY_BONUS = 0.05
"""Extra return for buying from the treasury of a company the bot presides over (the
money stays in its company)."""


SELL_MIN_GAIN = 0.1
"""A sale must be worth this fraction of the share price to be made."""


TRAIN_VALUE_RATIO = 0.75
"""An optional train is bought when its revenue over its life is this many times its
price."""


TRAIN_VALUE_RATIO_LATE = 0.4


LATE_ORS = 3
"""... and this many times once no more than ``LATE_ORS`` Operating Rounds are left
(money left in a treasury is worth nothing at the end)."""


NEED_SOON_ORS = 1.0
"""A company whose trains all rust within this many Operating Rounds needs a new one."""


STRAND_WEIGHT = 0.5
"""Weight of the price of the train a company must buy once all its trains rust."""


MUST_BUY_PRICE_WEIGHT = 0.5
"""When a train must be bought: maximise revenue over its life minus this times price."""


CARDS_PER_COMPANY_OR = 0.35
"""Trains taken from the stack per Operating Round, per company on the stock track."""


EXPORT_PER_OR = 0.5
"""The export takes one card a cycle: half a card per Operating Round."""


MERGER_BONUS_PER_OR = 5.0
"""What being a major (more hubs, a higher train limit) is worth per Operating Round."""
