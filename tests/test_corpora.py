"""Every file of the broken-save and broken-card-file corpora through the real command
(issue #17, "Tests that keep it so"): exit status 2, one `tabletop-tui: error:` line naming
the file and its problem, and the file byte-identical afterwards.

The corpora are made by tests/data/make_corpora.py; corpora.json holds the words each
error must contain. Huge files, FIFOs, symlink loops and unreadable files are made at test
time (tests/test_save_files.py, tests/test_card_files.py).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import assert_one_line_error, child_env, sha

from tabletop_tui import cards as cards_module
from tabletop_tui.cli import main

DATA = Path(__file__).resolve().parent / "data"
MANIFEST = json.loads((DATA / "corpora.json").read_text())
SAVES = DATA / "broken-saves"
CARDS = DATA / "broken-cards"
GAME = "army-of-zero"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TABLETOP_TUI_DEBUG", raising=False)
    yield tmp_path / "home"
    cards_module.set_cards_dir(None)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_corpus_file_has_its_expectation_and_no_more():
    assert sorted(p.name for p in SAVES.iterdir()) == sorted(MANIFEST["saves"])
    assert sorted(p.name for p in CARDS.iterdir()) == sorted(MANIFEST["cards"])
    assert len(MANIFEST["saves"]) >= 40 and len(MANIFEST["cards"]) >= 18


@pytest.mark.parametrize("name", sorted(MANIFEST["saves"]))
def test_a_broken_save_through_play_load(capsys, name):
    path = SAVES / name
    before = sha(path)
    assert_one_line_error(
        *run(capsys, "play", GAME, "--load", str(path)), str(path), *MANIFEST["saves"][name]
    )
    assert sha(path) == before


@pytest.mark.parametrize("name", sorted(MANIFEST["saves"]))
def test_a_broken_save_through_resume(capsys, home, name):
    autosave = home / "autosave" / name
    autosave.parent.mkdir(parents=True)
    shutil.copyfile(SAVES / name, autosave)
    before = sha(autosave)
    assert_one_line_error(*run(capsys, "resume"), str(autosave))
    assert sha(autosave) == before
    code, out, err = run(capsys, "resume", "--list")  # listed, not a crash
    assert code == 0 and err == "" and name in out
    assert sorted(p.name for p in autosave.parent.iterdir()) == [name]


@pytest.mark.parametrize("name", sorted(MANIFEST["cards"]))
def test_a_broken_card_file_through_cards_validate_and_selfplay(capsys, name):
    root = CARDS / name
    path = root / GAME / "characters.toml"
    before = sha(path)
    needles = MANIFEST["cards"][name]
    assert_one_line_error(*run(capsys, "cards", "validate", GAME, str(root)), str(path), *needles)
    assert_one_line_error(
        *run(capsys, "--cards", str(root), "selfplay", GAME, "--games", "1"), str(path), *needles
    )
    assert sha(path) == before


def test_the_real_command_on_a_sample_of_both_corpora():
    for argv in (
        ["play", GAME, "--load", str(SAVES / "seed-5000-digits.json")],
        ["play", GAME, "--load", str(SAVES / "seat-name-surrogate.json")],
        ["cards", "validate", GAME, str(CARDS / "utf16")],
        ["--cards", str(CARDS / "nested-5000"), "play", GAME, "--seats", "bot,bot"],
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "tabletop_tui", *argv],
            capture_output=True,
            text=True,
            env=child_env(),
            timeout=120,
        )
        assert_one_line_error(proc.returncode, proc.stdout, proc.stderr)
