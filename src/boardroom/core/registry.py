"""Titles by name. Each title module registers itself when imported."""

from __future__ import annotations

import importlib
from typing import Any

from boardroom.core.errors import UnknownTitle
from boardroom.core.title import Title

_MODULES = {
    "acquire": "boardroom.titles.acquire",
    "congress": "boardroom.titles.congress.title",
    "lost_atlas": "boardroom.titles.lost_atlas.title",
}
_TITLES: dict[str, Title[Any, Any]] = {}


def register(title: Title[Any, Any]) -> None:
    _TITLES[title.name] = title


def get_title(name: str) -> Title[Any, Any]:
    """The title called ``name``; :class:`UnknownTitle` lists the known ones otherwise."""
    if name not in _TITLES:
        module = _MODULES.get(name)
        if module is None:
            known = ", ".join(sorted(_MODULES))
            raise UnknownTitle(f"unknown title {name!r}; known titles: {known}")
        importlib.import_module(module)
    return _TITLES[name]


def title_names() -> list[str]:
    return sorted(_MODULES)
