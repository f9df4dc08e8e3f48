"""The table kit's move panel (`MoveList`): j/k move like the arrows, Enter chooses, and options
wrap to the width left beside a scrollbar."""

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


class _Wrapping(App):
    CSS = "MoveList { width: 40; height: 8; border: round $accent; }"

    def compose(self) -> ComposeResult:
        yield MoveList("short", id="moves")


async def test_options_that_bring_a_scrollbar_wrap_to_the_width_left_beside_it():
    """Four long options replace a short one: the scrollbar they bring narrows the rows,
    and each option takes the lines it needs there (its last word was cut off: a HotG
    fight choice showed three foot soldiers of four)."""
    app = _Wrapping()
    long = "⚔ These fight, drawn in this order: Putty S.Putty S.Putty S.Putty"
    async with app.run_test(size=(60, 12)) as pilot:
        await pilot.pause()
        moves = app.query_one(MoveList)
        moves.clear_options()
        moves.add_options([f"{n} {long}" for n in range(4)])
        await pilot.pause()
        await pilot.pause()
        rows = [moves.render_line(y).text.rstrip() for y in range(moves.size.height - 2)]
        assert moves.scrollbars_enabled[0]  # the case: a vertical scrollbar came
        assert rows[:3] == [
            "0 ⚔ These fight, drawn in this",
            "order: Putty S.Putty S.Putty",
            "S.Putty",
        ]
