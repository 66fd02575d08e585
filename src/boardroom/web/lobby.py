"""What the lobby offers: every registered title with its player counts, its modes and
options (read from the titles' own defaults, so a new option shows up by itself), and
the bots a seat may be given.

>>> offer = lobby_titles()
>>> [t["name"] for t in offer["titles"]][:2]
['acquire', 'lost_atlas']
>>> offer["titles"][0]["modes"][0]["id"]
'classic'
"""

from __future__ import annotations

from typing import Any

from boardroom.bots.base import bot_names, bots_for


def _acquire() -> dict[str, Any]:
    from boardroom.titles.acquire.title import MODES, TITLE

    return {
        "name": TITLE.name, "display_name": TITLE.display_name,
        "min_players": TITLE.min_players, "max_players": TITLE.max_players,
        "modes": [{"id": m, "name": m.capitalize(),
                   "players": list(range(2 if m == "classic" else 3, TITLE.max_players + 1))}
                  for m in MODES],
        "options": [],
        "default_bot": "greedy",
        "bots": bots_for(TITLE.name),
    }


def _lost_atlas() -> dict[str, Any]:
    from boardroom.core.registry import get_title
    from boardroom.titles.lost_atlas.board import mapbuild
    from boardroom.titles.lost_atlas.rounds import flow
    from boardroom.titles.lost_atlas.title import LostAtlasTitle
    from boardroom.titles.lost_atlas.variants import solo
    from boardroom.titles.lost_atlas.variants import switches as variants

    title = get_title("lost_atlas")
    assert isinstance(title, LostAtlasTitle)
    components = title.components
    options: list[dict[str, Any]] = []
    switches = {**{k: v for k, v in flow.GAME_OPTIONS.items() if isinstance(v, bool)},
                **{k: v for k, v in mapbuild.OPTION_DEFAULTS.items() if isinstance(v, bool)},
                **variants.VARIANT_OPTIONS}
    for key, default in switches.items():
        options.append({"key": key, "label": key.replace("_", " ").capitalize(),
                        "kind": "bool", "default": default})
    options.append({"key": "bankruptcy", "label": "Bankruptcy", "kind": "choice",
                    "choices": ["end", "continue"], "default": flow.GAME_OPTIONS["bankruptcy"]})
    options.append({"key": solo.OPTION, "label": "Solo difficulty", "kind": "choice",
                    "choices": list(solo.OPTION_VALUES), "default": "any", "solo_only": True})
    return {
        "name": title.name, "display_name": title.display_name,
        "min_players": title.min_players, "max_players": title.max_players,
        "modes": [{"id": mode_id, "name": mode.name, "players": list(mode.players),
                   "solo": mode.conglomerate is not None}
                  for mode_id, mode in components.modes.items()],
        "options": options,
        "default_bot": "heuristic",
        "bots": bots_for(title.name),
    }


_CONGRESS_LABELS = {
    "chaining": ("Chaining", {
        "none": "none: the flurry stops after the merger company the active player starts "
                "(the revision)",
        "automatic": "automatic: each merger company's share winner starts the next one "
                     "(as first written)"}),
    "special_dividend": ("Special Dividend paid by", {
        "chooser": "chooser: the active player picks which side of a merger pays (the "
                   "revision)",
        "acquired": "acquired: the acquired company pays (as first written)"}),
}


def _congress() -> dict[str, Any]:
    from boardroom.core.registry import get_title
    from boardroom.titles.congress.data import load_data
    from boardroom.titles.congress.title import OPTIONS

    title = get_title("congress")
    players = list(load_data().rules.players)
    options: list[dict[str, Any]] = []
    for key, values in OPTIONS.items():
        label, words = _CONGRESS_LABELS.get(key, (key.replace("_", " ").capitalize(), {}))
        options.append({"key": key, "label": label, "kind": "choice",
                        "choices": list(values), "default": values[0],
                        "choice_labels": {v: words.get(v, v) for v in values}})
    return {
        "name": title.name, "display_name": title.display_name,
        "min_players": min(players), "max_players": max(players),
        "modes": [], "players": players,
        "options": options,
        "default_bot": "congress",
        "bots": bots_for(title.name),
    }


def lobby_titles() -> dict[str, Any]:
    """The lobby's menu (JSON values); each title lists the bots that play it, ``bots``
    every bot. A title without ``modes`` takes no mode option."""
    return {"titles": [_acquire(), _lost_atlas(), _congress()], "bots": bot_names()}


def lost_atlas_reference() -> dict[str, Any]:
    """The Lost Atlas facts the sheets print beside the view: the stock track's values,
    the trains (price, stops, what rusts them), the phases with their tile colours and
    train limits, the minors' ability texts and the company colours of the map."""
    from boardroom.core.registry import get_title
    from boardroom.titles.lost_atlas.render.svg import abbreviation, company_colour
    from boardroom.titles.lost_atlas.title import LostAtlasTitle

    title = get_title("lost_atlas")
    assert isinstance(title, LostAtlasTitle)
    c = title.components
    companies = [*c.minors, *c.majors]
    return {
        "stock_values": list(c.stock_track.values),
        "launch_windows": {phase: list(window) for phase, window in c.stock_track.launch.items()},
        "trains": [{"id": t.id, "name": t.name, "stops": t.stops, "price": t.price,
                    "rusted_by": list(t.rusted_by)} for t in c.trains.values()],
        "phases": [{"id": p.id, "opened_by": list(p.opened_by),
                    "tile_colours": list(p.tile_colours),
                    "limits": [{"after": list(lim.after), "minor": lim.minor, "major": lim.major}
                               for lim in p.limits]} for p in c.phases],
        "abilities": {m.id: m.ability_text for m in c.minors.values()},
        "minors": {m.id: {"name": m.name, "abbreviation": m.abbreviation,
                          "ability": m.ability_text, "hubs": m.hubs,
                          "extra_hub_cost": m.extra_hub_cost,
                          "home_at_launch": m.home_piece is None} for m in c.minors.values()},
        "majors": {m.id: m.name for m in c.majors.values()},
        "colours": {cid: company_colour(cid) for cid in companies},
        "abbreviations": {cid: abbreviation(c, cid) for cid in companies},
    }
