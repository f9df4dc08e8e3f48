"""ZOOBOTZ on screen: 2-6 seats, Botz with value, RISK, USED/UNUSED and SHIELD marks,
RESEARCH bars, invested cards, the starting hand, pending decisions and HACK targeting.

Everything shown comes from the View of the seat on screen; every choice offered comes from
`match.legal_actions` for that seat, so a menu can only hold legal moves. Keys that act on
the highlighted card or Bot build the Action directly: an illegal one is refused by the
rules and its rule is shown.
"""

from __future__ import annotations

from dataclasses import replace

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ....engine.grammar import second_person
from ....games.zoobotz.models import (
    DEFAULT_DECKS,
    Bottom,
    BotView,
    Choose,
    EndTurn,
    Hack,
    Invest,
    Keep,
    Play,
    Research,
    SeatView,
    Shield,
    View,
)
from ....games.zoobotz.models import CardFace as ZCard
from ...game_screen import GameScreen
from ...screens.base import BaseModal
from ...seats import seat_tag, you_mark
from ...setup_options import SetupOption
from ...widgets import LogPanel, TrackerView
from ...widgets.card_menu import MenuEntry
from ...widgets.footer import TableFooter
from ...widgets.inspector import Inspector
from ...widgets.quiet import set_border_labels
from ...widgets.scrolling import MoveList
from ...widgets.table import CardInfo, TableCard, Zone
from ...widgets.table_screen import CardTable
from .cards import (
    FRESH_MARK,
    KIND_LETTER,
    KIND_NAME,
    SHIELD_MARK,
    UNUSED_MARK,
    USED_MARK,
    bot_info,
    bot_mark,
    discard_cards,
    hand_info,
    hidden_hand,
    marks_meaning,
    seat_cards,
)
from .cards import card_face as card_face  # the deck builder imports it from here
from .keys import MoveKeys
from .menus import Entry, Menu

SEAT_STYLES = ("red", "blue", "green", "yellow", "magenta", "cyan")
LOG_GLYPHS = {
    "turn": "↻",
    "start": "↻",
    "invest": "⊞",
    "play": "▶",
    "research": "✚",
    "shield": "◈",
    "hack": "⚔",
    "risk": "◆",
    "destroy": "✝",
    "heal": "♥",
    "unuse": "○",
    "choice": "☞",
    "draw": "▤",
}
LEGEND = (
    "○ UNUSED · ● USED · ◈ SHIELD (USED to SHIELD) · ✧ new (played this turn: can't be USED) · "
    "v value · R RISK (at its value the Bot goes to the discard) · ✝ would go to the discard · "
    "▤ deck · ◫ hand · ⌫ discard · ⊞ invested (○ UNUSED / all) · ⚙ modules · ▶ whose turn · "
    "[B] Bot [P] program [M] module · ▸ something to do with it · ✓ can be played now · "
    "▒▒▒ a card face down (another player's hand)"
)


# -- setup: a deck per seat, shipped or saved ------------------------------------------------------
def _pool(cards_dir: str | None = None):
    from ....games.zoobotz.cards import catalog

    return catalog(cards_dir)


def _deck_choices() -> tuple[tuple[str, str], ...]:
    from ....decklists.zoobotz import saved_decks

    cat = _pool()
    shipped = tuple((deck.name, deck.id) for deck in cat.decks.values())
    saved = tuple((f"★ {d.name} (yours)", d.choice) for d in saved_decks(cat.cards) if d.ok)
    return shipped + saved


def _deck_blurb(choice) -> str:
    deck = _pool().decks.get(str(choice))
    if deck is None:
        return "A deck you built and saved in the deck builder."
    return deck.blurb or deck.plan


def _deck_warnings() -> list[str]:
    from ....decklists.zoobotz import saved_decks

    return [d.report() for d in saved_decks(_pool().cards) if not d.ok]


def _resolve_decks(values) -> tuple:
    from ....decklists.zoobotz import resolve_choice

    pool = _pool().cards
    return tuple(resolve_choice(v, pool) for v in values)


class _DefaultDecks(tuple):
    """Seat N plays the N-th shipped deck by default (the rules' own default order)."""

    def __getitem__(self, index):
        return DEFAULT_DECKS[index % len(DEFAULT_DECKS)]


# -- drawing cards and Botz ------------------------------------------------------------------------
def card_line(card: ZCard, cost: int | None = None) -> Text:
    """One line for the compact card text: '[B] Data Dodo · Bot · COST 2 · value 3 — text'."""
    text = Text.assemble((f"[{KIND_LETTER[card.kind]}]", "bold reverse"), " ", (card.name, "bold"))
    text.append(f" · {KIND_NAME[card.kind]} · COST {card.cost if cost is None else cost}")
    if card.value is not None:
        text.append(f" · value {card.value}")
    text.append(" — ")
    text.append(card.text.replace("\n", " ") or "No abilities.", style="italic")
    return text


def _click(action: str) -> Style:
    return Style(meta={"@click": action})


def bot_token(bot: BotView, level: int, clickable: bool = True) -> Text:
    """A Bot on the table: level 0 in full, 1 short, 2 tiny; always value, RISK and marks."""
    glyph, letters, word = bot_mark(bot)
    name = bot.card.name
    click = _click(f"screen.click_bot({bot.instance!r})") if clickable else Style()
    if level == 0:
        text = Text(" ")
        text.append(f"{name[:18]:<18}", style=Style(bold=True) + click)
        bar = "■" * min(bot.risk, bot.value) + "□" * max(0, bot.value - bot.risk)
        text.append(f" v{bot.value}  RISK {bar} {bot.risk}/{bot.value}  ")
        text.append(f"{glyph} {word}", style="bold" if bot.used else "")
        if bot.fresh:
            text.append(f" {FRESH_MARK[0]} new", style="italic")
        if bot.armor:
            text.append(f" armor {bot.armor}", style="dim")
        if bot.hack:
            text.append(f" HACK+{bot.hack}", style="dim")
        return text
    short = name if level == 1 and len(name) <= 12 else name.split()[-1][: 9 if level == 1 else 6]
    text = Text()
    text.append(short, style=Style(bold=True) + click)
    text.append(f" v{bot.value} R{bot.risk} ")
    text.append(f"{glyph}{letters}", style="bold" if bot.used else "")
    if bot.fresh:
        text.append(f"{FRESH_MARK[0]}")
    return text


class TableScreen(BaseModal):
    """The whole public table in full (every Bot, module and discard pile), scrollable."""

    BINDINGS = [Binding("escape,enter,space,v", "close", "Close")]

    def __init__(self, body: Text):
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with VerticalScroll(classes="dialog zb-table-dialog"):
            yield Static(Text("The table (public)", style="bold"), classes="dialog-title")
            yield Static(self.body, id="zb-table-body")
            yield Static(Text("Enter, Esc or click: close · ↑↓ scroll", style="dim"))

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)


class ZoobotzScreen(MoveKeys, CardTable, GameScreen):
    FIRST_FRAME_WIDGETS = (VerticalScroll, TrackerView, MoveList)
    UNDO_STOPS = "a draw, a card invested or played (shown to all)"
    BOT_PACE = 0.4  # a turn is many small actions: keep 5 bots from stalling the table
    SEAT_ACTIONS = GameScreen.SEAT_ACTIONS | {
        *("play", "invest", "research", "hack", "shield", "end_turn", "bottom", "keep", "pick"),
        "coach_key",
    }
    BINDINGS = [
        Binding("p", "play", "Play"),
        Binding("i", "invest", "Invest"),
        Binding("r", "research", "Research"),
        Binding("a", "hack", "Hack"),
        Binding("d", "shield", "Shield"),
        # (the footer says "End" at 80 columns, so u Undo and s Save fit beside the moves'
        # keys: the first binding is listed on a wide screen, the second on a compact one)
        Binding("e", "end_turn('wide')", "End turn"),
        Binding("e", "end_turn('compact')", "End"),
        Binding("b", "bottom", "To bottom"),
        Binding("e", "keep", "Keep hand"),
        Binding("v", "table", "Table", show=False),
        # 80 columns have no room for C Coach beside u, s and the moves' keys: the coach's
        # key is listed from 120 columns (GameScreen's binding) and works at any width (this)
        Binding("C", "coach_key", "Coach", show=False),
        Binding("escape", "close_menu", "Back", show=False),
        Binding("j", "cursor(1)", "Down", show=False),
        Binding("k", "cursor(-1)", "Up", show=False),
        *(Binding(str(n), f"pick({n})", f"Choice {n}", show=False) for n in range(1, 10)),
    ]
    HELP_KEYS = [
        ("↑↓ / j k", "move through your hand and your Botz"),
        ("Tab / Shift+Tab", "to the next zone: every player's Botz and hand, the discard piles"),
        ("Enter/click", "what the highlighted card or Bot can do now (legal choices only)"),
        ("p", "play the highlighted card: USE invested cards equal to its COST"),
        ("i", "invest the highlighted card face down, UNUSED (once per turn)"),
        ("r", "USE the highlighted Bot to RESEARCH with as many invested cards as it can"),
        ("a", "USE the highlighted Bot to HACK: choose one of the Botz it may HACK"),
        ("d", "USE the highlighted Bot to SHIELD"),
        ("e", "end your turn (starting hand: keep it and draw back to 6)"),
        ("b", "starting hand: send the highlighted card to the bottom of your deck"),
        ("1-9", "pick a numbered choice; a Bot's name on the table can be clicked too"),
        ("Esc", "close a menu"),
        ("v", "the whole table: every player's Botz, modules and discard pile (public)"),
        ("marks", LEGEND),
    ]
    SETUP_OPTIONS = (
        SetupOption(
            "decks",
            "Deck",
            _deck_choices,
            per_seat=True,
            default=_DefaultDecks(),
            convert=_resolve_decks,
            warnings=_deck_warnings,
            describe=_deck_blurb,
            help="A shipped deck or one saved in the deck builder (Ctrl+B).",
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.menu: Menu | None = None
        self.mode = "wait"
        self.seat_count = len(self.match.seats)
        self._view: View | None = None
        self._seat: int | None = None
        #: card instance -> (face, Bot in play or None, COST for its owner or None)
        self._cards: dict[str, tuple[ZCard, BotView | None, int | None]] = {}
        self._list_key: tuple = ()
        #: the card a menu was opened from (zone id, place, key), focused again when it closes
        self._return_to: tuple[str, int, str] | None = None
        #: the parts of the controls made so far (`_hands_panel`, `_middle`)
        self._made: dict[str, Vertical] = {}

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        yield Static(id="zb-status")
        with VerticalScroll(id="zb-table"):
            for i in range(self.seat_count):
                with Vertical(id=f"seat-{i}", classes=f"zb-seat zb-seat-{i}"):
                    with Horizontal(classes="zb-seat-head"):
                        yield Static(id=f"seat-name-{i}", classes="zb-seat-name")
                        yield TrackerView(id=f"research-{i}", classes="zb-research")
                    yield Static(id=f"seat-body-{i}", classes="zb-seat-body")
                    yield Zone(
                        vertical=True,
                        id=f"botz-{i}",
                        classes="zb-botz",
                        empty="no Botz in play",
                        frames=True,  # (each Bot a card frame where the room allows)
                    )
                    yield Zone("◫", id=f"hand-{i}", classes="zb-their-hand", empty="no cards")
        yield Static(id="zb-prompt")
        with Horizontal(id="zb-controls"):
            # before the log: the hand, Botz and list ("zb-hands") and the card box over the
            # discard piles ("zb-middle"), each made the first time it is shown
            yield LogPanel(glyphs=LOG_GLYPHS, id="zb-log", anchored=True)
        yield Static(id="zb-detail")
        yield Static(id="zb-message")
        yield TableFooter()

    # -- the parts made when first shown ---------------------------------------------------------
    def _hands_panel(self) -> Vertical:
        """The seat's hand, Botz and list, made the first time a seat is on screen: a first
        frame shows the table before the curtain names a seat, and a spectator has no hand."""
        panel = self._made.get("zb-hands")
        if panel is None:
            panel = self._made["zb-hands"] = Vertical(id="zb-hands")
            self.query_one("#zb-controls").mount(panel, before=0)
            panel.mount(
                Zone(vertical=True, id="zb-hand", empty="no cards in hand"),
                Zone(vertical=True, id="zb-mine", empty="no Botz in play"),
                MoveList(id="zb-list"),
            )
        return panel

    def _middle(self) -> Vertical:
        """The card box over the public discard piles: shown on a wide screen only
        (screen.tcss), made the first time the screen is wide or the inspector is asked
        for. Made the same as compose would (the zone's title before its cards)."""
        middle = self._made.get("zb-middle")
        if middle is None:
            middle = self._made["zb-middle"] = Vertical(id="zb-middle")
            self.query_one("#zb-controls").mount(middle, before="#zb-log")
            inspector = Inspector(id="inspector")
            inspector.show(self._hovered or self._focused_info)  # (drawn once mounted)
            discards = Zone(vertical=True, id="zb-discards", empty="empty")
            middle.mount(inspector, discards)
            discards.set_title("Discard piles (public)")
        return middle

    def inspector(self) -> Inspector:
        self._middle()
        return super().inspector()

    # -- layout ---------------------------------------------------------------------------------
    def _columns(self) -> int:
        n = self.seat_count
        if self.compact:
            return 1 if n == 1 else 2
        return n if n <= 3 else 2 if n == 4 else 3

    def _layout(self) -> None:
        if not self.apply_layout():
            return
        self.set_class(self.seat_count >= 5, "-crowded")
        table = self.query_one("#zb-table")
        cols = self._columns()
        table.styles.grid_size_columns = cols
        table.styles.grid_size_rows = 0

    def layout_changed(self) -> None:
        self._list_key = ()
        self.refresh_bindings()  # (e End turn, or e End at 80 columns)

    # -- rendering ------------------------------------------------------------------------------
    def _mode(self, view: View, seat: int | None) -> str:
        if view.phase == "over":
            return "over"
        if seat is None or seat not in view.to_act:
            if view.phase == "mulligan" and seat is not None:
                return "set"
            return "wait"
        if view.phase == "mulligan":
            return "mulligan"
        if view.decision is not None:
            return "decision"
        return "main"

    def show_view(self, view: View, seat: int | None) -> None:
        self._layout()
        mode = self._mode(view, seat)
        if mode != self.mode:
            self.mode = mode
            self.refresh_bindings()
        if mode not in ("main", "mulligan"):
            self.menu = None
        self._view, self._seat = view, seat
        self._cards = {}
        for s in view.seats:
            for bot in s.botz:
                self._cards[bot.instance] = (bot.card, bot, None)
        if seat is not None:
            me = view.seats[seat]
            for n, (inst, face) in enumerate(me.hand):
                self._cards[inst] = (face, None, me.costs[n] if n < len(me.costs) else None)
        self.put("#zb-status", self._status(view, seat))
        compact = self.compact
        legal = self._legal() if mode == "main" and not self.waiting else []
        usable = {a.bot for a in legal if isinstance(a, Research | Shield | Hack)}
        usable |= {a.target for a in legal if isinstance(a, Hack)}
        for i, s in enumerate(view.seats):
            self.put(f"#seat-name-{i}", self._seat_name(view, i, s, seat))
            roomy = not compact and self._panel_width() >= 60
            self.query_one(f"#research-{i}", TrackerView).show(
                "RESEARCH" if roomy else "RES", s.research, view.goal, 5 if compact else 10
            )
            self.put(f"#seat-body-{i}", self._seat_body(view, i, s, seat, compact))
            self.query_one(f"#botz-{i}", Zone).show(seat_cards(view, i, s, usable))
            marks = (view.active == i and view.phase != "mulligan", s.out, seat == i)
            if self._shown.get(f"#seat-{i}") != marks:  # restyling is dear: only on change
                self._shown[f"#seat-{i}"] = marks
                panel = self.query_one(f"#seat-{i}")
                for on, name in zip(marks, ("-active", "-out", "-me"), strict=True):
                    panel.set_class(on, name)
        self.put("#zb-prompt", self._prompt(view, seat, mode))
        self._show_hands(view, seat, mode, legal, usable)
        self._show_list(view, seat, mode)
        self.put("#zb-message", self.message)
        if not compact:
            self._middle()
            self.query_one("#zb-discards", Zone).show(discard_cards(view))
        self.query_one("#zb-log", LogPanel).sync(list(self.match.log_lines()))

    def _status(self, view: View, seat: int | None) -> Text:
        text = Text.assemble(("ZOOBOTZ", "bold"), " ")
        if view.phase == "mulligan":
            text.append(" Starting hands")
        else:
            active = view.seats[view.active]
            text.append(f" Turn {view.turn} · ")
            text.append(
                f"▶ {seat_tag(view.active)} {active.name}", style=f"bold {self._style(view.active)}"
            )
            if view.phase == "main" and view.invests_left:
                text.append(f" · may invest {view.invests_left}")
        text.append("  │ ", style="dim")
        if seat is None:
            text.append("spectator", style="bold")
        else:
            text.append(f"{seat_tag(seat)} {view.seats[seat].name}", style="bold")
        text.append(f"  │ goal {view.goal} RESEARCH", style="dim")
        return text

    def _style(self, seat: int) -> str:
        return SEAT_STYLES[seat % len(SEAT_STYLES)]

    def _seat_name(self, view: View, i: int, s: SeatView, me: int | None) -> Text:
        active = view.active == i and view.phase not in ("mulligan",)
        text = Text("▶" if active else " ", style="bold")
        text.append(f"{seat_tag(i)} {s.name}", style=f"bold {self._style(i)}")
        if i == me:
            text.append(you_mark(s.name), style="italic")
        if s.out:
            text.append(" ✝ OUT", style="bold")
        elif s.shielded:
            text.append(f" {SHIELD_MARK[0]}{SHIELD_MARK[1]}", style="bold")
        if view.phase == "mulligan":
            text.append(" ✔ set" if s.mulligan_done else " … choosing", style="dim")
        elif not self.compact:
            text.append(f"  {s.deck_name}", style="italic dim")
        return text

    def _panel_width(self) -> int:
        width = self.app.size.width - 2  # the table's scrollbar gutter
        return max(20, width // self._columns() - 2)

    def _seat_body(self, view: View, i: int, s: SeatView, me: int | None, compact: bool) -> Text:
        """The counts of a seat; its Botz and modules are cards in the zone below."""
        if compact:
            line = Text(
                f"▤{s.deck_count} ◫{s.hand_count} ⌫{len(s.discard)} "
                f"⊞{s.invested_unused}○/{s.invested_count}"
            )
            if view.phase == "mulligan" and s.bottomed:
                line.append(f" ↓{s.bottomed} to bottom")
            return line
        lines = [
            Text(f"▤ deck {s.deck_count}   ◫ hand {s.hand_count}   ⌫ discard {len(s.discard)}")
        ]
        used = s.invested_count - s.invested_unused
        line = Text(f"⊞ invested {s.invested_count}: ")
        line.append(f"{UNUSED_MARK[0]} {s.invested_unused} UNUSED", style="bold")
        line.append(f" · {USED_MARK[0]} {used} USED")
        lines.append(line)
        if i == me and s.invested:
            lines.append(
                Text(
                    "  yours, face down: " + ", ".join(c.name for c in s.invested),
                    style="dim italic",
                )
            )
        if view.phase == "mulligan" and s.bottomed:
            lines.append(Text(f"↓ {s.bottomed} card(s) sent to the bottom of the deck"))
        return Text("\n").join(lines)

    def _prompt(self, view: View, seat: int | None, mode: str) -> Text:
        if self.menu is not None:
            return Text(self.menu.title + "  (Enter or 1-9 · Esc: back)", style="bold")
        if mode == "over":
            return Text(view.outcome.summary if view.outcome else "The game is over.", style="bold")
        if mode == "wait":
            active = view.seats[view.active]
            if view.phase == "mulligan":
                return Text("Players are choosing their starting hands…", style="italic")
            return Text(
                second_person(f"▶ {seat_tag(view.active)} {active.name} is playing…"),
                style="italic",
            )
        me = view.seats[seat]  # type: ignore[index]
        if mode == "set":
            return Text("Your starting hand is set. Waiting for the others…", style="italic")
        if mode == "mulligan":
            sent = f" ({me.bottomed} sent)" if me.bottomed else ""
            return Text(
                f"Starting hand{sent}: b sends the highlighted card to the bottom of your "
                "deck · e keeps the hand and draws back to 6",
                style="bold",
            )
        if mode == "decision":
            decision = view.decision
            return Text(f"☞ {decision.prompt}", style="bold")  # type: ignore[union-attr]
        return Text(
            f"Your turn · {me.invested_unused} UNUSED invested · "
            "Enter: choices for the highlighted card or Bot",
            style="bold",
        )

    # -- the hand and Botz as cards; the list: a menu, or a decision's options ----------------------
    def _rows(self, view: View, seat: int | None, mode: str) -> list[tuple[str, Text, bool]]:
        if seat is None:
            return []
        rows: list[tuple[str, Text, bool]] = []
        if self.menu is not None:
            for n, entry in enumerate(self.menu.entries, 1):
                rows.append((f"m:{n - 1}", Text.assemble((f"{n}) ", "bold"), entry.label), False))
            return rows
        if mode == "decision" and view.decision is not None:
            for n, option in enumerate(view.decision.options, 1):
                rows.append(
                    (f"c:{option.id}", Text.assemble((f"{n}) ", "bold"), option.label), False)
                )
        return rows

    def _hand_cards(self, view: View, seat: int, mode: str, legal: list) -> list[CardInfo]:
        """The seat's own hand, face up: ▸ when it can be played, invested or (starting hand)
        sent to the bottom; else the rule that stops it, for the inspector."""
        me = view.seats[seat]
        playable = {a.card for a in legal if isinstance(a, Play)}
        investable = {a.card for a in legal if isinstance(a, Invest)}
        cards = []
        for n, (inst, card) in enumerate(me.hand):
            cost = me.costs[n] if n < len(me.costs) else None
            act = mode == "mulligan" or inst in playable or inst in investable
            reason = ""
            if mode == "main" and not act and not self.waiting:
                reason = self.why_not(Play(card=inst))
            elif mode == "decision":
                reason = "first answer the question above"
            marks = f"COST {card.cost if cost is None else cost}"
            if card.value is not None:
                marks += f" v{card.value}"
            if inst in playable:
                marks += " ✓"
            cards.append(
                replace(
                    hand_info(view, seat, inst, card, cost),
                    marks=marks,
                    actionable=act,
                    reason=reason,
                )
            )
        return cards

    def _show_hands(
        self, view: View, seat: int | None, mode: str, legal: list, usable: set[str]
    ) -> None:
        for i, s in enumerate(view.seats):
            zone = self.query_one(f"#hand-{i}", Zone)
            zone.display = i != seat
            if i != seat:
                zone.show(hidden_hand(view, i, s))
        if seat is None:
            return
        self._hands_panel()
        me = view.seats[seat]
        hand = self.query_one("#zb-hand", Zone)
        hand.set_title(f"Hand ({len(me.hand)})" if view.phase != "mulligan" else "Starting hand")
        hand.show(self._hand_cards(view, seat, mode, legal))
        mine = self.query_one("#zb-mine", Zone)
        mine.set_title(f"Your Botz ({len(me.botz)})")
        mine.show([bot_info(view, seat, b, b.instance in usable) for b in me.botz])

    def _show_list(self, view: View, seat: int | None, mode: str) -> None:
        if "zb-hands" not in self._made:  # (no seat on screen yet)
            self._show_card()
            return
        options = self.query_one("#zb-list", OptionList)
        panel = self.query_one("#zb-hands")
        panel.display = seat is not None  # a spectator (bots only) has no hand: more log
        rows = self._rows(view, seat, mode)
        listing = bool(rows)
        options.display = listing
        # the list asks in the hand's place
        self.query_one("#zb-hand", Zone).display = not listing
        self.query_one("#zb-mine", Zone).display = not listing and view.phase != "mulligan"
        key = (tuple((i, t.plain, d) for i, t, d in rows), self.menu is not None)
        if key != self._list_key:
            self._list_key = key
            keep = None
            if options.highlighted is not None and options.option_count:
                keep = options.get_option_at_index(options.highlighted).id
            options.clear_options()
            options.add_options([Option(text, id=i, disabled=d) for i, text, d in rows])
            ids = [i for i, _, _ in rows]
            if ids:
                options.highlighted = ids.index(keep) if keep in ids else 0
        if self.menu is not None:
            title = "Choose"
        elif mode == "decision":
            title = "Answer"
        elif seat is None:
            title = "Spectating"
        else:
            title = "Your hand and Botz" if mode != "wait" else "Your hand (not your turn)"
        set_border_labels(panel, border_title=title)
        acting = seat is not None and mode in ("main", "mulligan", "decision")
        if acting and not self.waiting and self.app.screen is self:
            card = self.focused_card()
            if listing:
                if card is None or self.menu is not None:
                    self.focus_now(options)  # a card on the table keeps the player's focus
            else:
                self._focus_back()
        self._show_card()

    def _focus_back(self) -> None:
        """Back from a menu or a move: on the card it was opened from or, that card gone, on
        the card now at its place; a new seat starts on its hand."""
        back, self._return_to = self._return_to, None
        hand = self.query_one("#zb-hand", Zone)
        if isinstance(self.focused, TableCard) and not self._fresh_seat and back is None:
            return  # on a card (or on one leaving: its zone puts the focus at its place)
        if back is not None and not self._fresh_seat:
            zone_id, index, key = back
            zone = next((z for z in self.query(Zone) if z.id == zone_id), None)
            if zone is not None and zone.display and zone.cards:
                keys = [c.info.key for c in zone.cards]
                target = key if key in keys else keys[min(index, len(keys) - 1)]
                self.request_focus(zone.focus_card, target, False)
                return
        mine = self.query_one("#zb-mine", Zone)
        first = hand if hand.cards or not mine.cards else mine
        if self._fresh_seat or self.focused_card() is None:
            self._fresh_seat = False
            self.request_focus(first.focus_card, None, False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_card()

    def _highlighted_id(self) -> str | None:
        if "zb-hands" not in self._made:
            return None
        options = self.query_one("#zb-list", OptionList)
        if options.highlighted is None or not options.option_count:
            return None
        return options.get_option_at_index(options.highlighted).id

    def _show_card(self) -> None:
        """The highlighted card of the list in the inspector (a card on the table, when it
        has the focus or the mouse, comes first)."""
        option = self._highlighted_id() or ""
        inst = None
        if option[:2] in ("h:", "b:"):
            inst = option[2:]
        elif option.startswith("m:") and self.menu is not None:
            inst = self.menu.entries[int(option[2:])].card
        elif option.startswith("c:"):
            inst = option[2:]
        info = self._info(inst)
        if self.focused_card() is None:
            self._focused_info = info
        self.inspect_now()

    def _info(self, inst: str | None) -> CardInfo | None:
        hit = self._cards.get(inst or "")
        view, seat = self._view, self._seat
        if hit is None or view is None:
            return None
        face, bot, cost = hit
        if bot is not None:
            owner = next(
                i
                for i, s in enumerate(view.seats)
                if any(b.instance == bot.instance for b in s.botz)
            )
            for info in seat_cards(view, owner, view.seats[owner], set()):
                if info.key == inst:
                    return info
        return hand_info(view, seat if seat is not None else 0, inst or "", face, cost)

    def inspect_now(self) -> None:
        if "zb-middle" in self._made:  # (else it shows this card when it is made)
            super().inspect_now()
        info = self._hovered or self._focused_info
        if info is None:
            self._detail(Text(LEGEND, style="dim"))
            return
        self._detail(self._detail_lines(info))

    def _detail_lines(self, info: CardInfo) -> Text:
        """The compact card box (80x24): three lines, each cut at the edge rather than
        wrapped: the card and where it lies; its text; what its marks say in words (a Bot's
        value, RISK and state) or why it cannot be played."""
        hit = self._cards.get(info.key)
        if hit is None:
            head = Text(info.face.title or "a card face down", style="bold")
            if info.marks:
                head.append(f" · {info.marks}")
            head.append(f" · {info.zone}", style="dim")
            lines = [head]
        else:
            card, bot, cost = hit
            head = Text.assemble(
                (f"[{KIND_LETTER[card.kind]}]", "bold reverse"), " ", (card.name, "bold")
            )
            head.append(f" · {KIND_NAME[card.kind]} · COST {card.cost if cost is None else cost}")
            if card.value is not None:
                head.append(f" · value {card.value}")
            head.append(f" · {info.zone}", style="dim")
            text = card.text.replace("\n", " ") or "No abilities."
            lines = [head, Text(text, style="italic")]
            if bot is not None:
                lines.append(Text(marks_meaning(bot)))
            elif info.reason:
                lines.append(Text(f"✘ {info.reason}", style="dim"))
            elif info.marks:
                lines.append(
                    Text(info.marks + ("  ✓ can be played now" if "✓" in info.marks else ""))
                )
        body = Text("\n").join(lines)
        body.no_wrap = True
        body.overflow = "ellipsis"
        return body

    def _detail(self, line: Text) -> None:
        """The compact card line: a fixed height, so a new card redraws it alone."""
        if self._shown.get("#zb-detail") != line:
            self._shown["#zb-detail"] = line
            self.query_one("#zb-detail", Static).update(line, layout=False)

    def seat_changed(self) -> None:
        self.forget_cards()
        self._return_to = None

    def open_card(self, info: CardInfo) -> None:
        """A card on the table chosen: a HACK target, an answer, one of yours to USE."""
        if self.waiting:
            self.busy()
            return
        kind = info.data[0] if isinstance(info.data, tuple) else ""
        if kind == "bot":
            self.action_click_bot(info.key)
            return
        if kind == "hand":
            self._card_menu(info.key)
            return
        self._say(f"No move uses {info.face.title} now: it is {info.zone}.")

    def card_moves(self, info: CardInfo) -> tuple[list[MenuEntry], str]:
        return [], ""  # ZOOBOTZ's menus live in its list (open_card above)

    # -- keys and clicks ------------------------------------------------------------------------
    def check_action(self, action: str, parameters) -> bool | None:
        if not GameScreen.check_action(self, action, parameters):
            return False
        if action == "coach":
            return not self.compact
        if action == "coach_key":
            return GameScreen.check_action(self, "coach", parameters)
        mode = self.mode
        if action == "end_turn" and parameters and parameters[0] in ("wide", "compact"):
            if (parameters[0] == "compact") != self.compact:
                return False  # (the other of the two is listed)
        if action in ("bottom", "keep"):
            return mode == "mulligan"
        if action in ("play", "invest", "research", "hack", "shield", "end_turn"):
            return mode in ("main", "decision")
        return True

    def _after(self, events) -> None:
        # "locked in" is for the secret starting hands; once turns begin, nobody is waiting.
        # Cleared here, before the next seat's curtain is put up with the note on it.
        if isinstance(self.message, str) and self.message.startswith("▣"):
            if self.match.view(None).phase != "mulligan":
                self.message = ""
        super()._after(events)

    def _legal(self) -> list:
        seat = self.session.on_screen
        return self.match.legal_actions(seat) if seat is not None else []

    def _selected(self, prefix: str) -> str | None:
        """The focused card of the hand ("h:") or Bot of yours ("b:"), or the list's row."""
        card = self.focused_card()
        if card is not None:
            kind, owner = card.info.data if isinstance(card.info.data, tuple) else ("", None)
            if prefix == "h:" and kind == "hand":
                return card.info.key
            if prefix == "b:" and kind == "bot" and owner == self.session.on_screen:
                return card.info.key
            return None
        option = self._highlighted_id() or ""
        return option[2:] if option.startswith(prefix) else None

    def _say(self, text: str) -> None:
        self.set_message(Text(text, style="bold yellow"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option = event.option.id or ""
        if option.startswith("m:") and self.menu is not None:
            entry = self.menu.entries[int(option[2:])]
            self._run(entry)
        elif option.startswith("c:"):
            self.submit(Choose(option=option[2:]))
        elif option.startswith("h:"):
            self._card_menu(option[2:])
        elif option.startswith("b:"):
            self._bot_menu(option[2:])

    def _run(self, entry: Entry) -> None:
        self.menu = None
        if entry.action is None:
            self._list_key = ()
            self.redraw()
            return
        if not self.submit(entry.action):
            self._list_key = ()
            self.redraw()

    def _open(self, menu: Menu) -> None:
        self.menu = menu
        card = self.focused_card()
        if card is not None and isinstance(card.parent, Zone) and card.parent.id:
            zone = card.parent
            self._return_to = (zone.id, zone.cards.index(card), card.info.key)
        self.message = ""
        self.redraw()

    def action_close_menu(self) -> None:
        if self.menu is not None:
            self.menu = None
            self.redraw()

    def action_pick(self, n: int) -> None:
        if self.menu is not None:
            if n <= len(self.menu.entries):
                self._run(self.menu.entries[n - 1])
            return
        if self.mode == "decision" and self._view is not None and self._view.decision:
            choices = self._view.decision.options
            if n <= len(choices):
                self.submit(Choose(option=choices[n - 1].id))

    def action_cursor(self, step: int) -> None:
        """j/k outside a zone: move in the list when it asks, else go to the hand."""
        if "zb-hands" not in self._made:  # (no seat on screen: no list, no hand)
            return
        options = self.query_one("#zb-list", OptionList)
        if options.display:
            (options.action_cursor_down if step > 0 else options.action_cursor_up)()
            return
        for zone_id in ("#zb-hand", "#zb-mine"):
            if self.query_one(zone_id, Zone).focus_card():
                return

    def _card_menu(self, inst: str) -> None:
        hit = self._cards.get(inst)
        if hit is None:
            return
        face = hit[0]
        if self.mode == "mulligan":
            self._open(
                Menu(
                    f"{face.name}: your starting hand",
                    (
                        Entry(
                            Text("↓ Send it to the bottom of your deck"), Bottom(card=inst), inst
                        ),
                        Entry(Text("✔ Keep the hand as it is (draw back to 6)"), Keep(), inst),
                        Entry(Text("Back", style="dim"), None, inst),
                    ),
                    "card",
                    inst,
                )
            )
            return
        entries = []
        for action in self._legal():
            if isinstance(action, Play) and action.card == inst:
                cost = hit[2] if hit[2] is not None else face.cost
                entries.append(
                    Entry(Text(f"▶ Play it: USE {cost} UNUSED invested card(s)"), action, inst)
                )
            elif isinstance(action, Invest) and action.card == inst:
                entries.append(
                    Entry(Text("⊞ Invest it: face down, UNUSED, worth 1 COST"), action, inst)
                )
        if not entries:
            self.submit(Play(card=inst))  # not playable: the rules say why
            return
        entries.append(Entry(Text("Back", style="dim"), None, inst))
        self._open(Menu(f"{face.name}: what to do with it", tuple(entries), "card", inst))

    def _bot_menu(self, inst: str) -> None:
        hit = self._cards.get(inst)
        if hit is None:
            return
        entries = []
        legal = [
            a for a in self._legal() if isinstance(a, Research | Shield | Hack) and a.bot == inst
        ]
        research = sorted((a for a in legal if isinstance(a, Research)), key=lambda a: -a.cards)
        for action in research:
            entries.append(
                Entry(
                    Text(f"✚ RESEARCH with {action.cards} invested card(s): +{action.cards}"),
                    action,
                    inst,
                )
            )
        for action in legal:
            if isinstance(action, Shield):
                entries.append(Entry(Text("◈ SHIELD: no opposing Bot can RESEARCH"), action, inst))
        for action in legal:
            if isinstance(action, Hack):
                entries.append(self._hack_entry(action, hit[1]))
        if not entries:
            self.submit(Shield(bot=inst))  # not usable now: the rules say why
            return
        entries.append(Entry(Text("Back", style="dim"), None, inst))
        self._open(Menu(f"USE {hit[0].name}", tuple(entries), "bot", inst))

    def _hack_entry(self, action: Hack, mine: BotView | None) -> Entry:
        target = self._cards.get(action.target)
        if target is None or target[1] is None or mine is None or self._view is None:
            return Entry(Text(f"⚔ HACK {action.target}"), action, action.target)
        theirs = target[1]
        owner = next(
            i
            for i, s in enumerate(self._view.seats)
            if any(b.instance == theirs.instance for b in s.botz)
        )
        deals = max(0, mine.value + mine.hack - theirs.armor)
        takes = max(0, theirs.value - mine.armor)
        glyph, _, word = bot_mark(theirs)
        label = Text.assemble(
            "⚔ HACK ",
            (theirs.card.name, "bold"),
            (f" ({seat_tag(owner)} {self._view.seats[owner].name})", self._style(owner)),
            f" v{theirs.value} R{theirs.risk} {glyph} {word}: deals {deals}",
        )
        if theirs.risk + deals >= theirs.value:
            label.append(" ✝", style="bold")
        label.append(f", takes {takes}")
        if mine.risk + takes >= mine.value:
            label.append(" ✝", style="bold")
        return Entry(label, action, action.target)

    def _hack_menu(self, inst: str) -> None:
        hit = self._cards.get(inst)
        if hit is None:
            return
        hacks = [a for a in self._legal() if isinstance(a, Hack) and a.bot == inst]
        if not hacks:
            view = self._view
            seat = self.session.on_screen
            others = [
                b.instance
                for i, s in enumerate(view.seats if view else ())
                if i != seat and not s.out
                for b in s.botz
            ]
            if not others:
                self.set_message(Text("✘ HACK: no opposing Bot is in play.", style="bold red"))
                self.app.bell()
                return
            # Nothing it may HACK: the rules say why (UNUSED Botz, a SHIELD first, ...)
            self.submit(Hack(bot=inst, target=others[0]))
            return
        entries = [self._hack_entry(a, hit[1]) for a in hacks]
        entries.append(Entry(Text("Back", style="dim"), None, inst))
        self._open(
            Menu(f"HACK with {hit[0].name}: choose the target", tuple(entries), "hack", inst)
        )

    def _need(self, prefix: str, what: str, rule: str = "") -> str | None:
        inst = self._selected(prefix)
        if inst is None and rule and not self._own_botz():
            # nothing to highlight: say what the move needs rather than where to look
            self.set_message(
                Text(f"✘ {rule}: you have no Botz in play; play a Bot first.", style="bold red")
            )
            self.app.bell()
        elif inst is None:  # (↑↓ stay inside a zone: Tab goes from one to the next)
            zone = "Your Botz" if prefix == "b:" else "your Hand"
            self._say(f"Highlight {what} first (Tab to {zone}, then ↑↓ or j/k).")
        return inst

    def _own_botz(self) -> bool:
        view, seat = self._view, self.session.on_screen
        return bool(view and seat is not None and view.seats[seat].botz)

    def action_bottom(self) -> None:
        inst = self._need("h:", "a card of your starting hand")
        if inst is not None:
            self.submit(Bottom(card=inst))

    def action_keep(self) -> None:
        self.menu = None
        self.submit(Keep())

    def action_end_turn(self, width: str = "") -> None:
        self.menu = None
        if self.waiting:
            self.busy()
            return
        left = [a for a in self._legal() if not isinstance(a, EndTurn)]
        if not left or self.mode != "main":
            self.submit(EndTurn())
            return
        plays = len({a.card for a in left if isinstance(a, Play)})
        invest = any(isinstance(a, Invest) for a in left)
        botz = len({a.bot for a in left if isinstance(a, Research | Shield | Hack)})
        can = [
            f"play {plays} card(s)" if plays else "",
            "invest a card" if invest else "",
            f"USE {botz} Bot(s)" if botz else "",
        ]
        self.confirm(
            "End your turn? You could still " + ", ".join(c for c in can if c) + ".",
            EndTurn(),
            "e",
            "End the turn",
        )

    def action_click_bot(self, inst: str) -> None:
        """A Bot's name clicked on the table: a target, a choice, or one of yours to USE."""
        if self.waiting:
            return
        if self.menu is not None and self.menu.kind == "hack":
            for entry in self.menu.entries:
                if isinstance(entry.action, Hack) and entry.action.target == inst:
                    self._run(entry)
                    return
            self._say("That Bot can't be HACKed now: choose one of the targets listed.")
            return
        if self.mode == "decision" and self._view is not None and self._view.decision:
            if inst in {o.id for o in self._view.decision.options}:
                self.submit(Choose(option=inst))
            else:
                self._say("That Bot is not one of the choices.")
            return
        view, seat = self._view, self.session.on_screen
        if self.mode == "main" and view is not None and seat is not None:
            if any(b.instance == inst for b in view.seats[seat].botz):
                self.menu = None
                self._bot_menu(inst)
                return
            hacks = [a for a in self._legal() if isinstance(a, Hack) and a.target == inst]
            if hacks:  # one of theirs: the HACKs that may hit it
                mine = {b.instance: b for b in view.seats[seat].botz}
                entries = [self._hack_entry(a, mine.get(a.bot)) for a in hacks]
                entries.append(Entry(Text("Back", style="dim"), None, inst))
                name = self._cards[inst][0].name if inst in self._cards else inst
                self._open(Menu(f"HACK {name}: with which Bot?", tuple(entries), "hack", inst))
                return
            self._say(
                "No HACK can reach that Bot now: a USED Bot of yours HACKs (a), "
                "and a SHIELD stops it."
            )
            return
        self._say("Nothing to do with that Bot now: it is not your turn to act.")

    def action_table(self) -> None:
        """Everything public on the table, in full, for terminals too small to show it all."""
        view = self.match.view(self.session.viewer())
        body = Text()
        for i, s in enumerate(view.seats):
            body.append(f"{seat_tag(i)} {s.name}", style=f"bold {self._style(i)}")
            body.append(
                f" · {s.research}/{view.goal} RESEARCH · ▤{s.deck_count} ◫{s.hand_count} "
                f"⊞{s.invested_unused}○/{s.invested_count}" + (" · ✝ OUT" if s.out else "") + "\n"
            )
            for bot in s.botz:
                body.append_text(bot_token(bot, 0, clickable=False))
                body.append("\n")
            if s.modules:
                body.append("  ⚙ " + ", ".join(f.name for _, f in s.modules) + "\n")
            discard = ", ".join(c.name for c in s.discard) if s.discard else "empty"
            body.append(f"  ⌫ discard: {discard}\n", style="dim")
        self.app.push_screen(TableScreen(body))

    def action_undo(self) -> None:
        self.menu = None
        super().action_undo()

    def action_coach_key(self) -> None:
        self.action_coach()

    def summary(self) -> Text:
        view = self.match.view(None)
        text = Text(self.outcome_line() + "\n\n")
        for i, s in enumerate(view.seats):
            text.append(f"{seat_tag(i)} {s.name} ({s.deck_name}): ", style="bold")
            n = len(s.botz)
            state = "out" if s.out else f"{n} Bot{'' if n == 1 else 'z'} in play"
            text.append(f"{s.research} RESEARCH, {state}, deck {s.deck_count}\n")
        text.append(
            f"\nTurns: {view.turn} · actions: {len(self.match.actions)} · seed {self.match.seed}"
        )
        return text
