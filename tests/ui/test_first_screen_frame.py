"""The first screen's first frame is drawn once, after Textual's own start-up (issue 36).

Textual runs its start-up (compose, the first resize, on_mount) inside a batch, and a frame
rendered while a batch is open is never written. The first screen used to be pushed from
`on_mount`, so it was laid out and rendered in that batch, thrown away, then laid out and
rendered again: the launcher's and each game screen's first frame paid for two.
"""

from __future__ import annotations

import gc

import pytest

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp

from .helpers import screen_name, settle

TWO_HUMANS = [SeatSpec(name="Alice"), SeatSpec(name="Bob")]


def _watch_frames(app: TabletopApp, first_screen: str) -> list[tuple[int, bool]]:
    """(Textual's batch depth, the collector on) at each frame rendered for `first_screen`."""
    frames: list[tuple[int, bool]] = []
    display = app._display

    def watching(screen, renderable):
        if renderable is not None and type(screen).__name__ == first_screen:
            frames.append((app._batch_count, gc.isenabled()))
        display(screen, renderable)

    app._display = watching
    return frames


async def test_the_launchers_first_frame_is_rendered_once_and_written():
    app = TabletopApp(autosave=False)
    frames = _watch_frames(app, "LauncherScreen")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen"
        assert frames, "the launcher was never drawn"
        batch, collector_on = frames[0]
        assert batch == 0, "the launcher's first frame was rendered inside the start-up batch"
        # the collector stays off until the launcher itself is drawn, on again after it
        assert not collector_on
        assert gc.isenabled()
    assert gc.isenabled()


@pytest.mark.parametrize(
    "game, screen", [("army-of-zero", "ArmyOfZeroScreen"), ("zoobotz", "ZoobotzScreen")]
)
async def test_a_game_screens_first_frame_is_rendered_outside_the_start_up_batch(game, screen):
    app = TabletopApp(game=game, seats=TWO_HUMANS, seed=1, autosave=False)
    frames = _watch_frames(app, screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        assert frames, f"{screen} was never drawn"
        assert [batch for batch, _ in frames][:1] == [0]
        assert gc.isenabled()
