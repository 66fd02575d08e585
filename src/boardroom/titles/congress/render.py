"""Congress's board as SVG (rules versions 2 and 3): the Great Britain graph, the income
track, the months track with every player's marker and the General Dividend markers.

Drawn from a seat's view (:meth:`CongressTitle.view`; Congress hides nothing), so the
same function draws a running game or a finished record:

* the map: every location at its ``x, y``; a city a circle (its value inside, sized by
  value), a foreign port a square; a home station ringed in its company's colour with the
  company's id; each name on the side the view gives (``label``, :mod:`.map_labels`); an
  unbuilt link a thin dashed grey line (foreign links dotted), a built link a thick line
  in its owner's colour;
* the income track: a scale from 0 to the track's top with each active company's marker;
* the months track: the months of the six rounds with a General Dividend marker at each
  round's cut-off (filled once paid, the switch dividend marked), and every player's
  marker at their month (stacked: the later arrival on top);
* a legend of the companies (colour, id, income, treasury) and the players (cash).

>>> import boardroom
>>> game = boardroom.new_game("congress", ["Ann", "Bob", "Cy"], seed=1)
>>> svg = render_svg(game.view(None))
>>> svg.startswith("<svg") and "London" in svg and "Months" in svg
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from boardroom.titles.congress.map_labels import OFFSET

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
           "#17becf", "#8c564b", "#e377c2", "#bcbd22", "#393b79")
"""One colour a company, in the data file's order."""
PLAYER_COLOURS = ("#000000", "#b8860b", "#008080", "#800000", "#4b0082", "#556b2f")
MAP_X, MAP_Y = 30, 60
X_STRETCH = 1.1
"""The map's x is stretched a little (the data's x, y are about longitude and latitude)."""
PANEL_X = 620
WIDTH, HEIGHT = 1000, 980


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "start",
          weight: str = "normal", fill: str = "#222") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}" font-family="sans-serif">'
            f"{escape(text)}</text>")


def render_svg(view: dict[str, Any]) -> str:
    """The SVG drawing of a Congress view (rules version 2; a version 1 view has no map
    geometry and is refused with ValueError)."""
    if "months" not in view:
        raise ValueError("only rules version 2 has a map to draw (its view carries x, y)")
    colour = {co["id"]: COLOURS[k % len(COLOURS)] for k, co in enumerate(view["companies"])}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fbf8f0"/>']
    paid, total = view["general_dividends"]
    head = f"Congress — round {view['round']}, General Dividends {paid} of {total}"
    if view.get("result"):
        head += " — game over"
    out.append(_text(MAP_X, 32, head, 20, weight="bold"))
    out.extend(_map(view, colour))
    y = _income_track(view, colour, out, 70)
    y = _months_track(view, out, y + 30)
    _legend(view, colour, out, y + 30)
    out.append("</svg>")
    return "\n".join(out)


def _map(view: dict[str, Any], colour: dict[str, str]) -> list[str]:
    cities = {c["id"]: c for c in view["cities"]}
    out = ['<g id="map">']
    for link in view["links"]:
        a, b = cities[link["a"]], cities[link["b"]]
        x1, y1 = a["x"] * X_STRETCH + MAP_X, a["y"] + MAP_Y
        x2, y2 = b["x"] * X_STRETCH + MAP_X, b["y"] + MAP_Y
        owner = link["owner"]
        if owner:
            out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                       f'stroke="{colour[owner]}" stroke-width="5" stroke-linecap="round">'
                       f"<title>{escape(link['link'])}: {escape(owner)}</title></line>")
        else:
            dash = "2,4" if link.get("foreign") else "6,4"
            out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#999" '
                       f'stroke-width="1.5" stroke-dasharray="{dash}">'
                       f"<title>{escape(link['link'])}: cost {link['cost']}</title></line>")
    for city in view["cities"]:
        x, y = city["x"] * X_STRETCH + MAP_X, city["y"] + MAP_Y
        r = 7 + 0.8 * min(city["value"], 10)
        home = city["home_of"]
        ring = colour[home] if home else "#444"
        width = 3 if home else 1
        if city.get("kind") == "port":
            out.append(f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" '
                       f'height="{2 * r:.1f}" fill="#dfefff" stroke="#336" stroke-width="1"/>')
        else:
            out.append(f'<circle cx="{x:.1f}" cy="{y}" r="{r:.1f}" fill="#fff" stroke="{ring}" '
                       f'stroke-width="{width}"/>')
        out.append(_text(x, y + 4, str(city["value"]), 11, "middle", "bold"))
        label = city["name"] + (f" ({home})" if home else "")
        sx, sy = OFFSET.get(city.get("label", "ne"), (1, -1))
        anchor = "start" if sx > 0 else "end" if sx < 0 else "middle"
        out.append(_text(x + sx * (r + 2), y + 4 + sy * (r + (2 if sx else 8)), label, 10,
                         anchor, fill=ring if home else "#333"))
    out.append("</g>")
    return out


def _income_track(view: dict[str, Any], colour: dict[str, str], out: list[str],
                  top: int) -> int:
    track = view["income_track"]
    high = max(1, track["max"])
    left, right = PANEL_X, WIDTH - 30
    out.append(_text(left, top, f"Income track (0 - {high})", 14, weight="bold"))
    y = top + 40
    out.append(f'<line x1="{left}" y1="{y}" x2="{right}" y2="{y}" stroke="#333" '
               f'stroke-width="2"/>')
    step = 50 if high >= 200 else 10
    for tick in range(0, high + 1, step):
        x = left + (right - left) * tick / high
        out.append(f'<line x1="{x:.1f}" y1="{y - 4}" x2="{x:.1f}" y2="{y + 4}" stroke="#333"/>')
        out.append(_text(x, y + 16, str(tick), 9, "middle"))
    rows = sorted(track["markers"], key=lambda m: -m["income"])
    for row, marker in enumerate(rows):
        x = left + (right - left) * min(marker["income"], high) / high
        my = y + 30 + 15 * row
        paint = colour[marker["company"]]
        out.append(f'<line x1="{left}" y1="{my}" x2="{x:.1f}" y2="{my}" stroke="{paint}" '
                   f'stroke-width="2" opacity="0.5"/>')
        out.append(f'<circle cx="{x:.1f}" cy="{my}" r="6" fill="{paint}"/>')
        label = f"{marker['company']} {marker['income']}"
        out.append(_text(x + 9, my + 4, label, 10) if x < right - 70 else
                   _text(x - 9, my + 4, label, 10, "end"))
    y += 30 + 15 * len(rows)
    return y + 30


def _months_track(view: dict[str, Any], out: list[str], top: int) -> int:
    months = view["months"]
    length = months["round_months"]
    paid, total = view["general_dividends"]
    switch = view["switch"]["dividend"]
    span = length * total + 4
    left, right = PANEL_X, WIDTH - 30
    out.append(_text(left, top, f"Months track ({length} a round; cut-off: month "
                                f"{months['cutoff']})", 14, weight="bold"))
    y = top + 30 + 13 * len(months["track"])
    out.append(f'<line x1="{left}" y1="{y}" x2="{right}" y2="{y}" stroke="#333" '
               f'stroke-width="2"/>')
    def at(month: int) -> float:
        return float(left + (right - left) * min(int(month), span) / span)

    for month in range(0, span + 1, 3):
        out.append(f'<line x1="{at(month):.1f}" y1="{y - 3}" x2="{at(month):.1f}" '
                   f'y2="{y + 3}" stroke="#333"/>')
    for k in range(1, total + 1):
        x = at(k * length)
        fill = "#c33" if k <= paid else "#fff"
        out.append(f'<rect x="{x - 8:.1f}" y="{y + 8}" width="16" height="16" fill="{fill}" '
                   f'stroke="#c33" stroke-width="{3 if k == switch else 1}">'
                   f"<title>General Dividend {k}</title></rect>")
        out.append(_text(x, y + 20, str(k), 10, "middle", "bold",
                         "#fff" if k <= paid else "#c33"))
    out.append(_text(left, y + 42, "GD markers at the cut-offs (filled: paid; thick: the "
                                   "switch)", 9, fill="#555"))
    # every player's marker, in the order they will act (furthest behind, later arrival
    # first), one row each so that markers on one month stay readable (a stack)
    order = sorted(range(len(months["track"])),
                   key=lambda s: (months["track"][s]["month"], -months["track"][s]["stamp"]))
    for row, seat in enumerate(order):
        marker = months["track"][seat]
        x, my = at(marker["month"]), y - 12 - 13 * (len(order) - 1 - row)
        paint = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
        out.append(f'<line x1="{x:.1f}" y1="{my}" x2="{x:.1f}" y2="{y}" stroke="{paint}" '
                   f'stroke-width="1" opacity="0.4"/>')
        out.append(f'<circle cx="{x:.1f}" cy="{my}" r="5.5" fill="{paint}">'
                   f"<title>{escape(marker['player'])}: month {marker['month']}</title>"
                   f"</circle>")
        label = f"{marker['player']} {marker['month']}"
        out.append(_text(x + 8, my + 4, label, 9, fill=paint) if x < right - 70 else
                   _text(x - 8, my + 4, label, 9, "end", fill=paint))
    return y + 50


def _legend(view: dict[str, Any], colour: dict[str, str], out: list[str], top: int) -> None:
    out.append(_text(PANEL_X, top, "Companies (income, treasury)", 14, weight="bold"))
    y = top + 20
    for co in view["companies"]:
        faded = co["status"] != "active"
        state = "" if not faded else f" — {co['status']}"
        out.append(f'<rect x="{PANEL_X}" y="{y - 10}" width="22" height="6" '
                   f'fill="{colour[co["id"]]}" opacity="{0.35 if faded else 1}"/>')
        text = (f"{co['id']} {co['name']}{state}" if faded else
                f"{co['id']} {co['name']}: {co['income']}, ${co['treasury']}")
        out.append(_text(PANEL_X + 30, y - 4, text, 11, fill="#888" if faded else "#222"))
        y += 18
    y += 10
    out.append(_text(PANEL_X, y, "Players (cash)", 14, weight="bold"))
    y += 20
    for seat, p in enumerate(view["players"]):
        paint = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
        shares = ", ".join(f"{k} {v}" for k, v in p["shares"].items()) or "no shares"
        out.append(f'<circle cx="{PANEL_X + 8}" cy="{y - 4}" r="5.5" fill="{paint}"/>')
        out.append(_text(PANEL_X + 30, y, f"{p['name']}: ${p['cash']} — {shares}", 11))
        y += 18
