"""Heroes of the Grid's named difficulty (issue 38): Easier (four deployments a round and the
lighter foot soldier cards), Standard (the printed game) or any custom mix of the two, on the
setup screen and as `--difficulty` for `play hotg` and `selfplay hotg`."""

from __future__ import annotations

from textual.widgets import Select

from tabletop_tui.cli import build_parser, main
from tabletop_tui.games.hotg.models import DIFFICULTIES
from tabletop_tui.ui.app import TabletopApp

from .helpers import screen_name, settle


def _select(app, key: str) -> Select:
    return app.screen.query_one(f"#opt-{key}-0", Select)


async def test_the_setup_difficulty_sets_both_settings_and_a_mix_reads_custom():
    app = TabletopApp(game="hotg", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        assert screen_name(app) == "SetupScreen"
        assert _select(app, "difficulty").value == "standard"
        _select(app, "difficulty").value = "easier"
        await settle(pilot, 3)
        assert _select(app, "deployments_per_round").value == "4"
        assert _select(app, "heavy_deployments").value == "light"
        config = app.screen.config()
        assert "difficulty" not in config  # (a name for the two settings, not a field)
        assert config["deployments_per_round"] == 4 and config["heavy_deployments"] is False
        # one of the two changed alone: the name says Custom
        _select(app, "deployments_per_round").value = "5"
        await settle(pilot, 3)
        assert _select(app, "difficulty").value == "custom"
        assert _select(app, "heavy_deployments").value == "light"  # (the other one stays)
        _select(app, "heavy_deployments").value = "heavy"
        await settle(pilot, 3)
        assert _select(app, "difficulty").value == "standard"  # the printed mix again


async def test_the_command_line_difficulty_opens_the_form_on_it():
    app = TabletopApp(game="hotg", autosave=False, config=dict(DIFFICULTIES["easier"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        assert screen_name(app) == "SetupScreen"
        assert _select(app, "heavy_deployments").value == "light"
        assert _select(app, "deployments_per_round").value == "4"
        assert _select(app, "difficulty").value == "easier"


def test_play_and_selfplay_take_the_difficulty(capsys):
    args = build_parser().parse_args(["play", "hotg", "--difficulty", "easier"])
    assert args.difficulty == "easier"
    assert main(["selfplay", "hotg", "--games", "1", "--difficulty", "easier", "--json"]) == 0
    assert main(["selfplay", "army-of-zero", "--games", "1", "--difficulty", "easier"]) == 2
    assert "--difficulty is for hotg" in capsys.readouterr().err
