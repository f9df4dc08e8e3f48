"""Power Rangers Deck-Building Game: Zeo on screen.

The table (status trackers, The Grid and the stacks, every character with its four
coloured slots, the Zord Bay, The Lair) sits on top; below it, the list of everything the
seat on screen may do now, the highlighted card in full, and the log. The list is built
from `match.legal_actions`, so it only ever holds legal moves; letter keys narrow it to one
kind of move and number keys run an entry. A Block prompt comes up for the defender behind
their own curtain, during the attacker's turn, and every defender is asked whether or not
they hold a Block, so passing never tells the attacker anything.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from ...games.zeo_dbg.models import (
    DEAL,
    Activate,
    Attach,
    AttachTile,
    Battle,
    Buy,
    Choose,
    DestroyBlaster,
    DiscardAttached,
    EndMain,
    EndTurn,
    Pick,
    Play,
    SeatView,
    SlotView,
    View,
)
from ...games.zeo_dbg.models import CardFace as ZCard
from ..game_screen import GameScreen
from ..moves import Entry, MoveList
from ..setup_options import SetupOption
from ..widgets import CardFace
from ..widgets.plot import Series, line_plot

#: card and slot colours: a Rich style and a letter, so nothing is told by colour alone
COLOURS = {
    "red": ("red", "R"),
    "purple": ("magenta", "P"),
    "blue": ("blue", "B"),
    "green": ("green", "G"),
    "orange": ("dark_orange", "O"),
    "rainbow": ("bold", "*"),
    "gold": ("yellow", "Y"),
    "grey": ("bright_black", "g"),
    "white": ("bold", "W"),
}
TEAM_TAG = ("V", "H")
TEAM_STYLE = ("magenta", "cyan")
TEAM_GLYPH = ("▼", "▲")
READY, EXHAUSTED = "●", "○"
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
    "[letter] card type: H Hero, V Villain, E Equipment, M Maneuver, C Zeo Crystal, "
    "L Location, S Starter, X Stun, B Zeo Blaster, I Signature Item, Z Zord, O Master · "
    "slot letters R red, P purple, B blue, G green, O orange, * any"
)
#: filter keys: the kinds of action each shows
FILTERS = {
    "play": ("Play", (Play, DestroyBlaster)),
    "buy": ("Buy", (Buy,)),
    "battle": ("Battle", (Battle,)),
    "attach": ("Attach", (Attach, AttachTile)),
    "activate": ("Activate", (Activate,)),
    "discard": ("Discard", (DiscardAttached,)),
}


# -- setup ----------------------------------------------------------------------------------------
def _characters() -> tuple[tuple[str, str], ...]:
    from ...games.zeo_dbg.cards import catalog

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
    from ...games.zeo_dbg.models import character_problem, seat_teams

    fmt = {2: "1v1", 3: "2v1", 4: "2v2"}.get(len(chosen), "1v1")
    teams = tuple(t if i != 2 or fmt == "2v2" else None for i, t in enumerate(seat_teams(fmt)))
    problem = character_problem(tuple(chosen), teams[: len(chosen)])
    if problem:
        raise ValueError(problem[0].upper() + problem[1:])
    return tuple(chosen)


# -- drawing cards --------------------------------------------------------------------------------
def colour_of(name: str) -> tuple[str, str]:
    return COLOURS.get(name, ("", "?"))


def card_stats(card: ZCard) -> str:
    bits = []
    if card.shards:
        bits.append(f"+{card.shards}◆")
    if card.energy:
        bits.append(f"+{card.energy}⚡")
    if card.ability_cost is not None:
        bits.append(f"ability {card.ability_cost}⚡")
    if card.block_cost is not None:
        bits.append(f"Block {card.block_cost}⚡" + (" ✋" if card.block_from_hand else ""))
    return " ".join(bits)


def card_face(card: ZCard, note: str = "") -> CardFace:
    """A Zeo card in the collection's one card look."""
    bits = [card.kind.replace("_", " ").title()]
    if card.cost is not None:
        bits.append(f"cost {card.cost}◆")
    if card.battle_cost is not None:
        bits.append(f"Battle {card.battle_cost}◆")
    stats = card_stats(card)
    if stats:
        bits.append(stats)
    if card.ongoing:
        bits.append("Ongoing")
    extra: tuple = tuple(line for line in card.text.splitlines() if line) or (
        Text("No text.", style="dim"),
    )
    if card.battle_text:
        extra += (Text.assemble(("Battle reward: ", "bold"), card.battle_text),)
    return CardFace(
        title=card.name,
        letter=card.letter,
        kind=f"zeo-{card.colour}",
        subtitle=" · ".join(bits),
        extra=extra,
        note=note,
    )


def chip(card: ZCard, width: int = 0) -> Text:
    """'[H] Name' in the card's colour, the letter in reverse video."""
    style, _ = colour_of(card.colour)
    name = card.name if not width or len(card.name) <= width else card.name[: width - 1] + "…"
    return Text.assemble((f"[{card.letter}]", f"reverse {style}".strip()), " ", (name, style))


def card_line(card: ZCard) -> Text:
    text = chip(card)
    stats = card_stats(card)
    if card.cost is not None:
        text.append(f" · cost {card.cost}◆")
    if stats:
        text.append(f" · {stats}")
    text.append(" — ")
    text.append(card.text.replace("\n", " ") or "No text.", style="italic")
    return text


def _click(action: str) -> Style:
    return Style(meta={"@click": action})


def dial(label: str, value: int, maximum: int, width: int) -> Text:
    filled = max(0, min(width, round(width * value / maximum))) if maximum else 0
    return Text.assemble(
        (f"{label} ", "bold"),
        ("█" * filled, "green" if label.startswith("♥") else "yellow"),
        ("░" * (width - filled), "dim"),
        (f" {value}/{maximum}", "bold"),
    )


class ZeoScreen(MoveList, GameScreen):
    BOT_PACE = 0.4  # a turn is many small actions
    PREFIX = "zeo"
    LEGEND = LEGEND
    FILTERS = FILTERS
    ACTING_MODES = ("main", "end", "decision", "pick")
    BINDINGS = [
        Binding("p", "only('play')", "Play"),
        Binding("b", "only('buy')", "Buy"),
        Binding("t", "only('battle')", "Battle"),
        Binding("a", "only('attach')", "Attach"),
        Binding("x", "only('activate')", "Activate"),
        Binding("d", "only('discard')", "Discard", show=False),
        Binding("P", "play_all", "Play all", show=False),
        Binding("e", "end", "End phase"),
        Binding("escape,tab", "only('')", "All moves", show=False),
        Binding("j", "cursor(1)", "Down", show=False),
        Binding("k", "cursor(-1)", "Up", show=False),
        *(Binding(str(n), f"pick({n})", f"Choice {n}", show=False) for n in range(1, 10)),
    ]
    HELP_KEYS = [
        ("↑↓ / j k", "move through the moves you may make now (only legal ones are listed)"),
        ("Enter/click", "make the highlighted move; 1-9 make the numbered one"),
        ("p", "only Play moves (play a card for its Shards and Energy; destroy a Zeo Blaster)"),
        ("P", "play every card that gives Shards or Energy and could not be attached instead"),
        ("b", "only Buy moves (The Grid, Zeo Blaster, Signature Item, Zords/Masters)"),
        ("t", "only Battle moves (adversaries in The Grid, Defector/Singing Zap)"),
        ("a", "only Attach moves (a card from hand to a matching slot)"),
        ("x", "only Activate moves (character, attached cards, Zords, Zord Bay)"),
        ("d", "only Discard moves (a ready attached card)"),
        ("e", "end the Main Phase, then end the turn"),
        ("Esc / Tab", "show every move again"),
        ("click", "a Grid card: the moves for it"),
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
            "serpentera",
            "Serpentera promo",
            (("Off", "off"), ("On: General Venjix and Serpentera", "on")),
            default="off",
            convert=lambda v: v == "on",
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.init_moves()
        self.mode = "wait"
        self._view: View | None = None
        self.seat_count = len(self.match.seats)
        # teammates may look at each other's hands (rulebook "Playing the Game", Pro Tip), so
        # nothing is hidden between them: the keyboard passes between them without a curtain
        self.session.groups = dict(enumerate(self.match.config.teams))

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        yield Static(id="zeo-status")
        with VerticalScroll(id="zeo-table"):
            yield Static(id="zeo-grid")
            yield Static(id="zeo-stacks")
            with Horizontal(id="zeo-seats"):
                for i in range(self.seat_count):
                    yield Static(id=f"zeo-seat-{i}", classes=f"zeo-seat zeo-team-{i}")
            yield Static(id="zeo-zones")
        yield from self.compose_moves(LOG_GLYPHS)

    # -- rendering -------------------------------------------------------------------------------
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

    def show_view(self, view: View, seat: int | None) -> None:
        self.apply_layout()
        mode = self._mode(view, seat)
        if mode != self.mode:
            self.mode = mode
            self.filter = ""
            self.refresh_bindings()
        self._view = view
        compact = self.compact
        self.put("#zeo-status", self._status(view, seat))
        self.put("#zeo-grid", self._grid(view, compact))
        self.put("#zeo-stacks", self._stacks(view, compact))
        for i, s in enumerate(view.seats):
            self.put(f"#zeo-seat-{i}", self._seat(view, i, s, seat, compact))
        self.put("#zeo-zones", self._zones(view, compact))
        self.put("#zeo-prompt", self._prompt(view, seat))
        empty = {"wait": "Not your turn: the moves appear when it is.", "over": "The game is over."}
        self.show_moves(view, seat, empty.get(self.mode, "Nothing to do."))
        self.show_hand(self._hand(view, seat))
        self.put("#zeo-message", self.message)
        self.sync_log()

    def _who(self, view: View, i: int) -> Text:
        s = view.seats[i]
        team = s.team
        return Text(
            f"{TEAM_GLYPH[team]}{TEAM_TAG[team]}{i + 1} {s.name}", style=f"bold {TEAM_STYLE[team]}"
        )

    def _status(self, view: View, seat: int | None) -> Text:
        compact = self.compact
        text = Text.assemble(("ZEO", "bold"), " ")
        if view.phase == "setup":
            text.append("Setup: choose your characters")
        elif view.phase == "over":
            text.append("Game over")
        else:
            text.append(f"Turn {view.turn} ▶ ")
            text.append_text(self._who(view, view.active))
            text.append(f" {view.phase.title()} · {view.shards}◆")
            if view.last_turn:
                text.append(" · LAST TURN", style="bold")
        for team in (0, 1):
            t = view.teams[team]
            text.append(" │ " if compact else "  │ ", style="dim")
            text.append(
                f"{TEAM_GLYPH[team]}{t.name[:1] if compact else t.name} ",
                style=f"bold {TEAM_STYLE[team]}",
            )
            if compact:  # numbers only: both teams fit in 80 columns
                text.append(f"♥{t.hp}/{t.max_hp} ⚡{t.energy}/{t.max_energy}", style="bold")
                continue
            text.append_text(dial("♥", t.hp, t.max_hp, 10))
            text.append(" ")
            text.append_text(dial("⚡", t.energy, t.max_energy, 10))
        return text

    def _grid(self, view: View, compact: bool) -> Text:
        text = Text.assemble(("The Grid", "bold underline"), "  ")
        if view.main_deck.count == 0 and view.phase != "setup":
            text.append("(main deck empty)", style="dim")
        text.append("\n")
        per_row = 3 if compact else 6
        width = 25 if compact else max(18, (self.app.size.width - 4) // 6 - 1)
        name_w = width - 13
        for n, g in enumerate(view.grid):
            if n and n % per_row == 0:
                text.append("\n")
            cell = Text(f"{g.index + 1}", style="bold")
            if g.card is None:
                cell.append(" (empty)", style="dim")
            else:
                cell.append(" ")
                cell.append_text(chip(g.card, name_w))
                price = g.price if g.price is not None else g.card.cost
                if g.adversary:
                    cell.append(f" ⚔{price}◆", style="bold")
                elif price is not None:
                    cell.append(f" {price}◆")
            cell.truncate(width, pad=True)
            cell.stylize(_click(f"screen.grid({g.index})"))
            text.append_text(cell)
            text.append(" ")
        return text

    def _stacks(self, view: View, compact: bool) -> Text:
        def top(label: str, stack, name_w: int = 16) -> Text:
            t = Text(f"{label} {stack.count}", style="")
            if stack.top is not None:
                t.append(" ")
                t.append_text(chip(stack.top, name_w))
                if stack.top.cost is not None:
                    t.append(f" {stack.top.cost}◆")
            return t

        parts = [
            Text(f"Deck {view.main_deck.count} · discard {len(view.main_discard)}"),
            top("Blasters", view.blasters, 10),
            Text(f"Stuns {view.stuns.count}"),
            top("Zords", view.zords, 12 if compact else 18),
            top("Masters", view.masters, 12 if compact else 18),
        ]
        if view.serpentera is not None:
            parts.append(top("Serpentera", view.serpentera, 10))
        if view.destroyed_count:
            parts.append(Text(f"destroyed {view.destroyed_count}", style="dim"))
        return Text(" · ", style="dim").join(parts)

    def _slot(self, slot: SlotView, index: int, compact: bool) -> Text:
        style, letter = colour_of(slot.colour)
        text = Text(f"{index + 1}{letter}:", style=style)
        if slot.card is None:
            text.append("—", style="dim")
            return text
        mark = READY if slot.ready else EXHAUSTED
        text.append(mark, style="bold" if slot.ready else "dim")
        name = slot.card.name
        if compact and len(name) > 12:
            name = name[:11] + "…"
        text.append(name, style="" if slot.ready else "dim")
        if slot.stuck:
            text.append("⛓")
        return text

    def _seat(self, view: View, i: int, s: SeatView, me: int | None, compact: bool) -> Text:
        active = view.active == i and view.phase not in ("setup", "over")
        text = Text("▶" if active else " ", style="bold")
        text.append_text(self._who(view, i))
        if i == me:
            text.append(" (you)", style="italic")
        if i in view.to_act and not active:
            text.append(" … deciding", style="italic")
        text.append(f"  ◫{s.hand_count} ▤{s.deck_count} ⌫{len(s.discard)}")
        ch = s.character
        if ch is None:
            text.append(
                "\n  " + ("character chosen" if s.picked else "choosing a character…"), style="dim"
            )
            return text
        text.append("\n ")
        text.append(ch.side_name, style="bold" + (" reverse" if ch.flipped else ""))
        if ch.flipped:
            text.append(" ⟲", style="bold")
            if ch.ability_cost is not None:
                text.append(
                    f" {ch.ability_cost}⚡" + (" used" if ch.ability_used else ""),
                    style="dim" if ch.ability_used else "",
                )
        text.append("\n ")
        for n, slot in enumerate(ch.slots):
            if n:
                text.append(" ")
            text.append_text(self._slot(slot, n, compact))
        if not compact:
            text.append("\n ")
            text.append(ch.text or "—", style="italic")
            if s.locations:
                text.append("\n Locations: ")
                text.append(Text(", ").join(chip(c) for c in s.locations))
            set_aside = [c for c in (s.item, s.own) if c is not None]
            if set_aside:
                text.append("\n Set aside: ", style="dim")
                text.append(Text(", ").join(chip(c) for c in set_aside))
            if s.serpentera:
                text.append(f"\n Serpentera Sections: {s.serpentera}")
        elif s.locations:
            text.append(f"  L×{len(s.locations)}")
        return text

    def _zones(self, view: View, compact: bool) -> Text:
        bay = view.bay
        text = Text.assemble((f"{TEAM_GLYPH[1]}{bay.side_name}", f"bold {TEAM_STYLE[1]}"))
        text.append(
            f" ({bay.activations_left} activation{'s' if bay.activations_left != 1 else ''} left"
        )
        text.append(f"; ability {bay.ability_cost}⚡" + (" used" if bay.ability_used else "") + ")")
        text.append(": ")
        for n, slot in enumerate(bay.slots):
            if n:
                text.append(" ")
            text.append(f"Z{n + 1}:")
            if slot.card is None:
                text.append("—", style="dim")
            else:
                text.append(READY if slot.ready else EXHAUSTED)
                name = slot.card.name
                text.append(name if not compact or len(name) < 11 else name[:10] + "…")
        if not compact and bay.text:
            text.append("\n ")
            text.append(bay.text, style="italic")
        text.append("\n")
        text.append(f"{TEAM_GLYPH[0]}The Lair", style=f"bold {TEAM_STYLE[0]}")
        text.append(": ")
        if view.lair:
            text.append(Text(", ").join(chip(c, 14 if compact else 0) for c in view.lair))
        else:
            text.append("no Masters", style="dim")
        if not compact and view.lair_text:
            text.append(" — ")
            text.append(view.lair_text, style="italic")
        return text

    def _prompt(self, view: View, seat: int | None) -> Text:
        text = Text()
        if self.filter and self.compact:
            text.append(f"[{FILTERS[self.filter][0]} moves only · Esc: all] ", style="bold")
        if view.attack is not None:
            a = view.attack
            text.append("⚔ Attack: ", style="bold")
            text.append_text(self._who(view, a.attacker))
            text.append(f" — {a.text}")
            if a.waiting_on is not None:
                text.append(" · waiting for ")
                text.append_text(self._who(view, a.waiting_on))
            text.append("\n")
        if view.decision is not None and view.decision_seat == seat:
            text.append(f"☞ {view.decision.prompt}", style="bold")
        elif view.decision_prompt:
            text.append(f"… {view.decision_prompt}", style="dim")
        elif self.mode == "pick":
            text.append("☞ Choose your character (the other goes back in the box).", style="bold")
        elif self.mode == "main":
            text.append(
                "Your Main Phase: play, buy, attach, Battle, activate in any order; e ends it.",
                style="dim",
            )
        elif self.mode == "end":
            text.append("End Phase: you may discard attached cards; e ends the turn.", style="dim")
        return text

    def _hand(self, view: View, seat: int | None) -> Text:
        if seat is None:
            return Text("Spectating: hands are hidden.", style="dim")
        me = view.seats[seat]
        text = Text("Your hand: ", style="bold")
        if me.hand:
            text.append(Text(", ").join(chip(face) for _, face in me.hand))
        else:
            text.append("empty", style="dim")
        if view.active == seat and me.played:
            text.append("\nPlayed: ", style="bold")
            text.append(Text(", ").join(chip(face) for _, face in me.played))
        if seat is not None and me.offer and not me.picked:
            text.append("\nDealt: ", style="bold")
            text.append(
                Text(" or ").join(
                    Text.assemble(c.name, " (", chip(item), ", ", chip(own), ")")
                    for c, (item, own) in zip(me.offer, me.offer_cards, strict=False)
                )
            )
        for i, mate in enumerate(view.seats):
            if i != seat and mate.team == me.team and (mate.hand or mate.offer):
                # a teammate's cards are open to you (rulebook Pro Tip)
                text.append(f"\n{mate.name}'s hand: ", style="bold")
                if mate.hand:
                    text.append(Text(", ").join(chip(face) for _, face in mate.hand))
                if mate.offer and not mate.picked:
                    text.append("dealt " if not mate.hand else " · dealt ")
                    text.append(Text(" or ").join(Text(c.name) for c in mate.offer))
        return text

    # -- the list of moves -----------------------------------------------------------------------
    def entry(self, view: View, seat: int, action) -> Entry:
        me = view.seats[seat]
        hand = dict(me.hand)
        match action:
            case Play():
                card = hand.get(action.card)
                stats = card_stats(card) if card else ""
                return Entry(
                    Text.assemble(
                        "▶ Play ",
                        chip(card) if card else action.card,
                        f"  {stats}" if stats else "",
                    ),
                    action,
                    card,
                )
            case DestroyBlaster():
                card = dict(me.played).get(action.card)
                return Entry(Text("✸ Destroy the Zeo Blaster for its ability"), action, card)
            case Buy():
                return self._buy_entry(view, me, action)
            case Attach():
                card = hand.get(action.card)
                slot = me.character.slots[action.slot] if me.character else None
                style, letter = colour_of(slot.colour if slot else "")
                label = Text.assemble(
                    "⊕ Attach ",
                    chip(card) if card else action.card,
                    " → slot ",
                    (f"{action.slot + 1}{letter}", style),
                )
                return Entry(label, action, card)
            case AttachTile():
                card = hand.get(action.card)
                return Entry(
                    Text.assemble("⊕ Re-attach ", chip(card) if card else action.card), action, card
                )
            case Battle():
                if action.index is not None:
                    g = view.grid[action.index]
                    card = g.card
                    label = Text.assemble(
                        f"⚔ Battle {action.index + 1} ",
                        chip(card) if card else "?",
                        f" for {g.price}◆" if g.price is not None else "",
                    )
                    return Entry(label, action, card)
                slot = me.character.slots[action.slot] if me.character else None
                card = slot.card if slot else None
                return Entry(
                    Text.assemble(
                        "⚔ Battle ",
                        chip(card) if card else "?",
                        f" in slot {action.slot + 1}",
                        f" for {slot.price}◆" if slot and slot.price is not None else "",
                    ),
                    action,
                    card,
                )
            case Activate():
                return self._activate_entry(view, me, action)
            case DiscardAttached():
                slot = me.character.slots[action.slot] if me.character else None
                card = slot.card if slot else None
                return Entry(
                    Text.assemble(
                        "⌫ Discard ", chip(card) if card else "?", f" from slot {action.slot + 1}"
                    ),
                    action,
                    card,
                )
            case EndMain():
                return Entry(
                    Text(
                        "» End the Main Phase (adversaries in The Grid deal damage)", style="bold"
                    ),
                    action,
                )
            case EndTurn():
                return Entry(Text("» End the turn (discard, draw up)", style="bold"), action)
            case Choose():
                label = action.option
                if view.decision is not None:
                    for o in view.decision.options:
                        if o.id == action.option:
                            label = o.label
                return Entry(Text(f"☞ {label}"), action)
            case Pick():
                # each dealt character with its Signature Item and Zord/Master (rulebook
                # "Setup": look at them before deciding)
                k = next(i for i, f in enumerate(me.offer) if f.id == action.character)
                face = me.offer[k]
                label = Text.assemble("☞ Choose ", (face.name, "bold"))
                if k < len(me.offer_cards):
                    item, own = me.offer_cards[k]
                    label.append_text(Text.assemble(" · ", chip(item), " · ", chip(own)))
                    face = face.model_copy(
                        update={
                            "text": f"{face.text} | Signature Item, {item.name}: {item.text} "
                            f"| {own.name}: {own.text}"
                        }
                    )
                return Entry(label, action, face)
        return Entry(Text(self.rules.describe(action)), action)

    def _buy_entry(self, view: View, me: SeatView, action: Buy) -> Entry:
        if action.source == "grid":
            g = view.grid[action.index]
            card = g.card
            price = g.price if g.price is not None else (card.cost if card else None)
            where = f"{action.index + 1} "
        else:
            card = {
                "blaster": view.blasters.top,
                "item": me.item,
                "own": me.own,
                "stack": view.zords.top if me.team == 1 else view.masters.top,
                "serpentera": view.serpentera.top if view.serpentera else None,
            }.get(action.source)
            price = card.cost if card else None
            where = {
                "blaster": "",
                "item": "your ",
                "own": "your own ",
                "stack": "",
                "serpentera": "",
            }[action.source]
        label = Text.assemble(
            "$ Buy ",
            where,
            chip(card) if card else action.source,
            f" for {price}◆" if price is not None else "",
        )
        return Entry(label, action, card)

    def _activate_entry(self, view: View, me: SeatView, action: Activate) -> Entry:
        card = None
        cost = None
        what = action.source
        ch = me.character
        if action.source == "character" and ch is not None:
            what, cost = ch.name, ch.ability_cost
        elif action.source == "slot" and ch is not None:
            card = ch.slots[action.index].card
            what, cost = (card.name if card else "?"), (card.ability_cost if card else None)
        elif action.source == "zord":
            card = view.bay.slots[action.index].card
            what, cost = (card.name if card else "?"), (card.ability_cost if card else None)
        elif action.source == "bay":
            what, cost = view.bay.side_name, view.bay.ability_cost
        elif action.source == "serpentera":
            what = "Serpentera"
        label = Text.assemble(
            "✦ Activate ", (what, "bold"), f" ({cost}⚡)" if cost is not None else ""
        )
        return Entry(label, action, card)

    def moves_title(self) -> str:
        return {
            "decision": "Answer",
            "pick": "Choose",
            "main": "Your moves",
            "end": "End Phase",
            "wait": "Waiting",
            "over": "Game over",
        }.get(self.mode, "Moves")

    def entry_face(self, card: ZCard) -> CardFace:
        return card_face(card)

    def entry_line(self, card: ZCard) -> Text:
        return card_line(card)

    # -- keys and clicks --------------------------------------------------------------------------
    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("only", "play_all", "end"):
            return self.mode in ("main", "end", "decision", "pick")
        return True

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
        self.submit_first((EndMain, EndTurn), EndMain())

    def action_play_all(self) -> None:
        """Play every card that gives Shards or Energy and has no other use now: a card that
        could be attached (to a slot, the Zord Bay or The Lair) for its ability or Block stays
        in the hand for the player to decide. Stops at any question a card asks."""
        seat = self.session.on_screen
        played = 0
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
        if kept:
            names = Text(", ").join(chip(face) for face in kept.values())
            self.set_message(
                Text.assemble(
                    f"Played {played}; kept in hand, as they can be attached: ",
                    names,
                    " (p to play one).",
                    style="yellow",
                )
            )
        elif not played:
            self.set_message(
                Text("No card in your hand gives Shards or Energy now.", style="bold yellow")
            )

    def action_grid(self, index: int) -> None:
        """A Grid card clicked: buy or Battle it, or hear why not."""
        if self.mode not in ("main", "end"):
            return
        view = self._view
        if view is None or view.grid[index].card is None:
            self.set_message(
                Text(
                    "That space of The Grid is empty until the next Start Phase.",
                    style="bold yellow",
                )
            )
            return
        wanted = (
            Battle(index=index) if view.grid[index].adversary else Buy(source="grid", index=index)
        )
        self.filter = ""
        self.submit(wanted)  # not legal: the rules name the reason

    def summary(self) -> Text:
        view = self.match.view(None)
        text = Text(self.match.outcome().summary + "\n\n")
        for team in (0, 1):
            t = view.teams[team]
            text.append(f"{TEAM_GLYPH[team]} {t.name}: ", style=f"bold {TEAM_STYLE[team]}")
            text.append(f"♥ {t.hp}/{t.max_hp} · ⚡ {t.energy}/{t.max_energy}\n")
        history = list(view.hp_history)
        if view.phase == "over":
            history.append((view.teams[0].hp, view.teams[1].hp))
        if history:
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
