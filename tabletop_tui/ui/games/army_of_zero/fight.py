"""Army Of Zero's confrontation as the table shows it (issue 36): the two fighters face to
face, and between them the Combat Cards each side played and the dice of every step.

Pure drawing from the View (no widgets here): the screen puts the lines between its two
fighter frames on a wide screen, and between the two fighter chips at 80 columns. Each roll
says the ability it tested (a blow is the attacker's WEAPON against the defender's ARMOUR),
each side's seat tag is on every roll, and a won roll is marked ✔ as well as coloured.
"""

from __future__ import annotations

from rich.text import Text

from ....games.army_of_zero.cards import Character
from ....games.army_of_zero.models import Roll, SeatView, Test, View
from ...seats import seat_tag
from ...widgets.dice import FACES

#: the four abilities in the rulebook's order, as the frames and the dice spell them
ABILITIES = ("speed", "combat", "weapon", "armour")
CARD_GLYPH = {"attack": "A⚔", "defend": "D◊"}


def sides(viewer: int | None) -> tuple[int, int]:
    """(left seat, right seat) of the confrontation, the board's and the reveal's alike: the
    seat on screen sits on the right facing its opponent on the left; the public view (a
    shared keyboard's reveal, a spectator) is seen from ▲1's chair, as the board draws
    it: ●2 on the left, ▲1 on the right."""
    me = viewer if viewer is not None else 0
    return 1 - me, me


def big_stats(c: Character) -> tuple[Text, Text]:
    """The four abilities on two lines, each word in full and its value bold in a box:
    'SPEED  -2   COMBAT -1' / 'WEAPON +1   ARMOUR +2'."""
    lines = []
    for pair in (ABILITIES[:2], ABILITIES[2:]):
        line = Text()
        for n, ability in enumerate(pair):
            if n:
                line.append("  ")
            line.append(f"{ability.upper():<6} ", style="dim")
            line.append(f"{c.stat(ability):+d}", style="bold reverse")
        lines.append(line)
    return lines[0], lines[1]


def roll_text(roll: Roll, won: bool | None, short: bool = False, tag: bool = True) -> Text:
    """One die: seat tag, the ability it tests, the die, modifier and total, ✔/✘/=."""
    mark = {True: ("✔", "bold green"), False: ("✘", "bold red"), None: ("=", "bold")}[won]
    text = Text(f"{seat_tag(roll.seat)} " if tag else "")
    text.append(roll.ability.upper(), style="bold")
    text.append(f" {FACES[roll.die - 1]}")
    if short:
        text.append(f"{roll.die}{roll.modifier:+d}=")
    else:
        text.append(f" {roll.die} {roll.modifier:+d} = ")
    text.append(f"{roll.total}", style="bold")
    text.append(" ")
    text.append(*mark)
    return text


def _won(test: Test, roll: Roll) -> bool | None:
    return None if test.winner is None else test.winner == roll.seat


def _played(card: str) -> Text:
    return Text(f" {CARD_GLYPH[card]} {card.upper()} ", style="bold reverse")


def _now(s: SeatView) -> Text:
    """This round's secret card (chosen face down, or the seat's own choice) and the
    Attack Cards still on the table in front of it."""
    text = Text()
    if s.has_chosen:
        text.append(f"▣ {s.choice.upper()}" if s.choice else "▣ chosen", style="bold")
    else:
        text.append("… choosing", style="dim")
    if s.table:
        text.append(" · ", style="dim")
        text.append(" ".join(CARD_GLYPH[c] for c in s.table), style="bold")
    return text


def last_label(view: View) -> str:
    """The last round's name: its number in this fight, or "last fight" once a new pair
    of fighters stands there (their dice were another pair's)."""
    if view.last is None:
        return ""
    return f"Round {view.last.number}" if view.exchange else "last fight"


def fight_rows(
    view: View, left: int, right: int, short: bool, now: bool = True
) -> list[tuple[Text, str, Text]]:
    """The fight's rows: (left seat's side, what the row is about, right seat's side).
    `now`: the round being chosen as well (the table; a reveal shows the round revealed)."""
    seats = view.seats
    last = view.last
    rows: list[tuple[Text, str, Text]] = [
        (
            Text(f"{seat_tag(left)} {seats[left].name}", style="bold"),
            "vs",
            Text(f"{seat_tag(right)} {seats[right].name}", style="bold"),
        )
    ]
    if view.phase == "battle" and now:
        rows.append((_now(seats[left]), f"Round {view.exchange + 1}", _now(seats[right])))
    if last is None:
        if view.phase == "battle":
            rows.append((Text(""), "no blows yet", Text("")))
        return rows
    label = last_label(view) if now else f"Round {last.number}"
    rows.append((_played(last.cards[left]), label, _played(last.cards[right])))
    for test in last.tests:
        by_seat = {r.seat: r for r in test.rolls}
        rows.append(
            (
                roll_text(by_seat[left], _won(test, by_seat[left]), short, tag=False),
                f"Step {test.step}",
                roll_text(by_seat[right], _won(test, by_seat[right]), short, tag=False),
            )
        )
    if not last.tests:
        rows.append((Text(""), "Step 2: both held back", Text("")))
    rows.append((Text(""), "steps " + "→".join(str(s) for s in last.steps), Text("")))
    return rows


def _side(cell: Text, width: int, right: bool) -> Text:
    cell = cell.copy()
    cell.truncate(width, overflow="ellipsis")
    pad = " " * max(0, width - cell.cell_len)
    return Text(pad).append_text(cell) if right else cell.append(pad)


def fight_lines(view: View, left: int, right: int, width: int, now: bool = True) -> list[Text]:
    """The middle of the confrontation on a wide screen, in `width` cells: `left` seat's
    side on the left, `right`'s on the right. Each row's label between its two sides
    where they fit on one line; on its own line above them where they do not. `now`: as
    `fight_rows`."""
    for short in (False, True):
        rows = fight_rows(view, left, right, short, now)
        cells = [c for lhs, _, rhs in rows for c in (lhs, rhs)]
        cell = max(c.cell_len for c in cells)
        label = max(len(lab) for lhs, lab, rhs in rows if lhs or rhs) + 2
        if 2 * cell + label <= width:
            break
    lines = []
    if 2 * cell + label <= width:
        side = (width - label) // 2
        for lhs, lab, rhs in rows:
            if not (lhs or rhs):
                lines.append(Text(lab.center(width), style="dim italic"))
                continue
            line = _side(lhs, side, right=True)
            line.append(lab.center(label), style="dim italic")
            line.append_text(_side(rhs, side, right=False))
            lines.append(line)
        return lines
    side = max(1, (width - 1) // 2)
    for n, (lhs, lab, rhs) in enumerate(rows):
        if n:  # (the names need no label)
            lines.append(Text(lab.center(width), style="dim italic"))
        if lhs or rhs:
            line = _side(lhs, side, right=True)
            line.append("│", style="dim")
            line.append_text(_side(rhs, side, right=False))
            lines.append(line)
    return lines


def dice_lines(view: View, first: int = 0) -> list[Text]:
    """The last round in a few short lines (80 columns): the cards, `first` seat's before
    the other's (the one drawn above, as `sides` has it on the left), then a line a step,
    each roll with its seat and the ability it tested."""
    last = view.last
    if last is None:
        return [Text("No blows yet in this confrontation: choose Attack or Defend.", style="dim")]
    a, b = first, 1 - first
    names = [s.name for s in view.seats]
    when = f"Round {last.number}" if view.exchange else f"Last fight, round {last.number}"
    lines = [
        Text(
            f"{when}: {names[a]} {CARD_GLYPH[last.cards[a]]} vs "
            f"{names[b]} {CARD_GLYPH[last.cards[b]]} · steps {'→'.join(str(s) for s in last.steps)}",
            style="bold",
        )
    ]
    if not last.tests:
        lines.append(Text("Both held back: no combat."))
    for test in last.tests:
        line = Text(f"Step {test.step} ")
        for n, roll in enumerate(test.rolls):
            if n:
                line.append("  ")
            line.append_text(roll_text(roll, _won(test, roll), short=True))
        lines.append(line)
    return lines


class FaceToFace:
    """`fight_lines` as a renderable: laid out at the width it is drawn in. Equal when its
    View and sides are, so the screen's `put` redraws it only when the fight changed."""

    def __init__(self, view: View, left: int, right: int):
        self.view, self.left, self.right = view, left, right

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, FaceToFace)
            and (self.left, self.right) == (other.left, other.right)
            and self.view == other.view
        )

    __hash__ = None  # type: ignore[assignment]

    def __rich_console__(self, console, options):
        yield Text("\n").join(fight_lines(self.view, self.left, self.right, options.max_width))
