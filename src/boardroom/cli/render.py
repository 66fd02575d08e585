"""Drawing a game's view in the terminal, one renderer per title.

A renderer turns what :meth:`Game.view` returns (JSON, already filtered for one seat or
a spectator) into something Rich can print. The CLI never touches a game's raw state, so
no renderer can show a secret the view hides. A title without a renderer is shown as
its view, pretty-printed; a new title adds its own with :func:`register_renderer`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

Renderer = Callable[[Any], RenderableType]
"""Turns a title's view (JSON) into a Rich renderable."""

_RENDERERS: dict[str, Renderer] = {}
_MODULES = {
    "acquire": "boardroom.cli.acquire_view",
    "congress": "boardroom.cli.congress_view",
    "lost_atlas": "boardroom.cli.lost_atlas_view",
}


def register_renderer(title: str, renderer: Renderer) -> None:
    """Make ``renderer`` draw the views of the title called ``title``."""
    _RENDERERS[title] = renderer


def render_view(title: str, view: Any) -> RenderableType:
    """The view of a game of ``title``, ready to print."""
    if title not in _RENDERERS and title in _MODULES:
        importlib.import_module(_MODULES[title])
    renderer = _RENDERERS.get(title)
    if renderer is None:
        return Pretty(view)
    return renderer(view)
