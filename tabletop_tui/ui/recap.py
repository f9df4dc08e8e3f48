"""The recap (tables/recap.py) as the full screen draws it: its public lines for the
curtain, everything for the recap box behind it."""

from __future__ import annotations

from rich.text import Text

from ..engine import Event
from ..tables.recap import Recap
from .widgets.log import GLYPH

#: the curtain shows the latest lines that fit this many rows of this many columns
CURTAIN_LINES, CURTAIN_WIDTH = 7, 74


def public_text(recap: Recap, limit: int = CURTAIN_LINES, width: int = CURTAIN_WIDTH) -> Text:
    """The latest public lines that fit `limit` rows of `width` columns, for the curtain:
    nothing in it is one seat's secret."""
    text = Text()
    shown: list[Event] = []
    rows = 0
    for e in reversed(recap.events):
        rows += -(-(len(e.text) + 2) // width)  # (its wrapped rows, rounded up)
        if rows > limit and shown:
            break
        shown.insert(0, e)
    hidden = len(recap.events) - len(shown)
    if hidden:
        text.append(f"… {hidden} earlier (w on your table shows them all)\n", style="dim")
    for e in shown:
        text.append(f"{GLYPH.get(e.kind, '·')} {e.text}\n")
    return text


def full_text(recap: Recap) -> Text:
    """Everything, for the recap box behind the curtain."""
    text = Text()
    if recap.events:
        for e in recap.events:
            text.append(f"{GLYPH.get(e.kind, '·')} {e.text}\n")
    else:
        text.append("Nothing has happened since your last move.\n", style="dim")
    private = recap.private_line()
    if private:
        text.append("\n" + private + "\n", style="bold")
    return text
