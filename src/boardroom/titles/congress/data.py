"""Congress's game data: the map, the companies and every number of the game.

One data file per rules version: ``data/congress.toml`` (format version 3, rules version
3: the Great Britain map and the designer's frame of congress-facts.md, every value
Boardroom chose marked ``provisional``), ``data/congress-2.toml`` (format version 2, the
same keys, kept so that rules-version-2 records replay) and ``data/congress-1.toml``
(format version 1, the first invented frame, for rules-version-1 records). All are listed
in ``docs/congress.md``. A user may replace it with their own data (option ``data``: the
data file's content, as TOML text or as the JSON object; never a file name: the game
server takes options from strangers, so the title reads no file. The command line reads a
file and passes its content, see :func:`read_file`), checked here entry by entry; a bad
file is a :class:`DataError` naming the entry. Content and files are capped at
:data:`MAX_DATA_BYTES`, checked before anything is parsed.

>>> data = load_data()
>>> max(data.cities, key=lambda c: c.value).name
'London'
>>> [c.id for c in data.companies if c.kind == "merger"]
['CR', 'GWR', 'NER', 'LNWR', 'SWR']
>>> [c.id for c in load_data(version=1).companies if c.kind == "merger"]
['LYR', 'MID', 'NER']
"""

from __future__ import annotations

import json
import os
import stat
import tomllib
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from boardroom.core.errors import OptionError

FORMAT = "congress-data"
VERSIONS = (1, 2, 3)
"""Data format versions, one per rules version: 1, 2 and 3 (3 has format 2's keys; the
number says which rules version the file belongs to)."""
CURRENT = 3
"""The data format (and rules version) a new game plays."""
FOUNDING = "founding"
MERGER = "merger"
CITY = "city"
PORT = "port"
"""A foreign port: a location off the coast, reached by foreign links only (rules v2)."""


class DataError(OptionError):
    """A Congress data file (or object) that cannot be used; the message names the entry."""


@dataclass(frozen=True, slots=True)
class City:
    id: str
    name: str
    value: int
    kind: str = CITY
    x: int = 0
    y: int = 0
    """Where the drawing places it (version 2 data; 0 in version 1)."""


@dataclass(frozen=True, slots=True)
class Link:
    a: int
    b: int
    cost: int

    def other(self, city: int) -> int:
        return self.b if city == self.a else self.a


@dataclass(frozen=True, slots=True)
class Company:
    id: str
    name: str
    kind: str
    home: int
    pool: int
    merger_supply: int
    markers: int


@dataclass(frozen=True, slots=True)
class Rules:
    """The numbers of the game (section ``[game]``)."""

    players: tuple[int, ...]
    starting_cash: dict[int, int]
    rounds_per_dividend: int
    general_dividends: int
    links_per_expand: int
    min_bid: int
    develop_cost: int
    develop_step: int
    develop_max_per_city: int
    develop_markers: int
    income_max: int
    bank: int
    # version 2 (the months track and the designer's frame); version 1 leaves the defaults
    switch_dividend: int = 0
    round_months: dict[int, int] | None = None
    months: dict[str, int] | None = None
    second_link_factor: int = 2
    max_links_per_city: int = 0
    develop_locations: int = 1
    share_value_per_city: int = 0
    treasury_payout: bool = False
    founding_supply_after_switch: bool = False
    """Version 2: after the switch a founding company's merger supply may be Capitalised
    too once its pool is empty (Boardroom's, provisional)."""
    position_cash: dict[int, tuple[int, ...]] | None = None
    """Version 3: each opening position's starting cash (the first to act first), by
    player count; a count not listed gives everyone ``starting_cash``."""

    def cost_of(self, action: str) -> int:
        """Months an action costs (version 2)."""
        assert self.months is not None
        return self.months[action]


@dataclass(frozen=True)
class Data:
    """Checked game data; shared by every state of a game (never copied, never changed)."""

    source: str
    version: int
    rules: Rules
    cities: tuple[City, ...]
    links: tuple[Link, ...]
    companies: tuple[Company, ...]
    city_index: dict[str, int]
    company_index: dict[str, int]
    links_at: tuple[tuple[int, ...], ...]
    """Link indices at each city."""
    link_between: dict[frozenset[int], int]
    home_of: dict[int, int]
    """City index -> company index of the company whose home station it is."""
    provisional: tuple[tuple[str, str], ...]
    """(where, why) of every value the data marks provisional."""

    def link_name(self, link: int) -> str:
        ln = self.links[link]
        return f"{self.cities[ln.a].id}-{self.cities[ln.b].id}"


# -- reading --------------------------------------------------------------------------------
def _int(value: object, where: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(f"{where}: expected an integer, got {value!r}")
    if value < minimum:
        raise DataError(f"{where}: must be at least {minimum}, not {value}")
    return value


def _str(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise DataError(f"{where}: expected a non-empty string, got {value!r}")
    return value.strip()


def _table(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DataError(f"{where}: expected a table (object)")
    return value


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise DataError(f"{where}: expected an array")
    return value


_META = ("provisional", "note")


def _check_id(ident: str, where: str) -> None:
    """Ids are written in the notation: upper-case letters, digits and ``_`` only."""
    if ident != ident.upper() or not ident.replace("_", "").isalnum():
        raise DataError(f"{where}: id {ident!r} must be upper-case letters, digits or _")
MONTH_ACTIONS = ("capitalise", "expand", "develop", "pass")
_GAME_KEYS_2 = ("players", "starting_cash", "general_dividends", "switch_dividend",
                "round_months", "months", "min_bid", "second_link_factor",
                "max_links_per_city", "develop_locations", "develop_step", "develop_cost",
                "develop_max_per_city", "develop_markers", "income_max",
                "share_value_per_city", "treasury_payout", "founding_supply_after_switch",
                "bank")
_GAME_KEYS = ("players", "starting_cash", "rounds_per_dividend", "general_dividends",
              "links_per_expand", "min_bid", "develop_cost", "develop_step",
              "develop_max_per_city", "develop_markers", "income_max", "bank")


def _provisional(table: dict[str, Any], where: str, out: list[tuple[str, str]]) -> None:
    mark = table.get("provisional")
    if mark is None:
        return
    if isinstance(mark, str):
        out.append((where, mark))
    elif isinstance(mark, dict):
        for key, why in mark.items():
            out.append((f"{where}.{key}", str(why)))
    else:
        raise DataError(f"{where}.provisional: a string or a table of strings")


def _unknown(table: dict[str, Any], known: tuple[str, ...], where: str) -> None:
    extra = sorted(set(table) - set(known) - set(_META))
    if extra:
        raise DataError(f"{where}: unknown key(s) {', '.join(extra)}; known: {', '.join(known)}")


def parse_data(raw: object, source: str) -> Data:
    """Check a data object (the TOML or JSON file's content) and build :class:`Data`."""
    root = _table(raw, source)
    _unknown(root, ("format", "version", "game", "cities", "links", "companies", "map"),
             source)
    if root.get("format") != FORMAT:
        raise DataError(f"{source}: format must be {FORMAT!r}, not {root.get('format')!r}")
    version = root.get("version")
    if version not in VERSIONS:
        raise DataError(f"{source}: version must be one of {', '.join(map(str, VERSIONS))}, "
                        f"not {version!r}")
    assert isinstance(version, int)
    marks: list[tuple[str, str]] = []
    if "map" in root:
        map_t = _table(root["map"], f"{source}: [map]")
        _unknown(map_t, (), f"{source}: [map]")
        _provisional(map_t, "map", marks)
    game_t = _table(root.get("game"), f"{source}: [game]")
    rules = _rules(game_t, source, marks, version)
    cities, index = _cities(root, source, version, marks)
    links, between = _links(root, source, cities, index, marks)
    companies, cindex, home_of = _companies(root, source, cities, index, marks)
    if set(cindex) & set(index):
        clash = sorted(set(cindex) & set(index))
        raise DataError(f"{source}: ids used by both a city and a company: {', '.join(clash)}")
    links_at = tuple(tuple(k for k, ln in enumerate(links) if c in (ln.a, ln.b))
                     for c in range(len(cities)))
    return Data(source, version, rules, tuple(cities), tuple(links), tuple(companies), index,
                cindex, links_at, between, home_of, tuple(marks))


def _cities(root: dict[str, Any], source: str, version: int,
            marks: list[tuple[str, str]]) -> tuple[list[City], dict[str, int]]:
    """``cities``: version 1 gives id, name, value; later versions kind and x, y too."""
    cities: list[City] = []
    index: dict[str, int] = {}
    for n, item in enumerate(_list(root.get("cities"), f"{source}: cities")):
        where = f"{source}: cities[{n}]"
        t = _table(item, where)
        _unknown(t, ("id", "name", "value") if version == 1 else
                 ("id", "name", "value", "kind", "x", "y"), where)
        kind = t.get("kind", CITY)
        if kind not in (CITY, PORT):
            raise DataError(f"{where}.kind: 'city' or 'port', not {kind!r}")
        city = City(_str(t.get("id"), f"{where}.id"), _str(t.get("name"), f"{where}.name"),
                    _int(t.get("value"), f"{where}.value", 0), kind,
                    _int(t.get("x", 0), f"{where}.x"), _int(t.get("y", 0), f"{where}.y"))
        if city.id in index:
            raise DataError(f"{where}: city id {city.id!r} appears twice")
        _check_id(city.id, where)
        index[city.id] = len(cities)
        cities.append(city)
        _provisional(t, f"cities.{city.id}", marks)
    if len(cities) < 2:
        raise DataError(f"{source}: the map needs at least two cities")
    return cities, index


def _links(root: dict[str, Any], source: str, cities: list[City], index: dict[str, int],
           marks: list[tuple[str, str]]) -> tuple[list[Link], dict[frozenset[int], int]]:
    """``[links] list``: [city, city, cost], at most one end a foreign port."""
    links_t = _table(root.get("links"), f"{source}: [links]")
    _unknown(links_t, ("list",), f"{source}: [links]")
    _provisional(links_t, "links", marks)
    links: list[Link] = []
    between: dict[frozenset[int], int] = {}
    for n, item in enumerate(_list(links_t.get("list"), f"{source}: links.list")):
        where = f"{source}: links.list[{n}]"
        entry = _list(item, where)
        if len(entry) != 3:
            raise DataError(f"{where}: a link is [city, city, cost]")
        a, b = (index.get(_str(entry[k], where)) for k in (0, 1))
        if a is None or b is None:
            raise DataError(f"{where}: unknown city in {entry[:2]!r}")
        if a == b:
            raise DataError(f"{where}: a link joins two different cities")
        if cities[a].kind == PORT and cities[b].kind == PORT:
            raise DataError(f"{where}: a link joins at most one foreign port")
        key = frozenset((a, b))
        if key in between:
            raise DataError(f"{where}: {entry[0]}-{entry[1]} appears twice")
        between[key] = len(links)
        links.append(Link(a, b, _int(entry[2], f"{where} cost", 0)))
    return links, between


def _companies(root: dict[str, Any], source: str, cities: list[City], index: dict[str, int],
               marks: list[tuple[str, str]]
               ) -> tuple[list[Company], dict[str, int], dict[int, int]]:
    """``[[companies]]``: founding and merger companies, one home station each."""
    companies: list[Company] = []
    cindex: dict[str, int] = {}
    home_of: dict[int, int] = {}
    for n, item in enumerate(_list(root.get("companies"), f"{source}: companies")):
        where = f"{source}: companies[{n}]"
        t = _table(item, where)
        _unknown(t, ("id", "name", "kind", "home", "pool", "merger_supply", "markers"), where)
        cid = _str(t.get("id"), f"{where}.id")
        kind = t.get("kind")
        if kind not in (FOUNDING, MERGER):
            raise DataError(f"{where}.kind: 'founding' or 'merger', not {kind!r}")
        home = index.get(_str(t.get("home"), f"{where}.home"))
        if home is None:
            raise DataError(f"{where}.home: unknown city {t.get('home')!r}")
        if cities[home].kind == PORT:
            raise DataError(f"{where}.home: a home station is a city, not a foreign port")
        if home in home_of:
            raise DataError(f"{where}.home: {cities[home].id} is already the home station of "
                            f"{companies[home_of[home]].id}")
        _check_id(cid, where)
        if cid in cindex or cid.lower() in ("into", "pay"):
            raise DataError(f"{where}: company id {cid!r} is used twice or reserved")
        company = Company(cid, _str(t.get("name"), f"{where}.name"), kind, home,
                          _int(t.get("pool"), f"{where}.pool"),
                          _int(t.get("merger_supply"), f"{where}.merger_supply"),
                          _int(t.get("markers"), f"{where}.markers"))
        if kind == FOUNDING and company.pool < 1:
            raise DataError(f"{where}: a founding company needs a share in its pool to start")
        if kind == MERGER and company.pool + company.merger_supply < 1:
            raise DataError(f"{where}: a merger company needs a share to auction")
        home_of[home] = len(companies)
        cindex[cid] = len(companies)
        companies.append(company)
        _provisional(t, f"companies.{cid}", marks)
    if not any(c.kind == FOUNDING for c in companies):
        raise DataError(f"{source}: at least one founding company is needed")
    return companies, cindex, home_of


def _players(t: dict[str, Any], where: str, keys: tuple[str, ...],
             minimum: dict[str, int]) -> tuple[tuple[int, ...], dict[str, dict[int, int]]]:
    """``players`` and the tables keyed by player count (``starting_cash``...): every
    count listed must have a value."""
    missing = [k for k in keys if k not in t]
    if missing:
        raise DataError(f"{where}: missing {', '.join(missing)}")
    players = tuple(_int(p, f"{where}.players", 2) for p in _list(t["players"], where))
    if not players:
        raise DataError(f"{where}.players: at least one player count")
    per_count: dict[str, dict[int, int]] = {}
    for key, least in minimum.items():
        table = _table(t[key], f"{where}.{key}")
        out: dict[int, int] = {}
        for count, value in table.items():
            if not str(count).isdigit():
                raise DataError(f"{where}.{key}: keys are player counts, not {count!r}")
            out[int(count)] = _int(value, f"{where}.{key}.{count}", least)
        for n in players:
            if n not in out:
                raise DataError(f"{where}.{key}: no value for {n} players")
        per_count[key] = out
    return players, per_count


def _rules(t: dict[str, Any], source: str, marks: list[tuple[str, str]],
           version: int) -> Rules:
    """``[game]``: format 1's numbers, or (formats 2 and 3) the months track's frame."""
    where = f"{source}: game"
    first = version == 1
    keys = _GAME_KEYS if first else _GAME_KEYS_2
    _unknown(t, (*keys, "position_cash") if version >= 3 else keys, where)
    players, per_count = _players(t, where, keys, {"starting_cash": 0} if first else
                                  {"starting_cash": 0, "round_months": 1})

    def number(key: str, least: int = 0) -> int:
        return _int(t[key], f"{where}.{key}", least)

    rules = Rules(
        players=players, starting_cash=per_count["starting_cash"],
        rounds_per_dividend=number("rounds_per_dividend", 1) if first else 1,
        general_dividends=number("general_dividends", 1),
        links_per_expand=number("links_per_expand", 1) if first else 2,
        min_bid=number("min_bid", 1), develop_cost=number("develop_cost"),
        develop_step=number("develop_step", 1),
        develop_max_per_city=number("develop_max_per_city"),
        develop_markers=number("develop_markers"), income_max=number("income_max", 1),
        bank=number("bank"),
    )
    _provisional(t, "game", marks)
    if first:
        return rules
    months_t = _table(t["months"], f"{where}.months")
    _unknown(months_t, MONTH_ACTIONS, f"{where}.months")
    months = {}
    for action in MONTH_ACTIONS:
        if action not in months_t:
            raise DataError(f"{where}.months: missing {action}")
        months[action] = _int(months_t[action], f"{where}.months.{action}", 1)
    payout = t["treasury_payout"]
    founding_supply = t["founding_supply_after_switch"]
    for key, flag in (("treasury_payout", payout),
                      ("founding_supply_after_switch", founding_supply)):
        if not isinstance(flag, bool):
            raise DataError(f"{where}.{key}: true or false, not {flag!r}")
    return replace(
        rules, switch_dividend=number("switch_dividend"),
        round_months=per_count["round_months"], months=months,
        second_link_factor=number("second_link_factor", 1),
        max_links_per_city=number("max_links_per_city", 1),
        develop_locations=number("develop_locations", 1),
        share_value_per_city=number("share_value_per_city"),
        treasury_payout=payout, founding_supply_after_switch=founding_supply,
        position_cash=_position_cash(t, where, players) if "position_cash" in t else None,
    )


def _position_cash(t: dict[str, Any], where: str,
                   players: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Format 3's ``position_cash``: {count: [cash of the 1st to act, the 2nd, ...]}."""
    table = _table(t["position_cash"], f"{where}.position_cash")
    out: dict[int, tuple[int, ...]] = {}
    for count, amounts in table.items():
        here = f"{where}.position_cash.{count}"
        if not str(count).isdigit() or int(count) not in players:
            raise DataError(f"{here}: keys are player counts of the game, not {count!r}")
        cash = tuple(_int(a, here) for a in _list(amounts, here))
        if len(cash) != int(count):
            raise DataError(f"{here}: one amount for each of the {count} positions")
        if list(cash) != sorted(cash):
            raise DataError(f"{here}: lower cash acts earlier (congress-facts.md), so the "
                            f"amounts may not fall from one position to the next")
        out[int(count)] = cash
    return out


SHIPPED = {3: "congress/data/congress.toml", 2: "congress/data/congress-2.toml",
           1: "congress/data/congress-1.toml"}
"""The shipped data file of each data version."""


def shipped_raw(version: int = CURRENT) -> dict[str, Any]:
    """The shipped data file's content (a fresh dict) of data ``version``."""
    name = SHIPPED[version].removeprefix("congress/")
    text = resources.files("boardroom.titles.congress").joinpath(name)
    return tomllib.loads(text.read_text(encoding="utf-8"))


MAX_DATA_BYTES = 256 * 1024
"""The largest data file or content accepted (the shipped file is under 8 KiB)."""


def parse_text(text: str) -> dict[str, Any]:
    """Option ``data`` given as TOML text: its table (capped, then parsed)."""
    if len(text) > MAX_DATA_BYTES or len(text.encode("utf-8")) > MAX_DATA_BYTES:
        raise DataError(f"option data: the content is limited to {MAX_DATA_BYTES} bytes")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"option data: not valid TOML text ({exc}); the option holds the "
                        "data file's content (TOML text or a JSON object), not a file "
                        "name (on the command line: --option data=@FILE)") from exc


def read_file(path: str) -> dict[str, Any]:
    """The content of a user's data file (``.json`` is JSON, anything else TOML), for the
    command line only: a regular file of at most :data:`MAX_DATA_BYTES`, checked before
    it is read."""
    try:
        with open(path, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise DataError(f"option data: {path} is not a regular file")
            if info.st_size > MAX_DATA_BYTES:
                raise DataError(f"option data: {path} is larger than {MAX_DATA_BYTES} bytes")
            data = handle.read(MAX_DATA_BYTES + 1)
    except OSError as exc:
        raise DataError(f"option data: cannot read {path}: {exc.strerror or exc}") from exc
    if len(data) > MAX_DATA_BYTES:
        raise DataError(f"option data: {path} is larger than {MAX_DATA_BYTES} bytes")
    try:
        text = data.decode("utf-8")
        raw = json.loads(text) if path.endswith(".json") else tomllib.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"option data: {path} is not valid: {exc}") from exc
    if not isinstance(raw, dict):
        raise DataError(f"option data: {path} must hold an object")
    return raw


_CACHE: dict[str, Data] = {}


def load_data(raw: dict[str, Any] | None = None, version: int = CURRENT) -> Data:
    """The checked data: the shipped file of data ``version`` (None) or a user's object;
    remembered by content."""
    key = str(version) if raw is None else json.dumps(raw, sort_keys=True)
    data = _CACHE.get(key)
    if data is None:
        data = parse_data(shipped_raw(version), SHIPPED[version]) if raw is None \
            else parse_data(raw, "option data")
        if len(_CACHE) > 16:
            _CACHE.clear()
        _CACHE[key] = data
    return data
