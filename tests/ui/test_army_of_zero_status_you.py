"""Army Of Zero's status line at 80x24 (issue 36 play-test): against a bot that has locked
in, the line read "to act: ▲1 Player" (the name cut); the seat on screen alone is "you"."""

from __future__ import annotations

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp

from .helpers import screen_lines, screen_name, settle


async def test_the_seat_on_screen_alone_to_act_is_you_and_the_line_fits():
    seats = [SeatSpec(name="Player 1"), SeatSpec(name="Bot 2", kind="heuristic")]
    app = TabletopApp(game="army-of-zero", seats=seats, seed=3, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        for _ in range(6):  # the squad laid down as dealt; the bot locks in its card
            if app.screen.match.view(None).phase == "battle" and app.screen.match.to_act() == {0}:
                break
            await pilot.press("enter" if screen_name(app) == "CurtainScreen" else "r")
            await settle(pilot, 3)
        assert screen_name(app) == "ArmyOfZeroScreen"
        assert app.screen.match.to_act() == {0}
        line = screen_lines(app)[0].rstrip()
        assert line.endswith("to act: you"), line
        assert len(line) <= 80
