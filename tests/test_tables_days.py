"""Games that last for days (issue 34), through the real table service and its socket: each
player is told at hello, and once per change, where it is their move; the list says whose
move it is and for how long (the service's clock is moved on, as in test_tables_trust); a
table's maker chooses whether a dropped player's seat waits or a bot plays it after a while;
a player may leave a seat for good, and anyone may take it; a restart keeps all of it."""

from __future__ import annotations

import asyncio
import time

import pytest
from tables_helpers import Harness

from tabletop_tui.tables.client import ClientError
from tabletop_tui.tables.protocol import Error, TableUpdate, Turns
from tabletop_tui.tables.service import DAY

THREE = [("Ann", "open"), ("Bob", "open"), ("Cat", "open")]
TWO = [("Ann", "open"), ("Bob", "open")]


def turns(player) -> list[list[str]]:
    """The codes of every Turns message the player was sent, in order."""
    return [[t.code for t in m.tables] for m in player.messages if isinstance(m, Turns)]


async def settled(table) -> None:
    """Until the service's bots have no move to make (and the messages are out)."""
    for _ in range(500):
        if not (table.match.to_act() & table.bots.keys()) or table.over:
            break
        await asyncio.sleep(0.005)
    await asyncio.sleep(0.05)


async def move(player, table) -> None:
    """The player's seat makes its first legal move."""
    seat = table.seat_of(next(s.listener for s in table.slots if s.user == player.user))
    update = await player.client.wait_view(lambda v: v.revision == table.revision and v.legal)
    assert update.seat == seat
    assert await player.client.act(update.legal[0], expect=update.revision) is None


async def two_player_table(h: Harness, seed: int = 5, **create):
    """Army Of Zero for ann and bob, started (its moves alternate after the squads)."""
    ann, bob = await h.connect("ann"), await h.connect("bob")
    code = (await ann.client.create("army-of-zero", TWO, seed=seed, sit=0, **create)).table.code
    await bob.client.join(code)
    return ann, bob, h.service.tables[code]


async def test_a_player_is_told_where_it_is_their_move_at_hello_and_once_per_change(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        now = [time.time()]
        h.service.clock = lambda: now[0]
        ann, bob, table = await two_player_table(h)
        # ann's second app (her lobby, at no table) hears of her tables as well
        lobby = await h.connect("ann")
        assert turns(lobby) == [[table.code]] if 0 in table.match.to_act() else [[]]
        for _ in range(80):  # some rounds: each change of whose move it is, told once
            if table.over or len(turns(lobby)) >= 5:
                break
            seat = min(table.match.to_act())
            await move((ann, bob)[seat], table)
            await settled(table)
        told = turns(lobby)
        assert len(told) >= 5, told
        # never the same news twice in a row: only changes are sent
        assert all(a != b for a, b in zip(told, told[1:], strict=False)), told
        assert told[-1] == ([table.code] if 0 in table.match.to_act() else [])
        # a new connection is told at once, whatever was told before
        again = await h.connect("ann")
        assert turns(again)[0] == told[-1]
        # bob is told about his own moves only, never ann's
        assert all(codes in ([], [table.code]) for codes in turns(bob))
        # the list says whose move it is and, to a seated player, since when
        now[0] += DAY + 5
        (listed,) = await lobby.client.list_tables()
        acting = [i for i, s in enumerate(listed.seats) if s.to_act]
        assert acting == sorted(table.match.to_act())
        assert all(listed.seats[i].waited >= DAY for i in acting)


async def test_the_tables_where_it_is_your_move_come_longest_waiting_first(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        now = [time.time()]
        h.service.clock = lambda: now[0]
        ann, bob, first = await two_player_table(h, seed=5)
        now[0] += 3 * 3600
        code = (await bob.client.create("army-of-zero", TWO, seed=6, sit=0)).table.code
        await ann.client.join(code)
        second = h.service.tables[code]
        now[0] += 3600
        told = [t.code for t in h.service.turns_for("ann")]
        assert told == [first.code, second.code]  # both want her squad, the first for longer
        waits = [s.waited for t in h.service.turns_for("ann") for s in t.seats if s.user == "ann"]
        assert waits[0] == pytest.approx(4 * 3600, abs=5) and waits[1] == pytest.approx(3600)


async def test_a_dropped_players_seat_waits_by_default(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        now = [time.time()]
        h.service.clock = lambda: now[0]
        ann, bob, table = await two_player_table(h)
        await bob.client.close()
        await asyncio.sleep(0.05)
        now[0] += 10 * DAY
        await h.service.sweep()
        assert table.slots[1].user == "bob" and not table.slots[1].stand_in
        assert 1 not in table.bots


async def test_a_bot_plays_a_dropped_seat_after_the_makers_time_until_they_are_back(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        now = [time.time()]
        h.service.clock = lambda: now[0]
        ann, bob, table = await two_player_table(h, bot_after=3600)
        assert table.info().bot_after == 3600
        await bob.client.close()
        await asyncio.sleep(0.05)
        now[0] += 3599
        await h.service.sweep()
        assert not table.slots[1].stand_in, "a bot before the maker's time"
        now[0] += 2
        await h.service.sweep()
        assert table.slots[1].stand_in and table.slots[1].user == "bob"
        await asyncio.sleep(0.05)  # (ann is told)
        update = [m for m in ann.messages if isinstance(m, TableUpdate)][-1]
        assert update.table.seats[1].stand_in
        # the bot plays bob's part while ann plays hers
        start = len(table.match.actions)
        for _ in range(1000):
            if table.over or any(a.seat == 1 for a in table.match.actions[start:]):
                break
            if 0 in table.match.to_act():
                await move(ann, table)
            else:
                await asyncio.sleep(0.01)
        await settled(table)
        bots_moved = [a for a in table.match.actions[start:] if a.seat == 1]
        assert bots_moved, "the bot did not play bob's seat"
        # bob comes back: the seat is his again, and the bot stops
        bob = await h.connect("bob")
        joined = await bob.client.join(table.code)
        assert joined.seat == 1 and not table.slots[1].stand_in and 1 not in table.bots
        if not table.over and 1 in table.match.to_act():
            view = await bob.client.wait_view(lambda v: v.revision == table.revision)
            assert view.legal, "bob back at his seat may move"


async def test_a_bot_stands_in_only_while_someone_waits_for_it(tmp_path):
    """Everyone gone for the night: no bot plays the game on alone."""
    async with Harness(tmp_path / "saves") as h:
        now = [time.time()]
        h.service.clock = lambda: now[0]
        ann, bob, table = await two_player_table(h, bot_after=600)
        await ann.client.close()
        await bob.client.close()
        await asyncio.sleep(0.05)
        now[0] += DAY
        await h.service.sweep()
        assert not any(s.stand_in for s in table.slots)
        ann = await h.connect("ann")
        await ann.client.join(table.code)  # ann is back: bob has been away a day
        assert table.slots[1].stand_in and not table.slots[0].stand_in


async def test_leaving_a_table_for_good_opens_the_seat_for_anyone(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        ann, bob, cat = await h.connect("ann"), await h.connect("bob"), await h.connect("cat")
        code = (await ann.client.create("zoobotz", THREE, seed=3, sit=0)).table.code
        await bob.client.join(code)
        await cat.client.join(code)
        table = h.service.tables[code]
        assert table.started
        with pytest.raises(ClientError, match="hold no seat"):
            await (await h.connect("dan")).client.leave_for_good(code)
        # bob, at the table in another app, is told and let go there
        other = await h.connect("bob")
        await other.client.leave_for_good(code)
        assert table.slots[1].user is None
        await asyncio.sleep(0.05)
        assert any(isinstance(m, Error) and m.code == "moved" for m in bob.messages)
        assert table.seat_of(bob.client) is None
        (listed,) = await ann.client.list_tables()
        assert listed.seats[1].user is None
        assert not [t for t in h.service.turns_for("bob")]
        # bob's next join is no comeback: the seat is anyone's, and dan takes it
        dan = await h.connect("dan")
        joined = await dan.client.join(code)
        assert joined.seat == 1 and table.slots[1].user == "dan"
        if 1 in table.match.to_act():
            view = await dan.client.wait_view(lambda v: v.seat == 1 and bool(v.legal))
            assert await dan.client.act(view.legal[0], expect=view.revision) is None
        with pytest.raises(ClientError, match="no open seat"):
            await bob.client.join(code)


async def test_a_restart_keeps_how_long_turns_and_absences_have_lasted(tmp_path):
    saves = tmp_path / "saves"
    start = time.time()
    async with Harness(saves) as h:
        h.service.clock = lambda: start
        ann, bob, table = await two_player_table(h, bot_after=3 * 3600)
        code = table.code
        acting = sorted(table.match.to_act())
        await bob.client.close()
        await asyncio.sleep(0.05)
        await table.flush()
        actions = list(table.match.actions)
    async with Harness(saves) as h2:
        h2.service.clock = lambda: start + 2 * 3600
        assert h2.service.restore() == [code]
        table = h2.service.tables[code]
        assert table.match.actions == actions and table.bot_after == 3 * 3600
        info = table.info()
        assert [i for i, s in enumerate(info.seats) if s.to_act] == acting
        assert all(info.seats[i].waited == pytest.approx(2 * 3600) for i in acting)
        ann = await h2.connect("ann")
        await ann.client.join(code)
        assert not table.slots[1].stand_in  # bob has been away two hours of three
        h2.service.clock = lambda: start + 3 * 3600 + 1
        await h2.service.sweep()
        assert table.slots[1].stand_in  # counted from when he left, not from the restart
