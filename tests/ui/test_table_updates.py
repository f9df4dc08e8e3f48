"""What a pushed table update touches (issue 19: the latency of a shared table's screens).

One layout anywhere makes Textual arrange the whole screen again, so an update must ask for
none unless something changed size, and a zone whose cards changed reuses its chips instead
of removing and mounting them.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import Static

from tabletop_tui.ui.widgets.quiet import update_static
from tabletop_tui.ui.widgets.table import TableCard, Zone, card_class

from .helpers import settle
from .test_lobby import service  # noqa: F401, F811 (the shared table service fixture)
from .test_table_kit import HAND, KitApp, card, focused_key


def _layouts(monkeypatch) -> list[str]:
    """The widgets that ask for a layout from now on (by their id or type)."""
    asked: list[str] = []
    original = Widget.refresh

    def spy(self, *regions, repaint=True, layout=False, recompose=False):
        if layout and self.is_mounted:
            asked.append(self.id or type(self).__name__)
        return original(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    monkeypatch.setattr(Widget, "refresh", spy)
    return asked


async def test_a_reordered_zone_reuses_its_chips_in_place(monkeypatch):
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one("#hand", Zone)
        chips = hand.cards
        mounted: list[object] = []
        monkeypatch.setattr(Zone, "mount_all", lambda self, *a, **k: mounted.append(a))
        hand.show([HAND[2], HAND[0], HAND[1]])
        await settle(pilot)
        assert [c.info.key for c in hand.cards] == ["h3", "h1", "h2"]
        assert all(a is b for a, b in zip(hand.cards, chips, strict=True))  # the same widgets
        assert mounted == []
        # a click or query by the card's class finds the chip that shows it now
        found = app.screen.query_one(f".{card_class('h3')}", TableCard)
        assert found is hand.cards[0] and found.info.key == "h3"
        assert not chips[2].has_class(card_class("h3"))


async def test_focus_follows_its_card_when_a_zone_reorders():
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one("#hand", Zone)
        await pilot.press("down")
        assert focused_key(app) == "h2"
        hand.show([HAND[1], HAND[2], HAND[0]])
        await settle(pilot, 3)
        assert focused_key(app) == "h2"
        assert app.focused is hand.cards[0]


async def test_a_changed_card_of_the_same_width_asks_no_layout(monkeypatch):
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one("#hand", Zone)
        hand.show([card("h1", "Data Dodo", marks="v1"), *HAND[1:]])
        await settle(pilot)
        asked = _layouts(monkeypatch)
        # other marks of the same width: a repaint only
        hand.show([card("h1", "Data Dodo", marks="v2"), *HAND[1:]])
        assert asked == []
        hand.show([card("h1", "Data Dodo", marks="v2 and more"), *HAND[1:]])
        assert asked  # wider: the row must be laid out again


class StaticsApp(App):
    CSS = "#auto { width: auto; } #fixed { width: 20; }"

    def compose(self) -> ComposeResult:
        yield Static("one line", id="fixed")
        yield Static("abc", id="auto")


async def test_a_static_is_laid_out_again_only_when_its_size_changes(monkeypatch):
    app = StaticsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        fixed = app.query_one("#fixed", Static)
        auto = app.query_one("#auto", Static)
        asked = _layouts(monkeypatch)
        update_static(fixed, Text("another", style="bold"))
        update_static(auto, "xyz")
        assert asked == []
        update_static(fixed, "two\nlines")  # taller
        update_static(auto, "wider")  # its width follows its text
        assert asked == ["fixed", "auto"]
        await settle(pilot)
        assert fixed.size.height == 2 and auto.size.width == 5


async def _ann_joins_bobs_table(pilot, app, service, lobby_only: bool = False):  # noqa: F811
    """Bob opens an Army Of Zero table and sits; Ann, in `app`, finds it in the lobby and
    (unless `lobby_only`) takes the other seat. Returns Bob's client and his Joined."""
    from tabletop_tui.tables.client import TableClient

    from .helpers import screen_name, screen_text
    from .test_lobby import wait_for

    bob = await TableClient.connect(service.socket_path, service.issue_ticket("bob"))
    joined = await bob.create("army-of-zero", [("Bob", "open"), ("Ann", "open")], seed=6, sit=0)
    await pilot.press("o")
    await wait_for(pilot, lambda: screen_name(app) == "LobbyScreen", "the lobby")
    await wait_for(pilot, lambda: joined.table.code in screen_text(app), "the table listed")
    if not lobby_only:
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen_name(app) == "ArmyOfZeroScreen", "the game")
    return bob, joined


async def test_f2_at_a_shared_table_stays_up_until_the_table_answers(service, monkeypatch):  # noqa: F811
    """The move goes out from the list; the list closes when the answer comes, so the game
    screen is drawn once, already showing the move. The list is drawn over the table in the
    game screen itself: no screen is pushed, nothing is laid out but the list's box, and the
    table's own keys do nothing while it is up."""
    from tabletop_tui.tables.table import Table
    from tabletop_tui.ui.app import TabletopApp

    from .helpers import screen_name, screen_text
    from .test_lobby import moves_panel, wait_for

    held: list = []
    act = Table.act
    monkeypatch.setattr(Table, "act", lambda self, *a, **k: held.append((self, a, k)))
    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        bob, joined = await _ann_joins_bobs_table(pilot, app, service)
        table = service.tables[joined.table.code]
        game = app.screen
        stack = list(app.screen_stack)
        await pilot.press("f2")
        await wait_for(pilot, lambda: moves_panel(app) is not None, "the move list")
        await settle(pilot)
        assert list(app.screen_stack) == stack  # (no screen of its own)
        panel = moves_panel(app)
        assert "Your moves, Ann" in screen_text(app)
        layouts = _layouts(monkeypatch)
        await pilot.press("q", "u", "s")  # the table's keys: held back while the list is up
        await settle(pilot)
        assert screen_name(app) == "ArmyOfZeroScreen" and moves_panel(app) is panel
        assert layouts == [] and not held
        await pilot.press("down", "up", "enter")
        await wait_for(pilot, lambda: bool(held), "the move sent")
        await settle(pilot)
        assert moves_panel(app) is panel and panel.sending
        assert "waiting for the table" in screen_text(app)
        await pilot.press("enter")  # a second choice while waiting sends nothing
        await settle(pilot)
        assert len(held) == 1 and not table.match.actions
        self_, args, kwargs = held.pop()
        act(self_, *args, **kwargs)
        await wait_for(pilot, lambda: moves_panel(app) is None, "the list closed")
        assert app.screen is game and len(table.match.actions) == 1
        await wait_for(pilot, lambda: "step 1 " in str(game.message), "the move shown")
        assert "Your moves" not in screen_text(app)
        await bob.close()


async def test_f2_at_a_shared_table_closes_with_esc_or_a_click_and_keeps_the_focus(service):  # noqa: F811
    from tabletop_tui.ui.app import TabletopApp

    from .helpers import screen_text
    from .test_lobby import moves_panel, wait_for

    app = TabletopApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bob, _ = await _ann_joins_bobs_table(pilot, app, service)
        focused = app.focused
        await pilot.press("f2")
        await wait_for(pilot, lambda: moves_panel(app) is not None, "the move list")
        panel = moves_panel(app)
        assert panel.region.right <= 80 and panel.region.bottom <= 24  # (inside 80x24)
        # an update's focus placement on the table waits while the list is up
        app.screen.set_focus(focused)
        await settle(pilot)
        assert moves_panel(app) is panel and panel in app.focused.ancestors_with_self
        await pilot.press("escape")
        await settle(pilot)
        assert moves_panel(app) is None and app.focused is focused
        assert "Your moves" not in screen_text(app)
        await pilot.press("f2")
        await wait_for(pilot, lambda: moves_panel(app) is panel, "the same list again")
        # a click on the table, below the list, closes it
        await pilot.click(offset=(2, panel.region.bottom + 1))
        await settle(pilot)
        assert moves_panel(app) is None
        # and so does a resize (below 80x24 only the size notice may show)
        await pilot.press("f2")
        await wait_for(pilot, lambda: moves_panel(app) is panel, "the list once more")
        await pilot.resize_terminal(70, 20)
        await settle(pilot)
        assert moves_panel(app) is None
        await bob.close()


async def test_the_lobby_under_a_game_stops_asking_for_the_tables(service):  # noqa: F811
    """Each seated player's lobby asked the service for the list of tables every 2 seconds,
    and redrew it into the game screen above it: only a lobby on top refreshes."""
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.screens.lobby import LobbyScreen

    from .helpers import screen_name
    from .test_lobby import wait_for

    app = TabletopApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        bob, joined = await _ann_joins_bobs_table(pilot, app, service, lobby_only=True)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        asked: list[str] = []

        async def refresh_tables() -> None:
            asked.append(screen_name(app))

        lobby.refresh_tables = refresh_tables  # type: ignore[method-assign]
        lobby._tick()
        await settle(pilot)
        assert asked == ["LobbyScreen"]  # on top: it refreshes
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen_name(app) == "ArmyOfZeroScreen", "the game")
        lobby._tick()
        await settle(pilot)
        assert asked == ["LobbyScreen"]  # under the game: nothing asked
        await bob.close()


class RowsApp(App):
    def __init__(self):
        super().__init__()
        self.chosen: list[int] = []

    def compose(self) -> ComposeResult:
        from tabletop_tui.ui.widgets.moves_panel import MoveRows

        yield MoveRows(id="rows")

    def on_move_rows_selected(self, event) -> None:
        self.chosen.append(event.index)


async def test_the_move_list_moves_its_highlight_by_repainting_two_rows(monkeypatch):
    from textual._compositor import Compositor

    from tabletop_tui.ui.widgets.moves_panel import MoveRows

    app = RowsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        rows = app.query_one(MoveRows)
        rows.set_rows([Text(f"{n}. move number {n}") for n in range(1, 31)])
        rows.focus()
        await settle(pilot)
        assert rows.size.height == 18  # (at most 18 rows; the rest scroll)
        layouts = _layouts(monkeypatch)
        painted: list = []
        render_update = Compositor.render_update

        def drawn(self, *args, **kwargs):
            painted.extend(self._dirty_regions)
            return render_update(self, *args, **kwargs)

        monkeypatch.setattr(Compositor, "render_update", drawn)
        await pilot.press("down", "down")
        await settle(pilot)
        assert rows.highlighted == 2 and layouts == []
        assert painted and all(r.height == 1 for r in painted)  # a row at a time
        await pilot.press("end")
        await settle(pilot)
        assert rows.highlighted == 29 and rows.scroll_offset.y == 30 - 18
        assert "30. move number 30" in rows.render_line(17).text
        await pilot.press("enter")
        await settle(pilot)
        assert app.chosen == [29] and layouts == []
