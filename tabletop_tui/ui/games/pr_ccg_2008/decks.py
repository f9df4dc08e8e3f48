"""The Power Rangers CCG (2008) deck builder: browse the 140-card pool filtered and sorted by
era, Battle Element, Hand Cost and rarity, add and remove copies, see the deck's curve and
element spread and at once whether it is legal (and which rule it breaks), save and open
named decks in the data folder (decklists.py).

Reached from the launcher (`b` on PR CCG) and the setup screen (Ctrl+B). The same screen
builds a sealed deck (RULINGS 9): then its pool is only the cards one player opened, with
how many of each, and Ctrl+S locks the deck in instead of saving a file.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

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
from ...screens.base import BaseModal, BaseScreen
from .decklists import SavedDeck, clean_name, deck_path, saved_decks, write_deck

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


class OpenDeckScreen(BaseModal):
    """Pick a deck to start from: your saved decks (broken ones say why) or a shipped one."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    OpenDeckScreen { align: center middle; }
    .dialog.pc-open { width: 76; height: auto; max-height: 90%; }
    #pc-open-list { height: auto; max-height: 20; }
    """

    def __init__(self, saved: list[SavedDeck], shipped: list[tuple[str, str]]):
        super().__init__()
        self.saved = saved
        self.shipped = shipped

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="dialog pc-open"):
            yield Static(Text("Open a deck", style="bold"))
            options: list[Option] = []
            for n, deck in enumerate(self.saved):
                label = Text.assemble(("★ ", "bold"), (deck.name, "bold"), f"  {deck.size} cards")
                if not deck.ok:
                    label.append(f"\n  ✘ {deck.path.name}: " + "; ".join(deck.problems))
                options.append(Option(label, id=f"saved:{n}"))
            for name, deck_id in self.shipped:
                label = Text.assemble(("▤ ", "bold"), name, f"  {DECK_SIZE} cards (shipped)")
                options.append(Option(label, id=f"shipped:{deck_id}"))
            yield OptionList(*options, id="pc-open-list")
            yield Static(Text("Enter or click: open · Esc: cancel", style="dim"))

    def on_mount(self) -> None:
        self.query_one("#pc-open-list", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PrCcgDeckBuilder(BaseScreen):
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
        self.counts: dict[str, int] = {}
        self.message: Text | str = ""
        self._focused_card: str | None = None
        self._wide = False

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
        with Horizontal(id="pc-main"):
            yield OptionList(id="pc-pool")
            yield OptionList(id="pc-deck")
            with Vertical(id="pc-side"):
                yield Static(id="pc-card")
                yield Static(id="pc-stats")
        yield Static(id="pc-line")
        yield Static(id="pc-check")
        yield Static(id="pc-message")
        yield Footer()

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

    def _row(self, card: Card, copies: int, in_deck: bool) -> Text:
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
        label = "Your packs" if self.sealed else "Card pool"
        self._fill(
            self.query_one("#pc-pool", OptionList),
            [(c.id, self._row(c, self.counts.get(c.id, 0), False)) for c in cards],
            f"{label} ({len(cards)} of {len(self.pool)})",
            keep_place,
        )
        key = _sort_key("cost")
        deck = sorted((self.pool[c] for c in self.counts if c in self.pool), key=key)
        self._fill(
            self.query_one("#pc-deck", OptionList),
            [(c.id, self._row(c, self.counts[c.id], True)) for c in deck],
            f"Deck ({self.deck_size}/{DECK_SIZE})",
        )
        self.refresh_check()
        self.show_card()

    @property
    def deck_size(self) -> int:
        return sum(self.counts.values())

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

    def refresh_check(self) -> None:
        problems = self.problems()
        if problems:
            text = Text.assemble(("✘ Not a legal deck yet: ", "bold red"), "; ".join(problems))
        else:
            limits = ", ".join(f"{n} {RARITY_MARK[r]}" for r, n in COPIES.items())
            text = Text(
                f"✔ {DECK_SIZE} cards, copies within {limits}: a legal deck.",
                style="bold green",
            )
        self.query_one("#pc-check", Static).update(text)
        self.query_one("#pc-message", Static).update(self.message)
        side, _ = self.stats()
        self.query_one("#pc-stats", Static).update(side)

    def _current(self) -> str | None:
        focused = self.focused
        if isinstance(focused, OptionList) and focused.id in ("pc-pool", "pc-deck"):
            if focused.highlighted is not None and focused.option_count:
                return focused.get_option_at_index(focused.highlighted).id
        return self._focused_card

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
        card = self.pool.get(self._current() or "")
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
    def on_descendant_focus(self, event) -> None:
        self.show_card()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._focused_card = event.option.id
        self.show_card()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "pc-pool":
            self.change(event.option.id, +1)
        elif event.option_list.id == "pc-deck":
            self.change(event.option.id, -1)

    def on_select_changed(self, event: Select.Changed) -> None:
        if self.is_mounted and (event.select.id or "").startswith("pc-"):
            self.refresh_lists(keep_place=False)

    def change(self, card_id: str | None, step: int) -> None:
        if card_id is None or card_id not in self.pool:
            self.say(Text("Highlight a card in the pool or the deck first.", style="bold yellow"))
            return
        card = self.pool[card_id]
        have = self.counts.get(card_id, 0)
        if step > 0 and have >= self.limit(card):
            if self.sealed and have >= self.sealed[1].get(card_id, 0):
                why = f"{RULE_SEALED}: you opened {self.sealed[1].get(card_id, 0)} × {card.name}."
            else:
                why = f"{RULE_COPIES}: at most {max_copies(card)} of a {card.rarity} card ({card.name})."
            self.say(Text(f"✘ {why}", style="bold red"))
            self.app.bell()
            return
        if step > 0 and self.deck_size >= DECK_SIZE:
            self.say(
                Text(f"✘ The deck has its {DECK_SIZE} cards: remove one first.", style="bold red")
            )
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
        self.query_one("#pc-message", Static).update(message)

    def action_add(self) -> None:
        self.change(self._current(), +1)

    def action_remove(self) -> None:
        self.change(self._current(), -1)

    def action_new(self) -> None:
        self.counts = {}
        if not self.sealed:
            self.query_one("#pc-name", Input).value = "My deck"
        self.say(Text("A new, empty deck.", style="bold"))
        self.refresh_lists()

    def action_suggest(self) -> None:
        """Sealed: the deck the bot's heuristic would build from these packs."""
        if not self.sealed:
            return
        self.counts = dict(build_deck(self.cat, self.sealed[1]))
        self.say(Text("The bot's suggestion: change it as you like.", style="bold"))
        self.refresh_lists()

    def deck(self) -> CustomDeck:
        name = clean_name(self.query_one("#pc-name", Input).value) or "My deck"
        return CustomDeck(name=name, cards=tuple(sorted(self.counts.items())))

    def action_save(self) -> None:
        self._finish()

    def _finish(self) -> None:
        """Save the deck to a file, or in sealed play lock it in, if it is legal."""
        problems = self.problems()
        verb = "Not locked in" if self.sealed else "Not saved"
        if problems:
            self.say(Text(f"✘ {verb}: " + "; ".join(problems) + ".", style="bold red"))
            self.app.bell()
            return
        if self.sealed:
            self.dismiss(self.deck())
            return
        name = clean_name(self.query_one("#pc-name", Input).value)
        if not name:
            self.say(Text("✘ Not saved: give the deck a name first.", style="bold red"))
            return
        existed = deck_path(name).exists()
        try:
            path = write_deck(name, dict(sorted(self.counts.items())), self.all_cards)
        except (OSError, ValueError) as exc:
            self.say(Text(f"✘ Not saved: {exc}", style="bold red"))
            return
        verb = "Replaced" if existed else "Saved"
        self.say(Text(f"✔ {verb} {path}", style="bold green"))
        self.notify(f"{verb} {path.name}: pick it on the setup screen.")

    def action_lock(self) -> None:
        """Sealed: the deck is done (Ctrl+S, named for what it does here)."""
        self._finish()

    def action_open(self) -> None:
        if self.sealed:
            return
        saved = saved_decks(self.all_cards)
        shipped = [(d.info.name, d.info.id) for d in self.cat.card_set.decks]

        def opened(choice: str | None) -> None:
            if not choice:
                return
            kind, _, key = choice.partition(":")
            if kind == "shipped":
                deck = self.cat.card_set.deck(key)
                self.load(f"{deck.info.name} (copy)", [(c.id, c.copies) for c in deck.cards])
            elif kind == "saved":
                deck = saved[int(key)]
                self.load(deck.name, deck.cards, deck)

        self.app.push_screen(OpenDeckScreen(saved, shipped), opened)

    def load(self, name: str, cards, saved: SavedDeck | None = None) -> None:
        """Start from a deck list; unknown cards are left out and said so."""
        self.counts = {}
        dropped = []
        for card_id, copies in cards:
            if card_id in self.pool and copies > 0:
                self.counts[card_id] = self.counts.get(card_id, 0) + copies
            else:
                dropped.append(card_id)
        self.query_one("#pc-name", Input).value = name
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
        if self.sealed:
            self.dismiss(None)
        else:
            self.app.pop_screen()
