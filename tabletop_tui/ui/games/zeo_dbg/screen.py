"""Power Rangers Deck-Building Game: Zeo on screen, as a table of cards.

The table (The Grid, the stacks, every character with its four slots, the Zord Bay, The
Lair, the play area and the hands) is made of focusable cards; the inspector beside it reads
whatever card has the focus or the mouse, actionable or not. Enter or a click on a card
offers that card's legal moves; the move panel lists the cards that have moves (one row a
card, never more than `MOVE_CAP` rows). Everything shown comes from the seat's View, every
move offered from `match.legal_actions`. A Block prompt comes up for the defender behind
their own curtain, and every defender is asked whether or not they hold a Block, so passing
never tells the attacker anything.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import OptionList, Static

from ....games.zeo_dbg.models import (
    DEAL,
    HEROES,
    Activate,
    Attach,
    AttachTile,
    Battle,
    Buy,
    DiscardAttached,
    EndMain,
    EndTurn,
    Play,
    View,
)
from ....games.zeo_dbg.models import CardFace as ZCard
from ...game_screen import GameScreen
from ...seats import you_mark
from ...setup_options import SetupOption
from ...widgets import LogPanel
from ...widgets.card_frame import plain_label
from ...widgets.card_menu import CardMenu, MenuEntry, StableKeys
from ...widgets.footer import TableFooter
from ...widgets.inspector import Inspector
from ...widgets.scrolling import MoveList
from ...widgets.table import CardInfo, Zone
from ...widgets.table_screen import CardTable
from .cards import (
    TEAM_GLYPH,
    bay_cards,
    card_face,
    card_stats,
    discard_cards,
    grid_cards,
    hand_cards,
    hidden_hand,
    lair_cards,
    offer_cards,
    played_cards,
    seat_extras,
    seat_mark,
    slot_cards,
    stack_cards,
    who,
)
from .moves import (
    MOVE_CAP,
    ZONE_NAMES,
    FollowUp,
    Row,
    card_key,
    end_label,
    end_question,
    entry_for,
    menu_for,
)
from .panel import MovePanel
from .widgets import (
    FRAME,
    CharacterCard,
    GridRow,
    HandZone,
    Lair,
    StackRow,
    TeamTracker,
    ZeoZone,
    ZordBay,
)

__all__ = ["MOVE_CAP", "ZeoScreen", "card_face", "card_stats"]

TEAM_STYLE = ("magenta", "cyan")
#: the table's column, top to bottom (a titled zone is its "-title" Static over the zone). The
#: zones most first frames hide (a character offer, a play area, a teammate's hand) are made
#: the first time they are shown (`ZeoScreen._late_zone`)
TABLE_ORDER = (
    "zeo-offer",
    "zeo-grid-title",
    "zeo-grid",
    "zeo-stacks-title",
    "zeo-stacks",
    "zeo-played",
    "zeo-hand-title",
    "zeo-hand",
    "zeo-seats",
    "zeo-mates",
    "zeo-zones",
    "zeo-discards",
)
#: the zones made when first shown that draw their cards as frames where the room allows (the
#: play area, a teammate's hand and the discard piles stay lines: four seats, The Grid, the
#: piles and the hand fit at 160x48 only so)
FRAMED_LATE = ("zeo-offer",)
LOG_GLYPHS = {
    "turn": "↻",
    "draw": "▤",
    "shuffle": "⤮",
    "heal": "♥",
    "damage": "✖",
    "block": "◈",
    "attack": "⚔",
    "zord": "⚙",
    "flip": "⟲",
    "grid": "▦",
    "buy": "$",
    "play": "▶",
}
LEGEND = (
    "◆ Shards · ⚡ Energy · ♥ HP · ● ready / ○ exhausted · ⚔ adversary (Battle it) · "
    "▸ has a move now · ▒▒▒ face down · ×N cards in a pile · ⛓ stuck · ⟲ flipped · "
    "✦N⚡ an ability's cost · ◈N⚡ a Block's (✋ from the hand) · #N a space of The Grid, "
    "✓ you can buy or Battle it now, ✗ not (the card says why) · "
    "[letter] card type: H Hero, V Villain, E Equipment, M Maneuver, C Zeo Crystal, "
    "L Location, S Starter, X Stun, B Zeo Blaster, I Signature Item, Z Zord, O Master, "
    "★ character · slots 1R 2P 3B 4G: R red takes Heroes, P purple Villains, B blue "
    "Equipment, G green Maneuvers, O orange your own Master, * any but Villains"
)
#: the letter keys that make one kind of move with the focused card
KIND_KEYS = {
    "play": ((Play,), "Play"),
    "buy": ((Buy,), "Buy"),
    "battle": ((Battle,), "Battle"),
    "attach": ((Attach, AttachTile), "Attach"),
    "activate": ((Activate,), "Activate"),
    "discard": ((DiscardAttached,), "Discard"),
}


# -- setup ----------------------------------------------------------------------------------------
def _characters() -> tuple[tuple[str, str], ...]:
    from ....games.zeo_dbg.cards import catalog

    cat = catalog()
    out = [("Deal 2, pick 1", DEAL)]
    for team in ("villains", "heroes"):
        for cid in cat.team_characters(team, promo=True):
            ch = cat.characters[cid]
            promo = " (Serpentera promo)" if ch.promo else ""
            out.append((f"{ch.name} · {team.title()}{promo}", cid))
    return tuple(out)


def _checked_characters(chosen: tuple) -> tuple:
    """The setup screen's picks, refused in plain words before the game is built. Seats 1,
    2 and 4 have a fixed team; seat 3 depends on the 2v1 option, which Config checks."""
    from ....games.zeo_dbg.models import character_problem, seat_teams

    fmt = {2: "1v1", 3: "2v1", 4: "2v2"}.get(len(chosen), "1v1")
    teams = tuple(t if i != 2 or fmt == "2v2" else None for i, t in enumerate(seat_teams(fmt)))
    problem = character_problem(tuple(chosen), teams[: len(chosen)])
    if problem:
        raise ValueError(problem[0].upper() + problem[1:])
    return tuple(chosen)


#: the width from which the team trackers draw their HP and Energy as bars: narrower, two
#: bars each left the status line too little room, and its end ("Main · 3◆") was cut off
TRACKER_BARS = 160


class ZeoScreen(MovePanel, CardTable, GameScreen):
    FIRST_FRAME_WIDGETS = (
        *(TeamTracker, VerticalScroll, GridRow, StackRow, HandZone, CharacterCard),
        *(ZeoZone, ZordBay, Lair, MoveList),
    )
    BOT_PACE = 0.4  # a turn is many small actions
    ACTING_MODES = ("main", "end", "decision", "pick")
    SEAT_ACTIONS = GameScreen.SEAT_ACTIONS | {"end", "play_all", "go_moves", "kind", "pick"}
    BINDINGS = [
        Binding("e", "end", "End phase"),
        Binding("P", "play_all", "Play all"),
        Binding("m", "go_moves", "Moves"),
        Binding("p", "kind('play')", "Play", show=False),
        Binding("b", "kind('buy')", "Buy", show=False),
        Binding("t", "kind('battle')", "Battle", show=False),
        Binding("a", "kind('attach')", "Attach", show=False),
        Binding("x", "kind('activate')", "Activate", show=False),
        Binding("d", "kind('discard')", "Discard", show=False),
        Binding("g", "go('grid')", "The Grid", show=False),
        Binding("y", "go('hand')", "Your hand", show=False),
        Binding("c", "go_character", "Your character", show=False),
        Binding("z", "go('bay')", "Zord Bay", show=False),
        Binding("o", "go('stacks')", "Stacks", show=False),
        Binding("j", "cursor(1)", "Down", show=False),
        Binding("k", "cursor(-1)", "Up", show=False),
        *(Binding(str(n), f"pick({n})", f"Row {n}", show=False) for n in range(1, 10)),
    ]
    HELP_KEYS = [
        ("← → ↑ ↓ / h j k l", "move from card to card within a zone (every card can be read)"),
        ("Tab / Shift+Tab", "the next / previous zone (The Grid, stacks, each seat, hand, moves)"),
        ("g y c z o", "go to The Grid, your hand, your character, the Zord Bay/Lair, the stacks"),
        ("Enter/click", "the focused card's moves (or why it has none); click also focuses"),
        ("m", "the move panel: the cards that have moves now, one row each"),
        ("1-9", "a row of the move panel: its number stays the same while it is shown"),
        ("p b t a x d", "with the focused card: play, buy, Battle, attach, activate, discard"),
        ("P", "play every card that gives Shards or Energy and could not be attached instead"),
        (
            "e",
            "end the Main Phase (asks while unspent Shards could buy or Battle), then the turn",
        ),
        ("Esc", "close a card's menu"),
        ("marks", LEGEND),
    ]
    SETUP_OPTIONS = (
        SetupOption(
            "characters",
            "Character",
            _characters,
            per_seat=True,
            default=(DEAL,) * 4,
            convert=_checked_characters,
            help="Seat 1 and 3 are Villains, 2 and 4 Heroes (a 3-seat game: see 2v1).",
        ),
        SetupOption(
            "lone",
            "2v1: the lone player",
            (("plays the Heroes", "heroes"), ("plays the Villains", "villains")),
            default="heroes",
            help="With three seats: 15 HP to start, draws 4, takes both of the team's turns.",
        ),
        SetupOption(
            "lone_head_start",
            "2v1: the lone team's starting Energy",
            (
                ("0, as the rulebook sets", "off"),
                ("Head start: 14 for a lone Villain, 6 for a lone Hero", "on"),
            ),
            default="off",
            convert=lambda v: v == "on",
            help="A balance setting of ours, not the rulebook's (DESIGN.md Ruling 1).",
        ),
        SetupOption(
            "serpentera",
            "Serpentera promo",
            (("Off", "off"), ("On: General Venjix and Serpentera", "on")),
            default="off",
            convert=lambda v: v == "on",
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.mode = "wait"
        self._view: View | None = None
        self.seat_count = len(self.match.seats)
        # teammates may look at each other's hands (rulebook "Playing the Game", Pro Tip), so
        # nothing is hidden between them: the keyboard passes between them without a curtain
        self.session.groups = dict(enumerate(self.match.config.teams))
        #: the legal moves of the seat on screen, by the card they use (None: no card)
        self._legal_key: tuple | None = None
        self._legal: list = []
        self._by_card: dict[str | None, list] = {}
        #: every card on the table now, by key (the move panel opens them)
        self._infos: dict[str, CardInfo] = {}
        self._rows: list[Row] = []
        self._rows_shown: tuple | None = None
        self._row_keys = StableKeys()
        self._row_key_of: dict[str, str] = {}
        #: a question was just answered: the focus goes back to the cards
        self._asked = False
        self._turn_seen: tuple = ()
        #: the parts made so far of those made when first shown (LATE_ZONES, the move panel)
        self._made: dict[str, Widget] = {}

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Horizontal(id="zeo-top"):
            yield Static(id="zeo-status")
            yield TeamTracker(0, id="zeo-team-0")
            yield TeamTracker(1, id="zeo-team-1")
        with Horizontal(id="zeo-main"):
            # (Tab goes from zone to zone, never to the scrolling table: focus scrolls it)
            with VerticalScroll(id="zeo-table", can_focus=False):
                # (the titled zones of LATE_ZONES are made, in TABLE_ORDER, when first shown)
                yield Static("The Grid", id="zeo-grid-title", classes="zeo-title")
                yield GridRow(id="zeo-grid", empty="empty until the next Start Phase")
                yield Static(id="zeo-stacks-title", classes="zeo-title")
                yield StackRow(id="zeo-stacks")
                yield Static(id="zeo-hand-title", classes="zeo-title")
                yield HandZone(id="zeo-hand", empty="no cards", frames=True, frame_width=FRAME)
                # three or four seats stand two by two (Villains left, Heroes right): three
                # or four columns side by side cut their lines
                four = "-four" if len(self.match.config.teams) >= 3 else ""
                with Horizontal(id="zeo-seats", classes=four):
                    for i, team in enumerate(self.match.config.teams):
                        yield CharacterCard(
                            i, id=f"zeo-seat-{i}", classes=f"zeo-seat zeo-team-{team}"
                        )
                with Horizontal(id="zeo-zones"):
                    with Vertical(classes="zeo-zone-box"):
                        yield Static(id="zeo-bay-title", classes="zeo-title")
                        yield ZordBay(id="zeo-bay")
                    with Vertical(classes="zeo-zone-box"):
                        yield Static(id="zeo-lair-title", classes="zeo-title")
                        yield Lair(id="zeo-lair")
            with Vertical(id="zeo-side"):
                yield Inspector(id="inspector")
                yield Static(id="zeo-prompt")
                # (the move panel comes here when a seat first sits: `_move_list`)
                yield LogPanel(glyphs=LOG_GLYPHS, id="zeo-log")
        yield Static(id="zeo-message")
        yield TableFooter()

    # -- the parts made when first shown --------------------------------------------------------
    def _late_zone(self, ident: str, shown: bool) -> HandZone | None:
        """The titled zone `ident` (LATE_ZONES: an offer, a play area, a teammate's hand, each
        empty in most first frames), made with its title at their place in the table the
        first time it is shown; None while it has never been shown."""
        zone = self._made.get(ident)
        if zone is None:
            if not shown:
                return None
            title = Static(id=f"{ident}-title", classes="zeo-title")
            framed = ident in FRAMED_LATE
            zone = self._made[ident] = HandZone(
                id=ident, empty="", frames=framed, frame_width=FRAME
            )
            later = TABLE_ORDER[TABLE_ORDER.index(ident) + 1 :]
            table = self.query_one("#zeo-table")
            # (a later zone's title stands over it: the first of either)
            before = next(
                (w for w in table.children if (w.id or "").removesuffix("-title") in later), None
            )
            if before is None:
                table.mount(title, zone)
            else:
                table.mount(title, zone, before=before)
        self.query_one(f"#{ident}-title").display = shown
        zone.display = shown
        return zone  # type: ignore[return-value]

    def _move_list(self) -> OptionList | None:
        """The move panel, made the first time a seat sits (a first frame shows the table
        before the curtain names a seat, and a spectator has no moves); None until then."""
        options = self._made.get("zeo-list")
        if options is None and self.session.on_screen is not None:
            options = self._made["zeo-list"] = MoveList(id="zeo-list")
            self.query_one("#zeo-side").mount(options, before="#zeo-log")
        return options  # type: ignore[return-value]

    # -- what the seat on screen may do ----------------------------------------------------------
    def _mode(self, view: View, seat: int | None) -> str:
        if view.phase == "over":
            return "over"
        if seat is None or seat not in view.to_act:
            return "wait"
        if view.decision is not None and view.decision.seat == seat:
            return "decision"
        if view.phase == "setup":
            return "pick"
        return view.phase  # "main" or "end"

    def legal_now(self) -> list:
        """The seat's legal moves, asked of the rules once per position."""
        seat = self.session.on_screen
        # a shared table's match holds no state, only the last update the service pushed
        position = getattr(self.match, "state", None) or getattr(self.match, "update", None)
        key = (len(self.match.actions), id(position), seat, self.mode, self.waiting)
        if key != self._legal_key:
            self._legal_key = key
            acting = seat is not None and self.mode in self.ACTING_MODES
            self._legal = self.match.legal_actions(seat) if acting else []
            view = self._view
            self._by_card = {}
            if view is not None and seat is not None:
                for action in self._legal:
                    self._by_card.setdefault(card_key(view, seat, action), []).append(action)
        return self._legal

    def _could_play(self, view: View, seat: int | None, mode: str) -> frozenset[str]:
        """A replay's Grid says what the seat could buy or Battle at that step, as the live
        table did; its moves are never offered (ReplayMatch.could_play)."""
        if seat is None or mode != "main":
            return frozenset()
        return frozenset(card_key(view, seat, a) for a in self.match.could_play(seat)) - {None}

    def seat_mark(self, seat: int) -> str:
        """Zeo marks a seat by its team (▼V1, ▲H2), on the table and on its curtain."""
        return seat_mark(self._view or self.match.view(None), seat)

    def move_labels(self, legal: list, seat) -> list[str]:
        """The F2 list says each move by the card it acts on, as the table names it ("Harbor
        Watchtower: $ Buy it for 4◆"), not by its place ("buy grid 1")."""
        words = super().move_labels(legal, seat)
        view = self._view
        if view is None or seat is None:
            return words
        out = []
        for action, said in zip(legal, words, strict=True):
            key = card_key(view, seat, action)
            info = self._infos.get(key) if key is not None else None
            if info is None or info.hidden:
                out.append(said)
                continue
            label = entry_for(view, seat, action).label
            out.append(f"{info.face.title}: {getattr(label, 'plain', label)}")
        return out

    def _moves_for(self, key: str) -> list:
        self.legal_now()
        return list(self._by_card.get(key, ()))

    # -- rendering -------------------------------------------------------------------------------
    def show_view(self, view: View, seat: int | None) -> None:
        self.apply_layout()
        mode = self._mode(view, seat)
        if mode != self.mode:
            self._asked = self.mode in ("decision", "pick")
            self.mode = mode
            self._legal_key = None
            self.refresh_bindings()
        self._view = view
        turn = (view.turn, view.active)
        if turn != self._turn_seen:  # a new turn opens on the hand
            self._turn_seen = turn
            self._fresh_seat = self._fresh_seat or view.active == seat
        if (self._fresh_seat or self._asked) and self.focused_card() is not None:
            # let go before the zones redraw: a zone whose focused card changes would
            # otherwise pull the focus back to the card held last turn
            self.set_focus(None)
            self.drop_kept_focus()
        self.legal_now()
        compact = self.compact
        self.put("#zeo-status", self._status(view))
        bars = self.app.size.width >= TRACKER_BARS
        for team in (0, 1):
            self.query_one(f"#zeo-team-{team}", TeamTracker).show_team(
                TEAM_GLYPH[team], view.teams[team], compact, bars
            )
        live = frozenset(k for k in self._by_card if k is not None)
        self._infos = {}
        self._show_offer(view, seat, live)
        grid = self.query_one("#zeo-grid", GridRow)
        could = self._could_play(view, seat, mode) if self.read_only else live
        grid.update_part(
            (view.grid, view.shards, mode, could, seat),
            lambda: self._mark(grid_cards(view, could, mode == "main"), live),
        )
        self._remember(grid)
        self.put("#zeo-stacks-title", self._stacks_title(view))
        stacks = self.query_one("#zeo-stacks", StackRow)
        stacks.update_part(
            (
                view.main_deck,
                view.main_discard[-1:],
                len(view.main_discard),
                view.blasters,
                view.stuns,
                view.zords,
                view.masters,
                view.serpentera,
                live,
                mode,
            ),
            lambda: self._mark(stack_cards(view), live),
        )
        self._remember(stacks)
        for i in range(len(view.seats)):
            self._show_seat(view, i, seat, live)
        self._show_zones(view, live)
        self._show_hands(view, seat, live)
        self.put("#zeo-prompt", self._prompt(view, seat))
        self.put("#zeo-message", self.message)
        self._show_rows(view, seat)
        self._refresh_inspector()
        self.query_one("#zeo-log", LogPanel).sync(list(self.match.log_lines()))
        self._place_focus(view, seat)

    def _refresh_inspector(self) -> None:
        """The card in the inspector as it is now (bought, moved or gone: never stale)."""
        for name in ("_focused_info", "_hovered"):
            info = getattr(self, name)
            if info is not None:
                setattr(self, name, self._infos.get(info.key))
        self.inspect_now()

    def _remember(self, zone: Zone) -> None:
        for card in zone.cards:
            self._infos[card.info.key] = card.info

    def _mark(self, infos: list[CardInfo], live: frozenset[str]) -> list[CardInfo]:
        """▸ on the cards with a move; a Grid or hand card without one says why."""
        out = []
        for info in infos:
            if info.key in live:
                out.append(replace(info, actionable=True))
            elif self.mode in ("main", "end") and info.key.startswith("grid-"):
                out.append(replace(info, reason=self._reason(info)))
            else:
                out.append(info)
        return out

    def _status(self, view: View) -> Text:
        text = Text.assemble(("ZEO", "bold"), " ")
        if view.phase == "setup":
            text.append("Setup: choose your characters")
        elif view.phase == "over":
            text.append("Game over")
        else:
            text.append(f"Turn {view.turn} ▶ ")
            text.append(
                who(view, view.active),
                style=f"bold {TEAM_STYLE[view.seats[view.active].team]}",
            )
            text.append(f" {view.phase.title()} · {view.shards}◆")
            if view.last_turn:
                text.append(" · LAST TURN", style="bold")
        return text

    def _stacks_title(self, view: View) -> Text:
        text = Text("Stacks", style="bold")
        text.append(f"  deck ▤{view.main_deck.count} · discard ⌫{len(view.main_discard)}")
        if view.destroyed_count:
            text.append(f" · destroyed {view.destroyed_count}")
        if view.main_deck.count == 0 and view.phase != "setup":
            text.append(" · main deck empty", style="bold")
        return text

    def _show_offer(self, view: View, seat: int | None, live: frozenset[str]) -> None:
        me = view.seats[seat] if seat is not None else None
        offering = me is not None and view.phase == "setup" and bool(me.offer) and not me.picked
        zone = self._late_zone("zeo-offer", offering)
        if zone is None:
            return
        if offering:
            self.put(
                "#zeo-offer-title",
                Text("Dealt to you: choose 1 character (it comes with the two cards after it)"),
            )
        zone.update_part(
            (offering, me.offer if me else (), live),
            lambda: self._mark(offer_cards(view, seat), live) if offering else [],
        )
        self._remember(zone)

    def _seat_head(self, view: View, i: int, me: int | None, wide: bool = False) -> Text:
        """The seat's line over its slots. Wide, the box's border names the player, and the
        line the character, its side and the team's Energy."""
        s = view.seats[i]
        active = view.active == i and view.phase not in ("setup", "over")
        ch = s.character
        text = Text()
        if wide and ch is None:
            return Text(f"◫{s.hand_count} ▤{s.deck_count} ⌫{len(s.discard)}", style="dim")
        if wide and ch is not None:
            side = ch.side_name if ch.name in ch.side_name else f"{ch.name} · {ch.side_name}"
            text.append(
                f"★ {side}" + (" ⟲" if ch.flipped else ""), style=f"bold {TEAM_STYLE[s.team]}"
            )
            team = view.teams[s.team]
            text.append(f"  ⚡{team.energy}/{team.max_energy}", style="bold")
            text.append(f"  ◫{s.hand_count} ▤{s.deck_count} ⌫{len(s.discard)}")
            return text
        text.append("▶" if active else " ", style="bold")
        text.append(who(view, i), style=f"bold {TEAM_STYLE[s.team]}")
        if i == me:
            text.append(you_mark(s.name), style="italic")
        if i in view.to_act and not active:
            text.append(" … deciding", style="italic")
        text.append(f"  ◫{s.hand_count} ▤{s.deck_count} ⌫{len(s.discard)}")
        if ch is None:
            text.append("\n " + ("character chosen" if s.picked else "choosing…"), style="dim")
        return text

    def _seat_title(self, view: View, i: int, me: int | None) -> str:
        """The seat box's border (wide): whose turn, who, and whether it is you."""
        s = view.seats[i]
        active = view.active == i and view.phase not in ("setup", "over")
        title = ("▶ " if active else "") + who(view, i) + (you_mark(s.name) if i == me else "")
        if i in view.to_act and not active:
            title += " … deciding"
        if s.character is None:
            title += " · " + ("character chosen" if s.picked else "choosing…")
        return plain_label(title)

    def _show_seat(self, view: View, i: int, me: int | None, live: frozenset[str]) -> None:
        s = view.seats[i]
        box = self.query_one(f"#zeo-seat-{i}", CharacterCard)
        foe = me is None or view.seats[me].team != s.team
        part = (
            s.character,
            s.locations,
            s.item,
            s.own,
            s.discard[-1:],
            len(s.discard),
            s.serpentera,
            foe and s.hand_count,
            live,
        )

        def build() -> list[CardInfo]:
            cards = seat_extras(view, i)
            if foe and s.hand_count and view.phase != "setup":
                cards.append(hidden_hand(view, i))
            return self._mark(cards, live)

        wide = not self.compact
        box.show_seat(
            self._seat_head(view, i, me, wide),
            part,
            lambda: self._mark(slot_cards(view, i), live),
            build,
            self._seat_title(view, i, me) if wide else "",
        )
        self._remember(box.slots)
        self._remember(box.cards)

    def _show_zones(self, view: View, live: frozenset[str]) -> None:
        bay = view.bay
        title = Text(f"{TEAM_GLYPH[1]} Zord Bay: {bay.side_name}", style=f"bold {TEAM_STYLE[1]}")
        self.put("#zeo-bay-title", title)
        zone = self.query_one("#zeo-bay", ZordBay)
        zone.update_part((bay, live), lambda: self._mark(bay_cards(view), live))
        self._remember(zone)
        self.put(
            "#zeo-lair-title", Text(f"{TEAM_GLYPH[0]} The Lair", style=f"bold {TEAM_STYLE[0]}")
        )
        lair = self.query_one("#zeo-lair", Lair)
        lair.update_part(
            (view.lair, view.lair_text, live), lambda: self._mark(lair_cards(view), live)
        )
        self._remember(lair)

    def _show_hands(self, view: View, seat: int | None, live: frozenset[str]) -> None:
        active = view.seats[view.active]
        has_played = view.phase not in ("setup", "over") and bool(active.played)
        played = self._late_zone("zeo-played", has_played)
        if has_played:
            self.put("#zeo-played-title", Text(f"Played by {active.name} this turn", style="bold"))
        if played is not None:
            played.update_part(
                (active.played if has_played else (), live),
                lambda: self._mark(played_cards(view), live),
            )
            self._remember(played)
        hand = self.query_one("#zeo-hand", HandZone)
        if seat is None:
            self.put("#zeo-hand-title", Text("Spectating: hands are hidden.", style="dim"))
            hand.update_part(None, list)
        else:
            me = view.seats[seat]
            self.put("#zeo-hand-title", Text(f"Your hand ({me.hand_count})", style="bold"))
            hand.update_part((me.hand, live, self.mode), lambda: self._hand_infos(view, seat, live))
        self._remember(hand)
        others = [
            i
            for i, s in enumerate(view.seats)
            if seat is not None and i != seat and s.team == view.seats[seat].team and s.hand
        ]
        self._show_discards(view)
        mates = self._late_zone("zeo-mates", bool(others))
        if mates is None:
            return
        if others:
            names = " and ".join(f"{view.seats[i].name}'s" for i in others)
            self.put(
                "#zeo-mates-title", Text(f"{names} hand (teammate: open to you)", style="bold")
            )
        mates.update_part(
            tuple(view.seats[i].hand for i in others),
            lambda: [c for i in others for c in hand_cards(view, i, mine=False)],
        )
        self._remember(mates)

    def _show_discards(self, view: View) -> None:
        """Every discard pile in full, at the foot of the table (public information)."""
        piles = (view.main_discard, *(s.discard for s in view.seats))
        shown = view.phase != "setup" and any(piles)
        zone = self._late_zone("zeo-discards", shown)
        if zone is None:
            return
        if shown:
            self.put(
                "#zeo-discards-title",
                Text("Discard piles (open to all): the main deck's, then each player's", "bold"),
            )
        zone.update_part(piles if shown else (), lambda: discard_cards(view) if shown else [])
        self._remember(zone)

    def _hand_infos(self, view: View, seat: int, live: frozenset[str]) -> list[CardInfo]:
        out = []
        for info in hand_cards(view, seat, mine=True):
            if info.key in live:
                out.append(replace(info, actionable=True))
            elif self.mode == "main":
                out.append(replace(info, reason=self._reason(info)))
            else:
                out.append(info)
        return out

    def _prompt(self, view: View, seat: int | None) -> Text:
        text = Text()
        # whose choice it is, when the status line's player is not the one choosing (a
        # teammate takes the keyboard without a curtain)
        name = ""
        if seat is not None and (view.phase == "setup" or seat != view.active):
            name = f"{who(view, seat)}: "
        asked = view.decision is not None and view.decision_seat == seat
        if asked:
            # the question first: the prompt is a few lines high (3 at 80x24), and an
            # Attack's line can fill them ("Block X?" was cut, only the answers showed)
            text.append(f"☞ {name}{view.decision.prompt}", style="bold")
        if view.attack is not None:
            a = view.attack
            if asked:
                text.append("\n")
            text.append("⚔ Attack: ", style="bold")
            text.append(
                who(view, a.attacker), style=f"bold {TEAM_STYLE[view.seats[a.attacker].team]}"
            )
            text.append(f" — {a.text}")
            if a.waiting_on is not None and not (asked and a.waiting_on == seat):
                text.append(" · waiting for ")
                text.append(who(view, a.waiting_on), style="bold")
            if not asked:
                text.append("\n")
        if asked:
            return text
        if view.decision_prompt:
            text.append(f"… {view.decision_prompt}", style="dim")
        elif self.mode == "pick":
            text.append(
                f"☞ {name}Choose your character (the other goes back in the box).", style="bold"
            )
        elif self.mode == "main":
            text.append("Main Phase: Enter on a card for its moves; e ends the phase.", style="dim")
        elif self.mode == "end":
            text.append("End Phase: you may discard attached cards; e ends the turn.", style="dim")
        elif self.mode == "wait" and self.watching:
            text.append("Watching: read any card on the table (hands stay hidden).", style="dim")
        elif self.mode == "wait":
            text.append("Not your turn: read any card while you wait.", style="dim")
        return text

    def _focus_if_shown(self, widget) -> None:
        """A focus placed after the redraw, unless another screen (help, a menu) is on top.
        On the move panel the inspector reads its highlighted row's card (none: nothing),
        never a card focused earlier (which one that was depends on the play before)."""
        if self.app.screen is self:
            self.set_focus(widget)  # now, so a card's message still on its way sees it gone
            if widget is self._made.get("zeo-list"):
                self._inspect_row(widget.highlighted)

    def _place_focus(self, view: View, seat: int | None) -> None:
        """A question goes to the move panel; a turn to the hand; a player already on a card
        stays there."""
        if self.waiting or seat is None or self.app.screen is not self:
            return
        options = self._move_list()
        if self.mode in ("decision", "pick") and self._rows:
            if self.mode == "pick" and view.decision is None:
                offer = self._made.get("zeo-offer")
                if offer is not None:
                    self.focus_zone(offer)  # type: ignore[arg-type]
                return
            if self.focused is not options:
                self._fresh_seat = False
                self.request_focus(self._focus_if_shown, options)
            return
        if self.mode in ("main", "end"):
            hand = self.query_one("#zeo-hand", Zone)
            zone = hand if hand.cards else self.query_one("#zeo-grid", Zone)
            if self._asked:
                self._asked = False
                self._fresh_seat = True
            elif self.focused is options and not self._fresh_seat:
                return
            self.focus_zone(zone)

    # -- a card's moves --------------------------------------------------------------------------
    def _reason(self, info: CardInfo, kind: str = "") -> str:
        """Why this card has no move now: the rule that refuses its likeliest move (or the
        move of `kind` asked for by its key: Battle or Buy on a Grid card)."""
        seat = self.session.on_screen
        view = self._view
        if seat is None or view is None:
            return "you are watching: no seat of yours acts"
        if self.mode in ("wait", "over"):
            return "it is not your turn to act"
        key = info.key
        action = None
        if key.startswith("grid-"):
            index = int(key[5:])
            g = view.grid[index]
            battle = kind == "battle" or (g.adversary and kind != "buy")
            action = Battle(index=index) if battle else Buy(source="grid", index=index)
        elif key.startswith("slot-"):
            _, owner, k = key.split("-")
            if int(owner) == seat:
                action = Activate(source="slot", index=int(k))
        elif key.startswith("bay-"):
            action = Activate(source="zord", index=int(key[4:]))
        elif key == "bay":
            action = Activate(source="bay")
        elif key == f"char-{seat}":
            action = Activate(source="character")
        elif key == "stack-blasters":
            action = Buy(source="blaster")
        elif key in ("stack-zords", "stack-masters"):
            # (Buy from "stack" is the buyer's own team's stack: the other one has no move)
            if (key == "stack-zords") != (view.seats[seat].team == HEROES):
                who, what = ("Heroes", "Zord") if key == "stack-zords" else ("Villains", "Master")
                return f"Buying Cards: only {who} may buy from the {what} stack"
            action = Buy(source="stack")
        elif key == "stack-serpentera":
            action = Buy(source="serpentera")
        elif key in (f"item-{seat}", f"own-{seat}"):
            action = Buy(source=key.split("-")[0])
        elif any(inst == key for inst, _ in view.seats[seat].hand):
            action = Play(card=key)
        else:
            owner = next(
                (s.name for s in view.seats if any(inst == key for inst, _ in s.hand)), None
            )
            if owner is not None:  # a teammate's open hand
                return (
                    f"Playing Cards: only {owner} plays the cards in their hand "
                    "(teammates may look at each other's hands, not play from them)"
                )
        if action is None:
            return f"no move uses it now (it is in {info.zone})"
        return self.why_not(action) or "no move uses it now"

    def card_moves(self, info: CardInfo) -> tuple[list[MenuEntry], str]:
        seat = self.session.on_screen
        view = self._view
        if seat is None or view is None:
            return [], "you are watching: no seat of yours acts"
        if info.hidden:
            return [], "it is face down: nobody may look at it"
        actions = self._moves_for(info.key)
        if not actions:
            return [], info.reason or self._reason(info)
        return menu_for(view, seat, actions), ""

    def submit(self, action) -> bool:
        """A follow-up choice opens its own menu; any other move goes to the rules."""
        if isinstance(action, FollowUp):
            if self._menu_keys is None:
                self._menu_keys = StableKeys()
            self.app.push_screen(
                CardMenu(action.title, list(action.entries), "", self._menu_keys),
                self._menu_done,
            )
            return True
        return super().submit(action)

    def _run(self, entry: MenuEntry) -> None:
        """Make a move from a key: ask first if it throws something away."""
        if entry.confirm:
            self.confirm(entry.confirm, entry.action, entry.key or "y", str(entry.label))
            return
        self.submit(entry.action)

    def run_row(self, row: Row) -> None:
        if self.waiting:
            self.busy()
            return
        if row.zone is not None:
            self._go_zone(row.zone)
            return
        if row.card is not None:
            info = self._infos.get(row.card)
            if info is None:
                return
            for zone in self.query(Zone):
                if any(c.info.key == row.card for c in zone.cards):
                    zone.focus_card(row.card)
                    break
            self.open_card(info)
            return
        action = row.action
        view = self._view
        question = end_question(view, action, self.legal_now()) if view is not None else ""
        if question:
            self.confirm(question, action, "e", end_label(action).plain)
            return
        self.submit(action)

    def _go_zone(self, zone: str) -> None:
        target = {
            "hand": "#zeo-hand",
            "grid": "#zeo-grid",
            "stacks": "#zeo-stacks",
            "bay": "#zeo-bay",
            "lair": "#zeo-lair",
            "played": "#zeo-played",
            "offer": "#zeo-offer",
        }.get(zone)
        if zone == "seat":
            self.action_go_character()
            return
        if target is None:
            return
        widget = next(iter(self.query(target).results(Zone)), None)  # (a late part, unmade)
        if widget is None:
            self.set_message(Text(f"{ZONE_NAMES[zone]}: no cards there now.", style="yellow"))
            return
        first = next((c.info.key for c in widget.cards if c.info.actionable), None)
        if not widget.focus_card(first):
            self.set_message(Text(f"{ZONE_NAMES[zone]}: no cards there now.", style="yellow"))

    # -- keys and clicks -------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id and event.option.id.isdigit() and int(event.option.id) < len(self._rows):
            self.run_row(self._rows[int(event.option.id)])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """A row of the move panel shows its card in the inspector."""
        n = event.option.id
        if n and n.isdigit() and int(n) < len(self._rows):
            info = self._row_card(int(n))
            if info is not None:
                self._focused_info = info
                self.inspect_now()

    def action_pick(self, n: int) -> None:
        for row in self._rows:
            if self._row_key_of.get(row.ident) == str(n):
                self.run_row(row)
                return
        self.set_message(Text(f"No row {n} in the move panel now.", style="yellow"))

    def action_cursor(self, step: int) -> None:
        options = self._move_list()
        if options is not None:
            (options.action_cursor_down if step > 0 else options.action_cursor_up)()

    def action_go_moves(self) -> None:
        options = self._move_list()
        if options is not None:
            options.focus()

    def action_go(self, zone: str) -> None:
        self._go_zone(zone)

    def action_go_character(self) -> None:
        seat = self.session.on_screen
        if seat is None:
            seat = 0
        self.query_one(f"#zeo-seat-{seat}", CharacterCard).cards.focus_card()

    def action_kind(self, kind: str) -> None:
        """p b t a x d: that kind of move with the focused card, or the rule that refuses it."""
        if self.waiting:
            self.busy()
            return
        classes, word = KIND_KEYS[kind]
        card = self.focused_card()
        if card is None:
            self.set_message(
                Text(
                    f"{word}: move to a card first (arrows, Tab; g The Grid, y your hand).",
                    style="bold yellow",
                )
            )
            return
        seat = self.session.on_screen
        view = self._view
        actions = [a for a in self._moves_for(card.info.key) if isinstance(a, classes)]
        if seat is None or view is None or not actions:
            reason = self._reason(card.info, kind)
            if reason == "no move uses it now" and self._moves_for(card.info.key):
                reason = ""  # (it has moves of other kinds: Enter lists them)
            what = f"{word} is not a move for {card.info.face.title} now"
            self.set_message(
                Text(f"✘ {what}" + (f": {reason}." if reason else "."), style="bold red")
            )
            self.app.bell()
            return
        entries = menu_for(view, seat, actions)
        if len(entries) == 1:
            self._run(entries[0])
            return
        self.app.push_screen(
            CardMenu(card.info.face.title, entries, "", self._menu_keys or StableKeys()),
            self._menu_done,
        )

    def check_action(self, action: str, parameters) -> bool | None:
        if not GameScreen.check_action(self, action, parameters):
            return False
        if action in ("end", "play_all"):
            return self.mode in self.ACTING_MODES
        return True

    def seat_changed(self) -> None:
        self.forget_cards()

    def _after(self, events) -> None:
        # "locked in" is said only of a secret choice: the character picks while others are
        # still picking. An Attack waiting for a Block, or the Villains' "who goes first",
        # hands the keyboard on without anything being locked in (and the curtain says so).
        if isinstance(self.message, str) and self.message.startswith("▣"):
            view = self.match.view(None)
            if view.phase != "setup" or view.decision_seat is not None:
                self.message = ""
        super()._after(events)

    def action_end(self) -> None:
        """End the Main Phase (asking first if Shards would be lost), then the turn."""
        if self.waiting:
            self.busy()
            return
        legal = self.legal_now()
        for action in legal:
            if isinstance(action, (EndMain, EndTurn)):
                question = end_question(self._view, action, legal) if self._view else ""
                if question:
                    self.confirm(question, action, "e", end_label(action).plain)
                    return
                self.submit(action)
                return
        self.submit(EndMain())  # not legal now: the rules name the reason

    #: `P` at a shared table: the cards played so far, while the next waits for the answer
    #: to the last (None: not playing them)
    _playing_all: int | None = None

    def action_play_all(self) -> None:
        """Play every card that gives Shards or Energy and has no other use now: a card that
        could be attached (to a slot, the Zord Bay or The Lair) for its ability or Block stays
        in the hand for the player to decide. Stops at any question a card asks."""
        self._play_all(0)

    def table_changed(self, note=None) -> None:
        """At a shared table each card of `P` goes when the table has answered the last."""
        refused = getattr(self.session, "refused", None) is not None
        super().table_changed(note)
        played = self._playing_all
        if played is not None and not self.waiting:
            self._playing_all = None
            if not refused:  # (a refusal stops it: its reason is on screen)
                self.call_later(self._play_all, played)

    def _play_all(self, played: int) -> None:
        seat = self.session.on_screen
        kept: dict[str, ZCard] = {}
        while seat is not None and not self.waiting:
            view = self.match.view(seat)
            hand = dict(view.seats[seat].hand)
            legal = self.match.legal_actions(seat)
            attachable = {
                a.card
                for a in legal
                if isinstance(a, (Attach, AttachTile))
                and a.card in hand
                and (
                    isinstance(a, AttachTile)
                    or hand[a.card].ability_cost is not None
                    or hand[a.card].block_cost is not None
                )
            }
            kept = {c: hand[c] for c in attachable}
            plays = [
                a
                for a in legal
                if isinstance(a, Play)
                and a.card in hand
                and a.card not in attachable
                and (hand[a.card].shards or hand[a.card].energy)
            ]
            if not plays or view.decision is not None:
                break
            if not self.submit(plays[0]):
                break
            played += 1
            if self.waiting and self.remote:
                self._playing_all = played  # the rest when the table has answered
                return
        if kept:
            names = ", ".join(f"[{face.letter}] {face.name}" for face in kept.values())
            self.set_message(
                Text.assemble(
                    f"Played {played}; kept in hand, as they can be attached: ",
                    names,
                    " (Enter on one: play or attach it).",
                    style="yellow",
                )
            )
        elif not played:
            self.set_message(
                Text("No card in your hand gives Shards or Energy now.", style="bold yellow")
            )

    def summary(self) -> Text:
        view = self.match.view(None)
        text = Text(self.outcome_line() + "\n\n")
        for team in (0, 1):
            t = view.teams[team]
            text.append(f"{TEAM_GLYPH[team]} {t.name}: ", style=f"bold {TEAM_STYLE[team]}")
            text.append(f"♥ {t.hp}/{t.max_hp} · ⚡ {t.energy}/{t.max_energy}\n")
        history = list(view.hp_history)
        if view.phase == "over":
            history.append((view.teams[0].hp, view.teams[1].hp))
        if history:
            from ...widgets.plot import Series, line_plot  # (the game-over summary's only)

            text.append("\nHP at the start of each turn\n", style="bold")
            text.append_text(
                line_plot(
                    [
                        Series("Villains", [v for v, _ in history], "V", TEAM_STYLE[0]),
                        Series("Heroes", [h for _, h in history], "H", TEAM_STYLE[1]),
                    ],
                    height=6,
                    width=44,
                    y_max=max(30, *(max(p) for p in history)),
                )
            )
        text.append(
            f"\n\nTurns: {view.turn} · actions: {len(self.match.actions)} · seed {self.match.seed}"
        )
        return text
