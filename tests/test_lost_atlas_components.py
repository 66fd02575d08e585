"""The Lost Atlas component data: counts, upgrade chart, geometry, modes, and the loader's
refusal of malformed files."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path

import pytest
from pydantic import ValidationError

from boardroom.core.errors import BoardroomError, OptionError
from boardroom.map.hexes import edge_towards, neighbour
from boardroom.map.tiles import COLOURS, upgrade_rotations
from boardroom.titles.lost_atlas.board.components import (
    POSE,
    ComponentError,
    Components,
    load_components,
    next_colour,
    provisional_markdown,
    provisional_values,
)

DOCS = Path(__file__).resolve().parents[1] / "docs" / "lost-atlas-components.md"

# Chart entries (old, new) that fail the geometric check. None do with the shapes in the
# data; if a future correction makes one fail, list it here with the reason and report it.
GEOMETRY_EXCEPTIONS: dict[tuple[str, str], str] = {}


@pytest.fixture(scope="module")
def c() -> Components:
    return load_components()


def _text() -> str:
    resource = resources.files("boardroom.titles.lost_atlas").joinpath("data/components.toml")
    return resource.read_text(encoding="utf-8")


# --------------------------------------------------------------------------- track tiles


def test_tile_totals(c: Components) -> None:
    assert len(c.tiles) == 54
    assert sum(t.count or 0 for t in c.tiles.values()) == 135
    by_colour: Counter[str] = Counter()
    designs: Counter[str] = Counter()
    for tile in c.tiles.values():
        by_colour[tile.colour] += tile.count or 0
        designs[tile.colour] += 1
    assert by_colour == {"yellow": 55, "green": 43, "purple": 27, "grey": 5, "blue": 5}
    assert designs == {"yellow": 9, "green": 24, "purple": 15, "grey": 3, "blue": 3}


def test_tile_quantities(c: Components) -> None:
    expected = {
        "7": 6, "8": 14, "9": 13, "5": 5, "6": 7, "57": 7, "291": 1, "292": 1, "293": 1,
        "14": 4, "15": 5, "619": 4, "16": 1, "17": 1, "19": 1, "20": 1, "21": 1, "22": 1,
        "23": 4, "24": 4, "25": 2, "26": 1, "27": 1, "28": 1, "29": 1, "30": 1, "31": 1,
        "624": 1, "294": 2, "295": 2, "296": 1, "LA1": 1, "LA2": 1,
        "39": 1, "40": 1, "41": 2, "42": 2, "43": 2, "44": 1, "45": 2, "46": 2, "47": 2,
        "70": 1, "LA3": 1, "125": 6, "297": 2, "LA4": 1, "LA5": 1,
        "51": 3, "LA6": 1, "LA7": 1, "721": 2, "722": 2, "723": 1,
    }  # fmt: skip
    assert {tid: t.count for tid, t in c.tiles.items()} == expected


def test_tile_shapes(c: Components) -> None:
    t = c.tiles
    assert t["7"].paths == ((0, 1),) and t["8"].paths == ((0, 2),) and t["9"].paths == ((0, 3),)
    # a fork: two paths sharing the trunk edge, the branches not joined to each other
    assert t["23"].paths == ((0, 3), (0, 4))
    assert (3, 4) not in t["23"].paths
    assert t["624"].paths == ((1, 0), (1, 2))
    assert set(t["39"].paths) == {(0, 1), (1, 2), (0, 2)}
    assert set(t["40"].paths) == {(0, 2), (2, 4), (0, 4)}
    assert set(t["LA3"].paths) == {(0, 3), (0, 2), (0, 4)}
    city = t["57"].stops[0]
    assert (city.revenue, city.slots, city.edges) == (20, 1, (0, 3))
    assert [(s.revenue, s.slots) for s in t["619"].stops] == [(30, 2)]
    assert [(s.revenue, s.slots) for s in t["125"].stops] == [(40, 2)]
    assert [(s.revenue, s.slots) for s in t["51"].stops] == [(50, 2)]
    # bridges: two straight, two broad, one sharp ([RB])
    assert [(t[b].paths, t[b].count) for b in ("721", "722", "723")] == [
        (((0, 3),), 2),
        (((0, 2),), 2),
        (((0, 1),), 1),
    ]
    assert all(t[b].colour == "blue" and not t[b].upgrades for b in ("721", "722", "723"))


def test_capitals(c: Components) -> None:
    revenue = {tid: (t.stops[0].revenue, t.stops[0].slots) for tid, t in c.tiles.items()
               if t.symbol == "capital"}  # fmt: skip
    assert revenue == {
        "291": (40, 1), "292": (40, 1), "293": (40, 1),
        "294": (50, 2), "295": (50, 2), "296": (50, 2),
        "297": (60, 3), "LA6": (70, 3),
    }  # fmt: skip
    # the chosen 291/292 labelling, with the other kept as an alternative
    assert c.tiles["291"].stops[0].edges == (0, 2)
    assert c.tiles["292"].stops[0].edges == (0, 1)
    alts = [(a.path, a.value) for a in c.alternatives]
    assert ('tiles[id="291"].stops[0].edges', (0, 1)) in alts
    assert ('tiles[id="291"].stops[0].revenue', 20) in alts
    assert ('tiles[id="LA6"].stops[0].revenue', 50) in alts
    assert c.tiles["291"].provisional


def test_mine_and_port_tiles(c: Components) -> None:
    for tid in ("LA1", "LA4", "LA7"):
        mine = c.tiles[tid]
        assert mine.symbol == "mine" and mine.keep_exits_only
        assert len(mine.stops) == 2 and mine.links == ((0, 1),)
        assert mine.stops[1].edges == ()
    assert [len(c.tiles[t].stops[0].edges) for t in ("LA1", "LA4", "LA7")] == [2, 3, 4]
    for tid in ("LA2", "LA5"):
        port = c.tiles[tid]
        assert port.symbol == "port" and port.exclusive_stops and not port.links
        assert [s.edges for s in port.stops] == [(0, 1), (4, 5)]
    assert c.tiles["LA5"].upgrades == ()
    # the one-city model of ddsotos is kept as an alternative
    assert any(a.path == 'tiles[id="LA1"].stops' and len(a.value) == 1  # type: ignore[arg-type]
               for a in c.alternatives)  # fmt: skip


# --------------------------------------------------------------------------- upgrade chart


def _chart(c: Components) -> list[tuple[str, str]]:
    pairs = [(t.id, u) for t in c.tiles.values() for u in t.upgrades]
    pairs += [(t.id, u) for t in c.printed_tiles.values() for u in t.upgrades]
    return pairs


def test_chart_size(c: Components) -> None:
    # FW-TUC: 9+12+6 plain yellow, 3x3 city, 3x3 capital, 41 green plain, 3+3 green city and
    # capital, 2 mine, 1 port, purple 125/297/LA4, and the printed mine and port
    assert len(_chart(c)) == 27 + 9 + 9 + 41 + 3 + 3 + 2 + 3 + 2


def test_upgrade_targets_exist_are_next_colour_and_share_symbol(c: Components) -> None:
    for old_id, new_id in _chart(c):
        old, new = c.tile(old_id), c.tiles[new_id]
        assert new.colour == next_colour(old.colour), (old_id, new_id)
        assert new.symbol == old.symbol, (old_id, new_id)
    for tile in c.tiles.values():
        if tile.colour in ("grey", "blue"):
            assert not tile.upgrades


def test_every_chart_upgrade_keeps_the_old_track(c: Components) -> None:
    failures = {
        (old_id, new_id)
        for old_id, new_id in _chart(c)
        if not upgrade_rotations(c.tile(old_id), 0, c.tiles[new_id])
    }
    assert failures == set(GEOMETRY_EXCEPTIONS)


def test_every_tile_can_be_reached_or_laid(c: Components) -> None:
    targets = {new for _, new in _chart(c)}
    first = {tid for ids in c.map_rules.first_tiles.values() for tid in ids}
    for tid, tile in c.tiles.items():
        assert tid in targets or tid in first, tid
        assert (tile.colour in ("yellow", "blue")) == (tid in first), tid


def test_mine_upgrades_turn_either_way(c: Components) -> None:
    # [RB]: each mine upgrade may be laid with its new leg clockwise or counterclockwise
    assert len(upgrade_rotations(c.tiles["LA1"], 0, c.tiles["LA4"])) == 2
    assert len(upgrade_rotations(c.tiles["LA4"], 0, c.tiles["LA7"])) == 2
    assert len(upgrade_rotations(c.printed_tiles["mine-home"], 0, c.tiles["LA1"])) == 2
    # the port keeps its halves: only one way
    assert upgrade_rotations(c.printed_tiles["port-home"], 0, c.tiles["LA2"]) == [0]
    assert upgrade_rotations(c.tiles["LA2"], 0, c.tiles["LA5"]) == [0]


def test_crossings_and_forks(c: Components) -> None:
    # a crossing tile holds two paths with no shared edge; a fork shares its trunk edge
    def shares_edge(tid: str) -> bool:
        (a, b), (x, y) = c.tiles[tid].paths
        return bool({a, b} & {x, y})

    assert not any(shares_edge(t) for t in ("16", "17", "19", "20", "21", "22"))
    forks = ("23", "24", "25", "26", "27", "28", "29", "30", "31", "624")
    assert all(shares_edge(t) for t in forks)


# --------------------------------------------------------------------------- stock, phases, trains


def test_stock_track(c: Components) -> None:
    st = c.stock_track
    assert st.values == (
        0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 135,
        150, 165, 180, 200, 220, 245, 270, 300, 330, 360, 400, 450, 500,
    )  # fmt: skip
    assert len(st.values) == 27
    assert st.closes == 0 and st.values[st.closes] == 0
    assert st.at_top == "stay"
    assert dict(st.launch) == {
        "yellow": (60, 90), "green": (60, 110), "purple": (60, 135), "grey": (60, 135)
    }  # fmt: skip
    assert st.launch_prices("yellow") == (60, 70, 80, 90)
    assert st.launch_prices("green") == (60, 70, 80, 90, 100, 110)
    assert st.launch_prices("grey") == (60, 70, 80, 90, 100, 110, 120, 135)
    # [RB] Diagram 3: bids 160, 165 and 140 launch at 80, 80 and 70
    assert [st.launch_price(b, "yellow") for b in (160, 165, 140)] == [80, 80, 70]
    assert st.launch_price(300, "yellow") == 90
    assert st.launch_price(270, "purple") == 135
    assert (st.min_bid, st.bid_step) == (120, 5)


def test_phases(c: Components) -> None:
    assert [p.id for p in c.phases] == list(COLOURS)
    assert [p.tile_colours for p in c.phases] == [
        ("yellow",),
        ("yellow", "green"),
        ("yellow", "green", "purple"),
        ("yellow", "green", "purple", "grey"),
    ]
    assert [p.opened_by for p in c.phases] == [("2",), ("3",), ("5",), ("7", "inf")]
    limits = {
        train: (limit.minor, limit.major)
        for p in c.phases
        for limit in p.limits
        for train in limit.after
    }
    assert limits == {
        "2": (2, None), "3": (2, 4), "4": (2, 3), "5": (1, 2), "6": (1, 2),
        "7": (1, 2), "inf": (1, 2),
    }  # fmt: skip


def test_trains(c: Components) -> None:
    table = {t.id: (t.stops, t.price, t.colour, t.rusted_by) for t in c.trains.values()}
    assert table == {
        "2": (2, 100, "yellow", ("4",)),
        "3": (3, 200, "green", ("6",)),
        "4": (4, 300, "green", ("7", "inf")),
        "5": (5, 450, "purple", ()),
        "6": (6, 550, "purple", ()),
        "7": (7, 750, "grey", ()),
        "inf": (None, 1000, "grey", ()),
    }
    inf = c.trains["inf"]
    assert inf.back_of == "7" and inf.trade_in_price == 800
    assert set(inf.trade_in) == set(c.trains)  # any train that has not rusted ([RB])
    assert any(a.path == 'trains[id="inf"].trade_in' for a in c.alternatives)


@pytest.mark.parametrize(
    ("mode", "players", "stack"),
    [
        ("long", 3, {"2": 7, "3": 5, "4": 4, "5": 3, "6": 2, "7": 7}),
        ("long", 4, {"2": 7, "3": 6, "4": 4, "5": 3, "6": 3, "7": 7}),
        ("long", 5, {"2": 7, "3": 6, "4": 4, "5": 3, "6": 3, "7": 7}),
        ("short", 2, {"2": 6, "3": 4, "4": 3, "5": 2, "6": 1, "7": 7}),
        ("short", 3, {"2": 6, "3": 4, "4": 3, "5": 2, "6": 1, "7": 7}),
        ("short", 4, {"2": 6, "3": 5, "4": 3, "5": 2, "6": 2, "7": 7}),
        ("short_random", 4, {"2": 6, "3": 5, "4": 3, "5": 2, "6": 2, "7": 7}),
        ("micro_3p", 3, {"2": 5, "3": 4, "4": 4}),
        ("micro_2p", 2, {"2": 3, "3": 3, "4": 3}),
    ],
)
def test_train_stacks(c: Components, mode: str, players: int, stack: dict[str, int]) -> None:
    assert c.train_stack(mode, players) == stack


def test_train_printings(c: Components) -> None:
    assert c.train_printing == "revised"
    revised, original = c.train_printings["revised"], c.train_printings["original"]
    assert (revised.cards, sum(revised.counts.values())) == (30, 30)
    assert (original.cards, sum(original.counts.values())) == (29, 29)
    assert dict(revised.marked) == {"3": 1, "6": 1} and revised.marked_min_players == 4
    assert revised.unlimited == ("7",)
    assert c.train_stack("long", 4, printing="original") == {
        "2": 7, "3": 5, "4": 4, "5": 3, "6": 2, "7": 7,
    }  # fmt: skip
    assert c.train_stack("long", 5, printing="original")["3"] == 6
    with pytest.raises(OptionError):
        c.train_stack("long", 2)
    with pytest.raises(OptionError):
        c.train_stack("solo", 2)
    assert c.train_stack("solo", 1) == {  # the Short Game stack for few players
        "2": 6, "3": 4, "4": 3, "5": 2, "6": 1, "7": 7,
    }  # fmt: skip


# --------------------------------------------------------------------------- map pieces


def test_piece_counts_and_composition(c: Components) -> None:
    assert sorted(c.map_pieces) == list(range(1, 29))
    assert sum(p.copies for p in c.map_pieces.values()) == 33
    assert {n for n, p in c.map_pieces.items() if p.copies == 2} == {12, 13, 14, 15, 16}
    terrain: Counter[str] = Counter()
    homes = 0
    for piece in c.map_pieces.values():
        for h in piece.hexes:
            terrain[h.terrain] += piece.copies
            homes += piece.copies if h.home else 0
    assert sum(terrain.values()) == 99
    # facts sheet §4.4: 31 blank, 20 basic cities + 11 homes, 13 mountains, 12 water,
    # 7 border, 5 Distant Destination hexes
    assert terrain == {"blank": 31, "city": 31, "mountain": 13, "water": 12, "border": 7,
                       "destination": 5}  # fmt: skip
    assert homes == 11
    assert sum(h.mountain for p in c.map_pieces.values() for h in p.hexes for _ in
               range(p.copies)) == 14  # fmt: skip
    assert all(h.cost == (40 if h.mountain else 0) for p in c.map_pieces.values()
               for h in p.hexes)  # fmt: skip


def test_piece_pose(c: Components) -> None:
    a, b, cc = POSE["A"], POSE["B"], POSE["C"]
    assert (edge_towards(a, b), edge_towards(a, cc)) == (5, 0)
    assert (edge_towards(b, a), edge_towards(b, cc)) == (2, 1)
    assert (edge_towards(cc, a), edge_towards(cc, b)) == (3, 4)
    for piece in c.map_pieces.values():
        assert [h.pos for h in piece.hexes] == ["A", "B", "C"]
        assert [h.axial for h in piece.hexes] == [a, b, cc]


def test_homes(c: Components) -> None:
    homes = {h.home: n for n, p in c.map_pieces.items() for h in p.hexes if h.home}
    assert homes == {
        "expansive": 1, "eastern_mining": 2, "agricultural": 3, "resourceful": 4,
        "express": 5, "suburban": 6, "northern_port": 7, "tunneling": 8, "bridging": 9,
        "overnight": 10, "spacious": 11,
    }  # fmt: skip
    assert c.map_pieces[21].stands_for_home == "adaptive"
    assert sum(p.is_home_piece for p in c.map_pieces.values()) == 12
    tunneling = c.map_pieces[8].hex("B")
    assert tunneling.terrain == "city" and tunneling.mountain and tunneling.cost == 40


def test_printed_track(c: Components) -> None:
    where = {(n, h.pos): h.track.id for n, p in c.map_pieces.items() for h in p.hexes if h.track}
    assert where == {
        (2, "A"): "mine-home",
        (7, "B"): "port-home",
        (9, "C"): "bridging-home",
        (11, "C"): "spacious-home",
    }
    assert all(t.colour == "printed" and t.count is None for t in c.printed_tiles.values())
    assert c.printed_tiles["bridging-home"].upgrades == ()
    assert c.printed_tiles["spacious-home"].upgrades == ()
    mine = c.printed_tiles["mine-home"]
    assert [(s.revenue, s.slots, s.edges) for s in mine.stops] == [(30, 1, (5,)), (20, 1, ())]
    port_hex = c.map_pieces[7].hex("B")
    assert port_hex.water_edges == (2, 3) and port_hex.home_stop == 0
    assert [s.edges for s in port_hex.track.stops] == [(0,), (4, 5)]  # type: ignore[union-attr]
    spacious = c.printed_tiles["spacious-home"].stops[0]
    assert (spacious.revenue, spacious.slots) == (20, 2)
    # printed track never runs into water or a border on its own piece, except Bridging's
    for number, piece in c.map_pieces.items():
        for h in piece.hexes:
            if h.track is None:
                continue
            for edge in h.track.exits():
                other = next((o for o in piece.hexes if o.axial == neighbour(h.axial, edge)), None)
                if other is not None and other.terrain in ("water", "border"):
                    assert h.home == "bridging", (number, h.pos, edge)


def test_distant_destinations(c: Components) -> None:
    groups: dict[str, list[tuple[int, str, tuple[int, ...]]]] = {}
    for n, p in c.map_pieces.items():
        for h in p.hexes:
            if h.destination:
                groups.setdefault(h.destination, []).append((n, h.pos, h.open_edges))
    assert groups == {
        "DD26": [(26, "C", (4,))],
        "DD27": [(27, "B", (4,)), (27, "C", (5, 1))],
        "DD28": [(28, "B", (4, 0)), (28, "C", (1,))],
    }
    # no open side of a two-hex DD faces its own other hex
    for n in (27, 28):
        b, cc = c.map_pieces[n].hex("B"), c.map_pieces[n].hex("C")
        assert 1 not in b.open_edges and 4 not in cc.open_edges


def test_short_removals(c: Components) -> None:
    short = {n: p.short_copies for n, p in c.map_pieces.items() if p.short_copies != p.copies}
    assert short == {9: 0, 10: 0, 11: 0, 12: 1, 13: 1, 14: 1, 21: 0, 26: 0}
    assert sum(c.mode_pieces("short").values()) == 25


def test_modes(c: Components) -> None:
    assert set(c.modes) == {"long", "short", "short_random", "micro_3p", "micro_2p", "solo",
                            "solo_random"}
    assert sum(c.mode_pieces("long").values()) == 33
    assert c.mode_pile_size("short_random") == 25
    assert c.mode_pile_size("micro_3p") == 16  # 1 DD + 6 homes + 9 others
    assert c.mode_pile_size("micro_2p") == 11  # 1 DD + 4 homes + 6 others
    projects = {m: (c.modes[m].capital_projects, c.modes[m].piles) for m in c.modes
                if not m.startswith("solo")}
    assert projects == {"long": (3, 1), "short": (2, 1), "short_random": (2, 1),
                        "micro_3p": (2, 2), "micro_2p": (3, 3)}  # fmt: skip
    columns = {m: c.modes[m].minor_columns for m in c.modes if not m.startswith("solo")}
    assert columns == {"long": (4, 4, 4), "short": (4, 4), "short_random": (4, 4),
                       "micro_3p": (3, 3), "micro_2p": (2, 2)}  # fmt: skip
    assert [c.modes[m].export for m in c.modes] == [True, True, True, False, False, False,
                                                    False]
    cycles = {m: c.cycles[c.modes[m].cycles] for m in c.modes}
    assert cycles == {"long": 6, "short": 4, "short_random": 4, "micro_3p": 4, "micro_2p": 4,
                      "solo": 4, "solo_random": 4}
    # Solo (§7.1): one player, the other 6 minors in 2 columns of 3, the Conglomerate.
    solo = c.modes["solo"]
    assert solo.players == (1,) and solo.minor_columns == (3, 3)
    assert solo.conglomerate is not None and solo.conglomerate.treasury == 450
    assert (solo.conglomerate.held_shares, solo.conglomerate.charter_shares,
            solo.conglomerate.pool_shares) == (2, 3, 1)
    assert c.modes["solo_random"].random_removed_homes == 4
    assert c.cycles["solo"] == 4
    assert c.modes["short_random"].random_removed_homes == 4
    assert dict(c.modes["short_random"].removed_pieces) == {12: 1, 13: 1, 14: 1, 26: 1}
    assert dict(c.modes["micro_3p"].removed_pieces) == {26: 1}


def test_starting_cash_and_money(c: Components) -> None:
    assert [c.starting_cash("short", n) for n in (2, 3, 4)] == [450, 300, 275]
    assert [c.starting_cash("long", n) for n in (3, 4, 5)] == [300, 275, 220]
    assert c.starting_cash("micro_3p", 3) == c.starting_cash("micro_2p", 2) == 225
    with pytest.raises(OptionError):
        c.starting_cash("long", 2)  # 2 players: Short only
    with pytest.raises(OptionError):
        c.starting_cash("short", 5)  # 5 players: Long only
    assert (c.money.bank, c.money.bank_cards) == (24500, 285)
    assert c.money.bank_break.bank == 8000
    assert dict(c.money.bank_break.certificate_limits) == {3: 16, 4: 12, 5: 10}


# --------------------------------------------------------------------------- companies


def test_minors(c: Components) -> None:
    assert len(c.minors) == 12
    assert {m.ability for m in c.minors.values()} == {
        "adaptive", "agricultural", "bridging", "eastern_mining", "expansive", "express",
        "northern_port", "overnight", "resourceful", "spacious", "suburban", "tunneling",
    }  # fmt: skip
    out_of_short = {m.id for m in c.minors.values() if not m.short_game}
    assert out_of_short == {"adaptive", "overnight", "bridging", "spacious"}
    assert c.minors["adaptive"].home_piece is None
    assert (c.minors["expansive"].hubs, c.minors["expansive"].extra_hub_cost) == (2, 40)
    assert all(m.hubs == 1 for m in c.minors.values() if m.id != "expansive")
    ch = c.minor_charter
    assert (ch.president_percent, ch.president_shares, ch.share_percent, ch.shares) == (
        40, 2, 20, 3,
    )  # fmt: skip
    assert ch.max_percent == 60


def test_majors(c: Components) -> None:
    assert [m.name for m in c.majors.values()] == [
        "Consortium", "Union", "System", "International", "Federation", "Experiment",
    ]  # fmt: skip
    assert c.majors["union"].alt_name == "Unlimited"
    alt = {m.alt_name or m.name for m in c.majors.values()}
    assert alt == {"Conglomerate", "Experiment", "Federation", "International", "Syndicate",
                   "Unlimited"}  # fmt: skip
    ch = c.major_charter
    assert (ch.president_percent, ch.share_percent, ch.shares) == (20, 10, 8)
    assert (ch.hubs, ch.free_hubs, ch.hub_costs) == (4, 2, (60, 60))
    assert any(a.path == "major_charter.hub_costs" and a.value == (60, 80)
               for a in c.alternatives)  # fmt: skip


def test_projects_overlays_and_cards(c: Components) -> None:
    assert len(c.capital_projects) == 3
    capital = [o for o in c.overlays.values() if o.kind == "capital"]
    assert len(capital) == 3 and all(o.target == "basic_city" for o in capital)
    singles = [o for o in c.overlays.values() if o.kind == "single_hex"]
    assert sum(o.count for o in singles) == 12
    assert all(o.faces[0] == "blank" for o in singles)
    assert c.map_rules.first_tiles["capital"] == ("291", "292", "293")
    cards = c.destination_cards
    assert len(cards) == 4
    assert dict(cards["recommended"].values or {}) == {
        "yellow": 30, "green": 40, "purple": 70, "grey": 100,
    }  # fmt: skip
    assert cards["recommended"].recommended
    assert cards["blank"].values is None
    for card in cards.values():
        if card.values is not None:
            vals = [card.values[p.id] for p in c.phases]
            assert vals == sorted(vals) and all(v % 10 == 0 for v in vals)


# --------------------------------------------------------------------------- provisional


def test_provisional_values(c: Components) -> None:
    values = dict(provisional_values(c))
    for path in (
        "map.untiled_city_revenue",
        'destination_cards[id="card-2"].values',
        'destination_cards[id="card-3"].values',
        'overlays[id="blank-mountain"].count',
        'overlays[id="blank-water"].count',
        'overlays[id="blank-city"].count',
        "stock_track.at_top",
        "major_charter.hub_costs",
        'tiles[id="291"].stops[0].revenue',
        'tiles[id="291"].stops[0].edges',
        'tiles[id="LA1"].stops',
        'tiles[id="LA2"].stops',
        'capital_projects[id="project-1"].instruction',
        'overlays[id="capital-1"].target',
        'majors[id="consortium"].alt_name',
    ):
        assert values.get(path), path
    assert all(reason.strip() for reason in values.values())
    assert c.map_rules.untiled_city_revenue == 20


def test_docs_list_the_provisional_values(c: Components) -> None:
    text = DOCS.read_text(encoding="utf-8")
    begin, end = "<!-- provisional:begin -->\n", "<!-- provisional:end -->"
    listed = text.split(begin, 1)[1].split(end, 1)[0]
    assert listed == provisional_markdown(c)


# --------------------------------------------------------------------------- user files


def test_user_file_loads_like_the_embedded_one(c: Components, tmp_path: Path) -> None:
    path = tmp_path / "my-map.toml"
    path.write_text(_text(), encoding="utf-8")
    mine = load_components(path)
    assert mine.tiles == c.tiles
    assert mine.map_pieces == c.map_pieces
    assert load_components(str(path)).source == str(path)


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = _text()
    assert text.count(old) == 1, old
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


_TILE_23 = 'id = "23"\ncolour = "green"\ncount = 4\npaths = [[0, 3], [0, 4]]'


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (_TILE_23, _TILE_23.replace("[0, 4]]", "[0, 7]]"),
         'tiles[id="23"].paths[1]: edge 7 is not 0-5'),
        (_TILE_23, _TILE_23.replace("[0, 4]]", "[0, 0]]"),
         'tiles[id="23"].paths[1]: joins edge 0 to itself'),
        (_TILE_23, _TILE_23 + "\nshape = 'fork'", "tiles[id=\"23\"]: unknown key 'shape'"),
        (_TILE_23, _TILE_23.replace("count = 4", "count = -4"),
         'tiles[id="23"].count: -4 is negative'),
        (_TILE_23, _TILE_23.replace("count = 4", 'count = "four"'),
         'tiles[id="23"].count: expected an integer, got a string'),
        (_TILE_23, _TILE_23.replace("count = 4\n", ""),
         "tiles[id=\"23\"]: missing key 'count'"),
        (_TILE_23, _TILE_23.replace('"23"', '"24"'), 'tiles[id="24"]: duplicate id'),
        ('upgrades = ["42", "70"]', 'upgrades = ["42", "99"]',
         "tiles[id=\"30\"].upgrades[1]: no tile '99'"),
        ('upgrades = ["42", "70"]', 'upgrades = ["42", "25"]',
         "tiles[id=\"30\"].upgrades[1]: '25' is green, not purple"),
        ('upgrades = ["297"]\n\n[tiles.provisional]\n"stops[0].revenue" = "capital revenues'
         " conflict: thickey's 40/50/60/70 chosen over ddsotos's 20/30/40/50\"\n\n"
         '[[tiles.alternatives]]\nfield = "stops[0].revenue"\nvalue = 30\nsource = "DD-TT"\n\n'
         "[[tiles]]   # DD G20",
         'upgrades = ["125"]\n\n[tiles.provisional]\n"stops[0].revenue" = "x"\n\n'
         '[[tiles.alternatives]]\nfield = "stops[0].revenue"\nvalue = 30\nsource = "DD-TT"\n\n'
         "[[tiles]]   # DD G20",
         "tiles[id=\"294\"].upgrades[0]: '125' has symbol None, not capital"),
        ('upgrades = ["47"]', 'upgrades = ["44"]',
         "tiles[id=\"17\"].upgrades[0]: '44' keeps the track of '17' in no rotation"),
        ("[[tiles]]   # DD X01\nid = \"51\"\ncolour = \"grey\"",
         "[[tiles]]   # DD X01\nid = \"51\"\ncolour = \"brown\"",
         "tiles[id=\"51\"].colour: 'brown' is not one of"),
        ('id = "expansive"\nname = "Expansive"\nabbreviation = "EA"\nhome_piece = 1',
         'id = "expansive"\nname = "Expansive"\nabbreviation = "EA"\nhome_piece = 3',
         "minors[id=\"expansive\"].home_piece: piece 3 has no home of 'expansive'"),
        ("minor_columns = [4, 4, 4]", "minor_columns = [4, 4]",
         "modes.long.minor_columns: 8 places for 12 minors"),
        ('at_top = "stay"', 'at_top = "bounce"', "stock_track.at_top: 'bounce' is not one of"),
        ("[stock_track.provisional]\nat_top", "[stock_track.provisional]\nat_bottom",
         "stock_track.provisional.at_bottom: 'at_bottom' is not a key of stock_track"),
        ("yellow = [60, 90]", "yellow = [60, 95]",
         "stock_track.launch.yellow: 95 is not a value on the track"),
        ("hub_costs = [60, 60]\n", "hub_costs = [60]\n",
         "major_charter.hub_costs: 2 free hubs and 1 costs are not 4 hubs"),
        ('{ pos = "C", terrain = "destination", destination = "DD26", open_edges = [4] }',
         '{ pos = "C", terrain = "destination", destination = "DD26", open_edges = [6] }',
         'map_pieces[number=26].hexes[pos="C"].open_edges: edge 6 is not 0-5'),
        ('format = "lost-atlas-components"', 'format = "acquire"',
         "format: 'acquire' is not 'lost-atlas-components'"),
        ("version = 1\n", "version = 2\n", "version: 2 is not supported"),
        ("[cycles]\nlong = 6", "[cycles]\nlong = 6 6", "not valid TOML"),
        # checks against earlier tables, in the models' validators (the validation context)
        ('[modes.long]\nname = "Long Game"', '[modes.long]\nid = "long"\nname = "Long Game"',
         "modes.long: unknown key 'id'"),
        ('[train_printings.revised]', '[train_printings.revised]\nid = "r"',
         "train_printings.revised: unknown key 'id'"),
        ('track = "mine-home", home_stop = 0', 'track = "mine-homes", home_stop = 0',
         'map_pieces[number=2].hexes[pos="A"].track: no printed tile \'mine-homes\''),
        ('track = "mine-home", home_stop = 0', 'track = "mine-home", home_stop = 2',
         'map_pieces[number=2].hexes[pos="A"].home_stop: \'mine-home\' has no stop 2'),
        ('removed_pieces = { "26" = 1 }', 'removed_pieces = { "29" = 1 }',
         "modes.micro_3p.removed_pieces.29: no map piece '29'"),
        ('trade_in = "any_unrusted"', 'trade_in = ["2", "2"]',
         'trains[id="inf"].trade_in[1]: \'2\' is listed twice'),
        ('trade_in = "any_unrusted"', 'trade_in = "all"',
         'trains[id="inf"].trade_in: expected an array, got a string'),
        ('stands_for_home = "adaptive"', 'stands_for_home = "adapted"',
         "map_pieces[number=21].stands_for_home: no minor 'adapted'"),
    ],
)  # fmt: skip
def test_malformed_files_name_the_entry(tmp_path: Path, old: str, new: str, message: str) -> None:
    with pytest.raises(ComponentError) as info:
        load_components(_broken(tmp_path, old, new))
    assert message in str(info.value)
    assert isinstance(info.value, BoardroomError)


def test_components_are_frozen_and_hash_by_their_fields(c: Components) -> None:
    """The models are the components: frozen, equal and hashed by their own fields (the
    provisional and alternatives tables left out of the hash), as the dataclasses were."""
    again = load_components()
    inf = c.trains["inf"]
    assert inf.alternatives and inf == again.trains["inf"]
    assert hash(inf) == hash(again.trains["inf"])
    assert {c.map_pieces[2]: 1}[again.map_pieces[2]] == 1
    with pytest.raises(ValidationError):
        inf.price = 5  # type: ignore[misc]


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ComponentError, match="cannot read"):
        load_components(tmp_path / "nowhere.toml")


def test_whole_entry_provisional_and_notes(tmp_path: Path) -> None:
    path = _broken(
        tmp_path,
        "[cycles]\nlong = 6",
        '[cycles]\nnote = "house rule"\nprovisional = "we like it longer"\nlong = 7',
    )
    comps = load_components(path)
    assert comps.cycles["long"] == 7
    assert ("cycles", "we like it longer") in provisional_values(comps)
