"""Start-up without the collector walking the imports' objects (tabletop_tui.startup): it is
off only inside a pause, on again afterwards, and the app starts with it on."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys

from tabletop_tui.startup import collector_paused


def test_the_collector_is_off_inside_a_pause_and_on_after_it_with_its_objects_frozen():
    assert gc.isenabled()
    before = gc.get_freeze_count()
    with collector_paused():
        assert not gc.isenabled()
        made = [[i] for i in range(1000)]  # container objects the collector tracks
    assert gc.isenabled()
    assert gc.get_freeze_count() >= before + len(made)


def test_a_pause_leaves_a_collector_that_was_off_off_and_freezes_nothing():
    gc.disable()
    try:
        before = gc.get_freeze_count()
        with collector_paused():
            [[i] for i in range(100)]
        assert not gc.isenabled()
        assert gc.get_freeze_count() == before
    finally:
        gc.enable()


def test_a_pause_ends_when_its_block_raises():
    try:
        with collector_paused():
            raise ValueError("a bad card file")
    except ValueError:
        pass
    assert gc.isenabled()


def test_importing_the_engine_and_the_app_leaves_the_collector_on(tmp_path):
    """The pauses cover the imports only: a program that imports the package (the tests,
    the SSH server, a bot benchmark) runs with the collector on."""
    code = (
        "import gc, json\n"
        "import tabletop_tui.engine.match, tabletop_tui.ui.app\n"
        "print(json.dumps({'on': gc.isenabled(), 'frozen': gc.get_freeze_count()}))\n"
    )
    env = {**os.environ, "TABLETOP_TUI_HOME": str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    assert data["on"] is True
    assert data["frozen"] > 10_000  # pydantic's and Textual's objects, made in the pauses


def test_play_starts_the_app_with_the_collector_on(monkeypatch, tmp_path):
    """`play` loads the game's rules and deals inside a pause; the app is started after it
    (the app pauses collection itself until its first frame, then turns it back on)."""
    import tabletop_tui.cli as cli

    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path))
    seen: list[bool] = []
    monkeypatch.setattr(cli, "_run_app", lambda **kwargs: seen.append(gc.isenabled()) or 0)
    assert cli.main(["play", "army-of-zero", "--names", "Ann,Bo", "--seed", "3"]) == 0
    assert cli.main(["play", "hotg"]) == 0
    assert seen == [True, True]


def _plugins_setting(env: dict[str, str]) -> str | None:
    code = (
        "import json, os, tabletop_tui.engine\n"
        "print(json.dumps(os.environ.get('PYDANTIC_DISABLE_PLUGINS')))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_engine_turns_the_search_for_pydantic_plugins_off_unless_the_user_chose():
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    assert _plugins_setting(env) == "__all__"
    assert _plugins_setting({**env, "PYDANTIC_DISABLE_PLUGINS": ""}) == ""
