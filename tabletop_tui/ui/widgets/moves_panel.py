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
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widgets import Static

from .quiet import update_static

#: the keys the list answers (its own bindings) and Esc; every other key stops at the panel
LIST_KEYS = frozenset({"up", "down", "home", "end", "pageup", "pagedown", "enter", "escape"})
WIDTH = 90


class MoveRows(ScrollView, can_focus=True):
    """The panel's rows, drawn here (Textual's line API): a new list is one layout of the
    panel's box when it opens, a highlight move repaints two rows. (Textual's OptionList
    measured its lines during the paint that followed, and laid the screen out again.)"""

    DEFAULT_CSS = """
    MoveRows { height: auto; max-height: 18; overflow-x: hidden; overflow-y: auto;
               scrollbar-size-vertical: 1; }
    MoveRows > .move-rows--highlight { background: $block-cursor-background;
                                       color: $block-cursor-foreground; text-style: bold; }
    """
    COMPONENT_CLASSES = {"move-rows--highlight"}
    BINDINGS = [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "to(0)", show=False),
        Binding("end", "to(-1)", show=False),
        Binding("enter", "select", show=False),
    ]

    class Selected(Message):
        def __init__(self, index: int):
            super().__init__()
            self.index = index

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.rows: list[Text] = []
        self.highlighted = 0
        #: (row, highlighted, width, style) -> its line as drawn
        self._drawn: dict[tuple, Strip] = {}

    def set_rows(self, rows: list[Text]) -> None:
        self.rows, self.highlighted, self._drawn = rows, 0, {}
        self.virtual_size = Size(self.scrollable_content_region.width, len(rows))
        self.scroll_to(y=0, animate=False, force=True)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        index = y + self.scroll_offset.y
        width = self.scrollable_content_region.width
        if not 0 <= index < len(self.rows) or width <= 0:
            return Strip.blank(width, self.visual_style.rich_style)
        lit = index == self.highlighted
        style = self.get_visual_style("move-rows--highlight") if lit else self.visual_style
        key = (index, lit, width, style)
        line = self._drawn.get(key)
        if line is None:
            text = self.rows[index].copy()
            text.no_wrap, text.overflow = True, "ellipsis"
            text.truncate(width, overflow="ellipsis", pad=True)
            visual = visualize(self, text, markup=False)
            line = Visual.to_strips(self, visual, width, 1, style)[0]
            self._drawn[key] = line
        return line

    def highlighted_line(self) -> int:
        """The highlighted row's line in the whole list (a row is a line): where the
        braille cursor goes (ui/cursor.py)."""
        return self.highlighted

    def _light(self, index: int) -> None:
        if not self.rows:
            return
        index = max(0, min(index, len(self.rows) - 1))
        before, self.highlighted = self.highlighted, index
        top, height = self.scroll_offset.y, self.scrollable_content_region.height
        if index < top or index >= top + height:
            self.scroll_to(y=index if index < top else index - height + 1, animate=False)
        else:
            for row in {before, index}:
                if top <= row < top + height:
                    self.refresh(Region(0, row - top, self.size.width, 1))

    def action_move(self, step: int) -> None:
        self._light(self.highlighted + step)

    def action_page(self, step: int) -> None:
        self._light(self.highlighted + step * max(1, self.scrollable_content_region.height))

    def action_to(self, index: int) -> None:
        self._light(index if index >= 0 else len(self.rows) - 1)

    def action_select(self) -> None:
        if self.rows:
            self.post_message(self.Selected(self.highlighted))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and 0 <= offset.y + self.scroll_offset.y < len(self.rows):
            self._light(offset.y + self.scroll_offset.y)
            self.action_select()


class MovesPanel(Vertical):
    """Every legal move of the seat on screen, one a row; Enter sends the highlighted one.

    `send(index)` sends a move and is True while its answer is on its way: the panel then
    stays up, saying so, until the game screen closes it with the table's answer (so the
    table under it is drawn once, already showing the move)."""

    DEFAULT_CSS = """
    MovesPanel { overlay: screen; position: absolute; display: none; width: 90; max-width: 100%;
                 height: auto; max-height: 100%; background: $surface; border: round $accent;
                 padding: 0 1; }
    MovesPanel #moves-title { width: 100%; height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    MovesPanel #moves-all { background: $surface; }
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
        yield MoveRows(id="moves-all")
        yield Static(Text("↑↓ choose · Enter: make the move · Esc: back", style="dim"))

    @property
    def is_open(self) -> bool:
        return bool(self.display)

    def open(self, player: str, labels: list[str], send: Callable[[int], bool]) -> None:
        self.player, self.labels, self.send, self.sending = player, labels, send, False
        self._title(f"Your moves, {player}")
        options = self.query_one("#moves-all", MoveRows)
        options.set_rows([Text(f"{n}. {label}") for n, label in enumerate(labels, 1)])
        width, _ = self.app.size
        self.styles.offset = (max(0, (width - WIDTH) // 2), 1)
        self._return_to = self.screen.focused
        self.display = True
        options.focus()

    def _title(self, text: str) -> None:
        # (a box of fixed width: a new title repaints the row, laying nothing out)
        update_static(self.query_one("#moves-title", Static), Text(text, style="bold"))

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

    def on_move_rows_selected(self, event: MoveRows.Selected) -> None:
        event.stop()
        self.choose(event.index)

    def on_key(self, event: events.Key) -> None:
        # the table's keys must not act under the list: a key the list does not answer
        # stops here, before Textual looks for the screen's bindings
        if event.key not in LIST_KEYS:
            event.stop()
            event.prevent_default()

    def holds(self, widget) -> bool:
        """Whether the panel is up and `widget` is outside it (the focus stays in the list)."""
        return bool(self.display) and (widget is None or self not in widget.ancestors_with_self)
