"""Acquire's view in the terminal: the board, the chains, the players, who decides what.

Everything drawn comes from the view that :meth:`AcquireTitle.view` gives for one seat
(its own tiles only) or for a spectator (no tiles at all).
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from boardroom.cli.render import register_renderer
from boardroom.titles.acquire.board import COLUMNS, ROW_LETTERS

CHAIN_COLOURS: dict[str, tuple[str, str]] = {
    "Tower": ("yellow", "black"),
    "Luxor": ("red", "white"),
    "American": ("blue", "white"),
    "Worldwide": ("dark_orange3", "white"),
    "Festival": ("green", "black"),
    "Imperial": ("magenta", "white"),
    "Continental": ("cyan", "black"),
}
"""Each chain's colour, and the colour of its letter on a board cell of that colour."""


def cell_style(name: str) -> str:
    """The style of a board cell that belongs to chain ``name``."""
    colour, letter = CHAIN_COLOURS.get(name, ("white", "black"))
    return f"bold {letter} on {colour}"


LONE_MARK = "■"
HAND_MARK = "◦"
EMPTY_MARK = "·"

STEP_WORDS: dict[str, str] = {
    "place": "place a tile",
    "found": "name the chain being founded",
    "survivor": "choose the surviving chain",
    "next": "choose which acquired chain is handled next",
    "dispose": "keep, sell or trade acquired stock",
    "buy": "buy stock (or pass)",
}


def chain_text(name: str, text: str | None = None) -> Text:
    """A chain's name (or ``text``) in the chain's colours."""
    colour = CHAIN_COLOURS.get(name, ("white", "black"))[0]
    return Text(text if text is not None else name, style=f"bold {colour}")


def possessive(name: str) -> str:
    """``Ann's``; ``Your`` for a player called You.

    >>> possessive("Ann"), possessive("You")
    ("Ann's", 'Your')
    """
    return "Your" if name == "You" else f"{name}'s"


def board_cell(tile: str, view: Any) -> Text:
    """One cell of the board: a chain's letter, an unincorporated tile, a tile in hand."""
    occupant = view["board"].get(tile)
    placed = tile == view.get("placed")
    if occupant is None:
        if tile in view.get("hand", ()):
            return Text(f" {HAND_MARK} ", style="bold yellow")
        return Text(f" {EMPTY_MARK} ", style="dim")
    if occupant == "lone":
        return Text(f" {LONE_MARK} ", style="bold reverse" if placed else "bold")
    style = cell_style(occupant) + (" underline" if placed else "")
    return Text(f" {occupant[0]} ", style=style)


def board_table(view: Any) -> Table:
    """The 12 x 9 board: rows A-I, columns 1-12."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 0), show_edge=False, pad_edge=False)
    table.add_column("", justify="right", style="bold")
    for number in range(1, COLUMNS + 1):
        table.add_column(str(number), justify="center", min_width=3)
    for letter in ROW_LETTERS:
        cells = [board_cell(f"{number}{letter}", view) for number in range(1, COLUMNS + 1)]
        table.add_row(f"{letter} ", *cells)
    return table


def board_legend(view: Any) -> Text:
    """What the board's marks mean."""
    legend = Text(f"{LONE_MARK} unincorporated  ", style="dim")
    if "hand" in view:
        legend.append(f"{HAND_MARK} your tile  ", style="dim")
    legend.append(f"{EMPTY_MARK} empty", style="dim")
    return legend


def chains_table(view: Any) -> Table:
    """Each chain's size, share price, safety and shares left in the bank."""
    table = Table(title="Chains", title_justify="left", title_style="bold", box=box.SIMPLE_HEAD,
                  show_edge=False)
    table.add_column("")
    table.add_column("Chain")
    table.add_column("Size", justify="right")
    table.add_column("Price", justify="right")
    table.add_column("Safe", justify="center")
    table.add_column("Bank shares", justify="right")
    for chain in view["chains"]:
        name, size = chain["name"], chain["size"]
        mark = Text(f" {name[0]} ", style=cell_style(name))
        if size:
            table.add_row(mark, chain_text(name), str(size), f"${chain['price']:,}",
                          "safe" if chain["safe"] else "", str(chain["bank_shares"]))
        else:
            table.add_row(mark, name, "-", "-", "", str(chain["bank_shares"]), style="dim")
    return table


def holdings_text(shares: dict[str, int]) -> Text:
    """A player's stock, each chain in its colour."""
    text = Text()
    for index, (name, count) in enumerate(shares.items()):
        if index:
            text.append(", ")
        text.append_text(chain_text(name))
        text.append(f" {count}")
    return text if shares else Text("-", style="dim")


def players_table(view: Any) -> Table:
    """Cash, stock and number of tiles of every player; who decides now is marked."""
    table = Table(title="Players", title_justify="left", title_style="bold", box=box.SIMPLE_HEAD,
                  show_edge=False)
    table.add_column("")
    table.add_column("Seat", justify="right")
    table.add_column("Player")
    table.add_column("Cash", justify="right")
    table.add_column("Stock")
    table.add_column("Tiles", justify="right")
    for seat, player in enumerate(view["players"]):
        mark = "▶" if seat in view["to_act"] else ("•" if seat == view["current"] else "")
        style = "bold" if seat == view.get("seat") else ""
        table.add_row(mark, str(seat), Text(player["name"], style=style),
                      f"${player['cash']:,}", holdings_text(player["shares"]),
                      str(player["hand_size"]))
    return table


def status_lines(view: Any) -> list[Text]:
    """Turn, mode, whose decision it is and what it is; a merger under way; the end."""
    players = [player["name"] for player in view["players"]]
    lines = [Text(f"Acquire ({view['mode']}), turn {view['turn']}, "
                  f"{view['tiles_left']} tiles left in the bag", style="bold")]
    if view.get("result") is not None:
        lines.append(Text(f"Game over: {view.get('end_reason', '')}.", style="bold"))
        return lines
    current = players[view["current"]]
    for seat in view["to_act"]:
        what = STEP_WORDS.get(view["step"], view["step"])
        line = Text(f"{possessive(current)} turn: ")
        line.append(f"{players[seat]} must {what}", style="bold")
        if view.get("placed"):
            line.append(f" (tile placed: {view['placed']})")
        lines.append(line + Text("."))
    merger = view.get("merger")
    if merger:
        lines.append(merger_line(merger))
        decision = dispose_line(view)
        if decision is not None:
            lines.append(decision)
    if view.get("end_declared"):
        lines.append(Text(f"{current} declared the end: the game ends when this turn does.",
                          style="italic"))
    if view.get("end_may_be_declared"):
        lines.append(Text("The game may be declared over now ('end').", style="italic"))
    if view.get("discards"):
        lines.append(Text("Discarded tiles: " + " ".join(view["discards"]), style="dim"))
    return lines


def merger_line(merger: Any) -> Text:
    """One line about the merger being resolved."""
    text = Text(f"Merger at {merger['tile']}: ")
    for index, name in enumerate(merger["chains"]):
        if index:
            text.append(" + ")
        text.append_text(chain_text(name))
        text.append(f" ({merger['sizes'][name]})")
    if merger.get("survivor"):
        text.append("; survivor ")
        text.append_text(chain_text(merger["survivor"]))
    if merger.get("acquired"):
        text.append("; now paying out ")
        text.append_text(chain_text(merger["acquired"]))
    if merger.get("pending"):
        text.append("; still to come: " + ", ".join(merger["pending"]))
    return text + Text(".")


def dispose_line(view: Any) -> Text | None:
    """What the deciding holder of acquired stock has to decide with: their holding, the
    sale price and the survivor shares left to trade for."""
    merger = view.get("merger") or {}
    if view.get("step") != "dispose" or "sale_price" not in merger or not view["to_act"]:
        return None
    seat = view["to_act"][0]
    player = view["players"][seat]
    acquired, survivor = merger["acquired"], merger["survivor"]
    held = player["shares"].get(acquired, 0)
    left = merger["survivor_shares_left"]
    text = Text(f"{player['name']} holds {held} ")
    text.append_text(chain_text(acquired))
    text.append(f": sell at ${merger['sale_price']:,} each, trade 2 for 1 ")
    text.append_text(chain_text(survivor))
    text.append(f" ({left} {survivor} share{'s' if left != 1 else ''} left in the bank), "
                f"keep the rest.")
    return text


def hand_line(view: Any) -> Text | None:
    """The viewer's own tiles, or None for a spectator."""
    if "hand" not in view:
        return None
    name = view["players"][view["seat"]]["name"]
    tiles = " ".join(view["hand"]) or "none"
    return Text(f"{possessive(name)} tiles: ", style="bold") + Text(tiles, style="bold yellow")


def render_acquire(view: Any) -> RenderableType:
    """The whole Acquire view: status, board, chains, players, the viewer's hand."""
    parts: list[RenderableType] = [*status_lines(view), board_table(view), board_legend(view),
                                   chains_table(view), players_table(view)]
    hand = hand_line(view)
    if hand is not None:
        parts.append(hand)
    return Group(*parts)


register_renderer("acquire", render_acquire)
