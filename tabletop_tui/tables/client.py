"""Sitting at a table: over the socket (`TableClient`) or in the same process (`LocalSeat`).

Both give a screen the same few things: the latest `ViewUpdate` for its seat, a way to
send an action and hear whether it was refused, and a callback on every message. A
screen turns `update.view` into its game's View model with `typed_view(rules, update)`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..engine import Rules
from .protocol import (
    DEFAULT_LIMITS,
    Act,
    Create,
    Error,
    HandToBot,
    Hello,
    Join,
    Joined,
    Leave,
    LeaveForGood,
    Limits,
    ListTables,
    Message,
    Ok,
    ProtocolError,
    ReplayData,
    SeatRequest,
    Start,
    TableInfo,
    Tables,
    Undo,
    UndoReply,
    ViewUpdate,
    Welcome,
    encode,
    parse_server,
)
from .service import read_lines
from .table import Table, TableError

Handler = Callable[[Message], None]


def typed_view(rules: Rules, update: ViewUpdate):
    """The game's own View model from a view message (validated like anything received)."""
    return rules.view_type.model_validate(update.view)


def typed_legal(rules: Rules, update: ViewUpdate) -> list:
    return [rules.parse_action(a) for a in update.legal]


def _dump(rules: Rules | None, action: Any) -> dict:
    if isinstance(action, dict):
        return action
    if rules is not None:
        return rules.dump_action(action)
    if isinstance(action, BaseModel):
        return action.model_dump(mode="json")
    raise TypeError(f"cannot send {action!r} as an action")


class ClientError(Exception):
    """The service refused a request (the `error` message is attached)."""

    def __init__(self, error: Error):
        super().__init__(f"{error.code}: {error.message}")
        self.error = error


class TableClient:
    """An app process's end of the socket."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        limits: Limits = DEFAULT_LIMITS,
        on_message: Handler | None = None,
    ):
        self._reader = reader
        self._writer = writer
        self.limits = limits
        self.on_message = on_message
        self.user: str | None = None
        self.table: TableInfo | None = None
        self.seat: int | None = None
        #: the newest view message for this connection's seat (or the public one)
        self.view: ViewUpdate | None = None
        self.closed = asyncio.Event()
        self._waiters: list[tuple[Callable[[Message], bool], asyncio.Future]] = []
        self._ref = 0
        self._task = asyncio.get_running_loop().create_task(self._read_loop())

    @classmethod
    async def connect(
        cls, path: Path, ticket: str | None = None, on_message: Handler | None = None
    ) -> TableClient:
        reader, writer = await asyncio.open_unix_connection(
            str(path), limit=DEFAULT_LIMITS.max_server_line + 1
        )
        client = cls(reader, writer, on_message=on_message)
        if ticket is not None:
            await client.hello(ticket)
        return client

    # -- receiving ------------------------------------------------------------------------------
    async def _read_loop(self) -> None:
        try:
            async for line in read_lines(self._reader, self.limits.max_server_line):
                try:
                    message = parse_server(line, self.limits)
                except ProtocolError:
                    continue  # a newer service's message this client does not know
                self._received(message)
        except (ConnectionError, OSError):
            pass
        finally:
            self.closed.set()
            for _, future in self._waiters:
                if not future.done():
                    future.set_exception(ConnectionError("the table service closed the connection"))
            self._waiters.clear()

    def _received(self, message: Message) -> None:
        if isinstance(message, ViewUpdate):
            self.view = message
        elif isinstance(message, Joined):
            self.table, self.seat = message.table, message.seat
        elif isinstance(message, Welcome):
            self.user = message.user
        if self.on_message is not None:
            self.on_message(message)
        for entry in list(self._waiters):
            test, future = entry
            if not future.done() and test(message):
                future.set_result(message)
                self._waiters.remove(entry)

    def expect(self, test: Callable[[Message], bool]) -> asyncio.Future:
        """A future for the next message passing `test` (register before sending)."""
        future = asyncio.get_running_loop().create_future()
        if self.closed.is_set():
            future.set_exception(ConnectionError("the connection is closed"))
        else:
            self._waiters.append((test, future))
        return future

    async def wait_view(
        self, test: Callable[[ViewUpdate], bool], timeout: float = 10.0
    ) -> ViewUpdate:
        """The current view if it passes `test`, else the next one that does."""
        if self.view is not None and test(self.view):
            return self.view
        future = self.expect(lambda m: isinstance(m, ViewUpdate) and test(m))
        return await asyncio.wait_for(future, timeout)

    # -- sending --------------------------------------------------------------------------------
    def send(self, message: Message) -> None:
        self._writer.write(encode(message))

    def send_raw(self, data: bytes) -> None:
        """Bytes as they are (tests use it to send what a broken client would)."""
        self._writer.write(data)

    async def _request(self, message: Message, *answers: type, timeout: float = 10.0) -> Message:
        future = self.expect(lambda m: isinstance(m, (*answers, Error)))
        self.send(message)
        await self._writer.drain()
        reply = await asyncio.wait_for(future, timeout)
        if isinstance(reply, Error):
            raise ClientError(reply)
        return reply

    async def hello(self, ticket: str) -> str:
        reply = await self._request(Hello(type="hello", ticket=ticket), Welcome)
        return reply.user  # type: ignore[attr-defined]

    async def list_tables(self) -> list[TableInfo]:
        reply = await self._request(ListTables(type="list"), Tables)
        return reply.tables  # type: ignore[attr-defined]

    async def create(
        self,
        game: str,
        seats: list[tuple[str, str]],
        seed: int | None = None,
        options: dict | None = None,
        sit: int | None = None,
        auto_start: bool = True,
        watch_delay: int = 0,
        bot_after: int = 0,
        coach: bool = False,
    ) -> Joined:
        request = Create(
            type="create",
            game=game,
            seats=[SeatRequest(name=n, kind=k) for n, k in seats],  # type: ignore[arg-type]
            seed=seed,
            options=options or {},
            sit=sit,
            auto_start=auto_start,
            watch_delay=watch_delay,
            bot_after=bot_after,
            coach=coach,
        )
        return await self._request(request, Joined)  # type: ignore[return-value]

    async def join(self, code: str, seat: int | None = None, watch: bool = False) -> Joined:
        return await self._request(  # type: ignore[return-value]
            Join(type="join", table=code, seat=seat, watch=watch), Joined
        )

    def start(self) -> None:
        """Start the table (its creator, once every seat is taken)."""
        self.send(Start(type="start"))

    async def get_replay(self, code: str) -> ReplayData:
        """A finished table's save, to replay."""
        from .protocol import GetReplay

        return await self._request(GetReplay(type="get_replay", table=code), ReplayData)  # type: ignore[return-value]

    async def leave(self) -> None:
        await self._request(Leave(type="leave"), Ok)
        self.table = self.seat = None

    async def leave_for_good(self, code: str) -> None:
        """Give up this player's seat at table `code` for good (it becomes open)."""
        await self._request(LeaveForGood(type="leave_for_good", table=code), Ok)
        if self.table is not None and self.table.code == code:
            self.table = self.seat = None

    async def act(
        self, action: Any, rules: Rules | None = None, expect: int | None = None
    ) -> Error | None:
        """Play for this seat; None when accepted, else the service's reason."""
        self._ref += 1
        ref = self._ref
        future = self.expect(lambda m: isinstance(m, (Ok, Error)) and m.ref == ref)  # type: ignore[attr-defined]
        self.send(Act(type="action", action=_dump(rules, action), expect=expect, ref=ref))
        await self._writer.drain()
        reply = await asyncio.wait_for(future, 10.0)
        return reply if isinstance(reply, Error) else None

    def undo(self) -> None:
        self.send(Undo(type="undo"))

    def reply_undo(self, accept: bool) -> None:
        self.send(UndoReply(type="undo_reply", accept=accept))

    def hand_to_bot(self, seat: int, kind: str = "heuristic") -> None:
        self.send(HandToBot(type="hand_to_bot", seat=seat, kind=kind))  # type: ignore[arg-type]

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            self._writer.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._task, 2)

    def abort(self) -> None:
        """Drop the connection at once, like a killed process (no goodbye)."""
        transport = self._writer.transport
        transport.abort()


class LocalSeat:
    """A seat at a table in this process: the same messages as a socket client, no socket.

    Hot-seat and bots-only games can use it, so local and remote seats share one path.
    """

    def __init__(self, table: Table, user: str, on_message: Handler | None = None):
        self.table = table
        self.user = user
        self.on_message = on_message
        self.seat: int | None = None
        self.view: ViewUpdate | None = None

    # Listener
    def send(self, message: Message) -> None:
        if isinstance(message, ViewUpdate):
            self.view = message
        if self.on_message is not None:
            self.on_message(message)

    def detach(self, reason: str) -> None:
        self.seat = None

    def sit(self, seat: int | None = None) -> int:
        self.seat = self.table.sit(self, seat)
        return self.seat

    def watch(self) -> None:
        self.table.watch(self)
        self.seat = None

    def act(self, action: Any, expect: int | None = None, coached: bool = False) -> Error | None:
        try:
            self.table.act(self, _dump(self.table.rules, action), expect, coached=coached)
        except TableError as exc:
            return exc.as_error()
        return None

    def undo(self) -> Error | None:
        try:
            self.table.request_undo(self)
        except TableError as exc:
            return exc.as_error()
        return None

    def reply_undo(self, accept: bool) -> Error | None:
        try:
            self.table.reply_undo(self, accept)
        except TableError as exc:
            return exc.as_error()
        return None

    def leave(self) -> None:
        self.table.drop(self)
        self.seat = None
