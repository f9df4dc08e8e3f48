"""A value with its maximum, drawn as a bar plus numbers (HP, Energy, characters left)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from .quiet import update_static


class TrackerView(Static):
    DEFAULT_CSS = "TrackerView { height: 1; width: auto; padding: 0 1; }"

    def show(self, label: str, value: int, maximum: int, width: int = 10) -> None:
        if getattr(self, "_last", None) == (label, value, maximum, width):
            return
        self._last = (label, value, maximum, width)
        filled = max(0, min(width, round(width * value / maximum))) if maximum else 0
        update_static(
            self,
            Text.assemble(
                (f"{label} ", "bold"),
                ("█" * filled, "green"),
                ("░" * (width - filled), "dim"),
                (f" {value}/{maximum}", "bold"),
            ),
        )
