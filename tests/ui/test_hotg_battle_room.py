"""A Heroes of the Grid battle as a new player meets it (issue 36 play-test): after a card's
target menu closes the keys and the inspector stay on the battle (Textual's own choice was
the board's first card: the inspector read "Angel Grove Park" while the dice question was
asked); the enemies' frames stand as tall as one another (a short one left a gap under it);
at 120x40 the board steps aside so the enemies are on screen."""

from __future__ import annotations

from tabletop_tui.ui.widgets.table import Zone

from .helpers import settle
from .test_hotg_board_frames import _app


async def _battle(pilot, app):
    screen = app.screen

    def key(label: str) -> str:
        return screen.key_of(next(g for g in screen.groups if label in g.label.plain))

    await pilot.press(key("MOVE to Angel Grove Park"))
    await settle(pilot, 3)
    await pilot.press(key("BATTLE"))
    await settle(pilot, 4)
    return screen, key


async def test_a_question_after_a_target_menu_reads_the_battle_not_the_board():
    app = _app(players=1, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, key = await _battle(pilot, app)
        enemies = screen.query_one("#hg-enemies", Zone)
        heights = {card.outer_size.height for card in enemies.cards}
        assert len(enemies.cards) >= 3 and len(heights) == 1, heights  # one size of card
        table = screen.query_one("#hg-table")
        assert not screen.query_one("#hg-board").display
        assert enemies.region.bottom <= table.region.bottom  # all of them on screen
        await pilot.press(key("Tyranno"))  # a target menu
        await settle(pilot, 2)
        await pilot.press("2")  # at an enemy
        await settle(pilot, 4)
        assert screen._view.decision is not None  # the dice question
        key_now = getattr(screen._focused_info, "key", "")
        assert not key_now.startswith("loc-"), key_now
        assert screen.focused is screen.query_one("#hg-list")


async def test_at_160x48_the_board_stays_beside_the_battle():
    app = _app(players=1, seed=7)
    async with app.run_test(size=(160, 48)) as pilot:
        screen, _ = await _battle(pilot, app)
        assert screen.query_one("#hg-board").display
        enemies = screen.query_one("#hg-enemies", Zone)
        assert len({card.outer_size.height for card in enemies.cards}) == 1
