"""The guided first game's hint line: one hint at a time, above the footer."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

#: the most lines of hint text the bar shows (its height less its rule); nothing scrolls it
HINT_LINES = 5


def hint_body(label: str, text: str) -> Text:
    """The bar's text: the label, the hint, the note about `?`."""
    body = Text()
    body.append(f"💡 {label} ", style="bold")
    body.append(text)
    body.append("  (? rules for this step)", style="dim")
    return body


class HintBar(Static):
    DEFAULT_CSS = """
    HintBar { dock: bottom; height: auto; max-height: 6; padding: 0 1; border-top: solid $accent;
              background: $boost; margin-bottom: 1; }
    """
    # (margin-bottom: the footer, docked at the bottom too, lies over the bar's last line
    # otherwise; every game screen has a footer)

    def show_hint(self, label: str, text: str) -> None:
        self.update(hint_body(label, text))
