"""Army Of Zero on screen: two squads, two characters face to face, combat cards, dice."""

from __future__ import annotations

from dataclasses import replace

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from ....engine import Event
from ....engine.grammar import owner as possessive
from ....games.army_of_zero.cards import Character
from ....games.army_of_zero.models import ChooseCombat, PlaceCharacter, PlaceRest, SeatView, View
from ...game_screen import GameScreen
from ...seats import seat_tag
from ...widgets import (
    CardFace,
    DiceView,
    LogPanel,
    PileView,
    TrackerView,
)
from ...widgets.card_menu import MenuEntry
from ...widgets.footer import TableFooter
from ...widgets.inspector import Inspector
from ...widgets.key_button import KeyButton
from ...widgets.table import CardInfo, Zone
from ...widgets.table_screen import CardTable
from .fight import CARD_GLYPH, FaceToFace, big_stats, dice_lines, fight_lines, sides

#: rank codes are unique (General and Guardian share an initial)
RANK_CODE = {"Lord": "LD", "General": "GN", "Commander": "CM", "Guardian": "GD", "Thegn": "TH"}
ABBR = {"speed": "SPD", "combat": "CBT", "weapon": "WPN", "armour": "ARM"}
ATTACK_FACE = CardFace(title="Attack", letter="A⚔", kind="attack", subtitle="Combat Card")
DEFEND_FACE = CardFace(title="Defend", letter="D◊", kind="defend", subtitle="Combat Card")
GAME = "army-of-zero"
#: the reveal's box holds this many cells a line (app.tcss: .dialog.reveal is 76 wide)
REVEAL_WIDTH = 70
#: a fighter's card frame, in cells (its four abilities in full words fit inside)
FIGHTER_WIDTH = 24


def stat_marks(c: Character) -> str:
    """'S+2 C+2 W-2 A-2': SPD CBT WPN ARM, each with its letter."""
    return " ".join(
        f"{ABBR[a][0]}{getattr(c, a):+d}" for a in ("speed", "combat", "weapon", "armour")
    )


def character_info(
    c: Character,
    zone: str,
    owner: str,
    actionable: bool = False,
    reason: str = "",
    seat: int | None = None,
    framed: bool = False,
    state: str = "",
    subtitle: bool = True,
    short: bool = False,
) -> CardInfo:
    """A character card. `framed`: drawn as a card frame (a wide screen), its four abilities
    large inside and `state` on its last line; else the chip's letters after the name.
    `state` ("✝ fallen", "1st from the top") is on the chip too. `short`: the name without
    its rank (the rank's code is beside it), for a narrow column."""
    marks = state if framed else " ".join(m for m in (state, stat_marks(c)) if m)
    if short:  # (a narrow column: the numbers on a line of their own, under the name)
        marks = f"{state}\n      {stat_marks(c)}"
    return CardInfo(
        key=c.id,
        face=face(c, big=framed, subtitle=subtitle, short=short),
        game_id=GAME,
        zone=zone,
        owner=owner,
        keywords=(c.rank, "Clan"),
        marks=marks,
        actionable=actionable,
        reason=reason,
        seat=seat,
    )


def face(
    c: Character, note: str = "", big: bool = False, subtitle: bool = True, short: bool = False
) -> CardFace:
    """The card's face: `big` puts the four abilities on two lines in full words (a card
    frame, and the inspector reading it), else on one line of short labels."""
    stats = (("SPD", c.speed), ("CBT", c.combat), ("WPN", c.weapon), ("ARM", c.armour))
    title = c.name.removeprefix(f"{c.rank} ") if short else c.name
    return CardFace(
        title=title,
        letter=RANK_CODE[c.rank],
        kind=c.rank.lower(),
        # (a short title: the full name heads the card's text)
        subtitle=(f"{c.name}: " if short else "") + f"{c.rank} · {c.clan} Clan"
        if subtitle or not big
        else "",
        stats=() if big else stats,
        extra=big_stats(c) if big else (),
        note=note,
    )


def ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def combat_cards(s: SeatView) -> Text:
    """The seat's Combat Cards in one line (80 columns; a wide screen shows them between
    the fighters instead)."""
    hand = ["attack"] * s.attacks_in_hand + (["defend"] if s.defend_in_hand else [])
    text = Text("Hand ")
    text.append(" ".join(CARD_GLYPH[c] for c in hand) or "—", style="bold")
    text.append("   Table ")
    text.append(" ".join(CARD_GLYPH[c] for c in s.table) or "—", style="bold")
    if s.has_chosen:
        text.append("  ▣ ", style="bold")
        text.append(
            f"locked in: {s.choice.upper()}" if s.choice else "card face down", style="bold reverse"
        )
    return text


class ArmyOfZeroScreen(CardTable, GameScreen):
    FIRST_FRAME_WIDGETS = (PileView, TrackerView, KeyButton)
    SEAT_ACTIONS = GameScreen.SEAT_ACTIONS | {"combat", "place_rest"}
    BINDINGS = [
        Binding("a", "combat('attack')", "Attack"),
        Binding("d", "combat('defend')", "Defend"),
        Binding("r", "place_rest", "Lay down rest"),
    ]
    HELP_KEYS = [
        ("↑↓ ←→", "move between the cards of a zone (hjkl too)"),
        ("Tab / Shift+Tab", "move to the next / previous zone"),
        ("Enter/click", "a card's move: put a character next on your Squad Pile, play a card"),
        ("r", "lay down the rest of the squad in the order shown"),
        ("a", "play your Attack Card (step 1)"),
        ("d", "play your Defend Card (step 1)"),
    ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: the parts made so far of those a squad's ordering hides (`_late`)
        self._made: dict[str, Widget] = {}

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        yield Static(id="aoz-status")
        with Horizontal(id="aoz-main"):
            with Vertical(id="aoz-board"):
                yield Static(id="aoz-opponent", classes="squad-bar")
                yield Zone("Their table:", id="aoz-their", frames=True)
                with Vertical(id="aoz-order"):
                    yield Static(id="aoz-order-help")
                    yield Zone(vertical=True, id="aoz-unplaced", frames=True)
                # (here the fight and its dice, "aoz-battle", made when first shown: `_late`)
                yield Inspector(id="inspector")
                yield Static(id="aoz-me", classes="squad-bar")
                yield Zone(
                    "Squad Piles: face down (watching)" if self.watching else "Your pile:",
                    vertical=True,
                    id="aoz-pile",
                    empty="hidden" if self.watching else "empty",
                    frames=True,
                )
                with Horizontal(id="aoz-actions"):
                    # (here the hand, "aoz-hand", made when first shown: `_late`)
                    yield KeyButton("Lay down rest (r)", "place_rest", id="btn-rest")
                yield Static(id="aoz-message")
            with Vertical(id="aoz-side"):
                yield PileView(id="pile-0")
                yield PileView(id="pile-1")
                yield TrackerView(id="tracker-0")
                yield TrackerView(id="tracker-1")
                # out of the fight, a zone per side: its winners waiting, its fallen
                yield Zone(id="aoz-out-0", classes="aoz-out", empty="nobody yet")
                yield Zone(id="aoz-out-1", classes="aoz-out", empty="nobody yet")
                yield LogPanel(id="aoz-log", anchored=True)
        yield TableFooter()

    # -- the parts made when first shown ----------------------------------------------
    def _late(self, ident: str, shown: bool) -> Widget | None:
        """The fight ("aoz-battle": their fighter, the dice and Combat Cards between, yours;
        side by side on a wide screen, one above the other at 80 columns) or the hand of Combat Cards
        ("aoz-hand"), made at its place the first time it is shown: the squads' ordering
        that opens every game shows neither. None while never shown. Made the same as
        compose would (a zone's title before its cards)."""
        widget = self._made.get(ident)
        if widget is None:
            if not shown:
                return None
            if ident == "aoz-battle":
                widget = Horizontal(id=ident)
                self.query_one("#aoz-board").mount(widget, before="#inspector")
                widget.mount(
                    Zone(
                        vertical=True,
                        id="aoz-fight-them",
                        empty="no fighter",
                        frames=True,
                        frame_width=FIGHTER_WIDTH,
                    ),
                    DiceView(id="aoz-dice"),
                    Zone(
                        vertical=True,
                        id="aoz-fight-me",
                        empty="no fighter",
                        frames=True,
                        frame_width=FIGHTER_WIDTH,
                    ),
                )
            else:
                widget = Zone(id=ident, empty="no Combat Cards")
                self.query_one("#aoz-actions").mount(widget, before="#btn-rest")
                widget.set_title("Hand:")
            self._made[ident] = widget
        widget.display = shown
        return widget

    # -- rendering ---------------------------------------------------------------
    def show_view(self, view: View, seat: int | None) -> None:
        them_seat, me_seat = sides(seat)  # (the reveal faces the same way)
        me, them = view.seats[me_seat], view.seats[them_seat]
        self.apply_layout()
        # both choose at once in every round: "both" fits 80 columns where two names did not
        # and the seat on screen alone is "you" (a long name was cut at 80 columns)
        acting = (
            "both"
            if len(view.to_act) == 2
            else "you"
            if seat is not None and tuple(view.to_act) == (seat,)
            else ", ".join(f"{seat_tag(i)} {view.seats[i].name}" for i in view.to_act) or "—"
        )
        status = Text.assemble(
            ("Army Of Zero", "bold"),
            f"  Phase {view.phase_number} · Fight {view.confrontation} · Round {view.exchange + 1}",
            ("  │ ", "dim"),
            (f"{seat_tag(me_seat)} {me.name}" if seat is not None else "spectator", "bold"),
            ("  │ to act: ", "dim"),
            acting,
        )
        self.put("#aoz-status", status)
        self.put("#aoz-opponent", self._squad_text(them, them_seat, mine=False, view=view))
        self.put("#aoz-me", self._squad_text(me, me_seat, mine=seat is not None, view=view))

        ordering = view.phase == "order"
        self.set_class(not ordering, "-fight")
        self.query_one("#aoz-order").display = ordering
        self._late("aoz-battle", not ordering)
        self._late("aoz-hand", not ordering)
        my_turn = seat is not None and seat in view.to_act and not self.waiting
        self._show_zones(view, seat, me_seat, them_seat, my_turn)
        if ordering:
            self._show_ordering(me, seat, view)
        elif self.compact:
            self.put("#aoz-dice", DiceView.compose_lines(dice_lines(view, them_seat)))
        else:  # between the two fighter frames, their side on the left
            self.put("#aoz-dice", FaceToFace(view, them_seat, me_seat))
        self.query_one("#btn-rest", KeyButton).display = ordering
        self.query_one("#btn-rest", KeyButton).disabled = not my_turn
        self.put("#aoz-message", self.message)
        for i, s in enumerate(view.seats):
            self.query_one(f"#pile-{i}", PileView).show(
                f"{seat_tag(i)} squad", s.squad_count + s.unplaced_count
            )
            self.query_one(f"#tracker-{i}", TrackerView).show(f"{seat_tag(i)} alive", s.alive, 10)
        self.query_one("#aoz-log", LogPanel).sync(list(self.match.log_lines()))
        self._focus_default(view, seat, my_turn)

    def _show_zones(
        self, view: View, seat: int | None, me_seat: int, them_seat: int, my_turn: bool
    ) -> None:
        """Every card on the table as the seat on screen may see it (its View only)."""
        me, them = view.seats[me_seat], view.seats[them_seat]
        mine_tag, their_tag = (
            f"{seat_tag(me_seat)} {me.name}",
            f"{seat_tag(them_seat)} {them.name}",
        )
        ordering = view.phase == "order"
        # their side: the Squad Pile face down, the Combat Cards they laid on the table
        their: list[CardInfo] = []
        count = them.squad_count + them.unplaced_count
        if count:
            their.append(
                CardInfo(
                    key="their-pile",
                    face=CardFace(
                        title=f"Squad Pile ({count})", letter="▤", kind="pile", hidden=True
                    ),
                    game_id=GAME,
                    zone=f"{possessive(them.name)} Squad Pile, {count} card(s)",
                    owner=their_tag,
                    seat=them_seat,
                )
            )
        their += self._table_cards(them, them_seat, their_tag)
        self.query_one("#aoz-their", Zone).show(their)
        # the fight: both fighters face up, face to face
        framed = not self.compact
        if "aoz-battle" in self._made:  # (else no fighter yet: the squads are ordering)
            for ident, i, s in (("aoz-fight-them", them_seat, them), ("aoz-fight-me", me_seat, me)):
                tag = f"{seat_tag(i)} {s.name}"
                fighter = []
                if s.fighter is not None:
                    info = character_info(
                        s.fighter,
                        f"the fight: {possessive(s.name)} fighter",
                        tag,
                        seat=i,
                        framed=framed,
                        state=f"fighting for {tag}" if framed else "",
                    )
                    if not framed:
                        info = replace(info, marks=f"{info.marks}  {tag}")
                    fighter.append(info)
                self.query_one(f"#{ident}", Zone).show(fighter)
        # my Squad Pile, top first (only mine is shown to me)
        pile = (
            [
                character_info(
                    c,
                    f"your Squad Pile, {n} from the top",
                    mine_tag,
                    seat=me_seat,
                    framed=framed,
                    state=f"{ordinal(n)} from the top" if framed else "",
                    subtitle=False,
                )
                for n, c in enumerate(me.squad, 1)
            ]
            if seat is not None
            else []
        )
        self.query_one("#aoz-pile", Zone).show(pile)
        # ordering: the characters still to place
        if ordering:
            reason = "" if my_turn else self._idle_reason(me, seat)
            self.query_one("#aoz-unplaced", Zone).show(
                [
                    character_info(
                        c,
                        "your squad, not yet placed",
                        mine_tag,
                        my_turn,
                        reason,
                        seat=me_seat,
                        framed=framed,
                        subtitle=False,
                    )
                    for c in me.unplaced
                ]
            )
        else:
            self.query_one("#aoz-unplaced", Zone).show([])
        # my hand of Combat Cards
        hand: list[CardInfo] = []
        if seat is not None and not ordering:
            kinds = ["attack"] * me.attacks_in_hand + (["defend"] if me.defend_in_hand else [])
            for n, kind in enumerate(kinds):
                hand.append(
                    CardInfo(
                        key=kind if kind == "defend" else f"attack-{n}",
                        face=ATTACK_FACE if kind == "attack" else DEFEND_FACE,
                        game_id=GAME,
                        zone="your hand",
                        owner=mine_tag,
                        keywords=(f"{kind.capitalize()} Card",),
                        actionable=my_turn,
                        seat=me_seat,
                        data=kind,
                    )
                )
        hand_zone = self._made.get("aoz-hand")
        if isinstance(hand_zone, Zone):  # (else no hand yet: the squads are ordering)
            hand_zone.show(hand)
            for card in hand_zone.cards:  # the old click target names stay (.hand-defend)
                card.add_class(f"hand-{card.info.key}")
        # out of the fight, by side: winners waiting for the next phase, then the fallen
        for i, s in enumerate(view.seats):
            tag = f"{seat_tag(i)} {s.name}"
            out = [
                character_info(
                    c,
                    f"out of the fight: {possessive(s.name)} winner, waiting for the next phase",
                    tag,
                    seat=i,
                    state="⧖ waiting",
                    short=True,
                )
                for c in s.survivors
            ] + [
                character_info(
                    c,
                    f"out of the fight: {possessive(s.name)}, fallen",
                    tag,
                    seat=i,
                    state="✝ fallen",
                    short=True,
                )
                for c in s.defeated
            ]
            zone = self.query_one(f"#aoz-out-{i}", Zone)
            waiting, fallen = len(s.survivors), len(s.defeated)
            counts = f" ⧖{waiting} ✝{fallen}" if out else ""
            zone.set_title(f"Out: {tag}{counts}")
            # (empty: the title and "nobody yet" on one line)
            zone.set_class(bool(out), "-vertical")
            zone.show(out)

    def _table_cards(self, s: SeatView, seat: int, tag: str) -> list[CardInfo]:
        face_of = {"attack": ATTACK_FACE, "defend": DEFEND_FACE}
        return [
            CardInfo(
                key=f"table-{seat}-{n}",
                face=face_of[card],
                game_id=GAME,
                zone=f"on the table in front of {s.name} (played)",
                owner=tag,
                keywords=(f"{card.capitalize()} Card",),
                seat=seat,
            )
            for n, card in enumerate(s.table)
        ]

    def _idle_reason(self, me: SeatView, seat: int | None) -> str:
        if seat is None:
            return "you are watching"
        if me.laid_down:
            return "your Squad Pile is laid down"
        return "it is not your turn to act"

    def _focus_default(self, view: View, seat: int | None, my_turn: bool) -> None:
        """When the seat on screen must act and no card has focus, focus where the move is."""
        if not my_turn or self.app.screen is not self:
            return
        unplaced, hand = self.query_one("#aoz-unplaced", Zone), self._made.get("aoz-hand")
        ordering = view.phase == "order"
        if ordering:
            self.focus_zone(unplaced, (hand,) if isinstance(hand, Zone) else ())
        elif isinstance(hand, Zone):
            self.focus_zone(hand, (unplaced,))

    def _squad_text(self, s: SeatView, seat: int, mine: bool, view: View) -> Text:
        lines = [
            Text.assemble(
                (f"{seat_tag(seat)} {s.name}", f"bold {'red' if seat == 0 else 'blue'}"),
                f"  ▤ pile {s.squad_count + s.unplaced_count}  ♥ won {len(s.survivors)}"
                f"  ✝ lost {len(s.defeated)}",
            )
        ]
        if view.phase == "battle" and self.compact:  # (wide: between the fighters)
            lines.append(combat_cards(s))
        elif not mine and view.phase == "order":
            lines.append(
                Text(
                    "laid down" if s.laid_down else "ordering their squad in secret…",
                    style="italic",
                )
            )
        return Text("\n").join(lines)

    def _show_ordering(self, me: SeatView, seat: int | None, view: View) -> None:
        help_text = Text()
        if seat is None:
            help_text.append("Both players are ordering their squads in secret.")
        elif me.laid_down:
            help_text.append(
                "Your Squad Pile is on the table. Waiting for the other player…", style="bold"
            )
        else:
            help_text.append(
                f"Order your squad in secret: card {len(me.squad) + 1} of "
                f"{len(me.squad) + len(me.unplaced)}. Enter: next on pile · r: rest as shown"
            )
        help_text.append("\n[rank] name, then S(peed) C(ombat) W(eapon) A(rmour)", style="dim")
        self.put("#aoz-order-help", help_text)

    # -- card moves ----------------------------------------------------------------------------
    def card_moves(self, info: CardInfo) -> tuple[list[MenuEntry], str]:
        seat = self.session.on_screen
        legal = self.match.legal_actions(seat) if seat is not None else []
        if info.data in ("attack", "defend"):
            action = ChooseCombat(card=info.data)
            if action in legal:
                return [MenuEntry(f"Play your {info.data.capitalize()} Card", action)], ""
            return [], self.why_not(action) or "it cannot be played now"
        place = PlaceCharacter(card=info.key)
        if any(a == place for a in legal):
            return [MenuEntry("Put it next on your Squad Pile", place)], ""
        if info.key.startswith(("their-", "table-")):
            return [], "no move uses it: it only shows what is on the table"
        if any(c.id == info.key for c in self.match.view(seat).seats[seat or 0].unplaced):
            return [], self.why_not(place)
        return [], "no move uses this card now: it is in play, in a pile, or out of the fight"

    def seat_changed(self) -> None:
        self.forget_cards()

    def help_topics(self, view=None) -> tuple[str, ...]:
        """The decision and the phase, then what the table shows (the dice of a roll, your
        Attack Card laid down, a fallen character): the guided game's hints wait for them."""
        from ....reference.tutorial import screen_topics  # (the reference: not before frame 1)

        if view is None:
            view = self.match.view(self.session.viewer())
        return (*super().help_topics(view), *screen_topics(GAME, view))

    def bot_doing(self, seat: int) -> str:
        if self.match.view(None).phase == "order":
            return "ordering its squad"
        return "choosing its Combat Card"

    def reveal_body(self, events: tuple[Event, ...]):
        if not any(e.kind == "roll" or (e.kind == "reveal" and "cards" in e.data) for e in events):
            return None
        start = next(
            (i for i, e in enumerate(events) if e.kind == "reveal" and "cards" in e.data), 0
        )
        # (the public view when several people share the keyboard: the board behind the
        # box turns to it once this returns, `public_moment`, and the box faces as it will)
        viewer = None if self.shared_keyboard else self.session.viewer()
        view = self.match.view(viewer)
        parts: list = []
        if events[start].data.get("cards") and view.last is not None:
            # face to face as the board behind it: what each played, each step's dice
            parts.extend(fight_lines(view, *sides(viewer), REVEAL_WIDTH, now=False))
        for e in events[start + 1 :]:
            text = e.text
            if e.kind == "roll":  # (its dice are above: the step and what it decided)
                step, _, rest = text.partition(": ")
                text = f"{step}: {rest.rpartition(': ')[2]}"
            parts.append(
                Text(
                    f"{'⚄' if e.kind == 'roll' else '·'} {text}",
                    style="bold" if e.kind in ("defeat", "over") else "",
                )
            )
        return Group(*parts)

    # -- input -------------------------------------------------------------------
    def action_combat(self, card: str) -> None:
        if self.match.view(None).phase != "battle":
            self.set_message(
                Text(
                    "✘ Playing The Game: Combat Cards come out once both squads are laid down.",
                    style="bold red",
                )
            )
            return
        self.submit(ChooseCombat(card=card))

    def action_place_rest(self) -> None:
        self.submit(PlaceRest())

    def summary(self) -> Text:
        view = self.match.view(None)
        text = Text(self.outcome_line() + "\n\n")
        for i, s in enumerate(view.seats):
            text.append(f"{seat_tag(i)} {s.name}: ", style="bold")
            text.append(f"{s.alive} standing, {len(s.defeated)} defeated\n")
        text.append(f"\nPhases: {view.phase_number} · confrontations: {view.confrontation}\n")
        text.append(f"Actions: {len(self.match.actions)} · seed {self.match.seed}")
        return text
