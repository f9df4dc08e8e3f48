"""Actions from a card: Enter or a click offers that card's legal moves as a short menu.

Each entry keeps one key while it is shown (`StableKeys`), so a number or letter read a
moment ago still means the same move. A move that throws away something of value, or
commits a secret choice, carries a `confirm` question and is asked once. With no legal
move the menu says why (the Rules' Rejection).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Click, Key
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..screens.base import BackModal

#: keys handed out in order to moves that bring no key of their own
KEY_POOL = "123456789"
#: the most moves any top-level list offers at once (issue 20: "about 15"); choices of X,
#: target, slot or copy are follow-up prompts, so a card is listed once
MOVE_LIST_CAP = 15


@dataclass(frozen=True)
class MenuEntry:
    label: Text | str
    action: object
    #: a stable identity of the move (for its key); defaults to the label
    ident: str = ""
    #: a key the game wants for it (a mnemonic letter); else one from KEY_POOL
    key: str = ""
    #: asked before the move is made ("Discard it? It is worth 2 Energy"), "" for none
    confirm: str = ""

    @property
    def identity(self) -> str:
        return self.ident or (self.label.plain if isinstance(self.label, Text) else self.label)


class StableKeys:
    """Keys that never move under the player's fingers.

    A move keeps its key for as long as it is offered; new moves get the lowest free
    key; keys of moves gone are freed only then.
    """

    def __init__(self, pool: str = KEY_POOL):
        self.pool = pool
        self.keys: dict[str, str] = {}

    def assign(self, idents: Iterable[str], wanted: dict[str, str] | None = None) -> dict[str, str]:
        idents = list(idents)
        wanted = wanted or {}
        self.keys = {i: k for i, k in self.keys.items() if i in idents}
        taken = set(self.keys.values())
        for ident in idents:
            if ident in self.keys:
                continue
            key = wanted.get(ident, "")
            if not key or key in taken:
                key = next((k for k in self.pool if k not in taken), "")
            if key:
                self.keys[ident] = key
                taken.add(key)
        return {i: self.keys[i] for i in idents if i in self.keys}


class CardMenu(BackModal):
    """A card's legal moves; dismisses with the chosen Action, or None."""

    DEFAULT_CSS = """
    CardMenu { align: center middle; }
    CardMenu > .card-menu { width: 64; max-width: 100%; height: auto; max-height: 100%;
                            padding: 0 1; border: thick $accent; background: $surface; }
    CardMenu OptionList { height: auto; max-height: 16; border: none; }
    CardMenu .card-menu-note { height: auto; margin-top: 1; }
    """

    def __init__(
        self,
        title: str,
        entries: Sequence[MenuEntry],
        reason: str = "",
        keys: StableKeys | None = None,
        ask: bool = False,
    ):
        """`ask`: a single move that only needs its confirming key (open on the question)."""
        super().__init__()
        self.ask = ask
        self.title_text = title
        self.entries = list(entries)
        self.reason = reason
        wanted = {e.identity: e.key for e in self.entries if e.key}
        self.keys = (keys or StableKeys()).assign([e.identity for e in self.entries], wanted)
        #: the entry waiting for its confirming key
        self.pending: MenuEntry | None = None

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="card-menu"):
            yield Static(Text(self.title_text, style="bold"), classes="card-menu-title")
            if self.entries:
                rows = []
                for n, entry in enumerate(self.entries):
                    label = Text(f"{self.key_of(entry)}) ", style="bold")
                    label.append_text(
                        entry.label if isinstance(entry.label, Text) else Text(entry.label)
                    )
                    if entry.confirm:
                        label.append(" ?", style="bold")
                    rows.append(Option(label, id=str(n)))
                yield OptionList(*rows, classes="card-menu-list")
            note = Text()
            if not self.entries:
                note.append("Nothing to do with this card now", style="bold")
                note.append(f": {self.reason}" if self.reason else ".")
                note.append("\nEnter or Esc: back", style="dim")
            else:
                note.append("key or Enter: make the move · Esc: back", style="dim")
            yield Static(note, classes="card-menu-note")

    def on_mount(self) -> None:
        for options in self.query(OptionList):
            options.highlighted = 0
            options.focus()
        if self.ask and len(self.entries) == 1:
            self._choose(self.entries[0])

    def key_of(self, entry: MenuEntry) -> str:
        return self.keys.get(entry.identity, "")

    def _choose(self, entry: MenuEntry) -> None:
        if entry.confirm and self.pending is not entry:
            self.pending = entry
            note = Text(f"{entry.confirm}\n", style="bold yellow")
            keys = ", ".join(k for k in dict.fromkeys((self.key_of(entry), "y")) if k)
            note.append(f"{keys} or Enter: yes, do it · any other key: back", style="dim")
            self.query_one(".card-menu-note", Static).update(note)
            return
        self.dismiss(entry.action)

    def on_key(self, event: Key) -> None:
        if self.pending is not None:
            event.stop()
            event.prevent_default()
            if event.key in ("y", "enter", self.key_of(self.pending)):
                self.dismiss(self.pending.action)
            elif event.key == "escape":
                self.dismiss(None)
            else:  # anything else steps back from the question
                self.pending = None
                self.query_one(".card-menu-note", Static).update(
                    Text("key or Enter: make the move · Esc: back", style="dim")
                )
            return
        if not self.entries and event.key == "enter":
            event.stop()
            self.dismiss(None)
            return
        for entry in self.entries:
            if event.key == self.key_of(entry) or event.character == self.key_of(entry):
                event.stop()
                event.prevent_default()
                self._choose(entry)
                return

    def on_click(self, event: Click) -> None:
        """A click beside the menu (on the dimmed table) closes it, as Esc does: a mouse
        player reading the cards moves on with the mouse."""
        if not self.query_one(".card-menu").region.contains(event.screen_x, event.screen_y):
            self.dismiss(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self._choose(self.entries[int(event.option.id)])
