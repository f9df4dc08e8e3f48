"""Small modal screens: quit confirmation, reveal, game over (help is in help.py)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from .base import BaseModal


class ConfirmQuit(BaseModal):
    BINDINGS = [
        Binding("y", "answer(True)", "Quit"),
        Binding("n,escape", "answer(False)", "Stay"),
    ]

    def __init__(self, detail: str = "The game is autosaved: `tabletop-tui resume` continues it."):
        super().__init__()
        self.detail = detail

    @classmethod
    def for_game(cls, autosave_error: str | None) -> ConfirmQuit:
        """Never promise an autosave that is failing: say what quitting now would lose."""
        if autosave_error is None:
            return cls()
        return cls(
            f"The autosave is failing ({autosave_error}): quitting now loses the moves since "
            "the last good save. Press n, then s to save a copy first."
        )

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="dialog"):
            yield Static(Text("Quit the game?", style="bold"))
            yield Static(self.detail)
            with Horizontal(classes="buttons"):
                yield Button("Yes, quit (y)", id="yes", variant="error")
                yield Button("No, stay (n)", id="no", variant="primary")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class RevealScreen(BaseModal):
    """All secret choices turned face up at once, with the dice that followed."""

    BINDINGS = [Binding("enter,space,escape", "close", "Continue")]

    def __init__(self, title: str, body, auto_close: float | None = None):
        super().__init__()
        self.title_text = title
        self.body = body
        self.auto_close = auto_close

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="dialog reveal"):
            yield Static(Text(self.title_text, style="bold"), classes="dialog-title")
            yield Static(self.body, id="reveal-body")
            yield Static(Text("Enter or click: continue", style="dim"))

    def on_mount(self) -> None:
        if self.auto_close is not None:
            if self.auto_close > 0:
                self.set_timer(self.auto_close, self.action_close)
            else:
                self.call_after_refresh(self.action_close)

    def action_close(self) -> None:
        if self.is_attached and self.app.screen is self:
            self.dismiss(None)

    def on_click(self) -> None:
        self.action_close()


class GameOverScreen(BaseModal):
    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("l", "choose('launcher')", "Launcher"),
        Binding("v", "choose('view')", "View board"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, headline: str, summary):
        super().__init__()
        self.headline = headline
        self.summary = summary

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="dialog gameover"):
            yield Static(Text(f"★ {self.headline} ★", style="bold"), id="gameover-headline")
            yield Static(self.summary, id="gameover-summary")
            with Horizontal(classes="buttons"):
                yield Button("New (n)", id="new", variant="primary")
                yield Button("Board (v)", id="view")
                yield Button("Menu (l)", id="launcher")
                yield Button("Quit (q)", id="quit", variant="error")

    def action_choose(self, what: str) -> None:
        self.dismiss(what)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "view")
