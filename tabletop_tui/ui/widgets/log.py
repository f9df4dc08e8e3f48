"""The log of events, newest at the bottom; re-wraps when the terminal is resized.

The panel draws its own lines (Textual's line API) in a box of fixed size: a new event is
wrapped once, added to the lines kept, and only the panel's rows are painted again. The
log used to be a Static inside a scrolling container, and every line added changed that
Static's height, which made Textual lay out the whole screen again: at a shared table, most
of what a pushed move cost each player's app. Only the last `MAX_LINES` events are kept.
"""

from __future__ import annotations

import re

from rich.style import Style as RichStyle
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

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


class LogPanel(ScrollView):
    """The events of the game, one or more wrapped lines each, the newest at the bottom.

    Its size comes from the screen's stylesheet, never from its text, so a new line never
    lays the screen out (only Textual's scrollbar appearing or going does, once)."""

    DEFAULT_CSS = """
    LogPanel { border: round $panel; border-title-align: left; scrollbar-size-vertical: 1;
               overflow-x: hidden; overflow-y: auto; height: 1fr; }
    """

    def __init__(self, glyphs: dict[str, str] | None = None, anchored: bool = False, **kwargs):
        """`glyphs`: a game's own event kinds and their glyphs, added to the common ones.
        `anchored`: a log shorter than its box sits at the bottom, where new lines arrive
        (else at the top)."""
        super().__init__(**kwargs)
        self.anchored = anchored
        self.border_title = "Log"
        self.glyphs = {**GLYPH, **(glyphs or {})}
        #: a random seed stays off screen (the game-over summary names it): set by the screen
        self.show_seed = False
        #: the events shown (the last MAX_LINES), and each one's lines at `_width`
        self._events: list[Event] = []
        self._wrapped: list[list[Strip]] = []
        self._width = 0
        self._style = None
        #: every line, the oldest first
        self._lines: list[Strip] = []
        #: events came while the box had no size (hidden): its lines wait for a size
        self._behind = False

    @property
    def count(self) -> int:
        return len(self._events)

    def text(self) -> str:
        """Every event as shown, one a line (unwrapped): for tests and screen readers."""
        return "\n".join(self._line_text(e).plain for e in self._events)

    def _line_text(self, event: Event) -> Text:
        line = event.text
        if event.kind == "start" and not self.show_seed:
            line = SEED.sub("", line)
        return Text(f"{self.glyphs.get(event.kind, '·')} {line}", style=STYLE.get(event.kind, ""))

    def sync(self, events: list[Event]) -> None:
        """Show exactly the last `MAX_LINES` of `events` (so an undo takes its lines away)."""
        events = events[-MAX_LINES:]
        old = self._events
        same = 0
        for before, after in zip(old, events, strict=False):
            if before is not after and before != after:
                break
            same += 1
        if same == len(old) == len(events):
            return
        if same < len(old) and events and old and len(events) == MAX_LINES:
            # the window slid: find where the kept events start now
            shift = _shift(old, events)
            if shift is not None:
                del old[:shift]
                del self._wrapped[:shift]
                same = len(old)
        self._events = old[:same] + events[same:]
        self._wrapped = self._wrapped[:same]
        if self._width:
            self._wrapped += [self._wrap(e) for e in events[same:]]
        self._settle()

    def _wrap(self, event: Event) -> list[Strip]:
        visual = visualize(self, self._line_text(event), markup=False)
        return Visual.to_strips(self, visual, self._width, None, self.visual_style)

    def _settle(self) -> None:
        """The lines and the scroll range from the events; then the newest line in view."""
        width = self.scrollable_content_region.width
        style = self.visual_style
        self._behind = width <= 0
        if self._behind:  # hidden (a narrow screen's log): settled when shown again
            return
        if width != self._width or style != self._style or len(self._wrapped) != len(self._events):
            self._width, self._style = width, style
            self._wrapped = [self._wrap(e) for e in self._events]
        self._lines = [line for lines in self._wrapped for line in lines]
        size = Size(width, len(self._lines))
        if size != self.virtual_size:
            # (set quietly: the box keeps its size, so nothing else on screen moves)
            self.set_reactive(Widget.virtual_size, size)
            self._scroll_update(size)
            if self.scrollable_content_region.width != width:  # the scrollbar came or went
                self._settle()
                return
        end = self.max_scroll_y
        if self.scroll_y != end:
            self.scroll_to(y=end, animate=False, force=True)
        self.refresh()

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        box = self.scrollable_content_region.size
        changed = super()._size_updated(size, virtual_size, container_size, layout=layout)
        if changed or box != self.scrollable_content_region.size or not self._width or self._behind:
            self._settle()  # (a new width wraps again; a new height keeps the newest in view)
        return changed

    def on_show(self) -> None:
        if self._behind:
            self._settle()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        if self._width and self.visual_style != self._style:  # (new colours: drawn again)
            self._settle()

    def render_line(self, y: int) -> Strip:
        index = y + self.scroll_offset.y
        width, height = self.scrollable_content_region.size
        if self.anchored and len(self._lines) < height:
            index -= height - len(self._lines)
        if 0 <= index < len(self._lines):
            line = self._lines[index]
            return line.crop(0, width) if line.cell_length > width else line
        return Strip.blank(width, RichStyle(bgcolor=self.visual_style.rich_style.bgcolor))


def _shift(old: list[Event], new: list[Event]) -> int | None:
    """How many events fell off the front of `old` for `new` to continue it, if any."""
    first = new[0]
    for shift in range(1, len(old)):
        if old[shift] is first or old[shift] == first:
            rest = old[shift:]
            if all(a is b or a == b for a, b in zip(rest, new, strict=False)):
                return shift
    return None
