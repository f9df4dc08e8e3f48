"""The lobby of shared tables (issue 19), driven with keys in a Pilot app whose table service
runs in the test's loop; the other players are plain socket clients."""

from __future__ import annotations

import random
import shutil
import tempfile
from pathlib import Path

import pytest

from tabletop_tui.tables.client import TableClient
from tabletop_tui.tables.service import TableService
from tabletop_tui.ui.app import TabletopApp

from .helpers import screen_name, screen_text, settle


@pytest.fixture
async def service(tmp_path, monkeypatch):
    folder = Path(tempfile.mkdtemp(prefix="tt-lobby-"))
    service = TableService(tmp_path / "tables")
    await service.start(folder / "t.sock")
    monkeypatch.setenv("TABLETOP_TUI_TABLES", str(service.socket_path))
    monkeypatch.setenv("TABLETOP_TUI_TABLE_TICKET", service.issue_ticket("ann"))
    yield service
    await service.close()
    shutil.rmtree(folder, ignore_errors=True)


async def wait_for(pilot, test, what: str, tries: int = 200) -> None:
    for _ in range(tries):
        if test():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"timed out waiting for {what}: {screen_text(pilot.app)[-400:]}")


def shown_message(app) -> str:
    """The game screen's message line as it was last drawn."""
    from tabletop_tui.ui.game_screen import GameScreen

    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))
    message = screen._shown.get("#aoz-message", "")
    return getattr(message, "plain", str(message)) + " "


async def test_lobby_create_join_start_play_and_replay(service):
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await wait_for(pilot, lambda: screen_name(app) == "LobbyScreen", "the lobby")
        await pilot.press("c")
        await wait_for(pilot, lambda: screen_name(app) == "GamePickScreen", "the game list")
        await pilot.press("enter")  # Army Of Zero, the first game
        await wait_for(pilot, lambda: screen_name(app) == "TableSetupScreen", "the table form")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: screen_name(app) == "TableRoom", "the waiting room")
        table = next(iter(service.tables.values()))
        assert table.slots[0].user == "ann" and not table.started
        bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
        await bob.join(table.code)
        await wait_for(pilot, lambda: "s starts the game" in screen_text(app), "start offer")
        await pilot.press("s")
        await wait_for(pilot, lambda: screen_name(app) == "ArmyOfZeroScreen", "the game")
        assert table.started
        rng = random.Random(3)
        for _ in range(400):
            if table.over:
                break
            revision = table.revision
            to_act = sorted(table.match.to_act())
            seat = rng.choice(to_act)
            if seat == 0:
                await wait_for(pilot, lambda: not app.screen.waiting, "ann's screen to settle")
                await pilot.press("f2")
                await wait_for(pilot, lambda: screen_name(app) == "MovesScreen", "the move list")
                await pilot.press("enter")
            else:
                legal = bob.view.legal
                assert await bob.act(rng.choice(legal), expect=bob.view.revision) is None
            await wait_for(pilot, lambda r=revision: table.revision > r, "the move")
            step = len(table.match.actions)
            # ann's screen shows the new step live, whoever moved
            await wait_for(pilot, lambda n=step: f"step {n} " in shown_message(app), f"step {step}")
        assert table.over
        await wait_for(pilot, lambda: screen_name(app) == "GameOverScreen", "game over")
        await pilot.press("l")  # back to the lobby; the finished table is in its history
        await wait_for(pilot, lambda: screen_name(app) == "LobbyScreen", "the lobby again")
        await wait_for(pilot, lambda: "finished" in screen_text(app), "the finished table")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen_name(app) == "ReplayScreen", "the replay")
        replay = app.screen.replay
        assert replay.finished and len(replay) == len(table.match.actions) + 1
        assert [a.action for a in replay.match.actions] == [a.action for a in table.match.actions]
        await bob.close()
