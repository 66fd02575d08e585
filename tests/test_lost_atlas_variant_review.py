"""Review of the variants against the rulebook text ("Variants") and docs/variants.md:
each test here failed before the fix it names."""

from __future__ import annotations

from boardroom.titles.lost_atlas.rounds import operating_round as orr
from boardroom.titles.lost_atlas.state import BANK
from boardroom.titles.lost_atlas.variants import bank_break
from lost_atlas_games import act, launch, new_game, op, pass_until, to_operating


def test_bank_break_a_bank_that_ran_out_is_depleted_even_if_money_flows_back() -> None:
    """Bank Break: "the game ends when the bank is depleted". The bank pays an issue it
    cannot cover (its account below 0), then a train purchase refills it before any
    check: it was depleted all the same (bank_break.note_depletion, the ledger's watch)."""
    state = new_game(1, players=["Ann", "Ben", "Cat"], mode="long", bank_break=True)
    company = launch(state, 180)
    to_operating(state)
    assert op(state).company == company and not state.corps[company].trains
    pass_until(state, orr.SHARES)
    state.ledger.pay(BANK, bank_break.RESERVE, state.ledger.cash[BANK] - 30)  # bank: 30
    price = state.price(company)
    act(state, "issue")  # the bank pays the share's price: more than it has
    assert state.ledger.cash[BANK] <= 0 or bank_break.depleted(state)
    pass_until(state, orr.TRAINS)
    act(state, "train 2")  # the price of a train flows back into the bank
    assert price > 30
    while state.round == "operating" and state.or_number == 1:
        act(state, "pass")
    assert bank_break.depleted(state)
