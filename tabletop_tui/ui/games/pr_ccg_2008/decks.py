"""The Power Rangers CCG (2008) deck builder: browse the 140-card pool filtered and sorted by
era, Battle Element, Hand Cost and rarity, add and remove copies, see the deck's curve and
element spread and at once whether it is legal (and which rule it breaks), save and open
named decks in the data folder (tabletop_tui/decklists/pr_ccg_2008.py). The lists, the + and - keys, saving and
opening are shared with the ZOOBOTZ builder (ui/screens/deck_builder.py).

Reached from the launcher (`b` on PR CCG) and the setup screen (Ctrl+B). The same screen
builds a sealed deck (RULINGS 9): then its pool is only the cards one player opened, with
how many of each, and Ctrl+S locks the deck in instead of saving a file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Input, OptionList, Select, Static

from ....decklists.pr_ccg_2008 import FOLDER, write_deck
from ....games.pr_ccg_2008.cards import DECK_SIZE, ERAS, RARITIES, Card, catalog
from ....games.pr_ccg_2008.decks import (
    COPIES,
    RULE_COPIES,
    RULE_SEALED,
    curve,
    deck_problems,
    element_spread,
    max_copies,
)
from ....games.pr_ccg_2008.models import CustomDeck
from ....games.pr_ccg_2008.sealed import build_deck
from ...screens.deck_builder import DeckBuilderBase, OpenDeckDialog

#: a glyph per rarity, so rarity never relies on colour
RARITY_MARK = {"common": "○", "uncommon": "◇", "rare": "★"}
RARITY_STYLE = {"common": "", "uncommon": "bold cyan", "rare": "bold yellow"}
ERA_CHOICES = [("Any era", "all")] + [(name, era) for era, name in ERAS.items()]
COST_CHOICES = [("Any cost", "any")] + [(f"Cost {n}", str(n)) for n in range(6)]
RARITY_CHOICES = [("Any rarity", "all")] + [
    (f"{RARITY_MARK[r]} {r.capitalize()}", r) for r in RARITIES
]
SORTS = [
    ("Sort: cost", "cost"),
    ("Sort: name", "name"),
    ("Sort: rarity", "rarity"),
    ("Sort: era", "era"),
    ("Sort: power", "power"),
]
_ERA_ORDER = {era: i for i, era in enumerate(ERAS)}
#: from this many columns the card lists show each card's values too
WIDE = 150
_RARITY_ORDER = {r: i for i, r in enumerate(RARITIES)}


def _sort_key(how: str) -> Callable[[Card], tuple]:
    if how == "name":
        return lambda c: (c.name, c.id)
    if how == "rarity":
        return lambda c: (-_RARITY_ORDER[c.rarity], c.hand_cost, c.name)
    if how == "era":
        return lambda c: (_ERA_ORDER[c.era], c.hand_cost, c.name)
    if how == "power":
        return lambda c: (-sum(c.values.values()), c.hand_cost, c.name)
    return lambda c: (c.hand_cost, c.name, c.id)


class OpenDeckScreen(OpenDeckDialog):
    PREFIX = "pc"
    DEFAULT_CSS = """
    OpenDeckScreen { align: center middle; }
    .dialog.pc-open { width: 76; height: auto; max-height: 90%; }
    #pc-open-list { height: auto; max-height: 20; }
    """


class PrCcgDeckBuilder(DeckBuilderBase):
    """Build a 20-card deck. `sealed`: (player name, card id -> copies opened) for sealed
    play; the screen then dismisses with the CustomDeck built (None: the player backed out)."""

    BINDINGS = [
        Binding("plus,equals_sign", "add", "Add copy"),
        Binding("minus", "remove", "Remove copy"),
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("ctrl+s", "lock", "Lock in deck", priority=True),
        Binding("ctrl+o", "open", "Open", priority=True),
        Binding("ctrl+n", "new", "New", priority=True),
        Binding("ctrl+a", "suggest", "Suggest", priority=True),
        Binding("escape", "back", "Back"),
    ]
    DEFAULT_CSS = """
    #pc-title { height: 1; padding: 0 1; background: $boost; }
    .pc-row { height: 3; }
    #pc-name { width: 1fr; }
    #pc-sort { width: 22; }
    #pc-era { width: 1fr; }
    #pc-element { width: 20; }
    #pc-cost { width: 16; }
    #pc-rarity { width: 18; }
    #pc-main { height: 1fr; }
    #pc-pool, #pc-deck { width: 1fr; height: 100%; border: round $panel;
        border-title-align: left; scrollbar-size-vertical: 1; }
    #pc-pool:focus, #pc-deck:focus { border: round $accent; }
    #pc-side { width: 1fr; max-width: 44; height: 100%; }
    #pc-card { height: auto; padding: 0 1; border: round $panel; }
    #pc-stats { height: 1fr; padding: 0 1; }
    #pc-line { height: 2; padding: 0 1; display: none; }
    #pc-check { height: auto; max-height: 2; padding: 0 1; }
    #pc-message { height: auto; max-height: 2; padding: 0 1; }
    PrCcgDeckBuilder.-compact #pc-side { display: none; }
    PrCcgDeckBuilder.-compact #pc-line { display: block; }
    """
    PREFIX = "pc"
    FOLDER = FOLDER
    OPEN_DIALOG = OpenDeckScreen

    def __init__(
        self,
        cards_dir: str | None = None,
        sealed: tuple[str, dict[str, int]] | None = None,
    ):
        super().__init__()
        self.cards_dir = cards_dir
        self.cat = catalog(cards_dir)
        self.all_cards: dict[str, Card] = {c.id: c for c in self.cat.card_set.pool}
        self.sealed = sealed
        #: the cards this builder may use: the whole pool, or what was opened (sealed)
        self.pool = (
            {cid: self.all_cards[cid] for cid in sealed[1]} if sealed else dict(self.all_cards)
        )
        self.elements = {e.id: e for e in self.cat.card_set.elements}
        self._wide = False
        # (the list shows each card once; the title above counts every copy opened)
        self.pool_label = "Your packs, each card once" if sealed else "Card pool"

    # -- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        if self.sealed:
            title = f"Sealed: {self.sealed[0]}'s packs ({sum(self.sealed[1].values())} cards)"
        else:
            title = "Power Rangers CCG deck builder"
        yield Static(Text(title, style="bold"), id="pc-title")
        elements = [("Any element", "all")] + [
            (f"[{e.letter}] {e.name}", e.id) for e in self.cat.card_set.elements
        ]
        with Horizontal(classes="pc-row"):
            name = f"{self.sealed[0]}'s sealed deck" if self.sealed else "My deck"
            yield Input(value=name, placeholder="deck name", id="pc-name", max_length=60)
            yield Select(SORTS, value="cost", allow_blank=False, id="pc-sort")
        with Horizontal(classes="pc-row"):
            yield Select(ERA_CHOICES, value="all", allow_blank=False, id="pc-era")
            yield Select(elements, value="all", allow_blank=False, id="pc-element")
            yield Select(COST_CHOICES, value="any", allow_blank=False, id="pc-cost")
            yield Select(RARITY_CHOICES, value="all", allow_blank=False, id="pc-rarity")
        yield from self.compose_lists(Static(id="pc-card"), "line")

    def on_mount(self) -> None:
        self._wide = self.app.size.width >= WIDE
        self.refresh_lists()
        self.query_one("#pc-pool", OptionList).focus()
        if self.sealed:
            self.say(
                Text(
                    "Build 20 cards from your packs: + adds, - removes, Ctrl+A suggests a deck, "
                    "Ctrl+S locks it in.",
                    style="bold",
                )
            )

    def on_resize(self, event) -> None:
        w, h = self.app.size
        self.set_class(w < 110 or h < 34, "-compact")
        if self.is_mounted and (w >= WIDE) != self._wide:
            self._wide = w >= WIDE
            self.refresh_lists()

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("open", "save") and self.sealed:
            return False  # a sealed deck comes from the packs, and is locked in, not saved
        if action == "lock" and not self.sealed:
            return False
        if action == "suggest" and not self.sealed:
            return False
        return True

    # -- what is shown --------------------------------------------------------------------------
    def _value(self, widget_id: str):
        return self.query_one(widget_id, Select).value

    def filtered(self) -> list[Card]:
        era, element = self._value("#pc-era"), self._value("#pc-element")
        cost, rarity = self._value("#pc-cost"), self._value("#pc-rarity")
        out = []
        for card in self.pool.values():
            if era != "all" and card.era != era:
                continue
            if element != "all" and element not in card.battle_elements:
                continue
            if cost != "any" and str(card.hand_cost) != cost:
                continue
            if rarity != "all" and card.rarity != rarity:
                continue
            out.append(card)
        return sorted(out, key=_sort_key(str(self._value("#pc-sort"))))

    def limit(self, card: Card) -> int:
        """The copies of a card this deck may hold (ruling 8; sealed: no more than opened)."""
        if self.sealed:
            return min(max_copies(card), self.sealed[1].get(card.id, 0))
        return max_copies(card)

    def letters(self, card: Card) -> str:
        return "/".join(self.elements[e].letter for e in card.battle_elements)

    def row(self, card: Card, copies: int, in_deck: bool) -> Text:
        text = Text()
        if in_deck:
            text.append(f"{copies}× ", style="bold")
        else:
            text.append(f"{copies}/{self.limit(card)} " if copies else "    ", style="bold")
        text.append(RARITY_MARK[card.rarity], style=RARITY_STYLE[card.rarity])
        text.append(f" {card.hand_cost} ")
        text.append(f"{card.name[:18]:<18}", style="bold")
        text.append(f" ⚔{self.letters(card):<5}✹{card.damage}")
        if self.app.size.width >= WIDE:  # room for the values in every element
            text.append(
                "  " + " ".join(f"{self.elements[e].letter}{v}" for e, v in card.values.items())
            )
        return text

    def deck_order(self, card: Card) -> tuple:
        return _sort_key("cost")(card)

    def deck_title(self) -> str:
        return f"Deck ({self.deck_size}/{DECK_SIZE})"

    def problems(self) -> list[str]:
        opened = self.sealed[1] if self.sealed else None
        return deck_problems(self.counts, self.all_cards, opened)

    def stats(self) -> tuple[Text, Text]:
        """(the side panel's curve and element spread, the same in one line)."""
        entries = list(self.counts.items())
        costs = curve(entries, self.pool)
        spread = element_spread(entries, self.pool, self.elements)
        side = Text()
        side.append(f"{self.deck_size}/{DECK_SIZE} cards\n", style="bold")
        side.append("Curve (Hand Cost)\n", style="bold")
        top = max(costs.values(), default=0)
        for cost in range(max(4, max(costs, default=0) + 1)):
            n = costs.get(cost, 0)
            bar = "█" * n if top <= 20 else "█" * round(20 * n / top)
            side.append(f" {cost}: {bar} {n}\n")
        side.append("Battle Elements named\n", style="bold")
        for e, n in spread.items():
            el = self.elements[e]
            side.append(f" [{el.letter}] {el.name:<7} {'▪' * n} {n}\n")
        rarity = {r: 0 for r in RARITIES}
        for cid, n in entries:
            rarity[self.pool[cid].rarity] += n
        side.append(" ".join(f"{RARITY_MARK[r]} {n} {r}" for r, n in rarity.items()), style="dim")
        line = Text()
        line.append("Curve ", style="bold")
        line.append(" ".join(f"{c}:{n}" for c, n in costs.items()) or "-")
        line.append("  Elements ", style="bold")
        line.append(" ".join(f"{self.elements[e].letter}{n}" for e, n in spread.items()))
        return side, line

    def legal_line(self) -> str:
        limits = ", ".join(f"{n} {RARITY_MARK[r]}" for r, n in COPIES.items())
        return f"✔ {DECK_SIZE} cards, copies within {limits}: a legal deck."

    def side_stats(self) -> Text:
        return self.stats()[0]

    def card_text(self, card: Card) -> Text:
        text = Text()
        text.append(f"{card.name}\n", style="bold")
        text.append(f"{RARITY_MARK[card.rarity]} {card.rarity}", style=RARITY_STYLE[card.rarity])
        text.append(f" · {ERAS[card.era]}\n")
        text.append(f"Hand Cost {card.hand_cost} · Damage ✹{card.damage}\n")
        names = " or ".join(self.elements[e].name for e in card.battle_elements)
        text.append(f"⚔ Opponent uses: {names}\n")
        text.append(
            "  ".join(f"{self.elements[e].letter}{v}" for e, v in card.values.items()),
            style="bold",
        )
        return text

    def card_line(self, card: Card) -> Text:
        """The card in one line, for a screen too small for the side panel."""
        text = Text()
        text.append(card.name, style="bold")
        text.append(f" {RARITY_MARK[card.rarity]} cost {card.hand_cost} ✹{card.damage} ⚔")
        text.append(self.letters(card))
        text.append(
            "  " + " ".join(f"{self.elements[e].letter}{v}" for e, v in card.values.items())
        )
        return text

    def show_card(self) -> None:
        card = self.pool.get(self.current() or "")
        line = self.stats()[1]
        if card is None:
            self.query_one("#pc-card", Static).update(Text("highlight a card", style="dim"))
            self.query_one("#pc-line", Static).update(
                Text.assemble(("highlight a card\n", "dim"), line)
            )
            return
        self.query_one("#pc-card", Static).update(self.card_text(card))
        self.query_one("#pc-line", Static).update(Text.assemble(self.card_line(card), "\n", line))

    # -- events ---------------------------------------------------------------------------------
    def on_select_changed(self, event: Select.Changed) -> None:
        if self.is_mounted and (event.select.id or "").startswith("pc-"):
            self.refresh_lists(keep_place=False)

    def refusal(self, card: Card, have: int) -> str | None:
        if have >= self.limit(card):
            if self.sealed and have >= self.sealed[1].get(card.id, 0):
                return f"{RULE_SEALED}: you opened {self.sealed[1].get(card.id, 0)} × {card.name}."
            return (
                f"{RULE_COPIES}: at most {max_copies(card)} of a {card.rarity} card ({card.name})."
            )
        if self.deck_size >= DECK_SIZE:
            return f"The deck has its {DECK_SIZE} cards: remove one first."
        return None

    def renames_on_new(self) -> bool:
        return not self.sealed

    def action_suggest(self) -> None:
        """Sealed: the deck the bot's heuristic would build from these packs."""
        if not self.sealed:
            return
        self.counts = dict(build_deck(self.cat, self.sealed[1]))
        self.say(Text("The bot's suggestion: change it as you like.", style="bold"))
        self.refresh_lists()

    def deck(self) -> CustomDeck:
        name = self.deck_name() or "My deck"
        return CustomDeck(name=name, cards=tuple(sorted(self.counts.items())))

    def action_save(self) -> None:
        self._finish()

    def _finish(self) -> None:
        """Save the deck to a file, or in sealed play lock it in, if it is legal."""
        if self.refused("Not locked in" if self.sealed else "Not saved"):
            return
        if self.sealed:
            self.dismiss(self.deck())
            return
        self.save_file()

    def write_file(self, name: str) -> Path:
        return write_deck(name, dict(sorted(self.counts.items())), self.all_cards)

    def action_lock(self) -> None:
        """Sealed: the deck is done (Ctrl+S, named for what it does here)."""
        self._finish()

    def action_open(self) -> None:
        if not self.sealed:
            super().action_open()

    def shipped(self) -> list[tuple[str, str, int]]:
        return [(d.info.name, d.info.id, DECK_SIZE) for d in self.cat.card_set.decks]

    def shipped_deck(self, deck_id: str) -> tuple[str, list[tuple[str, int]]]:
        deck = self.cat.card_set.deck(deck_id)
        return deck.info.name, [(c.id, c.copies) for c in deck.cards]

    def action_back(self) -> None:
        if self.sealed:
            self.dismiss(None)
        else:
            self.app.pop_screen()
