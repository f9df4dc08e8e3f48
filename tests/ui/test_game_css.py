"""Each game's stylesheet is read only when that game first shows a screen (issue 18:
start-up), and then it styles that screen exactly as before: the launcher and a game
started from the command line parse no other game's rules."""

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.registry import every_game_css, game_css

from .helpers import screen_name, settle

ZEO_CSS = game_css("tabletop_tui.ui.games.zeo_dbg.screen")


def _read(app) -> set[str]:
    every = {str(path) for path in every_game_css()}
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
        # zeo_dbg/screen.tcss gives the status line one row; without it the line would wrap
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


def test_every_game_ui_is_a_package_of_the_same_shape():
    """Issue 35: each game's UI is ui/games/<game>/ with screen.py and its screen.tcss, and
    every screen and deck builder of a game finds that sheet."""
    from tabletop_tui.games import GAMES
    from tabletop_tui.ui.registry import (
        DECK_BUILDERS,
        HERE,
        PACKAGES,
        deck_builder_class,
        game_screen_class,
    )

    assert set(PACKAGES) == set(GAMES)
    for game_id, package in PACKAGES.items():
        folder = HERE / "games" / package
        assert (folder / "__init__.py").is_file() and (folder / "screen.py").is_file()
        css = game_css(game_screen_class(game_id).__module__)
        assert css == folder / "screen.tcss" and css.is_file(), game_id
    for game_id in DECK_BUILDERS:
        assert game_css(deck_builder_class(game_id).__module__) == game_css(
            game_screen_class(game_id).__module__
        )
    # nothing of a game's UI is left beside the packages
    loose = sorted(p.name for p in (HERE / "games").iterdir() if p.is_file())
    assert loose == ["__init__.py"]
