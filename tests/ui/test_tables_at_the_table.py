"""At a shared table (issue 34, items 9 and 11-14): a Pilot app sits at a table of a real
table service (the `service` fixture of test_lobby.py) with the other players as socket
clients. The undo question names its moves and never comes back after its answer; Zeo's P
plays every Shard card; a player who drops or comes back is said in the game, with one bot
question per absence, and is taken straight back to the table; a watcher sees watcher keys
and words and its delay; Zeo's header keeps its Shards at 120 columns."""

from __future__ import annotations

import asyncio

import pytest

from tabletop_tui.tables.client import TableClient
from tabletop_tui.tables.protocol import Limits
from tabletop_tui.ui.app import TabletopApp

from . import test_lobby
from .helpers import screen_lines, screen_name, screen_text, settle
from .test_lobby import moves_panel, shown_message, sit_from_the_lobby, wait_for

service = test_lobby.service


def asks(app) -> list:
    return [s for s in app.screen_stack if type(s).__name__ == "AskScreen"]


async def test_an_undo_question_names_its_move_and_does_not_come_back_after_its_answer(service):
    """The result reached the others before their new view, whose predecessor still named
    the question: "Bob asks to undo" came up again, and held the keys, after y and after n."""
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
        joined = await bob.create("army-of-zero", [("Bob", "open"), ("Ann", "open")], seed=6, sit=0)
        table = service.tables[joined.table.code]
        await sit_from_the_lobby(pilot, table)
        await wait_for(pilot, lambda: screen_name(app) == "ArmyOfZeroScreen", "the game")
        for answer, undone in (("y", True), ("n", False)):
            revision = table.revision
            assert await bob.act(bob.view.legal[0]) is None
            step = len(table.match.actions)
            bob.undo()
            await wait_for(pilot, lambda: screen_name(app) == "AskScreen", "ann asked")
            ask = app.screen
            assert ask.title_text == "Bob asks to undo"
            # which move: its step, and (a secret squad placement) only that it was Bob's
            assert f"↶ step {step} · a move of Bob (secret)" in ask.body, ask.body
            await pilot.press(answer)
            await wait_for(pilot, lambda: table.undo_ask is None, "the answer")
            assert (len(table.match.actions) == step - 1) == undone
            await wait_for(pilot, lambda r=revision: bob.view.revision > r, "bob's new view")
            for _ in range(10):
                await settle(pilot)
                assert not asks(app), f"the question came back after {answer}"
            assert screen_name(app) == "ArmyOfZeroScreen"
        await bob.close()


def _zeo_plays(table, seat: int) -> int:
    """How many cards `P` should play now: Shard or Energy cards with no other use."""
    from tabletop_tui.games.zeo_dbg.models import Attach, AttachTile, Play

    view = table.match.view(seat)
    hand = dict(view.seats[seat].hand)
    legal = table.match.legal_actions(seat)
    attachable = {
        a.card
        for a in legal
        if isinstance(a, (Attach, AttachTile))
        and a.card in hand
        and (
            isinstance(a, AttachTile)
            or hand[a.card].ability_cost is not None
            or hand[a.card].block_cost is not None
        )
    }
    return sum(
        1
        for a in legal
        if isinstance(a, Play)
        and a.card in hand
        and a.card not in attachable
        and (hand[a.card].shards or hand[a.card].energy)
    )


async def test_zeo_p_plays_every_shard_card_at_a_shared_table_and_the_header_keeps_them(service):
    """P played one card per press at a shared table (the screen sent one and stopped until
    the answer came). At 120 columns the header dropped "Main · N◆" for the team bars."""
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    joined = await bob.create("zeo-dbg", [("Ann", "open"), ("Robo", "heuristic")], seed=4)
    table = service.tables[joined.table.code]
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await sit_from_the_lobby(pilot, table)
        await wait_for(pilot, lambda: screen_name(app) == "ZeoScreen", "the game", 400)
        screen = app.screen
        for _ in range(60):  # ann's moves (F2's first) until a Main Phase with Shards in hand
            view = table.match.view(0)
            mine = 0 in table.match.to_act()
            if mine and view.phase == "main" and view.decision is None and _zeo_plays(table, 0) > 1:
                break
            if not mine:
                await pilot.pause(0.05)
                continue
            await wait_for(pilot, lambda: not screen.waiting, "ann's screen", 400)
            revision = table.revision
            await pilot.press("f2")
            await wait_for(pilot, lambda: moves_panel(app) is not None, "the move list")
            await pilot.press("enter")
            await wait_for(pilot, lambda r=revision: table.revision > r, "ann's move", 400)
        else:
            pytest.fail("no Main Phase of ann's with two Shard cards to play")
        expected = _zeo_plays(table, 0)
        await wait_for(pilot, lambda: not screen.waiting and screen.mode == "main", "main", 400)
        await settle(pilot)
        status = screen_lines(app)[0]
        assert f"Main · {table.match.view(0).shards}◆" in status, status
        before = len(table.match.actions)
        await pilot.press("P")
        await wait_for(
            pilot, lambda: len(table.match.actions) >= before + expected, "every card", 400
        )
        await settle(pilot)
        assert _zeo_plays(table, 0) == 0
        assert all(a.seat == 0 for a in table.match.actions[before:])
        status = screen_lines(app)[0]
        assert f"Main · {table.match.view(0).shards}◆" in status, status
    await bob.close()


@pytest.mark.parametrize("service", [Limits(seat_timeout=0.3)], indirect=True)
async def test_a_drop_and_a_return_are_said_at_the_table_with_one_question_per_absence(service):
    """Nobody was told that a player dropped or came back, and the bot question came again
    after every table change past the timeout, stacked."""
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
        joined = await bob.create("army-of-zero", [("Bob", "open"), ("Ann", "open")], sit=0)
        table = service.tables[joined.table.code]
        await sit_from_the_lobby(pilot, table)
        await wait_for(pilot, lambda: screen_name(app) == "ArmyOfZeroScreen", "the game")
        bob.abort()
        await wait_for(pilot, lambda: "bob dropped" in shown_message(app), "the drop said")
        await wait_for(pilot, lambda: len(asks(app)) == 1, "the bot question", 400)
        # the table changes past the timeout (watchers come and go): no second question
        for n in range(3):
            eve = await TableClient.connect(service.socket_path, service.issue_ticket(f"eve{n}"))
            await eve.join(table.code, watch=True)
            await asyncio.sleep(0.4)
            await eve.close()
            await asyncio.sleep(0.4)
        await settle(pilot)
        assert len(asks(app)) == 1, [s.title_text for s in asks(app)]
        # bob comes back: said, and the question about his seat goes away
        again = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
        await again.join(table.code)
        await wait_for(pilot, lambda: not asks(app), "the question withdrawn")
        await wait_for(pilot, lambda: "bob is back" in shown_message(app), "the return said")
        assert not table.slots[0].is_bot and table.slots[0].user == "bob"
        await again.close()


async def test_a_player_who_dropped_is_taken_straight_back_to_the_table(service):
    """ann's connection died at a table: her next app opens that table by itself."""
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    joined = await bob.create("army-of-zero", [("Bob", "open"), ("Ann", "open")], sit=0)
    table = service.tables[joined.table.code]
    ann = await TableClient.connect(service.socket_path, service.issue_ticket("ann"))
    await ann.join(table.code)
    assert table.started
    ann.abort()
    await asyncio.sleep(0.1)
    assert table.slots[1].user == "ann" and table.slots[1].listener is None
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:  # no key pressed
        await wait_for(pilot, lambda: screen_name(app) == "ArmyOfZeroScreen", "the table", 400)
        assert table.slots[1].listener is not None
    await bob.close()


async def test_a_watcher_sees_watcher_keys_and_words_and_its_delay(service):
    """A watcher's footer offered u Undo and s Save, its screen said "Your pile", its quit
    question "your seat stays yours", and nothing said how late it sees the game."""
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    seats = [("Bob", "open"), ("Robo", "heuristic")]
    joined = await bob.create("army-of-zero", seats, sit=0, watch_delay=2)
    table = service.tables[joined.table.code]
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await wait_for(pilot, lambda: table.code in screen_text(app), "the table listed")
        await pilot.press("w")
        await wait_for(pilot, lambda: screen_name(app) == "ArmyOfZeroScreen", "the table")
        for _ in range(4):  # bob moves: the watcher's view moves on, 2 late
            revision = table.revision
            update = await bob.wait_view(lambda v: bool(v.legal) and 0 in v.to_act, 30)
            assert await bob.act(update.legal[0], expect=update.revision) is None
            await wait_for(pilot, lambda r=revision: table.revision > r, "bob's move")
        await wait_for(pilot, lambda: "watching 2 moves late" in shown_message(app), "the delay")
        await settle(pilot)
        text = screen_text(app)
        footer = screen_lines(app)[-1]
        assert "Undo" not in footer and "Save" not in footer, footer
        assert "Attack" not in footer and "Lay down" not in footer, footer
        assert "Your pile" not in text and "Squad Piles: face down (watching)" in text
        await pilot.press("u", "s")  # nothing to do for a watcher: no question, no save
        await settle(pilot)
        assert screen_name(app) == "ArmyOfZeroScreen" and table.undo_ask is None
        await pilot.press("q")
        await wait_for(pilot, lambda: screen_name(app) == "ConfirmQuit", "the quit question")
        text = screen_text(app)
        assert "stop watching" in text and "your seat stays yours" not in text, text
    await bob.close()
