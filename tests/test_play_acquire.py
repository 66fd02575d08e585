"""Acquire at the keyboard (issue 16 item 11): no question with only one answer, and the
keep/sell/trade prompt says what the decision is made with."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from rich.console import Console

import boardroom
from acquire_positions import play, position, tiles
from boardroom.cli.acquire_view import render_acquire
from boardroom.cli.main import cli
from boardroom.cli.play import Seat, Session, nothing_to_decide


def text_of(view: object) -> str:
    console = Console(width=200, record=True)
    console.print(render_acquire(view))
    return console.export_text()


def test_dispose_prompt_shows_holding_sale_price_and_survivor_shares_left() -> None:
    game = position(chains={"Tower": tiles("1A-5A"), "Luxor": tiles("7A-9A")},
                    hands={0: ["6A"]}, shares={1: {"Luxor": 3}})
    play(game, "6A")
    assert game.to_act == (1,)
    view = game.view(1)
    assert view["merger"]["sale_price"] == 300
    assert view["merger"]["survivor_shares_left"] == 25
    assert ("Bob holds 3 Luxor: sell at $300 each, trade 2 for 1 Tower (25 Tower shares "
            "left in the bank), keep the rest.") in text_of(view)


def test_buy_step_with_nothing_to_buy_is_played_for_the_person() -> None:
    game = position(hands={0: ["12I"]})
    play(game, "12I")
    assert game.view(None)["step"] == "buy"
    assert [str(a) for a in game.legal_actions()] == ["pass"]
    assert nothing_to_decide(game, 0) is not None
    console = Console(record=True, width=200)
    session = Session(game, [Seat("Ann"), Seat("Bob", "random"), Seat("Cy", "random")],
                      console)
    assert session.human_turn(0)
    assert "Ann has nothing to buy: passing." in console.export_text()
    assert game.record.actions[-1] == "pass"


def test_buy_step_with_something_to_buy_is_asked() -> None:
    game = position(chains={"Tower": ["1A", "2A"]}, hands={0: ["12I"]})
    play(game, "12I")
    assert nothing_to_decide(game, 0) is None


def test_play_skips_the_empty_buy_step(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = CliRunner().invoke(cli, ["play", "--players", "Me,bot:random", "--seed", "5",
                                      "--save", str(save)], input="1\n")
    assert "Me has nothing to buy: passing." in result.output
    assert "Me>" in result.output
    actions = boardroom.load(save.read_text()).record.actions
    assert actions[1] == "pass"


def test_play_help_lists_every_bot() -> None:
    from boardroom.bots.base import bot_names

    out = " ".join(CliRunner().invoke(cli, ["play", "--help"]).output.split())
    assert "heuristic" in bot_names()
    for name in bot_names():
        assert name in out.split("Bots (a seat written bot:NAME):")[1].split(".")[0]
    listed = CliRunner().invoke(cli, ["bots"]).output
    assert all(line.split()[0] in bot_names() and len(line.split()) > 3
               for line in listed.strip().splitlines())
