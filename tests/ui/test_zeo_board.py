"""Zeo's board drawn as the box draws it (issue 36): the Grid as six fixed card frames, each
character as one card with its slots as coloured boxes, the Zord Bay's five boxes, The Lair,
the stacks as piles with counts; the move panel in key order; names, never ids. And the table
kit's additions these need: a card's own frame lines, border label and tone."""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen

from tabletop_tui.ui.widgets.card import CardFace
from tabletop_tui.ui.widgets.table import CardInfo, Zone


def _screen_text(app: App) -> str:
    update = app.screen._compositor.render_full_update()
    return "\n".join("".join(s.text for s in strip).rstrip() for strip in update.strips)


class _KitTable(Screen):
    def __init__(self, infos: list[CardInfo]) -> None:
        super().__init__()
        self.infos = infos

    def compose(self):
        yield Zone("Slots:", frames=True, id="framed")

    def on_mount(self) -> None:
        self.add_class("-wide")
        self.query_one(Zone).show(self.infos)


class _KitApp(App):
    def __init__(self, infos: list[CardInfo]) -> None:
        super().__init__()
        self.infos = infos

    def on_mount(self) -> None:
        self.push_screen(_KitTable(self.infos))


async def test_a_card_may_give_its_frame_its_own_lines_label_and_tone():
    """Kit: `frame` lines replace the face's subtitle, numbers, text and marks inside the
    border, `label` the top border's type letter and cost, `tone` adds a CSS class; the
    inspector's face is untouched, and a card without them is drawn as before."""
    face = CardFace(title="Widow's Spindle", letter="I", subtitle="Signature Item · cost 4◆")
    own = CardInfo(
        key="s",
        face=face,
        cost="4◆",
        marks="1P●",
        frame=("takes Villains", "● ready"),
        label="[P] slot 1",
        tone="purple",
    )
    plain = CardInfo(key="p", face=face, cost="4◆", marks="1P●")
    app = _KitApp([own, plain])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        zone = app.screen.query_one(Zone)
        mine, other = zone.cards
        text = _screen_text(app)
        assert "[P] slot 1" in text and "takes Villains" in text and "● ready" in text
        assert mine.has_class("tone-purple") and not other.has_class("tone-purple")
        assert mine.outer_size.height == 5  # border, name, two lines of its own, border
        # the plain card keeps the kit's look: type letter and cost, subtitle and marks
        assert "[I] 4◆" in text and "Signature Item" in text
        # a new tone replaces the old one; no tone leaves none
        zone.show([CardInfo(key="s", face=face, tone="red", frame=()), plain])
        await pilot.pause()
        assert mine.has_class("tone-red") and not mine.has_class("tone-purple")
        assert mine.outer_size.height == 4  # `()`: the name alone (the kit's least height)
        zone.show([CardInfo(key="s", face=face), plain])
        await pilot.pause()
        assert not mine.has_class("tone-red")
        assert "[I]" in _screen_text(app)


def test_a_frame_cut_to_its_width_leaves_the_card_text_whole():
    """Kit: drawing a narrow frame once must not cut the card's own Text lines (the inspector
    and a wider frame read them later): today a frame's first, narrow layout left "…"."""
    from rich.text import Text

    from tabletop_tui.ui.widgets.card_frame import frame_text

    line = Text("Battle reward: gain 2 Energy")
    extra = Text("Draw 1 card, then discard 1")
    info = CardInfo(key="k", face=CardFace(title="Card", letter="M"), frame=(line,))
    frame_text(info, width=3)
    assert line.plain == "Battle reward: gain 2 Energy"
    plain = CardInfo(key="p", face=CardFace(title="Card", letter="M", extra=(extra,)))
    frame_text(plain, width=3)
    assert extra.plain == "Draw 1 card, then discard 1"
