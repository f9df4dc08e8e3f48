"""ZOOBOTZ on the table kit's card frames (issue 36): each Bot in play a frame with its
name, value, RISK as pips against the value and USED or UNUSED in a word; the marks' meaning
at 80x24 one focus away, in a card box of several lines; p i r a d from any zone; F2 and
replay titles naming cards, never ids."""

from __future__ import annotations

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.games import get_rules
from tabletop_tui.games.zoobotz.models import Choose, Hack, Play
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.widgets.table import Zone

from .helpers import engine_until, play_to_end, screen_lines, settle


def _app() -> TabletopApp:
    names = [SeatSpec(name="Ann"), SeatSpec(name="Robo", kind="heuristic")]
    return TabletopApp(game="zoobotz", seats=names, seed=1, bot_delay=0, autosave=False)


async def _botz_on_both_sides(pilot, also=lambda legal: True) -> None:
    """Play (the bots for every seat) until both seats have Botz and Ann is to act (and
    `also(her legal moves)` holds)."""

    def ready(app) -> bool:
        match = app.screen.match
        view = match.view(0)
        return (
            all(s.botz for s in view.seats)
            and match.to_act() == {0}
            and also(match.legal_actions(0))
        )

    await engine_until(pilot, lambda v: all(s.botz for s in v.seats))
    await play_to_end(pilot, until=ready)
    await settle(pilot, 3)


def _drawn(app, region) -> str:
    lines = screen_lines(app)
    rows = lines[region.y : region.y + region.height]
    return "\n".join(row[region.x : region.x + region.width] for row in rows)


async def test_each_bot_in_play_is_a_frame_with_value_risk_pips_and_its_state_in_a_word():
    """Playtest: a Bot was "[B] Laser Lynx v3 R0/3 ○un"; what v, R, ○un and ✧ meant was
    in help only."""
    for size in ((120, 40), (160, 48)):
        app = _app()
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await _botz_on_both_sides(pilot)
            view = app.screen.match.view(0)
            for seat, s in enumerate(view.seats):
                zone = app.screen.query_one(f"#botz-{seat}", Zone)
                cards = {c.info.key: c for c in zone.cards}
                for bot in s.botz:
                    card = cards[bot.instance]
                    assert card.framed, size
                    card.scroll_visible(animate=False, immediate=True)
                    await settle(pilot)
                    drawn = _drawn(app, card.region)
                    pips = "■" * bot.risk + "□" * (bot.value - bot.risk)
                    assert bot.card.name[:14] in drawn, drawn
                    assert f"value {bot.value}" in drawn, drawn
                    assert f"RISK {pips} {bot.risk}/{bot.value}" in drawn, drawn
                    word = "SHIELD" if bot.shielding else "USED" if bot.used else "UNUSED"
                    assert word in drawn, drawn
                    assert f"COST {bot.card.cost}" in drawn or f"] {bot.card.cost}" in drawn


async def test_at_80x24_a_bots_marks_are_explained_in_a_card_box_of_several_lines():
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await _botz_on_both_sides(pilot)
        screen = app.screen
        zone = screen.query_one("#botz-1", Zone)
        card = zone.cards[0]
        assert not card.framed  # a one-line chip at 80x24
        card.focus_now()
        await settle(pilot, 2)
        bot = screen.match.view(0).seats[1].botz[0]
        box = screen.query_one("#zb-detail")
        lines = [line for line in screen_lines(app)[box.region.y : box.region.bottom] if line]
        assert len(lines) >= 3, lines
        text = "\n".join(lines)
        assert f"RISK {bot.risk} of {bot.value}" in text, text
        assert ("USED" in text) and bot.card.name in text, text


async def test_play_and_hack_keys_from_another_zone_ask_which():
    """Playtest: p i r a d worked only with the right card highlighted; from any zone they
    now act on the focused card or ask which, listing only legal moves."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await _botz_on_both_sides(pilot, lambda legal: any(isinstance(a, Hack) for a in legal))
        screen = app.screen
        legal = screen.match.legal_actions(0)
        count = len(screen.match.actions)
        # p with the focus on a Bot (not a hand card): which card of the hand?
        screen.query_one("#botz-1", Zone).cards[0].focus_now()
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            assert screen.menu is not None and "which card" in screen.menu.title
            offered = [e.action for e in screen.menu.entries if e.action is not None]
            assert offered == plays
        else:
            assert screen.message.plain.startswith("✘"), screen.message.plain
        assert len(screen.match.actions) == count
        await pilot.press("escape")
        await settle(pilot)
        # a from the hand: the legal HACKs, each saying which Bot of yours and which target
        screen.query_one("#zb-hand", Zone).focus_card()
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        hacks = [a for a in legal if isinstance(a, Hack)]
        assert hacks  # (the position was played to for it)
        if hacks:
            assert screen.menu is not None and screen.menu.kind == "hack"
            labels = [e.label.plain for e in screen.menu.entries if e.action is not None]
            assert len(labels) == len(hacks) and all(x.startswith("with ") for x in labels)
        else:
            assert screen.message.plain.startswith("✘"), screen.message.plain
        assert len(screen.match.actions) == count


def test_f2_and_replay_titles_name_the_bot_chosen_not_its_id():
    """Playtest: F2 listed "choose jackal-jammer#1.2"; replay titles "Cy: choose
    data-dodo#2.1"."""
    rules = get_rules("zoobotz")
    assert rules.describe(Choose(option="jackal-jammer#1.2")) == "choose Jackal Jammer"
    assert rules.describe(Choose(option="data-dodo#2.1")) == "choose Data Dodo"
    assert "#" not in rules.describe(Choose(option="2"))


async def test_the_80x24_footer_keeps_u_and_s_and_every_label_whole():
    """Playtest: the 80x24 footer had no room for u Undo and s Save (and C Coach, added
    later, was cut to "C C")."""
    from textual.widgets._footer import FooterKey

    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await _botz_on_both_sides(pilot)
        keys = [
            (f"{k.key_display} {k.description}", k.region)
            for k in app.screen.query(FooterKey)
            if k.display and k.region.width
        ]
        labels = " ".join(label for label, _ in keys)
        for key in ("u Undo", "s Save", "p Play", "i Invest", "r Research", "a Hack", "e End"):
            assert key in labels, labels
        for label, region in keys:
            assert region.right <= 80 and region.width >= len(label), (label, region)
        # the coach's key still works where the footer has no room to list it
        assert "C Coach" not in labels and app.screen.check_action("coach_key", ())
