"""What a seat missed since its last move, for whoever takes the keyboard (no UI here: the
full screen draws it in ui/recap.py, the plain front end prints it).

Two parts, kept apart because they go to different places. The public part (the log's
lines since the seat's last move) may show on a curtain, which everyone sees; the private
part (cards new in the seat's hand) only to the seat. Built from what any session has: its
log, its seat's views and `SeatSession.recap_mark`, so a seat at a shared table gets the
same recap from its own view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..engine import Event, Seat

#: events too small to retell (the game's first line)
QUIET_KINDS = frozenset({"start"})


@dataclass(frozen=True)
class Recap:
    #: the seat's name, as the box says it
    name: str
    #: the log's lines since the seat's last move, oldest first (public)
    events: tuple[Event, ...] = ()
    #: card names new in the seat's hand since then (private: never on a curtain)
    new_cards: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return not self.events and not self.new_cards

    def private_line(self, names: int = 0) -> str:
        """What the seat alone may read: its new cards, or nothing. `names`: at most this
        many named (0: all), the rest counted, for a line that must stay short."""
        cards = self.new_cards
        if not cards:
            return ""
        if names and len(cards) > names:
            shown = ", ".join(cards[:names]) + f" and {len(cards) - names} more"
        else:
            shown = ", ".join(cards)
        return f"New in your hand: {shown}."


def new_cards(before: Iterable[str], after: Iterable[str]) -> tuple[str, ...]:
    """Names in `after` beyond those in `before` (copies counted), in `after`'s order."""
    left = Counter(before)
    out = []
    for name in after:
        if left[name]:
            left[name] -= 1
        else:
            out.append(name)
    return tuple(out)


def build_recap(
    name: str,
    events: Iterable[Event],
    hand_then: Iterable[str] | None,
    hand_now: Iterable[str],
) -> Recap:
    """`hand_then`: the seat's hand before its last move (None: not known, no private part)."""
    kept = tuple(e for e in events if e.kind not in QUIET_KINDS)
    cards = new_cards(hand_then, hand_now) if hand_then is not None else ()
    return Recap(name=name, events=kept, new_cards=cards)


def recap_for(session, seat: Seat, hand_of: Callable[[object], Iterable[str]]) -> Recap:
    """Since `seat`'s last move at `session`'s table (a local or a remote one): the log's
    lines, and the cards new in its hand. `hand_of(view)`: the card names of the viewing
    seat's own hand in a View."""
    match = session.match
    mark = session.recap_mark(seat)
    if mark is None:  # (not moved yet: the whole game so far)
        events, hand_then = list(match.log_lines()), None
    else:
        step, view_then = mark
        events = match.events_since(step + 1)
        hand_then = hand_of(view_then) if view_then is not None else None
    return build_recap(session.name(seat), events, hand_then, hand_of(match.view(seat)))


def hand_names(view) -> tuple[str, ...]:
    """The card names of the viewer's own hand in a View whose seats hold `hand` as (id,
    card) pairs (PR CCG, ZOOBOTZ, Zeo); () for a View without (a game names its own)."""
    viewer = getattr(view, "viewer", None)
    seats = getattr(view, "seats", None)
    if viewer is None or seats is None:
        return ()
    hand = getattr(seats[viewer], "hand", ()) or ()
    return tuple(card.name for _, card in hand)
