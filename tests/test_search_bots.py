"""The search bots and the levels: known best moves on tiny positions, fair play (an
Acquire bot's choice does not change when what it cannot see is shuffled), legal actions
within the iteration budget in random positions of every title, reproducibility, and the
bot options. Strength is measured by ``boardroom tournament``, not here (docs/bots.md).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import boardroom
from acquire_positions import position
from boardroom.bots import make_bot
from boardroom.bots.base import bot_description, bot_names, parse_bot_spec
from boardroom.bots.search.bot import HARD, SearchBot
from boardroom.bots.search.mcts import SearchResult
from boardroom.core.errors import OptionError
from boardroom.core.game import Game
from boardroom.core.rng import Rng
from boardroom.titles.acquire.actions import Place
from boardroom.titles.acquire.board import parse_tile
from boardroom.titles.lost_atlas.rounds.operating_round import BuyTrain

SMALL = "search:iters=24,depth=2,horizon=4"


def search_result(bot: Any) -> SearchResult:
    assert isinstance(bot, SearchBot) and bot.last is not None
    result: SearchResult = bot.last
    return result


def advance(game: Game, count: int, seed: int, bot: str = "greedy") -> Game:
    bots = [make_bot(bot, seed=seed + s) for s in range(len(game.players))]
    for _ in range(count):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    return game


def to_decision(game: Game, seed: int, bot: str = "greedy") -> Game:
    """Play on until the seat to act has a real choice."""
    while not game.is_over and len(game.legal_actions()) < 2:
        advance(game, 1, seed, bot)
    return game


# -- known best moves ----------------------------------------------------------------------
def test_acquire_search_plays_the_merger_that_wins_the_primary_bonus() -> None:
    """1B merges Luxor (3 tiles; Ann holds 5 of its shares, the majority) into Tower: Ann
    wins Luxor's $3,000 primary bonus. 8F merges Worldwide (Ann holds 1, Bob 3) into
    American: Ann wins only its $1,000 secondary bonus. The other tiles touch nothing."""
    game = position(
        3,
        chains={"Tower": ["1A", "2A", "3A", "4A", "5A"], "Luxor": ["1C", "2C", "3C"],
                "American": ["8E", "9E", "10E", "11E"], "Worldwide": ["8G", "9G"]},
        hands={0: ["1B", "8F", "12I", "5I", "1I", "12C"]},
        shares={0: {"Luxor": 5, "Worldwide": 1}, 1: {"Luxor": 2, "Worldwide": 3},
                2: {"Tower": 3, "American": 2}},
    )
    bot = make_bot("search:iters=40,depth=2,horizon=4", seed=3)
    action = bot.choose(game, 0)
    result = search_result(bot)
    primary, secondary = Place(parse_tile("1B") or 0), Place(parse_tile("8F") or 0)
    assert action == primary
    assert result.means[primary] > result.means.get(secondary, 0.0)
    assert result.iterations == 40


def test_lost_atlas_search_buys_the_train_that_does_not_rust_at_once() -> None:
    """The first minor may buy the pool's 2-train ($100) or the stack's 4-train ($300).
    The first 4 bought rusts every 2-train, and the next minor has no train and the money
    for a 4: a 2 bought now rusts in the same Operating Round."""
    from boardroom.titles.lost_atlas.rounds import operating_round as orr
    from lost_atlas_games import give_trains, op, pass_until, set_stack, set_treasury
    from test_lost_atlas_operating import three_minors

    state, (a, b, _c) = three_minors()
    state.phase = "green"
    state.bought = {"2", "3"}
    set_stack(state, "4", "4", "4")
    state.pool = ["2"]
    state.corps[b].trains = []
    give_trains(state, _c, "3")
    set_treasury(state, a, 350)
    assert op(state).company == a
    pass_until(state, orr.TRAINS)
    set_treasury(state, a, 350)
    set_treasury(state, b, 400)
    game = boardroom.new_game("lost_atlas", ["Ann", "Ben", "Cat"], seed=1,
                              options={"mode": "short"})
    game._state = state  # the position, as a game (its record is not replayable)
    seat = game.to_act[0]
    legal = game.legal_actions(seat)
    keep, rusting = BuyTrain("4"), BuyTrain("2", orr.POOL)
    assert keep in legal and rusting in legal
    bot = make_bot("search:iters=12,depth=1,horizon=14,widen=2", seed=2)
    assert bot.choose(game, seat) == keep
    result = search_result(bot)
    assert result.means[keep] > result.means[rusting]


def test_congress_search_names_the_side_whose_special_dividend_pays_it() -> None:
    """LMR (Ann 2 shares, Bob 1) has just built into Manchester, MSL's home (Bob 2, Cy 1):
    Ann chooses the merger and, under the chooser rule, who pays the Special Dividend.
    Either way her 2 LMR shares become 2 of the merged company; only LMR paying (income
    7 over 3 shares: 2 a share) pays her, $4. The search names LMR as the payer."""
    from boardroom.titles.congress.actions import Merge
    from congress_positions import ok
    from test_congress_merger import two_companies

    game = two_companies({"special_dividend": "chooser"})
    game.apply("expand LMR WAR-MAN", 0)
    ok(game)
    legal = game.legal_actions(0)
    assert len(legal) == 4 and all(isinstance(a, Merge) for a in legal)
    bot = make_bot("search:iters=40,depth=2,horizon=20", seed=4)
    action = bot.choose(game, 0)
    assert isinstance(action, Merge) and action.payer == "LMR"
    result = search_result(bot)
    paid_by_msl = [a for a in result.means if isinstance(a, Merge) and a.payer == "MSL"]
    assert paid_by_msl and all(result.means[action] > result.means[a] for a in paid_by_msl)


# -- fair play ------------------------------------------------------------------------------
def shuffled_unseen(game: Game, seat: int, seed: int) -> Game:
    """The same game with the other racks and the bag dealt afresh from the tiles ``seat``
    has not seen (each rack keeping its size) and a new random generator: a position
    ``seat`` cannot tell from the real one."""
    other = game.copy()
    state = other.state
    pool = list(state.bag)
    for s, hand in enumerate(state.hands):
        if s != seat:
            pool.extend(hand)
    Rng(seed).shuffle(pool)
    for s in range(len(state.hands)):
        if s != seat:
            size = len(state.hands[s])
            state.hands[s] = pool[:size]
            del pool[:size]
    state.bag = pool
    state.rng = Rng(seed * 31 + 7)
    assert other.view(seat) == game.view(seat)
    return other


@pytest.mark.parametrize("spec", [SMALL, "greedy", "easy", "medium", "random"])
def test_acquire_bots_choose_the_same_when_the_unseen_tiles_are_shuffled(spec: str) -> None:
    changed = 0
    for players, moves in ((4, 25), (2, 50), (3, 70), (4, 110)):
        game = to_decision(advance(boardroom.new_game("acquire", [f"P{k}" for k in
                                                              range(players)], seed=moves),
                                   moves, moves), moves)
        if game.is_over:
            continue
        seat = game.to_act[0]
        chosen = make_bot(spec, seed=11).choose(game, seat)
        for k in range(2):
            other = shuffled_unseen(game, seat, seed=k + 1)
            changed += other.state.bag != game.state.bag
            assert make_bot(spec, seed=11).choose(other, seat) == chosen
    assert changed  # the hidden tiles really moved


def test_acquire_search_statistics_do_not_depend_on_the_unseen_tiles() -> None:
    game = to_decision(advance(boardroom.new_game("acquire", ["A", "B", "C"], seed=4), 40, 4), 4)
    seat = game.to_act[0]
    first = make_bot(SMALL, seed=5)
    first.choose(game, seat)
    second = make_bot(SMALL, seed=5)
    second.choose(shuffled_unseen(game, seat, seed=9), seat)
    assert search_result(first).visits == search_result(second).visits
    assert search_result(first).means == search_result(second).means


# -- legal, within budget, reproducible -----------------------------------------------------
@pytest.mark.parametrize("title,players,options,moves", [
    ("acquire", 4, {}, (10, 60, 120)),
    ("acquire", 2, {}, (30, 90)),
    ("acquire", 5, {"mode": "tycoon"}, (50,)),
    ("lost_atlas", 3, {"mode": "short"}, (40, 90, 160)),
    ("lost_atlas", 2, {"mode": "micro_2p"}, (60,)),
    ("congress", 3, {}, (5, 40, 120)),
])
def test_search_returns_a_legal_action_within_its_budget(title: str, players: int,
                                                         options: dict[str, Any],
                                                         moves: tuple[int, ...]) -> None:
    one_ply = {"acquire": "greedy", "lost_atlas": "heuristic"}.get(title, "congress")
    for count in moves:
        game = boardroom.new_game(title, [f"P{k}" for k in range(players)], seed=count,
                                  options=options)
        to_decision(advance(game, count, count, one_ply), count, one_ply)
        if game.is_over:
            continue
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        bot = make_bot("search:iters=6,depth=2,horizon=3", seed=count)
        action = bot.choose(game, seat)
        assert action in legal
        assert isinstance(bot, SearchBot)
        if bot.last is not None and bot.last.iterations:
            # the tree plays its 6 iterations; a flat search (the Lost Atlas hard's)
            # 6 // k rounds of its k candidates, at least one
            k = len(bot.last.visits)
            budget = max(1, 6 // k) * k if bot.config_for(title).flat else 6
            assert bot.last.iterations == budget
            assert sum(bot.last.visits.values()) == budget
        for level in ("easy", "medium"):
            assert make_bot(level, seed=count).choose(game, seat) in legal


def test_search_is_reproducible_for_a_seed() -> None:
    game = to_decision(advance(boardroom.new_game("acquire", ["A", "B", "C"], seed=8), 30, 8), 8)
    seat = game.to_act[0]
    runs = []
    for _ in range(2):
        bot = make_bot(SMALL, seed=21)
        bot.choose(game, seat)
        result = search_result(bot)
        runs.append((result.action, result.visits, result.means))
    assert runs[0] == runs[1]


def test_hard_plays_a_whole_acquire_game_legally() -> None:
    game = boardroom.new_game("acquire", ["A", "B"], seed=2)
    bots = [make_bot("search:iters=8,depth=2,horizon=3", seed=1), make_bot("greedy", seed=2)]
    while not game.is_over:
        seat = game.to_act[0]
        action = bots[seat].choose(game, seat)
        assert action in game.legal_actions(seat)
        game.apply(action, seat)
    assert boardroom.load(game.to_record()).result == game.result


def test_keep_plays_the_priors_choice_unless_the_search_clearly_beats_it() -> None:
    """With keep=1 (no mean can beat another by more than 1) the search plays the prior's
    first candidate; with keep=0 it plays its most visited child."""
    kept = 0
    for moves in (20, 45, 70, 95):
        game = to_decision(advance(boardroom.new_game("acquire", ["A", "B", "C"], seed=moves),
                                   moves, moves), moves)
        if game.is_over:
            continue
        seat = game.to_act[0]
        plain = make_bot(SMALL, seed=moves)
        plain.choose(game, seat)
        assert isinstance(plain, SearchBot)
        domain = plain._domains["acquire"]
        assert domain is not None
        first = domain.candidates(game.state, seat, game.legal_actions(seat))[0]
        result = search_result(plain)
        most = max(result.visits.values())
        assert result.visits[result.action] == most
        keeping = make_bot(SMALL + ",keep=1", seed=moves)
        assert keeping.choose(game, seat) == first
        kept += 1
    assert kept >= 3


def test_hard_plays_a_whole_congress_game_legally() -> None:
    """Congress's hard level (its real budget: one rollout per candidate, two turns of
    every player on) against two medium bots: every choice legal, the record replays to
    the result."""
    game = boardroom.new_game("congress", ["A", "B", "C"], seed=6)
    bots = [make_bot("hard", seed=1), make_bot("medium", seed=2), make_bot("medium", seed=3)]
    searched = 0
    while not game.is_over:
        seat = game.to_act[0]
        action = bots[seat].choose(game, seat)
        assert action in game.legal_actions(seat)
        if seat == 0 and isinstance(bots[0], SearchBot) and bots[0].last is not None:
            searched += bots[0].last.iterations == len(bots[0].last.visits) > 1
            bots[0].last = None
        game.apply(action, seat)
    assert searched
    assert boardroom.load(game.to_record()).result == game.result


# -- names and options ---------------------------------------------------------------------------
def test_levels_and_search_are_listed_with_what_they_are() -> None:
    names = bot_names()
    for name in ("easy", "medium", "hard", "search", "random", "greedy", "heuristic"):
        assert name in names
        assert bot_description(name)
    assert make_bot("hard").name == "hard"


def test_search_options_are_read_and_bad_ones_refused() -> None:
    assert parse_bot_spec("Search: iters=5, depth=1") == ("search", {"iters": "5", "depth": "1"})
    bot = make_bot("search:iters=5,depth=1,horizon=2,widen=2.5,explore=0.2,epsilon=0.1")
    assert isinstance(bot, SearchBot)
    config = bot.config_for("acquire")
    assert (config.iterations, config.depth, config.horizon) == (5, 1, 2)
    assert (config.widen, config.explore, config.epsilon) == (2.5, 0.2, 0.1)
    for bad, words in [("search:iters=0", "out of range"), ("search:speed=3", "no option"),
                       ("search:iters=lots", "not a number"), ("search:iters", "KEY=VALUE"),
                       ("greedy:iters=3", "takes no options"), ("search:epsilon=2", "epsilon"),
                       ("nobody", "unknown bot")]:
        with pytest.raises(OptionError, match=words):
            make_bot(bad)


# -- the Lost Atlas flat search (hard) ------------------------------------------------------------
def lost_atlas_heuristic_game(seed: int, steps: int, players: int = 3) -> Game:
    """A Short game played ``steps`` actions by heuristic bots seeded as the tournament
    seeds them."""
    game = boardroom.new_game("lost_atlas", [f"P{k}" for k in range(players)], seed=seed,
                              options={"mode": "short"})
    bots = [make_bot("heuristic", seed=seed * 101 + k + 1) for k in range(players)]
    for _ in range(steps):
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    return game


def test_hard_raids_the_leaders_train_in_the_last_operating_round() -> None:
    """Seed 1, the last Operating Round's train step for Express (seat 1, ahead: 1,261
    to seat 0's 1,016 when heuristic bots play on). Treasury money counts for nothing at
    the end, and the heuristic bot sells a train at its printed price whenever it keeps
    one, so buying Suburban's 4-train (seat 0 holds 3 of its shares) for $300 costs
    seat 1 little and cuts its rival's last runs and price. The heuristic bot passes
    here (it looks at other companies' trains only when it has none); hard's rollouts,
    played to the end, see the raid widen its lead."""
    from boardroom.titles.lost_atlas.actions import Pass
    from boardroom.titles.lost_atlas.rounds.operating_round import TRAINS, OfferTrain

    game = lost_atlas_heuristic_game(1, 233)
    state = game.state
    assert (state.cycle, state.round, state.or_number, state.op.step) == (4, "operating", 2,
                                                                          TRAINS)
    assert state.op.company == "express" and game.to_act[0] == 1
    seat = 1
    assert make_bot("heuristic", seed=4).choose(game, seat) == Pass()
    bot = make_bot("hard", seed=9)
    action = bot.choose(game, seat)
    raid = OfferTrain("suburban", "4", 300)
    assert action == raid
    result = search_result(bot)
    keep = bot.config_for("lost_atlas").keep if isinstance(bot, SearchBot) else 0.0
    assert result.means[raid] > result.means[Pass()] + keep
    # played out by heuristic bots, the raid widens seat 1's lead over seat 0
    finals = []
    for first in (Pass(), raid):
        copy = boardroom.load(game.to_record())
        copy.apply(first, seat)
        bots = [make_bot("heuristic", seed=50 + k) for k in range(3)]
        while not copy.is_over:
            s = copy.to_act[0]
            copy.apply(bots[s].choose(copy, s), s)
        assert copy.result is not None
        finals.append(copy.result.scores)
    (kept0, kept1, _), (raided0, raided1, _) = finals
    assert raided1 - raided0 > kept1 - kept0 > 0


def test_flat_search_plays_every_candidate_from_the_same_seeds() -> None:
    """flat=1: rounds of one rollout per root candidate; the same seed gives the same
    statistics; with keep=1 the heuristic's choice (the first candidate) is played."""
    from boardroom.bots.search.lost_atlas import LostAtlasDomain

    game = lost_atlas_heuristic_game(3, 193)
    seat = game.to_act[0]
    legal = game.legal_actions(seat)
    spec = "search:flat=1,iters=12,cycles=1"
    runs = []
    for _ in range(2):
        bot = make_bot(spec, seed=5)
        action = bot.choose(game, seat)
        assert action in legal
        result = search_result(bot)
        runs.append((result.action, result.visits, result.means))
    visits = runs[0][1]
    assert runs[0] == runs[1]
    candidates = LostAtlasDomain(game.title, 1).candidates(game.state, seat, legal)
    assert set(visits) == set(candidates) and len(candidates) > 1
    rounds = 12 // len(candidates)
    assert set(visits.values()) == {rounds}
    assert search_result(bot).iterations == rounds * len(candidates)
    assert make_bot(spec + ",keep=1", seed=5).choose(game, seat) == candidates[0]


def test_rollouts_stop_the_given_number_of_cycles_on() -> None:
    from boardroom.bots.search.lost_atlas import LostAtlasDomain
    from boardroom.bots.search.mcts import _rollout

    game = lost_atlas_heuristic_game(2, 40)
    domain = LostAtlasDomain(game.title, 1)
    start = game.state.cycle
    for cycles in (1, 2):
        state = domain.determinize(game.state, 0, Rng(3))
        _rollout(domain, game.state, state,
                 replace(HARD["lost_atlas"], cycles=cycles), Rng(4), 0)
        assert state.cycle == start + cycles and state.round == "stock"
    state = domain.determinize(game.state, 0, Rng(3))
    _rollout(domain, game.state, state, replace(HARD["lost_atlas"], cycles=0), Rng(4), 0)
    assert state.result is not None


def test_train_offers_below_the_printed_price_to_another_president_are_not_searched() -> None:
    from boardroom.bots.search.lost_atlas import LostAtlasDomain, worth_offering
    from boardroom.titles.lost_atlas.rounds.operating_round import OfferTrain

    game = lost_atlas_heuristic_game(1, 233)
    state, seat = game.state, game.to_act[0]
    legal = game.legal_actions(seat)
    offers = [a for a in legal if isinstance(a, OfferTrain)]
    printed = state.components.trains
    others = [a for a in offers if state.corps[a.seller].shares.president != seat]
    assert others and any(a.price < printed[a.train].price for a in others)
    for a in others:
        assert worth_offering(state, seat, a) == (a.price >= printed[a.train].price)
    for a in LostAtlasDomain(game.title, 1).candidates(state, seat, legal)[1:]:
        assert not isinstance(a, OfferTrain) or worth_offering(state, seat, a)


def test_rollouts_pass_the_hub_step_even_with_a_suburb_on_offer() -> None:
    """In a rollout the hub step is passed (hubs are left to the real decisions); with the
    Suburban company's suburb on offer too it is still passed, not handed to the full
    route-scoring heuristic (which made a Long decision take 1.7 s; docs/bots.md)."""
    from boardroom.bots.search.lost_atlas import LostAtlasDomain
    from boardroom.titles.lost_atlas.actions import Pass
    from boardroom.titles.lost_atlas.board.hubs import PlaceSuburb
    from boardroom.titles.lost_atlas.rounds.operating_round import HUB

    game = boardroom.new_game("lost_atlas", ["P0", "P1", "P2"], seed=1,
                              options={"mode": "short"})
    bots = [make_bot("heuristic", seed=10 + k) for k in range(3)]

    def full_heuristic(*args: Any) -> Any:
        raise AssertionError("a rollout's hub step asked the full heuristic")

    cheap = LostAtlasDomain(game.title, 1)
    cheap.heuristic = full_heuristic  # type: ignore[method-assign]
    seen = 0
    while not game.is_over and seen < 3:
        state, seat = game.state, game.to_act[0]
        legal = game.legal_actions(seat)
        if (state.op is not None and state.op.step == HUB
                and any(isinstance(a, PlaceSuburb) for a in legal)):
            assert any(isinstance(a, Pass) for a in legal)
            assert isinstance(cheap.rollout(state, seat, legal, Rng(1)), Pass)
            seen += 1
        game.apply(bots[seat].choose(game, seat), seat)
    assert seen >= 1


def test_long_game_rollouts_stop_a_cycle_sooner() -> None:
    """The Long game (six cycles) runs its rollouts one cycle fewer than asked, the Short
    game (four) as asked (a Long rollout to the end from the fourth cycle made the largest
    decisions 1.6 s)."""
    from boardroom.bots.search.bot import HARD
    from boardroom.bots.search.lost_atlas import LostAtlasDomain
    from boardroom.bots.search.mcts import _rollout

    short = lost_atlas_heuristic_game(2, 40)
    long_game = boardroom.new_game("lost_atlas", [f"P{k}" for k in range(4)], seed=2,
                                   options={"mode": "long"})
    advance(long_game, 60, 2, "heuristic")
    for game, asked, expect in ((short, 3, 3), (long_game, 3, 2), (long_game, 1, 1)):
        domain = LostAtlasDomain(game.title, 1)
        assert domain.rollout_cycles(game.state, asked) == expect
    domain = LostAtlasDomain(long_game.title, 1)
    start = long_game.state.cycle
    state = domain.determinize(long_game.state, 0, Rng(3))
    _rollout(domain, long_game.state, state, HARD["lost_atlas"], Rng(4), 0)
    assert state.cycle == start + 2 and state.round == "stock"
