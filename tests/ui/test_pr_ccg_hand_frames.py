"""PR CCG 2008's hand as a player reads it (issue 36): on a wide screen every card frame shows
its whole name (a long one on two lines, never cut with "…"), and a card that can't be
played now looks it: dimmed, and marked ⊘ (a frame says "can't play now" too), at 80x24 as
at 120x40, never by colour alone."""

from __future__ import annotations

import pytest

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.widgets.table import Zone

from .helpers import screen_lines, settle
from .test_pr_ccg_table import VS_BOT, _big_hand, _match, _table, saved_app


def _card_lines(app, card) -> list[str]:
    """The lines inside a card frame's border, as the screen shows them."""
    r = card.region
    lines = screen_lines(app)[r.y + 1 : r.bottom - 1]
    return [line[r.x + 1 : r.right - 1].strip(" │") for line in lines]


def _card_shown(app, card) -> str:
    """Everything a card shows: a frame's top border (its cost and state) and its lines, or
    a chip's one line."""
    lines = screen_lines(app)
    r = card.region
    if not card.framed:
        return lines[r.y][r.x : r.right]
    return "\n".join([lines[r.y][r.x : r.right], *_card_lines(app, card)])


async def test_every_name_in_the_hand_is_whole_on_its_frame_at_120x40(tmp_path):
    match = _match(VS_BOT, 7, _big_hand)
    app = saved_app(match, tmp_path / "hand.json")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _table(pilot)
        hand = screen.query_one("#pr-hand", Zone)
        names = dict(screen.match.view(0).seats[0].hand)
        assert any(len(c.name) > 22 for c in names.values())  # (a long one is there)
        for card in hand.cards:
            assert card.framed and card.region.bottom <= 39  # the whole hand still shows
            lines = _card_lines(app, card)
            name = names[card.info.key].name
            assert not any("…" in line for line in lines), lines
            # its first one or two lines, read together, are the name (today: cut with …)
            head = " ".join(" ".join(lines[:2]).lstrip("▶▸ ").split())
            assert head.startswith(name) or " ".join(lines[0].lstrip("▶▸ ").split()) == name


def _opening_app():
    """Round 1 with an opening hand of two (three cards after the first draw): a card
    whose Hand Cost is above 2 can't be paid (seed 2 deals one beside cheaper ones)."""
    return TabletopApp(
        game="pr-ccg-2008",
        seats=[SeatSpec(name="Alice"), SeatSpec(name="Robo", kind="random")],
        seed=2,
        bot_delay=0,
        config={"opening_hand": 2},
        autosave=False,
    )


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_an_unplayable_card_is_dimmed_and_marked(size):
    app = _opening_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        me = screen.match.view(0).seats[0]
        hand = screen.query_one("#pr-hand", Zone)
        costs = {cid: card.hand_cost for cid, card in me.hand}
        stuck = [c for c in hand.cards if costs[c.info.key] > len(me.hand) - 1]
        free = [c for c in hand.cards if costs[c.info.key] <= len(me.hand) - 1]
        assert stuck and free  # (the position has both)
        for card in stuck:
            assert not card.info.actionable and card.info.reason
            assert card.has_class("tone-unplayable")
            shown = _card_shown(app, card)
            assert "⊘" in shown  # a glyph, not the dimming alone (today: neither)
            if card.framed:
                assert "can't play now" in shown
            # dimmed: drawn in another colour than a playable card
            assert card.styles.color != free[0].styles.color
        for card in free:
            assert not card.has_class("tone-unplayable")
            assert "⊘" not in _card_shown(app, card)


async def test_a_card_naming_two_elements_says_both_on_its_frame():
    """The reveal's table at 120x40 (the screenshots' scene): Divatox makes its opponent
    use BEAST or TECH; its frame said "Opponent uses BEAST o…" (and the other card's
    "fights in" line was as long)."""
    from tabletop_tui.ui.screenshots import SCENES

    scene = next(s for s in SCENES if s.name == "pr-ccg-2008-reveal")
    app = scene.make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await scene.steps(pilot)
        await settle(pilot)
        board = next(s for s in app.screen_stack if type(s).__name__ == "PrCcgScreen")
        battle = board.query_one("#pr-table", Zone).cards
        assert len(battle) == 2 and all(c.framed for c in battle)
        two = [c for c in battle if " or " in " ".join(_card_lines(app, c))]
        assert two  # (the scene has one)
        for card in battle:
            lines = _card_lines(app, card)
            assert not any("…" in line for line in lines), lines
        text = " ".join(" ".join(_card_lines(app, c)) for c in battle)
        assert "Opponent uses BEAST or TECH" in " ".join(text.split())
