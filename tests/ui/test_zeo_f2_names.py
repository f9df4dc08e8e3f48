"""Names, never ids (issue 36): Zeo's F2 list says each move by the card it acts on, as the
table names it ("Harbor Watchtower: $ Buy it for 4◆"), not by its place ("buy grid 1")."""

from __future__ import annotations

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.games.zeo_dbg.models import Buy
from tabletop_tui.ui.app import TabletopApp

from .helpers import screen_name, settle


async def test_the_f2_list_names_the_grid_card_a_buy_takes():
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Robo", kind="heuristic")]
    app = TabletopApp(game="zeo-dbg", seats=seats, seed=3, autosave=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 4)
        screen = app.screen
        while screen_name(app) == "ZeoScreen" and screen.mode != "main":
            legal = screen.match.legal_actions(0)
            if not legal:
                await settle(pilot)
                continue
            screen.submit(legal[0])  # (choose a character, end any question)
            await settle(pilot, 3)
        for _ in range(8):  # play cards until some Grid card can be bought
            legal = screen.match.legal_actions(0)
            if any(isinstance(a, Buy) and a.source == "grid" for a in legal):
                break
            plays = [a for a in legal if a.kind == "play"]
            assert plays, "no card to play and nothing to buy"
            screen.submit(plays[0])
            await settle(pilot, 2)
        legal = screen.match.legal_actions(0)
        buys = [a for a in legal if isinstance(a, Buy) and a.source == "grid"]
        assert buys
        await pilot.press("f2")
        await settle(pilot, 3)
        assert screen_name(app) == "MovesScreen"
        labels = app.screen.labels
        view = screen.match.view(0)
        for buy in buys:
            label = labels[legal.index(buy)]
            name = view.grid[buy.index].card.name
            assert label.startswith(f"{name}: $ Buy it for "), label
        assert not any(label.startswith("buy grid") for label in labels)


async def test_the_curtain_marks_a_zeo_seat_as_its_table_does():
    """A curtain names the seat with the mark the table gives it (Zeo: its team, ▼V1 / ▲H2),
    not another game's glyph for the same seat number (play-test)."""
    from textual.widgets import Static

    seats = [SeatSpec(name="Ann"), SeatSpec(name="Ben")]
    app = TabletopApp(game="zeo-dbg", seats=seats, seed=8, autosave=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 4)
        assert screen_name(app) == "CurtainScreen"
        text = str(app.screen.query_one("#curtain-text", Static).render())
        game = next(s for s in app.screen_stack if hasattr(s, "session"))
        mark = game.seat_mark(app.screen.seat)
        assert mark[:2] in ("▼V", "▲H")
        assert f"{mark}  Pass to " in text, text
