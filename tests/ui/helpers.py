"""Driving the app like a player: keys only."""

from __future__ import annotations

from tabletop_tui.ui.app import TabletopApp


def screen_name(app: TabletopApp) -> str:
    return type(app.screen).__name__


def screen_text(app: TabletopApp) -> str:
    """The visible text of the current screen (SVG spaces turned back into spaces)."""
    svg = app.export_screenshot()
    return svg.replace("&#160;", " ")


async def settle(pilot, times: int = 2) -> None:
    for _ in range(times):
        await pilot.pause()


async def play_to_end(pilot, limit: int = 3000) -> int:
    """Answer every screen with keys until the game-over screen; returns keys pressed."""
    app = pilot.app
    for pressed in range(limit):
        name = screen_name(app)
        if name == "GameOverScreen":
            return pressed
        if name in ("RevealScreen", "CurtainScreen"):
            await pilot.press("enter")
        elif name == "PrCcgScreen":
            screen = app.screen
            if screen.waiting:
                await pilot.pause()
                continue
            seat = screen.session.on_screen
            legal = screen.match.legal_actions(seat) if seat is not None else []
            kinds = {a.kind for a in legal}
            if "element" in kinds:
                await pilot.press("1")
            elif "select" in kinds and pressed % 4:
                await pilot.press("enter")
            elif "pay" in kinds:
                await pilot.press("enter")
            else:
                await pilot.press("n")
        elif name == "ArmyOfZeroScreen":
            screen = app.screen
            if screen.waiting:
                await pilot.pause()
                continue
            if screen.match.view(None).phase == "order":
                await pilot.press("r")
            else:
                attack_ok = (
                    screen.match.view(screen.session.on_screen)
                    .seats[screen.session.on_screen]
                    .attacks_in_hand
                    > 0
                )
                await pilot.press("a" if attack_ok and pressed % 3 else "d")
        await pilot.pause()
    raise AssertionError(f"no game over after {limit} keys; on {screen_name(app)}")
