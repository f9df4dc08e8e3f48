"""The table service: every table, and a local socket the app processes talk to.

One service runs in the server process (inside `serve ssh`); each player's app process
connects to its unix socket, proves who it is with a ticket the server issued at login,
and then speaks the newline-delimited JSON of `protocol`. A connection that sends
nonsense is answered with an error and, past a limit, closed; a connection that dies
leaves its seat held for its user. Nothing a client does can stop the service.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import secrets
import stat
import time
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..engine.match import SaveError, SeatSpec
from ..games import get_rules, unknown_game_message
from .protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    DEFAULT_LIMITS,
    Act,
    Create,
    Error,
    GetReplay,
    HandToBot,
    Hello,
    Join,
    Joined,
    Leave,
    Limits,
    ListTables,
    Message,
    Ok,
    ProtocolError,
    ReplayData,
    Start,
    Tables,
    Undo,
    UndoReply,
    Welcome,
    encode,
    parse_client,
)
from .table import Table, TableError

log = logging.getLogger("tabletop_tui.tables")

#: settings a client may not choose: they name files on the server, or come from the seats
FORBIDDEN_OPTIONS = frozenset({"cards_dir", "names"})


class TableService:
    def __init__(
        self,
        save_dir: Path | None = None,
        limits: Limits = DEFAULT_LIMITS,
        options: dict[str, Any] | None = None,
    ):
        #: where each table autosaves (<code>.json); None keeps tables in memory only
        self.save_dir = Path(save_dir) if save_dir is not None else None
        self.limits = limits
        #: settings the server adds to every table's Config (e.g. its --cards folder)
        self.options = dict(options or {})
        self.tables: dict[str, Table] = {}
        self._tickets: dict[str, str] = {}
        self._connections: set[Connection] = set()
        self._server: asyncio.Server | None = None
        self.socket_path: Path | None = None

    # -- who is who ---------------------------------------------------------------------------------
    def issue_ticket(self, user: str) -> str:
        """A secret the server hands to one login's app process: it proves the user's name."""
        ticket = secrets.token_urlsafe(24)
        self._tickets[ticket] = user
        return ticket

    def revoke_ticket(self, ticket: str) -> None:
        self._tickets.pop(ticket, None)

    def user_for(self, ticket: str) -> str | None:
        return self._tickets.get(ticket)

    # -- tables ---------------------------------------------------------------------------------------
    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    def draw_seed(self) -> int:
        """A table's seed when its maker gave none (kept by the service, never sent)."""
        return random.randrange(1, 2**31)

    def create_table(self, user: str, request: Create) -> Table:
        if len(self.tables) >= self.limits.max_tables:
            self._forget_finished()
            if len(self.tables) >= self.limits.max_tables:
                raise TableError("limit", f"the server has its {self.limits.max_tables} tables")
        mine = [t for t in self.tables.values() if t.creator == user and not t.over]
        if len(mine) >= self.limits.max_tables_per_user:
            codes = ", ".join(t.code for t in mine)
            raise TableError(
                "limit",
                f"you have {len(mine)} unfinished tables ({codes}): finish or join those first",
            )
        rules = get_rules(request.game)
        if rules is None:
            raise TableError("no-game", unknown_game_message(request.game))
        bad = FORBIDDEN_OPTIONS & request.options.keys()
        if bad:
            raise TableError("bad-options", f"a table cannot set {', '.join(sorted(bad))}")
        names = [s.name for s in request.seats]
        if len({n.casefold() for n in names}) != len(names):
            raise TableError("bad-seats", "every seat needs a different name")
        if not rules.min_seats <= len(names) <= rules.max_seats:
            raise TableError(
                "bad-seats",
                f"{rules.title} seats {rules.min_seats} to {rules.max_seats}, not {len(names)}",
            )
        if request.sit is not None and (
            request.sit >= len(names) or request.seats[request.sit].kind != "open"
        ):
            raise TableError("no-seat", f"seat {request.sit + 1} is not an open seat")
        try:
            config = rules.config_type.model_validate(
                {**request.options, **self.options, "names": tuple(names)}
            )
            seed = request.seed if request.seed is not None else self.draw_seed()
            code = self._new_code()
            seats = [
                SeatSpec(name=s.name, kind="human" if s.kind == "open" else s.kind)
                for s in request.seats
            ]
            path = self.save_dir / f"{code}.json" if self.save_dir is not None else None
            table = Table(
                code,
                rules,
                config,
                seed,
                seats,
                path,
                self.limits,
                creator=user,
                auto_start=request.auto_start,
                watch_delay=request.watch_delay,
            )
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err.get("loc", ())) or "(top)"
            raise TableError("bad-options", f"{where}: {err.get('msg')}") from None
        except ValueError as exc:  # a game's own settings check
            raise TableError("bad-options", str(exc).splitlines()[0]) from None
        self.tables[code] = table
        if path is not None:
            table.save_now()
        table.start()  # a table of bots alone plays at once (a demo to watch)
        return table

    def restore(self) -> list[str]:
        """Bring back the tables of the save folder after a restart; a damaged one is logged
        and left on disk. Returns the codes restored."""
        if self.save_dir is None or not self.save_dir.is_dir():
            return []
        restored = []
        for meta in sorted(self.save_dir.glob("*.table.json")):
            if len(self.tables) >= self.limits.max_tables:
                break
            try:
                table = Table.resume(meta, self.limits)
            except (SaveError, ValidationError, OSError) as exc:
                log.warning("table service: cannot restore %s: %s", meta, exc)
                continue
            if table.code in self.tables:
                continue
            self.tables[table.code] = table
            table.start()
            restored.append(table.code)
        return restored

    def _forget_finished(self) -> None:
        """Make room: finished tables nobody is at any more leave the list (their save stays)."""
        for code, table in list(self.tables.items()):
            if table.over and not table.spectators and all(s.listener is None for s in table.slots):
                del self.tables[code]

    def table(self, code: str) -> Table:
        table = self.tables.get(code)
        if table is None:
            raise TableError("no-table", f"no table {code}")
        return table

    # -- the socket -----------------------------------------------------------------------------------
    async def start(self, path: Path) -> None:
        """Listen on a unix socket only this OS user can open."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        with contextlib.suppress(FileNotFoundError):
            if stat.S_ISSOCK(path.lstat().st_mode):
                path.unlink()
        old = os.umask(0o177)
        try:
            self._server = await asyncio.start_unix_server(
                self._handle, path=str(path), limit=self.limits.max_line + 1
            )
        finally:
            os.umask(old)
        self.socket_path = path

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for conn in list(self._connections):
            conn.close()
        for table in list(self.tables.values()):
            await table.close()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)
        if self.socket_path is not None:
            with contextlib.suppress(FileNotFoundError):
                self.socket_path.unlink()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(self, writer)
        if len(self._connections) >= self.limits.max_connections:
            conn.send(Error(code="limit", message="the table service is full: try again later"))
            conn.close()
            await conn.drained()
            return
        self._connections.add(conn)
        try:
            async for line in read_lines(reader, self.limits.max_line, conn.too_large):
                if conn.closed:
                    break
                self.handle_line(conn, line)
        except (ConnectionError, OSError):
            pass
        finally:
            self._connections.discard(conn)
            conn.leave_table()
            conn.close()
            await conn.drained()

    def handle_line(self, conn: Connection, line: bytes) -> None:
        """One line from a client: every failure becomes an error reply, never a crash."""
        ref = None
        if not conn.allow():
            conn.refuse(Error(code="slow-down", message="too many messages: wait a moment"))
            return
        try:
            message = parse_client(line, self.limits)
            ref = getattr(message, "ref", None)
            self._dispatch(conn, message)
        except ProtocolError as exc:
            conn.refuse(Error(code=exc.code, message=exc.message))
        except TableError as exc:
            # a seated player's move the rules refuse is no misbehaviour: answered with the
            # rule, not counted towards max_errors (the rate limit still bounds it)
            conn.refuse(exc.as_error(ref), count=exc.code != "illegal")
        except Exception:  # a bug in a game or here: this request fails, the service goes on
            log.exception("table service: request failed")
            conn.refuse(Error(code="internal", message="the service could not do that", ref=ref))

    def _dispatch(self, conn: Connection, message: Message) -> None:
        if isinstance(message, Hello):
            if conn.user is not None:
                raise TableError("hello-again", f"this connection is already {conn.user}")
            user = self.user_for(message.ticket)
            if user is None:
                raise TableError("bad-ticket", "unknown ticket")
            conn.user = user
            conn.send(Welcome(user=user))
            return
        if conn.user is None:
            raise TableError("hello-first", "say hello with your ticket first")
        if isinstance(message, ListTables):
            conn.send(Tables(tables=[t.info() for t in self.tables.values()]))
        elif isinstance(message, Create):
            table = self.create_table(conn.user, message)
            if message.sit is None:
                conn.send(Joined(table=table.info(), seat=None, config=table.joined(None).config))
            else:
                conn.join(table, message.sit, watch=False)
        elif isinstance(message, Join):
            conn.join(self.table(message.table), message.seat, message.watch)
        elif isinstance(message, Leave):
            conn.leave_table()
            conn.send(Ok())
        elif isinstance(message, GetReplay):
            table = self.table(message.table)
            if not table.over:
                raise TableError("not-over", "a game can be replayed once it is over")
            save = table.match.to_save().model_dump(mode="json")
            conn.send(ReplayData(table=table.code, save=save))
        else:
            table = conn.table
            if table is None:
                raise TableError("not-joined", "join a table first")
            if isinstance(message, Start):
                table.begin(conn)
            elif isinstance(message, Act):
                table.act(conn, message.action, message.expect)
                conn.send(Ok(ref=message.ref))
            elif isinstance(message, Undo):
                table.request_undo(conn)
            elif isinstance(message, UndoReply):
                table.reply_undo(conn, message.accept)
            elif isinstance(message, HandToBot):
                table.hand_to_bot(conn, message.seat, message.kind)


class Connection:
    """One app process on the socket: a Listener whose messages go out in order, never blocking
    the table (a client that stops reading is cut off; its seat stays)."""

    def __init__(self, service: TableService, writer: asyncio.StreamWriter):
        self.service = service
        self.writer = writer
        self.user: str | None = None
        self.table: Table | None = None
        self.errors = 0
        self.closed = False
        self._tokens = float(service.limits.burst)
        self._last = time.monotonic()
        self._outbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self._pump = asyncio.get_running_loop().create_task(self._write_loop())

    # Listener
    def send(self, message: Message) -> None:
        if self.closed:
            return
        if self._outbox.qsize() >= self.service.limits.max_outbox:
            log.warning("table service: %s does not read its messages: closing", self.user)
            self.leave_table()
            self.close()
            return
        self._outbox.put_nowait(encode(message))

    def detach(self, reason: str) -> None:
        self.table = None
        self.send(Error(code="moved", message=reason))

    # requests
    def join(self, table: Table, seat: int | None, watch: bool) -> None:
        if self.table is not None and self.table is not table:
            self.leave_table()
        if watch:
            table.watch(self)  # type: ignore[arg-type]
        else:
            table.sit(self, seat)  # type: ignore[arg-type]
        self.table = table  # the table sent `joined` and then the first view

    def leave_table(self) -> None:
        if self.table is not None:
            self.table.drop(self)  # type: ignore[arg-type]
            self.table = None

    def allow(self) -> bool:
        """A token bucket: a flood of cheap requests cannot make the tables broadcast for it."""
        now = time.monotonic()
        limits = self.service.limits
        self._tokens = min(float(limits.burst), self._tokens + (now - self._last) * limits.rate)
        self._last = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True

    def refuse(self, error: Error, count: bool = True) -> None:
        self.errors += count
        self.send(error)
        if self.errors >= self.service.limits.max_errors:
            self.send(Error(code="closed", message="too many refused messages"))
            self.leave_table()
            self.close()

    def too_large(self, size: int) -> None:
        limit = self.service.limits.max_line
        self.refuse(Error(code="too-large", message=f"a message over {limit} bytes ({size}+)"))

    # plumbing
    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._outbox.put_nowait(None)

    async def drained(self) -> None:
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(self._pump, 2)

    async def _write_loop(self) -> None:
        try:
            stop = False
            while not stop:
                data = await self._outbox.get()
                if data is None:
                    break
                chunks = [data]
                while not self._outbox.empty():  # what queued up meanwhile goes in one write
                    more = self._outbox.get_nowait()
                    if more is None:
                        stop = True
                        break
                    chunks.append(more)
                self.writer.write(b"".join(chunks))
                await self.writer.drain()
        except (ConnectionError, OSError):
            self.closed = True
        finally:
            with contextlib.suppress(Exception):
                self.writer.close()


async def read_lines(reader: asyncio.StreamReader, limit: int, on_too_large=None):
    """Lines from a stream, each at most `limit` bytes; a longer line is skipped whole
    (with `on_too_large(size)`), so one oversized message does not end the connection."""
    buffer = b""
    skipping = 0
    while True:
        chunk = await reader.read(65536)
        if not chunk:
            return
        buffer += chunk
        while True:
            end = buffer.find(b"\n")
            if end < 0:
                if len(buffer) > limit:  # no end in sight: drop it, remember we are inside one
                    skipping += len(buffer)
                    buffer = b""
                break
            line, buffer = buffer[:end], buffer[end + 1 :]
            if skipping:
                size, skipping = skipping + len(line), 0
                if on_too_large is not None:
                    on_too_large(size)
                continue
            if len(line) > limit:
                if on_too_large is not None:
                    on_too_large(len(line))
                continue
            if line.strip():
                yield line
