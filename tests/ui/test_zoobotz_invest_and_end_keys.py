"""ZOOBOTZ's `i` and `e` (issue 36, with p r a d in test_zoobotz_frames.py): `i` invests
the focused card of the hand, and from any other zone asks which card, listing only those
that may be invested now; `e` with moves left asks before it ends the turn. Nothing is
played by either key until the player says which."""

from __future__ import annotations

from tabletop_tui.games.zoobotz.models import EndTurn, Invest
from tabletop_tui.ui.widgets.table import Zone

from .helpers import settle
from .test_zoobotz_frames import _app, _botz_on_both_sides


def _investing(legal) -> bool:
    return len([a for a in legal if isinstance(a, Invest)]) > 1


async def test_i_from_another_zone_asks_which_card_and_on_a_hand_card_invests_it():
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await _botz_on_both_sides(pilot, _investing)
        screen = app.screen
        invests = [a for a in screen.match.legal_actions(0) if isinstance(a, Invest)]
        count = len(screen.match.actions)
        # on one of Ann's Botz (not a card of the hand): which card?
        screen.query_one("#botz-0", Zone).cards[0].focus_now()
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert len(screen.match.actions) == count  # nothing invested yet
        assert screen.menu is not None and "which card" in screen.menu.title
        assert [e.action for e in screen.menu.entries if e.action is not None] == invests
        await pilot.press("escape")
        await settle(pilot)
        assert screen.menu is None and len(screen.match.actions) == count
        # on the hand's second card: that card, not the first
        hand = screen.query_one("#zb-hand", Zone)
        target = hand.cards[1].info.key
        assert Invest(card=target) in invests
        hand.cards[1].focus_now()
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        played = screen.match.actions[count:]
        assert [(a.seat, a.action) for a in played] == [(0, {"kind": "invest", "card": target})]


async def test_e_with_moves_left_asks_before_ending_the_turn():
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await _botz_on_both_sides(pilot, _investing)
        screen = app.screen
        count = len(screen.match.actions)
        await pilot.press("e")
        await settle(pilot)
        assert len(screen.match.actions) == count  # asked, not ended
        assert type(app.screen).__name__ == "CardMenu"
        await pilot.press("escape")
        await settle(pilot)
        assert len(screen.match.actions) == count
        assert EndTurn() in screen.match.legal_actions(0)
