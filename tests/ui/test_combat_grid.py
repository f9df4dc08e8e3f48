"""The 3x3 combat grid widget: drawing, adjacency links, cursor and clicks (Mastermind Mode)."""

from textual.app import App, ComposeResult

from tabletop_tui.ui.widgets.combat_grid import CombatGrid, GridCard, neighbours, render_grid


def test_neighbours_are_orthogonal_and_inside_the_grid():
    assert sorted(neighbours(0, 0)) == [(0, 1), (1, 0)]
    assert sorted(neighbours(1, 1)) == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert len(neighbours(2, 1)) == 3


def test_cards_marker_links_and_legal_spaces_are_drawn():
    cards = {(0, 0): GridCard("Putty", 2, 1, ("guard",)), (0, 1): GridCard("Bones", 4, 2)}
    lines = render_grid(cards, marker=(0, 1), legal=frozenset({(1, 0)}), cell_width=14)
    rows = lines.plain.splitlines()
    assert "Putty" in rows[0] and "◉Bones" in rows[0]
    assert "─" in rows[0]  # (0,0) and (0,1) are adjacent: linked
    assert "GUARD" in rows[1] and "♥4 ⚔2" in rows[1]
    assert "+ empty" in rows[3]  # the legal space at (1, 0)
    assert "│" not in rows[2]  # nothing below the cards: no vertical link


async def test_arrow_keys_and_enter_choose_a_space_and_a_click_too():
    chosen = []

    class Host(App):
        def compose(self) -> ComposeResult:
            yield CombatGrid(cell_width=14, id="grid")

        def on_combat_grid_chosen(self, message: CombatGrid.Chosen) -> None:
            chosen.append((message.row, message.col))

    app = Host()
    async with app.run_test(size=(60, 12)) as pilot:
        grid = app.query_one(CombatGrid)
        grid.focus()
        grid.show({}, legal=frozenset({(0, 0), (2, 2)}))
        await pilot.pause()
        assert grid.cursor == (0, 0)  # moved onto a legal space
        await pilot.press("down", "right", "enter")
        await pilot.pause()
        assert chosen == [(1, 1)]
        await pilot.click(CombatGrid, offset=(2 + 2 * 15, 6))
        await pilot.pause()
        assert chosen[-1] == (2, 2)
