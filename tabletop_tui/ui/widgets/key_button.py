"""A one-line button for a game table: a label that runs one of its screen's actions.

Textual's Button carries a stylesheet of some 7 KB (variants, borders, states) that a screen
using one parses before its first frame; a table needs only a focusable label whose click or
Enter does what its key does, and whose label names that key.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.widgets import Static


class KeyButton(Static, can_focus=True):
    DEFAULT_CSS = """
    KeyButton {
        width: auto; min-width: 14; height: 1;
        text-style: bold; text-align: center; background: $surface;
    }
    KeyButton:hover { background: $surface-darken-1; }
    KeyButton:focus { text-style: bold reverse; }
    KeyButton:disabled { text-opacity: 0.6; }
    """
    BINDINGS = [Binding("enter,space", "press", "Press", show=False)]

    def __init__(self, label: str, action: str, *, id: str | None = None):
        """`action`: the screen's action it runs, as its key would (e.g. "place_rest")."""
        super().__init__(f" {label} ", id=id)  # (its margins inside: one style, one run)
        self.action_name = action

    async def action_press(self) -> None:
        if not self.disabled:
            await self.run_action(f"screen.{self.action_name}")

    async def _on_click(self, event: events.Click) -> None:
        event.stop()
        await self.action_press()
