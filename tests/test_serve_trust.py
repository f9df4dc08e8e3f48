"""Issue 34 over real SSH: one table identity per login, caps per address or key, typed input
bounded at the pty, a ticket's connections closed with its login, and a fixed PATH.

The server runs in the test's loop (DemoServer, port 0) with its table service; the apps are
stand-ins (`cat`, which echoes what reaches it), so what a client typed can be measured as
the app received it. Tickets are taken from the server's sessions, as an app would get
them in its environment, and spoken over the service's socket with a `TableClient`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from pathlib import Path

import asyncssh
import pytest
from serve_client import Term, connect

from tabletop_tui.serve.security import APP_PATH, table_identity
from tabletop_tui.serve.ssh import DemoServer, SSHServeConfig
from tabletop_tui.tables.client import ClientError, TableClient
from tabletop_tui.tables.protocol import DEFAULT_LIMITS

LONG = "a" * 24  # the 24 characters the old identity kept


@pytest.fixture
async def start_server(tmp_path):
    servers: list[DemoServer] = []

    async def start(**options) -> DemoServer:
        options.setdefault("data_dir", tmp_path / "server")
        options.setdefault("child_argv", ["cat"])  # a cheap app that echoes its input
        options.setdefault("max_per_address", 0)
        server = DemoServer(SSHServeConfig(host="127.0.0.1", port=0, **options))
        await server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        await asyncio.wait_for(server.close(), 30)
        assert not server.child_pids()


async def until(test, what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


async def log_in(server: DemoServer, username: str, **options):
    """An SSH login with a terminal; returns (connection, terminal, its app's ticket)."""
    before = {s.ticket for s in server.sessions}
    conn = await connect(server.port, username=username, **options)
    term = await Term.open(conn)
    await until(lambda: {s.ticket for s in server.sessions} - before - {None}, "the app")
    (ticket,) = {s.ticket for s in server.sessions} - before - {None}
    return conn, term, ticket


async def table_client(server: DemoServer, ticket: str) -> TableClient:
    return await TableClient.connect(server.tables.socket_path, ticket)


TWO = [("Ann", "open"), ("Bob", "open")]


# -- 1. one identity per login ---------------------------------------------------------------
async def test_two_logins_sharing_a_long_prefix_or_differing_unprintably_are_two_players(
    start_server, tmp_path
):
    """The identity was the name cut at 24 characters: the second login, joining the first's
    table, was given the first's seat and moved the first off it."""
    alice, bob, spare = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))
    keys = tmp_path / "authorized_keys"
    keys.write_text(
        f'user="{LONG}_alice" {alice.export_public_key().decode()}'
        f'user="{LONG}_bob" {bob.export_public_key().decode()}'
        f"{spare.export_public_key().decode()}"
    )
    server = await start_server(auth="keys", authorized_keys=keys)
    _, _, t_alice = await log_in(server, f"{LONG}_alice", client_keys=[alice])
    _, _, t_bob = await log_in(server, f"{LONG}_bob", client_keys=[bob])
    service = server.tables
    assert service.user_for(t_alice) == f"{LONG}_alice" != service.user_for(t_bob)
    first, second = await table_client(server, t_alice), await table_client(server, t_bob)
    joined = await first.create("army-of-zero", TWO, sit=0)
    code = joined.table.code
    assert (await second.join(code)).seat == 1  # a seat of bob's own, not alice's
    table = service.tables[code]
    assert table.slots[0].listener is not None and table.slots[1].listener is not None
    # a key that may give any name is one player under every name: its fingerprint
    _, _, t_x = await log_in(server, "xavier", client_keys=[spare])
    _, _, t_y = await log_in(server, "yvonne", client_keys=[spare])
    assert service.user_for(t_x) == service.user_for(t_y)
    assert spare.get_fingerprint() in service.user_for(t_x)
    assert service.source_for(t_x) == f"key:{spare.get_fingerprint()}"


async def test_long_names_and_names_differing_in_unprintable_characters_are_apart(start_server):
    """Over SSH (whose names arrive SASLprep'd: no control characters) and in the function
    itself (for any way in that does not clean names first)."""
    server = await start_server()
    names = ["ann", "ann ", "ann?", "ann~", LONG + "_x" * 40, LONG + "_x" * 40 + "y"]
    tickets = [(await log_in(server, name))[2] for name in names]
    users = [server.tables.user_for(t) for t in tickets]
    assert len(set(users)) == len(names), users
    assert users[0] == "ann"  # a plain name is itself
    assert all(u.isprintable() and len(u) <= 64 for u in users)
    cleaned = [table_identity(n) for n in ("ann\x01", "ann\x02", "ann?", "ann\u200b", "ann")]
    assert len(set(cleaned)) == 5 and all(n.isprintable() for n in cleaned), cleaned


# -- 3. caps per address, not per name ---------------------------------------------------------
async def test_names_from_one_address_share_its_cap_on_tables(start_server):
    """20 throwaway names made 5 tables each and filled the service: the cap counts the
    address, and the refusal says why (the lobby shows it)."""
    limits = dataclasses.replace(DEFAULT_LIMITS, max_tables_per_source=4)
    server = await start_server(table_limits=limits)
    clients = []
    for name in ("one", "two", "three"):
        _, _, ticket = await log_in(server, name)
        clients.append(await table_client(server, ticket))
    made = 0
    with pytest.raises(ClientError, match="your address has made 4 unfinished tables"):
        for client in clients:
            for _ in range(2):
                await client.create("army-of-zero", TWO)
                made += 1
    assert made == 4 and len(server.tables.tables) == 4


# -- 5. typed input bounded at the pty -------------------------------------------------------
async def test_long_escape_sequences_are_cut_before_the_app_reads_them(start_server):
    """A 100 KB unterminated OSC kept an app busy for 25 s and a 40 KB CSI for 9 s: the app
    now receives at most MAX_ESCAPE bytes of one sequence, then its end."""
    server = await start_server(input_rate=0)
    _, term, _ = await log_in(server, "ann")
    term.send(b"\x1b]" + b"x" * 100_000)  # unterminated...
    term.send(b"\x07" + b"\x1b[" + b"1;" * 20_000 + b"M" + b"END")
    await term.wait_for("END")
    await term.wait_quiet(0.3)
    echoed = bytes(term.data)
    assert len(echoed) < 2 * 256 + 40, len(echoed)
    assert echoed == b"\x1b]" + b"x" * 254 + b"\x07\x1b[" + b"1;" * 127 + b"MEND"
    term.send(b"\x1b[A\x1bOB\x1b]11;rgb:00/00/00\x1b\\q")  # short ones pass whole
    await term.wait_for("q", start=len(echoed))
    assert bytes(term.data[len(echoed) :]) == b"\x1b[A\x1bOB\x1b]11;rgb:00/00/00\x1b\\q"


async def test_typed_input_reaches_the_app_at_a_bounded_rate_and_in_full(start_server):
    """20,000 `j` keys kept an app busy for 10 s: after a burst the rest is paced (held back,
    the client not read meanwhile), nothing lost."""
    server = await start_server(input_rate=8000, input_burst=4000)
    _, term, _ = await log_in(server, "ann")
    started = time.monotonic()
    term.send(b"j" * 20_000 + b"!")
    await asyncio.sleep(0.5)
    early = len(term.data)
    elapsed = time.monotonic() - started
    assert early <= 4000 + 8000 * elapsed + 200, (early, elapsed)
    await term.wait_for("!", timeout=20)
    assert bytes(term.data) == b"j" * 20_000 + b"!"
    assert time.monotonic() - started >= (20_001 - 4000) / 8000 - 0.2


# -- 6. a ticket's connections end with its login ----------------------------------------------
async def test_a_tickets_connections_close_when_its_ssh_session_ends(start_server):
    server = await start_server()
    conn, _, ticket = await log_in(server, "ann")
    client = await table_client(server, ticket)
    assert await client.list_tables() == []
    conn.close()
    await until(lambda: not server.sessions, "the session's end")
    await asyncio.wait_for(client.closed.wait(), 5)
    with pytest.raises((ConnectionError, ClientError, OSError)):
        await client.list_tables()
    with pytest.raises((ConnectionError, ClientError, OSError)):
        await table_client(server, ticket)


# -- 7. a fixed PATH -----------------------------------------------------------------------------
def _environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(v.decode().split("=", 1) for v in raw if b"=" in v)


async def test_the_app_gets_a_fixed_path_not_the_servers(start_server, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", f"{tmp_path / 'mine'}:/usr/bin:/bin")
    server = await start_server()
    await log_in(server, "ann")
    (pid,) = server.child_pids()
    assert _environ(pid)["PATH"] == APP_PATH


# -- the settings ----------------------------------------------------------------------------------
def test_serve_ssh_options_reach_the_table_service_and_the_sessions(monkeypatch):
    from tabletop_tui import cli
    from tabletop_tui.serve import ssh
    from tabletop_tui.tables.service import DAY

    seen = []
    monkeypatch.setattr(ssh, "run_ssh", lambda config: seen.append(config) or 0)
    argv = ["serve", "ssh", "--keep-finished", "7", "--max-finished", "50"]
    argv += ["--expire-tables", "0.5", "--tables-per-source", "3", "--bot-tables-per-hour", "2"]
    assert cli.main([*argv, "--input-rate", "0"]) == 0
    (config,) = seen
    limits = config.table_limits
    assert (limits.keep_finished, limits.max_finished) == (7 * DAY, 50)
    assert (limits.table_expiry, limits.max_tables_per_source) == (DAY / 2, 3)
    assert limits.bot_tables_per_hour == 2 and config.input_rate == 0
    assert cli.main(["serve", "ssh"]) == 0
    defaults = seen[-1].table_limits
    assert (defaults.keep_finished, defaults.table_expiry) == (30 * DAY, 14 * DAY)
    assert seen[-1].input_rate == 1024
