"""Power Rangers CCG (2008) on screen: hands, the hand-cost picker, the reveal, elements."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import Event
from ...games.pr_ccg_2008.cards import Card
from ...games.pr_ccg_2008.models import (
    CancelSelection,
    ChooseElement,
    PayCard,
    PlayNothing,
    SeatView,
    SelectCard,
    View,
)
from ..game_screen import GameScreen
from ..screens.curtain import seat_tag
from ..setup_options import SetupOption
from ..widgets import CardFace, CardView, LogPanel, PileView

STEP_HELP = {
    "select": "Step 2: choose a card (Enter) or play nothing (n)",
    "pay": "Step 3: pay the Hand Cost with other cards (Enter); c cancels",
    "locked": "Locked in. Waiting for the other player…",
    "element": "Step 6A: choose the element your opponent must use",
    "wait": "Waiting for the other player…",
    "over": "The game is over.",
}


def _deck_choices():
    from ...games.pr_ccg_2008.cards import catalog

    return tuple((d.info.name, d.info.id) for d in catalog().card_set.decks)


def _deck_blurb(deck_id) -> str:
    from ...games.pr_ccg_2008.cards import catalog

    for d in catalog().card_set.decks:
        if d.info.id == deck_id:
            return d.info.blurb
    return ""


def _default_decks():
    ids = [value for _, value in _deck_choices()]
    return (ids[0], ids[1 % len(ids)])


class _LazyDefault(tuple):
    """Per-seat deck defaults, read from the card files only when setup opens."""

    def __getitem__(self, index):
        return _default_decks()[index]


def element_letters(elements: tuple[str, ...], view: View) -> str:
    letters = {e[0]: e[2] for e in view.elements}
    return "/".join(letters.get(e, e[:1].upper()) for e in elements)


def values_text(card: Card, view: View, highlight: str | None = None) -> Text:
    """'B8 T6 M5 C3', the compared element in reverse video (never colour alone)."""
    text = Text()
    for element_id, _name, letter in view.elements:
        value = card.values[element_id]
        style = "bold reverse" if element_id == highlight else ""
        text.append(f"{letter}{value}", style=style)
        text.append(" ")
    return text


def card_line(card: Card, view: View, mark: str = " ") -> Text:
    return Text.assemble(
        (f"{mark}", "bold"),
        (f"[{card.hand_cost}] ", "bold"),
        (f"{card.name[:18]:<18} ", "bold"),
        (f"⚔{element_letters(card.battle_elements, view):<7}", ""),
        values_text(card, view),
        (f" ✹{card.damage}", "bold"),
    )


def card_face(card: Card, view: View, note: str = "", highlight: str | None = None) -> CardFace:
    return CardFace(
        title=card.name,
        letter=str(card.hand_cost),
        kind="cost",
        subtitle=f"Hand Cost {card.hand_cost} · Damage {card.damage}",
        extra=(
            f"Opponent uses: {' or '.join(e.upper() for e in card.battle_elements)}",
            values_text(card, view, highlight),
        ),
        note=note,
    )


class PrCcgScreen(GameScreen):
    BINDINGS = [
        Binding("n", "nothing", "Play nothing"),
        Binding("c", "cancel", "Cancel"),
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("1", "element(0)", "Element 1", show=False),
        Binding("2", "element(1)", "Element 2", show=False),
        Binding("3", "element(2)", "Element 3", show=False),
        Binding("4", "element(3)", "Element 4", show=False),
        Binding("j", "cursor(1)", "Down", show=False),
        Binding("k", "cursor(-1)", "Up", show=False),
    ]
    HELP_KEYS = [
        ("↑↓ / j k", "move through your hand"),
        ("Enter/click", "select the card to play, then pay its Hand Cost card by card"),
        ("n", "play nothing this round (a bluff)"),
        ("c / Esc", "take the selected card back before it is paid"),
        ("1-4", "choose the Battle Element when your card names several"),
        ("[2] ⚔B/M", "a card's Hand Cost, and the element(s) your OPPONENT must use"),
        ("B8 T6 …", "the card's value in each element; ✹ its Damage"),
    ]
    SETUP_OPTIONS = (
        SetupOption(
            "decks",
            "Deck",
            _deck_choices,
            per_seat=True,
            default=_LazyDefault(),
            describe=_deck_blurb,
        ),
        SetupOption(
            "opening_hand",
            "Opening hand",
            tuple((f"{n} cards" if n else "0 (as written)", str(n)) for n in range(0, 8)),
            default="0",
            help="House rule: cards drawn before the first round.",
        ),
    )

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        yield Static(id="pr-status")
        with Horizontal(id="pr-main"):
            with Vertical(id="pr-board"):
                yield Static(id="pr-opponent", classes="squad-bar")
                with Horizontal(id="pr-table"):
                    yield CardView(id="pr-their-card")
                    yield CardView(id="pr-my-card")
                yield Static(id="pr-battle")
                yield Static(id="pr-me", classes="squad-bar")
                yield Static(id="pr-help")
                yield OptionList(id="pr-hand")
                yield Static(id="pr-message")
            with Vertical(id="pr-side"):
                yield PileView(id="pile-0")
                yield PileView(id="pile-1")
                yield LogPanel(id="pr-log")
        yield Footer()

    # -- rendering ---------------------------------------------------------------
    def _mode(self, view: View, seat: int | None) -> str:
        if view.phase == "over":
            return "over"
        if seat is None or seat not in view.to_act:
            me = view.seats[seat] if seat is not None else None
            return "locked" if me is not None and me.locked and view.phase == "select" else "wait"
        if view.phase == "element":
            return "element"
        return "pay" if view.seats[seat].selected else "select"

    def show_view(self, view: View, seat: int | None) -> None:
        me_seat = seat if seat is not None else 0
        them_seat = 1 - me_seat
        me, them = view.seats[me_seat], view.seats[them_seat]
        mode = self._mode(view, seat)
        acting = ", ".join(f"{seat_tag(i)} {view.seats[i].name}" for i in view.to_act) or "—"
        self.put(
            "#pr-status",
            Text.assemble(
                ("PR CCG 2008", "bold"),
                f"  Round {view.round}",
                ("  │ ", "dim"),
                (f"{seat_tag(me_seat)} {me.name}" if seat is not None else "spectator", "bold"),
                ("  │ to act: ", "dim"),
                acting,
            ),
        )
        self.put("#pr-opponent", self._bar(them, them_seat, view))
        self.put("#pr-me", self._bar(me, me_seat, view))
        self._show_table(view, me_seat, them_seat)
        help_text = Text(STEP_HELP[mode], style="bold")
        if mode == "pay" and me.selected:
            cost = me.selected[1].hand_cost
            help_text = Text(
                f"Step 3: pay {me.selected[1].name}'s Hand Cost: {len(me.paid)} of {cost} paid. "
                "Enter: pay with the highlighted card · c: cancel",
                style="bold",
            )
        if mode == "element":
            help_text = self._element_help(view, me_seat)
        self.put("#pr-help", help_text)
        self._show_hand(view, me, mode, seat)
        self.put("#pr-message", self.message)
        for i, s in enumerate(view.seats):
            self.query_one(f"#pile-{i}", PileView).show(f"{seat_tag(i)} deck", s.deck_count)
        self.query_one("#pr-log", LogPanel).sync(list(self.match.log_lines()))

    def _bar(self, s: SeatView, seat: int, view: View) -> Text:
        text = Text.assemble(
            (f"{seat_tag(seat)} {s.name}", f"bold {'red' if seat == 0 else 'blue'}"),
            (f" ({s.deck_name})", "italic"),
            f"  ▤ deck {s.deck_count}  ◫ hand {s.hand_count}  ⌫ discard {len(s.discard)}",
        )
        if view.phase == "select":
            text.append(
                "\n▣ locked in" if s.locked else "\n… choosing", style="bold" if s.locked else "dim"
            )
        elif view.phase == "element" and s.element_pending:
            text.append("\n… choosing an element", style="dim")
        return text

    def _show_table(self, view: View, me_seat: int, them_seat: int) -> None:
        mine = self.query_one("#pr-my-card", CardView)
        theirs = self.query_one("#pr-their-card", CardView)
        if view.phase == "element":
            cards = view.battle_cards
            theirs.show(card_face(cards[them_seat], view, f"{view.seats[them_seat].name}'s card"))
            mine.show(card_face(cards[me_seat], view, "your card"))
            self.put("#pr-battle", Text("Both cards are face up: elements next.", style="italic"))
            return
        last = view.last
        if last is None:
            theirs.show(None, "no battle yet")
            mine.show(None, "no battle yet")
            self.put(
                "#pr-battle", Text("Round 1: choose a card, or bluff with nothing.", style="dim")
            )
            return
        for widget, s in ((theirs, them_seat), (mine, me_seat)):
            card = view.last_cards[s]
            if card is None:
                widget.show(None, f"{view.seats[s].name}: no card")
            else:
                used = last.elements[s]
                note = f"uses {used.upper()}: {last.powers[s]}" if used else "unopposed"
                widget.show(card_face(card, view, note, highlight=used))
        self.put("#pr-battle", Text(f"Last: {last.text}", style="italic"))

    def _element_help(self, view: View, me_seat: int) -> Text:
        theirs = view.battle_cards[1 - me_seat]
        mine = view.battle_cards[me_seat]
        text = Text("Step 6A: choose the element your opponent must use:  ", style="bold")
        for i, element in enumerate(mine.battle_elements):
            text.append(
                f"{i + 1}) {element.upper()} → their {theirs.values[element]}  ",
                style="bold reverse",
            )
        return text

    def _show_hand(self, view: View, me: SeatView, mode: str, seat: int | None) -> None:
        hand = self.query_one("#pr-hand", OptionList)
        fresh = set()
        if view.last and view.last.drawn and seat is not None and view.last.winner == 1 - seat:
            fresh = {cid for cid, _ in me.hand[-(view.last.drawn + 1) : -1]}
        selected = me.selected[0] if me.selected else None
        paid = {cid for cid, _ in me.paid}
        rows = []
        for cid, card in me.hand:
            mark = "▶" if cid == selected else "$" if cid in paid else "+" if cid in fresh else " "
            disabled = (mode == "pay" and (cid == selected or cid in paid)) or mode not in (
                "select",
                "pay",
            )
            if mode == "select" and card.hand_cost > len(me.hand) - 1:
                disabled = True
            rows.append((cid, card_line(card, view, mark), disabled))
        key = tuple((cid, line.plain, dis) for cid, line, dis in rows)
        if self._shown.get("#pr-hand") != key:
            self._shown["#pr-hand"] = key
            keep = hand.highlighted or 0
            hand.clear_options()
            for cid, line, dis in rows:
                hand.add_option(Option(line, id=cid, disabled=dis))
            if rows:
                enabled = [i for i, (_, _, dis) in enumerate(rows) if not dis]
                if enabled:
                    hand.highlighted = keep if keep in enabled else enabled[0]
        hand.border_title = "Your hand  (\\[cost] name ⚔ opponent's element  values ✹ damage)"
        if seat is not None and mode in ("select", "pay") and not self.waiting:
            hand.focus()

    def reveal_body(self, events: tuple[Event, ...]):
        reveals = [e for e in events if e.kind == "reveal"]
        if not reveals:
            return None
        view = self.match.view(self.session.viewer())
        lines: list = []
        if view.last is not None and view.phase != "element" and view.last.round >= view.round - 1:
            lines.append(self._battle_table(view))
        lines.extend(
            Text(f"· {e.text}")
            for e in events
            if e.kind in ("reveal", "step", "roll", "defeat", "over")
        )
        return Group(*lines)

    def _battle_table(self, view: View) -> Table:
        last = view.last
        table = Table(box=None, show_header=True, pad_edge=False)
        table.add_column("")
        for i, s in enumerate(view.seats):
            table.add_column(f"{seat_tag(i)} {s.name}", style="bold" if last.winner == i else "")
        cards = view.last_cards
        table.add_row("card", *[(c.name if c else "nothing (bluff)") for c in cards])
        if any(last.elements):
            table.add_row("must use", *[(e or "").upper() for e in last.elements])
            table.add_row("power", *[str(p) for p in last.powers])
        verdict = ["", ""]
        if last.winner is not None:
            verdict[last.winner] = f"★ wins, {last.damage} Damage"
            verdict[1 - last.winner] = f"draws {last.drawn}" if last.drawn else "out of cards"
        else:
            verdict = ["draw", "draw"]
        table.add_row("result", *verdict)
        return table

    # -- input -------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if not event.option.id:
            return
        view = self.match.view(self.session.on_screen)
        me = view.seats[self.session.on_screen] if self.session.on_screen is not None else None
        if me is not None and me.selected is not None:
            self.submit(PayCard(card=event.option.id))
        else:
            self.submit(SelectCard(card=event.option.id))

    def action_nothing(self) -> None:
        self.submit(PlayNothing())

    def action_cancel(self) -> None:
        self.submit(CancelSelection())

    def action_element(self, index: int) -> None:
        view = self.match.view(self.session.on_screen)
        if view.phase != "element" or self.session.on_screen is None:
            self.set_message(
                Text(
                    "✘ Step 6A: elements are chosen once both cards are face up.", style="bold red"
                )
            )
            return
        card = view.battle_cards[self.session.on_screen]
        if index >= len(card.battle_elements):
            self.set_message(
                Text(
                    f"✘ Step 6A: your card names {len(card.battle_elements)} element(s).",
                    style="bold red",
                )
            )
            return
        self.submit(ChooseElement(element=card.battle_elements[index]))

    def action_cursor(self, step: int) -> None:
        hand = self.query_one("#pr-hand", OptionList)
        (hand.action_cursor_down if step > 0 else hand.action_cursor_up)()

    def summary(self) -> Text:
        view = self.match.view(None)
        text = Text(self.match.outcome().summary + "\n\n")
        for i, s in enumerate(view.seats):
            text.append(f"{seat_tag(i)} {s.name} ({s.deck_name}): ", style="bold")
            text.append(f"deck {s.deck_count}, hand {s.hand_count}, discard {len(s.discard)}\n")
        text.append(
            f"\nRounds: {view.round} · actions: {len(self.match.actions)} · seed {self.match.seed}"
        )
        return text
