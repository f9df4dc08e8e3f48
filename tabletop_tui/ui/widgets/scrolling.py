"""Scrolling widgets whose scrollbars follow a layout in the frame that layout draws.

Textual sizes a scrolling widget during a layout, then asks for its scrollbars to be
redrawn: that request lands after the layout's frame, so a second frame follows about
1/60 s later. A list of options gets this after every layout of its screen, changed or
not (it keeps its own scrollable size, which never equals the one the layout computes).
On a table where a focus move lays out the inspector, that was two frames per key.
These hooks are Textual's private ones: see ui/textual_internals.py, `scrollbars_now`.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList

from ..textual_internals import clear_caches, draw_scrollbars_now


class MoveList(OptionList):
    """The move panel of a table: an OptionList whose scrollbar never costs a frame alone,
    moved by j/k as well as the arrows (like the cards around it)."""

    BINDINGS = [
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
    ]
    _measured_width: int | None = None  # the rows' width at the last paint

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        changed = super()._size_updated(size, virtual_size, container_size, layout=layout)
        draw_scrollbars_now(self)
        return changed

    def render_lines(self, crop):
        """Measure the options again when the rows' width changed without the widget's size
        (a scrollbar came or went): the list wraps each option to the width it had when the
        option was added, and a row cut by the scrollbar lost its last line."""
        width = self.scrollable_content_region.width
        if self._measured_width is not None and width != self._measured_width:
            clear_caches(self)
        self._measured_width = width
        return super().render_lines(crop)
