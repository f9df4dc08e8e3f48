"""Heroes of the Grid on screen: the board, the Ranger panels, and the battle.

The board puts the Command Center (or the Astro Megaship) in the middle of the four outer
locations in their clockwise order, each with its enemy figures by type, the figure limit,
a panic mark and its B side. When a battle starts, the combat sequence takes the board's
place: every enemy card with its health, hits, keywords and state, the active card marked.
Below, as in Zeo, the list of every legal move for the seat acting for the team.

Co-operative hot-seat: hands are open to the whole team unless the setup option hides them,
so the keyboard passes between players without a curtain unless something is hidden.
"""

from __future__ import annotations

from rich.box import HEAVY, ROUNDED
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from ...games.hotg.models import (
    HQ,
    Arrange,
    AttachPsycho,
    ChooseLocation,
    ChooseRanger,
    DeployFigures,
    DiscardScheme,
    Draw,
    EndPhase,
    FightFigures,
    FlipToken,
    Focus,
    GiveEnergy,
    GrantedAttack,
    Move,
    OrderEffects,
    Pass,
    Pick,
    PlaceCard,
    PlaceMarker,
    PlayCard,
    PlayScheme,
    PowerUp,
    Recover,
    StartBattle,
    Target,
    UseAbility,
    UseZord,
    View,
)
from ...games.hotg.models import CardView as HCard
from ..game_screen import GameScreen
from ..moves import Entry, MoveList
from ..setup_options import SetupOption
from ..widgets import CardFace
from ..widgets.combat_grid import CombatGrid, GridCard
from ..widgets.plot import Series, line_plot

#: Ranger colours: a style and a letter (never colour alone)
RANGER_COLOURS = {
    "red": ("red", "R"),
    "black": ("bright_black", "K"),
    "blue": ("blue", "B"),
    "yellow": ("yellow", "Y"),
    "pink": ("magenta", "P"),
    "green": ("green", "G"),
    "silver": ("white", "S"),
}
#: enemy figure types: a short tag for the board
FIGURE_TAGS = {
    "putty_patrollers": "Putty",
    "super_putty_patrollers": "S.Putty",
    "quantrons": "Quantron",
}
CARD_LETTERS = {"attack": "A", "maneuver": "M", "reaction": "R"}
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
    "⚠ panicked · n/m figures/limit · ▶ active enemy card · ✔ resolved · ✝ defeated · "
    "◎ may be targeted · ♥ health · ⚔ hits · ⚡ energy · ◆ action tokens · [A] attack "
    "[M] maneuver [R] reaction · ◇ shields · ⚄ dice"
)
FILTERS = {
    "move": ("Move", (Move,)),
    "play": ("Play", (PlayCard, GrantedAttack)),
    "focus": ("Hand over", (Focus,)),
    "zord": ("Zord", (UseZord, UseAbility)),
    "energy": ("Energy", (FlipToken, GiveEnergy)),
    "draw": ("Draw", (Draw, Pick)),
}


def _rangers() -> tuple[tuple[str, str], ...]:
    from ...games.hotg.models import ALL_RANGERS

    return (("Default team", ""),) + tuple((r.title(), r) for r in ALL_RANGERS)


def card_face(card: HCard) -> CardFace:
    bits = [card.type.title(), f"cost {card.cost}⚡"]
    if card.dice:
        bits.append(f"{card.dice}⚄")
    if card.hits:
        bits.append(f"{card.hits}⚔")
    bits.append(f"{card.shields}◇")
    extra: tuple = tuple(line for line in card.text.splitlines() if line) or (
        Text("No text.", style="dim"),
    )
    if card.trigger:
        extra += (Text(f"Reaction: {card.trigger.replace('_', ' ')}", style="italic"),)
    return CardFace(
        title=card.name,
        letter=CARD_LETTERS.get(card.type, "?"),
        kind=f"hotg-{card.type}",
        subtitle=" · ".join(bits),
        extra=extra,
    )


def card_chip(card: HCard) -> Text:
    return Text.assemble(
        (f"[{CARD_LETTERS.get(card.type, '?')}]", "reverse"),
        " ",
        (card.name, "bold"),
        f" {card.cost}⚡",
    )


class HotgScreen(MoveList, GameScreen):
    BOT_PACE = 0.4
    PREFIX = "hg"
    LEGEND = LEGEND
    FILTERS = FILTERS
    ACTING_MODES = ("act", "decision", "battle")
    BINDINGS = [
        Binding("m", "only('move')", "Move"),
        Binding("b", "battle", "Battle"),
        Binding("r", "recover", "Recover"),
        Binding("p", "only('play')", "Play"),
        Binding("f", "only('focus')", "Hand over"),
        Binding("z", "only('zord')", "Zords", show=False),
        Binding("g", "only('energy')", "Energy", show=False),
        Binding("d", "only('draw')", "Draw", show=False),
        Binding("e", "end", "End/Pass"),
        Binding("escape,tab", "only('')", "All moves", show=False),
        Binding("j", "cursor(1)", "Down", show=False),
        Binding("k", "cursor(-1)", "Up", show=False),
        *(Binding(str(n), f"pick({n})", f"Choice {n}", show=False) for n in range(1, 10)),
    ]
    HELP_KEYS = [
        ("↑↓ / j k", "move through the moves the acting player may make (only legal ones)"),
        ("Enter/click", "make the highlighted move; 1-9 make the numbered one"),
        ("m", "only MOVE moves (1 action token; power up at the Command Center)"),
        ("b", "BATTLE the enemies where you are (1 action token)"),
        ("r", "RECOVER (1 action token)"),
        ("p", "only cards to play (attacks and maneuvers on your turn, reactions when asked)"),
        ("f", "hand the turn to a teammate (the team chooses who acts)"),
        ("z", "only Zord and Ranger ability moves"),
        ("g", "only energy moves: flip an action token, add stored energy to the pool"),
        ("d", "only draw / pick-a-card moves"),
        ("e", "end the Action Phase, or pass (end the Rangers' turn, decline a reaction)"),
        ("Esc / Tab", "show every move again"),
        ("marks", LEGEND),
    ]
    SETUP_OPTIONS = (
        SetupOption(
            "mode",
            "Mode",
            (
                ("Standard", "standard"),
                ("Psycho Assault (the Psycho Rangers are the villains)", "psycho_assault"),
                ("Mastermind (the last seat plays the villains)", "mastermind"),
            ),
            default="standard",
            help="Mastermind Mode: the last seat filled is the Mastermind, the others Rangers.",
        ),
        SetupOption(
            "headquarters",
            "Headquarters",
            (
                ("Command Center", "command_center"),
                ("Command Center Assault (B side)", "command_center_assault"),
                ("Astro Megaship (expansion)", "astro_megaship"),
            ),
            default="command_center",
        ),
        SetupOption(
            "boss",
            "Boss",
            (("Rita Repulsa", "rita_repulsa"), ("The Psycho Rangers", "psycho_rangers")),
            default="rita_repulsa",
        ),
        SetupOption(
            "psycho_monsters",
            "Psycho Rangers as monsters",
            (("None", "0"), ("One", "1"), ("Two", "2")),
            default="0",
            help="They replace normal monsters (not with the Psycho Rangers as the boss).",
        ),
        SetupOption(
            "foot_soldiers",
            "Foot soldiers",
            (
                ("Putty Patrollers + Super Putties", "putty_patrollers,super_putty_patrollers"),
                ("Putty Patrollers + Quantrons", "putty_patrollers,quantrons"),
                ("Super Putties + Quantrons", "super_putty_patrollers,quantrons"),
            ),
            default="putty_patrollers,super_putty_patrollers",
            convert=lambda v: tuple(v.split(",")),
        ),
        SetupOption(
            "hidden_hands",
            "Hands",
            (("Open to the team", "open"), ("Hidden (curtains)", "hidden")),
            default="open",
            convert=lambda v: v == "hidden",
        ),
        SetupOption(
            "deployments_per_round",
            "Deployments per round",
            (("5 (standard)", "5"), ("4 (easier)", "4")),
            default="5",
        ),
        SetupOption(
            "heavy_deployments",
            "Difficulty (foot soldier cards)",
            (
                ("Standard: cards of 1-2-2-2-3 figures", "heavy"),
                ("Easier: cards of 1-1-1-2-3 figures", "light"),
            ),
            default="heavy",
            convert=lambda v: v == "heavy",
            help="How many figures the deployment cards show: the likeliest printed reading, "
            "or a lighter one for an easier game (RULINGS.md 2).",
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.init_moves()
        self.mode = "wait"
        self._view: View | None = None
        self._names_of: View | None = None
        self._names: dict[str, tuple[str, str, str]] = {}
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
        with VerticalScroll(id="hg-table"):
            with Horizontal(id="hg-top"):
                with Vertical(id="hg-mainbox"):
                    yield Static(id="hg-main")
                    yield CombatGrid(id="hg-grid")
                yield Static(id="hg-side")
            yield Static(id="hg-rangers")
        yield from self.compose_moves(LOG_GLYPHS)

    # -- names -------------------------------------------------------------------------------------
    def _ranger_names(self, view: View) -> dict[str, tuple[str, str, str]]:
        """Ranger id -> (name, style, letter); built once per View (chips are drawn often)."""
        if self._names_of is not view:
            self._names_of = view
            self._names = {}
            for p in view.players:
                for r in p.rangers:
                    style, letter = RANGER_COLOURS.get(r.color, ("bold", r.color[:1].upper()))
                    self._names[r.id] = (r.name, style, letter)
        return self._names

    def _ranger_chip(self, view: View, rid: str, short: bool = False) -> Text:
        name, style, letter = self._ranger_names(view).get(rid, (rid, "bold", "?"))
        shown = name.split()[0] if short else name
        return Text.assemble((f"[{letter}]", f"reverse {style}"), (shown, f"bold {style}"))

    def _place(self, view: View, loc: str) -> str:
        if loc == HQ:
            return {"astro_megaship": "Astro Megaship"}.get(view.headquarters, "Command Center")
        for location in view.locations:
            if location.id == loc:
                return location.name
        return loc.replace("_", " ").title()

    def _seat_name(self, view: View, seat: int) -> Text:
        if seat == view.mastermind_seat:
            return Text(f"☠ {self.session.name(seat)} (Mastermind)", style="bold")
        p = view.players[seat]
        return Text(f"P{seat + 1} {p.name}", style="bold")

    # -- rendering -------------------------------------------------------------------------------
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

    def show_view(self, view: View, seat: int | None) -> None:
        self.apply_layout()
        mode = self._mode(view, seat)
        if mode != self.mode:
            self.mode = mode
            self.filter = ""
            self.refresh_bindings()
        self._view = view
        compact = self.compact
        self.put("#hg-status", self._status(view, seat, compact))
        main = (
            self._battle(view, compact) if view.battle is not None else self._board(view, compact)
        )
        self.put("#hg-main", main)
        if not compact:
            self.put("#hg-side", self._side(view))
        self.put("#hg-rangers", self._rangers_panel(view, seat, compact))
        self.put("#hg-prompt", self._prompt(view, seat))
        empty = {
            "wait": "Waiting for the team.",
            "over": "The game is over.",
        }.get(self.mode, "Nothing to do.")
        self.show_moves(view, seat, empty)
        self._show_grid(view, seat)  # after the list: placing a card focuses the grid
        self.show_hand(self._hand(view, seat))
        self.put("#hg-message", self.message)
        self.sync_log()

    def sync_log(self) -> None:
        """The match log, after the game's first Deployment Phase (it happened while the
        game was set up, before any action, so only the View holds it)."""
        from ...engine import Event
        from ..widgets.log import LogPanel

        opening = self._view.opening if self._view is not None else ()
        first = [Event(text=t, kind="deploy") for t in opening]
        self.query_one(f"#{self.PREFIX}-log", LogPanel).sync([*first, *self.match.log_lines()])

    def _status(self, view: View, seat: int | None, compact: bool) -> Text:
        text = Text.assemble(("HotG", "bold"), f" Round {view.round} · {view.phase.title()}")
        if view.phase not in ("over",):
            text.append(" · ▶ ")
            text.append_text(self._seat_name(view, view.focus))
        text.append(" │ ", style="dim")
        text.append(f"CC ⚡{view.hq_energy}", style="bold")
        panicked = sum(1 for loc in view.locations if loc.panicked)
        text.append(f" │ ⚠{panicked}/4", style="bold" if panicked >= 3 else "")
        text.append(f" │ XP {view.experience}/{view.experience_max}")
        text.append(f" │ Power {view.power}/{view.power_max}")
        if compact:
            text.append(f" │ Deploy {view.deploy_count} next: {self._back(view)}")
        text.append(f" │ Boss {view.boss_progress}/{view.boss_goal}")
        if view.mode == "mastermind":
            text.append(f" │ ☠ Schemes {view.scheme_count}")
        elif view.mode == "psycho_assault":
            text.append(" │ Psycho Assault")
        return text

    def _back(self, view: View) -> str:
        back = view.next_deploy_back
        if back in ("monster", "boss", "nemesis", "psycho_boss"):
            return back.replace("_", " ").upper()
        return self._place(view, back) if back else "—"

    def _location_cell(self, view: View, loc, compact: bool) -> Panel:
        lines = []
        figures = Text()
        for ftype, count in loc.foot_soldiers:
            if count:
                if figures:
                    figures.append(" ")
                figures.append(f"{FIGURE_TAGS.get(ftype, ftype)}×{count}")
        for villain in loc.villains:
            if figures:
                figures.append(" ")
            figures.append(villain.replace("_", " ").title(), style="bold red")
        lines.append(figures or Text("no enemies", style="dim"))
        if loc.rangers:
            rangers = Text()
            for rid in loc.rangers:
                if rangers:
                    rangers.append(" ")
                rangers.append_text(self._ranger_chip(view, rid, short=True))
            lines.append(rangers)
        if loc.side == "B" and loc.b_text and not compact:
            lines.append(Text(f"B: {loc.b_text}", style="italic"))
        if loc.megazord_token:
            lines.append(Text("Megazord token", style="bold"))
        title = Text(loc.name, style="bold")
        mark = f" {loc.figures}/{loc.figure_limit}"
        title.append(mark)
        if loc.panicked:
            title.append(" ⚠PANIC", style="bold reverse")
        elif loc.full:
            title.append(" FULL", style="bold")
        return Panel(
            Group(*lines),
            title=title,
            title_align="left",
            border_style="red" if loc.panicked else "dim",
            padding=(0, 1),
        )

    def _hq_cell(self, view: View, compact: bool) -> Panel:
        lines = [Text(f"⚡ {view.hq_energy} energy", style="bold")]
        if view.hq_tokens:
            lines.append(Text(f"◆ {view.hq_tokens} Command Center tokens"))
        if view.hq_rangers:
            rangers = Text()
            for rid in view.hq_rangers:
                if rangers:
                    rangers.append(" ")
                rangers.append_text(self._ranger_chip(view, rid, short=True))
            lines.append(rangers)
        if view.hq_enemies:
            lines.append(
                Text(" ".join(f"{FIGURE_TAGS.get(t, t)}×{n}" for t, n in view.hq_enemies if n))
            )
        return Panel(
            Group(*lines),
            title=Text(self._place(view, HQ), style="bold"),
            title_align="left",
            border_style="cyan",
            padding=(0, 1),
        )

    def _board(self, view: View, compact: bool) -> Table:
        """Locations clockwise around the Command Center: top, right, bottom, left."""
        by_pos = {loc.position: loc for loc in view.locations}
        grid = Table.grid(expand=True, padding=0)
        for _ in range(3):
            grid.add_column(ratio=1)

        def cell(pos):
            loc = by_pos.get(pos)
            return self._location_cell(view, loc, compact) if loc else Text("")

        if compact:  # one line per place, clockwise, the Command Center last
            return self._board_lines(view)
        grid.add_row(Text(""), cell(0), Text(""))
        grid.add_row(cell(3), self._hq_cell(view, compact), cell(1))
        grid.add_row(Text(""), cell(2), Text(""))
        return grid

    def _board_lines(self, view: View) -> Text:
        text = Text()
        for loc in sorted(view.locations, key=lambda loc: loc.position):
            text.append("⚠" if loc.panicked else "!" if loc.full else " ", style="bold red")
            text.append(f"{loc.position + 1} {loc.name[:20]:<20}", style="bold")
            text.append(f" {loc.figures}/{loc.figure_limit} ")
            bits = [f"{FIGURE_TAGS.get(t, t)}×{n}" for t, n in loc.foot_soldiers if n] + [
                v.replace("_", " ").title() for v in loc.villains
            ]
            text.append(" ".join(bits) or "—", style="" if bits else "dim")
            for rid in loc.rangers:
                text.append(" ")
                text.append_text(self._ranger_chip(view, rid, short=True))
            if loc.side == "B":
                text.append(f" [B {loc.b_label}]", style="italic")
            text.append("\n")
        text.append(f"  {self._place(view, HQ)}", style="bold cyan")
        text.append(f" ⚡{view.hq_energy}")
        if view.hq_tokens:
            text.append(f" ◆{view.hq_tokens}")
        for rid in view.hq_rangers:
            text.append(" ")
            text.append_text(self._ranger_chip(view, rid, short=True))
        return text

    def _enemy_parts(self, card) -> tuple[Text, Text]:
        """An enemy card's head (state mark, number, name, ◎) and body (health, hits, keywords)."""
        mark = "✝" if card.defeated else "▶" if card.active else "✔" if card.resolved else " "
        head = Text(mark, style="bold")
        head.append(f"{card.slot + 1} ")
        head.append(card.name, style="bold" if not card.defeated else "dim strike")
        if card.targetable:
            head.append(" ◎", style="bold")
        body = Text(f"♥{card.health} ⚔{card.hits}")
        if card.keywords:
            body.append(" " + " ".join(k.upper() for k in card.keywords), style="italic")
        return head, body

    def _battle(self, view: View, compact: bool):
        b = view.battle
        head = Text(f"⚔ Battle at {self._place(view, b.location)}", style="bold")
        head.append(f" · pool ⚡{b.pool} · {b.turn.replace('_', ' ')}")
        if b.final_turn:
            head.append(" · FINAL TURN", style="bold")
        if b.last_roll:
            head.append(" · roll ")
            head.append(" ".join("✖" if h == 0 else f"⚄{h}" for h in b.last_roll))
        bonus = b.next_attack
        if bonus.dice or bonus.hits:
            head.append(f" · next attack +{bonus.dice}⚄ +{bonus.hits}⚔")
        if b.grid is not None:  # Mastermind Mode: the CombatGrid widget draws the 3x3 grid
            lines = [head]
            if b.grid.placing:
                lines.append(
                    Text.assemble(
                        ("Placing: ", "bold"),
                        (b.grid.placing, "bold"),
                        f" ({b.grid.to_place} to place) ",
                        (b.grid.placing_text, "italic"),
                    )
                )
            return Group(*lines)
        grid = Table.grid(padding=(0, 1), expand=True)
        for _ in range(max(1, b.cols)):
            grid.add_column(ratio=1)
        rows: list[list] = [[Text("")] * max(1, b.cols) for _ in range(max(1, b.rows))]
        for card in b.cards:
            if card.row < len(rows) and card.col < len(rows[0]):
                name, body = self._enemy_parts(card)
                if compact:
                    cell = Text.assemble(name, "\n  ", body)
                else:  # a card box, heavy around the active card
                    cell = Panel(
                        body,
                        title=name,
                        title_align="left",
                        border_style="bold" if card.active else "dim",
                        box=HEAVY if card.active else ROUNDED,
                    )
                rows[card.row][card.col] = cell
        for row in rows:
            grid.add_row(*row)
        who = Text("Rangers: ")
        for i, seat in enumerate(b.participants):
            if i:
                who.append(", ")
            who.append_text(self._seat_name(view, seat))
            if seat == b.lead:
                who.append(" (lead)", style="italic")
        return Group(head, grid, who)

    def _show_grid(self, view: View, seat: int | None) -> None:
        widget = self.query_one("#hg-grid", CombatGrid)
        grid = view.battle.grid if view.battle is not None else None
        widget.display = grid is not None
        if grid is None:
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
        width = 16 if self.compact else max(22, min(34, (self.app.size.width - 44) // 3))
        if widget.cell_width != width:
            widget.cell_width = width
            widget.refresh(layout=True)
        if (placing or marking) and not self.waiting and self.app.screen is self:
            widget.focus()

    def on_combat_grid_chosen(self, message: CombatGrid.Chosen) -> None:
        """Enter or a click on the grid: place the card there, or put the marker there."""
        view = self._view
        if view is None or view.battle is None or view.battle.grid is None:
            return
        d = view.decision
        if d is not None and d.kind == "marker":
            for cell in view.battle.grid.cells:
                if (cell.row, cell.col) == (message.row, message.col):
                    if cell.slot < 0:
                        self.set_message(
                            Text("The combat marker goes on a card.", style="bold yellow")
                        )
                        return
                    self.submit(PlaceMarker(slot=cell.slot))
                    return
        self.submit(PlaceCard(row=message.row, col=message.col))

    def _side(self, view: View) -> Text:
        text = Text("Deployment deck\n", style="bold underline")
        text.append(f"{view.deploy_count} cards · next back: ")
        text.append(self._back(view), style="bold")
        text.append(f"\n{view.deployments_per_round} per round · {view.deploy_discard} used\n")
        if not view.heavy_deployments:
            text.append("easier cards: 1-1-1-2-3 figures\n")
        text.append("\nPower board\n", style="bold underline")
        text.append(
            f"XP   {'★' * view.experience}{'☆' * (view.experience_max - view.experience)}\n"
        )
        text.append(f"Power {'■' * view.power}{'□' * (view.power_max - view.power)}\n")
        text.append(f"Zord deck {view.zord_deck}")
        if view.megazord:
            text.append(f" · {view.megazord.replace('_', ' ').title()}")
        text.append("\n")
        for _zid, name, _zt in view.zord_names:
            text.append(f"⚙ {name}\n")
        text.append("\nVillains\n", style="bold underline")
        text.append(", ".join(m.replace("_", " ").title() for m in view.monsters) or "—")
        text.append(f"\nBoss: {view.boss.replace('_', ' ').title()} ")
        text.append(f"{view.boss_progress}/{view.boss_goal}\n")
        if view.mode == "mastermind":
            text.append("\nSchemes\n", style="bold underline")
            text.append(f"hand {view.scheme_count} · deck {view.scheme_deck}")
            if view.scheme_discard:
                text.append(f" · last played {view.scheme_discard[-1].name}")
            text.append("\n")
            for sc in view.schemes or ():
                text.append(f"✸ {sc.name}", style="bold" if sc.playable else "")
                text.append(f" ({sc.timing_text})\n", style="dim")
        if view.psycho_aside:
            text.append("Set aside: " + ", ".join(view.psycho_aside) + "\n", style="dim")
        if view.defeated_villains:
            text.append(
                "Defeated: "
                + ", ".join(v.replace("_", " ").title() for v in view.defeated_villains),
                style="dim",
            )
        return text

    def _rangers_panel(self, view: View, me: int | None, compact: bool) -> Text:
        text = Text()
        for p in view.players:
            if p.seat:
                text.append("\n")
            acting = p.seat == view.focus and view.phase != "over"
            text.append("▶" if acting else " ", style="bold")
            text.append_text(self._seat_name(view, p.seat))
            if p.seat == me:
                text.append(" (you)", style="italic")
            text.append(" ")
            for r in p.rangers:
                text.append_text(self._ranger_chip(view, r.id))
                text.append(" ")
            text.append(f"@{self._place(view, p.location)}")
            text.append(
                f" ◆{p.tokens}/{p.max_tokens} ⚡{p.stored_energy}/{p.max_stored} "
                f"◫{p.hand_count}/{p.hand_size} ▤{p.deck_count} ⌫{len(p.discard)}"
            )
            if p.zords:
                text.append(" ⚙" + ",".join(z.replace("_", " ") for z in p.zords))
            if p.in_battle:
                text.append(" ⚔", style="bold")
            for r in p.rangers:  # Psycho Ranger deployment cards attached to this Ranger
                for psycho in r.psycho_attached:
                    text.append(f" ☠{psycho.replace('psycho_', 'Psycho ').title()}", style="bold")
                for psycho in r.psycho_face_down:
                    text.append(
                        f" ▯{psycho.replace('psycho_', 'Psycho ').title()} (defeated)", style="dim"
                    )
                for _psycho, under in r.psycho_under:
                    if under and compact:
                        text.append(f" [{len(under)} beneath]", style="dim")
                    elif under:
                        text.append(f" [beneath: {', '.join(under)}]", style="dim")
            if not compact:
                for r in p.rangers:
                    text.append(f"\n    {r.ability_name}: ", style="bold")
                    text.append(r.ability_text, style="italic")
                    if r.ability_used:
                        text.append(" (used)", style="dim")
        return text

    def _prompt(self, view: View, seat: int | None) -> Text:
        text = Text()
        if self.filter and self.compact:
            text.append(f"[{FILTERS[self.filter][0]} moves only · Esc: all] ", style="bold")
        d = view.decision
        if d is not None:
            who = d.asked[0] if d.asked else view.focus
            text.append("☞ ", style="bold")
            text.append_text(self._seat_name(view, who))
            text.append(f": {d.prompt}", style="bold")
            return text
        if self.mode == "act" and self.compact:
            text.append(
                "Action Phase: m MOVE · b BATTLE · r RECOVER · f hand over · e end", style="dim"
            )
        elif self.mode == "act":
            text.append(
                "Action Phase: spend action tokens to MOVE (m), BATTLE (b) or RECOVER (r); "
                "f hands the turn to a teammate; e ends the phase.",
                style="dim",
            )
        elif self.mode == "battle":
            text.append(
                "Rangers' turn: play a card (p) at an enemy card, energy (g), e passes.",
                style="dim",
            )
        return text

    def _hand(self, view: View, seat: int | None) -> Text:
        seat = view.focus if seat is None else seat
        if seat == view.mastermind_seat:
            text = Text("Your Schemes: ", style="bold")
            if view.schemes:
                text.append(
                    Text(", ").join(
                        Text.assemble(("[S]", "reverse"), " ", (sc.name, "bold"))
                        for sc in view.schemes
                    )
                )
            else:
                text.append("none", style="dim")
            return text
        p = view.players[seat]
        text = Text(f"P{seat + 1} hand: ", style="bold")
        if p.hand is None:
            text.append(f"{p.hand_count} cards (hidden)", style="dim")
        elif p.hand:
            text.append(Text(", ").join(card_chip(c) for c in p.hand))
        else:
            text.append("empty", style="dim")
        return text

    # -- the moves -------------------------------------------------------------------------------
    def _hand_card(self, view: View, card_id: str) -> HCard | None:
        searched = view.decision.deck_cards if view.decision is not None else ()
        for p in view.players:
            for c in (p.hand or ()) + p.discard + searched:
                if c.id == card_id:
                    return c
        return None

    def _enemy_name(self, view: View, slot: int | None) -> str:
        if slot is None or view.battle is None:
            return ""
        for c in view.battle.cards:
            if c.slot == slot:
                return f"{slot + 1} {c.name}"
        return str(slot + 1)

    def entry(self, view: View, seat: int, action) -> Entry:
        match action:
            case Move():
                label = Text.assemble("→ MOVE to ", (self._place(view, action.to), "bold"))
                if action.power_up:
                    label.append(" and power up")
                return Entry(label, action)
            case StartBattle():
                here = self._place(view, view.players[seat].location)
                return Entry(Text.assemble("⚔ BATTLE at ", (here, "bold")), action)
            case Recover():
                label = Text("♥ RECOVER")
                if action.hq_token:
                    label.append(" (Command Center token)")
                return Entry(label, action)
            case EndPhase():
                return Entry(Text("» End the Action Phase", style="bold"), action)
            case Pass():
                label = "» Pass (end the Rangers' turn)" if view.decision is None else "» Pass"
                return Entry(Text(label, style="bold"), action)
            case PlayCard():
                card = self._hand_card(view, action.card)
                label = Text("▶ Play ")
                label.append_text(card_chip(card) if card else Text(action.card))
                if action.x:
                    label.append(f" X={action.x}")
                if action.target is not None:
                    label.append(f" → {self._enemy_name(view, action.target)}")
                if action.boost:
                    label.append(" (option)")
                return Entry(label, action, card)
            case GrantedAttack():
                return Entry(
                    Text(f"▶ Free attack → {self._enemy_name(view, action.target)}"), action
                )
            case Focus():
                label = Text("☞ Hand the turn to ")
                label.append_text(self._seat_name(view, action.seat))
                return Entry(label, action)
            case ChooseRanger():
                label = Text("☞ ")
                label.append_text(self._seat_name(view, action.seat))
                kind = view.decision.kind if view.decision is not None else ""
                label.append(
                    {"strategize": " strategizes", "choose_ranger": " is the one"}.get(
                        kind, " takes it"
                    )
                )
                return Entry(label, action)
            case FlipToken():
                return Entry(Text("⚡ Flip an action token for energy"), action)
            case GiveEnergy():
                return Entry(Text("⚡ Add your stored energy to the pool"), action)
            case UseZord():
                names = {z: n for z, n, _ in view.zord_names}
                label = Text.assemble("⚙ Zord ", (names.get(action.zord, action.zord), "bold"))
                if action.location:
                    label.append(f" at {self._place(view, action.location)}")
                return Entry(label, action)
            case UseAbility():
                label = Text("✦ ")
                label.append_text(self._ranger_chip(view, action.ranger))
                label.append("'s ability")
                return Entry(label, action)
            case Draw():
                d = view.decision
                if d is not None and d.kind in ("prep_draw", "draw_more"):
                    label = "▤ Draw a card" if action.count else "▤ Stop drawing"
                    return Entry(Text(label), action)
                return Entry(Text(f"▤ Draw {action.count}"), action)
            case Pick():
                card = self._hand_card(view, action.card)
                kind = view.decision.kind if view.decision is not None else ""
                label = Text(
                    {
                        "strategize_put": "☞ Put on top of the deck ",
                        "to_top": "☞ Put on top of the deck ",
                        "hand_to_top": "☞ Put on top of the deck ",
                        "tutor": "☞ Take from the deck ",
                        "discard_some": "☞ Discard ",
                        "cyber_slash": "☞ Discard ",
                    }.get(kind, "☞ Take back ")
                )
                label.append_text(card_chip(card) if card else Text(action.card))
                return Entry(label, action, card)
            case Target():
                d = view.decision
                verb = "Hit" if d is not None and d.kind == "divide_hits" else "Also target"
                return Entry(Text(f"⌖ {verb} {self._enemy_name(view, action.slot)}"), action)
            case FightFigures():
                tags = " ".join(FIGURE_TAGS.get(f, f) for f in action.figures)
                return Entry(Text(f"⚔ These fight, drawn in this order: {tags}"), action)
            case PowerUp():
                return Entry(Text("♥ Power up now (the Command Center is clear)"), action)
            case AttachPsycho():
                label = Text("☠ The Psycho's card goes to ")
                label.append_text(self._ranger_chip(view, action.ranger))
                return Entry(label, action)
            case ChooseLocation():
                return Entry(
                    Text.assemble("⌖ Deploy at ", (self._place(view, action.location), "bold")),
                    action,
                )
            case DeployFigures():
                a, b = (FIGURE_TAGS.get(f, f) for f in action.figures)
                return Entry(Text(f"▼ Deploy {a} + {b}"), action)
            case PlaceCard():
                return Entry(
                    Text(f"▦ Place at row {action.row + 1}, column {action.col + 1}"), action
                )
            case PlaceMarker():
                return Entry(
                    Text(f"◉ Combat marker on {self._enemy_name(view, action.slot)}"), action
                )
            case PlayScheme():
                sc = {x.id: x for x in view.schemes or ()}.get(action.card)
                label = Text.assemble("✸ Scheme ", ((sc.name if sc else action.card), "bold"))
                if action.target is not None:
                    label.append(f" → {self._enemy_name(view, action.target)}")
                if action.seat is not None:
                    label.append(" → ")
                    label.append_text(self._seat_name(view, action.seat))
                if action.deck:
                    label.append(f" → {action.deck.replace('_', ' ')}")
                return Entry(label, action)
            case DiscardScheme():
                sc = {x.id: x for x in view.schemes or ()}.get(action.card)
                return Entry(Text(f"⌫ Discard Scheme {sc.name if sc else action.card}"), action)
            case OrderEffects():
                first = "the Scheme" if action.scheme_first else "the Ranger's card"
                return Entry(Text(f"⇅ Resolve {first} first"), action)
            case Arrange():
                return Entry(Text(f"⇅ {self.rules.describe(action)}"), action)
        return Entry(Text(self.rules.describe(action)), action)

    ORDER = (
        AttachPsycho,
        PlaceCard,
        PlaceMarker,
        ChooseLocation,
        DeployFigures,
        PlayScheme,
        DiscardScheme,
        Move,
        StartBattle,
        Recover,
        PlayCard,
        GrantedAttack,
        ChooseRanger,
        FightFigures,
        Target,
        Pick,
        PowerUp,
        Draw,
        UseAbility,
        UseZord,
        GiveEnergy,
        FlipToken,
        Focus,
        Pass,
        EndPhase,
    )

    def order(self, action) -> int:
        for n, kind in enumerate(self.ORDER):
            if isinstance(action, kind):
                return n
        return len(self.ORDER)

    def moves_title(self) -> str:
        return {
            "decision": "Answer",
            "act": "Action Phase",
            "battle": "Battle",
            "wait": "Waiting",
            "over": "Game over",
        }.get(self.mode, "Moves")

    NO_CARD = "highlight a card move to read the card"

    def entry_face(self, card: HCard) -> CardFace:
        return card_face(card)

    def entry_line(self, card: HCard) -> Text:
        line = card_chip(card)
        line.append(f" · {card.shields}◇ — ")
        line.append(card.text.replace("\n", " "), style="italic")
        return line

    # -- keys ------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("only", "battle", "recover", "end"):
            return self.mode in self.ACTING_MODES
        return True

    def action_battle(self) -> None:
        self.submit_first((StartBattle,), StartBattle())

    def action_recover(self) -> None:
        self.submit_first((Recover,), Recover())

    def action_end(self) -> None:
        self.submit_first(
            (EndPhase, Pass), Pass() if self._view and self._view.battle else EndPhase()
        )

    def headline(self, outcome) -> str:
        mastermind = self.match.config.mastermind_seat
        if mastermind is not None and mastermind in outcome.winners:
            return f"The Mastermind, {self.session.name(mastermind)}, wins"
        return "The Rangers win!" if outcome.winners else "The Rangers lose"

    def summary(self) -> Text:
        view = self.match.view(None)
        text = Text(self.match.outcome().summary + "\n\n")
        text.append(
            f"Rounds: {view.round} · Command Center energy {view.hq_energy} · "
            f"boss {view.boss_progress}/{view.boss_goal}\n"
        )
        history = list(view.history)
        if view.phase == "over" and (not history or history[-1][0] != view.round):
            panicked = sum(1 for loc in view.locations if loc.panicked)
            history.append((view.round, panicked, view.hq_energy))
        if history:
            text.append("\nPanicked locations and Command Center energy per round\n", style="bold")
            top = max(4, *(max(p, e) for _, p, e in history))
            text.append_text(
                line_plot(
                    [
                        Series("panicked locations", [p for _, p, _ in history], "P", "red"),
                        Series("Command Center energy", [e for _, _, e in history], "E", "cyan"),
                    ],
                    height=6,
                    width=44,
                    x_label="round",
                    y_max=top,
                )
            )
        text.append(f"\n\nActions: {len(self.match.actions)} · seed {self.match.seed}")
        return text
