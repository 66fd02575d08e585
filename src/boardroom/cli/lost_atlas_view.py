"""The Lost Atlas in the terminal: round and phase, the stock track, the companies, the
players, the trains and the minor matrix. The map itself is drawn as SVG
(``boardroom render``); here it is summarised."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from boardroom.cli.render import register_renderer

ROUND_WORDS = {"map": "Map building", "stock": "Stock Round", "operating": "Operating Round",
               "merger": "Merger Round", "over": "Game over"}


def _heading(view: dict[str, Any]) -> Text:
    round_name = ROUND_WORDS.get(view["round"], view["round"])
    if view["round"] == "operating":
        round_name += f" {view['operating_round']}"
    names = [p["name"] for p in view["players"]]
    deciding = ", ".join(names[s] for s in view["to_act"]) or "nobody"
    text = Text(f"Railways of the Lost Atlas ({view['mode']}) — cycle {view['cycle']}, "
                f"{round_name}, {view['phase']} phase", style="bold")
    text.append(f"\nTo decide: {deciding}", style="bold green")
    if "auction" in view:
        a = view["auction"]
        text.append(f"\nAuction: {names[a['leader']]} leads at {a['bid']}")
    return text


def _stock_track(view: dict[str, Any]) -> Table:
    table = Table(title="Stock track", box=box.SIMPLE_HEAD)
    table.add_column("Price", justify="right")
    table.add_column("Tokens, top first")
    companies = view["companies"]
    for _, tokens in sorted(view["stock_track"].items(), key=lambda kv: -int(kv[0])):
        if not tokens:
            continue
        price = companies[tokens[0]]["price"]
        table.add_row(str(price), ", ".join(companies[t]["name"] for t in tokens))
    return table


def _companies(view: dict[str, Any]) -> Table:
    names = [p["name"] for p in view["players"]]
    table = Table(title="Companies", box=box.SIMPLE_HEAD)
    for column in ("Company", "Price", "Treasury", "Trains", "President", "Shares",
                   "Last run"):
        table.add_column(column, justify="right" if column in ("Price", "Treasury",
                                                                 "Last run") else "left")

    def who(seat: int) -> str:  # seat -2: the Solo Game's Conglomerate
        return str(names[seat]) if 0 <= seat < len(names) else "Conglomerate"

    for corp in view["companies"].values():
        shares = ", ".join(f"{who(int(s))} {n}" for s, n in corp["shares"].items())
        extra = []
        if corp["treasury_shares"]:
            extra.append(f"treasury {corp['treasury_shares']}")
        if corp["pool_shares"]:
            extra.append(f"pool {corp['pool_shares']}")
        trains = " ".join(corp["trains"]) or "-"
        if corp["rusted"]:
            trains += " (rusted " + " ".join(corp["rusted"]) + ")"
        president = who(corp["president"]) if corp["president"] is not None else "-"
        table.add_row(corp["name"] + (" *" if corp["kind"] == "major" else ""),
                      str(corp["price"]), str(corp["treasury"]), trains, president,
                      "; ".join([shares, *extra]), str(corp["last_revenue"]))
    return table


def _players(view: dict[str, Any]) -> Table:
    table = Table(title="Players", box=box.SIMPLE_HEAD)
    table.add_column("")
    table.add_column("Seat", justify="right")
    table.add_column("Player")
    table.add_column("Cash", justify="right")
    for seat, player in enumerate(view["players"]):
        mark = "▶" if seat in view["to_act"] else ("P" if seat == view["priority"] else "")
        table.add_row(mark, str(seat), player["name"], str(player["cash"]))
    return table


def _trains_and_matrix(view: dict[str, Any]) -> Text:
    trains = view["trains"]
    text = Text()
    text.append(f"Trains: {trains['stack']} in the stack, next {trains['top'] or '-'}; "
                f"pool {' '.join(trains['pool']) or 'empty'}\n")
    available = [col[0] for col in view["matrix"] if col]
    text.append("Minors available: " + (", ".join(available) or "none") + "\n")
    placed = len(view["map"]["tiles"])
    text.append(f"Map: {len(view['map']['pieces'])} pieces, {placed} hexes with track or "
                f"cities, {len(view['map']['hubs'])} city spots with hubs")
    if "map_building" in view:
        mb = view["map_building"]
        text.append(f"\nMap building: piece {mb['drawn']} drawn, {mb['left']} left")
    return text


def render(view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = [_heading(view)]
    if view["companies"]:
        parts += [_stock_track(view), _companies(view)]
    parts += [_players(view), _trains_and_matrix(view)]
    if "result" in view:
        parts.append(Text(f"Game over: {view.get('end_reason', '')}", style="bold"))
    return Group(*parts)


register_renderer("lost_atlas", render)
