"""Heroes of the Grid on screen, board first: every location, figure, Ranger, Zord, combat
card, enemy card and Scheme is a table-kit card the inspector reads in full.

Enter or a click on a card offers that card's moves; a card with many (an X cost, several
targets) asks the rest in follow-up prompts. The move list below is the same moves grouped
by card, never longer than `TOP_LEVEL_CAP`, each keeping its number while it is shown.

Co-operative hot-seat: hands are open to the whole team unless the setup option hides them,
so the keyboard passes between players without a curtain unless something is hidden.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ....engine import Event
from ....engine.grammar import owner as possessive
from ....games.hotg.models import (
    HQ,
    AttachPsycho,
    ChooseLocation,
    ChooseRanger,
    Draw,
    EndPhase,
    FlipToken,
    Focus,
    GiveEnergy,
    Move,
    Pass,
    Pick,
    PlaceCard,
    PlaceMarker,
    PlayCard,
    Recover,
    StartBattle,
    Target,
    UseAbility,
    UseZord,
    View,
)
from ...game_screen import GameScreen
from ...seats import you_mark
from ...widgets.card_menu import CardMenu, MenuEntry, StableKeys
from ...widgets.combat_grid import CombatGrid, GridCard
from ...widgets.footer import TableFooter
from ...widgets.inspector import Inspector
from ...widgets.log import LogPanel
from ...widgets.quiet import set_border_labels
from ...widgets.scrolling import MoveList
from ...widgets.table import CardInfo, TableCard, Zone
from ...widgets.table_screen import CardTable
from . import cards as hc
from .keys import LIST_KEYS, LastingKeys
from .moves import (
    DIE_FACES,
    TOP_LEVEL_CAP,
    Group,
    Pending,
    action_label,
    build_groups,
    card_names,
    confirm_question,
    prompt_options,
)
from .options import SETUP_OPTIONS
from .panels import info_text, status_text, summary_text

LOG_GLYPHS = {
    "deploy": "▼",
    "panic": "⚠",
    "battle": "⚔",
    "roll": "⚄",
    "damage": "✖",
    "defeat": "✝",
    "respawn": "↺",
    "move": "→",
    "recover": "♥",
    "zord": "⚙",
    "round": "↻",
    "xp": "★",
}
LEGEND = (
    "⚠P panicked · !F full · n/m figures/limit · ▶ active enemy card · ✔ resolved · ✝ defeated · "
    "◎ may be targeted · ♥ health · ⚔ hits · ⚡ energy · ◆ action tokens · [A] attack "
    "[M] maneuver [R] reaction · [F] foot soldier [M] monster [B] boss · [S] Scheme · ⚙ Zord"
)
#: the four outer locations around the headquarters (position -> grid cell of the cross)
CROSS = ("top", "right", "bottom", "left")
#: the terminal height from which the board stays on screen during a battle
BOARD_IN_BATTLE_FROM = 46
#: the terminal width from which the hand shows four cards to a row (three below)
HAND_FOUR_FROM = 150

#: the table's column, top to bottom. The parts most first frames hide (no battle, no
#: question, no Schemes, empty discard piles) are made the first time they are shown
#: (`HotgScreen._late`): that frame neither builds nor styles them (~18 widgets).
TABLE_ORDER = (
    "hg-board",
    "hg-battle-head",
    "hg-enemies",
    "hg-grid",
    "hg-decision",
    "hg-hand",
    "hg-schemes",
    "hg-players",
    "hg-scheme-discard",
    "hg-discards",
)
#: each late part: (its class, the arguments it is made with, the title its zone is given)
LATE: dict[str, tuple[type, dict, str]] = {
    "hg-battle-head": (Static, {}, ""),
    "hg-enemies": (Zone, {"vertical": True, "empty": "", "frames": True, "even": True}, ""),
    "hg-grid": (CombatGrid, {}, ""),
    "hg-decision": (Zone, {"empty": ""}, "Asked about:"),
    "hg-schemes": (Zone, {"empty": "none"}, "Schemes:"),
    "hg-scheme-discard": (Zone, {"vertical": True, "empty": ""}, "Schemes played:"),
    "hg-discards": (Zone, {"vertical": True, "empty": ""}, "Discard piles:"),
}
#: letter keys that open one kind of move
KIND_KEYS = {
    "move": (Move,),
    "focus": (Focus, ChooseRanger),
    "zord": (UseZord, UseAbility),
    "energy": (FlipToken, GiveEnergy),
    "draw": (Draw, Pick),
    "recover": (Recover,),
}


class HotgScreen(CardTable, GameScreen):
    FIRST_FRAME_WIDGETS = (VerticalScroll, MoveList, Container)
    BOT_PACE = 0.4
    #: Textual focuses nothing by itself (after a dialog it chose the board's first card):
    #: `_focus_default` places the keys, `on_screen_resume` after a dialog
    AUTO_FOCUS = ""
    ACTING_MODES = ("act", "decision", "battle")
    SEAT_ACTIONS = GameScreen.SEAT_ACTIONS | {"kind", "battle", "hand", "end", "moves", "pick"}
    SETUP_OPTIONS = SETUP_OPTIONS
    #: The footer lists the keys of the moment (the Action Phase's m b r f e, a battle's p and
    #: e, a question's e), so undo and save fit beside them at 80 columns: each key has a
    #: shown binding for the modes it is listed in (`check_action`: its last argument) and a
    #: hidden one that works at any time (a key pressed out of its moment is refused with the
    #: rule that says why).
    BINDINGS = [
        Binding("m", "kind('move', 'act')", "Move"),
        Binding("b", "battle('act')", "Battle"),
        Binding("r", "kind('recover', 'act')", "Recover"),
        Binding("p", "hand('battle')", "Play"),
        Binding("f", "kind('focus', 'act')", "Hand over"),
        Binding("e", "end('act')", "End"),
        Binding("e", "end('battle')", "Pass"),
        Binding("e", "end('decision')", "Pass"),
        Binding("m", "kind('move')", "Move", show=False),
        Binding("b", "battle", "Battle", show=False),
        Binding("r", "kind('recover')", "Recover", show=False),
        Binding("p", "hand", "Play", show=False),
        Binding("f", "kind('focus')", "Hand over", show=False),
        Binding("z", "kind('zord')", "Zords", show=False),
        Binding("g", "kind('energy')", "Energy", show=False),
        Binding("d", "kind('draw')", "Draw", show=False),
        Binding("e", "end", "End/Pass", show=False),
        Binding("o", "moves", "Moves", show=False),
        *(Binding(key, f"pick('{key}')", f"Move {key}", show=False) for key in LIST_KEYS),
    ]
    HELP_KEYS = [
        ("↑↓ ←→ / hjkl", "move between the cards of a zone (a location, a panel, the hand)"),
        ("Tab / Shift+Tab", "the next / previous zone; the move list is one stop"),
        ("Enter/click", "a card's moves (a card with an X cost or several targets asks on)"),
        ("1-9, 0", "the numbered move of the list (a number stays with its move)"),
        ("o", "go to the move list"),
        ("p", "go to your hand (the cards you can play are marked ▸)"),
        ("m", "MOVE (1 action token; power up at the Command Center)"),
        ("b", "BATTLE the enemies where you are (1 action token)"),
        ("r", "RECOVER (1 action token)"),
        ("f", "hand the turn to a teammate (the team chooses who acts)"),
        ("z / g / d", "Zords and Ranger abilities / energy / draw or pick a card"),
        ("e", "end the Action Phase, or pass (asks first when tokens or energy are left)"),
        ("marks", LEGEND),
    ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.mode = "wait"
        self._view: View | None = None
        self.groups: list[Group] = []
        self._list_keys = LastingKeys()
        #: what the list's keys are scoped to: the question asked, or "" (see _show_list)
        self._key_scope = ""
        #: the list key that made a move, and the move count before it
        self._key_made: tuple[str, int] = ("", -2)
        self._list_key: tuple = ()
        self._decision_key: tuple = ()
        self._focus_mode = ""
        self._made: dict[str, Widget] = {}  # the late parts made so far
        # open hands: nothing to hide between Rangers, so no curtain when the keyboard passes;
        # the Mastermind's Schemes are hidden from the Rangers, so a curtain between them
        config = self.match.config
        if not config.hidden_hands:
            mastermind = config.mastermind_seat
            self.session.groups = {
                seat: int(seat == mastermind) for seat in range(len(self.match.seats))
            }

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        yield Static(id="hg-status")
        with Horizontal(id="hg-body"):
            table = VerticalScroll(id="hg-table")
            table.can_focus = False  # (Tab goes from zone to zone; focus scrolls it)
            if self.compact:
                # At 80x24 the table is taller than its room from the first deal: shown with
                # its scrollbar from the start, it is laid out once for its first frame (else
                # Textual finds the overflow in a first layout and lays everything out again
                # beside the new bar). A table that fits loses the bar in a second layout.
                table.set_reactive(Widget.show_vertical_scrollbar, True)
            with table:
                with Container(id="hg-board"):
                    # the cross's four corners are blank cells, for the wide board only
                    # (screen.tcss): a compact screen makes them when it is first wide
                    fill = not self.compact
                    for cell in range(9):
                        if cell == 4:
                            yield Zone(id="hg-loc-hq", classes="hg-loc hg-hq")
                        elif cell in (1, 5, 7, 3):
                            pos = {1: 0, 5: 1, 7: 2, 3: 3}[cell]
                            yield Zone(id=f"hg-loc-{pos}", classes=f"hg-loc hg-{CROSS[pos]}")
                        elif fill:
                            yield Static(classes="hg-filler")
                yield Zone("Hand:", id="hg-hand", empty="empty")
                with Vertical(id="hg-players"):
                    for p in range(len(self.match.seats)):
                        with Vertical(id=f"hg-player-{p}", classes="hg-player"):
                            yield Static(classes="hg-player-head")
                            yield Zone(id=f"hg-panel-{p}", classes="hg-panel", empty="")
            if not self.compact:  # (in the first frame: mounted by its first redraw, it
                # was drawn a frame later, the summary and log blank until then, issue 36)
                side, parts = self._side()
                with side:
                    yield from parts
        yield Static(id="hg-prompt")
        with Horizontal(id="hg-bottom"):
            yield MoveList(id="hg-list")
            yield Inspector(id="inspector")
        yield Static(id="hg-message")
        yield TableFooter()

    def _late(self, ident: str, shown: bool) -> Widget | None:
        """The late part `ident`, made and mounted at its place in the table the first time
        it is shown; None while it has never been shown. Made the same as compose would
        (a zone's title comes before its cards), so it looks the same."""
        widget = self._made.get(ident)
        if widget is None:
            if not shown:
                return None
            kind, kwargs, title = LATE[ident]
            widget = self._made[ident] = kind(id=ident, **kwargs)
            later = TABLE_ORDER[TABLE_ORDER.index(ident) + 1 :]
            table = self.query_one("#hg-table")
            before = next((w for w in table.children if w.id in later), None)
            if before is None:
                table.mount(widget)
            else:
                table.mount(widget, before=before)
            if title:  # mounted now (its compose would put it after the cards shown next)
                widget.set_title(title)
        widget.display = shown
        return widget

    # -- the loop ------------------------------------------------------------------------------
    def _mode(self, view: View, seat: int | None) -> str:
        if view.phase == "over":
            return "over"
        if seat is None or seat not in view.to_act:
            return "wait"
        if view.decision is not None:
            return "decision"
        if view.battle is not None:
            return "battle"
        return "act"

    def legal_now(self) -> list:
        seat = self.session.on_screen
        if seat is None or self.mode not in self.ACTING_MODES or self.waiting:
            return []
        return self.match.legal_actions(seat)

    def recap_hand(self, view) -> tuple[str, ...]:
        """A Ranger's combat cards, or the Mastermind's Schemes (each only in its own view)."""
        if view.seat is None:
            return ()
        if view.schemes is not None and view.seat == view.mastermind_seat:
            return tuple(s.name for s in view.schemes)
        for player in view.players:
            if player.seat == view.seat and player.hand is not None:
                return tuple(c.name for c in player.hand)
        return ()

    def seat_changed(self) -> None:
        self.forget_cards()
        self._list_keys = LastingKeys()
        self._list_key = ()
        self.refresh_bindings()  # (the Mastermind's footer has no Ranger keys)

    def layout_changed(self) -> None:
        self._list_key = ()
        self.refresh_bindings()

    def _hand_columns(self) -> None:
        """The hand's columns for the table's room: a chip needs some 25 cells for its name
        and cost (at 120 columns, beside the side panel, four to a row cut both)."""
        hand = self.query_one("#hg-hand", Zone)
        columns = 4 if self.app.size.width >= HAND_FOUR_FROM else 3
        if hand.styles.grid_size_columns != columns:
            hand.styles.grid_size_columns = columns
        for title in hand.query_children(".zone-title"):
            title.styles.column_span = columns

    def _fill_corners(self) -> None:
        """The board's four blank corner cells (CROSS: the grid's cells 0, 2, 6 and 8), made
        the first time a screen composed compact is wide."""
        board = self.query_one("#hg-board")
        if board.query_children(".hg-filler"):
            return
        cells = list(board.children)  # the five places, cells 1, 3, 4, 5, 7 in order
        for before in (cells[0], cells[1], cells[4]):
            board.mount(Static(classes="hg-filler"), before=before)
        board.mount(Static(classes="hg-filler"))

    def show_view(self, view: View, seat: int | None) -> None:
        if self.apply_layout():
            if not self.compact:
                self._fill_corners()
            for zone in self.query(".hg-loc").results(Zone):
                zone.set_class(not self.compact, "-vertical")
            self._hand_columns()
        mode = self._mode(view, seat)
        if mode != self.mode:
            self.mode = mode
            self.refresh_bindings()
        if mode != self._focus_mode and mode in self.ACTING_MODES and self.focused_card():
            # a new phase: no zone should hand the old focus on while the table changes
            self.set_focus(None)
        self._view = view
        legal = self.legal_now()
        names = card_names(view)
        usable = self._usable(view, legal, names)
        reason = "" if self.mode in ("act", "battle", "decision") else self._idle_reason(seat)
        width = self.app.size.width - 2  # (the line's padding)
        self.put("#hg-status", status_text(view, self.session.name, self.compact, width))
        self._show_board(view, usable)
        self._show_battle(view, seat, usable)
        self._show_decision(view)
        self._show_players(view, seat, usable, reason)
        if self._show_side():
            self.put("#hg-info", info_text(view))
        self.put("#hg-prompt", self._prompt(view))
        self._show_list(view, legal)
        self.put("#hg-message", self.message)
        self.sync_log()
        self._focus_default(view, seat)
        card = self.focused_card()
        if card is not None and card.info != self._focused_info and self.mode != "over":
            self._focused_info = card.info  # now, not a message later
            self.inspect_now()
        elif card is None:
            self.inspect_current()
            self._box_off_the_cards()

    def sync_log(self) -> None:
        """The match log with the game's first Deployment Phase after its opening line (the
        deployment happened while the game was set up, before any action, so only the View
        holds it)."""
        if "hg-side" not in self._made:
            return
        opening = self._view.opening if self._view is not None else ()
        lines = list(self.match.log_lines())
        start = 1 if lines and lines[0].kind == "start" else 0
        first = [Event(text=t, kind="deploy") for t in opening]
        self.query_one("#hg-log", LogPanel).sync([*lines[:start], *first, *lines[start:]])

    def _show_side(self) -> bool:
        """The side column (the game's summary and its log) shows on a wide screen only
        (screen.tcss): it is made the first time the screen is wide. True while shown."""
        if self.compact:
            return False
        if "hg-side" not in self._made:
            side, parts = self._side()
            self.query_one("#hg-body").mount(side)
            side.mount(*parts)
        return True

    def _side(self) -> tuple[Vertical, tuple[Widget, ...]]:
        """The side column (made once) and what goes in it: the summary and the log."""
        log = LogPanel(glyphs=LOG_GLYPHS, id="hg-log", anchored=True)
        log.show_seed = self.session.seed_given
        self._made["hg-side"] = side = Vertical(id="hg-side")
        return side, (Static(id="hg-info"), log)

    def _idle_reason(self, seat: int | None) -> str:
        if seat is None:
            return "you are watching"
        if self.mode == "over":
            return "the game is over"
        return "it is not your turn to act"

    # -- what can be done with each thing ------------------------------------------------------
    def _usable(self, view: View, legal: list, names: dict[str, str]) -> set[str]:
        """Keys of the things some legal move uses: card names, enemy slots, places..."""
        out: set[str] = set()
        me = hc.player(view, self.session.on_screen)
        for a in legal:
            card = getattr(a, "card", None)
            if isinstance(card, str):
                out.add(names.get(card, card))
            for name in ("target", "slot"):
                if isinstance(getattr(a, name, None), int):
                    out.add(f"enemy:{getattr(a, name)}")
            if isinstance(a, Move):
                out.add(f"place:{a.to}")
            if isinstance(a, ChooseLocation):
                out.add(f"place:{a.location}")
            if isinstance(a, UseZord):
                out.add(f"zord:{a.zord}")
                if a.location:
                    out.add(f"place:{a.location}")
            if isinstance(a, StartBattle) and me is not None:
                out.add(f"place:{me.location}")
            if isinstance(a, UseAbility | AttachPsycho):
                out.add(f"ranger:{a.ranger}")
            if isinstance(a, Focus | ChooseRanger):
                for r in getattr(hc.player(view, a.seat), "rangers", ()):
                    out.add(f"ranger:{r.id}")
        return out

    def _relevant(self, info: CardInfo, action, names: dict[str, str]) -> bool:
        kind, ident = info.data if isinstance(info.data, tuple) else ("", "")
        view = self._view
        card = getattr(action, "card", None)
        if kind in ("card", "scheme"):
            return isinstance(card, str) and names.get(card, card) == names.get(ident, ident)
        if kind == "enemy":
            return getattr(action, "target", None) == ident or (
                isinstance(action, Target | PlaceMarker) and action.slot == ident
            )
        if kind == "place":
            if isinstance(action, Move):
                return action.to == ident
            if isinstance(action, ChooseLocation):
                return action.location == ident
            if isinstance(action, UseZord):
                return action.location == ident
            if isinstance(action, StartBattle) and view is not None:
                me = hc.player(view, self.session.on_screen)
                return me is not None and me.location == ident
            return False
        if kind == "ranger":
            if isinstance(action, UseAbility | AttachPsycho):
                return action.ranger == ident
            if isinstance(action, Focus | ChooseRanger) and view is not None:
                return any(
                    r.id == ident for r in getattr(hc.player(view, action.seat), "rangers", ())
                )
            return False
        if kind == "zord":
            return isinstance(action, UseZord) and action.zord == ident
        return False

    def card_moves(self, info: CardInfo) -> tuple[list[MenuEntry], str]:
        view = self._view
        if view is None:
            return [], ""
        if info.hidden:
            return [], "it lies face down: only its owner may read it"
        names = card_names(view)
        legal = [a for a in self.legal_now() if self._relevant(info, a, names)]
        if not legal:
            return [], self._no_move_reason(info)
        seat = self.session.on_screen or 0
        entries = []
        for group in build_groups(view, legal, self.rules):
            action = (
                group.actions[0]
                if len(group.actions) == 1
                else Pending(group.label.plain.rstrip(" …"), group.actions)
            )
            question = confirm_question(view, seat, action) if len(group.actions) == 1 else ""
            entries.append(MenuEntry(group.label, action, ident=group.ident, confirm=question))
        return entries, ""

    def _no_move_reason(self, info: CardInfo) -> str:
        if self.mode not in self.ACTING_MODES:
            return self._idle_reason(self.session.on_screen)
        kind, ident = info.data if isinstance(info.data, tuple) else ("", "")
        if kind == "card" and info.zone.endswith("hand"):
            return self.why_not(PlayCard(card=ident)) or "no move plays it now"
        if kind == "place" and self._view is not None:
            return self.why_not(Move(to=ident)) or "no move goes there now"
        if kind == "enemy":
            return "no move can target it now" + (
                "" if "◎" in info.marks else " (attacks cannot target it: GUARD)"
            )
        return "no legal move uses it now"

    # -- the board ---------------------------------------------------------------------------
    def _show_board(self, view: View, usable: set[str]) -> None:
        board = self.query_one("#hg-board")
        # during a battle the board gives its room to the enemies unless the terminal is tall
        # (at 120x40 the board pushed the enemies' frames below the table's fold)
        board.display = view.battle is None or self.app.size.height >= BOARD_IN_BATTLE_FROM
        by_pos = {loc.position: loc for loc in view.locations}
        for pos in range(4):
            loc = by_pos.get(pos)
            zone = self.query_one(f"#hg-loc-{pos}", Zone)
            if loc is None:
                zone.show([])
                continue
            zone.set_class(loc.panicked, "-panicked")
            # figures against the limit, panicked or full, on the place's border (wide only):
            # its name's chip is cut to the room at 120 columns
            set_border_labels(zone, border_subtitle=hc.location_marks(loc))
            infos = [hc.location_info(view, loc, f"place:{loc.id}" in usable)]
            infos += hc.figure_infos(view, loc.id, loc.foot_soldiers, loc.villains, loc.rangers)
            zone.show(infos)
        hq = [hc.hq_info(view, f"place:{HQ}" in usable)]
        hq += hc.figure_infos(view, HQ, view.hq_enemies, view.hq_villains, view.hq_rangers)
        hq_zone = self.query_one("#hg-loc-hq", Zone)
        set_border_labels(hq_zone, border_subtitle=hq[0].marks)
        hq_zone.show(hq)

    # -- the battle --------------------------------------------------------------------------
    def _show_battle(self, view: View, seat: int | None, usable: set[str]) -> None:
        b = view.battle
        self._late("hg-battle-head", b is not None)
        enemies = self._late("hg-enemies", b is not None)
        if b is None:
            if enemies is not None:
                enemies.show([])
            self._late("hg-grid", False)
            return
        self.put("#hg-battle-head", self._battle_head(view))
        infos = [hc.enemy_info(view, e, f"enemy:{e.slot}" in usable) for e in b.cards]
        if b.grid is not None:  # the grid's row-major order
            infos.sort(key=lambda i: (b.cards[i.data[1]].row, b.cards[i.data[1]].col))
        # (in their combat order: a frame each on a wide screen, a line each at 80x24)
        enemies.show(infos)
        self._show_grid(view, seat)

    def _battle_head(self, view: View) -> Text:
        b = view.battle
        head = Text(f"⚔ Battle at {hc.place_name(view, b.location)}", style="bold")
        head.append(f" · pool ⚡{b.pool} · {b.turn.replace('_', ' ')}")
        if b.final_turn:
            head.append(" · FINAL TURN", style="bold")
        if b.last_roll:
            head.append(" · roll ")
            head.append(" ".join(DIE_FACES.get(h, str(h)) for h in b.last_roll))
        bonus = b.next_attack
        if bonus.dice or bonus.hits:
            head.append(f" · next attack +{bonus.dice}⚄ +{bonus.hits}⚔")
        who = Text("\nRangers: ")
        for i, s in enumerate(b.participants):
            who.append(", " if i else "")
            who.append(hc.seat_label(view, s) + (" (lead)" if s == b.lead else ""))
        head.append_text(who)
        if b.grid is not None and b.grid.placing:
            head.append(f"\nPlacing: {b.grid.placing} ({b.grid.to_place} to place) ", style="bold")
            head.append(b.grid.placing_text, style="italic")
        return head

    def _show_grid(self, view: View, seat: int | None) -> None:
        grid = view.battle.grid if view.battle is not None else None
        widget = self._late("hg-grid", grid is not None)
        if grid is None or widget is None:
            return
        cards = {}
        marker = None
        legal = set()
        d = view.decision
        placing = d is not None and d.kind == "grid_place" and seat == view.mastermind_seat
        marking = d is not None and d.kind == "marker" and seat == view.mastermind_seat
        for cell in grid.cells:
            at = (cell.row, cell.col)
            if cell.slot >= 0:
                c = view.battle.cards[cell.slot]
                cards[at] = GridCard(c.name, c.health, c.hits, c.keywords, c.defeated, c.resolved)
            if cell.marker:
                marker = at
            if (placing and cell.legal) or (marking and cell.marker_option):
                legal.add(at)
        key = ("grid", tuple(sorted(cards.items())), marker, tuple(sorted(legal)))
        if self._shown.get("#hg-grid") != key:
            self._shown["#hg-grid"] = key
            widget.show(cards, marker, frozenset(legal))
        width = 16 if self.compact else max(22, min(34, (self.app.size.width - 60) // 3))
        if widget.cell_width != width:
            widget.cell_width = width
            widget.refresh(layout=True)
        if (placing or marking) and not self.waiting and self.app.screen is self:
            if self.focused is not widget:
                self.focus_now(widget)
        if self.focused is widget:  # the space under the cursor may hold another card now
            self._focused_info = self._grid_info(*widget.cursor)
            self.inspect_now()

    def _grid_info(self, row: int, col: int) -> CardInfo | None:
        """The card on that space; on an empty one, the card being placed (if any)."""
        view = self._view
        if view is None or view.battle is None or view.battle.grid is None:
            return None
        grid = view.battle.grid
        for cell in grid.cells:
            if (cell.row, cell.col) == (row, col) and cell.slot >= 0:
                return hc.enemy_info(view, view.battle.cards[cell.slot])
        return hc.placing_info(view, row, col) if grid.placing else None

    def on_table_card_focused(self, event) -> None:
        """Only the card that holds the focus now speaks to the inspector (a zone hidden in
        the same redraw may still hand focus to one of its cards for a moment)."""
        if event.card is not self.focused or (
            self.mode == "over" and event.card.info.key == getattr(self._focused_info, "key", None)
        ):
            # (the game-over board keeps the card box as it was: the dialog's backdrop is
            # drawn at once, a late inspector update would not be)
            event.prevent_default()  # (Textual would call the kit's handler next)

    def _question_card(self, view: View) -> CardInfo | None:
        """The card the question asked now is about: its own card, the Psycho deploying,
        or the battle's card (None: no question, or one about no card)."""
        if view.decision is None:
            return None
        asked = self._asked_info(view)
        return asked or hc.deploying_psycho_info(view) or self._battle_subject(view)

    def _box_off_the_cards(self, asked: bool = False) -> None:
        """No card has the keys (they are on the move list or the log): while a question is
        asked the card box shows the question's own card (or the enemy of the battle it was
        reading), or nothing, never the card the keys left (a card of the hand); otherwise
        it keeps the card the keys left (as the table shows it now) while that card is
        still on the table, and clears once it has left (issue 36). The grid's cursor and
        the game-over board keep theirs; the mouse's card is read first as ever. `asked`: a
        new question has just taken the keys (the focus is on its way to the list)."""
        view = self._view
        if self.mode == "over" or view is None:
            return
        if not asked and isinstance(self.focused, TableCard | CombatGrid):
            return
        info = self._focused_info
        if self.mode == "decision":
            # the question's card; an enemy of the battle being read stays (the one that
            # just struck, say, while the battle's pointer has moved on to the next)
            enemies = self._made.get("hg-enemies")
            reading = (
                info is not None
                and self._asked_info(view) is None
                and isinstance(enemies, Zone)
                and any(c.info.key == info.key for c in enemies.cards)
            )
            if not reading:
                info = self._question_card(view)
        elif info is not None and not any(
            c.info.key == info.key for z in self.query(Zone) for c in z.cards
        ):
            info = None
        if info != self._focused_info:
            self._focused_info = info
            self.inspect_now()

    def on_descendant_focus(self, event) -> None:
        if not isinstance(event.widget, TableCard | CombatGrid):
            self._box_off_the_cards()

    def on_combat_grid_cursor(self, message: CombatGrid.Cursor) -> None:
        """The grid's cursor is the focus of the table: the inspector reads that card."""
        self._focused_info = self._grid_info(message.row, message.col)
        self.inspect_now()

    def on_combat_grid_chosen(self, message: CombatGrid.Chosen) -> None:
        """Enter or a click on the grid: place the card or the marker, else the card's moves."""
        view = self._view
        if view is None or view.battle is None or view.battle.grid is None:
            return
        d = view.decision
        seat = self.session.on_screen
        mine = seat is not None and seat == view.mastermind_seat
        if d is not None and d.kind == "marker" and mine:
            for cell in view.battle.grid.cells:
                if (cell.row, cell.col) == (message.row, message.col):
                    if cell.slot < 0:
                        self.set_message(
                            Text("The combat marker goes on a card.", style="bold yellow")
                        )
                        return
                    self.submit(PlaceMarker(slot=cell.slot))
                    return
        if d is not None and d.kind == "grid_place" and mine:
            self.submit(PlaceCard(row=message.row, col=message.col))
            return
        info = self._grid_info(message.row, message.col)
        if info is not None:
            self.open_card(info)

    # -- decisions, players, hands -------------------------------------------------------------
    def _show_decision(self, view: View) -> None:
        d = view.decision
        infos: list[CardInfo] = []
        if d is not None:
            owner = hc.seat_label(view, d.seat) if d.seat < len(view.players) else ""
            if d.card is not None:
                infos.append(hc.combat_info(d.card, f"asked-{d.card.id}", "the question", owner))
            for c in d.deck_cards:
                infos.append(
                    hc.combat_info(c, f"deck-{c.id}", "the deck being searched", owner, True)
                )
        zone = self._late("hg-decision", bool(infos))
        if zone is not None:
            zone.show(infos)

    def _show_players(self, view: View, seat: int | None, usable: set[str], reason: str) -> None:
        for box in self.query(".hg-player"):
            box.display = int(str(box.id).rsplit("-", 1)[1]) < len(view.players)
        for p in view.players:
            head = Text("▶" if p.seat == view.focus and view.phase != "over" else " ", style="bold")
            head.append(hc.seat_label(view, p.seat), style="bold")
            if p.seat == seat:
                head.append(you_mark(p.name), style="italic")
            head.append(
                f" @{hc.place_name(view, p.location)} ◆{p.tokens}/{p.max_tokens} "
                f"⚡{p.stored_energy}/{p.max_stored} ◫{p.hand_count}/{p.hand_size} "
                f"▤{p.deck_count} ⌫{len(p.discard)}"
            )
            if p.in_battle:
                head.append(" ⚔" + (" lead" if p.is_lead else ""), style="bold")
            self.put(f"#hg-player-{p.seat} .hg-player-head", head)
            self.query_one(f"#hg-panel-{p.seat}", Zone).show(hc.player_infos(view, p, usable))
        # the hand of the seat on screen (or of the acting seat for a spectator)
        hand_seat = view.focus if seat is None else seat
        hand = self.query_one("#hg-hand", Zone)
        show_hand = hand_seat != view.mastermind_seat and hand_seat < len(view.players)
        hand.display = show_hand
        if show_hand:
            p = view.players[hand_seat]
            title = f"{possessive(p.name)} hand:"
            hand.set_title(title[0].upper() + title[1:])
            play_reason = reason or "no move plays it now"
            hand.show(hc.hand_infos(view, hand_seat, usable, play_reason))
        else:
            hand.show([])
        schemes = self._late("hg-schemes", view.mastermind_seat is not None)
        if schemes is not None:
            schemes.show(hc.scheme_hand_infos(view, seat, usable))
        # the Scheme discard pile holds the Schemes discarded for the hand limit as well:
        # the log's plays say which were played
        played_ids = hc.played_schemes(self.match.log_lines())
        played = [
            hc.scheme_info(view, sc, f"scheme-played-{n}", "the Scheme discard pile (public)")
            for n, sc in enumerate(reversed(view.scheme_discard))
            if sc.id in played_ids
        ]
        spent = self._late("hg-scheme-discard", bool(played))
        if spent is not None:
            spent.show(played)
        discards = hc.discard_infos(view)
        zone = self._late("hg-discards", bool(discards))
        if zone is not None:
            zone.show(discards)

    def _prompt(self, view: View) -> Text:
        d = view.decision
        text = Text()
        if d is not None:
            who = d.asked[0] if d.asked else view.focus
            text.append("☞ ", style="bold")
            if who == view.mastermind_seat:
                text.append(f"☠ {self.session.name(who)}", style="bold")
            else:
                text.append(hc.seat_label(view, who), style="bold")
            text.append(f": {d.prompt}", style="bold")
            return text
        # (80 columns: the same keys in fewer words, whole on the one line; a question wraps)
        if self.mode == "act":
            text.append(
                "Enter on a location: m MOVE · b BATTLE · r RECOVER · f hand over · e end"
                if self.compact
                else "Action Phase: Enter on a location to MOVE (m) or BATTLE (b) there "
                "· r RECOVER · f hand over · e end",
                style="dim",
            )
        elif self.mode == "battle":
            text.append(
                "Rangers' turn: p hand · Enter on a card: play it · g energy · e pass"
                if self.compact
                else "Rangers' turn: p your hand, Enter on a card to play it (at an enemy) "
                "· g energy · e pass",
                style="dim",
            )
        elif self.mode == "wait" and view.phase != "over":
            text.append("Waiting for the team.", style="dim")
        return text

    # -- the move list ---------------------------------------------------------------------------
    def _show_list(self, view: View, legal: list) -> None:
        options = self.query_one("#hg-list", OptionList)
        seat = self.session.on_screen
        groups = build_groups(view, legal, self.rules) if seat is not None else []
        key_made, made_at = self._key_made
        resting = key_made if len(self.match.actions) <= made_at + 1 else ""
        # a question's moves are its own (a Pass that answers one question is not the Pass
        # of the next): a key pressed twice never answers the next question as well
        d = view.decision
        self._key_scope = f"{d.kind}:{d.prompt}|" if d is not None else ""
        scoped = self._list_keys.assign(
            [self._key_scope + g.ident for g in groups], resting=resting
        )
        keys = {
            g.ident: scoped[self._key_scope + g.ident]
            for g in groups
            if self._key_scope + g.ident in scoped
        }
        key = (tuple((g.ident, g.label.plain, keys.get(g.ident)) for g in groups), self.mode)
        self.groups = groups  # the same labels may stand for other copies now
        if key != self._list_key:
            self._list_key = key
            keep = options.highlighted
            options.clear_options()
            rows = []
            for n, g in enumerate(groups):
                label = Text(f"{keys.get(g.ident, ' ')} ", style="bold")
                label.append_text(g.label)
                rows.append(Option(label, id=str(n)))
            if not rows:
                empty = {"over": "The game is over.", "wait": "Waiting for the team."}.get(
                    self.mode, "Nothing to do."
                )
                rows.append(Option(Text(empty, style="dim"), id="none", disabled=True))
            options.add_options(rows)
            if groups:
                options.highlighted = keep if keep is not None and keep < len(groups) else 0
        title = {
            "decision": "Answer",
            "act": "Action Phase",
            "battle": "Battle",
            "wait": "Waiting",
            "over": "Game over",
        }.get(self.mode, "Moves")
        set_border_labels(options, border_title=f"{title} · {len(groups)} (o)")

    def key_of(self, group: Group) -> str:
        return self._list_keys.keys.get(self._key_scope + group.ident, "")

    def run_group(self, group: Group) -> None:
        if len(group.actions) == 1:
            action = group.actions[0]
            question = confirm_question(self._view, self.session.on_screen or 0, action)
            if question:
                label = action_label(self._view, action, self.rules, card_names(self._view))
                # the list key that chose the move says yes as well as y (pressed again)
                self.confirm(question, action, self.key_of(group) or "y", label.plain)
                return
            self.submit(action)
            return
        self.follow_up(Pending(group.label.plain.rstrip(" …"), group.actions))

    def follow_up(self, pending: Pending) -> None:
        """Ask the next choice of a move with several (X, then the target, ...)."""
        view = self._view
        if view is None:
            return
        if len(pending.actions) == 1:
            action = pending.actions[0]
            question = confirm_question(view, self.session.on_screen or 0, action)
            if question:
                label = action_label(view, action, self.rules, card_names(view))
                self.confirm(question, action, "y", label.plain)
                return
            GameScreen.submit(self, action)
            return
        title, options = prompt_options(view, pending, self.rules)
        choosing_x = title.startswith("Choose X")
        entries = []
        for label, narrowed in options:
            x = getattr(narrowed.actions[0], "x", None)
            wanted = str(x) if choosing_x and isinstance(x, int) and 0 <= x <= 9 else ""
            entries.append(MenuEntry(Text(label), narrowed, ident=label, key=wanted))
        keys = StableKeys("0123456789" if choosing_x else "123456789")  # X: its own digit
        self.app.push_screen(
            CardMenu(f"{pending.title}: {title}", entries, keys=keys), self._menu_done
        )

    def submit(self, action) -> bool:
        if isinstance(action, Pending):
            if self.waiting:
                self.busy()
                return False
            self.follow_up(action)
            return True
        done = super().submit(action)
        # "locked in" is for secret simultaneous choices: the team never makes one here
        if done and isinstance(self.message, str) and self.message.startswith("▣"):
            self.message = ""
            self.put("#hg-message", self.message)
        return done

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None and event.option.id.isdigit():
            n = int(event.option.id)
            if n < len(self.groups):
                self.run_group(self.groups[n])

    def action_pick(self, key: str) -> None:
        for group in self.groups:
            if self.key_of(group) == key:
                # (the key rests until one more move: pressed twice, it makes no other move)
                self._key_made = (key, len(self.match.actions))
                self.run_group(group)
                return
        self.set_message(Text(f"No move has the key {key} now.", style="bold yellow"))

    # -- keys --------------------------------------------------------------------------------
    def check_action(self, action: str, parameters) -> bool | None:
        if not GameScreen.check_action(self, action, parameters):
            return False
        if action in ("kind", "battle", "hand", "end"):
            when = parameters[-1] if parameters and parameters[-1] in self.ACTING_MODES else ""
            if when and when != self.mode:
                return False  # (listed in the footer in its own moment only)
            if action == "end":
                return self.mode in self.ACTING_MODES
            # the Rangers' keys: the Mastermind has no Rangers and no hand
            seat = self.session.on_screen
            if seat is not None and seat == self.match.config.mastermind_seat:
                return False
            return self.mode in self.ACTING_MODES
        return True

    def action_kind(self, kind: str, when: str = "") -> None:
        kinds = KIND_KEYS[kind]
        actions = tuple(a for a in self.legal_now() if isinstance(a, kinds))
        if not actions:
            fallback = {"move": None, "recover": Recover()}.get(kind)
            if fallback is not None:
                self.submit(fallback)  # the rules say why not
            else:
                self.set_message(Text("✘ No such move is legal now.", style="bold red"))
            return
        title = {
            "move": "MOVE",
            "focus": "Hand the turn over",
            "zord": "Zords and abilities",
            "energy": "Energy",
            "draw": "Draw",
            "recover": "RECOVER",
        }[kind]
        self.follow_up(Pending(title, actions))

    def action_battle(self, when: str = "") -> None:
        battles = [a for a in self.legal_now() if isinstance(a, StartBattle)]
        self.submit(battles[0] if battles else StartBattle())

    def action_end(self, when: str = "") -> None:
        legal = [a for a in self.legal_now() if isinstance(a, EndPhase | Pass)]
        if not legal:
            view = self._view
            self.submit(Pass() if view is not None and view.battle else EndPhase())
            return
        self.run_group(Group(legal[0].kind, Text(""), (legal[0],)))

    def action_hand(self, when: str = "") -> None:
        zone = self.query_one("#hg-hand", Zone)
        playable = next((c.info.key for c in zone.cards if c.info.actionable), None)
        if not zone.focus_card(playable):
            self.set_message(Text("No cards in hand.", style="bold yellow"))

    def action_moves(self) -> None:
        self.query_one("#hg-list", OptionList).focus()

    def _focus_default(self, view: View, seat: int | None) -> None:
        """Put the keys where the seat's move is: a question on the list, a battle on the
        hand, the Action Phase on the board (unless the player is already on a card)."""
        if self.waiting or self.app.screen is not self or self.mode not in self.ACTING_MODES:
            return
        d = view.decision
        if d is not None and d.kind in ("grid_place", "marker") and seat == view.mastermind_seat:
            return  # the grid took the focus
        options = self.query_one("#hg-list", OptionList)
        key = (self.mode, d.kind if d else "", d.prompt if d else "", len(self.match.actions))
        if self.mode == "decision":
            if key[:3] != self._decision_key[:3] or self.focused is None:
                self._decision_key = key
                self.request_focus(options.focus)
                # the question's card in the box (or none), not the card the keys left behind
                self._box_off_the_cards(asked=True)
            return
        self._decision_key = ()
        if self._focus_mode != self.mode:  # a new phase: the keys go where its moves are
            self._focus_mode = self.mode
            self._fresh_seat = True
        if self.mode == "battle":
            zone = self.query_one("#hg-hand", Zone)
            enemies = self.query_one("#hg-enemies", Zone)
            if any(c.info.actionable for c in zone.cards):
                self.focus_zone(zone)
            elif self._fresh_seat and enemies.cards:
                # a battle just began: read the enemies first, not the card left from the board
                self.focus_zone(enemies)
            elif self.focused_card() is None:
                self.request_focus(options.focus)
            return
        me = hc.player(view, seat)
        if self.mode == "act" and me is not None:
            here = me.location
            pos = next((loc.position for loc in view.locations if loc.id == here), None)
            zone = self.query_one("#hg-loc-hq" if pos is None else f"#hg-loc-{pos}", Zone)
            self.focus_zone(zone, (self.query_one("#hg-hand", Zone),))  # no card plays now

    def on_screen_resume(self) -> None:
        """A dialog closed (a card's menu, a target's question): the keys go where the seat's
        move is now. (Textual's own choice, the first focusable card, was a place on the
        board: the inspector then read a location while a battle's question was asked.)"""
        super().on_screen_resume()
        view = self._view
        if view is not None and self.mode in self.ACTING_MODES and self.focused_card() is None:
            self._decision_key = ()
            self._focus_default(view, self.session.on_screen)

    def _asked_info(self, view: View) -> CardInfo | None:
        """The card a question is about, as its zone above the list shows it (None: the
        question names no card)."""
        d = view.decision
        if d is None or d.card is None:
            return None
        zone = self._made.get("hg-decision")
        key = f"asked-{d.card.id}"
        cards = zone.cards if isinstance(zone, Zone) else []
        return next((c.info for c in cards if c.info.key == key), None)

    def _battle_subject(self, view: View) -> CardInfo | None:
        """What a question asked in a battle is about: the enemy card acting now (else the
        first one still standing, else the first), or the location fought over while no
        enemy card is drawn yet."""
        b = view.battle
        if b is None:
            return None
        if b.cards:
            acting = next((e for e in b.cards if e.active), None)
            standing = next((e for e in b.cards if not e.defeated), b.cards[0])
            return hc.enemy_info(view, acting or standing)
        loc = next((lo for lo in view.locations if lo.id == b.location), None)
        return hc.location_info(view, loc) if loc is not None else hc.hq_info(view)

    # -- the end -----------------------------------------------------------------------------
    def headline(self, outcome) -> str:
        mastermind = self.match.config.mastermind_seat
        if mastermind is not None and mastermind in outcome.winners:
            return f"The Mastermind, {self.session.name(mastermind)}, wins"
        return "The Rangers win!" if outcome.winners else "The Rangers lose"

    def summary(self) -> Text:
        return summary_text(self.match)

    def bot_doing(self, seat: int) -> str:
        return "playing for the enemies" if seat == self.match.config.mastermind_seat else "playing"


__all__ = ["HotgScreen", "TOP_LEVEL_CAP"]
