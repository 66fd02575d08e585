"""Congress's view in the terminal: companies and the income track, the map's cities and
links, the players, and who decides what.

Everything drawn comes from :meth:`CongressTitle.view` (Congress has no hidden
information: every seat sees the same).
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from boardroom.cli.render import register_renderer

STEP_WORDS: dict[str, str] = {
    "turn": "auction a share, expand a company, develop a city, or pass",
    "expand-more": "build another link with the same company, or say done",
    "auction": "bid or pass",
    "merge": "decide the merger: which company is acquired",
    "start": "start a merger company",
    "all-started": "pass, or auction any share from a bank pool",
    "free-link": "lay the new company's free link from its home station",
}
STEP_WORDS_2: dict[str, str] = {
    "turn": "auction a share (the winner pays 3 months), expand a company (2 months) or "
            "develop both ends of a link (1 month)",
    "expand-more": "build a second link (twice its cost) or say done",
}


def status_lines(view: Any) -> list[Text]:
    names = [p["name"] for p in view["players"]]
    paid, total = view["general_dividends"]
    opts = view["options"]
    months = view.get("months")
    if months:
        switch = view["switch"]
        passed = " (passed)" if switch["passed"] else ""
        lines = [Text(f"Congress — round {view['round']} (cut-off: month {months['cutoff']}), "
                      f"turn {view['turn']}; General Dividends {paid}/{total}, the switch at "
                      f"General Dividend {switch['dividend']}{passed}; "
                      f"chaining {opts['chaining']}, Special Dividend "
                      f"{opts['special_dividend']}", style="bold")]
        track = sorted(months["track"], key=lambda m: (m["month"], -m["stamp"]))
        lines.append(Text("Months track (furthest behind acts next): " + ", ".join(
            f"{m['player']} {m['month']}" for m in track)))
    else:
        lines = [Text(f"Congress — round {view['round']}, turn {view['turn']}; General "
                      f"Dividends {paid}/{total} (next after round "
                      f"{view['next_dividend_round']}); chaining {opts['chaining']}, Special "
                      f"Dividend {opts['special_dividend']}", style="bold")]
    if view.get("result") is not None:
        lines.append(Text("Game over.", style="bold"))
        return lines
    words = {**STEP_WORDS, **STEP_WORDS_2} if months else STEP_WORDS
    for seat in view["to_act"]:
        line = Text(f"{names[view['current']]}'s turn: ")
        line.append(f"{names[seat]} must {words.get(view['step'], view['step'])}",
                    style="bold")
        lines.append(line + Text("."))
    a = view.get("auction")
    if a:
        high = f"high bid {a['high']} by {a['high_bidder']}" if a["high_bidder"] else "no bid yet"
        lines.append(Text(f"Auction ({a['kind']}) of a {a['company']} share from its "
                          f"{a['from']}: {high}; still bidding: {', '.join(a['bidding'])}."))
    m = view.get("merger")
    if m:
        lines.append(Text(f"Merger: {m['builder']} reached {m['target']}'s home station.",
                          style="bold red"))
    if "expanding" in view:
        lines.append(Text(f"Expanding {view['expanding']}: {view['links_built']} link(s) "
                          f"built."))
    return lines


def company_state(co: Any) -> str:
    """``active``, ``-`` (not started) or, for a component company, where it lies."""
    if co["status"] == "active":
        return "active"
    return "-" if co["status"] == "inactive" else "component"


def companies_table(view: Any) -> Table:
    """Each company: homes, income, treasury, markers, pool+merger supply, holders, and
    the component companies face down in its pool."""
    table = Table(title="Companies (pool+supply: shares in its bank pool + merger supply)",
                  title_justify="left", title_style="bold", box=box.SIMPLE_HEAD,
                  show_edge=False, padding=(0, 1))
    table.add_column("Co")
    table.add_column("State")
    table.add_column("Homes")
    table.add_column("Inc", justify="right")
    table.add_column("Cash", justify="right")
    table.add_column("Mk", justify="right")
    table.add_column("Pool+sup", justify="right")
    table.add_column("Holders / face down")
    for co in view["companies"]:
        style = "" if co["status"] == "active" else "dim"
        holders = ", ".join(f"{k} {v}" for k, v in co["holders"].items())
        down = ", ".join(f"{k} {v}" for k, v in co["face_down"].items())
        who = holders + (f" / down: {down}" if down else "")
        kind = "*" if co["kind"] == "merger" else ""
        table.add_row(co["id"] + kind, company_state(co), " ".join(co["homes"]),
                      str(co["income"]), str(co["treasury"]), str(co["markers"]),
                      f"{co['pool']}+{co['merger_supply']}", who or "-", style=style)
    return table


def map_table(view: Any) -> Table:
    """Each city, its value and home station, and the links from it with their track."""
    table = Table(title="Map", title_justify="left", title_style="bold", box=box.SIMPLE_HEAD,
                  show_edge=False)
    table.add_column("Location")
    table.add_column("Value", justify="right")
    table.add_column("Home of")
    table.add_column("Links (cost, track)")
    by_city: dict[str, list[str]] = {}
    for link in view["links"]:
        a, b = link["link"].split("-")
        owner = link["owner"] or "·"
        by_city.setdefault(a, []).append(f"{b} {link['cost']} {owner}")
        by_city.setdefault(b, []).append(f"{a} {link['cost']} {owner}")
    for city in view["cities"]:
        value = str(city["value"]) + (f" (+{city['developed']})" if city["developed"] else "")
        port = " (port)" if city.get("kind") == "port" else ""
        table.add_row(f"{city['id']} {city['name']}{port}", value, city["home_of"] or "",
                      "; ".join(by_city.get(city["id"], [])))
    return table


def players_table(view: Any) -> Table:
    table = Table(title="Players", title_justify="left", title_style="bold",
                  box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("")
    table.add_column("Player")
    table.add_column("Cash", justify="right")
    months = view.get("months")
    if months:
        table.add_column("Month", justify="right")
    table.add_column("Shares")
    for seat, p in enumerate(view["players"]):
        mark = "▶" if seat in view["to_act"] else ("•" if seat == view["current"] else "")
        shares = ", ".join(f"{k} {v}" for k, v in p["shares"].items()) or "-"
        style = "bold" if seat == view.get("seat") else ""
        cells: list[str | Text] = [mark, Text(p["name"], style=style), str(p["cash"])]
        if months:
            cells.append(str(months["track"][seat]["month"]))
        table.add_row(*cells, shares)
    return table


def render_congress(view: Any) -> RenderableType:
    parts: list[RenderableType] = [*status_lines(view), map_table(view),
                                   companies_table(view),
                                   Text("* a merger company", style="dim"),
                                   players_table(view)]
    if view["mergers"]:
        last = view["mergers"][-3:]
        parts.append(Text("Last mergers: " + "; ".join(
            f"{m['acquired']} into {m['acquirer']} (turn {m['turn']})" for m in last),
            style="dim"))
    return Group(*parts)


register_renderer("congress", render_congress)
