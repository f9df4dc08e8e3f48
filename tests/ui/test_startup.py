"""Starting straight into a game: the first frame skips work nobody sees yet, and nothing a
player does later notices the difference.

- A game started from the command line (`tabletop-tui GAME --seats ...`) no longer builds
  the launcher underneath it; going back to the launcher brings one in.
- The garbage collector pauses while the app starts and is back on after the first frame
  (and at exit in any case), so no process is left without it.
"""

from __future__ import annotations

import gc

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.screens.launcher import LauncherScreen

from .helpers import screen_name, settle

TWO_HUMANS = [SeatSpec(name="Alice"), SeatSpec(name="Bob")]


def _game(app: TabletopApp):
    return next(s for s in app.screen_stack if hasattr(s, "session"))


async def test_a_game_from_the_command_line_has_no_launcher_under_it_until_asked():
    app = TabletopApp(game="army-of-zero", seats=TWO_HUMANS, seed=3, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert not any(isinstance(s, LauncherScreen) for s in app.screen_stack)
        assert _game(app).match.rules.game_id == "army-of-zero"
        app.open_launcher()  # what "back to the launcher" after a game does
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen"
        assert len(app.screen_stack) == 2  # the launcher took the game's place
        app.open_launcher()  # asked again: still one launcher
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen" and len(app.screen_stack) == 2


async def test_new_game_after_a_command_line_game_goes_through_the_launcher():
    """Game over -> New game: the setup form opens over the launcher, and leaving the form
    lands on the launcher, not on an empty screen."""
    app = TabletopApp(game="army-of-zero", seats=TWO_HUMANS, seed=3, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        app.open_setup("army-of-zero", replace=True)
        await settle(pilot)
        assert screen_name(app) == "SetupScreen"
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen"


async def test_the_launcher_path_still_starts_on_the_launcher():
    app = TabletopApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen"


async def test_garbage_collection_is_back_on_after_the_first_frame_and_at_exit():
    assert gc.isenabled()
    app = TabletopApp(game="hotg", seats=TWO_HUMANS, seed=1, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert screen_name(app) != "LauncherScreen"
        assert gc.isenabled()
    # an app that exits at once (before any frame) turns it back on too
    app = TabletopApp(autosave=False)
    async with app.run_test(size=(80, 24)):
        pass
    assert gc.isenabled()


async def test_a_game_screens_first_frame_styles_each_widget_about_once(monkeypatch):
    """Before the first frame, a widget is styled as it mounts (a card not before, as it is
    built) and once more when the screen is first shown (Textual's own restyle: skipping it
    measured within the noise of benchmarks/run.py, so since issue 35 it is not skipped),
    never a third time: a card not again for a focus nobody asked for."""
    from collections import Counter

    from textual.css.stylesheet import Stylesheet

    from tabletop_tui.ui.widgets.table import TableCard

    styled: Counter = Counter()
    apply = Stylesheet.apply

    def counting(self, node, *args, **kwargs):
        styled[node] += 1
        return apply(self, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counting)
    for game in ("army-of-zero", "zoobotz", "zeo-dbg", "hotg"):
        styled.clear()
        app = TabletopApp(game=game, seats=TWO_HUMANS, seed=1, autosave=False)
        first: list[tuple[int, int]] = []
        display = app._display

        def at_first_frame(screen, renderable, app=app, display=display, first=first):
            if renderable is not None and not first and hasattr(screen, "session"):
                nodes = list(screen.walk_children(with_self=True))
                cards = {styled[n] for n in nodes if isinstance(n, TableCard)}
                first.append((len(nodes), sum(styled[n] for n in nodes), cards))
            display(screen, renderable)

        app._display = at_first_frame
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
        assert first, f"{game}: no frame of the game screen was drawn"
        nodes, applied, cards = first[0]
        assert applied <= 2 * nodes + 4, f"{game}: {applied} stylings for {nodes} widgets"
        assert max(cards) <= 2, f"{game}: the cards were styled {cards} times each"
