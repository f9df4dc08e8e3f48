"""The Zeo table's widgets, each built from its own part of the View.

Each zone keeps the part of the View it last drew and does nothing when a redraw brings the
same part again, so moving the focus or a message line costs no card rebuilding.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ....games.zeo_dbg.models import TeamView
from ...widgets.quiet import update_static
from ...widgets.table import CardInfo, Zone

TEAM_STYLE = ("magenta", "cyan")


class ZeoZone(Zone):
    """A zone that rebuilds its cards only when its part of the View changed."""

    _part: object = None
    _drawn = False

    def update_part(self, part: object, build: Callable[[], Sequence[CardInfo]]) -> bool:
        """Show `build()` if `part` differs from the last one drawn; True when it did."""
        if self._drawn and part == self._part:
            return False
        self._drawn = True
        self._part = part
        self.show(build())
        return True


#: a card frame's width on the Zeo table: six to a row at 160 columns (The Grid, the Zord
#: Bay with its tile), three at 120
FRAME = 17
#: a slot's box: a character's four side by side in half of the table at 160 columns
SLOT_FRAME = 12


class GridRow(ZeoZone):
    """The six spaces of The Grid, each in its place: a space emptied by a buy or a Battle
    stays empty (drawn so) until the next refill; nothing slides."""

    def __init__(self, **kwargs):
        super().__init__(frames=True, frame_width=FRAME, **kwargs)


class StackRow(ZeoZone):
    """The piles beside The Grid, each with its count: main deck, its discard pile, the Zeo
    Blasters, Stuns, Zord and Master stacks."""

    def __init__(self, **kwargs):
        super().__init__(frames=True, frame_width=FRAME, **kwargs)


class ZordBay(ZeoZone):
    """The Heroes' Zord Bay tile (its side: Zeo Zord Bay, Red Battlezord, Zeo Megazord) and its
    five Zord slots, boxes in a row."""

    def __init__(self, **kwargs):
        super().__init__(frames=True, frame_width=FRAME, **kwargs)


class Lair(ZeoZone):
    """The Villains' Lair and the Masters attached there."""

    def __init__(self, **kwargs):
        super().__init__(frames=True, frame_width=FRAME, **kwargs)


class HandZone(ZeoZone):
    """A hand the seat may see, or the play area (`frames`: drawn as card frames where the
    room allows)."""


class CharacterCard(Vertical):
    """One seat as one card: on a wide screen a box in the team's colour naming the player,
    the character and its Energy, its four slots as boxes in their colours (each saying what it
    takes and what is attached), then the character card itself, Locations, the Signature Item
    and Zord/Master set aside, the discard pile's top and (for a foe) the hand. Narrow, the
    same as lines."""

    DEFAULT_CSS = """
    CharacterCard { height: auto; width: 1fr; }
    CharacterCard > .zeo-seat-head { height: auto; }
    """

    def __init__(self, seat: int, **kwargs):
        super().__init__(**kwargs)
        self.seat = seat
        self._head: Text | None = None
        self._title: str | None = None

    def compose(self) -> ComposeResult:
        yield Static(classes="zeo-seat-head")
        yield ZeoZone(
            vertical=True,
            frames=True,
            frame_width=SLOT_FRAME,
            id=f"zeo-seat-slots-{self.seat}",
            classes="zeo-seat-slots",
        )
        yield ZeoZone(vertical=True, id=f"zeo-seat-cards-{self.seat}", classes="zeo-seat-cards")

    @property
    def cards(self) -> ZeoZone:
        """The character card itself and what lies beside it."""
        return self.query_one(".zeo-seat-cards", ZeoZone)

    @property
    def slots(self) -> ZeoZone:
        return self.query_one(".zeo-seat-slots", ZeoZone)

    def show_seat(
        self,
        head: Text,
        part: object,
        slots: Callable[[], Sequence[CardInfo]],
        build: Callable[[], Sequence[CardInfo]],
        title: str = "",
    ) -> None:
        if head != self._head:
            self._head = head
            update_static(self.query_one(".zeo-seat-head", Static), head)
        if title != self._title:
            self._title = title
            self.border_title = title or None
        self.slots.update_part(part, slots)
        self.cards.update_part(part, build)


def dial(label: str, value: int, maximum: int, width: int) -> Text:
    """A bar with its numbers: never the bar alone."""
    filled = max(0, min(width, round(width * value / maximum))) if maximum else 0
    return Text.assemble(
        (f"{label} ", "bold"),
        ("█" * filled, "green" if label.startswith("♥") else "yellow"),
        ("░" * (width - filled), "dim"),
        (f" {value}/{maximum}", "bold"),
    )


class TeamTracker(Static):
    """A team's status tracker: HP and Energy dials (numbers only when narrow)."""

    DEFAULT_CSS = "TeamTracker { height: auto; width: 1fr; padding: 0 1; }"

    def __init__(self, team: int, **kwargs):
        super().__init__(**kwargs)
        self.team = team
        self._shown: tuple | None = None

    def show_team(self, glyph: str, t: TeamView, compact: bool, bars: bool = True) -> None:
        """`compact`: the team's initial, numbers only; `bars`: dials (else numbers, so the
        status beside the trackers keeps its room, the phase and Shards at its end)."""
        key = (t, compact, bars)
        if key == self._shown:
            return
        self._shown = key
        text = Text(
            f"{glyph}{t.name[:1] if compact else t.name} ", style=f"bold {TEAM_STYLE[self.team]}"
        )
        if compact or not bars:
            text.append(f"♥{t.hp}/{t.max_hp} ⚡{t.energy}/{t.max_energy}", style="bold")
        else:
            text.append_text(dial("♥", t.hp, t.max_hp, 10))
            text.append(" ")
            text.append_text(dial("⚡", t.energy, t.max_energy, 10))
        update_static(self, text)
