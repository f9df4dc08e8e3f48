"""The ZOOBOTZ deck builder: browse the pool with filters, add and remove copies, see at once
whether the deck is legal (and why not), save and open named decks in the data folder.

Reached from the launcher (`b` on ZOOBOTZ) and from the setup screen (Ctrl+B). Decks saved
here are offered as deck choices on the setup screen; see decklists.py for the files.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from ....games.zoobotz.cards import MAX_COPIES, MIN_DECK, Card, catalog, deck_problems
from ...screens.base import BaseModal, BaseScreen
from ...widgets import CardView
from .decklists import SavedDeck, clean_name, deck_path, saved_decks, write_deck
from .screen import KIND_LETTER, KIND_NAME, card_face, card_line  # noqa: F401

TYPES = [
    ("Any type", "all"),
    ("Botz [B]", "bot"),
    ("Programs [P]", "program"),
    ("Modules [M]", "module"),
]
COSTS = [("Any COST", "any")] + [(f"COST {n}", str(n)) for n in range(0, 7)]
PLURAL = {"bot": "Botz", "program": "Programs", "module": "Modules"}
KIND_ORDER = {"bot": 0, "program": 1, "module": 2}


def _sort_key(card: Card):
    return (KIND_ORDER[card.kind], card.cost, card.name)


class OpenDeckScreen(BaseModal):
    """Pick a deck to start from: your saved decks (broken ones say why) or a shipped one."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, saved: list[SavedDeck], shipped: list[tuple[str, str, int]]):
        super().__init__()
        self.saved = saved
        self.shipped = shipped

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="dialog db-open"):
            yield Static(Text("Open a deck", style="bold"))
            options: list[Option] = []
            for n, deck in enumerate(self.saved):
                label = Text.assemble(("★ ", "bold"), (deck.name, "bold"), f"  {deck.size} cards")
                if not deck.ok:
                    label.append(
                        f"\n  ✘ {deck.path.name}: " + "; ".join(deck.problems), style="dim"
                    )
                options.append(Option(label, id=f"saved:{n}"))
            for name, deck_id, size in self.shipped:
                options.append(
                    Option(
                        Text.assemble(("▤ ", "bold"), name, f"  {size} cards (shipped)"),
                        id=f"shipped:{deck_id}",
                    )
                )
            if not options:
                options.append(Option("No decks yet.", id="none", disabled=True))
            yield OptionList(*options, id="db-open-list")
            yield Static(Text("Enter or click: open · Esc: cancel", style="dim"))

    def on_mount(self) -> None:
        self.query_one("#db-open-list", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class DeckBuilderScreen(BaseScreen):
    BINDINGS = [
        Binding("plus,equals_sign", "add", "Add copy"),
        Binding("minus", "remove", "Remove copy"),
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("ctrl+o", "open", "Open", priority=True),
        Binding("ctrl+n", "new", "New", priority=True),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, cards_dir: str | None = None):
        super().__init__()
        self.cards_dir = cards_dir
        self.pool: dict[str, Card] = catalog(cards_dir).cards
        self.counts: dict[str, int] = {}
        self.message: Text | str = ""
        self._focused_card: str | None = None

    # -- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        yield Static(Text("ZOOBOTZ deck builder", style="bold"), id="db-title")
        with Horizontal(id="db-filters"):
            yield Input(value="My deck", placeholder="deck name", id="db-name", max_length=60)
            yield Select(TYPES, value="all", allow_blank=False, id="db-type")
            yield Select(COSTS, value="any", allow_blank=False, id="db-cost")
            yield Input(placeholder="search name or text", id="db-search")
        with Horizontal(id="db-main"):
            yield OptionList(id="db-pool")
            yield OptionList(id="db-deck")
            with Vertical(id="db-side"):
                yield CardView(id="db-card")
                yield Static(id="db-stats")
        yield Static(id="db-detail")
        yield Static(id="db-check")
        yield Static(id="db-message")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_lists()
        self.query_one("#db-pool", OptionList).focus()

    def on_resize(self, event) -> None:
        w, h = self.app.size
        self.set_class(w < 120 or h < 36, "-compact")

    # -- what is shown --------------------------------------------------------------------------
    def filtered(self) -> list[Card]:
        kind = self.query_one("#db-type", Select).value
        cost = self.query_one("#db-cost", Select).value
        words = self.query_one("#db-search", Input).value.strip().lower().split()
        out = []
        for card in sorted(self.pool.values(), key=_sort_key):
            if kind != "all" and card.kind != kind:
                continue
            if cost != "any" and str(card.cost) != cost:
                continue
            haystack = f"{card.name} {card.text} {card.flavor}".lower()
            if any(w not in haystack for w in words):
                continue
            out.append(card)
        return out

    def _row(self, card: Card, copies: int, in_deck: bool) -> Text:
        text = Text()
        if in_deck:
            text.append(f"{copies}× ", style="bold")
        else:
            text.append(f"{copies}×" if copies else "  ", style="bold")
            text.append(" ")
        text.append(f"[{KIND_LETTER[card.kind]}]", style="bold")
        text.append(f" {card.cost} ")
        text.append(f"{card.name[:20]:<20}", style="bold")
        if card.value is not None:
            text.append(f" v{card.value}")
        return text

    def _fill(self, widget: OptionList, rows: list[tuple[str, Text]], title: str) -> None:
        keep = None
        if widget.highlighted is not None and widget.option_count:
            keep = widget.get_option_at_index(widget.highlighted).id
        widget.clear_options()
        widget.add_options([Option(text, id=cid) for cid, text in rows])
        ids = [cid for cid, _ in rows]
        if ids:
            widget.highlighted = ids.index(keep) if keep in ids else 0
        widget.border_title = title

    def refresh_lists(self) -> None:
        cards = self.filtered()
        self._fill(
            self.query_one("#db-pool", OptionList),
            [(c.id, self._row(c, self.counts.get(c.id, 0), False)) for c in cards],
            f"Card pool ({len(cards)} of {len(self.pool)})",
        )
        deck = sorted((self.pool[c] for c in self.counts if c in self.pool), key=_sort_key)
        self._fill(
            self.query_one("#db-deck", OptionList),
            [(c.id, self._row(c, self.counts[c.id], True)) for c in deck],
            f"Deck ({self.deck_size} cards)",
        )
        self.refresh_check()
        self.show_card()

    @property
    def deck_size(self) -> int:
        return sum(self.counts.values())

    def problems(self) -> list[str]:
        return deck_problems(self.counts, self.pool)

    def refresh_check(self) -> None:
        problems = self.problems()
        if problems:
            text = Text.assemble(("✘ Not a legal deck yet: ", "bold red"), "; ".join(problems))
        else:
            text = Text(
                f"✔ {self.deck_size} cards, at most {MAX_COPIES} of each: a legal deck.",
                style="bold green",
            )
        self.query_one("#db-check", Static).update(text)
        self.query_one("#db-message", Static).update(self.message)
        kinds = {k: 0 for k in KIND_NAME}
        total_cost = 0
        for cid, n in self.counts.items():
            card = self.pool.get(cid)
            if card is not None:
                kinds[card.kind] += n
                total_cost += card.cost * n
        stats = Text()
        stats.append(f"{self.deck_size} cards", style="bold")
        stats.append(f" (at least {MIN_DECK}, {MAX_COPIES} copies max)\n")
        for kind, n in kinds.items():
            stats.append(f"[{KIND_LETTER[kind]}] {PLURAL[kind]}: {n}\n")
        if self.deck_size:
            stats.append(f"Average COST {total_cost / self.deck_size:.1f}\n")
        self.query_one("#db-stats", Static).update(stats)

    def _current(self) -> str | None:
        focused = self.focused
        if isinstance(focused, OptionList) and focused.id in ("db-pool", "db-deck"):
            if focused.highlighted is not None and focused.option_count:
                return focused.get_option_at_index(focused.highlighted).id
        return self._focused_card

    def show_card(self) -> None:
        card_id = self._current()
        card = self.pool.get(card_id or "")
        view = self.query_one("#db-card", CardView)
        detail = self.query_one("#db-detail", Static)
        if card is None:
            view.show(None, "highlight a card to read it")
            detail.update(
                Text("+ add a copy · - remove one · Tab: pool ↔ deck ↔ filters", style="dim")
            )
            return
        face = catalog(self.cards_dir).face(f"{card.id}#0.0")
        view.show(card_face(face))
        detail.update(card_line(face))

    # -- events ---------------------------------------------------------------------------------
    def on_descendant_focus(self, event) -> None:
        self.show_card()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._focused_card = event.option.id
        self.show_card()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "db-pool":
            self.change(event.option.id, +1)
        elif event.option_list.id == "db-deck":
            self.change(event.option.id, -1)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "db-search":
            self.refresh_lists()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("db-type", "db-cost") and self.is_mounted:
            self.refresh_lists()

    def change(self, card_id: str | None, step: int) -> None:
        if card_id is None or card_id not in self.pool:
            self.say(Text("Highlight a card in the pool or the deck first.", style="bold yellow"))
            return
        have = self.counts.get(card_id, 0)
        name = self.pool[card_id].name
        if step > 0 and have >= MAX_COPIES:
            self.say(
                Text(
                    f"✘ Deck Building: up to {MAX_COPIES} copies of any card ({name}).",
                    style="bold red",
                )
            )
            self.app.bell()
            return
        if step < 0 and have == 0:
            self.say(Text(f"{name} is not in the deck.", style="bold yellow"))
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
        self.query_one("#db-message", Static).update(message)

    def action_add(self) -> None:
        self.change(self._current(), +1)

    def action_remove(self) -> None:
        self.change(self._current(), -1)

    def action_new(self) -> None:
        self.counts = {}
        self.query_one("#db-name", Input).value = "My deck"
        self.say(Text("A new, empty deck.", style="bold"))
        self.refresh_lists()

    def action_save(self) -> None:
        name = clean_name(self.query_one("#db-name", Input).value)
        if not name:
            self.say(Text("✘ Not saved: give the deck a name first.", style="bold red"))
            return
        problems = self.problems()
        if problems:
            self.say(Text("✘ Not saved: " + "; ".join(problems) + ".", style="bold red"))
            self.app.bell()
            return
        existed = deck_path(name).exists()
        try:
            path = write_deck(name, dict(sorted(self.counts.items())))
        except (OSError, ValueError) as exc:
            self.say(Text(f"✘ Not saved: {exc}", style="bold red"))
            return
        verb = "Replaced" if existed else "Saved"
        self.say(Text(f"✔ {verb} {path}", style="bold green"))
        self.notify(f"{verb} {path.name}: pick it on the setup screen.")

    def _shipped(self) -> list[tuple[str, str, int]]:
        return [(d.name, d.id, d.size) for d in catalog(self.cards_dir).decks.values()]

    def action_open(self) -> None:
        saved = saved_decks(self.pool)

        def opened(choice: str | None) -> None:
            if not choice:
                return
            kind, _, key = choice.partition(":")
            if kind == "shipped":
                deck = catalog(self.cards_dir).decks[key]
                self.load(f"{deck.name} (copy)", tuple(deck.cards.items()))
            elif kind == "saved":
                deck = saved[int(key)]
                self.load(deck.name, deck.cards, deck)

        self.app.push_screen(OpenDeckScreen(saved, self._shipped()), opened)

    def load(self, name: str, cards, saved: SavedDeck | None = None) -> None:
        """Start from a deck list; unknown cards are left out and said so."""
        self.counts = {}
        dropped = []
        for card_id, copies in cards:
            if card_id in self.pool and copies > 0:
                self.counts[card_id] = self.counts.get(card_id, 0) + copies
            else:
                dropped.append(card_id)
        self.query_one("#db-name", Input).value = name
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
