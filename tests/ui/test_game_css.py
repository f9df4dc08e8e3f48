"""Each game's stylesheet is read only when that game first shows a screen (issue 18:
start-up), and then it styles that screen exactly as before: the launcher and a game
started from the command line parse no other game's rules."""

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import GAME_CSS, TabletopApp, _game_css

from .helpers import screen_name, settle

ZEO_CSS = _game_css("tabletop_tui.ui.games.zeo_dbg")


def _read(app) -> set[str]:
    every = {str(_game_css(module)) for module in GAME_CSS}
    return {path for path in every if app.stylesheet.has_source(path, "")}


async def test_the_launcher_reads_no_game_stylesheet_until_a_game_opens():
    app = TabletopApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen"
        assert _read(app) == set()
        app.start_game(
            "zeo-dbg", [SeatSpec(name="A"), SeatSpec(name="B", kind="heuristic")], seed=3
        )
        await settle(pilot)
        assert screen_name(app) == "ZeoScreen"
        assert _read(app) == {str(ZEO_CSS)}
        # zeo_dbg.tcss gives the status line one row; without it the line would wrap
        assert app.screen.query_one("#zeo-status").outer_size.height == 1


async def test_a_game_started_directly_reads_only_its_own_stylesheet():
    app = TabletopApp(
        game="zeo-dbg", seats=[SeatSpec(name="A"), SeatSpec(name="B", kind="heuristic")], seed=3
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "ZeoScreen"
        assert _read(app) == {str(ZEO_CSS)}
        assert app.screen.query_one("#zeo-status").outer_size.height == 1


def test_every_game_screen_finds_its_stylesheet():
    """A screen moved into a package (HotG's hotg/screen.py) must still get its game's sheet."""
    from tabletop_tui.ui.app import SCREENS_BY_GAME, game_screen_class

    for game_id in SCREENS_BY_GAME:
        css = _game_css(game_screen_class(game_id).__module__)
        assert css is not None and css.is_file(), game_id
