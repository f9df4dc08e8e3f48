"""Heroes of the Grid's card box follows the focused card or clears (issue 36). With the
keys off the cards (on the move list): while a question is asked it shows the question's
own card or nothing, never the card the keys left; otherwise it keeps the card the keys
left while that card is on the table (QA's choice, test_hotg_table.py) and clears once the
card has left it."""

from __future__ import annotations

from tabletop_tui.ui.widgets.combat_grid import CombatGrid
from tabletop_tui.ui.widgets.table import TableCard, Zone

from .helpers import settle
from .test_hotg_battle_room import _battle
from .test_hotg_board_frames import _app


def _box_key(screen) -> str | None:
    info = screen.inspector().info
    return None if info is None else info.key


def _on_table(screen, key: str) -> bool:
    return any(c.info.key == key for z in screen.query(Zone) for c in z.cards)


def _box_is_fair(screen) -> tuple[bool, str]:
    """The card box reads the focused card; with the keys off the cards, the question's own
    card (or an enemy of the battle) while one is asked, else nothing or a card still on
    the table."""
    key = _box_key(screen)
    focused = screen.focused
    if isinstance(focused, CombatGrid):
        return True, ""
    if isinstance(focused, TableCard):
        return key == focused.info.key, f"focused {focused.info.key}, box {key}"
    if screen.mode == "decision":
        question = getattr(screen, "_question_card", lambda view: None)(screen._view)
        want = None if question is None else question.key
        enemies = screen.query("#hg-enemies")
        reading = bool(enemies) and any(c.info.key == key for c in enemies.first().cards)
        return key == want or reading, f"asked about {want}, the box on {key}"
    return key is None or _on_table(screen, key), f"the box on {key}, gone from the table"


async def test_a_card_played_from_the_move_list_leaves_the_card_box_too():
    """The keys on a card of the hand, then on the move list (the box keeps the card),
    then its Play row: the card leaves the hand, and the box no longer reads it."""
    app = _app(players=1, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, key = await _battle(pilot, app)
        await pilot.press("p")  # to the hand: its first playable card
        await settle(pilot)
        card = screen.focused
        assert isinstance(card, TableCard) and card.info.actionable
        read = card.info.key
        await pilot.press("o")  # to the move list: the box keeps the card
        await settle(pilot)
        assert screen.focused is screen.query_one("#hg-list") and _box_key(screen) == read
        row = next(
            g
            for g in screen.groups
            if "Play" in g.label.plain and card.info.face.title in g.label.plain
        )
        await pilot.press(screen.key_of(row))
        await settle(pilot, 3)
        while type(app.screen).__name__ == "CardMenu":  # its target: the first
            await pilot.press("enter")
            await settle(pilot, 3)
        assert not _on_table(screen, read)  # played: out of the hand
        fair, why = _box_is_fair(screen)
        assert fair, why
        assert _box_key(screen) != read


async def test_through_a_battle_the_card_box_never_reads_a_card_that_left_the_table():
    """A battle and what follows it, played with the first move each time: after every
    move the card box reads the focused card, or with the keys on the move list the
    question's own card, or nothing (today a hand card the keys left stayed in the box
    through the dice questions)."""
    app = _app(players=1, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, _key = await _battle(pilot, app)
        checked = 0
        for _ in range(40):
            if screen.mode not in ("battle", "decision", "act") or not screen.groups:
                break
            await pilot.press(screen.key_of(screen.groups[0]))
            await settle(pilot, 3)
            while type(app.screen).__name__ == "CardMenu":  # a target: the first
                await pilot.press("enter")
                await settle(pilot, 3)
            fair, why = _box_is_fair(screen)
            assert fair, why
            checked += 1
        assert checked >= 10
