"""Bots for every title: ``random`` for any game, and title-specific players."""

from boardroom.bots.base import Bot, RandomBot, bot_names, make_bot, register_bot

__all__ = ["Bot", "RandomBot", "bot_names", "make_bot", "register_bot"]
