"""`tabletop-tui serve ssh` with real SSH clients on loopback.

The server runs in the test's event loop (DemoServer, port 0, its data folder in tmp_path),
so the tests can see the pids of the app processes; one test runs the real command. The
clients are asyncssh (always) and OpenSSH `ssh` (when installed). Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pytest
from serve_client import Screen, Term, connect, pid_gone, wait_pids_gone

import tabletop_tui
from tabletop_tui.serve.pty_session import get_winsize
from tabletop_tui.serve.ssh import DemoServer, SSHServeConfig

ROOT = Path(tabletop_tui.__file__).resolve().parent.parent


@pytest.fixture
async def start_server(tmp_path):
    servers: list[DemoServer] = []

    async def start(**options) -> DemoServer:
        options.setdefault("data_dir", tmp_path / "server")
        server = DemoServer(SSHServeConfig(host="127.0.0.1", port=0, **options))
        await server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        await asyncio.wait_for(server.close(), 30)
        assert not server.child_pids()


def only_session(server: DemoServer):
    assert len(server.sessions) == 1, server.sessions
    return next(iter(server.sessions))


async def wait_until(predicate, timeout: float = 10.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


# -- a whole visit -------------------------------------------------------------------------
async def test_play_resize_ctrl_c_and_disconnect(start_server):
    server = await start_server()
    conn = await connect(server.port, username="alice")
    term = await Term.open(conn, size=(80, 24))
    await term.wait_for("Army Of Zero")
    await term.wait_for("tabletop-tui")  # the launcher
    session = only_session(server)
    pid = session.pty.pid
    assert pid and not pid_gone(pid)

    # Ctrl+C from the client is a key for the app, never a signal; nor is an SSH signal
    term.send(b"\x03")
    term.process.send_signal("INT")
    await asyncio.sleep(0.3)
    assert not pid_gone(pid)

    mark = term.mark()
    term.send(b"\r")  # Enter on the launcher: Army Of Zero's setup
    await term.wait_for("New game", start=mark)
    mark = term.mark()
    term.send(b"\x13")  # Ctrl+S: start (XON/XOFF is off, so it reaches the app)
    await term.wait_for("Phase 1", start=mark)
    mark = term.mark()
    term.send(b"r")  # an action: lay down the squad as shown, so there is an autosave
    await term.wait_quiet()

    # a storm of window changes, then the last size holds
    for i in range(40):
        term.process.change_terminal_size(60 + i, 20 + i % 15)
    term.process.change_terminal_size(100, 30)
    await wait_until(lambda: get_winsize(session.pty.master) == (100, 30), what="final size")
    await term.wait_quiet()
    # and the app still lays out to the window: one more change, one whole new frame
    mark = term.mark()
    term.output.clear()
    term.process.change_terminal_size(101, 31)
    await asyncio.wait_for(term.output.wait(), 20)  # the new frame has started (slow machines)
    await term.wait_quiet()
    screen = Screen()
    screen.feed(bytes(term.data[mark:]))
    assert screen.size() == (101, 31)
    assert screen.rows_written() == set(range(1, 32))
    assert pid == session.pty.pid  # the same app all along

    conn.close()
    await wait_pids_gone([pid], timeout=5)
    await wait_until(lambda: not server.sessions, what="the slot to be released")
    saves = list((server.users_dir / "alice" / "autosave").glob("army-of-zero_*.json"))
    assert len(saves) == 1  # one autosave per game in progress, named by game and players
    save = saves[0]
    assert json.loads(save.read_text())["actions"], "the action played is in the autosave"


async def test_app_quitting_ends_the_session(start_server):
    server = await start_server()
    async with await connect(server.port) as conn:
        term = await Term.open(conn)
        await term.wait_for("Army Of Zero")
        pid = only_session(server).pty.pid
        term.send(b"q")  # the launcher's quit
        await term.wait_closed()
        assert term.process.exit_status == 0
    await wait_pids_gone([pid])


# -- refusals ------------------------------------------------------------------------------
@pytest.mark.parametrize("eof", [False, True], ids=["open-input", "input-closed"])
async def test_no_pty_gets_one_line_and_is_closed(start_server, eof):
    server = await start_server()
    async with await connect(server.port) as conn:
        process = await conn.create_process(encoding=None)  # a shell without a pty
        if eof:  # like `ssh -T host < /dev/null`
            process.stdin.write_eof()
        out = await asyncio.wait_for(process.stdout.read(), 10)
        await asyncio.wait_for(process.wait_closed(), 10)
    text = out.decode()
    assert "needs an interactive terminal" in text
    assert text.count("\n") == 1
    assert process.exit_status == 1
    assert not server.sessions and not server.child_pids()


async def test_end_of_client_input_ends_the_app(start_server):
    server = await start_server()
    async with await connect(server.port) as conn:
        term = await Term.open(conn)
        await term.wait_for("Army Of Zero")
        pid = only_session(server).pty.pid
        term.process.stdin.write_eof()  # like `ssh -tt host < keys.txt` at the end of the file
        await term.wait_closed()
    await wait_pids_gone([pid])


async def test_exec_sftp_and_forwarding_are_refused(start_server):
    server = await start_server()
    async with await connect(server.port) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await asyncio.wait_for(conn.run("id", check=True), 10)
        with pytest.raises(asyncssh.ChannelOpenError):
            await asyncio.wait_for(
                conn.create_process("cat /etc/passwd", term_type="xterm", encoding=None), 10
            )
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await asyncio.wait_for(conn.start_sftp_client(), 10)
        with pytest.raises(asyncssh.ChannelOpenError):  # ssh -L
            await asyncio.wait_for(
                conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", server.port), 10
            )
        with pytest.raises(asyncssh.ChannelListenError):  # ssh -R
            await asyncio.wait_for(conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9), 10)
        with pytest.raises(asyncssh.ChannelOpenError):  # unix socket forwarding
            await asyncio.wait_for(
                conn.create_unix_connection(asyncssh.SSHUNIXSession, "/run/x.sock"), 10
            )
        # the connection itself is still fine, and nothing was started
        assert not server.child_pids()
        term = await Term.open(conn)
        await term.wait_for("Army Of Zero")


async def test_sessions_per_connection_are_limited(start_server):
    server = await start_server(child_argv=["cat"])  # a cheap stand-in for the app
    async with await connect(server.port) as conn:
        terms = [await Term.open(conn) for _ in range(3)]
        await wait_until(lambda: len(server.child_pids()) == 3, what="three sessions")
        with pytest.raises(asyncssh.ChannelOpenError, match="sessions per connection"):
            await Term.open(conn)
        terms[0].send(b"still here")
        await terms[0].wait_for("still here")
        pids = server.child_pids()
    await wait_pids_gone(pids)


async def test_wrong_password_is_refused(start_server, tmp_path):
    passwords = tmp_path / "passwords"
    passwords.write_text("# demo accounts\nalice:s3cret:with:colons\n")
    server = await start_server(auth="password", password_file=passwords)
    for user, password in (("alice", "wrong"), ("bob", "s3cret:with:colons"), ("alice", "")):
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, username=user, password=password)
    conn = await connect(server.port, username="alice", password="s3cret:with:colons")
    conn.close()
    assert not server.child_pids()


async def test_unknown_key_is_refused(start_server, tmp_path):
    known = asyncssh.generate_private_key("ssh-ed25519")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(known.export_public_key())
    server = await start_server(auth="keys", authorized_keys=keys)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, client_keys=[stranger])
    with pytest.raises(asyncssh.PermissionDenied):  # and no password way in
        await connect(server.port, password="anything")
    conn = await connect(server.port, client_keys=[known])
    conn.close()


def _app_home(pid: int) -> Path:
    """The save folder the app process was given (what it sees, not what it was told)."""
    environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    (home,) = [v.split(b"=", 1)[1] for v in environ if v.startswith(b"TABLETOP_TUI_HOME=")]
    assert Path(f"/proc/{pid}/cwd").resolve() == Path(home.decode()).resolve()
    return Path(home.decode())


async def _home_of_a_session(server: DemoServer, conn) -> Path:
    before = set(server.child_pids())
    term = await Term.open(conn)
    await term.wait_for("Army Of Zero")
    (pid,) = set(server.child_pids()) - before
    return _app_home(pid)


async def test_a_key_logs_in_only_under_its_own_name(start_server, tmp_path):
    """Issue 17, item 3: a key bound to a name cannot pick another user's name (and saves);
    a key without a name gets a save folder of its own, whatever name it gives."""
    ann, bob, spare = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))
    keys = tmp_path / "authorized_keys"
    keys.write_text(
        f'user="ann" {ann.export_public_key().decode()}'
        f'no-pty,user="bob" {bob.export_public_key().decode()}'
        f"{spare.export_public_key().decode()}"
    )
    server = await start_server(auth="keys", authorized_keys=keys)
    bob_saves = server.users_dir / "bob" / "autosave"
    bob_saves.mkdir(parents=True)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, username="bob", client_keys=[ann])
    async with await connect(server.port, username="ann", client_keys=[ann]) as conn:
        assert await _home_of_a_session(server, conn) == server.users_dir / "ann"
    async with await connect(server.port, username="bob", client_keys=[spare]) as conn:
        home = await _home_of_a_session(server, conn)
    assert home.parent == server.data_dir / "ssh-keys" and home != bob_saves.parent
    async with await connect(server.port, username="carol", client_keys=[spare]) as conn:
        assert await _home_of_a_session(server, conn) == home  # one folder per key


async def test_the_star_password_gets_a_folder_per_connection(start_server, tmp_path):
    """Issue 17, item 3: the `*` line lets anyone in, but never into someone's saves."""
    passwords = tmp_path / "passwords"
    passwords.write_text("ann:ann-only\n*:shared\n")
    server = await start_server(auth="password", password_file=passwords)
    (server.users_dir / "zed" / "autosave").mkdir(parents=True)  # an earlier player's
    with pytest.raises(asyncssh.PermissionDenied):  # a listed name needs its own password
        await connect(server.port, username="ann", password="shared")
    one = await connect(server.port, username="zed", password="shared")
    two = await connect(server.port, username="zed", password="shared")
    star = await connect(server.port, username="*", password="shared")  # the line's own name
    homes = [await _home_of_a_session(server, conn) for conn in (one, two, star)]
    assert len(set(homes)) == 3
    for home in homes:
        assert home.parent == server.data_dir / "ssh-guests" and home.is_dir()
    pids = server.child_pids()
    for conn in (one, two, star):
        conn.close()
    await wait_pids_gone(pids)
    await wait_until(lambda: not any(h.exists() for h in homes), what="guest folders removed")
    assert (server.users_dir / "zed" / "autosave").is_dir()
    async with await connect(server.port, username="ann", password="ann-only") as conn:
        assert await _home_of_a_session(server, conn) == server.users_dir / "ann"


async def test_rate_limit_per_address(start_server):
    server = await start_server(rate_limit=3)
    conns = [await connect(server.port) for _ in range(3)]
    with pytest.raises(asyncssh.DisconnectError, match="too many new connections"):
        await connect(server.port)
    for conn in conns:
        conn.close()


async def _raw_sockets(port: int, count: int, banner: bytes = b""):
    """TCP connections that never finish an SSH handshake (a banner at most)."""
    sockets = []
    for _ in range(count):
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 10)
        if banner:
            writer.write(banner)
        sockets.append((reader, writer))
    return sockets


@pytest.mark.parametrize("banner", [b"", b"SSH-2.0-stalls\r\n"], ids=["silent", "banner-only"])
async def test_connections_that_never_log_in_do_not_lock_out_a_login(
    start_server, tmp_path, banner
):
    """Issue 17, item 2: 40 connections that never get past the handshake, from the same
    address even, still leave room for a correct password login and its game."""
    passwords = tmp_path / "passwords"
    passwords.write_text("ann:right\n")
    server = await start_server(
        max_sessions=5, rate_limit=0, auth="password", password_file=passwords
    )
    flood = await _raw_sockets(server.port, 40, banner)
    await asyncio.sleep(0.3)
    assert len(server.pending) <= server.config.max_startups
    async with await connect(server.port, username="ann", password="right") as conn:
        term = await Term.open(conn)
        await term.wait_for("Army Of Zero")
    for _, writer in flood:
        writer.close()


async def test_the_login_grace_time_closes_a_silent_connection(start_server):
    server = await start_server(login_grace=1.0)
    ((reader, writer),) = await _raw_sockets(server.port, 1)
    await wait_until(lambda: server.pending, what="the pending connection")
    await asyncio.wait_for(reader.read(), 10)  # the server hangs up: end of stream
    await wait_until(lambda: not server.pending, what="its slot to be freed")
    writer.close()


async def test_one_address_cannot_take_every_seat(start_server):
    """Issue 17, item 2: idle logged-in connections from one address leave room for others."""
    server = await start_server(max_sessions=6, max_per_address=2, rate_limit=0)
    idle = [await connect(server.port, username=f"idle{n}") for n in range(2)]
    with pytest.raises(asyncssh.DisconnectError, match="from your address"):
        await connect(server.port, username="idle3")
    # someone else (another address) still gets in and plays
    async with await connect(server.port, local_addr=("127.0.0.2", 0)) as other:
        term = await Term.open(other)
        await term.wait_for("Army Of Zero")
    # and sessions count per address too: two apps, then a one-line refusal
    terms = [await Term.open(idle[0]) for _ in range(2)]
    for term in terms:
        await term.wait_for("Army Of Zero")
    third = await Term.open(idle[1])
    await third.wait_closed()
    assert "from your address" in third.text() and third.process.exit_status == 1
    for conn in idle:
        conn.close()


# -- many players ----------------------------------------------------------------------------
async def test_twenty_players_then_full(start_server):
    server = await start_server(max_sessions=20)

    async def player(number: int):
        # each from an address of its own, as one address may hold only a few seats
        conn = await connect(
            server.port, username=f"player{number}", local_addr=(f"127.0.0.{number + 10}", 0)
        )
        term = await Term.open(conn)
        await term.wait_for("Army Of Zero", timeout=90)
        return conn, term

    players = await asyncio.wait_for(asyncio.gather(*(player(n) for n in range(20))), 120)
    assert len(server.child_pids()) == 20
    pids = server.child_pids()

    async with await connect(server.port, username="late") as conn:
        late = await Term.open(conn)
        await late.wait_closed()
    assert "full" in late.text() and "try again later" in late.text()
    assert late.process.exit_status == 1
    assert len(server.child_pids()) == 20  # nobody was disturbed

    # a seat frees up when someone leaves
    conn, _ = players.pop()
    conn.close()
    await wait_until(lambda: len(server.sessions) == 19, timeout=10, what="a free seat")
    for conn, _ in players:
        conn.close()
    await wait_pids_gone(pids, timeout=15)


# -- robustness ------------------------------------------------------------------------------
async def test_idle_timeout_closes_a_silent_session(start_server):
    server = await start_server(idle_timeout=3)
    async with await connect(server.port) as conn:
        started = time.monotonic()
        term = await Term.open(conn)
        await term.wait_for("Army Of Zero")  # (the clock starts with the app, not before)
        pid = only_session(server).pty.pid
        await term.wait_closed(timeout=15)
        assert time.monotonic() - started >= 2.9
    assert "Closed after 3 seconds without a key press" in term.text()
    assert term.data.endswith(b"Your game is autosaved.\r\n")
    await wait_pids_gone([pid])


CRASHY = r"""
import os, sys
os.write(1, b"ready\r\n")
while True:
    data = os.read(0, 100)
    if not data or b"x" in data:
        os.abort()
    os.write(1, b"echo:" + data + b"\r\n")
"""


async def test_a_crashing_app_ends_only_its_own_session(start_server):
    server = await start_server(child_argv=[sys.executable, "-c", CRASHY])
    async with await connect(server.port) as one, await connect(server.port) as two:
        first, second = await Term.open(one), await Term.open(two)
        await first.wait_for("ready")
        await second.wait_for("ready")
        pids = server.child_pids()
        first.send(b"x")
        await first.wait_closed()
        assert "stopped unexpectedly" in first.text()
        assert first.process.exit_status == 1
        second.send(b"hello")
        await second.wait_for("echo:hello")
        assert len(server.child_pids()) == 1
    await wait_pids_gone(pids)
    async with await connect(server.port) as three:  # the server carries on
        third = await Term.open(three)
        await third.wait_for("ready")


async def test_invalid_utf8_input_does_not_end_the_session(start_server):
    """Issue 17, item 4: a stray 8-bit byte (\\xff, a Meta key, Latin-1 text) is a key, not a crash."""
    server = await start_server()
    async with await connect(server.port) as conn:
        term = await Term.open(conn)
        await term.wait_for("Army Of Zero")
        pid = only_session(server).pty.pid
        mark = term.mark()
        term.send(b"\xff")
        term.send(b"\xe1")  # the start of a 3-byte sequence, never finished
        term.send(b"j\xe9k\xc3")  # a Latin-1 e-acute, and half of a UTF-8 one...
        term.send(b"\xa9")  # ...finished in the next packet
        await term.wait_quiet()
        assert not term.closed.is_set()
        term.send(b"\r")  # the app still takes keys: Enter opens the highlighted game
        await term.wait_for("New game", start=mark)
        assert only_session(server).pty.pid == pid
        assert "Traceback" not in term.text() and "Error" not in term.text(mark)
    await wait_pids_gone([pid])


RAISES_ON_A_KEY = r"""
import sys
from textual.app import App
from textual.widgets import Static
from tabletop_tui.serve.child import run_reported

class Boom(App):
    def compose(self):
        yield Static("ready for a key")
    def on_key(self, event):
        raise RuntimeError("boom from the app")

def run():
    app = Boom()
    app.run()
    return app.return_code or 0

sys.exit(run_reported(run))
"""


async def test_a_crash_is_logged_as_one_and_never_shown_to_the_client(start_server, caplog):
    """Issue 17, item 4: the client gets one line, the server log gets the traceback."""
    caplog.set_level("INFO", logger="tabletop_tui.serve")
    server = await start_server(child_argv=[sys.executable, "-c", RAISES_ON_A_KEY])
    async with await connect(server.port) as conn:
        term = await Term.open(conn)
        await term.wait_for("ready for a key")
        pid = only_session(server).pty.pid
        term.send(b"x")
        await term.wait_closed()
    await wait_pids_gone([pid])
    seen = term.text()
    assert "Traceback" not in seen and "boom" not in seen
    assert str(ROOT) not in seen and "site-packages" not in seen
    assert "internal error" in seen and "stopped unexpectedly (exit status 70)" in seen
    assert term.process.exit_status == 1
    log = caplog.text
    assert f"CRASH: app pid={pid}" in log and "crashed (exit status 70)" in log
    assert "RuntimeError: boom from the app" in log
    assert "session end" in log


WARNS_THEN_QUITS = r"""
import os, sys
from tabletop_tui.serve.child import run_reported

def run():
    os.write(1, b"ready\r\n")
    os.read(0, 10)
    print("a library warning, not a crash", file=sys.stderr)
    return 0

sys.exit(run_reported(run))
"""


async def test_other_error_output_is_logged_but_is_no_crash(start_server, caplog):
    caplog.set_level("INFO", logger="tabletop_tui.serve")
    server = await start_server(child_argv=[sys.executable, "-c", WARNS_THEN_QUITS])
    async with await connect(server.port) as conn:
        term = await Term.open(conn)
        await term.wait_for("ready")
        term.send(b"q")
        await term.wait_closed()
    assert term.process.exit_status == 0
    assert "warning" not in term.text() and "internal error" not in term.text()
    assert "CRASH" not in caplog.text
    assert "wrote on its error output" in caplog.text
    assert "a library warning, not a crash" in caplog.text


async def test_server_close_ends_every_app(tmp_path):
    server = DemoServer(SSHServeConfig(port=0, data_dir=tmp_path / "server"))
    await server.start()
    conn = await connect(server.port)
    term = await Term.open(conn)
    await term.wait_for("Army Of Zero")
    pids = server.child_pids()
    await asyncio.wait_for(server.close(), 20)
    await term.wait_closed()
    assert "shutting down" in term.text()
    await wait_pids_gone(pids)
    conn.close()


# -- the command itself ----------------------------------------------------------------------
def _env(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "TABLETOP_TUI_HOME": str(tmp_path / "home")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    return env


async def test_the_serve_ssh_command(tmp_path):
    """`tabletop-tui serve ssh --port 0`: host key made with 0600, a session, SIGTERM."""
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tabletop_tui",
        "serve",
        "ssh",
        "--port",
        "0",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=_env(tmp_path),
    )
    try:
        line = (await asyncio.wait_for(server.stdout.readline(), 30)).decode()
        assert "SSH demo server on 127.0.0.1:" in line, line
        port = int(line.split("127.0.0.1:")[1].split()[0])
        key = tmp_path / "home" / "ssh_host_ed25519_key"
        assert key.stat().st_mode & 0o777 == 0o600
        conn = await connect(port, username="../../etc")
        term = await Term.open(conn)
        await term.wait_for("Army Of Zero")
        users = tmp_path / "home" / "ssh-users"
        (folder,) = users.iterdir()  # the save folder is inside, with a safe name
        assert folder.name.startswith("etc-") and folder.parent == users
        server.send_signal(signal.SIGTERM)
        await term.wait_closed()
        assert "shutting down" in term.text()
        assert await asyncio.wait_for(server.wait(), 20) == 0
        log = (await server.stderr.read()).decode()
        assert "connect 127.0.0.1:" in log and "session start" in log and "session end" in log
        # asyncssh's import made cryptography warn about DSA ten times (issue 34, item 14)
        assert "Warning" not in log, log
        pid = int(log.split(" pid=")[1].split()[0])
        assert pid_gone(pid)
        conn.close()
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()


# -- the OpenSSH client ------------------------------------------------------------------------
@pytest.mark.skipif(shutil.which("ssh") is None, reason="the OpenSSH client (ssh) is not installed")
async def test_openssh_client(start_server, tmp_path):
    server = await start_server()
    argv = [
        "ssh",
        "-tt",  # a pty although our stdin is a pipe
        "-F",
        "/dev/null",
        "-o",
        "BatchMode=yes",
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        f"UserKnownHostsFile={tmp_path / 'known_hosts'}",
        "-o",
        "LogLevel=ERROR",
        "-o",
        "ConnectTimeout=10",
        "-p",
        str(server.port),
        "demo@127.0.0.1",
    ]
    client = await asyncio.create_subprocess_exec(
        *argv,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "TERM": "xterm-256color"},
    )
    try:
        seen = bytearray()
        deadline = time.monotonic() + 30
        while b"Army Of Zero" not in seen:
            assert time.monotonic() < deadline, seen[-500:]
            chunk = await asyncio.wait_for(client.stdout.read(65536), 30)
            assert chunk, (seen[-500:], await client.stderr.read())
            seen += chunk
        session = only_session(server)
        assert session.term == "xterm-256color"
        pid = session.pty.pid
        client.stdin.write(b"q")
        await client.stdin.drain()
        await asyncio.wait_for(client.stdout.read(), 20)
        assert await asyncio.wait_for(client.wait(), 20) == 0
        await wait_pids_gone([pid])
        # and a command is refused
        refused = await asyncio.wait_for(
            asyncio.to_thread(
                subprocess.run,
                [*argv[:1], *argv[2:], "id"],
                capture_output=True,
                timeout=20,
                stdin=subprocess.DEVNULL,
            ),
            30,
        )
        assert refused.returncode != 0 and b"uid=" not in refused.stdout
        # and no terminal (-T): the one-line explanation
        no_pty = await asyncio.wait_for(
            asyncio.to_thread(
                subprocess.run,
                ["ssh", "-T", *argv[2:]],
                capture_output=True,
                timeout=20,
                stdin=subprocess.DEVNULL,
            ),
            30,
        )
        assert no_pty.returncode == 1
        assert b"needs an interactive terminal" in no_pty.stdout
    finally:
        if client.returncode is None:
            client.kill()
            await client.wait()
