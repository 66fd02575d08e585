"""The merger variants: Hostile Mergers (rulebook "Variants > Hostile Mergers") and the
Landmarks event Merger Mania! (summary 000: "adds a second Merger Round"; provisional).

Rule ids: lost_atlas.variant.hostile.step, holder, failed (and the base game's
lost_atlas.merger.partner, connection, major, which still apply).

Positions are built as in ``test_lost_atlas_merger``: random legal map building, real
Stock Round auctions, buys and sells, an exact board with track laid by the minors. The
variant switch is then set in the game's options as if chosen at setup (the options are
read only when a Merger Round starts), and where a test needs a particular priority
player or prices they are set as the Stock Round could have left them.
"""

from __future__ import annotations

import json

import pytest

import boardroom
from boardroom.bots import RandomBot, make_bot
from boardroom.bots.lost_atlas_heuristic import HeuristicBot, Public
from boardroom.core.errors import IllegalAction
from boardroom.core.game import Game
from boardroom.titles.lost_atlas.rounds import merger_round
from boardroom.titles.lost_atlas.state import MERGER, STOCK, LostAtlasState
from boardroom.titles.lost_atlas.variants import hostile_mergers
from boardroom.titles.lost_atlas.variants import switches as variants
from boardroom.titles.lost_atlas.variants.hostile_mergers import HOSTILE, VOTE, Vote
from lost_atlas_games import connect
from lost_atlas_setup import TITLE, act
from test_lost_atlas_merger import (
    ANN,
    BOB,
    CY,
    R,
    launched,
    legal_texts,
    line,
    operated,
    refused,
    to_merger,
    turn,
)


def switch(state: LostAtlasState, *names: str) -> None:
    """Turn the variants ``names`` on, as if chosen at setup."""
    state.options = TITLE.normalize_options(
        {**state.options, **{name: True for name in names}}, state.players)


def hostile_round(state: LostAtlasState, priority: int | None = None) -> list[str]:
    """Hostile Mergers on; the second Operating Round ends and the Merger Round starts."""
    switch(state, variants.HOSTILE_MERGERS)
    if priority is not None:
        state.priority = priority
    return to_merger(state)


def three_minors() -> LostAtlasState:
    """Expansive (Ann, 90), Express (Bob, 80), Resourceful (Cy, 60) down one line, the
    middle home widened: every minor reaches every other."""
    return line((ANN, "expansive", 180), (BOB, "express", 160), (CY, "resourceful", 120),
                wide=True)


def cy_buys_one_of_each(state: LostAtlasState) -> None:
    turn(state, CY, "buy expansive treasury")
    turn(state, CY, "buy express treasury")


# -- notation -----------------------------------------------------------------------------
def test_vote_notation_reads_back() -> None:
    for choice in ("yes", "no", "abstain"):
        assert TITLE.parse(f"vote {choice}") == Vote(choice)
        assert str(Vote(choice)) == f"vote {choice}"
    for text in ("vote", "vote maybe", "vote yes no"):
        with pytest.raises(IllegalAction) as err:
            TITLE.parse(text)
        assert err.value.rule == "notation"


# -- Hostile Mergers: turns ---------------------------------------------------------------
def test_hostile_players_propose_in_turn_until_all_pass_and_priority_stays() -> None:
    state = three_minors()
    priority = state.priority
    log = hostile_round(state)
    assert state.round == MERGER
    assert "Hostile Mergers: the players propose in turn, starting with " \
           f"{state.players[priority]}; the shareholders vote." in log
    # Each player may propose any pair with a minor they own a share of, named with a
    # first minor that traces a route to a hub of the second.
    assert TITLE.to_act(state) == (priority,)
    own = {ANN: "expansive", BOB: "express", CY: "resourceful"}
    for k in range(3):
        seat = (priority + k) % 3
        assert TITLE.to_act(state) == (seat,)
        texts = legal_texts(state)
        assert texts[-1] == "pass"
        pairs = [t.split()[1:] for t in texts[:-1]]
        assert pairs and all(own[seat] in pair for pair in pairs)
        assert len(pairs) == 4  # two partners, either way round
        log = act(state, "pass")
        assert log[0] == f"{state.players[seat]} passes."
        assert state.priority == priority  # the marker does not move
    assert "The Merger Round ends." in log
    assert state.round == STOCK and state.mr is None


def test_hostile_a_proposal_restarts_the_passes() -> None:
    # Ann and Bob pass; Cy's proposal is voted down; Ann and Bob pass again and Cy is
    # asked once more (four passes in all, but never three in a row until Cy's).
    state = three_minors()
    hostile_round(state, priority=ANN)
    act(state, "pass")
    act(state, "pass")
    assert TITLE.to_act(state) == (CY,)
    act(state, "merge resourceful express")
    assert TITLE.to_act(state) == (BOB,)
    log = act(state, "vote no")
    assert log == ["Bob votes against with 2 shares.",
                   "The merger is rejected, 2 to 2 (a tie fails): Resourceful and Express "
                   "may not merge this round."]
    assert TITLE.to_act(state) == (ANN,)  # the player after the proposer
    act(state, "pass")
    act(state, "pass")
    assert state.round == MERGER and TITLE.to_act(state) == (CY,)
    assert legal_texts(state) == ["merge expansive resourceful",
                                  "merge resourceful expansive", "pass"]
    log = act(state, "pass")
    assert "The Merger Round ends." in log
    assert state.priority == ANN


def test_hostile_after_a_merger_play_continues_with_the_next_player() -> None:
    # Four minors down a line; Bob and Cy merge Express and Resourceful; then Cy, who
    # owns no share of a pair left, is passed over and Ann merges her two minors.
    state = line((ANN, "expansive", 180), (BOB, "express", 160), (CY, "resourceful", 140),
                 (ANN, "agricultural", 120), wide=True)
    hostile_round(state, priority=BOB)
    act(state, "merge express resourceful")
    assert TITLE.to_act(state) == (CY,)
    log = act(state, "vote yes")
    assert log[-2:] == ["The merger is approved, 4 to 0.",
                        "Bob will preside over the new corporation and chooses it."]
    log = act(state, "major union")
    assert "Cy owns no share of a pair that may merge and passes." in log
    assert TITLE.to_act(state) == (ANN,)
    assert legal_texts(state) == ["merge expansive agricultural",
                                  "merge agricultural expansive", "pass"]
    log = act(state, "merge expansive agricultural")
    # Ann owns every share voting: the merger is approved without asking anyone.
    assert log[-2:] == ["The merger is approved, 4 to 0.",
                        "Ann will preside over the new corporation and chooses it."]
    log = act(state, "major system")
    assert "The Merger Round ends." in log
    assert state.corps["union"].shares.president == BOB
    assert state.corps["system"].shares.players == {ANN: 4}
    assert state.priority == BOB
    TITLE.invariants(state)


# -- Hostile Mergers: the vote changes the outcome ------------------------------------------
@pytest.mark.parametrize("hostile", [False, True])
def test_a_shareholder_outvotes_the_refusing_president(hostile: bool) -> None:
    # Ann (Expansive, 2 shares) wants the merger, Bob (Express, 2 shares) does not, Cy
    # (one share of each) does. The base game: Bob refuses and nothing happens. Hostile
    # Mergers: Ann's and Cy's 4 votes beat Bob's 2 and Union is formed.
    state = three_minors()
    cy_buys_one_of_each(state)
    if hostile:
        hostile_round(state, priority=ANN)
    else:
        to_merger(state)
    assert TITLE.to_act(state) == (ANN,)
    act(state, "merge expansive express")
    assert TITLE.to_act(state) == (BOB,)
    if not hostile:
        act(state, "refuse")
        assert "expansive" in state.corps and "express" in state.corps
        return
    assert hostile_mergers.tally(state) == (2, 0, 4)
    assert legal_texts(state) == ["vote yes", "vote no", "vote abstain"]
    act(state, "vote no")
    assert TITLE.to_act(state) == (CY,)
    log = act(state, "vote yes")
    assert log == ["Cy votes for with 2 shares.", "The merger is approved, 4 to 2.",
                   "Ann will preside over the new corporation and chooses it."]
    act(state, "major union")
    union = state.corps["union"]
    assert union.shares.players == {ANN: 2, BOB: 2, CY: 2}
    assert union.shares.president == ANN  # a tie: Expansive's president (first at 90)
    assert state.priority == ANN
    TITLE.invariants(state)


def test_a_tied_vote_fails_and_the_pair_may_not_be_proposed_again() -> None:
    state = three_minors()
    cy_buys_one_of_each(state)
    hostile_round(state, priority=ANN)
    act(state, "merge expansive express")
    act(state, "vote no")  # Bob
    log = act(state, "vote abstain")  # Cy
    assert log == ["Cy abstains with 2 shares.",
                   "The merger is rejected, 2 to 2 (a tie fails): Expansive and Express "
                   "may not merge this round."]
    assert TITLE.to_act(state) == (BOB,)
    assert refused(state, "merge express expansive") == HOSTILE + "failed"
    assert refused(state, "merge expansive express") == HOSTILE + "failed"
    assert legal_texts(state) == ["merge express resourceful", "merge resourceful express",
                                  "pass"]
    assert "expansive" in state.corps and "express" in state.corps


# -- Hostile Mergers: the bank pool's votes ------------------------------------------------
def pool_position(prices: tuple[int, int]) -> LostAtlasState:
    """Expansive: Ann 2 (president), 2 in the pool, 1 in the treasury. Express: Bob 2
    (president), 1 in the pool, 2 in the treasury. Cy bought and sold them; then the
    prices are set to ``prices``. Ann proposes the merger."""
    state = line((ANN, "expansive", 180), (BOB, "express", 160))
    operated(state)
    turn(state, CY, "buy expansive treasury")
    turn(state, CY, "buy expansive treasury")
    turn(state, CY, "buy express treasury")
    turn(state, CY, "sell expansive 2", "sell express 1", "done")
    for minor, price in zip(("expansive", "express"), prices, strict=True):
        state.stock.remove(minor)
        state.stock.enter(minor, state.stock.index_of(price))
    exp, xpr = state.corps["expansive"].shares, state.corps["express"].shares
    assert (exp.players, exp.pool, exp.treasury) == ({ANN: 2}, 2, 1)
    assert (xpr.players, xpr.pool, xpr.treasury) == ({BOB: 2}, 1, 2)
    hostile_round(state, priority=ANN)
    return state


@pytest.mark.parametrize(
    ("prices", "pool_lines", "tally", "bob", "approved"),
    [
        # 70 and 90 make 80: Expansive's pool shares gain and vote for, Express's lose
        # and vote against; 4 to 1 with Bob's 2 unasked: approved at once.
        ((70, 90), ["Expansive's 2 shares in the bank pool vote for: the price would rise "
                    "(70 to 80).",
                    "Express's 1 share in the bank pool votes against: the price would "
                    "fall (90 to 80)."], (4, 1, 0), None, True),
        # 90 and 70: the other way round; 3 to 2 with Bob's 2 left; Bob against: 3 to 4.
        ((90, 70), ["Expansive's 2 shares in the bank pool vote against: the price would "
                    "fall (90 to 80).",
                    "Express's 1 share in the bank pool votes for: the price would rise "
                    "(70 to 80)."], (3, 2, 2), "no", False),
        # 60 and 70 make 60 (65 is not printed): Expansive's pool abstains, Express's
        # votes against; Ann's 2 to 1 with Bob's 2 left: Bob abstains, 2 to 1.
        ((60, 70), ["Expansive's 2 shares in the bank pool abstain: the price would stay "
                    "(60 to 60).",
                    "Express's 1 share in the bank pool votes against: the price would "
                    "fall (70 to 60)."], (2, 1, 2), "abstain", True),
        # ...and Bob against: 2 to 3.
        ((60, 70), None, (2, 1, 2), "no", False),
        # 70 and 70: every pool share abstains; Ann's 2 against Bob's 2 is a tie.
        ((70, 70), ["Expansive's 2 shares in the bank pool abstain: the price would stay "
                    "(70 to 70).",
                    "Express's 1 share in the bank pool abstains: the price would stay "
                    "(70 to 70)."], (2, 0, 2), "no", False),
    ])
def test_pool_shares_vote_by_the_price_change_and_treasury_shares_abstain(
        prices: tuple[int, int], pool_lines: list[str] | None, tally: tuple[int, int, int],
        bob: str | None, approved: bool) -> None:
    state = pool_position(prices)
    assert TITLE.to_act(state) == (ANN,)
    log = act(state, "merge expansive express")
    assert log[0] == ("Ann proposes to merge Expansive with Express; the shareholders vote "
                      "(Ann's 2 shares for).")
    if pool_lines is not None:
        assert log[1:3] == pool_lines
    yes, no, _ = tally
    if bob is None:  # decided without asking Bob
        assert log[-2] == f"The merger is approved, {yes} to {no}."
        assert state.mr.step == merger_round.CHOOSE
    else:
        assert state.mr.step == VOTE
        assert hostile_mergers.tally(state) == tally
        assert TITLE.to_act(state) == (BOB,)
        log = act(state, f"vote {bob}")
    if approved:
        assert any(text.startswith("The merger is approved") for text in log)
        act(state, "major union")
        assert state.corps["union"].shares.pool == 3
        assert state.corps["union"].shares.treasury == 3
    else:
        at = next(i for i, text in enumerate(log) if text.startswith("The merger is "
                                                                      "rejected"))
        assert log[at + 1] == "The Merger Round ends."  # no other pair
        assert "expansive" in state.corps
    TITLE.invariants(state)


# -- Hostile Mergers: refused actions --------------------------------------------------------
def test_hostile_refusals_change_nothing() -> None:
    state = three_minors()
    hostile_round(state, priority=CY)
    assert TITLE.to_act(state) == (CY,)
    # Cy owns shares of Resourceful only.
    assert refused(state, "merge expansive express") == HOSTILE + "holder"
    assert refused(state, "merge express expansive") == HOSTILE + "holder"
    assert refused(state, "merge resourceful union") == R + "partner"
    assert refused(state, "merge resourceful resourceful") == R + "partner"
    assert refused(state, "accept") == HOSTILE + "step"
    assert refused(state, "vote yes") == HOSTILE + "step"
    assert refused(state, "major union") == HOSTILE + "step"
    act(state, "merge resourceful express")
    assert TITLE.to_act(state) == (BOB,)
    assert refused(state, "pass") == HOSTILE + "step"
    assert refused(state, "refuse") == HOSTILE + "step"
    assert refused(state, "merge express expansive") == HOSTILE + "step"
    # Another player's vote: not their decision.
    before = TITLE.view(state, None)
    error = TITLE.check(state, Vote("yes"), ANN)
    assert error is not None and error.rule == "core.not-your-decision"
    assert TITLE.view(state, None) == before
    assert TITLE.view(state, None)["merger"]["voters"] == [BOB]
    assert TITLE.view(state, None)["merger"]["votes"] == {str(CY): "yes"}


def test_hostile_connection_still_applies() -> None:
    # Expansive's track stops short of Express's home; Express reaches Resourceful.
    state = launched([(ANN, "expansive", 180), (BOB, "express", 160),
                      (CY, "resourceful", 140)],
                     {(0, 0): "expansive", (0, 4): "express", (0, 8): "resourceful"})
    connect(state, "expansive", range(0, 2))
    connect(state, "express", range(4, 9))
    hostile_round(state, priority=BOB)
    assert TITLE.to_act(state) == (BOB,)
    assert legal_texts(state) == ["merge express resourceful", "merge resourceful express",
                                  "pass"]
    assert refused(state, "merge express expansive") == R + "connection"
    assert refused(state, "merge expansive express") == R + "connection"
    # Ann owns shares of Expansive only, which reaches nobody: she is passed over.
    act(state, "pass")
    log = act(state, "pass")
    assert "Ann owns no share of a pair that may merge and passes." in log
    assert "The Merger Round ends." in log


# -- Merger Mania! ----------------------------------------------------------------------------
@pytest.mark.parametrize("mania", [False, True])
def test_merger_mania_holds_a_second_merger_round(mania: bool) -> None:
    # Bob refuses Ann's proposal in the first round. With Merger Mania! a second Merger
    # Round follows in which the pair may be proposed again, and Bob now accepts.
    state = line((ANN, "expansive", 180), (BOB, "express", 160))
    if mania:
        switch(state, variants.MERGER_MANIA)
    to_merger(state)
    act(state, "merge expansive express")
    log = act(state, "refuse")
    assert "The Merger Round ends." in log
    if not mania:
        assert state.round == STOCK and "expansive" in state.corps
        return
    assert log[-2:] == ["Merger Mania!: a second Merger Round follows.",
                        "The second Merger Round begins."]
    assert state.round == MERGER and state.mr.number == 2
    assert TITLE.view(state, None)["merger"]["number"] == 2
    assert TITLE.to_act(state) == (ANN,)
    assert legal_texts(state) == ["merge expansive express", "pass"]
    act(state, "merge expansive express")
    act(state, "accept")
    log = act(state, "major union")
    assert "The second Merger Round ends." in log
    assert state.round == STOCK and "union" in state.corps
    TITLE.invariants(state)


def test_merger_mania_second_round_after_all_pass_and_none_with_one_minor() -> None:
    state = three_minors()
    switch(state, variants.MERGER_MANIA)
    to_merger(state)
    for _ in range(3):
        log = act(state, "pass")
    assert log[-3:] == ["The Merger Round ends.", "Merger Mania!: a second Merger Round "
                        "follows.", "The second Merger Round begins."]
    # A merger in the second round leaves one minor; the round ends, no third follows.
    act(state, "merge expansive express")
    act(state, "accept")
    log = act(state, "major union")
    at = log.index("The second Merger Round ends.")
    assert log[at - 1] == "Resourceful has no possible merger partner."
    assert "Merger Mania!: a second Merger Round follows." not in log
    assert state.round == STOCK and state.cycle == 2


def test_merger_mania_no_second_round_when_one_minor_is_left() -> None:
    state = line((ANN, "expansive", 180), (BOB, "express", 160))
    switch(state, variants.MERGER_MANIA)
    to_merger(state)
    act(state, "merge expansive express")
    act(state, "accept")
    log = act(state, "major union")
    at = log.index("The Merger Round ends.")
    assert log[at:at + 3] == ["The Merger Round ends.",
                              "Merger Mania!: a second Merger Round follows.",
                              "There is no second Merger Round: fewer than two minor "
                              "companies remain."]
    assert state.round == STOCK


def test_both_variants_a_failed_pair_may_be_voted_on_again_in_the_second_round() -> None:
    state = three_minors()
    cy_buys_one_of_each(state)
    switch(state, variants.MERGER_MANIA)
    hostile_round(state, priority=ANN)
    act(state, "merge expansive express")
    act(state, "vote no")
    act(state, "vote no")  # 2 to 4
    # Bob, Cy, Ann pass: the first round ends and the second begins with Ann again.
    for _ in range(3):
        log = act(state, "pass")
    assert "The second Merger Round begins." in log
    assert state.mr.number == 2 and TITLE.to_act(state) == (ANN,)
    assert "merge expansive express" in legal_texts(state)
    act(state, "merge expansive express")
    act(state, "vote no")
    log = act(state, "vote yes")
    assert "The merger is approved, 4 to 2." in log
    assert state.priority == ANN


# -- whole games with bots --------------------------------------------------------------------
def snapshot(game: Game) -> str:
    return json.dumps([game.view(None), game.to_record()], sort_keys=True)


GAMES = [
    ("short", 3, 9, (variants.HOSTILE_MERGERS,)),
    ("long", 4, 4, (variants.HOSTILE_MERGERS,)),
    ("short", 3, 4, (variants.MERGER_MANIA,)),
    ("long", 4, 6, (variants.MERGER_MANIA,)),
    ("short", 3, 1, (variants.HOSTILE_MERGERS, variants.MERGER_MANIA)),
    ("long", 4, 8, (variants.HOSTILE_MERGERS, variants.MERGER_MANIA)),
]


@pytest.mark.parametrize(("mode", "players", "seed", "names"), GAMES)
def test_random_game_with_the_variant_to_the_end(mode: str, players: int, seed: int,
                                                 names: tuple[str, ...]) -> None:
    options: dict[str, object] = {"mode": mode, **{name: True for name in names}}
    game = boardroom.new_game("lost_atlas", [f"P{i}" for i in range(players)], seed=seed,
                              options=options)
    bot = RandomBot(seed)
    steps = 0
    while not game.is_over:
        seat = game.to_act[0]
        actions = game.legal_actions(seat)
        assert actions
        if game.state.round == MERGER:
            assert game.state.priority == game.view(None)["priority"]
            for action in actions:
                assert game.parse(str(action)) == action
                assert game.is_legal(action)
            other = (seat + 1) % players
            if other not in game.to_act:
                before = snapshot(game)
                with pytest.raises(IllegalAction):
                    game.apply(actions[0], player=other)
                assert snapshot(game) == before
        priority, in_merger = game.state.priority, game.state.round == MERGER
        game.apply(bot.choose(game, seat))
        if in_merger and game.state.round == MERGER:
            assert game.state.priority == priority
        game.title.invariants(game.state)
        steps += 1
        assert steps < 5000
    assert game.result is not None
    text = "\n".join(game.log)
    if variants.MERGER_MANIA in names:
        assert text.count("The Merger Round begins.") == text.count(
            "Merger Mania!: a second Merger Round follows.")
    else:
        assert "second Merger Round" not in text
    verbs = {str(a).split()[0] for a in game.record.actions}
    if variants.HOSTILE_MERGERS in names:
        assert not verbs & {"accept", "refuse"}
    else:
        assert "vote" not in verbs
    replayed = boardroom.load(game.to_record())
    assert snapshot(replayed) == snapshot(game)


def test_heuristic_bots_play_both_variants_to_the_end() -> None:
    options = {"mode": "short", variants.HOSTILE_MERGERS: True,
               variants.MERGER_MANIA: True}
    game = boardroom.new_game("lost_atlas", ["P0", "P1", "P2"], seed=1, options=options)
    bots = [make_bot("heuristic", seed=s) for s in range(3)]
    steps = 0
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat))
        steps += 1
        assert steps < 5000
    assert game.result is not None


def test_heuristic_votes_by_its_gain() -> None:
    # Cy owns one share of each: the heuristic bot votes as its merger value says.
    state = three_minors()
    cy_buys_one_of_each(state)
    hostile_round(state, priority=ANN)
    act(state, "merge expansive express")
    act(state, "vote no")
    assert TITLE.to_act(state) == (CY,)
    bot = HeuristicBot(seed=1)
    pub = Public(state)
    choice = bot._decide(pub, CY, TITLE.legal_actions(state, CY))
    assert isinstance(choice, Vote)
    gain = bot._merger_gain(pub, CY, "expansive", "express")
    assert choice.choice == ("yes" if gain > 0 else "no" if gain < 0 else "abstain")
