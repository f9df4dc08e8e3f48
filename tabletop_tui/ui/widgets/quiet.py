"""Content changes that skip Textual's layout when nothing moves.

A Static's `update` asks for a layout by default, and one layout anywhere makes the screen
arrange every widget again (about a hundred on a game table): most of what a pushed table
update cost. A new text that measures the same as the old one (same width where the widget
sizes itself to its text, same number of lines where its height does) cannot move anything,
so it only needs repainting.
"""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Static


def _auto(scalar) -> bool:
    return scalar is not None and scalar.is_auto


def same_size(widget: Widget, before, after) -> bool:
    """Whether visuals `before` and `after` give `widget` the same box."""
    styles = widget.styles
    if _auto(styles.width):
        room = widget.container_size.width
        if before.get_optimal_width(styles, room) != after.get_optimal_width(styles, room):
            return False
    if _auto(styles.height):
        width = widget.size.width
        if before.get_height(styles, width) != after.get_height(styles, width):
            return False
    return True


def update_static(static: Static, content) -> None:
    """Show `content` in `static`, laying the screen out again only if its size changes."""
    if not static.is_mounted or not static.size:  # never laid out: the normal way
        static.update(content)
        return
    before = static.visual
    static.update(content, layout=False)
    if not same_size(static, before, static.visual):
        static.refresh(layout=True)


def set_border_labels(widget: Widget, **labels) -> None:
    """Set `border_title` and/or `border_subtitle` (given by name) only when they change:
    Textual repaints the widget on every assignment, so a redraw that set the same label
    again repainted it though nothing in its slice of the View had changed (issue 36)."""
    shown: dict = widget.__dict__.setdefault("_shown_border_labels", {})
    for name, value in labels.items():
        if name not in shown or shown[name] != value:
            shown[name] = value
            setattr(widget, name, value)
