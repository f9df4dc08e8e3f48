"""A face-down pile shown by its count (deck, discard, squad pile)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class PileView(Static):
    DEFAULT_CSS = "PileView { height: auto; width: auto; padding: 0 1; }"

    def show(self, label: str, count: int, glyph: str = "▤") -> None:
        if getattr(self, "_last", None) == (label, count, glyph):
            return
        self._last = (label, count, glyph)
        bars = "▮" * min(count, 10) + ("+" if count > 10 else "")
        self.update(
            Text.assemble((f"{glyph} {label} ", "bold"), (f"{count:>2} ", "bold"), (bars, ""))
        )
