"""The full-screen curtain that hides one seat's secrets while the keyboard passes."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.widgets import Static

from ..seats import seat_tag
from .base import BaseScreen


class CurtainScreen(BaseScreen):
    BINDINGS = [
        Binding("enter,space", "go", "I am NAME", show=False),
        Binding("u", "take_back", "Take back", show=False),
        # Quitting must not mean revealing the next player's screen first: ask here.
        Binding("q,ctrl+c", "quit_game", "Quit", show=False, priority=True),
    ]

    def __init__(
        self,
        name: str,
        seat: int,
        note: str = "",
        autosave_error: str | None = None,
        recap: Text | None = None,
        take_back: str | None = None,
        unsaved: str | None = None,
        tag: str | None = None,
    ):
        """`recap`: the public lines since this seat's last move (everyone may read them;
        the seat's own new cards wait behind the curtain). `take_back`: the name of the
        player who just moved, when that move can still be undone (nothing was revealed):
        `u` here takes it back, so a slip of the key needs no question before every move.
        `unsaved`: why nothing is saved yet (a curtain before the game has started, such as
        sealed play's building), said instead of promising an autosave. `tag`: the seat's mark
        as its game's table shows it (Zeo's ▼V1), else the usual glyph and number."""
        super().__init__(classes=f"seat-{seat}")
        self.player = name
        self.seat = seat
        self.note = note
        self.autosave_error = autosave_error
        self.recap = recap
        self.take_back = take_back
        self.unsaved = unsaved
        self.tag = tag if tag is not None else seat_tag(seat)

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Middle(id="curtain-body"), Center():
            text = Text(justify="center")
            if self.note:
                text.append(self.note + "\n\n", style="italic")
            if self.recap is not None and self.recap.plain.strip():
                yield Static(
                    Text.assemble((f"While {self.player} was away:\n", "bold"), self.recap.copy()),
                    id="curtain-recap",
                )
            text.append(
                f"{self.tag}  Pass to {self.player}  {self.tag}\n\n",
                style="bold",
            )
            text.append("Everyone else: look away.\n")
            text.append(f"{self.player}: press Enter or click to continue.\n", style="dim")
            if self.take_back is not None:
                text.append(f"{self.take_back}: u takes your move back.\n", style="dim")
            if self.unsaved is not None:
                text.append("q: quit (nothing is saved yet)", style="dim")
            elif self.autosave_error is None:
                text.append("q: quit (the game is autosaved)", style="dim")
            else:
                text.append("q: quit (the autosave is failing: see the warning)", style="dim")
            yield Static(text, id="curtain-text")

    def action_go(self) -> None:
        self.dismiss(None)

    def action_take_back(self) -> None:
        if self.take_back is not None:
            self.dismiss("take back")

    def on_click(self) -> None:
        self.dismiss(None)

    def action_quit_game(self) -> None:
        from .dialogs import ConfirmQuit

        def done(yes: bool | None) -> None:
            if yes:
                self.app.leave_game()  # type: ignore[attr-defined]

        if self.unsaved is not None:
            confirm = ConfirmQuit(f"Nothing is saved yet: {self.unsaved}")
        else:
            confirm = ConfirmQuit.for_game(self.autosave_error)
        self.app.push_screen(confirm, done)
