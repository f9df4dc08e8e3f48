"""A list of every legal move, for games with many kinds of move (Zeo, Heroes of the Grid).

The list is built from `match.legal_actions`, so it can only ever hold legal moves. Letter
keys narrow it to one kind of move, number keys make a numbered one, Enter or a click makes
the highlighted one. A screen mixes `MoveList` in and says how to label an action; the
move area below its table (prompt, hand strip, list, card, log) is built and styled here
(`.moves-*` in app.tcss), with ids prefixed by the screen's `PREFIX`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from .widgets import CardView, LogPanel


@dataclass(frozen=True)
class Entry:
    label: Text
    action: object
    #: what to show while the entry is highlighted (a game's own card face), or None
    card: object | None = None


class MoveList:
    """Mixin for a GameScreen with an OptionList of moves (`#<PREFIX>-list`)."""

    #: the screen's id prefix: "#<PREFIX>-list", "#<PREFIX>-card", ...
    PREFIX = "moves"
    #: the key to the marks, shown under the list when no card is highlighted (80x24)
    LEGEND = ""
    #: what the card box says when the highlighted move has no card
    NO_CARD = "highlight a move to read its card"
    #: filter name -> (label, action classes it shows)
    FILTERS: dict[str, tuple[str, tuple[type, ...]]] = {}
    #: modes in which the seat on screen may act (the list is empty otherwise)
    ACTING_MODES: tuple[str, ...] = ()

    filter: str = ""
    _entries: list[Entry]
    _list_key: tuple

    @property
    def LIST_ID(self) -> str:  # noqa: N802 - reads like the constant it replaces
        return f"#{self.PREFIX}-list"

    def compose_moves(self, glyphs: dict[str, str]) -> ComposeResult:
        """The move area: prompt, hand strip (80x24), list, card and hand, log, footer."""
        p = self.PREFIX
        yield Static(id=f"{p}-prompt", classes="moves-prompt")
        yield Static(id=f"{p}-handline", classes="moves-handline")
        with Horizontal(id=f"{p}-controls", classes="moves-controls"):
            yield OptionList(id=f"{p}-list", classes="moves-list")
            with Vertical(id=f"{p}-middle", classes="moves-middle"):
                yield CardView(id=f"{p}-card", classes="moves-card")
                yield Static(id=f"{p}-hand", classes="moves-hand")
            yield LogPanel(glyphs=glyphs, id=f"{p}-log", classes="moves-log")
        yield Static(id=f"{p}-detail", classes="moves-detail")
        yield Static(id=f"{p}-message", classes="moves-message")
        yield Footer()

    def show_hand(self, hand: Text) -> None:
        """The hand beside the card box, or in the strip above the list at 80x24."""
        where = "handline" if self.compact else "hand"  # type: ignore[attr-defined]
        self.put(f"#{self.PREFIX}-{where}", hand)  # type: ignore[attr-defined]

    def sync_log(self) -> None:
        self.query_one(f"#{self.PREFIX}-log", LogPanel).sync(  # type: ignore[attr-defined]
            list(self.match.log_lines())  # type: ignore[attr-defined]
        )

    def entry_face(self, card):  # pragma: no cover - abstract
        """The highlighted card in the collection's card look (a CardFace)."""
        raise NotImplementedError

    def entry_line(self, card) -> Text:  # pragma: no cover - abstract
        """The highlighted card as one line of text (80x24)."""
        raise NotImplementedError

    def init_moves(self) -> None:
        self.filter = ""
        self._entries = []
        self._list_key = ()

    # -- for the screen ------------------------------------------------------------------------
    def entry(self, view, seat: int, action) -> Entry:  # pragma: no cover - abstract
        raise NotImplementedError

    def moves_title(self) -> str:
        return "Moves"

    def order(self, action) -> int:
        """Where a kind of move goes in the list (stable within a kind)."""
        return 0

    def show_entry(self, entry: Entry | None) -> None:
        """Show the highlighted entry's card (or the key to the marks when there is none)."""
        card = entry.card if entry else None
        box = self.query_one(f"#{self.PREFIX}-card", CardView)  # type: ignore[attr-defined]
        detail = f"#{self.PREFIX}-detail"
        if card is None:
            box.show(None, self.NO_CARD)
            self.put(detail, Text(self.LEGEND, style="dim"))  # type: ignore[attr-defined]
            return
        box.show(self.entry_face(card))
        self.put(detail, self.entry_line(card))  # type: ignore[attr-defined]

    def legal_now(self) -> list:
        seat = self.session.on_screen  # type: ignore[attr-defined]
        if seat is None or self.mode not in self.ACTING_MODES or self.waiting:  # type: ignore[attr-defined]
            return []
        return self.match.legal_actions(seat)  # type: ignore[attr-defined]

    def show_moves(self, view, seat: int | None, empty: str) -> None:
        options = self.query_one(self.LIST_ID, OptionList)  # type: ignore[attr-defined]
        options.display = seat is not None
        legal = self.legal_now()
        if self.filter:
            legal = [a for a in legal if isinstance(a, self.FILTERS[self.filter][1])]
        legal = sorted(legal, key=self.order)
        entries = [self.entry(view, seat, a) for a in legal] if seat is not None else []
        key = (tuple(e.label.plain for e in entries), self.filter, self.mode)  # type: ignore[attr-defined]
        if key != self._list_key:
            self._list_key = key
            keep = options.highlighted
            self._entries = entries
            options.clear_options()
            rows = []
            for n, e in enumerate(entries):
                label = Text(f"{n + 1} " if n < 9 else "  ", style="dim")
                label.append_text(e.label)
                rows.append(Option(label, id=str(n)))
            if not rows:
                if self.filter:
                    empty = f"No {self.FILTERS[self.filter][0]} move is legal now (Esc: all)."
                rows.append(Option(Text(empty, style="dim"), id="none", disabled=True))
            options.add_options(rows)
            if entries:
                options.highlighted = keep if keep is not None and keep < len(entries) else 0
        title = self.moves_title()
        if self.filter:
            title += f" · {self.FILTERS[self.filter][0]} only (Esc: all)"
        options.border_title = title
        if entries and not self.waiting and self.app.screen is self:  # type: ignore[attr-defined]
            options.focus()
        self.show_entry(self.highlighted_entry())

    def highlighted_entry(self) -> Entry | None:
        options = self.query_one(self.LIST_ID, OptionList)  # type: ignore[attr-defined]
        n = options.highlighted
        if n is None or n >= len(self._entries):
            return None
        return self._entries[n]

    def layout_changed(self) -> None:
        self._list_key = ()

    def refresh_moves(self) -> None:
        self._list_key = ()
        self.redraw()  # type: ignore[attr-defined]

    def run_entry(self, n: int) -> bool:
        if not 0 <= n < len(self._entries):
            return False
        entry = self._entries[n]
        self.filter = ""
        if not self.submit(entry.action):  # type: ignore[attr-defined]
            self.refresh_moves()
            return False
        return True

    # -- keys and clicks -----------------------------------------------------------------------
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_entry(self.highlighted_entry())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id and event.option.id.isdigit():
            self.run_entry(int(event.option.id))

    def action_pick(self, n: int) -> None:
        self.run_entry(n - 1)

    def action_cursor(self, step: int) -> None:
        options = self.query_one(self.LIST_ID, OptionList)  # type: ignore[attr-defined]
        (options.action_cursor_down if step > 0 else options.action_cursor_up)()

    def action_only(self, kind: str) -> None:
        self.filter = kind
        self.message = ""  # type: ignore[attr-defined]
        self.refresh_moves()

    def submit_first(self, kinds: tuple[type, ...], fallback) -> bool:
        """Make the first legal move of these kinds, or submit `fallback` for the rules' reason."""
        for action in self.legal_now():
            if isinstance(action, kinds):
                self.filter = ""
                return self.submit(action)  # type: ignore[attr-defined]
        return self.submit(fallback)  # type: ignore[attr-defined]
