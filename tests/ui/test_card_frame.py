"""The table kit's card frame: a card drawn as a small bordered card where the room allows,
the one-line chip where it does not (issue 36)."""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen

from tabletop_tui.ui.widgets.card import CardFace
from tabletop_tui.ui.widgets.table import CardInfo, Zone


def _cards() -> list[CardInfo]:
    face = CardFace(title="Zedd's Revenge", letter="A", subtitle="Attack", stats=(("P", 4),))
    return [
        CardInfo(key="a", face=face, cost="3", owner="▲1 Ann", seat=0, marks="USED"),
        CardInfo(key="b", face=CardFace(title="face down", letter="?", hidden=True)),
    ]


class _Table(Screen):
    def __init__(self, wide: bool) -> None:
        super().__init__()
        self.wide = wide

    def compose(self):
        yield Zone("Grid:", frames=True, id="framed")
        yield Zone("Hand:", id="chips")

    def on_mount(self) -> None:
        self.set_class(self.wide, "-wide")
        for zone in self.query(Zone):
            zone.show(_cards())


class _App(App):
    def __init__(self, wide: bool) -> None:
        super().__init__()
        self.wide = wide

    def on_mount(self) -> None:
        self.push_screen(_Table(self.wide))


def _text(app: App) -> str:
    update = app.screen._compositor.render_full_update()
    return "\n".join("".join(s.text for s in strip).rstrip() for strip in update.strips)


async def _shown(wide: bool, size: tuple[int, int]) -> tuple[dict, str]:
    """What the zones drew: each card's (framed, height, classes), and the screen's text."""
    app = _App(wide)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        cards = {
            f"{zone.id}:{card.info.key}": (card.framed, card.outer_size.height, set(card.classes))
            for zone in app.screen.query(Zone)
            for card in zone.cards
        }
        return cards, _text(app)


async def test_a_wide_screen_draws_the_zone_that_asks_for_frames_as_frames():
    cards, text = await _shown(True, (120, 40))
    framed, height, classes = cards["framed:a"]
    assert framed and not cards["chips:a"][0]
    # the border says type letter and cost on top, the owner's tag below; inside: the name,
    # the subtitle, the numbers and the state
    assert "[A] 3" in text and "▲1 Ann" in text
    assert height == 6  # border, name, subtitle, numbers, state, border
    assert "P+4" in text and "USED" in text
    assert "owner-0" in classes
    # a face-down card keeps its back: no name of a hidden card
    assert "[?]" in text and "▒▒▒" in text


async def test_without_the_room_a_frame_is_the_one_line_chip():
    cards, text = await _shown(False, (80, 24))
    framed, height, _ = cards["framed:a"]
    assert not framed
    assert height == 1
    assert "[A] Zedd's Revenge USED" in text
    assert "[A] 3" not in text  # no border label without a border
