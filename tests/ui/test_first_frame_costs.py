"""What a game screen's first frame leaves undone or shares (issue 18, start-up): chips
mounted together share one styling, identical chips share one drawing, and the parts a
first frame hides are made when first shown. Counts and identities, not times:
benchmarks/run.py --parts startup prints the times."""

from __future__ import annotations

from dataclasses import replace

from textual.app import App, ComposeResult
from textual.css.stylesheet import Stylesheet

from tabletop_tui.ui.widgets.table import TableCard, Zone, card_class, chip_text

from .helpers import settle
from .test_table_kit import HAND, KitApp, card


async def test_chips_are_styled_before_they_are_named_and_named_once_mounted(monkeypatch):
    """No rule names a card, and its own class is what would keep chips mounted together
    from sharing Textual's styling: a chip gets it right after it is styled."""
    seen: list[frozenset[str]] = []
    apply = Stylesheet.apply

    def spied(self, node, **kwargs):
        if isinstance(node, TableCard) and not node.is_mounted:
            seen.append(frozenset(node.classes))
        return apply(self, node, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", spied)
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one("#hand", Zone)
        assert len(seen) >= len(hand.cards) == 3
        assert not any(c.startswith("card-") for classes in seen for c in classes)
        for chip, info in zip(hand.cards, HAND, strict=True):
            assert app.screen.query_one(f".{card_class(info.key)}", TableCard) is chip
        # a chip mounted later, alone, is named as soon as it is mounted too
        more = HAND[0].__class__(key="h9", face=HAND[0].face, zone="your hand")
        hand.show([*HAND, more])
        assert app.screen.query_one(f".{card_class('h9')}", TableCard) is hand.cards[-1]
        await settle(pilot)
        assert [c.info.key for c in hand.cards] == ["h1", "h2", "h3", "h9"]


class ChipApp(App):
    """A row of face-down cards (a hand the seat on screen may not see) and one face up."""

    CSS = "Zone { height: 3; }"
    AUTO_FOCUS = None

    def compose(self) -> ComposeResult:
        yield Zone(id="row")

    def on_mount(self) -> None:
        down = [card(f"d{n}", "card", hidden=True) for n in range(4)]
        self.query_one(Zone).show([*down, card("u1", "Data Dodo")])


def _lines(chip: TableCard) -> list[str]:
    return [strip.text for strip in chip._render_cache.lines]


async def test_chips_that_look_the_same_share_one_drawing():
    app = ChipApp()
    async with app.run_test(size=(80, 6)) as pilot:
        await settle(pilot)
        chips = app.query_one(Zone).cards
        down, up = chips[:4], chips[4]
        drawings = {id(c._render_cache) for c in down}
        assert len(drawings) == 1, "four face-down chips were drawn four times"
        assert up._render_cache is not down[0]._render_cache
        assert _lines(down[0]) == [chip_text(down[0].info).plain]
        assert _lines(up) == [chip_text(up.info).plain]
        # focus draws the focused look (its own marker); leaving it gives back the shared one
        up.focus()
        await settle(pilot)
        down[1].focus()
        await settle(pilot)
        assert _lines(down[1])[0].startswith("▶")
        assert down[1]._render_cache is not down[0]._render_cache
        down[2].focus()
        await settle(pilot)
        assert down[1]._render_cache is down[0]._render_cache
        assert _lines(down[1]) == [chip_text(down[1].info).plain]


async def test_a_chip_is_drawn_again_when_its_card_size_or_style_changes():
    app = ChipApp()
    async with app.run_test(size=(80, 6)) as pilot:
        await settle(pilot)
        chips = app.query_one(Zone).cards
        chip = chips[4]
        before = chip._render_cache
        # the card: new marks, drawn with them (the chips beside it keep theirs)
        chip.set_info(replace(chip.info, marks="v3 R1"))
        await settle(pilot)
        assert _lines(chip) == [chip_text(chip.info).plain] and "v3 R1" in _lines(chip)[0]
        assert chip._render_cache is not before
        # the size: a wider chip is drawn at its new width
        width = chip.size.width
        chip.styles.width = chip.outer_size.width + 6
        await settle(pilot)
        assert chip.size.width == width + 6
        assert chip._render_cache.size == chip.size  # (drawn for this size)
        assert _lines(chip) == [chip_text(chip.info).plain]
        # the style: the card turned face down takes the muted colour of one
        colour = chip._render_cache.lines[0]._segments[-1].style.color
        face = replace(chip.info.face, hidden=True, title="card")
        chip.set_info(replace(chip.info, face=face, marks=""))
        chip.styles.width = None
        await settle(pilot)
        assert chip.has_class("-hidden")
        assert chip._render_cache is chips[0]._render_cache  # as the other face-down ones
        assert chip._render_cache.lines[0]._segments[-1].style.color != colour
        # the theme: every chip's look changes with it
        old = chips[0]._render_cache
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await settle(pilot)
        assert chips[0]._render_cache is not old
        assert chips[0]._render_cache is chips[1]._render_cache
