"""What a game screen asks of its session, whichever way its table is reached.

A game screen plays through a session: `ui.session.Session` when the table is in this
process (hot-seat, bots played here, every seat at this terminal) and
`tables.remote.RemoteSession` when it is in the table service (one seat at this terminal,
bots played by the service). Who may act, when a curtain falls and whose view is shown
follow from the same few facts in both: the seats at this terminal and the bots played
here, so those rules are written once, in `SeatSession`; the two sessions differ only in
how an action, an undo or a save reaches the table.
"""

from __future__ import annotations

from ..engine import Seat


class SeatSession:
    """The seat logic shared by a local and a remote session. A subclass sets `match`
    (anything with `seats`, `to_act()` and `outcome()`), `on_screen` and `bots`."""

    #: the table is in the table service: the service plays bots, undo asks the others
    remote = False
    #: an action was sent and its answer has not come back yet (a remote table only)
    pending = False
    #: the table's last refusal of this seat's action, shown once (a remote table only)
    refused = None
    #: seats with nothing hidden from each other share a group number: the keyboard passes
    #: between them without a curtain. None: always a curtain
    groups: dict[Seat, int] | None = None
    #: the guided first game's hints (a `reference.tutorial.HintState`), None in a normal game
    tutorial: object | None = None
    #: the players chose the seed: it may be shown
    seed_given: bool = False

    match: object
    on_screen: Seat | None
    bots: dict[Seat, object]
    #: the game was opened from a save: whoever takes the keyboard first gets a recap
    resumed: bool = False

    # -- the recap: what a seat missed since its last move -----------------------------------
    def recap_mark(self, seat: Seat) -> tuple[int, object | None] | None:
        """(the steps done before `seat`'s last move, its view then), or None if unknown.
        The recap covers the steps after that move."""
        return getattr(self, "_marks", {}).get(seat)

    def movers_since(self, step: int) -> list[str]:
        """The names of the seats that moved after the first `step` moves (unknown here)."""
        return []

    def can_take_back(self, seat: Seat) -> bool:
        """Whether `seat`'s last move can be undone here and now (a remote table asks)."""
        return False

    def mark_move(self, seat: Seat) -> None:
        """`seat` is about to move: remember where, and its view before (a remote table has
        no states to look back at)."""
        marks = self.__dict__.setdefault("_marks", {})
        marks[seat] = (len(self.match.actions), self.match.view(seat))

    # -- seats -----------------------------------------------------------------
    @property
    def humans(self) -> list[Seat]:
        """Every seat a person plays, here or elsewhere."""
        return [i for i, s in enumerate(self.match.seats) if not s.is_bot]

    @property
    def at_this_terminal(self) -> list[Seat]:
        """The human seats that share this keyboard (curtains fall only between them)."""
        return self.humans

    @property
    def bot_seats(self) -> frozenset[Seat]:
        return frozenset(i for i, s in enumerate(self.match.seats) if s.is_bot)

    def name(self, seat: Seat) -> str:
        return self.match.seats[seat].name

    @property
    def over(self) -> bool:
        return self.match.outcome() is not None

    def next_bot(self) -> Seat | None:
        """A bot played here that must act now (a remote table's bots are the service's)."""
        waiting = sorted(self.match.to_act() & frozenset(self.bots))
        return waiting[0] if waiting else None

    def next_human(self) -> Seat | None:
        """The seat at this terminal to hand the keyboard to; the one on screen keeps it if
        it may act."""
        waiting = self.match.to_act() & frozenset(self.at_this_terminal)
        if not waiting:
            return None
        if self.on_screen in waiting:
            return self.on_screen
        return min(waiting)

    def needs_curtain(self) -> Seat | None:
        """A seat to pass the keyboard to behind a curtain, or None to carry on.

        With one person at this terminal there is nothing to hide from anyone, so no curtain.
        """
        nxt = self.next_human()
        if nxt is None or nxt == self.on_screen or len(self.at_this_terminal) <= 1:
            return None
        if self.groups is not None:
            group = self.groups.get(nxt)
            if self.on_screen is None:  # nothing shown yet: a curtain only if secrets exist
                same = all(self.groups.get(h) == group for h in self.at_this_terminal)
            else:
                same = self.groups.get(self.on_screen) == group
            if same:
                self.on_screen = nxt  # nothing hidden between them: hand over straight away
                return None
        return nxt

    def viewer(self) -> Seat | None:
        """Whose view to render: the seat on screen (None: the public view)."""
        if not self.at_this_terminal:
            return None
        return self.on_screen
