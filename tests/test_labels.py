"""Labels: the sentence a person reads for each legal action (issue 10 item 2).

Each title's labels live in one module (``titles/<title>/labels.py``, Congress in its
title); the server's ``legal[].label`` is that function's answer.
"""

from __future__ import annotations

import random
from collections import Counter

import boardroom
from boardroom.core.game import Game
from boardroom.server.store import Entry, SeatInfo, Who, snapshot_of
from boardroom.titles.acquire.actions import Buy, Dispose, Found, Place
from boardroom.titles.acquire.placement import FOUNDS, classify
from boardroom.titles.acquire.state import account
from boardroom.titles.acquire.stockcard import CHAINS, chain_price
from boardroom.titles.lost_atlas.board.track_laying import TileLay, is_yellow_lay
from boardroom.titles.lost_atlas.rounds.operating_round import BuyTrain


def play(game: Game, steps: int, seed: int, look: object = None) -> None:
    """Random play for ``steps`` actions; ``look(game, seat, legal)`` before each."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        if callable(look):
            look(game, seat, legal)
        game.apply(rng.choice(legal), seat)


def test_acquire_every_legal_action_has_a_sentence_not_its_notation() -> None:
    kinds: Counter[str] = Counter()

    def look(game: Game, seat: int, legal: list) -> None:
        for action in legal:
            text = game.label(action, seat)
            assert text and text[0].isupper(), text
            assert text != str(action)
            kinds[type(action).__name__] += 1

    for seed in range(8):
        play(boardroom.new_game("acquire", ["Ann", "Bob", "Cy"], seed=seed), 400, seed, look)
    assert {"Place", "Found", "Buy", "Dispose"} <= set(kinds)


def test_acquire_buy_names_the_shares_and_their_total_price() -> None:
    found: list[tuple[str, str]] = []

    def look(game: Game, seat: int, legal: list) -> None:
        state = game.state
        for action in legal:
            if isinstance(action, Buy) and len(action.chains) == 3 and not found:
                total = sum(chain_price(c, state.size[c]) for c in action.chains)
                found.append((game.label(action, seat), f"${total:,}"))
                counts = Counter(action.chains)
                for chain, n in counts.items():
                    assert f"{n} {CHAINS[chain]}" in found[0][0]

    for seed in range(10):
        play(boardroom.new_game("acquire", ["Ann", "Bob"], seed=seed), 300, seed, look)
    text, total = found[0]
    assert text.startswith("Buy ") and text.endswith(f"for {total}")
    game = boardroom.new_game("acquire", ["Ann", "Bob"], seed=1)
    assert game.label(Buy(()), 0) == "Buy no stock (pass)"


def test_acquire_place_says_what_the_tile_does_and_found_names_the_chain() -> None:
    seen: dict[str, str] = {}

    def look(game: Game, seat: int, legal: list) -> None:
        for action in legal:
            if isinstance(action, Place):
                kind = classify(game.state.board, game.state.size, action.tile)
                seen.setdefault(kind, game.label(action, seat))
            if isinstance(action, Found):
                seen.setdefault("found", game.label(action, seat))

    for seed in range(6):
        play(boardroom.new_game("acquire", ["Ann", "Bob", "Cy"], seed=seed), 300, seed, look)
    assert seen[FOUNDS].endswith("(founds a chain)")
    assert "(grows " in seen["grows"] and "(merges " in seen["merges"]
    assert seen["isolated"].startswith("Place tile ")
    assert seen["found"].startswith("Found ")


def test_acquire_disposal_gives_the_sale_price_and_the_trade() -> None:
    checked = []

    def look(game: Game, seat: int, legal: list) -> None:
        merger = game.state.merger
        for action in legal:
            if isinstance(action, Dispose) and action.sell and action.trade and not checked:
                assert merger is not None
                price = chain_price(merger.acquired, merger.sizes[merger.acquired])
                text = game.label(action, seat)
                acquired, survivor = CHAINS[merger.acquired], CHAINS[merger.survivor]
                assert text.startswith(f"Sell {action.sell} {acquired} for "
                                       f"${action.sell * price:,}")
                assert f"trade {action.trade} {acquired} for {action.trade // 2} {survivor}" \
                    in text
                held = game.state.ledger.holding(acquired, account(seat))
                kept = held - action.sell - action.trade
                assert (f"keep {kept}" in text) == bool(kept)
                checked.append(text)

    for seed in range(30):
        if checked:
            break
        play(boardroom.new_game("acquire", ["Ann", "Bob", "Cy"], seed=seed), 400, seed, look)
    assert checked


def test_lost_atlas_labels_name_the_lay_its_cost_and_the_train_price() -> None:
    lays: list[str] = []
    trains: list[str] = []
    kinds: Counter[str] = Counter()

    def look(game: Game, seat: int, legal: list) -> None:
        state = game.state
        for action in legal[:200]:
            text = game.label(action, seat)
            assert text and text[0].isupper(), (action, text)
            kinds[type(action).__name__] += 1
            if isinstance(action, TileLay) and is_yellow_lay(state.board, action.hex):
                cost = state.board.spaces[action.hex].cost
                assert text.startswith(f"Lay tile {action.tile} at "
                                       f"{action.hex[0]},{action.hex[1]}")
                assert text.endswith(f"(cost {cost})") == bool(cost), text
                assert (f"rotated {action.rotation}" in text) == bool(action.rotation)
                if cost:
                    lays.append(text)
            if isinstance(action, BuyTrain) and action.trade is None:
                price = state.components.trains[action.train].price
                assert text.endswith(f"for {price}")
                trains.append(text)

    play(boardroom.new_game("lost_atlas", ["Ann", "Bob", "Cy"], seed=3), 700, 3, look)
    assert lays and trains
    assert {"TileLay", "Bid", "BuyTrain", "PlacePiece"} <= set(kinds)


def test_congress_labels_are_sentences() -> None:
    def look(game: Game, seat: int, legal: list) -> None:
        for action in legal[:50]:
            text = game.label(action, seat)
            assert text and text[0].isupper(), (action, text)

    play(boardroom.new_game("congress", ["Ann", "Bob", "Cy"], seed=2), 150, 2, look)


def test_the_server_shows_the_titles_label() -> None:
    game = boardroom.new_game("acquire", ["Ann", "Bob"], seed=4)
    seat = game.to_act[0]
    entry = Entry("g", game, "play", 1, 0, "", [SeatInfo(i, n, "", None, None, True)
                                                 for i, n in enumerate(["Ann", "Bob"])],
                  [], [], None, 0.0)
    legal = snapshot_of(entry, Who(seat))["legal"]
    assert legal and all(a["label"] == game.label(game.parse(a["notation"]), seat)
                         for a in legal)
    assert all(a["label"].startswith("Place tile ") for a in legal)


def test_a_variants_actions_carry_their_own_labels() -> None:
    from boardroom.titles.lost_atlas.labels import label
    from boardroom.titles.lost_atlas.variants.hostile_mergers import Vote
    from boardroom.titles.lost_atlas.variants.landmarks import HalfPayout

    state = boardroom.new_game("lost_atlas", ["Ann", "Bob", "Cy"], seed=1).state
    assert label(state, Vote("yes"), 0) == "Vote for the merger"
    assert label(state, Vote("abstain"), 0) == "Abstain"
    assert label(state, HalfPayout(), 0) == "Pay half the revenue out, keep half"
