"""The ZOOBOTZ deck builder: browse the pool with filters, add and remove copies, see at once
whether the deck is legal (and why not), save and open named decks in the data folder.

Reached from the launcher (`b` on ZOOBOTZ) and from the setup screen (Ctrl+B). Decks saved
here are offered as deck choices on the setup screen; see tabletop_tui/decklists/zoobotz.py for the files. The
lists, the + and - keys, saving and opening are shared with PR CCG's builder
(ui/screens/deck_builder.py); ZOOBOTZ's filters, columns, rules and card panel are here.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Input, OptionList, Select, Static

from ....decklists.zoobotz import FOLDER, write_deck
from ....games.zoobotz.cards import MAX_COPIES, MIN_DECK, Card, catalog, deck_problems
from ...screens.deck_builder import DeckBuilderBase, OpenDeckDialog
from ...widgets import CardView
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


class OpenDeckScreen(OpenDeckDialog):
    PREFIX = "db"
    PROBLEM_STYLE = "dim"


class DeckBuilderScreen(DeckBuilderBase):
    BINDINGS = [
        Binding("plus,equals_sign", "add", "Add copy"),
        Binding("minus", "remove", "Remove copy"),
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("ctrl+o", "open", "Open", priority=True),
        Binding("ctrl+n", "new", "New", priority=True),
        Binding("escape", "back", "Back"),
    ]
    PREFIX = "db"
    FOLDER = FOLDER
    OPEN_DIALOG = OpenDeckScreen

    def __init__(self, cards_dir: str | None = None):
        super().__init__()
        self.cards_dir = cards_dir
        self.pool: dict[str, Card] = catalog(cards_dir).cards
        self.all_cards = self.pool

    # -- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        yield Static(Text("ZOOBOTZ deck builder", style="bold"), id="db-title")
        with Horizontal(id="db-filters"):
            yield Input(value="My deck", placeholder="deck name", id="db-name", max_length=60)
            yield Select(TYPES, value="all", allow_blank=False, id="db-type")
            yield Select(COSTS, value="any", allow_blank=False, id="db-cost")
            yield Input(placeholder="search name or text", id="db-search")
        yield from self.compose_lists(CardView(id="db-card"), "detail")

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

    def row(self, card: Card, copies: int, in_deck: bool) -> Text:
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

    def deck_order(self, card: Card):
        return _sort_key(card)

    def deck_title(self) -> str:
        return f"Deck ({self.deck_size} cards)"

    def problems(self) -> list[str]:
        return deck_problems(self.counts, self.pool)

    def legal_line(self) -> str:
        return f"✔ {self.deck_size} cards, at most {MAX_COPIES} of each: a legal deck."

    def side_stats(self) -> Text:
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
        return stats

    def show_card(self) -> None:
        card_id = self.current()
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
    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "db-search":
            self.refresh_lists()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("db-type", "db-cost") and self.is_mounted:
            self.refresh_lists()

    def refusal(self, card: Card, have: int) -> str | None:
        if have >= MAX_COPIES:
            return f"Deck Building: up to {MAX_COPIES} copies of any card ({card.name})."
        return None

    # -- files ----------------------------------------------------------------------------------
    def action_save(self) -> None:
        if self.deck_name() and self.refused("Not saved"):
            return
        self.save_file()

    def write_file(self, name: str) -> Path:
        return write_deck(name, dict(sorted(self.counts.items())))

    def shipped(self) -> list[tuple[str, str, int]]:
        return [(d.name, d.id, d.size) for d in catalog(self.cards_dir).decks.values()]

    def shipped_deck(self, deck_id: str) -> tuple[str, list[tuple[str, int]]]:
        deck = catalog(self.cards_dir).decks[deck_id]
        return deck.name, list(deck.cards.items())
