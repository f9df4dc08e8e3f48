"""What the deck builders of ZOOBOTZ and the Power Rangers CCG (2008) share: the card pool
and the deck as two lists (the highlighted card kept across redraws), adding and removing
copies with + and -, the legality line, saving a deck to its file (tabletop_tui/decklists.py)
and opening a saved or shipped deck from a dialog.

A game's builder (`ui/games/<game>/decks.py`) subclasses `DeckBuilderBase` and keeps its own
rules, filters, columns, card panel and key bindings. The widget ids are the game's
`PREFIX` and a role (`#db-pool`, `#pc-pool`), so each game's stylesheet stays its own.
Textual calls an event handler of every class up the line, so a handler lives either here or
in the game's screen, never in both.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from ...decklists import DeckFolder, SavedDeck, clean_name
from .base import BaseModal, BaseScreen


class OpenDeckDialog(BaseModal):
    """Pick a deck to start from: your saved decks (broken ones say why) or a shipped one.
    Dismisses with `saved:<index>`, `shipped:<deck id>` or None."""

    #: the game's id prefix (`<prefix>-open` class, `#<prefix>-open-list`)
    PREFIX: ClassVar[str] = "db"
    #: the style of a broken deck's problems
    PROBLEM_STYLE: ClassVar[str] = ""

    def __init__(self, saved: list[SavedDeck], shipped: list[tuple[str, str, int]]):
        """`shipped`: (name, deck id, cards) of each deck that comes with the game."""
        super().__init__()
        self.saved = saved
        self.shipped = shipped

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes=f"dialog {self.PREFIX}-open"):
            yield Static(Text("Open a deck", style="bold"))
            options: list[Option] = []
            for n, deck in enumerate(self.saved):
                label = Text.assemble(("★ ", "bold"), (deck.name, "bold"), f"  {deck.size} cards")
                if not deck.ok:
                    label.append(
                        f"\n  ✘ {deck.path.name}: " + "; ".join(deck.problems),
                        style=self.PROBLEM_STYLE,
                    )
                options.append(Option(label, id=f"saved:{n}"))
            for name, deck_id, size in self.shipped:
                label = Text.assemble(("▤ ", "bold"), name, f"  {size} cards (shipped)")
                options.append(Option(label, id=f"shipped:{deck_id}"))
            if not options:
                options.append(Option("No decks yet.", id="none", disabled=True))
            yield OptionList(*options, id=f"{self.PREFIX}-open-list")
            yield Static(Text("Enter or click: open · Esc: cancel", style="dim"))

    def on_mount(self) -> None:
        self.query_one(f"#{self.PREFIX}-open-list", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class DeckBuilderBase(BaseScreen):
    """A deck builder: `pool` (card id -> card) to pick from, `counts` (card id -> copies)
    the deck. The game's screen provides its lists' rows and order, its rules (`problems`,
    `refusal`), its side panel (`side_stats`, `show_card`) and its decks (`FOLDER`,
    `shipped`, `shipped_deck`, `write_file`)."""

    #: the game's widget id prefix
    PREFIX: ClassVar[str] = "db"
    #: the game's saved decks
    FOLDER: ClassVar[DeckFolder]
    #: the game's dialog to open a deck with
    OPEN_DIALOG: ClassVar[type[OpenDeckDialog]] = OpenDeckDialog
    #: the title of the pool's list
    pool_label = "Card pool"

    def __init__(self) -> None:
        super().__init__()
        self.pool: dict[str, Any] = {}
        #: every card a saved deck is checked against (a sealed pool is smaller)
        self.all_cards: dict[str, Any] = {}
        self.counts: dict[str, int] = {}
        self.message: Text | str = ""
        self._focused_card: str | None = None

    def _sel(self, role: str) -> str:
        """The selector of this builder's widget of that role ("pool": "#db-pool")."""
        return f"#{self.PREFIX}-{role}"

    # -- the game's part ------------------------------------------------------------------------
    def filtered(self) -> list[Any]:
        """The pool's cards the filters let through, in the chosen order."""
        raise NotImplementedError

    def deck_order(self, card: Any) -> Any:
        """The sort key of the deck's list."""
        raise NotImplementedError

    def deck_title(self) -> str:
        raise NotImplementedError

    def row(self, card: Any, copies: int, in_deck: bool) -> Text:
        """A card's line in the pool's list (`in_deck` False) or the deck's."""
        raise NotImplementedError

    def problems(self) -> list[str]:
        """Why the deck is not legal (empty: it is)."""
        raise NotImplementedError

    def legal_line(self) -> str:
        """What the check line says of a legal deck."""
        raise NotImplementedError

    def side_stats(self) -> Text:
        raise NotImplementedError

    def show_card(self) -> None:
        """Show the highlighted card (`current()`), or a hint when there is none."""
        raise NotImplementedError

    def refusal(self, card: Any, have: int) -> str | None:
        """Why one more copy of `card` (the deck has `have`) may not go in, or None."""
        raise NotImplementedError

    def shipped(self) -> list[tuple[str, str, int]]:
        """(name, deck id, cards) of the game's shipped decks."""
        raise NotImplementedError

    def shipped_deck(self, deck_id: str) -> tuple[str, list[tuple[str, int]]]:
        """A shipped deck's name and (card id, copies) list."""
        raise NotImplementedError

    def write_file(self, name: str) -> Path:
        """Write the deck to its file under `name`; returns the file."""
        raise NotImplementedError

    def renames_on_new(self) -> bool:
        """Whether a new deck starts with the name "My deck" again."""
        return True

    # -- layout ---------------------------------------------------------------------------------
    def compose_lists(self, card: Widget, below: str) -> ComposeResult:
        """The pool and deck lists beside the card and the stats, then `#<prefix>-<below>`
        (the card in short, for a compact screen), the check line, the message and keys."""
        with Horizontal(id=f"{self.PREFIX}-main"):
            yield OptionList(id=f"{self.PREFIX}-pool")
            yield OptionList(id=f"{self.PREFIX}-deck")
            with Vertical(id=f"{self.PREFIX}-side"):
                yield card
                yield Static(id=f"{self.PREFIX}-stats")
        yield Static(id=f"{self.PREFIX}-{below}")
        yield Static(id=f"{self.PREFIX}-check")
        yield Static(id=f"{self.PREFIX}-message")
        yield Footer()

    # -- what is shown --------------------------------------------------------------------------
    def _fill(
        self, widget: OptionList, rows: list[tuple[str, Text]], title: str, keep_place=True
    ) -> None:
        keep = None
        if keep_place and widget.highlighted is not None and widget.option_count:
            keep = widget.get_option_at_index(widget.highlighted).id
        widget.clear_options()
        widget.add_options([Option(text, id=cid) for cid, text in rows])
        ids = [cid for cid, _ in rows]
        if ids:
            widget.highlighted = ids.index(keep) if keep in ids else 0
        widget.border_title = title

    def refresh_lists(self, keep_place: bool = True) -> None:
        """Redraw both lists; `keep_place` False (a new filter or order): the pool list
        starts from its first card."""
        cards = self.filtered()
        self._fill(
            self.query_one(self._sel("pool"), OptionList),
            [(c.id, self.row(c, self.counts.get(c.id, 0), False)) for c in cards],
            f"{self.pool_label} ({len(cards)} of {len(self.pool)})",
            keep_place,
        )
        deck = sorted((self.pool[c] for c in self.counts if c in self.pool), key=self.deck_order)
        self._fill(
            self.query_one(self._sel("deck"), OptionList),
            [(c.id, self.row(c, self.counts[c.id], True)) for c in deck],
            self.deck_title(),
        )
        self.refresh_check()
        self.show_card()

    @property
    def deck_size(self) -> int:
        return sum(self.counts.values())

    def refresh_check(self) -> None:
        problems = self.problems()
        if problems:
            text = Text.assemble(("✘ Not a legal deck yet: ", "bold red"), "; ".join(problems))
        else:
            text = Text(self.legal_line(), style="bold green")
        self.query_one(self._sel("check"), Static).update(text)
        self.query_one(self._sel("message"), Static).update(self.message)
        self.query_one(self._sel("stats"), Static).update(self.side_stats())

    def current(self) -> str | None:
        """The card id highlighted in the focused list, else the one last highlighted."""
        focused = self.focused
        if isinstance(focused, OptionList) and focused.id in (
            f"{self.PREFIX}-pool",
            f"{self.PREFIX}-deck",
        ):
            if focused.highlighted is not None and focused.option_count:
                return focused.get_option_at_index(focused.highlighted).id
        return self._focused_card

    # -- events ---------------------------------------------------------------------------------
    def on_descendant_focus(self, event) -> None:
        self.show_card()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._focused_card = event.option.id
        self.show_card()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == f"{self.PREFIX}-pool":
            self.change(event.option.id, +1)
        elif event.option_list.id == f"{self.PREFIX}-deck":
            self.change(event.option.id, -1)

    def change(self, card_id: str | None, step: int) -> None:
        """Add (`step` +1) or remove (-1) a copy, or say why not."""
        if card_id is None or card_id not in self.pool:
            self.say(Text("Highlight a card in the pool or the deck first.", style="bold yellow"))
            return
        card = self.pool[card_id]
        have = self.counts.get(card_id, 0)
        why = self.refusal(card, have) if step > 0 else None
        if why:
            self.say(Text(f"✘ {why}", style="bold red"))
            self.app.bell()
            return
        if step < 0 and have == 0:
            self.say(Text(f"{card.name} is not in the deck.", style="bold yellow"))
            return
        if have + step:
            self.counts[card_id] = have + step
        else:
            self.counts.pop(card_id, None)
        self.say("")
        self._focused_card = card_id
        self.refresh_lists()

    def say(self, message: Text | str) -> None:
        self.message = message
        self.query_one(self._sel("message"), Static).update(message)

    def action_add(self) -> None:
        self.change(self.current(), +1)

    def action_remove(self) -> None:
        self.change(self.current(), -1)

    def action_new(self) -> None:
        self.counts = {}
        if self.renames_on_new():
            self.query_one(self._sel("name"), Input).value = "My deck"
        self.say(Text("A new, empty deck.", style="bold"))
        self.refresh_lists()

    # -- files ----------------------------------------------------------------------------------
    def deck_name(self) -> str:
        return clean_name(self.query_one(self._sel("name"), Input).value)

    def refused(self, verb: str) -> bool:
        """Say why the deck is not legal after `verb` ("Not saved") and ring; False if it is."""
        problems = self.problems()
        if problems:
            self.say(Text(f"✘ {verb}: " + "; ".join(problems) + ".", style="bold red"))
            self.app.bell()
        return bool(problems)

    def save_file(self) -> None:
        """Write the deck to its file under its name and say where (a nameless deck is not)."""
        name = self.deck_name()
        if not name:
            self.say(Text("✘ Not saved: give the deck a name first.", style="bold red"))
            return
        existed = self.FOLDER.deck_path(name).exists()
        try:
            path = self.write_file(name)
        except (OSError, ValueError) as exc:
            self.say(Text(f"✘ Not saved: {exc}", style="bold red"))
            return
        verb = "Replaced" if existed else "Saved"
        self.say(Text(f"✔ {verb} {path}", style="bold green"))
        self.notify(f"{verb} {path.name}: pick it on the setup screen.")

    def action_open(self) -> None:
        saved = self.FOLDER.saved(self.all_cards)

        def opened(choice: str | None) -> None:
            if not choice:
                return
            kind, _, key = choice.partition(":")
            if kind == "shipped":
                name, cards = self.shipped_deck(key)
                self.load(f"{name} (copy)", cards)
            elif kind == "saved":
                deck = saved[int(key)]
                self.load(deck.name, deck.cards, deck)

        self.app.push_screen(self.OPEN_DIALOG(saved, self.shipped()), opened)

    def load(self, name: str, cards, saved: SavedDeck | None = None) -> None:
        """Start from a deck list; unknown cards are left out and said so."""
        self.counts = {}
        dropped = []
        for card_id, copies in cards:
            if card_id in self.pool and copies > 0:
                self.counts[card_id] = self.counts.get(card_id, 0) + copies
            else:
                dropped.append(card_id)
        self.query_one(self._sel("name"), Input).value = name
        if saved is not None and not saved.ok:
            text = Text(f"Opened {saved.path.name}, which is not playable: ", style="bold yellow")
            text.append("; ".join(saved.problems))
            if dropped:
                text.append(f" (left out: {', '.join(dropped)})")
            self.say(text)
        else:
            self.say(Text(f"Opened {name}.", style="bold"))
        self.refresh_lists()

    def action_back(self) -> None:
        self.app.pop_screen()
