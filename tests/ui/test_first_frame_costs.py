"""What a game screen's first frame leaves undone or shares (issue 18, start-up): chips
mounted together share one styling, identical chips share one drawing, and the parts a
first frame hides are made when first shown. Counts and identities, not times:
benchmarks/run.py --parts startup prints the times."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

from tabletop_tui.ui.widgets.table import TableCard, Zone, card_class

from .helpers import settle
from .test_table_kit import HAND, KitApp


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
