"""Congress's search (``bots/search/congress.py``) and the heuristic's shortcuts for it: the
rollouts' short auction list, the per-decision reads and the candidates of a turn."""

from __future__ import annotations

from collections.abc import Iterator

import boardroom
from boardroom.bots import make_bot
from boardroom.bots.congress_heuristic import CongressBot, Reads
from boardroom.bots.search.bot import HARD, SearchBot
from boardroom.bots.search.congress import CongressDomain
from boardroom.core.game import Game
from boardroom.titles.congress import develop
from boardroom.titles.congress.actions import Bid, DevelopLink
from boardroom.titles.congress.state import ACTIVE, AUCTION, TURN


def positions(seed: int, players: int = 4) -> Iterator[Game]:
    """Every position of a seeded game between medium bots, before each action."""
    game = boardroom.new_game("congress", [f"P{s}" for s in range(players)], seed=seed)
    bots = [make_bot("medium", seed=seed * 8 + s) for s in range(players)]
    while not game.is_over:
        yield game
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)


def test_rollouts_list_only_the_lowest_bid_and_the_pass_and_choose_as_from_the_full_list(
) -> None:
    """In an auction the heuristic (in rollouts and as ``medium``) considers only the
    lowest bid and the pass, and chooses as it would from every legal bid."""
    game = boardroom.new_game("congress", ["A", "B", "C"], seed=0)
    domain = CongressDomain(game.title, seed=1)
    auctions = 0
    for position in positions(5, 3):
        state, seat = position.state, position.to_act[0]
        full = position.legal_actions(seat)
        short = domain.rollout_actions(state, seat)
        if state.step != AUCTION:
            assert short == full
            continue
        auctions += 1
        assert short == ([full[0], full[-1]] if len(full) > 1 else full)
        assert all(isinstance(a, Bid) for a in full[:-1])
        if len(full) > 1:
            from_full = CongressBot(3).decide(state, seat, full)
            assert CongressBot(3).decide(state, seat, short) == from_full
            assert CongressBot(3).choose(position, seat) == from_full  # medium's own path
    assert auctions > 20


def test_the_reads_develop_gain_is_the_rules_income_gain_weighted_by_income_shares() -> None:
    checked = 0
    for position in positions(2):
        state, seat = position.state, position.to_act[0]
        if state.step != TURN:
            continue
        reads = Reads(state, seat)
        data = state.data
        for action in position.legal_actions(seat):
            if isinstance(action, DevelopLink):
                frm, to = data.city_index[action.frm], data.city_index[action.to]
                expected = sum(reads.mine[c] * develop.income_gain(state, c, (frm, to))
                               for c, st in enumerate(state.status) if st == ACTIVE)
                assert reads.develop_gain(state, frm, to) == expected
                checked += 1
    assert checked > 100


def test_a_turns_candidates_are_the_heuristics_choice_then_its_best_of_each_other_kind(
) -> None:
    """The heuristic's choice, then for each other kind of turn its best action of that
    kind; the next best ones join up to three candidates (the opening turns offer only
    Capitalise)."""
    three_kinds = one_kind = 0
    for position in positions(3):
        state, seat = position.state, position.to_act[0]
        legal = position.legal_actions(seat)
        if state.step != TURN or len(legal) < 2:
            continue
        domain = CongressDomain(position.title, seed=9)
        candidates = domain.candidates(state, seat, legal)
        assert candidates[0] == CongressBot(9).decide(state, seat, legal)
        kinds = {type(a) for a in legal}
        assert {type(a) for a in candidates} == kinds
        assert len(set(candidates)) == len(candidates) == max(len(kinds), min(3, len(legal)))
        reads = Reads(state, seat)
        scorer = CongressBot(0)
        for kind in kinds - {type(candidates[0])}:
            first_of_kind = next(a for a in candidates if type(a) is kind)
            assert scorer.score(state, seat, first_of_kind, reads) == max(
                scorer.score(state, seat, a, reads) for a in legal if type(a) is kind)
        three_kinds += len(kinds) == 3
        one_kind += len(kinds) == 1
    assert three_kinds > 10 and one_kind  # Capitalise, Expand and Develop all offered


def test_hard_plays_one_rollout_per_candidate_two_turns_of_every_player_on() -> None:
    """Congress's hard (a flat search, one round) gives each candidate one rollout, and a
    rollout stops two turns of every player after the root's turn."""
    config = HARD["congress"]
    assert config.flat == 1 and config.iterations == 1 and config.cycles == 2
    game = boardroom.new_game("congress", ["A", "B", "C", "D"], seed=4)
    domain = CongressDomain(game.title, seed=1)
    assert domain.rollout_cycles(game.state, config.cycles) == 8
    bot = make_bot("hard", seed=5)
    assert isinstance(bot, SearchBot)
    for position in positions(4):
        legal = position.legal_actions()
        if position.state.step == TURN and len(legal) > 2:
            bot.choose(position, position.to_act[0])
            assert bot.last is not None
            assert bot.last.iterations == len(bot.last.visits) >= 2
            assert set(bot.last.visits.values()) == {1}
            break
    else:
        raise AssertionError("no turn with a choice")
