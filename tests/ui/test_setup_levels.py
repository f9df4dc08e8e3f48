"""Issue 38: the setup screen offers every bot level for each seat, and a game started from
it seats the chosen level."""

from __future__ import annotations

from textual.widgets import Select

from tabletop_tui.ui.app import TabletopApp

from .helpers import screen_name, settle


async def test_setup_screen_offers_the_bot_levels():
    app = TabletopApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        app.open_setup("army-of-zero")
        await settle(pilot)
        setup = app.screen
        select = setup.query_one("#kind-1", Select)
        labels = {value: str(label) for label, value in select._options}
        assert labels["bot:easy"] == "Bot (easy)"
        assert labels["heuristic"] == "Bot (normal)"
        assert labels["bot:hard"] == "Bot (hard)"
        assert select.value == "heuristic"  # a bot seat starts at the normal level
        select.value = "bot:easy"
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        assert screen_name(app) != "SetupScreen"
        assert [s.kind for s in app.screen.match.seats] == ["human", "bot:easy"]
