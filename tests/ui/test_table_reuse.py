"""What a pushed table update reuses instead of building again (issue 19's latency goal):
a zone's chips that are no longer needed wait hidden for the next cards, and the footer
gives its key widgets the new keys when a turn changes which keys show.

Counts, not times: a widget mounted or a layout of the whole screen is what made an update
cost; benchmarks/tables_redraw_bench.py prints the times.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets._footer import FooterKey

from tabletop_tui.ui.widgets.footer import TableFooter
from tabletop_tui.ui.widgets.table import TableCard, Zone, card_class

from .helpers import screen_text, settle
from .test_table_kit import HAND, KitApp, focused_key


def _layouts(screen) -> list[int]:
    """A counter of the screen's layouts from now on."""
    count = [0]
    run = screen._refresh_layout

    def counted(*args, **kwargs):
        count[0] += 1
        return run(*args, **kwargs)

    screen._refresh_layout = counted
    return count


async def test_a_zone_hides_the_chips_it_no_longer_needs_and_shows_the_next_cards_on_them():
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        hand = screen.query_one("#hand", Zone)
        chips = hand.cards
        assert [c.info.key for c in chips] == ["h1", "h2", "h3"]
        hand.show(HAND[:1])
        await settle(pilot)
        assert hand.cards == chips[:1]
        # the two left over are out of sight, out of the focus chain and name no card
        assert all(not c.display and not c.focusable for c in chips[1:])
        assert not screen.query(f".{card_class('h2')}")
        assert "Byte Badger" not in screen_text(app) and "Data Dodo" in screen_text(app)
        assert [w for w in screen.focus_chain if w.parent is hand] == chips[:1]
        await pilot.press("down")  # (the last card of the zone: the arrow stays)
        assert focused_key(app) == "h1"
        layouts = _layouts(screen)
        hand.show([HAND[0], HAND[2], HAND[1]])
        await settle(pilot)
        # the same two widgets show the new cards, none was mounted, one layout placed them
        assert hand.cards == chips
        assert [c.info.key for c in hand.cards] == ["h1", "h3", "h2"]
        assert len(hand.query_children(TableCard)) == 3
        assert layouts[0] == 1
        assert screen.query_one(f".{card_class('h3')}", TableCard) is chips[1]
        text = screen_text(app)
        assert text.index("Null Newt") < text.index("Byte Badger")
        await pilot.press("down", "down")
        assert focused_key(app) == "h2"


async def test_a_zone_that_empties_keeps_its_chips_for_later_and_says_it_is_empty():
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        hand = screen.query_one("#hand", Zone)
        chips = hand.cards
        assert focused_key(app) == "h1"
        hand.show([])
        await settle(pilot, 3)
        assert hand.cards == [] and focused_key(app) is None
        assert "—" in screen_text(app)
        hand.show(HAND[1:] + [HAND[0]])
        await settle(pilot)
        assert hand.cards == chips
        assert list(hand.children)[-1].has_class("zone-empty")  # (the line still goes last)
        assert "Null Newt" in screen_text(app)


class KeysScreen(Screen):
    """A turn that comes and goes: `e` shows only while it is this seat's turn."""

    BINDINGS = [
        Binding("e", "end", "End phase"),
        Binding("m", "note('moves')", "Moves"),
        Binding("x", "note('exit')", "Exit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.acting = True
        self.notes: list[str] = []

    def compose(self) -> ComposeResult:
        yield TableFooter()

    def check_action(self, action: str, parameters) -> bool | None:
        return self.acting if action == "end" else True

    def action_end(self) -> None:
        self.notes.append("end")

    def action_note(self, what: str) -> None:
        self.notes.append(what)

    def turn(self, acting: bool) -> None:
        self.acting = acting
        self.refresh_bindings()


class KeysApp(App):
    ENABLE_COMMAND_PALETTE = False  # (as TabletopApp)

    def on_mount(self) -> None:
        self.push_screen(KeysScreen())


def _shown_keys(screen) -> list[FooterKey]:
    return [k for k in screen.query_one(TableFooter).children if k.display]


async def test_the_footer_gives_its_key_widgets_the_new_keys_when_a_turn_changes_them():
    app = KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        keys = _shown_keys(screen)
        assert [k.key for k in keys] == ["e", "m", "x"]
        assert "End phase" in screen_text(app)
        screen.turn(False)
        await settle(pilot)
        now = _shown_keys(screen)
        assert [k.key for k in now] == ["m", "x"]
        assert now == keys[:2]  # the same widgets, given the other keys
        text = screen_text(app)
        assert "End phase" not in text and "Moves" in text and "Exit" in text
        await pilot.click(now[0])  # a key given another binding runs that binding
        assert screen.notes == ["moves"]
        screen.turn(True)
        await settle(pilot)
        assert _shown_keys(screen) == keys  # the hidden one came back: nothing mounted
        assert len(screen.query_one(TableFooter).children) == 3
        assert [k.description for k in keys] == ["End phase", "Moves", "Exit"]
        await pilot.click(keys[0])
        await pilot.press("x")
        assert screen.notes == ["moves", "end", "exit"]
        assert "End phase" in screen_text(app)
