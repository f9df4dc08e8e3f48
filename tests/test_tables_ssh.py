"""Shared tables over real SSH (issue 19): every player at their own terminal, one table.

`serve ssh` runs in the test's loop (DemoServer, port 0) with its table service, so a test
can read the authoritative table while real asyncssh clients drive their own app
processes with keys: the launcher's `o`, the lobby's `/` and a code, Start in the waiting
room, and on the game screen F2 (every legal move as a list) then Enter or End+Enter. After
every move each terminal must show the new step, and what it drew since the move must
hold no card name that only other seats could see at that step (the hidden-variant
check of tests/ui/walk.py, less names the public log has told everyone). The games are
scripted (first or last legal move of the seat to act, whose turn is read from the table)
and short: seeds where that script ends the game in about fifty moves.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import time

import pytest
from serve_client import Term, connect
from tables_helpers import replayed_states
from ui.walk import card_names

from tabletop_tui.serve.ssh import DemoServer, SSHServeConfig
from tabletop_tui.tables.table import Table

SIZE = (150, 50)
F2, END, ENTER = b"\x1bOQ", b"\x1b[F", b"\r"


@pytest.fixture
async def server(tmp_path):
    server = DemoServer(
        SSHServeConfig(host="127.0.0.1", port=0, data_dir=tmp_path / "server", max_per_address=0)
    )
    await server.start()
    yield server
    await asyncio.wait_for(server.close(), 60)
    assert not server.child_pids()


async def until(test, what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


class Player:
    """One person: an SSH connection, their terminal, and their app's seat at the table."""

    def __init__(self, user: str):
        self.user = user
        self.conn = None
        self.term: Term | None = None
        self.mark = 0

    async def log_in(self, server: DemoServer) -> None:
        self.conn = await connect(server.port, username=self.user)
        self.term = await Term.open(self.conn, size=SIZE)
        await self.term.wait_for("o: tables", timeout=60)  # the launcher, served

    async def join(self, code: str, watch: bool = False) -> None:
        term = self.term
        mark = term.mark()
        term.send(b"o")
        await term.wait_for("Tables: play with", start=mark, timeout=30)
        if watch:
            await term.wait_for(code, start=mark, timeout=30)  # listed
            term.send(b"w")
            return
        term.send(b"/")
        await term.wait_for("Join a table by its code", start=mark, timeout=30)
        term.send(code.encode() + ENTER)

    def seen(self) -> str:
        """What this terminal drew since the last look (escape sequences stripped)."""
        text = self.term.text(self.mark)
        self.mark = self.term.mark()
        return text


async def seated(table: Table, seat: int, user: str) -> None:
    await until(
        lambda: table.slots[seat].user == user and table.slots[seat].listener is not None,
        f"{user} at seat {seat + 1}",
    )


def secrets_of(rules, state, seat: int | None, variants: int = 2) -> set[str]:
    """Card names some other seat sees (now, or in a re-dealt variant) that `seat` does not."""
    mine = card_names(rules.view(state, seat))
    others: set[str] = set()
    for k in range(variants + 1):
        s = state if k == 0 else rules.hidden_variant(state, seat, random.Random(k))
        for other in range(len(rules.seat_names(state))):
            if other != seat:
                others |= card_names(rules.view(s, other))
    return others - mine


async def play_scripted(
    table: Table, seats: dict[int, Player], watchers: list[Player], every: int, on_step=None
) -> int:
    """The seat to act (the lowest) opens its move list with F2 and takes the first move on
    every `every`-th step, the last one otherwise. After each move every terminal shows the
    new step, and shows no hidden card. Returns how many hidden names were checked, and
    how often a seat's screen did show one of its own secret cards (so names of hidden
    cards do reach the screen where they may: their absence elsewhere means something)."""
    rules = table.rules
    checked = owned = 0
    for player in seats.values():
        player.seen()
    while not table.over:
        everyone = [*seats.items(), *((None, w) for w in watchers)]  # (one may come back)
        step = len(table.match.actions)
        seat = min(table.match.to_act())
        actor = seats[seat]
        mark = actor.term.mark()
        actor.term.send(F2)
        await actor.term.wait_for(f"Your moves, {table.slots[seat].spec.name}", start=mark)
        actor.term.send(ENTER if step % every == 0 else END + ENTER)
        await until(lambda s=step: len(table.match.actions) > s, f"move {step + 1}")
        state = table.match.state
        said = " ".join(e.text for e in table.match.log_lines())  # public: everyone was told
        for who, player in everyone:
            await player.term.wait_for(f"step {step + 1} ", start=player.mark)
            shown = player.seen()
            hidden = {n for n in secrets_of(rules, state, who) if n not in said}
            leaked = sorted(n for n in hidden if n in shown)
            assert not leaked, f"step {step + 1}: {player.user} was shown {leaked}"
            checked += len(hidden)
            if who is not None:
                own = card_names(rules.view(state, who)) - card_names(rules.view(state, None))
                owned += any(n in shown for n in own)
        if on_step is not None:
            await on_step(step + 1)
    return checked, owned


async def test_zeo_2v1_three_ssh_players_play_to_the_end_and_one_comes_back(server):
    service = server.tables
    assert service is not None and service.socket_path is not None
    ann, bob, cat = Player("ann"), Player("bob"), Player("cat")
    await asyncio.gather(ann.log_in(server), bob.log_in(server), cat.log_in(server))
    # the table is made on ann's behalf (the form itself is driven in tests/ui/test_lobby.py)
    table = service.create_table(
        "ann",
        _create("zeo-dbg", ["Vil Ann", "Hero Bob", "Vil Cat"], seed=15, format="2v1"),
    )
    for seat, player in enumerate((ann, bob, cat)):
        await player.join(table.code)
        await seated(table, seat, player.user)
    assert not table.started  # the creator starts it
    await ann.term.wait_for("s starts the game", timeout=30)
    ann.term.send(b"s")
    await until(lambda: table.started, "the start")

    killed: dict[str, object] = {}

    async def kill_bob(step: int) -> None:
        if step != 12 or killed:
            return
        killed["pid"] = next(
            s.pty.pid for s in server.sessions if s.connection.username == "bob" and s.pty
        )
        marks = {p.user: p.term.mark() for p in (ann, cat)}
        os.kill(killed["pid"], signal.SIGKILL)  # bob's app crashes; the tables live on
        await until(lambda: table.slots[1].listener is None, "bob's seat to be left")
        await bob.term.wait_for("stopped unexpectedly", timeout=30)
        bob.conn.close()
        assert table.slots[1].user == "bob", "a dropped player keeps the seat"
        for player in (ann, cat):  # the others are told, in the game (issue 34, item 12)
            await player.term.wait_for("bob dropped", start=marks[player.user], timeout=30)
        again = Player("bob")
        await again.log_in(server)
        # no key: a player who dropped out of a table is taken straight back to it
        await seated(table, 1, "bob")
        for player in (ann, cat):
            await player.term.wait_for("bob is back", start=marks[player.user], timeout=30)
        await again.term.wait_for(f"step {step} ", timeout=30)
        again.seen()
        seats[1] = again
        killed["again"] = again

    seats = {0: ann, 1: bob, 2: cat}
    checked, owned = await play_scripted(table, seats, [], every=3, on_step=kill_bob)
    assert killed, "the game ended before the kill"
    assert checked > 0, "nothing was hidden from anyone: the check proved nothing"
    assert owned > 0, "no seat ever saw its own hidden cards: names are not what screens show"
    assert table.match.outcome() is not None
    # every terminal reached the end
    for player in seats.values():
        await player.term.wait_for("★", start=0, timeout=30)
    loaded, _ = await replayed_states(table)
    assert loaded.actions == table.match.actions
    # the finished game is in the lobby's history, and replays there
    again = killed["again"]
    mark = again.term.mark()
    again.term.send(b"l")  # game over: back to the lobby
    await again.term.wait_for("finished: replay", start=mark, timeout=30)
    again.term.send(ENTER)
    last = len(table.match.actions)
    await again.term.wait_for(f"step 0/{last}", start=mark, timeout=30)


async def test_army_of_zero_two_ssh_players_and_a_watcher(server):
    service = server.tables
    ann, bob, eve = Player("ann"), Player("bob"), Player("eve")
    await asyncio.gather(ann.log_in(server), bob.log_in(server), eve.log_in(server))
    table = service.create_table("ann", _create("army-of-zero", ["Ann", "Bob"], seed=32))
    for seat, player in enumerate((ann, bob)):
        await player.join(table.code)
        await seated(table, seat, player.user)
    await ann.term.wait_for("s starts the game", timeout=30)
    ann.term.send(b"s")
    await until(lambda: table.started, "the start")
    await eve.join(table.code, watch=True)
    await until(lambda: len(table.spectators) == 1, "eve watching")
    # a watcher cannot act: F2 offers nothing
    mark = eve.term.mark()
    eve.term.send(F2)
    await eve.term.wait_for("No move of yours", start=mark, timeout=30)
    eve.seen()
    checked, owned = await play_scripted(table, {0: ann, 1: bob}, [eve], every=1)
    assert checked > 0 and owned > 0
    loaded, _ = await replayed_states(table)
    assert loaded.actions == table.match.actions


def drawn_step(player: Player, start: int) -> int:
    """The newest step a player's screen drew since `start` (-1: none)."""
    steps = re.findall(r"step (\d+) ", player.term.text(start))
    return max((int(n) for n in steps), default=-1)


def _create(game: str, names: list[str], seed: int, **options):
    from tabletop_tui.tables.protocol import Create, SeatRequest

    return Create(
        type="create",
        game=game,
        seats=[SeatRequest(name=n) for n in names],
        seed=seed,
        options=options,
        auto_start=False,
    )


#: a seed whose digits appear nowhere else on a screen by chance
SECRET_SEED = 1814674638


async def test_an_ssh_watcher_and_a_waiting_player_stay_while_the_table_moves(tmp_path):
    """Issue 34, items 8, 10 and 13 over SSH. A watcher held 2 moves back read the seed on
    its status line ("↻ step 0 · New game of Army Of Zero, seed N."), was offered u Undo and
    s Save, and was never told its delay; it and a player waiting for the other were closed
    by the idle timeout while the game went on, as only their own keys counted."""
    from tabletop_tui.tables.client import TableClient
    from tabletop_tui.tables.protocol import Create, SeatRequest

    server = DemoServer(
        SSHServeConfig(
            host="127.0.0.1",
            port=0,
            data_dir=tmp_path / "server",
            max_per_address=0,
            idle_timeout=3,
        )
    )
    await server.start()
    try:
        service = server.tables
        request = Create(
            type="create",
            game="army-of-zero",
            seats=[SeatRequest(name="Bob"), SeatRequest(name="Ann")],
            seed=SECRET_SEED,
            watch_delay=2,
        )
        table = service.create_table("bob", request)
        bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
        await bob.join(table.code)
        ann, eve = Player("ann"), Player("eve")
        await asyncio.gather(ann.log_in(server), eve.log_in(server))
        await ann.join(table.code)
        await seated(table, 1, "ann")
        assert table.started
        mark = eve.term.mark()
        await eve.join(table.code, watch=True)
        await until(lambda: len(table.spectators) == 1, "eve watching")
        # the game goes on for three idle timeouts: neither ann nor eve presses a key
        sessions = {s.connection.username: s for s in server.sessions}
        started = time.monotonic()
        while time.monotonic() - started < 9 and not table.over:
            seat = min(table.match.to_act())
            table.play(seat, table.match.legal_actions(seat)[0])
            await asyncio.sleep(0.5)
            for user in ("ann", "eve"):
                assert not sessions[user].closed.is_set(), f"{user} was closed as idle"
        assert len(table.match.actions) >= 10
        await eve.term.wait_for("watching 2 moves late", start=mark, timeout=30)
        shown = eve.term.text(mark)
        assert str(SECRET_SEED) not in shown, "the watcher was shown the seed"
        assert "Undo" not in shown and "Save" not in shown, "player keys offered to a watcher"
        assert "Your pile" not in shown
        assert str(SECRET_SEED) not in ann.term.text()
        # once the table stops, the idle timeout ends both sessions as before
        for player in (ann, eve):
            await player.term.wait_closed(timeout=20)
            assert "without a key press or a move at your table" in player.term.text()
        await bob.close()
    finally:
        await asyncio.wait_for(server.close(), 60)


async def play_keys(table: Table, players: dict[int, Player], stop) -> set[int]:
    """The lowest seat to act moves until `stop(step)` says so: its player opens the move
    list with F2 and takes the first move; a seat a bot plays moves by itself. After each
    move every terminal here draws a newer step. Returns the seats that moved."""
    first = len(table.match.actions)
    while not table.over and not stop(len(table.match.actions)):
        step = len(table.match.actions)
        seat = min(table.match.to_act())
        marks = {p.user: p.term.mark() for p in players.values()}
        if seat in table.bots:
            await until(lambda s=step: len(table.match.actions) > s, f"the bot's move {step}")
        else:
            actor = players[seat]
            actor.term.send(F2)
            name = table.slots[seat].spec.name
            await actor.term.wait_for(f"Your moves, {name}", start=marks[actor.user])
            actor.term.send(ENTER)
            await until(lambda s=step: len(table.match.actions) > s, f"move {step + 1}")
        for player in players.values():  # (a bot's moves after this one may be drawn first)
            mark = marks[player.user]
            await until(
                lambda p=player, m=mark, s=step: drawn_step(p, m) > s,
                f"{player.user} sees step {step + 1}",
            )
    return {a.seat for a in table.match.actions[first:]}


async def back_at(table: Table, player: Player, seat: int, server: DemoServer) -> None:
    """`player` logs in again and presses no key: their app takes them back to the table.
    Returns once their terminal shows the game at the table's step: the next change of the
    table's seats finds their game screen up. (A lobby line such as "cat is back" that
    reaches a game screen pushed but not yet mounted crashes the app today: NoMatches in
    GameScreen.set_message's redraw.)"""
    await player.log_in(server)
    await seated(table, seat, player.user)
    # (the game screen's line: the lobby's list says "playing, step N")
    shown = re.compile(rf"↻ step {len(table.match.actions)}\b")
    await until(lambda: shown.search(player.term.text()), f"{player.user}'s game screen")


async def test_zoobotz_three_ssh_players_over_a_server_restart_and_a_day(tmp_path):
    """Issue 34, games that last for days: ZOOBOTZ for three, every player at a real SSH
    terminal (F2 and Enter). The server stops at ann's move and starts again on the same
    folder with its table service's clock a day on: the table comes back with exactly the
    acknowledged moves; each login takes its player back to the table (ann is told it is
    her move); bob stays away at first, so past the maker's hour a bot plays his seat while
    ann and cat play on, until he comes back and plays his seat himself; every move is in
    the table's save."""
    from tabletop_tui.tables.protocol import Create, SeatRequest
    from tabletop_tui.tables.service import DAY

    config = SSHServeConfig(
        host="127.0.0.1", port=0, data_dir=tmp_path / "server", max_per_address=0
    )
    server = DemoServer(config)
    await server.start()
    try:
        service = server.tables
        # the table is made on ann's behalf (the form itself is driven in tests/ui/test_lobby.py)
        request = Create(
            type="create",
            game="zoobotz",
            seats=[SeatRequest(name=n) for n in ("Ann", "Bob", "Cat")],
            seed=3,
            bot_after=3600,  # the maker's choice: a bot plays a seat away for an hour
            auto_start=False,
        )
        table = service.create_table("ann", request)
        code = table.code
        ann, bob, cat = Player("ann"), Player("bob"), Player("cat")
        await asyncio.gather(ann.log_in(server), bob.log_in(server), cat.log_in(server))
        for seat, player in enumerate((ann, bob, cat)):
            await player.join(code)
            await seated(table, seat, player.user)
        await ann.term.wait_for("s starts the game", timeout=30)
        ann.term.send(b"s")
        await until(lambda: table.started, "the start")
        players = {0: ann, 1: bob, 2: cat}
        # every seat's first moves, until it is ann's move again
        moved = await play_keys(table, players, lambda s: s > 14 and table.match.to_act() == {0})
        acknowledged = list(table.match.actions)
        assert len(acknowledged) > 14 and moved == {0, 1, 2}
        before = table.info()
        assert before.seats[0].to_act and not before.seats[1].to_act
    finally:
        await asyncio.wait_for(server.close(), 60)
    assert not server.child_pids()

    # the next day
    server = DemoServer(config)
    await server.start()
    try:
        service = server.tables
        service.clock = lambda: time.time() + DAY
        table = service.tables[code]
        assert table.match.actions == acknowledged, "a move was lost over the restart"
        assert table.info().seats[0].waited >= DAY  # her move has waited since yesterday
        count = len(acknowledged)
        # no key: each login takes its player back to the table; ann is told it is her move
        ann = Player("ann")
        await back_at(table, ann, 0, server)
        await ann.term.wait_for("Your move at", timeout=30)
        # (nobody moves while ann is alone: it is her move)
        assert table.slots[1].stand_in and table.slots[2].stand_in
        mark = ann.term.mark()
        cat = Player("cat")
        await back_at(table, cat, 2, server)
        await ann.term.wait_for("cat is back", start=mark, timeout=30)
        # bob has been away a day: a bot plays his seat (cat, back, plays hers)
        assert table.slots[1].stand_in and table.slots[1].user == "bob"
        assert not table.slots[2].stand_in and not table.slots[0].stand_in
        assert table.match.actions == acknowledged
        players = {0: ann, 2: cat}
        moved = await play_keys(
            table, players, lambda s: s >= count + 12 and table.match.to_act() == {0}
        )
        assert moved == {0, 1, 2}, moved  # ann and cat at their terminals, bob's seat by the bot
        assert not table.over
        by_bot = len(table.match.actions)
        marks = {p.user: p.term.mark() for p in (ann, cat)}
        bob = Player("bob")
        await back_at(table, bob, 1, server)
        assert not table.slots[1].stand_in and 1 not in table.bots
        for player in (ann, cat):
            await player.term.wait_for("bob is back", start=marks[player.user], timeout=30)
        players = {0: ann, 1: bob, 2: cat}
        # all three at their terminals again, until bob has moved at his
        moved = await play_keys(
            table,
            players,
            lambda s: s > by_bot and 1 in {a.seat for a in table.match.actions[by_bot:]},
        )
        assert 1 in moved, "bob did not play his seat again"
        assert table.match.actions[:count] == acknowledged
        loaded, _ = await replayed_states(table)  # the save holds every move, in order
        assert loaded.actions == table.match.actions
    finally:
        await asyncio.wait_for(server.close(), 60)
    assert not server.child_pids()
