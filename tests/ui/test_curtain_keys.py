"""Passing the keyboard: a key that clears a curtain never answers the prompt behind it.

A terminal delivers keys typed quickly (a double tap, a held key repeating) together; the
first clears the curtain, and the rest must not act for the player who just sat down
before their screen has even been drawn (issue 15, Mastermind Mode hand-overs)."""

from textual import events

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp

from .helpers import screen_name, settle


async def test_keys_typed_with_the_one_that_clears_a_curtain_are_dropped():
    seats = [SeatSpec(name=n, kind="human") for n in ("Ann", "Ben")]
    app = TabletopApp(
        game="hotg", seats=seats, seed=5, bot_delay=0, autosave=False, config={"hidden_hands": True}
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"
        game = app.screen_stack[-2]
        before = len(game.match.actions)
        for _ in range(3):  # Enter, and two more in the same burst
            app.post_message(events.Key("enter", "\r"))
        await settle(pilot, 4)
        assert screen_name(app) == game.__class__.__name__  # the curtain is gone...
        assert len(game.match.actions) == before  # ...and nothing was answered for the player
        # a key pressed once the screen is up does act: Enter opens the focused card's moves
        # (or makes its one move), as the same Enter would have without the curtain
        await pilot.press("enter")
        await settle(pilot)
        opened = screen_name(app) != game.__class__.__name__
        assert opened or len(game.match.actions) == before + 1
