"""The coach at a shared table (issue 38): off unless the table's maker allows it (a table
option on the new-table form, off by default); where allowed, C works as at home and the
move taken from it reaches every connection's log marked "(coached)". Also: the coach
thinks off the UI thread, so the table stays live and an answer it has moved past is
dropped."""

from __future__ import annotations

import threading

from textual.widgets import Select

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.tables.client import TableClient
from tabletop_tui.ui import game_screen
from tabletop_tui.ui.app import TabletopApp

from . import test_lobby
from .helpers import screen_name, screen_text, settle
from .test_lobby import open_table_form, sit_from_the_lobby, wait_for

service = test_lobby.service


async def _seated(pilot, table) -> game_screen.GameScreen:
    app = pilot.app
    await sit_from_the_lobby(pilot, table)
    await wait_for(pilot, lambda: screen_name(app) == "PrCcgScreen", "the game", 400)
    screen = app.screen
    await wait_for(
        pilot,
        lambda: not screen.waiting and 0 in table.match.to_act(),
        "ann's move",
        400,
    )
    return screen


async def test_the_coach_is_off_at_a_table_whose_maker_did_not_allow_it(service):
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    joined = await bob.create("pr-ccg-2008", [("Ann", "open"), ("Robo", "heuristic")], seed=4)
    table = service.tables[joined.table.code]
    assert table.coach is False  # (the default)
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _seated(pilot, table)
        shown = {b.action for _, b, _, _ in screen.active_bindings.values() if b.show}
        assert "coach" not in shown  # not offered in the footer, and its key does nothing
        await pilot.press("C")
        await settle(pilot, 5)  # (a coach would say it thinks at once)
        assert screen_name(app) == "PrCcgScreen"
        assert "thinking" not in str(screen.message)
        assert not any(a.seat == 0 for a in table.match.actions)
        assert screen.coach_problem() == (
            "The coach is off at this table: its maker did not allow it."
        )
    await bob.close()


async def test_where_allowed_a_coached_move_is_marked_in_everyone_s_log(service):
    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    joined = await bob.create(
        "pr-ccg-2008", [("Ann", "open"), ("Robo", "heuristic")], seed=4, coach=True
    )
    table = service.tables[joined.table.code]
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _seated(pilot, table)
        await pilot.press("C")
        await wait_for(pilot, lambda: screen_name(app) == "CoachScreen", "the advice", 400)
        await pilot.press("enter")
        await wait_for(
            pilot, lambda: any(a.seat == 0 for a in table.match.actions), "ann's move", 400
        )
        mine = next(i for i, a in enumerate(table.match.actions) if a.seat == 0)
        assert table.match.events[mine + 1][0].text.endswith("(coached)")
        # the line as Ann's own connection received it (what every seat is sent)
        await wait_for(
            pilot,
            lambda: any(e.text.endswith("(coached)") for e in screen.match.log_lines()),
            "the marked line",
        )
    await bob.close()


async def test_the_new_table_form_offers_the_coach_off_by_default(service):
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await open_table_form(pilot)
        await wait_for(pilot, lambda: bool(app.screen.query("#coach")), "the coach field")
        coach = app.screen.query_one("#coach", Select)
        assert coach.value == 0
        coach.value = 1
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: screen_name(app) == "TableRoom", "the waiting room")
        table = next(iter(service.tables.values()))
        assert table.coach is True and table.info().coach is True
        await pilot.press("escape")  # leave the room: the lobby lists the table as coached
        await wait_for(pilot, lambda: "coach allowed" in screen_text(app), "the listed coach")


async def test_the_table_stays_live_while_the_coach_thinks(monkeypatch):
    """A slow coach (as Heroes of the Grid's search may be) runs in a worker: the screen
    says it is thinking and still takes keys; an answer the table has moved past is dropped."""
    release = threading.Event()
    real = game_screen.advise

    def slow(*args, **kwargs):
        release.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(game_screen, "advise", slow)
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Bot", kind="heuristic")]
    app = TabletopApp(game="pr-ccg-2008", seats=seats, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        await pilot.press("C")
        await settle(pilot)
        assert "thinking" in str(screen.message)
        await pilot.press("question_mark")  # the keys still work meanwhile
        await wait_for(pilot, lambda: screen_name(app) == "HelpScreen", "the help")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the table")
        step = len(screen.match.actions)
        seat = screen.session.on_screen
        screen.submit(screen.match.legal_actions(seat)[0])  # the table moves on meanwhile
        await settle(pilot)
        assert len(screen.match.actions) > step
        release.set()
        await app.workers.wait_for_complete()
        await settle(pilot, 3)
        assert screen_name(app) != "CoachScreen"  # the late answer was dropped
