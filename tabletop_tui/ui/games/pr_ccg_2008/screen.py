"""Power Rangers CCG (2008) on screen: hands, the hand-cost picker, the reveal, elements."""

from __future__ import annotations

import textwrap
from dataclasses import replace

from rich.console import Group
from rich.panel import Panel
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
from ...widgets import CardFace, LogPanel, PileView
from ...widgets.card_menu import MenuEntry
from ...widgets.footer import TableFooter
from ...widgets.inspector import Inspector
from ...widgets.table import CardInfo, Zone
from ...widgets.table_screen import CardTable

GAME = "pr-ccg-2008"
#: a battle card's width at the reveal (two face to face fit the reveal's box)
PANEL_WIDTH = 30
#: a card in hand that can't be played now: dimmed, and this glyph (a frame adds a word)
UNPLAYABLE = "⊘ "
#: a hand card's state glyph in words, on a frame
MARK_WORDS = {"◉ ": "selected", "$ ": "paid", "+ ": "new", UNPLAYABLE: "can't play now"}
#: a card frame's least width here: three to a row in the hand at 120 columns, each with
#: room for a name line of NAME_CELLS (less its border, padding and focus marker)
FRAME_CELLS = 27
#: a longer name goes on two lines (`split_name`), never cut
NAME_CELLS = FRAME_CELLS - 5
#: the hand's title: on a wide screen the frames say what each number is
HAND_TITLE = "Your hand: \\[cost] name ⚔element values ✹damage"

STEP_HELP = {
    "select": "Step 2: choose a card (Enter) or play nothing (n)",
    "pay": "Step 3: pay the Hand Cost with other cards (Enter); c cancels",
    "locked": "Locked in. Waiting for the other player…",
    "element": "Step 6A: choose the element your opponent must use",
    "wait": "Waiting for the other player…",
    "over": "The game is over.",
}


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


def split_name(name: str) -> tuple[str, str]:
    """A name too long for a frame's line, in two lines at a space: ("Lily, Yellow Jungle",
    "Fury Ranger"); a short one whole: (name, "")."""
    if len(name) <= NAME_CELLS:
        return name, ""
    lines = textwrap.wrap(name, NAME_CELLS)
    return lines[0], " ".join(lines[1:])


def fit_line(line: str) -> list[str]:
    """A frame's line in the lines it needs: whole when it fits, else cut before its last
    "or" ("Opponent uses BEAST" / "or TECH"), else at spaces: never cut with "…"."""
    if len(line) <= NAME_CELLS:
        return [line]
    head, sep, tail = line.rpartition(" or ")
    if sep and len(head) <= NAME_CELLS and len(tail) + 3 <= NAME_CELLS:
        return [head, f"or {tail}"]
    return textwrap.wrap(line, NAME_CELLS)


def card_face(
    card: Card, view: View, note: str = "", highlight: str | None = None, framed: bool = False
) -> CardFace:
    """The card's face. `framed`: for a card frame, in three lines (its [cost] is on the
    border): the name, the element the opponent must use, the values and ✹ Damage; a long
    name on two (`split_name`), its second line under the first, never cut."""
    if framed:
        values = values_text(card, view, highlight)
        values.append(f"✹{card.damage}", style="bold")
        title, rest = split_name(card.name)
        return CardFace(
            title=title,
            subtitle=rest,
            letter=str(card.hand_cost),
            kind="cost",
            extra=(f"Opponent uses {' or '.join(e.upper() for e in card.battle_elements)}", values),
            # (not on the frame, whose border has the cost: the card box reads it in full)
            note=" · ".join(
                p for p in (f"Hand Cost {card.hand_cost} · Damage {card.damage}", note) if p
            ),
        )
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


def card_info(
    card: Card, view: View, key: str, zone: str, owner: str, framed: bool = False, **kw
) -> CardInfo:
    """A card on the table. `framed`: drawn as a card frame (a wide screen), whose lines
    say the element and values, so its last line is only its state (`marks`: ◉ $ +)."""
    note = kw.pop("note", "")
    highlight = kw.pop("highlight", None)
    marks = kw.pop("marks", "")
    face = card_face(card, view, note, highlight, framed)
    if framed:  # (a long name's second line, then the face's lines and the marks)
        own: list = [Text(face.subtitle, style="bold")] if face.subtitle else []
        for line in face.extra:
            own += fit_line(line) if isinstance(line, str) else [line]
        if marks.strip():
            own += [Text(m, style="bold") for m in fit_line(marks.strip())]
        kw["frame"] = tuple(own)
    return CardInfo(
        key=key,
        face=face,
        game_id=GAME,
        zone=zone,
        owner=owner,
        cost="" if framed else str(card.hand_cost),  # (a frame's [letter] is its cost)
        keywords=("Hand Cost", "Battle Element", "Damage"),
        marks=marks.strip() if framed else f"{marks}{card_marks(card, view)}",
        **kw,
    )


def _battle_card(view: View, seat: int) -> Panel:
    """One battle card at the reveal: its name, cost and Damage, its values with the one it
    fights in reversed, and what it scores there."""
    last = view.last if view.phase != "element" else None
    card = view.battle_cards[seat] if last is None else view.last_cards[seat]
    s = view.seats[seat]
    title = f"{seat_tag(seat)} {s.name}"
    if card is None:
        body = Text("nothing (a bluff)", style="italic")
        return Panel(body, title=title, title_align="left", width=PANEL_WIDTH)
    used = last.elements[seat] if last is not None else None
    body = Text(card.name, style="bold", no_wrap=True, overflow="ellipsis")
    body.append(f"\nHand Cost {card.hand_cost} · ✹ Damage {card.damage}\n")
    body.append_text(values_text(card, view, used))
    if used:
        body.append(f"\nfights in {used.upper()}: ")
        body.append(f" {last.powers[seat]} ", style="bold reverse")
    else:
        body.append(f"\n{fights_in(view, seat)}")
    won = last is not None and last.winner == seat
    return Panel(
        body,
        title=title,
        title_align="left",
        subtitle="★ wins" if won else None,
        subtitle_align="right",
        border_style="bold" if won else "",
        width=PANEL_WIDTH,
    )


def face_to_face(view: View) -> Table:
    """The two battle cards face to face (the reveal, on the public view when the keyboard
    is shared): the element each must fight in and, once known, the values compared."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column()
    grid.add_column(justify="center", vertical="middle")
    grid.add_column()
    last = view.last if view.phase != "element" else None
    middle = Text("vs", style="bold")
    if last is not None and all(p is not None for p in last.powers):
        a, b = last.powers
        middle = Text(f"{a} {'>' if a > b else '<' if a < b else '='} {b}", style="bold")
    grid.add_row(_battle_card(view, 0), middle, _battle_card(view, 1))
    return grid


def fights_in(view: View, seat: int) -> str:
    """The element `seat`'s battle card must fight in: the one the other card names, or
    those it names while its owner has still to choose (step 6A)."""
    other = view.battle_cards[1 - seat]
    if other is None:
        return "meets no card"
    chosen = view.seats[1 - seat].element
    named = (chosen,) if chosen else other.battle_elements
    return "fights in " + " or ".join(e.upper() for e in named)


class PrCcgScreen(CardTable, GameScreen):
    FIRST_FRAME_WIDGETS = (PileView,)
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
        (
            "◉ $ + ⊘",
            "in your hand: ◉ selected to play, $ paid toward its Hand Cost, + just drawn,"
            " ⊘ can't be played now (dimmed too)",
        ),
    ]

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        yield Static(id="pr-status")
        with Horizontal(id="pr-main"):
            with Vertical(id="pr-board"):
                yield Static(id="pr-opponent", classes="squad-bar")
                yield Zone(
                    "Table:",
                    vertical=True,
                    id="pr-table",
                    empty="no battle yet",
                    frames=True,
                    frame_width=FRAME_CELLS,
                )
                yield Static(id="pr-battle")
                yield Inspector(id="inspector")
                yield Static(id="pr-me", classes="squad-bar")
                yield Static(id="pr-help")
                yield Zone(
                    HAND_TITLE,
                    vertical=True,
                    id="pr-hand",
                    empty="no cards in hand",
                    frames=True,
                    frame_width=FRAME_CELLS,
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
        # (one line each on a wide screen; yours at 80 columns too: the hand needs the room)
        wide = not self.compact
        self.put("#pr-opponent", self._bar(them, them_seat, view, one_line=wide))
        self.put("#pr-me", self._bar(me, me_seat, view, one_line=wide or seat is not None))
        table = self.query_one("#pr-table", Zone)
        table.set_title("" if self.compact else "Table:")
        hand = self.query_one("#pr-hand", Zone)
        hand.set_title(HAND_TITLE if self.compact else "Your hand:")
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

    def _bar(self, s: SeatView, seat: int, view: View, one_line: bool = False) -> Text:
        """Two lines at 80 columns: the name, then the piles and what the seat is doing (on
        one line the piles wrapped and pushed the hand off the screen). `one_line`: a wide
        screen, or the seat on screen at 80 columns (no deck name: its hand shows it)."""
        name = (f"{seat_tag(seat)} {s.name}", f"bold {'red' if seat == 0 else 'blue'}")
        piles = f"▤ deck {s.deck_count}  ◫ hand {s.hand_count}  ⌫ discard {len(s.discard)}"
        if one_line and self.compact:
            return Text.assemble(name, f"  {piles}")
        text = Text.assemble(
            name, (f" ({s.deck_name})", "italic"), "  " if one_line else "\n", piles
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
                    framed = not self.compact
                    cards.append(
                        card_info(
                            card,
                            view,
                            f"battle-{seat}",
                            f"the battle, face up ({label})",
                            f"{seat_tag(seat)} {s.name}",
                            framed=framed,
                            marks=fights_in(view, seat) if framed else f"{seat_tag(seat)} ",
                            seat=seat,
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
            framed = not self.compact
            cards.append(
                card_info(
                    card,
                    view,
                    f"last-{last.round}-{seat}",
                    f"the last battle (round {last.round}), {note}",
                    f"{seat_tag(seat)} {s.name}",
                    framed=framed,
                    note=note,
                    highlight=used,
                    marks=note if framed else f"{seat_tag(seat)} ",
                    seat=seat,
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
            reason, unplayable = "", False
            if cid not in legal and mode in ("select", "pay") and seat is not None:
                action = PayCard(card=cid) if mode == "pay" else SelectCard(card=cid)
                if cid == selected:
                    reason = "this is the card you are paying for (c takes it back)"
                elif cid in paid:
                    reason = "already paid toward the Hand Cost (c takes it back)"
                else:
                    reason = self.why_not(action)
                    # (dimmed, and marked in a glyph and a word: never the dimming alone)
                    unplayable = bool(reason) and not mark
                    mark = UNPLAYABLE if unplayable else mark
            where = (
                "your hand: selected to play"
                if cid == selected
                else "your hand: paid toward the Hand Cost"
                if cid in paid
                else "your hand"
            )
            framed = not self.compact
            label = ""
            if framed and mark:  # (a frame says the state in words as well, on its top
                # border beside the cost: a line of its own made the hand a row too tall)
                label, mark = f"[{card.hand_cost}] {mark}{MARK_WORDS[mark]}", ""
            infos.append(
                card_info(
                    card,
                    view,
                    cid,
                    where,
                    owner,
                    framed=framed,
                    marks=mark,
                    actionable=cid in legal,
                    reason=reason,
                    seat=seat,
                    tone="unplayable" if unplayable else "",
                    label=label,
                )
            )
        hand = self.query_one("#pr-hand", Zone)
        hand.show(infos)
        if seat is not None and mode in ("select", "pay") and not self.waiting:
            self._focus_playable(hand, legal)

    def inspect_now(self) -> None:
        """The card box reads a long name on one line (its frame has it on two)."""
        info = self._hovered or self._focused_info
        if info is not None and info.frame is not None and info.face.subtitle:
            face = info.face
            whole = replace(face, title=f"{face.title} {face.subtitle}", subtitle="")
            info = replace(info, face=whole)
        self.inspector().show(info)

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
                        seat=seat,
                    )
                )
        self.query_one("#pr-discards", Zone).show(infos)

    def reveal_body(self, events: tuple[Event, ...]):
        reveals = [e for e in events if e.kind == "reveal"]
        if not reveals:
            return None
        # (the public view when several people share the keyboard: `public_moment`)
        view = self.match.view(self.session.viewer())
        lines: list = []
        if view.phase == "element":
            lines.append(face_to_face(view))
        elif view.last is not None and view.last.round >= view.round - 1:
            lines.append(face_to_face(view))
            lines.append(self._battle_table(view))
        # (step 6B's comparison is the cards' own: face to face above)
        lines.extend(
            Text(f"· {e.text}")
            for e in events
            if e.kind in ("reveal", "step", "defeat", "over")
            or (e.kind == "roll" and view.phase == "element")
        )
        return Group(*lines)

    def _battle_table(self, view: View) -> Table:
        last = view.last
        table = Table(box=None, show_header=True, pad_edge=False)
        table.add_column("")
        for i, s in enumerate(view.seats):
            table.add_column(f"{seat_tag(i)} {s.name}", style="bold" if last.winner == i else "")
        cards = view.last_cards  # (the cards, elements and powers: `face_to_face` above)
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
