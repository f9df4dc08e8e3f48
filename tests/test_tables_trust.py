"""Issue 34 through the real table service (its unix socket, real clients): every unfinished
table restored and finished ones archived, idle tables expiring (the service's clock is
moved on), caps on bot-only tables, connections per ticket, watchers that fall behind, and
what a delayed watcher may learn from the table list."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import os
import random
import shutil
import time

import pytest
from tables_helpers import Harness

from tabletop_tui.tables.client import ClientError, TableClient
from tabletop_tui.tables.protocol import DEFAULT_LIMITS, Error, TableUpdate, ViewUpdate
from tabletop_tui.tables.service import DAY

TWO = [("Ann", "open"), ("Bob", "open")]
BOTS = [("Robo", "random"), ("Tron", "random")]


async def finished_bot_table(h: Harness, user: str = "eve") -> str:
    """A table of two bots, played to its end by the service; its code."""
    player = await h.connect(user)
    code = (await player.client.create("army-of-zero", BOTS, seed=7)).table.code
    table = h.service.tables[code]
    for _ in range(2000):
        if table.over:
            break
        await asyncio.sleep(0.005)
    assert table.over
    await table.flush()
    await player.client.close()
    return code


def copy_table(saves, code: str, new: str) -> None:
    """Another table on disk: the same game under another code."""
    meta = json.loads((saves / f"{code}.table.json").read_text())
    meta["code"] = new
    (saves / f"{new}.table.json").write_text(json.dumps(meta))
    shutil.copy(saves / f"{code}.json", saves / f"{new}.json")


def code_of(n: int) -> str:
    letters = "ABCDEFGHJKMNPQRSTUVWXY"
    return "A" + "".join(letters[(n // len(letters) ** k) % len(letters)] for k in range(4))


# -- 2. a restart restores every unfinished table ---------------------------------------------
async def test_every_unfinished_table_comes_back_after_150_finished_ones(tmp_path, caplog):
    """The server restored the first 100 *.table.json in name order, finished ones included,
    and said nothing about the rest: a live table named after them was lost."""
    caplog.set_level(logging.INFO, logger="tabletop_tui.tables")
    saves = tmp_path / "saves"
    async with Harness(saves) as h:
        done = await finished_bot_table(h)
        ann = await h.connect("ann")
        live = (await ann.client.create("army-of-zero", TWO, seed=3, sit=0)).table.code
        await h.service.tables[live].flush()
    for n in range(150):
        copy_table(saves, done, code_of(n))
    os.replace(saves / f"{live}.json", saves / "ZZZZZ.json")  # it sorts after them all
    meta = json.loads((saves / f"{live}.table.json").read_text())
    (saves / f"{live}.table.json").unlink()
    (saves / "ZZZZZ.table.json").write_text(json.dumps({**meta, "code": "ZZZZZ"}))
    (saves / "BROKE.table.json").write_text("{ not a table")
    async with Harness(saves) as h2:
        assert h2.service.restore() == ["ZZZZZ"]
        assert h2.service.tables["ZZZZZ"].slots[0].user == "ann"
        assert len(h2.service.archive) == 151 and not list(saves.glob(f"{done}*"))
        assert len(list((saves / "archive").glob("*.table.json"))) == 151
        logged = caplog.text
        assert "restored 1 unfinished: ZZZZZ" in logged and "archived 151 finished" in logged
        assert "skipped BROKE.table.json: cannot be read" in logged
        # the archive is listed, and a finished table in it is replayable from the lobby
        bob = await h2.connect("bob")
        listed = await bob.client.list_tables()
        assert listed[0].code == "ZZZZZ" and len(listed) == 152
        assert all(t.over for t in listed[1:])
        replay = await bob.client.get_replay(code_of(42))
        assert replay.save["game"] == "army-of-zero" and replay.save["actions"]
    # a third start finds them all in the archive, and the live one again
    async with Harness(saves) as h3:
        assert h3.service.restore() == ["ZZZZZ"] and len(h3.service.archive) == 151


async def test_the_archive_keeps_finished_tables_for_a_while_and_at_most_so_many(tmp_path):
    saves = tmp_path / "saves"
    async with Harness(saves) as h:
        done = await finished_bot_table(h)
    for n in range(30):
        copy_table(saves, done, code_of(n))
    now = time.time()
    for n in range(30):  # ten of them finished 40 days ago, the rest over the last days
        age = 40 * DAY if n < 10 else n * 3600
        for path in saves.glob(f"{code_of(n)}*"):
            os.utime(path, (now - age, now - age))
    limits = dataclasses.replace(DEFAULT_LIMITS, keep_finished=30 * DAY, max_finished=15)
    async with Harness(saves, limits) as h2:
        assert h2.service.restore() == []
        kept = set(h2.service.archive)
        # the 15 newest (the table that was played just now, and n = 15..29 but the oldest)
        assert len(kept) == 15 and done in kept
        assert not kept & {code_of(n) for n in range(10)}
        assert len(list((saves / "archive").glob("*.json"))) == 30  # two files each
        # as time passes the rest age out too
        h2.service.clock = lambda: now + 31 * DAY
        await h2.service.sweep()
        assert h2.service.archive == {}
        assert not list((saves / "archive").glob("*.json"))


# -- 3. idle unfinished tables expire ------------------------------------------------------------
async def test_an_unfinished_table_nobody_comes_to_expires_and_an_attended_one_stays(tmp_path):
    limits = dataclasses.replace(DEFAULT_LIMITS, table_expiry=2 * DAY)
    async with Harness(tmp_path / "saves", limits) as h:
        now = [time.time()]
        h.service.clock = lambda: now[0]
        ann, bob = await h.connect("ann"), await h.connect("bob")
        left = (await ann.client.create("army-of-zero", TWO)).table.code
        kept = (await bob.client.create("army-of-zero", TWO, sit=0)).table.code
        await asyncio.sleep(0.05)  # (the first autosaves land)
        now[0] += 1 * DAY
        await h.service.sweep()
        assert set(h.service.tables) == {left, kept}
        now[0] += 1.5 * DAY
        await h.service.sweep()
        assert set(h.service.tables) == {kept}  # bob is still at his
        assert not list((tmp_path / "saves").glob(f"{left}*"))
        # the refusal of a new table says why, and when tables go by themselves
        limits2 = dataclasses.replace(limits, max_tables_per_user=1)
        h.service.limits = limits2
        with pytest.raises(ClientError, match="nobody is at for 2 days is removed"):
            await bob.client.create("army-of-zero", TWO)


# -- 4. bot-only tables --------------------------------------------------------------------------
async def test_tables_of_bots_alone_are_rate_limited_and_counted(tmp_path):
    """One user made 150 tables of bots alone in 22 s."""
    limits = dataclasses.replace(DEFAULT_LIMITS, bot_tables_per_hour=3)
    async with Harness(tmp_path / "saves", limits) as h:
        eve = await h.connect("eve")
        for _ in range(3):
            await eve.client.create("army-of-zero", BOTS)
        with pytest.raises(ClientError, match="at most 3 tables of bots alone an hour"):
            await eve.client.create("army-of-zero", BOTS)
        # another name from the same source (here: the same ticket source) is the same
        ticket = h.service.issue_ticket("eve2", source="user:eve")
        other = await TableClient.connect(h.service.socket_path, ticket)
        with pytest.raises(ClientError, match="tables of bots alone"):
            await other.create("army-of-zero", BOTS)
        await eve.client.create("army-of-zero", TWO)  # a table for people still may be made
        await other.close()
    # while playing they count among a source's unfinished tables
    limits = dataclasses.replace(DEFAULT_LIMITS, max_tables_per_source=2, bot_delay=0.5)
    async with Harness(tmp_path / "saves2", limits) as h:
        eve = await h.connect("eve")
        await eve.client.create("army-of-zero", BOTS)
        await eve.client.create("army-of-zero", BOTS)
        with pytest.raises(ClientError, match="2 unfinished tables"):
            await eve.client.create("army-of-zero", TWO)


# -- 6. connections per ticket, and watchers that fall behind -------------------------------------
async def test_one_ticket_opens_only_a_few_connections(tmp_path):
    """One ticket opened 199 connections and blocked the lobby."""
    async with Harness(tmp_path / "saves") as h:
        ticket = h.service.issue_ticket("mallory")
        cap = h.service.limits.max_connections_per_ticket
        clients = [await TableClient.connect(h.service.socket_path, ticket) for _ in range(cap)]
        with pytest.raises((ClientError, ConnectionError)):
            await TableClient.connect(h.service.socket_path, ticket)
        ann = await h.connect("ann")  # the lobby still works for everyone else
        assert await ann.client.list_tables() == []
        for client in clients:
            await client.close()


async def test_a_connection_that_never_says_hello_is_closed(tmp_path):
    limits = dataclasses.replace(DEFAULT_LIMITS, hello_timeout=0.2)
    async with Harness(tmp_path / "saves", limits) as h:
        silent = await TableClient.connect(h.service.socket_path)
        await asyncio.wait_for(silent.closed.wait(), 3)
        assert not h.service._connections


async def test_watchers_that_do_not_read_are_dropped_by_the_bytes_they_hold(tmp_path):
    """20 watchers that never read grew the server by 88 MB: each may hold back at most
    max_outbox_bytes (the count of messages alone let big views pile up)."""
    limits = dataclasses.replace(
        DEFAULT_LIMITS, max_outbox=100_000, max_outbox_bytes=200_000, bot_delay=0.001
    )
    async with Harness(tmp_path / "saves", limits) as h:
        eve = await h.connect("eve")
        code = (
            await eve.client.create("zeo-dbg", [("Vil", "heuristic"), ("Hero", "heuristic")])
        ).table.code
        table = h.service.tables[code]
        watchers = [await h.connect(f"w{n}") for n in range(5)]
        for w in watchers:
            await w.client.join(code, watch=True)
            w.client._writer.transport.pause_reading()  # a frozen terminal
        most = 0
        for _ in range(6000):
            held = [c.waiting_bytes() for c in h.service._connections]
            most = max(most, *held)
            if table.over or not table.spectators:
                break
            await asyncio.sleep(0.005)
        assert table.spectators == [], "watchers that did not read were not let go"
        assert most <= 200_000 + 64 * 1024, most  # (plus one view)
        for _ in range(6000):
            if table.over:
                break
            await asyncio.sleep(0.005)
        assert table.over


async def test_revoking_a_ticket_closes_its_connections(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        ann = await h.connect("ann")
        code = (await ann.client.create("army-of-zero", TWO, sit=0)).table.code
        ticket = next(t for t, found in h.service._tickets.items() if found.user == "ann")
        h.service.revoke_ticket(ticket)
        await asyncio.wait_for(ann.client.closed.wait(), 3)
        closed = [m for m in ann.messages if isinstance(m, Error) and m.code == "closed"]
        assert closed and "login has ended" in closed[0].message
        table = h.service.tables[code]
        assert table.slots[0].user == "ann" and table.slots[0].listener is None  # seat kept


# -- 7. a delayed watcher never sees the live move count ---------------------------------------------
async def test_a_delayed_watcher_sees_its_own_step_in_the_list_and_never_the_live_revision(
    tmp_path,
):
    async with Harness(tmp_path / "saves") as h:
        ann, bob, eve = await h.connect("ann"), await h.connect("bob"), await h.connect("eve")
        code = (
            await ann.client.create("army-of-zero", TWO, seed=12, sit=0, watch_delay=3)
        ).table.code
        await bob.client.join(code)
        table = h.service.tables[code]
        joined = await eve.client.join(code, watch=True)
        assert joined.table.step == 0
        rng = random.Random(5)
        for _ in range(6):
            seat = min(table.match.to_act())
            player = (ann, bob)[seat]
            update = await player.client.wait_view(lambda v: v.revision == table.revision)
            assert await player.client.act(rng.choice(update.legal)) is None
        assert not table.over
        live = len(table.match.actions)
        await eve.client.wait_view(lambda v: v.step == live - 3)
        (listed,) = await eve.client.list_tables()
        assert listed.step == live - 3
        (seated,) = await ann.client.list_tables()
        assert seated.step == live  # a player sees the game as it is
        # every message eve got names her step, and her revisions count her frames only
        views = [m for m in eve.messages if isinstance(m, ViewUpdate)]
        assert [v.step for v in views] == sorted({v.step for v in views})
        first = views[0].revision
        assert [v.revision for v in views] == list(range(first, first + len(views)))
        assert max(v.revision for v in views) < table.revision
        updates = [m.table.step for m in eve.messages if isinstance(m, TableUpdate)]
        assert all(step <= max(0, live - 3) for step in updates)
        # someone not at the table, looking at the list, sees the watchers' step too
        fay = await h.connect("fay")
        (listed,) = await fay.client.list_tables()
        assert listed.step == live - 3
