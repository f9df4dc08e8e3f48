"""A game screen at a remote seat: what stands in for the hot-seat `Session`.

A game screen reads `session.match` (here a `SeatMatch`, fed only by this connection's
messages) and plays through `session.act`. Here an action goes to the table service and
the answer comes back later as a view message, so `act` returns no events and sets
`pending`; the screen waits, and `GameScreen.table_changed` redraws it when the view
arrives, whoever acted. Bots play inside the service, never here, and there is no
curtain: this connection only ever holds its own seat's view.

`TablesLink` is the app's one connection to the service (served apps only): the socket
path and ticket come from the environment `serve ssh` gives each app.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path

from ..engine import Rejection, Rules, Seat
from .client import ClientError, TableClient
from .protocol import (
    Act,
    Error,
    Events,
    Joined,
    Message,
    Ok,
    TableUpdate,
    Turns,
    UndoResult,
    ViewUpdate,
)
from .seat_match import SeatMatch
from .seat_session import SeatSession

SOCKET_VARIABLE = "TABLETOP_TUI_TABLES"
TICKET_VARIABLE = "TABLETOP_TUI_TABLE_TICKET"


class TablesLink:
    """The app's connection to the table service, shared by the lobby and the game screen:
    every message goes to whoever listens now."""

    def __init__(self, socket_path: Path, ticket: str):
        self.socket_path = Path(socket_path)
        self.ticket = ticket
        self.client: TableClient | None = None
        self.handlers: list[Callable[[Message], None]] = []
        #: where it is this player's move, as the service last said (sent at hello)
        self.last_turns: Turns | None = None
        #: what rings when a table becomes this player's move (`ui.screens.lobby.TurnBell`)
        self.turn_bell: object | None = None
        self._connecting: asyncio.Lock | None = None

    @classmethod
    def from_env(cls, environ=os.environ) -> TablesLink | None:
        """The link of an app started by `serve ssh`, or None when playing locally."""
        path, ticket = environ.get(SOCKET_VARIABLE), environ.get(TICKET_VARIABLE)
        if not path or not ticket:
            return None
        return cls(Path(path), ticket)

    async def connect(self) -> TableClient:
        """The open connection (made, or made again after it closed); callers at the same
        time share one."""
        if self._connecting is None:
            self._connecting = asyncio.Lock()
        async with self._connecting:
            if self.client is None or self.client.closed.is_set():
                client = await TableClient.connect(self.socket_path, on_message=self._dispatch)
                self.client = client
                await client.hello(self.ticket)
        return self.client

    def _dispatch(self, message: Message) -> None:
        if isinstance(message, Turns):
            self.last_turns = message
        for handler in list(self.handlers):
            handler(message)

    def listen(self, handler: Callable[[Message], None]) -> None:
        if handler not in self.handlers:
            self.handlers.append(handler)

    def unlisten(self, handler: Callable[[Message], None]) -> None:
        if handler in self.handlers:
            self.handlers.remove(handler)

    async def close(self) -> None:
        if self.client is not None:
            await self.client.close()


class RemoteSession(SeatSession):
    """The session a game screen plays through when its table is in the service: one seat
    at this terminal (none when watching), bots played by the service."""

    remote = True

    def __init__(self, client: TableClient, rules: Rules, joined: Joined):
        self.client = client
        self.match = SeatMatch(rules, joined)
        self.code = joined.table.code
        #: this connection's seat; None when watching
        self.on_screen: Seat | None = joined.seat
        self.bots: dict = {}  # bots play inside the service
        #: an action was sent and its answer has not come back yet
        self.pending = False
        self._pending_ref: int | None = None
        self._pending_revision = -1
        self._ref = 0
        #: the service's last refusal of this seat's action (shown, then cleared)
        self.refused: Error | None = None
        #: what the screen should say about the last change ("step 7 · Ann played ...")
        self.note: str = ""
        self._undo_note = ""
        #: an undo's result came after the last view: that view's question is answered
        self._undo_settled = False
        #: watchers see the table this many actions late (said on their status line)
        self.watch_delay = joined.table.watch_delay if joined.seat is None else 0
        #: the table's maker allowed the coach (a seat may ask it; its moves are marked)
        self.coach_allowed = joined.table.coach
        #: called to leave the table (set by whoever opened the screen)
        self.on_leave: Callable[[], None] | None = None

    # -- fed with every message of this connection ---------------------------------------------
    def receive(self, message: Message) -> bool:
        """Take in a message; True when the screen should redraw."""
        if isinstance(message, Error):
            if message.ref is not None and message.ref == self._pending_ref:
                self.pending, self._pending_ref, self.refused = False, None, message
                return True
            return False
        if isinstance(message, Ok):
            return False
        if isinstance(message, UndoResult):  # the view message that follows shows it
            # (it comes before that view: the question of the view held now is over)
            self._undo_settled = True
            who = self.name(message.by)
            self._undo_note = (
                f"↶ {who}'s undo: {message.steps} step(s) taken back"
                if message.accepted
                else f"↶ {who}'s undo was refused: {message.reason}"
            )
            return False
        if isinstance(message, TableUpdate) and message.table.code == self.code:
            if self.on_screen is None:
                self.watch_delay = message.table.watch_delay
        changed = self.match.receive(message)
        if isinstance(message, ViewUpdate) and changed:
            self._undo_settled = False
            if self.pending and message.revision > self._pending_revision:
                self.pending, self._pending_ref = False, None
            last = self._last_line()
            behind = f" (watching {self.watch_delay} moves late)" if self.watch_delay else ""
            self.note = f"↻ step {message.step}{behind}" + (f" · {last}" if last else "")
            if self._undo_note:
                self.note, self._undo_note = f"{self._undo_note} (step {message.step})", ""
        elif isinstance(message, (Events, TableUpdate)):
            return False  # the view message that follows redraws once
        return changed

    def _last_line(self) -> str:
        lines = list(self.match.log_lines())
        return lines[-1].text if lines else ""

    @property
    def update(self) -> ViewUpdate | None:
        return self.match.update

    @property
    def undo_asked_by(self) -> Seat | None:
        """The seat whose undo waits for this seat's answer (None once its result came)."""
        update = self.match.update
        if update is None or self._undo_settled:
            return None
        return update.undo_asked_by

    @property
    def undo_moves(self) -> list[str]:
        """The log lines of the moves that undo would take back."""
        update = self.match.update
        return list(update.undo_moves) if update is not None and not self._undo_settled else []

    # -- what a game screen asks a session (the rest is `SeatSession`'s) --------------------------
    @property
    def at_this_terminal(self) -> list[Seat]:
        """Only this connection's seat: nobody else looks at this terminal."""
        return [self.on_screen] if self.on_screen is not None else []

    def act(self, seat: Seat, action, coached: bool = False) -> Rejection | tuple:
        """Send the action; its answer arrives as a message (see `receive`). `coached`: the
        coach suggested it (the service marks it in the log)."""
        if seat != self.on_screen:
            return Rejection(rule="Tables", reason="you can act only for your own seat")
        if self.pending:
            return Rejection(rule="Tables", reason="your last move is still on its way")
        rules = self.match.rules
        # A move not open now goes too: only the service holds the state, and its rules name
        # the rule that refuses it (the answer comes back as `refused`)
        update = self.match.update
        revision = update.revision if update is not None else 0
        if update is not None:
            self.mark_move(seat)
        self._ref += 1
        self.pending, self._pending_ref, self._pending_revision = True, self._ref, revision
        self.refused = None
        self.client.send(
            Act(
                type="action",
                action=rules.dump_action(action),
                expect=revision,
                ref=self._ref,
                coached=coached,
            )
        )
        return ()

    def play_bot(self, seat: Seat):
        raise RuntimeError("bots at a shared table play inside the table service")

    def ask_undo(self) -> str:
        """Undo at a table asks the other players first (the service stops at revealed cards)."""
        if self.on_screen is None:
            return "Watchers cannot undo."
        self.client.undo()
        return "↶ Undo asked: the other players must agree (undo stops at revealed information)."

    def reply_undo(self, accept: bool) -> None:
        self.client.reply_undo(accept)

    def leave(self) -> None:
        if self.on_leave is not None:
            self.on_leave()

    def save_to(self, path: Path) -> None:
        raise OSError("this table is saved by the server after every move")


__all__ = ["ClientError", "RemoteSession", "TablesLink"]
