"""The launcher lists the five games; only built ones start."""

import asyncio

from tabletop_tui.games import GAMES
from tabletop_tui.ui.app import TabletopApp

from .helpers import screen_name, screen_text, settle


async def test_launcher_lists_all_five_games_with_status(unfinished_game):
    app = TabletopApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen"
        text = screen_text(app)
        for info in GAMES.values():
            assert info.title[:20] in text
        assert "coming soon" in text
        assert "ready to play" in text


async def test_coming_soon_game_cannot_start(unfinished_game):
    app = TabletopApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("down", "down", "down", "down", "enter")  # hotg: not built yet
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen"
        assert any("coming soon" in str(n.message) for n in app._notifications)


async def test_enter_opens_setup_and_escape_returns():
    app = TabletopApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "SetupScreen"
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen"


async def test_the_too_small_notice_is_made_only_when_first_needed():
    """A hidden widget still costs every frame's idle checks: the notice waits until the
    terminal is too small."""
    from tabletop_tui.ui.screens.base import TooSmall

    app = TabletopApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert not app.screen.query(TooSmall)
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        assert app.screen.has_class("-too-small")
        assert "Terminal too small: 60x20" in screen_text(app)


async def test_too_small_terminal_shows_notice_then_recovers():
    app = TabletopApp(autosave=False)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert app.screen.has_class("-too-small")
        assert "Terminal too small" in screen_text(app)
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert not app.screen.has_class("-too-small")
        assert "Terminal too small" not in screen_text(app)


async def test_moving_the_highlight_draws_the_list_and_description_in_one_frame():
    """Served over SSH every frame is CPU and bytes: the list's highlight and the game's
    description change in the same step, so a key draws them once (it took two frames; the
    footer draws apart only when the keys it shows change, as `b` for ZOOBOTZ)."""
    from tabletop_tui.ui.keys_footer import KeysFooter

    app = TabletopApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 3)
        footer_y = app.screen.query_one(KeysFooter).region.y
        frames: list[set[int]] = []
        display = app._display

        def counted(screen, renderable):
            if renderable is not None:
                frames.append({y for y, _, _ in renderable.spans if y < footer_y})
            display(screen, renderable)

        app._display = counted
        titles = [info.title for info in GAMES.values()]
        for key, index in (("j", 1), ("j", 2), ("k", 1)):
            frames.clear()
            await app._press_keys([key])  # (as a terminal sends it: no Pilot waits drawing)
            await asyncio.sleep(0.2)
            assert titles[index] in str(app.screen.query_one("#game-detail").render())
            assert len([rows for rows in frames if rows]) == 1


async def test_the_seed_field_says_in_full_what_a_blank_seed_means_at_80_columns():
    """The seed's note used to be the field's placeholder, cut off by the narrow field."""
    from textual.widgets import Input, Static

    app = TabletopApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        seed = app.screen.query_one("#seed", Input)
        assert len(seed.placeholder) < seed.content_region.width
        note = app.screen.query_one(".seed-note", Static)
        assert len(str(note.render())) <= note.content_region.width
        assert "random" in str(note.render())


async def test_a_long_choice_stays_on_one_line_inside_its_box():
    """HotG's mode "Psycho Assault (the Psycho Rangers are the villains)" wrapped inside the
    closed select and pushed out its bottom edge (and the rest of the words)."""
    from textual.widgets import Select

    from tabletop_tui.ui.screens.setup import SetupScreen

    app = TabletopApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.push_screen(SetupScreen("hotg", memory={"opt-mode-0": "psycho_assault"}))
        await settle(pilot)
        mode = app.screen.query_one("#opt-mode-0", Select)
        assert mode.value == "psycho_assault"
        await settle(pilot)
        label = mode.query_one("SelectCurrent #label")
        assert label.size.height == 1
        assert "Psycho Assault" in str(label.render())
