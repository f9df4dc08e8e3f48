"""What a seat missed since its last move: for whoever takes the keyboard.

Two parts, kept apart because they go to different places. The public part (the log's
lines since the seat's last move) may show on the curtain, which everyone sees; the private
part (cards new in the seat's hand) shows only behind the curtain, on the seat's own table
and in its recap box (`w`). Built from what a screen already has: the log and the seat's
views, so a seat at a shared table gets the same recap from its own view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from rich.text import Text

from ..engine import Event
from .widgets.log import GLYPH

#: events too small to retell (the game's first line)
QUIET_KINDS = frozenset({"start"})
#: the curtain shows the latest lines that fit this many rows of this many columns
CURTAIN_LINES, CURTAIN_WIDTH = 7, 74


@dataclass(frozen=True)
class Recap:
    #: the seat's name, as the box says it
    name: str
    #: the log's lines since the seat's last move, oldest first (public)
    events: tuple[Event, ...] = ()
    #: card names new in the seat's hand since then (private: never on a curtain)
    new_cards: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return not self.events and not self.new_cards

    def public_text(self, limit: int = CURTAIN_LINES, width: int = CURTAIN_WIDTH) -> Text:
        """The latest public lines that fit `limit` rows of `width` columns, for the
        curtain: nothing in it is one seat's secret."""
        text = Text()
        shown: list[Event] = []
        rows = 0
        for e in reversed(self.events):
            rows += -(-(len(e.text) + 2) // width)  # (its wrapped rows, rounded up)
            if rows > limit and shown:
                break
            shown.insert(0, e)
        hidden = len(self.events) - len(shown)
        if hidden:
            text.append(f"… {hidden} earlier (w on your table shows them all)\n", style="dim")
        for e in shown:
            text.append(f"{GLYPH.get(e.kind, '·')} {e.text}\n")
        return text

    def private_line(self, names: int = 0) -> str:
        """What the seat alone may read: its new cards, or nothing. `names`: at most this
        many named (0: all), the rest counted, for a line that must stay short."""
        cards = self.new_cards
        if not cards:
            return ""
        if names and len(cards) > names:
            shown = ", ".join(cards[:names]) + f" and {len(cards) - names} more"
        else:
            shown = ", ".join(cards)
        return f"New in your hand: {shown}."

    def full_text(self) -> Text:
        """Everything, for the recap box behind the curtain."""
        text = Text()
        if self.events:
            for e in self.events:
                text.append(f"{GLYPH.get(e.kind, '·')} {e.text}\n")
        else:
            text.append("Nothing has happened since your last move.\n", style="dim")
        private = self.private_line()
        if private:
            text.append("\n" + private + "\n", style="bold")
        return text


def new_cards(before: Iterable[str], after: Iterable[str]) -> tuple[str, ...]:
    """Names in `after` beyond those in `before` (copies counted), in `after`'s order."""
    left = Counter(before)
    out = []
    for name in after:
        if left[name]:
            left[name] -= 1
        else:
            out.append(name)
    return tuple(out)


def build_recap(
    name: str,
    events: Iterable[Event],
    hand_then: Iterable[str] | None,
    hand_now: Iterable[str],
) -> Recap:
    """`hand_then`: the seat's hand before its last move (None: not known, no private part)."""
    kept = tuple(e for e in events if e.kind not in QUIET_KINDS)
    cards = new_cards(hand_then, hand_now) if hand_then is not None else ()
    return Recap(name=name, events=kept, new_cards=cards)
