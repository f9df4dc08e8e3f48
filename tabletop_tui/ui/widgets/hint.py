"""The guided first game's hint line: one hint at a time, above the footer."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class HintBar(Static):
    DEFAULT_CSS = """
    HintBar { dock: bottom; height: auto; max-height: 6; padding: 0 1; border-top: solid $accent;
              background: $boost; margin-bottom: 1; }
    """
    # (margin-bottom: the Footer docks at the bottom too, over the hint's last line)

    def show_hint(self, label: str, text: str) -> None:
        body = Text()
        body.append(f"💡 {label} ", style="bold")
        body.append(text)
        body.append("  (? rules for this step)", style="dim")
        self.update(body)
