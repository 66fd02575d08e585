"""Every Lost Atlas option on its own and in combinations: a seeded random-bot game to
the end that replays from its record, and the combinations that are refused
(docs/variants.md). Each variant's own rules are tested in its own file
(test_lost_atlas_variant_*.py, test_lost_atlas_solo.py, test_lost_atlas_custom_map.py).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from boardroom.bots import make_bot
from boardroom.core.errors import OptionError
from boardroom.core.game import Game, load, new_game
from boardroom.titles.lost_atlas.variants import switches as variants

SWITCHES: list[dict[str, Any]] = [
    {"cut_throat_routes": True},
    {"cut_throat_stock": True},
    {"different_destinations": True},
    {"bankruptcy": "continue"},
    {"hostile_mergers": True},
    {"headquarters": True},
    {"merger_mania": True},
    {"unions_win": True},
    {"record_gains": True},
    {"metropolitan": True},
]
EVERYTHING = {k: v for switch in SWITCHES for k, v in switch.items()}
NO_EXPORT = {k: v for k, v in EVERYTHING.items() if k != "metropolitan"}

PLAYERS = {"long": 4, "short": 3, "short_random": 3, "micro_3p": 3, "micro_2p": 2, "solo": 1}


def play(mode: str, options: dict[str, Any], seed: int) -> Game:
    """A random-bot game to the end; every action is legal by construction and the
    finished record must replay to the same record."""
    n = PLAYERS[mode]
    game = new_game("lost_atlas", [f"P{i + 1}" for i in range(n)], seed=seed,
                    options={"mode": mode, **options})
    bots = [make_bot("random", seed * 8 + s) for s in range(n)]
    for _ in range(30_000):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game, seat), seat)
    assert game.is_over, "the game did not end"
    record = json.loads(json.dumps(game.to_record()))
    assert load(record).to_record() == game.to_record()
    return game


def test_every_variant_switch_is_declared_and_off_by_default() -> None:
    """rule lost_atlas.variant.options: all off is the base game; the record keeps them."""
    game = new_game("lost_atlas", ["A", "B", "C"], seed=1)
    for key, default in variants.VARIANT_OPTIONS.items():
        assert default is False
        assert game.to_record()["options"][key] is False
    with pytest.raises(OptionError, match="true or false"):
        new_game("lost_atlas", ["A", "B", "C"], seed=1, options={"headquarters": "yes"})


@pytest.mark.parametrize("mode", ["long", "short"])
@pytest.mark.parametrize("switch", SWITCHES, ids=lambda s: next(iter(s)))
def test_each_option_alone_to_the_end(mode: str, switch: dict[str, Any]) -> None:
    game = play(mode, switch, seed=3)
    assert game.result is not None
    for key, value in switch.items():
        assert game.to_record()["options"][key] == value


def test_bank_break_alone_to_the_end() -> None:
    game = play("long", {"bank_break": True}, seed=3)
    assert game.result is not None


@pytest.mark.parametrize(("mode", "options"), [
    ("long", EVERYTHING),
    ("long", {"bank_break": True, "hostile_mergers": True, "headquarters": True,
              "unions_win": True, "record_gains": True, "metropolitan": True}),
    ("short", EVERYTHING),
    ("short_random", EVERYTHING),
    ("micro_3p", NO_EXPORT),
    ("micro_2p", NO_EXPORT),
    ("solo", NO_EXPORT),
], ids=["long-all", "long-bank-break", "short-all", "short_random-all", "micro_3p-all",
        "micro_2p-all", "solo-all"])
@pytest.mark.parametrize("seed", [2, 5])
def test_combinations_to_the_end(mode: str, options: dict[str, Any], seed: int) -> None:
    game = play(mode, options, seed)
    assert game.result is not None


@pytest.mark.parametrize(("mode", "options", "rule"), [
    ("micro_3p", {"metropolitan": True}, "lost_atlas.variant.combination"),
    ("solo", {"metropolitan": True}, "lost_atlas.variant.combination"),
    ("short", {"bank_break": True}, "lost_atlas.bank_break.setup"),
    ("micro_2p", {"bank_break": True}, "lost_atlas.bank_break.setup"),
    ("long", {"bank_break": True, "bankruptcy": "continue"}, "lost_atlas.bank_break.setup"),
])
def test_combinations_that_mean_nothing_are_refused(mode: str, options: dict[str, Any],
                                                    rule: str) -> None:
    with pytest.raises(OptionError, match=rule):
        new_game("lost_atlas", [f"P{i}" for i in range(PLAYERS[mode])], seed=1,
                 options={"mode": mode, **options})
