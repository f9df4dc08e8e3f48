"""The table kit's move panel (`MoveList`): j/k move like the arrows, Enter chooses, and a
layout that resizes it leaves no scrollbar repaint waiting for a frame of its own."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import OptionList

from tabletop_tui.ui.widgets.scrolling import MoveList


class _Panel(App):
    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[str] = []

    def compose(self) -> ComposeResult:
        yield MoveList(*[f"move {n}" for n in range(30)], id="moves")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.chosen.append(str(event.option.prompt))


async def test_j_and_k_move_the_highlight_and_enter_chooses():
    app = _Panel()
    async with app.run_test(size=(40, 10)) as pilot:
        moves = app.query_one(MoveList)
        moves.focus()
        await pilot.pause()
        assert moves.highlighted == 0
        await pilot.press("j", "j", "j")
        assert moves.highlighted == 3
        await pilot.press("k")
        assert moves.highlighted == 2
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.chosen == ["move 3"]


async def test_a_resize_draws_the_scrollbar_in_the_same_frame():
    app = _Panel()
    async with app.run_test(size=(40, 10)) as pilot:
        moves = app.query_one(MoveList)
        moves.focus()
        for _ in range(20):
            await pilot.press("j")  # far enough down that the list scrolls
        await pilot.pause()
        assert moves.scroll_y > 0
        await pilot.resize_terminal(40, 16)
        await pilot.pause()
        bar = moves._vertical_scrollbar
        assert bar is not None and moves.show_vertical_scrollbar
        assert not bar._repaint_required  # drawn with the layout's frame, none left over
