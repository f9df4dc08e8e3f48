"""Power Rangers CCG (2008) on screen: hands, the hand-cost picker, the reveal, elements."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ....engine import Event
from ....engine.grammar import second_person
from ....games.pr_ccg_2008.cards import Card
from ....games.pr_ccg_2008.models import (
    CancelSelection,
    ChooseElement,
    PayCard,
    PlayNothing,
    SeatView,
    SelectCard,
    View,
)
from ...game_screen import GameScreen
from ...seats import seat_tag
from ...setup_options import SetupOption
from ...widgets import CardFace, LogPanel, PileView
from ...widgets.card_menu import MenuEntry
from ...widgets.footer import TableFooter
from ...widgets.inspector import Inspector
from ...widgets.table import CardInfo, Zone
from ...widgets.table_screen import CardTable

GAME = "pr-ccg-2008"

STEP_HELP = {
    "select": "Step 2: choose a card (Enter) or play nothing (n)",
    "pay": "Step 3: pay the Hand Cost with other cards (Enter); c cancels",
    "locked": "Locked in. Waiting for the other player…",
    "element": "Step 6A: choose the element your opponent must use",
    "wait": "Waiting for the other player…",
    "over": "The game is over.",
}


def _deck_choices():
    from ....games.pr_ccg_2008.cards import catalog

    return tuple((d.info.name, d.info.id) for d in catalog().card_set.decks)


def _deck_blurb(deck_id) -> str:
    from ....games.pr_ccg_2008.cards import catalog

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


def card_marks(card: Card, view: View) -> str:
    """After the name on the chip: ⚔ the opponent's element(s), the values, ✹ Damage."""
    values = " ".join(f"{letter}{card.values[e]}" for e, _n, letter in view.elements)
    return f"⚔{element_letters(card.battle_elements, view)} {values} ✹{card.damage}"


def card_info(card: Card, view: View, key: str, zone: str, owner: str, **kw) -> CardInfo:
    note = kw.pop("note", "")
    highlight = kw.pop("highlight", None)
    marks = kw.pop("marks", "")
    return CardInfo(
        key=key,
        face=card_face(card, view, note, highlight),
        game_id=GAME,
        zone=zone,
        owner=owner,
        cost=str(card.hand_cost),
        keywords=("Hand Cost", "Battle Element", "Damage"),
        marks=f"{marks}{card_marks(card, view)}",
        **kw,
    )


class PrCcgScreen(CardTable, GameScreen):
    UNDO_STOPS = "a draw, a reveal or another player's locked-in card"
    SEAT_ACTIONS = GameScreen.SEAT_ACTIONS | {"nothing", "cancel", "element"}
    BINDINGS = [
        Binding("n", "nothing", "Play nothing"),
        Binding("c", "cancel", "Cancel"),
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("1", "element(0)", "Element 1", show=False),
        Binding("2", "element(1)", "Element 2", show=False),
        Binding("3", "element(2)", "Element 3", show=False),
        Binding("4", "element(3)", "Element 4", show=False),
    ]
    HELP_KEYS = [
        ("↑↓ / j k", "move through your hand (every card, playable or not)"),
        ("Tab / Shift+Tab", "move to the next zone: the table, the discard piles"),
        ("Enter/click", "select the card to play, then pay its Hand Cost card by card"),
        ("y / Enter", "confirm: a card locked in face down cannot be taken back"),
        ("n", "play nothing this round (a bluff; asks first)"),
        ("c / Esc", "take the selected card back before it is paid"),
        ("1-4", "choose the Battle Element when your card names several"),
        ("[2] ⚔B/M", "a card's Hand Cost, and the element(s) your OPPONENT must use"),
        ("B8 T6 …", "the card's value in each element; ✹ its Damage"),
        ("◉ $ +", "in your hand: ◉ selected to play, $ paid toward its Hand Cost, + just drawn"),
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
                yield Zone("Table:", vertical=True, id="pr-table", empty="no battle yet")
                yield Static(id="pr-battle")
                yield Inspector(id="inspector")
                yield Static(id="pr-me", classes="squad-bar")
                yield Static(id="pr-help")
                yield Zone(
                    "Your hand: \\[cost] name ⚔element values ✹damage",
                    vertical=True,
                    id="pr-hand",
                    empty="no cards in hand",
                )
                yield Static(id="pr-message")
            with Vertical(id="pr-side"):
                yield PileView(id="pile-0")
                yield PileView(id="pile-1")
                yield Zone("Discard piles", vertical=True, id="pr-discards", empty="empty")
                yield LogPanel(id="pr-log", anchored=True)
        yield TableFooter()

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
        self.apply_layout()
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
        self._show_discards(view)
        self.put("#pr-message", self.message)
        for i, s in enumerate(view.seats):
            self.query_one(f"#pile-{i}", PileView).show(f"{seat_tag(i)} deck", s.deck_count)
        self.query_one("#pr-log", LogPanel).sync(list(self.match.log_lines()))

    def _bar(self, s: SeatView, seat: int, view: View) -> Text:
        """Two lines whatever the width: the name, then the piles and what the seat is doing
        (on one line the piles wrapped at 80 columns and pushed the hand off the screen)."""
        text = Text.assemble(
            (f"{seat_tag(seat)} {s.name}", f"bold {'red' if seat == 0 else 'blue'}"),
            (f" ({s.deck_name})", "italic"),
            f"\n▤ deck {s.deck_count}  ◫ hand {s.hand_count}  ⌫ discard {len(s.discard)}",
        )
        if view.phase == "select":
            text.append(
                "  ▣ locked in" if s.locked else "  … choosing", style="bold" if s.locked else "dim"
            )
        elif view.phase == "element" and s.element_pending:
            # (the table says "elements next": "an element" wrapped at 80 columns)
            text.append("  … choosing", style="dim")
        return text

    def _show_table(self, view: View, me_seat: int, them_seat: int) -> None:
        """The battle area: both cards face up in step 6A, else the last battle's cards."""
        cards: list[CardInfo] = []
        if view.phase == "element":
            for seat, label in ((them_seat, "their card"), (me_seat, "your card")):
                card = view.battle_cards[seat]
                if card is not None:
                    s = view.seats[seat]
                    cards.append(
                        card_info(
                            card,
                            view,
                            f"battle-{seat}",
                            f"the battle, face up ({label})",
                            f"{seat_tag(seat)} {s.name}",
                            marks=f"{seat_tag(seat)} ",
                        )
                    )
            self.query_one("#pr-table", Zone).show(cards)
            self.put("#pr-battle", Text("Both cards are face up: elements next.", style="italic"))
            return
        last = view.last
        if last is None:
            self.query_one("#pr-table", Zone).show([])
            self.put(
                "#pr-battle", Text("Round 1: choose a card, or bluff with nothing.", style="dim")
            )
            return
        for seat in (them_seat, me_seat):
            card = view.last_cards[seat]
            if card is None:
                continue
            used = last.elements[seat]
            note = f"uses {used.upper()}: {last.powers[seat]}" if used else "unopposed"
            s = view.seats[seat]
            cards.append(
                card_info(
                    card,
                    view,
                    f"last-{last.round}-{seat}",
                    f"the last battle (round {last.round}), {note}",
                    f"{seat_tag(seat)} {s.name}",
                    note=note,
                    highlight=used,
                    marks=f"{seat_tag(seat)} ",
                )
            )
        self.query_one("#pr-table", Zone).show(cards)
        self.put("#pr-battle", Text(f"Last: {second_person(last.text)}", style="italic"))

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
        """Every card in hand is on the table and can be read; those that can't be played
        now carry the rule's reason (the inspector shows it, Enter says it)."""
        fresh = set()
        if view.last and view.last.drawn and seat is not None and view.last.winner == 1 - seat:
            fresh = {cid for cid, _ in me.hand[-(view.last.drawn + 1) : -1]}
        selected = me.selected[0] if me.selected else None
        paid = {cid for cid, _ in me.paid}
        legal = set()
        if seat is not None and mode in ("select", "pay") and not self.waiting:
            legal = {getattr(a, "card", None) for a in self.match.legal_actions(seat)}
        owner = f"{seat_tag(seat)} {me.name}" if seat is not None else ""
        infos = []
        for cid, card in me.hand:
            mark = (
                "◉ " if cid == selected else "$ " if cid in paid else "+ " if cid in fresh else ""
            )
            reason = ""
            if cid not in legal and mode in ("select", "pay") and seat is not None:
                action = PayCard(card=cid) if mode == "pay" else SelectCard(card=cid)
                if cid == selected:
                    reason = "this is the card you are paying for (c takes it back)"
                elif cid in paid:
                    reason = "already paid toward the Hand Cost (c takes it back)"
                else:
                    reason = self.why_not(action)
            where = (
                "your hand: selected to play"
                if cid == selected
                else "your hand: paid toward the Hand Cost"
                if cid in paid
                else "your hand"
            )
            infos.append(
                card_info(
                    card,
                    view,
                    cid,
                    where,
                    owner,
                    marks=mark,
                    actionable=cid in legal,
                    reason=reason,
                )
            )
        hand = self.query_one("#pr-hand", Zone)
        hand.show(infos)
        if seat is not None and mode in ("select", "pay") and not self.waiting:
            self._focus_playable(hand, legal)

    def _focus_playable(self, hand: Zone, legal: set) -> None:
        """A new seat, or a focused card that can't take the next step: go to one that can."""
        card = self.focused_card()
        stuck = card is not None and card.parent is hand and card.info.key not in legal
        if self._fresh_seat or card is None or stuck:
            self._fresh_seat = False
            target = next((c.info.key for c in hand.cards if c.info.key in legal), None)
            self.request_focus(hand.focus_card, target)

    def _show_discards(self, view: View) -> None:
        infos = []
        for seat, s in enumerate(view.seats):
            for n, card in enumerate(reversed(s.discard)):
                infos.append(
                    card_info(
                        card,
                        view,
                        f"discard-{seat}-{len(s.discard) - n}",
                        second_person(f"{s.name}'s discard pile ({n + 1} from the top)"),
                        f"{seat_tag(seat)} {s.name}",
                        marks=f"{seat_tag(seat)} ",
                    )
                )
        self.query_one("#pr-discards", Zone).show(infos)

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
        elif any(cards):  # Step 6B: equal values (the rulebook's "draw": nobody draws)
            verdict = ["equal: no Damage", "equal: no Damage"]
        else:  # Step 5: neither played a card
            verdict = ["nothing happens", "nothing happens"]
        table.add_row("result", *verdict)
        return table

    # -- input -------------------------------------------------------------------
    def card_moves(self, info: CardInfo) -> tuple[list[MenuEntry], str]:
        seat = self.session.on_screen
        if seat is None:
            return [], "you are watching"
        view = self.match.view(seat)
        me = view.seats[seat]
        hand = dict(me.hand)
        if info.key not in hand:
            return [], "no move uses it: it is on the table or in a discard pile"
        card = hand[info.key]
        legal = self.match.legal_actions(seat)
        if me.selected is not None:
            if me.selected[0] == info.key:
                return [
                    MenuEntry("Take it back (and the cards paid)", CancelSelection(), key="c")
                ], ""
            pay = PayCard(card=info.key)
            if pay not in legal:
                return [], info.reason or self.why_not(pay)
            last = len(me.paid) + 1 >= me.selected[1].hand_cost
            confirm = (
                f"Pay with {card.name} and lock in {me.selected[1].name} face down? "
                "A card locked in cannot be taken back."
                if last and not self.take_back_follows(seat)
                else ""
            )
            return [MenuEntry(f"Pay the Hand Cost with {card.name}", pay, confirm=confirm)], ""
        select = SelectCard(card=info.key)
        if select not in legal:
            return [], info.reason or self.why_not(select)
        if card.hand_cost == 0:
            question = (
                f"Lock in {card.name} face down? It costs nothing, so it is your choice for "
                "this round at once and cannot be taken back."
            )
            if self.take_back_follows(seat):  # (the curtain's u takes it back)
                question = ""
            return [MenuEntry(f"Play {card.name} (Hand Cost 0)", select, confirm=question)], ""
        label = f"Select {card.name}, then pay its Hand Cost of {card.hand_cost} card by card"
        return [MenuEntry(label, select)], ""

    def action_nothing(self) -> None:
        if self.waiting:
            self.busy()
            return
        seat = self.session.on_screen
        if seat is not None and self.take_back_follows(seat):
            self.submit(PlayNothing())  # (the curtain that follows offers u to take it back)
            return
        self.confirm(
            "Play nothing this round? You are locked in at once (a bluff) and cannot take it back.",
            PlayNothing(),
            "n",
            "Play nothing (bluff)",
        )

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
        element = card.battle_elements[index]
        theirs = view.battle_cards[1 - self.session.on_screen]
        value = f" (their value {theirs.values[element]})" if theirs is not None else ""
        self.confirm(
            f"Your opponent must use {element.upper()}{value}? This choice is locked in.",
            ChooseElement(element=element),
            str(index + 1),
            f"Element {element.upper()}",
        )

    def seat_changed(self) -> None:
        self.forget_cards()

    def summary(self) -> Text:
        view = self.match.view(None)
        text = Text(self.outcome_line() + "\n\n")
        for i, s in enumerate(view.seats):
            text.append(f"{seat_tag(i)} {s.name} ({s.deck_name}): ", style="bold")
            text.append(f"deck {s.deck_count}, hand {s.hand_count}, discard {len(s.discard)}\n")
        text.append(
            f"\nRounds: {view.round} · actions: {len(self.match.actions)} · seed {self.match.seed}"
        )
        return text
