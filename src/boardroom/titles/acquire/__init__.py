"""Acquire: the first complete Boardroom title (Classic and Tycoon modes)."""

from boardroom.titles.acquire.title import TITLE, AcquireTitle

__all__ = ["TITLE", "AcquireTitle"]
