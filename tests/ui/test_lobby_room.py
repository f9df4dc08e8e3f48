"""The waiting room of a shared table shows its code and seats as soon as it opens."""

from __future__ import annotations

from tabletop_tui.ui.app import TabletopApp

from .helpers import screen_name, screen_text, settle
from .test_lobby import service, wait_for  # noqa: F401 - the fixture


async def test_the_waiting_room_shows_the_table_before_anyone_joins(service):  # noqa: F811
    app = TabletopApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await wait_for(pilot, lambda: screen_name(app) == "LobbyScreen", "the lobby")
        await pilot.press("c")
        await wait_for(pilot, lambda: screen_name(app) == "GamePickScreen", "the game list")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen_name(app) == "TableSetupScreen", "the table form")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: screen_name(app) == "TableRoom", "the waiting room")
        await settle(pilot)
        table = next(iter(service.tables.values()))
        text = screen_text(app)
        assert f"Table {table.code}" in text, text
        assert "Waiting for players" in text, text
