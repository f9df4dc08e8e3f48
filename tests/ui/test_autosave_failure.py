"""The players are told when the autosave fails and when it works again; `s` reports a failed
save (issue #17, Files 5). The game goes on either way."""

from __future__ import annotations

import errno
import os

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp

from .helpers import screen_text, settle

VS_BOT = [SeatSpec(name="Alice"), SeatSpec(name="Robo", kind="heuristic")]


def notes(app) -> list[tuple[str, str]]:
    return [(str(n.message), n.severity) for n in app._notifications]


def disk_full(monkeypatch):
    def replace(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", replace)


async def play_one(pilot, app) -> None:
    screen = app.screen
    seat = screen.session.on_screen
    assert screen.submit(screen.match.legal_actions(seat)[0])
    await settle(pilot, 3)


async def test_a_failed_autosave_warns_plays_on_and_says_when_it_works_again(monkeypatch):
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = app.screen
        path = game.match.autosave_path
        good = path.read_bytes()
        disk_full(monkeypatch)
        await play_one(pilot, app)
        assert len(game.match.actions) >= 1  # the move was played
        warnings = [m for m, sev in notes(app) if sev == "warning"]
        assert len(warnings) == 1, notes(app)
        assert "Autosave failed" in warnings[0] and "no space left" in warnings[0]
        assert "retried after every move" in warnings[0]
        assert path.read_bytes() == good
        monkeypatch.undo()
        await play_one(pilot, app)
        assert any("works again" in m for m, _ in notes(app))
        assert game.match.autosave_error is None
        assert path.read_bytes() != good


async def test_s_reports_a_failed_save_and_the_game_goes_on(monkeypatch, _home):
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        disk_full(monkeypatch)
        await pilot.press("s")
        await settle(pilot)
        errors = [m for m, sev in notes(app) if sev == "error"]
        assert len(errors) == 1 and "Could not save" in errors[0] and "no space left" in errors[0]
        assert "Could not save" in screen_text(app)
        monkeypatch.undo()
        await play_one(pilot, app)  # still playable
    saves = _home / "saves"
    assert not saves.exists() or list(saves.iterdir()) == []


async def test_quitting_while_the_autosave_fails_does_not_promise_an_autosave(monkeypatch):
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert "The game is autosaved" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        disk_full(monkeypatch)
        await play_one(pilot, app)
        await pilot.press("q")
        await settle(pilot)
        text = screen_text(app)
        assert "The game is autosaved" not in text
        assert "autosave is failing" in text and "save a copy first" in text


async def test_a_new_game_is_autosaved_once_its_table_is_drawn_and_a_failure_is_told(
    monkeypatch,
):
    """The first autosave waits for the first frame (its sync to disk is wall time a player
    would wait), then is written like any other: the file is there once the table is up,
    and a first write that fails is told as every failed autosave is."""
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=3, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        match = app.screen.match
        assert match.has_autosave and match.autosave_path.exists()
    disk_full(monkeypatch)
    app = TabletopApp(game="army-of-zero", seats=VS_BOT, seed=4, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.screen.match.autosave_error is not None
        warnings = [m for m, sev in notes(app) if sev == "warning"]
        assert len(warnings) == 1 and "Autosave failed" in warnings[0], notes(app)
