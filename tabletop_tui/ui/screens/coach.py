"""The coach's advice over the table: one or two lines at the bottom, the table still in view.

Enter plays the suggested move; any other key (or a click) dismisses it. The suggested
card keeps the focus highlight on the table underneath (ui/game_screen.py placed it), and
the inspector beside it reads that card.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.events import Click, Key
from textual.widgets import Static

from .base import BaseModal, FreshKeys


class CoachScreen(FreshKeys, BaseModal):
    """The advice; dismissed with True (play it) or False."""

    DEFAULT_CSS = """
    CoachScreen > #coach-advice {
        width: 100%; height: auto; max-height: 6; padding: 0 1; margin: 1 0;
        background: $panel; border: round $accent;
    }
    """

    def __init__(self, text: str, level: str = "hard", top: bool = False, grade=None) -> None:
        """`top`: the box goes at the top of the screen (the suggested card is low on it),
        else at the bottom: it never covers the card it is about. `grade`: what `g` says
        (the player's last move measured against the coach's pick), asked only then."""
        super().__init__()
        self.text = text
        self.level = level
        self.top = top
        self.grade = grade
        self.graded = ""
        # (inline: the app's stylesheet centres every dialog, and the table shows through)
        self.styles.align = ("center", "top" if top else "bottom")
        self.styles.background = "transparent"

    def body(self) -> Text:
        body = Text("✦ Coach: ", style="bold")
        body.append(self.text)
        if self.graded:
            body.append(f"\nYour last move: {self.graded}")
        keys = "Enter: play it · g: your last move · any other key: dismiss"
        if self.grade is None or self.graded:
            keys = "Enter: play it · any other key: dismiss"
        body.append(f"\n{keys}", style="dim")
        return body

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        advice = Static(self.body(), id="coach-advice")
        advice.border_title = f"the {self.level} bot's move"
        yield advice

    def on_key(self, event: Key) -> None:
        event.stop()
        event.prevent_default()
        if event.key == "g" and self.grade is not None and not self.graded:
            self.graded = self.grade()
            self.query_one("#coach-advice", Static).update(self.body())
            return
        self.dismiss(event.key == "enter")

    def on_click(self, event: Click) -> None:
        event.stop()
        self.dismiss(False)
