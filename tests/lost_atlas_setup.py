"""Start Lost Atlas games for tests: random legal map building, then a chosen matrix."""

from __future__ import annotations

from boardroom.core.rng import Rng
from boardroom.titles.lost_atlas.state import LostAtlasState
from boardroom.titles.lost_atlas.title import LostAtlasTitle

TITLE = LostAtlasTitle()


def started(players: list[str], mode: str = "short", seed: int = 1,
            **options: object) -> LostAtlasState:
    """A game whose map is built (random legal choices); the first Stock Round begins."""
    opts = TITLE.normalize_options({"mode": mode, **options}, players)
    state, _ = TITLE.setup(players, seed, opts)
    rng = Rng(seed + 1000)
    while state.round == "map":
        seat = TITLE.to_act(state)[0]
        actions = TITLE.legal_actions(state, seat)
        TITLE.apply(state, actions[rng.below(len(actions))], seat)
    return state


def act(state: LostAtlasState, text: str) -> list[str]:
    """Apply ``text`` for whoever must decide; raise the IllegalAction if refused."""
    seat = TITLE.to_act(state)[0]
    action = TITLE.parse(text)
    error = TITLE.check(state, action, seat)
    if error is not None:
        raise error
    return TITLE.apply(state, action, seat)
