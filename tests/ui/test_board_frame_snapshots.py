"""SVG snapshots of Heroes of the Grid's and ZOOBOTZ's boards at 120x40 (issue 36), the size
where card frames first show (tests/ui/test_snapshots.py has them at 80x24 and 160x48): a
HotG battle's enemies as frames in combat order, ZOOBOTZ's Botz as frames, the footers.

Regenerate after a deliberate change with
`pytest tests/ui/test_board_frame_snapshots.py --snapshot-update`.
"""

import pytest

from tabletop_tui.ui.screenshots import SCENES, reached

NAMES = ("hotg", "hotg-battle", "zoobotz", "zoobotz-hack", "zoobotz-6p")
BOARDS = [s for s in SCENES if s.name in NAMES]


@pytest.mark.parametrize("scene", BOARDS, ids=[s.name for s in BOARDS])
def test_board_snapshot_at_120x40(snap_compare, scene):
    async def steps(pilot) -> None:
        await scene.steps(pilot)
        problem = reached(scene, pilot.app)
        assert problem is None, problem

    assert snap_compare(scene.make_app(), terminal_size=(120, 40), run_before=steps)
