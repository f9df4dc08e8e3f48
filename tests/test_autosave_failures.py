"""A failed autosave (disk full, read-only folder) never stops the game (issue #17, Files 5).

What is decided: `Match.play` records the action whether or not its autosave is written;
the write failure is reported in `autosave_error` (and to `on_autosave_change`), never
raised. The file on disk stays the last one written whole, an earlier point of the same
game; every later action retries, and once a write works the file is up to date again.
"""

from __future__ import annotations

import errno
import json
import os
import random
import tempfile

import pytest

from tabletop_tui.engine.match import Match
from tabletop_tui.games import get_rules
from tabletop_tui.games.army_of_zero.models import PlaceCharacter

RULES = get_rules("army-of-zero")


def fresh(tmp_path) -> tuple[Match, random.Random]:
    match = Match(RULES, RULES.default_config(), 11, autosave=tmp_path / "auto" / "game.json")
    return match, random.Random(11)


def step(match: Match, rng: random.Random):
    seat = min(match.to_act())
    return match.play(seat, rng.choice(match.legal_actions(seat)))


def saved_actions(match: Match) -> int:
    return len(json.loads(match.autosave_path.read_text())["actions"])


def disk_full(monkeypatch):
    def replace(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", replace)


def test_a_full_disk_keeps_the_game_going_and_the_last_good_file(tmp_path, monkeypatch):
    match, rng = fresh(tmp_path)
    changes: list[str | None] = []
    match.on_autosave_change = changes.append
    step(match, rng)
    step(match, rng)
    good = match.autosave_path.read_bytes()
    assert match.autosave_error is None and match.autosave_behind() == 0

    disk_full(monkeypatch)
    step(match, rng)  # used to raise here, with the action already recorded
    assert len(match.actions) == 3
    assert "no space left" in match.autosave_error and str(match.autosave_path) in changes[0]
    assert match.autosave_path.read_bytes() == good
    assert match.autosave_behind() == 1
    step(match, rng)
    assert match.autosave_behind() == 2 and len(changes) == 1  # told once, not every move
    assert [p.name for p in match.autosave_path.parent.iterdir()] == ["game.json"]

    # what is on disk is this same game, two actions ago
    on_disk = Match.load(match.autosave_path)
    assert on_disk.actions == match.actions[:2] and on_disk.state == match.states[2]

    monkeypatch.undo()
    step(match, rng)  # the next action retries, and the file catches up
    assert match.autosave_error is None and changes == [changes[0], None]
    assert saved_actions(match) == 5 and match.autosave_behind() == 0
    assert Match.load(match.autosave_path).state == match.state


def test_a_read_only_folder_at_the_start_still_lets_the_game_begin(tmp_path, monkeypatch):
    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    match, rng = fresh(tmp_path)
    assert match.autosave() is False
    assert "read-only" in match.autosave_error
    assert not match.has_autosave and match.autosave_behind() is None
    step(match, rng)
    assert len(match.actions) == 1
    monkeypatch.undo()
    assert match.autosave() is True and saved_actions(match) == 1


def test_a_failed_autosave_after_undo_says_the_file_holds_an_undone_move(tmp_path, monkeypatch):
    match, _ = fresh(tmp_path)
    hand = match.state.seats[0].unplaced
    for card in hand[:4]:  # placing a character reveals nothing: undo may take it back
        match.play(0, PlaceCharacter(card=card))
    disk_full(monkeypatch)
    assert match.undo(0) == 1
    assert match.autosave_error is not None
    assert match.autosave_behind() is None  # the file is ahead of the game, not behind
    assert saved_actions(match) == 4


def test_an_explicit_save_still_raises_and_changes_nothing(tmp_path, monkeypatch):
    match, rng = fresh(tmp_path)
    step(match, rng)
    disk_full(monkeypatch)
    with pytest.raises(OSError):
        match.save(tmp_path / "copy.json")
    assert not (tmp_path / "copy.json").exists() and len(match.actions) == 1
