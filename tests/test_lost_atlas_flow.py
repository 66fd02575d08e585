"""The cycle of rounds after the second Operating Round (rulebook "Merger Round" (its
first paragraph), "Export a Train", "Advance the Round and Cycle Counters", "End of
Game"; summary 000 "Exporting trains", "Bankruptcy and the end").

* The Merger Round follows the second Operating Round only once the first green train
  has been bought or exported; otherwise play goes straight to the export.
* The export comes after the Merger Round: the top train leaves the game (a 2 takes all
  the 2s); it counts as a purchase for rust and phases; a green phase begun by the
  export brings no Merger Round now. No export in the Micro Game.
* Short and Micro games last 4 cycles, the Long Game 6. The final score is cash plus
  shares at market price (treasuries do not count); equal scores go to the president of
  the company that would act first.

Positions come from ``test_lost_atlas_merger``: random legal map building, real Stock
Round auctions and buys, then an exact board; the end of the second Operating Round is
reached by calling ``flow.after_operating`` as the Operating Round does.
"""

from __future__ import annotations

import pytest

from boardroom.core.rng import Rng
from boardroom.core.title import Action
from boardroom.titles.lost_atlas.rounds import flow, merger_round
from boardroom.titles.lost_atlas.state import (
    BANK,
    MERGER,
    OPERATING,
    OVER,
    STOCK,
    LostAtlasState,
    player_account,
)
from lost_atlas_setup import TITLE, act, started
from test_lost_atlas_merger import ANN, BOB, CY, launched, legal_texts, line, turn

ALL_2S = "All remaining 2-trains are exported."


def end_of_or2(state: LostAtlasState, stack: list[str] | None = None,
               bought: tuple[str, ...] = ("2",), phase: str = "yellow") -> list[str]:
    """The second Operating Round of the cycle ends with this stack and these trains
    bought; returns the log of what follows."""
    state.sr = state.auction = None
    if stack is not None:
        state.trains = list(stack)
    state.bought = set(bought)
    state.phase = phase
    for corp in state.corps.values():
        corp.operated = True
    state.round, state.or_number = OPERATING, 2
    log: list[str] = []
    flow.after_operating(state, log)
    return log


STACK = ["2", "2", "3", "3", "3", "3", "4", "4", "4", "5", "5", "6", "7", "7"]


# -- the Merger Round or not ----------------------------------------------------------------
def test_no_merger_round_before_green() -> None:
    state = line((ANN, "expansive", 160), (BOB, "express", 180))
    log = end_of_or2(state, STACK)
    assert not any("Merger Round" in line for line in log)
    assert ALL_2S in log
    assert state.round == STOCK and state.cycle == 2 and state.mr is None
    assert state.trains == STACK[2:]
    assert state.phase == "yellow"


def test_merger_round_after_or2_in_green_then_the_export() -> None:
    state = line((ANN, "expansive", 160), (BOB, "express", 180))
    log = end_of_or2(state, STACK[3:], bought=("2", "3"), phase="green")
    assert "The Merger Round begins." in log
    assert state.round == MERGER and state.cycle == 1
    assert state.trains == STACK[3:]  # nothing exported yet
    act(state, "pass")
    log = act(state, "pass")
    assert log.index("The Merger Round ends.") < log.index("A 3-train is exported.")
    assert state.trains == STACK[4:]
    assert state.round == STOCK and state.cycle == 2


def test_green_by_export_skips_the_merger_round_now() -> None:
    state = line((ANN, "expansive", 160), (BOB, "express", 180))
    log = end_of_or2(state, STACK[2:], bought=("2",))
    assert log[:2] == ["A 3-train is exported.", "The green phase begins."]
    assert not any("Merger Round" in line for line in log)
    assert state.phase == "green" and state.round == STOCK and state.cycle == 2
    # The next cycle's Operating Rounds are followed by a Merger Round.
    log = end_of_or2(state, bought=("2", "3"), phase="green")
    assert "The Merger Round begins." in log
    assert state.round == MERGER


# -- the export ---------------------------------------------------------------------------
def test_a_2_is_exported_with_all_remaining_2s() -> None:
    state = line((ANN, "expansive", 160), (BOB, "express", 180))
    log = end_of_or2(state, ["2", "2", "2", "3", "4"])
    assert ALL_2S in log
    assert state.trains == ["3", "4"]
    assert "2" in state.bought and state.phase == "yellow"


def test_exporting_the_first_4_rusts_the_2s_and_sets_the_limit() -> None:
    state = launched([(ANN, "expansive", 160), (BOB, "resourceful", 180)],
                     {(0, 0): "expansive", (0, 6): "resourceful"})
    state.corps["expansive"].trains = ["2", "3"]
    state.corps["resourceful"].trains = ["2"]
    state.pool = ["2"]
    log = end_of_or2(state, ["4", "4", "5"], bought=("2", "3"), phase="green")
    # Two minors here but no track between them: no merger is possible.
    assert "No merger is possible: the Merger Round ends." in log
    assert log.index("A 4-train is exported.") < log.index("All 2-trains rust (3 leave the game).")
    assert state.corps["expansive"].trains == ["3"]
    assert state.corps["resourceful"].trains == []
    assert state.corps["resourceful"].rusted == ["2"]  # Resourceful runs it once more
    assert state.pool == []
    assert "4" in state.bought and state.trains == ["4", "5"]


def test_exporting_the_first_5_starts_purple_and_its_limits() -> None:
    state = line((ANN, "expansive", 160), (BOB, "express", 180))
    state.corps["expansive"].trains = ["3", "4"]
    state.corps["express"].trains = ["4"]
    log = end_of_or2(state, ["5", "5", "6"], bought=("2", "3", "4"), phase="green")
    act(state, "pass")
    log = act(state, "pass")
    assert "A 5-train is exported." in log and "The purple phase begins." in log
    assert state.phase == "purple" and state.round == STOCK
    # Expansive now holds one train over the minor limit of 1: its president chooses
    # which goes to the pool before the Stock Round goes on.
    assert state.discards == ["expansive"]
    assert TITLE.to_act(state) == (ANN,)
    assert legal_texts(state) == ["discard expansive 3", "discard expansive 4"]
    act(state, "discard expansive 3")
    assert state.discards == [] and state.pool == ["3"]
    assert TITLE.to_act(state) == (state.priority,)


def test_exporting_the_first_7_starts_grey_and_rusts_the_4s() -> None:
    state = line((ANN, "expansive", 160), (BOB, "express", 180))
    state.corps["expansive"].trains = ["4"]
    state.corps["express"].trains = ["6"]
    log = end_of_or2(state, ["7", "7"], bought=("2", "3", "4", "5", "6"), phase="purple")
    act(state, "pass")
    log = act(state, "pass")
    assert "The grey phase begins." in log
    assert state.corps["expansive"].trains == [] and state.corps["express"].trains == ["6"]


def test_no_export_in_the_micro_game() -> None:
    state = line((ANN, "expansive", 160), (BOB, "express", 180), mode="micro_2p",
                 players=["Ann", "Bob"])
    stack = list(state.trains)
    log = end_of_or2(state)
    assert not any("export" in line for line in log)
    assert state.trains == stack and state.cycle == 2 and state.round == STOCK


# -- the number of cycles -------------------------------------------------------------------
@pytest.mark.parametrize(("mode", "players", "cycles"),
                         [("short", ["Ann", "Bob", "Cy"], 4), ("long", ["Ann", "Bob", "Cy"], 6),
                          ("micro_3p", ["Ann", "Bob", "Cy"], 4),
                          ("micro_2p", ["Ann", "Bob"], 4)])
def test_the_game_lasts_the_modes_cycles(mode: str, players: list[str], cycles: int) -> None:
    state = line((ANN, "expansive", 160), (BOB, "express", 180), mode=mode, players=players)
    state.cycle = cycles - 1
    end_of_or2(state)
    assert state.round == STOCK and state.cycle == cycles
    stack = list(state.trains)
    log = end_of_or2(state)
    assert state.round == OVER and TITLE.is_over(state)
    assert state.trains == stack  # no export after the last cycle
    assert log[-2] == f"The game ends: the {cycles} cycles are over."
    assert TITLE.to_act(state) == ()
    assert TITLE.result(state) is not None


# -- the final score ------------------------------------------------------------------------
def scored_position() -> LostAtlasState:
    """The last cycle. Ann presides over Expansive (80), Bob over Express (90); Ann owns
    one Express share, Cy one share of each."""
    state = line((ANN, "expansive", 160), (BOB, "express", 180))
    turn(state, CY, "buy expansive treasury")
    turn(state, ANN, "buy express treasury")
    turn(state, CY, "buy express treasury")
    state.cycle = 4
    return state


def test_final_score_is_cash_plus_shares_at_market_price() -> None:
    state = scored_position()
    cash = [state.cash(s) for s in range(3)]
    assert cash == [300 - 160 - 90, 300 - 180, 300 - 80 - 90]
    # Treasuries hold money and shares, which count for nobody.
    assert state.treasury("expansive") == 240 and state.treasury("express") == 360
    state.ledger.pay(player_account(CY), player_account(ANN), 10)
    log = end_of_or2(state)
    result = state.result
    assert result is not None and state.round == OVER
    assert result.scores == (cash[ANN] + 10 + 2 * 80 + 90, cash[BOB] + 2 * 90,
                             cash[CY] - 10 + 80 + 90)
    assert result.scores == (310, 300, 290)
    assert result.ranking == ((ANN,), (BOB,), (CY,))
    assert log[-1] == "Final scores: Ann 310, Bob 300, Cy 290."
    assert TITLE.view(state, None)["result"]["winners"] == [ANN]


@pytest.mark.parametrize(("express_first", "order"),
                         [(True, ((BOB,), (ANN,), (CY,))), (False, ((ANN,), (BOB,), (CY,)))])
def test_equal_scores_go_to_the_president_of_the_company_acting_first(
        express_first: bool, order: tuple[tuple[int, ...], ...]) -> None:
    # All three end on 300. Bob's Express acts first at 90; with Express and Expansive
    # both at 90, Expansive's token on top, Ann's company acts first. Cy presides over
    # nothing and comes last.
    state = scored_position()
    if not express_first:
        state.stock.remove("expansive")
        state.stock.enter("expansive", state.stock.index_of(90))
        state.stock.to_bottom("express")
        state.ledger.pay(player_account(ANN), BANK, 20)  # two shares 10 dearer
        state.ledger.pay(player_account(CY), BANK, 10)
    assert flow.scores(state) == (300, 300, 300)
    end_of_or2(state)
    assert state.result is not None
    assert state.result.ranking == order
    assert state.result.winners == order[0]


def test_equal_scores_without_presidencies_share_a_place() -> None:
    state = started(["Ann", "Bob", "Cy"], mode="short", seed=5)
    state.cycle = 4
    end_of_or2(state)
    result = state.result
    assert result is not None
    assert result.scores == (300, 300, 300)
    assert result.ranking == ((ANN, BOB, CY),)


# -- whole games through the title ------------------------------------------------------------
def random_game(seed: int, merge_bias: bool) -> tuple[LostAtlasState, int]:
    """A Short Game of random legal actions (with ``merge_bias``, a proposal or an
    acceptance is taken half the time it is offered); every state keeps the invariants
    and every action reads back from its notation. Returns the end and the mergers."""
    state = started(["Ann", "Bob", "Cy"], mode="short", seed=seed)
    rng = Rng(seed * 13 + 5)
    mergers = 0
    for _ in range(20_000):
        if TITLE.is_over(state):
            break
        seat = TITLE.to_act(state)[0]
        actions = TITLE.legal_actions(state, seat)
        eager = [a for a in actions
                 if isinstance(a, merger_round.Propose | merger_round.Accept)]
        action: Action
        if merge_bias and eager and rng.below(2):
            action = eager[rng.below(len(eager))]
        else:
            action = actions[rng.below(len(actions))]
        assert TITLE.check(state, action, seat) is None, action
        assert TITLE.parse(str(action)) == action
        log = TITLE.apply(state, action, seat)
        TITLE.invariants(state)
        mergers += sum(" merge into " in line for line in log)
    assert TITLE.is_over(state) and TITLE.result(state) is not None
    return state, mergers


def test_random_games_run_to_the_end() -> None:
    for seed in (1, 2):
        random_game(seed, merge_bias=False)


def test_random_games_with_mergers() -> None:
    for seed in range(1, 30):
        _, mergers = random_game(seed, merge_bias=True)
        if mergers:
            break
    assert mergers
