"""Writing saves: what a killed writer leaves behind is cleaned up, and renames are durable.

Issue #17, Files 9: `kill -9` during an autosave left `.GAME.json.*.tmp` files; the folder
was not synced after the rename.
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_cli import child_env

from tabletop_tui.engine.match import STALE_TEMP_SECONDS, clean_temp_files, write_atomic
from tabletop_tui.paths import clean_leftovers

KILLED_WRITER = """
import os, sys, time
from pathlib import Path
from tabletop_tui.engine import match

def hang(src, dst):  # the temporary file is written and synced: now wait to be killed
    print("ready", flush=True)
    time.sleep(600)

match.os.replace = hang
match.write_atomic(Path(sys.argv[1]), "x" * 100_000)
"""


def kill_a_writer(target: Path) -> list[Path]:
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, str(target)],
        stdout=subprocess.PIPE,
        text=True,
        env=child_env(),
    )
    try:
        assert proc.stdout.readline().strip() == "ready"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    return sorted(target.parent.glob(f".{target.name}.*.tmp"))


def test_a_writer_killed_mid_save_leaves_a_temporary_that_the_next_write_removes(tmp_path):
    target = tmp_path / "autosave" / "army-of-zero.json"
    write_atomic(target, "the good game")
    left = kill_a_writer(target)
    assert len(left) == 1 and left[0].stat().st_size == 100_000  # what kill -9 leaves
    assert target.read_text() == "the good game"
    write_atomic(target, "the next move")
    assert target.read_text() == "the next move"
    assert [p.name for p in target.parent.iterdir()] == [target.name]


def test_on_start_old_leftovers_of_any_save_are_removed_but_fresh_ones_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path / "home"))
    folder = tmp_path / "home" / "autosave"
    target = folder / "zoobotz.json"
    left = kill_a_writer(target)
    old = time.time() - STALE_TEMP_SECONDS - 5
    os.utime(left[0], (old, old))
    fresh = folder / ".hotg.json.abcd1234.tmp"  # another process may be writing this one now
    fresh.write_text("{")
    keep = folder / "notes.tmp"  # not one of ours
    keep.write_text("mine")
    assert clean_leftovers() == 1
    assert sorted(p.name for p in folder.iterdir()) == sorted([fresh.name, keep.name])


def test_cleaning_skips_what_is_not_a_regular_file(tmp_path):
    (tmp_path / ".game.json.x.tmp").mkdir()
    (tmp_path / ".game.json.y.tmp").symlink_to(tmp_path / "elsewhere")
    assert clean_temp_files(tmp_path, "game.json") == 0
    assert len(list(tmp_path.iterdir())) == 2


def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    synced: list[tuple[str, bool]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        synced.append(("fsync", stat.S_ISDIR(os.fstat(fd).st_mode)))
        return real_fsync(fd)

    def replace(src, dst):
        synced.append(("rename", False))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    write_atomic(tmp_path / "save.json", "contents")
    assert synced == [("fsync", False), ("rename", False), ("fsync", True)]


def test_a_text_that_cannot_be_written_leaves_no_temporary(tmp_path):
    with pytest.raises(UnicodeEncodeError):
        write_atomic(tmp_path / "save.json", "half a character \ud800")
    assert list(tmp_path.iterdir()) == []


def test_the_cli_cleans_leftovers_before_the_ui_starts(tmp_path, monkeypatch):
    import tabletop_tui.cli as cli
    import tabletop_tui.ui.app as app_module

    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(home))
    stale = home / "saves" / ".army-of-zero-20260101-120000.json.q1w2e3.tmp"
    stale.parent.mkdir(parents=True)
    stale.write_text("{")
    old = time.time() - 3600
    os.utime(stale, (old, old))

    class NoApp:
        def __init__(self, **kwargs):
            pass

        def run(self):
            pass

    monkeypatch.setattr(app_module, "TabletopApp", NoApp)
    assert cli.main(["play", "army-of-zero", "--seats", "bot,bot"]) == 0
    assert not stale.exists()


def test_no_stale_file_is_named_like_a_save(tmp_path):
    # a temporary never ends in .json, so listing saves can never pick one up
    target = tmp_path / "g.json"
    kill_a_writer(target)
    assert [p for p in Path(tmp_path).glob("*.json")] == []
