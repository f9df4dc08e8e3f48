"""The 3x3 combat grid (Heroes of the Grid, Mastermind Mode): cards, the combat marker, and a
cursor for placing the next card; a member of the table kit, so the cursor is a focus the
inspector follows (`Cursor`) and Enter on a card's space can open that card's moves.

The widget only draws what it is given and reports where the player wants to place: it
posts `CombatGrid.Chosen(row, col)` on Enter or a click, and the screen turns that into an
Action for the rules to check. Adjacency (orthogonal neighbours, no gap) is drawn as links
between filled cells, so GUARD's protection can be read off the grid.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

SIZE = 3


@dataclass(frozen=True)
class GridCard:
    name: str
    health: int = 0
    hits: int = 0
    keywords: tuple[str, ...] = ()
    defeated: bool = False
    resolved: bool = False


def neighbours(row: int, col: int) -> list[tuple[int, int]]:
    """Orthogonal neighbours inside the grid."""
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            out.append((r, c))
    return out


def render_grid(
    cards: dict[tuple[int, int], GridCard],
    marker: tuple[int, int] | None = None,
    cursor: tuple[int, int] | None = None,
    legal: frozenset[tuple[int, int]] = frozenset(),
    cell_width: int = 18,
) -> Text:
    """Three rows of three cells, two lines each, with links between adjacent cards.

    Marks: ◉ the combat marker, ▸ ◂ the cursor, + a legal empty space, ✝ defeated,
    ✔ resolved. Links: ─ and │ join orthogonal neighbours that both hold a card."""
    width = max(8, cell_width)
    out = Text()
    for r in range(SIZE):
        for line in range(2):
            for c in range(SIZE):
                here = (r, c)
                card = cards.get(here)
                left, right = ("▸", "◂") if here == cursor else (" ", " ")
                if line == 0:
                    if card is None:
                        body = Text("+ empty" if here in legal else "· empty", style="dim")
                    else:
                        mark = (
                            "◉"
                            if here == marker
                            else "✝"
                            if card.defeated
                            else ("✔" if card.resolved else " ")
                        )
                        body = Text(mark, style="bold")
                        body.append(card.name, style="dim strike" if card.defeated else "bold")
                else:
                    if card is None:
                        body = Text("")
                    else:
                        body = Text(f" ♥{card.health} ⚔{card.hits}")
                        if card.keywords:
                            body.append(
                                " " + " ".join(k[:7].upper() for k in card.keywords), style="italic"
                            )
                body.truncate(width - 2, pad=True)
                style = "reverse" if here == cursor else ""
                out.append(left, style="bold")
                out.append_text(body if not style else Text(body.plain, style=style))
                out.append(right, style="bold")
                if c < SIZE - 1:
                    linked = line == 0 and card is not None and cards.get((r, c + 1)) is not None
                    out.append("─" if linked else " ", style="dim")
            out.append("\n")
        if r < SIZE - 1:
            for c in range(SIZE):
                linked = cards.get((r, c)) is not None and cards.get((r + 1, c)) is not None
                out.append(("│" if linked else " ").center(width), style="dim")
                if c < SIZE - 1:
                    out.append(" ")
            out.append("\n")
    return out


class CombatGrid(Widget, can_focus=True):
    """Arrow keys move the cursor; Enter or a click chooses a space."""

    DEFAULT_CSS = "CombatGrid { height: auto; width: auto; padding: 0 1; }"
    BINDINGS = [
        Binding("up", "move(-1, 0)", "Up", show=False),
        Binding("down", "move(1, 0)", "Down", show=False),
        Binding("left", "move(0, -1)", "Left", show=False),
        Binding("right", "move(0, 1)", "Right", show=False),
        Binding("enter,space", "choose", "Place", show=False),
    ]

    class Chosen(Message):
        def __init__(self, row: int, col: int):
            super().__init__()
            self.row = row
            self.col = col

    class Cursor(Message):
        """The cursor is on a space (focus, arrows, a click): the screen's inspector may read
        the card there, as for any card of the table kit."""

        def __init__(self, row: int, col: int):
            super().__init__()
            self.row = row
            self.col = col

    def __init__(self, cell_width: int = 18, **kwargs):
        super().__init__(**kwargs)
        self.cards: dict[tuple[int, int], GridCard] = {}
        self.marker: tuple[int, int] | None = None
        self.legal: frozenset[tuple[int, int]] = frozenset()
        self.cursor: tuple[int, int] = (1, 1)
        self.cell_width = cell_width

    def show(
        self,
        cards: dict[tuple[int, int], GridCard],
        marker: tuple[int, int] | None = None,
        legal: frozenset[tuple[int, int]] = frozenset(),
    ) -> None:
        self.cards, self.marker, self.legal = dict(cards), marker, frozenset(legal)
        if self.legal and self.cursor not in self.legal:
            self.cursor = min(self.legal)
        self.refresh(layout=True)

    def render(self) -> Text:
        return render_grid(
            self.cards,
            self.marker,
            self.cursor if self.has_focus else None,
            self.legal,
            self.cell_width,
        )

    def get_content_width(self, container, viewport) -> int:
        return SIZE * self.cell_width + SIZE - 1

    def get_content_height(self, container, viewport, width: int) -> int:
        return SIZE * 2 + SIZE - 1

    def on_focus(self) -> None:
        self.refresh()
        self.post_message(self.Cursor(*self.cursor))

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, dr: int, dc: int) -> None:
        r, c = self.cursor
        self.cursor = ((r + dr) % SIZE, (c + dc) % SIZE)
        self.refresh()
        self.post_message(self.Cursor(*self.cursor))

    def action_choose(self) -> None:
        self.post_message(self.Chosen(*self.cursor))

    def on_click(self, event) -> None:
        # each row of cells is 3 lines (2 for the cell, 1 for the links below it)
        col = min(SIZE - 1, max(0, event.x - 1) // (self.cell_width + 1))
        row = min(SIZE - 1, max(0, event.y) // 3)
        self.cursor = (row, col)
        self.refresh()
        self.post_message(self.Cursor(row, col))
        self.post_message(self.Chosen(row, col))
