"""Where each location's name goes on a drawing of the map: the side of its circle where
the name covers the fewest other locations and names (the browser's table and the SVG
render read it from the view, ``cities[*].label``).

Greedy, in the data's coordinates: the most valuable locations are placed first, each
trying the sides in the order of :data:`SIDES` (right first) and taking the one whose box
overlaps least with every location's circle, the home stations' company ids above them,
the development counts under them, the links' costs and the names already placed, keeping
the name on the drawing.
Computed once for each data file.

>>> from boardroom.titles.congress.data import load_data
>>> data = load_data()
>>> sides = label_sides(data)
>>> sides[data.city_index["MAN"]] != "e"   # Sheffield and Leeds lie to its right
True
"""

from __future__ import annotations

from boardroom.titles.congress.data import Data

SIDES = ("e", "w", "ne", "se", "nw", "sw", "n", "s")
"""The sides a name may take, in the order they are preferred."""
OFFSET = {"e": (1, 0), "w": (-1, 0), "n": (0, -1), "s": (0, 1),
          "ne": (1, -1), "nw": (-1, -1), "se": (1, 1), "sw": (-1, 1)}
"""Each side as the direction of the name from the location's centre."""
CHAR_WIDTH = 5.9
"""About a character's width in map units (the names are drawn at 10.5)."""
TEXT_HEIGHT = 10.0
GAP_X = 10.5
"""From the centre to the name's near end, sideways (the circle's radius and a gap)."""
GAP_Y_DIAGONAL, GAP_N, GAP_S = 9.0, 15.0, 24.0
"""From the centre down to the name's baseline (less 3.5), for a diagonal side, for n and
for s (below the development count)."""
HOME_RING = 14.0
MARGIN, MARGIN_RIGHT = 22.0, 68.0
"""How far the drawings reach beyond the outermost locations (the browser's map)."""

Box = tuple[float, float, float, float]
_CACHE: dict[int, tuple[Data, tuple[str, ...]]] = {}


def name_box(x: float, y: float, name: str, side: str) -> Box:
    """The box (left, top, right, bottom) a name takes on ``side`` of a location at x, y;
    the drawings put its baseline at y + 3.5 + dy."""
    sx, sy = OFFSET[side]
    width = CHAR_WIDTH * len(name)
    base = y + 3.5 + sy * (GAP_Y_DIAGONAL if sx else GAP_N if sy < 0 else GAP_S)
    if sx > 0:
        left = x + GAP_X
    elif sx < 0:
        left = x - GAP_X - width
    else:
        left = x - width / 2
    return (left, base - TEXT_HEIGHT + 2, left + width, base + 2)


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def label_sides(data: Data) -> tuple[str, ...]:
    """Each location's side for its name, in the data's order of locations."""
    cached = _CACHE.get(id(data))
    if cached is not None and cached[0] is data:
        return cached[1]
    obstacles: list[tuple[int, Box]] = []
    for k, city in enumerate(data.cities):
        r = HOME_RING if k in data.home_of else 9.0
        obstacles.append((k, (city.x - r, city.y - r, city.x + r, city.y + r)))
        if k in data.home_of:  # the company's id written above the ring
            obstacles.append((k, (city.x - 12, city.y - 27, city.x + 12, city.y - 16)))
        # its developments, written under it once it has some (its own name avoids them too)
        obstacles.append((-1, (city.x - 9, city.y + 12, city.x + 9, city.y + 21)))
    for link in data.links:  # each link's cost, written at its middle
        a, b = data.cities[link.a], data.cities[link.b]
        mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
        obstacles.append((-1, (mx - 6, my - 5, mx + 6, my + 5)))
    xs, ys = [c.x for c in data.cities], [c.y for c in data.cities]
    frame = (min(xs) - MARGIN, min(ys) - MARGIN, max(xs) + MARGIN_RIGHT, max(ys) + MARGIN)
    placed: list[Box] = []
    sides = ["e"] * len(data.cities)
    order = sorted(range(len(data.cities)), key=lambda k: (-data.cities[k].value, k))
    for k in order:
        city = data.cities[k]
        best, best_cost = "e", float("inf")
        for rank, side in enumerate(SIDES):
            box = name_box(city.x, city.y, city.name, side)
            cost = sum(_overlap(box, o) for owner, o in obstacles if owner != k)
            cost += sum(_overlap(box, p) for p in placed) + 0.5 * rank
            inside = _overlap(box, frame)
            cost += 10 * ((box[2] - box[0]) * (box[3] - box[1]) - inside)  # off the drawing
            if cost < best_cost:
                best, best_cost = side, cost
        sides[k] = best
        placed.append(name_box(city.x, city.y, city.name, best))
    result = tuple(sides)
    if len(_CACHE) > 16:
        _CACHE.clear()
    _CACHE[id(data)] = (data, result)
    return result
