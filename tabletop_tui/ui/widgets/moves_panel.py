"""F2's list of every legal move at a shared table, drawn over the table in the game screen.

As a screen of its own (`screens.lobby.MovesScreen`, still used at a local table) the list
cost a player's app a whole new screen with each move: composed, styled, laid out and
painted in full, and the game screen under it restyled and painted in full again when it
closed, about a third of what a move cost that app and most of the bytes it sent. Here the
panel is part of the game screen, kept between moves: opening it lays out and paints its
own box, closing it repaints what it covered.

While it is open the table's keys are held back (only the list's own keys and Esc reach
anything), the focus stays in the list (an update's focus placement on the table waits: see
`GameScreen.set_focus`), and a click on the table closes it.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

#: the keys the list answers (its own bindings) and Esc; every other key stops at the panel
LIST_KEYS = frozenset({"up", "down", "home", "end", "pageup", "pagedown", "enter", "escape"})
WIDTH = 90


class MovesPanel(Vertical):
    """Every legal move of the seat on screen, one a row; Enter sends the highlighted one.

    `send(index)` sends a move and is True while its answer is on its way: the panel then
    stays up, saying so, until the game screen closes it with the table's answer (so the
    table under it is drawn once, already showing the move)."""

    DEFAULT_CSS = """
    MovesPanel { overlay: screen; position: absolute; display: none; width: 90; max-width: 100%;
                 height: auto; max-height: 100%; background: $surface; border: round $accent;
                 padding: 0 1; }
    MovesPanel #moves-all { height: auto; max-height: 18; border: none; padding: 0;
                            background: $surface; }
    MovesPanel #moves-all:focus { border: none; }
    """
    BINDINGS = [Binding("escape", "close", "Back", show=False)]

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.player = ""
        self.labels: list[str] = []
        self.send: Callable[[int], bool] | None = None
        #: a move was sent from the list and the table has not answered yet
        self.sending = False
        self._return_to = None

    def compose(self) -> ComposeResult:
        yield Static(id="moves-title")
        yield OptionList(id="moves-all")
        yield Static(Text("↑↓ choose · Enter: make the move · Esc: back", style="dim"))

    @property
    def is_open(self) -> bool:
        return bool(self.display)

    def open(self, player: str, labels: list[str], send: Callable[[int], bool]) -> None:
        self.player, self.labels, self.send, self.sending = player, labels, send, False
        self._title(f"Your moves, {player}")
        options = self.query_one("#moves-all", OptionList)
        options.clear_options()
        options.add_options(
            [Option(f"{n}. {label}", id=str(n - 1)) for n, label in enumerate(labels, 1)]
        )
        options.highlighted = 0 if labels else None
        width, _ = self.app.size
        self.styles.offset = (max(0, (width - WIDTH) // 2), 1)
        self._return_to = self.screen.focused
        self.display = True
        options.focus()

    def _title(self, text: str) -> None:
        self.query_one("#moves-title", Static).update(Text(text, style="bold"))

    def choose(self, index: int) -> None:
        """Send the move at `index` (Enter on its row)."""
        if self.sending or self.send is None:
            return
        if self.send(index):
            self.sending = True
            self._title(f"Your moves, {self.player}: sent, waiting for the table…")
        else:
            self.close()  # refused before it left: the game screen says why

    def close(self) -> None:
        if not self.display:
            return
        self.display = False
        self.sending = False
        back = self._return_to
        self._return_to = None
        if back is not None and back.is_attached and back.focusable:
            self.screen.set_focus(back)
        elif self.screen.focused is not None and self in self.screen.focused.ancestors:
            self.screen.set_focus(None)

    def action_close(self) -> None:
        self.close()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.choose(int(event.option.id or 0))

    def on_key(self, event: events.Key) -> None:
        # the table's keys must not act under the list: a key the list does not answer
        # stops here, before Textual looks for the screen's bindings
        if event.key not in LIST_KEYS:
            event.stop()
            event.prevent_default()

    def holds(self, widget) -> bool:
        """Whether the panel is up and `widget` is outside it (the focus stays in the list)."""
        return bool(self.display) and (widget is None or self not in widget.ancestors_with_self)
