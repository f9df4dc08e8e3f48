"""Army Of Zero on screen: two squads, two characters face to face, combat cards, dice."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import Event
from ...games.army_of_zero.cards import Character
from ...games.army_of_zero.models import ChooseCombat, PlaceCharacter, PlaceRest, SeatView, View
from ..game_screen import GameScreen
from ..screens.curtain import seat_tag
from ..widgets import (
    CardFace,
    CardView,
    DiceRoll,
    DiceView,
    HandView,
    LogPanel,
    PileView,
    TrackerView,
)
from ..widgets.dice import render_roll

#: rank codes are unique (General and Guardian share an initial)
RANK_CODE = {"Lord": "LD", "General": "GN", "Commander": "CM", "Guardian": "GD", "Thegn": "TH"}
ABBR = {"speed": "SPD", "combat": "CBT", "weapon": "WPN", "armour": "ARM"}
CARD_GLYPH = {"attack": "A⚔", "defend": "D◊"}
ATTACK_FACE = CardFace(title="Attack", letter="A⚔", kind="attack")
DEFEND_FACE = CardFace(title="Defend", letter="D◊", kind="defend")


def face(c: Character, note: str = "") -> CardFace:
    return CardFace(
        title=c.name,
        letter=RANK_CODE[c.rank],
        kind=c.rank.lower(),
        subtitle=f"{c.rank} · {c.clan} Clan",
        stats=(("SPD", c.speed), ("CBT", c.combat), ("WPN", c.weapon), ("ARM", c.armour)),
        note=note,
    )


def stat_line(c: Character) -> Text:
    """Four signed numbers in fixed columns under the SPD CBT WPN ARM header."""
    text = Text()
    for ability in ("speed", "combat", "weapon", "armour"):
        v = getattr(c, ability)
        text.append(f"{v:+3d} ", style="bold green" if v > 0 else "bold red" if v < 0 else "bold")
    return text


ORDER_HEADER = f"     {'Character':<21}SPD CBT WPN ARM"


def combat_cards(s: SeatView) -> Text:
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


class ArmyOfZeroScreen(GameScreen):
    BINDINGS = [
        Binding("a", "combat('attack')", "Attack"),
        Binding("d", "combat('defend')", "Defend"),
        Binding("r", "place_rest", "Lay down rest"),
        Binding("j", "cursor(1)", "Down", show=False),
        Binding("k", "cursor(-1)", "Up", show=False),
    ]
    HELP_KEYS = [
        ("↑↓ / j k", "choose a character while ordering your squad"),
        ("Enter/click", "put that character next on your Squad Pile"),
        ("r", "lay down the rest of the squad in the order shown"),
        ("a", "play your Attack Card (step 1)"),
        ("d", "play your Defend Card (step 1)"),
    ]

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        yield Static(id="aoz-status")
        with Horizontal(id="aoz-main"):
            with Vertical(id="aoz-board"):
                yield Static(id="aoz-opponent", classes="squad-bar")
                with Vertical(id="aoz-order"):
                    yield Static(id="aoz-order-help")
                    yield OptionList(id="aoz-unplaced")
                with Vertical(id="aoz-battle"):
                    with Horizontal(id="aoz-fighters"):
                        yield CardView(id="aoz-their-fighter")
                        yield CardView(id="aoz-my-fighter")
                    yield DiceView(id="aoz-dice")
                    yield Static(id="aoz-roster")
                yield Static(id="aoz-me", classes="squad-bar")
                with Horizontal(id="aoz-actions"):
                    yield HandView(id="aoz-hand")
                    yield Button("Lay down rest (r)", id="btn-rest")
                yield Static(id="aoz-message")
            with Vertical(id="aoz-side"):
                yield PileView(id="pile-0")
                yield PileView(id="pile-1")
                yield TrackerView(id="tracker-0")
                yield TrackerView(id="tracker-1")
                yield LogPanel(id="aoz-log")
        yield Footer()

    # -- rendering ---------------------------------------------------------------
    def show_view(self, view: View, seat: int | None) -> None:
        me_seat = seat if seat is not None else 0
        them_seat = 1 - me_seat
        me, them = view.seats[me_seat], view.seats[them_seat]
        acting = ", ".join(f"{seat_tag(i)} {view.seats[i].name}" for i in view.to_act) or "—"
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
        self.query_one("#aoz-order").display = ordering
        self.query_one("#aoz-battle").display = not ordering
        if ordering:
            self._show_ordering(me, seat, view)
        else:
            self._show_battle(view, me, them)
        my_turn = seat is not None and seat in view.to_act
        self.query_one("#aoz-hand").display = not ordering
        self.query_one("#btn-rest", Button).display = ordering
        if not ordering:
            self._show_hand(me, my_turn)
        self.query_one("#btn-rest", Button).disabled = not my_turn
        self.put("#aoz-message", self.message)
        for i, s in enumerate(view.seats):
            self.query_one(f"#pile-{i}", PileView).show(
                f"{seat_tag(i)} squad", s.squad_count + s.unplaced_count
            )
            self.query_one(f"#tracker-{i}", TrackerView).show(f"{seat_tag(i)} alive", s.alive, 10)
        self.query_one("#aoz-log", LogPanel).sync(list(self.match.log_lines()))

    def _squad_text(self, s: SeatView, seat: int, mine: bool, view: View) -> Text:
        lines = [
            Text.assemble(
                (f"{seat_tag(seat)} {s.name}", f"bold {'red' if seat == 0 else 'blue'}"),
                f"  ▤ pile {s.squad_count + s.unplaced_count}  ♥ won {len(s.survivors)}"
                f"  ✝ lost {len(s.defeated)}",
            )
        ]
        if view.phase == "battle":
            lines.append(combat_cards(s))
        if mine and s.squad:
            lines.append(
                Text.assemble(
                    "Pile (top first): ",
                    (" · ".join(c.name.split()[-1] for c in s.squad), "italic"),
                )
            )
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
                f"Order your squad in secret: card {len(me.squad) + 1} of {len(me.squad) + len(me.unplaced)}. "
                "Enter: next on pile · r: rest as shown"
            )
        help_text.append("\n" + ORDER_HEADER, style="dim")
        self.put("#aoz-order-help", help_text)
        options = self.query_one("#aoz-unplaced", OptionList)
        wanted = [c.id for c in me.unplaced]
        current = [options.get_option_at_index(i).id for i in range(options.option_count)]
        if wanted != current:
            keep = options.highlighted or 0
            options.clear_options()
            for c in me.unplaced:
                label = Text.assemble(
                    (f"[{RANK_CODE[c.rank]}] {c.name[:20]:<21}", "bold"), stat_line(c)
                )
                options.add_option(Option(label, id=c.id))
            if me.unplaced:
                options.highlighted = min(keep, len(me.unplaced) - 1)
        if seat is not None and not me.laid_down and not self.waiting:
            options.focus()

    def _show_battle(self, view: View, me: SeatView, them: SeatView) -> None:
        mine = self.query_one("#aoz-my-fighter", CardView)
        theirs = self.query_one("#aoz-their-fighter", CardView)
        theirs.show(face(them.fighter, f"{them.name}'s fighter") if them.fighter else None)
        mine.show(face(me.fighter, f"{me.name}'s fighter") if me.fighter else None)
        self.put("#aoz-dice", DiceView.compose_lines(self._dice_lines(view)))
        roster = self.query_one("#aoz-roster", Static)
        roster.display = self.app.size.height >= 34  # only where there is room to spare
        self.put("#aoz-roster", self._roster(me, them))

    def _show_hand(self, me: SeatView, my_turn: bool) -> None:
        """The Combat Cards in hand: click one, or press a / d."""
        cards = [(f"attack-{i}", ATTACK_FACE, my_turn) for i in range(me.attacks_in_hand)] + (
            [("defend", DEFEND_FACE, my_turn)] if me.defend_in_hand else []
        )
        self.query_one("#aoz-hand", HandView).show(cards)

    def _roster(self, me: SeatView, them: SeatView) -> Text:
        """Room to spare (a large terminal): the whole pile with stats, and what is known of theirs."""
        text = Text()
        if me.squad:
            text.append("Your pile, top first      SPD CBT WPN ARM\n", style="bold")
            for n, c in enumerate(me.squad, 1):
                text.append(f"{n:>2}. [{RANK_CODE[c.rank]}] {c.name[:18]:<19}")
                text.append_text(stat_line(c))
                text.append("\n")
        for label, group in (
            ("Your winners", me.survivors),
            (f"{them.name}'s winners", them.survivors),
            ("Fallen", me.defeated + them.defeated),
        ):
            if group:
                text.append(f"{label}: ", style="bold")
                text.append(", ".join(c.name for c in group) + "\n")
        return text

    def _dice_lines(self, view: View) -> list[Text | str]:
        last = view.last
        if last is None:
            return [
                Text("No blows yet in this confrontation: choose Attack or Defend.", style="dim")
            ]
        names = [s.name for s in view.seats]
        lines: list[Text | str] = [
            Text(
                f"Round {last.number}: {names[0]} {CARD_GLYPH[last.cards[0]]} vs {names[1]} {CARD_GLYPH[last.cards[1]]}"
                f" · steps {'→'.join(str(s) for s in last.steps)}",
                style="bold",
            )
        ]
        if not last.tests:
            lines.append("Both held back: no combat.")
        for test in last.tests:
            line = Text(f"Step {test.step} {test.kind.upper():<6} ")
            for roll in test.rolls:
                line.append_text(
                    render_roll(
                        DiceRoll(
                            f"{seat_tag(roll.seat)}",
                            roll.die,
                            roll.modifier,
                            None if test.winner is None else test.winner == roll.seat,
                        )
                    )
                )
                line.append(" ")
            lines.append(line)
        return lines

    def reveal_body(self, events: tuple[Event, ...]):
        if not any(e.kind == "roll" or (e.kind == "reveal" and "cards" in e.data) for e in events):
            return None
        start = next(
            (i for i, e in enumerate(events) if e.kind == "reveal" and "cards" in e.data), 0
        )
        view = self.match.view(self.session.viewer())
        parts = []
        cards = events[start].data.get("cards", [])
        if cards:
            heading = Text()
            for i, card in enumerate(cards):
                heading.append(f"{seat_tag(i)} {view.seats[i].name}: ", style="bold")
                heading.append(f" {CARD_GLYPH[card]} {card.upper()} ", style="bold reverse")
                heading.append("    ")
            parts.append(heading)
        for e in events[start + 1 :]:
            parts.append(
                Text(
                    f"{'⚄' if e.kind == 'roll' else '·'} {e.text}",
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

    def action_cursor(self, step: int) -> None:
        options = self.query_one("#aoz-unplaced", OptionList)
        (options.action_cursor_down if step > 0 else options.action_cursor_up)()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.submit(PlaceCharacter(card=event.option.id))

    def on_hand_view_picked(self, event: HandView.Picked) -> None:
        self.action_combat("defend" if event.card_id == "defend" else "attack")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "btn-rest":
            self.action_place_rest()

    def summary(self) -> Text:
        view = self.match.view(None)
        text = Text(self.match.outcome().summary + "\n\n")
        for i, s in enumerate(view.seats):
            text.append(f"{seat_tag(i)} {s.name}: ", style="bold")
            text.append(f"{s.alive} standing, {len(s.defeated)} defeated\n")
        text.append(f"\nPhases: {view.phase_number} · confrontations: {view.confrontation}\n")
        text.append(f"Actions: {len(self.match.actions)} · seed {self.match.seed}")
        return text
