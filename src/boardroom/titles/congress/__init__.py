"""Congress: the designer's merger rules of shared/rules/004 as a playable title."""

from boardroom.titles.congress.title import TITLE, CongressTitle

__all__ = ["TITLE", "CongressTitle"]
