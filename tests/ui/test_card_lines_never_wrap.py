"""A card's lines never wrap (issue 36 play-test). A chip too long for its room showed its
first words and silently lost the rest on a second, cut-off line (Heroes of the Grid's
"Angel Grove Park 6/6 ⚠P" read "Angel Grove" at 120x40); it now ends in "…" on its one line.
A card frame laid out narrower than it was last drawn wrapped its cut lines and stood a row
taller than its neighbours; it is now as tall as its lines."""

from __future__ import annotations

from textual.app import App
from textual.geometry import Size
from textual.screen import Screen

from tabletop_tui.ui.widgets.card import CardFace
from tabletop_tui.ui.widgets.card_frame import frame_text
from tabletop_tui.ui.widgets.table import CardInfo, Zone

LONG = "Angel Grove Park Far Beyond The Youth Center"


class _Table(Screen):
    def __init__(self, wide: bool) -> None:
        super().__init__()
        self.wide = wide

    def compose(self):
        yield Zone(frames=True, id="zone", classes="narrow")

    def on_mount(self) -> None:
        self.set_class(self.wide, "-wide")
        face = CardFace(title=LONG, letter="1", subtitle="Location", stats=(("F", 6),))
        self.query_one(Zone).show([CardInfo(key="a", face=face, marks="6/6 ⚠P", cost="2")])


class _App(App):
    CSS = ".narrow { width: 24; }"

    def __init__(self, wide: bool) -> None:
        super().__init__()
        self.wide = wide

    def on_mount(self) -> None:
        self.push_screen(_Table(self.wide))


async def test_a_chip_longer_than_its_room_ends_in_an_ellipsis_on_one_row():
    app = _App(wide=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        card = app.screen.query_one(Zone).cards[0]
        assert card.outer_size.height == 1
        row = "".join(s.text for s in card.render_lines(card.region.reset_offset)[0])
        assert row.rstrip().endswith("…"), row  # it says it is cut
        assert "Angel Grove Park" in row  # the room is used, not just the first words


async def test_a_frame_laid_out_narrower_than_last_drawn_is_as_tall_as_its_lines():
    app = _App(wide=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        card = app.screen.query_one(Zone).cards[0]
        assert card.framed
        lines = frame_text(card.info, False, card.content_size.width).plain.count("\n") + 1
        assert card.content_size.height == lines
        # laid out again narrower (a resize, a column more in the grid): the lines were cut
        # to the width it was drawn at; they must not wrap into extra rows
        card.clear_cached_dimensions()
        narrower = card.content_size.width - 8
        assert card.get_content_height(Size(120, 40), Size(120, 40), narrower) == lines


class _Even(Screen):
    def compose(self):
        yield Zone(frames=True, even=True, id="even")
        yield Zone(frames=True, id="own")

    def on_mount(self) -> None:
        self.add_class("-wide")
        face = CardFace(title="Putty", letter="F", subtitle="Foot soldier")
        cards = [
            CardInfo(key="a", face=face, marks="FAST GUARD"),
            CardInfo(key="b", face=face),
        ]
        for zone in self.query(Zone):
            zone.show(cards)


class _EvenApp(App):
    def on_mount(self) -> None:
        self.push_screen(_Even())


async def test_an_even_zone_draws_its_frames_as_tall_as_the_tallest():
    app = _EvenApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        even = app.screen.query_one("#even", Zone)
        own = app.screen.query_one("#own", Zone)
        assert {c.outer_size.height for c in even.cards} == {5}  # name, subtitle, marks
        assert [c.outer_size.height for c in own.cards] == [5, 4]  # each its own
        even.show([CardInfo(key="b", face=CardFace(title="Putty", letter="F"))])
        await pilot.pause()
        await pilot.pause()
        assert even.cards[0].outer_size.height == 4  # the tallest left: a frame's least again
