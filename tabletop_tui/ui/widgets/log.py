"""The log of events, newest at the bottom; re-wraps when the terminal is resized.

Only the last lines are kept on screen: re-rendering a long log on every move is
what made a whole game slow to draw.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...engine import Event

STYLE = {"reveal": "bold", "defeat": "bold", "over": "bold reverse", "phase": "bold italic"}
GLYPH = {
    "reveal": "◉",
    "roll": "⚄",
    "defeat": "✝",
    "over": "★",
    "phase": "↻",
    "commit": "▣",
    "squad": "▤",
}
MAX_LINES = 80
#: ", seed 27944" in the engine's "New game of ..., seed N." line
SEED = re.compile(r",? seed \d+")


class LogPanel(VerticalScroll):
    DEFAULT_CSS = """
    LogPanel { border: round $panel; border-title-align: left; scrollbar-size-vertical: 1; }
    LogPanel > Static { width: 100%; }
    """

    def __init__(self, glyphs: dict[str, str] | None = None, anchored: bool = False, **kwargs):
        """`glyphs`: a game's own event kinds and their glyphs, added to the common ones.
        `anchored`: stay on the newest line however late the layout settles (a table-kit
        screen mounts cards as it goes, so a single scroll to the end can come too early)."""
        super().__init__(**kwargs)
        self.anchored = anchored
        self.border_title = "Log"
        self.count = -1
        self.glyphs = {**GLYPH, **(glyphs or {})}
        #: a random seed stays off screen (the game-over summary names it): set by the screen
        self.show_seed = False

    def compose(self) -> ComposeResult:
        yield Static(id="log-text")

    def sync(self, events: list[Event]) -> None:
        """Show exactly `events` (so an undo takes its lines away too)."""
        if len(events) == self.count:
            return
        self.count = len(events)
        text = Text()
        for i, event in enumerate(events[-MAX_LINES:]):
            if i:
                text.append("\n")
            line = event.text
            if event.kind == "start" and not self.show_seed:
                line = SEED.sub("", line)
            text.append(
                f"{self.glyphs.get(event.kind, '·')} {line}", style=STYLE.get(event.kind, "")
            )
        self.query_one("#log-text", Static).update(text)
        if self.anchored:
            self.anchor()
        else:
            self.scroll_end(animate=False)
        self.call_after_refresh(self._redraw_scrollbar)

    def on_resize(self) -> None:
        self.call_after_refresh(self._redraw_scrollbar)

    def _redraw_scrollbar(self) -> None:
        """Draw the thumb again from the settled sizes: Textual may keep one drawn from an
        earlier layout, and a table-kit screen no longer repaints everything on a focus move."""
        if self.is_attached and self.show_vertical_scrollbar:
            self.vertical_scrollbar.refresh()
