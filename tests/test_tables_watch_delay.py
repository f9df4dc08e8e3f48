"""Watching with a delay (issue 19: spectators see the public view, a short delay optional):
a table made with `watch_delay` N sends its watchers the public view and the log of the step
N actions back, so a watcher sitting beside a player cannot tell them what just happened;
once the game is over the watchers see the end. Players are never held back."""

from __future__ import annotations

import random

import pytest
from tables_helpers import Harness, check_views, play_out, replayed_states

from tabletop_tui.tables.protocol import Events, ViewUpdate


@pytest.mark.parametrize("delay", [0, 3])
async def test_watchers_see_the_table_delay_actions_late_and_the_end(tmp_path, delay):
    async with Harness(tmp_path / "saves") as h:
        ann, bob, eve = await h.connect("ann"), await h.connect("bob"), await h.connect("eve")
        joined = await ann.client.create(
            "army-of-zero", [("Ann", "open"), ("Bob", "open")], seed=12, sit=0, watch_delay=delay
        )
        code = joined.table.code
        table = h.service.tables[code]
        assert table.info().watch_delay == delay
        await bob.client.join(code)
        # eve watches from the start; lagging views are checked as each move lands
        await eve.client.join(code, watch=True)
        lags = []

        async def look(_sent: int) -> None:
            now = len(table.match.actions)
            if delay:  # (a held-back watcher's revision counts what it saw, not the game)
                seen = now if table.over else max(0, now - delay)
                update = await eve.client.wait_view(lambda v: v.step == seen)
            else:
                update = await eve.client.wait_view(lambda v: v.revision == table.revision)
            lags.append(now - update.step)

        await play_out(table, {0: ann, 1: bob}, random.Random(4), on_step=look)
        assert table.over
        _, states = await replayed_states(table)
        # every watcher view is the public view of the step it names, nothing hidden in it
        eve_views = [m for m in eve.messages if isinstance(m, ViewUpdate)]
        check_views(table.rules, states, eve_views, None)
        if delay:
            # (the last move ended the game: from then on the watchers see the end)
            assert lags[:delay] == list(range(1, delay + 1)), lags
            assert set(lags[delay:-1]) == {delay} and lags[-1] == 0, lags
        else:
            assert set(lags) == {0}
        # the log lines eve was sent never ran ahead of the view she had
        shown = 0
        for message in eve.messages:
            if isinstance(message, ViewUpdate):
                shown = message.step
            elif isinstance(message, Events):
                assert all(line.step <= max(shown, message.step) for line in message.events)
                assert message.step <= len(states) - 1 - (0 if table.over else delay)
        # the players were never held back, and at the end eve sees the end
        assert ann.views[-1].step == len(table.match.actions)
        last = await eve.client.wait_view(lambda v: v.outcome is not None)
        assert last.step == len(table.match.actions)
        lines = [line for m in eve.messages if isinstance(m, Events) for line in m.events]
        assert [line.text for line in lines] == [
            e.text for batch in table.match.events[1:] for e in batch
        ]


async def test_a_late_watcher_joins_at_the_delayed_step_with_its_log(tmp_path):
    async with Harness(tmp_path / "saves") as h:
        ann, bob, eve = await h.connect("ann"), await h.connect("bob"), await h.connect("eve")
        joined = await ann.client.create(
            "army-of-zero", [("Ann", "open"), ("Bob", "open")], seed=12, sit=0, watch_delay=2
        )
        table = h.service.tables[joined.table.code]
        await bob.client.join(table.code)
        rng = random.Random(1)
        for _ in range(6):
            seat = rng.choice(sorted(table.match.to_act()))
            player = (ann, bob)[seat]
            update = await player.client.wait_view(lambda v: v.revision == table.revision)
            assert await player.client.act(rng.choice(update.legal)) is None
        now = len(table.match.actions)
        seen = await eve.client.join(table.code, watch=True)
        view = await eve.client.wait_view(lambda v: True)
        assert view.step == now - 2
        assert view.view == table.rules.view(table.match.states[now - 2], None).model_dump(
            mode="json"
        )
        assert all(line.step <= now - 2 for line in seen.log)
        assert seen.table.watch_delay == 2


async def test_a_delay_past_the_cap_is_refused_by_the_service(tmp_path):
    """Checked at the service (a client may send anything), like every field of a request."""
    import asyncio
    import json

    from tabletop_tui.tables.protocol import Error

    async with Harness(tmp_path / "saves") as h:
        ann = await h.connect("ann")
        request = {
            "type": "create",
            "game": "army-of-zero",
            "seats": [{"name": "Ann"}, {"name": "Bob"}],
            "watch_delay": 1000,
        }
        ann.client.send_raw(json.dumps(request).encode() + b"\n")
        for _ in range(200):
            errors = [m for m in ann.messages if isinstance(m, Error)]
            if errors:
                break
            await asyncio.sleep(0.01)
        assert errors and errors[0].code == "bad-message" and "watch_delay" in errors[0].message
        assert not h.service.tables
