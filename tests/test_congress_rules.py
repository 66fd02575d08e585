"""Congress beyond the post: Boardroom's provisional frame (docs/congress.md), the data
file and its replacement, options, notation, views, and the terminal game."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

import boardroom
from boardroom import Game as V1
from boardroom import IllegalAction, OptionError
from boardroom.cli.main import cli
from boardroom.titles.congress.actions import Expand, parse
from boardroom.titles.congress.data import (
    MAX_DATA_BYTES,
    DataError,
    load_data,
    read_file,
    shipped_raw,
)
from boardroom.titles.congress.state import ACTIVE, AUCTION, EXPAND_MORE, MERGE, OVER, TURN
from congress_positions import activate, idx, lay, new, ok, turn_of


def test_congress_data_every_value_is_marked_provisional() -> None:
    data = load_data(version=1)
    marked = {where for where, _ in data.provisional}
    for key in ("players", "starting_cash", "rounds_per_dividend", "general_dividends",
                "links_per_expand", "min_bid", "develop_cost", "income_max"):
        assert f"game.{key}" in marked
    assert "links" in marked
    assert all(f"cities.{c.id}" in marked for c in data.cities)
    assert all(f"companies.{c.id}" in marked for c in data.companies)


def test_congress_data_option_replaces_the_shipped_file(tmp_path: Path) -> None:
    raw = shipped_raw(1)
    raw["game"]["starting_cash"]["3"] = 77
    raw["cities"][0]["value"] = 9
    game = V1("congress", ["A", "B", "C"], options={"data": raw}, rules_version="1")
    assert game.view(None)["players"][0]["cash"] == 77
    assert game.state.value[0] == 9
    again = boardroom.load(game.to_record())  # the record holds the data itself
    assert again.state.value[0] == 9
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw))
    runner = CliRunner()
    out = tmp_path / "g.json"
    result = runner.invoke(cli, ["new", "congress", "-p", "A,B,C", "--option",
                                 f"data=@{path}", "-o", str(out)])
    assert result.exit_code == 2 and "format version 1" in result.output  # a v1 file
    raw2 = shipped_raw()
    raw2["cities"][0]["value"] = 9
    path.write_text(json.dumps(raw2))
    result = runner.invoke(cli, ["new", "congress", "-p", "A,B,C", "--option",
                                 f"data=@{path}", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["options"]["data"]["cities"][0]["value"] == 9


def load_raw(text: str) -> dict[str, object]:
    return tomllib.loads(text)


def test_congress_data_option_is_content_never_a_file_name(tmp_path: Path) -> None:
    """Issue 26: the title reads no file (the server passes strangers' options to it): a
    string is the data file's TOML text, a path in it is just bad TOML, and nothing in the
    error tells what is on the disk; the command line reads ``@FILE`` (TOML or JSON)."""
    shipped = (Path(boardroom.__file__).parent / "titles/congress/data/congress.toml"
               ).read_text(encoding="utf-8")
    mine = tmp_path / "mine.toml"
    mine.write_text(shipped, encoding="utf-8")  # a valid data file: still not read
    text_game = boardroom.new_game("congress", ["A", "B", "C"], options={"data": shipped})
    assert text_game.record.options["data"] == load_raw(shipped)  # the record holds a table
    for name in (str(mine), "/etc/passwd", "/etc", "/no/such/file", "/dev/zero"):
        with pytest.raises(DataError) as refused:
            boardroom.new_game("congress", ["A", "B", "C"], options={"data": name})
        message = str(refused.value)
        assert "not valid TOML text" in message and "not a file name" in message
        assert "root:" not in message and "directory" not in message.lower()
        assert "No such file" not in message and "format" not in message
    with pytest.raises(DataError, match="limited to"):
        boardroom.new_game("congress", ["A", "B", "C"],
                           options={"data": "x = 1\n" * (MAX_DATA_BYTES // 6 + 1)})
    runner = CliRunner()
    out = tmp_path / "g.json"
    result = runner.invoke(cli, ["new", "congress", "-p", "A,B,C", "--option",
                                 f"data=@{mine}", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["options"]["data"] == load_raw(shipped)
    zero = runner.invoke(cli, ["new", "congress", "-p", "A,B,C", "--option",
                               "data=@/dev/zero", "-o", str(out)])
    assert zero.exit_code == 2 and "not a regular file" in zero.output
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_DATA_BYTES + 1))
    with pytest.raises(DataError, match="larger than"):
        read_file(str(big))
    with pytest.raises(DataError, match="not a regular file"):
        read_file("/dev/zero")


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r["cities"][0].update(value=-1), "at least 0"),
    (lambda r: r["links"]["list"].append(["LAN", "NOWHERE", 3]), "unknown city"),
    (lambda r: r["companies"][1].update(home="LIV"), "already the home station"),
    (lambda r: r["companies"][0].update(kind="major"), "'founding' or 'merger'"),
    (lambda r: r["game"].pop("min_bid"), "missing min_bid"),
    (lambda r: r.update(format="other"), "format"),
    (lambda r: r["cities"][0].update(id="lan"), "upper-case"),
])
def test_congress_data_bad_data_is_refused_naming_the_entry(change: object,
                                                             message: str) -> None:
    raw = shipped_raw(1)
    change(raw)  # type: ignore[operator]
    with pytest.raises(DataError, match=message):
        V1("congress", ["A", "B", "C"], options={"data": raw}, rules_version="1")


def test_congress_options_switches_and_defaults() -> None:
    game = new()
    assert game.record.options == {"chaining": "none", "special_dividend": "chooser"}
    with pytest.raises(OptionError, match="chaining"):
        new({"chaining": "sometimes"})
    with pytest.raises(OptionError, match="unknown Congress option"):
        new({"mode": "long"})
    with pytest.raises(OptionError, match=r"congress\.setup\.players"):
        V1("congress", ["A", "B"], rules_version="1")
    with pytest.raises(OptionError):
        new({"data": 7})


def test_congress_notation_round_trips() -> None:
    for text in ("auction LMR", "bid 12", "pass", "expand LMR LIV-WIG", "done",
                 "develop MAN", "merge MSL into LMR", "merge MSL into LMR pay LMR",
                 "start LYR"):
        assert str(parse(text)) == text
        assert parse(text.lower()) == parse(text)
    for bad in ("", "bid x", "expand LMR LIV", "merge A B", "merge A into B for A", "jump"):
        with pytest.raises(IllegalAction):
            parse(bad)


def test_congress_capitalise_starts_a_founding_company_with_its_first_share() -> None:
    game = new(seed=2)
    seat = game.to_act[0]
    game.apply("auction LMR", seat)
    assert game.state.step == AUCTION and game.to_act == (seat,)
    game.apply("bid 7", seat)
    for k in (1, 2, 3):
        game.apply("pass", (seat + k) % 4)
    s = game.state
    lmr = idx(game, "LMR")
    assert s.status[lmr] == ACTIVE and s.income[lmr] == 5
    assert s.held(lmr, seat) == 1 and s.ledger.cash["co:LMR"] == 7
    assert s.current == (seat + 1) % 4
    ok(game)


def test_congress_capitalise_refusals() -> None:
    game = new(seed=2)
    seat = game.to_act[0]
    for text, rule in (("auction LYR", "congress.capitalise.merger-company"),
                       ("auction XYZ", "notation"), ("bid 3", "congress.turn.sequence")):
        with pytest.raises(IllegalAction) as err:
            game.apply(text, seat)
        assert err.value.rule == rule
    game.apply("auction LMR", seat)
    game.apply("bid 5", seat)
    nxt = (seat + 1) % 4
    for text, rule in (("bid 5", "congress.auction.bid-higher"),
                       ("bid 99", "congress.auction.cash")):
        with pytest.raises(IllegalAction) as err:
            game.apply(text, nxt)
        assert err.value.rule == rule


def test_congress_capitalise_no_bid_leaves_the_share() -> None:
    game = new(seed=2)
    seat = game.to_act[0]
    game.apply("auction LMR", seat)
    for k in range(4):
        game.apply("pass", (seat + k) % 4)
    assert game.state.pool(idx(game, "LMR")) == 5 and game.state.status[0] != ACTIVE


def test_congress_expand_rules() -> None:
    game = new()
    activate(game, "LMR", {0: 1}, cash=12)
    activate(game, "LNR", {1: 1}, cash=10)
    turn_of(game, 0)
    legal = game.legal_actions(0)
    assert Expand("LMR", "LIV", "WIG") in legal
    assert Expand("LMR", "LIV", "PRE") in legal  # cost 9 <= 12
    assert not any(isinstance(a, Expand) and a.company == "LNR" for a in legal)
    for text, rule in (("expand LNR LEE-BRA", "congress.expand.shareholder"),
                       ("expand LMR LIV-MAN", "congress.expand.link"),
                       ("expand LMR WIG-BOL", "congress.expand.network"),
                       ("expand MSL MAN-BOL", "congress.expand.active")):
        with pytest.raises(IllegalAction) as err:
            game.apply(text, 0)
        assert err.value.rule == rule
    game.apply("expand LMR LIV-WIG", 0)
    s = game.state
    assert s.step == EXPAND_MORE and s.income[0] == 5 + 2 and s.markers[0] == 7
    assert s.ledger.cash["co:LMR"] == 6
    for text, rule in (("expand LNR LEE-BRA", "congress.expand.same-company"),
                       ("expand LMR LIV-PRE", "congress.expand.treasury")):  # 9 > 6
        with pytest.raises(IllegalAction) as err:
            game.apply(text, 0)
        assert err.value.rule == rule
    game.apply("done", 0)
    assert s.step == TURN and s.current == 1
    ok(game)


def test_congress_expand_not_into_an_unstarted_founding_home() -> None:
    game = new()
    activate(game, "LMR", {0: 1}, cash=40)
    lay(game, "LMR", ["LIV", "WAR"])
    turn_of(game, 0)
    with pytest.raises(IllegalAction) as err:
        game.apply("expand LMR WAR-MAN", 0)
    assert err.value.rule == "congress.expand.inactive-home"


def test_congress_expand_second_link_then_the_turn_ends() -> None:
    game = new()
    activate(game, "LMR", {0: 1}, cash=40)
    turn_of(game, 0)
    game.apply("expand LMR LIV-WIG", 0)
    game.apply("expand LMR WIG-BOL", 0)  # the limit of 2 links: the turn ends
    assert game.state.step == TURN and game.state.current == 1
    assert game.state.income[0] == 5 + 2 + 3
    ok(game)


def test_congress_develop_raises_value_and_incomes() -> None:
    game = new()
    activate(game, "LMR", {0: 1})
    lay(game, "LMR", ["LIV", "WIG"])
    turn_of(game, 0)
    before = game.state.cash(0)
    game.apply("develop WIG", 0)
    s = game.state
    assert s.value[idx(game, "WIG")] == 3 and s.income[0] == 5 + 2 + 1
    assert s.cash(0) == before - 5 and s.dev_left == 9
    turn_of(game, 0)
    game.apply("develop WIG", 0)
    turn_of(game, 0)
    with pytest.raises(IllegalAction) as err:
        game.apply("develop WIG", 0)
    assert err.value.rule == "congress.develop.city"
    ok(game)


def test_congress_general_dividends_at_fixed_rounds_and_the_end() -> None:
    game = new(seed=4)
    activate(game, "LMR", {0: 2, 1: 1})
    first = game.state.first
    turn_of(game, first)
    cash = [game.state.cash(s) for s in range(4)]
    for _ in range(3 * 4):  # three rounds of passes
        game.apply("pass")
    assert game.state.dividends_paid == 1
    # LMR income 5 over 3 issued shares: 1 a share
    assert [game.state.cash(s) - cash[s] for s in range(4)] == [2, 1, 0, 0]
    while not game.is_over:
        game.apply("pass")
    assert game.state.step == OVER and game.state.dividends_paid == 5
    assert game.state.round == 15
    result = game.result
    assert result is not None and result.scores == tuple(game.state.cash(s) for s in range(4))
    assert game.legal_actions() == []


def test_congress_view_is_public_and_json() -> None:
    game = new()
    assert game.view(0) | {"seat": None} == game.view(1) | {"seat": None}
    json.dumps(game.view(None))


def test_congress_merge_step_refuses_everything_else() -> None:
    game = new()
    activate(game, "LMR", {0: 1})
    activate(game, "MSL", {1: 1})
    lay(game, "LMR", ["LIV", "WAR"])
    turn_of(game, 0)
    game.apply("expand LMR WAR-MAN", 0)
    assert game.state.step == MERGE
    with pytest.raises(IllegalAction) as err:
        game.apply("pass", 0)
    assert err.value.rule == "congress.turn.sequence"


def test_congress_play_a_whole_game_in_the_terminal(tmp_path: Path) -> None:
    runner = CliRunner()
    save = tmp_path / "game.json"
    for option in ("chaining=automatic", "special_dividend=acquired"):
        result = runner.invoke(cli, ["play", "congress", "--players",
                                     "bot:heuristic,bot:random,bot:congress", "--seed", "3",
                                     "--option", option, "--save", str(save)])
        assert result.exit_code == 0, result.output
        assert "The game ends at the last General Dividend" in result.output
        assert boardroom.load(json.loads(save.read_text())).is_over
    human = runner.invoke(cli, ["play", "congress", "--seed", "1"],
                          input="?\n" + "1\n" * 40)
    assert human.exit_code == 0, human.output
    assert "Legal actions of Player" in human.output
