"""Heroes of the Grid at 80x24 (issue 36): the status line over the table was cut at its end,
so "Boss" and "Deploy" hid behind "…". At 80 columns it takes two lines, each part whole;
everything the line says at 120x40 is said at 80x24 too, plus the deployment deck (shown in
the side panel on a wide screen)."""

from __future__ import annotations

import pytest

from .helpers import past_curtains, settle
from .test_hotg_board_frames import _app


def _status_shown(app) -> list[str]:
    """The status line's rows as drawn at their size on screen."""
    from textual.geometry import Region

    widget = app.screen.query_one("#hg-status")
    width, height = widget.size
    strips = widget.render_lines(Region(0, 0, width, height))
    return [s.text.strip() for s in strips if s.text.strip()]


def _parts(rows: list[str]) -> set[str]:
    return {p.strip() for row in rows for p in row.split("│")}


@pytest.mark.parametrize("config", [{}, {"mode": "mastermind"}])
async def test_the_status_line_is_whole_at_80x24_and_says_what_it_says_at_120x40(config):
    app = _app(players=2, seed=7, **config)
    async with app.run_test(size=(120, 40)) as pilot:
        await past_curtains(pilot)  # (Mastermind Mode: the Schemes are behind a curtain)
        await settle(pilot, 3)
        wide = _status_shown(app)
        assert len(wide) == 1 and "…" not in wide[0], wide
        await pilot.resize_terminal(80, 24)
        await past_curtains(pilot)
        await settle(pilot, 3)
        narrow = _status_shown(app)
        assert len(narrow) == 2, narrow
        assert all("…" not in row for row in narrow), narrow
        assert _parts(wide) <= _parts(narrow), (wide, narrow)
        assert any(p.startswith("Boss ") for p in _parts(narrow))
        view = app.screen._view
        deck = f"Deploy {view.deploy_count} next: "
        assert any(p.startswith(deck) for p in _parts(narrow)), narrow
        if config:
            assert any(p.startswith("☠ Schemes ") for p in _parts(narrow)), narrow
