"""A widget redraws only when its slice of the View changed (issue 36): a game screen redrawn
from the same View repaints nothing, and a change to one part repaints that part alone.
Counts the widgets Textual is asked to repaint (`Widget.refresh`), not times."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen

from .helpers import settle

MESSAGE = {
    "army-of-zero": "aoz-message",
    "pr-ccg-2008": "pr-message",
    "zoobotz": "zb-message",
    "zeo-dbg": "zeo-message",
    "hotg": "hg-message",
}


def _app(game: str) -> TabletopApp:
    seats = [SeatSpec(name="Alice"), SeatSpec(name="Bob", kind="heuristic")]
    return TabletopApp(game=game, seats=seats, seed=1, bot_delay=0, autosave=False)


def _spy(monkeypatch) -> list[Widget]:
    asked: list[Widget] = []
    refresh = Widget.refresh

    def spied(self, *args, **kwargs):
        asked.append(self)
        return refresh(self, *args, **kwargs)

    monkeypatch.setattr(Widget, "refresh", spied)
    return asked


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
@pytest.mark.parametrize("game", list(MESSAGE))
async def test_a_redraw_repaints_only_the_widgets_whose_slice_changed(monkeypatch, game, size):
    app = _app(game)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 4)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        asked = _spy(monkeypatch)
        screen.redraw()  # the same View again: nothing to repaint (HotG's places and list,
        # ZOOBOTZ's hand panel set their border labels again and repainted)
        assert [f"{type(w).__name__}#{w.id}" for w in asked] == []
        screen.message = "a line for this test"
        screen.redraw()  # one slice changed: the message line
        assert {w.id for w in asked} == {MESSAGE[game]}
