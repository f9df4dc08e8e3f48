"""SVG snapshots of Zeo's board at 80x24, 120x40 and 160x48, 1v1 and 2v2 (issue 36): The
Grid's six frames, the seats as boxes with their slots, the Zord Bay's row, the piles. The
scenes start on Vee's first Main Phase with the characters chosen, bots on the other seats.

Regenerate after a deliberate change with
`pytest tests/ui/test_zeo_snapshots.py --snapshot-update`.
"""

import pytest

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp

from .helpers import settle

SIZES = {"80x24": (80, 24), "120x40": (120, 40), "160x48": (160, 48)}
FORMATS = {
    "1v1": (("Vee", "Hugh"), ("gearwright", "renn")),
    "2v2": (("Vee", "Hugh", "Val", "Hal"), ("gearwright", "renn", "voltara", "kat")),
}


def _app(names, characters) -> TabletopApp:
    seats = [SeatSpec(name=n, kind="human" if i == 0 else "heuristic") for i, n in enumerate(names)]
    return TabletopApp(
        game="zeo-dbg",
        seats=seats,
        seed=5,
        bot_delay=0,
        autosave=False,
        config={"characters": characters},
    )


async def _main_phase(pilot) -> None:
    """Past the curtain and the Villains' "who goes first" to Vee's Main Phase, two cards
    played (the play area shows), the focus on The Grid's first card."""
    app = pilot.app
    for _ in range(20):
        await settle(pilot, 2)
        screen = app.screen
        if type(screen).__name__ == "ZeoScreen" and screen.mode == "main":
            break
        if type(screen).__name__ == "ZeoScreen" and screen.mode == "decision":
            await pilot.press("1")
        else:
            await pilot.press("enter")
    screen = app.screen
    assert type(screen).__name__ == "ZeoScreen" and screen.mode == "main"
    await pilot.press("p")
    await settle(pilot, 2)
    await pilot.press("g")
    await settle(pilot, 3)
    await pilot.pause(0.05)


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
@pytest.mark.parametrize("fmt", list(FORMATS), ids=list(FORMATS))
def test_zeo_board_snapshot(snap_compare, fmt, size):
    names, characters = FORMATS[fmt]
    assert snap_compare(_app(names, characters), terminal_size=SIZES[size], run_before=_main_phase)
