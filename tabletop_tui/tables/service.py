"""The table service: every table, and a local socket the app processes talk to.

One service runs in the server process (inside `serve ssh`); each player's app process
connects to its unix socket, proves who it is with a ticket the server issued at login,
and then speaks the newline-delimited JSON of `protocol`. A connection that sends
nonsense is answered with an error and, past a limit, closed; a connection that dies
leaves its seat held for its user. Nothing a client does can stop the service.

What a restart keeps: every unfinished table comes back (`restore`); a finished one moves
to the archive (`<save folder>/archive/`), where it stays listed and replayable for
`Limits.keep_finished` seconds, at most `Limits.max_finished` of them. An unfinished table
nobody has been at for `Limits.table_expiry` seconds is removed. Each login's ticket
names a source (its address, or its key) that the caps on tables count, so logging in
under many names makes no more tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import secrets
import stat
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..engine.match import SaveError, SaveFile, SeatSpec
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
    LeaveForGood,
    Limits,
    ListTables,
    Message,
    Ok,
    ProtocolError,
    ReplayData,
    SeatInfo,
    Start,
    TableInfo,
    Tables,
    Turns,
    Undo,
    UndoReply,
    Welcome,
    encode,
    parse_client,
)
from .table import Table, TableError, TableMeta

log = logging.getLogger("tabletop_tui.tables")

#: settings a client may not choose: they name files on the server, or come from the seats
FORBIDDEN_OPTIONS = frozenset({"cards_dir", "names"})
#: the folder (inside the save folder) of finished tables
ARCHIVE = "archive"
DAY = 86400.0


@dataclass
class Ticket:
    """One login's proof at the service: who it is, and where it came from."""

    user: str
    #: what the caps on tables count ("address:1.2.3.4", "key:SHA256:..."); a ticket
    #: issued without one counts as its user
    source: str


@dataclass
class Archived:
    """A finished table in the archive: listed, replayable, removed when too old."""

    info: TableInfo
    save_path: Path
    meta_path: Path
    #: wall-clock time of its last move (its save's modification time)
    finished: float


def _span(seconds: float) -> str:
    if seconds >= DAY:
        return f"{seconds / DAY:g} days"
    if seconds >= 3600:
        return f"{seconds / 3600:g} hours"
    return f"{seconds:g} s"


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
        #: finished tables moved out of play (their files under `archive/`), by code
        self.archive: dict[str, Archived] = {}
        self._tickets: dict[str, Ticket] = {}
        self._connections: set[Connection] = set()
        self._server: asyncio.Server | None = None
        self._sweeper: asyncio.Task | None = None
        self.socket_path: Path | None = None
        #: the wall clock (tests move it on to see tables age)
        self.clock = time.time
        #: when each table last had someone connected (wall clock), for its expiry
        self._last_seen: dict[str, float] = {}
        #: when each source made its tables of bots alone (the last hour's)
        self._bot_tables: dict[str, deque[float]] = {}
        #: the codes of the tables where it is each user's move, as last told to them
        self._turns_sent: dict[str, tuple[str, ...]] = {}

    def _now(self) -> float:
        """The service's clock, read when called (a test may replace `clock` at any time)."""
        return self.clock()

    def _adopt(self, table: Table) -> None:
        """A table of this service: its clock is the service's, and it says when turns change."""
        table.clock = self._now
        table.on_turns = self._turns_changed

    # -- whose move ---------------------------------------------------------------------------------
    def turns_for(self, user: str) -> list[TableInfo]:
        """The tables where it is `user`'s move, the longest waiting first."""
        infos = [t.info() for t in self.tables.values() if t.your_turn(user)]

        def waited(info: TableInfo) -> float:
            return max((s.waited or 0.0 for s in info.seats if s.user == user), default=0.0)

        return sorted(infos, key=waited, reverse=True)

    def _send_turns(self, user: str, only: Connection | None = None) -> None:
        """Tell `user`'s connections where it is their move, when that changed (`only`: this
        new connection, whatever was told before)."""
        infos = self.turns_for(user)
        codes = tuple(sorted(i.code for i in infos))
        if only is None and self._turns_sent.get(user, ()) == codes:
            return
        self._turns_sent[user] = codes
        message = Turns(tables=infos)
        for conn in [only] if only is not None else list(self._connections):
            if conn.user == user and not conn.closed:
                conn.send(message)

    def _turns_changed(self, table: Table) -> None:
        users = {s.user for s in table.slots if s.user is not None}
        users |= {u for u, codes in self._turns_sent.items() if table.code in codes}
        for user in sorted(users):
            self._send_turns(user)

    # -- who is who ---------------------------------------------------------------------------------
    def issue_ticket(self, user: str, source: str | None = None) -> str:
        """A secret the server hands to one login's app process: it proves the user's name.
        `source`: where the login came from (its address, or its key), which the caps on
        tables count; by default the user."""
        ticket = secrets.token_urlsafe(24)
        self._tickets[ticket] = Ticket(user, source or f"user:{user}")
        return ticket

    def revoke_ticket(self, ticket: str) -> None:
        """The login ended: the ticket opens nothing more, and its connections close."""
        self._tickets.pop(ticket, None)
        for conn in list(self._connections):
            if conn.ticket == ticket:
                conn.send(Error(code="closed", message="your login has ended"))
                conn.leave_table()
                conn.close()

    def user_for(self, ticket: str) -> str | None:
        found = self._tickets.get(ticket)
        return found.user if found is not None else None

    def source_for(self, ticket: str) -> str | None:
        found = self._tickets.get(ticket)
        return found.source if found is not None else None

    def activity(self, ticket: str) -> float:
        """When a table this ticket's connections sit at or watch last moved on (monotonic
        time, 0 for none): a player waiting for the others, or a watcher, is not idle."""
        return max(
            (
                conn.table.active_at
                for conn in self._connections
                if getattr(conn, "ticket", None) == ticket and conn.table is not None
            ),
            default=0.0,
        )

    # -- tables ---------------------------------------------------------------------------------------
    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables and code not in self.archive:
                return code

    def draw_seed(self) -> int:
        """A table's seed when its maker gave none (kept by the service, never sent)."""
        return random.randrange(1, 2**31)

    def _expiry_note(self) -> str:
        expiry = self.limits.table_expiry
        if not expiry:
            return ""
        return f" (a table nobody is at for {_span(expiry)} is removed)"

    def _check_caps(self, user: str, source: str, bots_only: bool) -> None:
        """Why this user, from this source, may not make one more table now (TableError), so
        the lobby can say it."""
        limits = self.limits
        if len(self.tables) >= limits.max_tables:
            self._forget_finished()
            if len(self.tables) >= limits.max_tables:
                raise TableError(
                    "limit",
                    f"the server has its {limits.max_tables} tables: join one, or try again "
                    f"later{self._expiry_note()}",
                )
        open_tables = [t for t in self.tables.values() if not t.over]
        mine = [t for t in open_tables if t.creator == user]
        if len(mine) >= limits.max_tables_per_user:
            codes = ", ".join(t.code for t in mine)
            raise TableError(
                "limit",
                f"you have {len(mine)} unfinished tables ({codes}): finish or join those first"
                f"{self._expiry_note()}",
            )
        ours = [t for t in open_tables if t.source == source]
        if limits.max_tables_per_source and len(ours) >= limits.max_tables_per_source:
            where = "your key" if source.startswith("key:") else "your address"
            raise TableError(
                "limit",
                f"{where} has made {len(ours)} unfinished tables, the most one place may have "
                f"(whatever the names): finish or join those first{self._expiry_note()}",
            )
        if bots_only:
            made = self._bot_tables.setdefault(source, deque())
            now = time.monotonic()
            while made and made[0] <= now - 3600:
                made.popleft()
            if len(made) >= limits.bot_tables_per_hour:
                wait = 3600 - (now - made[0]) if made else 3600
                raise TableError(
                    "limit",
                    f"at most {limits.bot_tables_per_hour} tables of bots alone an hour from "
                    f"one place: the next in {wait / 60:.0f} min (seat yourself at one, or "
                    "watch one already playing)",
                )

    def create_table(self, user: str, request: Create, source: str | None = None) -> Table:
        source = source or f"user:{user}"
        bots_only = all(s.kind != "open" for s in request.seats)
        self._check_caps(user, source, bots_only)
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
                bot_after=request.bot_after,
                clock=self._now,
                coach=request.coach,
            )
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err.get("loc", ())) or "(top)"
            raise TableError("bad-options", f"{where}: {err.get('msg')}") from None
        except ValueError as exc:  # a game's own settings check
            raise TableError("bad-options", str(exc).splitlines()[0]) from None
        table.source = source
        self._adopt(table)
        self.tables[code] = table
        self._last_seen[code] = self.clock()
        if bots_only:
            self._bot_tables.setdefault(source, deque()).append(time.monotonic())
        if path is not None:
            table.save_now()
        table.start()  # a table of bots alone plays at once (a demo to watch)
        return table

    @property
    def archive_dir(self) -> Path | None:
        return self.save_dir / ARCHIVE if self.save_dir is not None else None

    def restore(self) -> list[str]:
        """Bring back the tables of the save folder after a restart: every unfinished one
        (however many); a finished one goes to the archive; a damaged file is logged with
        its reason and left where it is. Returns the codes restored."""
        if self.save_dir is None or not self.save_dir.is_dir():
            return []
        restored: list[str] = []
        archived: list[str] = []
        skipped = 0
        for meta_path in sorted(self.save_dir.glob("*.table.json")):
            try:
                meta = TableMeta.model_validate_json(meta_path.read_bytes())
                table = Table.resume(meta_path, self.limits, clock=self._now)
            except (SaveError, ValidationError, OSError, ValueError) as exc:
                skipped += 1
                reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                log.warning("tables: skipped %s: cannot be read: %s", meta_path.name, reason)
                continue
            if table.code in self.tables or meta_path.name != f"{table.code}.table.json":
                skipped += 1
                log.warning(
                    "tables: skipped %s: it names table %s, %s",
                    meta_path.name,
                    table.code,
                    "already restored" if table.code in self.tables else "not its file name",
                )
                continue
            table.source = meta.source
            if table.over:
                if self._archive_files(table) is not None:
                    archived.append(table.code)
                else:
                    skipped += 1
                continue
            self._adopt(table)
            self.tables[table.code] = table
            self._last_seen[table.code] = _mtime(meta_path, table.save_path)
            table.start()
            restored.append(table.code)
        kept = self._load_archive()
        removed = self._prune_archive()
        if restored:
            log.info("tables: restored %d unfinished: %s", len(restored), " ".join(restored))
        if archived:
            log.info("tables: archived %d finished: %s", len(archived), " ".join(archived))
        log.info(
            "tables: %d in play, %d finished in the archive (%d kept from before, %d removed "
            "as too old or too many), %d files skipped",
            len(self.tables),
            len(self.archive),
            kept,
            removed,
            skipped,
        )
        if len(self.tables) > self.limits.max_tables:
            log.warning(
                "tables: %d unfinished tables, over the cap of %d: no new table until some end",
                len(self.tables),
                self.limits.max_tables,
            )
        return restored

    def _archive_files(self, table: Table, finished: float | None = None) -> Archived | None:
        """Move a finished table's two files into the archive, and list it there."""
        folder = self.archive_dir
        if folder is None or table.save_path is None or table.meta_path is None:
            return None
        info = table.info()
        try:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            if finished is None:
                finished = _mtime(table.save_path)
            save_path = folder / table.save_path.name
            meta_path = folder / table.meta_path.name
            os.replace(table.save_path, save_path)
            os.replace(table.meta_path, meta_path)
            os.utime(save_path, (finished, finished))
        except OSError as exc:
            log.warning("tables: cannot archive table %s: %s", table.code, exc)
            return None
        entry = Archived(info=info, save_path=save_path, meta_path=meta_path, finished=finished)
        self.archive[table.code] = entry
        return entry

    def _load_archive(self) -> int:
        """List the archive's tables (read, not replayed: they are only ever sent whole)."""
        folder = self.archive_dir
        if folder is None or not folder.is_dir():
            return 0
        count = 0
        for meta_path in sorted(folder.glob("*.table.json")):
            try:
                meta = TableMeta.model_validate_json(meta_path.read_bytes())
                save_path = meta_path.with_name(f"{meta.code}.json")
                save = SaveFile.model_validate_json(save_path.read_bytes())
                rules = get_rules(save.game)
                if rules is None:
                    raise ValueError(f"unknown game {save.game}")
                if len(meta.users) != len(save.seats):
                    raise ValueError("its seats do not match its save")
                info = TableInfo(
                    code=meta.code,
                    game=save.game,
                    title=rules.title,
                    seats=[
                        SeatInfo(name=seat.name, kind=seat.kind, user=user)
                        for seat, user in zip(save.seats, meta.users, strict=True)
                    ],
                    started=True,
                    over=True,
                    step=len(save.actions),
                    creator=meta.creator,
                    auto_start=meta.auto_start,
                    watch_delay=meta.watch_delay,
                )
            except (ValidationError, OSError, ValueError) as exc:
                reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                log.warning("tables: skipped archived %s: %s", meta_path.name, reason)
                continue
            if meta.code in self.archive or meta.code in self.tables:
                continue
            self.archive[meta.code] = Archived(
                info=info, save_path=save_path, meta_path=meta_path, finished=_mtime(save_path)
            )
            count += 1
        return count

    def _prune_archive(self) -> int:
        """Remove archived tables past the age limit, then the oldest beyond the count."""
        limits, now = self.limits, self.clock()
        gone = []
        by_age = sorted(self.archive.values(), key=lambda a: a.finished, reverse=True)
        for index, entry in enumerate(by_age):
            too_old = limits.keep_finished and now - entry.finished > limits.keep_finished
            if too_old or index >= limits.max_finished:
                gone.append(entry)
        for entry in gone:
            del self.archive[entry.info.code]
            for path in (entry.save_path, entry.meta_path):
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
            log.info(
                "tables: removed finished table %s from the archive (%s)",
                entry.info.code,
                "older than the retention"
                if limits.keep_finished and now - entry.finished > limits.keep_finished
                else f"more than {limits.max_finished} finished tables",
            )
        return len(gone)

    def _forget_finished(self) -> None:
        """Make room: finished tables nobody is at any more leave play for the archive (a
        table without a save folder is just forgotten)."""
        for code, table in list(self.tables.items()):
            if table.over and not _attended(table):
                del self.tables[code]
                self._last_seen.pop(code, None)
                if table.save_path is not None:
                    table.save_now()  # (the last move may still be on its way to disk)
                    self._archive_files(table, self.clock())

    async def sweep(self) -> None:
        """One round of housekeeping: finished tables nobody is at go to the archive, the
        archive is kept within its limits, and unfinished tables nobody has been at for
        `table_expiry` are removed (each logged)."""
        now = self.clock()
        expiry = self.limits.table_expiry
        for code, table in list(self.tables.items()):
            table.check_stand_ins()  # a seat away past the table's `bot_after` gets a bot
            if _attended(table):
                self._last_seen[code] = now
                continue
            if table.over:
                await table.close()  # (its last save is written)
                if self.tables.get(code) is table:
                    del self.tables[code]
                    self._last_seen.pop(code, None)
                    if table.save_path is not None:
                        self._archive_files(table, now)
                continue
            seen = self._last_seen.setdefault(code, now)
            if expiry and now - seen > expiry:
                await table.close()
                if self.tables.get(code) is not table or _attended(table):
                    continue
                del self.tables[code]
                self._last_seen.pop(code, None)
                self._turns_changed(table)  # (gone from its players' lists)
                for path in (table.save_path, table.meta_path):
                    if path is not None:
                        with contextlib.suppress(FileNotFoundError):
                            path.unlink()
                log.info(
                    "tables: table %s (%s, step %d) expired: nobody at it for %s",
                    code,
                    table.rules.title,
                    len(table.match.actions),
                    _span(now - seen),
                )
        self._prune_archive()

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_interval)
            try:
                await self.sweep()
            except Exception:  # housekeeping must never stop the service
                log.exception("table service: housekeeping failed")

    def seen(self, table: Table) -> None:
        """Someone came to or left the table: its expiry clock starts again."""
        self._last_seen[table.code] = self.clock()

    def listing(self, user: str | None) -> list[TableInfo]:
        """The lobby's list: tables in play (a table whose watchers are held back shows
        its watchers' step to anyone not seated there), then the archive, newest first."""
        tables = [
            t.info(live=not t.watch_delay or any(s.user == user for s in t.slots))
            for t in self.tables.values()
        ]
        archived = sorted(self.archive.values(), key=lambda a: a.finished, reverse=True)
        return tables + [a.info for a in archived]

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
        if self.limits.sweep_interval > 0:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_loop())

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
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
        # a connection that never says who it is does not hold a place for long
        timer = asyncio.get_running_loop().call_later(self.limits.hello_timeout, conn.hello_overdue)
        try:
            async for line in read_lines(reader, self.limits.max_line, conn.too_large):
                if conn.closed:
                    break
                self.handle_line(conn, line)
        except (ConnectionError, OSError):
            pass
        finally:
            timer.cancel()
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
            found = self._tickets.get(message.ticket)
            if found is None:
                raise TableError("bad-ticket", "unknown ticket")
            cap = self.limits.max_connections_per_ticket
            if sum(c.ticket == message.ticket for c in self._connections) >= cap:
                conn.send(Error(code="limit", message=f"at most {cap} connections per login"))
                conn.close()
                return
            conn.user, conn.ticket, conn.source = found.user, message.ticket, found.source
            conn.send(Welcome(user=found.user))
            self._send_turns(found.user, only=conn)  # where it is their move, at once
            return
        if conn.user is None:
            raise TableError("hello-first", "say hello with your ticket first")
        if isinstance(message, ListTables):
            conn.send(Tables(tables=self.listing(conn.user)))
        elif isinstance(message, Create):
            table = self.create_table(conn.user, message, conn.source)
            if message.sit is None:
                conn.send(Joined(table=table.info(), seat=None, config=table.joined(None).config))
            else:
                conn.join(table, message.sit, watch=False)
        elif isinstance(message, Join):
            conn.join(self.table(message.table), message.seat, message.watch)
        elif isinstance(message, Leave):
            conn.leave_table()
            conn.send(Ok())
        elif isinstance(message, LeaveForGood):
            table = self.table(message.table)
            if conn.table is table:
                conn.leave_table()
            table.leave_for_good(conn.user)
            self.seen(table)
            conn.send(Ok())
        elif isinstance(message, GetReplay) and message.table in self.archive:
            entry = self.archive[message.table]
            try:
                save = json.loads(entry.save_path.read_bytes())
            except (OSError, ValueError):
                raise TableError("no-table", f"table {message.table} is no longer kept") from None
            conn.send(ReplayData(table=message.table, save=save))
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
                table.act(conn, message.action, message.expect, coached=message.coached)
                conn.send(Ok(ref=message.ref))
            elif isinstance(message, Undo):
                table.request_undo(conn)
            elif isinstance(message, UndoReply):
                table.reply_undo(conn, message.accept)
            elif isinstance(message, HandToBot):
                table.hand_to_bot(conn, message.seat, message.kind)


def _attended(table: Table) -> bool:
    return bool(table.spectators) or any(s.listener is not None for s in table.slots)


def _mtime(*paths: Path | None) -> float:
    times = []
    for path in paths:
        if path is not None:
            with contextlib.suppress(OSError):
                times.append(path.stat().st_mtime)
    return max(times, default=time.time())


class Connection:
    """One app process on the socket: a Listener whose messages go out in order, never blocking
    the table (a client that stops reading is cut off; its seat stays)."""

    def __init__(self, service: TableService, writer: asyncio.StreamWriter):
        self.service = service
        self.writer = writer
        self.user: str | None = None
        #: the ticket it said hello with, and the source that ticket names
        self.ticket: str | None = None
        self.source: str | None = None
        self.table: Table | None = None
        self.errors = 0
        #: bytes in the outbox (the socket's own buffer is asked as well)
        self._queued = 0
        self.closed = False
        self._tokens = float(service.limits.burst)
        self._last = time.monotonic()
        self._outbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self._pump = asyncio.get_running_loop().create_task(self._write_loop())

    # Listener
    def send(self, message: Message) -> None:
        if self.closed:
            return
        data = encode(message)
        limits = self.service.limits
        waiting = self.waiting_bytes()
        if self._outbox.qsize() >= limits.max_outbox or (
            waiting and waiting + len(data) > limits.max_outbox_bytes
        ):
            log.warning(
                "table service: %s does not read its messages (%d waiting, %d bytes): closing",
                self.user,
                self._outbox.qsize(),
                waiting,
            )
            self.leave_table()
            self.close()
            return
        self._queued += len(data)
        self._outbox.put_nowait(data)

    def waiting_bytes(self) -> int:
        """Bytes sent to this client and not yet taken by it (queued, or in the socket's
        write buffer)."""
        buffered = 0
        with contextlib.suppress(Exception):
            buffered = self.writer.transport.get_write_buffer_size()
        return self._queued + buffered

    def hello_overdue(self) -> None:
        if self.user is None and not self.closed:
            self.send(Error(code="closed", message="no hello with a ticket in time"))
            self.close()

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
        self.service.seen(table)

    def leave_table(self) -> None:
        if self.table is not None:
            self.service.seen(self.table)
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
                joined = b"".join(chunks)
                self._queued -= len(joined)
                self.writer.write(joined)
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
