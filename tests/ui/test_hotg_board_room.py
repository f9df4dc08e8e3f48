"""Heroes of the Grid at 120x40 (issue 36 play-test): each place's chip is cut to its narrow
cell there, so its figures against the limit (and ⚠P) stand on the place's border; the hand
shows three cards to a row so every card's name and cost read whole."""

from __future__ import annotations

from tabletop_tui.ui.games.hotg.cards import location_marks
from tabletop_tui.ui.widgets.table import Zone, chip_text

from .helpers import settle
from .test_hotg_board_frames import _app


async def test_at_120x40_each_place_shows_its_figures_and_the_hand_reads_whole():
    app = _app(players=1, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        view = screen._view
        for loc in view.locations:
            zone = screen.query_one(f"#hg-loc-{loc.position}", Zone)
            assert zone.border_subtitle == location_marks(loc)
        assert any("⚠P" in location_marks(loc) for loc in view.locations)  # (the seed's panic)
        hand = screen.query_one("#hg-hand", Zone)
        assert hand.cards
        for card in hand.cards:  # the whole chip fits: name and cost
            assert card.size.width >= chip_text(card.info).cell_len, card.info.face.title
        await pilot.resize_terminal(160, 48)
        await settle(pilot, 2)
        assert hand.styles.grid_size_columns == 4  # the room of a wide terminal is used
