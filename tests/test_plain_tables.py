"""Play by text at shared tables (issue 41): a plain seat on the same table protocol as the
full screen's seats, and a plain login over real SSH (`ssh NAME+plain@HOST`)."""

from __future__ import annotations

import asyncio
import io
import re
import threading
import time

import pytest
from serve_client import Term, connect
from tables_helpers import Harness

from tabletop_tui.plain.tables import LineQueue, PlainLobby
from tabletop_tui.serve.ssh import DemoServer, SSHServeConfig, split_plain
from tabletop_tui.tables.remote import TablesLink

ITEM = re.compile(r"^\s*(\d+)\. (.*)$")


class Out(io.StringIO):
    """The plain seat's output, written from the table's loop and read by the typist."""

    def __init__(self):
        super().__init__()
        self.lock = threading.Lock()

    def write(self, s: str) -> int:
        with self.lock:
            return super().write(s)


class Typist:
    """Types only at a fresh prompt: the lines queued first, then `moves` and the first
    move listed; `quit` back in the lobby."""

    def __init__(self, out: Out, opening: list[str], hidden=None):
        self.out, self.queue, self.mark, self.reads = out, list(opening), 0, 0
        #: names this seat may not see now (checked against what it was shown since)
        self.hidden = hidden
        self.leaks: list[str] = []
        self.guarded = 0

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        for _ in range(6000):  # at most 30 s for the next prompt
            text = self.out.getvalue()
            if len(text) > self.mark and text.endswith("> "):
                break
            time.sleep(0.005)
        else:
            return ""
        self.reads += 1
        if self.reads > 2000:
            return ""
        if self.hidden is not None:
            secret = self.hidden()
            self.guarded += bool(secret)
            self.leaks += [n for n in secret if n in text[self.mark :]]
        self.mark = len(text) + 1
        if self.queue:
            return self.queue.pop(0) + "\n"
        if text.endswith("tables> "):
            return "quit\n"
        last = text.rfind("> moves\n")
        if last >= 0 and text.count("> ", last) == 2:  # the listing, then this prompt
            if any(ITEM.match(line) for line in text[last:].splitlines()[1:]):
                return "1\n"
        return "moves\n"


async def test_a_plain_seat_plays_a_shared_table_to_its_end(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        link = TablesLink(h.service.socket_path, h.service.issue_ticket("ann"))
        out = Out()
        opening = ["new 1", "you, bot", "look", "squad", "hand", "recap", "save", "undo"]
        typist = Typist(out, [*opening, "frobnicate", "log 2", "rules", "help"])
        code = await asyncio.wait_for(PlainLobby(link, LineQueue(typist), out).run(), 120)
        text = out.getvalue()
        assert code == 0
        (table,) = h.service.tables.values()
        assert table.rules.game_id == "army-of-zero" and table.over
        assert table.slots[0].user == "ann"
        assert "Army Of Zero at table " in text and "you are ann." in text
        assert "ann (you):" in text  # look, from the seat's own view
        assert "Unplaced (10):" in text  # hand: the squad still to place
        assert "Traceback" not in text
        assert "agree, refuse answer another player's undo" in text  # help at a table
        assert "Could not save: this table is saved by the server" in text
        assert "Undo asked: the other players must agree" in text
        assert "'frobnicate' is not a command" in text
        assert "Game over. " in text and "Back at the tables." in text
        assert f"Table {table.code}: Army Of Zero; ann (you), Bot 2 (bot); over." in text
        assert max(len(line) for line in text.splitlines()) <= 80


def test_a_login_name_chooses_play_by_text():
    assert split_plain("ann+plain") == ("ann", True)
    assert split_plain("ann") == ("ann", False)
    assert split_plain("+plain") == ("+plain", False)  # a suffix alone is a name
    assert split_plain("ann+plainer") == ("ann+plainer", False)


@pytest.fixture
async def server(tmp_path):
    server = DemoServer(
        SSHServeConfig(host="127.0.0.1", port=0, data_dir=tmp_path / "server", max_per_address=0)
    )
    await server.start()
    yield server
    await asyncio.wait_for(server.close(), 60)
    assert not server.child_pids()


async def test_a_plain_login_over_ssh_sits_at_a_shared_table(server):
    conn = await connect(server.port, username="ann+plain")
    term = await Term.open(conn, size=(80, 24))
    await term.wait_for("Shared tables, played by text", timeout=60)
    term.send(b"new 2\r")
    await term.wait_for("seats> ", timeout=30)
    term.send(b"you, bot\r")
    await term.wait_for("Your move, ann", timeout=30)
    mark = term.mark()
    term.send(b"moves\r")
    await term.wait_for("1. ", start=mark, timeout=30)
    term.send(b"leave\r")
    await term.wait_for("Back at the tables.", timeout=30)
    term.send(b"quit\r")
    await asyncio.wait_for(term.closed.wait(), 30)
    # the same player as a full-screen login of `ann`: the seat is ann's
    (table,) = server.tables.tables.values()
    assert table.slots[0].user == "ann"
    assert b"\x1b[?1049h" not in term.data  # no alternate screen, no full-screen app
    assert "\x1b[" not in bytes(term.data).decode("utf-8", "replace")  # nor colour
    conn.close()


async def test_two_plain_seats_share_a_table_and_neither_sees_the_others_squad(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        outs = {"ann": Out(), "bob": Out()}
        typists = {"ann": Typist(outs["ann"], ["new 1", "you, open"]), "bob": None}

        def lobby(user: str, typist: Typist) -> PlainLobby:
            link = TablesLink(h.service.socket_path, h.service.issue_ticket(user))
            return PlainLobby(link, LineQueue(typist), outs[user])

        ann = asyncio.ensure_future(lobby("ann", typists["ann"]).run())
        for _ in range(2000):
            if h.service.tables:
                break
            await asyncio.sleep(0.01)
        (table,) = h.service.tables.values()
        typists["ann"].hidden = lambda: hidden(table, 0)
        typists["bob"] = Typist(outs["bob"], ["1"], lambda: hidden(table, 1))  # the open seat
        bob = asyncio.ensure_future(lobby("bob", typists["bob"]).run())
        codes = await asyncio.wait_for(asyncio.gather(ann, bob), 180)
        assert codes == [0, 0]
        assert table.over and [s.user for s in table.slots] == ["ann", "bob"]
        assert "The table waits for its players" in outs["ann"].getvalue()
        for me in ("ann", "bob"):
            assert "Game over. " in outs[me].getvalue()
            assert not typists[me].leaks, (me, typists[me].leaks)
            assert typists[me].guarded > 0  # the other's squad was secret for a while


def hidden(table, seat: int) -> set[str]:
    """Card names the other seat sees now that `seat` does not, less the public log."""
    from ui.walk import card_names

    match = table.match
    mine = card_names(match.view(seat))
    others = card_names(match.view(1 - seat)) - mine
    public = " ".join(e.text for e in match.log_lines())
    return {n for n in others if n not in public}


async def test_a_plain_watcher_reads_the_public_table_only(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        outs = {"ann": Out(), "cat": Out()}

        def lobby(user: str, typist: Typist) -> PlainLobby:
            link = TablesLink(h.service.socket_path, h.service.issue_ticket(user))
            return PlainLobby(link, LineQueue(typist), outs[user])

        ann = asyncio.ensure_future(lobby("ann", Typist(outs["ann"], ["new 1", "you, bot"])).run())
        for _ in range(2000):
            if h.service.tables:
                break
            await asyncio.sleep(0.01)
        (table,) = h.service.tables.values()

        def unseen() -> set[str]:
            from ui.walk import card_names

            match = table.match
            seen = card_names(match.view(None))
            public = " ".join(e.text for e in match.log_lines())
            secret = (card_names(match.view(0)) | card_names(match.view(1))) - seen
            return {n for n in secret if n not in public}

        cat = Typist(outs["cat"], ["watch 1", "look", "hand", "squad", "1"], unseen)
        codes = await asyncio.wait_for(asyncio.gather(ann, lobby("cat", cat).run()), 180)
        assert codes == [0, 0]
        text = outs["cat"].getvalue()
        assert "you are watching." in text and "watching> look" in text
        assert "You are watching: look, log, card NAME and the zones work." in text
        assert "Game over. " in text and table.over
        assert not cat.leaks and cat.guarded > 0
