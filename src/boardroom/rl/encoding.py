"""How a title's game becomes fixed-size arrays for learning: a fixed discrete action
space and an observation vector.

An :class:`Encoding` maps every action of the title to one index of a fixed
``Discrete(action_size)`` space, and a seat's situation to a vector of
``observation_size`` numbers in [0, 1] that uses only what that seat may see. Two legal
actions may share an index (a coarse encoding); the environment then plays the first of
them in the title's order of legal actions, so an index always means one action.

Acquire has an exact encoding (:mod:`boardroom.rl.acquire`); Lost Atlas a structured
hashed one (:mod:`boardroom.rl.lost_atlas`); any other title gets the generic hashed
encoding of :mod:`boardroom.rl.hashed`, so a new title works with no change here.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from boardroom.core.game import Game
    from boardroom.core.title import Action


class Encoding(Protocol):
    action_size: int
    observation_size: int

    def action_index(self, action: Action) -> int:
        """The action's index in ``range(action_size)``; the same in every state."""

    def observe(self, game: Game, seat: int, out: npt.NDArray[np.float32]) -> None:
        """Write ``seat``'s observation (what it may see, scaled to [0, 1]) into ``out``."""


_ENCODINGS = {
    "acquire": "boardroom.rl.acquire",
    "lost_atlas": "boardroom.rl.lost_atlas",
}


def encoding_for(title: str, players: int) -> Encoding:
    """The title's encoding for a game of ``players`` seats.

    >>> encoding_for("acquire", 4).action_size
    432
    """
    module = importlib.import_module(_ENCODINGS.get(title, "boardroom.rl.hashed"))
    made: Encoding = module.make_encoding(title, players)
    return made
