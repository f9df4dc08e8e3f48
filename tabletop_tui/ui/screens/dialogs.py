"""Small modal screens: quit confirmation, reveal, game over (help is in help.py)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from ..recap import full_text
from ..seats import seat_tag
from .base import BaseModal, FreshKeys


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


class Notice(FreshKeys, BaseModal):
    """A box read and closed with a key or a click. It closes only while it is the screen
    on top: a timer or a late click must not close the screen under it."""

    def action_close(self) -> None:
        if self.is_attached and self.app.screen is self:
            self.dismiss(None)

    def on_click(self) -> None:
        self.action_close()


class RevealScreen(Notice):
    """All secret choices turned face up at once, with the dice that followed."""

    BINDINGS = [Binding("enter,space,escape", "close", "Continue")]

    def __init__(
        self,
        title: str,
        body,
        auto_close: float | None = None,
        hand_to: int | None = None,
        name: str | None = None,
    ):
        """`hand_to`/`name`: the seat whose private screen comes next (a shared keyboard):
        the key that closes the reveal is the one that passes it the keyboard."""
        super().__init__()
        self.title_text = title
        self.body = body
        self.auto_close = auto_close
        self.hand_to = hand_to
        self.next_name = name

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="dialog reveal"):
            yield Static(Text(self.title_text, style="bold"), classes="dialog-title")
            yield Static(self.body, id="reveal-body")
            yield Static(self._continue_line(), id="reveal-next")

    def _continue_line(self) -> Text:
        if self.hand_to is None or self.next_name is None:
            return Text("Enter or click: continue", style="dim")
        line = Text("Next: ", style="dim")
        line.append(f"{seat_tag(self.hand_to)} {self.next_name}", style="bold")
        line.append(" (everyone else: look away). ", style="dim")
        line.append(f"{self.next_name}: Enter or click to continue.", style="dim")
        return line

    def on_mount(self) -> None:
        if self.auto_close is not None:
            if self.auto_close > 0:
                self.set_timer(self.auto_close, self.action_close)
            else:
                self.call_after_refresh(self.action_close)


class RecapScreen(Notice):
    """What the seat on screen missed since its last move, public lines and its own new
    cards (`ui/recap.py`): shown behind the curtain only, so the private part stays private."""

    BINDINGS = [
        Binding("enter,space,escape,w", "close", "Back to the table"),
        Binding("up,k", "scroll(-1)", show=False),
        Binding("down,j", "scroll(1)", show=False),
    ]

    def __init__(self, recap):
        super().__init__()
        self.recap = recap

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="dialog recap"):
            yield Static(
                Text(f"While you were away, {self.recap.name}", style="bold"),
                classes="dialog-title",
            )
            with VerticalScroll(id="recap-scroll"):
                yield Static(full_text(self.recap), id="recap-body")
            yield Static(Text("Enter or click: back to the table · w: this recap", style="dim"))

    def action_scroll(self, rows: int) -> None:
        self.query_one("#recap-scroll", VerticalScroll).scroll_relative(y=rows, animate=False)


class GameOverScreen(FreshKeys, BaseModal):
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
                # (clicks or their own keys only: Enter, still pressed from the last round,
                # must not start a new game)
                for label, ident, variant in (
                    ("New (n)", "new", "primary"),
                    ("Board (v)", "view", "default"),
                    ("Menu (l)", "launcher", "default"),
                    ("Quit (q)", "quit", "error"),
                ):
                    button = Button(label, id=ident, variant=variant)
                    button.can_focus = False
                    yield button

    def action_choose(self, what: str) -> None:
        self.dismiss(what)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "view")
