"""Army Of Zero at 160x48 (issue 36 play-test): the two fighters grow with the board, so
each frame reads its rank and clan and whose side it fights for whole ("Guardian · Panda
Cl…", "fighting for ▲1 Pla…" at every size before, with half the row empty between)."""

from __future__ import annotations

from tabletop_tui.ui.widgets.table import Zone

from .helpers import saved_app
from .test_army_of_zero_table import _blow, _match, _open, region_text


async def test_at_160x48_the_fighters_lines_read_whole(tmp_path):
    match = _match(_blow)
    app = saved_app(match, tmp_path / "blow.json")
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await _open(pilot)
        for ident in ("#aoz-fight-them", "#aoz-fight-me"):
            card = screen.query_one(ident, Zone).cards[0]
            inside = region_text(app, card)
            assert "…" not in inside, inside
            assert "fighting for" in inside
