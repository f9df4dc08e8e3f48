"""The seed never leaves the table service (issue 34, item 8).

From a table's seed and its public settings every hidden card can be dealt again: a watcher
held moves behind read it on its status line ("New game of Army Of Zero, seed N.", the
engine's first log line, sent in the Joined log and the Events messages). Here two seats
and two watchers (one live, one held back) are plain socket clients of a real service; a
seat asks for an undo and is answered; a watcher joins late. Not one message any of them
was sent, as JSON, holds the seed's digits."""

from __future__ import annotations

import asyncio

from tabletop_tui.tables.client import TableClient
from tabletop_tui.tables.service import TableService

#: long enough that its digits appear nowhere else by chance
SEED = 1814674638


async def test_no_message_to_a_seat_or_a_watcher_holds_the_seed(tmp_path):
    service = TableService(tmp_path / "tables")
    await service.start(tmp_path / "t.sock")
    heard: dict[str, list] = {}

    async def client(user: str) -> TableClient:
        heard[user] = []
        return await TableClient.connect(
            service.socket_path, service.issue_ticket(user), on_message=heard[user].append
        )

    try:
        ann, bob, eve, max_ = [await client(u) for u in ("ann", "bob", "eve", "max")]
        seats = [("Ann", "open"), ("Bob", "open")]
        joined = await ann.create("army-of-zero", seats, seed=SEED, sit=0, watch_delay=2)
        table = service.tables[joined.table.code]
        assert table.match.seed == SEED
        assert f"seed {SEED}" in next(table.match.log_lines()).text  # (the service keeps it)
        await bob.join(table.code)
        await eve.join(table.code, watch=True)  # held 2 moves back: sees step 0 first
        players = {0: ann, 1: bob}
        undone = False
        for _ in range(30):
            if table.over:
                break
            seat = min(table.match.to_act())
            me = players[seat]
            update = await me.wait_view(lambda v: v.revision == table.revision and bool(v.legal))
            assert await me.act(update.legal[0], expect=update.revision) is None
            if not undone and len(table.match.actions) == 3 and table.match.undoable(seat):
                undone = True  # an undo's question and result go to every seat
                me.undo()
                other = players[1 - seat]
                await other.wait_view(lambda v, s=seat: v.undo_asked_by == s)
                other.reply_undo(True)
                await asyncio.sleep(0.05)
            await asyncio.sleep(0)
        await max_.join(table.code, watch=True)  # a late watcher gets the log so far
        await asyncio.sleep(0.2)
        assert len(table.match.actions) >= 6
        for user, messages in heard.items():
            assert messages, f"{user} heard nothing: the check proves nothing"
            for message in messages:
                text = message.model_dump_json()
                assert str(SEED) not in text, f"{user} was sent the seed: {text[:300]}"
        # the first line still reaches everyone, less the seed
        assert any(
            line.text == "New game of Army Of Zero."
            for m in heard["max"]
            if m.type == "joined"
            for line in m.log
        )
        for c in (ann, bob, eve, max_):
            await c.close()
    finally:
        await service.close()
