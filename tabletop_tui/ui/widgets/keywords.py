"""Keyword meanings for the inspector, from the game's rules reference.

The lead's `tabletop_tui.reference.keyword_text` reads them from the reference files, so
each rule has one text. Until that module exists, no explanation is offered (the inspector
still names the keyword).
"""

from __future__ import annotations


def keyword_text(game_id: str, keyword: str) -> str | None:
    try:
        from tabletop_tui.reference import keyword_text as lookup  # type: ignore[attr-defined]
    except ImportError:
        return None
    try:
        return lookup(game_id, keyword)
    except (KeyError, ValueError, OSError):
        return None
