"""The Solo Game: one player against the automated Conglomerate (facts sheet §7.1, from
TP-SOLO's summary of the Solo Mode rulebook v09.01; modes ``solo`` and ``solo_random``).

Every rule of the Conglomerate lives in this package; it attaches to the rounds' and the title's
extension points (:func:`attach`; ``rounds/points.py``), the rounds never name it.
The Conglomerate is a major that is player and company at once, with one treasury (its
company account). It has no seat: it holds shares as the holder :data:`CONGLOMERATE`,
acts automatically inside the flow, logs every action, and draws every random choice
from ``state.rng`` (so a record replays exactly).

The rules as implemented (``docs/variants.md`` "Solo game" lists them with every
provisional reading; ``PROVISIONAL`` below marks the readings in the code):

* Setup. After the map is built, one minor on the map is drawn at random; the player
  names the second with ``conglomerate <minor>`` (option ``solo_difficulty`` may restrict
  that choice to partners giving the wanted difficulty). The Conglomerate is formed on
  the first major charter of the data: a hub on each home, 2 charter hubs costing 60,
  the president's certificate (2 shares) held by itself, 3 single shares under the
  charter, 1 in the bank pool, 450 in its treasury. Its action deck is the two minors'
  certificates (a president's and three singles each), shuffled face up. Yellow track
  joining the two homes is laid at once (:func:`plan_path`); the start price is the
  total city revenue of that network held within 60–90 (the nearest printed value), and
  the network value sets the difficulty (<= 60 easy, <= 90 medium, above hard). The
  other six minors are dealt into 2 columns of 3.
* Operating Rounds. On its turn (by price, as any company) the Conglomerate: issues one
  under-charter share to the pool in OR1 of cycles 1–3 (it gains the price, the price
  drops one space); buys the current train paying the difference to its last train
  (trains in its own pile: no limit, never rust, the stack and phases move as for any
  purchase); acts from its deck (single share: lay up to two yellow tiles toward the
  nearest target; president's certificate: place a charter hub on the best reachable
  city, else as a single share); medium/hard: places a hub on a reachable capital in
  OR1 of cycle 1; then earns N = train size x hubs on the map best stop values it
  reaches, hub cities counted twice, always paid out.
* Stock Rounds (at the end of each, after the player has passed): it sells any share it
  holds of a player company priced above the phase's top launch price, then buys one
  share of each player company it lacks (minors from the treasury, else the pool;
  majors from the pool) that it can afford and would not sell at once.
* Merger Rounds (as each begins): with a spare hub it absorbs one unlaunched minor whose
  home it reaches (hard: Tunneling in the first Merger Round, reached or not): hub on
  the home, the minor's certificates shuffled into its deck, price up one space.
* End: no export; after cycle 4 it scores treasury + shares held, the player cash +
  shares; the player wins only with the higher score.

The package's modules, by job: :mod:`.conglomerate` (its records and readings),
:mod:`.setup`, :mod:`.track` (its paths of yellow tiles), :mod:`.operating`,
:mod:`.stock`, :mod:`.mergers`, :mod:`.ending`, and :mod:`.hooks` (:func:`attach`, the
view's section). Their public names are importable from the package, as before.
"""

from __future__ import annotations

from boardroom.titles.lost_atlas.variants.solo.conglomerate import (
    CONGLOMERATE,
    DIFFICULTIES,
    MAX_BASIC_TILES,
    NAME,
    OPTION,
    OPTION_VALUES,
    PRESIDENT_CARD,
    RULE,
    SETUP,
    SHARE_CARD,
    VARIANT,
    ChooseConglomerate,
    SoloState,
    account,
    active,
    choosing,
    company,
    is_conglomerate,
    mode_rules,
    normalize_option,
    parse,
    record,
    rules,
    seat_name,
    solo_state,
    taken_minors,
)
from boardroom.titles.lost_atlas.variants.solo.ending import TIE_RULE, conglomerate_score, result
from boardroom.titles.lost_atlas.variants.solo.hooks import SETUP_ROUND, attach, check_map, describe
from boardroom.titles.lost_atlas.variants.solo.mergers import absorb, merger_round
from boardroom.titles.lost_atlas.variants.solo.operating import (
    act,
    basic_action,
    buy_train,
    current_train,
    income,
    issue,
    operate,
    pay,
    revenue,
    stop_values,
    targets,
    train_cost,
    train_size,
)
from boardroom.titles.lost_atlas.variants.solo.setup import (
    apply_setup,
    begin,
    cards_of,
    check_setup,
    claim_home,
    home_ref,
    legal_setup,
    network_value,
    partners,
    preview,
)
from boardroom.titles.lost_atlas.variants.solo.stock import (
    check_player_share_deal,
    sell_threshold,
    stock_round,
)
from boardroom.titles.lost_atlas.variants.solo.track import (
    Step,
    conglomerate_operator,
    conglomerate_reach,
    lay_path,
    plan_path,
)

__all__ = [
    "CONGLOMERATE",
    "DIFFICULTIES",
    "MAX_BASIC_TILES",
    "NAME",
    "OPTION",
    "OPTION_VALUES",
    "PRESIDENT_CARD",
    "RULE",
    "SETUP",
    "SETUP_ROUND",
    "SHARE_CARD",
    "TIE_RULE",
    "VARIANT",
    "ChooseConglomerate",
    "SoloState",
    "Step",
    "absorb",
    "account",
    "act",
    "active",
    "apply_setup",
    "attach",
    "basic_action",
    "begin",
    "buy_train",
    "cards_of",
    "check_map",
    "check_player_share_deal",
    "check_setup",
    "choosing",
    "claim_home",
    "company",
    "conglomerate_operator",
    "conglomerate_reach",
    "conglomerate_score",
    "current_train",
    "describe",
    "home_ref",
    "income",
    "is_conglomerate",
    "issue",
    "lay_path",
    "legal_setup",
    "merger_round",
    "mode_rules",
    "network_value",
    "normalize_option",
    "operate",
    "parse",
    "partners",
    "pay",
    "plan_path",
    "preview",
    "record",
    "result",
    "revenue",
    "rules",
    "seat_name",
    "sell_threshold",
    "solo_state",
    "stock_round",
    "stop_values",
    "taken_minors",
    "targets",
    "train_cost",
    "train_size",
]
