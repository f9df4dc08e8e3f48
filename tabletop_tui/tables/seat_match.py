"""What a remote seat's screen reads instead of a Match: the same reading methods, fed only
by the messages its connection was sent.

The game screens read `match.view(seat)`, `to_act()`, `legal_actions(seat)`, `outcome()`,
`log_lines()`, `seats`, `config` and `len(actions)`. `SeatMatch` answers those from the
newest view message, so wiring a screen to a table means handing it a SeatMatch and
sending its actions through the client. It never holds a State or the seed (the seed
and the log would let a client deal every hidden card), and it cannot play: only the
service changes a table.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..engine import Event, Outcome, Rejection, Rules, Seat
from ..engine.levels import SEAT_KINDS
from ..engine.match import SeatSpec
from .protocol import EventLine, Events, Joined, Message, TableUpdate, ViewUpdate


class NotYourSeat(Exception):
    """A screen asked for a view its connection was never sent."""


class SeatMatch:
    def __init__(self, rules: Rules, joined: Joined):
        self.rules = rules
        self.code = joined.table.code
        #: this connection's seat (None: watching)
        self.seat: Seat | None = joined.seat
        self.config = rules.config_type.model_validate(joined.config)
        self.seats = [SeatSpec(name=s.name, kind=_kind(s.kind)) for s in joined.table.seats]
        #: not sent to clients: screens that print it show this instead
        self.seed = "kept by the table"
        self.update: ViewUpdate | None = None
        self._view: Any = None
        self._public: Any = None
        self._public_data: dict | None = None
        self._legal: list = []
        #: (action, the rule refusing it): the service's answers for `Rules.probe_actions`
        self._refused: list[tuple[Any, Rejection]] = []
        #: (step, line): an undo to step n drops the lines of later steps
        self._log: list[tuple[int, Event]] = [_event(e) for e in joined.log]

    # -- fed by the client ---------------------------------------------------------------------
    def receive(self, message: Message) -> bool:
        """Take in one message for this table; True when what a screen shows changed."""
        if isinstance(message, ViewUpdate) and message.table == self.code:
            if message.seat != self.seat:
                raise NotYourSeat(f"a view for seat {message.seat} reached seat {self.seat}")
            self.update = message
            if self._log and self._log[-1][0] > message.step:  # an undo took steps back
                self._log = [(n, e) for n, e in self._log if n <= message.step]
            self._view = self.rules.view_type.model_validate(message.view)
            # (read when a screen asks for it: most updates never do)
            self._public, self._public_data = None, message.public
            self._legal = [self.rules.parse_action(a) for a in message.legal]
            self._refused = [
                (
                    self.rules.parse_action(r["action"]),
                    Rejection(rule=r["rule"], reason=r["reason"]),
                )
                for r in message.refused
            ]
            return True
        if isinstance(message, Events) and message.table == self.code:
            self._log.extend(_event(e) for e in message.events)
            return True
        if isinstance(message, TableUpdate) and message.table.code == self.code:
            self.seats = [SeatSpec(name=s.name, kind=_kind(s.kind)) for s in message.table.seats]
            return True
        return False

    # -- what Match offers a screen -------------------------------------------------------------
    @property
    def actions(self) -> range:
        """Only its length means anything here: how many actions the table has logged."""
        return range(self.update.step if self.update is not None else 0)

    def view(self, seat: Seat | None):
        """This seat's view, or the public one (sent beside it); never another seat's."""
        if seat is None and self.seat is not None and self._public_data is not None:
            if self._public is None:
                self._public = self.rules.view_type.model_validate(self._public_data)
            return self._public
        if seat != self.seat:
            raise NotYourSeat(f"seat {self.seat} asked for seat {seat}'s view")
        if self._view is None:
            raise NotYourSeat("no view has arrived yet")
        return self._view

    def legal_actions(self, seat: Seat) -> list:
        return list(self._legal) if seat == self.seat else []

    def check(self, seat: Seat, action) -> Rejection | None:
        """Without the state only the list of legal moves can tell, and the rules' refusals
        the service sent (`Rules.probe_actions`); any other move, sent, comes back refused
        with its rule."""
        if action in self.legal_actions(seat):
            return None
        if seat != self.seat:
            return Rejection(rule="table", reason="that seat is not yours at this table")
        for refused, why in self._refused:
            if refused == action:
                return why
        return Rejection(rule="table", reason="not one of your legal moves right now")

    def to_act(self) -> frozenset[Seat]:
        return frozenset(self.update.to_act) if self.update is not None else frozenset()

    def outcome(self) -> Outcome | None:
        if self.update is None or self.update.outcome is None:
            return None
        return Outcome.model_validate(self.update.outcome)

    def log_lines(self) -> Iterator[Event]:
        for _, event in self._log:
            yield event

    def events_since(self, step: int) -> list[Event]:
        """The log's lines of the steps after `step` (a recap's lines)."""
        return [event for n, event in self._log if n > step]

    def play(self, seat: Seat, action) -> None:
        raise NotImplementedError("a remote seat acts through its TableClient")


def _event(line: EventLine) -> tuple[int, Event]:
    return line.step, Event(text=line.text, kind=line.kind, seat=line.seat, barrier=line.barrier)


def _kind(kind: str) -> str:
    return kind if kind in SEAT_KINDS else "human"
