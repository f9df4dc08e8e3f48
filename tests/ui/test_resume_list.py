"""The launcher's `r`: straight back into the only game in progress, a pick list when there
are several (issue #16, Saves); a dangling symlink in autosave/ crashes nothing (#17)."""

from __future__ import annotations

import os
import random

from tabletop_tui.engine.match import Match, SeatSpec
from tabletop_tui.paths import autosave_dir, history_dir, unfinished_games
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.session import Session

from .helpers import screen_name, screen_text, settle

GAME = "army-of-zero"
VS_BOT = [SeatSpec(name="Alice"), SeatSpec(name="Robo", kind="heuristic")]


def autosave(seed: int, moves: int, when: int, names=("Alice", "Robo")):
    seats = [SeatSpec(name=names[0]), SeatSpec(name=names[1], kind="heuristic")]
    match = Session.new(GAME, seats, seed).match
    rng = random.Random(seed)
    for _ in range(moves):
        seat = min(match.to_act())
        match.play(seat, rng.choice(match.legal_actions(seat)))
    os.utime(match.autosave_path, (when, when))
    return match


async def test_r_with_no_game_in_progress_says_so():
    app = TabletopApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen"
        assert any("No game in progress" in str(n.message) for n in app._notifications)


async def test_r_with_one_game_goes_straight_back_into_it(tmp_path):
    saved = autosave(4, 3, 1_000_000)
    (autosave_dir() / "gone.json").symlink_to(tmp_path / "nowhere.json")
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "r: resume Army Of Zero: Alice, Robo" in screen_text(app)
        await pilot.press("r")
        await settle(pilot, 3)
        assert screen_name(app) in ("ArmyOfZeroScreen", "RevealScreen", "RecapScreen")
        game = next(s for s in app.screen_stack if screen_name_of(s) == "ArmyOfZeroScreen")
        assert game.match.seed == 4 and game.match.actions[:3] == saved.actions
        assert game.match.autosave_path == saved.autosave_path  # the same file goes on
        assert any("Resumed" in str(n.title) for n in app._notifications)
    assert len(unfinished_games()) == 1


def screen_name_of(screen) -> str:
    return type(screen).__name__


async def test_r_with_several_games_offers_a_pick_list_played_last_first():
    autosave(1, 2, 1_000_000, ("Ann", "Bot"))
    second = autosave(2, 4, 3_000_000, ("Cy", "Dee"))
    broken = autosave_dir() / "broken.json"
    broken.write_text('{"format": "tabletop-tui-save", "version": 1, "ga')
    os.utime(broken, (2_000_000, 2_000_000))
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "resume one of 3 games in progress" in screen_text(app)
        await pilot.press("r")
        await settle(pilot)
        assert screen_name(app) == "ResumeScreen"
        text = screen_text(app)
        assert text.index("Cy, Dee") < text.index("broken.json") < text.index("Ann, Bot")
        assert "cannot be resumed" in text
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen"
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("down", "enter")  # skips the damaged entry: the oldest game
        await settle(pilot, 3)
        game = next(s for s in app.screen_stack if screen_name_of(s) == "ArmyOfZeroScreen")
        assert game.match.seed == 1 and [s.name for s in game.match.seats] == ["Ann", "Bot"]
    assert second.autosave_path.exists() and broken.exists()


async def test_loading_a_copy_never_replaces_the_game_in_progress(tmp_path):
    playing = autosave(4, 3, 1_000_000)
    before = playing.autosave_path.read_bytes()
    copy = tmp_path / "copy.json"
    playing.save(copy)
    app = TabletopApp(load=copy, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 3)
        game = next(s for s in app.screen_stack if screen_name_of(s) == "ArmyOfZeroScreen")
        assert game.match.autosave_path != playing.autosave_path
    assert playing.autosave_path.read_bytes() == before
    assert len(unfinished_games()) == 2


async def test_a_finished_autosave_of_an_old_build_moves_to_the_history_when_opened():
    from tabletop_tui.games import get_rules

    rules = get_rules(GAME)
    match = Match(rules, rules.default_config(), 3)
    rng = random.Random(3)
    while match.to_act():
        seat = min(match.to_act())
        match.play(seat, rng.choice(match.legal_actions(seat)))
    old_name = autosave_dir() / f"{GAME}.json"  # the single file older builds wrote
    match.save(old_name)
    app = TabletopApp(load=old_name, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 3)
    assert not old_name.exists()
    assert Match.load(history_dir() / old_name.name).outcome() == match.outcome()


async def test_d_puts_a_game_away_only_when_asked_and_deletes_nothing():
    first = autosave(1, 2, 1_000_000, ("Ann", "Bot"))
    second = autosave(2, 4, 3_000_000, ("Cy", "Dee"))
    third = autosave(3, 1, 2_000_000, ("Eve", "Fay"))
    kept = second.autosave_path.read_bytes()
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert screen_name(app) == "ResumeScreen"
        await pilot.press("d")  # the highlighted game: played last, Cy and Dee
        await settle(pilot)
        assert screen_name(app) == "ConfirmPutAway" and "Cy, Dee" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert screen_name(app) == "ResumeScreen" and second.autosave_path.exists()
        await pilot.press("d", "y")
        await settle(pilot)
        assert screen_name(app) == "ResumeScreen"
        text = screen_text(app)
        assert "Cy, Dee" not in text and "Ann, Bot" in text and "Eve, Fay" in text
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen" and len(app.screen._unfinished) == 2
    assert not second.autosave_path.exists()
    assert (history_dir() / second.autosave_path.name).read_bytes() == kept
    assert {g.path for g in unfinished_games()} == {first.autosave_path, third.autosave_path}


async def test_a_file_name_that_is_not_utf8_shows_as_escapes():
    playing = autosave(4, 3, 1_000_000)
    odd = os.fsdecode(bytes(autosave_dir()) + b"/\xff-broken.json")
    with open(odd, "w") as fh:
        fh.write("{")
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert screen_name(app) == "ResumeScreen"
        assert "\\udcff-broken.json" in screen_text(app)
    app = TabletopApp(load=odd, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen"
        assert any("\\udcff-broken.json" in str(n.message) for n in app._notifications)
    assert playing.autosave_path.exists()


async def test_every_dialog_sits_in_the_middle_of_the_screen():
    """The resume list and its put-away question are centred like the game's own dialogs
    (they used to sit in the top left corner, as the lobby's did)."""
    autosave(1, 2, 1_000_000, ("Ann", "Bot"))
    autosave(2, 4, 3_000_000, ("Cy", "Dee"))
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for key, name in (("r", "ResumeScreen"), ("d", "ConfirmPutAway")):
            await pilot.press(key)
            await settle(pilot)
            assert screen_name(app) == name
            box = app.screen.query_one(".dialog").region
            left, right = box.x, 120 - box.right
            top, bottom = box.y, 40 - box.bottom
            assert abs(left - right) <= 1 and left > 0, (name, box)
            assert abs(top - bottom) <= 1 and top > 0, (name, box)


async def test_the_game_over_buttons_sit_on_one_row_at_80x24():
    """The launcher's `#launcher` padding also styled the game-over Menu button (id
    "launcher"): it stood two rows taller than the others."""
    from rich.text import Text

    from tabletop_tui.ui.screens.dialogs import GameOverScreen

    app = TabletopApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(GameOverScreen("Ann wins", Text("Ann has won.")))
        await settle(pilot)
        boxes = [b.region for b in app.screen.query("Button")]
        assert len(boxes) == 4
        assert {(b.y, b.height) for b in boxes} == {(boxes[0].y, 3)}, boxes
    app = TabletopApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:  # the launcher keeps its own padding
        await settle(pilot)
        assert app.screen.query_one("#launcher").styles.padding.left == 2


async def _to_the_game(pilot, name: str) -> None:
    """Past whatever comes first on resuming (a recap, a reveal) to the game screen."""
    app = pilot.app
    for _ in range(10):
        await settle(pilot)
        if screen_name(app) == name:
            return
        await pilot.press("enter")
    raise AssertionError(screen_name(app))


async def test_a_guided_game_resumes_with_its_hints_where_it_left_them():
    """Issue #33: a guided first game came back from the resume list as a plain game, its
    hints gone. Its save is marked guided (the list says so), and resuming it rebuilds the
    hints from its moves: the same hints seen, the same one on screen, and the next ones
    still to come."""
    from tabletop_tui.ui.widgets.hint import HintBar

    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.start_tutorial("army-of-zero")
        await settle(pilot, 3)
        hints = app.screen.session.tutorial
        for pressed in range(200):  # until the fourth hint (into the first fight)
            if len(hints.shown) >= 4:
                break
            screen = app.screen
            if screen_name(app) != "ArmyOfZeroScreen":
                await pilot.press("enter")
            elif screen.waiting:
                await pilot.pause()
                continue
            elif screen.match.view(0).phase == "order":
                await pilot.press("r")
            else:
                await pilot.press("a" if pressed % 2 else "d")
            await settle(pilot)
        await settle(pilot, 3)
        game = next(s for s in app.screen_stack if screen_name_of(s) == "ArmyOfZeroScreen")
        seen, current, moves = list(hints.shown), hints.current, len(game.match.actions)
        label = hints.label()
        assert len(seen) >= 4 and moves > 0
    [saved] = unfinished_games()
    assert saved.guided and "(guided first game)" in saved.label()
    assert Match.load(saved.path).guided

    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "guided first game" in screen_text(app)
        await pilot.press("r")
        await _to_the_game(pilot, "ArmyOfZeroScreen")
        screen = app.screen
        assert len(screen.match.actions) == moves
        resumed = screen.session.tutorial
        assert resumed is not None, "resumed as a plain game"
        assert resumed.shown == seen and resumed.current == current
        bar = str(screen.query_one(HintBar).render())
        assert label in bar and resumed.hint.text.split()[0] in bar


def test_an_ordinary_save_and_an_old_one_are_not_guided(tmp_path):
    """The mark is an optional field: a save written before it loads as a plain game, and a
    plain game's hints are None on resume."""
    import json

    from tabletop_tui.reference.tutorial import resume_hints

    match = autosave(5, 3, 1_000_000)
    data = json.loads(match.autosave_path.read_text("utf-8"))
    assert data["guided"] is False
    del data["guided"]  # as an older build wrote it
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data), "utf-8")
    loaded = Match.load(old)
    assert loaded.guided is False and loaded.actions == match.actions
    assert resume_hints(loaded) is None
    assert "guided" not in unfinished_games()[0].label()


async def test_resuming_a_game_of_one_move_says_one_move():
    """Play-test: the notice on resuming said "1 moves"."""
    autosave(4, 1, 1_000_000)
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot, 3)
        said = [str(n.message) for n in app._notifications if "Resumed" in str(n.title)]
        assert said and "1 move." in said[0] and "1 moves" not in said[0]
