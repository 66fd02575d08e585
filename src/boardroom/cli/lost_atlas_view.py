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
               "merger": "Merger Round", "over": "Game over",
               "solo_setup": "Solo Game setup"}


def _who(view: dict[str, Any], seat: int) -> str:
    """A share holder's name: a player, the bank pool (-1) or the Solo Game's
    Conglomerate (-2)."""
    names = [p["name"] for p in view["players"]]
    if 0 <= seat < len(names):
        return str(names[seat])
    return "Conglomerate" if seat == -2 else "pool"


def _company_name(view: dict[str, Any], company: str) -> str:
    corp = view["companies"].get(company)
    return str(corp["name"]) if corp is not None else company


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
    if view.get("operating"):
        op = view["operating"]
        text.append(f"\nOperating: {_company_name(view, op['company'])}, step {op['step']}")
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

    solo = view.get("solo") or {}
    for company, corp in view["companies"].items():
        if company == solo.get("company"):  # its trains are kept in its own pile
            corp = {**corp, "trains": solo["trains"]}
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
    bank = view.get("bank")
    if bank is not None:  # Bank Break: certificates held against the limit
        table.add_column("Certificates", justify="right")
    for seat, player in enumerate(view["players"]):
        mark = "▶" if seat in view["to_act"] else ("P" if seat == view["priority"] else "")
        row = [mark, str(seat), player["name"], str(player["cash"])]
        if bank is not None:
            held = player.get("certificates", 0)
            limit = bank["certificate_limit"]
            row.append(f"{held}/{limit}" + (" over!" if limit is not None and held > limit
                                            else ""))
        table.add_row(*row)
    return table


def _card(card: str) -> str:
    """An action card ``<minor>:president`` as ``minor president``."""
    return card.replace(":", " ").replace("_", " ")


def _conglomerate(view: dict[str, Any]) -> Table:
    """The Solo Game's Conglomerate: its trains, action deck, treasury, price, hubs,
    income and running score."""
    solo = view["solo"]
    table = Table(title=f"The {solo['name']} (solo)", box=box.SIMPLE_HEAD, show_header=False)
    table.add_column("", style="bold")
    table.add_column("")
    table.add_row("Minors", ", ".join(solo["minors"]) or f"{solo['drawn']} drawn")
    if solo["difficulty"]:
        table.add_row("Network", f"{solo['network_value']} ({solo['difficulty']})")
    if "treasury" in solo:
        table.add_row("Treasury", str(solo["treasury"]))
        table.add_row("Price", str(solo["price"]))
    table.add_row("Trains", " ".join(solo["trains"]) or "none")
    if "hubs" in solo:
        charter = " ".join(str(c) for c in solo["charter_hubs"]) or "none"
        table.add_row("Hubs", f"{', '.join(solo['hubs']) or 'none'}; on the charter: "
                              f"{charter}")
    if solo["company"] is not None:
        left = ", ".join(_card(c) for c in solo["deck"]) or "empty (reshuffled at its turn)"
        table.add_row("Next card", _card(solo["next"]) if solo["next"] else "-")
        table.add_row("Deck", f"{len(solo['deck'])} left: {left}")
        table.add_row("Used", ", ".join(_card(c) for c in solo["discard"]) or "none")
    if "shares_held" in solo:
        table.add_row("Shares held", ", ".join(
            f"{_company_name(view, c)} {n}" for c, n in solo["shares_held"].items()) or "none")
        size = solo["train_size"]
        table.add_row("Income", f"{solo['income']} (train size "
                                f"{'∞' if size is None else size})")
        table.add_row("Score", str(solo["score"]))
    return table


def _merger(view: dict[str, Any]) -> Text:
    """The Merger Round: the order, the proposal and, with Hostile Mergers, the vote."""
    mr = view["merger"]
    text = Text(f"Merger Round {mr['number']}: step {mr['step']}", style="bold")
    text.append("\nOrder: " + ", ".join(_company_name(view, c) for c in mr["order"]))
    if mr["proposal"]:
        text.append("\nProposal: " + " with ".join(_company_name(view, c)
                                                    for c in mr["proposal"]))
        if mr.get("proposer") is not None:
            text.append(f", proposed by {_who(view, mr['proposer'])}")
    if "votes" in mr:  # Hostile Mergers
        cast = ", ".join(f"{_who(view, int(s))} {v}" for s, v in mr["votes"].items())
        text.append(f"\nVotes cast: {cast or 'none'}")
        if "tally" in mr:
            t = mr["tally"]
            text.append(f" — shares {t['for']} for, {t['against']} against, "
                        f"{t['left']} not yet asked")
        text.append("\nStill to vote: " + (", ".join(_who(view, s) for s in mr["voters"])
                                            or "nobody"))
        text.append(f"\nTurn: {_who(view, mr['turn'])}, {mr['passes']} passes in a row")
    if mr["refused"]:
        text.append("\nRefused: " + "; ".join(
            " with ".join(_company_name(view, c) for c in pair) for pair in mr["refused"]))
    if mr["chooser"] is not None:
        text.append(f"\n{_who(view, mr['chooser'])} chooses the new corporation")
    return text


HQ_EFFECTS = {"tax": "Tax Break", "land": "Land Grant", "zoning": "Commercial Zoning"}


def _variants(view: dict[str, Any]) -> Text | None:
    """The variants' own state: Bank Break, Headquarters, the Metropolitan."""
    lines: list[str] = []
    if "bank" in view:
        bank = view["bank"]
        lines.append(f"Bank: {bank['cash']}, reserve {bank['reserve']}"
                     + (" — the bank is broken" if bank["depleted"] else "")
                     + f"; certificate limit {bank['certificate_limit']}")
    for corp in view["companies"].values():
        hq = corp.get("headquarters")
        if hq is None:
            continue
        where = {"decide": "to be decided", "charter": f"on the charter (cost {hq.get('cost')})",
                 "placed": f"at {hq.get('spot')}"}.get(hq["status"], hq["status"])
        line = f"Headquarters of {corp['name']}: {where}"
        if hq.get("effect"):
            line += f", {HQ_EFFECTS.get(hq['effect'], hq['effect'])}"
            if hq.get("laid"):
                line += " (laid " + " ".join(hq["laid"]) + ")"
        lines.append(line)
    if "metropolitan" in view:
        metro = view["metropolitan"]
        held = ", ".join(f"{_who(view, int(s))} {n}" for s, n in metro["shares"].items())
        lines.append(f"Metropolitan: price {metro['price']}, trains "
                     f"{' '.join(metro['trains']) or 'none'}; shares {held or 'none held'}, "
                     f"{metro['unsold']} unsold")
    return Text("\n".join(lines)) if lines else None


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


def sections(view: dict[str, Any]) -> list[tuple[str, RenderableType]]:
    """The view's parts, each named, so that a session can reprint only those that
    changed since it last showed them."""
    parts: list[tuple[str, RenderableType]] = [("heading", _heading(view))]
    if view["companies"]:
        parts += [("stock track", _stock_track(view)), ("companies", _companies(view))]
    if view.get("solo"):
        parts.append(("Conglomerate", _conglomerate(view)))
    if "merger" in view:
        parts.append(("merger", _merger(view)))
    parts += [("players", _players(view)), ("trains and matrix", _trains_and_matrix(view))]
    if (variants := _variants(view)) is not None:
        parts.append(("variants", variants))
    if "result" in view:
        parts.append(("result", Text(f"Game over: {view.get('end_reason', '')}",
                                     style="bold")))
    return parts


def render(view: dict[str, Any]) -> RenderableType:
    return Group(*(part for _, part in sections(view)))


register_renderer("lost_atlas", render)
