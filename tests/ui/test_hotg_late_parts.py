"""Heroes of the Grid makes the parts of its table that a first frame hides (the battle,
a question's cards, the Schemes, the discard piles) the first time they are shown (issue
18, start-up): they must then appear, at their place in the table, as compose made them."""

from __future__ import annotations

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.games.hotg.screen import LATE, TABLE_ORDER
from tabletop_tui.ui.widgets.table import Zone

from .helpers import hotg_key, screen_name, settle


def _app(seats=("Ann", "Ben"), seed=5, **config) -> TabletopApp:
    specs = [SeatSpec(name=n) for n in seats]
    return TabletopApp(
        game="hotg", seats=specs, seed=seed, bot_delay=0, autosave=False, config=config
    )


def _table_ids(screen) -> list[str]:
    return [w.id for w in screen.query_one("#hg-table").children if w.id]


def _in_table_order(screen) -> None:
    ids = _table_ids(screen)
    assert ids == [i for i in TABLE_ORDER if i in ids], ids


async def test_a_first_frame_builds_no_hidden_part_and_keeps_the_table_order():
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = next(s for s in app.screen_stack if type(s).__name__ == "HotgScreen")
        view = screen.match.view(screen.session.viewer())
        assert view.battle is None and view.mastermind_seat is None
        ids = set(_table_ids(screen))
        assert not ids & {"hg-battle-head", "hg-enemies", "hg-grid", "hg-schemes"}
        # whatever late part is made is shown (made only to be shown)
        for ident in ids & LATE.keys():
            assert screen.query_one(f"#{ident}").display
        _in_table_order(screen)


async def test_a_battle_makes_its_parts_in_place_and_titled_once():
    """Base rules, Battle Phase: a battle shows its head line and its enemy cards; they are
    made then, between the board and the hand, as compose would have placed them."""
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        for _ in range(400):
            if screen_name(app) in ("CurtainScreen", "RevealScreen", "CardMenu"):
                await pilot.press("enter")
                await settle(pilot)
                continue
            screen = app.screen
            if screen.match.view(None).battle is not None and not screen.waiting:
                break
            await hotg_key(pilot)
            await pilot.pause()
        else:
            raise AssertionError("no battle began")
        await settle(pilot, 3)
        screen = app.screen
        head = screen.query_one("#hg-battle-head")
        enemies = screen.query_one("#hg-enemies", Zone)
        assert head.display and enemies.display
        assert "Battle at" in str(head.render())
        assert enemies.cards, "the enemies of the battle are shown"
        _in_table_order(screen)
        for zone in screen.query(Zone):
            titles = [w for w in zone.children if "zone-title" in w.classes]
            assert len(titles) <= 1, f"{zone.id} has {len(titles)} titles"


async def test_mastermind_mode_makes_the_scheme_hand_at_once():
    """Mastermind Mode: the Schemes zone is part of the table from the first frame."""
    app = _app(seats=("Ann", "Ben", "Mal"), seed=3, mode="mastermind")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        screen = next(s for s in app.screen_stack if type(s).__name__ == "HotgScreen")
        zone = screen.query_one("#hg-schemes", Zone)
        assert zone.display
        titles = [w for w in zone.children if "zone-title" in w.classes]
        assert len(titles) == 1 and "Schemes:" in str(titles[0].render())
        _in_table_order(screen)


async def test_the_side_column_is_made_when_the_screen_is_first_wide():
    """80x24 has no room for the side column (summary and log): it is made, with the whole
    log so far, when the terminal grows past the compact size."""
    from tabletop_tui.ui.widgets.log import MAX_LINES, LogPanel

    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = next(s for s in app.screen_stack if type(s).__name__ == "HotgScreen")
        assert not list(screen.query("#hg-side"))
        await pilot.resize_terminal(160, 48)
        await settle(pilot, 3)
        side = screen.query_one("#hg-side")
        assert side.display and side.parent is screen.query_one("#hg-body")
        assert [w.id for w in side.children] == ["hg-info", "hg-log"]
        log = screen.query_one("#hg-log", LogPanel)
        opening = screen.match.view(screen.session.viewer()).opening
        shown = len(opening) + len(list(screen.match.log_lines()))
        assert log.count == min(shown, MAX_LINES) > 0
        lines = log.text().splitlines()
        # the game's opening line first, then the deployment made while it was set up
        assert "New game of Power Rangers: Heroes of the Grid" in lines[0]
        assert "Deployment Phase" in lines[1] and "Deployment:" in lines[2]
        await pilot.resize_terminal(80, 24)
        await settle(pilot, 3)
        assert not side.display  # hotg/screen.tcss hides it again at the compact size
