"""Fewer presses, no accidents at one keyboard (issue 33).

A move that a curtain follows can be taken back from that curtain (`u`), so it needs no
question first; the game-over box takes only its own keys; a game opened from the launcher
returns there when quit; keys typed before a box was drawn never answer it.
"""

from __future__ import annotations

from textual import events

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp

from .helpers import screen_name, screen_text, settle
from .test_public_moments import near_the_end

HUMANS = [SeatSpec(name="Ann"), SeatSpec(name="Bob")]


def game_screen(app):
    return next(s for s in reversed(app.screen_stack) if hasattr(s, "session"))


async def test_u_on_the_curtain_takes_the_last_move_back():
    app = TabletopApp(game="army-of-zero", seats=HUMANS, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for key in ["enter", "r", "enter", "r"]:  # both squads laid down
            await pilot.press(key)
            await settle(pilot)
        screen = game_screen(app)
        chooser = screen.session.on_screen
        moves = len(screen.match.actions)
        await pilot.press("a")  # a secret choice: the other seat's curtain follows
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"
        assert "u takes your move back" in screen_text(app)
        await pilot.press("u")
        await settle(pilot)
        assert screen_name(app) == "ArmyOfZeroScreen"
        assert screen.session.on_screen == chooser
        assert len(screen.match.actions) == moves  # the Attack is back in the hand
        assert chooser in screen.match.to_act()
        assert "Taken back" in str(screen.message)


async def test_a_curtain_after_a_revealed_move_offers_no_take_back():
    """Undo stops at revealed information: the curtain after a reveal says nothing of u."""
    app = TabletopApp(game="army-of-zero", seats=HUMANS, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"  # the game's first: nobody moved yet
        assert "takes your move back" not in screen_text(app)
        await pilot.press("u")
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"


async def test_pr_ccg_locks_a_card_in_without_a_question_when_a_curtain_follows():
    app = TabletopApp(game="pr-ccg-2008", seats=HUMANS, seed=11, bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Ann's curtain
        await settle(pilot)
        await pilot.press("n")  # play nothing: locked in at once, Bob's curtain next
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"
        assert "Ann: u takes your move back" in screen_text(app)


async def test_pr_ccg_still_asks_before_a_lock_in_against_a_bot():
    """No curtain follows (the bot's choice reveals at once): the question stays."""
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Robo", kind="heuristic")]
    app = TabletopApp(game="pr-ccg-2008", seats=seats, seed=11, bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 4)
        await pilot.press("n")
        await settle(pilot)
        assert screen_name(app) == "CardMenu"
        assert "Play nothing this round?" in screen_text(app)


async def test_enter_on_the_game_over_box_starts_no_new_game(tmp_path):
    short, last, seat = near_the_end("army-of-zero", {}, 2, 5)
    path = tmp_path / "end.json"
    short.save(path)
    app = TabletopApp(load=path, bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        while screen_name(app) == "CurtainScreen":
            await pilot.press("enter")
            await settle(pilot)
        screen = game_screen(app)
        screen.session.on_screen = seat
        screen.submit(last)
        await settle(pilot, 3)
        while screen_name(app) == "RevealScreen":
            await pilot.press("enter")
            await settle(pilot)
        assert screen_name(app) == "GameOverScreen"
        for _ in range(3):  # the last round's Enter, pressed again and again
            await pilot.press("enter")
            await settle(pilot)
        assert screen_name(app) == "GameOverScreen"
        await pilot.press("n")
        await settle(pilot, 3)
        assert screen_name(app) == "SetupScreen"
        from textual.widgets import Input

        field = app.screen.query_one("#name-0", Input)
        before = field.value
        # keys a terminal read in the burst with that n (made before the form was drawn)
        for char in "Zqx":
            key = events.Key(char, char)
            key.time = app.screen.keys_from - 0.05
            app.post_message(key)
        await settle(pilot, 3)
        assert field.value == before
        await pilot.press("Z")  # a key typed once the form is up does go in
        await settle(pilot)
        assert field.value.endswith("Z")


async def test_quit_in_a_game_opened_from_the_launcher_returns_to_the_launcher():
    app = TabletopApp(autosave=False, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the first game's setup
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        assert hasattr(app.screen, "session") or screen_name(app) == "CurtainScreen"
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert screen_name(app) == "LauncherScreen"
        assert app.return_value is None and app.is_running
        await pilot.press("q")  # only q on the launcher ends the program
        await settle(pilot)
        assert not app.is_running


async def test_a_message_before_the_screen_is_built_waits_for_its_first_frame():
    """A shared table's 'cat is back' line could reach a game screen opened a moment before
    and not yet built: set_message redrew widgets that did not exist yet, and the app ended."""
    from tabletop_tui.ui.registry import game_screen_class
    from tabletop_tui.ui.session import Session

    app = TabletopApp(autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        session = Session.new("zoobotz", HUMANS, 3, autosave=False)
        screen = game_screen_class("zoobotz")(session, delay=0)
        screen.set_message("● cat is back at the table")
        app.push_screen(screen)
        await settle(pilot, 3)
        assert screen.is_attached and app.is_running
        assert "cat is back" in screen_text(app)  # (on the first curtain's note line)
