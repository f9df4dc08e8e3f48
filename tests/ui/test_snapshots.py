"""SVG snapshots of every screen at 80x24 and 160x48, from the same scenes as screenshots/.

Regenerate after a deliberate change with `pytest tests/ui/test_snapshots.py --snapshot-update`.
"""

import pytest

from tabletop_tui.ui.screenshots import SCENES, SIZES

SNAPSHOT_SCENES = [s for s in SCENES if s.name != "army-of-zero-game-over"]


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
@pytest.mark.parametrize("scene", SNAPSHOT_SCENES, ids=[s.name for s in SNAPSHOT_SCENES])
def test_screen_snapshot(snap_compare, scene, size):
    assert snap_compare(scene.make_app(), terminal_size=SIZES[size], run_before=scene.steps)
