"""`tabletop-tui serve ssh`: the games over SSH, one pty and one app process per session.

Anyone who connects lands in the launcher (or the `--game` setup screen) and can reach
nothing else: no shell, no commands, no file transfer, no forwarding of any kind. Each
session's app runs as its own process (`python -m tabletop_tui.serve.child`), so a crash
ends only that session, with TABLETOP_TUI_HOME set to a save folder of the SSH user name.

The server also runs the table service (`tabletop_tui.tables`) in its own loop: every table
players share lives here, not in an app process, so an app that crashes costs its player
nothing but the connection (the seat is kept for them). Each app gets the service's unix
socket (in the data folder) and a ticket naming its user in its environment; tables
autosave under `<data folder>/tables/`.

`DemoServer` is the server as an object (tests and the benchmark start it in their own
event loop); `run_ssh` is the command.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..tables.protocol import DEFAULT_LIMITS, Limits
from ..tables.remote import SOCKET_VARIABLE as TABLES_SOCKET_VARIABLE
from ..tables.remote import TICKET_VARIABLE as TABLES_TICKET_VARIABLE
from ..tables.service import TableService
from .crash_report import CRASH_STATUS
from .pty_session import PtyProcess
from .quiet_asyncssh import asyncssh
from .security import (
    MAX_ESCAPE,
    AuthorizedKey,
    EscapeCap,
    InputBucket,
    LenientUtf8,
    RateLimiter,
    ServeError,
    app_environment,
    check_password,
    clamp_size,
    clean_term,
    ensure_host_key,
    is_loopback,
    key_identity,
    load_authorized_keys,
    load_passwords,
    loose_permissions,
    printable,
    safe_user_folder_name,
    table_identity,
)

log = logging.getLogger("tabletop_tui.serve")

AUTH_MODES = ("none", "password", "keys")
#: a failed password costs this long, and this many failures end the connection
FAILED_PASSWORD_DELAY = 0.3
MAX_PASSWORD_FAILURES = 3
#: logged-in connections (with or without a session yet) beyond the session limit
EXTRA_CONNECTIONS = 10
#: how far a connection still logging in has got: the least advanced go first when full
NO_BANNER, KEY_EXCHANGE, LOGGING_IN = 0, 1, 2
#: session channels one connection may have open at once (ssh multiplexing opens several)
MAX_SESSIONS_PER_CONNECTION = 3
#: the longest unix socket path (sun_path holds 108 bytes with its terminating zero)
MAX_SOCKET_PATH = 100
#: client environment variables passed on to the app, with the values allowed
CLIENT_ENV = {
    "COLORTERM": {"truecolor", "24bit", "256color"},
    "NO_COLOR": None,
    "TABLETOP_TUI_CURSOR": {"focus"},  # the cursor on the focused card (ui/cursor.py)
}

#: puts a terminal back to normal after an app that could not clean up (killed, crashed):
#: attributes, cursor shown, mouse and focus reporting off, bracketed paste off, main screen
RESET_TERMINAL = (
    b"\x1b[0m\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"
    b"\x1b[?1004l\x1b[?2004l\x1b[?1049l\r\n"
)


def _line(text: str) -> bytes:
    return (text + "\r\n").encode()


@dataclass
class SSHServeConfig:
    host: str = "127.0.0.1"
    port: int = 2222
    #: the host key file (made on first run if missing); None: `ssh_host_ed25519_key` in the
    #: data folder
    host_key: Path | None = None
    auth: str = "none"
    authorized_keys: Path | None = None
    password_file: Path | None = None
    max_sessions: int = 20
    #: seconds without a key from the client before its session is closed; 0: never
    idle_timeout: float = 900.0
    #: open this game's setup instead of the launcher
    game: str | None = None
    #: new connections per client address per minute; 0: no limit
    rate_limit: int = 30
    #: connections not yet logged in, at most (a new one pushes out the one that has got
    #: least far, oldest first, unless every one is already sending its login)
    max_startups: int = 20
    #: seconds a connection has to log in
    login_grace: float = 20.0
    #: logged-in connections, and sessions, from one client address; 0: no limit
    max_per_address: int = 5
    #: the server's own folder (host key, `ssh-users/NAME` save folders); None: data_dir()
    data_dir: Path | None = None
    #: extra arguments before the command of every app (e.g. ["--cards", DIR])
    app_args: list[str] = field(default_factory=list)
    #: the program of each session instead of the app (tests use it to simulate a crash)
    child_argv: list[str] | None = None
    #: run the table service (shared tables, the lobby); off: every session plays alone
    tables: bool = True
    #: caps of the table service (seats, watchers, actions, the seat timeout, tables per
    #: source, how long finished tables are kept and idle ones wait)
    table_limits: Limits = DEFAULT_LIMITS
    #: bytes per second of typed input a session's app is sent, after a burst of
    #: `input_burst` (the rest waits, and the client is not read meanwhile); 0: no limit
    input_rate: int = 1024
    input_burst: int = 4096
    #: the longest escape sequence passed on to an app (longer ones are cut short)
    max_escape: int = MAX_ESCAPE


#: a login name ending in this plays by text: `ssh -p 2222 ann+plain@host`
PLAIN_SUFFIX = "+plain"


class DemoServer:
    """The SSH server. `await start()`, then `await close()` (which ends every session)."""

    def __init__(self, config: SSHServeConfig):
        if config.auth not in AUTH_MODES:
            raise ServeError(f"bad --auth '{config.auth}': use one of {', '.join(AUTH_MODES)}")
        self.config = config
        if config.data_dir is None:
            from ..paths import data_dir

            config.data_dir = data_dir()
        self.data_dir = Path(config.data_dir)
        #: save folders: one per user name (named keys and password lines, or any name
        #: with --auth none), one per key without a name, one per `*` password connection
        self.users_dir = self.data_dir / "ssh-users"
        self.keys_dir = self.data_dir / "ssh-keys"
        self.guests_dir = self.data_dir / "ssh-guests"
        self.authorized_keys: dict[bytes, AuthorizedKey] = {}
        self.host_key_path = config.host_key or (self.data_dir / "ssh_host_ed25519_key")
        self.passwords: dict[str, str] = {}
        if config.auth == "password":
            if config.password_file is None:
                raise ServeError("--auth password needs --password-file FILE (USER:PASSWORD lines)")
            self.passwords = load_passwords(config.password_file)
            if loose_permissions(config.password_file):
                log.warning("%s is readable by others: chmod 600 it", config.password_file)
        if config.auth == "keys":
            if config.authorized_keys is None:
                raise ServeError("--auth keys needs --authorized-keys FILE")
            self.authorized_keys = load_authorized_keys(config.authorized_keys)
        self.rate = RateLimiter(config.rate_limit)
        self.connections: set[_Connection] = set()
        #: connections not logged in yet, oldest first
        self.pending: dict[_Connection, None] = {}
        #: sessions holding a slot: from the start of their app until it is reaped
        self.sessions: set[_Session] = set()
        self._cleanups: set[asyncio.Task[Any]] = set()
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.port: int = config.port
        self.fingerprint = ""
        self.new_host_key = False
        #: every shared table; its tables autosave under `tables/` in the data folder
        self.tables: TableService | None = None
        self.tables_dir = self.data_dir / "tables"
        self._socket_dir: Path | None = None

    # -- start and stop ------------------------------------------------------------------
    async def start(self) -> None:
        cfg = self.config
        try:
            self.new_host_key = ensure_host_key(self.host_key_path)
        except OSError as exc:
            raise ServeError(f"cannot write the host key {self.host_key_path}: {exc}") from None
        try:
            key = asyncssh.read_private_key(str(self.host_key_path))
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            raise ServeError(f"cannot read the host key {self.host_key_path}: {exc}") from None
        self.fingerprint = key.get_fingerprint()
        if loose_permissions(self.host_key_path):
            log.warning("host key %s is readable by others: chmod 600 it", self.host_key_path)
        for folder in (self.users_dir, self.keys_dir, self.guests_dir):
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if cfg.tables:
            await self._start_tables()
        options: dict[str, Any] = {
            "server_host_keys": [key],
            "encoding": None,  # bytes in and out: the pty speaks bytes
            "line_editor": False,
            "allow_pty": True,
            "agent_forwarding": False,
            "x11_forwarding": False,
            "allow_scp": False,
            "sftp_factory": None,
            "login_timeout": cfg.login_grace,
            "keepalive_interval": 30,
            "keepalive_count_max": 3,
            "public_key_auth": cfg.auth == "keys",
            "password_auth": cfg.auth == "password",
            "kbdint_auth": cfg.auth == "password",
            "host_based_auth": False,
            "gss_host": None,
        }
        try:
            self._acceptor = await asyncssh.create_server(
                lambda: _Connection(self), cfg.host, cfg.port, reuse_address=True, **options
            )
        except OSError as exc:
            raise ServeError(
                f"cannot listen on {cfg.host}:{cfg.port}: {exc.strerror or exc}"
            ) from None
        self.port = self._acceptor.get_port()

    async def close(self) -> None:
        """Stop listening, end every session (its app is ended and reaped), drop clients."""
        if self._acceptor is not None:
            self._acceptor.close()
        for session in list(self.sessions):
            session.stop("shutdown")
        connections = list(self.connections)
        with contextlib.suppress(TimeoutError):  # the goodbye messages reach the clients
            await asyncio.wait_for(asyncio.gather(*(c.wait_sessions() for c in connections)), 10)
        for conn in connections:
            conn.close()
        # until every app is reaped (a session releases its place only then)
        deadline = time.monotonic() + 30
        while (self._cleanups or self.sessions) and time.monotonic() < deadline:
            if self._cleanups:
                await asyncio.wait(list(self._cleanups), timeout=1)
            else:
                await asyncio.sleep(0.02)
        if self._acceptor is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._acceptor.wait_closed(), 5)
        if self.tables is not None:
            await self.tables.close()  # every table's autosave is flushed
        if self._socket_dir is not None:
            shutil.rmtree(self._socket_dir, ignore_errors=True)

    async def _start_tables(self) -> None:
        """The table service on a unix socket in the data folder (or, if that path is too
        long for a socket, in a private temporary folder); tables of an earlier run return."""
        self.tables_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        service = TableService(self.tables_dir, self.config.table_limits)
        restored = service.restore()
        if restored:
            log.info("tables: %d restored from %s", len(restored), self.tables_dir)
        socket = self.data_dir / "tables.sock"
        if len(str(socket)) > MAX_SOCKET_PATH:
            self._socket_dir = Path(tempfile.mkdtemp(prefix="tt-tables-"))
            socket = self._socket_dir / "tables.sock"
        try:
            await service.start(socket)
        except OSError as exc:
            await service.close()
            raise ServeError(f"cannot open the table socket {socket}: {exc}") from None
        self.tables = service

    def table_user(self, conn: _Connection) -> str:
        """Who a login is at the tables: exactly one login, so the same name (or key) again
        is the same player, who gets their seat back, and two logins are never one. A
        name is its whole self (cleaned, with a hash where cleaning changed it); a key
        that may give any name is its fingerprint; a `*` password login is that
        connection's own."""
        home = conn.home
        assert home is not None
        if home.parent == self.keys_dir and conn.key_fingerprint:
            return key_identity(conn.key_fingerprint)
        if home.parent == self.users_dir:
            return table_identity(conn.username)
        # a `*` password login: its folder is new for each connection, and so is its identity
        return f"{table_identity(conn.username)[:12]}~guest-{home.name[-12:]}"

    def table_source(self, conn: _Connection) -> str:
        """What the caps on tables count for a login: its key under --auth keys (a person
        cannot make keys the server accepts), else its address (names cost nothing)."""
        if conn.key_fingerprint:
            return f"key:{conn.key_fingerprint}"
        return f"address:{conn.address}"

    async def __aenter__(self) -> DemoServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- bookkeeping ---------------------------------------------------------------------
    def reserve(self, session: _Session) -> str | None:
        """Take a slot for the session's app, or say why there is none."""
        cfg = self.config
        if len(self.sessions) >= cfg.max_sessions:
            return "full"
        address = session.connection.address
        if cfg.max_per_address and (
            sum(s.connection.address == address for s in self.sessions) >= cfg.max_per_address
        ):
            return "address"
        self.sessions.add(session)
        return None

    def admit(self, conn: _Connection) -> bool:
        """Room for one more connection still logging in? When every place is taken, the
        one that has got least far (oldest first) is pushed out, unless all are logging in."""
        if len(self.pending) >= self.config.max_startups:
            victim = min(self.pending, key=lambda c: c.progress())  # min keeps the oldest
            if victim.progress() >= LOGGING_IN:
                return False
            victim.push_out()
        self.pending[conn] = None
        return True

    def logged_in(self, conn: _Connection) -> str | None:
        """Why a connection that has just logged in may not stay, or None."""
        cfg = self.config
        others = [c for c in self.connections if c is not conn and c not in self.pending]
        if len(others) >= cfg.max_sessions + EXTRA_CONNECTIONS:
            return "the server is full: please try again later"
        if cfg.max_per_address and (
            sum(c.address == conn.address for c in others) >= cfg.max_per_address
        ):
            return (
                f"too many connections from your address (at most {cfg.max_per_address}): "
                "please try again later"
            )
        return None

    def release(self, session: _Session) -> None:
        self.sessions.discard(session)

    def track(self, task: asyncio.Task[Any]) -> None:
        self._cleanups.add(task)
        task.add_done_callback(self._cleanups.discard)

    def child_pids(self) -> list[int]:
        return [s.pty.pid for s in self.sessions if s.pty is not None and s.pty.pid]

    def app_argv(self, plain: bool = False) -> list[str]:
        """`plain`: the login chose play by text (its name ended in PLAIN_SUFFIX)."""
        if self.config.child_argv is not None:
            return list(self.config.child_argv)
        argv = [sys.executable, "-P", "-m", "tabletop_tui.serve.child", *self.config.app_args]
        if plain:
            argv.append("--plain")
        if self.config.game:
            argv += ["play", self.config.game]
        return argv

    def app_env(
        self, term: str, home: Path, client_env: dict[str, str], ticket: str | None = None
    ) -> dict[str, str]:
        """A small, fixed environment: nothing of the server's own (tokens, keys) leaks."""
        env = app_environment(home, term)
        if ticket is not None and self.tables is not None and self.tables.socket_path:
            env[TABLES_SOCKET_VARIABLE] = str(self.tables.socket_path)
            env[TABLES_TICKET_VARIABLE] = ticket
        for name, allowed in CLIENT_ENV.items():
            value = client_env.get(name)
            if value is not None and len(value) <= 32 and (allowed is None or value in allowed):
                env[name] = value
        return env


class _Connection(asyncssh.SSHServer):
    """One client connection: admission (rate, capacity), authentication, refusals."""

    def __init__(self, server: DemoServer):
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = "?"
        self.address = "?"
        self.authenticating = False
        #: the save folder of this login (set when it succeeds)
        self.home: Path | None = None
        #: a `*` password login: its folder goes when the connection does
        self.guest = False
        self.lost = False
        self.username = ""
        #: the login asked for play by text (`ssh NAME+plain@HOST`)
        self.plain = False
        self.failures = 0
        #: the fingerprint of the key this login used (--auth keys)
        self.key_fingerprint = ""
        self.sessions: set[_Session] = set()
        self.started = time.monotonic()
        self.any_session = False
        self._no_session_timer: asyncio.TimerHandle | None = None

    # -- lifetime ------------------------------------------------------------------------
    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        address = self.address = str(peer[0])
        self.peer = f"{address}:{peer[1]}" if ":" not in address else f"[{address}]:{peer[1]}"
        server = self.server
        refuse = None
        if not server.rate.allow(address):
            refuse = (
                "too many new connections from your address: please try again in a minute",
                "rate limit",
            )
        elif not server.admit(self):
            refuse = ("the server is busy: please try again later", "too many logging in")
        if refuse is not None:
            log.info("refused %s (%s)", self.peer, refuse[1])
            self._disconnect(refuse[0])
            return
        server.connections.add(self)
        log.info("connect %s", self.peer)
        # a connection that logs in but never starts a session does not hold a place forever
        self._no_session_timer = asyncio.get_running_loop().call_later(
            server.config.login_grace + 10, self._no_session
        )

    def progress(self) -> int:
        if self.authenticating:
            return LOGGING_IN
        if self.conn is not None and self.conn.get_extra_info("client_version"):
            return KEY_EXCHANGE
        return NO_BANNER

    def push_out(self) -> None:
        """Make room for a newer connection (this one has not got as far as a login)."""
        log.info("closing %s: still not logged in, and the server is busy", self.peer)
        self.server.pending.pop(self, None)
        self._disconnect("the server is busy: please try again later")

    def _disconnect(self, reason: str) -> None:
        if self.conn is not None:
            asyncio.get_running_loop().call_soon(
                self.conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, reason
            )

    def _no_session(self) -> None:
        if not self.any_session and self.conn is not None:
            log.info("closing %s: no session was started", self.peer)
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "no session was started")

    def session_started(self) -> None:
        self.any_session = True

    def connection_lost(self, exc: Exception | None) -> None:
        if self._no_session_timer is not None:
            self._no_session_timer.cancel()
        self.server.pending.pop(self, None)
        self.lost = True
        self.remove_guest_home()
        if self in self.server.connections:
            self.server.connections.discard(self)
            why = f" ({printable(str(exc), 120)})" if exc else ""
            user = f" user={printable(self.username)}" if self.username else ""
            log.info(
                "disconnect %s%s after %.0f s%s",
                self.peer,
                user,
                time.monotonic() - self.started,
                why,
            )

    def remove_guest_home(self) -> None:
        """A `*` login's saves go with it, once its connection and every app have ended."""
        if self.guest and self.lost and not self.sessions and self.home is not None:
            shutil.rmtree(self.home, ignore_errors=True)

    async def wait_sessions(self) -> None:
        """Until every session that was started has closed."""
        await asyncio.gather(*(s.closed.wait() for s in list(self.sessions) if s._task))

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()

    # -- authentication ------------------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        username, self.plain = split_plain(username)
        self.username = username
        self.authenticating = True
        refuse = self.server.logged_in(self)
        if refuse is not None:  # (checked again once logged in: several may be at it at once)
            log.info("refused %s user=%s (%s)", self.peer, printable(username), refuse)
            if self.conn is not None:
                self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, refuse)
            return True  # (so that no login can succeed meanwhile)
        return self.server.config.auth != "none"

    def auth_completed(self) -> None:
        self.server.pending.pop(self, None)
        refuse = self.server.logged_in(self)
        if refuse is not None:
            log.info("refused %s user=%s (%s)", self.peer, printable(self.username), refuse)
            self._disconnect(refuse)
            return
        if self.home is None:  # --auth none: the name is all there is
            self.home = self.server.users_dir / safe_user_folder_name(self.username)
        log.info(
            "login %s user=%s (saves: %s)",
            self.peer,
            printable(self.username),
            self.home.relative_to(self.server.data_dir),
        )

    def password_auth_supported(self) -> bool:
        return self.server.config.auth == "password"

    async def validate_password(self, username: str, password: str) -> bool:
        username, _ = split_plain(username)
        server = self.server
        if check_password(server.passwords, username, password):
            if username in server.passwords and username != "*":
                self.home = server.users_dir / safe_user_folder_name(username)
            else:  # the `*` line: anyone, so a folder of this connection's own
                self.guest = True
                guest = f"{safe_user_folder_name(username)[:20]}-{secrets.token_hex(6)}"
                self.home = server.guests_dir / guest
            return True
        self.failures += 1
        log.info("failed password for user=%s from %s", printable(username), self.peer)
        await asyncio.sleep(FAILED_PASSWORD_DELAY)
        if self.failures >= MAX_PASSWORD_FAILURES and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "too many failures")
        return False

    def public_key_auth_supported(self) -> bool:
        return self.server.config.auth == "keys"

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        username, _ = split_plain(username)
        entry = self.server.authorized_keys.get(bytes(key.public_data))
        if entry is None:
            return False
        if entry.names and username not in entry.names:
            log.info(
                "refused key %s (user=%s) from %s: it may log in only as %s",
                entry.fingerprint,
                printable(username),
                self.peer,
                ", ".join(sorted(entry.names)),
            )
            return False
        if entry.names:
            self.home = self.server.users_dir / username
        else:
            self.home = self.server.keys_dir / entry.folder
        self.key_fingerprint = entry.fingerprint
        return True

    # -- what a client may open ----------------------------------------------------------
    def session_requested(self) -> _Session:
        if len(self.sessions) >= MAX_SESSIONS_PER_CONNECTION:
            self._refuse("one more session on the same connection")
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                f"at most {MAX_SESSIONS_PER_CONNECTION} sessions per connection",
            )
        session = _Session(self.server, self)
        self.sessions.add(session)
        return session

    def _refuse(self, what: str) -> bool:
        log.info("refused %s from %s user=%s", what, self.peer, printable(self.username))
        return False

    def connection_requested(self, dest_host: str, dest_port: int, *args: Any) -> bool:
        return self._refuse(f"port forwarding to {printable(dest_host)}:{dest_port}")

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return self._refuse(f"remote port forwarding on {printable(listen_host)}:{listen_port}")

    def unix_connection_requested(self, dest_path: str) -> bool:
        return self._refuse("unix socket forwarding")

    def unix_server_requested(self, listen_path: str) -> bool:
        return self._refuse("unix socket forwarding")

    def tun_requested(self, unit: int | None) -> bool:
        return self._refuse("tun forwarding")

    def tap_requested(self, unit: int | None) -> bool:
        return self._refuse("tap forwarding")


class _Session(asyncssh.SSHServerSession):
    """One session channel: refused unless it is a shell on a pty; else one app process."""

    def __init__(self, server: DemoServer, connection: _Connection):
        self.server = server
        self.connection = connection
        self.chan: asyncssh.SSHServerChannel | None = None
        self.has_pty = False
        self.term = clean_term(None)
        self.size = clamp_size(0, 0)
        self.pty: PtyProcess | None = None
        self.reason: str | None = None  # why the server ended it: idle, shutdown
        self.closed = asyncio.Event()
        self._early_input = bytearray()
        cfg = server.config
        #: typed input, in order: escape sequences cut short, made UTF-8, then paced
        self._escapes = EscapeCap(cfg.max_escape)
        self._input = LenientUtf8()
        self._pace = InputBucket(cfg.input_rate, cfg.input_burst)
        #: input held back by the pace (the client is not read while there is any)
        self._held = bytearray()
        self._held_timer: asyncio.TimerHandle | None = None
        #: why reading the client is paused ("app": the app's input is full, "pace")
        self._pauses: set[str] = set()
        self._input_logged = False
        self._last_input = time.monotonic()
        self._idle_timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[Any] | None = None
        #: set once the app has started, or it is known that it never will
        self._ready = asyncio.Event()
        self._started = time.monotonic()
        #: this session's ticket at the table service (revoked when the session ends)
        self.ticket: str | None = None

    # -- requests ------------------------------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, ...], term_modes: Any) -> bool:
        self.has_pty = True
        self.term = clean_term(term_type)
        self.size = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return self.connection._refuse(f"command {printable(command)!r}")

    def subsystem_requested(self, subsystem: str) -> bool:
        return self.connection._refuse(f"subsystem {printable(subsystem)!r}")

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        pass  # signals from the client never reach the app (Ctrl+C is a key in the pty)

    def eof_received(self) -> bool:
        # the client's input ended (`ssh -tt host < FILE`): end the app, then the session
        self.stop("eof")
        return True  # keep our side open for the last output and the exit status

    def session_started(self) -> None:
        self.connection.session_started()
        self._task = asyncio.ensure_future(self._run())

    # -- the app -------------------------------------------------------------------------
    async def _run(self) -> None:
        try:
            started = await self._start_app()
        finally:
            self._ready.set()
        if not started or self.pty is None:
            return
        if self._early_input:
            self.pty.write(bytes(self._early_input))
            self._early_input.clear()
        if self.reason is not None:  # the server is stopping: end the app just started
            self.stop(self.reason)
        # the idle clock starts once the app has started (its start is no player's delay)
        self._last_input = max(self._last_input, time.monotonic())
        self._arm_idle_timer()
        code = await self.pty.wait()
        if self.closed.is_set():
            return
        cfg = self.server.config
        if self.reason == "idle":
            minutes = cfg.idle_timeout / 60
            span = f"{minutes:g} minutes" if minutes >= 1 else f"{cfg.idle_timeout:g} seconds"
            kept = " Your game is autosaved." if not self.connection.guest else ""
            message = _line(
                f"Closed after {span} without a key press or a move at your table.{kept}"
            )
            self._end(RESET_TERMINAL + message, 0)
        elif self.reason == "shutdown":
            self._end(RESET_TERMINAL + _line("The server is shutting down. Goodbye!"), 0)
        elif self.reason == "eof":
            self._end(RESET_TERMINAL, 0)
        elif code != 0:
            self._log_crash(code)
            self._end(
                RESET_TERMINAL
                + _line(f"The game stopped unexpectedly (exit status {code}).")
                + (
                    b""
                    if self.connection.guest
                    else _line("Your game is autosaved: reconnect and press r in the launcher.")
                ),
                1,
            )
        else:
            self._log_report()
            self._end(b"", 0)

    @property
    def peer(self) -> str:
        return self.connection.peer

    def _log_crash(self, code: int) -> None:
        assert self.pty is not None
        how = (
            "crashed"
            if code == CRASH_STATUS
            else f"was killed by signal {-code}"
            if code < 0
            else "ended with an error"
        )
        log.error(
            "CRASH: app pid=%s of %s user=%s %s (exit status %s)",
            self.pty.pid,
            self.peer,
            printable(self.connection.username),
            how,
            code,
        )
        self._log_report("CRASH:  ")

    def _log_report(self, prefix: str = "") -> None:
        """What the app wrote on its (held back) error output, one log line per line."""
        assert self.pty is not None
        report = bytes(self.pty.crash_report).decode("utf-8", "replace").rstrip()
        if report and not prefix:
            log.warning("app pid=%s of %s wrote on its error output:", self.pty.pid, self.peer)
        for line in report.splitlines():
            log.log(logging.ERROR if prefix else logging.WARNING, "%s  %s", prefix, line)

    async def _start_app(self) -> bool:
        """Refuse the session (no pty, server full) or start its app; True when started."""
        server, cfg = self.server, self.server.config
        if not self.has_pty:
            log.info("refused no-pty session from %s", self.peer)
            self._end(
                _line(
                    "tabletop-tui: this is a game server: it needs an interactive terminal. "
                    f"Connect with: ssh -t -p {server.port} NAME@HOST (no commands)."
                ),
                1,
            )
            return False
        if self.closed.is_set() or self.reason is not None:  # gone or ended before starting
            self._end(b"", 0)
            return False
        refused = server.reserve(self)
        if refused == "full":
            log.info("full: refused session from %s", self.peer)
            self._end(
                _line(
                    f"Sorry, the server is full ({cfg.max_sessions} of {cfg.max_sessions} "
                    "players): please try again later."
                ),
                1,
            )
            return False
        if refused == "address":
            log.info("refused session from %s: too many from that address", self.peer)
            self._end(
                _line(
                    f"Sorry, {cfg.max_per_address} players from your address are playing "
                    "already (the most from one address): please try again later."
                ),
                1,
            )
            return False
        home = self.connection.home
        assert home is not None  # (set once logged in)
        if server.tables is not None:
            self.ticket = server.tables.issue_ticket(
                server.table_user(self.connection), server.table_source(self.connection)
            )
        try:
            home.mkdir(parents=True, exist_ok=True, mode=0o700)
            pty = PtyProcess(
                server.app_argv(plain=self.connection.plain),
                env=server.app_env(self.term, home, self._client_env(), self.ticket),
                cwd=home,
                size=self.size,
                on_output=self._on_output,
                on_input_blocked=self._on_input_blocked,
                crash_report=True,
            )
            await pty.start()
        except OSError as exc:
            log.error("cannot start the app for %s: %s", self.peer, exc)
            self._revoke_ticket()
            server.release(self)
            self._end(_line("tabletop-tui: the game could not start; please try later."), 1)
            return False
        self.pty = pty
        if self.size != pty.size:  # the window changed while the app was starting
            pty.resize(*self.size)
        log.info(
            "session start %s user=%s pid=%s term=%s size=%dx%d (%d/%d)",
            self.peer,
            printable(self.connection.username),
            pty.pid,
            self.term,
            *self.size,
            len(server.sessions),
            cfg.max_sessions,
        )
        return True

    def _client_env(self) -> dict[str, str]:
        if self.chan is None:
            return {}
        try:
            return dict(self.chan.get_environment())
        except Exception:
            return {}

    def _end(self, message: bytes, status: int) -> None:
        if self.chan is None or self.closed.is_set():
            return
        if message:
            with contextlib.suppress(Exception):
                self.chan.write(message)
        try:
            self.chan.exit(status)
        except Exception:
            self.chan.close()

    def stop(self, reason: str) -> None:
        """End the app (the session then closes with a message for `reason`)."""
        if self.reason is None:
            self.reason = reason
        if self.pty is not None:
            self.server.track(asyncio.ensure_future(self.pty.terminate()))
        # else: still starting; _run ends the app as soon as it has started

    # -- traffic -------------------------------------------------------------------------
    def data_received(self, data: bytes, datatype: Any) -> None:
        self._last_input = time.monotonic()
        cut = self._escapes.dropped
        self._held += self._input.feed(self._escapes.feed(data))
        if self._escapes.dropped > cut and not self._input_logged:
            self._input_logged = True
            limit = self.server.config.max_escape
            log.info("input of %s: an escape sequence over %d bytes cut", self.peer, limit)
        self._pass_input()

    def _pass_input(self) -> None:
        """Send the app what the pace allows now; hold the rest (not reading the client)
        until it may go. A cut never falls inside an escape sequence."""
        self._held_timer = None
        if self.closed.is_set():
            return
        held = self._held
        count = min(len(held), self._pace.available())
        if count < len(held):
            count = _cut_before_escape(held, count, self._pace.burst)
        if count:
            self._pace.spend(count)
            chunk = bytes(held[:count])
            del held[:count]
            self._deliver(chunk)
        if not held:
            self._pause("pace", False)
            return
        self._pause("pace", True)
        if not self._input_logged:
            self._input_logged = True
            log.info("input of %s: faster than %d bytes/s, held back", self.peer, self._pace.rate)
        wait = self._pace.wait(min(len(held), 2 * MAX_ESCAPE + 2))
        self._held_timer = asyncio.get_running_loop().call_later(max(wait, 0.01), self._pass_input)

    def _deliver(self, data: bytes) -> None:
        if self.pty is None:
            if len(self._early_input) < 4096:
                self._early_input += data[: 4096 - len(self._early_input)]
            return
        self.pty.write(data)

    def _pause(self, reason: str, on: bool) -> None:
        """Reading the client stops while any reason holds it."""
        was = bool(self._pauses)
        if on:
            self._pauses.add(reason)
        else:
            self._pauses.discard(reason)
        if self.chan is None or self.closed.is_set() or was == bool(self._pauses):
            return
        if self._pauses:
            self.chan.pause_reading()
        else:
            self.chan.resume_reading()

    def _on_output(self, data: bytes) -> None:
        if self.chan is not None and not self.closed.is_set():
            try:
                self.chan.write(data)
            except BrokenPipeError:  # the client went first: its session is ending anyway
                pass

    def _on_input_blocked(self, blocked: bool) -> None:
        self._pause("app", blocked)

    def pause_writing(self) -> None:
        if self.pty is not None:
            self.pty.pause_output()

    def resume_writing(self) -> None:
        if self.pty is not None:
            self.pty.resume_output()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._last_input = time.monotonic()
        self.size = clamp_size(width, height)
        if self.pty is not None:
            self.pty.resize(*self.size)

    # -- idle ----------------------------------------------------------------------------
    def _arm_idle_timer(self) -> None:
        timeout = self.server.config.idle_timeout
        if timeout <= 0 or self.closed.is_set():
            return
        last = self._last_input
        tables = self.server.tables
        if tables is not None and self.ticket is not None:
            last = max(last, tables.activity(self.ticket))  # (the table moved on meanwhile)
        left = last + timeout - time.monotonic()
        if left <= 0:
            log.info("idle: closing the session of %s", self.peer)
            self.stop("idle")
            return
        self._idle_timer = asyncio.get_running_loop().call_later(left, self._arm_idle_timer)

    # -- the end -------------------------------------------------------------------------
    def connection_lost(self, exc: Exception | None) -> None:
        if self.closed.is_set():
            return
        if self._idle_timer is not None:
            self._idle_timer.cancel()
        if self._held_timer is not None:
            self._held_timer.cancel()
        self.closed.set()
        self.server.track(asyncio.ensure_future(self._cleanup()))

    async def _cleanup(self) -> None:
        try:
            if self._task is not None:
                # still starting: let it finish, so its process is known and can be ended
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._ready.wait(), 60)
            if self.pty is not None:
                code = await self.pty.terminate()
                log.info(
                    "session end %s user=%s pid=%s status=%s after %.0f s",
                    self.peer,
                    printable(self.connection.username),
                    self.pty.pid,
                    code,
                    time.monotonic() - self._started,
                )
        finally:
            self._revoke_ticket()
            self.server.release(self)
            self.connection.sessions.discard(self)
            self.connection.remove_guest_home()

    def _revoke_ticket(self) -> None:
        if self.ticket is not None and self.server.tables is not None:
            self.server.tables.revoke_ticket(self.ticket)
        self.ticket = None


def split_plain(username: str) -> tuple[str, bool]:
    """`ann+plain` is the login `ann` asking for play by text (issue 41): the same player,
    the same saves and seats, lines and typed commands instead of the full screen."""
    if username.endswith(PLAIN_SUFFIX) and len(username) > len(PLAIN_SUFFIX):
        return username[: -len(PLAIN_SUFFIX)], True
    return username, False


def _cut_before_escape(held: bytearray, count: int, burst: int) -> int:
    """Where to cut `held` to send at most `count` bytes now without splitting an escape
    sequence (the app would read its start as the Esc key): before the last ESC near the
    cut. 0 means wait for more allowance (unless a whole burst is allowed already)."""
    esc = held.rfind(b"\x1b", max(0, count - 2 * MAX_ESCAPE - 2), count)
    if esc < 0:
        return count
    if esc == 0 and count >= burst:
        return count
    return esc


# -- the command ---------------------------------------------------------------------------
def non_loopback_warning(host: str, auth: str) -> str | None:
    if auth != "none" or is_loopback(host):
        return None
    bar = "!" * 78
    return (
        f"{bar}\n"
        f"WARNING: listening on {host or 'every interface'} with --auth none: ANYONE who can\n"
        "reach this address can connect, without a password, and use this machine's CPU\n"
        "and disk for saves. Use --auth password or --auth keys, or --host 127.0.0.1.\n"
        f"{bar}"
    )


def run_ssh(config: SSHServeConfig) -> int:
    """Run the server until SIGINT or SIGTERM; every session's app is ended on the way out."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s tabletop-tui serve: %(message)s"))
    log.addHandler(handler)
    level, propagate = log.level, log.propagate
    log.setLevel(logging.INFO)
    log.propagate = False
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    warning = non_loopback_warning(config.host, config.auth)
    if warning:
        print(warning, file=sys.stderr, flush=True)
    try:
        return asyncio.run(_serve(config))
    finally:
        log.removeHandler(handler)
        log.setLevel(level)
        log.propagate = propagate


async def _serve(config: SSHServeConfig) -> int:
    server = DemoServer(config)
    await server.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(sig, stop.set)
    shown_host = config.host if ":" not in config.host else f"[{config.host}]"
    if server.new_host_key:
        log.info("new host key written to %s", server.host_key_path)
    print(
        f"tabletop-tui: SSH demo server on {shown_host}:{server.port} "
        f"(auth {config.auth}, at most {config.max_sessions} sessions)\n"
        f"  connect with: ssh -p {server.port} demo@{shown_host}\n"
        f"  host key {server.fingerprint}\n"
        + (
            "  shared tables: players press o in the launcher\n"
            if server.tables is not None
            else ""
        )
        + "  Ctrl+C stops the server",
        flush=True,
    )
    try:
        await stop.wait()
    finally:
        log.info("stopping: ending %d sessions", len(server.sessions))
        await server.close()
    return 0
