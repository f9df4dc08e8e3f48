"""The terminal's own cursor kept on the focused card (issue 41), for braille displays.

Textual hides the terminal's cursor and paints its own highlights, so a braille display
or a screen reader that follows the cursor (BRLTTY does by default) has nothing to
follow. With `TABLETOP_TUI_CURSOR=focus` in the environment (the command line's
`--braille-cursor` sets it) the cursor is shown and sits at the start of whatever has the
focus: a card's chip, a button, a field, the highlighted row of a move list or a menu.

Two public doors of Textual do it, no private call and no extra work per key:

- `App.cursor_position` is where Textual puts the terminal's cursor after it writes each
  frame (it is there for IME pop-ups; Input sets it to its caret). `TabletopApp` makes it
  a property whose value, when the option is on, is read off the focused widget's place
  in that frame's layout (`focus_point`). So it follows the focus however the focus
  moved (the table kit moves it between cards without Textual's focus events) and the
  card however it moved (a layout, a scroll, a resize): a frame written is a frame read.
- `App.get_driver_class`: the driver Textual picks is given one more step when it starts
  (and again when it comes back from a suspend): after hiding the cursor, as every
  Textual driver does, it shows it (`showing_driver`).

Off (the default) the property gives back what was set, as Textual's plain attribute
would, and the driver is Textual's own: nothing else runs.
"""

from __future__ import annotations

import os
from functools import cache

from textual.driver import Driver
from textual.errors import NoWidget
from textual.geometry import Offset

from .textual_internals import option_line

#: the environment variable, and the value that turns the cursor on
VARIABLE = "TABLETOP_TUI_CURSOR"
ON = "focus"
#: the terminal's "show the cursor" (DECTCEM set), as Textual's drivers write it at exit
SHOW_CURSOR = "\x1b[?25h"


def wanted(environ: os._Environ[str] | dict[str, str] | None = None) -> bool:
    """The player asked for the cursor on the focus."""
    value = (os.environ if environ is None else environ).get(VARIABLE, "")
    return value.strip().lower() == ON


@cache
def showing_driver(base: type[Driver]) -> type[Driver]:
    """`base` (the driver Textual chose) showing the cursor once it has set the terminal up."""

    class ShowingCursor(base):  # type: ignore[valid-type,misc]
        def start_application_mode(self) -> None:
            super().start_application_mode()
            self.write(SHOW_CURSOR)

    ShowingCursor.__name__ = ShowingCursor.__qualname__ = f"{base.__name__}ShowingCursor"
    return ShowingCursor


def focus_point(app, fallback: Offset) -> Offset:
    """Where the cursor goes in the frame being written: the first cell of the focused
    widget's content (inside a card frame's border: its name, not the frame's corner); in a
    list, of its highlighted row; the first visible cell when that one is scrolled out of
    sight. `fallback` (what a widget set: an Input's caret) when a text field has the focus
    or nothing visible has it."""
    try:
        screen = app.screen
    except Exception:  # (no screen yet, or the app is closing)
        return fallback
    widget = screen.focused
    if widget is None or _has_caret(widget):
        return fallback
    try:
        geometry = screen.find_widget(widget)
    except NoWidget:  # (hidden, or not laid out yet)
        return fallback
    visible = geometry.visible_region
    if not visible:
        return fallback
    content = geometry.region.shrink(widget.styles.gutter)  # (inside a frame's border)
    row = _highlighted_row(widget)
    y = content.y if row is None else content.y + row - int(widget.scroll_offset.y)
    point = Offset(content.x, y)
    return point if visible.contains_point(point) else visible.offset


def _has_caret(widget) -> bool:
    """A text field (Textual's Input, TextArea) puts the cursor on its caret itself, through
    `App.cursor_position`, from its `cursor_screen_offset`."""
    return hasattr(type(widget), "cursor_screen_offset")


def _highlighted_row(widget) -> int | None:
    """The line of a list's highlighted row, counted from the top of its whole content."""
    from textual.widgets import OptionList

    highlighted = getattr(widget, "highlighted", None)
    if not isinstance(highlighted, int):
        return None
    if isinstance(widget, OptionList):
        return option_line(widget, highlighted)
    row = getattr(widget, "highlighted_line", None)  # a list of our own (one line a row)
    return row() if callable(row) else None
