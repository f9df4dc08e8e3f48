"""The move panel of a table: an OptionList moved by j/k too, its options wrapped to the width
left beside its scrollbar.

(It used to draw its scrollbars in the layout's own frame through Textual's private hooks,
saving a second frame ~1/60 s later; measured with benchmarks/run.py and
tables_redraw_bench.py in Dec 2026 that was below their noise, so it was dropped: see
ui/textual_internals.py.)
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList

from ..textual_internals import clear_caches


class MoveList(OptionList):
    """The move panel of a table, moved by j/k as well as the arrows (like the cards
    around it)."""

    BINDINGS = [
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
    ]
    _measured_width: int | None = None  # the rows' width at the last paint

    def render_lines(self, crop):
        """Measure the options again when the rows' width changed without the widget's size
        (a scrollbar came or went): the list wraps each option to the width it had when the
        option was added, and a row cut by the scrollbar lost its last line."""
        width = self.scrollable_content_region.width
        if self._measured_width is not None and width != self._measured_width:
            clear_caches(self)
        self._measured_width = width
        return super().render_lines(crop)
