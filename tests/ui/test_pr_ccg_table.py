"""PR CCG 2008 drawn as the table (issue 36): the whole hand on screen at 80x24; the two
battle cards face to face at the reveal, drawn from the public view when two people share
the keyboard, each with the element it must fight in and the values compared; the hand and
the battle as card frames where the room allows; the F2 list names the cards."""

from __future__ import annotations

import re

from tabletop_tui.engine.bots import bot_rng
from tabletop_tui.engine.match import Match, SeatSpec
from tabletop_tui.games import get_rules, make_bot
from tabletop_tui.ui.widgets.table import Zone

from .helpers import saved_app, screen_lines, screen_name, settle

VS_BOT = [SeatSpec(name="You"), SeatSpec(name="Bot", kind="heuristic")]
HUMANS = [SeatSpec(name="Ann"), SeatSpec(name="Ben")]


def _match(seats, opening: int, stop) -> Match:
    """The heuristic bot plays both seats on the engine until `stop(match)` holds."""
    rules = get_rules("pr-ccg-2008")
    names = tuple(s.name for s in seats)
    config = rules.default_config().model_copy(update={"names": names, "opening_hand": opening})
    match = Match(rules, config, 2, seats=seats)
    bot = make_bot("pr-ccg-2008", "heuristic")
    for _ in range(2000):
        if stop(match):
            return match
        seat = sorted(match.to_act())[0]
        rng = bot_rng(match.seed, len(match.actions), seat)
        match.play(seat, bot.choose(match.view(seat), match.legal_actions(seat), seat, rng))
    raise AssertionError("no such position")


def _big_hand(match) -> bool:
    """Seat 0 to choose its card with a hand of 9 (round 3 of seed 2, 7 opening cards)."""
    view = match.view(0)
    return (0 in match.to_act() and view.phase == "select" and not view.seats[0].selected) and len(
        view.seats[0].hand
    ) >= 9


async def _table(pilot):
    await settle(pilot, 3)
    app = pilot.app
    for _ in range(6):
        if screen_name(app) == "PrCcgScreen":
            break
        await pilot.press("enter")
        await settle(pilot)
    assert screen_name(app) == "PrCcgScreen"
    return app.screen


async def test_the_whole_hand_is_on_screen_at_80x24(tmp_path):
    match = _match(VS_BOT, 7, _big_hand)
    hand = match.view(0).seats[0].hand
    app = saved_app(match, tmp_path / "hand.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _table(pilot)
        zone = screen.query_one("#pr-hand", Zone)
        assert len(zone.cards) == len(hand) == 9
        lines = screen_lines(app)
        for card in zone.cards:  # every card's line on screen, none scrolled away
            region = card.region
            assert 0 < region.y < 23 and region.height == 1
            assert lines[region.y].lstrip().startswith(("▶[", "▸[", "["))
            assert card.info.face.title[:20] in lines[region.y]


def _hoarder(match: Match, size: int) -> Match:
    """Seat 0 plays nothing each step (so its hand grows as it takes Damage), the heuristic
    bot the other seat, until seat 0 chooses with `size` cards or more."""
    bot = make_bot("pr-ccg-2008", "heuristic")
    for _ in range(2000):
        view = match.view(0)
        if 0 in match.to_act() and view.phase == "select" and not view.seats[0].selected:
            if len(view.seats[0].hand) >= size:
                return match
        seat = sorted(match.to_act())[0]
        legal = match.legal_actions(seat)
        nothing = [a for a in legal if a.kind == "nothing"]
        if seat == 0 and nothing:
            match.play(seat, nothing[0])
            continue
        rng = bot_rng(match.seed, len(match.actions), seat)
        match.play(seat, bot.choose(match.view(seat), legal, seat, rng))
    raise AssertionError("no such position")


async def test_a_hand_of_13_scrolls_at_80x24_and_leaves_the_card_box_its_lines(tmp_path):
    """A hand of 13 or more at 80x24 took every row down to the footer and left the card box
    its border alone (0 lines of the card): past nine cards the hand scrolls, the box keeps
    three lines, and the card focused anywhere in the hand is in view and read there."""
    rules = get_rules("pr-ccg-2008")
    config = rules.default_config().model_copy(update={"names": ("You", "Bot"), "opening_hand": 10})
    match = _hoarder(Match(rules, config, 2, seats=VS_BOT), 13)
    assert len(match.view(0).seats[0].hand) >= 13
    app = saved_app(match, tmp_path / "big.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _table(pilot)
        zone = screen.query_one("#pr-hand", Zone)
        box = screen.query_one("#inspector")
        assert len(zone.cards) >= 13
        assert box.region.height >= 5  # its border and three lines of the card (today 2)
        assert zone.region.bottom <= 23 and box.region.bottom <= zone.region.y
        lines = screen_lines(app)
        first = zone.cards[0]
        inside = lines[box.region.y + 1 : box.region.bottom - 1]
        assert any(first.info.face.title[:20] in line for line in inside), inside
        for _ in range(len(zone.cards) - 1):  # down to the last card: scrolled into view
            await pilot.press("down")
        await settle(pilot)
        last = zone.cards[-1]
        assert screen.focused is last
        assert zone.region.y <= last.region.y < zone.region.bottom
        lines = screen_lines(app)
        assert last.info.face.title[:20] in lines[last.region.y]
        inside = lines[box.region.y + 1 : box.region.bottom - 1]
        assert any(last.info.face.title[:20] in line for line in inside), inside


async def test_the_hand_and_the_battle_are_card_frames_on_a_wide_screen(tmp_path):
    match = _match(VS_BOT, 7, _big_hand)
    app = saved_app(match, tmp_path / "hand.json")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _table(pilot)
        hand = screen.query_one("#pr-hand", Zone)
        assert all(c.framed for c in hand.cards)
        # the whole hand still shows: frames inside the screen
        assert all(c.region.bottom <= 39 for c in hand.cards)
        battle = screen.query_one("#pr-table", Zone).cards
        assert len(battle) == 2 and all(c.framed for c in battle)
        assert battle[0].region.y == battle[1].region.y  # face to face, one row
        text = "\n".join(screen_lines(app))
        last = screen.match.view(0).last
        for seat in (0, 1):  # each says the element it fought in and its value
            assert f"uses {last.elements[seat].upper()}: {last.powers[seat]}" in text
        assert "Opponent uses" in text and "✹" in text


def _both_locked_one_to_go(match) -> bool:
    """Ann locked in, Ben to choose: his card brings the reveal."""
    view = match.view(None)
    return view.phase == "select" and match.to_act() == {1} and view.round >= 2


async def test_the_reveal_puts_both_battle_cards_face_to_face_on_the_public_view(tmp_path):
    match = _match(HUMANS, 5, _both_locked_one_to_go)
    hands = {seat: {c.name for _, c in match.view(seat).seats[seat].hand} for seat in (0, 1)}
    app = saved_app(match, tmp_path / "reveal.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert screen_name(app) == "CurtainScreen"
        await pilot.press("enter")  # Ben takes the keyboard
        await settle(pilot)
        while screen_name(app) != "PrCcgScreen":
            await pilot.press("enter")
            await settle(pilot)
        game = app.screen
        assert game.session.on_screen == 1
        await pilot.press("n")  # Ben plays nothing (a bluff), confirmed
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot, 3)
        assert screen_name(app) == "RevealScreen"
        # everyone at the keyboard watches: the table behind is the public view
        assert game.session.on_screen is None
        lines = screen_lines(app)
        text = "\n".join(lines)
        view = game.match.view(None)
        ann = view.last_cards[0]
        assert ann is not None and view.last_cards[1] is None
        # face to face: both sides on one line, Ann's card left, Ben's bluff right
        row = next(line for line in lines if "▲1 Ann" in line)
        assert "●2 Ben" in row and row.index("▲1 Ann") < row.index("●2 Ben")
        assert ann.name[:20] in text and "nothing (a bluff)" in text
        assert "meets no card" in text  # the element Ann's card fights in: none
        # no card of either hand shows, but for Ann's battle card
        for name in (hands[0] | hands[1]) - {ann.name}:
            assert name not in text, name


async def test_the_reveal_compares_the_values_in_the_elements_fought_in(tmp_path):
    import io

    from rich.console import Console

    from tabletop_tui.ui.games.pr_ccg_2008.screen import face_to_face

    match = _match(
        VS_BOT,
        5,
        lambda m: (v := m.view(None)).last is not None and all(v.last.powers),
    )
    view = match.view(None)
    console = Console(width=72, record=True, file=io.StringIO())
    console.print(face_to_face(view))
    shown = console.export_text()
    last = view.last
    a, b = last.powers
    assert f"{a} {'>' if a > b else '<' if a < b else '='} {b}" in shown
    for seat in (0, 1):
        assert re.search(rf"fights in {last.elements[seat].upper()}: +{last.powers[seat]}", shown)
    if last.winner is not None:
        assert "★ wins" in shown
    # the two cards side by side: one line holds both seat tags
    assert any("▲1" in line and "●2" in line for line in shown.splitlines())


async def test_the_f2_list_names_the_cards():
    from tabletop_tui.ui.app import TabletopApp

    app = TabletopApp(
        game="pr-ccg-2008",
        seats=VS_BOT,
        seed=2,
        bot_delay=0,
        config={"opening_hand": 5},
        autosave=False,
    )
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _table(pilot)
        await pilot.press("f2")
        await settle(pilot)
        assert screen_name(app) == "MovesScreen"
        text = "\n".join(screen_lines(app))
        _, card = screen.match.view(0).seats[0].hand[0]
        assert f"select {card.name} for battle" in text
        assert not re.search(r"[A-Z]{3}-\d\d#\d", text)
