"""SVG snapshots at 120x40 (issue 36) of the Army Of Zero and PR CCG boards, from the same
scenes as tests/ui/test_snapshots.py (which takes 80x24 and 160x48): the size where a board
first draws its cards as card frames.

Regenerate after a deliberate change with
`pytest tests/ui/test_snapshots_wide_tables.py --snapshot-update`.
"""

import pytest

from tabletop_tui.ui.screenshots import SCENES, reached

SIZE = (120, 40)
#: the boards of the two games (named: a scene added later for another screen of the same
#: game, such as a deck builder, has its own snapshots)
NAMES = (
    "army-of-zero-order",
    "army-of-zero",
    "army-of-zero-reveal",
    "army-of-zero-curtain",
    "army-of-zero-help",
    "army-of-zero-game-over",
    "pr-ccg-2008",
    "pr-ccg-2008-pay",
    "pr-ccg-2008-reveal",
)
TABLE_SCENES = [s for s in SCENES if s.name in NAMES]


@pytest.mark.parametrize("scene", TABLE_SCENES, ids=[s.name for s in TABLE_SCENES])
def test_table_snapshot_120x40(snap_compare, scene):
    async def steps(pilot) -> None:
        await scene.steps(pilot)
        problem = reached(scene, pilot.app)  # the moment the scene is named for (issue 35)
        assert problem is None, problem

    assert snap_compare(scene.make_app(), terminal_size=SIZE, run_before=steps)
